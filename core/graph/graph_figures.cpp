// SPDX-License-Identifier: GPL-3.0-or-later
// The figures the graph draws: CPU time and pages per NUMA node of every process and thread, and the flows
// between endpoints, from a recording's samples or from the snapshot's witty-profiler edges.
#include "graph_builder.h"

namespace numasight {

namespace graphbuild {

void GraphBuilder::computeFigures()
{
    int maxNode = -1;
    for (EntityId n : m_s.numaNodes())
        maxNode = std::max(maxNode, m_s.entity(n).osIndex);
    m_nodeCount = maxNode + 1;

    bool any = false;
    for (const SamplePtr& sp : m_samples)
        any = any || sp;
    if (any)
        figuresFromSamples();
    else
        figuresFromSnapshot();

    for (const Figures& f : std::as_const(m_proc))
        m_totalCpuNs += f.cpuNs;
}

void GraphBuilder::figuresFromSamples()
{
    QHash<std::int64_t, EntityId> threadByTid;
    for (EntityId t : m_s.ofKind(EntityKind::Thread))
        if (m_s.entity(t).ns == kLocal)
            threadByTid.insert(m_s.entity(t).tid, t);
    QHash<std::int32_t, const ProcessMemorySample*> lastMemory;
    for (const SamplePtr& sp : m_samples) {
        if (!sp)
            continue;
        for (const ThreadCpuSample& t : sp->threads) {
            const EntityId p = m_s.processByPid(t.pid);
            if (!p.isValid())
                continue;
            Figures& pf = m_proc[p.value];
            pf.fromSamples = true;
            const EntityId th = threadByTid.value(t.tid);
            Figures* tf = th.isValid() ? &m_thread[th.value] : nullptr;
            if (tf)
                tf->fromSamples = true;
            const auto add = [&](int cpu, double ns) {
                const EntityId node = m_s.nodeOfCpu(CpuId(cpu));
                if (!node.isValid() || ns <= 0)
                    return;
                const int os = m_s.entity(node).osIndex;
                pf.cpu[os] += ns;
                if (tf)
                    tf->cpu[os] += ns;
            };
            // procfs only knows the last CPU; it then puts all of the interval there.
            if (t.cpuNsByCpu.empty() && t.lastCpu >= 0)
                add(t.lastCpu, double(t.cpuNs));
            for (const auto& [cpu, ns] : t.cpuNsByCpu)
                add(cpu, double(ns));
            pf.cpuNs += double(t.cpuNs);
            if (tf)
                tf->cpuNs += double(t.cpuNs);
        }
        // Memory is a state, not a rate: the window's last reading of each process counts.
        for (const ProcessMemorySample& m : sp->processes) {
            const EntityId p = m_s.processByPid(m.pid);
            if (p.isValid())
                lastMemory.insert(p.value, &m);
        }
        for (const FlowSample& f : sp->flows)
            addSampleFlow(f);
    }
    for (auto it = lastMemory.constBegin(); it != lastMemory.constEnd(); ++it) {
        Figures& pf = m_proc[it.key()];
        pf.fromSamples = true;
        std::uint64_t anon = 0;
        for (const NodePages& n : it.value()->nodes)
            anon += n.anonPages;
        // Anonymous pages are what a process allocated; file pages are mostly shared libraries in the
        // page cache, placed by whoever read them first. Without anon counts, all pages.
        for (const NodePages& n : it.value()->nodes) {
            const double pages = double(anon > 0 ? n.anonPages : n.totalPages);
            if (pages > 0)
                pf.pages[n.node] += pages;
            if (n.bytes > 0)
                pf.bytes[n.node] += double(n.bytes);
        }
    }
}

void GraphBuilder::figuresFromSnapshot()
{
    for (EntityId p : m_s.ofKind(EntityKind::Process)) {
        Figures& pf = m_proc[p.value];
        bool haveShares = false;
        for (EdgeId eid : m_s.outEdges(p)) {
            const Edge& e = m_s.edge(eid);
            if (e.kind != EdgeKind::NumaAccess)
                continue;
            QString error;
            if (const auto info = readNumaAffinityInfo(e.payload.text(), &error)) {
                for (size_t n = 0; n < info->cpuRuntimePct.size(); ++n)
                    if (info->cpuRuntimePct[n] > 0) {
                        pf.cpu[int(n)] += info->cpuRuntimePct[n];
                        haveShares = true;
                    }
            }
            if (const auto dirty = readDirtyAnonPages(e.payload.text(), m_nodeCount, &error)) {
                for (size_t n = 0; n < dirty->size(); ++n)
                    if ((*dirty)[n] > 0)
                        pf.pages[int(n)] += double((*dirty)[n]);
            }
        }
        // Threads carry absolute ns (witty's numa_index_to_cpu_runtime); the process's own shares
        // cover threads the graph does not list, so they win when present.
        std::map<int, double> fromThreads;
        for (EntityId t : m_s.threadsOf(p)) {
            for (EdgeId eid : m_s.outEdges(t)) {
                const Edge& e = m_s.edge(eid);
                if (e.kind != EdgeKind::AccessWithProcStatus && e.kind != EdgeKind::NumaAccess)
                    continue;
                QString error;
                const auto ns = readNumaIndexToCpuRuntime(e.payload.text(), m_nodeCount, &error);
                if (!ns)
                    continue;
                Figures& tf = m_thread[t.value];
                for (size_t n = 0; n < ns->size(); ++n) {
                    const double v = (*ns)[n];
                    if (v <= 0)
                        continue;
                    tf.cpu[int(n)] += v;
                    tf.cpuNs += v;
                    fromThreads[int(n)] += v;
                    pf.cpuNs += v;
                }
            }
        }
        if (!haveShares)
            pf.cpu = fromThreads;
    }
    // witty: thread -> SendToSocket -> socket, and the socket belongs to a thread of the peer.
    for (const Edge& e : m_s.edges()) {
        if (e.kind != EdgeKind::SendToSocket || !e.source.isValid() || !e.target.isValid())
            continue;
        addSocketFlow(e);
    }
}

EntityId GraphBuilder::processOf(EntityId e) const
{
    for (int depth = 0; e.isValid() && depth < 8; ++depth) {
        const Entity& x = m_s.entity(e);
        if (x.kind == EntityKind::Process)
            return e;
        e = x.parent;
    }
    return {};
}

EntityId GraphBuilder::socketOwner(EntityId socket) const
{
    for (EdgeId id : m_s.outEdges(socket)) {
        const Edge& e = m_s.edge(id);
        if (e.kind == EdgeKind::Belong)
            return processOf(e.target);
    }
    for (EdgeId id : m_s.inEdges(socket)) {
        const Edge& e = m_s.edge(id);
        if (e.kind == EdgeKind::Own)
            return processOf(e.source);
    }
    return {};
}

void GraphBuilder::addSocketFlow(const Edge& e)
{
    const EntityId from = processOf(e.source);
    if (!from.isValid())
        return;
    const Entity& socket = m_s.entity(e.target);
    const EntityId owner = socketOwner(e.target);
    QString toKey;
    if (owner.isValid()) {
        if (owner == from)
            return; // a process talking to itself over loopback: no edge between two things
        toKey = QStringLiteral("p:") + QString::number(owner.value);
    } else {
        const QString address = socket.address();
        toKey = QStringLiteral("peer:") + address + QLatin1Char('\x1f') + socket.ns;
        m_peers.insert(toKey, {address, socket.ns});
    }
    const QString fromKey = QStringLiteral("p:") + QString::number(from.value);
    FlowAgg& f = m_flows[fromKey + QLatin1Char('>') + toKey];
    f.from = fromKey;
    f.to = toKey;
    ++f.connections;
    const QJsonObject payload = QJsonDocument::fromJson(e.payload.text()).object();
    const QJsonObject flow = payload.value(QLatin1String("data_flow")).toObject();
    f.bytes += flow.value(QLatin1String("data_size")).toDouble();
    if (e.weight && *e.weight == 0.0)
        f.mergedFromBothEnds = true;
}

void GraphBuilder::addSampleFlow(const FlowSample& s)
{
    const EntityId p = m_s.processByPid(s.pid);
    if (!p.isValid())
        return;
    const QString self = QStringLiteral("p:") + QString::number(p.value);
    const EntityId peer = s.peerPid >= 0 ? m_s.processByPid(s.peerPid) : EntityId();
    QString other;
    if (peer.isValid()) {
        if (peer == p)
            return;
        other = QStringLiteral("p:") + QString::number(peer.value);
    } else {
        const QString address = s.remoteAddress.isEmpty() ? s.protocol : s.remoteAddress;
        other = QStringLiteral("peer:") + address + QLatin1Char('\x1f') + kLocal;
        m_peers.insert(other, {address, kLocal});
    }
    const auto add = [&](const QString& from, const QString& to, double bytes) {
        FlowAgg& f = m_flows[from + QLatin1Char('>') + to];
        f.from = from;
        f.to = to;
        f.bytes += bytes;
        ++f.connections;
        f.volumesKnown = f.volumesKnown && s.volumesKnown;
    };
    add(self, other, double(s.bytesSent));
    // A local peer reports its own sends; a remote one never will, so its bytes come from here.
    if (!peer.isValid() && s.bytesReceived > 0)
        add(other, self, double(s.bytesReceived));
}

} // namespace graphbuild

} // namespace numasight
