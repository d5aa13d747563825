// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/jobs/worker_job.h"

#include <QMetaObject>

#include <algorithm>

namespace numasight {

WorkerJob::WorkerJob(const QString& threadName, int threads, QObject* parent, Order order)
    : QObject(parent)
    , m_order(order)
{
    m_pool.setMaxThreadCount(threads);
    m_pool.setObjectName(threadName);
}

WorkerJob::~WorkerJob()
{
    // Queued exports and saves were asked for and still run; anything superseding stops at once.
    if (m_order == Order::NewestWins) {
        for (const Job& job : m_live)
            job.cancelFlag->store(true);
        m_pool.clear();
    }
    m_live.clear();
    // Workers post to this object until they return; once it is gone Qt drops what they posted.
    m_pool.waitForDone();
}

WorkerJob::Job WorkerJob::beginJob()
{
    if (m_order == Order::NewestWins) {
        for (const Job& job : m_live)
            job.cancelFlag->store(true);
        m_live.clear();
        m_pool.clear(); // the superseded job, if it has not started, never does
    }
    m_live.push_back({++m_lastJob, std::make_shared<std::atomic_bool>(false)});
    return m_live.back();
}

std::shared_ptr<std::atomic_bool> WorkerJob::currentFlag() const
{
    return m_live.empty() ? nullptr : m_live.back().cancelFlag;
}

bool WorkerJob::isLive(quint64 id) const
{
    return std::any_of(m_live.begin(), m_live.end(), [id](const Job& job) { return job.id == id; });
}

Progress WorkerJob::progressOf(const Job& job)
{
    Progress progress = Progress::withFlag(job.cancelFlag);
    auto lastPercent = std::make_shared<std::atomic_int>(-1);
    progress.report = [this, id = job.id, lastPercent](double fraction) {
        const int percent = int(fraction * 100.0);
        if (lastPercent->exchange(percent) == percent)
            return;
        QMetaObject::invokeMethod(
            this,
            [this, id, fraction] {
                if (isLive(id))
                    emit progressChanged(id, fraction);
            },
            Qt::QueuedConnection);
    };
    return progress;
}

bool WorkerJob::takeResult(quint64 id)
{
    const auto it = std::find_if(m_live.begin(), m_live.end(), [id](const Job& job) { return job.id == id; });
    if (it == m_live.end())
        return false; // superseded or cancelled: cancel() already said so
    m_live.erase(it);
    return true;
}

void WorkerJob::post(quint64 id, std::function<bool(bool live)> receive)
{
    QMetaObject::invokeMethod(
        this,
        [this, id, receive = std::move(receive)] {
            const bool live = takeResult(id);
            const bool delivered = receive(live);
            if (!live)
                return;
            if (!delivered)
                emit cancelled(id);
            emit finished(id);
        },
        Qt::QueuedConnection);
}

void WorkerJob::cancel()
{
    if (m_live.empty())
        return;
    const std::vector<Job> dropped = std::exchange(m_live, {});
    for (const Job& job : dropped)
        job.cancelFlag->store(true);
    m_pool.clear();
    for (const Job& job : dropped) {
        emit cancelled(job.id);
        emit finished(job.id);
    }
}

} // namespace numasight
