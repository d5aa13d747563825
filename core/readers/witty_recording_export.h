// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/snapshot.h"

#include <cstddef>
#include <memory>

namespace numasight {

// witty-profiler writes, each collection round, the NUMA view of every process and thread as edges with
// payloads: a NumaAccessEdge Process->NumaSet (numa_access_info: the main thread's proc_status, pages per
// node, and numa_affinity_info), an AccessWithProcStatusEdge Thread->NumaSet (proc_status), the NumaSets
// with their NumaSetContainEdges, and node counters in each NumaEntity. A recording keeps the raw samples
// instead, so its snapshots have none of this; this builds it, so witty's own tools can read a recording.
//
// Snapshot `index` of `capture` becomes the round witty would have written when that snapshot's last sample
// was taken: its figures come from the samples whose snapshotIndex <= index. As in witty, CPU time is
// cumulative from the first sample (summed per thread and CPU, mapped to nodes by the topology's CPU lists,
// with core/analysis/witty_metrics), pages and context switches are the latest figures seen, and node
// counters the latest per node. Processes get the main thread's proc_status, as witty reads
// /proc/<pid>/status. The process NumaSet is the nodes with CPU time or dirty anonymous pages, a thread's
// the nodes of its allowed CPUs; a process or thread whose set is empty (no CPU time, no pages, or CPUs no
// node lists) gets no edge, since witty never writes a NumaSet that names no node.
//
// Returns the snapshot unchanged when no sample precedes its end, or when it already holds witty's own
// NumaAccess/AccessWithProcStatus edges (a witty graph that was attached, not recorded).
SnapshotPtr withWittyNumaAccess(const Capture& capture, size_t index);

} // namespace numasight
