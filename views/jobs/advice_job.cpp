#include "views/jobs/advice_job.h"

#include "advice/advice.h"

#include <QMetaObject>

#include <exception>

namespace numasight {

// One at a time: a newer job supersedes the running one, whose result is then dropped.
AdviceJob::AdviceJob(QObject* parent)
    : WorkerJob(QStringLiteral("numasight-advice"), 1, parent)
{
    qRegisterMetaType<AdvicePtr>();
}

AdviceJob::~AdviceJob()
{
    stopWorkers();
}

quint64 AdviceJob::start(CapturePtr capture, int snapshot)
{
    const quint64 job = beginJob().job;
    emit started(job);
    startWorker([this, job, capture = std::move(capture), snapshot] {
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
                if (!takeResult(job))
                    return; // superseded or cancelled: stale
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

} // namespace numasight
