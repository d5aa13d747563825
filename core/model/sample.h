// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "util/index_set.h"

#include <QMap>
#include <QString>

#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

namespace numasight {

// How a number was collected. Every time-series value records it, and the UI shows it, because eBPF and
// procfs sampling differ in precision (procfs only knows the CPU a thread was last seen on).
enum class CollectionMode : std::uint8_t
{
    Procfs,
    Ebpf,
    Import
};
QString collectionModeName(CollectionMode mode); // "procfs", "ebpf", "import"

// On-CPU time of one thread during one sampling interval.
struct ThreadCpuSample
{
    std::int64_t pid = -1;
    std::int64_t tid = -1;
    QString comm;
    std::uint64_t cpuNs = 0; // on-CPU time in the interval
    // (CPU OS index, ns) in the interval. eBPF: exact per CPU. procfs: all of cpuNs on lastCpu.
    std::vector<std::pair<int, std::uint64_t>> cpuNsByCpu;
    int lastCpu = -1;                      // /proc/<pid>/task/<tid>/stat field 39
    std::uint64_t voluntarySwitches = 0;   // cumulative, /proc/<tid>/status
    std::uint64_t involuntarySwitches = 0; // cumulative
    double voluntarySwitchesPerSec = 0;    // over the interval; 0 on the first sample
    double involuntarySwitchesPerSec = 0;
    CpuSet cpusAllowed;  // Cpus_allowed_list
    NodeSet memsAllowed; // Mems_allowed_list
    CollectionMode mode = CollectionMode::Procfs;
};

// Pages of one process on one NUMA node, from /proc/<pid>/numa_maps.
struct NodePages
{
    int node = -1;
    std::uint64_t totalPages = 0;     // every N<k>= count
    std::uint64_t anonPages = 0;      // anon=… mappings
    std::uint64_t dirtyAnonPages = 0; // witty's rule: a line with anon>0 and dirty>0 adds all its N<k>
    std::uint64_t filePages = 0;      // file= mappings without anon
    std::uint64_t hugePages = 0;      // pages of huge-page mappings (counted once each, as witty does)
    std::uint64_t bytes = 0;          // byte-weighted: pages × the mapping's page size (kernelpagesize_kB)
};

struct ProcessMemorySample
{
    std::int64_t pid = -1;
    std::vector<NodePages> nodes; // sorted by node, only nodes with pages
    QString memoryPolicy; // the default policy of the mappings, e.g. "default", "bind:0", "interleave:0-3"
};

// Per NUMA node counters at sample time.
struct NodeCountersSample
{
    int node = -1;
    std::uint64_t memTotalBytes = 0;
    std::uint64_t memFreeBytes = 0;
    QMap<QString, std::uint64_t> numastat; // cumulative numa_hit, numa_miss, …
};

// Bytes moved between a local thread and a remote endpoint in the interval.
struct FlowSample
{
    std::int64_t pid = -1;
    std::int64_t tid = -1; // -1 when only the process is known (procfs mode)
    QString protocol;      // "TCP", "UDP", "UNIX", "PIPE"
    QString localAddress;
    int localPort = -1;
    QString remoteAddress;
    int remotePort = -1;
    std::int64_t peerPid = -1; // the other end when it is on this machine (IPC, loopback)
    std::uint64_t bytesSent = 0;
    std::uint64_t bytesReceived = 0;
    bool volumesKnown = false; // procfs mode sees endpoints, not volumes
    CollectionMode mode = CollectionMode::Procfs;
};

// Everything the collectors saw in one interval. Immutable once handed out.
struct Sample
{
    int snapshotIndex = 0;       // the Capture snapshot (workload: processes, threads, edges) in force
    std::int64_t timeNs = 0;     // CLOCK_REALTIME at the end of the interval
    std::int64_t intervalNs = 0; // length of the interval; 0 for the first sample
    std::vector<ThreadCpuSample> threads;
    std::vector<ProcessMemorySample> processes;
    std::vector<NodeCountersSample> nodes;
    QMap<QString, std::uint64_t> vmstat; // the numa_* lines of /proc/vmstat, cumulative
    int numaBalancing = -1;              // /proc/sys/kernel/numa_balancing, -1 unknown
    std::vector<FlowSample> flows;
};
using SamplePtr = std::shared_ptr<const Sample>;

} // namespace numasight
