// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ids.h"
#include "util/index_set.h"

#include <QString>

#include <cstdint>
#include <vector>

namespace numasight {

// A square matrix between topology objects, as hwloc's distances structure: firmware NUMA distances
// (SLIT, witty's distance_to_all_numa), measured latencies, GPU distances, …
struct DistanceMatrix
{
    QString name;       // hwloc's name ("NUMALatency") or the source's
    QString unit;       // "relative" for SLIT, "ns", "MB/s", …
    bool fromOs = true; // reported by firmware/OS (true) or by a user/tool (false)
    std::vector<EntityId> objects;
    std::vector<double> values; // row-major, objects.size()²

    int size() const { return int(objects.size()); }
    double at(int row, int column) const { return values[size_t(row) * objects.size() + size_t(column)]; }
};

// One hwloc memory attribute value: how fast `target` (a NUMA node) is for CPUs in `initiator`.
struct MemoryAttributeValue
{
    QString attribute; // "Latency", "Bandwidth", "ReadBandwidth", "Capacity", "Locality", …
    QString unit;      // "ns", "MiB/s", "bytes", …
    EntityId target;
    CpuSet initiator; // empty when the attribute has no initiator (Capacity, Locality)
    std::uint64_t value = 0;
};

} // namespace numasight
