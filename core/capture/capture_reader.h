// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/snapshot.h"
#include "util/progress.h"
#include "util/result.h"

#include <QString>

namespace numasight {

// Reads a capture file. A file written by a newer schema is refused with a message naming both versions;
// a database that is not a capture, or a damaged one, gets a message naming the file and the table.
Result<CapturePtr> readCaptureFile(const QString& path, const Progress& progress = {});

} // namespace numasight
