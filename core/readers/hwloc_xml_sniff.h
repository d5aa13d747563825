#pragma once

#include "util/result.h"

#include <QString>

#include <optional>

namespace numasight {

// hwloc only reports that an XML import failed, not why. These look at the file themselves so the user
// gets a reason and, where there is one, a line and column.

// Cheap checks before hwloc sees the file: readable, not empty, starts like XML, root element is
// <topology>. Reads at most the first 64 KiB.
std::optional<LoadError> precheckHwlocXml(const QString& path);

// After hwloc refused the file: parses the whole document to find the first well-formedness error
// (a truncated file ends up here), else explains that hwloc rejected the content.
LoadError diagnoseHwlocXml(const QString& path);

} // namespace numasight
