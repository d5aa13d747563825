// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What the libFuzzer targets in this folder share: scratch files for the readers that take a path, and a
// use of what a reader returns, so that a model that reads but cannot be used is found too.

#include "model/snapshot.h"
#include "util/result.h"

#include <QString>

#include <cstddef>
#include <cstdint>

namespace numasight::fuzz {

// Drops Qt's messages and hwloc's error banners: most inputs are meant to fail, and printing each failure
// would slow the run down to the speed of the terminal.
void quietLibraries();

// A path in a temporary folder of this process (removed at exit), for readers that open files.
QString scratchPath(const QString& name);
// Writes `size` bytes to `path`, replacing it; aborts when the scratch folder cannot be written, since every
// run after that would test nothing.
void writeScratch(const QString& path, const std::uint8_t* data, size_t size);

// Formats the error, or walks the capture the way `info --json` does.
void useResult(const Result<CapturePtr>& result);

} // namespace numasight::fuzz
