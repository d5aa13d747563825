// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/entity.h"
#include "model/sample.h"
#include "model/snapshot.h"

#include <QHash>
#include <QSet>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>
#include <span>
#include <vector>

namespace numasight {

// Added: Qt 6.4 has no qHash for enums, and GraphOptions::hiddenKinds is a QSet<EntityKind>.
inline size_t qHash(EntityKind kind, size_t seed = 0) noexcept
{
    return ::qHash(int(kind), seed);
}

// The topology graph as data: what is drawn, before any layout. Built from a snapshot (and, for a recording,
// the samples of the selected window) by buildGraph(); handed to Graphviz as DOT by toDot(); the laid-out
// result (graph_layout.h) is drawn by views/ and by every export, so the GUI and the CLI draw the same thing.

enum class GraphView : std::uint8_t
{
    Machine,  // packages -> NUMA nodes -> CPU ranges; devices where they sit; node-to-node distances
    Dataflow, // containers -> processes -> threads; edges to nodes, devices and peers
    Combined, // processes inside the node where most of their CPU time goes, edges to memory and devices
};
QString graphViewName(GraphView view);                        // "machine", "dataflow", "combined"
std::optional<GraphView> graphViewFromName(QStringView name); // nullopt when unknown

// What an edge means, which decides how it is drawn and what the legend says.
enum class GraphEdgeRole : std::uint8_t
{
    Distance,   // NUMA node <-> node, labelled with the SLIT distance (and measured latency when known)
    RunsOn,     // process/thread -> NUMA node where its CPU time goes (share in the label)
    MemoryOn,   // process -> NUMA node holding its pages (pages/bytes in the label)
    DeviceUse,  // process -> accelerator it holds open
    Flow,       // socket/IPC flow between processes or to a remote endpoint (volume in the label)
    Structural, // containment drawn as an edge (container -> process, process -> thread when not clustered)
};
QString graphEdgeRoleName(GraphEdgeRole role);

// How an edge sits relative to NUMA locality: drives colour and style.
enum class EdgeLocality : std::uint8_t
{
    Neutral,  // locality does not apply (structure, distances)
    Local,    // same node as where the thread/process runs
    Remote,   // another node
    Mismatch, // memory or device on another node than most CPU time: the finding users look for
};
QString localityName(EdgeLocality locality);

// A cluster is a box drawn around its members: a package, a NUMA node, a container, a process (with threads
// expanded). Clusters nest through `parent`.
struct GraphCluster
{
    QString id;     // stable DOT id, "cluster_..." (Graphviz only boxes subgraphs whose name starts so)
    QString parent; // enclosing cluster id, empty at top level
    QString label;  // may hold '\n'
    EntityKind kind = EntityKind::Unknown;
    EntityId entity;    // invalid for synthetic boxes
    QString memoryTier; // NUMA nodes: "HBM", "CXL-DRAM", "CPU-less", … empty for plain DRAM
    // Hardware boxes (packages, groups, NUMA nodes, caches): the OS index, which orders siblings in the
    // drawing and is written to the layout JSON; -1 for boxes without one (containers, processes).
    int osIndex = -1;
};

struct GraphNode
{
    QString id;      // stable DOT id; same entity -> same id across rebuilds (keeps caches and selection)
    QString cluster; // enclosing cluster id, empty at top level
    QString label;   // may hold '\n': "CPU 0–63", "python3 (1895087)\n61 % node 6", "NPU 3"
    EntityKind kind = EntityKind::Unknown;
    EntityId entity;               // invalid for synthetic nodes (a CPU range, a remote endpoint)
    std::vector<EntityId> members; // what a folded node stands for (the PUs of a range, threads of a process)
    bool expandable = false;       // double-click can expand it (a range, a process with folded threads)
    bool expanded = false;         // double-click folds it again
    QString tooltip;               // the numbers behind it, one per line
    QStringList searchKeys;        // pid, tid, name, PCI id, CPU numbers: what the search box matches
    double metric = 0;             // the value threshold filters use (CPU share or bytes; 0 when none)
    EdgeLocality locality = EdgeLocality::Neutral; // a process/thread whose memory is mostly remote: Mismatch
    // Added: for a part shown because a group is expanded (a core of a CPU range, one device of a folded
    // "PCI devices" node), the group's id: putting either id into GraphOptions::folded (or taking the group
    // out of GraphOptions::expanded) folds the group again. Empty otherwise.
    QString foldGroup;
    // Hardware with an OS index (NUMA memory, cores, PUs, accelerators): orders siblings in reading order
    // and is written to the layout JSON; -1 otherwise (processes keep the builder's order).
    int osIndex = -1;
};

struct GraphEdge
{
    QString id;       // stable: "<from>-><to>:<role>"
    QString from, to; // GraphNode ids (never cluster ids)
    QString label;    // may be empty
    GraphEdgeRole role = GraphEdgeRole::Structural;
    EdgeLocality locality = EdgeLocality::Neutral;
    double weight = 0;   // bytes, share or distance: what the pen width scales with
    double penWidth = 1; // points, computed from weight within the graph (1..6)
    bool directed = true;
};

// One legend row per mark the graph uses, so a reader of an exported picture can decode it.
struct LegendEntry
{
    QString mark;        // "node:Accelerator", "edge:MemoryOn:Mismatch", "cluster:NumaNode:HBM", …
    QString description; // "Memory on another node than most of the CPU time"
};

// What the user asked to see. Every field takes part in cacheKey(), so equal options give equal graphs.
struct GraphOptions
{
    GraphView view = GraphView::Combined;
    QSet<QString> expanded;       // GraphNode ids the user expanded (ranges, processes), default folded
    QSet<QString> folded;         // ids folded although they are expanded by default
    QSet<EntityKind> hiddenKinds; // kinds filtered out ("hide threads", "hide PCI devices")
    double minMetric = 0;         // hide processes/threads whose metric is below (CPU share 0..1)
    int cpuRangeLimit = 16; // NUMA nodes with more PUs than this show one "CPU a–b" node until expanded
    // Level of detail: the processes drawn per NUMA box (largest first); the rest of the box is one
    // expandable "N more" group. 0 draws every process.
    int processesPerNode = 8;
    bool showCaches = false; // machine and combined views: cores inside their caches, as lstopo draws them
    // Flows whose volume is unknown (procfs sees endpoints, not bytes): every socket of a busy machine is
    // one, and drawn they bury the flows with volumes. Hidden unless asked for; hiddenNotes counts them.
    bool showUnknownFlows = false;
    QString cacheKey() const;
};

// A NUMA distance matrix drawn beside the graph instead of node-to-node lines (n(n-1)/2 lines cross the
// whole picture on a 24-node machine): one per machine (namespace).
struct DistanceTable
{
    QString title;              // "NUMA distances", "NUMA distances · host 10.0.0.2"
    QStringList labels;         // row and column heads: the nodes' OS indexes
    std::vector<double> values; // row-major, labels.size()² entries
    double at(int row, int column) const { return values[size_t(row * labels.size() + column)]; }
};

struct GraphSpec
{
    GraphView view = GraphView::Combined;
    QString title;
    std::vector<GraphCluster> clusters; // parents before children
    std::vector<GraphNode> nodes;
    std::vector<GraphEdge> edges;
    std::vector<LegendEntry> legend;
    std::vector<DistanceTable> distanceTables;
    // What the filters and the level of detail leave out, one sentence each, for the window's status line
    // and the export's caption: "11 988 processes hidden by CPU share ≥ 1 %".
    QStringList hiddenNotes;

    const GraphNode* node(QStringView id) const;
    const GraphCluster* cluster(QStringView id) const;
    // Added: lookups by id, and their index into the vectors above (-1 when absent). buildGraph() builds
    // the hash index; a hit is checked against the vector, so a spec edited after reindex() (or assembled
    // by hand) still answers right, only by a linear search. Call reindex() after editing the vectors.
    const GraphEdge* edge(QStringView id) const;
    int nodeIndex(QStringView id) const;
    int clusterIndex(QStringView id) const;
    int edgeIndex(QStringView id) const;
    void reindex();
    // The index reindex() fills; public only so that GraphSpec stays an aggregate.
    QHash<QString, int> nodeIds, clusterIds, edgeIds;
};
using GraphSpecPtr = std::shared_ptr<const GraphSpec>;

// Builds the graph of `snapshot` for `options`. `samples` (may be empty) is the selected window of a
// recording: CPU time and pages come from there when given, from the snapshot's own edges (witty's
// NumaAccessEdge, ...) otherwise. Pure function of its inputs; safe on any thread.
GraphSpecPtr buildGraph(const Snapshot& snapshot, const GraphOptions& options,
                        std::span<const SamplePtr> samples = {});

// The graph as Graphviz DOT text for `engine` ("dot", "neato", "fdp", "sfdp"): clusters as subgraphs, labels
// escaped, the attributes each engine needs. This is what `export --format dot` writes.
QByteArray toDot(const GraphSpec& spec, QStringView engine = u"dot");

} // namespace numasight
