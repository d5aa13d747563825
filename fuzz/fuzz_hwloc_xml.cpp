// SPDX-License-Identifier: GPL-3.0-or-later
// hwloc XML through numasight's reader (its checks before hwloc's importer, then the conversion to the
// model).
#include "fuzz_support.h"
#include "readers/hwloc_reader.h"

extern "C" int LLVMFuzzerInitialize(int*, char***)
{
    numasight::fuzz::quietLibraries();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, size_t size)
{
    static const QString path = numasight::fuzz::scratchPath(QStringLiteral("input.xml"));
    numasight::fuzz::writeScratch(path, data, size);
    numasight::fuzz::useResult(numasight::readHwlocXmlFile(path));
    return 0;
}
