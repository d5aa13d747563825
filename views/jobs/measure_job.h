// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "measure/measurement.h"
#include "views/jobs/worker_job.h"

#include <memory>

namespace numasight {

// Runs planMeasurement() + runMeasurement() on a worker: the measurement binds threads and buffers to NUMA
// nodes and takes seconds to minutes, so it must never run on the GUI thread. Progress and the result come
// back with queued calls tagged by job id; cancel() stops the prober within milliseconds (it polls the
// flag inside its loops) and drops whatever it still delivers.
class MeasureJob : public WorkerJob
{
    Q_OBJECT
public:
    // Destroying it cancels and waits for the prober to let go of its threads and buffers.
    explicit MeasureJob(QObject* parent = nullptr);

    quint64 start(SnapshotPtr topology, const MeasureOptions& options);

signals:
    void started(quint64 job);
    void measured(quint64 job, const std::shared_ptr<const numasight::MeasurementResult>& result);
    void failed(quint64 job, const QString& message);
};

} // namespace numasight

Q_DECLARE_METATYPE(std::shared_ptr<const numasight::MeasurementResult>)
