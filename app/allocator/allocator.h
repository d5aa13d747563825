// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "util/library_versions.h"

namespace numasight {

// The memory allocator this process runs with, for --version and About: jemalloc with its options, or the C
// library's malloc (builds without jemalloc, and the sanitizer builds, whose runtime brings its own).
LibraryVersion allocatorVersion();

} // namespace numasight
