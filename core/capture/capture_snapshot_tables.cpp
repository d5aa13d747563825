// SPDX-License-Identifier: GPL-3.0-or-later
// The tables of a capture's snapshots: meta, snapshots, entities, numastat, edges, distances, memory
// attributes.
#include "capture_file_reader.h"
#include "capture_rows.h"
#include "capture_schema.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

#include <sqlite3.h>

#include <limits>

namespace numasight {

namespace capturefile {

namespace {

std::optional<DeviceClass> deviceClassFromName(QStringView name)
{
    for (DeviceClass c :
         {DeviceClass::None, DeviceClass::Gpu, DeviceClass::Npu, DeviceClass::Nic, DeviceClass::Other})
        if (name == deviceClassName(c))
            return c;
    return std::nullopt;
}

} // namespace

bool CaptureFileReader::readMeta(SourceInfo& source)
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
        if (!metaRow(source, key, value))
            return false;
        if (!tick())
            return false;
    }
    m_rowsRead[table] = m_tableRows.value(table);
    return !m_error;
}

bool CaptureFileReader::metaRow(SourceInfo& source, const QString& key, const QString& value)
{
    if (applyCaptureMetaRow(source, key, value))
        return true;
    fail(QStringLiteral("%1 is not an ISO 8601 time such as '2024-05-01T12:00:00.000Z'").arg(quoted(value)),
         m_where);
    return false;
}

// Schema 3: the hosts of a fleet capture. Each host's meta is the JSON object of the meta rows its own input
// had.
bool CaptureFileReader::readHosts(Capture& capture)
{
    if (m_version < 3)
        return true;
    const QString table = QStringLiteral("hosts");
    SqliteStatement st;
    if (!prepare(st,
                 "SELECT idx, ns, name, meta, CASE WHEN json_valid(meta) THEN json_type(meta) = 'object' "
                 "ELSE 0 END FROM hosts ORDER BY idx",
                 table))
        return false;
    QSet<QString> namespaces;
    bool more = true;
    while (next(st, table, more)) {
        const QString shown = cellText(st, 0);
        m_where = QStringLiteral("hosts row %1").arg(shown);
        if (st.columnType(0) != SQLITE_INTEGER || st.int64(0) != qint64(capture.hosts.size())) {
            fail(QStringLiteral(
                     "column idx must count 0, 1, 2, … without gaps; found %1 where %2 was expected")
                     .arg(quoted(shown))
                     .arg(capture.hosts.size()),
                 m_where);
            return false;
        }
        CaptureHost host;
        host.ns = st.text(1);
        host.name = st.text(2);
        if (host.ns.isEmpty() || host.name.isEmpty()) {
            fail(QStringLiteral("a host needs a namespace (ns) and a name; this one has %1 and %2")
                     .arg(quoted(host.ns), quoted(host.name)),
                 m_where);
            return false;
        }
        if (namespaces.contains(host.ns)) {
            fail(QStringLiteral("namespace %1 is given to two hosts").arg(quoted(host.ns)), m_where);
            return false;
        }
        namespaces.insert(host.ns);
        QByteArray meta;
        if (!jsonObject(st, 3, 4, "meta", meta))
            return false;
        const QJsonObject object = QJsonDocument::fromJson(meta).object();
        for (auto it = object.constBegin(); it != object.constEnd(); ++it) {
            if (!it.value().isString()) {
                fail(QStringLiteral("meta key \"%1\" must be a string, as the meta table's values are")
                         .arg(it.key().left(40)),
                     m_where);
                return false;
            }
            if (!metaRow(host.source, it.key(), it.value().toString()))
                return false;
        }
        capture.hosts.push_back(std::move(host));
        if (!tick())
            return false;
    }
    m_rowsRead[table] = m_tableRows.value(table);
    return !m_error;
}

bool CaptureFileReader::readSnapshots(Capture& capture)
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
        if (row.id != qint64(rows.size())) {
            fail(
                QStringLiteral("column id must count 0, 1, 2, … without gaps; found %1 where %2 was expected")
                    .arg(row.id)
                    .arg(rows.size()),
                m_where);
            return false;
        }
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
        SnapshotPtr snapshot = builder.finish();
        if (const QString problem = snapshot->duplicateNumaNodeProblem(); !problem.isEmpty()) {
            fail(problem, QStringLiteral("entities (snapshot_id %1)").arg(row.id));
            return false;
        }
        capture.snapshots.push_back(std::move(snapshot));
    }
    m_rowsRead[table] = qint64(rows.size());
    return allRowsOwned(false);
}

bool CaptureFileReader::readEntities(qint64 snapshotId, SnapshotBuilder& builder)
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
        EntityDetail detail;
        QByteArray attributes;
        e.kind = entityKindFromName(st.text(1)); // a kind from a later version reads as Unknown
        e.typeName = st.text(2);
        e.ns = st.text(3);
        e.key = st.text(4);
        e.name = st.text(5);
        std::int64_t parent = kNone;
        if (!integer(st, 6, "parent", kNone, 0, int32Max, parent) ||
            !smallInt(st, 7, "os_index", -1, -1, e.osIndex) || !nodeIndex(e.kind, e.osIndex) ||
            !smallInt(st, 8, "logical_index", -1, -1, e.logicalIndex) ||
            !indexSet(st, 9, "cpus", "a CPU list such as '0-23,48'", e.cpus) ||
            !indexSet(st, 10, "nodes", "a NUMA node list such as '0,2-3'", e.nodes) ||
            !unsigned64(st, 11, "memory_bytes", detail.memoryBytes) ||
            !unsigned64(st, 12, "memory_free_bytes", detail.memoryFreeBytes))
            return false;
        detail.memoryTier = st.text(13);
        constexpr auto kMinId = std::numeric_limits<std::int32_t>::min();
        if (!smallInt(st, 14, "pid", -1, kMinId, e.pid) || !smallInt(st, 15, "ppid", -1, kMinId, e.ppid) ||
            !smallInt(st, 16, "tid", -1, kMinId, e.tid))
            return false;
        detail.cmdline = st.text(17);
        const auto deviceClass = deviceClassFromName(st.text(18));
        if (!deviceClass) {
            fail(
                QStringLiteral("device_class %1 is not one of gpu, npu, nic, other").arg(quoted(st.text(18))),
                m_where);
            return false;
        }
        e.deviceClass = *deviceClass;
        detail.pciBusId = st.text(19);
        detail.vendor = st.text(20);
        std::int64_t numaNode = -1;
        if (!integer(st, 21, "numa_node", -1, -1, kMaxNodeOsIndex, numaNode))
            return false;
        e.numaNode = NodeId(std::int32_t(numaNode));
        detail.containerId = st.text(22);
        detail.containerType = st.text(23);
        const QString address = st.text(24);
        std::int64_t port = -1;
        if (!integer(st, 25, "port", -1, -1, 65535, port))
            return false;
        const QString protocol = st.text(26);
        if (!unsigned64(st, 27, "cache_bytes", detail.cacheBytes) ||
            !smallInt(st, 28, "cache_level", 0, 0, e.cacheLevel) ||
            !jsonObject(st, 29, 30, "attributes", attributes))
            return false;
        e.attributes =
            AttributeText::compacted(std::string_view(attributes.constData(), size_t(attributes.size())));
        e.detail.assign(detail);
        e.setSocket(address, int(port), protocol); // after the detail block, where it may keep them
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
        if (parent == id.value) {
            fail(
                QStringLiteral("parent %1 is the entity itself; an entity cannot contain itself").arg(parent),
                m_where);
            return false;
        }
        builder.entity(id).parent = EntityId(std::int32_t(parent));
    }
    if (!acyclicParents(snapshotId, builder))
        return false;
    m_rowsRead[table] += builder.entityCount();
    return true;
}

bool CaptureFileReader::readNumastat(qint64 snapshotId, SnapshotBuilder& builder)
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
        if (!integer(st, 0, "entity", kNotNull, kAnyMin, kAnyMax, entity) ||
            !entityRef(entity, "entity", builder.entityCount()) || !unsigned64(st, 2, "value", value))
            return false;
        builder.entity(EntityId(std::int32_t(entity))).detail->numastat.insert(st.text(1), value);
        if (!rowRead(table))
            return false;
    }
    return !m_error;
}

bool CaptureFileReader::readEdges(qint64 snapshotId, SnapshotBuilder& builder)
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
    qint64 expected = 0;
    bool more = true;
    while (next(st, table, more)) {
        if (!sequential(st, table, snapshotId, QStringLiteral("id"), expected))
            return false;
        Edge e;
        e.kind = edgeKindFromName(st.text(1));
        e.typeName = st.text(2);
        std::int64_t source = 0, target = 0, directed = 0;
        QByteArray payload;
        if (!integer(st, 3, "source", kNotNull, kAnyMin, kAnyMax, source) ||
            !entityRef(source, "source", entities) ||
            !integer(st, 4, "target", kNotNull, kAnyMin, kAnyMax, target) ||
            !entityRef(target, "target", entities) || !integer(st, 5, "directed", kNotNull, 0, 1, directed) ||
            !number(st, 6, "weight", e.weight) || !jsonObject(st, 7, 8, "payload", payload))
            return false;
        e.payload = AttributeText::compacted(std::string_view(payload.constData(), size_t(payload.size())));
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

bool CaptureFileReader::readDistances(qint64 snapshotId, SnapshotBuilder& builder)
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
                !integer(objectSt, 1, "entity", kNotNull, kAnyMin, kAnyMax, entity) ||
                !entityRef(entity, "entity", builder.entityCount()))
                return false;
            matrix.objects.push_back(EntityId(std::int32_t(entity)));
            if (!rowRead(objects))
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
            if (!rowRead(values))
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
        if (!rowRead(matrices))
            return false;
    }
    return !m_error;
}

bool CaptureFileReader::readMemoryAttributes(qint64 snapshotId, SnapshotBuilder& builder)
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
        if (!integer(st, 3, "target", -1, kAnyMin, kAnyMax, target) ||
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

bool CaptureFileReader::allRowsOwned(bool sampleTables)
{
    for (const QString& t : captureTables(m_version)) {
        const qint64 orphans = m_tableRows.value(t) - m_rowsRead.value(t);
        if (orphans == 0 || t.startsWith(QLatin1String("sample")) != sampleTables)
            continue;
        fail(QStringLiteral("%1 rows belong to no %2 listed in table '%3'; the capture is damaged")
                 .arg(orphans)
                 .arg(sampleTables ? QStringLiteral("sample") : QStringLiteral("snapshot"),
                      sampleTables ? QStringLiteral("samples") : QStringLiteral("snapshots")),
             t);
        return false;
    }
    return true;
}

} // namespace capturefile

} // namespace numasight
