// SPDX-License-Identifier: GPL-3.0-or-later
// buildGraph(): a snapshot (and optionally the samples of a window) as boxes, nodes and edges. The assembly
// of the spec, and the filters and finishing every view goes through (see graph_builder.h for the other
// parts).
#include "graph_builder.h"

#include <QCoreApplication>

namespace numasight {

namespace graphbuild {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(numasight::GraphBuilder)
};
} // namespace

void GraphBuilder::run()
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
    foldCrowdedBoxes();
    describeProcesses();
    dropEmptyClusters();
    scalePens();
    buildLegend();
    m_spec.title = title();
    tidyLabels();
    addHiddenNotes();
    m_spec.reindex();
}

namespace {

// Long enough for any real name, short enough that Graphviz and a picture take it.
constexpr qsizetype kMaxLabelLine = 120;

// A label as drawn: each line without control characters (an ESC or a NUL would make the SVG invalid XML)
// and cut with "…" past kMaxLabelLine; the tooltip and the CSV keep the whole name.
QString drawnLabel(const QString& label)
{
    QStringList lines = label.split(QLatin1Char('\n'));
    for (QString& line : lines) {
        for (QChar& c : line) {
            const char16_t u = c.unicode();
            // Tabs and CRs are blanks the DOT writer turns into spaces.
            if ((u < 0x20 && u != '\t' && u != '\r') || u == 0x7f || (u >= 0x80 && u < 0xa0))
                c = QChar::ReplacementCharacter;
        }
        if (line.size() > kMaxLabelLine) {
            line.truncate(kMaxLabelLine - 1);
            if (line.back().isHighSurrogate())
                line.chop(1);
            line += QChar(0x2026);
        }
    }
    return lines.join(QLatin1Char('\n'));
}

} // namespace

void GraphBuilder::tidyLabels()
{
    for (GraphNode& n : m_spec.nodes)
        n.label = drawnLabel(n.label);
    for (GraphCluster& c : m_spec.clusters)
        c.label = drawnLabel(c.label);
    for (GraphEdge& e : m_spec.edges)
        e.label = drawnLabel(e.label);
    m_spec.title = drawnLabel(m_spec.title);
}

GraphCluster& GraphBuilder::addCluster(QString id, QString parent, QString label, EntityKind kind,
                                       EntityId entity)
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

bool GraphBuilder::addNode(GraphNode n)
{
    if (m_nodeIds.contains(n.id))
        return false;
    m_nodeIds.insert(n.id, int(m_spec.nodes.size()));
    m_spec.nodes.push_back(std::move(n));
    return true;
}

void GraphBuilder::addEdge(const QString& from, const QString& to, GraphEdgeRole role, QString label,
                           EdgeLocality locality, double weight, bool directed)
{
    if (!m_nodeIds.contains(from) || !m_nodeIds.contains(to) || from == to)
        return;
    GraphEdge e;
    e.id = from + QStringLiteral("->") + to + QLatin1Char(':') + graphEdgeRoleName(role);
    if (const auto drawn = m_edgeIds.constFind(e.id); drawn != m_edgeIds.cend()) {
        // One edge per (from, to, role): a second one adds its weight, so nothing drawn is lost. Callers
        // that can say more (flows, "more" groups) sum before they get here and relabel.
        m_spec.edges[size_t(*drawn)].weight += weight;
        return;
    }
    e.from = from;
    e.to = to;
    e.label = std::move(label);
    e.role = role;
    e.locality = locality;
    e.weight = weight;
    e.directed = directed;
    m_edgeIds.insert(e.id, int(m_spec.edges.size()));
    m_spec.edges.push_back(std::move(e));
}

void GraphBuilder::reindexDrawn()
{
    m_nodeIds.clear();
    for (int i = 0; i < int(m_spec.nodes.size()); ++i)
        m_nodeIds.insert(m_spec.nodes[size_t(i)].id, i);
    m_edgeIds.clear();
    for (int i = 0; i < int(m_spec.edges.size()); ++i)
        m_edgeIds.insert(m_spec.edges[size_t(i)].id, i);
}

bool GraphBuilder::isExpanded(const QString& id, bool byDefault, const std::vector<QString>& parts) const
{
    if (m_o.folded.contains(id))
        return false;
    for (const QString& p : parts)
        if (m_o.folded.contains(p))
            return false;
    return byDefault || m_o.expanded.contains(id);
}

void GraphBuilder::collectNamespaces()
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
            QString label = ns == kLocal ? Tr::tr("this machine") : ns;
            if (host.isValid() && !m_s.entity(host).name.isEmpty())
                label = m_s.entity(host).name;
            const QString id = safeId(QStringLiteral("cluster_host") + nsSuffix(ns));
            addCluster(id, {}, label, EntityKind::Host, host);
            m_hostCluster.insert(ns, id);
        }
    }
}

EntityId GraphBuilder::ancestorOfKind(EntityId e, EntityKind kind) const
{
    for (int depth = 0; e.isValid() && depth < 64; ++depth) {
        e = m_s.entity(e).parent;
        if (e.isValid() && m_s.entity(e).kind == kind)
            return e;
    }
    return {};
}

void GraphBuilder::filterHidden()
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

namespace {

// What a kind is called in a sentence about many of them.
QString kindPlural(EntityKind k)
{
    switch (k) {
    case EntityKind::Host:
        return Tr::tr("hosts");
    case EntityKind::Package:
        return Tr::tr("packages");
    case EntityKind::NumaNode:
        return Tr::tr("NUMA nodes");
    case EntityKind::Core:
        return Tr::tr("cores");
    case EntityKind::Pu:
        return Tr::tr("CPUs");
    case EntityKind::Cache:
        return Tr::tr("caches");
    case EntityKind::PciDevice:
        return Tr::tr("PCI devices");
    case EntityKind::Accelerator:
        return Tr::tr("accelerators");
    case EntityKind::Nic:
        return Tr::tr("NICs");
    case EntityKind::OsDevice:
        return Tr::tr("OS devices");
    case EntityKind::Container:
        return Tr::tr("containers");
    case EntityKind::Process:
        return Tr::tr("processes");
    case EntityKind::Thread:
        return Tr::tr("threads");
    case EntityKind::Socket:
        return Tr::tr("remote endpoints");
    case EntityKind::SharedMemory:
        return Tr::tr("shared memory segments");
    case EntityKind::NumaSet:
        return Tr::tr("NUMA sets");
    case EntityKind::Unknown:
        break;
    }
    return Tr::tr("unknown entities");
}

QString counted(int n, const QString& one, const QString& many)
{
    return QStringLiteral("%1 %2").arg(formatCount(n, CountStyle::Grouped), n == 1 ? one : many);
}

} // namespace

void GraphBuilder::addHiddenNotes()
{
    QStringList& notes = m_spec.hiddenNotes;
    const int processes = m_s.countOf(EntityKind::Process);
    const bool workload = m_o.view != GraphView::Machine;
    // Said plainly, so that an empty workload is not read as a capture without processes.
    const QString all = processes == 1
                            ? Tr::tr("The one process is")
                            : Tr::tr("All %1 processes are").arg(formatCount(processes, CountStyle::Grouped));
    if (workload && processes > 0 && hidden(EntityKind::Process))
        notes << all + Tr::tr(" hidden: processes are a hidden kind");
    if (workload && processes > 0 && !hidden(EntityKind::Process) && m_o.minMetric > 0) {
        int below = 0;
        for (EntityId p : m_s.ofKind(EntityKind::Process))
            below += processShown(p) ? 0 : 1;
        const QString filter = Tr::tr("CPU share ≥ %1").arg(formatPercent(m_o.minMetric));
        if (below == processes)
            notes << all + Tr::tr(" hidden by %1: none has that share").arg(filter);
        else if (below > 0)
            notes << Tr::tr("%1 hidden by %2")
                         .arg(counted(below, Tr::tr("process"), Tr::tr("processes")), filter);
    }
    if (m_foldedCount > 0)
        notes << Tr::tr("%1 folded into %2")
                     .arg(counted(m_foldedCount, Tr::tr("process"), Tr::tr("processes")),
                          counted(m_groupCount, Tr::tr("'more' group"), Tr::tr("'more' groups")));
    QStringList kinds;
    for (int k = 0; k < kEntityKindCount; ++k) {
        const auto kind = EntityKind(k);
        if (hidden(kind) && m_s.countOf(kind) > 0)
            kinds << kindPlural(kind);
    }
    if (!kinds.isEmpty())
        notes << Tr::tr("%1 hidden: %2")
                     .arg(counted(int(kinds.size()), Tr::tr("kind"), Tr::tr("kinds")),
                          kinds.join(QStringLiteral(", ")));
    if (m_unknownFlowsHidden > 0)
        notes << Tr::tr("%n flow(s) of unknown volume hidden", nullptr, m_unknownFlowsHidden);
}

void GraphBuilder::dropEmptyClusters()
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

void GraphBuilder::scalePens()
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

} // namespace graphbuild

GraphSpecPtr buildGraph(const Snapshot& snapshot, const GraphOptions& options,
                        std::span<const SamplePtr> samples)
{
    auto spec = std::make_shared<GraphSpec>();
    graphbuild::GraphBuilder(snapshot, options, samples, *spec).run();
    return spec;
}

} // namespace numasight
