// SPDX-License-Identifier: GPL-3.0-or-later
// The workload in the graph: processes and threads with the nodes they run on and keep memory on, the
// devices they use and the flows between them (the data-flow view, and the workload of the combined view).
#include "analysis/measure_names.h"
#include "graph_builder.h"

#include <QCoreApplication>

#include <set>
#include <tuple>

namespace numasight {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(numasight::GraphWorkload)
};
} // namespace

namespace graphbuild {

int GraphBuilder::nodeOsOfDevice(EntityId device) const
{
    const EntityId n = m_s.nodeOfDevice(device);
    return n.isValid() ? m_s.entity(n).osIndex : -1;
}

std::vector<EntityId> GraphBuilder::devicesUsed(EntityId p) const
{
    std::vector<EntityId> out;
    for (EdgeId id : m_s.outEdges(p)) {
        const Edge& e = m_s.edge(id);
        if (e.kind != EdgeKind::Access || !e.target.isValid())
            continue;
        const EntityKind k = m_s.entity(e.target).kind;
        if ((k == EntityKind::Accelerator || k == EntityKind::Nic) &&
            std::find(out.begin(), out.end(), e.target) == out.end())
            out.push_back(e.target);
    }
    return out;
}

EdgeLocality GraphBuilder::processLocality(EntityId p, const Figures& f) const
{
    const int cpu = f.cpuNode();
    if (cpu < 0)
        return EdgeLocality::Neutral;
    const int mem = f.memNode();
    bool mismatch = mem >= 0 && mem != cpu;
    for (EntityId d : devicesUsed(p)) {
        const int dn = nodeOsOfDevice(d);
        mismatch = mismatch || (dn >= 0 && dn != cpu);
    }
    return mismatch ? EdgeLocality::Mismatch : EdgeLocality::Local;
}

QString GraphBuilder::cpuSummary(const Figures& f) const
{
    const int cpu = f.cpuNode();
    if (cpu < 0)
        return {};
    return Tr::tr("%1 on node %2").arg(formatPercent(f.cpuShare(cpu))).arg(cpu);
}

QString GraphBuilder::figuresTooltip(const Figures& f) const
{
    QStringList lines;
    const double metric = metricOf(f);
    if (f.cpuNs > 0)
        lines << Tr::tr("%1: %2 (%3 of all)")
                     .arg(measureName(Measure::CpuTime), formatDuration(f.cpuNs), formatPercent(metric));
    if (!f.cpu.empty()) {
        QStringList parts;
        for (const auto& [n, v] : f.cpu)
            if (v > 0)
                parts << Tr::tr("node %1 %2").arg(n).arg(formatPercent(f.cpuShare(n)));
        lines << QStringLiteral("CPU: ") + parts.join(QStringLiteral(", "));
    }
    if (!f.pages.empty()) {
        QStringList parts;
        for (const auto& [n, v] : f.pages)
            if (v > 0)
                parts << Tr::tr("node %1 %2").arg(n).arg(formatCount(v));
        lines << measureName(memoryReferenceMeasure(!f.fromSamples)) + QStringLiteral(": ") +
                     parts.join(QStringLiteral(", "));
    }
    if (f.fromSamples)
        lines << Tr::tr("from the recording's samples");
    return lines.join(QLatin1Char('\n'));
}

QString GraphBuilder::processId(const Entity& p) const
{
    return withNs(QStringLiteral("proc") + QString::number(p.pid), p);
}

QString GraphBuilder::threadId(const Entity& t) const
{
    return withNs(QStringLiteral("thr") + QString::number(t.tid), t);
}

bool GraphBuilder::processShown(EntityId p) const
{
    if (hidden(EntityKind::Process))
        return false;
    return m_o.minMetric <= 0 || metricOf(procFigures(p)) >= m_o.minMetric;
}

bool GraphBuilder::addProcess(EntityId p, const QString& cluster)
{
    const Entity& e = m_s.entity(p);
    const Figures& f = procFigures(p);
    const std::span<const EntityId> threads = m_s.threadsOf(p);
    GraphNode g;
    g.id = processId(e);
    g.kind = EntityKind::Process;
    g.entity = p;
    g.metric = metricOf(f);
    g.locality = processLocality(p, f);
    QString head =
        QStringLiteral("%1 (%2)").arg(e.name.isEmpty() ? QStringLiteral("pid") : e.name.str()).arg(e.pid);
    const QString cpu = cpuSummary(f);
    g.label = cpu.isEmpty() ? head : head + QLatin1Char('\n') + cpu;
    // The tooltip is written by describeProcesses() once the level of detail has decided what is drawn.
    const EntityId container = m_s.containerOf(p);
    g.searchKeys << QString::number(e.pid) << e.name << e.detail->cmdline;
    if (container.isValid())
        g.searchKeys << m_s.entity(container).name;
    g.searchKeys.removeAll(QString());
    for (EntityId t : threads)
        g.members.push_back(t);

    const bool canExpand = !threads.empty() && !hidden(EntityKind::Thread);
    const bool expand = canExpand && isExpanded(g.id, false);
    g.expandable = canExpand && !expand;
    g.expanded = expand;
    if (!expand) {
        g.cluster = cluster;
        addNode(std::move(g));
        return false;
    }
    const QString cid = withNs(QStringLiteral("cluster_proc") + QString::number(e.pid), e);
    addCluster(cid, cluster, head, EntityKind::Process, p);
    g.cluster = cid;
    addNode(std::move(g));
    for (EntityId t : threads) {
        const Entity& te = m_s.entity(t);
        const Figures& tf = threadFigures(t);
        if (m_o.minMetric > 0 && metricOf(tf) < m_o.minMetric)
            continue;
        GraphNode tn;
        tn.id = threadId(te);
        tn.cluster = cid;
        tn.kind = EntityKind::Thread;
        tn.entity = t;
        tn.metric = metricOf(tf);
        const QString th = QStringLiteral("%1 (%2)")
                               .arg(te.name.isEmpty() ? QStringLiteral("tid") : te.name.str())
                               .arg(te.tid);
        const QString tcpu = cpuSummary(tf);
        tn.label = tcpu.isEmpty() ? th : th + QLatin1Char('\n') + tcpu;
        const int tnode = tf.cpuNode();
        const int mem = f.memNode();
        if (tnode >= 0)
            tn.locality = (mem >= 0 && mem != tnode) ? EdgeLocality::Mismatch : EdgeLocality::Local;
        tn.tooltip = th + QLatin1Char('\n') + figuresTooltip(tf);
        tn.searchKeys << QString::number(te.tid) << te.name;
        tn.searchKeys.removeAll(QString());
        addNode(std::move(tn));
    }
    return true;
}

QString GraphBuilder::processTooltip(EntityId p, EdgeLocality locality) const
{
    const Entity& e = m_s.entity(p);
    QStringList tip;
    tip << QStringLiteral("%1 (%2)").arg(e.name.isEmpty() ? QStringLiteral("pid") : e.name.str()).arg(e.pid);
    if (!e.detail->cmdline.isEmpty())
        tip << e.detail->cmdline.left(200);
    const EntityId container = m_s.containerOf(p);
    if (container.isValid())
        tip << Tr::tr("container %1").arg(m_s.entity(container).name);
    const QString figures = figuresTooltip(procFigures(p));
    if (!figures.isEmpty())
        tip << figures;
    if (locality == EdgeLocality::Mismatch)
        tip << Tr::tr("memory or device on another node than most of its CPU time");
    return tip.join(QLatin1Char('\n'));
}

void GraphBuilder::describeProcesses()
{
    for (GraphNode& n : m_spec.nodes)
        if (n.kind == EntityKind::Process && n.entity.isValid() && n.tooltip.isEmpty())
            n.tooltip = processTooltip(n.entity, n.locality);
}

const Figures& GraphBuilder::procFigures(EntityId p) const
{
    static const Figures none;
    const auto it = m_proc.constFind(p.value);
    return it != m_proc.cend() ? *it : none;
}

const Figures& GraphBuilder::threadFigures(EntityId t) const
{
    static const Figures none;
    const auto it = m_thread.constFind(t.value);
    return it != m_thread.cend() ? *it : none;
}

QString GraphBuilder::numaTarget(const QString& ns, int os) const
{
    const EntityId n = m_s.numaNodeByOsIndex(NodeId(os), ns);
    return n.isValid() ? numaNodeId(m_s.entity(n)) : QString();
}

void GraphBuilder::addRunsOn(const QString& from, const Figures& f, const QString& ns, int skipNode)
{
    const int main = f.cpuNode();
    for (int n : Figures::drawn(f.cpu)) {
        if (n == skipNode)
            continue;
        const double share = f.cpuShare(n);
        addEdge(from, numaTarget(ns, n), GraphEdgeRole::RunsOn, formatPercent(share),
                n == main ? EdgeLocality::Local : EdgeLocality::Remote, share);
    }
}

void GraphBuilder::addProcessEdges(EntityId p, bool threadsShown, int skipRunsOnNode)
{
    const Entity& e = m_s.entity(p);
    const Figures& f = procFigures(p);
    const QString from = processId(e);
    const int cpu = f.cpuNode();
    if (threadsShown) {
        for (EntityId t : m_s.threadsOf(p)) {
            const Entity& te = m_s.entity(t);
            if (m_nodeIds.contains(threadId(te)))
                addRunsOn(threadId(te), threadFigures(t), e.ns, skipRunsOnNode);
        }
    } else {
        addRunsOn(from, f, e.ns, skipRunsOnNode);
    }
    addMemoryEdges(from, f, e.ns);
    for (EntityId d : devicesUsed(p)) {
        const int dn = nodeOsOfDevice(d);
        EdgeLocality loc = EdgeLocality::Neutral;
        if (cpu >= 0 && dn >= 0)
            loc = dn == cpu ? EdgeLocality::Local : EdgeLocality::Mismatch;
        const QString label = dn >= 0 ? Tr::tr("device on node %1").arg(dn) : QString();
        addEdge(from, deviceId(m_s.entity(d)), GraphEdgeRole::DeviceUse, label, loc, 1);
    }
}

void GraphBuilder::addMemoryEdges(const QString& from, const Figures& f, const QString& ns)
{
    const int cpu = f.cpuNode();
    const int mem = f.memNode();
    const bool bytesKnown = !f.bytes.empty();
    for (int n : Figures::drawn(f.pages)) {
        const double share = f.pageShare(n);
        const auto b = f.bytes.find(n);
        const QString amount =
            bytesKnown && b != f.bytes.end() ? graphBytes(b->second) : formatPages(f.pages.at(n));
        EdgeLocality loc = EdgeLocality::Neutral;
        if (cpu >= 0)
            loc = n == cpu ? EdgeLocality::Local : (n == mem ? EdgeLocality::Mismatch : EdgeLocality::Remote);
        addEdge(from, numaTarget(ns, n), GraphEdgeRole::MemoryOn,
                QStringLiteral("%1 (%2)").arg(amount, formatPercent(share)), loc, f.pages.at(n));
    }
}

QString GraphBuilder::flowEndpointId(const QString& key)
{
    if (key.startsWith(QLatin1String("p:"))) {
        const std::int32_t p = key.mid(2).toInt();
        const auto folded = m_foldedInto.constFind(p);
        return folded != m_foldedInto.cend() ? *folded : processId(m_s.entity(EntityId(p)));
    }
    const auto peer = m_peers.value(key);
    const QString id = safeId(QStringLiteral("peer") + peer.first + nsSuffix(peer.second));
    if (!m_nodeIds.contains(id) && !hidden(EntityKind::Socket)) {
        GraphNode g;
        g.id = id;
        g.cluster = hostCluster(peer.second);
        g.kind = EntityKind::Socket;
        g.label = peer.first;
        g.tooltip = Tr::tr("endpoint %1 outside the processes shown").arg(peer.first);
        g.searchKeys << peer.first;
        addNode(std::move(g));
    }
    return id;
}

int GraphBuilder::mainNodeOfKey(const QString& key) const
{
    if (!key.startsWith(QLatin1String("p:")))
        return -1;
    return procFigures(EntityId(key.mid(2).toInt())).cpuNode();
}

void GraphBuilder::addFlows()
{
    struct Drawn
    {
        FlowAgg sum;
        EdgeLocality locality = EdgeLocality::Neutral;
    };
    std::map<std::pair<QString, QString>, Drawn> drawn;
    for (const auto& [key, f] : m_flows) {
        // A process filtered out takes its flows along; a remote endpoint is only drawn for a shown process.
        const QString fromProcess =
            f.from.startsWith(QLatin1String("p:")) ? flowEndpointId(f.from) : QString();
        const QString toProcess = f.to.startsWith(QLatin1String("p:")) ? flowEndpointId(f.to) : QString();
        if ((!fromProcess.isEmpty() && !m_nodeIds.contains(fromProcess)) ||
            (!toProcess.isEmpty() && !m_nodeIds.contains(toProcess)))
            continue;
        const QString from = fromProcess.isEmpty() ? flowEndpointId(f.from) : fromProcess;
        const QString to = toProcess.isEmpty() ? flowEndpointId(f.to) : toProcess;
        if (from == to)
            continue; // between two processes of one "more" group: inside the group
        const int a = mainNodeOfKey(f.from), b = mainNodeOfKey(f.to);
        EdgeLocality loc = EdgeLocality::Neutral;
        if (a >= 0 && b >= 0)
            loc = a == b ? EdgeLocality::Local : EdgeLocality::Remote;
        Drawn& d = drawn[{from, to}];
        d.sum.bytes += f.bytes;
        d.sum.connections += f.connections;
        d.sum.volumesKnown = d.sum.volumesKnown && f.volumesKnown;
        d.sum.mergedFromBothEnds = d.sum.mergedFromBothEnds || f.mergedFromBothEnds;
        // One remote flow makes the summed edge remote: that is the one a reader must not miss.
        if (d.locality != EdgeLocality::Remote && loc != EdgeLocality::Neutral)
            d.locality = loc;
    }
    for (const auto& [ends, d] : drawn) {
        if (!d.sum.volumesKnown && !m_o.showUnknownFlows) {
            ++m_unknownFlowsHidden;
            continue;
        }
        QString label = d.sum.volumesKnown ? graphBytes(d.sum.bytes) : Tr::tr("volume unknown");
        if (d.sum.connections > 1)
            label += Tr::tr(" · %1 conn.").arg(d.sum.connections);
        const size_t before = m_spec.edges.size();
        addEdge(ends.first, ends.second, GraphEdgeRole::Flow, label, d.locality, d.sum.bytes);
        if (d.sum.mergedFromBothEnds && m_spec.edges.size() > before)
            m_flowDoubled = true;
    }
}

struct GraphBuilder::MoreGroup
{
    QString id, box, ns;
    std::vector<EntityId> members; // largest first
    int skipRunsOnNode = -1;       // the NUMA node the box stands for, whose RunsOn edge it already says
};

QString GraphBuilder::commandOf(EntityId p) const
{
    const QString& name = m_s.entity(p).name;
    return name.isEmpty() ? QStringLiteral("pid") : name;
}

QString GraphBuilder::containerNameOf(EntityId p) const
{
    const EntityId c = m_s.containerOf(p);
    return c.isValid() ? m_s.entity(c).name.str() : Tr::tr("no container");
}

void GraphBuilder::foldCrowdedBoxes()
{
    // filterHidden() may have removed nodes and edges: the indexes must say what is drawn now.
    reindexDrawn();
    const int limit = m_o.processesPerNode;
    if (limit <= 0)
        return;
    QHash<QString, const GraphCluster*> clusters;
    for (const GraphCluster& c : m_spec.clusters)
        clusters.insert(c.id, &c);
    // A process with its threads drawn sits in its own box: its place is that box's parent.
    std::map<QString, std::vector<int>> byBox; // box id -> indexes of process nodes, in builder order
    for (int i = 0; i < int(m_spec.nodes.size()); ++i) {
        const GraphNode& n = m_spec.nodes[size_t(i)];
        if (n.kind != EntityKind::Process || !n.entity.isValid())
            continue;
        QString box = n.cluster;
        if (const GraphCluster* c = clusters.value(box); c && c->kind == EntityKind::Process)
            box = c->parent;
        byBox[box].push_back(i);
    }
    const auto pagesOf = [&](EntityId p) { return Figures::sum(procFigures(p).pages); };
    QSet<QString> removedNodes, removedClusters;
    std::vector<MoreGroup> groups;
    for (auto& [box, indexes] : byBox) {
        if (int(indexes.size()) <= limit)
            continue;
        // Largest CPU share first, then most memory, then the lowest pid: the same order every rebuild.
        std::vector<std::tuple<double, double, std::int64_t, int>> order;
        order.reserve(indexes.size());
        for (int i : indexes) {
            const GraphNode& n = m_spec.nodes[size_t(i)];
            order.emplace_back(-n.metric, -pagesOf(n.entity), m_s.entity(n.entity).pid, i);
        }
        std::sort(order.begin(), order.end());
        MoreGroup g;
        g.box = box;
        const QString place = box.startsWith(QLatin1String("cluster_")) ? box.mid(8) : box;
        g.id = safeId(kMorePrefix + (place.isEmpty() ? QStringLiteral("top") : place));
        std::vector<QString> parts;
        for (size_t r = size_t(limit); r < order.size(); ++r) {
            const GraphNode& n = m_spec.nodes[size_t(std::get<3>(order[r]))];
            g.members.push_back(n.entity);
            parts.push_back(n.id);
        }
        if (isExpanded(g.id, false, parts)) {
            for (size_t r = size_t(limit); r < order.size(); ++r)
                m_spec.nodes[size_t(std::get<3>(order[r]))].foldGroup = g.id;
            continue;
        }
        std::set<int> cpuNodes;
        for (EntityId p : g.members) {
            const GraphNode& n = m_spec.nodes[size_t(m_nodeIds.value(processId(m_s.entity(p))))];
            removedNodes.insert(n.id);
            if (const GraphCluster* c = clusters.value(n.cluster); c && c->kind == EntityKind::Process)
                removedClusters.insert(c->id);
            m_foldedInto.insert(p.value, g.id);
            cpuNodes.insert(procFigures(p).cpuNode());
        }
        g.ns = m_s.entity(g.members.front()).ns;
        if (m_o.view == GraphView::Combined && cpuNodes.size() == 1)
            g.skipRunsOnNode = *cpuNodes.begin();
        m_foldedCount += int(g.members.size());
        groups.push_back(std::move(g));
    }
    if (groups.empty())
        return;
    m_groupCount = int(groups.size());

    // The threads of a folded process go with it.
    std::erase_if(m_spec.nodes, [&](const GraphNode& n) {
        if (removedClusters.contains(n.cluster))
            removedNodes.insert(n.id);
        return removedNodes.contains(n.id);
    });
    std::erase_if(m_spec.clusters, [&](const GraphCluster& c) { return removedClusters.contains(c.id); });
    reindexDrawn();
    for (const MoreGroup& g : groups)
        addMoreGroup(g);

    // Edges of folded processes move to their group: the process tree as it is, CPU time, memory and devices
    // recomputed from the members' summed figures (addMoreGroup), flows summed again by addFlows().
    QHash<QString, QString> groupOfNode;
    for (const auto& [p, group] : m_foldedInto.asKeyValueRange())
        groupOfNode.insert(processId(m_s.entity(EntityId(p))), group);
    std::vector<GraphEdge> edges = std::move(m_spec.edges);
    m_spec.edges.clear();
    m_edgeIds.clear();
    for (GraphEdge& e : edges) {
        if (e.role == GraphEdgeRole::Flow)
            continue;
        const bool fromFolded = removedNodes.contains(e.from), toFolded = removedNodes.contains(e.to);
        if (!fromFolded && !toFolded) {
            m_edgeIds.insert(e.id, int(m_spec.edges.size()));
            m_spec.edges.push_back(std::move(e));
        } else if (e.role == GraphEdgeRole::Structural) {
            addEdge(groupOfNode.value(e.from, e.from), groupOfNode.value(e.to, e.to), e.role, e.label,
                    e.locality, e.weight, e.directed);
        }
    }
    for (const MoreGroup& g : groups) {
        Figures sum;
        for (EntityId p : g.members) {
            const Figures& f = procFigures(p);
            // Shares of CPU time per node, weighted by the process's CPU time so that an idle process does
            // not count as much as a busy one.
            const double total = Figures::sum(f.cpu);
            const double weight = f.cpuNs > 0 ? f.cpuNs : 1;
            if (total > 0)
                for (const auto& [n, v] : f.cpu)
                    sum.cpu[n] += weight * v / total;
            for (const auto& [n, v] : f.pages)
                sum.pages[n] += v;
            for (const auto& [n, v] : f.bytes)
                sum.bytes[n] += v;
            sum.cpuNs += f.cpuNs;
        }
        addRunsOn(g.id, sum, g.ns, g.skipRunsOnNode);
        addMemoryEdges(g.id, sum, g.ns);
        std::map<EntityId, int> users;
        for (EntityId p : g.members)
            for (EntityId d : devicesUsed(p))
                ++users[d];
        const int cpu = sum.cpuNode();
        for (const auto& [d, count] : users) {
            const int dn = nodeOsOfDevice(d);
            EdgeLocality loc = EdgeLocality::Neutral;
            if (cpu >= 0 && dn >= 0)
                loc = dn == cpu ? EdgeLocality::Local : EdgeLocality::Mismatch;
            QString label = count == 1 ? Tr::tr("1 process") : Tr::tr("%1 processes").arg(count);
            if (dn >= 0)
                label = Tr::tr("device on node %1 · ").arg(dn) + label;
            addEdge(g.id, deviceId(m_s.entity(d)), GraphEdgeRole::DeviceUse, label, loc, count);
        }
    }
    addFlows();
}

void GraphBuilder::addMoreGroup(const MoreGroup& group)
{
    struct Count
    {
        int processes = 0;
        double share = 0;
    };
    std::map<QString, Count> byCommand, byContainer;
    GraphNode g;
    g.id = group.id;
    g.cluster = group.box;
    g.kind = EntityKind::Process;
    g.expandable = true;
    int mismatched = 0;
    for (EntityId p : group.members) {
        const Entity& e = m_s.entity(p);
        const Figures& f = procFigures(p);
        const double metric = metricOf(f);
        for (std::map<QString, Count>* counts : {&byCommand, &byContainer}) {
            Count& c = (*counts)[counts == &byCommand ? commandOf(p) : containerNameOf(p)];
            ++c.processes;
            c.share += metric;
        }
        g.metric += metric;
        g.members.push_back(p);
        g.searchKeys << QString::number(e.pid) << e.name;
        if (processLocality(p, f) == EdgeLocality::Mismatch)
            ++mismatched;
    }
    g.searchKeys.removeAll(QString());
    g.searchKeys.removeDuplicates();
    // The combined view's boxes are NUMA nodes, so the containers are what it does not show: they name the
    // members, unless there are more of them than commands (a container per job) and say less.
    const bool byContainers = m_o.view == GraphView::Combined && m_s.countOf(EntityKind::Container) > 0 &&
                              byContainer.size() <= byCommand.size();
    const std::map<QString, Count>& byKey = byContainers ? byContainer : byCommand;
    std::vector<std::pair<QString, Count>> keys(byKey.begin(), byKey.end());
    std::stable_sort(keys.begin(), keys.end(), [](const auto& a, const auto& b) {
        return a.second.processes != b.second.processes ? a.second.processes > b.second.processes
                                                        : a.second.share > b.second.share;
    });
    const QString count = formatCount(double(group.members.size()), CountStyle::Grouped);
    // Three names fit the width of a process node; the tooltip has them all.
    constexpr size_t kLabelKeys = 3, kTooltipKeys = 30;
    QStringList head;
    for (size_t i = 0; i < std::min(keys.size(), kLabelKeys); ++i)
        head << QStringLiteral("%1 ×%2").arg(keys[i].first).arg(keys[i].second.processes);
    if (keys.size() > kLabelKeys)
        head << QStringLiteral("…");
    g.label = Tr::tr("%1 more\n%2").arg(count, head.join(QStringLiteral(" · ")));
    QStringList tip;
    tip << Tr::tr("%1 more processes, %2 of all CPU time together: double-click to draw them all")
               .arg(count, formatPercent(g.metric));
    for (size_t i = 0; i < std::min(keys.size(), kTooltipKeys); ++i)
        tip << QStringLiteral("%1 ×%2 · %3")
                   .arg(keys[i].first)
                   .arg(keys[i].second.processes)
                   .arg(formatPercent(keys[i].second.share));
    if (keys.size() > kTooltipKeys)
        tip << Tr::tr("… %1 more").arg(keys.size() - kTooltipKeys);
    if (mismatched > 0)
        tip << Tr::tr("%1 with memory or a device on another node than most of their CPU time")
                   .arg(mismatched);
    g.tooltip = tip.join(QLatin1Char('\n'));
    addNode(std::move(g));
}

void GraphBuilder::buildDataflow()
{
    for (const QString& ns : m_namespaces) {
        for (EntityId node : m_s.numaNodes())
            if (m_s.entity(node).ns == ns) {
                GraphNode g = numaNode(node, true);
                g.cluster = hostCluster(ns);
                addNode(std::move(g));
            }
        for (EntityId d : m_s.ofKind(EntityKind::Accelerator))
            if (m_s.entity(d).ns == ns) {
                GraphNode g = deviceNode(d);
                g.cluster = hostCluster(ns);
                addNode(std::move(g));
            }
    }
    QHash<std::int32_t, QString> containerCluster;
    for (EntityId c : m_s.ofKind(EntityKind::Container)) {
        const Entity& e = m_s.entity(c);
        const QString id = withNs(QStringLiteral("cluster_ctr") +
                                      (e.detail->containerId.isEmpty() ? e.key.str() : e.detail->containerId),
                                  e);
        QString label = e.name.isEmpty() ? e.detail->containerId : e.name.str();
        if (!e.detail->containerType.isEmpty())
            label += QStringLiteral(" (%1)").arg(e.detail->containerType);
        addCluster(id, hostCluster(e.ns), label, EntityKind::Container, c);
        containerCluster.insert(c.value, id);
    }
    std::vector<std::pair<EntityId, bool>> shown;
    for (EntityId p : m_s.ofKind(EntityKind::Process)) {
        if (!processShown(p))
            continue;
        const EntityId c = m_s.containerOf(p);
        const QString cluster = containerCluster.value(c.value, hostCluster(m_s.entity(p).ns));
        shown.emplace_back(p, addProcess(p, cluster));
    }
    for (const auto& [p, threads] : shown) {
        addProcessEdges(p, threads, -1);
        // The process tree, so a launcher and its workers read as one job.
        const Entity& e = m_s.entity(p);
        const EntityId parent = m_s.processByPid(e.ppid, e.ns.view());
        if (parent.isValid())
            addEdge(processId(m_s.entity(parent)), processId(e), GraphEdgeRole::Structural, {},
                    EdgeLocality::Neutral, 0);
    }
    addFlows();
}

} // namespace graphbuild

} // namespace numasight
