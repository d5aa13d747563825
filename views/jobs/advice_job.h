// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "views/advice/advice_fwd.h"
#include "views/jobs/load_job.h" // CapturePtr as a metatype
#include "views/jobs/worker_job.h"

#include <memory>

Q_DECLARE_METATYPE(numasight::AdvicePtr)

namespace numasight {

// Runs advise() on a worker: on a big capture it walks every sample, which must never happen on the GUI
// thread. Each start() gets a larger job id; the result comes back with a queued call and is dropped unless
// that job is still the current one, so advice of a capture or snapshot no longer shown never reaches the
// views. advise() takes no progress callback: the views show a busy indicator while isRunning().
class AdviceJob : public WorkerJob
{
    Q_OBJECT
public:
    explicit AdviceJob(QObject* parent = nullptr); // destroying it waits for the worker

    // Advice on `snapshot` of `capture` (< 0: the last one, with every sample), superseding a job running.
    quint64 start(CapturePtr capture, int snapshot);

signals:
    void started(quint64 job);
    void adviceAvailable(numasight::AdvicePtr advice);
    void adviceFailed(const QString& message);
};

} // namespace numasight
