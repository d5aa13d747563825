// SPDX-License-Identifier: GPL-3.0-or-later
#include "info_json.h"

#include "attach/host_namespace.h"
#include "fleet/fleet.h"
#include "record/machine_identity.h"
#include "util/format.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QMap>
#include <QTextStream>

#include <algorithm>
#include <cmath>

namespace numasight {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(numasight::InfoText)
};

// A row's name padded so that the values line up: "Source:     ".
QString field(const QString& name)
{
    return name.leftJustified(11) + QLatin1Char(' ');
}

const Snapshot* pick(const Capture& capture, int index)
{
    if (capture.snapshots.empty())
        return nullptr;
    if (index < 0 || size_t(index) >= capture.snapshots.size())
        return capture.snapshots.back().get();
    return capture.snapshots[size_t(index)].get();
}

QString deviceKind(const Entity& e)
{
    switch (e.kind) {
    case EntityKind::Accelerator:
        return e.deviceClass == DeviceClass::Npu ? QStringLiteral("npu") : QStringLiteral("gpu");
    case EntityKind::Nic:
        return QStringLiteral("nic");
    default:
        return QStringLiteral("other");
    }
}

bool isReportedDevice(const Entity& e)
{
    return e.kind == EntityKind::Accelerator || e.kind == EntityKind::Nic || e.kind == EntityKind::PciDevice;
}

QJsonValue distanceRow(const Snapshot& s, EntityId node)
{
    const Entity& n = s.entity(node);
    const DistanceMatrix* m = s.numaDistances(n.ns.view());
    if (!m)
        return QJsonValue::Null;
    int row = -1;
    for (int i = 0; i < m->size(); ++i)
        if (m->objects[size_t(i)] == node)
            row = i;
    if (row < 0)
        return QJsonValue::Null;
    QJsonArray out;
    for (int c = 0; c < m->size(); ++c) {
        const double v = m->at(row, c);
        // SLIT values are integers; keep them integral in JSON so scripts can compare them exactly.
        if (std::floor(v) == v && std::abs(v) < 9e15)
            out.append(qint64(v));
        else
            out.append(v);
    }
    return out;
}

QJsonObject countsByTypeName(const auto& items)
{
    QMap<QString, int> counts;
    for (const auto& item : items)
        ++counts[item.typeName];
    QJsonObject out;
    for (auto it = counts.cbegin(); it != counts.cend(); ++it)
        out.insert(it.key(), it.value());
    return out;
}
} // namespace

QJsonObject infoJson(const Capture& capture, int snapshotIndex)
{
    QJsonObject source{
        {QStringLiteral("path"), capture.source.path},
        {QStringLiteral("format"), sourceFormatName(capture.source.format)},
        {QStringLiteral("original_format"),
         capture.source.originalFormat == SourceFormat::Unknown
             ? QJsonValue(QJsonValue::Null)
             : QJsonValue(sourceFormatName(capture.source.originalFormat))},
        {QStringLiteral("host"), capture.source.hostname.isEmpty() ? QJsonValue(QJsonValue::Null)
                                                                   : QJsonValue(capture.source.hostname)},
        {QStringLiteral("kernel"),
         capture.source.kernel.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(capture.source.kernel)},
        {QStringLiteral("captured_at"),
         capture.source.capturedAt.isValid()
             ? QJsonValue(capture.source.capturedAt.toString(Qt::ISODateWithMs))
             : QJsonValue(QJsonValue::Null)},
        {QStringLiteral("mode"), capture.source.mode},
        {QStringLiteral("snapshots"), int(capture.snapshots.size())},
        {QStringLiteral("samples"), int(capture.samples.size())},
    };
    // The collection modes the samples' figures came from (a recording may mix eBPF CPU time with procfs
    // context), so a reader of `info` knows how precise they are.
    QStringList modes;
    for (const SamplePtr& sample : capture.samples) {
        for (const ThreadCpuSample& t : sample->threads)
            if (!modes.contains(collectionModeName(t.mode)))
                modes << collectionModeName(t.mode);
        for (const FlowSample& f : sample->flows)
            if (!modes.contains(collectionModeName(f.mode)))
                modes << collectionModeName(f.mode);
        if (!sample->processes.empty() || !sample->nodes.empty())
            if (!modes.contains(collectionModeName(CollectionMode::Procfs)))
                modes << collectionModeName(CollectionMode::Procfs);
    }
    modes.sort();
    source.insert(QStringLiteral("modes"), QJsonArray::fromStringList(modes));
    QJsonObject out{{QStringLiteral("source"), source}};
    const Snapshot* s = pick(capture, snapshotIndex);
    if (!s) {
        out.insert(QStringLiteral("numa_nodes"), QJsonArray());
        return out;
    }

    QJsonArray nodes;
    for (EntityId id : s->numaNodes()) {
        const Entity& n = s->entity(id);
        QJsonObject node{
            {QStringLiteral("os_index"), n.osIndex},
            {QStringLiteral("logical_index"), n.logicalIndex},
            {QStringLiteral("namespace"), n.ns.str()},
            {QStringLiteral("cpus"), n.cpus.toRangeString()},
            {QStringLiteral("memory_bytes"), qint64(n.detail->memoryBytes)},
            {QStringLiteral("memory_tier"), n.detail->memoryTier.isEmpty()
                                                ? QJsonValue(QJsonValue::Null)
                                                : QJsonValue(n.detail->memoryTier)},
            {QStringLiteral("distances"), distanceRow(*s, id)},
        };
        nodes.append(node);
    }
    out.insert(QStringLiteral("numa_nodes"), nodes);
    out.insert(QStringLiteral("packages"), s->countOf(EntityKind::Package));
    out.insert(QStringLiteral("cores"), s->countOf(EntityKind::Core));
    out.insert(QStringLiteral("pus"), s->countOf(EntityKind::Pu));

    QJsonArray devices;
    for (size_t i = 0; i < s->entities().size(); ++i) {
        const Entity& e = s->entities()[i];
        if (!isReportedDevice(e))
            continue;
        const EntityId node = s->nodeOfDevice(EntityId(std::int32_t(i)));
        devices.append(QJsonObject{
            {QStringLiteral("kind"), deviceKind(e)},
            {QStringLiteral("name"), e.name.str()},
            {QStringLiteral("pci_bus_id"),
             e.detail->pciBusId.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(e.detail->pciBusId)},
            {QStringLiteral("numa_node"),
             node.isValid() ? QJsonValue(s->entity(node).osIndex) : QJsonValue(QJsonValue::Null)},
        });
    }
    out.insert(QStringLiteral("devices"), devices);
    out.insert(QStringLiteral("processes"), s->countOf(EntityKind::Process));
    out.insert(QStringLiteral("threads"), s->countOf(EntityKind::Thread));
    out.insert(QStringLiteral("entity_counts"), countsByTypeName(s->entities()));
    out.insert(QStringLiteral("edge_counts"), countsByTypeName(s->edges()));
    return out;
}

QString infoText(const Capture& capture, int snapshotIndex)
{
    const QJsonObject info = infoJson(capture, snapshotIndex);
    QString text;
    QTextStream ts(&text);
    const QJsonObject src = info.value(QStringLiteral("source")).toObject();
    const QString format = src.value(QStringLiteral("format")).toString();
    ts << field(Tr::tr("Source:")) << src.value(QStringLiteral("path")).toString() << " ("
       << (src.value(QStringLiteral("original_format")).isString()
               ? Tr::tr("%1 from %2").arg(format, src.value(QStringLiteral("original_format")).toString())
               : format)
       << ")\n";
    if (src.value(QStringLiteral("host")).isString())
        ts << field(Tr::tr("Host:")) << src.value(QStringLiteral("host")).toString() << '\n';
    if (src.value(QStringLiteral("kernel")).isString())
        ts << field(Tr::tr("Kernel:")) << src.value(QStringLiteral("kernel")).toString() << '\n';
    if (src.value(QStringLiteral("captured_at")).isString())
        ts << field(Tr::tr("Captured:")) << src.value(QStringLiteral("captured_at")).toString() << '\n';
    ts << field(Tr::tr("Snapshots:")) << src.value(QStringLiteral("snapshots")).toInt() << '\n';
    if (src.value(QStringLiteral("samples")).toInt() > 0) {
        QStringList modes;
        for (const QJsonValue& m : src.value(QStringLiteral("modes")).toArray())
            modes << m.toString();
        ts << field(Tr::tr("Samples:")) << src.value(QStringLiteral("samples")).toInt() << " ("
           << modes.join(QStringLiteral(", ")) << ")\n";
    }
    ts << field(Tr::tr("Packages:")) << info.value(QStringLiteral("packages")).toInt() << "   "
       << Tr::tr("Cores:") << ' ' << info.value(QStringLiteral("cores")).toInt() << "   " << Tr::tr("PUs:")
       << ' ' << info.value(QStringLiteral("pus")).toInt() << '\n';
    ts << field(Tr::tr("Processes:")) << info.value(QStringLiteral("processes")).toInt() << "   "
       << Tr::tr("Threads:") << ' ' << info.value(QStringLiteral("threads")).toInt() << '\n';

    const QJsonArray nodes = info.value(QStringLiteral("numa_nodes")).toArray();
    ts << '\n' << Tr::tr("NUMA nodes:") << ' ' << nodes.size() << '\n';
    for (const QJsonValue& v : nodes) {
        const QJsonObject n = v.toObject();
        ts << "  " << Tr::tr("node %1").arg(n.value(QStringLiteral("os_index")).toInt());
        if (n.value(QStringLiteral("namespace")).toString() != QLatin1String("local"))
            ts << " @" << n.value(QStringLiteral("namespace")).toString();
        const QString cpus = n.value(QStringLiteral("cpus")).toString();
        ts << "  " << Tr::tr("cpus %1").arg(cpus.isEmpty() ? Tr::tr("(none)") : cpus);
        ts << "  "
           << Tr::tr("memory %1").arg(formatBytes(n.value(QStringLiteral("memory_bytes")).toDouble()));
        if (n.value(QStringLiteral("memory_tier")).isString())
            ts << "  " << Tr::tr("tier %1").arg(n.value(QStringLiteral("memory_tier")).toString());
        const QJsonValue d = n.value(QStringLiteral("distances"));
        if (d.isArray()) {
            ts << "  " << Tr::tr("distances");
            for (const QJsonValue& x : d.toArray())
                ts << ' ' << x.toVariant().toString();
        }
        ts << '\n';
    }
    const QJsonArray devices = info.value(QStringLiteral("devices")).toArray();
    if (!devices.isEmpty()) {
        ts << '\n' << Tr::tr("Devices:") << ' ' << devices.size() << '\n';
        for (const QJsonValue& v : devices) {
            const QJsonObject d = v.toObject();
            ts << "  " << d.value(QStringLiteral("kind")).toString().leftJustified(5) << ' '
               << d.value(QStringLiteral("name")).toString();
            if (d.value(QStringLiteral("pci_bus_id")).isString())
                ts << "  " << d.value(QStringLiteral("pci_bus_id")).toString();
            if (!d.value(QStringLiteral("numa_node")).isNull())
                ts << "  " << Tr::tr("node %1").arg(d.value(QStringLiteral("numa_node")).toInt());
            ts << '\n';
        }
    }
    // The type names are the capture format's own words (docs/capture-format.md): not translated.
    for (const char* section : {"entity_counts", "edge_counts"}) {
        const QJsonObject counts = info.value(QLatin1String(section)).toObject();
        ts << '\n'
           << (qstrcmp(section, "entity_counts") == 0 ? Tr::tr("Entities:") : Tr::tr("Edges:")) << '\n';
        for (auto it = counts.begin(); it != counts.end(); ++it)
            ts << "  " << it.key().leftJustified(28) << ' ' << it.value().toInt() << '\n';
    }
    return text;
}

} // namespace numasight

namespace numasight {

QJsonObject fleetInfoJson(const Capture& capture)
{
    // The machine-wide fields describe every host at once: an attach's snapshot holds them all already; a
    // merge's snapshots are one host's each, so the last of every host are taken together.
    QJsonObject out;
    if (capture.hosts.empty()) {
        out = infoJson(capture);
    } else {
        std::vector<SnapshotPtr> lasts;
        for (const CaptureHost& host : capture.hosts)
            for (auto it = capture.snapshots.rbegin(); it != capture.snapshots.rend(); ++it)
                if (holdsHost(**it, host.ns)) {
                    lasts.push_back(*it);
                    break;
                }
        Capture together;
        together.source = capture.source;
        together.samples = capture.samples;
        together.snapshots.push_back(mergeSnapshots(lasts, capture.source.capturedAt, QString()));
        out = infoJson(together);
        QJsonObject source = out.value(QStringLiteral("source")).toObject();
        source.insert(QStringLiteral("snapshots"), int(capture.snapshots.size()));
        out.insert(QStringLiteral("source"), source);
    }
    QJsonArray hosts;
    for (const CaptureHost& host : captureHosts(capture)) {
        const CapturePtr scoped = scopeToHost(capture, host);
        const QJsonObject info = infoJson(*scoped);
        QJsonObject hostSource = info.value(QStringLiteral("source")).toObject();
        const QString machineId = host.source.extra.value(QLatin1String(kMachineIdKey));
        int accelerators = 0;
        for (const QJsonValue& d : info.value(QStringLiteral("devices")).toArray())
            if (d.toObject().value(QStringLiteral("kind")).toString() == QLatin1String("gpu") ||
                d.toObject().value(QStringLiteral("kind")).toString() == QLatin1String("npu"))
                ++accelerators;
        hosts.append(QJsonObject{
            {QStringLiteral("name"), host.name},
            {QStringLiteral("namespace"), host.ns},
            {QStringLiteral("machine_id"),
             machineId.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(machineId)},
            {QStringLiteral("source"), hostSource},
            {QStringLiteral("numa_nodes"), info.value(QStringLiteral("numa_nodes")).toArray().size()},
            {QStringLiteral("pus"), info.value(QStringLiteral("pus"))},
            {QStringLiteral("accelerators"), accelerators},
            {QStringLiteral("processes"), info.value(QStringLiteral("processes"))},
            {QStringLiteral("threads"), info.value(QStringLiteral("threads"))},
        });
    }
    out.insert(QStringLiteral("hosts"), hosts);
    return out;
}

QString fleetInfoText(const Capture& capture)
{
    const QJsonObject info = fleetInfoJson(capture);
    QString text;
    QTextStream ts(&text);
    const QJsonObject src = info.value(QStringLiteral("source")).toObject();
    const QJsonArray hosts = info.value(QStringLiteral("hosts")).toArray();
    ts << field(Tr::tr("Source:")) << src.value(QStringLiteral("path")).toString() << " ("
       << pluralized(Tr::tr("fleet of %n host(s)", "", int(hosts.size())), hosts.size()) << ")\n";
    ts << field(Tr::tr("Snapshots:")) << src.value(QStringLiteral("snapshots")).toInt() << "   "
       << Tr::tr("Samples:") << ' ' << src.value(QStringLiteral("samples")).toInt() << '\n';
    ts << '\n' << Tr::tr("Hosts (--host NAME looks at one):") << '\n';
    for (const QJsonValue& v : hosts) {
        const QJsonObject h = v.toObject();
        const QJsonObject hs = h.value(QStringLiteral("source")).toObject();
        ts << "  " << h.value(QStringLiteral("name")).toString();
        if (h.value(QStringLiteral("namespace")).toString() != h.value(QStringLiteral("name")).toString())
            ts << " [" << h.value(QStringLiteral("namespace")).toString() << ']';
        ts << ": "
           << Tr::tr("%1 NUMA nodes, %2 PUs, %3 accelerators, %4 processes, %5 samples")
                  .arg(h.value(QStringLiteral("numa_nodes")).toInt())
                  .arg(h.value(QStringLiteral("pus")).toInt())
                  .arg(h.value(QStringLiteral("accelerators")).toInt())
                  .arg(h.value(QStringLiteral("processes")).toInt())
                  .arg(hs.value(QStringLiteral("samples")).toInt());
        if (hs.value(QStringLiteral("kernel")).isString())
            ts << ", " << hs.value(QStringLiteral("kernel")).toString();
        if (!hs.value(QStringLiteral("mode")).toString().isEmpty())
            ts << ", " << hs.value(QStringLiteral("mode")).toString();
        ts << '\n';
    }
    return text;
}

} // namespace numasight
