// SPDX-License-Identifier: GPL-3.0-or-later
// readCaptureFile(): a capture file back into a Capture, every value checked on the way, so that a damaged or
// hostile file fails with a message that says where instead of a crash. Opening and checking the file,
// progress and errors here; the tables in capture_snapshot_tables.cpp and capture_sample_tables.cpp.
#include "capture_file_reader.h"
#include "capture_schema.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>

#include <sqlite3.h>

namespace numasight {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(numasight::CaptureReader)
};
} // namespace

namespace capturefile {

namespace {

quint32 bigEndian(const QByteArray& b, int at, int bytes)
{
    quint32 v = 0;
    for (int i = 0; i < bytes; ++i)
        v = (v << 8) | quint8(b[at + i]);
    return v;
}

} // namespace

Result<CapturePtr> CaptureFileReader::run()
{
    if (!recoverHotJournal() || !checkHeader() || !open() || !checkIdentity() || !countRows())
        return *m_error;
    auto capture = std::make_shared<Capture>();
    if (!readMeta(capture->source))
        return *m_error;
    capture->source.format = SourceFormat::Capture;
    capture->source.path = m_path;
    if (!readHosts(*capture) || !readSnapshots(*capture) || !readSamples(*capture))
        return *m_error;
    m_progress(1.0);
    return CapturePtr(std::move(capture));
}

// A recording killed in the middle of a sample's transaction leaves FILE-journal beside it: a "hot" journal
// holding the pages as they were before that transaction. Until it is played back the file may be
// inconsistent, and a read-only connection cannot play it back (SQLite refuses with
// SQLITE_READONLY_ROLLBACK), so every completed sample would look lost. A read-write connection rolls it back
// on its first read, which is exactly SQLite's own crash recovery; SQLite checks the locks first, so a
// recording still running is not touched. When the file or its folder is not writable, the same is done on a
// private copy.
bool CaptureFileReader::recoverHotJournal()
{
    const QString journal = m_path + QStringLiteral("-journal");
    if (QFileInfo(journal).size() <= 0)
        return true;
    auto rollBack = [](const QString& path) {
        sqlite3* raw = nullptr;
        const int rc =
            sqlite3_open_v2(QFile::encodeName(path).constData(), &raw, SQLITE_OPEN_READWRITE, nullptr);
        SqliteDatabase db(raw);
        if (rc != SQLITE_OK)
            return false;
        sqlite3_busy_timeout(raw, 2000);
        // Any read plays a hot journal back; a journal that is not hot (a recording still writing, or a
        // journal_mode that keeps the file) is left alone and the read-only open that follows is fine.
        return sqlite3_exec(raw, "SELECT count(*) FROM sqlite_schema", nullptr, nullptr, nullptr) ==
               SQLITE_OK;
    };
    if (QFileInfo(m_path).isWritable() && QFileInfo(QFileInfo(m_path).absolutePath()).isWritable() &&
        rollBack(m_path))
        return true;
    m_recoveryDir = std::make_unique<QTemporaryDir>();
    const QString copy = m_recoveryDir->filePath(QStringLiteral("capture.numasight"));
    // QFile::copy keeps the source's permissions: the copy must be writable for the rollback.
    const auto writable = [](const QString& file) {
        return QFile::setPermissions(file, QFile::ReadOwner | QFile::WriteOwner);
    };
    if (!m_recoveryDir->isValid() || !QFile::copy(m_path, copy) || !writable(copy) ||
        !QFile::copy(journal, copy + QStringLiteral("-journal")) ||
        !writable(copy + QStringLiteral("-journal")) || !rollBack(copy)) {
        fail(Tr::tr("the recording was interrupted in the middle of a sample and its journal %1 cannot "
                    "be played back here; open it once as its owner (numasight or sqlite3 without "
                    "-readonly) to recover every completed sample")
                 .arg(QFileInfo(journal).fileName()));
        return false;
    }
    m_openPath = copy;
    return true;
}

bool CaptureFileReader::checkHeader()
{
    const QFileInfo info(m_path);
    if (!info.exists()) {
        fail(Tr::tr("no such file"));
        return false;
    }
    if (info.isDir()) {
        fail(Tr::tr("this is a folder, not a capture file"));
        return false;
    }
    QFile file(m_openPath);
    if (!file.open(QIODevice::ReadOnly)) {
        fail(Tr::tr("cannot open: %1").arg(file.errorString()));
        return false;
    }
    const qint64 size = file.size();
    if (size == 0) {
        fail(Tr::tr("the file is empty; it is not a numasight capture"));
        return false;
    }
    const QByteArray header = file.read(kSqliteHeaderSize);
    if (header.size() < kSqliteHeaderSize || !header.startsWith(QByteArrayView("SQLite format 3\0", 16))) {
        fail(Tr::tr("not a numasight capture: the file does not start with an SQLite header"));
        return false;
    }
    // The header records the database size; when it is valid (change counter == version-valid-for) a file
    // shorter than that was cut off, which SQLite itself might only notice on the page it happens to need.
    quint32 pageSize = bigEndian(header, 16, 2);
    if (pageSize == 1)
        pageSize = 65536;
    const quint32 pages = bigEndian(header, 28, 4);
    if (pages > 0 && bigEndian(header, 24, 4) == bigEndian(header, 92, 4) &&
        size < qint64(pageSize) * qint64(pages)) {
        fail(Tr::tr("the file is truncated: its header says %1 bytes but only %2 are there; it was "
                    "probably cut off while being copied, copy it again")
                 .arg(qint64(pageSize) * qint64(pages))
                 .arg(size));
        return false;
    }
    return true;
}

bool CaptureFileReader::open()
{
    sqlite3* db = nullptr;
    const int rc =
        sqlite3_open_v2(QFile::encodeName(m_openPath).constData(), &db, SQLITE_OPEN_READONLY, nullptr);
    m_db.reset(db);
    if (rc != SQLITE_OK) {
        fail(Tr::tr("cannot open the capture: %1")
                 .arg(QString::fromUtf8(db ? sqlite3_errmsg(db) : sqlite3_errstr(rc))));
        return false;
    }
    sqlite3_extended_result_codes(db, 1);
    // The file may come from anyone: SQL functions in its schema (views, triggers, defaults) must not run,
    // and the schema must not be editable through this connection.
    sqlite3_db_config(db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, nullptr);
    sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, nullptr);
    // Lets a cancel interrupt a long statement, not only the loop between rows.
    sqlite3_progress_handler(
        db, 100000, [](void* p) -> int { return static_cast<const Progress*>(p)->isCancelled() ? 1 : 0; },
        const_cast<Progress*>(&m_progress));
    return true;
}

bool CaptureFileReader::checkIdentity()
{
    SqliteStatement st;
    bool more = false;
    if (!prepare(st, "PRAGMA application_id", QStringLiteral("header")) ||
        !next(st, QStringLiteral("header"), more))
        return false;
    const qint64 applicationId = st.int64(0);
    if (applicationId != kCaptureApplicationId) {
        fail(Tr::tr("an SQLite database, but not a numasight capture (application_id is 0x%1, a "
                    "capture has 0x%2)")
                 .arg(quint32(applicationId), 8, 16, QLatin1Char('0'))
                 .arg(quint32(kCaptureApplicationId), 8, 16, QLatin1Char('0')));
        return false;
    }
    if (!prepare(st, "PRAGMA user_version", QStringLiteral("header")) ||
        !next(st, QStringLiteral("header"), more))
        return false;
    const qint64 version = st.int64(0);
    if (version > kCaptureSchemaVersion) {
        fail(Tr::tr("written with capture schema version %1, but this numasight reads versions up to %2; "
                    "upgrade numasight to open it")
                 .arg(version)
                 .arg(kCaptureSchemaVersion));
        return false;
    }
    if (version < 1) {
        fail(Tr::tr("capture schema version %1 does not exist; the file is damaged").arg(version));
        return false;
    }
    m_version = int(version);
    if (!prepare(st, "SELECT type FROM sqlite_schema WHERE name = ?1", QStringLiteral("sqlite_schema")))
        return false;
    for (const QString& table : captureTables(m_version)) {
        st.reset();
        st.bindRequiredText(1, table);
        if (!next(st, QStringLiteral("sqlite_schema"), more) && m_error)
            return false;
        if (!more || st.text(0) != QLatin1String("table")) {
            fail(Tr::tr("table '%1' is missing; the capture is damaged or was edited, write it again "
                        "from its source")
                     .arg(table));
            return false;
        }
    }
    return true;
}

bool CaptureFileReader::countRows()
{
    m_totalRows = 0;
    for (const QString& table : captureTables(m_version)) {
        SqliteStatement st;
        bool more = false;
        const QByteArray sql = "SELECT count(*) FROM " + table.toUtf8();
        if (!prepare(st, sql.constData(), table) || !next(st, table, more))
            return false;
        m_tableRows.insert(table, st.int64(0));
        m_totalRows += st.int64(0);
    }
    m_totalRows = std::max<qint64>(m_totalRows, 1);
    return true;
}

bool CaptureFileReader::prepare(SqliteStatement& st, const char* sql, const QString& table)
{
    if (st.prepare(m_db.get(), sql) == SQLITE_OK)
        return true;
    failSqlite(table);
    return false;
}

bool CaptureFileReader::next(SqliteStatement& st, const QString& table, bool& more)
{
    const int rc = st.step();
    if (rc == SQLITE_ROW)
        return more = true;
    more = false;
    if (rc != SQLITE_DONE)
        failSqlite(table);
    return false;
}

bool CaptureFileReader::tick()
{
    ++m_rows;
    if (m_rows % kProgressEvery != 0)
        return true;
    if (m_progress.isCancelled()) {
        m_error = LoadError::cancel(m_path);
        return false;
    }
    m_progress(double(m_rows) / double(m_totalRows));
    return true;
}

bool CaptureFileReader::rowRead(const QString& table)
{
    ++m_rowsRead[table];
    return tick();
}

void CaptureFileReader::fail(const QString& message, const QString& where)
{
    LoadError e;
    e.file = m_path;
    e.message = message;
    e.where = where;
    m_error = std::move(e);
}

void CaptureFileReader::failSqlite(const QString& table)
{
    const int rc = sqlite3_extended_errcode(m_db.get());
    if (rc == SQLITE_INTERRUPT || m_progress.isCancelled()) {
        m_error = LoadError::cancel(m_path);
        return;
    }
    const QString message = QString::fromUtf8(sqlite3_errmsg(m_db.get()));
    const int primary = rc & 0xff;
    if (primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB || primary == SQLITE_IOERR)
        fail(Tr::tr("the capture is damaged (%1); copy it again or write it again from its source")
                 .arg(message),
             table);
    else
        fail(Tr::tr("cannot read the capture: %1").arg(message), table);
}

void CaptureFileReader::setWhere(const QString& table, qint64 snapshotId, const QString& what, qint64 id)
{
    m_where = Tr::tr("%1 row (snapshot_id %2, %3 %4)").arg(table).arg(snapshotId).arg(what).arg(id);
}

void CaptureFileReader::setSampleWhere(const QString& table, const SqliteStatement& st)
{
    m_where = Tr::tr("%1 row (sample_id %2, idx %3)").arg(table, cellText(st, 0), cellText(st, 1));
}

} // namespace capturefile

Result<CapturePtr> readCaptureFile(const QString& path, const Progress& progress)
{
    capturefile::CaptureFileReader reader(path, progress);
    return reader.run();
}

} // namespace numasight
