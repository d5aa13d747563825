// SPDX-License-Identifier: GPL-3.0-or-later
// Intel MLC text: the parser, then the matrices mapped onto a four-node topology as `measure --import` does.
#include "fuzz_support.h"
#include "readers/hwloc_reader.h"
#include "readers/mlc_reader.h"

#include <QByteArray>

#include <cstdio>
#include <cstdlib>

namespace {

numasight::CapturePtr g_topology;

} // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***)
{
    numasight::fuzz::quietLibraries();
    auto topology = numasight::readHwlocSynthetic(QStringLiteral("pack:2 numa:2 core:2 pu:1"));
    if (!topology.ok()) {
        std::fprintf(stderr, "fuzz: %s\n", qPrintable(topology.error().toString()));
        std::abort();
    }
    g_topology = topology.value();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, size_t size)
{
    const QByteArray text(reinterpret_cast<const char*>(data), qsizetype(size));
    const auto mlc = numasight::parseMlcOutput(text, QStringLiteral("fuzz.txt"));
    if (!mlc.ok()) {
        (void)mlc.error().toString();
        return 0;
    }
    const auto matrices =
        numasight::mlcMatrices(mlc.value(), *g_topology->snapshots.front(), QStringLiteral("fuzz.txt"));
    if (!matrices.ok())
        (void)matrices.error().toString();
    return 0;
}
