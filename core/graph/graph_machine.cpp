// SPDX-License-Identifier: GPL-3.0-or-later
// The machine in the graph: packages, NUMA nodes with their CPUs and devices, and the distances between
// nodes (the machine view, and the machine part of the combined view).
#include "graph_builder.h"

namespace numasight {

namespace graphbuild {

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
    const QString tier = n.memoryTier;
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
        if (m_s.nodeOfCpu(CpuId(cpu), n.ns) == node)
            own.insert(cpu);
    });
    return own;
}

QString GraphBuilder::memoryLine(const Entity& n) const
{
    if (n.memoryBytes == 0)
        return {};
    QString s = graphBytes(double(n.memoryBytes));
    if (n.memoryFreeBytes > 0)
        s += QStringLiteral(", ") + graphBytes(double(n.memoryFreeBytes)) + QStringLiteral(" free");
    return s;
}

QString GraphBuilder::distanceRow(EntityId node) const
{
    const Entity& n = m_s.entity(node);
    const DistanceMatrix* m = m_s.numaDistances(n.ns);
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
    lines << QStringLiteral("NUMA node %1").arg(n.osIndex);
    if (!n.cpus.isEmpty())
        lines << QStringLiteral("CPUs %1").arg(n.cpus.toRangeString());
    if (own.isEmpty() && !n.cpus.isEmpty())
        lines << QStringLiteral("no CPUs of its own (memory only)");
    if (n.memoryBytes)
        lines << QStringLiteral("memory %1").arg(graphBytes(double(n.memoryBytes)));
    if (n.memoryFreeBytes)
        lines << QStringLiteral("free %1").arg(graphBytes(double(n.memoryFreeBytes)));
    if (!tier.isEmpty())
        lines << QStringLiteral("tier %1").arg(tier);
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
        lines << QStringLiteral("NUMA %1").arg(n.osIndex);
    const QString mem = memoryLine(n);
    if (!mem.isEmpty())
        lines << mem;
    else if (!withName)
        lines << QStringLiteral("memory");
    if (withName && !tier.isEmpty())
        lines << tier;
    g.label = lines.join(QLatin1Char('\n'));
    g.tooltip = numaTooltip(node, own, tier);
    g.searchKeys << QString::number(n.osIndex) << QStringLiteral("NUMA %1").arg(n.osIndex)
                 << QStringLiteral("node %1").arg(n.osIndex) << n.cpus.toRangeString();
    return g;
}

void GraphBuilder::addCpuNodes(EntityId node, const QString& cluster)
{
    const Entity& n = m_s.entity(node);
    const CpuSet own = ownCpus(node);
    if (own.isEmpty())
        return;
    const QString rangeId = withNs(QStringLiteral("cpus") + QString::number(n.osIndex), n);

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
        g.tooltip =
            QStringLiteral("%1 CPUs of NUMA node %2: %3\n%4")
                .arg(own.count())
                .arg(n.osIndex)
                .arg(own.toRangeString(), byCore ? QStringLiteral("%1 cores").arg(cores.size()) : QString());
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
            g.label = QStringLiteral("CPU ") + rangeText(core.cpus);
            for (EntityId pu : pus)
                if (core.cpus.contains(m_s.entity(pu).osIndex))
                    g.members.push_back(pu);
            g.expanded = true;
            g.foldGroup = rangeId;
            g.tooltip = QStringLiteral("core %1 of NUMA node %2\nCPUs %3")
                            .arg(core.osIndex >= 0 ? QString::number(core.osIndex) : core.key)
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
        g.label = QStringLiteral("CPU %1").arg(cpu);
        for (EntityId pu : pus)
            if (m_s.entity(pu).osIndex == cpu) {
                g.entity = pu;
                g.members.push_back(pu);
            }
        g.expanded = true;
        g.foldGroup = rangeId;
        g.tooltip = QStringLiteral("CPU %1 of NUMA node %2").arg(cpu).arg(n.osIndex);
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
    return withNs(prefix + (d.pciBusId.isEmpty() ? d.key : d.pciBusId), d);
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
        lines << (d.name.isEmpty() ? entityKindName(d.kind) : d.name);
    }
    if (!d.pciBusId.isEmpty())
        lines << d.pciBusId;
    g.label = lines.join(QLatin1Char('\n'));
    QStringList tip = lines;
    if (!d.vendor.isEmpty())
        tip << QStringLiteral("vendor %1").arg(d.vendor);
    const EntityId node = m_s.nodeOfDevice(id);
    if (node.isValid())
        tip << QStringLiteral("NUMA node %1").arg(m_s.entity(node).osIndex);
    if (!d.cpus.isEmpty())
        tip << QStringLiteral("CPU affinity %1").arg(d.cpus.toRangeString());
    g.tooltip = tip.join(QLatin1Char('\n'));
    g.searchKeys << d.name << d.pciBusId << d.key;
    if (d.osIndex >= 0)
        g.searchKeys << lines.front();
    g.searchKeys.removeAll(QString());
    return g;
}

void GraphBuilder::addDevices(const QString& ns, const QHash<std::int32_t, QString>& clusterOfNode,
                              const QHash<std::int32_t, QString>& clusterOfPackage)
{
    std::map<QString, std::vector<EntityId>> others; // place -> folded devices, in snapshot order
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
            if (k == EntityKind::Accelerator || k == EntityKind::Nic) {
                GraphNode g = deviceNode(id);
                g.cluster = place;
                addNode(std::move(g));
                continue;
            }
            if (!others.count(place))
                placeOrder.push_back(place);
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
        const bool expand = devices.size() == 1 || isExpanded(groupId, false, partIds);
        if (expand) {
            for (EntityId d : devices) {
                GraphNode g = deviceNode(d);
                g.cluster = place;
                if (devices.size() > 1) {
                    g.expanded = true;
                    g.foldGroup = groupId;
                }
                addNode(std::move(g));
            }
            continue;
        }
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
            tip << (e.pciBusId.isEmpty() ? e.name : e.pciBusId + QLatin1Char(' ') + e.name);
            g.searchKeys << e.pciBusId << e.name;
        }
        g.searchKeys.removeAll(QString());
        g.searchKeys.removeDuplicates();
        g.label = pci == int(devices.size()) ? QStringLiteral("%1 PCI devices").arg(devices.size())
                                             : QStringLiteral("%1 other devices").arg(devices.size());
        g.expandable = true;
        if (tip.size() > 24) {
            const qsizetype more = tip.size() - 24;
            tip = tip.mid(0, 24);
            tip << QStringLiteral("… %1 more").arg(more);
        }
        g.tooltip = tip.join(QLatin1Char('\n'));
        addNode(std::move(g));
    }
}

void GraphBuilder::buildTopology(bool numaNamed)
{
    for (const QString& ns : m_namespaces) {
        QHash<std::int32_t, QString> clusterOfPackage;
        for (EntityId pkg : m_s.ofKind(EntityKind::Package)) {
            const Entity& p = m_s.entity(pkg);
            if (p.ns != ns)
                continue;
            const QString idx = p.osIndex >= 0 ? QString::number(p.osIndex)
                                               : QLatin1Char('L') + QString::number(p.logicalIndex);
            const QString id = withNs(QStringLiteral("cluster_pkg") + idx, p);
            QString label = QStringLiteral("Package %1").arg(idx);
            addCluster(id, hostCluster(ns), label, EntityKind::Package, pkg);
            clusterOfPackage.insert(pkg.value, id);
        }
        for (EntityId node : m_s.numaNodes()) {
            const Entity& n = m_s.entity(node);
            if (n.ns != ns)
                continue;
            const EntityId pkg = ancestorOfKind(node, EntityKind::Package);
            const QString parent = clusterOfPackage.value(pkg.value, hostCluster(ns));
            const CpuSet own = ownCpus(node);
            const QString tier = tierOf(node, own);
            QString label = QStringLiteral("NUMA %1").arg(n.osIndex);
            if (!tier.isEmpty())
                label += QStringLiteral(" · ") + tier;
            const QString cid = numaClusterId(n);
            GraphCluster& c = addCluster(cid, parent, label, EntityKind::NumaNode, node);
            c.memoryTier = tier;
            m_numaCluster.insert(node.value, cid);
            GraphNode g = numaNode(node, numaNamed);
            g.cluster = cid;
            addNode(std::move(g));
            addCpuNodes(node, cid);
        }
        addDevices(ns, m_numaCluster, clusterOfPackage);
    }
}

QString GraphBuilder::latencyBetween(EntityId a, EntityId b) const
{
    for (const DistanceMatrix& m : m_s.distances()) {
        if (m.unit != QLatin1String("ns"))
            continue;
        const auto ra = std::find(m.objects.begin(), m.objects.end(), a);
        const auto rb = std::find(m.objects.begin(), m.objects.end(), b);
        if (ra != m.objects.end() && rb != m.objects.end())
            return QString::number(m.at(int(ra - m.objects.begin()), int(rb - m.objects.begin())), 'g', 6) +
                   QStringLiteral(" ns");
    }
    // hwloc memory attributes: latency of node b's memory for the CPUs of node a.
    const CpuSet& cpus = m_s.entity(a).cpus;
    for (const MemoryAttributeValue& v : m_s.memoryAttributes()) {
        if (v.target != b || v.attribute != QLatin1String("Latency") || v.initiator.isEmpty())
            continue;
        if (v.initiator == cpus || (!cpus.isEmpty() && cpus.isSubsetOf(v.initiator)))
            return QString::number(v.value) + QStringLiteral(" ns");
    }
    return {};
}

void GraphBuilder::addDistanceEdges()
{
    for (const QString& ns : m_namespaces) {
        const DistanceMatrix* m = m_s.numaDistances(ns);
        if (!m)
            continue;
        const int n = m->size();
        struct Link
        {
            double d;
            int i, j;
        };
        std::vector<Link> links;
        for (int i = 0; i < n; ++i)
            for (int j = i + 1; j < n; ++j) {
                // Symmetric matrices are the rule; an asymmetric one is shown by its larger side.
                const double d = std::max(m->at(i, j), m->at(j, i));
                if (d > 0)
                    links.push_back({d, i, j});
            }
        std::vector<Link> chosen;
        if (n <= kAllPairsNodes) {
            chosen = links;
        } else {
            std::stable_sort(links.begin(), links.end(),
                             [](const Link& a, const Link& b) { return a.d < b.d; });
            std::vector<int> root(static_cast<size_t>(n));
            for (int i = 0; i < n; ++i)
                root[size_t(i)] = i;
            const auto find = [&](int x) {
                while (root[size_t(x)] != x)
                    x = root[size_t(x)] = root[size_t(root[size_t(x)])];
                return x;
            };
            for (const Link& l : links) {
                const int a = find(l.i), b = find(l.j);
                if (a == b)
                    continue;
                root[size_t(b)] = a;
                chosen.push_back(l);
            }
        }
        for (const Link& l : chosen) {
            const Entity& a = m_s.entity(m->objects[size_t(l.i)]);
            const Entity& b = m_s.entity(m->objects[size_t(l.j)]);
            QString label = QString::number(l.d, 'g', 6);
            const QString latency = latencyBetween(m->objects[size_t(l.i)], m->objects[size_t(l.j)]);
            if (!latency.isEmpty())
                label += QStringLiteral(" · ") + latency;
            addEdge(numaNodeId(a), numaNodeId(b), GraphEdgeRole::Distance, label, EdgeLocality::Neutral, l.d,
                    false);
        }
        m_distanceRule = n <= kAllPairsNodes ? QStringLiteral("every pair of nodes")
                                             : QStringLiteral("the closest links joining all nodes (a "
                                                              "spanning tree; full matrix in the tooltips)");
    }
}

void GraphBuilder::buildMachine(bool withWorkload)
{
    buildTopology(true);
    if (!withWorkload) {
        addDistanceEdges();
        return;
    }
    std::vector<std::pair<EntityId, bool>> shown;
    for (EntityId p : m_s.ofKind(EntityKind::Process)) {
        if (!processShown(p))
            continue;
        const Entity& e = m_s.entity(p);
        const int cpu = m_proc.value(p.value).cpuNode();
        QString cluster = hostCluster(e.ns);
        if (cpu >= 0) {
            const EntityId node = m_s.numaNodeByOsIndex(NodeId(cpu), e.ns);
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
