// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/graph/graph_painter.h"

#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>
#include <cmath>
#include <limits>

namespace numasight {

namespace {

constexpr double kMargin = 12;
constexpr double kLegendGap = 24;
constexpr double kLegendPadding = 8;
constexpr double kLegendRow = 20;
constexpr double kSwatchWidth = 44;
constexpr int kTitlePixels = 18;

QColor rgb(unsigned v)
{
    return QColor::fromRgb(QRgb(0xff000000u | v));
}

// Graphviz separates label lines with '\n'; a trailing one would draw an empty line.
QStringList labelLines(const QString& text)
{
    QStringList lines = text.split(QLatin1Char('\n'));
    while (lines.size() > 1 && lines.back().isEmpty())
        lines.removeLast();
    return lines;
}

void drawCenteredLines(QPainter* painter, const QString& text, const QPointF& center, const QFont& font)
{
    const QStringList lines = labelLines(text);
    const QFontMetricsF fm(font);
    const double lineHeight = fm.height();
    double y = center.y() - lineHeight * lines.size() / 2.0 + fm.ascent();
    painter->setFont(font);
    for (const QString& line : lines) {
        painter->drawText(QPointF(center.x() - fm.horizontalAdvance(line) / 2.0, y), line);
        y += lineHeight;
    }
}

QSizeF textSize(const QString& text, const QFont& font)
{
    const QFontMetricsF fm(font);
    double width = 0;
    const QStringList lines = labelLines(text);
    for (const QString& line : lines)
        width = std::max(width, fm.horizontalAdvance(line));
    return {width, fm.height() * lines.size()};
}

bool equalsName(QStringView a, const QString& b)
{
    return a.compare(b, Qt::CaseInsensitive) == 0;
}

std::optional<EntityKind> kindFromMark(QStringView name)
{
    for (int k = 0; k < kEntityKindCount; ++k)
        if (equalsName(name, entityKindName(EntityKind(k))))
            return EntityKind(k);
    return std::nullopt;
}

std::optional<GraphEdgeRole> roleFromMark(QStringView name)
{
    for (auto r : {GraphEdgeRole::Distance, GraphEdgeRole::RunsOn, GraphEdgeRole::MemoryOn,
                   GraphEdgeRole::DeviceUse, GraphEdgeRole::Flow, GraphEdgeRole::Structural})
        if (equalsName(name, graphEdgeRoleName(r)))
            return r;
    return std::nullopt;
}

std::optional<EdgeLocality> localityFromMark(QStringView name)
{
    for (auto l : {EdgeLocality::Neutral, EdgeLocality::Local, EdgeLocality::Remote, EdgeLocality::Mismatch})
        if (equalsName(name, localityName(l)))
            return l;
    return std::nullopt;
}

double cylinderCap(const QRectF& r)
{
    return std::min(r.height() * 0.14, 7.0);
}

bool isCpuLess(const GraphCluster& c)
{
    return c.memoryTier.contains(QLatin1String("CPU-less"), Qt::CaseInsensitive);
}

// The short tag drawn in a NUMA node's corner: "HBM", "CXL", "CPU-less"; plain DRAM gets none.
QString tierBadge(const GraphCluster& c)
{
    if (c.kind != EntityKind::NumaNode || c.memoryTier.isEmpty() ||
        c.memoryTier.compare(QLatin1String("DRAM"), Qt::CaseInsensitive) == 0)
        return {};
    return c.memoryTier;
}

} // namespace

GraphPainter::GraphPainter(GraphLayoutPtr layout)
    : m_layout(std::move(layout))
{
    const QRectF graph = m_layout->bounds;
    const QString title = m_layout->spec ? m_layout->spec->title : QString();
    const double titleHeight = title.isEmpty() ? 0 : QFontMetricsF(font(kTitlePixels, true)).height() + 6;
    m_title = QRectF(graph.left(), graph.top() - titleHeight, graph.width(), titleHeight);

    if (m_layout->spec && !m_layout->spec->legend.empty()) {
        const QFont f = font(kLegendFontPixels);
        const QFontMetricsF fm(f);
        double width = fm.horizontalAdvance(QObject::tr("Legend"));
        for (const LegendEntry& e : m_layout->spec->legend)
            width = std::max(width, kSwatchWidth + 8 + fm.horizontalAdvance(e.description));
        const double height = kLegendRow * double(m_layout->spec->legend.size() + 1);
        const QSizeF size(width + 2 * kLegendPadding, height + 2 * kLegendPadding);
        std::vector<QRectF> places{QRectF(QPointF(graph.right() + kLegendGap, graph.top()), size),
                                   QRectF(QPointF(graph.left(), graph.bottom() + kLegendGap), size)};
        // Under the distance tables beside the drawing, where the column often has room left.
        for (const LaidOutTable& t : m_layout->tables)
            if (t.box.left() > graph.left() + 1)
                places.emplace_back(QPointF(t.box.left(), t.box.bottom() + kLegendGap), size);
        // The place that makes the picture smallest once scaled to the shape the layout aimed at (a page,
        // a screen): a legend as wide as a third of the graph would otherwise shrink everything on paper.
        const double aspect = m_layout->aspect > 0 ? m_layout->aspect : 4.0 / 3.0;
        const auto fitted = [&](const QRectF& r) {
            const QRectF all = graph.united(r).united(m_title);
            return std::max(all.width(), all.height() * aspect);
        };
        m_legend = places.front();
        for (const QRectF& r : places)
            if (fitted(r) < fitted(m_legend) - 0.5)
                m_legend = r;
    }
    QRectF all = graph.united(m_title);
    if (!m_legend.isNull())
        all = all.united(m_legend);
    m_picture = all.adjusted(-kMargin, -kMargin, kMargin, kMargin);
}

void GraphPainter::paint(QPainter* painter) const
{
    const GraphLayout& l = *m_layout;
    const GraphSpec& s = *l.spec;
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setRenderHint(QPainter::TextAntialiasing);
    // Outer clusters first, so inner boxes and everything in them are drawn over them.
    for (size_t i = 0; i < s.clusters.size() && i < l.clusters.size(); ++i)
        paintCluster(painter, s.clusters[i], l.clusters[i].box, l.clusters[i].labelPos);
    for (size_t i = 0; i < s.edges.size() && i < l.edges.size(); ++i)
        paintEdge(painter, s.edges[i], l.edges[i]);
    for (size_t i = 0; i < s.nodes.size() && i < l.nodes.size(); ++i) {
        const LaidOutNode& n = l.nodes[i];
        paintNode(painter, s.nodes[i],
                  QRectF(n.center.x() - n.size.width() / 2, n.center.y() - n.size.height() / 2,
                         n.size.width(), n.size.height()));
    }
    paintTables(painter);
    paintTitle(painter);
    paintLegend(painter);
    painter->restore();
}

QRectF GraphPainter::tablesRect() const
{
    QRectF r;
    for (const LaidOutTable& t : m_layout->tables)
        r = r.united(t.box);
    return r;
}

void GraphPainter::paintTables(QPainter* painter) const
{
    const GraphSpec& s = *m_layout->spec;
    for (const LaidOutTable& t : m_layout->tables)
        if (t.index >= 0 && size_t(t.index) < s.distanceTables.size())
            paintTable(painter, s.distanceTables[size_t(t.index)], t.box);
}

void GraphPainter::paintTable(QPainter* painter, const DistanceTable& table, const QRectF& box)
{
    const qsizetype n = table.labels.size();
    if (n == 0 || table.values.size() < size_t(n * n))
        return;
    painter->save();
    const QFont titleFont = font(kClusterFontPixels, true);
    const double titleHeight = QFontMetricsF(titleFont).height() + 4;
    painter->setPen(rgb(0x343a40));
    drawCenteredLines(painter, table.title, QPointF(box.center().x(), box.top() + titleHeight / 2),
                      titleFont);
    const QRectF grid = box.adjusted(0, titleHeight, 0, 0);
    const double cw = grid.width() / double(n + 1), ch = grid.height() / double(n + 1);
    double lo = std::numeric_limits<double>::max(), hi = std::numeric_limits<double>::lowest();
    for (double v : table.values) {
        lo = std::min(lo, v);
        hi = std::max(hi, v);
    }
    const QFont f = tableFont(table, box, false);
    const QFont bold = tableFont(table, box, true);
    const auto cell = [&](qsizetype r, qsizetype c) {
        return QRectF(grid.left() + cw * double(c), grid.top() + ch * double(r), cw, ch);
    };
    for (qsizetype i = 0; i < n; ++i) {
        painter->setPen(rgb(0x495057));
        drawCenteredLines(painter, table.labels[i], cell(0, i + 1).center(), bold);
        drawCenteredLines(painter, table.labels[i], cell(i + 1, 0).center(), bold);
    }
    for (qsizetype r = 0; r < n; ++r)
        for (qsizetype c = 0; c < n; ++c) {
            const double v = table.at(int(r), int(c));
            const double t = hi > lo ? (v - lo) / (hi - lo) : 0;
            // Local (the diagonal, 10) white, the farthest a strong orange: far pairs stand out.
            const QColor fill = QColor::fromRgbF(1.0, 1.0 - 0.45 * t, 1.0 - 0.85 * t);
            const QRectF rc = cell(r + 1, c + 1);
            painter->setPen(QPen(rgb(0xdee2e6), 0.6));
            painter->setBrush(fill);
            painter->drawRect(rc);
            painter->setPen(rgb(0x212529));
            drawCenteredLines(painter, QString::number(v, 'g', 4), rc.center(), f);
        }
    painter->restore();
}

void GraphPainter::paintTitle(QPainter* painter) const
{
    if (m_title.isEmpty())
        return;
    painter->save();
    painter->setPen(rgb(0x212529));
    const QFont f = font(kTitlePixels, true);
    painter->setFont(f);
    const QFontMetricsF fm(f);
    painter->drawText(QPointF(m_title.left(), m_title.top() + fm.ascent()), spec().title);
    painter->restore();
}

void GraphPainter::paintLegend(QPainter* painter) const
{
    if (m_legend.isNull())
        return;
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setPen(QPen(rgb(0xadb5bd), 1));
    painter->setBrush(rgb(0xffffff));
    painter->drawRoundedRect(m_legend, 4, 4);
    const QFont f = font(kLegendFontPixels);
    const QFontMetricsF fm(f);
    double y = m_legend.top() + kLegendPadding;
    const double x = m_legend.left() + kLegendPadding;
    painter->setPen(rgb(0x212529));
    painter->setFont(font(kLegendFontPixels, true));
    painter->drawText(QPointF(x, y + (kLegendRow - fm.height()) / 2 + fm.ascent()), QObject::tr("Legend"));
    y += kLegendRow;
    for (const LegendEntry& e : spec().legend) {
        paintLegendSwatch(painter, e, QRectF(x, y + 3, kSwatchWidth, kLegendRow - 6));
        painter->setPen(rgb(0x212529));
        painter->setFont(f);
        painter->drawText(QPointF(x + kSwatchWidth + 8, y + (kLegendRow - fm.height()) / 2 + fm.ascent()),
                          e.description);
        y += kLegendRow;
    }
    painter->restore();
}

// A legend mark names what it stands for ("node:Accelerator", "edge:MemoryOn:Mismatch",
// "cluster:NumaNode:HBM"); its swatch is drawn by the same functions as the real thing.
void GraphPainter::paintLegendSwatch(QPainter* painter, const LegendEntry& entry, const QRectF& swatch) const
{
    const QStringList parts = entry.mark.split(QLatin1Char(':'));
    const QString type = parts.value(0);
    painter->save();
    if (type == u"node" && parts.value(1) == u"expandable") {
        GraphNode n;
        n.kind = EntityKind::Host; // a plain box: the mark is the badge, not the shape
        n.expandable = true;
        paintNode(painter, n, swatch.adjusted(6, 0, -10, 0));
    } else if (type == u"node" && parts.size() >= 2) {
        GraphNode n;
        n.kind = kindFromMark(parts[1]).value_or(EntityKind::Unknown);
        n.locality = localityFromMark(parts.value(2)).value_or(EdgeLocality::Neutral);
        paintNode(painter, n, swatch.adjusted(6, 0, -6, 0));
    } else if (type == u"edge" && parts.value(1) == u"width") {
        // Three strokes growing left to right, as traffic makes an edge wider.
        const double y = swatch.center().y();
        const double third = swatch.width() / 3;
        for (int i = 0; i < 3; ++i) {
            painter->setPen(edgePen(GraphEdgeRole::Flow, EdgeLocality::Neutral, 1 + 2 * i));
            painter->drawLine(QPointF(swatch.left() + i * third, y),
                              QPointF(swatch.left() + (i + 1) * third, y));
        }
    } else if (type == u"edge" && parts.size() >= 2) {
        GraphEdge e;
        e.role = roleFromMark(parts[1]).value_or(GraphEdgeRole::Structural);
        e.locality = localityFromMark(parts.value(2)).value_or(EdgeLocality::Neutral);
        e.penWidth = e.role == GraphEdgeRole::Structural ? 1 : 2;
        const double y = swatch.center().y();
        LaidOutEdge l;
        const double x0 = swatch.left(), x1 = swatch.right() - 8;
        l.spline = {{x0, y}, {x0 + (x1 - x0) / 3, y}, {x0 + 2 * (x1 - x0) / 3, y}, {x1, y}};
        l.arrowTip = QPointF(swatch.right(), y);
        paintEdge(painter, e, l);
    } else if (type == u"cluster" && parts.size() >= 2) {
        GraphCluster c;
        c.kind = kindFromMark(parts[1]).value_or(EntityKind::Unknown);
        c.memoryTier = parts.mid(2).join(QLatin1Char(':'));
        painter->setPen(clusterPen(c));
        painter->setBrush(clusterBrush(c));
        painter->drawRect(swatch);
    } else {
        painter->setPen(QPen(rgb(0x868e96), 1));
        painter->setBrush(rgb(0xf1f3f5));
        painter->drawRect(swatch.adjusted(12, 0, -12, 0));
    }
    painter->restore();
}

void GraphPainter::paintCluster(QPainter* painter, const GraphCluster& cluster, const QRectF& box,
                                const QPointF& labelPos, GraphMarkState state)
{
    painter->save();
    if (state == GraphMarkState::Dimmed)
        painter->setOpacity(painter->opacity() * 0.45);
    QPen pen = clusterPen(cluster);
    if (state == GraphMarkState::Selected) {
        pen.setColor(rgb(0x1971c2));
        pen.setWidthF(pen.widthF() + 2);
    }
    painter->setPen(pen);
    painter->setBrush(clusterBrush(cluster));
    painter->drawRoundedRect(box, 6, 6);
    if (!cluster.label.isEmpty()) {
        painter->setPen(rgb(0x343a40));
        drawCenteredLines(painter, cluster.label, labelPos, clusterFont(cluster, box));
    }
    const QString badge = tierBadge(cluster);
    if (!badge.isEmpty()) {
        const QFont f = font(10, true);
        const QFontMetricsF fm(f);
        const QRectF tag(box.right() - fm.horizontalAdvance(badge) - 14, box.top() + 4,
                         fm.horizontalAdvance(badge) + 10, fm.height() + 2);
        painter->setPen(Qt::NoPen);
        painter->setBrush(clusterPen(cluster).color());
        painter->drawRoundedRect(tag, 3, 3);
        painter->setPen(rgb(0xffffff));
        drawCenteredLines(painter, badge, tag.center(), f);
    }
    painter->restore();
}

void GraphPainter::paintNode(QPainter* painter, const GraphNode& node, const QRectF& rect,
                             GraphMarkState state)
{
    painter->save();
    if (state == GraphMarkState::Dimmed)
        painter->setOpacity(painter->opacity() * 0.3);
    QPen pen(nodeBorder(node.kind), 1.2);
    if (node.locality == EdgeLocality::Mismatch) {
        pen.setColor(localityColor(EdgeLocality::Mismatch));
        pen.setWidthF(2.5);
    }
    if (state == GraphMarkState::Highlighted) {
        pen.setColor(rgb(0xf08c00));
        pen.setWidthF(3);
    } else if (state == GraphMarkState::Selected) {
        pen.setColor(rgb(0x1971c2));
        pen.setWidthF(3.5);
    }
    if (node.expandable && !node.expanded)
        pen.setStyle(Qt::DashLine); // as DOT draws folded nodes
    painter->setPen(pen);
    painter->setBrush(nodeBrush(node.kind));
    painter->drawPath(nodeOutline(node.kind, rect));
    if (node.kind == EntityKind::NumaNode) {
        const double ry = cylinderCap(rect);
        QPainterPath rim;
        rim.moveTo(rect.left(), rect.top() + ry);
        rim.arcTo(QRectF(rect.left(), rect.top(), rect.width(), 2 * ry), 180, 180);
        painter->setBrush(Qt::NoBrush);
        painter->drawPath(rim);
    }
    if (node.expandable && !node.expanded) {
        // A folded node stands for more: a "+" badge on its corner says a double-click opens it.
        const double r = 5.5;
        const QPointF c(rect.right() - r * 0.4, rect.top() + r * 0.4);
        painter->setPen(QPen(rgb(0x495057), 1));
        painter->setBrush(rgb(0xffffff));
        painter->drawEllipse(c, r, r);
        painter->setPen(QPen(rgb(0x212529), 1.4));
        painter->drawLine(QPointF(c.x() - r * 0.55, c.y()), QPointF(c.x() + r * 0.55, c.y()));
        painter->drawLine(QPointF(c.x(), c.y() - r * 0.55), QPointF(c.x(), c.y() + r * 0.55));
    }
    if (!node.label.isEmpty()) {
        const bool accelerator = node.kind == EntityKind::Accelerator;
        painter->setPen(accelerator ? rgb(0xffffff) : rgb(0x212529));
        // Below a cylinder's cap, so the first line does not sit on its rim.
        const QRectF textRect =
            node.kind == EntityKind::NumaNode ? rect.adjusted(0, cylinderCap(rect), 0, 0) : rect;
        drawCenteredLines(painter, node.label, textRect.center(), nodeFont(node, rect));
    }
    painter->restore();
}

void GraphPainter::paintEdge(QPainter* painter, const GraphEdge& edge, const LaidOutEdge& laidOut,
                             GraphMarkState state)
{
    const QPainterPath path = edgePath(laidOut);
    if (path.isEmpty())
        return;
    painter->save();
    if (state == GraphMarkState::Dimmed)
        painter->setOpacity(painter->opacity() * 0.2);
    double width = std::clamp(edge.penWidth, 0.5, 8.0);
    if (state == GraphMarkState::Highlighted || state == GraphMarkState::Selected)
        width += 1.5;
    QPen pen = edgePen(edge.role, edge.locality, width);
    if (state == GraphMarkState::Selected)
        pen.setColor(rgb(0x1971c2));
    painter->setPen(pen);
    painter->setBrush(Qt::NoBrush);
    painter->drawPath(path);
    if (edge.directed && laidOut.arrowTip) {
        painter->setPen(QPen(pen.color(), 1));
        painter->setBrush(pen.color());
        painter->drawPolygon(arrowHead(laidOut, width));
    }
    if (!edge.label.isEmpty() && laidOut.labelPos) {
        const QRectF box = edgeLabelRect(edge, laidOut);
        painter->setPen(Qt::NoPen);
        painter->setBrush(QColor(255, 255, 255, 200)); // keeps the label legible over crossing edges
        painter->drawRoundedRect(box, 2, 2);
        const QColor color = localityColor(edge.locality);
        painter->setPen(edge.locality == EdgeLocality::Neutral ? rgb(0x495057) : color.darker(125));
        drawCenteredLines(painter, edge.label, *laidOut.labelPos, font(kEdgeFontPixels));
    }
    painter->restore();
}

QRectF GraphPainter::edgeLabelRect(const GraphEdge& edge, const LaidOutEdge& laidOut)
{
    if (edge.label.isEmpty() || !laidOut.labelPos)
        return {};
    const QSizeF size = textSize(edge.label, font(kEdgeFontPixels));
    return QRectF(laidOut.labelPos->x() - size.width() / 2 - 2, laidOut.labelPos->y() - size.height() / 2,
                  size.width() + 4, size.height());
}

QPolygonF GraphPainter::arrowHead(const LaidOutEdge& edge, double penWidth)
{
    if (!edge.arrowTip || edge.spline.empty())
        return {};
    const QPointF tip = *edge.arrowTip;
    const QPointF base = edge.spline.back();
    QPointF dir = tip - base;
    double length = std::hypot(dir.x(), dir.y());
    if (length < 0.5)
        return {};
    dir /= length;
    const QPointF normal(-dir.y(), dir.x());
    const double half = std::max(length * 0.35, penWidth * 1.2);
    return QPolygonF({tip, base + normal * half, base - normal * half});
}

QPainterPath GraphPainter::edgePath(const LaidOutEdge& edge)
{
    const auto& p = edge.spline;
    QPainterPath path;
    if (p.size() < 4)
        return path;
    path.moveTo(p[0]);
    for (size_t i = 1; i + 2 < p.size(); i += 3)
        path.cubicTo(p[i], p[i + 1], p[i + 2]);
    return path;
}

QPainterPath GraphPainter::nodeOutline(EntityKind kind, const QRectF& r)
{
    QPainterPath path;
    switch (kind) {
    case EntityKind::Process:
    case EntityKind::Thread:
    case EntityKind::NumaSet:
    case EntityKind::Unknown:
        path.addEllipse(r);
        break;
    case EntityKind::Socket:
        path.addPolygon(QPolygonF({QPointF(r.center().x(), r.top()), QPointF(r.right(), r.center().y()),
                                   QPointF(r.center().x(), r.bottom()), QPointF(r.left(), r.center().y())}));
        path.closeSubpath();
        break;
    case EntityKind::Accelerator: {
        // An octagon: accelerators are what users look for first, so they get a shape nothing else has.
        const double c = std::min(r.width(), r.height()) * 0.28;
        path.addPolygon(QPolygonF({QPointF(r.left() + c, r.top()), QPointF(r.right() - c, r.top()),
                                   QPointF(r.right(), r.top() + c), QPointF(r.right(), r.bottom() - c),
                                   QPointF(r.right() - c, r.bottom()), QPointF(r.left() + c, r.bottom()),
                                   QPointF(r.left(), r.bottom() - c), QPointF(r.left(), r.top() + c)}));
        path.closeSubpath();
        break;
    }
    case EntityKind::Nic: {
        const double c = std::min(r.width() * 0.2, r.height() * 0.5);
        path.addPolygon(QPolygonF({QPointF(r.left() + c, r.top()), QPointF(r.right() - c, r.top()),
                                   QPointF(r.right(), r.center().y()), QPointF(r.right() - c, r.bottom()),
                                   QPointF(r.left() + c, r.bottom()), QPointF(r.left(), r.center().y())}));
        path.closeSubpath();
        break;
    }
    case EntityKind::NumaNode: {
        // Memory, drawn as the cylinder DOT draws for it.
        const double ry = cylinderCap(r);
        path.moveTo(r.left(), r.top() + ry);
        path.arcTo(QRectF(r.left(), r.top(), r.width(), 2 * ry), 180, -180);
        path.lineTo(r.right(), r.bottom() - ry);
        path.arcTo(QRectF(r.left(), r.bottom() - 2 * ry, r.width(), 2 * ry), 0, -180);
        path.closeSubpath();
        break;
    }
    case EntityKind::PciDevice:
    case EntityKind::OsDevice:
    case EntityKind::Container:
    case EntityKind::SharedMemory:
        path.addRoundedRect(r, std::min(8.0, r.height() / 3), std::min(8.0, r.height() / 3));
        break;
    case EntityKind::Host:
    case EntityKind::Package:
    case EntityKind::Core:
    case EntityKind::Pu:
    case EntityKind::Cache:
        path.addRect(r);
        break;
    }
    return path;
}

QColor GraphPainter::localityColor(EdgeLocality locality)
{
    switch (locality) {
    case EdgeLocality::Local:
        return rgb(0x2f9e44);
    case EdgeLocality::Remote:
        return rgb(0xf76707);
    case EdgeLocality::Mismatch:
        return rgb(0xe03131);
    case EdgeLocality::Neutral:
        break;
    }
    return rgb(0x868e96);
}

QPen GraphPainter::edgePen(GraphEdgeRole role, EdgeLocality locality, double width)
{
    QPen pen(localityColor(locality), width);
    pen.setCapStyle(Qt::FlatCap);
    if (locality == EdgeLocality::Mismatch)
        pen.setStyle(Qt::DashLine);
    else if (role == GraphEdgeRole::Distance)
        pen.setStyle(Qt::DotLine); // a property of the machine, not something a job does
    return pen;
}

QBrush GraphPainter::nodeBrush(EntityKind kind)
{
    switch (kind) {
    case EntityKind::Host:
        return rgb(0xf8f9fa);
    case EntityKind::Package:
        return rgb(0xdee2e6);
    case EntityKind::NumaNode:
        return rgb(0xd0ebff);
    case EntityKind::Core:
    case EntityKind::Pu:
        return rgb(0xfff3bf);
    case EntityKind::Cache:
        return rgb(0xf1f3f5);
    case EntityKind::PciDevice:
    case EntityKind::OsDevice:
        return rgb(0xe9ecef);
    case EntityKind::Accelerator:
        return rgb(0x7048e8);
    case EntityKind::Nic:
        return rgb(0xc3fae8);
    case EntityKind::Container:
        return rgb(0xf3f0ff);
    case EntityKind::Process:
        return rgb(0xffe8cc);
    case EntityKind::Thread:
        return rgb(0xfff4e6);
    case EntityKind::Socket:
        return rgb(0xe6fcf5);
    case EntityKind::SharedMemory:
        return rgb(0xf4fce3);
    case EntityKind::NumaSet:
        return rgb(0xe7f5ff);
    case EntityKind::Unknown:
        break;
    }
    return rgb(0xf1f3f5);
}

QColor GraphPainter::nodeBorder(EntityKind kind)
{
    switch (kind) {
    case EntityKind::Accelerator:
        return rgb(0x4c2889);
    case EntityKind::NumaNode:
    case EntityKind::NumaSet:
        return rgb(0x1c7ed6);
    case EntityKind::Process:
    case EntityKind::Thread:
        return rgb(0xd9480f);
    case EntityKind::Nic:
    case EntityKind::Socket:
        return rgb(0x0ca678);
    case EntityKind::Container:
        return rgb(0x7950f2);
    case EntityKind::Core:
    case EntityKind::Pu:
        return rgb(0xe67700);
    default:
        return rgb(0x495057);
    }
}

QBrush GraphPainter::clusterBrush(const GraphCluster& c)
{
    switch (c.kind) {
    case EntityKind::NumaNode: {
        const QString tier = c.memoryTier;
        if (tier.isEmpty() || tier.compare(QLatin1String("DRAM"), Qt::CaseInsensitive) == 0)
            return rgb(0xe7f5ff);
        if (tier.contains(QLatin1String("HBM"), Qt::CaseInsensitive))
            return rgb(0xfff0f6);
        if (tier.contains(QLatin1String("CXL"), Qt::CaseInsensitive))
            return rgb(0xebfbee);
        if (isCpuLess(c))
            return rgb(0xf8f9fa);
        return rgb(0xfff9db); // NVM and tiers this version has no colour for
    }
    case EntityKind::Package:
        return rgb(0xf8f9fa);
    case EntityKind::Container:
        return rgb(0xf8f6ff);
    case EntityKind::Process:
        return rgb(0xfff9f2);
    case EntityKind::Host:
        return Qt::NoBrush;
    default:
        return rgb(0xfcfcfd);
    }
}

QPen GraphPainter::clusterPen(const GraphCluster& c)
{
    QPen pen(rgb(0x868e96), 1.2);
    switch (c.kind) {
    case EntityKind::NumaNode: {
        const QString tier = c.memoryTier;
        pen.setColor(tier.contains(QLatin1String("HBM"), Qt::CaseInsensitive)   ? rgb(0xd6336c)
                     : tier.contains(QLatin1String("CXL"), Qt::CaseInsensitive) ? rgb(0x2f9e44)
                     : isCpuLess(c)                                             ? rgb(0x495057)
                     : tier.isEmpty() || tier.compare(QLatin1String("DRAM"), Qt::CaseInsensitive) == 0
                         ? rgb(0x4dabf7)
                         : rgb(0xf59f00));
        pen.setWidthF(1.6);
        if (isCpuLess(c))
            pen.setStyle(Qt::DashLine); // memory nothing runs next to
        break;
    }
    case EntityKind::Container:
        pen.setColor(rgb(0x7950f2));
        pen.setStyle(Qt::DashLine);
        break;
    case EntityKind::Process:
        pen.setColor(rgb(0xfd7e14));
        break;
    default:
        break;
    }
    return pen;
}

QFont GraphPainter::font(int pixelSize, bool bold)
{
    QFont f(QStringLiteral("DejaVu Sans"));
    f.setFamilies({QStringLiteral("DejaVu Sans"), QStringLiteral("Liberation Sans"), QStringLiteral("Arial"),
                   QStringLiteral("Helvetica")});
    f.setStyleHint(QFont::SansSerif);
    f.setPixelSize(std::max(1, pixelSize));
    f.setBold(bold);
    // Hinting snaps glyphs to the device's pixels, which differ between the screen, a PNG and a PDF.
    f.setHintingPreference(QFont::PreferNoHinting);
    return f;
}

QFont GraphPainter::clusterFont(const GraphCluster& cluster, const QRectF& box)
{
    const QSizeF room(box.width() - 8, QFontMetricsF(font(kClusterFontPixels)).height() *
                                           double(labelLines(cluster.label).size()));
    return fittingFont(cluster.label, room, kClusterFontPixels);
}

QFont GraphPainter::nodeFont(const GraphNode& node, const QRectF& rect)
{
    const QRectF textRect =
        node.kind == EntityKind::NumaNode ? rect.adjusted(0, cylinderCap(rect), 0, 0) : rect;
    const QSizeF room = node.kind == EntityKind::Process || node.kind == EntityKind::Thread ||
                                node.kind == EntityKind::NumaSet || node.kind == EntityKind::Unknown ||
                                node.kind == EntityKind::Socket
                            ? QSizeF(rect.width() * 0.8, rect.height() * 0.8) // ellipses and diamonds
                            : QSizeF(textRect.width() - 6, textRect.height() - 2);
    return fittingFont(node.label, room, kNodeFontPixels, node.kind == EntityKind::Accelerator);
}

QFont GraphPainter::tableFont(const DistanceTable& table, const QRectF& box, bool bold)
{
    const qsizetype n = table.labels.size();
    const double titleHeight = QFontMetricsF(font(kClusterFontPixels, true)).height() + 4;
    const QSizeF cell(box.width() / double(n + 1), (box.height() - titleHeight) / double(n + 1));
    QString widest = QStringLiteral("0");
    for (const QString& l : table.labels)
        if (l.size() > widest.size())
            widest = l;
    for (double v : table.values)
        if (QString::number(v, 'g', 4).size() > widest.size())
            widest = QString::number(v, 'g', 4);
    return fittingFont(widest, cell - QSizeF(2, 1), kEdgeFontPixels, bold);
}

double GraphPainter::smallestTextPixels() const
{
    const GraphLayout& l = *m_layout;
    const GraphSpec& s = *l.spec;
    double smallest = kLegendFontPixels;
    for (const LaidOutEdge& e : l.edges)
        if (e.labelPos)
            smallest = std::min<double>(smallest, kEdgeFontPixels); // edge labels are drawn at this size
    for (size_t i = 0; i < s.clusters.size() && i < l.clusters.size(); ++i)
        if (!s.clusters[i].label.isEmpty())
            smallest = std::min(smallest, double(clusterFont(s.clusters[i], l.clusters[i].box).pixelSize()));
    for (size_t i = 0; i < s.nodes.size() && i < l.nodes.size(); ++i) {
        const LaidOutNode& n = l.nodes[i];
        if (!s.nodes[i].label.isEmpty())
            smallest = std::min(
                smallest,
                double(nodeFont(s.nodes[i],
                                QRectF(n.center - QPointF(n.size.width() / 2, n.size.height() / 2), n.size))
                           .pixelSize()));
    }
    for (const LaidOutTable& t : l.tables)
        if (t.index >= 0 && size_t(t.index) < s.distanceTables.size())
            smallest = std::min(
                smallest, double(tableFont(s.distanceTables[size_t(t.index)], t.box, true).pixelSize()));
    return smallest;
}

QFont GraphPainter::fittingFont(const QString& text, const QSizeF& box, int maxPixels, bool bold)
{
    constexpr int kMinPixels = 5;
    int size = maxPixels;
    QFont f = font(size, bold);
    for (; size > kMinPixels; --size) {
        f = font(size, bold);
        const QSizeF need = textSize(text, f);
        if (need.width() <= box.width() && need.height() <= box.height())
            break;
    }
    return f;
}

} // namespace numasight
