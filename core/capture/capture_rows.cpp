// SPDX-License-Identifier: GPL-3.0-or-later
#include "capture_rows.h"

#include "sqlite_statement.h"
#include "version.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>

#include <sqlite3.h>

namespace numasight {

namespace {
SourceFormat originalFormatOf(const SourceInfo& source)
{
    return source.format == SourceFormat::Capture ? source.originalFormat : source.format;
}
} // namespace

QString captureTimeText(const QDateTime& t)
{
    return t.toUTC().toString(Qt::ISODateWithMs);
}

CaptureRows::CaptureRows(sqlite3* db, std::function<bool()> tick)
    : m_db(db)
    , m_tick(std::move(tick))
{
}

QList<QPair<QString, QString>> captureMetaRows(const SourceInfo& source)
{
    const SourceInfo& src = source;
    QList<QPair<QString, QString>> rows = {
        {QStringLiteral("host"), src.hostname},
        {QStringLiteral("kernel"), src.kernel},
        {QStringLiteral("created_at"), captureTimeText(QDateTime::currentDateTimeUtc())},
        {QStringLiteral("captured_at"),
         src.capturedAt.isValid() ? captureTimeText(src.capturedAt) : QString()},
        {QStringLiteral("numasight_version"),
         src.numasightVersion.isEmpty() ? version() : src.numasightVersion},
        {QStringLiteral("source_format"), sourceFormatName(src.format)},
        {QStringLiteral("original_format"), sourceFormatName(originalFormatOf(src))},
        {QStringLiteral("source_path"), src.path},
        {QStringLiteral("mode"), src.mode},
    };
    for (auto it = src.extra.constBegin(); it != src.extra.constEnd(); ++it)
        rows.append({QStringLiteral("extra.") + it.key(), it.value()});
    // Absent keys mean "unknown", which keeps `SELECT * FROM meta` short; extra keys are kept even when empty
    // because their presence is information.
    rows.removeIf([](const QPair<QString, QString>& row) {
        return row.second.isEmpty() && !row.first.startsWith(QLatin1String("extra."));
    });
    return rows;
}

bool applyCaptureMetaRow(SourceInfo& source, const QString& key, const QString& value)
{
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
        return source.capturedAt.isValid();
    } else if (key == QLatin1String("source_path"))
        source.path = value;
    else if (key == QLatin1String("source_format"))
        source.format = sourceFormatFromName(value);
    else if (key.startsWith(QLatin1String("extra.")))
        source.extra.insert(key.mid(6), value);
    // Other keys (created_at, and whatever later versions add) are for people and `info`.
    return true;
}

bool CaptureRows::writeMeta(const SourceInfo& source)
{
    SqliteStatement st;
    if (!prepare(st, "INSERT INTO meta(key, value) VALUES(?1, ?2)"))
        return false;
    SourceInfo writer = source;
    writer.numasightVersion.clear(); // the file says which numasight wrote it; a fleet host keeps its own
    for (const auto& [key, value] : captureMetaRows(writer)) {
        st.bindRequiredText(1, key);
        st.bindRequiredText(2, value);
        if (!done(st.execute(), QStringLiteral("meta row '%1'").arg(key)))
            return false;
    }
    return tick();
}

bool CaptureRows::writeHosts(const std::vector<CaptureHost>& hosts)
{
    SqliteStatement st;
    if (!prepare(st, "INSERT INTO hosts(idx, ns, name, meta) VALUES(?1, ?2, ?3, ?4)"))
        return false;
    for (size_t i = 0; i < hosts.size(); ++i) {
        const CaptureHost& host = hosts[i];
        QJsonObject meta;
        for (const auto& [key, value] : captureMetaRows(host.source))
            meta.insert(key, value);
        st.bindInt(1, qint64(i));
        st.bindRequiredText(2, host.ns);
        st.bindRequiredText(3, host.name);
        st.bindRequiredText(4, QString::fromUtf8(QJsonDocument(meta).toJson(QJsonDocument::Compact)));
        if (!done(st.execute(), QStringLiteral("hosts row %1").arg(i)) || !tick())
            return false;
    }
    return true;
}

bool CaptureRows::writeSnapshot(int index, const Snapshot& snapshot)
{
    SqliteStatement st;
    if (!prepare(st, "INSERT INTO snapshots(id, taken_at, label) VALUES(?1, ?2, ?3)"))
        return false;
    st.bindInt(1, index);
    if (snapshot.takenAt().isValid())
        st.bindRequiredText(2, captureTimeText(snapshot.takenAt()));
    else
        st.bindNull(2);
    st.bindText(3, snapshot.label());
    if (!done(st.execute(), QStringLiteral("snapshots row %1").arg(index)) || !tick())
        return false;
    return writeEntities(index, snapshot) && writeEdges(index, snapshot) && writeDistances(index, snapshot) &&
           writeMemoryAttributes(index, snapshot) && writeCpuNodes(index, snapshot);
}

bool CaptureRows::writeEntities(int index, const Snapshot& snapshot)
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
        st.bindU64(13, e.detail->memoryBytes);
        st.bindU64(14, e.detail->memoryFreeBytes);
        st.bindText(15, e.detail->memoryTier);
        st.bindIntOrNull(16, e.pid, -1);
        st.bindIntOrNull(17, e.ppid, -1);
        st.bindIntOrNull(18, e.tid, -1);
        st.bindText(19, e.detail->cmdline);
        st.bindText(20, deviceClassName(e.deviceClass));
        st.bindText(21, e.detail->pciBusId);
        st.bindText(22, e.detail->vendor);
        st.bindIntOrNull(23, e.numaNode.value, -1);
        st.bindText(24, e.detail->containerId);
        st.bindText(25, e.detail->containerType);
        st.bindText(26, e.address());
        st.bindIntOrNull(27, e.port, -1);
        st.bindText(28, e.protocol());
        st.bindU64(29, e.detail->cacheBytes);
        st.bindInt(30, e.cacheLevel);
        st.bindBytes(31, e.attributes.text());
        const QString where = QStringLiteral("entity %1 of snapshot %2").arg(i).arg(index);
        if (!done(st.execute(), where) || !tick())
            return false;
        for (auto it = e.detail->numastat.constBegin(); it != e.detail->numastat.constEnd(); ++it) {
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

bool CaptureRows::writeEdges(int index, const Snapshot& snapshot)
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
        st.bindBytes(9, e.payload.text());
        if (!done(st.execute(), QStringLiteral("edge %1 of snapshot %2").arg(i).arg(index)) || !tick())
            return false;
    }
    return true;
}

bool CaptureRows::writeDistances(int index, const Snapshot& snapshot)
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

bool CaptureRows::writeMemoryAttributes(int index, const Snapshot& snapshot)
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

// The CPU → node map of the snapshot as rows, so SQL views can place per-CPU time on nodes without parsing
// CPU lists. A CPU listed by two nodes (possible in hand-made input) keeps the first.
bool CaptureRows::writeCpuNodes(int index, const Snapshot& snapshot)
{
    SqliteStatement st;
    if (!prepare(st, "INSERT OR IGNORE INTO cpu_nodes(snapshot_id, ns, cpu, node) VALUES(?1, ?2, ?3, ?4)"))
        return false;
    for (EntityId id : snapshot.numaNodes()) {
        const Entity& node = snapshot.entity(id);
        if (node.osIndex < 0)
            continue;
        bool ok = true;
        node.cpus.forEach([&](int cpu) {
            if (!ok)
                return;
            st.bindInt(1, index);
            st.bindRequiredText(2, node.ns);
            st.bindInt(3, cpu);
            st.bindInt(4, node.osIndex);
            ok = done(st.execute(), QStringLiteral("cpu_nodes of snapshot %1").arg(index));
        });
        if (!ok)
            return false;
    }
    return true;
}

qint64 CaptureRows::rowCount(const Sample& sample)
{
    qint64 rows = 1 + qint64(sample.threads.size()) + qint64(sample.processes.size()) +
                  qint64(sample.nodes.size()) + sample.vmstat.size() + qint64(sample.flows.size());
    for (const ThreadCpuSample& t : sample.threads)
        rows += qint64(t.cpuNsByCpu.size());
    for (const ProcessMemorySample& p : sample.processes)
        rows += qint64(p.nodes.size());
    for (const NodeCountersSample& n : sample.nodes)
        rows += n.numastat.size();
    return rows;
}

bool CaptureRows::writeSample(int index, const Sample& sample)
{
    SqliteStatement sampleSt, threadSt, cpuSt, processSt, pagesSt, nodeSt, numastatSt, vmstatSt, flowSt;
    if (!prepare(sampleSt, "INSERT INTO samples(id, snapshot_id, time_ns, interval_ns, numa_balancing) "
                           "VALUES(?1, ?2, ?3, ?4, ?5)") ||
        !prepare(threadSt, "INSERT INTO sample_threads(sample_id, idx, pid, tid, comm, cpu_ns, last_cpu, "
                           "voluntary_switches, involuntary_switches, voluntary_switches_per_sec, "
                           "involuntary_switches_per_sec, cpus_allowed, mems_allowed, mode) "
                           "VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)") ||
        !prepare(cpuSt, "INSERT INTO sample_thread_cpus(sample_id, thread, idx, cpu, ns) "
                        "VALUES(?1, ?2, ?3, ?4, ?5)") ||
        !prepare(processSt, "INSERT INTO sample_processes(sample_id, idx, pid, policy, mode) "
                            "VALUES(?1, ?2, ?3, ?4, ?5)") ||
        !prepare(pagesSt, "INSERT INTO sample_process_nodes(sample_id, process, idx, node, total_pages, "
                          "anon_pages, dirty_anon_pages, file_pages, huge_pages, bytes) "
                          "VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)") ||
        !prepare(nodeSt, "INSERT INTO sample_nodes(sample_id, idx, node, mem_total_bytes, mem_free_bytes, "
                         "mode) VALUES(?1, ?2, ?3, ?4, ?5, ?6)") ||
        !prepare(numastatSt, "INSERT INTO sample_node_numastat(sample_id, entry, counter, value) "
                             "VALUES(?1, ?2, ?3, ?4)") ||
        !prepare(vmstatSt, "INSERT INTO sample_vmstat(sample_id, counter, value) VALUES(?1, ?2, ?3)") ||
        !prepare(flowSt,
                 "INSERT INTO sample_flows(sample_id, idx, pid, tid, protocol, local_address, local_port, "
                 "remote_address, remote_port, peer_pid, bytes_sent, bytes_received, volumes_known, mode) "
                 "VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)"))
        return false;
    const QString where = QStringLiteral("sample %1").arg(index);
    sampleSt.bindInt(1, index);
    sampleSt.bindInt(2, sample.snapshotIndex);
    sampleSt.bindInt(3, sample.timeNs);
    sampleSt.bindInt(4, sample.intervalNs);
    sampleSt.bindIntOrNull(5, sample.numaBalancing, -1);
    if (!done(sampleSt.execute(), where) || !tick())
        return false;

    // Memory, node counters and vmstat only come from procfs and sysfs; the column says so for queries that
    // mix tables.
    const QString procfs = collectionModeName(CollectionMode::Procfs);
    for (size_t i = 0; i < sample.threads.size(); ++i) {
        const ThreadCpuSample& t = sample.threads[i];
        threadSt.bindInt(1, index);
        threadSt.bindInt(2, qint64(i));
        threadSt.bindIntOrNull(3, t.pid, -1);
        threadSt.bindIntOrNull(4, t.tid, -1);
        threadSt.bindText(5, t.comm);
        threadSt.bindU64(6, t.cpuNs);
        threadSt.bindIntOrNull(7, t.lastCpu, -1);
        threadSt.bindU64(8, t.voluntarySwitches);
        threadSt.bindU64(9, t.involuntarySwitches);
        threadSt.bindDouble(10, t.voluntarySwitchesPerSec);
        threadSt.bindDouble(11, t.involuntarySwitchesPerSec);
        threadSt.bindText(12, t.cpusAllowed.toRangeString());
        threadSt.bindText(13, t.memsAllowed.toRangeString());
        threadSt.bindRequiredText(14, collectionModeName(t.mode));
        const QString at = where + QStringLiteral(", thread %1").arg(i);
        if (!done(threadSt.execute(), at) || !tick())
            return false;
        for (size_t k = 0; k < t.cpuNsByCpu.size(); ++k) {
            cpuSt.bindInt(1, index);
            cpuSt.bindInt(2, qint64(i));
            cpuSt.bindInt(3, qint64(k));
            cpuSt.bindInt(4, t.cpuNsByCpu[k].first);
            cpuSt.bindU64(5, t.cpuNsByCpu[k].second);
            if (!done(cpuSt.execute(), at) || !tick())
                return false;
        }
    }
    for (size_t i = 0; i < sample.processes.size(); ++i) {
        const ProcessMemorySample& p = sample.processes[i];
        processSt.bindInt(1, index);
        processSt.bindInt(2, qint64(i));
        processSt.bindIntOrNull(3, p.pid, -1);
        processSt.bindText(4, p.memoryPolicy);
        processSt.bindRequiredText(5, procfs);
        const QString at = where + QStringLiteral(", process %1").arg(i);
        if (!done(processSt.execute(), at) || !tick())
            return false;
        for (size_t k = 0; k < p.nodes.size(); ++k) {
            const NodePages& n = p.nodes[k];
            pagesSt.bindInt(1, index);
            pagesSt.bindInt(2, qint64(i));
            pagesSt.bindInt(3, qint64(k));
            pagesSt.bindInt(4, n.node);
            pagesSt.bindU64(5, n.totalPages);
            pagesSt.bindU64(6, n.anonPages);
            pagesSt.bindU64(7, n.dirtyAnonPages);
            pagesSt.bindU64(8, n.filePages);
            pagesSt.bindU64(9, n.hugePages);
            pagesSt.bindU64(10, n.bytes);
            if (!done(pagesSt.execute(), at) || !tick())
                return false;
        }
    }
    for (size_t i = 0; i < sample.nodes.size(); ++i) {
        const NodeCountersSample& n = sample.nodes[i];
        nodeSt.bindInt(1, index);
        nodeSt.bindInt(2, qint64(i));
        nodeSt.bindInt(3, n.node);
        nodeSt.bindU64(4, n.memTotalBytes);
        nodeSt.bindU64(5, n.memFreeBytes);
        nodeSt.bindRequiredText(6, procfs);
        const QString at = where + QStringLiteral(", node entry %1").arg(i);
        if (!done(nodeSt.execute(), at) || !tick())
            return false;
        for (auto it = n.numastat.constBegin(); it != n.numastat.constEnd(); ++it) {
            numastatSt.bindInt(1, index);
            numastatSt.bindInt(2, qint64(i));
            numastatSt.bindRequiredText(3, it.key());
            numastatSt.bindU64(4, it.value());
            if (!done(numastatSt.execute(), at) || !tick())
                return false;
        }
    }
    for (auto it = sample.vmstat.constBegin(); it != sample.vmstat.constEnd(); ++it) {
        vmstatSt.bindInt(1, index);
        vmstatSt.bindRequiredText(2, it.key());
        vmstatSt.bindU64(3, it.value());
        if (!done(vmstatSt.execute(), where + QStringLiteral(", vmstat '%1'").arg(it.key())) || !tick())
            return false;
    }
    for (size_t i = 0; i < sample.flows.size(); ++i) {
        const FlowSample& f = sample.flows[i];
        flowSt.bindInt(1, index);
        flowSt.bindInt(2, qint64(i));
        flowSt.bindIntOrNull(3, f.pid, -1);
        flowSt.bindIntOrNull(4, f.tid, -1);
        flowSt.bindText(5, f.protocol);
        flowSt.bindText(6, f.localAddress);
        flowSt.bindIntOrNull(7, f.localPort, -1);
        flowSt.bindText(8, f.remoteAddress);
        flowSt.bindIntOrNull(9, f.remotePort, -1);
        flowSt.bindIntOrNull(10, f.peerPid, -1);
        flowSt.bindU64(11, f.bytesSent);
        flowSt.bindU64(12, f.bytesReceived);
        flowSt.bindInt(13, f.volumesKnown ? 1 : 0);
        flowSt.bindRequiredText(14, collectionModeName(f.mode));
        if (!done(flowSt.execute(), where + QStringLiteral(", flow %1").arg(i)) || !tick())
            return false;
    }
    return true;
}

bool CaptureRows::prepare(SqliteStatement& st, const char* sql)
{
    const int rc = st.prepare(m_db, sql);
    if (rc == SQLITE_OK)
        return true;
    m_rc = rc;
    m_where = QStringLiteral("preparing a statement");
    return false;
}

bool CaptureRows::done(int rc, const QString& where)
{
    if (rc == SQLITE_DONE || rc == SQLITE_OK)
        return true;
    const int extended = sqlite3_extended_errcode(m_db);
    m_rc = extended != SQLITE_OK ? extended : rc;
    m_where = where;
    return false;
}

bool CaptureRows::tick()
{
    if (!m_tick || m_tick())
        return true;
    m_stopped = true;
    return false;
}

} // namespace numasight
