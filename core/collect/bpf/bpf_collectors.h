// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The eBPF collectors. The recorder prefers them when bpfAvailable() says yes and falls back to the procfs
// collectors otherwise (or when start() returns an error).

#include "collect/collector.h"

#include <QString>

#include <memory>

namespace numasight {

// On-CPU time per thread per CPU from sched_switch (bpf/oncpu.bpf.c), mode Ebpf. Fills pid, tid, comm,
// cpuNs and the exact cpuNsByCpu; context switches, lastCpu and the allowed lists come from the procfs
// collector, which reads them anyway. Threads that did not run in the interval are left out.
std::unique_ptr<Collector> makeBpfCpuCollector();

// Bytes moved per (thread, local endpoint, remote endpoint, TCP/UDP) from the socket send/receive paths
// (bpf/netflow.bpf.c), mode Ebpf, volumesKnown. Flows without traffic in the interval are left out.
std::unique_ptr<Collector> makeBpfFlowCollector();

// Whether eBPF collection can run here: the kernel has BTF (needed to relocate our programs) and a
// trivial raw-tracepoint program loads. When it cannot, *why says why and what to do; when it can, *why
// names the features found. `why` may be null.
bool bpfAvailable(QString* why);

} // namespace numasight
