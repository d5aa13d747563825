// SPDX-License-Identifier: GPL-3.0-or-later
// buildGraph(): a snapshot (and optionally the samples of a window) as boxes, nodes and edges. The assembly
// of the spec, and the filters and finishing every view goes through (see graph_builder.h for the other
// parts).
#include "graph_builder.h"

namespace numasight {

namespace graphbuild {

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
    dropEmptyClusters();
    scalePens();
    buildLegend();
    m_spec.title = title();
    m_spec.reindex();
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
            QString label = ns == kLocal ? QStringLiteral("this machine") : ns;
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
