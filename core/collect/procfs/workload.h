// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "fs_root.h"
#include "model/snapshot.h"

#include <cstdint>
#include <vector>

namespace numasight {

// Adds the workload of `pids` to a snapshot whose topology the builder already holds (the recorder adds the
// hwloc topology first): Process entities (Mems_allowed as nodes) with their Thread entities (Cpus_allowed as
// cpus) and Own edges, Container entities from cgroups with witty-style Host (container->process) and RunOn
// edges, Access edges to the accelerators a process holds open, and Socket entities ("addr:port/TCP") with
// Own edges process->socket. Processes that exit while being read are left out.
void addWorkload(SnapshotBuilder& builder, const FsRoot& root, const std::vector<std::int64_t>& pids);

} // namespace numasight
