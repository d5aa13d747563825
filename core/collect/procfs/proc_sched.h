// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "fs_root.h"

#include <QMap>
#include <QString>

#include <cstdint>
#include <string_view>

namespace numasight {

// The NUMA fields of /proc/<pid>/sched, whatever this kernel prints (they need CONFIG_NUMA_BALANCING):
// "numa_pages_migrated : 3", "mm->numa_scan_seq : 2", "current_node=0, numa_group_id=0", and per node
// "numa_faults node=1 task_private=4 …" kept as "numa_faults.node1.task_private". Other lines are dropped.
QMap<QString, std::int64_t> parseSchedNumaFields(std::string_view text);
QMap<QString, std::int64_t> readSchedNumaFields(const FsRoot& root, std::int64_t pid,
                                                ReadOutcome* status = nullptr);

} // namespace numasight
