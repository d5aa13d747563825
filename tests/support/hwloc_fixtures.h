// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The hwloc fixtures as the reader tests open them.

#include "readers/hwloc_reader.h"

#include <QStringList>

namespace numasight::test {

// The path of the hwloc fixture `name`; fixture({}) is their folder.
inline QString fixture(const QString& name)
{
    return QStringLiteral(NUMASIGHT_FIXTURES "/hwloc/") + name;
}

// The fixture's snapshot, or null (with the reader's error in the log).
inline SnapshotPtr loadFixture(const QString& name)
{
    const auto r = readHwlocXmlFile(fixture(name));
    if (!r.ok()) {
        qWarning("%s", qPrintable(r.error().toString()));
        return {};
    }
    return r.value()->snapshots.front();
}

// The NUMA nodes' cpusets as range strings, in the snapshot's order, joined by ';'.
inline QString nodeCpuSets(const Snapshot& s)
{
    QStringList out;
    for (EntityId n : s.numaNodes())
        out << s.entity(n).cpus.toRangeString();
    return out.join(QLatin1Char(';'));
}

} // namespace numasight::test
