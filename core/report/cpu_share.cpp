// SPDX-License-Identifier: GPL-3.0-or-later
#include "cpu_share.h"

#include <cmath>

namespace numasight {

double cpuTimeShare(double cpuNs, double totalCpuNs)
{
    return totalCpuNs > 0 && std::isfinite(cpuNs) ? cpuNs / totalCpuNs : 0.0;
}

double totalCpuNs(const NodeHeatmap& heatmap)
{
    double total = 0;
    for (const HeatmapRow& r : heatmap.rows)
        if ((r.kind == HeatmapRowKind::Process || r.parentRow < 0) && std::isfinite(r.cpuNs))
            total += r.cpuNs;
    return total;
}

} // namespace numasight
