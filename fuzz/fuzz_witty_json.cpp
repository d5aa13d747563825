// SPDX-License-Identifier: GPL-3.0-or-later
// The witty-profiler JSON reader on bytes in memory: plain graphs, the HTTP envelope and JSON Lines.
#include "fuzz_support.h"
#include "readers/witty_json_reader.h"

#include <QByteArrayView>

extern "C" int LLVMFuzzerInitialize(int*, char***)
{
    numasight::fuzz::quietLibraries();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, size_t size)
{
    const QByteArrayView bytes(reinterpret_cast<const char*>(data), qsizetype(size));
    numasight::fuzz::useResult(numasight::readWittyJson(bytes, QStringLiteral("fuzz.json")));
    return 0;
}
