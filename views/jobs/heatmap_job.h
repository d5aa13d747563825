// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/heatmap_data.h"
#include "analysis/matrix_heatmap.h"
#include "views/jobs/worker_job.h"

#include <functional>

namespace numasight {

// What one heatmap build produced; the fields its kind fills, the others stay null.
struct HeatmapResult
{
    NodeHeatmapPtr nodes;
    MismatchViewPtr mismatch;
    TimeHeatmapPtr time;
    MatrixHeatmapPtr matrix;
    QString error;
};

// Builds heatmaps off the GUI thread (cpuHeatmap over 10 000 threads takes a while), as GraphLayoutJob lays
// out graphs: every start() gets a larger job id, results come back with a queued call and are dropped
// unless their job is still the current one, so the newest request wins and nothing stale reaches a view.
// The core builders take no cancel callback: a cancelled build runs to its end on the worker and is thrown
// away.
class HeatmapJob : public WorkerJob
{
    Q_OBJECT
public:
    explicit HeatmapJob(QObject* parent = nullptr); // destroying it waits for a build still running

    quint64 start(std::function<HeatmapResult()> build);

signals:
    void started(quint64 job);
    void resultAvailable(quint64 job, const numasight::HeatmapResult& result);
};

} // namespace numasight

Q_DECLARE_METATYPE(numasight::HeatmapResult)
