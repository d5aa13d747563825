// SPDX-License-Identifier: GPL-3.0-or-later
#include "allocator.h"

#if defined(NUMASIGHT_JEMALLOC)
#include <jemalloc/jemalloc.h>

// jemalloc reads its options from this symbol when it starts. A model of a big capture is millions of small
// strings and one large array per kind of record: with transparent huge pages each fault maps 2 MB instead of
// 4 kB, which takes about a third off importing a 200 MB witty-profiler graph. One arena for all threads: the
// reader's helper threads parse entities that the reading thread keeps, and an arena each left every thread
// zeroing huge pages of its own (3–8 % of an import). MALLOC_CONF still overrides.
extern "C" {
const char* malloc_conf = "thp:always,metadata_thp:auto,narenas:1";
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
    // "5.3.0-0-g54eaed1d…": the release, without the git description.
    const QString release = QString::fromLatin1(version).section(QLatin1Char('-'), 0, 0);
    return {QStringLiteral("jemalloc"),
            QStringLiteral("%1 (huge pages: %2)").arg(release, QLatin1String(thp))};
#else
    return {QStringLiteral("malloc"), QStringLiteral("the C library's")};
#endif
}

} // namespace numasight
