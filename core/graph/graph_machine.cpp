// SPDX-License-Identifier: GPL-3.0-or-later
// The machine in the graph: packages, NUMA nodes with their CPUs (in their caches on request) and devices
// (folded, or as the PCI tree), and the table of distances between nodes (the machine view, and the
// machine part of the combined view).
#include "graph_builder.h"
#include "util/json_text.h"

#include <QCoreApplication>
#include <QJsonArray>

#include <functional>
#include <numeric>

namespace numasight {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(numasight::GraphMachine)
};
} // namespace

namespace graphbuild {

namespace {

constexpr qsizetype kDeviceLabelChars = 26;

} // namespace

QString GraphBuilder::numaNodeId(const Entity& n) const
{
    return withNs(QStringLiteral("numa") + QString::number(n.osIndex), n);
}

QString GraphBuilder::numaClusterId(const Entity& n) const
{
    return withNs(QStringLiteral("cluster_numa") + QString::number(n.osIndex), n);
}

QString GraphBuilder::tierOf(EntityId node, const CpuSet& ownCpus) const
{
    const Entity& n = m_s.entity(node);
    const QString tier = n.detail->memoryTier;
    if (tier == QLatin1String("GPU"))
        return QStringLiteral("GPU memory");
    if (!tier.isEmpty() && tier.compare(QLatin1String("DRAM"), Qt::CaseInsensitive) != 0)
        return tier;
    if (ownCpus.isEmpty())
        return QStringLiteral("CPU-less");
    return {};
}

CpuSet GraphBuilder::ownCpus(EntityId node) const
{
    CpuSet own;
    const Entity& n = m_s.entity(node);
    n.cpus.forEach([&](int cpu) {
        if (m_s.nodeOfCpu(CpuId(cpu), n.ns.view()) == node)
            own.insert(cpu);
    });
    return own;
}

QString GraphBuilder::memoryLine(const Entity& n) const
{
    if (n.detail->memoryBytes == 0)
        return {};
    QString s = graphBytes(double(n.detail->memoryBytes));
    if (n.detail->memoryFreeBytes > 0)
        s += QStringLiteral(", ") + graphBytes(double(n.detail->memoryFreeBytes)) + QStringLiteral(" free");
    return s;
}

QStringList GraphBuilder::memCacheLines(const Entity& n) const
{
    // hwloc's memory-side caches (MemCache) sit in front of the node's memory; the reader keeps them on
    // the nodes they serve.
    QStringList lines;
    const QJsonArray caches =
        parseJsonObject(n.attributes.text()).value(QLatin1String("memory_side_caches")).toArray();
    for (const QJsonValue& c : caches) {
        const double size = c.toObject().value(QLatin1String("cache_size")).toDouble();
        if (size > 0)
            lines << QStringLiteral("MemCache ") + formatBytes(size, TrailingZeros::Drop);
    }
    return lines;
}

QString GraphBuilder::distanceRow(EntityId node) const
{
    const Entity& n = m_s.entity(node);
    const DistanceMatrix* m = m_s.numaDistances(n.ns.view());
    if (!m)
        return {};
    const auto row = std::find(m->objects.begin(), m->objects.end(), node);
    if (row == m->objects.end())
        return {};
    QStringList values;
    const int r = int(row - m->objects.begin());
    for (int c = 0; c < m->size(); ++c)
        values << QString::number(m->at(r, c), 'g', 6);
    return QStringLiteral("distances ") + values.join(QLatin1Char(' '));
}

QString GraphBuilder::numaTooltip(EntityId node, const CpuSet& own, const QString& tier) const
{
    const Entity& n = m_s.entity(node);
    QStringList lines;
    lines << Tr::tr("NUMA node %1").arg(n.osIndex);
    if (!n.cpus.isEmpty())
        lines << Tr::tr("CPUs %1").arg(n.cpus.toRangeString());
    if (own.isEmpty() && !n.cpus.isEmpty())
        lines << Tr::tr("no CPUs of its own (memory only)");
    if (n.detail->memoryBytes)
        lines << Tr::tr("memory %1").arg(graphBytes(double(n.detail->memoryBytes)));
    if (n.detail->memoryFreeBytes)
        lines << Tr::tr("free %1").arg(graphBytes(double(n.detail->memoryFreeBytes)));
    if (!tier.isEmpty())
        lines << Tr::tr("tier %1").arg(tier);
    lines << memCacheLines(n);
    const QString row = distanceRow(node);
    if (!row.isEmpty())
        lines << row;
    return lines.join(QLatin1Char('\n'));
}

GraphNode GraphBuilder::numaNode(EntityId node, bool withName) const
{
    const Entity& n = m_s.entity(node);
    const CpuSet own = ownCpus(node);
    const QString tier = tierOf(node, own);
    GraphNode g;
    g.id = numaNodeId(n);
    g.kind = EntityKind::NumaNode;
    g.entity = node;
    QStringList lines;
    if (withName)
        lines << Tr::tr("NUMA %1").arg(n.osIndex);
    const QString mem = memoryLine(n);
    if (!mem.isEmpty())
        lines << mem;
    else if (!withName)
        lines << QStringLiteral("memory");
    if (withName && !tier.isEmpty())
        lines << tier;
    lines << memCacheLines(n);
    g.label = lines.join(QLatin1Char('\n'));
    g.osIndex = n.osIndex;
    g.tooltip = numaTooltip(node, own, tier);
    g.searchKeys << QString::number(n.osIndex) << QStringLiteral("NUMA %1").arg(n.osIndex)
                 << QStringLiteral("node %1").arg(n.osIndex) << n.cpus.toRangeString();
    return g;
}

void GraphBuilder::addCpuNodes(EntityId node, const CpuSet& own, const QString& cluster,
                               const QString& rangeId)
{
    const Entity& n = m_s.entity(node);
    if (own.isEmpty())
        return;
    if (m_o.showCaches) {
        addCacheTree(node, own, cluster);
        return;
    }

    // Cores whose PUs all belong to this node, and the PUs themselves.
    std::vector<EntityId> pus, cores;
    for (EntityId pu : m_s.ofKind(EntityKind::Pu)) {
        const Entity& p = m_s.entity(pu);
        if (p.ns == n.ns && p.osIndex >= 0 && own.contains(p.osIndex))
            pus.push_back(pu);
    }
    for (EntityId c : m_s.ofKind(EntityKind::Core)) {
        const Entity& core = m_s.entity(c);
        if (core.ns == n.ns && !core.cpus.isEmpty() && core.cpus.isSubsetOf(own))
            cores.push_back(c);
    }
    const bool byCore = !cores.empty();
    std::vector<QString> partIds;
    if (byCore) {
        for (EntityId c : cores)
            partIds.push_back(withNs(QStringLiteral("core") + m_s.entity(c).key, m_s.entity(c)));
    } else {
        own.forEach(
            [&](int cpu) { partIds.push_back(withNs(QStringLiteral("cpu") + QString::number(cpu), n)); });
    }

    const bool expand = isExpanded(rangeId, own.count() <= m_o.cpuRangeLimit, partIds);
    if (!expand) {
        GraphNode g;
        g.id = rangeId;
        g.cluster = cluster;
        g.kind = EntityKind::Pu;
        g.label = QStringLiteral("CPU ") + rangeText(own);
        g.members = pus;
        g.expandable = true;
        g.osIndex = own.first();
        g.tooltip = Tr::tr("%1 CPUs of NUMA node %2: %3\n%4")
                        .arg(own.count())
                        .arg(n.osIndex)
                        .arg(own.toRangeString(), byCore ? Tr::tr("%1 cores").arg(cores.size()) : QString());
        g.tooltip = g.tooltip.trimmed();
        g.searchKeys = cpuKeys(own);
        addNode(std::move(g));
        return;
    }
    if (byCore) {
        for (size_t i = 0; i < cores.size(); ++i) {
            const Entity& core = m_s.entity(cores[i]);
            GraphNode g;
            g.id = partIds[i];
            g.cluster = cluster;
            g.kind = EntityKind::Core;
            g.entity = cores[i];
            g.osIndex = core.osIndex >= 0 ? core.osIndex : core.cpus.first();
            g.label = QStringLiteral("CPU ") + rangeText(core.cpus);
            for (EntityId pu : pus)
                if (core.cpus.contains(m_s.entity(pu).osIndex))
                    g.members.push_back(pu);
            g.expanded = true;
            g.foldGroup = rangeId;
            g.tooltip = Tr::tr("core %1 of NUMA node %2\nCPUs %3")
                            .arg(core.osIndex >= 0 ? QString::number(core.osIndex) : core.key.str())
                            .arg(n.osIndex)
                            .arg(core.cpus.toRangeString());
            g.searchKeys = cpuKeys(core.cpus);
            addNode(std::move(g));
        }
        return;
    }
    size_t i = 0;
    own.forEach([&](int cpu) {
        GraphNode g;
        g.id = partIds[i++];
        g.cluster = cluster;
        g.kind = EntityKind::Pu;
        g.label = Tr::tr("CPU %1").arg(cpu);
        g.osIndex = cpu;
        for (EntityId pu : pus)
            if (m_s.entity(pu).osIndex == cpu) {
                g.entity = pu;
                g.members.push_back(pu);
            }
        g.expanded = true;
        g.foldGroup = rangeId;
        g.tooltip = Tr::tr("CPU %1 of NUMA node %2").arg(cpu).arg(n.osIndex);
        g.searchKeys << QString::number(cpu);
        addNode(std::move(g));
    });
}

bool GraphBuilder::isDevice(EntityKind k)
{
    return k == EntityKind::Accelerator || k == EntityKind::Nic || k == EntityKind::PciDevice ||
           k == EntityKind::OsDevice;
}

QString GraphBuilder::deviceId(const Entity& d) const
{
    QString prefix;
    switch (d.kind) {
    case EntityKind::Accelerator:
        prefix = d.deviceClass == DeviceClass::Npu   ? QStringLiteral("npu")
                 : d.deviceClass == DeviceClass::Gpu ? QStringLiteral("gpu")
                                                     : QStringLiteral("acc");
        break;
    case EntityKind::Nic:
        prefix = QStringLiteral("nic");
        break;
    case EntityKind::PciDevice:
        prefix = QStringLiteral("pci");
        break;
    default:
        prefix = QStringLiteral("dev");
        break;
    }
    // The PCI bus id survives re-enumeration; witty's NPU index alone does not name the same card.
    return withNs(prefix + (d.detail->pciBusId.isEmpty() ? d.key.str() : d.detail->pciBusId), d);
}

GraphNode GraphBuilder::deviceNode(EntityId id) const
{
    const Entity& d = m_s.entity(id);
    GraphNode g;
    g.id = deviceId(d);
    g.kind = d.kind;
    g.entity = id;
    QStringList lines;
    if (d.kind == EntityKind::Accelerator) {
        QString head = d.deviceClass == DeviceClass::Npu   ? QStringLiteral("NPU")
                       : d.deviceClass == DeviceClass::Gpu ? QStringLiteral("GPU")
                                                           : QStringLiteral("Accelerator");
        if (d.osIndex >= 0)
            head += QLatin1Char(' ') + QString::number(d.osIndex);
        lines << head;
        // witty names its NPUs "NPU3": nothing to add. hwloc gives the model.
        const QString compact = QString(head).remove(QLatin1Char(' '));
        if (!d.name.isEmpty() && d.name != compact)
            lines << d.name;
    } else if (d.kind == EntityKind::Nic) {
        lines << (d.name.isEmpty() ? QStringLiteral("NIC") : QStringLiteral("NIC ") + d.name);
    } else {
        lines << (d.name.isEmpty() ? entityKindName(d.kind) : d.name.str());
    }
    if (!d.detail->pciBusId.isEmpty())
        lines << d.detail->pciBusId;
    // Model names run to 40 characters ("NetXtreme II BCM5709 Gigabit Ethernet"): the drawing shows the
    // first 26, the tooltip and the search keep the whole.
    QStringList shown = lines;
    for (QString& line : shown)
        if (line.size() > kDeviceLabelChars)
            line = line.left(kDeviceLabelChars - 1).trimmed() + QChar(0x2026);
    g.label = shown.join(QLatin1Char('\n'));
    if (d.kind == EntityKind::Accelerator || d.kind == EntityKind::Nic)
        g.osIndex = d.osIndex;
    QStringList tip = lines;
    if (!d.detail->vendor.isEmpty())
        tip << Tr::tr("vendor %1").arg(d.detail->vendor);
    const EntityId node = m_s.nodeOfDevice(id);
    if (node.isValid())
        tip << Tr::tr("NUMA node %1").arg(m_s.entity(node).osIndex);
    if (!d.cpus.isEmpty())
        tip << Tr::tr("CPU affinity %1").arg(d.cpus.toRangeString());
    g.tooltip = tip.join(QLatin1Char('\n'));
    g.searchKeys << d.name << d.detail->pciBusId << d.key;
    if (d.osIndex >= 0)
        g.searchKeys << lines.front();
    g.searchKeys.removeAll(QString());
    return g;
}

void GraphBuilder::addDevices(const QString& ns, const QHash<std::int32_t, QString>& clusterOfNode,
                              const QHash<std::int32_t, QString>& clusterOfPackage)
{
    // place -> its devices in snapshot order (accelerators and NICs first), and the folded ones among them
    std::map<QString, std::vector<EntityId>> all, others;
    std::vector<QString> placeOrder;
    for (EntityKind k :
         {EntityKind::Accelerator, EntityKind::Nic, EntityKind::PciDevice, EntityKind::OsDevice}) {
        for (EntityId id : m_s.ofKind(k)) {
            const Entity& d = m_s.entity(id);
            if (d.ns != ns)
                continue;
            QString place = hostCluster(ns);
            const EntityId node = m_s.nodeOfDevice(id);
            if (node.isValid() && clusterOfNode.contains(node.value)) {
                place = clusterOfNode.value(node.value);
            } else if (const EntityId pkg = ancestorOfKind(id, EntityKind::Package); pkg.isValid()) {
                place = clusterOfPackage.value(pkg.value, place);
            }
            if (!all.count(place))
                placeOrder.push_back(place);
            all[place].push_back(id);
            if (k != EntityKind::Accelerator && k != EntityKind::Nic)
                others[place].push_back(id);
        }
    }
    for (const QString& place : placeOrder) {
        const std::vector<EntityId>& devices = others[place];
        // Named after its place, so the group keeps its id when its members change.
        QString groupId = place.isEmpty() ? QStringLiteral("_top") : place;
        groupId.replace(QLatin1String("cluster_"), QLatin1String("_"));
        groupId.prepend(QLatin1String("devices"));
        std::vector<QString> partIds;
        for (EntityId d : devices)
            partIds.push_back(deviceId(m_s.entity(d)));
        const bool expand = devices.size() > 1 && isExpanded(groupId, false, partIds);
        if (expand) {
            addPciTree(all[place], place, groupId);
            continue;
        }
        // Accelerators and NICs are what the user came for: one node each, beside the folded rest.
        for (EntityId d : all[place]) {
            const EntityKind k = m_s.entity(d).kind;
            if (k != EntityKind::Accelerator && k != EntityKind::Nic && devices.size() > 1)
                continue;
            GraphNode g = deviceNode(d);
            g.cluster = place;
            addNode(std::move(g));
        }
        if (devices.size() <= 1)
            continue;
        int pci = 0;
        QStringList tip;
        GraphNode g;
        g.id = groupId;
        g.cluster = place;
        g.kind = EntityKind::PciDevice;
        for (EntityId d : devices) {
            const Entity& e = m_s.entity(d);
            pci += e.kind == EntityKind::PciDevice ? 1 : 0;
            g.members.push_back(d);
            tip << (e.detail->pciBusId.isEmpty() ? e.name.str()
                                                 : e.detail->pciBusId + QLatin1Char(' ') + e.name.str());
            g.searchKeys << e.detail->pciBusId << e.name;
        }
        g.searchKeys.removeAll(QString());
        g.searchKeys.removeDuplicates();
        g.label = pci == int(devices.size()) ? Tr::tr("%1 PCI devices").arg(devices.size())
                                             : Tr::tr("%1 other devices").arg(devices.size());
        g.expandable = true;
        if (tip.size() > 24) {
            const qsizetype more = tip.size() - 24;
            tip = tip.mid(0, 24);
            tip << Tr::tr("… %1 more").arg(more);
        }
        g.tooltip = tip.join(QLatin1Char('\n'));
        addNode(std::move(g));
    }
}

void GraphBuilder::addPciTree(const std::vector<EntityId>& devices, const QString& place,
                              const QString& groupId)
{
    QSet<std::int32_t> inPlace;
    for (EntityId d : devices)
        inPlace.insert(d.value);
    // A device's parent in the tree is the nearest ancestor among the devices drawn here (bridges); a
    // device with none hangs from its host bridge, which the reader does not keep as an entity: its
    // children share the host bridge's secondary bus, the "domain:bus" of their own bus id.
    QHash<std::int32_t, std::vector<EntityId>> children;
    std::vector<std::pair<QString, std::vector<EntityId>>> roots; // host bus -> its devices, first seen first
    for (EntityId d : devices) {
        EntityId up = m_s.entity(d).parent;
        for (int depth = 0; up.isValid() && depth < 64 && !inPlace.contains(up.value); ++depth)
            up = isDevice(m_s.entity(up).kind) ? m_s.entity(up).parent : EntityId();
        if (up.isValid()) {
            children[up.value].push_back(d);
            continue;
        }
        const QString& busId = m_s.entity(d).detail->pciBusId;
        const QString hostBus = busId.size() >= 7 ? busId.left(7) : QString();
        auto it = std::find_if(roots.begin(), roots.end(), [&](const auto& r) { return r.first == hostBus; });
        if (it == roots.end())
            it = roots.insert(roots.end(), {hostBus, {}});
        it->second.push_back(d);
    }
    const std::function<void(EntityId, const QString&)> draw = [&](EntityId d, const QString& parent) {
        const Entity& e = m_s.entity(d);
        GraphNode g = deviceNode(d);
        const auto below = children.constFind(d.value);
        if (below == children.constEnd()) {
            g.cluster = parent;
            g.expanded = true;
            g.foldGroup = groupId;
            addNode(std::move(g));
            return;
        }
        // A bridge (or a controller with its disks) is a box around what sits behind it.
        const QString id = withNs(QStringLiteral("cluster_pci") +
                                      (e.detail->pciBusId.isEmpty() ? e.key.str() : e.detail->pciBusId),
                                  e);
        GraphCluster& c = addCluster(id, parent, g.label, e.kind, d);
        c.osIndex = g.osIndex;
        for (EntityId child : *below)
            draw(child, id);
    };
    for (const auto& [hostBus, list] : roots) {
        QString parent = place;
        if (!hostBus.isEmpty()) {
            const Entity& first = m_s.entity(list.front());
            parent = withNs(QStringLiteral("cluster_pcihost") + hostBus, first);
            GraphCluster& c = addCluster(parent, place, QStringLiteral("Host bridge ") + hostBus,
                                         EntityKind::PciDevice, {});
            bool ok = false;
            const int bus = hostBus.mid(5, 2).toInt(&ok, 16);
            c.osIndex = ok ? bus : -1;
        }
        for (EntityId d : list)
            draw(d, parent);
    }
}

void GraphBuilder::addCacheTree(EntityId node, const CpuSet& cpus, const QString& box)
{
    const Entity& n = m_s.entity(node);
    // Caches wholly inside the box, outermost first so that parents come before children. L1 caches
    // are left out as lstopo's default picture of a big machine reads better without one box per core.
    std::vector<EntityId> caches;
    for (EntityId c : m_s.ofKind(EntityKind::Cache)) {
        const Entity& e = m_s.entity(c);
        if (e.ns == n.ns && e.cacheLevel >= 2 && !e.cpus.isEmpty() && e.cpus.isSubsetOf(cpus))
            caches.push_back(c);
    }
    std::stable_sort(caches.begin(), caches.end(), [&](EntityId a, EntityId b) {
        const Entity &x = m_s.entity(a), &y = m_s.entity(b);
        return x.cacheLevel != y.cacheLevel ? x.cacheLevel > y.cacheLevel : x.cpus.first() < y.cpus.first();
    });
    QHash<std::int32_t, QString> drawn; // entity -> its box
    const auto boxOf = [&](EntityId e) {
        for (int depth = 0; depth < 64; ++depth) {
            e = m_s.entity(e).parent;
            if (!e.isValid())
                break;
            if (drawn.contains(e.value))
                return drawn.value(e.value);
        }
        return box;
    };
    for (EntityId c : caches) {
        const Entity& e = m_s.entity(c);
        const QString id = withNs(QStringLiteral("cluster_cache") + e.key, e);
        const QString label = QStringLiteral("%1 (%2)").arg(
            e.name.isEmpty() ? QStringLiteral("L%1").arg(e.cacheLevel) : e.name.str(),
            formatBytes(double(e.detail->cacheBytes), TrailingZeros::Drop));
        // Caches have no OS index; their first CPU gives the same reading order.
        addCluster(id, boxOf(c), label, EntityKind::Cache, c).osIndex = e.cpus.first();
        drawn.insert(c.value, id);
    }
    for (EntityId c : m_s.ofKind(EntityKind::Core)) {
        const Entity& core = m_s.entity(c);
        if (core.ns != n.ns || core.cpus.isEmpty() || !core.cpus.isSubsetOf(cpus))
            continue;
        const QString id = withNs(QStringLiteral("cluster_core") + core.key, core);
        const int index = core.osIndex >= 0 ? core.osIndex : core.logicalIndex;
        addCluster(id, boxOf(c), Tr::tr("Core %1").arg(index), EntityKind::Core, c).osIndex = index;
        drawn.insert(c.value, id);
    }
    for (EntityId pu : m_s.ofKind(EntityKind::Pu)) {
        const Entity& p = m_s.entity(pu);
        if (p.ns != n.ns || p.osIndex < 0 || !cpus.contains(p.osIndex))
            continue;
        GraphNode g;
        g.id = withNs(QStringLiteral("cpu") + QString::number(p.osIndex), n);
        g.cluster = boxOf(pu);
        g.kind = EntityKind::Pu;
        g.entity = pu;
        g.members.push_back(pu);
        g.label = QStringLiteral("PU %1").arg(p.osIndex);
        g.osIndex = p.osIndex;
        g.tooltip = Tr::tr("CPU %1 of NUMA node %2").arg(p.osIndex).arg(n.osIndex);
        g.searchKeys << QString::number(p.osIndex);
        addNode(std::move(g));
    }
}

void GraphBuilder::buildTopology(bool numaNamed)
{
    for (const QString& ns : m_namespaces) {
        // A package normally holds its NUMA nodes (one or several, sub-NUMA clustering). On some machines a
        // NUMA node spans several packages (hwloc attaches it to a group of packages): then the packages
        // are drawn inside the node, with their cores.
        std::vector<EntityId> packages;
        for (EntityId pkg : m_s.ofKind(EntityKind::Package))
            if (m_s.entity(pkg).ns == ns)
                packages.push_back(pkg);
        QHash<std::int32_t, EntityId> nodeOfPackage;
        for (EntityId node : m_s.numaNodes()) {
            const Entity& n = m_s.entity(node);
            if (n.ns != ns || ancestorOfKind(node, EntityKind::Package).isValid())
                continue;
            const CpuSet own = ownCpus(node);
            for (EntityId pkg : packages) {
                const CpuSet& cpus = m_s.entity(pkg).cpus;
                if (!cpus.isEmpty() && !nodeOfPackage.contains(pkg.value) && cpus.isSubsetOf(own))
                    nodeOfPackage.insert(pkg.value, node);
            }
        }
        QHash<std::int32_t, QString> clusterOfPackage;
        const auto addPackage = [&](EntityId pkg, const QString& parent) {
            const Entity& p = m_s.entity(pkg);
            const QString idx = p.osIndex >= 0 ? QString::number(p.osIndex)
                                               : QLatin1Char('L') + QString::number(p.logicalIndex);
            const QString id = withNs(QStringLiteral("cluster_pkg") + idx, p);
            addCluster(id, parent, Tr::tr("Package %1").arg(idx), EntityKind::Package, pkg).osIndex =
                p.osIndex;
            clusterOfPackage.insert(pkg.value, id);
            return id;
        };
        for (EntityId pkg : packages)
            if (!nodeOfPackage.contains(pkg.value))
                addPackage(pkg, hostCluster(ns));
        for (EntityId node : m_s.numaNodes()) {
            const Entity& n = m_s.entity(node);
            if (n.ns != ns)
                continue;
            const EntityId pkg = ancestorOfKind(node, EntityKind::Package);
            const QString parent = clusterOfPackage.value(pkg.value, hostCluster(ns));
            const CpuSet own = ownCpus(node);
            const QString tier = tierOf(node, own);
            QString label = Tr::tr("NUMA %1").arg(n.osIndex);
            if (!tier.isEmpty())
                label += QStringLiteral(" · ") + tier;
            const QString cid = numaClusterId(n);
            GraphCluster& c = addCluster(cid, parent, label, EntityKind::NumaNode, node);
            c.memoryTier = tier;
            c.osIndex = n.osIndex;
            m_numaCluster.insert(node.value, cid);
            GraphNode g = numaNode(node, numaNamed);
            g.cluster = cid;
            addNode(std::move(g));
            CpuSet rest = own;
            for (EntityId inner : packages) {
                if (nodeOfPackage.value(inner.value) != node)
                    continue;
                const Entity& p = m_s.entity(inner);
                const QString pid = addPackage(inner, cid);
                const QString rangeId =
                    withNs(QStringLiteral("cpus%1p%2").arg(n.osIndex).arg(p.logicalIndex), n);
                addCpuNodes(node, p.cpus, pid, rangeId);
                rest -= p.cpus;
            }
            addCpuNodes(node, rest, cid, withNs(QStringLiteral("cpus") + QString::number(n.osIndex), n));
        }
        addDevices(ns, m_numaCluster, clusterOfPackage);
    }
}

void GraphBuilder::addDistanceTables()
{
    for (const QString& ns : m_namespaces) {
        const DistanceMatrix* m = m_s.numaDistances(ns);
        if (!m || m->size() == 0)
            continue;
        // Rows and columns in ascending OS index, whatever order the reader kept.
        std::vector<int> order(size_t(m->size()));
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
            return m_s.entity(m->objects[size_t(a)]).osIndex < m_s.entity(m->objects[size_t(b)]).osIndex;
        });
        DistanceTable t;
        t.title =
            ns == kLocal ? QStringLiteral("NUMA distances") : QStringLiteral("NUMA distances · host ") + ns;
        for (int r : order)
            t.labels << QString::number(m_s.entity(m->objects[size_t(r)]).osIndex);
        t.values.reserve(order.size() * order.size());
        for (int r : order)
            for (int c : order)
                t.values.push_back(m->at(r, c));
        m_spec.distanceTables.push_back(std::move(t));
    }
}

void GraphBuilder::buildMachine(bool withWorkload)
{
    buildTopology(false); // the box is labelled "NUMA n": its memory node shows the memory only
    addDistanceTables();
    if (!withWorkload)
        return;
    std::vector<std::pair<EntityId, bool>> shown;
    for (EntityId p : m_s.ofKind(EntityKind::Process)) {
        if (!processShown(p))
            continue;
        const Entity& e = m_s.entity(p);
        const int cpu = m_proc.value(p.value).cpuNode();
        QString cluster = hostCluster(e.ns);
        if (cpu >= 0) {
            const EntityId node = m_s.numaNodeByOsIndex(NodeId(cpu), e.ns.view());
            if (node.isValid())
                cluster = m_numaCluster.value(node.value, cluster);
        }
        shown.emplace_back(p, addProcess(p, cluster));
    }
    for (const auto& [p, threads] : shown)
        addProcessEdges(p, threads, m_proc.value(p.value).cpuNode());
    addFlows();
}

} // namespace graphbuild

} // namespace numasight
