// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>

#include <optional>

namespace numasight {

// hwloc 3 writes XML format 3.0, which the hwloc 2.x numasight links refuses outright although nearly all of
// it is format 2.0. These rewrite a 3.x document into the 2.0 that hwloc 3 itself writes with `lstopo --of
// v2xml`: topology-wide infos (host name, OS, backends) back on the root object, OS device type bitmasks back
// to the single type, HOPS distances back to LATENCY, memory tiers back to MemoryTier infos, cache_inclusive
// back to the Inclusive info, and the 3.x-only elements and attributes dropped.

// The major version a <topology version="X.Y"> document claims, or 0 when it names none (format 1.x) or
// the bytes hold no <topology> start.
int hwlocXmlMajorVersion(const QByteArray& xml);

// The 2.0 form of a format 3.x document; nullopt, with `problem` set, when the document cannot be rewritten.
std::optional<QByteArray> downgradeHwlocXmlV3(const QByteArray& xml, QString* problem);

} // namespace numasight
