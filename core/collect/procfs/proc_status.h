// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "fs_root.h"
#include "util/index_set.h"

#include <QString>

#include <cstdint>
#include <optional>
#include <string_view>

namespace numasight {

// The fields of /proc/<pid>/status (or task/<tid>/status) numasight uses. Missing lines stay -1 or empty.
struct ProcStatus
{
    QString name; // comm, with the kernel's "\n" and "\\" escapes undone
    std::int64_t tgid = -1;
    std::int64_t pid = -1; // the task's own id (the tid for a thread)
    std::int64_t ppid = -1;
    std::optional<CpuSet> cpusAllowed;  // Cpus_allowed_list
    std::optional<NodeSet> memsAllowed; // Mems_allowed_list
    QString cpusAllowedText;            // the lists as written, for entity attributes
    QString memsAllowedText;
    std::uint64_t voluntarySwitches = 0;
    std::uint64_t involuntarySwitches = 0;
};

// nullopt when the text has neither a Name nor a Tgid line (not a status file).
std::optional<ProcStatus> parseProcStatus(std::string_view text);
// tid < 0 reads proc/<pid>/status, otherwise proc/<pid>/task/<tid>/status.
std::optional<ProcStatus> readProcStatus(const FsRoot& root, std::int64_t pid, std::int64_t tid = -1,
                                         ReadOutcome* status = nullptr);

// /proc/<pid>/cmdline: NUL-separated argv joined by single spaces, as witty-profiler writes it.
QString parseCmdline(std::string_view text);
QString readCmdline(const FsRoot& root, std::int64_t pid, ReadOutcome* status = nullptr);

} // namespace numasight
