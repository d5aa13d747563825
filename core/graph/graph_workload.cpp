// SPDX-License-Identifier: GPL-3.0-or-later
// The workload in the graph: processes and threads with the nodes they run on and keep memory on, the
// devices they use and the flows between them (the data-flow view, and the workload of the combined view).
#include "graph_builder.h"

namespace numasight {

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
    return QStringLiteral("%1 on node %2").arg(formatPercent(f.cpuShare(cpu))).arg(cpu);
}

QString GraphBuilder::figuresTooltip(const Figures& f) const
{
    QStringList lines;
    const double metric = metricOf(f);
    if (f.cpuNs > 0)
        lines
            << QStringLiteral("CPU time %1 (%2 of all)").arg(formatDuration(f.cpuNs), formatPercent(metric));
    if (!f.cpu.empty()) {
        QStringList parts;
        for (const auto& [n, v] : f.cpu)
            if (v > 0)
                parts << QStringLiteral("node %1 %2").arg(n).arg(formatPercent(f.cpuShare(n)));
        lines << QStringLiteral("CPU: ") + parts.join(QStringLiteral(", "));
    }
    if (!f.pages.empty()) {
        QStringList parts;
        for (const auto& [n, v] : f.pages)
            if (v > 0)
                parts << QStringLiteral("node %1 %2").arg(n).arg(formatCount(v));
        lines << QStringLiteral("pages: ") + parts.join(QStringLiteral(", "));
    }
    if (f.fromSamples)
        lines << QStringLiteral("from the recording's samples");
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
    return m_o.minMetric <= 0 || metricOf(m_proc.value(p.value)) >= m_o.minMetric;
}

bool GraphBuilder::addProcess(EntityId p, const QString& cluster)
{
    const Entity& e = m_s.entity(p);
    const Figures f = m_proc.value(p.value);
    const std::span<const EntityId> threads = m_s.threadsOf(p);
    GraphNode g;
    g.id = processId(e);
    g.kind = EntityKind::Process;
    g.entity = p;
    g.metric = metricOf(f);
    g.locality = processLocality(p, f);
    QString head =
        QStringLiteral("%1 (%2)").arg(e.name.isEmpty() ? QStringLiteral("pid") : e.name).arg(e.pid);
    const QString cpu = cpuSummary(f);
    g.label = cpu.isEmpty() ? head : head + QLatin1Char('\n') + cpu;
    QStringList tip;
    tip << head;
    if (!e.cmdline.isEmpty())
        tip << e.cmdline.left(200);
    const EntityId container = m_s.containerOf(p);
    if (container.isValid())
        tip << QStringLiteral("container %1").arg(m_s.entity(container).name);
    const QString figures = figuresTooltip(f);
    if (!figures.isEmpty())
        tip << figures;
    if (g.locality == EdgeLocality::Mismatch)
        tip << QStringLiteral("memory or device on another node than most of its CPU time");
    g.tooltip = tip.join(QLatin1Char('\n'));
    g.searchKeys << QString::number(e.pid) << e.name << e.cmdline;
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
        const Figures tf = m_thread.value(t.value);
        if (m_o.minMetric > 0 && metricOf(tf) < m_o.minMetric)
            continue;
        GraphNode tn;
        tn.id = threadId(te);
        tn.cluster = cid;
        tn.kind = EntityKind::Thread;
        tn.entity = t;
        tn.metric = metricOf(tf);
        const QString th =
            QStringLiteral("%1 (%2)").arg(te.name.isEmpty() ? QStringLiteral("tid") : te.name).arg(te.tid);
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
    const Figures f = m_proc.value(p.value);
    const QString from = processId(e);
    const int cpu = f.cpuNode();
    const int mem = f.memNode();
    if (threadsShown) {
        for (EntityId t : m_s.threadsOf(p)) {
            const Entity& te = m_s.entity(t);
            if (m_nodeIds.contains(threadId(te)))
                addRunsOn(threadId(te), m_thread.value(t.value), e.ns, skipRunsOnNode);
        }
    } else {
        addRunsOn(from, f, e.ns, skipRunsOnNode);
    }
    const bool bytesKnown = !f.bytes.empty();
    for (int n : Figures::drawn(f.pages)) {
        const double share = f.pageShare(n);
        const auto b = f.bytes.find(n);
        const QString amount =
            bytesKnown && b != f.bytes.end() ? graphBytes(b->second) : formatPages(f.pages.at(n));
        EdgeLocality loc = EdgeLocality::Neutral;
        if (cpu >= 0)
            loc = n == cpu ? EdgeLocality::Local : (n == mem ? EdgeLocality::Mismatch : EdgeLocality::Remote);
        addEdge(from, numaTarget(e.ns, n), GraphEdgeRole::MemoryOn,
                QStringLiteral("%1 (%2)").arg(amount, formatPercent(share)), loc, f.pages.at(n));
    }
    for (EntityId d : devicesUsed(p)) {
        const int dn = nodeOsOfDevice(d);
        EdgeLocality loc = EdgeLocality::Neutral;
        if (cpu >= 0 && dn >= 0)
            loc = dn == cpu ? EdgeLocality::Local : EdgeLocality::Mismatch;
        const QString label = dn >= 0 ? QStringLiteral("device on node %1").arg(dn) : QString();
        addEdge(from, deviceId(m_s.entity(d)), GraphEdgeRole::DeviceUse, label, loc, 1);
    }
}

QString GraphBuilder::flowEndpointId(const QString& key)
{
    if (key.startsWith(QLatin1String("p:")))
        return processId(m_s.entity(EntityId(key.mid(2).toInt())));
    const auto peer = m_peers.value(key);
    const QString id = safeId(QStringLiteral("peer") + peer.first + nsSuffix(peer.second));
    if (!m_nodeIds.contains(id) && !hidden(EntityKind::Socket)) {
        GraphNode g;
        g.id = id;
        g.cluster = hostCluster(peer.second);
        g.kind = EntityKind::Socket;
        g.label = peer.first;
        g.tooltip = QStringLiteral("endpoint %1 outside the processes shown").arg(peer.first);
        g.searchKeys << peer.first;
        addNode(std::move(g));
    }
    return id;
}

int GraphBuilder::mainNodeOfKey(const QString& key) const
{
    if (!key.startsWith(QLatin1String("p:")))
        return -1;
    return m_proc.value(key.mid(2).toInt()).cpuNode();
}

void GraphBuilder::addFlows()
{
    // A process filtered out takes its flows along; a remote endpoint is only drawn for a shown process.
    const auto shown = [&](const QString& key) {
        return !key.startsWith(QLatin1String("p:")) ||
               m_nodeIds.contains(processId(m_s.entity(EntityId(key.mid(2).toInt()))));
    };
    for (const auto& [key, f] : m_flows) {
        if (!shown(f.from) || !shown(f.to))
            continue;
        const QString from = flowEndpointId(f.from);
        const QString to = flowEndpointId(f.to);
        const int a = mainNodeOfKey(f.from), b = mainNodeOfKey(f.to);
        EdgeLocality loc = EdgeLocality::Neutral;
        if (a >= 0 && b >= 0)
            loc = a == b ? EdgeLocality::Local : EdgeLocality::Remote;
        QString label = f.volumesKnown ? graphBytes(f.bytes) : QStringLiteral("volume unknown");
        if (f.connections > 1)
            label += QStringLiteral(" · %1 conn.").arg(f.connections);
        addEdge(from, to, GraphEdgeRole::Flow, label, loc, f.bytes);
        if (f.mergedFromBothEnds && !m_spec.edges.empty() && m_spec.edges.back().from == from &&
            m_spec.edges.back().to == to)
            m_flowDoubled = true;
    }
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
        const QString id =
            withNs(QStringLiteral("cluster_ctr") + (e.containerId.isEmpty() ? e.key : e.containerId), e);
        QString label = e.name.isEmpty() ? e.containerId : e.name;
        if (!e.containerType.isEmpty())
            label += QStringLiteral(" (%1)").arg(e.containerType);
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
        const EntityId parent = m_s.processByPid(e.ppid, e.ns);
        if (parent.isValid())
            addEdge(processId(m_s.entity(parent)), processId(e), GraphEdgeRole::Structural, {},
                    EdgeLocality::Neutral, 0);
    }
    addFlows();
}

} // namespace graphbuild

} // namespace numasight
