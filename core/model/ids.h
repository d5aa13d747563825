// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHashFunctions>

#include <compare>
#include <cstdint>

namespace numasight {

// Strong integer ids, so a CPU number can never be passed where a NUMA node number is expected.
// Like hwloc, the model keeps both the logical index (dense, in topology order) and the OS index (what
// the kernel, numactl and sysfs use); these ids hold OS indexes unless their name says otherwise.
template <class Tag>
struct StrongId
{
    std::int32_t value = -1;

    constexpr StrongId() = default;
    constexpr explicit StrongId(std::int32_t v)
        : value(v)
    {
    }
    constexpr bool isValid() const { return value >= 0; }
    constexpr explicit operator bool() const { return isValid(); }
    friend constexpr auto operator<=>(StrongId, StrongId) = default;
    friend size_t qHash(StrongId id, size_t seed = 0) noexcept { return ::qHash(id.value, seed); }
};

using EntityId = StrongId<struct EntityIdTag>; // index into Snapshot::entities()
using EdgeId = StrongId<struct EdgeIdTag>;     // index into Snapshot::edges()
using NodeId = StrongId<struct NodeIdTag>;     // NUMA node OS index
using CpuId = StrongId<struct CpuIdTag>;       // PU (logical CPU) OS index

// The largest NUMA node OS index a file may name. Linux numbers nodes below MAX_NUMNODES (1 << NODES_SHIFT,
// at most 1024 in every architecture's Kconfig); readers refuse more, so that a hostile number cannot make
// any table that follows node numbers (SLIT rows, per-node columns) grow without bound.
inline constexpr int kMaxNodeOsIndex = 4095;

} // namespace numasight
