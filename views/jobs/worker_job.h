#pragma once

#include "util/progress.h"

#include <QObject>
#include <QString>
#include <QThreadPool>

#include <atomic>
#include <functional>
#include <memory>

namespace numasight {

// What every worker of the views shares (hotspot's job tracker): each job gets a larger id and raises the
// previous job's cancel flag; progress and results reach the GUI thread through queued calls and are dropped
// unless their job is still the current one, so a cancelled or superseded job never overwrites what is on
// screen. Subclasses say what runs and which signal carries its result.
class WorkerJob : public QObject
{
    Q_OBJECT
public:
    // Drops the current job at once: cancelled and finished are emitted now, its result is dropped later.
    virtual void cancel();

    bool isRunning() const { return m_current != 0; }
    quint64 currentJob() const { return m_current; }
    // True while a worker still runs, including one whose result will be dropped.
    bool isWorkerRunning() const { return m_pool.activeThreadCount() > 0; }
    void waitForIdle() { m_pool.waitForDone(); }

signals:
    void progressChanged(quint64 job, double fraction);
    void cancelled(quint64 job);
    // After the job's result, its error or cancelled: nothing runs any more.
    void finished(quint64 job);

protected:
    WorkerJob(const QString& threadName, int threads, QObject* parent);
    ~WorkerJob() override;

    struct Ticket
    {
        quint64 job = 0;
        std::shared_ptr<std::atomic_bool> cancelFlag;
    };
    // A new current job; jobs queued and not started yet are dropped.
    Ticket beginJob();
    void startWorker(std::function<void()> work) { m_pool.start(std::move(work)); }
    // For the worker: cancelled with the job, reporting whole-percent steps (a reader that reports often
    // cannot flood the event loop) to progressChanged while the job is current.
    Progress progressOf(const Ticket& ticket);
    // On the GUI thread, as a result arrives: true when `job` is still current, which it then stops being.
    bool takeResult(quint64 job);
    // For subclass destructors, before their members go: stops and waits for every worker, silently.
    void stopWorkers();
    std::shared_ptr<std::atomic_bool> currentFlag() const { return m_cancelFlag; }
    void forgetCurrent() { m_current = 0; }

private:
    QThreadPool m_pool;
    quint64 m_lastJob = 0;
    quint64 m_current = 0; // 0: idle
    std::shared_ptr<std::atomic_bool> m_cancelFlag;
};

} // namespace numasight
