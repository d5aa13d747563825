#include "capture_writer.h"

#include "capture_schema.h"
#include "sqlite_statement.h"
#include "version.h"

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

constexpr int kProgressEvery = 256; // rows between progress reports and cancel checks

QString isoUtc(const QDateTime& t)
{
    return t.toUTC().toString(Qt::ISODateWithMs);
}

SourceFormat originalFormatOf(const SourceInfo& source)
{
    return source.format == SourceFormat::Capture ? source.originalFormat : source.format;
}

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
    bool writeMeta();
    bool writeSnapshot(int index, const Snapshot& snapshot);
    bool writeEntities(int index, const Snapshot& snapshot);
    bool writeEdges(int index, const Snapshot& snapshot);
    bool writeDistances(int index, const Snapshot& snapshot);
    bool writeMemoryAttributes(int index, const Snapshot& snapshot);
    bool prepare(SqliteStatement& st, const char* sql);
    bool done(int rc, const QString& where);
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
        fail(QStringLiteral("cannot close the temporary file %1: %2%3")
                 .arg(m_temp, QString::fromUtf8(sqlite3_errstr(closeRc)), unchanged()));
        QFile::remove(m_temp);
        return m_error;
    }
    if (m_targetExisted)
        QFile::setPermissions(m_temp, QFile::permissions(m_target));
    if (::rename(QFile::encodeName(m_temp).constData(), QFile::encodeName(m_target).constData()) != 0) {
        const int err = errno;
        QFile::remove(m_temp);
        fail(QStringLiteral("cannot move the finished capture into place: %1%2")
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
        e.message = QStringLiteral("no file name given for the capture");
        return e;
    }
    const QFileInfo info(m_target);
    m_dir = info.absolutePath();
    if (!QFileInfo(m_dir).isDir()) {
        e.message = QStringLiteral("the folder %1 does not exist; create it first or choose another place")
                        .arg(QDir::toNativeSeparators(m_dir));
        return e;
    }
    if (info.isDir()) {
        e.message = QStringLiteral("this is a folder; give a file name such as capture%1")
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
            e.message = QStringLiteral("snapshot %1 is missing (null)").arg(s);
            return e;
        }
        const qint64 n = qint64(snap->entities().size());
        auto bad = [n](EntityId id) { return !id.isValid() || id.value >= n; };
        for (size_t i = 0; i < snap->entities().size(); ++i) {
            const Entity& ent = snap->entities()[i];
            if (ent.parent.isValid() && ent.parent.value >= n) {
                e.message =
                    QStringLiteral("entity %1 of snapshot %2 has parent %3, but the snapshot has only %4 "
                                   "entities")
                        .arg(i)
                        .arg(s)
                        .arg(ent.parent.value)
                        .arg(n);
                return e;
            }
            rows += 1 + ent.numastat.size();
        }
        for (size_t i = 0; i < snap->edges().size(); ++i) {
            const Edge& edge = snap->edges()[i];
            if (bad(edge.source) || bad(edge.target)) {
                e.message = QStringLiteral("edge %1 of snapshot %2 joins %3 and %4, but entities are 0 to %5")
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
                e.message =
                    QStringLiteral("distance matrix %1 (%5) of snapshot %2 has %3 values for %4 objects")
                        .arg(m)
                        .arg(s)
                        .arg(matrix.values.size())
                        .arg(size)
                        .arg(matrix.name);
                return e;
            }
            for (EntityId id : matrix.objects) {
                if (bad(id)) {
                    e.message =
                        QStringLiteral("distance matrix %1 of snapshot %2 refers to entity %3, which does "
                                       "not exist")
                            .arg(m)
                            .arg(s)
                            .arg(id.value);
                    return e;
                }
            }
            rows += 1 + qint64(size) + qint64(matrix.values.size());
        }
        for (size_t a = 0; a < snap->memoryAttributes().size(); ++a) {
            const EntityId target = snap->memoryAttributes()[a].target;
            if (target.isValid() && target.value >= n) {
                e.message =
                    QStringLiteral("memory attribute %1 of snapshot %2 refers to entity %3, which does "
                                   "not exist")
                        .arg(a)
                        .arg(s)
                        .arg(target.value);
                return e;
            }
        }
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
        const QString reason = err == EACCES || err == EPERM ? QStringLiteral("permission denied")
                               : err == EROFS                ? QStringLiteral("the file system is read-only")
                               : err == ENOSPC               ? QStringLiteral("the disk is full")
                                                             : QString::fromLocal8Bit(std::strerror(err));
        e.message = QStringLiteral("cannot create a file in %1: %2%3")
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
            QStringLiteral("cannot open the temporary file %1: %2%3")
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
    if (!writeMeta())
        return false;
    for (size_t i = 0; i < m_capture.snapshots.size(); ++i)
        if (!writeSnapshot(int(i), *m_capture.snapshots[i]))
            return false;
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

bool CaptureWriter::writeMeta()
{
    SqliteStatement st;
    if (!prepare(st, "INSERT INTO meta(key, value) VALUES(?1, ?2)"))
        return false;
    const SourceInfo& src = m_capture.source;
    QList<QPair<QString, QString>> rows = {
        {QStringLiteral("host"), src.hostname},
        {QStringLiteral("kernel"), src.kernel},
        {QStringLiteral("created_at"), isoUtc(QDateTime::currentDateTimeUtc())},
        {QStringLiteral("captured_at"), src.capturedAt.isValid() ? isoUtc(src.capturedAt) : QString()},
        {QStringLiteral("numasight_version"), version()},
        {QStringLiteral("source_format"), sourceFormatName(src.format)},
        {QStringLiteral("original_format"), sourceFormatName(originalFormatOf(src))},
        {QStringLiteral("source_path"), src.path},
        {QStringLiteral("mode"), src.mode},
    };
    for (auto it = src.extra.constBegin(); it != src.extra.constEnd(); ++it)
        rows.append({QStringLiteral("extra.") + it.key(), it.value()});
    for (const auto& [key, value] : rows) {
        // Absent keys mean "unknown", which keeps `SELECT * FROM meta` short; extra keys are kept even when
        // empty because their presence is information.
        if (value.isEmpty() && !key.startsWith(QLatin1String("extra.")))
            continue;
        st.bindRequiredText(1, key);
        st.bindRequiredText(2, value);
        if (!done(st.execute(), QStringLiteral("meta row '%1'").arg(key)))
            return false;
    }
    return tick();
}

bool CaptureWriter::writeSnapshot(int index, const Snapshot& snapshot)
{
    SqliteStatement st;
    if (!prepare(st, "INSERT INTO snapshots(id, taken_at, label) VALUES(?1, ?2, ?3)"))
        return false;
    st.bindInt(1, index);
    if (snapshot.takenAt().isValid())
        st.bindRequiredText(2, isoUtc(snapshot.takenAt()));
    else
        st.bindNull(2);
    st.bindText(3, snapshot.label());
    if (!done(st.execute(), QStringLiteral("snapshots row %1").arg(index)) || !tick())
        return false;
    return writeEntities(index, snapshot) && writeEdges(index, snapshot) && writeDistances(index, snapshot) &&
           writeMemoryAttributes(index, snapshot);
}

bool CaptureWriter::writeEntities(int index, const Snapshot& snapshot)
{
    SqliteStatement st;
    SqliteStatement stat;
    if (!prepare(st,
                 "INSERT INTO entities(snapshot_id, id, kind, type_name, ns, key, name, parent, os_index, "
                 "logical_index, cpus, nodes, memory_bytes, memory_free_bytes, memory_tier, pid, ppid, tid, "
                 "cmdline, device_class, pci_bus_id, vendor, numa_node, container_id, container_type, "
                 "address, port, protocol, cache_bytes, cache_level, attributes) "
                 "VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, "
                 "?19, ?20, ?21, ?22, ?23, ?24, ?25, ?26, ?27, ?28, ?29, ?30, ?31)") ||
        !prepare(stat, "INSERT INTO numastat(snapshot_id, entity, counter, value) VALUES(?1, ?2, ?3, ?4)"))
        return false;
    const auto& entities = snapshot.entities();
    for (size_t i = 0; i < entities.size(); ++i) {
        const Entity& e = entities[i];
        st.bindInt(1, index);
        st.bindInt(2, qint64(i));
        st.bindRequiredText(3, entityKindName(e.kind));
        st.bindRequiredText(4, e.typeName);
        st.bindRequiredText(5, e.ns);
        st.bindRequiredText(6, e.key);
        st.bindText(7, e.name);
        st.bindIntOrNull(8, e.parent.isValid() ? e.parent.value : -1, -1);
        st.bindIntOrNull(9, e.osIndex, -1);
        st.bindIntOrNull(10, e.logicalIndex, -1);
        st.bindText(11, e.cpus.toRangeString());
        st.bindText(12, e.nodes.toRangeString());
        st.bindU64(13, e.memoryBytes);
        st.bindU64(14, e.memoryFreeBytes);
        st.bindText(15, e.memoryTier);
        st.bindIntOrNull(16, e.pid, -1);
        st.bindIntOrNull(17, e.ppid, -1);
        st.bindIntOrNull(18, e.tid, -1);
        st.bindText(19, e.cmdline);
        st.bindText(20, deviceClassName(e.deviceClass));
        st.bindText(21, e.pciBusId);
        st.bindText(22, e.vendor);
        st.bindIntOrNull(23, e.numaNode, -1);
        st.bindText(24, e.containerId);
        st.bindText(25, e.containerType);
        st.bindText(26, e.address);
        st.bindIntOrNull(27, e.port, -1);
        st.bindText(28, e.protocol);
        st.bindU64(29, e.cacheBytes);
        st.bindInt(30, e.cacheLevel);
        st.bindBytes(31, e.attributes);
        const QString where = QStringLiteral("entity %1 of snapshot %2").arg(i).arg(index);
        if (!done(st.execute(), where) || !tick())
            return false;
        for (auto it = e.numastat.constBegin(); it != e.numastat.constEnd(); ++it) {
            stat.bindInt(1, index);
            stat.bindInt(2, qint64(i));
            stat.bindRequiredText(3, it.key());
            stat.bindU64(4, it.value());
            if (!done(stat.execute(), where + QStringLiteral(", numastat '%1'").arg(it.key())) || !tick())
                return false;
        }
    }
    return true;
}

bool CaptureWriter::writeEdges(int index, const Snapshot& snapshot)
{
    SqliteStatement st;
    if (!prepare(st, "INSERT INTO edges(snapshot_id, id, kind, type_name, source, target, directed, weight, "
                     "payload) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)"))
        return false;
    const auto& edges = snapshot.edges();
    for (size_t i = 0; i < edges.size(); ++i) {
        const Edge& e = edges[i];
        st.bindInt(1, index);
        st.bindInt(2, qint64(i));
        st.bindRequiredText(3, edgeKindName(e.kind));
        st.bindRequiredText(4, e.typeName);
        st.bindInt(5, e.source.value);
        st.bindInt(6, e.target.value);
        st.bindInt(7, e.directed ? 1 : 0);
        if (e.weight)
            st.bindDouble(8, *e.weight);
        else
            st.bindNull(8);
        st.bindBytes(9, e.payload);
        if (!done(st.execute(), QStringLiteral("edge %1 of snapshot %2").arg(i).arg(index)) || !tick())
            return false;
    }
    return true;
}

bool CaptureWriter::writeDistances(int index, const Snapshot& snapshot)
{
    SqliteStatement matrixSt, objectSt, valueSt;
    if (!prepare(matrixSt, "INSERT INTO distance_matrices(snapshot_id, matrix, name, unit, from_os) "
                           "VALUES(?1, ?2, ?3, ?4, ?5)") ||
        !prepare(objectSt,
                 "INSERT INTO distance_objects(snapshot_id, matrix, idx, entity) VALUES(?1, ?2, ?3, ?4)") ||
        !prepare(valueSt, "INSERT INTO distance_values(snapshot_id, matrix, row, col, value) "
                          "VALUES(?1, ?2, ?3, ?4, ?5)"))
        return false;
    const auto& matrices = snapshot.distances();
    for (size_t m = 0; m < matrices.size(); ++m) {
        const DistanceMatrix& matrix = matrices[m];
        const QString where = QStringLiteral("distance matrix %1 of snapshot %2").arg(m).arg(index);
        matrixSt.bindInt(1, index);
        matrixSt.bindInt(2, qint64(m));
        matrixSt.bindText(3, matrix.name);
        matrixSt.bindText(4, matrix.unit);
        matrixSt.bindInt(5, matrix.fromOs ? 1 : 0);
        if (!done(matrixSt.execute(), where) || !tick())
            return false;
        const size_t n = matrix.objects.size();
        for (size_t k = 0; k < n; ++k) {
            objectSt.bindInt(1, index);
            objectSt.bindInt(2, qint64(m));
            objectSt.bindInt(3, qint64(k));
            objectSt.bindInt(4, matrix.objects[k].value);
            if (!done(objectSt.execute(), where) || !tick())
                return false;
        }
        for (size_t k = 0; k < matrix.values.size(); ++k) {
            valueSt.bindInt(1, index);
            valueSt.bindInt(2, qint64(m));
            valueSt.bindInt(3, qint64(k / n));
            valueSt.bindInt(4, qint64(k % n));
            valueSt.bindDouble(5, matrix.values[k]); // SQLite stores NaN as NULL
            if (!done(valueSt.execute(), where) || !tick())
                return false;
        }
    }
    return true;
}

bool CaptureWriter::writeMemoryAttributes(int index, const Snapshot& snapshot)
{
    SqliteStatement st;
    if (!prepare(st,
                 "INSERT INTO memory_attributes(snapshot_id, id, attribute, unit, target, initiator, value) "
                 "VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7)"))
        return false;
    const auto& values = snapshot.memoryAttributes();
    for (size_t i = 0; i < values.size(); ++i) {
        const MemoryAttributeValue& v = values[i];
        st.bindInt(1, index);
        st.bindInt(2, qint64(i));
        st.bindRequiredText(3, v.attribute);
        st.bindText(4, v.unit);
        st.bindIntOrNull(5, v.target.isValid() ? v.target.value : -1, -1);
        st.bindText(6, v.initiator.toRangeString());
        st.bindU64(7, v.value);
        if (!done(st.execute(), QStringLiteral("memory attribute %1 of snapshot %2").arg(i).arg(index)) ||
            !tick())
            return false;
    }
    return true;
}

bool CaptureWriter::prepare(SqliteStatement& st, const char* sql)
{
    const int rc = st.prepare(m_db.get(), sql);
    if (rc == SQLITE_OK)
        return true;
    failSqlite(rc, QStringLiteral("preparing a statement"));
    return false;
}

bool CaptureWriter::done(int rc, const QString& where)
{
    if (rc == SQLITE_DONE || rc == SQLITE_OK)
        return true;
    const int extended = sqlite3_extended_errcode(m_db.get());
    failSqlite(extended != SQLITE_OK ? extended : rc, where);
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
        message = QStringLiteral("the disk holding %1 is full (or the quota is used up); free some space "
                                 "and save again")
                      .arg(dir);
    else if (sysErr == EFBIG || reachedFileSizeLimit(rc))
        message = QStringLiteral("the capture grew past this process's file-size limit (ulimit -f) while "
                                 "writing in %1; raise the limit and save again")
                      .arg(dir);
    else if ((rc & 0xff) == SQLITE_READONLY || (rc & 0xff) == SQLITE_PERM || sysErr == EACCES ||
             sysErr == EPERM || sysErr == EROFS)
        message = QStringLiteral("permission denied writing in %1 (%2)").arg(dir, sqliteMessage);
    else if ((rc & 0xff) == SQLITE_CONSTRAINT && sqliteMessage.contains(QLatin1String("_is_json_object")))
        message = QStringLiteral("the %1 text is not a JSON object, which the model requires (%2)")
                      .arg(sqliteMessage.contains(QLatin1String("payload")) ? QStringLiteral("payload")
                                                                            : QStringLiteral("attributes"),
                           sqliteMessage);
    else if ((rc & 0xff) == SQLITE_CONSTRAINT)
        message = QStringLiteral("a value cannot be stored: %1").arg(sqliteMessage);
    else if (sysErr != 0)
        message = QStringLiteral("cannot write the capture: %1 (%2)")
                      .arg(sqliteMessage, QString::fromLocal8Bit(std::strerror(sysErr)));
    else
        message = QStringLiteral("cannot write the capture: %1").arg(sqliteMessage);
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
    return m_targetExisted
               ? QStringLiteral("; the existing %1 was not changed").arg(QFileInfo(m_target).fileName())
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
