#include "views/jobs/worker_job.h"

#include <QMetaObject>

namespace numasight {

WorkerJob::WorkerJob(const QString& threadName, int threads, QObject* parent)
    : QObject(parent)
{
    m_pool.setMaxThreadCount(threads);
    m_pool.setObjectName(threadName);
}

WorkerJob::~WorkerJob()
{
    stopWorkers();
}

void WorkerJob::stopWorkers()
{
    if (m_cancelFlag)
        m_cancelFlag->store(true);
    m_current = 0;
    m_pool.clear();
    m_pool.waitForDone();
}

WorkerJob::Ticket WorkerJob::beginJob()
{
    if (m_cancelFlag)
        m_cancelFlag->store(true);
    m_pool.clear();
    m_current = ++m_lastJob;
    m_cancelFlag = std::make_shared<std::atomic_bool>(false);
    return {m_current, m_cancelFlag};
}

Progress WorkerJob::progressOf(const Ticket& ticket)
{
    Progress progress = Progress::withFlag(ticket.cancelFlag);
    auto lastPercent = std::make_shared<std::atomic_int>(-1);
    progress.report = [this, job = ticket.job, lastPercent](double fraction) {
        const int percent = int(fraction * 100.0);
        if (lastPercent->exchange(percent) == percent)
            return;
        QMetaObject::invokeMethod(
            this,
            [this, job, fraction] {
                if (job == m_current)
                    emit progressChanged(job, fraction);
            },
            Qt::QueuedConnection);
    };
    return progress;
}

bool WorkerJob::takeResult(quint64 job)
{
    if (job != m_current)
        return false; // superseded or cancelled: cancel() already said so
    m_current = 0;
    return true;
}

void WorkerJob::cancel()
{
    if (m_current == 0)
        return;
    const quint64 job = m_current;
    m_cancelFlag->store(true);
    m_current = 0;
    emit cancelled(job);
    emit finished(job);
}

} // namespace numasight
