// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "fs_root.h"

#include <QString>

#include <cstdint>
#include <optional>
#include <string_view>

namespace numasight {

// The fields of /proc/<pid>/task/<tid>/stat (or /proc/<pid>/stat) the collectors use.
struct TaskStat
{
    std::int64_t id = -1;
    QString comm;
    char state = '?';
    std::int64_t ppid = -1;
    std::uint64_t flags = 0;      // field 9: PF_* (PF_KTHREAD 0x00200000 marks a kernel thread)
    std::uint64_t utimeTicks = 0; // field 14
    std::uint64_t stimeTicks = 0; // field 15
    std::uint64_t startTicks = 0; // field 22, tells a reused tid from the thread we knew
    int processor = -1;           // field 39: the CPU the task last ran on; -1 when the line stops early
};

// comm may hold spaces and parentheses ("(a) b)"), so the fields after it are found from the last ')'.
// nullopt when the text is not a stat line or stops before stime.
std::optional<TaskStat> parseTaskStat(std::string_view text);
// tid < 0 reads proc/<pid>/stat.
std::optional<TaskStat> readTaskStat(const FsRoot& root, std::int64_t pid, std::int64_t tid,
                                     ReadOutcome* status = nullptr);

// /proc/<pid>/task/<tid>/schedstat: "<on-CPU ns> <run-queue wait ns> <timeslices>".
struct Schedstat
{
    std::uint64_t onCpuNs = 0;
    std::uint64_t waitNs = 0;
    std::uint64_t timeslices = 0;
};
std::optional<Schedstat> parseSchedstat(std::string_view text);
std::optional<Schedstat> readSchedstat(const FsRoot& root, std::int64_t pid, std::int64_t tid,
                                       ReadOutcome* status = nullptr);

} // namespace numasight
