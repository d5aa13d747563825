// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/graph/graph_scene.h"

#include "views/graph/graph_painter.h"

#include <QCursor>
#include <QFontMetricsF>
#include <QGraphicsItem>
#include <QGraphicsSceneHoverEvent>
#include <QGraphicsSceneMouseEvent>
#include <QPainter>
#include <QPainterPathStroker>

#include <algorithm>

namespace numasight {

namespace {

constexpr double kClusterZ = 0; // plus the nesting depth
constexpr double kEdgeZ = 100;
constexpr double kNodeZ = 200;
constexpr double kLegendZ = 300;

QRectF nodeRect(const LaidOutNode& n)
{
    return {n.center.x() - n.size.width() / 2, n.center.y() - n.size.height() / 2, n.size.width(),
            n.size.height()};
}

} // namespace

class GraphNodeItem : public QGraphicsItem
{
public:
    GraphNodeItem(GraphScene* scene, const GraphNode& node, const LaidOutNode& laidOut, int index)
        : m_scene(scene)
        , m_node(node)
        , m_rect(nodeRect(laidOut))
        , m_index(index)
    {
        setFlag(ItemIsSelectable);
        setAcceptHoverEvents(true);
        setZValue(kNodeZ);
        setCursor(Qt::PointingHandCursor);
        QString tip = node.tooltip.isEmpty() ? node.label : node.tooltip;
        if (node.expandable)
            tip += QObject::tr("\nDouble-click to expand");
        else if (node.expanded || !node.foldGroup.isEmpty())
            tip += QObject::tr("\nDouble-click to fold");
        setToolTip(tip);
    }

    QRectF boundingRect() const override { return m_rect.adjusted(-6, -8, 8, 6); }
    QPainterPath shape() const override { return GraphPainter::nodeOutline(m_node.kind, m_rect); }
    void paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) override
    {
        painter->setRenderHint(QPainter::Antialiasing);
        GraphPainter::paintNode(painter, m_node, m_rect, isSelected() ? GraphMarkState::Selected : m_state);
        if (m_marked) {
            // A comparison's change: a thick outline around the node, whatever its state.
            painter->setPen(QPen(QColor(0xe0, 0x1b, 0x84), 3.0, Qt::SolidLine));
            painter->setBrush(Qt::NoBrush);
            painter->drawRoundedRect(m_rect.adjusted(-4, -4, 4, 4), 5, 5);
        }
    }
    void setMarked(bool marked)
    {
        if (marked != m_marked) {
            m_marked = marked;
            update();
        }
    }
    bool isMarked() const { return m_marked; }
    void setState(GraphMarkState state)
    {
        if (state != m_state) {
            m_state = state;
            update();
        }
    }
    const GraphNode& node() const { return m_node; }
    GraphMarkState state() const { return m_state; }

protected:
    void hoverEnterEvent(QGraphicsSceneHoverEvent*) override { m_scene->setHovered(m_index); }
    void hoverLeaveEvent(QGraphicsSceneHoverEvent*) override { m_scene->unhover(m_index); }
    void mouseDoubleClickEvent(QGraphicsSceneMouseEvent* event) override
    {
        if (event->button() == Qt::LeftButton)
            m_scene->activateNode(m_index);
        event->accept();
    }

private:
    GraphScene* m_scene;
    const GraphNode& m_node; // owned by the scene's layout, which outlives every item
    QRectF m_rect;
    int m_index;
    GraphMarkState m_state = GraphMarkState::Normal;
    bool m_marked = false;
};

class GraphEdgeItem : public QGraphicsItem
{
public:
    GraphEdgeItem(const GraphEdge& edge, const LaidOutEdge& laidOut)
        : m_edge(edge)
        , m_laidOut(laidOut)
        , m_path(GraphPainter::edgePath(laidOut))
    {
        setAcceptedMouseButtons(Qt::NoButton); // a press on an edge pans the view like the background
        setZValue(kEdgeZ);
        QPainterPathStroker stroker;
        stroker.setWidth(std::max(8.0, edge.penWidth + 4));
        m_shape = stroker.createStroke(m_path);
        const QPolygonF arrow = GraphPainter::arrowHead(laidOut, edge.penWidth + 1.5);
        if (!arrow.isEmpty())
            m_shape.addPolygon(arrow);
        const QRectF label = GraphPainter::edgeLabelRect(edge, laidOut);
        if (!label.isNull())
            m_shape.addRect(label);
        m_bounds = m_shape.boundingRect().adjusted(-6, -6, 6, 6);
        QString tip = graphEdgeRoleName(edge.role);
        if (edge.locality != EdgeLocality::Neutral)
            tip += QStringLiteral(" · ") + localityName(edge.locality);
        if (!edge.label.isEmpty())
            tip += QLatin1Char('\n') + edge.label;
        setToolTip(tip);
    }

    QRectF boundingRect() const override { return m_bounds; }
    QPainterPath shape() const override { return m_shape; }
    void paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) override
    {
        painter->setRenderHint(QPainter::Antialiasing);
        GraphPainter::paintEdge(painter, m_edge, m_laidOut, m_state);
    }
    void setState(GraphMarkState state)
    {
        if (state != m_state) {
            m_state = state;
            update();
        }
    }
    GraphMarkState state() const { return m_state; }
    const GraphEdge& edge() const { return m_edge; }

private:
    const GraphEdge& m_edge;
    const LaidOutEdge& m_laidOut;
    QPainterPath m_path;
    QPainterPath m_shape;
    QRectF m_bounds;
    GraphMarkState m_state = GraphMarkState::Normal;
};

class GraphClusterItem : public QGraphicsItem
{
public:
    GraphClusterItem(GraphScene* scene, const GraphCluster& cluster, const LaidOutCluster& laidOut, int index,
                     int depth)
        : m_scene(scene)
        , m_cluster(cluster)
        , m_laidOut(laidOut)
        , m_index(index)
    {
        setZValue(kClusterZ + depth);
        // Only the label band takes clicks: the rest of the box is where the user drags to pan.
        const QStringList lines = cluster.label.split(QLatin1Char('\n'));
        const double height =
            QFontMetricsF(GraphPainter::font(GraphPainter::kClusterFontPixels)).height() * lines.size() + 6;
        m_band = QRectF(laidOut.box.left(), laidOut.labelPos.y() - height / 2, laidOut.box.width(), height)
                     .intersected(laidOut.box);
        if (cluster.entity.isValid()) {
            setFlag(ItemIsSelectable);
            setCursor(Qt::PointingHandCursor);
        } else {
            setAcceptedMouseButtons(Qt::NoButton);
        }
        setToolTip(cluster.memoryTier.isEmpty() ? cluster.label
                                                : cluster.label + QStringLiteral("\n") + cluster.memoryTier);
    }

    QRectF boundingRect() const override { return m_laidOut.box.adjusted(-3, -3, 3, 3); }
    QPainterPath shape() const override
    {
        QPainterPath p;
        p.addRect(m_band);
        return p;
    }
    void paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) override
    {
        painter->setRenderHint(QPainter::Antialiasing);
        GraphPainter::paintCluster(painter, m_cluster, m_laidOut.box, m_laidOut.labelPos,
                                   isSelected() ? GraphMarkState::Selected : GraphMarkState::Normal);
    }
    const GraphCluster& cluster() const { return m_cluster; }

protected:
    void mouseDoubleClickEvent(QGraphicsSceneMouseEvent* event) override
    {
        if (event->button() == Qt::LeftButton)
            m_scene->activateCluster(m_index);
        event->accept();
    }

private:
    GraphScene* m_scene;
    const GraphCluster& m_cluster;
    const LaidOutCluster& m_laidOut;
    int m_index;
    QRectF m_band;
};

// The title, the legend and the distance tables, placed as in exports (GraphPainter decides where).
class GraphLegendItem : public QGraphicsItem
{
public:
    explicit GraphLegendItem(GraphLayoutPtr layout)
        : m_painter(std::move(layout))
    {
        setZValue(kLegendZ);
        setAcceptedMouseButtons(Qt::NoButton);
    }
    QRectF boundingRect() const override
    {
        return m_painter.legendRect()
            .united(m_painter.titleRect())
            .united(m_painter.tablesRect())
            .adjusted(-2, -2, 2, 2);
    }
    void paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) override
    {
        m_painter.paintTables(painter);
        m_painter.paintTitle(painter);
        m_painter.paintLegend(painter);
    }
    QRectF pictureRect() const { return m_painter.pictureRect(); }

private:
    GraphPainter m_painter;
};

GraphScene::GraphScene(QObject* parent)
    : QGraphicsScene(parent)
{
    qRegisterMetaType<EntityId>();
    qRegisterMetaType<QList<EntityId>>();
    setItemIndexMethod(QGraphicsScene::BspTreeIndex);
    connect(this, &QGraphicsScene::selectionChanged, this, &GraphScene::onSelectionChanged);
}

GraphScene::~GraphScene()
{
    // Items refer into m_layout: they go first.
    m_quiet = true;
    clear();
}

void GraphScene::clearGraph()
{
    m_quiet = true;
    clear();
    m_quiet = false;
    m_nodes.clear();
    m_edges.clear();
    m_clusters.clear();
    m_legend = nullptr;
    m_edgesOfNode.clear();
    m_edgeFrom.clear();
    m_edgeTo.clear();
    m_hovered = -1;
    m_layout.reset();
    setSceneRect(QRectF());
}

void GraphScene::setGraphLayout(GraphLayoutPtr layout)
{
    const QStringList selectedNodes = selectedNodeIds();
    const QStringList selectedClusters = selectedClusterIds();
    // The new layout is held before the old is released: items of the old one are destroyed in clearGraph().
    GraphLayoutPtr keep = std::move(layout);
    clearGraph();
    m_layout = std::move(keep);
    if (!m_layout || !m_layout->spec)
        return;
    const GraphSpec& s = *m_layout->spec;
    const GraphLayout& l = *m_layout;

    QHash<QString, int> depth;
    for (size_t i = 0; i < s.clusters.size() && i < l.clusters.size(); ++i) {
        const int d = s.clusters[i].parent.isEmpty() ? 0 : depth.value(s.clusters[i].parent) + 1;
        depth.insert(s.clusters[i].id, d);
        auto* item = new GraphClusterItem(this, s.clusters[i], l.clusters[i], int(i), d);
        addItem(item);
        m_clusters.push_back(item);
    }
    m_edgesOfNode.assign(std::min(s.nodes.size(), l.nodes.size()), {});
    for (size_t i = 0; i < s.edges.size() && i < l.edges.size(); ++i) {
        auto* item = new GraphEdgeItem(s.edges[i], l.edges[i]);
        addItem(item);
        m_edges.push_back(item);
        const int from = s.nodeIndex(s.edges[i].from);
        const int to = s.nodeIndex(s.edges[i].to);
        m_edgeFrom.push_back(from);
        m_edgeTo.push_back(to);
        if (from >= 0 && size_t(from) < m_edgesOfNode.size())
            m_edgesOfNode[size_t(from)].push_back(int(i));
        if (to >= 0 && to != from && size_t(to) < m_edgesOfNode.size())
            m_edgesOfNode[size_t(to)].push_back(int(i));
    }
    for (size_t i = 0; i < m_edgesOfNode.size(); ++i) {
        auto* item = new GraphNodeItem(this, s.nodes[i], l.nodes[i], int(i));
        addItem(item);
        m_nodes.push_back(item);
    }
    applyMarks();
    m_legend = new GraphLegendItem(m_layout);
    addItem(m_legend);
    // Room around the picture so that any node, even one in a corner, can be centred in a window larger
    // than the picture (a found node, the node just expanded).
    const QRectF picture = m_legend->pictureRect();
    const double dx = std::max(picture.width(), 2000.0), dy = std::max(picture.height(), 1500.0);
    setSceneRect(picture.adjusted(-dx, -dy, dx, dy));

    m_quiet = true;
    for (const QString& id : selectedNodes)
        if (QGraphicsItem* item = nodeItem(id))
            item->setSelected(true);
    for (const QString& id : selectedClusters)
        if (QGraphicsItem* item = clusterItem(id))
            item->setSelected(true);
    m_quiet = false;
}

QRectF GraphScene::graphRect() const
{
    return m_legend ? m_legend->pictureRect() : QRectF();
}

QRectF GraphScene::fitRect() const
{
    if (!m_layout || !m_legend)
        return {};
    return m_layout->bounds.united(GraphPainter(m_layout).titleRect());
}

QGraphicsItem* GraphScene::nodeItem(QStringView nodeId) const
{
    if (!m_layout)
        return nullptr;
    const int i = m_layout->spec->nodeIndex(nodeId);
    return i >= 0 && size_t(i) < m_nodes.size() ? m_nodes[size_t(i)] : nullptr;
}

QGraphicsItem* GraphScene::clusterItem(QStringView clusterId) const
{
    if (!m_layout)
        return nullptr;
    const int i = m_layout->spec->clusterIndex(clusterId);
    return i >= 0 && size_t(i) < m_clusters.size() ? m_clusters[size_t(i)] : nullptr;
}

QGraphicsItem* GraphScene::edgeItem(QStringView edgeId) const
{
    if (!m_layout)
        return nullptr;
    const int i = m_layout->spec->edgeIndex(edgeId);
    return i >= 0 && size_t(i) < m_edges.size() ? m_edges[size_t(i)] : nullptr;
}

void GraphScene::setMarkedEntities(const QSet<EntityId>& entities)
{
    m_marked = entities;
    applyMarks();
}

void GraphScene::applyMarks()
{
    for (GraphNodeItem* item : m_nodes) {
        const GraphNode& n = item->node();
        bool marked = n.entity.isValid() && m_marked.contains(n.entity);
        for (size_t i = 0; !marked && i < n.members.size(); ++i)
            marked = m_marked.contains(n.members[i]);
        item->setMarked(marked);
    }
}

QStringList GraphScene::markedNodeIds() const
{
    QStringList ids;
    for (const GraphNodeItem* item : m_nodes)
        if (item->isMarked())
            ids << item->node().id;
    return ids;
}

QString GraphScene::hoveredNode() const
{
    return m_hovered >= 0 && size_t(m_hovered) < m_nodes.size() ? m_nodes[size_t(m_hovered)]->node().id
                                                                : QString();
}

QStringList GraphScene::highlightedNodeIds() const
{
    QStringList ids;
    for (GraphNodeItem* item : m_nodes)
        if (item->state() == GraphMarkState::Highlighted)
            ids << item->node().id;
    return ids;
}

QStringList GraphScene::highlightedEdgeIds() const
{
    QStringList ids;
    for (GraphEdgeItem* item : m_edges)
        if (item->state() == GraphMarkState::Highlighted)
            ids << item->edge().id;
    return ids;
}

QStringList GraphScene::selectedNodeIds() const
{
    QStringList ids;
    for (GraphNodeItem* item : m_nodes)
        if (item->isSelected())
            ids << item->node().id;
    return ids;
}

QStringList GraphScene::selectedClusterIds() const
{
    QStringList ids;
    for (GraphClusterItem* item : m_clusters)
        if (item->isSelected())
            ids << item->cluster().id;
    return ids;
}

QList<EntityId> GraphScene::selectedEntities() const
{
    QList<EntityId> out;
    auto add = [&out](EntityId id) {
        if (id.isValid() && !out.contains(id))
            out << id;
    };
    for (GraphNodeItem* item : m_nodes) {
        if (!item->isSelected())
            continue;
        // A node of its own stands for its entity; a synthetic one (a CPU range) for what it folds.
        if (item->node().entity.isValid())
            add(item->node().entity);
        else
            for (EntityId m : item->node().members)
                add(m);
    }
    for (GraphClusterItem* item : m_clusters)
        if (item->isSelected())
            add(item->cluster().entity);
    return out;
}

void GraphScene::onSelectionChanged()
{
    if (!m_quiet)
        emit entitiesSelected(selectedEntities());
}

QGraphicsItem* GraphScene::selectEntity(EntityId id)
{
    if (!m_layout || !id.isValid())
        return nullptr;
    QGraphicsItem* found = nullptr;
    for (GraphNodeItem* item : m_nodes)
        if (item->node().entity == id) {
            found = item;
            break;
        }
    for (size_t i = 0; i < m_nodes.size() && !found; ++i) {
        const auto& members = m_nodes[i]->node().members;
        if (std::find(members.begin(), members.end(), id) != members.end())
            found = m_nodes[i];
    }
    for (size_t i = 0; i < m_clusters.size() && !found; ++i)
        if (m_clusters[i]->cluster().entity == id)
            found = m_clusters[i];
    if (!found)
        return nullptr;
    if (found->isSelected() && selectedItems().size() == 1)
        return found;
    m_quiet = true;
    clearSelection();
    found->setSelected(true);
    m_quiet = false;
    return found;
}

QGraphicsItem* GraphScene::selectNode(const QString& nodeId)
{
    QGraphicsItem* item = nodeItem(nodeId);
    if (!item)
        return nullptr;
    m_quiet = true;
    clearSelection();
    m_quiet = false;
    item->setSelected(true); // emits entitiesSelected once, through selectionChanged
    return item;
}

QStringList GraphScene::search(const QString& text) const
{
    const QString needle = text.trimmed();
    QStringList exact, partial;
    if (needle.isEmpty() || !m_layout)
        return {};
    for (GraphNodeItem* item : m_nodes) {
        const GraphNode& n = item->node();
        bool isExact = false, isPartial = false;
        for (const QString& key : n.searchKeys) {
            if (key.compare(needle, Qt::CaseInsensitive) == 0)
                isExact = true;
            else if (key.contains(needle, Qt::CaseInsensitive))
                isPartial = true;
        }
        if (isExact)
            exact << n.id;
        else if (isPartial || n.label.contains(needle, Qt::CaseInsensitive))
            partial << n.id;
    }
    return exact + partial;
}

void GraphScene::setHovered(int nodeIndex)
{
    if (nodeIndex == m_hovered)
        return;
    m_hovered = nodeIndex;
    applyHover();
}

void GraphScene::unhover(int nodeIndex)
{
    // Leaving one node may be reported after entering the next: only the node still hovered clears it.
    if (nodeIndex == m_hovered)
        setHovered(-1);
}

void GraphScene::applyHover()
{
    if (m_hovered < 0 || size_t(m_hovered) >= m_nodes.size()) {
        for (GraphNodeItem* n : m_nodes)
            n->setState(GraphMarkState::Normal);
        for (GraphEdgeItem* e : m_edges)
            e->setState(GraphMarkState::Normal);
        return;
    }
    std::vector<bool> near(m_nodes.size(), false), incident(m_edges.size(), false);
    near[size_t(m_hovered)] = true;
    for (int e : m_edgesOfNode[size_t(m_hovered)]) {
        incident[size_t(e)] = true;
        for (int end : {m_edgeFrom[size_t(e)], m_edgeTo[size_t(e)]})
            if (end >= 0)
                near[size_t(end)] = true;
    }
    for (size_t i = 0; i < m_nodes.size(); ++i)
        m_nodes[i]->setState(near[i] ? GraphMarkState::Highlighted : GraphMarkState::Dimmed);
    for (size_t i = 0; i < m_edges.size(); ++i)
        m_edges[i]->setState(incident[i] ? GraphMarkState::Highlighted : GraphMarkState::Dimmed);
}

void GraphScene::activateNode(int nodeIndex)
{
    if (nodeIndex < 0 || size_t(nodeIndex) >= m_nodes.size())
        return;
    const GraphNode& n = m_nodes[size_t(nodeIndex)]->node();
    if (n.expandable || n.expanded || !n.foldGroup.isEmpty())
        emit toggleRequested(n.id);
}

void GraphScene::activateCluster(int clusterIndex)
{
    if (clusterIndex < 0 || size_t(clusterIndex) >= m_clusters.size())
        return;
    // A process expanded into its threads is a box; double-clicking its label folds it like its node.
    const GraphCluster& c = m_clusters[size_t(clusterIndex)]->cluster();
    for (GraphNodeItem* item : m_nodes)
        if (item->node().cluster == c.id && item->node().entity == c.entity && item->node().expanded) {
            emit toggleRequested(item->node().id);
            return;
        }
}

} // namespace numasight
