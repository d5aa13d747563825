// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "views/advice/advice_fwd.h"
#include "views/jobs/load_job.h" // CapturePtr as a metatype
#include "views/jobs/worker_job.h"

Q_DECLARE_METATYPE(numasight::CaptureDiffPtr)

namespace numasight {

// Runs diffCaptures() on a worker: both captures go through the advisor, which must never happen on the GUI
// thread. A newer comparison supersedes the running one and cancel() drops it, so a result for a comparison
// no longer asked for never reaches the views. diffCaptures() takes no progress callback: the views show a
// busy indicator while isRunning().
class CompareJob : public WorkerJob
{
    Q_OBJECT
public:
    explicit CompareJob(QObject* parent = nullptr); // destroying it waits for the worker

    quint64 start(CapturePtr a, CapturePtr b, const QString& labelA, const QString& labelB);

signals:
    void diffAvailable(numasight::CaptureDiffPtr diff);
    void diffFailed(const QString& message);
};

} // namespace numasight
