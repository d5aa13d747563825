// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "graph/graph_layout.h"

#include <QBrush>
#include <QColor>
#include <QFont>
#include <QPainterPath>
#include <QPen>
#include <QRectF>

class QPainter;

namespace numasight {

// How an element looks in the interactive view; exports draw everything Normal.
enum class GraphMarkState : std::uint8_t
{
    Normal,
    Dimmed,      // something else is hovered and this is not next to it
    Highlighted, // a neighbour of the hovered node, or the hovered node itself
    Selected,
};

// Draws a laid-out graph onto any QPainter, in layout coordinates (points, y down). The scene's items call
// the per-element functions and the exports call paint(): both go through this code, so what is exported is
// what is on screen. Text is drawn as text (drawText), never as paths, so SVG and PDF stay searchable.
class GraphPainter
{
public:
    explicit GraphPainter(GraphLayoutPtr layout);

    const GraphLayout& layout() const { return *m_layout; }
    const GraphSpec& spec() const { return *m_layout->spec; }

    // The whole picture: the title line, the graph and the legend beside it, with a margin.
    QRectF pictureRect() const { return m_picture; }
    QRectF titleRect() const { return m_title; }
    QRectF legendRect() const { return m_legend; }
    void paint(QPainter* painter) const;
    void paintTitle(QPainter* painter) const;
    void paintLegend(QPainter* painter) const;
    // The distance tables beside the drawing: an annotated heat grid each, nearer nodes paler.
    void paintTables(QPainter* painter) const;
    QRectF tablesRect() const;
    static void paintTable(QPainter* painter, const DistanceTable& table, const QRectF& box);

    static void paintCluster(QPainter* painter, const GraphCluster& cluster, const QRectF& box,
                             const QPointF& labelPos, GraphMarkState state = GraphMarkState::Normal);
    static void paintNode(QPainter* painter, const GraphNode& node, const QRectF& rect,
                          GraphMarkState state = GraphMarkState::Normal);
    static void paintEdge(QPainter* painter, const GraphEdge& edge, const LaidOutEdge& laidOut,
                          GraphMarkState state = GraphMarkState::Normal);

    static QPainterPath nodeOutline(EntityKind kind, const QRectF& rect);
    // The Bézier of an edge as Graphviz gave it; empty when the spline is malformed.
    static QPainterPath edgePath(const LaidOutEdge& edge);
    static QRectF edgeLabelRect(const GraphEdge& edge, const LaidOutEdge& laidOut);
    static QPolygonF arrowHead(const LaidOutEdge& edge, double penWidth);

    static QColor localityColor(EdgeLocality locality);
    static QPen edgePen(GraphEdgeRole role, EdgeLocality locality, double width);
    static QBrush nodeBrush(EntityKind kind);
    static QColor nodeBorder(EntityKind kind);
    static QBrush clusterBrush(const GraphCluster& cluster);
    static QPen clusterPen(const GraphCluster& cluster);
    // Fonts are sized in pixels, i.e. in layout units under the painter's transform, so text keeps its size
    // relative to the graph on every device whatever its resolution.
    static QFont font(int pixelSize, bool bold = false);
    // The fonts labels are drawn with: the largest (up to the kinds' sizes below) that fits.
    static QFont clusterFont(const GraphCluster& cluster, const QRectF& box);
    static QFont nodeFont(const GraphNode& node, const QRectF& rect);
    static QFont tableFont(const DistanceTable& table, const QRectF& box, bool bold);
    // The smallest text of the graph (boxes, nodes, edge labels, tables) in layout units: times the page
    // scale, the smallest text on paper.
    double smallestTextPixels() const;
    // The largest font (up to `maxPixels`) with which `text`'s lines fit in `box`.
    static QFont fittingFont(const QString& text, const QSizeF& box, int maxPixels, bool bold = false);

    static constexpr int kNodeFontPixels = 14;
    static constexpr int kEdgeFontPixels = 11;
    static constexpr int kClusterFontPixels = 13;
    static constexpr int kLegendFontPixels = 12;

private:
    void paintLegendSwatch(QPainter* painter, const LegendEntry& entry, const QRectF& swatch) const;

    GraphLayoutPtr m_layout;
    QRectF m_picture;
    QRectF m_title;
    QRectF m_legend;
};

} // namespace numasight
