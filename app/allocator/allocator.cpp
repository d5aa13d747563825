// SPDX-License-Identifier: GPL-3.0-or-later
#include "allocator.h"

#if defined(NUMASIGHT_JEMALLOC)
#include <jemalloc/jemalloc.h>

// jemalloc reads its options from this symbol when it starts. A model of a big capture is millions of small
// strings and one large array per kind of record: with transparent huge pages each fault maps 2 MB instead of
// 4 kB, which takes about a third off importing a 200 MB witty-profiler graph. MALLOC_CONF still overrides.
extern "C" {
const char* malloc_conf = "thp:always,metadata_thp:auto";
}
#endif

namespace numasight {

LibraryVersion allocatorVersion()
{
#if defined(NUMASIGHT_JEMALLOC)
    const char* version = nullptr;
    const char* thp = nullptr;
    size_t size = sizeof version;
    if (mallctl("version", &version, &size, nullptr, 0) != 0)
        version = "?";
    size = sizeof thp;
    if (mallctl("opt.thp", &thp, &size, nullptr, 0) != 0)
        thp = "?";
    QString v = QString::fromLatin1(version);
    v.truncate(v.indexOf(QLatin1Char('-')) > 0 ? v.indexOf(QLatin1Char('-')) : v.size());
    return {QStringLiteral("jemalloc"), QStringLiteral("%1 (huge pages: %2)").arg(v, QLatin1String(thp))};
#else
    return {QStringLiteral("malloc"), QStringLiteral("the C library's")};
#endif
}

} // namespace numasight
