// SPDX-License-Identifier: GPL-3.0-or-later
#include "layout_document.h"

#include "dot_writer.h"
#include "edge_router.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

namespace numasight {

namespace {

// Hundredths of a point: enough for any drawing, and the file stays short.
double rounded(double v)
{
    return std::round(v * 100) / 100;
}

QJsonArray point(QPointF p)
{
    return {rounded(p.x()), rounded(p.y())};
}

QJsonArray points(const std::vector<QPointF>& ps)
{
    QJsonArray a;
    for (const QPointF& p : ps)
        a.append(point(p));
    return a;
}

void putRect(QJsonObject& o, const QRectF& r)
{
    o.insert(QLatin1String("x"), rounded(r.x()));
    o.insert(QLatin1String("y"), rounded(r.y()));
    o.insert(QLatin1String("w"), rounded(r.width()));
    o.insert(QLatin1String("h"), rounded(r.height()));
}

} // namespace

QByteArray layoutToJson(const GraphLayout& layout)
{
    const GraphSpec& spec = *layout.spec;
    QJsonObject root;
    root.insert(QLatin1String("format"), QStringLiteral("numasight-layout"));
    root.insert(QLatin1String("version"), 1);
    root.insert(QLatin1String("title"), spec.title);
    root.insert(QLatin1String("view"), graphViewName(spec.view));
    root.insert(QLatin1String("engine"), layout.engine);
    root.insert(QLatin1String("units"), QStringLiteral("pt"));
    root.insert(QLatin1String("width"), rounded(layout.bounds.width()));
    root.insert(QLatin1String("height"), rounded(layout.bounds.height()));

    QJsonArray items;
    for (size_t i = 0; i < spec.clusters.size() && i < layout.clusters.size(); ++i) {
        const GraphCluster& c = spec.clusters[i];
        QJsonObject o;
        o.insert(QLatin1String("id"), c.id);
        o.insert(QLatin1String("type"), QStringLiteral("box"));
        o.insert(QLatin1String("kind"), entityKindName(c.kind));
        o.insert(QLatin1String("label"), c.label);
        o.insert(QLatin1String("parent"), c.parent);
        if (c.osIndex >= 0)
            o.insert(QLatin1String("os_index"), c.osIndex);
        if (!c.memoryTier.isEmpty())
            o.insert(QLatin1String("tier"), c.memoryTier);
        putRect(o, layout.clusters[i].box);
        o.insert(QLatin1String("label_pos"), point(layout.clusters[i].labelPos));
        items.append(o);
    }
    for (size_t i = 0; i < spec.nodes.size() && i < layout.nodes.size(); ++i) {
        const GraphNode& n = spec.nodes[i];
        const LaidOutNode& ln = layout.nodes[i];
        QJsonObject o;
        o.insert(QLatin1String("id"), n.id);
        o.insert(QLatin1String("type"), QStringLiteral("node"));
        o.insert(QLatin1String("kind"), entityKindName(n.kind));
        o.insert(QLatin1String("shape"), QLatin1String(dotShapeOf(n.kind)));
        o.insert(QLatin1String("label"), n.label);
        o.insert(QLatin1String("parent"), n.cluster);
        if (n.osIndex >= 0)
            o.insert(QLatin1String("os_index"), n.osIndex);
        putRect(o, QRectF(ln.center - QPointF(ln.size.width() / 2, ln.size.height() / 2), ln.size));
        if (n.expandable)
            o.insert(QLatin1String("expanded"), n.expanded);
        if (n.locality != EdgeLocality::Neutral)
            o.insert(QLatin1String("locality"), localityName(n.locality));
        if (!n.tooltip.isEmpty())
            o.insert(QLatin1String("tooltip"), n.tooltip);
        items.append(o);
    }
    root.insert(QLatin1String("items"), items);

    QJsonArray edges;
    for (size_t i = 0; i < spec.edges.size() && i < layout.edges.size(); ++i) {
        const GraphEdge& e = spec.edges[i];
        const LaidOutEdge& le = layout.edges[i];
        QJsonObject o;
        o.insert(QLatin1String("id"), e.id);
        o.insert(QLatin1String("from"), e.from);
        o.insert(QLatin1String("to"), e.to);
        o.insert(QLatin1String("role"), graphEdgeRoleName(e.role));
        o.insert(QLatin1String("locality"), localityName(e.locality));
        o.insert(QLatin1String("directed"), e.directed);
        o.insert(QLatin1String("label"), e.label);
        o.insert(QLatin1String("weight"), e.weight);
        o.insert(QLatin1String("pen_width"), rounded(e.penWidth));
        o.insert(QLatin1String("polyline"), points(flattenSpline(le.spline)));
        o.insert(QLatin1String("spline"), points(le.spline));
        if (le.arrowTip)
            o.insert(QLatin1String("arrow_tip"), point(*le.arrowTip));
        // null: the label has no room on the picture and is shown on hover.
        o.insert(QLatin1String("label_pos"), le.labelPos ? QJsonValue(point(*le.labelPos)) : QJsonValue());
        edges.append(o);
    }
    root.insert(QLatin1String("edges"), edges);

    QJsonArray tables;
    for (const LaidOutTable& t : layout.tables) {
        if (t.index < 0 || size_t(t.index) >= spec.distanceTables.size())
            continue;
        const DistanceTable& d = spec.distanceTables[size_t(t.index)];
        QJsonObject o;
        o.insert(QLatin1String("title"), d.title);
        o.insert(QLatin1String("labels"), QJsonArray::fromStringList(d.labels));
        QJsonArray rows;
        for (qsizetype r = 0; r < d.labels.size(); ++r) {
            QJsonArray row;
            for (qsizetype c = 0; c < d.labels.size(); ++c)
                row.append(size_t(r * d.labels.size() + c) < d.values.size() ? d.at(int(r), int(c)) : 0.0);
            rows.append(row);
        }
        o.insert(QLatin1String("values"), rows);
        putRect(o, t.box);
        tables.append(o);
    }
    root.insert(QLatin1String("distance_tables"), tables);
    root.insert(QLatin1String("hidden"), QJsonArray::fromStringList(spec.hiddenNotes));
    root.insert(QLatin1String("notes"), QJsonArray::fromStringList(layout.notes));
    root.insert(QLatin1String("labels_on_hover"), layout.labelsOnHover);
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

} // namespace numasight
