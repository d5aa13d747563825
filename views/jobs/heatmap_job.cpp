#include "views/jobs/heatmap_job.h"

#include <QMetaObject>

namespace numasight {

// One build may still be winding down (uncancellable) while the next one starts.
HeatmapJob::HeatmapJob(QObject* parent)
    : WorkerJob(QStringLiteral("numasight-heatmap"), 2, parent)
{
    qRegisterMetaType<HeatmapResult>();
}

HeatmapJob::~HeatmapJob()
{
    stopWorkers();
}

quint64 HeatmapJob::start(std::function<HeatmapResult()> build)
{
    const quint64 job = beginJob().job;
    emit started(job);
    startWorker([this, job, build = std::move(build)] {
        HeatmapResult result;
        try {
            result = build();
        } catch (const std::exception& e) {
            // A worker must not take the application down; the panel shows the reason instead.
            result = HeatmapResult();
            result.error = QString::fromLocal8Bit(e.what());
        }
        QMetaObject::invokeMethod(
            this,
            [this, job, result] {
                if (!takeResult(job))
                    return; // superseded or cancelled
                emit resultAvailable(job, result);
                emit finished(job);
            },
            Qt::QueuedConnection);
    });
    return job;
}

} // namespace numasight
