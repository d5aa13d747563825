// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "collect/collector.h"
#include "fs_root.h"
#include "scope_resolver.h"

#include <memory>

namespace numasight {

// Collectors that need neither root nor BPF: they read proc and sys files under `root` every interval.
// All report CollectionMode::Procfs and skip processes and threads that exit mid-sample.

// Per-thread on-CPU time in the interval (schedstat, else utime+stime), all of it on the CPU the thread was
// last seen on; context switches (cumulative and per second); allowed CPUs and nodes. The first interval
// only takes the baseline. Rates use Sample::intervalNs when the recorder set it, else the time measured
// between calls.
std::unique_ptr<Collector> makeProcfsCpuCollector(const FsRoot& root = {});
// Pages per node per process from numa_maps (witty's counting, plus byte-weighted and huge-page figures).
std::unique_ptr<Collector> makeProcfsMemoryCollector(const FsRoot& root = {});
// Node MemTotal/MemFree/numastat, /proc/vmstat numa_*, numa_balancing.
std::unique_ptr<Collector> makeProcfsSystemCollector(const FsRoot& root = {});
// Socket endpoints per process (fd inodes matched to /proc/net tables), pipes and unix sockets between
// processes. Endpoints only: volumesKnown stays false.
// What the flow collector reports. In eBPF mode the eBPF collector counts TCP, UDP and unix sockets with
// their volumes; pipes have no tracepoint to count them by, so their endpoints still come from here.
enum class ProcfsFlowKinds
{
    All,
    PipesOnly
};
std::unique_ptr<Collector> makeProcfsFlowCollector(const FsRoot& root = {},
                                                   ProcfsFlowKinds kinds = ProcfsFlowKinds::All);

} // namespace numasight
