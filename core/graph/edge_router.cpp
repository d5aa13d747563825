// SPDX-License-Identifier: GPL-3.0-or-later
#include "edge_router.h"

#include "dot_writer.h"
#include "graphviz_run.h"
#include "layout_json.h"
#include "util/format.h"

#include <QFile>
#include <QLineF>
#include <QSet>

#include <algorithm>
#include <cmath>

namespace numasight {

namespace {

constexpr double kPointsPerInch = 72;
constexpr double kArrowLength = 9;
// Above these, Graphviz's spline router (a visibility graph over every obstacle) takes many seconds:
// straight lines are drawn at once instead.
constexpr size_t kMaxRoutedObstacles = 1500;
constexpr size_t kMaxRoutedEdges = 3000;
// Routing gets at most this much of the time limit; past it the straight lines are better than waiting.
constexpr std::chrono::milliseconds kRoutingTime{10000};

QByteArray number(double v)
{
    return QByteArray::number(v, 'f', 2);
}

// Where the segment from the centre of `r` towards `to` leaves `r`.
QPointF exitPoint(const QRectF& r, QPointF to)
{
    const QPointF c = r.center();
    const QPointF d = to - c;
    if (std::abs(d.x()) < 1e-9 && std::abs(d.y()) < 1e-9)
        return c;
    const double sx = std::abs(d.x()) > 1e-9 ? (r.width() / 2) / std::abs(d.x()) : 1e18;
    const double sy = std::abs(d.y()) > 1e-9 ? (r.height() / 2) / std::abs(d.y()) : 1e18;
    const double s = std::min({sx, sy, 1.0});
    return c + d * s;
}

} // namespace

std::vector<QPointF> flattenSpline(const std::vector<QPointF>& spline)
{
    std::vector<QPointF> out;
    if (spline.empty())
        return out;
    out.push_back(spline.front());
    for (size_t i = 0; i + 3 < spline.size(); i += 3) {
        const QPointF p0 = spline[i], c1 = spline[i + 1], c2 = spline[i + 2], p1 = spline[i + 3];
        for (int k = 1; k <= 8; ++k) {
            const double t = k / 8.0, u = 1 - t;
            out.push_back(p0 * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + p1 * (t * t * t));
        }
    }
    return out;
}

namespace {

// The point at `fraction` of the polyline's length, and the direction there.
std::pair<QPointF, QPointF> pointAlong(const std::vector<QPointF>& line, double fraction)
{
    double total = 0;
    for (size_t i = 1; i < line.size(); ++i)
        total += std::hypot(line[i].x() - line[i - 1].x(), line[i].y() - line[i - 1].y());
    double want = total * fraction;
    for (size_t i = 1; i < line.size(); ++i) {
        const QPointF d = line[i] - line[i - 1];
        const double len = std::hypot(d.x(), d.y());
        if (want <= len || i + 1 == line.size()) {
            const double t = len > 0 ? std::clamp(want / len, 0.0, 1.0) : 0;
            return {line[i - 1] + d * t, len > 0 ? d / len : QPointF(1, 0)};
        }
        want -= len;
    }
    return {line.empty() ? QPointF() : line.front(), QPointF(1, 0)};
}

} // namespace

LaidOutEdge straightEdge(const GraphEdge& edge, const QRectF& from, const QRectF& to)
{
    LaidOutEdge e;
    e.id = edge.id;
    const QPointF a = exitPoint(from, to.center());
    QPointF b = exitPoint(to, from.center());
    if (edge.directed) {
        e.arrowTip = b;
        const QPointF d = b - a;
        const double len = std::hypot(d.x(), d.y());
        if (len > kArrowLength * 2)
            b -= d / len * kArrowLength;
    }
    e.spline = {a, a + (b - a) / 3, a + (b - a) * 2 / 3, b};
    return e;
}

namespace {

bool drawnAsEllipse(EntityKind kind)
{
    return kind == EntityKind::Process || kind == EntityKind::Thread;
}

// Where the ray from `from` through `through` meets the ellipse inscribed in `r`, when `from` is inside
// it or on its bounding box; nullopt when the ray misses.
std::optional<QPointF> ellipseHit(const QRectF& r, QPointF from, QPointF through)
{
    const QPointF c = r.center();
    const double rx = r.width() / 2, ry = r.height() / 2;
    if (rx <= 0 || ry <= 0)
        return std::nullopt;
    // Points relative to the centre, scaled to a unit circle: |p + t d| = 1.
    const QPointF p((from.x() - c.x()) / rx, (from.y() - c.y()) / ry);
    const QPointF d((through.x() - from.x()) / rx, (through.y() - from.y()) / ry);
    const double a = d.x() * d.x() + d.y() * d.y();
    const double bb = 2 * (p.x() * d.x() + p.y() * d.y());
    const double cc = p.x() * p.x() + p.y() * p.y() - 1;
    const double disc = bb * bb - 4 * a * cc;
    if (a <= 1e-12 || disc < 0)
        return std::nullopt;
    const double t = (-bb + std::sqrt(disc)) / (2 * a); // the far hit: leaving the ellipse towards `through`
    return QPointF(from.x() + t * (through.x() - from.x()), from.y() + t * (through.y() - from.y()));
}

// Graphviz ended the edge on the node's bounding box; an ellipse drawn in it leaves a gap at the corners.
// Each end on an ellipse moves, along the edge's own direction, onto the ellipse.
void snapEndsToOutline(LaidOutEdge& e, const GraphNode& from, const QRectF& fromRect, const GraphNode& to,
                       const QRectF& toRect)
{
    if (e.spline.size() < 4)
        return;
    if (drawnAsEllipse(from.kind)) {
        // From inside the node outwards along the first control leg.
        const QPointF start = e.spline.front(), next = e.spline[1];
        if (const auto hit = ellipseHit(fromRect, fromRect.center(), start + (next - start) * 0.01);
            hit && QLineF(fromRect.center(), start).length() > 1e-6) {
            const QPointF shift = *hit - start;
            if (QLineF(QPointF(), shift).length() < std::max(fromRect.width(), fromRect.height())) {
                e.spline[0] += shift;
                e.spline[1] += shift / 2;
            }
        }
    }
    if (drawnAsEllipse(to.kind)) {
        const QPointF end = e.arrowTip ? *e.arrowTip : e.spline.back();
        if (const auto hit = ellipseHit(toRect, toRect.center(), end); hit) {
            const QPointF shift = *hit - end;
            if (QLineF(QPointF(), shift).length() < std::max(toRect.width(), toRect.height())) {
                if (e.arrowTip)
                    *e.arrowTip += shift;
                e.spline.back() += shift;
                e.spline[e.spline.size() - 2] += shift / 2;
            }
        }
    }
}

// Another edge between the nodes of a routed one: the same path beside it.
LaidOutEdge parallelTo(const LaidOutEdge& routed, const GraphEdge& routedEdge, const GraphEdge& edge, int nth)
{
    LaidOutEdge e;
    e.id = edge.id;
    std::vector<QPointF> spline = routed.spline;
    std::optional<QPointF> tip = routed.arrowTip;
    if (spline.size() < 2)
        return e;
    // Drawn the other way round: the spline reversed, the arrow at its new end.
    if (routedEdge.from != edge.from) {
        std::reverse(spline.begin(), spline.end());
        tip.reset();
    }
    // Alternate sides, 5 points apart, fading to nothing at both ends so the edge still meets its nodes.
    const QPointF d = spline.back() - spline.front();
    const double len = std::max(std::hypot(d.x(), d.y()), 1.0);
    const QPointF normal(-d.y() / len, d.x() / len);
    const double offset = 5.0 * ((nth + 1) / 2) * (nth % 2 ? 1 : -1);
    for (size_t i = 1; i + 1 < spline.size(); ++i)
        spline[i] += normal * offset;
    if (edge.directed && !tip) {
        // The arrow ends where the path ends; the path stops short of it by the arrow's length.
        tip = spline.back();
        const QPointF back = spline.back() - spline[spline.size() - 2];
        const double l = std::hypot(back.x(), back.y());
        if (l > kArrowLength)
            spline.back() -= back / l * kArrowLength;
    }
    e.spline = std::move(spline);
    if (edge.directed)
        e.arrowTip = tip;
    return e;
}

} // namespace

QByteArray routingDot(const GraphSpec& spec, const PackedBoxes& boxes, bool splines)
{
    const double height = boxes.bounds.height();
    QByteArray out = "digraph \"numasight-routing\" {\n";
    // esep: the router keeps this far from every outline; it must stay under half the packer's gaps, or
    // Graphviz finds the nodes touching and falls back to straight lines.
    out += "  graph [splines=" + QByteArray(splines ? "true" : "line") +
           ", overlap=true, pad=0, esep=\"+1\"];\n";
    out += "  node [fixedsize=true, label=\"\", margin=0];\n";
    const auto pos = [&](const QRectF& r) {
        return "pos=\"" + number(r.center().x()) + ',' + number(height - r.center().y()) +
               "\", width=" + number(r.width() / kPointsPerInch) +
               ", height=" + number(r.height() / kPointsPerInch);
    };
    // Every node is routed around as its bounding box: Graphviz approximates ellipses and cylinders by
    // polygons of many sides, which makes its visibility graph, and the routing, four times slower
    // (2.2 s against 0.5 s for 137 edges among 69 nodes). Ends on an ellipse are moved onto it afterwards.
    for (size_t i = 0; i < spec.nodes.size(); ++i)
        out += "  " + dotQuote(spec.nodes[i].id, false) + " [" + pos(boxes.nodes[i]) + ", shape=box];\n";
    int obstacle = 0;
    const auto addObstacle = [&](const QRectF& r) {
        if (r.isEmpty())
            return;
        out += "  \"layout:obstacle:" + QByteArray::number(obstacle++) + "\" [" + pos(r) +
               ", shape=box, style=invis];\n";
    };
    for (const QRectF& r : boxes.clusterLabelRects)
        addObstacle(r);
    for (const LaidOutTable& t : boxes.tables)
        addObstacle(t.box);
    // One edge per pair of nodes: Graphviz 2.43's spline router fails an assertion (multispline.c findMap)
    // on parallel edges. The others of a pair follow the routed one, side by side (routeEdges).
    QSet<QPair<QString, QString>> routed;
    for (const GraphEdge& e : spec.edges) {
        const auto pair = e.from < e.to ? qMakePair(e.from, e.to) : qMakePair(e.to, e.from);
        if (routed.contains(pair))
            continue;
        routed.insert(pair);
        out +=
            "  " + dotQuote(e.from, false) + " -> " + dotQuote(e.to, false) + " [id=" + dotQuote(e.id, false);
        if (!e.directed)
            out += ", dir=none";
        out += "];\n";
    }
    out += "}\n";
    return out;
}

Result<RoutedEdges> routeEdges(const GraphSpec& spec, const PackedBoxes& boxes, const LayoutOptions& options,
                               const Progress& progress)
{
    RoutedEdges routed;
    const auto straight = [&] {
        routed.edges.clear();
        for (const GraphEdge& e : spec.edges) {
            const int a = spec.nodeIndex(e.from), b = spec.nodeIndex(e.to);
            routed.edges.push_back(a >= 0 && b >= 0
                                       ? straightEdge(e, boxes.nodes[size_t(a)], boxes.nodes[size_t(b)])
                                       : LaidOutEdge{e.id, {}, {}, {}});
        }
    };
    if (spec.edges.empty())
        return routed;
    const size_t obstacles = spec.nodes.size() + boxes.clusterLabelRects.size();
    const bool splines = obstacles <= kMaxRoutedObstacles && spec.edges.size() <= kMaxRoutedEdges;
    if (!splines) {
        straight();
        routed.notes << QStringLiteral(
                            "edges drawn straight: %1 edges among %2 nodes and boxes are more than "
                            "the router takes at once")
                            .arg(spec.edges.size())
                            .arg(obstacles);
        return routed;
    }
    const QByteArray dot = routingDot(spec, boxes, true);
    if (const QByteArray dump = qgetenv("NUMASIGHT_ROUTING_DOT"); !dump.isEmpty()) {
        // For reproducing a Graphviz failure outside the program: `neato -n2 -Tsvg` on this file.
        QFile file(QString::fromLocal8Bit(dump));
        if (file.open(QIODevice::WriteOnly))
            file.write(dot);
    }
    const QString size = QStringLiteral("%1 nodes, %2 edges").arg(spec.nodes.size()).arg(spec.edges.size());
    const auto limit = std::min(options.timeLimit, kRoutingTime);
    Result<QByteArray> json = options.method == LayoutMethod::Subprocess
                                  ? runGraphvizSubprocess(dot, QStringLiteral("neato"), limit, progress, size,
                                                          {QStringLiteral("-n2")})
                                  : runGraphvizInProcess(dot, QStringLiteral("nop2"), progress);
    if (!json) {
        if (json.error().cancelled || json.error().message.contains(QLatin1String("was not found")))
            return json.error();
        straight();
        routed.notes << QStringLiteral("edges drawn straight: %1").arg(json.error().message);
        return routed;
    }
    auto parsed = parseGraphvizJson(json.value(), std::make_shared<GraphSpec>(spec), QStringLiteral("nop2"));
    if (!parsed || parsed.value()->nodes.empty()) {
        straight();
        routed.notes << QStringLiteral("edges drawn straight: %1")
                            .arg(parsed ? QStringLiteral("Graphviz returned no nodes")
                                        : parsed.error().message);
        return routed;
    }
    // Graphviz moves the drawing to its own origin and flips y: one translation brings it back.
    const GraphLayout& g = *parsed.value();
    const QPointF shift = boxes.nodes.front().center() - g.nodes.front().center;
    routed.edges = g.edges;
    QHash<QPair<QString, QString>, std::pair<size_t, int>> pairs; // pair -> (routed edge, edges drawn so far)
    for (size_t i = 0; i < routed.edges.size(); ++i) {
        LaidOutEdge& e = routed.edges[i];
        e.labelPos.reset();
        const GraphEdge& ge = spec.edges[i];
        const auto pair = ge.from < ge.to ? qMakePair(ge.from, ge.to) : qMakePair(ge.to, ge.from);
        if (!e.spline.empty() && !pairs.contains(pair)) {
            for (QPointF& p : e.spline)
                p += shift;
            if (e.arrowTip)
                *e.arrowTip += shift;
            pairs.insert(pair, {i, 1});
            continue;
        }
        const auto it = pairs.find(pair);
        const int a = spec.nodeIndex(ge.from), b = spec.nodeIndex(ge.to);
        if (it == pairs.end() || a < 0 || b < 0) {
            e = straightEdge(ge, boxes.nodes[size_t(std::max(a, 0))], boxes.nodes[size_t(std::max(b, 0))]);
            continue;
        }
        e = parallelTo(routed.edges[it->first], spec.edges[it->first], ge, it->second++);
    }
    for (size_t i = 0; i < routed.edges.size(); ++i) {
        const GraphEdge& ge = spec.edges[i];
        const int a = spec.nodeIndex(ge.from), b = spec.nodeIndex(ge.to);
        if (a >= 0 && b >= 0)
            snapEndsToOutline(routed.edges[i], spec.nodes[size_t(a)], boxes.nodes[size_t(a)],
                              spec.nodes[size_t(b)], boxes.nodes[size_t(b)]);
    }
    return routed;
}

QRectF edgeLabelBox(QStringView text, QPointF center)
{
    const QSizeF s = estimateTextSize(text, kPackEdgeFont) + QSizeF(6, 2);
    return {center - QPointF(s.width() / 2, s.height() / 2), s};
}

int placeEdgeLabels(const GraphSpec& spec, const PackedBoxes& boxes, std::vector<LaidOutEdge>& edges)
{
    std::vector<QRectF> blocked;
    for (const QRectF& r : boxes.clusterLabelRects)
        if (!r.isEmpty())
            blocked.push_back(r);
    for (const QRectF& r : boxes.nodes)
        blocked.push_back(r);
    for (const LaidOutTable& t : boxes.tables)
        blocked.push_back(t.box);

    std::vector<size_t> order;
    for (size_t i = 0; i < spec.edges.size() && i < edges.size(); ++i)
        if (!spec.edges[i].label.isEmpty())
            order.push_back(i);
    // Findings first, then the heavier edges: when room runs out, the light ones go to the tooltip.
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
        const bool ma = spec.edges[a].locality == EdgeLocality::Mismatch;
        const bool mb = spec.edges[b].locality == EdgeLocality::Mismatch;
        if (ma != mb)
            return ma;
        return spec.edges[a].penWidth > spec.edges[b].penWidth;
    });
    // From the middle outwards, then ever further beside the line.
    static const double kFractions[] = {0.5,  0.45, 0.55, 0.4, 0.6,  0.35, 0.65, 0.3, 0.7,
                                        0.25, 0.75, 0.2,  0.8, 0.15, 0.85, 0.1,  0.9};
    int unplaced = 0;
    for (size_t i : order) {
        LaidOutEdge& e = edges[i];
        e.labelPos.reset();
        const std::vector<QPointF> line = flattenSpline(e.spline);
        if (line.size() < 2) {
            ++unplaced;
            continue;
        }
        const QString& text = spec.edges[i].label;
        const QSizeF size = edgeLabelBox(text, QPointF()).size();
        bool placed = false;
        for (double f : kFractions) {
            const auto [p, dir] = pointAlong(line, f);
            const QPointF normal(-dir.y(), dir.x());
            // On the line, then beside it on either side.
            const double side =
                std::abs(normal.x()) * size.width() / 2 + std::abs(normal.y()) * size.height() / 2 + 2;
            for (const QPointF c : {p, p + normal * side, p - normal * side, p + normal * (2 * side),
                                    p - normal * (2 * side)}) {
                const QRectF r = edgeLabelBox(text, c);
                if (!boxes.bounds.contains(r))
                    continue;
                if (std::any_of(blocked.begin(), blocked.end(),
                                [&](const QRectF& b) { return b.intersects(r); }))
                    continue;
                e.labelPos = c;
                blocked.push_back(r);
                placed = true;
                break;
            }
            if (placed)
                break;
        }
        if (!placed)
            ++unplaced;
    }
    return unplaced;
}

} // namespace numasight
