// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The shared fixtures (../shared/fixtures) the graph and heatmap tests walk, and reading one of them.

#include "readers/open_input.h"

#include <QString>
#include <QStringList>

namespace numasight::test {

// Every fixture with a machine to draw: the witty-profiler graph and each hwloc topology, relative to
// NUMASIGHT_FIXTURES.
inline const QStringList& fixtureFiles()
{
    static const QStringList files{
        QStringLiteral("witty-profiler/graph.json"),
        QStringLiteral("hwloc/16amd64-4distances.xml"),
        QStringLiteral("hwloc/16em64t-4s2c2t.xml"),
        QStringLiteral("hwloc/192em64t-24n8c2t.xml"),
        QStringLiteral("hwloc/32em64t-2n8c2t-pci-normalio.xml"),
        QStringLiteral("hwloc/64intel64-fakeKNL-SNC4-hybrid.xml"),
        QStringLiteral("hwloc/8intel64-4n2t-memattrs.xml"),
        QStringLiteral("hwloc/96em64t-4n4d3ca2co-pci.xml"),
        QStringLiteral("hwloc/fakeheterodistances.xml"),
        QStringLiteral("hwloc/memorysidecaches.xml"),
        QStringLiteral("hwloc/nvidiaDGX2.xml"),
        QStringLiteral("hwloc/power8gpudistances.xml"),
    };
    return files;
}

// Any input by path; null, with the reader's error as a warning in the test log, when it cannot be read.
inline CapturePtr loadCapture(const QString& path)
{
    const auto r = openInput(path);
    if (!r)
        qWarning("%s", qPrintable(r.error().toString()));
    return r ? *r : nullptr;
}

} // namespace numasight::test
