// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/snapshot.h"

#include <hwloc.h>

namespace numasight {

// Turns a loaded hwloc topology into entities, Contains edges, distance matrices and memory attribute
// values in `builder` (namespace "local"), and fills `source` with what the Machine object says about the
// host (hostname, kernel, every info pair). The topology is only read, never modified or freed.
void convertHwlocTopology(hwloc_topology_t topology, SnapshotBuilder& builder, SourceInfo& source);

} // namespace numasight
