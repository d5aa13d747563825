// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/snapshot.h"
#include "views/jobs/worker_job.h"

#include <QString>

#include <memory>

Q_DECLARE_METATYPE(std::shared_ptr<const numasight::Capture>)

namespace numasight {

// Runs openInput() off the GUI thread. Every start() gets a larger job id; a job's progress and result
// reach the GUI through queued calls and are dropped unless that job is still the current one, so a
// cancelled or superseded load can never overwrite what is on screen (hotspot's job tracker).
class LoadJob : public WorkerJob
{
    Q_OBJECT
public:
    explicit LoadJob(QObject* parent = nullptr);

    // Starts loading `path` (a file or kLocalMachine), superseding any load still running.
    quint64 start(const QString& path);
    bool isLoading() const { return isRunning(); }
    QString currentPath() const { return m_currentPath; }

signals:
    void started(quint64 job, const QString& path);
    void captureAvailable(std::shared_ptr<const numasight::Capture> capture);
    void loadFailed(const QString& message);

private:
    QString m_currentPath;
};

} // namespace numasight
