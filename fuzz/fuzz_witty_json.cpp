// SPDX-License-Identifier: GPL-3.0-or-later
// The witty-profiler JSON reader on bytes in memory: plain graphs, the HTTP envelope and JSON Lines; what it
// accepts is written back by the witty writer and must read again.
#include "fuzz_support.h"
#include "readers/witty_json_reader.h"
#include "readers/witty_json_writer.h"

#include <QByteArrayView>

#include <cstdio>
#include <cstdlib>

extern "C" int LLVMFuzzerInitialize(int*, char***)
{
    numasight::fuzz::quietLibraries();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, size_t size)
{
    const QByteArrayView bytes(reinterpret_cast<const char*>(data), qsizetype(size));
    const auto read = numasight::readWittyJson(bytes, QStringLiteral("fuzz.json"));
    numasight::fuzz::useResult(read);
    if (read.ok()) {
        // Every graph the reader accepts, the writer must write as a graph the reader reads back.
        for (const auto& snapshot : read.value()->snapshots) {
            const QByteArray again = numasight::writeWittyGraph(*snapshot, read.value()->source);
            const auto back = numasight::readWittyJson(again, QStringLiteral("again.json"));
            if (!back.ok()) {
                std::fprintf(stderr, "fuzz_witty_json: accepted, written, refused: %s\n",
                             qPrintable(back.error().toString()));
                std::abort();
            }
        }
    }
    return 0;
}
