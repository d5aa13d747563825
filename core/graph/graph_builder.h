// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The builder behind buildGraph() (graph_spec.h), internal to core/graph. Its parts live in the files named
// after what they add to the spec: graph_figures.cpp (CPU time, pages and flows per node, from samples or the
// snapshot), graph_machine.cpp (NUMA nodes, CPUs, devices and distances: the machine and combined views),
// graph_workload.cpp (processes, threads and flows: the data-flow view and the workload of the combined
// one), graph_legend.cpp (legend, descriptions and title) and graph_builder.cpp (the assembly, filters and
// finishing).
//
// Ids are made from what identifies an entity across snapshots and recordings (NUMA OS index, pid, tid,
// PCI bus id, container id), never from positions in the snapshot's vectors, so a rebuilt graph keeps
// the views' selection, expansion state and layout caches. Entities of another namespace (another host)
// get "@<namespace>" appended.
#include "analysis/witty_metrics.h"
#include "graph_spec.h"
#include "report/cpu_share.h"
#include "util/format.h"

#include <QHash>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <map>
#include <span>
#include <vector>

namespace numasight::graphbuild {

// RunsOn and MemoryOn edges are drawn to every node holding at least this share of a process's CPU time
// or pages, and always to the largest: below 5 % an edge adds ink but no finding, and with 8-16 nodes
// per process the graph would otherwise connect everything to everything.
constexpr double kEdgeShare = 0.05;

inline const QString kLocal = QStringLiteral("local");
// Ids of the level of detail's "N more" nodes start so (graph_workload.cpp).
inline const QString kMorePrefix = QStringLiteral("more_");

// Ids are built from input strings (namespaces, bus ids, container ids, addresses): only characters that
// need no quoting anywhere (DOT, SVG ids, file names of exports) are kept.
inline QString safeId(QString id)
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

inline QString nsSuffix(const QString& ns)
{
    return ns == kLocal ? QString() : QLatin1Char('@') + ns;
}

inline QString withNs(const QString& base, const Entity& e)
{
    return safeId(base + nsSuffix(e.ns));
}

// Graph labels read at one precision below 100 of a unit: "5.0 MiB" beside "3.5 MiB".
inline QString graphBytes(double bytes)
{
    return formatBytes(bytes, TrailingZeros::Keep);
}

// "0–23, 48–71": the range string with en dashes, as people write CPU ranges.
inline QString rangeText(const IndexSet& set)
{
    QString s = set.toRangeString();
    s.replace(QLatin1Char('-'), QChar(0x2013));
    s.replace(QLatin1Char(','), QStringLiteral(", "));
    return s;
}

inline QStringList cpuKeys(const CpuSet& cpus)
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

class GraphBuilder
{
public:
    GraphBuilder(const Snapshot& s, const GraphOptions& o, std::span<const SamplePtr> samples,
                 GraphSpec& spec)
        : m_s(s)
        , m_o(o)
        , m_samples(samples)
        , m_spec(spec)
    {
    }

    void run();

private:
    // ---- figures (graph_figures.cpp) ----------------------------------------------------------------------

    void computeFigures();
    void figuresFromSamples();
    void figuresFromSnapshot();
    EntityId processOf(EntityId e) const;
    EntityId socketOwner(EntityId socket) const;
    void addSocketFlow(const Edge& e);
    void addSampleFlow(const FlowSample& s);

    double metricOf(const Figures& f) const { return cpuTimeShare(f.cpuNs, m_totalCpuNs); }

    // ---- spec assembly (graph_builder.cpp) ----------------------------------------------------------------

    GraphCluster& addCluster(QString id, QString parent, QString label, EntityKind kind, EntityId entity);

    // The first node with an id wins: an entity reachable two ways (a device that is also a group member)
    // is drawn once.
    bool addNode(GraphNode n);
    void addEdge(const QString& from, const QString& to, GraphEdgeRole role, QString label,
                 EdgeLocality locality, double weight, bool directed = true);

    bool hidden(EntityKind k) const { return m_o.hiddenKinds.contains(k); }
    // m_nodeIds and m_edgeIds from the spec, after nodes or edges were taken out of it.
    void reindexDrawn();

    bool isExpanded(const QString& id, bool byDefault, const std::vector<QString>& parts = {}) const;
    void collectNamespaces();

    QString hostCluster(const QString& ns) const { return m_hostCluster.value(ns); }

    EntityId ancestorOfKind(EntityId e, EntityKind kind) const;

    // ---- NUMA nodes, CPUs and devices: the machine and combined views (graph_machine.cpp) -----------------

    QString numaNodeId(const Entity& n) const;
    QString numaClusterId(const Entity& n) const;

    // The tier mark of a node: its memory kind when not plain DRAM, else "CPU-less" when no CPU is its own.
    QString tierOf(EntityId node, const CpuSet& ownCpus) const;

    // CPUs of a node that no earlier node claims: hwloc gives a CPU-less node (HBM, CXL) the cpuset of
    // its parent, which would otherwise show the same CPUs twice.
    CpuSet ownCpus(EntityId node) const;
    QString memoryLine(const Entity& n) const;
    QString distanceRow(EntityId node) const;
    QString numaTooltip(EntityId node, const CpuSet& own, const QString& tier) const;
    GraphNode numaNode(EntityId node, bool withName) const;
    QStringList memCacheLines(const Entity& n) const;
    // The CPUs `own` of a node inside `cluster`: one folded range, its cores or its CPUs; with showCaches,
    // the cores inside their caches (addCacheTree). `rangeId` names the folded range.
    void addCpuNodes(EntityId node, const CpuSet& own, const QString& cluster, const QString& rangeId);
    // L2 and outer caches wholly inside `cpus`, nested as in the topology, core boxes in them, PUs in
    // the cores: lstopo's picture.
    void addCacheTree(EntityId node, const CpuSet& cpus, const QString& box);
    static bool isDevice(EntityKind k);
    QString deviceId(const Entity& d) const;
    GraphNode deviceNode(EntityId id) const;

    // Accelerators and NICs are what the user came for: always one node each. Bridges, disks and other
    // functions are many (68 on a DGX-2) and rarely the point: folded into one node per place. Expanded,
    // the place shows its I/O tree (addPciTree).
    void addDevices(const QString& ns, const QHash<std::int32_t, QString>& clusterOfNode,
                    const QHash<std::int32_t, QString>& clusterOfPackage);
    // Host bridge -> bridges -> devices as nested boxes ("cluster_pcihost<domain:bus>",
    // "cluster_pci<bus id>"), each device once, under `place`; leaves fold back into `groupId`.
    void addPciTree(const std::vector<EntityId>& devices, const QString& place, const QString& groupId);

    // Package -> NUMA cluster -> (memory node, CPUs, devices), or NUMA cluster -> packages when a node
    // spans packages; `m_numaCluster` maps node -> cluster id.
    void buildTopology(bool numaNamed);

    // One GraphSpec::distanceTables entry per namespace with a SLIT matrix, rows in OS index order. The
    // matrix is a table, not node-to-node lines: n(n-1)/2 lines cross the whole picture on a 24-node box.
    void addDistanceTables();

    // ---- processes, threads and flows (graph_workload.cpp) ------------------------------------------------

    int nodeOsOfDevice(EntityId device) const;
    std::vector<EntityId> devicesUsed(EntityId p) const;
    EdgeLocality processLocality(EntityId p, const Figures& f) const;
    QString cpuSummary(const Figures& f) const;
    QString figuresTooltip(const Figures& f) const;
    QString processId(const Entity& p) const;
    QString threadId(const Entity& t) const;

    // The figures of a process or thread, not copied; empty ones when the source has none.
    const Figures& procFigures(EntityId p) const;
    const Figures& threadFigures(EntityId t) const;
    QString processTooltip(EntityId p, EdgeLocality locality) const;
    // Tooltips of the processes drawn, written once the level of detail has folded the rest: building
    // them costs more than the rest of a process node, and a capture of 12 000 draws a few dozen.
    void describeProcesses();

    // Whether a process passes the filters; threads are checked one by one when expanded.
    bool processShown(EntityId p) const;

    // Adds the process (folded, or as a cluster with its threads) under `cluster`; returns whether its
    // threads are shown (then they, not the process, carry the RunsOn edges).
    bool addProcess(EntityId p, const QString& cluster);
    QString numaTarget(const QString& ns, int os) const;

    // RunsOn edges of one process or thread; `skipNode` (the node whose box it already sits in) is left out.
    void addRunsOn(const QString& from, const Figures& f, const QString& ns, int skipNode);
    void addProcessEdges(EntityId p, bool threadsShown, int skipRunsOnNode);
    void addMemoryEdges(const QString& from, const Figures& f, const QString& ns);
    QString flowEndpointId(const QString& key);
    int mainNodeOfKey(const QString& key) const;
    // Flows between what is drawn: a folded process's flows end on its "more" group, and flows that end
    // on the same pair of nodes are one edge with their volumes and connections summed.
    void addFlows();

    // ---- level of detail (graph_workload.cpp) -------------------------------------------------------------

    // In every box holding more than GraphOptions::processesPerNode processes, the largest stay and the
    // rest become one expandable "N more" node (`more_<box>`), which takes over their edges, summed. Runs
    // after filterHidden(), so a box is the one the process ends up in.
    void foldCrowdedBoxes();
    struct MoreGroup;
    void addMoreGroup(const MoreGroup& group);
    // What the "N more" label counts its members by: their command, or their container.
    QString commandOf(EntityId p) const;
    QString containerNameOf(EntityId p) const;

    // ---- views: machine and combined (graph_machine.cpp), data flow (graph_workload.cpp) ------------------

    void buildMachine(bool withWorkload);
    void buildDataflow();

    // ---- filters and finishing (graph_builder.cpp), legend and title (graph_legend.cpp) -------------------

    void filterHidden();
    // GraphSpec::hiddenNotes: one sentence per filter that leaves something out.
    void addHiddenNotes();
    void tidyLabels();

    // Graphviz draws no box for an empty cluster, and a box with nothing in it says nothing.
    void dropEmptyClusters();
    void scalePens();
    static QString kindDescription(EntityKind k);
    static QString clusterDescription(EntityKind k);
    static QString tierDescription(const QString& tier);
    QString edgeDescription(GraphEdgeRole role, EdgeLocality loc) const;
    void buildLegend();
    QString title() const;
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
    int m_unknownFlowsHidden = 0; // drawn flows left out for their unknown volume
    QStringList m_namespaces;
    QHash<QString, QString> m_hostCluster;
    QHash<std::int32_t, QString> m_numaCluster;
    QHash<std::int32_t, QString> m_foldedInto; // process -> the "more" group drawn for it
    int m_foldedCount = 0, m_groupCount = 0;
    QHash<QString, int> m_nodeIds;
    QSet<QString> m_clusterIds;
    QHash<QString, int> m_edgeIds; // id -> index in m_spec.edges
};

} // namespace numasight::graphbuild
