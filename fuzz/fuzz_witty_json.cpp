// SPDX-License-Identifier: GPL-3.0-or-later
// The witty-profiler JSON reader on bytes in memory: plain graphs, the HTTP envelope and JSON Lines; what it
// accepts is written back by the witty writer and must read again. Each input is read on one thread and
// again with its lists parsed on two, in small batches: both must give the same answer. The same bytes as a
// file, mapped, with its lists read from the file through windows of a few bytes, must give it too.
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
    numasight::WittyReadTuning& tuning = numasight::wittyReadTuning();
    tuning.threads = 1;
    const auto read = numasight::readWittyJson(bytes, QStringLiteral("fuzz.json"));
    numasight::fuzz::useResult(read);
    tuning.threads = 2;
    tuning.parallelFrom = 1;
    tuning.parallelScanFrom = 0;
    tuning.batchElements = 1 + size % 3;
    const auto parallel = numasight::readWittyJson(bytes, QStringLiteral("fuzz.json"));
    tuning.threads = 1;
    if (parallel.ok() != read.ok() ||
        (!read.ok() && parallel.error().toString() != read.error().toString())) {
        std::fprintf(stderr, "fuzz_witty_json: one thread and two disagree: %s / %s\n",
                     qPrintable(read.ok() ? QStringLiteral("ok") : read.error().toString()),
                     qPrintable(parallel.ok() ? QStringLiteral("ok") : parallel.error().toString()));
        std::abort();
    }
    static const QString path = numasight::fuzz::scratchPath(QStringLiteral("input.json"));
    numasight::fuzz::writeScratch(path, data, size);
    tuning.threads = 2;
    tuning.fileReadFrom = SIZE_MAX;
    const auto mapped = numasight::readWittyJsonFile(path);
    tuning.fileReadFrom = 0;
    tuning.fileWindow = 1 + size % 5;
    const auto windowed = numasight::readWittyJsonFile(path);
    tuning = numasight::WittyReadTuning{};
    tuning.threads = 1;
    bool agree = windowed.ok() == mapped.ok();
    if (agree && !mapped.ok())
        agree = windowed.error().toString() == mapped.error().toString();
    if (agree && mapped.ok()) {
        const auto& a = mapped.value()->snapshots;
        const auto& b = windowed.value()->snapshots;
        agree = a.size() == b.size();
        for (size_t i = 0; agree && i < a.size(); ++i)
            agree = numasight::writeWittyGraph(*a[i], mapped.value()->source) ==
                    numasight::writeWittyGraph(*b[i], windowed.value()->source);
    }
    if (!agree) {
        std::fprintf(stderr, "fuzz_witty_json: the file mapped and read in windows disagree: %s / %s\n",
                     qPrintable(mapped.ok() ? QStringLiteral("ok") : mapped.error().toString()),
                     qPrintable(windowed.ok() ? QStringLiteral("ok") : windowed.error().toString()));
        std::abort();
    }
    if (read.ok()) {
        // Every graph the reader accepts, the writer must write as a graph the reader reads back.
        if (parallel.value()->snapshots.size() != read.value()->snapshots.size())
            std::abort();
        for (size_t i = 0; i < read.value()->snapshots.size(); ++i) {
            const auto& snapshot = read.value()->snapshots[i];
            const QByteArray again = numasight::writeWittyGraph(*snapshot, read.value()->source);
            if (numasight::writeWittyGraph(*parallel.value()->snapshots[i], parallel.value()->source) !=
                again) {
                std::fprintf(stderr, "fuzz_witty_json: one thread and two read different graphs\n");
                std::abort();
            }
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
