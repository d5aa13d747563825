// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "graph/graph_layout.h"

#include <QGraphicsScene>
#include <QList>
#include <QSet>

#include <vector>

namespace numasight {

class GraphClusterItem;
class GraphEdgeItem;
class GraphLegendItem;
class GraphNodeItem;

// The laid-out graph as one item per cluster, edge and node, each drawn by GraphPainter. Hovering a node
// highlights it, its edges and its neighbours and fades the rest; clicking selects (nodes, and clusters by
// their label), double-clicking an expandable node asks for it to be expanded or folded. Item positions come
// from Graphviz and never move, so the scene is rebuilt from scratch for every new layout.
class GraphScene : public QGraphicsScene
{
    Q_OBJECT
public:
    explicit GraphScene(QObject* parent = nullptr);
    ~GraphScene() override;

    // Replaces what is shown. The selection is carried over by node and cluster id, which are stable
    // across rebuilds.
    void setGraphLayout(GraphLayoutPtr layout);
    void clearGraph();
    GraphLayoutPtr graphLayout() const { return m_layout; }

    // Selects the node (else the cluster) standing for `id`: the entity itself, else a folded node that
    // has it among its members. Emits nothing: the caller already knows. Returns the item, or nullptr.
    QGraphicsItem* selectEntity(EntityId id);
    // Node ids matching `text` (pid, tid, name, PCI id, CPU number): exact matches of a search key first,
    // then nodes whose keys or label contain it, each group in graph order.
    QStringList search(const QString& text) const;
    QGraphicsItem* selectNode(const QString& nodeId); // emits entitiesSelected
    QStringList selectedNodeIds() const;
    QStringList selectedClusterIds() const;
    // The entities the selection stands for, without duplicates.
    QList<EntityId> selectedEntities() const;

    QGraphicsItem* nodeItem(QStringView nodeId) const;
    QGraphicsItem* clusterItem(QStringView clusterId) const;
    QGraphicsItem* edgeItem(QStringView edgeId) const;
    int nodeItemCount() const { return int(m_nodes.size()); }
    int edgeItemCount() const { return int(m_edges.size()); }
    int clusterItemCount() const { return int(m_clusters.size()); }
    QString hoveredNode() const;
    QStringList highlightedNodeIds() const; // the hovered node and its neighbours
    QStringList highlightedEdgeIds() const; // the hovered node's edges
    // Marks (outlines) the nodes standing for any of `entities` — the entity itself or a folded node with
    // it among its members — in this layout and the ones after it (a comparison's changed processes).
    void setMarkedEntities(const QSet<EntityId>& entities);
    QStringList markedNodeIds() const;
    // The part of the scene holding the graph and its legend: what "fit" shows.
    QRectF graphRect() const;
    // What Fit shows: the drawing, its tables and its title, without the legend (which can be as large as a
    // small graph and would halve it on a laptop screen; it stays a pan away).
    QRectF fitRect() const;

    // Called by the items.
    void setHovered(int nodeIndex);
    void unhover(int nodeIndex);
    void activateNode(int nodeIndex);
    void activateCluster(int clusterIndex);

signals:
    void entitiesSelected(const QList<numasight::EntityId>& entities);
    // A double-click on an expandable node (expand it) or an expanded one or its part (fold it).
    void toggleRequested(const QString& nodeId);

private:
    void onSelectionChanged();
    void applyHover();
    void applyMarks();

    GraphLayoutPtr m_layout;
    std::vector<GraphNodeItem*> m_nodes;
    std::vector<GraphEdgeItem*> m_edges;
    std::vector<GraphClusterItem*> m_clusters;
    GraphLegendItem* m_legend = nullptr;
    std::vector<std::vector<int>> m_edgesOfNode; // node index -> indexes of its edges
    std::vector<int> m_edgeFrom, m_edgeTo;       // edge index -> node index, -1 when unknown
    int m_hovered = -1;
    QSet<EntityId> m_marked;
    bool m_quiet = false; // selection changes made by the program, not the user
};

} // namespace numasight
