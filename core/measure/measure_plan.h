// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/snapshot.h"
#include "util/format.h"
#include "util/result.h"

#include <QString>
#include <QStringList>

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace numasight {

// What to measure between NUMA nodes, decided from a topology alone so that it can be shown (and tested on
// synthetic machines) before anything runs. See docs/measure.md for the method.

enum class MeasurePairs : std::uint8_t
{
    All,  // every CPU node against every memory node
    Local // each node against itself, and each memory-only node from the CPU node(s) it is attached to
};

inline constexpr std::uint64_t kMiB = 1024 * 1024;
// The buffer must dwarf the caches, or the chase measures them: 8 × the largest last-level cache, and never
// less than this.
inline constexpr std::uint64_t kMinAutoBufferBytes = 256 * kMiB;
inline constexpr int kLlcFactor = 8;
inline constexpr std::uint64_t kMinBufferBytes = 2 * kMiB; // one huge page: smaller is not a memory test

struct MeasureOptions
{
    bool latency = true;
    bool bandwidth = true;
    MeasurePairs pairs = MeasurePairs::All;
    std::uint64_t bufferBytes = 0; // 0: automatic; otherwise used as given (rounded up to 2 MiB)
    int repeats = 5;               // latency: the minimum of the repeats; bandwidth: the maximum
    int bandwidthThreads = 0;      // reading threads per CPU node; 0: one per core of the node
};

struct MeasurementPair
{
    int cpuNode = -1;    // OS index of the node whose CPUs load
    int memoryNode = -1; // OS index of the node holding the buffer
    // The PUs (OS indexes) of the CPU node the pointer chase may run on, and the first of them. The run takes
    // the one that is idle the most at that moment (a chase on a busy core measures the other task too).
    std::vector<int> latencyCpus;
    int latencyCpu = -1;
    std::vector<int> bandwidthCpus; // PUs of the reading threads, one per core unless options say otherwise
};

struct MeasurementPlan
{
    SnapshotPtr topology;
    std::vector<EntityId> nodes;        // the matrices' objects: the local NUMA nodes, numaNodes() order
    std::vector<int> cpuNodes;          // OS indexes of nodes with CPUs of their own (rows)
    std::vector<int> memoryNodes;       // OS indexes of nodes with memory (columns)
    std::vector<int> memoryOnlyNodes;   // memory nodes without CPUs of their own (HBM, CXL): columns only
    std::vector<MeasurementPair> pairs; // grouped by memory node: one buffer per memory node
    bool latency = true;
    bool bandwidth = true;
    std::uint64_t bufferBytes = 0;
    std::uint64_t largestLlcBytes = 0; // 0 when the topology lists no cache
    QString bufferReason;              // "8 × the 32 MiB L3", "--size", "256 MiB minimum"
    int repeats = 5;
    QStringList notes;

    int pairIndex(int cpuNode, int memoryNode) const; // -1 when not planned
};

// Fails when there is nothing to measure (no CPU or memory node, neither latency nor bandwidth), when the
// options are out of range, or when the buffer cannot fit a memory node's total memory.
Result<MeasurementPlan> planMeasurement(SnapshotPtr topology, const MeasureOptions& options);

// The error of any step of a measurement: the plan, the buffer, the runs.
LoadError measureError(const QString& message);

// "512M", "2G", "1.5g", "300MiB", "4096" (bytes): what --size takes, and what formatBytes() (util/format.h,
// which plans and results are written with) writes from 1 KiB on. nullopt when it does not parse.
std::optional<std::uint64_t> parseByteSize(QStringView text);

} // namespace numasight
