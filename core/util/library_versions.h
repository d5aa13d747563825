// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QString>

namespace numasight {

// A library numasight uses and the version of it this process runs with.
struct LibraryVersion
{
    QString name;
    QString version;
};

// The versions of core's libraries for bug reports: Qt, hwloc, libbpf, Graphviz and SQLite as loaded at run
// time (a distribution updates them apart from numasight), simdjson as built against (it has no run-time
// call). Graphviz's version comes from the process's libgvc context, created on first use (tens of
// milliseconds).
QList<LibraryVersion> coreLibraryVersions();

} // namespace numasight
