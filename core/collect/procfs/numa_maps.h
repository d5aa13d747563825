// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "fs_root.h"
#include "model/sample.h"

#include <string_view>

namespace numasight {

// Pages per NUMA node of one process from the text of /proc/<pid>/numa_maps, counted the way witty-profiler
// does (see sample.h and the witty format notes). Lines that do not start with a hex address are skipped;
// a line without N<k>= tokens (nothing resident) only votes for the memory policy.
ProcessMemorySample parseNumaMaps(std::string_view text, std::int64_t pid = -1);

// Reads <root>/proc/<pid>/numa_maps; `status` tells whether the process was gone or the file refused.
ProcessMemorySample readNumaMaps(const FsRoot& root, std::int64_t pid, ReadOutcome* status = nullptr);

} // namespace numasight
