// SPDX-License-Identifier: GPL-3.0-or-later
#include "capture_appender.h"

#include "capture_rows.h"
#include "capture_writer.h"
#include "sqlite_statement.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <sqlite3.h>

#include <cerrno>
#include <cstring>
#include <sys/resource.h>

namespace numasight {

struct CaptureAppender::Db
{
    SqliteDatabase handle;
};

Result<std::unique_ptr<CaptureAppender>> CaptureAppender::create(const Capture& initial, const QString& path)
{
    if (initial.snapshots.empty()) {
        LoadError e;
        e.file = path;
        e.message = QStringLiteral("a recording starts with a snapshot of the machine, and none was given");
        return e;
    }
    // The normal writer makes the file atomically (temporary file and rename), so it never exists half made.
    if (auto error = writeCaptureFile(initial, path))
        return *error;
    std::unique_ptr<CaptureAppender> appender(new CaptureAppender);
    appender->m_path = path;
    appender->m_snapshots = int(initial.snapshots.size());
    appender->m_samples = int(initial.samples.size());
    appender->m_db = std::make_unique<Db>();
    sqlite3* raw = nullptr;
    const int rc = sqlite3_open_v2(QFile::encodeName(path).constData(), &raw, SQLITE_OPEN_READWRITE, nullptr);
    appender->m_db->handle.reset(raw);
    LoadError e;
    e.file = path;
    if (rc != SQLITE_OK) {
        e.message = QStringLiteral("cannot open the new capture to record into it: %1")
                        .arg(QString::fromUtf8(raw ? sqlite3_errmsg(raw) : sqlite3_errstr(rc)));
        return e;
    }
    sqlite3_extended_result_codes(raw, 1);
    // A reader (the GUI, sqlite3) may hold a shared lock for a moment; wait for it rather than fail a sample.
    sqlite3_busy_timeout(raw, 5000);
    // DELETE: the journal exists only during a transaction, so after a kill its presence means "hot" and the
    // file stays one file otherwise (WAL would keep committed samples in a second file that a copy misses).
    // FULL: each commit is on disk before the next sample starts.
    const QString setup = sqliteExec(raw, "PRAGMA journal_mode = DELETE; PRAGMA synchronous = FULL; "
                                          "PRAGMA foreign_keys = OFF;");
    if (!setup.isEmpty()) {
        e.message = QStringLiteral("cannot prepare the new capture for recording: %1").arg(setup);
        return e;
    }
    return appender;
}

CaptureAppender::~CaptureAppender() = default;

template <class Write>
std::optional<LoadError> CaptureAppender::transaction(const QString& what, Write&& write)
{
    if (m_failed)
        return m_failed;
    sqlite3* db = m_db->handle.get();
    int rc = sqlite3_exec(db, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr);
    if (rc == SQLITE_OK) {
        CaptureRows rows(db, {});
        if (!write(rows))
            rc = rows.failedCode() != SQLITE_OK ? rows.failedCode() : SQLITE_ERROR;
        else
            rc = sqlite3_exec(db, "COMMIT", nullptr, nullptr, nullptr);
    }
    if (rc == SQLITE_OK)
        return std::nullopt;
    const int extended = sqlite3_extended_errcode(db);
    m_failed = failure(extended != SQLITE_OK ? extended : rc, what);
    // Undoes the partial transaction in the file; should this fail too, the journal left behind is hot and
    // the reader plays it back, so the completed samples are safe either way.
    if (!sqlite3_get_autocommit(db))
        sqlite3_exec(db, "ROLLBACK", nullptr, nullptr, nullptr);
    return m_failed;
}

Result<int> CaptureAppender::appendSnapshot(const Snapshot& snapshot)
{
    const int index = m_snapshots;
    const auto error = transaction(QStringLiteral("snapshot %1").arg(index),
                                   [&](CaptureRows& rows) { return rows.writeSnapshot(index, snapshot); });
    if (error)
        return *error;
    ++m_snapshots;
    return index;
}

std::optional<LoadError> CaptureAppender::appendSample(const Sample& sample)
{
    if (!m_failed && (sample.snapshotIndex < 0 || sample.snapshotIndex >= m_snapshots)) {
        LoadError e;
        e.file = m_path;
        e.message =
            QStringLiteral("sample %1 refers to snapshot %2, but the file has %3; nothing was written")
                .arg(m_samples)
                .arg(sample.snapshotIndex)
                .arg(m_snapshots);
        return e;
    }
    const int index = m_samples;
    const auto error = transaction(QStringLiteral("sample %1").arg(index),
                                   [&](CaptureRows& rows) { return rows.writeSample(index, sample); });
    if (!error)
        ++m_samples;
    return error;
}

LoadError CaptureAppender::failure(int rc, const QString& what) const
{
    sqlite3* db = m_db->handle.get();
    const int sysErr = sqlite3_system_errno(db);
    const QString dir = QDir::toNativeSeparators(QFileInfo(m_path).absolutePath());
    const QString kept =
        QStringLiteral("the recording stopped; the %1 sample(s) before it are kept in this file")
            .arg(m_samples);
    rlimit limit{};
    // SQLite reports the errno of its last system call, often not the failed write's; a file that has reached
    // the size limit tells the story instead.
    const bool atSizeLimit = getrlimit(RLIMIT_FSIZE, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY &&
                             QFileInfo(m_path).size() + 65536 >= qint64(limit.rlim_cur);
    QString message;
    if (sysErr == EFBIG || (((rc & 0xff) == SQLITE_IOERR || (rc & 0xff) == SQLITE_FULL) && atSizeLimit))
        message =
            QStringLiteral("the capture reached this process's file-size limit (ulimit -f) while writing "
                           "%1; %2; raise the limit to record longer")
                .arg(what, kept);
    else if ((rc & 0xff) == SQLITE_FULL || sysErr == ENOSPC || sysErr == EDQUOT)
        message =
            QStringLiteral("the disk holding %1 is full (or the quota is used up) while writing %2; %3; "
                           "free some space to record again")
                .arg(dir, what, kept);
    else if (sysErr != 0)
        message = QStringLiteral("cannot write %1: %2 (%3); %4")
                      .arg(what, QString::fromUtf8(sqlite3_errmsg(db)),
                           QString::fromLocal8Bit(std::strerror(sysErr)), kept);
    else
        message =
            QStringLiteral("cannot write %1: %2; %3").arg(what, QString::fromUtf8(sqlite3_errstr(rc)), kept);
    LoadError e;
    e.file = m_path;
    e.message = message;
    return e;
}

} // namespace numasight
