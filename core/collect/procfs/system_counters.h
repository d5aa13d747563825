// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "fs_root.h"
#include "model/sample.h"

#include <QMap>
#include <QString>

#include <optional>
#include <string_view>
#include <vector>

namespace numasight {

// The numa_* lines of /proc/vmstat (cumulative since boot).
QMap<QString, std::uint64_t> parseVmstatNuma(std::string_view text);
// /proc/sys/kernel/numa_balancing: 0 off, 1 normal, 2 memory tiering, 3 both; nullopt when not a number.
std::optional<int> parseNumaBalancing(std::string_view text);

// The node<N> folders under sys/devices/system/node, ascending.
std::vector<int> listNumaNodes(const FsRoot& root);
// Node counters at this moment: MemTotal, MemFree and numastat, read by the hwloc sysfs helper.
std::vector<NodeCountersSample> readNodeCounters(const FsRoot& root);

} // namespace numasight
