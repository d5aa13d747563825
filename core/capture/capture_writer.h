// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/snapshot.h"
#include "util/progress.h"
#include "util/result.h"

#include <QString>

#include <optional>

namespace numasight {

// Writes a whole capture to a new SQLite file. Everything is written into a temporary file beside the
// target in one transaction and renamed over it at the end, so a failure (full disk, cancel) never leaves
// a half-written capture and never destroys an existing file.
std::optional<LoadError> writeCaptureFile(const Capture& capture, const QString& path,
                                          const Progress& progress = {});

} // namespace numasight
