// buildGraph(): a snapshot (and optionally the samples of a window) as boxes, nodes and edges.
//
// Ids are made from what identifies an entity across snapshots and recordings (NUMA OS index, pid, tid,
// PCI bus id, container id), never from positions in the snapshot's vectors, so a rebuilt graph keeps
// the views' selection, expansion state and layout caches. Entities of another namespace (another host)
// get "@<namespace>" appended.
#include "analysis/witty_metrics.h"
#include "graph_spec.h"
#include "util/format.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cmath>
#include <map>

namespace numasight {

namespace {

// RunsOn and MemoryOn edges are drawn to every node holding at least this share of a process's CPU time
// or pages, and always to the largest: below 5 % an edge adds ink but no finding, and with 8-16 nodes
// per process the graph would otherwise connect everything to everything.
constexpr double kEdgeShare = 0.05;
// Up to this many NUMA nodes per machine every pair gets a distance edge; above, a spanning tree of the
// closest links (see addDistanceEdges).
constexpr int kAllPairsNodes = 4;

const QString kLocal = QStringLiteral("local");

// Ids are built from input strings (namespaces, bus ids, container ids, addresses): only characters that
// need no quoting anywhere (DOT, SVG ids, file names of exports) are kept.
QString safeId(QString id)
{
    for (QChar& c : id) {
        const char16_t u = c.unicode();
        const bool ok = (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || (u >= '0' && u <= '9') ||
                        u == '_' || u == '.' || u == ':' || u == '@' || u == '-';
        if (!ok)
            c = QLatin1Char('_');
    }
    return id;
}

QString nsSuffix(const QString& ns)
{
    return ns == kLocal ? QString() : QLatin1Char('@') + ns;
}

QString withNs(const QString& base, const Entity& e)
{
    return safeId(base + nsSuffix(e.ns));
}

// Graph labels read at one precision below 100 of a unit: "5.0 MiB" beside "3.5 MiB".
QString graphBytes(double bytes)
{
    return formatBytes(bytes, TrailingZeros::Keep);
}

// "0–23, 48–71": the range string with en dashes, as people write CPU ranges.
QString rangeText(const IndexSet& set)
{
    QString s = set.toRangeString();
    s.replace(QLatin1Char('-'), QChar(0x2013));
    s.replace(QLatin1Char(','), QStringLiteral(", "));
    return s;
}

QStringList cpuKeys(const CpuSet& cpus)
{
    QStringList keys;
    keys << cpus.toRangeString();
    cpus.forEach([&](int c) { keys << QString::number(c); });
    return keys;
}

// CPU time and pages of one process or thread, per NUMA node OS index.
struct Figures
{
    std::map<int, double> cpu;   // ns, or witty's shares (only ratios are used)
    std::map<int, double> pages; // pages
    std::map<int, double> bytes; // bytes, when the source knows page sizes
    double cpuNs = 0;            // absolute on-CPU ns, for the metric
    bool fromSamples = false;

    static double sum(const std::map<int, double>& m)
    {
        double s = 0;
        for (const auto& [n, v] : m)
            s += v;
        return s;
    }
    static int argmax(const std::map<int, double>& m)
    {
        int best = -1;
        double bestValue = 0;
        for (const auto& [n, v] : m)
            if (v > bestValue) {
                best = n;
                bestValue = v;
            }
        return best;
    }
    int cpuNode() const { return argmax(cpu); }
    int memNode() const { return argmax(pages); }
    double cpuShare(int node) const
    {
        const double s = sum(cpu);
        const auto it = cpu.find(node);
        return s > 0 && it != cpu.end() ? it->second / s : 0;
    }
    double pageShare(int node) const
    {
        const double s = sum(pages);
        const auto it = pages.find(node);
        return s > 0 && it != pages.end() ? it->second / s : 0;
    }
    // Nodes to draw an edge to: at least kEdgeShare, and always the largest.
    static std::vector<int> drawn(const std::map<int, double>& m)
    {
        std::vector<int> out;
        const double s = sum(m);
        const int best = argmax(m);
        for (const auto& [n, v] : m)
            if (s > 0 && v > 0 && (n == best || v / s >= kEdgeShare))
                out.push_back(n);
        return out;
    }
};

struct FlowAgg
{
    QString from, to;
    double bytes = 0;
    int connections = 0;
    bool volumesKnown = true;
    bool mergedFromBothEnds = false; // witty's weight 0.0: the same flow counted from both ends
};

class Builder
{
public:
    Builder(const Snapshot& s, const GraphOptions& o, std::span<const SamplePtr> samples, GraphSpec& spec)
        : m_s(s)
        , m_o(o)
        , m_samples(samples)
        , m_spec(spec)
    {
    }

    void run()
    {
        m_spec.view = m_o.view;
        collectNamespaces();
        computeFigures();
        switch (m_o.view) {
        case GraphView::Machine:
            buildMachine(false);
            break;
        case GraphView::Combined:
            buildMachine(true);
            break;
        case GraphView::Dataflow:
            buildDataflow();
            break;
        }
        filterHidden();
        dropEmptyClusters();
        scalePens();
        buildLegend();
        m_spec.title = title();
        m_spec.reindex();
    }

private:
    // ---- figures -------------------------------------------------------------------------------------

    void computeFigures()
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

    void figuresFromSamples()
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

    void figuresFromSnapshot()
    {
        for (EntityId p : m_s.ofKind(EntityKind::Process)) {
            Figures& pf = m_proc[p.value];
            bool haveShares = false;
            for (EdgeId eid : m_s.outEdges(p)) {
                const Edge& e = m_s.edge(eid);
                if (e.kind != EdgeKind::NumaAccess)
                    continue;
                QString error;
                if (const auto info = readNumaAffinityInfo(e.payload, &error)) {
                    for (size_t n = 0; n < info->cpuRuntimePct.size(); ++n)
                        if (info->cpuRuntimePct[n] > 0) {
                            pf.cpu[int(n)] += info->cpuRuntimePct[n];
                            haveShares = true;
                        }
                }
                if (const auto dirty = readDirtyAnonPages(e.payload, m_nodeCount, &error)) {
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
                    const auto ns = readNumaIndexToCpuRuntime(e.payload, m_nodeCount, &error);
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

    EntityId processOf(EntityId e) const
    {
        for (int depth = 0; e.isValid() && depth < 8; ++depth) {
            const Entity& x = m_s.entity(e);
            if (x.kind == EntityKind::Process)
                return e;
            e = x.parent;
        }
        return {};
    }

    EntityId socketOwner(EntityId socket) const
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

    void addSocketFlow(const Edge& e)
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
            toKey = QStringLiteral("peer:") + socket.address + QLatin1Char('\x1f') + socket.ns;
            m_peers.insert(toKey, {socket.address, socket.ns});
        }
        const QString fromKey = QStringLiteral("p:") + QString::number(from.value);
        FlowAgg& f = m_flows[fromKey + QLatin1Char('>') + toKey];
        f.from = fromKey;
        f.to = toKey;
        ++f.connections;
        const QJsonObject payload = QJsonDocument::fromJson(e.payload).object();
        const QJsonObject flow = payload.value(QLatin1String("data_flow")).toObject();
        f.bytes += flow.value(QLatin1String("data_size")).toDouble();
        if (e.weight && *e.weight == 0.0)
            f.mergedFromBothEnds = true;
    }

    void addSampleFlow(const FlowSample& s)
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

    double metricOf(const Figures& f) const { return m_totalCpuNs > 0 ? f.cpuNs / m_totalCpuNs : 0; }

    // ---- spec assembly -------------------------------------------------------------------------------

    GraphCluster& addCluster(QString id, QString parent, QString label, EntityKind kind, EntityId entity)
    {
        m_clusterIds.insert(id);
        GraphCluster c;
        c.id = std::move(id);
        c.parent = std::move(parent);
        c.label = std::move(label);
        c.kind = kind;
        c.entity = entity;
        m_spec.clusters.push_back(std::move(c));
        return m_spec.clusters.back();
    }

    // The first node with an id wins: an entity reachable two ways (a device that is also a group member)
    // is drawn once.
    bool addNode(GraphNode n)
    {
        if (m_nodeIds.contains(n.id))
            return false;
        m_nodeIds.insert(n.id, int(m_spec.nodes.size()));
        m_spec.nodes.push_back(std::move(n));
        return true;
    }

    void addEdge(const QString& from, const QString& to, GraphEdgeRole role, QString label,
                 EdgeLocality locality, double weight, bool directed = true)
    {
        if (!m_nodeIds.contains(from) || !m_nodeIds.contains(to) || from == to)
            return;
        GraphEdge e;
        e.id = from + QStringLiteral("->") + to + QLatin1Char(':') + graphEdgeRoleName(role);
        if (m_edgeIds.contains(e.id))
            return;
        e.from = from;
        e.to = to;
        e.label = std::move(label);
        e.role = role;
        e.locality = locality;
        e.weight = weight;
        e.directed = directed;
        m_edgeIds.insert(e.id);
        m_spec.edges.push_back(std::move(e));
    }

    bool hidden(EntityKind k) const { return m_o.hiddenKinds.contains(k); }

    bool isExpanded(const QString& id, bool byDefault, const std::vector<QString>& parts = {}) const
    {
        if (m_o.folded.contains(id))
            return false;
        for (const QString& p : parts)
            if (m_o.folded.contains(p))
                return false;
        return byDefault || m_o.expanded.contains(id);
    }

    void collectNamespaces()
    {
        for (EntityKind k :
             {EntityKind::NumaNode, EntityKind::Package, EntityKind::Process, EntityKind::Accelerator}) {
            for (EntityId id : m_s.ofKind(k)) {
                const QString& ns = m_s.entity(id).ns;
                if (!m_namespaces.contains(ns))
                    m_namespaces << ns;
            }
        }
        std::stable_sort(m_namespaces.begin(), m_namespaces.end(), [](const QString& a, const QString& b) {
            if ((a == kLocal) != (b == kLocal))
                return a == kLocal;
            return a < b;
        });
        // One machine needs no box around it; several (witty servers attached together) each get one.
        if (m_namespaces.size() > 1) {
            for (const QString& ns : m_namespaces) {
                EntityId host;
                for (EntityId h : m_s.ofKind(EntityKind::Host))
                    if (m_s.entity(h).ns == ns)
                        host = h;
                QString label = ns == kLocal ? QStringLiteral("this machine") : ns;
                if (host.isValid() && !m_s.entity(host).name.isEmpty())
                    label = m_s.entity(host).name;
                const QString id = safeId(QStringLiteral("cluster_host") + nsSuffix(ns));
                addCluster(id, {}, label, EntityKind::Host, host);
                m_hostCluster.insert(ns, id);
            }
        }
    }

    QString hostCluster(const QString& ns) const { return m_hostCluster.value(ns); }

    EntityId ancestorOfKind(EntityId e, EntityKind kind) const
    {
        for (int depth = 0; e.isValid() && depth < 64; ++depth) {
            e = m_s.entity(e).parent;
            if (e.isValid() && m_s.entity(e).kind == kind)
                return e;
        }
        return {};
    }

    // ---- NUMA nodes, CPUs and devices (machine and combined views) -------------------------------------

    QString numaNodeId(const Entity& n) const
    {
        return withNs(QStringLiteral("numa") + QString::number(n.osIndex), n);
    }
    QString numaClusterId(const Entity& n) const
    {
        return withNs(QStringLiteral("cluster_numa") + QString::number(n.osIndex), n);
    }

    // The tier mark of a node: its memory kind when not plain DRAM, else "CPU-less" when no CPU is its own.
    QString tierOf(EntityId node, const CpuSet& ownCpus) const
    {
        const Entity& n = m_s.entity(node);
        const QString tier = n.memoryTier;
        if (!tier.isEmpty() && tier.compare(QLatin1String("DRAM"), Qt::CaseInsensitive) != 0)
            return tier;
        if (ownCpus.isEmpty())
            return QStringLiteral("CPU-less");
        return {};
    }

    // CPUs of a node that no earlier node claims: hwloc gives a CPU-less node (HBM, CXL) the cpuset of
    // its parent, which would otherwise show the same CPUs twice.
    CpuSet ownCpus(EntityId node) const
    {
        CpuSet own;
        const Entity& n = m_s.entity(node);
        n.cpus.forEach([&](int cpu) {
            if (m_s.nodeOfCpu(CpuId(cpu), n.ns) == node)
                own.insert(cpu);
        });
        return own;
    }

    QString memoryLine(const Entity& n) const
    {
        if (n.memoryBytes == 0)
            return {};
        QString s = graphBytes(double(n.memoryBytes));
        if (n.memoryFreeBytes > 0)
            s += QStringLiteral(", ") + graphBytes(double(n.memoryFreeBytes)) + QStringLiteral(" free");
        return s;
    }

    QString distanceRow(EntityId node) const
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

    QString numaTooltip(EntityId node, const CpuSet& own, const QString& tier) const
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

    GraphNode numaNode(EntityId node, bool withName) const
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

    void addCpuNodes(EntityId node, const QString& cluster)
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
            g.tooltip = QStringLiteral("%1 CPUs of NUMA node %2: %3\n%4")
                            .arg(own.count())
                            .arg(n.osIndex)
                            .arg(own.toRangeString(),
                                 byCore ? QStringLiteral("%1 cores").arg(cores.size()) : QString());
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

    static bool isDevice(EntityKind k)
    {
        return k == EntityKind::Accelerator || k == EntityKind::Nic || k == EntityKind::PciDevice ||
               k == EntityKind::OsDevice;
    }

    QString deviceId(const Entity& d) const
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

    GraphNode deviceNode(EntityId id) const
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

    // Accelerators and NICs are what the user came for: always one node each. Bridges, disks and other
    // functions are many (68 on a DGX-2) and rarely the point: folded into one node per place.
    void addDevices(const QString& ns, const QHash<std::int32_t, QString>& clusterOfNode,
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

    // Package -> NUMA cluster -> (memory node, CPUs, devices); `m_numaCluster` maps node -> cluster id.
    void buildTopology(bool numaNamed)
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

    QString latencyBetween(EntityId a, EntityId b) const
    {
        for (const DistanceMatrix& m : m_s.distances()) {
            if (m.unit != QLatin1String("ns"))
                continue;
            const auto ra = std::find(m.objects.begin(), m.objects.end(), a);
            const auto rb = std::find(m.objects.begin(), m.objects.end(), b);
            if (ra != m.objects.end() && rb != m.objects.end())
                return QString::number(m.at(int(ra - m.objects.begin()), int(rb - m.objects.begin())), 'g',
                                       6) +
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

    // Distance edges. All pairs up to kAllPairsNodes nodes; above, the minimum spanning tree of the SLIT
    // matrix (Kruskal, ties by OS index): n-1 edges whatever n is, each node linked to its nearest
    // neighbour, and the groups joined by their cheapest link, so the picture shows the machine's
    // structure (pairs on a die, dies on a package, packages) without the n(n-1)/2 hairball. The whole
    // matrix stays in every node's tooltip and in the NUMA table.
    void addDistanceEdges()
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
                addEdge(numaNodeId(a), numaNodeId(b), GraphEdgeRole::Distance, label, EdgeLocality::Neutral,
                        l.d, false);
            }
            m_distanceRule = n <= kAllPairsNodes
                                 ? QStringLiteral("every pair of nodes")
                                 : QStringLiteral("the closest links joining all nodes (a "
                                                  "spanning tree; full matrix in the tooltips)");
        }
    }

    // ---- processes and threads -----------------------------------------------------------------------

    int nodeOsOfDevice(EntityId device) const
    {
        const EntityId n = m_s.nodeOfDevice(device);
        return n.isValid() ? m_s.entity(n).osIndex : -1;
    }

    std::vector<EntityId> devicesUsed(EntityId p) const
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

    EdgeLocality processLocality(EntityId p, const Figures& f) const
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

    QString cpuSummary(const Figures& f) const
    {
        const int cpu = f.cpuNode();
        if (cpu < 0)
            return {};
        return QStringLiteral("%1 on node %2").arg(formatPercent(f.cpuShare(cpu))).arg(cpu);
    }

    QString figuresTooltip(const Figures& f) const
    {
        QStringList lines;
        const double metric = metricOf(f);
        if (f.cpuNs > 0)
            lines << QStringLiteral("CPU time %1 (%2 of all)")
                         .arg(formatDuration(f.cpuNs), formatPercent(metric));
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

    QString processId(const Entity& p) const
    {
        return withNs(QStringLiteral("proc") + QString::number(p.pid), p);
    }
    QString threadId(const Entity& t) const
    {
        return withNs(QStringLiteral("thr") + QString::number(t.tid), t);
    }

    // Whether a process passes the filters; threads are checked one by one when expanded.
    bool processShown(EntityId p) const
    {
        if (hidden(EntityKind::Process))
            return false;
        return m_o.minMetric <= 0 || metricOf(m_proc.value(p.value)) >= m_o.minMetric;
    }

    // Adds the process (folded, or as a cluster with its threads) under `cluster`; returns whether its
    // threads are shown (then they, not the process, carry the RunsOn edges).
    bool addProcess(EntityId p, const QString& cluster)
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
            const QString th = QStringLiteral("%1 (%2)")
                                   .arg(te.name.isEmpty() ? QStringLiteral("tid") : te.name)
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

    QString numaTarget(const QString& ns, int os) const
    {
        const EntityId n = m_s.numaNodeByOsIndex(NodeId(os), ns);
        return n.isValid() ? numaNodeId(m_s.entity(n)) : QString();
    }

    // RunsOn edges of one process or thread; `skipNode` (the node whose box it already sits in) is left out.
    void addRunsOn(const QString& from, const Figures& f, const QString& ns, int skipNode)
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

    void addProcessEdges(EntityId p, bool threadsShown, int skipRunsOnNode)
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
                loc = n == cpu ? EdgeLocality::Local
                               : (n == mem ? EdgeLocality::Mismatch : EdgeLocality::Remote);
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

    QString flowEndpointId(const QString& key)
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

    int mainNodeOfKey(const QString& key) const
    {
        if (!key.startsWith(QLatin1String("p:")))
            return -1;
        return m_proc.value(key.mid(2).toInt()).cpuNode();
    }

    void addFlows()
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

    // ---- views ---------------------------------------------------------------------------------------

    void buildMachine(bool withWorkload)
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

    void buildDataflow()
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

    // ---- filters and finishing -----------------------------------------------------------------------

    void filterHidden()
    {
        if (m_o.hiddenKinds.isEmpty())
            return;
        QHash<QString, QString> newParent; // removed cluster -> the nearest kept ancestor
        std::vector<GraphCluster> kept;
        for (const GraphCluster& c : m_spec.clusters) {
            QString parent = c.parent;
            while (newParent.contains(parent))
                parent = newParent.value(parent);
            if (hidden(c.kind)) {
                newParent.insert(c.id, parent);
                continue;
            }
            GraphCluster k = c;
            k.parent = parent;
            kept.push_back(std::move(k));
        }
        m_spec.clusters = std::move(kept);
        std::vector<GraphNode> nodes;
        QSet<QString> removed;
        for (GraphNode& n : m_spec.nodes) {
            if (hidden(n.kind)) {
                removed.insert(n.id);
                continue;
            }
            while (newParent.contains(n.cluster))
                n.cluster = newParent.value(n.cluster);
            nodes.push_back(std::move(n));
        }
        m_spec.nodes = std::move(nodes);
        std::erase_if(m_spec.edges,
                      [&](const GraphEdge& e) { return removed.contains(e.from) || removed.contains(e.to); });
    }

    // Graphviz draws no box for an empty cluster, and a box with nothing in it says nothing.
    void dropEmptyClusters()
    {
        QSet<QString> used;
        for (const GraphNode& n : m_spec.nodes)
            used.insert(n.cluster);
        // Children follow parents, so one backward pass carries use up the tree.
        for (auto it = m_spec.clusters.rbegin(); it != m_spec.clusters.rend(); ++it)
            if (used.contains(it->id))
                used.insert(it->parent);
        std::erase_if(m_spec.clusters, [&](const GraphCluster& c) { return !used.contains(c.id); });
    }

    void scalePens()
    {
        std::map<GraphEdgeRole, std::pair<double, double>> range; // role -> (min, max) weight
        for (const GraphEdge& e : m_spec.edges) {
            auto [it, inserted] = range.try_emplace(e.role, e.weight, e.weight);
            if (!inserted) {
                it->second.first = std::min(it->second.first, e.weight);
                it->second.second = std::max(it->second.second, e.weight);
            }
        }
        for (GraphEdge& e : m_spec.edges) {
            const auto [lo, hi] = range[e.role];
            if (e.role == GraphEdgeRole::Structural) {
                e.penWidth = 1;
            } else if (e.role == GraphEdgeRole::Distance) {
                // Nearer is thicker: the links that matter most for placement stand out.
                e.penWidth = hi > lo ? 1 + 3 * (hi - e.weight) / (hi - lo) : 1.5;
            } else if (e.role == GraphEdgeRole::RunsOn) {
                // A share is already on an absolute scale: 100 % is the widest line in every graph.
                e.penWidth = 1 + 5 * std::clamp(e.weight, 0.0, 1.0);
            } else if (e.role == GraphEdgeRole::DeviceUse) {
                e.penWidth = 2;
            } else if (hi > 0) {
                // Square root: volumes span orders of magnitude, and a 1000x flow must not be 1000x wider.
                e.penWidth = 1 + 5 * std::sqrt(std::max(0.0, e.weight) / hi);
            } else {
                e.penWidth = 1;
            }
            e.penWidth = std::clamp(e.penWidth, 1.0, 6.0);
        }
    }

    static QString kindDescription(EntityKind k)
    {
        switch (k) {
        case EntityKind::NumaNode:
            return QStringLiteral("NUMA node: its memory, size and free space");
        case EntityKind::Pu:
            return QStringLiteral("CPUs of a NUMA node (a range folds many; double-click to expand)");
        case EntityKind::Core:
            return QStringLiteral("A core and its hardware threads (CPUs)");
        case EntityKind::Accelerator:
            return QStringLiteral("Accelerator (GPU or NPU) on the PCI bus of its NUMA node");
        case EntityKind::Nic:
            return QStringLiteral("Network interface on its NUMA node");
        case EntityKind::PciDevice:
            return QStringLiteral("Other PCI devices (bridges, controllers); a count folds many");
        case EntityKind::OsDevice:
            return QStringLiteral("Other OS devices (disks, DMA engines)");
        case EntityKind::Process:
            return QStringLiteral("Process: name (pid), share of its CPU time on its main node");
        case EntityKind::Thread:
            return QStringLiteral("Thread: name (tid), share of its CPU time on its main node");
        case EntityKind::Socket:
            return QStringLiteral("Endpoint of a flow outside the processes shown");
        default:
            return entityKindName(k);
        }
    }

    static QString clusterDescription(EntityKind k)
    {
        switch (k) {
        case EntityKind::Host:
            return QStringLiteral("A machine (namespace)");
        case EntityKind::Package:
            return QStringLiteral("Processor package (socket)");
        case EntityKind::NumaNode:
            return QStringLiteral("NUMA node: its memory, CPUs and devices, and the processes running "
                                  "mostly there");
        case EntityKind::Container:
            return QStringLiteral("Container and the processes in it");
        case EntityKind::Process:
            return QStringLiteral("Process expanded into its threads");
        default:
            return entityKindName(k);
        }
    }

    static QString tierDescription(const QString& tier)
    {
        if (tier == QLatin1String("CPU-less"))
            return QStringLiteral("Memory-only NUMA node: no CPU of its own (CXL expander, far memory)");
        if (tier == QLatin1String("HBM"))
            return QStringLiteral("High-bandwidth memory (HBM, MCDRAM) node");
        if (tier.startsWith(QLatin1String("CXL")))
            return QStringLiteral("CXL-attached memory node");
        if (tier == QLatin1String("NVM"))
            return QStringLiteral("Persistent memory (NVDIMM) node");
        return QStringLiteral("Memory tier %1").arg(tier);
    }

    QString edgeDescription(GraphEdgeRole role, EdgeLocality loc) const
    {
        switch (role) {
        case GraphEdgeRole::Distance:
            return QStringLiteral("NUMA distance (SLIT, 10 = local; measured latency when known), drawn "
                                  "for %1")
                .arg(m_distanceRule);
        case GraphEdgeRole::RunsOn:
            return loc == EdgeLocality::Local
                       ? QStringLiteral("Runs mostly on this node (share of CPU time)")
                       : QStringLiteral("Also runs on this other node (share of CPU time)");
        case GraphEdgeRole::MemoryOn:
            switch (loc) {
            case EdgeLocality::Local:
                return QStringLiteral("Memory on the node where most of the CPU time goes");
            case EdgeLocality::Mismatch:
                return QStringLiteral("Most memory on another node than most of the CPU time");
            case EdgeLocality::Remote:
                return QStringLiteral("Some memory on another node");
            default:
                return QStringLiteral("Memory on this node (no CPU time known)");
            }
        case GraphEdgeRole::DeviceUse:
            switch (loc) {
            case EdgeLocality::Local:
                return QStringLiteral("Uses this device, on the node where it runs");
            case EdgeLocality::Mismatch:
                return QStringLiteral("Uses a device on another node than most of its CPU time");
            default:
                return QStringLiteral("Uses this device");
            }
        case GraphEdgeRole::Flow: {
            QString d =
                loc == EdgeLocality::Remote ? QStringLiteral("Data sent to a process running on another node")
                : loc == EdgeLocality::Local ? QStringLiteral("Data sent to a process on the same node")
                                             : QStringLiteral("Data sent (socket/IPC), with its volume");
            if (m_flowDoubled)
                d += QStringLiteral("; witty counts a flow from both ends, so volumes may be doubled");
            return d;
        }
        case GraphEdgeRole::Structural:
            return QStringLiteral("Parent process starts child process");
        }
        return {};
    }

    void buildLegend()
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
                    QStringLiteral("Memory or device on another node than most of its CPU time"));
            if (n.expandable)
                add(QStringLiteral("node:expandable"), QStringLiteral("Folded: double-click to expand"));
        }
        for (const GraphEdge& e : m_spec.edges)
            add(QStringLiteral("edge:") + graphEdgeRoleName(e.role) + QLatin1Char(':') +
                    localityName(e.locality),
                edgeDescription(e.role, e.locality));
        if (std::any_of(m_spec.edges.begin(), m_spec.edges.end(), [](const GraphEdge& e) {
                return e.role != GraphEdgeRole::Structural && e.role != GraphEdgeRole::Distance;
            }))
            add(QStringLiteral("edge:width"),
                QStringLiteral("Line width grows with CPU share, pages or bytes"));
        for (const QString& mark : order)
            m_spec.legend.push_back({mark, entries.value(mark)});
    }

    QString title() const
    {
        QStringList parts;
        parts << graphViewName(m_o.view);
        const int nodes = m_s.countOf(EntityKind::NumaNode);
        if (nodes)
            parts << QStringLiteral("%1 NUMA nodes").arg(nodes);
        const int acc = m_s.countOf(EntityKind::Accelerator);
        if (acc)
            parts << QStringLiteral("%1 accelerators").arg(acc);
        if (m_o.view != GraphView::Machine) {
            const int procs = m_s.countOf(EntityKind::Process);
            if (procs)
                parts << QStringLiteral("%1 processes").arg(procs);
        }
        if (!m_s.label().isEmpty())
            parts.prepend(m_s.label());
        return parts.join(QStringLiteral(" · "));
    }

    const Snapshot& m_s;
    const GraphOptions& m_o;
    std::span<const SamplePtr> m_samples;
    GraphSpec& m_spec;

    int m_nodeCount = 0;
    double m_totalCpuNs = 0;
    QHash<std::int32_t, Figures> m_proc, m_thread;
    std::map<QString, FlowAgg> m_flows;
    QHash<QString, std::pair<QString, QString>> m_peers; // key -> (address, namespace)
    bool m_flowDoubled = false;
    QString m_distanceRule;

    QStringList m_namespaces;
    QHash<QString, QString> m_hostCluster;
    QHash<std::int32_t, QString> m_numaCluster;
    QHash<QString, int> m_nodeIds;
    QSet<QString> m_clusterIds, m_edgeIds;
};

} // namespace

GraphSpecPtr buildGraph(const Snapshot& snapshot, const GraphOptions& options,
                        std::span<const SamplePtr> samples)
{
    auto spec = std::make_shared<GraphSpec>();
    Builder(snapshot, options, samples, *spec).run();
    return spec;
}

} // namespace numasight
