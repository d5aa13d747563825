// SPDX-License-Identifier: GPL-3.0-or-later
// Graphviz's JSON output (-Tjson / -Tjson0) into GraphLayout.
//
// The format: the root is the graph with its attributes ("bb"), "objects" lists the subgraphs first
// ("_subgraph_cnt" of them, each with "bb" and "lp" when laid out) and then the nodes ("pos", "width",
// "height" in inches), "edges" lists edges with "tail"/"head" as _gvid of node objects, "pos" (the
// spline) and "lp". Coordinates are points with y growing upwards; all attribute values are strings.
#include "layout_json.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>

#include <algorithm>
#include <cmath>

namespace numasight {

namespace {

constexpr double kPointsPerInch = 72;
// Room around the members of a cluster whose box we compute, and for its label line above them.
constexpr double kClusterMargin = 8;
constexpr double kClusterLabelHeight = 14;

struct ParseFailure
{
    QString where;
    QString message;
};

class Parser
{
public:
    Parser(GraphSpecPtr spec, QString engine)
        : m_spec(std::move(spec))
        , m_engine(std::move(engine))
    {
    }

    Result<GraphLayoutPtr> run(const QByteArray& json)
    {
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
        if (error.error != QJsonParseError::NoError) {
            LoadError e = fail({}, QStringLiteral("output is not JSON: %1").arg(error.errorString()));
            e.offset = error.offset;
            locateOffset(json.constData(), json.size(), error.offset, &e.line, &e.column);
            return e;
        }
        if (!doc.isObject())
            return fail({}, QStringLiteral("output is not a JSON object"));
        if (!parse(doc.object()))
            return fail(m_failure.where, m_failure.message);
        return GraphLayoutPtr(std::move(m_layout));
    }

private:
    LoadError fail(const QString& where, const QString& message) const
    {
        LoadError e;
        e.file = QStringLiteral("Graphviz %1 output").arg(m_engine);
        e.where = where;
        e.message = message;
        return e;
    }

    bool setFailure(QString where, QString message)
    {
        m_failure = {std::move(where), std::move(message)};
        return false;
    }

    // Graphviz writes numbers as strings ("0.75"); a bare JSON number is accepted too.
    bool number(const QJsonValue& v, double* out) const
    {
        if (v.isDouble()) {
            *out = v.toDouble();
            return std::isfinite(*out);
        }
        if (!v.isString())
            return false;
        bool ok = false;
        *out = v.toString().trimmed().toDouble(&ok);
        return ok && std::isfinite(*out);
    }

    // "x,y" (neato may append "!" for pinned nodes); y flipped later.
    bool point(QStringView text, QPointF* out) const
    {
        const qsizetype comma = text.indexOf(QLatin1Char(','));
        if (comma < 0)
            return false;
        QStringView ys = text.mid(comma + 1);
        if (ys.endsWith(QLatin1Char('!')))
            ys.chop(1);
        bool okx = false, oky = false;
        const double x = text.left(comma).toDouble(&okx);
        const double y = ys.toDouble(&oky);
        if (!okx || !oky || !std::isfinite(x) || !std::isfinite(y))
            return false;
        *out = QPointF(x, y);
        return true;
    }

    bool box(QStringView text, QRectF* out) const
    {
        const auto parts = text.split(QLatin1Char(','));
        if (parts.size() != 4)
            return false;
        double v[4];
        for (int i = 0; i < 4; ++i) {
            bool ok = false;
            v[i] = parts[i].toDouble(&ok);
            if (!ok || !std::isfinite(v[i]))
                return false;
        }
        if (v[2] < v[0] || v[3] < v[1])
            return false;
        *out = QRectF(QPointF(v[0], v[1]), QPointF(v[2], v[3]));
        return true;
    }

    // "e,x,y s,x,y x,y x,y …": an optional end (arrow tip) and start point, then 3n+1 control points.
    // Several splines (";"-separated) occur only for edges split by concentrate; the first is kept.
    bool spline(QStringView text, std::vector<QPointF>* points, std::optional<QPointF>* end) const
    {
        const qsizetype semicolon = text.indexOf(QLatin1Char(';'));
        if (semicolon >= 0)
            text = text.left(semicolon);
        for (QStringView token : text.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
            QPointF p;
            if (token.startsWith(u"e,")) {
                if (!point(token.mid(2), &p))
                    return false;
                *end = p;
            } else if (token.startsWith(u"s,")) {
                if (!point(token.mid(2), &p))
                    return false;
            } else {
                if (!point(token, &p))
                    return false;
                points->push_back(p);
            }
        }
        return points->size() >= 2;
    }

    // Straight polylines (splines=line, or a malformed count) as cubic segments, so every edge has the
    // p0 (c1 c2 p)* form the header promises.
    static std::vector<QPointF> asCubic(const std::vector<QPointF>& pts)
    {
        if (pts.size() >= 4 && (pts.size() - 1) % 3 == 0)
            return pts;
        std::vector<QPointF> out{pts.front()};
        for (size_t i = 1; i < pts.size(); ++i) {
            const QPointF a = pts[i - 1], b = pts[i];
            out.push_back(a + (b - a) / 3);
            out.push_back(a + (b - a) * 2 / 3);
            out.push_back(b);
        }
        return out;
    }

    bool parse(const QJsonObject& root)
    {
        const GraphSpec& spec = *m_spec;
        m_layout = std::make_shared<GraphLayout>();
        GraphLayout& L = *m_layout;
        L.spec = m_spec;
        L.engine = m_engine;
        L.nodes.resize(spec.nodes.size());
        L.edges.resize(spec.edges.size());
        L.clusters.resize(spec.clusters.size());

        QRectF graphBox;
        if (!root.value(QLatin1String("bb")).isString() ||
            !box(root.value(QLatin1String("bb")).toString(), &graphBox))
            return setFailure(QStringLiteral("bb"), QStringLiteral("the graph has no bounding box \"bb\": "
                                                                   "was the layout run?"));

        const QJsonValue objectsValue = root.value(QLatin1String("objects"));
        if (!objectsValue.isUndefined() && !objectsValue.isArray())
            return setFailure(QStringLiteral("objects"), QStringLiteral("\"objects\" is not an array"));
        const QJsonArray objects = objectsValue.toArray();
        const int subgraphs = root.value(QLatin1String("_subgraph_cnt")).toInt(-1);

        std::vector<bool> nodeSeen(spec.nodes.size(), false), clusterSeen(spec.clusters.size(), false);
        std::vector<bool> clusterHasBox(spec.clusters.size(), false);
        QHash<int, int> nodeByGvid; // _gvid -> spec node index
        const bool clustersLaidOut = engineLaysOutClusters(m_engine);

        for (qsizetype i = 0; i < objects.size(); ++i) {
            const QString where = QStringLiteral("objects[%1]").arg(i);
            if (!objects[i].isObject())
                return setFailure(where, QStringLiteral("not an object"));
            const QJsonObject o = objects[i].toObject();
            const QString name = o.value(QLatin1String("name")).toString();
            const bool isSubgraph =
                subgraphs >= 0 ? i < subgraphs
                               : (o.contains(QLatin1String("nodes")) || !o.contains(QLatin1String("pos")));
            if (isSubgraph) {
                const int c = spec.clusterIndex(name);
                if (c < 0)
                    continue;
                clusterSeen[size_t(c)] = true;
                LaidOutCluster& lc = L.clusters[size_t(c)];
                lc.id = name;
                if (!clustersLaidOut)
                    continue;
                const QJsonValue bb = o.value(QLatin1String("bb"));
                if (bb.isUndefined())
                    continue;
                QRectF r;
                if (!bb.isString() || !box(bb.toString(), &r))
                    return setFailure(
                        where + QStringLiteral(".bb"),
                        QStringLiteral("cluster \"%1\": bad box \"%2\"").arg(name, bb.toString()));
                lc.box = r;
                clusterHasBox[size_t(c)] = true;
                QPointF lp;
                if (o.value(QLatin1String("lp")).isString() &&
                    point(o.value(QLatin1String("lp")).toString(), &lp))
                    lc.labelPos = lp;
                else
                    lc.labelPos = QPointF(r.center().x(), r.bottom() - kClusterLabelHeight / 2);
                continue;
            }
            const int n = spec.nodeIndex(name);
            if (n < 0)
                continue;
            nodeByGvid.insert(o.value(QLatin1String("_gvid")).toInt(-1), n);
            LaidOutNode& ln = L.nodes[size_t(n)];
            ln.id = name;
            QPointF pos;
            if (!o.value(QLatin1String("pos")).isString() ||
                !point(o.value(QLatin1String("pos")).toString(), &pos))
                return setFailure(where + QStringLiteral(".pos"),
                                  QStringLiteral("node \"%1\" has no position \"x,y\"").arg(name));
            double w = 0, h = 0;
            if (!number(o.value(QLatin1String("width")), &w) ||
                !number(o.value(QLatin1String("height")), &h) || w < 0 || h < 0)
                return setFailure(where, QStringLiteral("node \"%1\" has no valid width/height").arg(name));
            ln.center = pos;
            ln.size = QSizeF(w * kPointsPerInch, h * kPointsPerInch);
            nodeSeen[size_t(n)] = true;
        }
        for (size_t n = 0; n < spec.nodes.size(); ++n)
            if (!nodeSeen[n])
                return setFailure(QStringLiteral("objects"),
                                  QStringLiteral("no position for node \"%1\"").arg(spec.nodes[n].id));

        const QJsonValue edgesValue = root.value(QLatin1String("edges"));
        if (!edgesValue.isUndefined() && !edgesValue.isArray())
            return setFailure(QStringLiteral("edges"), QStringLiteral("\"edges\" is not an array"));
        const QJsonArray edges = edgesValue.toArray();
        std::vector<bool> edgeSeen(spec.edges.size(), false);
        for (qsizetype i = 0; i < edges.size(); ++i) {
            const QString where = QStringLiteral("edges[%1]").arg(i);
            if (!edges[i].isObject())
                return setFailure(where, QStringLiteral("not an object"));
            const QJsonObject o = edges[i].toObject();
            const QJsonValue idValue = o.value(QLatin1String("id"));
            int e = spec.edgeIndex(idValue.toString());
            // An edge with an id that is not the spec's is a layout hint (toDot's invisible edges).
            if (e < 0 && !idValue.isUndefined())
                continue;
            if (e < 0) {
                // An edge without our id (hand-edited DOT): the first unmatched one between its endpoints.
                const int tail = nodeByGvid.value(o.value(QLatin1String("tail")).toInt(-1), -1);
                const int head = nodeByGvid.value(o.value(QLatin1String("head")).toInt(-1), -1);
                for (size_t k = 0; k < spec.edges.size() && tail >= 0 && head >= 0; ++k)
                    if (!edgeSeen[k] && spec.edges[k].from == spec.nodes[size_t(tail)].id &&
                        spec.edges[k].to == spec.nodes[size_t(head)].id) {
                        e = int(k);
                        break;
                    }
            }
            if (e < 0 || edgeSeen[size_t(e)])
                continue;
            LaidOutEdge& le = L.edges[size_t(e)];
            le.id = spec.edges[size_t(e)].id;
            const QJsonValue pos = o.value(QLatin1String("pos"));
            if (!pos.isUndefined()) {
                std::vector<QPointF> pts;
                std::optional<QPointF> end;
                if (!pos.isString() || !spline(pos.toString(), &pts, &end))
                    return setFailure(
                        where + QStringLiteral(".pos"),
                        QStringLiteral("edge \"%1\": bad spline \"%2\"").arg(le.id, pos.toString()));
                le.spline = asCubic(pts);
                if (spec.edges[size_t(e)].directed)
                    le.arrowTip = end ? *end : pts.back();
            }
            // "lp" for a label, "xlp" for an external label (xlabel).
            QJsonValue lp = o.value(QLatin1String("lp"));
            if (lp.isUndefined())
                lp = o.value(QLatin1String("xlp"));
            if (!lp.isUndefined()) {
                QPointF p;
                if (!lp.isString() || !point(lp.toString(), &p))
                    return setFailure(where + QStringLiteral(".lp"),
                                      QStringLiteral("edge \"%1\": bad label position").arg(le.id));
                le.labelPos = p;
            }
            edgeSeen[size_t(e)] = true;
        }

        // Edges Graphviz did not route (neato gives up on some when nodes overlap): a straight line
        // between the centres, so that the picture still shows the relation.
        for (size_t e = 0; e < spec.edges.size(); ++e) {
            LaidOutEdge& le = L.edges[e];
            if (!le.spline.empty())
                continue;
            le.id = spec.edges[e].id;
            const int a = spec.nodeIndex(spec.edges[e].from), b = spec.nodeIndex(spec.edges[e].to);
            if (a < 0 || b < 0)
                return setFailure(QStringLiteral("edges"),
                                  QStringLiteral("edge \"%1\" joins unknown nodes").arg(le.id));
            le.spline = asCubic({L.nodes[size_t(a)].center, L.nodes[size_t(b)].center});
            if (spec.edges[e].directed)
                le.arrowTip = le.spline.back();
            if (!spec.edges[e].label.isEmpty())
                le.labelPos = (le.spline.front() + le.spline.back()) / 2;
        }

        computeMissingClusterBoxes(clusterHasBox);
        flipAndNormalise(graphBox);
        return true;
    }

    // Post-order over the cluster tree (children come after parents in spec order, so walk backwards):
    // the box of a cluster is the union of its nodes and child clusters, with a margin and a label line.
    void computeMissingClusterBoxes(const std::vector<bool>& hasBox)
    {
        const GraphSpec& spec = *m_spec;
        GraphLayout& L = *m_layout;
        std::vector<QRectF> content(spec.clusters.size());
        for (size_t n = 0; n < spec.nodes.size(); ++n) {
            const int c = spec.clusterIndex(spec.nodes[n].cluster);
            if (c < 0)
                continue;
            const LaidOutNode& ln = L.nodes[n];
            const QRectF r(ln.center - QPointF(ln.size.width() / 2, ln.size.height() / 2), ln.size);
            content[size_t(c)] = content[size_t(c)].isNull() ? r : content[size_t(c)].united(r);
        }
        for (size_t i = spec.clusters.size(); i-- > 0;) {
            LaidOutCluster& lc = L.clusters[i];
            lc.id = spec.clusters[i].id;
            if (!hasBox[i]) {
                QRectF r = content[i];
                if (r.isNull())
                    r = QRectF(0, 0, 0, 0);
                // y is still upwards here: the label line goes on top, i.e. at larger y.
                r = r.adjusted(-kClusterMargin, -kClusterMargin, kClusterMargin,
                               kClusterMargin + (spec.clusters[i].label.isEmpty() ? 0 : kClusterLabelHeight));
                lc.box = r;
                lc.labelPos =
                    QPointF(r.center().x(), r.bottom() - kClusterMargin / 2 - kClusterLabelHeight / 2);
            }
            const int parent = spec.clusterIndex(spec.clusters[i].parent);
            if (parent >= 0)
                content[size_t(parent)] =
                    content[size_t(parent)].isNull() ? lc.box : content[size_t(parent)].united(lc.box);
        }
    }

    void flipAndNormalise(const QRectF& graphBox)
    {
        GraphLayout& L = *m_layout;
        const double top = graphBox.bottom(); // largest y in Graphviz's frame
        const double left = graphBox.left();
        const auto flip = [&](QPointF p) { return QPointF(p.x() - left, top - p.y()); };
        const auto flipRect = [&](const QRectF& r) {
            return QRectF(flip(r.bottomLeft()), flip(r.topRight())).normalized();
        };

        // QRectF::united() skips empty rectangles, and points are empty: extend by hand.
        double x0 = 0, y0 = 0, x1 = graphBox.width(), y1 = graphBox.height();
        const auto extend = [&](QPointF p) {
            x0 = std::min(x0, p.x());
            y0 = std::min(y0, p.y());
            x1 = std::max(x1, p.x());
            y1 = std::max(y1, p.y());
        };
        const auto extendRect = [&](const QRectF& r) {
            extend(r.topLeft());
            extend(r.bottomRight());
        };
        for (LaidOutNode& n : L.nodes) {
            n.center = flip(n.center);
            extendRect(QRectF(n.center - QPointF(n.size.width() / 2, n.size.height() / 2), n.size));
        }
        for (LaidOutCluster& c : L.clusters) {
            c.box = flipRect(c.box);
            c.labelPos = flip(c.labelPos);
            extendRect(c.box);
        }
        for (LaidOutEdge& e : L.edges) {
            for (QPointF& p : e.spline) {
                p = flip(p);
                extend(p);
            }
            if (e.arrowTip) {
                e.arrowTip = flip(*e.arrowTip);
                extend(*e.arrowTip);
            }
            if (e.labelPos) {
                e.labelPos = flip(*e.labelPos);
                extend(*e.labelPos);
            }
        }
        const QRectF bounds(QPointF(x0, y0), QPointF(x1, y1));
        // Computed cluster boxes may reach past Graphviz's own bounding box; shift so bounds start at 0.
        const QPointF shift = -bounds.topLeft();
        if (!shift.isNull()) {
            for (LaidOutNode& n : L.nodes)
                n.center += shift;
            for (LaidOutCluster& c : L.clusters) {
                c.box.translate(shift);
                c.labelPos += shift;
            }
            for (LaidOutEdge& e : L.edges) {
                for (QPointF& p : e.spline)
                    p += shift;
                if (e.arrowTip)
                    *e.arrowTip += shift;
                if (e.labelPos)
                    *e.labelPos += shift;
            }
        }
        L.bounds = QRectF(QPointF(0, 0), bounds.size());
    }

    GraphSpecPtr m_spec;
    QString m_engine;
    std::shared_ptr<GraphLayout> m_layout;
    ParseFailure m_failure;
};

} // namespace

bool engineLaysOutClusters(QStringView engine)
{
    return engine == u"dot" || engine == u"fdp" || engine == u"osage" || engine == u"patchwork";
}

Result<GraphLayoutPtr> parseGraphvizJson(const QByteArray& json, GraphSpecPtr spec, const QString& engine)
{
    if (!spec) {
        LoadError e;
        e.file = QStringLiteral("Graphviz %1 output").arg(engine);
        e.message = QStringLiteral("no graph to lay out");
        return e;
    }
    return Parser(std::move(spec), engine).run(json);
}

} // namespace numasight
