// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "util/result.h"

#include <QByteArray>
#include <QString>
#include <QStringView>

#include <hwloc.h>

#include <optional>

namespace numasight {

// hwloc only reports that an XML import failed, not why. These look at the file themselves so the user
// gets a reason and, where there is one, a line and column.

// Checks before hwloc sees the file: readable, not empty, starts like XML, root element is <topology>,
// and the whole document is well-formed (a truncated file stops here, with a line and column).
// NUMA node and PU os_index values above what any kernel numbers are refused here too: hwloc would build a
// bitmap as large as the number before numasight could look at it.
std::optional<LoadError> precheckHwlocXml(const QString& path);
// The same on the file's bytes, read once: `data` is what hwloc will then be given.
std::optional<LoadError> precheckHwlocXml(const QString& path, const QByteArray& data);

// `data` as hwloc's own XML parser can read it. That parser (Debian builds hwloc without its libxml2 plugin)
// reads only what lstopo writes: a UTF-8 byte order mark or CR line ends (a file that went through Windows)
// make the import fail. Drops the mark and turns CR LF and lone CR into LF, as every XML parser does before
// reading (XML 1.0, section 2.11).
QByteArray normalizedHwlocXml(QByteArray data);

// An <object>'s type attribute as hwloc reads it (loosely: "pu", "Pu", "node", "numa" all count);
// HWLOC_OBJ_TYPE_MAX when hwloc would not recognise it.
hwloc_obj_type_t hwlocXmlObjectType(QStringView type);

// After hwloc refused a file that passed the checks above: explains that hwloc rejected the content.
LoadError diagnoseHwlocXml(const QString& path);

} // namespace numasight
