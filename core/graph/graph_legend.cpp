// SPDX-License-Identifier: GPL-3.0-or-later
// What the graph says about itself: the legend of the kinds, clusters, tiers and edges it shows, and its
// title.
#include "graph_builder.h"
#include "util/format.h"

#include <QCoreApplication>

namespace numasight {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(numasight::GraphLegend)
};
} // namespace

namespace graphbuild {

QString GraphBuilder::kindDescription(EntityKind k)
{
    switch (k) {
    case EntityKind::NumaNode:
        return Tr::tr("NUMA node: its memory, size and free space");
    case EntityKind::Pu:
        return Tr::tr("CPUs of a NUMA node (a range folds many; double-click to expand)");
    case EntityKind::Core:
        return Tr::tr("A core and its hardware threads (CPUs)");
    case EntityKind::Accelerator:
        return Tr::tr("Accelerator (GPU or NPU) on the PCI bus of its NUMA node");
    case EntityKind::Nic:
        return Tr::tr("Network interface on its NUMA node");
    case EntityKind::PciDevice:
        return Tr::tr("Other PCI devices (bridges, controllers); a count folds many");
    case EntityKind::OsDevice:
        return Tr::tr("Other OS devices (disks, DMA engines)");
    case EntityKind::Process:
        return Tr::tr("Process: name (pid), share of its CPU time on its main node");
    case EntityKind::Thread:
        return Tr::tr("Thread: name (tid), share of its CPU time on its main node");
    case EntityKind::Socket:
        return Tr::tr("Endpoint of a flow outside the processes shown");
    default:
        return entityKindName(k);
    }
}

QString GraphBuilder::clusterDescription(EntityKind k)
{
    switch (k) {
    case EntityKind::Host:
        return Tr::tr("A machine (namespace)");
    case EntityKind::Package:
        return Tr::tr("Processor package (socket)");
    case EntityKind::NumaNode:
        return Tr::tr("NUMA node: its memory, CPUs and devices, and the processes running "
                      "mostly there");
    case EntityKind::Cache:
        return Tr::tr("CPU cache and the cores sharing it");
    case EntityKind::Core:
        return Tr::tr("Core and its hardware threads (PUs)");
    case EntityKind::PciDevice:
        return Tr::tr("PCI host bridge or bridge and the devices behind it");
    case EntityKind::Container:
        return Tr::tr("Container and the processes in it");
    case EntityKind::Process:
        return Tr::tr("Process expanded into its threads");
    default:
        return entityKindName(k);
    }
}

QString GraphBuilder::tierDescription(const QString& tier)
{
    if (tier == QLatin1String("CPU-less"))
        return Tr::tr("Memory-only NUMA node: no CPU of its own (CXL expander, far memory)");
    if (tier == QLatin1String("HBM"))
        return Tr::tr("High-bandwidth memory (HBM, MCDRAM) node");
    if (tier.startsWith(QLatin1String("CXL")))
        return Tr::tr("CXL-attached memory node");
    if (tier == QLatin1String("GPU memory"))
        return Tr::tr("GPU memory exposed as a NUMA node (coherent GPU link)");
    if (tier == QLatin1String("NVM"))
        return Tr::tr("Persistent memory (NVDIMM) node");
    return Tr::tr("Memory tier %1").arg(tier);
}

QString GraphBuilder::edgeDescription(GraphEdgeRole role, EdgeLocality loc) const
{
    switch (role) {
    case GraphEdgeRole::Distance:
        // No view draws distance lines any more (see the distance tables); kept for specs made by hand.
        return Tr::tr("NUMA distance (SLIT, 10 = local)");
    case GraphEdgeRole::RunsOn:
        return loc == EdgeLocality::Local ? Tr::tr("Runs mostly on this node (share of CPU time)")
                                          : Tr::tr("Also runs on this other node (share of CPU time)");
    case GraphEdgeRole::MemoryOn:
        switch (loc) {
        case EdgeLocality::Local:
            return Tr::tr("Memory on the node where most of the CPU time goes");
        case EdgeLocality::Mismatch:
            return Tr::tr("Most memory on another node than most of the CPU time");
        case EdgeLocality::Remote:
            return Tr::tr("Some memory on another node");
        default:
            return Tr::tr("Memory on this node (no CPU time known)");
        }
    case GraphEdgeRole::DeviceUse:
        switch (loc) {
        case EdgeLocality::Local:
            return Tr::tr("Uses this device, on the node where it runs");
        case EdgeLocality::Mismatch:
            return Tr::tr("Uses a device on another node than most of its CPU time");
        default:
            return Tr::tr("Uses this device");
        }
    case GraphEdgeRole::Flow: {
        QString d = loc == EdgeLocality::Remote  ? Tr::tr("Data sent to a process running on another node")
                    : loc == EdgeLocality::Local ? Tr::tr("Data sent to a process on the same node")
                                                 : Tr::tr("Data sent (socket/IPC), with its volume");
        if (m_flowDoubled)
            d += Tr::tr("; witty counts a flow from both ends, so volumes may be doubled");
        return d;
    }
    case GraphEdgeRole::Structural:
        return Tr::tr("Parent process starts child process");
    }
    return {};
}

void GraphBuilder::buildLegend()
{
    QStringList order;
    QHash<QString, QString> entries;
    const auto add = [&](const QString& mark, const QString& description) {
        if (entries.contains(mark))
            return;
        order << mark;
        entries.insert(mark, description);
    };
    for (const GraphCluster& c : m_spec.clusters) {
        add(QStringLiteral("cluster:") + entityKindName(c.kind), clusterDescription(c.kind));
        if (!c.memoryTier.isEmpty())
            add(QStringLiteral("cluster:NUMANode:") + c.memoryTier, tierDescription(c.memoryTier));
    }
    for (const GraphNode& n : m_spec.nodes) {
        add(QStringLiteral("node:") + entityKindName(n.kind), kindDescription(n.kind));
        if (n.locality == EdgeLocality::Mismatch)
            add(QStringLiteral("node:") + entityKindName(n.kind) + QStringLiteral(":Mismatch"),
                Tr::tr("Memory or device on another node than most of its CPU time"));
        if (n.expandable)
            add(QStringLiteral("node:expandable"), Tr::tr("Folded: double-click to expand"));
        if (n.id.startsWith(kMorePrefix))
            add(QStringLiteral("node:more"), Tr::tr("The box's other processes, smallest CPU share: "
                                                    "double-click to draw them one by one"));
    }
    for (const GraphEdge& e : m_spec.edges)
        add(QStringLiteral("edge:") + graphEdgeRoleName(e.role) + QLatin1Char(':') + localityName(e.locality),
            edgeDescription(e.role, e.locality));
    if (std::any_of(m_spec.edges.begin(), m_spec.edges.end(), [](const GraphEdge& e) {
            return e.role != GraphEdgeRole::Structural && e.role != GraphEdgeRole::Distance;
        }))
        add(QStringLiteral("edge:width"), Tr::tr("Line width grows with CPU share, pages or bytes"));
    if (!m_spec.distanceTables.empty())
        add(QStringLiteral("table:distances"),
            Tr::tr("NUMA distances: the firmware's table (SLIT) of relative memory latency from "
                   "the row's node to the column's, 10 = local"));
    for (const QString& mark : order)
        m_spec.legend.push_back({mark, entries.value(mark)});
}

QString GraphBuilder::title() const
{
    QStringList parts;
    parts << graphViewName(m_o.view);
    const int nodes = m_s.countOf(EntityKind::NumaNode);
    if (nodes)
        parts << pluralized(
            QCoreApplication::translate("numasight::Graph", "%n NUMA node(s)", nullptr, nodes), nodes);
    const int acc = m_s.countOf(EntityKind::Accelerator);
    if (acc)
        parts << pluralized(
            QCoreApplication::translate("numasight::Graph", "%n accelerator(s)", nullptr, acc), acc);
    if (m_o.view != GraphView::Machine) {
        const int procs = m_s.countOf(EntityKind::Process);
        if (procs)
            parts << pluralized(
                QCoreApplication::translate("numasight::Graph", "%n process(es)", nullptr, procs), procs);
    }
    if (!m_s.label().isEmpty())
        parts.prepend(m_s.label());
    return parts.join(QStringLiteral(" · "));
}

} // namespace graphbuild

} // namespace numasight
