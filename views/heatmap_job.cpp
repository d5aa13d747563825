#include "heatmap_job.h"

#include <QMetaObject>

namespace numasight {

HeatmapJob::HeatmapJob(QObject* parent)
    : QObject(parent)
{
    qRegisterMetaType<HeatmapResult>();
    // One build may still be winding down (uncancellable) while the next one starts.
    m_pool.setMaxThreadCount(2);
    m_pool.setObjectName(QStringLiteral("numasight-heatmap"));
}

HeatmapJob::~HeatmapJob()
{
    cancel();
    m_pool.waitForDone();
}

quint64 HeatmapJob::start(std::function<HeatmapResult()> build)
{
    const quint64 job = ++m_lastJob;
    m_current = job;
    emit started(job);
    m_pool.start([this, job, build = std::move(build)] {
        HeatmapResult result;
        try {
            result = build();
        } catch (const std::exception& e) {
            // A worker must not take the application down; the panel shows the reason instead.
            result = HeatmapResult();
            result.error = QString::fromLocal8Bit(e.what());
        }
        QMetaObject::invokeMethod(
            this, [this, job, result] { deliver(job, result); }, Qt::QueuedConnection);
    });
    return job;
}

void HeatmapJob::cancel()
{
    if (m_current == 0)
        return;
    const quint64 job = m_current;
    m_current = 0;
    emit cancelled(job);
    emit finished(job);
}

void HeatmapJob::waitForIdle()
{
    m_pool.waitForDone();
}

void HeatmapJob::deliver(quint64 job, const HeatmapResult& result)
{
    if (job != m_current)
        return; // superseded or cancelled
    m_current = 0;
    emit resultAvailable(job, result);
    emit finished(job);
}

} // namespace numasight
