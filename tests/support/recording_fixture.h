// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A small recording as a capture file, for the GUI tests that walk a timeline of samples, and the options
// that record this test process itself.

#include "record/recorder.h"

#include <QCoreApplication>
#include <QFile>
#include <QString>

#include <sqlite3.h>

namespace numasight::test {

// tests/data/capture/v2-recording.sql as a capture file at `path`: 4 samples, two in each of 2 snapshots.
// Empty when it cannot be written.
inline QString makeRecording(const QString& path)
{
    QFile sql(QStringLiteral(NUMASIGHT_TEST_DATA "/capture/v2-recording.sql"));
    if (!sql.open(QIODevice::ReadOnly))
        return {};
    QFile::remove(path);
    sqlite3* db = nullptr;
    if (sqlite3_open(QFile::encodeName(path).constData(), &db) != SQLITE_OK)
        return {};
    const int rc = sqlite3_exec(db, sql.readAll().constData(), nullptr, nullptr, nullptr);
    sqlite3_close(db);
    return rc == SQLITE_OK ? path : QString();
}

// This process in procfs mode every 100 ms until stopped, into `path`.
inline RecordOptions recordThisProcess(const QString& path)
{
    RecordOptions options;
    options.outputPath = path;
    options.intervalNs = 100'000'000;
    options.durationNs = 3600LL * 1'000'000'000;
    options.mode = RecordMode::Procfs;
    options.scope.pids = {QCoreApplication::applicationPid()};
    return options;
}

} // namespace numasight::test
