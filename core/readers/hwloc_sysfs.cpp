// SPDX-License-Identifier: GPL-3.0-or-later
#include "hwloc_sysfs.h"

#include "util/index_set.h"
#include "util/json_text.h"

#include <QDir>
#include <QFile>

#include <algorithm>

namespace numasight {

namespace {

// sysfs files are a few KiB; a hostile fake tree must not make us read gigabytes.
constexpr qint64 kMaxSysfsFile = 1 << 20;
// The kernel prints about 40; a fake tree's endless file stops here.
constexpr size_t kMaxMeminfoLines = 200;

QList<QByteArray> readLines(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.read(kMaxSysfsFile).split('\n');
}

std::optional<std::uint64_t> toU64(const QByteArray& text)
{
    bool ok = false;
    const qulonglong v = text.toULongLong(&ok);
    return ok ? std::optional<std::uint64_t>(v) : std::nullopt;
}

} // namespace

void parseNodeMeminfo(const QByteArray& text, int node, NodeSysfsStats& into)
{
    for (const QByteArray& line : text.split('\n')) {
        const QList<QByteArray> f = line.simplified().split(' ');
        if (f.size() < 4 || f[0] != "Node" || f[1] != QByteArray::number(node) || !f[2].endsWith(':') ||
            f[2].size() < 2 || into.meminfo.size() >= kMaxMeminfoLines)
            continue;
        into.meminfo.emplace_back(QString::fromLatin1(f[2].chopped(1)),
                                  QString::fromLatin1(f.mid(3).join(' ')));
        const auto kb = toU64(f[3]);
        const bool inKb = f.size() < 5 || f[4] == "kB";
        if (!kb || !inKb || *kb > (UINT64_MAX >> 10))
            continue;
        if (f[2] == "MemTotal:")
            into.memTotalBytes = *kb << 10;
        else if (f[2] == "MemFree:")
            into.memFreeBytes = *kb << 10;
    }
}

QByteArray withNodeSysfsAttributes(const QByteArray& attributes, const NodeSysfsStats& stats)
{
    if (stats.meminfo.empty() && stats.memoryBlocks.isEmpty())
        return attributes;
    QByteArray out = attributes.trimmed();
    if (out.size() < 2 || !out.endsWith('}'))
        out = "{}";
    out.chop(1);
    if (!stats.meminfo.empty()) {
        appendJsonKey(out, "mem_info");
        out += '{';
        for (const auto& [key, value] : stats.meminfo) {
            if (out.back() != '{')
                out += ',';
            appendJsonString(out, key);
            out += ':';
            appendJsonString(out, value);
        }
        out += '}';
    }
    if (!stats.memoryBlocks.isEmpty()) {
        appendJsonKey(out, "memory_set");
        appendJsonString(out, stats.memoryBlocks);
    }
    out += '}';
    return out;
}

NodeSysfsStats readNodeSysfsStats(const QString& sysfsRoot, int node)
{
    NodeSysfsStats stats;
    const QString dir = QStringLiteral("%1/devices/system/node/node%2/").arg(sysfsRoot).arg(node);

    QFile meminfo(dir + QLatin1String("meminfo"));
    if (meminfo.open(QIODevice::ReadOnly))
        parseNodeMeminfo(meminfo.read(kMaxSysfsFile), node, stats);
    // Memory blocks are directories memory<M>: a few thousand at most per node (blocks are 128 MiB to 2 GiB);
    // an id beyond 2^24 (2 PiB in the smallest blocks) is a fake tree's, not worth a bitmap that large.
    IndexSet blocks;
    for (const QString& name : QDir(dir).entryList({QStringLiteral("memory*")}, QDir::Dirs | QDir::System)) {
        bool ok = false;
        const int id = QStringView(name).mid(6).toInt(&ok);
        if (ok && name.size() > 6 && name.at(6).isDigit() && id < (1 << 24))
            blocks.insert(id);
    }
    stats.memoryBlocks = blocks.toRangeString();
    // "numa_hit 123"
    for (const QByteArray& line : readLines(dir + QLatin1String("numastat"))) {
        const QList<QByteArray> f = line.simplified().split(' ');
        if (f.size() != 2)
            continue;
        if (const auto v = toU64(f[1]))
            stats.numastat.insert(QString::fromLatin1(f[0]), *v);
    }
    return stats;
}

void applyNodeSysfsStats(SnapshotBuilder& builder, const QString& sysfsRoot)
{
    for (int i = 0; i < builder.entityCount(); ++i) {
        Entity& e = builder.entity(EntityId(i));
        if (e.kind != EntityKind::NumaNode || e.ns != QLatin1String("local") || e.osIndex < 0)
            continue;
        NodeSysfsStats stats = readNodeSysfsStats(sysfsRoot, e.osIndex);
        if (stats.memFreeBytes)
            e.detail->memoryFreeBytes = *stats.memFreeBytes;
        if (!stats.numastat.isEmpty())
            e.detail->numastat = std::move(stats.numastat);
        e.attributes = withNodeSysfsAttributes(e.attributes.text(), stats);
    }
}

void applyNodeSysfsDistances(SnapshotBuilder& builder, const QString& sysfsRoot)
{
    std::vector<EntityId> nodes;
    for (int i = 0; i < builder.entityCount(); ++i) {
        const Entity& e = builder.entity(EntityId(i));
        if (e.kind == EntityKind::NumaNode && e.ns == QLatin1String("local") && e.osIndex >= 0)
            nodes.push_back(EntityId(i));
    }
    if (nodes.empty())
        return;
    for (const DistanceMatrix& d : builder.distances())
        if (d.unit == QLatin1String("relative") && !d.objects.empty() &&
            builder.entity(d.objects.front()).kind == EntityKind::NumaNode &&
            builder.entity(d.objects.front()).ns == QLatin1String("local"))
            return;
    // Snapshot::numaNodes() order, which is also the kernel's online-node order of each row.
    std::sort(nodes.begin(), nodes.end(),
              [&](EntityId a, EntityId b) { return builder.entity(a).osIndex < builder.entity(b).osIndex; });
    DistanceMatrix m;
    m.name = QStringLiteral("NUMALatency");
    m.unit = QStringLiteral("relative");
    m.fromOs = true;
    m.objects = nodes;
    for (EntityId id : nodes) {
        const QString path = QStringLiteral("%1/devices/system/node/node%2/distance")
                                 .arg(sysfsRoot)
                                 .arg(builder.entity(id).osIndex);
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly))
            return;
        const QList<QByteArray> fields = f.read(kMaxSysfsFile).simplified().split(' ');
        if (fields.size() != qsizetype(nodes.size()))
            return;
        for (const QByteArray& field : fields) {
            const auto v = toU64(field);
            if (!v || *v > 255) // SLIT entries are one byte
                return;
            m.values.push_back(double(*v));
        }
    }
    builder.addDistances(std::move(m));
}

} // namespace numasight
