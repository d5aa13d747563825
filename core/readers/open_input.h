// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/snapshot.h"
#include "util/progress.h"
#include "util/result.h"

#include <QString>

namespace numasight {

// Opens any input numasight reads (capture file, witty JSON in its three forms, hwloc XML) by content.
// The front ends call only this; `path` == ":local:" reads this machine through hwloc.
Result<CapturePtr> openInput(const QString& path, const Progress& progress = {});
inline constexpr const char* kLocalMachine = ":local:";

} // namespace numasight
