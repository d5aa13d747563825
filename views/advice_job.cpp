#include "advice_job.h"

#include "advice/advice.h"

#include <QMetaObject>

#include <exception>

namespace numasight {

AdviceJob::AdviceJob(QObject* parent)
    : QObject(parent)
{
    qRegisterMetaType<AdvicePtr>();
    // One at a time: a newer job supersedes the running one, whose result is then dropped.
    m_pool.setMaxThreadCount(1);
    m_pool.setObjectName(QStringLiteral("numasight-advice"));
}

AdviceJob::~AdviceJob()
{
    m_current = 0;
    m_pool.clear(); // jobs not started yet never run
    m_pool.waitForDone();
}

quint64 AdviceJob::start(CapturePtr capture, int snapshot)
{
    const quint64 job = ++m_lastJob;
    m_current = job;
    m_pool.clear(); // a queued job nobody waits for any more
    emit started(job);
    m_pool.start([this, job, capture = std::move(capture), snapshot] {
        AdvicePtr advice;
        QString error;
        try {
            if (!capture)
                error = tr("Nothing to advise on: no capture is open.");
            else if (capture->snapshots.empty())
                error = tr("Nothing to advise on: the capture has no snapshot.");
            else if (!(advice = advise(*capture, snapshot)))
                error = tr("The advisor found no snapshot %1 in the capture.").arg(snapshot + 1);
        } catch (const std::exception& e) {
            error = tr("The advisor failed: %1").arg(QString::fromUtf8(e.what()));
        }
        QMetaObject::invokeMethod(
            this,
            [this, job, advice, error] {
                if (job != m_current)
                    return; // superseded or cancelled: stale
                m_current = 0;
                if (advice)
                    emit adviceAvailable(advice);
                else
                    emit adviceFailed(error);
                emit finished(job);
            },
            Qt::QueuedConnection);
    });
    return job;
}

void AdviceJob::cancel()
{
    if (m_current == 0)
        return;
    const quint64 job = m_current;
    m_current = 0;
    emit finished(job);
}

} // namespace numasight
