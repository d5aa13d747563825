#include "views/jobs/load_job.h"

#include "readers/open_input.h"

#include <QMetaObject>

namespace numasight {

// A superseded load may still be winding down when the next starts; the second thread lets the new one
// begin at once instead of queuing behind it.
LoadJob::LoadJob(QObject* parent)
    : WorkerJob(QStringLiteral("numasight-loader"), 2, parent)
{
    qRegisterMetaType<std::shared_ptr<const Capture>>();
}

LoadJob::~LoadJob()
{
    stopWorkers();
}

quint64 LoadJob::start(const QString& path)
{
    const Ticket ticket = beginJob();
    m_currentPath = path;
    emit started(ticket.job, path);
    startWorker([this, ticket, progress = progressOf(ticket), path] {
        Result<CapturePtr> result = openInput(path, progress);
        const bool wasCancelled = ticket.cancelFlag->load() || (!result.ok() && result.error().cancelled);
        CapturePtr capture = result.ok() ? result.value() : CapturePtr();
        const QString error = result.ok() ? QString() : result.error().toString();
        QMetaObject::invokeMethod(
            this,
            [this, job = ticket.job, capture, error, wasCancelled] {
                deliver(job, capture, error, wasCancelled);
            },
            Qt::QueuedConnection);
    });
    return ticket.job;
}

void LoadJob::deliver(quint64 job, std::shared_ptr<const Capture> capture, const QString& error,
                      bool wasCancelled)
{
    if (!takeResult(job))
        return; // superseded or cancelled: the screen already moved on
    if (wasCancelled) {
        emit cancelled(job);
    } else if (capture) {
        emit captureAvailable(capture);
    } else {
        emit loadFailed(error.isEmpty() ? tr("%1: no data").arg(m_currentPath) : error);
    }
    emit finished(job);
}

} // namespace numasight
