// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/matrix_heatmap.h"
#include "measure/measure_plan.h"
#include "util/progress.h"
#include "util/result.h"

#include <QString>
#include <QStringList>

#include <limits>
#include <optional>
#include <vector>

namespace numasight {

// Measured latency and bandwidth between this machine's NUMA nodes (docs/measure.md).

struct PairMeasurement
{
    int cpuNode = -1;
    int memoryNode = -1;
    int latencyCpu = -1;
    int bandwidthThreads = 0;
    // ns of the chasing thread's CPU time per load: the best repeat, and every repeat.
    double latencyNs = std::numeric_limits<double>::quiet_NaN();
    std::vector<double> latencyRuns;
    double bandwidthGBs = std::numeric_limits<double>::quiet_NaN(); // 10⁹ bytes/s: the best repeat
    std::vector<double> bandwidthRuns;
};

// What the kernel said about each memory node's buffer once it was filled.
struct BufferCheck
{
    int node = -1;
    std::uint64_t bytes = 0;
    std::uint64_t pagesChecked = 0;  // every page of the buffer, by move_pages
    std::uint64_t hugePageBytes = 0; // backed by transparent huge pages
};

struct MeasurementResult
{
    MeasurementPlan plan;
    std::vector<PairMeasurement> pairs; // in plan order
    std::vector<BufferCheck> buffers;
    // Over plan.nodes; NaN where a pair was not measured. Names kMeasuredLatencyName ("ns") and
    // kMeasuredBandwidthName ("GB/s"), fromOs false.
    std::optional<DistanceMatrix> latency;
    std::optional<DistanceMatrix> bandwidth;
    QStringList notes; // what may have disturbed the figures (a CPU shared with other work)
    double seconds = 0;
    // The plan's topology with the matrices, and the method in SourceInfo::extra ("measure.*"): what
    // writeCaptureFile() saves. Mode "measure".
    CapturePtr capture;
};

// Runs the plan on this machine, blocking the calling thread (the GUI calls it from a worker). Each memory
// node gets one buffer bound to it (hwloc, MPOL_BIND strict), checked page by page before use; the chase runs
// on a thread bound to the pair's CPU, the bandwidth on threads bound to one PU per core. Progress is
// reported after every repeat, cancel is checked between repeats and every 64 Ki loads inside them. Errors: a
// plan made for another machine, a binding the system refuses (cpuset cgroups), a node without room for the
// buffer (with the node, the sizes and --size), pages the kernel put elsewhere, cancel.
Result<MeasurementResult> runMeasurement(const MeasurementPlan& plan, const Progress& progress = {});

// A copy of `capture` where every snapshot also holds `matrices` (defined over `on`'s entities, mapped onto
// each snapshot's NUMA nodes by namespace and OS index), replacing matrices of the same name; `extra` is
// added to the source's extra map.
CapturePtr captureWithMatrices(const Capture& capture, const Snapshot& on,
                               const std::vector<DistanceMatrix>& matrices,
                               const QMap<QString, QString>& extra = {});

// Intel MLC output (mlc_reader.h) as a measurement of `topology` (a file numasight reads, or ":local:"):
// the topology's capture with "MlcLatency"/"MlcBandwidth" added to every snapshot and the MLC version,
// command line and access pattern in the source's extra map ("mlc.*").
Result<CapturePtr> importMlc(const QString& mlcPath, const Capture& topology);

} // namespace numasight
