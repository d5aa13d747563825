// SPDX-License-Identifier: GPL-3.0-or-later
// The capture reader on arbitrary bytes in a file: SQLite's own parsing of a damaged database, then every
// check of the reader on what SQLite lets through.
#include "capture/capture_reader.h"
#include "fuzz_support.h"

#include <QFile>

extern "C" int LLVMFuzzerInitialize(int*, char***)
{
    numasight::fuzz::quietLibraries();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, size_t size)
{
    static const QString path = numasight::fuzz::scratchPath(QStringLiteral("input.nscap"));
    // A journal left beside the file by an earlier input would be rolled back into this one.
    QFile::remove(path + QStringLiteral("-journal"));
    QFile::remove(path + QStringLiteral("-wal"));
    numasight::fuzz::writeScratch(path, data, size);
    numasight::fuzz::useResult(numasight::readCaptureFile(path));
    return 0;
}
