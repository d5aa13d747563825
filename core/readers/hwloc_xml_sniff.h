// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "util/result.h"

#include <QString>

#include <optional>

namespace numasight {

// hwloc only reports that an XML import failed, not why. These look at the file themselves so the user
// gets a reason and, where there is one, a line and column.

// Checks before hwloc sees the file: readable, not empty, starts like XML, root element is <topology>,
// and the whole document is well-formed (a truncated file stops here, with a line and column).
std::optional<LoadError> precheckHwlocXml(const QString& path);

// After hwloc refused a file that passed the checks above: explains that hwloc rejected the content.
LoadError diagnoseHwlocXml(const QString& path);

} // namespace numasight
