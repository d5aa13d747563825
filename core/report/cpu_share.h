// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/heatmap_data.h"

namespace numasight {

// A process's or thread's share of all the CPU time, 0..1: what the graph's --min and metric, the Heatmaps
// tab's CPU share filter and `export --min` compare. Unknown time (NaN) or no time at all is a share of 0, so
// a minimum above 0 leaves such rows out.
double cpuTimeShare(double cpuNs, double totalCpuNs);

// All the CPU time of a heatmap, the denominator of cpuTimeShare(): its processes, and rows without a
// parent; a thread's time is already in its process.
double totalCpuNs(const NodeHeatmap& heatmap);

} // namespace numasight
