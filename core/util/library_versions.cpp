// SPDX-License-Identifier: GPL-3.0-or-later
#include "util/library_versions.h"

#include "graph/graphviz_run.h"

#include <QtGlobal>

#include <bpf/libbpf.h>
#include <hwloc.h>
#include <simdjson.h>
#include <sqlite3.h>

namespace numasight {

QList<LibraryVersion> coreLibraryVersions()
{
    const unsigned hwloc = hwloc_get_api_version();
    return {
        {QStringLiteral("Qt"), QString::fromLatin1(qVersion())},
        {QStringLiteral("hwloc"),
         QStringLiteral("%1.%2.%3").arg(hwloc >> 16).arg((hwloc >> 8) & 0xffu).arg(hwloc & 0xffu)},
        {QStringLiteral("libbpf"),
         QStringLiteral("%1.%2").arg(libbpf_major_version()).arg(libbpf_minor_version())},
        {QStringLiteral("Graphviz"), graphvizLibraryVersion()},
        {QStringLiteral("SQLite"), QString::fromLatin1(sqlite3_libversion())},
        // simdjson has no run-time version call: the one built against.
        {QStringLiteral("simdjson"), QStringLiteral("%1.%2.%3")
                                         .arg(int(simdjson::SIMDJSON_VERSION_MAJOR))
                                         .arg(int(simdjson::SIMDJSON_VERSION_MINOR))
                                         .arg(int(simdjson::SIMDJSON_VERSION_REVISION))},
    };
}

} // namespace numasight
