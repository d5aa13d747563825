// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/measure_names.h"
#include "model/snapshot.h"

#include <QString>
#include <QStringList>

#include <cstdint>
#include <limits>
#include <memory>
#include <span>
#include <vector>

namespace numasight {

// The numbers behind the heatmaps: who runs and keeps memory on which NUMA node. Everything here is an
// immutable value built once (on a worker in the GUI) and shared as std::shared_ptr<const …>; the views only
// colour cells, sort and filter rows. NaN always means "unknown", never zero: a heatmap cell that is NaN was
// not measured (a witty graph has no byte counts, a thread was not alive in a sample), while 0 was measured
// as nothing.
//
// Where the figures come from: a recording's samples when there are any (ThreadCpuSample::cpuNsByCpu put on
// nodes by the snapshot's CPU lists; ProcessMemorySample's pages), otherwise the witty-profiler edges of the
// snapshot (NumaAccessEdge's numa_affinity_info and page dicts, AccessWithProcStatusEdge's per-node ns).

inline constexpr double kUnknown = std::numeric_limits<double>::quiet_NaN();

// What a heatmap's cells hold.
enum class HeatmapMetric : std::uint8_t
{
    CpuShare,       // share of the row's own on-CPU time spent on the node's CPUs, 0..1 (a row sums to 1)
    CpuNs,          // on-CPU ns on the node's CPUs
    CpuBusy,        // on-CPU ns on the node / interval ns: how many of the node's CPUs it kept busy
    TotalPages,     // pages on the node: every N<k>= count of numa_maps (witty: total_pages)
    AnonPages,      // pages of anonymous mappings (not known for witty graphs)
    DirtyAnonPages, // witty's mem_pages_in_each_numa: lines with anon>0 and dirty>0 count whole
    Bytes,          // bytes on the node: pages × their mapping's page size (not known for witty graphs)
};
QString heatmapMetricName(HeatmapMetric metric); // "cpu-share", "cpu-ns", "cpu-busy", "total-pages", …
QString heatmapMetricUnit(HeatmapMetric metric); // "share", "ns", "CPUs", "pages", "bytes"
bool isMemoryMetric(HeatmapMetric metric);

// The memory figures a memory heatmap can show.
enum class MemoryMeasure : std::uint8_t
{
    TotalPages,
    AnonPages,
    DirtyAnonPages,
    Bytes
};
HeatmapMetric metricOf(MemoryMeasure measure);

// One column: a NUMA node. Columns follow Snapshot::numaNodes() (namespace, then OS index).
struct HeatmapColumn
{
    EntityId node; // the node in the snapshot the heatmap was built from
    int osIndex = -1;
    QString ns;    // "local" or a remote host
    QString label; // "node3"; "10.0.0.7/node3" for another namespace
    // False for memory-only nodes (HBM, CXL, …): no CPU of the machine has it as its node, so no CPU time
    // can land in the column.
    bool hasCpus = true;
    QString memoryTier; // "DRAM", "HBM", … when known
};

enum class HeatmapRowKind : std::uint8_t
{
    Process, // the aggregate of its threads (CPU), or the process's memory
    Thread
};

struct HeatmapRow
{
    HeatmapRowKind kind = HeatmapRowKind::Process;
    EntityId entity;       // in the heatmap's snapshot; invalid for a pid/tid only the samples know
    std::int64_t pid = -1; //
    std::int64_t tid = -1; // -1 for process rows
    QString ns = QStringLiteral("local");
    QString name;       // comm
    int parentRow = -1; // thread rows: the row of their process

    // Totals over the window. cpuNs is the on-CPU time (witty graphs: the ns of the threads the graph lists,
    // which may be fewer than the process has). pages: the process's pages (a thread shows its process's) in
    // the memory heatmap's page measure, else in the memory reference (below). bytes: all its bytes (every
    // mapping, pages × page size). NaN when unknown (witty graphs have no bytes).
    double cpuNs = 0;
    double pages = kUnknown;
    double bytes = kUnknown;

    // The node with most of the row's CPU time, and the node with most of its process's memory (the memory
    // reference: anonymous pages when the process has any, else all its pages; witty: dirty anonymous pages,
    // its own measure). -1 when there is none. Ties go to the lower column.
    int mainCpuColumn = -1;
    int mainMemoryColumn = -1;

    // The share that is "far", in [0, 1], NaN when either side is unknown:
    //  - CPU heatmaps: the share of the row's CPU time spent outside mainMemoryColumn, i.e. running away from
    //    the node holding most of the memory it works on;
    //  - memory heatmaps: the share of the process's memory (in the heatmap's measure) outside mainCpuColumn,
    //    i.e. kept away from the node where most of its CPU time goes.
    double remoteShare = kUnknown;

    // Nodes of the accelerators the process opens (Access edges to GPUs/NPUs, placed by
    // Snapshot::nodeOfDevice), with the devices' names in the same order. A thread shows its process's.
    std::vector<int> acceleratorColumns;
    QStringList accelerators;
};

struct NodeHeatmap
{
    QString title;
    HeatmapMetric metric = HeatmapMetric::CpuShare;
    QString unit;
    // What the rows' `pages` (or `bytes`) and `remoteShare` count, named by measureName() and
    // remoteShareName() wherever they are shown: the heatmap's measure for memory heatmaps; for CPU heatmaps
    // the memory reference and the on-CPU time.
    Measure memoryMeasure = Measure::AllPages;
    Measure remoteMeasure = Measure::CpuTime;
    // Where the numbers came from: "12 samples (ebpf), 2024-05-01T12:00:00Z – …" or "witty-profiler graph".
    QString source;
    QStringList notes; // what is unknown or approximate, one sentence each
    int sampleCount = 0;
    std::int64_t firstSampleNs = 0; // end of the first and last interval used (samples only)
    std::int64_t lastSampleNs = 0;

    std::vector<HeatmapColumn> columns;
    // Processes by (namespace, pid), each followed by its threads by tid.
    std::vector<HeatmapRow> rows;
    std::vector<double> values; // rows × columns, row-major

    int rowCount() const { return int(rows.size()); }
    int columnCount() const { return int(columns.size()); }
    double value(int row, int column) const { return values[size_t(row) * columns.size() + size_t(column)]; }
    std::span<const double> rowValues(int row) const
    {
        return {values.data() + size_t(row) * columns.size(), columns.size()};
    }
    int columnOf(int osIndex, QStringView ns = u"local") const; // -1 when no column is that node
    double maxValue() const;                                    // largest finite cell, 0 when none
};
using NodeHeatmapPtr = std::shared_ptr<const NodeHeatmap>;

// What to build a heatmap from: one snapshot (its entities name the rows) and the samples of a window.
struct HeatmapInput
{
    SnapshotPtr snapshot;
    std::vector<SamplePtr> samples;
};
// `snapshot` < 0: the last snapshot with every sample of the capture (rows of threads that exited before it
// keep their sampled pid, tid and comm, without an entity); otherwise that snapshot with the samples taken
// while it was in force. Null snapshot when the capture has none or the index is out of range.
HeatmapInput heatmapInput(const Capture& capture, int snapshot = -1);

// threads × nodes: the share of each thread's on-CPU time per node, each process first as the sum of its
// threads. Every process and thread the source has a figure for gets a row, idle ones too.
NodeHeatmapPtr cpuHeatmap(const Snapshot& snapshot, std::span<const SamplePtr> samples = {});
// processes × nodes: memory in `measure`. A recording's memory is its state at the last sample of the window
// that saw the process (memory is a level, not a rate).
NodeHeatmapPtr memoryHeatmap(const Snapshot& snapshot, std::span<const SamplePtr> samples = {},
                             MemoryMeasure measure = MemoryMeasure::TotalPages);

// Where each process runs against where its memory is, with its accelerators' nodes.
struct MismatchRow
{
    EntityId process;
    std::int64_t pid = -1;
    QString ns = QStringLiteral("local");
    QString name;
    double cpuNs = 0;
    double pages = kUnknown; // memory reference (see HeatmapRow)
    int cpuColumn = -1;      // main CPU node
    int memoryColumn = -1;   // main memory node
    std::vector<int> acceleratorColumns;
    QStringList accelerators;
    // Σ_i cpuShare_i · memoryShare_i: the chance that a moment of CPU time and a page sit on one node
    // (witty's "cosine similarity" on the same inputs). NaN without CPU time or memory.
    double localShare = kUnknown;
    bool memoryAway = false;      // both known and on different nodes
    bool acceleratorAway = false; // it has accelerators, none on its main CPU node
};
struct MismatchView
{
    QString title;
    QString source;
    Measure memoryMeasure = Measure::AllPages; // what the rows' `pages` and memoryShares count
    QStringList notes;
    std::vector<HeatmapColumn> columns;
    std::vector<MismatchRow> rows;    // processes with CPU time or memory, by (namespace, pid)
    std::vector<double> cpuShares;    // rows × columns: share of the process's CPU time per node
    std::vector<double> memoryShares; // rows × columns: share of its memory reference per node
    // columns × columns: CPU node i (row) against memory node j (column). Σ over processes of
    // cpuNs · cpuShare_i · memoryShare_j, normalised to sum 1: the diagonal is the local part of the
    // workload's CPU-time-weighted accesses, everything else is remote. Processes without an absolute
    // CPU time (witty graphs that list none of their threads) weigh as one second.
    std::vector<double> accessMatrix;
};
using MismatchViewPtr = std::shared_ptr<const MismatchView>;
MismatchViewPtr mismatchRows(const Snapshot& snapshot, std::span<const SamplePtr> samples = {});

// time × nodes for one thread or process of a recording.
struct HeatmapSubject
{
    std::int64_t pid = -1;
    std::int64_t tid = -1; // -1: the whole process (its threads summed)
    QString ns = QStringLiteral("local");
};
struct TimeHeatmap
{
    QString title;
    HeatmapMetric metric = HeatmapMetric::CpuShare;
    QString unit;
    QString name; // comm of the subject, as last seen
    HeatmapSubject subject;
    QStringList notes;
    std::vector<HeatmapColumn> columns;
    // One row per sample (CPU metrics skip the first sample, which has no interval) or, for a witty JSON
    // Lines capture without samples, per snapshot (witty's figures are cumulative since its collector
    // started, so each row covers the time up to that round).
    std::vector<std::int64_t> timeNs;     // end of the interval (ns since 1970); snapshot time for rounds
    std::vector<std::int64_t> intervalNs; // 0 for rounds
    std::vector<int> sourceIndex;         // index into Capture::samples, or into Capture::snapshots
    std::vector<double> values;           // rows × columns; a row is NaN where the subject was not seen

    int rowCount() const { return int(timeNs.size()); }
    int columnCount() const { return int(columns.size()); }
    double value(int row, int column) const { return values[size_t(row) * columns.size() + size_t(column)]; }
};
using TimeHeatmapPtr = std::shared_ptr<const TimeHeatmap>;
// A thread's memory metrics are its process's. Null when the capture has no snapshot.
TimeHeatmapPtr timeHeatmap(const Capture& capture, const HeatmapSubject& subject, HeatmapMetric metric);

// Row order for a sort key: processes ordered among themselves, each followed by its own threads ordered the
// same way, so a process never loses its threads. NaN and missing values sort last in both directions; ties
// keep (pid, tid) order.
enum class HeatmapSortKey : std::uint8_t
{
    RemoteShare,
    CpuTime,
    Memory,  // pages (bytes for byte heatmaps)
    Process, // pid, then tid
    Name
};
std::vector<int> sortedRows(const NodeHeatmap& heatmap, HeatmapSortKey key, bool descending);

// What a picture of a huge capture shows by default: the first `top` processes of `order` (rows of
// `heatmap`, as sortedRows() and a filter give them) with their threads, then one row that sums the
// processes after them ("11 950 more processes"), so that 12 000 processes do not make a 16 000-pixel
// picture. The sum is per node: pages, bytes and ns add up; CPU shares are the shares of the summed CPU time
// (each process weighing its CPU time, one second when it has none). Its pid and tid are -1 and it has no
// entity.
struct TopHeatmapRows
{
    NodeHeatmapPtr heatmap; // the kept rows, then the summed row last (when there is one)
    std::vector<int> rows;  // rows of `heatmap` in the order of `order`, the summed row last
    int moreProcesses = 0;  // processes summed into the last row; 0 when every process of `order` is kept
};
inline constexpr int kAllRows = -1;
// `top` == kAllRows (or at least the processes of `order`): every row of `order`, no summed row.
TopHeatmapRows topHeatmapRows(const NodeHeatmap& heatmap, std::span<const int> order, int top);
// The summed row's name: "%n more process(es)".
QString moreProcessesName(int processes);

// Columns for the NUMA nodes of `snapshot`, in numaNodes() order.
std::vector<HeatmapColumn> heatmapColumns(const Snapshot& snapshot);

} // namespace numasight
