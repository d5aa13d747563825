// SPDX-License-Identifier: GPL-3.0-or-later
#include "capture_writer.h"

#include "capture_rows.h"
#include "capture_schema.h"
#include "sqlite_statement.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>

#include <sqlite3.h>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/resource.h>
#include <unistd.h>

namespace numasight {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(numasight::CaptureWriter)
};

constexpr int kProgressEvery = 256; // rows between progress reports and cancel checks

class CaptureWriter
{
public:
    CaptureWriter(const Capture& capture, const QString& path, const Progress& progress)
        : m_capture(capture)
        , m_target(path)
        , m_progress(progress)
    {
    }

    std::optional<LoadError> run();

private:
    std::optional<LoadError> checkTarget();
    std::optional<LoadError> validate();
    std::optional<LoadError> createTempFile();
    bool writeAll();
    bool rowsFailed(const CaptureRows& rows);
    bool tick();
    void fail(const QString& message, const QString& where = {});
    void failSqlite(int rc, const QString& where);
    bool reachedFileSizeLimit(int rc) const;
    void discardTemp();
    QString unchanged() const;

    const Capture& m_capture;
    const QString m_target;
    const Progress& m_progress;
    QString m_temp;
    QString m_dir;
    bool m_targetExisted = false;
    SqliteDatabase m_db;
    qint64 m_rows = 0;
    qint64 m_totalRows = 1;
    std::optional<LoadError> m_error;
};

std::optional<LoadError> CaptureWriter::run()
{
    if (auto e = checkTarget())
        return e;
    if (auto e = validate()) {
        e->message += unchanged();
        return e;
    }
    if (m_progress.isCancelled())
        return LoadError::cancel(m_target);
    if (auto e = createTempFile())
        return e;

    const bool ok = writeAll();
    if (!ok) {
        // Rolls back (journal in memory), closes, and removes the temporary file: the target is untouched.
        discardTemp();
        return m_error;
    }
    const int closeRc = sqlite3_close(m_db.release());
    if (closeRc != SQLITE_OK) {
        fail(Tr::tr("cannot close the temporary file %1: %2%3")
                 .arg(m_temp, QString::fromUtf8(sqlite3_errstr(closeRc)), unchanged()));
        QFile::remove(m_temp);
        return m_error;
    }
    if (m_targetExisted)
        QFile::setPermissions(m_temp, QFile::permissions(m_target));
    if (::rename(QFile::encodeName(m_temp).constData(), QFile::encodeName(m_target).constData()) != 0) {
        const int err = errno;
        QFile::remove(m_temp);
        fail(Tr::tr("cannot move the finished capture into place: %1%2")
                 .arg(QString::fromLocal8Bit(std::strerror(err)), unchanged()));
        return m_error;
    }
    // The rename is only durable once the folder itself is on disk; a failure here loses nothing written.
    const int dirFd = ::open(QFile::encodeName(m_dir).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dirFd >= 0) {
        ::fsync(dirFd);
        ::close(dirFd);
    }
    m_progress(1.0);
    return std::nullopt;
}

std::optional<LoadError> CaptureWriter::checkTarget()
{
    LoadError e;
    e.file = m_target;
    if (m_target.isEmpty()) {
        e.message = Tr::tr("no file name given for the capture");
        return e;
    }
    const QFileInfo info(m_target);
    m_dir = info.absolutePath();
    if (!QFileInfo(m_dir).isDir()) {
        e.message = Tr::tr("the folder %1 does not exist; create it first or choose another place")
                        .arg(QDir::toNativeSeparators(m_dir));
        return e;
    }
    if (info.isDir()) {
        e.message = Tr::tr("this is a folder; give a file name such as capture%1")
                        .arg(QString::fromLatin1(kCaptureExtension));
        return e;
    }
    m_targetExisted = info.exists();
    return std::nullopt;
}

// Refuses, before touching the disk, what the file could not represent: dangling ids would make the
// reader reject the capture we just wrote.
std::optional<LoadError> CaptureWriter::validate()
{
    LoadError e;
    e.file = m_target;
    qint64 rows = 1;
    for (size_t s = 0; s < m_capture.snapshots.size(); ++s) {
        const Snapshot* snap = m_capture.snapshots[s].get();
        if (!snap) {
            e.message = Tr::tr("snapshot %1 is missing (null)").arg(s);
            return e;
        }
        const qint64 n = qint64(snap->entities().size());
        auto bad = [n](EntityId id) { return !id.isValid() || id.value >= n; };
        auto missing = [&e, s](const QString& what, EntityId id) {
            e.message = Tr::tr("%1 of snapshot %2 refers to entity %3, which does not exist")
                            .arg(what)
                            .arg(s)
                            .arg(id.value);
            return e;
        };
        for (size_t i = 0; i < snap->entities().size(); ++i) {
            const Entity& ent = snap->entities()[i];
            if (ent.parent.isValid() && ent.parent.value >= n) {
                e.message = Tr::tr("entity %1 of snapshot %2 has parent %3, but the snapshot has only %4 "
                                   "entities")
                                .arg(i)
                                .arg(s)
                                .arg(ent.parent.value)
                                .arg(n);
                return e;
            }
            rows += 1 + ent.detail->numastat.size();
        }
        for (size_t i = 0; i < snap->edges().size(); ++i) {
            const Edge& edge = snap->edges()[i];
            if (bad(edge.source) || bad(edge.target)) {
                e.message = Tr::tr("edge %1 of snapshot %2 joins %3 and %4, but entities are 0 to %5")
                                .arg(i)
                                .arg(s)
                                .arg(edge.source.value)
                                .arg(edge.target.value)
                                .arg(n - 1);
                return e;
            }
        }
        rows += qint64(snap->edges().size()) + qint64(snap->memoryAttributes().size()) + 1;
        for (size_t m = 0; m < snap->distances().size(); ++m) {
            const DistanceMatrix& matrix = snap->distances()[m];
            const size_t size = matrix.objects.size();
            if (matrix.values.size() != size * size) {
                e.message = Tr::tr("distance matrix %1 (%5) of snapshot %2 has %3 values for %4 objects")
                                .arg(m)
                                .arg(s)
                                .arg(matrix.values.size())
                                .arg(size)
                                .arg(matrix.name);
                return e;
            }
            for (EntityId id : matrix.objects)
                if (bad(id))
                    return missing(Tr::tr("distance matrix %1").arg(m), id);
            rows += 1 + qint64(size) + qint64(matrix.values.size());
        }
        for (size_t a = 0; a < snap->memoryAttributes().size(); ++a) {
            const EntityId target = snap->memoryAttributes()[a].target;
            if (target.isValid() && bad(target))
                return missing(Tr::tr("memory attribute %1").arg(a), target);
        }
    }
    for (size_t i = 0; i < m_capture.samples.size(); ++i) {
        const Sample* sample = m_capture.samples[i].get();
        if (!sample) {
            e.message = Tr::tr("sample %1 is missing (null)").arg(i);
            return e;
        }
        if (sample->snapshotIndex < 0 || size_t(sample->snapshotIndex) >= m_capture.snapshots.size()) {
            e.message = Tr::tr("sample %1 refers to snapshot %2, but the capture has %3")
                            .arg(i)
                            .arg(sample->snapshotIndex)
                            .arg(m_capture.snapshots.size());
            return e;
        }
        rows += CaptureRows::rowCount(*sample);
    }
    m_totalRows = rows;
    return std::nullopt;
}

std::optional<LoadError> CaptureWriter::createTempFile()
{
    // Created by hand with O_EXCL so a file of the same name is never reused, and with 0666 so the umask
    // gives the capture the permissions any new file of this user gets.
    const QString base = QFileInfo(m_target).fileName();
    int fd = -1;
    int err = 0;
    for (int attempt = 0; attempt < 64 && fd < 0; ++attempt) {
        m_temp = QStringLiteral("%1/.%2.%3.tmp")
                     .arg(m_dir, base, QString::number(QRandomGenerator::global()->generate64(), 36));
        fd = ::open(QFile::encodeName(m_temp).constData(), O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        err = errno;
        if (fd < 0 && err != EEXIST)
            break;
    }
    LoadError e;
    e.file = m_target;
    if (fd < 0) {
        const QString reason = err == EACCES || err == EPERM ? Tr::tr("permission denied")
                               : err == EROFS                ? Tr::tr("the file system is read-only")
                               : err == ENOSPC               ? Tr::tr("the disk is full")
                                                             : QString::fromLocal8Bit(std::strerror(err));
        e.message = Tr::tr("cannot create a file in %1: %2%3")
                        .arg(QDir::toNativeSeparators(m_dir), reason, unchanged());
        return e;
    }
    ::close(fd);
    sqlite3* db = nullptr;
    const int rc =
        sqlite3_open_v2(QFile::encodeName(m_temp).constData(), &db, SQLITE_OPEN_READWRITE, nullptr);
    m_db.reset(db);
    if (rc != SQLITE_OK) {
        e.message =
            Tr::tr("cannot open the temporary file %1: %2%3")
                .arg(m_temp, QString::fromUtf8(db ? sqlite3_errmsg(db) : sqlite3_errstr(rc)), unchanged());
        discardTemp();
        return e;
    }
    sqlite3_extended_result_codes(m_db.get(), 1);
    return std::nullopt;
}

bool CaptureWriter::writeAll()
{
    // The journal stays in memory: the temporary file is thrown away on any failure, so there is nothing
    // to roll back on disk, and no second temporary file appears beside the target.
    const QString setup = sqliteExec(m_db.get(), "PRAGMA journal_mode = MEMORY; PRAGMA synchronous = FULL;"
                                                 "PRAGMA foreign_keys = OFF; BEGIN IMMEDIATE;");
    if (!setup.isEmpty()) {
        failSqlite(sqlite3_extended_errcode(m_db.get()), QStringLiteral("setup"));
        return false;
    }
    const QString schemaError = createCaptureSchema(m_db.get());
    if (!schemaError.isEmpty()) {
        failSqlite(sqlite3_extended_errcode(m_db.get()), QStringLiteral("schema"));
        return false;
    }
    CaptureRows rows(m_db.get(), [this] { return tick(); });
    if (!rows.writeMeta(m_capture.source) || !rows.writeHosts(m_capture.hosts))
        return rowsFailed(rows);
    for (size_t i = 0; i < m_capture.snapshots.size(); ++i)
        if (!rows.writeSnapshot(int(i), *m_capture.snapshots[i]))
            return rowsFailed(rows);
    for (size_t i = 0; i < m_capture.samples.size(); ++i)
        if (!rows.writeSample(int(i), *m_capture.samples[i]))
            return rowsFailed(rows);
    if (m_progress.isCancelled()) {
        m_error = LoadError::cancel(m_target);
        return false;
    }
    // Most pages reach the disk only now, so a full disk or a size limit usually shows up here.
    const int rc = sqlite3_exec(m_db.get(), "COMMIT", nullptr, nullptr, nullptr);
    if (rc != SQLITE_OK) {
        failSqlite(sqlite3_extended_errcode(m_db.get()), QStringLiteral("commit"));
        return false;
    }
    return true;
}

// A stop by tick() already set the cancel error; anything else is SQLite's.
bool CaptureWriter::rowsFailed(const CaptureRows& rows)
{
    if (!rows.stoppedByTick())
        failSqlite(rows.failedCode(), rows.failedWhere());
    return false;
}

bool CaptureWriter::tick()
{
    ++m_rows;
    if (m_rows % kProgressEvery != 0)
        return true;
    if (m_progress.isCancelled()) {
        m_error = LoadError::cancel(m_target);
        return false;
    }
    // The last few percent are the commit and the rename.
    m_progress(0.95 * double(m_rows) / double(m_totalRows));
    return true;
}

void CaptureWriter::fail(const QString& message, const QString& where)
{
    LoadError e;
    e.file = m_target;
    e.message = message;
    e.where = where;
    m_error = std::move(e);
}

void CaptureWriter::failSqlite(int rc, const QString& where)
{
    const int sysErr = m_db ? sqlite3_system_errno(m_db.get()) : 0;
    const QString sqliteMessage =
        m_db ? QString::fromUtf8(sqlite3_errmsg(m_db.get())) : QString::fromUtf8(sqlite3_errstr(rc));
    const QString dir = QDir::toNativeSeparators(m_dir);
    QString message;
    if ((rc & 0xff) == SQLITE_FULL || sysErr == ENOSPC || sysErr == EDQUOT)
        message = Tr::tr("the disk holding %1 is full (or the quota is used up); free some space "
                         "and save again")
                      .arg(dir);
    else if (sysErr == EFBIG || reachedFileSizeLimit(rc))
        message = Tr::tr("the capture grew past this process's file-size limit (ulimit -f) while "
                         "writing in %1; raise the limit and save again")
                      .arg(dir);
    else if ((rc & 0xff) == SQLITE_READONLY || (rc & 0xff) == SQLITE_PERM || sysErr == EACCES ||
             sysErr == EPERM || sysErr == EROFS)
        message = Tr::tr("permission denied writing in %1 (%2)").arg(dir, sqliteMessage);
    else if ((rc & 0xff) == SQLITE_CONSTRAINT && sqliteMessage.contains(QLatin1String("_is_json_object")))
        message = Tr::tr("the %1 text is not a JSON object, which the model requires (%2)")
                      .arg(sqliteMessage.contains(QLatin1String("payload")) ? QStringLiteral("payload")
                                                                            : QStringLiteral("attributes"),
                           sqliteMessage);
    else if ((rc & 0xff) == SQLITE_CONSTRAINT)
        message = Tr::tr("a value cannot be stored: %1").arg(sqliteMessage);
    else if (sysErr != 0)
        message = Tr::tr("cannot write the capture: %1 (%2)")
                      .arg(sqliteMessage, QString::fromLocal8Bit(std::strerror(sysErr)));
    else
        message = Tr::tr("cannot write the capture: %1").arg(sqliteMessage);
    fail(message + unchanged(), where);
}

// SQLite reports the errno of whatever system call ran last, which after a failed write is often not the
// write's; a temporary file that has grown to the process's size limit tells the story instead.
bool CaptureWriter::reachedFileSizeLimit(int rc) const
{
    rlimit limit{};
    if ((rc & 0xff) != SQLITE_IOERR || getrlimit(RLIMIT_FSIZE, &limit) != 0 ||
        limit.rlim_cur == RLIM_INFINITY)
        return false;
    constexpr qint64 kLargestPage = 65536;
    return QFileInfo(m_temp).size() + kLargestPage >= qint64(limit.rlim_cur);
}

void CaptureWriter::discardTemp()
{
    if (m_db) {
        // ROLLBACK's own result does not matter: the file goes away next.
        sqlite3_exec(m_db.get(), "ROLLBACK", nullptr, nullptr, nullptr);
        m_db.reset();
    }
    if (!m_temp.isEmpty())
        QFile::remove(m_temp);
}

QString CaptureWriter::unchanged() const
{
    return m_targetExisted ? Tr::tr("; the existing %1 was not changed").arg(QFileInfo(m_target).fileName())
                           : QStringLiteral("");
}

} // namespace

std::optional<LoadError> writeCaptureFile(const Capture& capture, const QString& path,
                                          const Progress& progress)
{
    CaptureWriter writer(capture, path, progress);
    return writer.run();
}

} // namespace numasight
