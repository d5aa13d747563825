#pragma once

#include "model/snapshot.h"

#include <QObject>
#include <QString>
#include <QThreadPool>

#include <atomic>
#include <memory>

Q_DECLARE_METATYPE(std::shared_ptr<const numasight::Capture>)

namespace numasight {

// Runs openInput() off the GUI thread. Every start() gets a larger job id; a job's progress and result
// reach the GUI through queued calls and are dropped unless that job is still the current one, so a
// cancelled or superseded load can never overwrite what is on screen (hotspot's job tracker).
class LoadController : public QObject
{
    Q_OBJECT
public:
    explicit LoadController(QObject* parent = nullptr);
    ~LoadController() override; // cancels and waits for the worker, which never outlives the controller

    // Starts loading `path` (a file or kLocalMachine), superseding any load still running.
    quint64 start(const QString& path);
    // Cancels the current load; its result, if it still arrives, is dropped.
    void cancel();

    bool isLoading() const { return m_current != 0; }
    quint64 currentJob() const { return m_current; }
    QString currentPath() const { return m_currentPath; }
    // True while a worker still runs, including one whose result will be dropped.
    bool isWorkerRunning() const { return m_pool.activeThreadCount() > 0; }

signals:
    void started(quint64 job, const QString& path);
    void progressChanged(quint64 job, double fraction);
    void captureAvailable(std::shared_ptr<const numasight::Capture> capture);
    void loadFailed(const QString& message);
    void cancelled(quint64 job);
    // After captureAvailable, loadFailed or cancelled: nothing is loading any more.
    void finished(quint64 job);

private:
    struct Job;
    void deliver(quint64 job, std::shared_ptr<const Capture> capture, const QString& error,
                 bool wasCancelled);
    void report(quint64 job, double fraction);

    QThreadPool m_pool;
    quint64 m_lastJob = 0;
    quint64 m_current = 0; // 0: idle
    QString m_currentPath;
    std::shared_ptr<std::atomic_bool> m_cancelFlag;
};

} // namespace numasight
