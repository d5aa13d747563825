// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "collect/collector.h"
#include "fs_root.h"

#include <cstdint>
#include <vector>

namespace numasight {

// The pids a Scope covers right now, ascending: every process, or the given pids and (when
// scope.includeChildren) all their descendants by PPid, then, when scope.comm is a valid non-empty pattern,
// only those whose comm matches. Given pids that no longer exist and zombies (every thread exited) are left
// out. Threads are not listed.
std::vector<std::int64_t> resolveScope(const Scope& scope, const FsRoot& root = {});

} // namespace numasight
