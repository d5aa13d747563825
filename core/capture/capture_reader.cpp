#include "capture_reader.h"

#include "capture_schema.h"
#include "sqlite_statement.h"

#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>

#include <sqlite3.h>

#include <cmath>
#include <limits>
#include <memory>

namespace numasight {

namespace {

constexpr int kProgressEvery = 256;
constexpr qint64 kSqliteHeaderSize = 100;
// As the null value of CaptureReader::integer(): the column must not be NULL.
constexpr std::int64_t kNotNull = std::numeric_limits<std::int64_t>::min();
// The same for smallInt(): a value below every allowed minimum, so NULL is reported as not an integer.
constexpr int kNoNull = std::numeric_limits<int>::min();

quint32 bigEndian(const QByteArray& b, int at, int bytes)
{
    quint32 v = 0;
    for (int i = 0; i < bytes; ++i)
        v = (v << 8) | quint8(b[at + i]);
    return v;
}

std::optional<DeviceClass> deviceClassFromName(QStringView name)
{
    for (DeviceClass c :
         {DeviceClass::None, DeviceClass::Gpu, DeviceClass::Npu, DeviceClass::Nic, DeviceClass::Other})
        if (name == deviceClassName(c))
            return c;
    return std::nullopt;
}

// A cell as text for messages, without the type conversion sqlite3_column_text() would apply to numbers
// (after which sqlite3_column_type() is undefined).
QString cellText(const SqliteStatement& st, int col)
{
    switch (st.columnType(col)) {
    case SQLITE_INTEGER:
        return QString::number(st.int64(col));
    case SQLITE_FLOAT:
        return QString::number(st.real(col), 'g', 17);
    case SQLITE_NULL:
        return QStringLiteral("NULL");
    default:
        return st.text(col);
    }
}

QString quoted(const QString& text)
{
    constexpr int kMax = 40; // a hostile value must not turn the message into a page
    return QLatin1Char('\'') + (text.size() > kMax ? text.left(kMax) + QStringLiteral("…") : text) +
           QLatin1Char('\'');
}

class CaptureReader
{
public:
    CaptureReader(const QString& path, const Progress& progress)
        : m_path(path)
        , m_openPath(path)
        , m_progress(progress)
    {
    }

    Result<CapturePtr> run();

private:
    bool recoverHotJournal();
    bool checkHeader();
    bool open();
    bool checkIdentity();
    bool countRows();
    bool readMeta(SourceInfo& source);
    bool readSnapshots(Capture& capture);
    bool readEntities(qint64 snapshotId, SnapshotBuilder& builder);
    bool readNumastat(qint64 snapshotId, SnapshotBuilder& builder);
    bool readEdges(qint64 snapshotId, SnapshotBuilder& builder);
    bool readDistances(qint64 snapshotId, SnapshotBuilder& builder);
    bool readMemoryAttributes(qint64 snapshotId, SnapshotBuilder& builder);
    bool readSamples(Capture& capture);
    bool readSampleThreads(std::vector<Sample>& samples);
    bool readSampleProcesses(std::vector<Sample>& samples);
    bool readSampleNodes(std::vector<Sample>& samples);
    bool readSampleVmstat(std::vector<Sample>& samples);
    bool readSampleFlows(std::vector<Sample>& samples);
    // Checks that a row's (sample_id, parent idx) names a row read before, in the order of the key.
    bool owner(const SqliteStatement& st, const QString& table, const std::vector<Sample>& samples,
               std::int64_t& sampleId);
    bool mode(const SqliteStatement& st, int col, CollectionMode& out);

    bool prepare(SqliteStatement& st, const char* sql, const QString& table);
    // SQLITE_ROW → true; SQLITE_DONE → false with `more` false; errors → false with m_error set.
    bool next(SqliteStatement& st, const QString& table, bool& more);
    bool tick();

    // Column readers that check the stored type and range; on failure they set m_error at m_where.
    bool integer(const SqliteStatement& st, int col, const char* name, std::int64_t nullValue,
                 std::int64_t min, std::int64_t max, std::int64_t& out);
    template <class Int>
    bool smallInt(const SqliteStatement& st, int col, const char* name, Int nullValue, Int min, Int& out)
    {
        std::int64_t v = 0;
        const std::int64_t null = nullValue == std::numeric_limits<Int>::min() ? kNotNull : nullValue;
        if (!integer(st, col, name, null, min, std::numeric_limits<Int>::max(), v))
            return false;
        out = Int(v);
        return true;
    }
    bool unsigned64(const SqliteStatement& st, int col, const char* name, std::uint64_t& out);
    bool number(const SqliteStatement& st, int col, const char* name, std::optional<double>& out);
    bool indexSet(const SqliteStatement& st, int col, const char* name, const char* what, IndexSet& out);
    bool entityRef(std::int64_t value, const char* name, int entityCount);
    // Checks that column 0 holds the next number of a 0, 1, 2, … sequence and names the row in m_where.
    bool sequential(const SqliteStatement& st, const QString& table, qint64 snapshotId, const QString& what,
                    qint64 expected);
    bool jsonObject(const SqliteStatement& st, int col, int okCol, const char* name, QByteArray& out);

    void fail(const QString& message, const QString& where = {});
    void failSqlite(const QString& table);
    void setWhere(const QString& table, qint64 snapshotId, const QString& what, qint64 id);

    const QString m_path;
    QString m_openPath; // m_path, or a recovered copy of it (see recoverHotJournal)
    std::unique_ptr<QTemporaryDir> m_recoveryDir;
    const Progress& m_progress;
    SqliteDatabase m_db;
    int m_version = 0;
    QString m_where;
    qint64 m_rows = 0;
    qint64 m_totalRows = 1;
    QHash<QString, qint64> m_tableRows; // count(*) per table, to find rows that belong to no snapshot
    QHash<QString, qint64> m_rowsRead;
    std::optional<LoadError> m_error;
};

Result<CapturePtr> CaptureReader::run()
{
    if (!recoverHotJournal() || !checkHeader() || !open() || !checkIdentity() || !countRows())
        return *m_error;
    auto capture = std::make_shared<Capture>();
    capture->source.format = SourceFormat::Capture;
    capture->source.path = m_path;
    if (!readMeta(capture->source) || !readSnapshots(*capture) || !readSamples(*capture))
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
bool CaptureReader::recoverHotJournal()
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
        fail(QStringLiteral(
                 "the recording was interrupted in the middle of a sample and its journal %1 cannot "
                 "be played back here; open it once as its owner (numasight or sqlite3 without "
                 "-readonly) to recover every completed sample")
                 .arg(QFileInfo(journal).fileName()));
        return false;
    }
    m_openPath = copy;
    return true;
}

bool CaptureReader::checkHeader()
{
    const QFileInfo info(m_path);
    if (!info.exists()) {
        fail(QStringLiteral("no such file"));
        return false;
    }
    if (info.isDir()) {
        fail(QStringLiteral("this is a folder, not a capture file"));
        return false;
    }
    QFile file(m_openPath);
    if (!file.open(QIODevice::ReadOnly)) {
        fail(QStringLiteral("cannot open: %1").arg(file.errorString()));
        return false;
    }
    const qint64 size = file.size();
    if (size == 0) {
        fail(QStringLiteral("the file is empty; it is not a numasight capture"));
        return false;
    }
    const QByteArray header = file.read(kSqliteHeaderSize);
    if (header.size() < kSqliteHeaderSize || !header.startsWith(QByteArrayView("SQLite format 3\0", 16))) {
        fail(QStringLiteral("not a numasight capture: the file does not start with an SQLite header"));
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
        fail(QStringLiteral("the file is truncated: its header says %1 bytes but only %2 are there; it was "
                            "probably cut off while being copied, copy it again")
                 .arg(qint64(pageSize) * qint64(pages))
                 .arg(size));
        return false;
    }
    return true;
}

bool CaptureReader::open()
{
    sqlite3* db = nullptr;
    const int rc =
        sqlite3_open_v2(QFile::encodeName(m_openPath).constData(), &db, SQLITE_OPEN_READONLY, nullptr);
    m_db.reset(db);
    if (rc != SQLITE_OK) {
        fail(QStringLiteral("cannot open the capture: %1")
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

bool CaptureReader::checkIdentity()
{
    SqliteStatement st;
    bool more = false;
    if (!prepare(st, "PRAGMA application_id", QStringLiteral("header")) ||
        !next(st, QStringLiteral("header"), more))
        return false;
    const qint64 applicationId = st.int64(0);
    if (applicationId != kCaptureApplicationId) {
        fail(QStringLiteral("an SQLite database, but not a numasight capture (application_id is 0x%1, a "
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
        fail(QStringLiteral(
                 "written with capture schema version %1, but this numasight reads versions up to %2; "
                 "upgrade numasight to open it")
                 .arg(version)
                 .arg(kCaptureSchemaVersion));
        return false;
    }
    if (version < 1) {
        fail(QStringLiteral("capture schema version %1 does not exist; the file is damaged").arg(version));
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
            fail(QStringLiteral("table '%1' is missing; the capture is damaged or was edited, write it again "
                                "from its source")
                     .arg(table));
            return false;
        }
    }
    return true;
}

bool CaptureReader::countRows()
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

bool CaptureReader::readMeta(SourceInfo& source)
{
    const QString table = QStringLiteral("meta");
    SqliteStatement st;
    if (!prepare(st, "SELECT key, value FROM meta ORDER BY key", table))
        return false;
    bool more = true;
    while (next(st, table, more)) {
        const QString key = st.text(0);
        const QString value = st.text(1);
        m_where = QStringLiteral("meta row '%1'").arg(key);
        if (key == QLatin1String("host"))
            source.hostname = value;
        else if (key == QLatin1String("kernel"))
            source.kernel = value;
        else if (key == QLatin1String("numasight_version"))
            source.numasightVersion = value;
        else if (key == QLatin1String("mode"))
            source.mode = value;
        else if (key == QLatin1String("original_format"))
            source.originalFormat = sourceFormatFromName(value);
        else if (key == QLatin1String("captured_at")) {
            source.capturedAt = QDateTime::fromString(value, Qt::ISODateWithMs);
            if (!source.capturedAt.isValid()) {
                fail(QStringLiteral("%1 is not an ISO 8601 time such as '2024-05-01T12:00:00.000Z'")
                         .arg(quoted(value)),
                     m_where);
                return false;
            }
        } else if (key.startsWith(QLatin1String("extra.")))
            source.extra.insert(key.mid(6), value);
        // Other keys (created_at, source_path, and whatever later versions add) are for people and `info`.
        if (!tick())
            return false;
    }
    m_rowsRead[table] = m_tableRows.value(table);
    return !m_error;
}

bool CaptureReader::readSnapshots(Capture& capture)
{
    const QString table = QStringLiteral("snapshots");
    SqliteStatement st;
    if (!prepare(st, "SELECT id, taken_at, label FROM snapshots ORDER BY id", table))
        return false;
    struct Row
    {
        std::int64_t id = 0;
        QDateTime takenAt;
        QString label;
    };
    std::vector<Row> rows;
    bool more = true;
    while (next(st, table, more)) {
        Row row;
        m_where = QStringLiteral("snapshots row %1").arg(cellText(st, 0));
        if (!integer(st, 0, "id", kNotNull, 0, std::numeric_limits<int>::max(), row.id))
            return false;
        if (!st.isNull(1)) {
            row.takenAt = QDateTime::fromString(st.text(1), Qt::ISODateWithMs);
            if (!row.takenAt.isValid()) {
                fail(QStringLiteral("taken_at %1 is not an ISO 8601 time such as '2024-05-01T12:00:00.000Z'")
                         .arg(quoted(st.text(1))),
                     m_where);
                return false;
            }
        }
        row.label = st.text(2);
        rows.push_back(std::move(row));
        if (!tick())
            return false;
    }
    if (m_error)
        return false;
    for (const Row& row : rows) {
        SnapshotBuilder builder;
        builder.setTakenAt(row.takenAt);
        builder.setLabel(row.label);
        if (!readEntities(row.id, builder) || !readNumastat(row.id, builder) || !readEdges(row.id, builder) ||
            !readDistances(row.id, builder) || !readMemoryAttributes(row.id, builder))
            return false;
        capture.snapshots.push_back(builder.finish());
    }
    m_rowsRead[table] = qint64(rows.size());
    for (const QString& t : captureTables(m_version)) {
        const qint64 orphans = m_tableRows.value(t) - m_rowsRead.value(t);
        if (orphans != 0 && !t.startsWith(QLatin1String("sample"))) {
            fail(QStringLiteral(
                     "%1 rows belong to no snapshot listed in table 'snapshots'; the capture is damaged")
                     .arg(orphans),
                 t);
            return false;
        }
    }
    return true;
}

bool CaptureReader::readEntities(qint64 snapshotId, SnapshotBuilder& builder)
{
    const QString table = QStringLiteral("entities");
    SqliteStatement st;
    // The JSON check runs in SQLite so malformed text is found without a second parse here; CASE keeps
    // json_type() away from text that is not JSON (it would raise an error).
    if (!prepare(st,
                 "SELECT id, kind, type_name, ns, key, name, parent, os_index, logical_index, cpus, nodes, "
                 "memory_bytes, memory_free_bytes, memory_tier, pid, ppid, tid, cmdline, device_class, "
                 "pci_bus_id, "
                 "vendor, numa_node, container_id, container_type, address, port, protocol, cache_bytes, "
                 "cache_level, attributes, CASE WHEN attributes IS NULL THEN 1 WHEN json_valid(attributes) "
                 "THEN json_type(attributes) = 'object' ELSE 0 END "
                 "FROM entities WHERE snapshot_id = ?1 ORDER BY id",
                 table))
        return false;
    st.bindInt(1, snapshotId);
    std::vector<std::pair<EntityId, std::int64_t>> parents;
    constexpr std::int64_t kNone = -1;
    const auto int32Max = std::numeric_limits<std::int32_t>::max();
    bool more = true;
    while (next(st, table, more)) {
        const qint64 expected = builder.entityCount();
        if (!sequential(st, table, snapshotId, QStringLiteral("id"), expected))
            return false;
        Entity e;
        e.kind = entityKindFromName(st.text(1)); // a kind from a later version reads as Unknown
        e.typeName = st.text(2);
        e.ns = st.text(3);
        e.key = st.text(4);
        e.name = st.text(5);
        std::int64_t parent = kNone;
        if (!integer(st, 6, "parent", kNone, 0, int32Max, parent) ||
            !smallInt(st, 7, "os_index", -1, -1, e.osIndex) ||
            !smallInt(st, 8, "logical_index", -1, -1, e.logicalIndex) ||
            !indexSet(st, 9, "cpus", "a CPU list such as '0-23,48'", e.cpus) ||
            !indexSet(st, 10, "nodes", "a NUMA node list such as '0,2-3'", e.nodes) ||
            !unsigned64(st, 11, "memory_bytes", e.memoryBytes) ||
            !unsigned64(st, 12, "memory_free_bytes", e.memoryFreeBytes))
            return false;
        e.memoryTier = st.text(13);
        const auto int64Min = std::numeric_limits<std::int64_t>::min();
        const auto int64Max = std::numeric_limits<std::int64_t>::max();
        if (!integer(st, 14, "pid", -1, int64Min, int64Max, e.pid) ||
            !integer(st, 15, "ppid", -1, int64Min, int64Max, e.ppid) ||
            !integer(st, 16, "tid", -1, int64Min, int64Max, e.tid))
            return false;
        e.cmdline = st.text(17);
        const auto deviceClass = deviceClassFromName(st.text(18));
        if (!deviceClass) {
            fail(
                QStringLiteral("device_class %1 is not one of gpu, npu, nic, other").arg(quoted(st.text(18))),
                m_where);
            return false;
        }
        e.deviceClass = *deviceClass;
        e.pciBusId = st.text(19);
        e.vendor = st.text(20);
        if (!smallInt(st, 21, "numa_node", -1, -1, e.numaNode.value))
            return false;
        e.containerId = st.text(22);
        e.containerType = st.text(23);
        e.address = st.text(24);
        if (!smallInt(st, 25, "port", -1, -1, e.port))
            return false;
        e.protocol = st.text(26);
        if (!unsigned64(st, 27, "cache_bytes", e.cacheBytes) ||
            !smallInt(st, 28, "cache_level", 0, 0, e.cacheLevel) ||
            !jsonObject(st, 29, 30, "attributes", e.attributes))
            return false;
        bool inserted = false;
        const EntityId id = builder.add(std::move(e), &inserted);
        if (!inserted) {
            fail(QStringLiteral("the same type_name, ns and key as entity %1; each entity must be unique")
                     .arg(id.value),
                 m_where);
            return false;
        }
        if (parent != kNone)
            parents.emplace_back(id, parent);
        if (!tick())
            return false;
    }
    if (m_error)
        return false;
    for (const auto& [id, parent] : parents) {
        setWhere(table, snapshotId, QStringLiteral("id"), id.value);
        if (!entityRef(parent, "parent", builder.entityCount()))
            return false;
        builder.entity(id).parent = EntityId(std::int32_t(parent));
    }
    m_rowsRead[table] += builder.entityCount();
    return true;
}

bool CaptureReader::readNumastat(qint64 snapshotId, SnapshotBuilder& builder)
{
    const QString table = QStringLiteral("numastat");
    SqliteStatement st;
    if (!prepare(
            st, "SELECT entity, counter, value FROM numastat WHERE snapshot_id = ?1 ORDER BY entity, counter",
            table))
        return false;
    st.bindInt(1, snapshotId);
    bool more = true;
    while (next(st, table, more)) {
        m_where = QStringLiteral("numastat row (snapshot_id %1, entity %2, counter %3)")
                      .arg(snapshotId)
                      .arg(cellText(st, 0), quoted(cellText(st, 1)));
        std::int64_t entity = -1;
        std::uint64_t value = 0;
        if (!integer(st, 0, "entity", kNotNull, std::numeric_limits<std::int64_t>::min(),
                     std::numeric_limits<std::int64_t>::max(), entity) ||
            !entityRef(entity, "entity", builder.entityCount()) || !unsigned64(st, 2, "value", value))
            return false;
        builder.entity(EntityId(std::int32_t(entity))).numastat.insert(st.text(1), value);
        ++m_rowsRead[table];
        if (!tick())
            return false;
    }
    return !m_error;
}

bool CaptureReader::readEdges(qint64 snapshotId, SnapshotBuilder& builder)
{
    const QString table = QStringLiteral("edges");
    SqliteStatement st;
    if (!prepare(st,
                 "SELECT id, kind, type_name, source, target, directed, weight, payload, CASE WHEN payload "
                 "IS NULL "
                 "THEN 1 WHEN json_valid(payload) THEN json_type(payload) = 'object' ELSE 0 END "
                 "FROM edges WHERE snapshot_id = ?1 ORDER BY id",
                 table))
        return false;
    st.bindInt(1, snapshotId);
    const int entities = builder.entityCount();
    const auto anyInt64Min = std::numeric_limits<std::int64_t>::min();
    const auto anyInt64Max = std::numeric_limits<std::int64_t>::max();
    qint64 expected = 0;
    bool more = true;
    while (next(st, table, more)) {
        if (!sequential(st, table, snapshotId, QStringLiteral("id"), expected))
            return false;
        Edge e;
        e.kind = edgeKindFromName(st.text(1));
        e.typeName = st.text(2);
        std::int64_t source = 0, target = 0, directed = 0;
        if (!integer(st, 3, "source", kNotNull, anyInt64Min, anyInt64Max, source) ||
            !entityRef(source, "source", entities) ||
            !integer(st, 4, "target", kNotNull, anyInt64Min, anyInt64Max, target) ||
            !entityRef(target, "target", entities) || !integer(st, 5, "directed", kNotNull, 0, 1, directed) ||
            !number(st, 6, "weight", e.weight) || !jsonObject(st, 7, 8, "payload", e.payload))
            return false;
        e.source = EntityId(std::int32_t(source));
        e.target = EntityId(std::int32_t(target));
        e.directed = directed == 1;
        builder.addEdge(std::move(e));
        ++expected;
        if (!tick())
            return false;
    }
    m_rowsRead[table] += expected;
    return !m_error;
}

bool CaptureReader::readDistances(qint64 snapshotId, SnapshotBuilder& builder)
{
    const QString matrices = QStringLiteral("distance_matrices");
    const QString objects = QStringLiteral("distance_objects");
    const QString values = QStringLiteral("distance_values");
    SqliteStatement matrixSt, objectSt, valueSt;
    if (!prepare(matrixSt,
                 "SELECT matrix, name, unit, from_os FROM distance_matrices WHERE snapshot_id = ?1 ORDER BY "
                 "matrix",
                 matrices) ||
        !prepare(
            objectSt,
            "SELECT idx, entity FROM distance_objects WHERE snapshot_id = ?1 AND matrix = ?2 ORDER BY idx",
            objects) ||
        !prepare(valueSt,
                 "SELECT row, col, value FROM distance_values WHERE snapshot_id = ?1 AND matrix = ?2 "
                 "ORDER BY row, col",
                 values))
        return false;
    matrixSt.bindInt(1, snapshotId);
    const auto anyMin = std::numeric_limits<std::int64_t>::min();
    const auto anyMax = std::numeric_limits<std::int64_t>::max();
    qint64 expectedMatrix = 0;
    bool more = true;
    while (next(matrixSt, matrices, more)) {
        std::int64_t fromOs = 0;
        if (!sequential(matrixSt, matrices, snapshotId, QStringLiteral("matrix"), expectedMatrix) ||
            !integer(matrixSt, 3, "from_os", kNotNull, 0, 1, fromOs))
            return false;
        DistanceMatrix matrix;
        matrix.name = matrixSt.text(1);
        matrix.unit = matrixSt.text(2);
        matrix.fromOs = fromOs == 1;

        objectSt.reset();
        objectSt.bindInt(1, snapshotId);
        objectSt.bindInt(2, expectedMatrix);
        bool moreObjects = true;
        while (next(objectSt, objects, moreObjects)) {
            std::int64_t entity = 0;
            if (!sequential(objectSt, objects, snapshotId,
                            QStringLiteral("matrix %1, idx").arg(expectedMatrix),
                            qint64(matrix.objects.size())) ||
                !integer(objectSt, 1, "entity", kNotNull, anyMin, anyMax, entity) ||
                !entityRef(entity, "entity", builder.entityCount()))
                return false;
            matrix.objects.push_back(EntityId(std::int32_t(entity)));
            ++m_rowsRead[objects];
            if (!tick())
                return false;
        }
        if (m_error)
            return false;

        // Values are checked one by one against the next expected (row, col) rather than allocated from the
        // object count up front: a hostile count must not cost n² memory before anything is verified.
        const qint64 n = qint64(matrix.objects.size());
        valueSt.reset();
        valueSt.bindInt(1, snapshotId);
        valueSt.bindInt(2, expectedMatrix);
        bool moreValues = true;
        qint64 k = 0;
        while (next(valueSt, values, moreValues)) {
            m_where = QStringLiteral("%1 row (snapshot_id %2, matrix %3, row %4, col %5)")
                          .arg(values)
                          .arg(snapshotId)
                          .arg(expectedMatrix)
                          .arg(cellText(valueSt, 0), cellText(valueSt, 1));
            if (k >= n * n || valueSt.columnType(0) != SQLITE_INTEGER ||
                valueSt.columnType(1) != SQLITE_INTEGER || valueSt.int64(0) != k / n ||
                valueSt.int64(1) != k % n) {
                fail(QStringLiteral(
                         "the matrix has %1 objects, so its values must be rows and columns 0 to %2, "
                         "each once")
                         .arg(n)
                         .arg(n - 1),
                     m_where);
                return false;
            }
            std::optional<double> value;
            if (!number(valueSt, 2, "value", value))
                return false;
            matrix.values.push_back(value.value_or(std::numeric_limits<double>::quiet_NaN()));
            ++k;
            ++m_rowsRead[values];
            if (!tick())
                return false;
        }
        if (m_error)
            return false;
        if (k != n * n) {
            fail(QStringLiteral(
                     "the matrix has %1 objects but %2 values instead of %3; the capture is damaged")
                     .arg(n)
                     .arg(k)
                     .arg(n * n),
                 QStringLiteral("%1 (snapshot_id %2, matrix %3)")
                     .arg(values)
                     .arg(snapshotId)
                     .arg(expectedMatrix));
            return false;
        }
        builder.addDistances(std::move(matrix));
        ++expectedMatrix;
        ++m_rowsRead[matrices];
        if (!tick())
            return false;
    }
    return !m_error;
}

bool CaptureReader::readMemoryAttributes(qint64 snapshotId, SnapshotBuilder& builder)
{
    const QString table = QStringLiteral("memory_attributes");
    SqliteStatement st;
    if (!prepare(st,
                 "SELECT id, attribute, unit, target, initiator, value FROM memory_attributes "
                 "WHERE snapshot_id = ?1 ORDER BY id",
                 table))
        return false;
    st.bindInt(1, snapshotId);
    qint64 expected = 0;
    bool more = true;
    while (next(st, table, more)) {
        if (!sequential(st, table, snapshotId, QStringLiteral("id"), expected))
            return false;
        MemoryAttributeValue v;
        v.attribute = st.text(1);
        v.unit = st.text(2);
        std::int64_t target = -1;
        if (!integer(st, 3, "target", -1, std::numeric_limits<std::int64_t>::min(),
                     std::numeric_limits<std::int64_t>::max(), target) ||
            (target != -1 && !entityRef(target, "target", builder.entityCount())) ||
            !indexSet(st, 4, "initiator", "a CPU list such as '0-23,48'", v.initiator) ||
            !unsigned64(st, 5, "value", v.value))
            return false;
        v.target = EntityId(std::int32_t(target));
        builder.addMemoryAttribute(std::move(v));
        ++expected;
        if (!tick())
            return false;
    }
    m_rowsRead[table] += expected;
    return !m_error;
}

// Samples (schema 2): each table is read in one pass in key order and its rows are handed to the sample they
// name, which must have been read already; so a row of a missing sample or a gap in idx is found without a
// query per sample.
bool CaptureReader::readSamples(Capture& capture)
{
    if (m_version < 2)
        return true; // a version-1 file has no time series
    const QString table = QStringLiteral("samples");
    SqliteStatement st;
    if (!prepare(st, "SELECT id, snapshot_id, time_ns, interval_ns, numa_balancing FROM samples ORDER BY id",
                 table))
        return false;
    std::vector<Sample> samples;
    const auto int64Min = std::numeric_limits<std::int64_t>::min();
    const auto int64Max = std::numeric_limits<std::int64_t>::max();
    bool more = true;
    while (next(st, table, more)) {
        m_where = QStringLiteral("samples row %1").arg(cellText(st, 0));
        if (st.columnType(0) != SQLITE_INTEGER || st.int64(0) != qint64(samples.size())) {
            fail(
                QStringLiteral("column id must count 0, 1, 2, … without gaps; found %1 where %2 was expected")
                    .arg(quoted(cellText(st, 0)))
                    .arg(samples.size()),
                m_where);
            return false;
        }
        Sample sample;
        std::int64_t snapshot = 0, balancing = -1;
        if (!integer(st, 1, "snapshot_id", kNotNull, 0, qint64(capture.snapshots.size()) - 1, snapshot) ||
            !integer(st, 2, "time_ns", kNotNull, int64Min, int64Max, sample.timeNs) ||
            !integer(st, 3, "interval_ns", kNotNull, 0, int64Max, sample.intervalNs) ||
            !integer(st, 4, "numa_balancing", -1, 0, std::numeric_limits<int>::max(), balancing))
            return false;
        sample.snapshotIndex = int(snapshot);
        sample.numaBalancing = int(balancing);
        samples.push_back(std::move(sample));
        if (!tick())
            return false;
    }
    if (m_error)
        return false;
    m_rowsRead[table] = qint64(samples.size());
    if (!readSampleThreads(samples) || !readSampleProcesses(samples) || !readSampleNodes(samples) ||
        !readSampleVmstat(samples) || !readSampleFlows(samples))
        return false;
    for (const QString& t : captureTables(m_version)) {
        const qint64 orphans = m_tableRows.value(t) - m_rowsRead.value(t);
        if (orphans != 0) {
            fail(QStringLiteral(
                     "%1 rows belong to no sample listed in table 'samples'; the capture is damaged")
                     .arg(orphans),
                 t);
            return false;
        }
    }
    capture.samples.reserve(samples.size());
    for (Sample& sample : samples)
        capture.samples.push_back(std::make_shared<const Sample>(std::move(sample)));
    return true;
}

bool CaptureReader::owner(const SqliteStatement& st, const QString& table, const std::vector<Sample>& samples,
                          std::int64_t& sampleId)
{
    if (!integer(st, 0, "sample_id", kNotNull, 0, std::numeric_limits<std::int64_t>::max(), sampleId))
        return false;
    if (sampleId >= qint64(samples.size())) {
        fail(QStringLiteral("sample_id %1 is not a sample of this capture (it has %2)")
                 .arg(sampleId)
                 .arg(samples.size()),
             m_where);
        return false;
    }
    Q_UNUSED(table);
    return true;
}

bool CaptureReader::mode(const SqliteStatement& st, int col, CollectionMode& out)
{
    const QString name = st.text(col);
    for (CollectionMode m : {CollectionMode::Procfs, CollectionMode::Ebpf, CollectionMode::Import}) {
        if (name == collectionModeName(m)) {
            out = m;
            return true;
        }
    }
    fail(QStringLiteral("mode %1 is not one of procfs, ebpf, import").arg(quoted(cellText(st, col))),
         m_where);
    return false;
}

// The next idx of a child list: rows come sorted by (sample_id, parent, idx), so each must continue the list
// of its parent or start it.
static bool nextIndex(std::int64_t idx, size_t have)
{
    return idx >= 0 && std::uint64_t(idx) == have;
}

bool CaptureReader::readSampleThreads(std::vector<Sample>& samples)
{
    const QString table = QStringLiteral("sample_threads");
    const QString cpus = QStringLiteral("sample_thread_cpus");
    SqliteStatement st, cpuSt;
    if (!prepare(
            st,
            "SELECT sample_id, idx, pid, tid, comm, cpu_ns, last_cpu, voluntary_switches, "
            "involuntary_switches, voluntary_switches_per_sec, involuntary_switches_per_sec, cpus_allowed, "
            "mems_allowed, mode FROM sample_threads ORDER BY sample_id, idx",
            table) ||
        !prepare(cpuSt,
                 "SELECT sample_id, thread, idx, cpu, ns FROM sample_thread_cpus ORDER BY sample_id, "
                 "thread, idx",
                 cpus))
        return false;
    const auto int64Min = std::numeric_limits<std::int64_t>::min();
    const auto int64Max = std::numeric_limits<std::int64_t>::max();
    bool more = true;
    while (next(st, table, more)) {
        m_where =
            QStringLiteral("%1 row (sample_id %2, idx %3)").arg(table, cellText(st, 0), cellText(st, 1));
        std::int64_t sampleId = 0, idx = 0;
        if (!owner(st, table, samples, sampleId) || !integer(st, 1, "idx", kNotNull, int64Min, int64Max, idx))
            return false;
        Sample& sample = samples[size_t(sampleId)];
        if (!nextIndex(idx, sample.threads.size())) {
            fail(QStringLiteral(
                     "column idx must count 0, 1, 2, … without gaps; found %1 where %2 was expected")
                     .arg(idx)
                     .arg(sample.threads.size()),
                 m_where);
            return false;
        }
        ThreadCpuSample t;
        std::optional<double> voluntary, involuntary;
        if (!integer(st, 2, "pid", -1, int64Min, int64Max, t.pid) ||
            !integer(st, 3, "tid", -1, int64Min, int64Max, t.tid) || !unsigned64(st, 5, "cpu_ns", t.cpuNs) ||
            !smallInt(st, 6, "last_cpu", -1, -1, t.lastCpu) ||
            !unsigned64(st, 7, "voluntary_switches", t.voluntarySwitches) ||
            !unsigned64(st, 8, "involuntary_switches", t.involuntarySwitches) ||
            !number(st, 9, "voluntary_switches_per_sec", voluntary) ||
            !number(st, 10, "involuntary_switches_per_sec", involuntary) ||
            !indexSet(st, 11, "cpus_allowed", "a CPU list such as '0-23,48'", t.cpusAllowed) ||
            !indexSet(st, 12, "mems_allowed", "a NUMA node list such as '0,2-3'", t.memsAllowed) ||
            !mode(st, 13, t.mode))
            return false;
        t.comm = st.text(4);
        t.voluntarySwitchesPerSec = voluntary.value_or(0);
        t.involuntarySwitchesPerSec = involuntary.value_or(0);
        sample.threads.push_back(std::move(t));
        ++m_rowsRead[table];
        if (!tick())
            return false;
    }
    if (m_error)
        return false;
    more = true;
    while (next(cpuSt, cpus, more)) {
        m_where = QStringLiteral("%1 row (sample_id %2, thread %3, idx %4)")
                      .arg(cpus, cellText(cpuSt, 0), cellText(cpuSt, 1), cellText(cpuSt, 2));
        std::int64_t sampleId = 0, thread = 0, idx = 0, cpu = 0;
        std::uint64_t ns = 0;
        if (!owner(cpuSt, cpus, samples, sampleId) ||
            !integer(cpuSt, 1, "thread", kNotNull, 0, qint64(samples[size_t(sampleId)].threads.size()) - 1,
                     thread) ||
            !integer(cpuSt, 2, "idx", kNotNull, int64Min, int64Max, idx) ||
            !integer(cpuSt, 3, "cpu", kNotNull, 0, std::numeric_limits<int>::max(), cpu) ||
            !unsigned64(cpuSt, 4, "ns", ns))
            return false;
        auto& list = samples[size_t(sampleId)].threads[size_t(thread)].cpuNsByCpu;
        if (!nextIndex(idx, list.size())) {
            fail(QStringLiteral(
                     "column idx must count 0, 1, 2, … without gaps; found %1 where %2 was expected")
                     .arg(idx)
                     .arg(list.size()),
                 m_where);
            return false;
        }
        list.emplace_back(int(cpu), ns);
        ++m_rowsRead[cpus];
        if (!tick())
            return false;
    }
    return !m_error;
}

bool CaptureReader::readSampleProcesses(std::vector<Sample>& samples)
{
    const QString table = QStringLiteral("sample_processes");
    const QString pages = QStringLiteral("sample_process_nodes");
    SqliteStatement st, pagesSt;
    if (!prepare(st, "SELECT sample_id, idx, pid, policy, mode FROM sample_processes ORDER BY sample_id, idx",
                 table) ||
        !prepare(
            pagesSt,
            "SELECT sample_id, process, idx, node, total_pages, anon_pages, dirty_anon_pages, file_pages, "
            "huge_pages, bytes FROM sample_process_nodes ORDER BY sample_id, process, idx",
            pages))
        return false;
    const auto int64Min = std::numeric_limits<std::int64_t>::min();
    const auto int64Max = std::numeric_limits<std::int64_t>::max();
    bool more = true;
    while (next(st, table, more)) {
        m_where =
            QStringLiteral("%1 row (sample_id %2, idx %3)").arg(table, cellText(st, 0), cellText(st, 1));
        std::int64_t sampleId = 0, idx = 0;
        ProcessMemorySample p;
        CollectionMode m = CollectionMode::Procfs;
        if (!owner(st, table, samples, sampleId) ||
            !integer(st, 1, "idx", kNotNull, int64Min, int64Max, idx) ||
            !integer(st, 2, "pid", -1, int64Min, int64Max, p.pid) || !mode(st, 4, m))
            return false;
        Sample& sample = samples[size_t(sampleId)];
        if (!nextIndex(idx, sample.processes.size())) {
            fail(QStringLiteral(
                     "column idx must count 0, 1, 2, … without gaps; found %1 where %2 was expected")
                     .arg(idx)
                     .arg(sample.processes.size()),
                 m_where);
            return false;
        }
        p.memoryPolicy = st.text(3);
        sample.processes.push_back(std::move(p));
        ++m_rowsRead[table];
        if (!tick())
            return false;
    }
    if (m_error)
        return false;
    more = true;
    while (next(pagesSt, pages, more)) {
        m_where = QStringLiteral("%1 row (sample_id %2, process %3, idx %4)")
                      .arg(pages, cellText(pagesSt, 0), cellText(pagesSt, 1), cellText(pagesSt, 2));
        std::int64_t sampleId = 0, process = 0, idx = 0;
        NodePages n;
        if (!owner(pagesSt, pages, samples, sampleId) ||
            !integer(pagesSt, 1, "process", kNotNull, 0,
                     qint64(samples[size_t(sampleId)].processes.size()) - 1, process) ||
            !integer(pagesSt, 2, "idx", kNotNull, int64Min, int64Max, idx) ||
            !smallInt(pagesSt, 3, "node", kNoNull, 0, n.node) ||
            !unsigned64(pagesSt, 4, "total_pages", n.totalPages) ||
            !unsigned64(pagesSt, 5, "anon_pages", n.anonPages) ||
            !unsigned64(pagesSt, 6, "dirty_anon_pages", n.dirtyAnonPages) ||
            !unsigned64(pagesSt, 7, "file_pages", n.filePages) ||
            !unsigned64(pagesSt, 8, "huge_pages", n.hugePages) || !unsigned64(pagesSt, 9, "bytes", n.bytes))
            return false;
        auto& list = samples[size_t(sampleId)].processes[size_t(process)].nodes;
        if (!nextIndex(idx, list.size())) {
            fail(QStringLiteral(
                     "column idx must count 0, 1, 2, … without gaps; found %1 where %2 was expected")
                     .arg(idx)
                     .arg(list.size()),
                 m_where);
            return false;
        }
        list.push_back(n);
        ++m_rowsRead[pages];
        if (!tick())
            return false;
    }
    return !m_error;
}

bool CaptureReader::readSampleNodes(std::vector<Sample>& samples)
{
    const QString table = QStringLiteral("sample_nodes");
    const QString counters = QStringLiteral("sample_node_numastat");
    SqliteStatement st, counterSt;
    if (!prepare(st,
                 "SELECT sample_id, idx, node, mem_total_bytes, mem_free_bytes, mode FROM sample_nodes "
                 "ORDER BY sample_id, idx",
                 table) ||
        !prepare(
            counterSt,
            "SELECT sample_id, entry, counter, value FROM sample_node_numastat ORDER BY sample_id, entry, "
            "counter",
            counters))
        return false;
    const auto int64Min = std::numeric_limits<std::int64_t>::min();
    const auto int64Max = std::numeric_limits<std::int64_t>::max();
    bool more = true;
    while (next(st, table, more)) {
        m_where =
            QStringLiteral("%1 row (sample_id %2, idx %3)").arg(table, cellText(st, 0), cellText(st, 1));
        std::int64_t sampleId = 0, idx = 0;
        NodeCountersSample n;
        CollectionMode m = CollectionMode::Procfs;
        if (!owner(st, table, samples, sampleId) ||
            !integer(st, 1, "idx", kNotNull, int64Min, int64Max, idx) ||
            !smallInt(st, 2, "node", kNoNull, 0, n.node) ||
            !unsigned64(st, 3, "mem_total_bytes", n.memTotalBytes) ||
            !unsigned64(st, 4, "mem_free_bytes", n.memFreeBytes) || !mode(st, 5, m))
            return false;
        Sample& sample = samples[size_t(sampleId)];
        if (!nextIndex(idx, sample.nodes.size())) {
            fail(QStringLiteral(
                     "column idx must count 0, 1, 2, … without gaps; found %1 where %2 was expected")
                     .arg(idx)
                     .arg(sample.nodes.size()),
                 m_where);
            return false;
        }
        sample.nodes.push_back(std::move(n));
        ++m_rowsRead[table];
        if (!tick())
            return false;
    }
    if (m_error)
        return false;
    more = true;
    while (next(counterSt, counters, more)) {
        m_where = QStringLiteral("%1 row (sample_id %2, entry %3, counter %4)")
                      .arg(counters, cellText(counterSt, 0), cellText(counterSt, 1),
                           quoted(cellText(counterSt, 2)));
        std::int64_t sampleId = 0, entry = 0;
        std::uint64_t value = 0;
        if (!owner(counterSt, counters, samples, sampleId) ||
            !integer(counterSt, 1, "entry", kNotNull, 0, qint64(samples[size_t(sampleId)].nodes.size()) - 1,
                     entry) ||
            !unsigned64(counterSt, 3, "value", value))
            return false;
        samples[size_t(sampleId)].nodes[size_t(entry)].numastat.insert(counterSt.text(2), value);
        ++m_rowsRead[counters];
        if (!tick())
            return false;
    }
    return !m_error;
}

bool CaptureReader::readSampleVmstat(std::vector<Sample>& samples)
{
    const QString table = QStringLiteral("sample_vmstat");
    SqliteStatement st;
    if (!prepare(st, "SELECT sample_id, counter, value FROM sample_vmstat ORDER BY sample_id, counter",
                 table))
        return false;
    bool more = true;
    while (next(st, table, more)) {
        m_where = QStringLiteral("%1 row (sample_id %2, counter %3)")
                      .arg(table, cellText(st, 0), quoted(cellText(st, 1)));
        std::int64_t sampleId = 0;
        std::uint64_t value = 0;
        if (!owner(st, table, samples, sampleId) || !unsigned64(st, 2, "value", value))
            return false;
        samples[size_t(sampleId)].vmstat.insert(st.text(1), value);
        ++m_rowsRead[table];
        if (!tick())
            return false;
    }
    return !m_error;
}

bool CaptureReader::readSampleFlows(std::vector<Sample>& samples)
{
    const QString table = QStringLiteral("sample_flows");
    SqliteStatement st;
    if (!prepare(st,
                 "SELECT sample_id, idx, pid, tid, protocol, local_address, local_port, remote_address, "
                 "remote_port, peer_pid, bytes_sent, bytes_received, volumes_known, mode FROM sample_flows "
                 "ORDER BY sample_id, idx",
                 table))
        return false;
    const auto int64Min = std::numeric_limits<std::int64_t>::min();
    const auto int64Max = std::numeric_limits<std::int64_t>::max();
    bool more = true;
    while (next(st, table, more)) {
        m_where =
            QStringLiteral("%1 row (sample_id %2, idx %3)").arg(table, cellText(st, 0), cellText(st, 1));
        std::int64_t sampleId = 0, idx = 0, known = 0;
        FlowSample f;
        if (!owner(st, table, samples, sampleId) ||
            !integer(st, 1, "idx", kNotNull, int64Min, int64Max, idx) ||
            !integer(st, 2, "pid", -1, int64Min, int64Max, f.pid) ||
            !integer(st, 3, "tid", -1, int64Min, int64Max, f.tid) ||
            !smallInt(st, 6, "local_port", -1, -1, f.localPort) ||
            !smallInt(st, 8, "remote_port", -1, -1, f.remotePort) ||
            !integer(st, 9, "peer_pid", -1, int64Min, int64Max, f.peerPid) ||
            !unsigned64(st, 10, "bytes_sent", f.bytesSent) ||
            !unsigned64(st, 11, "bytes_received", f.bytesReceived) ||
            !integer(st, 12, "volumes_known", kNotNull, 0, 1, known) || !mode(st, 13, f.mode))
            return false;
        Sample& sample = samples[size_t(sampleId)];
        if (!nextIndex(idx, sample.flows.size())) {
            fail(QStringLiteral(
                     "column idx must count 0, 1, 2, … without gaps; found %1 where %2 was expected")
                     .arg(idx)
                     .arg(sample.flows.size()),
                 m_where);
            return false;
        }
        f.protocol = st.text(4);
        f.localAddress = st.text(5);
        f.remoteAddress = st.text(7);
        f.volumesKnown = known == 1;
        sample.flows.push_back(std::move(f));
        ++m_rowsRead[table];
        if (!tick())
            return false;
    }
    return !m_error;
}

bool CaptureReader::prepare(SqliteStatement& st, const char* sql, const QString& table)
{
    if (st.prepare(m_db.get(), sql) == SQLITE_OK)
        return true;
    failSqlite(table);
    return false;
}

bool CaptureReader::next(SqliteStatement& st, const QString& table, bool& more)
{
    const int rc = st.step();
    if (rc == SQLITE_ROW)
        return more = true;
    more = false;
    if (rc != SQLITE_DONE)
        failSqlite(table);
    return false;
}

bool CaptureReader::tick()
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

bool CaptureReader::integer(const SqliteStatement& st, int col, const char* name, std::int64_t nullValue,
                            std::int64_t min, std::int64_t max, std::int64_t& out)
{
    const int type = st.columnType(col);
    if (type == SQLITE_NULL && nullValue != kNotNull) {
        out = nullValue;
        return true;
    }
    if (type != SQLITE_INTEGER) {
        fail(QStringLiteral("%1 is %2, not an integer")
                 .arg(QLatin1String(name),
                      type == SQLITE_NULL ? QStringLiteral("empty (NULL)") : quoted(st.text(col))),
             m_where);
        return false;
    }
    const std::int64_t v = st.int64(col);
    if (v < min || v > max) {
        fail(QStringLiteral("%1 %2 is out of range (%3 to %4)")
                 .arg(QLatin1String(name))
                 .arg(v)
                 .arg(min)
                 .arg(max),
             m_where);
        return false;
    }
    out = v;
    return true;
}

bool CaptureReader::unsigned64(const SqliteStatement& st, int col, const char* name, std::uint64_t& out)
{
    const int type = st.columnType(col);
    if (type == SQLITE_NULL) {
        out = 0;
        return true;
    }
    if (type == SQLITE_INTEGER && st.int64(col) >= 0) {
        out = std::uint64_t(st.int64(col));
        return true;
    }
    // Values above 2^63 - 1 are written as a BLOB of decimal digits (see SqliteStatement::bindU64).
    const QByteArray digits = st.bytes(col);
    bool ok = type == SQLITE_BLOB && !digits.isEmpty() && digits.size() <= 20;
    for (char c : digits)
        ok = ok && c >= '0' && c <= '9';
    const qulonglong v = ok ? digits.toULongLong(&ok, 10) : 0;
    if (!ok) {
        const QString shown = type == SQLITE_BLOB ? QStringLiteral("a BLOB") : quoted(st.text(col));
        fail(QStringLiteral("%1 is %2, not a count of 0 or more").arg(QLatin1String(name), shown), m_where);
        return false;
    }
    out = v;
    return true;
}

bool CaptureReader::number(const SqliteStatement& st, int col, const char* name, std::optional<double>& out)
{
    const int type = st.columnType(col);
    if (type == SQLITE_NULL) {
        out.reset();
        return true;
    }
    if (type != SQLITE_FLOAT && type != SQLITE_INTEGER) {
        fail(QStringLiteral("%1 is %2, not a number").arg(QLatin1String(name), quoted(st.text(col))),
             m_where);
        return false;
    }
    out = st.real(col);
    return true;
}

bool CaptureReader::indexSet(const SqliteStatement& st, int col, const char* name, const char* what,
                             IndexSet& out)
{
    if (st.isNull(col)) {
        out = {};
        return true;
    }
    const QByteArray text = st.bytes(col);
    int errorAt = -1;
    auto set = IndexSet::fromRangeString(std::string_view(text.constData(), size_t(text.size())), &errorAt);
    if (!set) {
        fail(QStringLiteral("%1 %2 is not %3 (bad character at offset %4)")
                 .arg(QLatin1String(name), quoted(QString::fromUtf8(text)), QLatin1String(what),
                      QString::number(errorAt)),
             m_where);
        return false;
    }
    out = std::move(*set);
    return true;
}

bool CaptureReader::entityRef(std::int64_t value, const char* name, int entityCount)
{
    if (value >= 0 && value < entityCount)
        return true;
    fail(QStringLiteral("%1 %2 is not an entity of this snapshot (it has %3, ids 0 to %4)")
             .arg(QLatin1String(name))
             .arg(value)
             .arg(entityCount)
             .arg(entityCount - 1),
         m_where);
    return false;
}

bool CaptureReader::jsonObject(const SqliteStatement& st, int col, int okCol, const char* name,
                               QByteArray& out)
{
    if (st.int64(okCol) != 1) {
        fail(QStringLiteral("%1 %2 is not a JSON object").arg(QLatin1String(name), quoted(st.text(col))),
             m_where);
        return false;
    }
    out = st.bytes(col);
    return true;
}

bool CaptureReader::sequential(const SqliteStatement& st, const QString& table, qint64 snapshotId,
                               const QString& what, qint64 expected)
{
    const QString shown = cellText(st, 0);
    m_where = QStringLiteral("%1 row (snapshot_id %2, %3 %4)").arg(table).arg(snapshotId).arg(what, shown);
    if (st.columnType(0) == SQLITE_INTEGER && st.int64(0) == expected)
        return true;
    fail(QStringLiteral("column %1 must count 0, 1, 2, … without gaps; found %2 where %3 was expected")
             .arg(what.section(QLatin1Char(' '), -1), quoted(shown), QString::number(expected)),
         m_where);
    return false;
}

void CaptureReader::fail(const QString& message, const QString& where)
{
    LoadError e;
    e.file = m_path;
    e.message = message;
    e.where = where;
    m_error = std::move(e);
}

void CaptureReader::failSqlite(const QString& table)
{
    const int rc = sqlite3_extended_errcode(m_db.get());
    if (rc == SQLITE_INTERRUPT || m_progress.isCancelled()) {
        m_error = LoadError::cancel(m_path);
        return;
    }
    const QString message = QString::fromUtf8(sqlite3_errmsg(m_db.get()));
    const int primary = rc & 0xff;
    if (primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB || primary == SQLITE_IOERR)
        fail(QStringLiteral("the capture is damaged (%1); copy it again or write it again from its source")
                 .arg(message),
             table);
    else
        fail(QStringLiteral("cannot read the capture: %1").arg(message), table);
}

void CaptureReader::setWhere(const QString& table, qint64 snapshotId, const QString& what, qint64 id)
{
    m_where = QStringLiteral("%1 row (snapshot_id %2, %3 %4)").arg(table).arg(snapshotId).arg(what).arg(id);
}

} // namespace

Result<CapturePtr> readCaptureFile(const QString& path, const Progress& progress)
{
    CaptureReader reader(path, progress);
    return reader.run();
}

} // namespace numasight
