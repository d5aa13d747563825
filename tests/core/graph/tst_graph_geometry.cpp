// SPDX-License-Identifier: GPL-3.0-or-later
// The packed layout, checked on what users embed: the layout JSON (`export --format json`). For every hwloc
// topology in the fixtures (the directory is listed, so a machine added there is checked too), the witty
// capture and synthetic machines, in each view: no two boxes or nodes of one box overlap, everything lies
// inside its box, NUMA nodes and packages read in OS-index order, the machine view is not a strip, and no
// edge label covers another label, a box label or a node. A recording's layout keeps its places.
#include "graph/box_packer.h"
#include "graph/edge_router.h"
#include "graph/graph_layout.h"
#include "graph/layout_document.h"
#include "readers/hwloc_reader.h"
#include "support/synthetic_machine.h"
#include "support/test_fixtures.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <map>

using namespace numasight;

namespace {

QRectF rectOf(const QJsonObject& o)
{
    return {o.value(QLatin1String("x")).toDouble(), o.value(QLatin1String("y")).toDouble(),
            o.value(QLatin1String("w")).toDouble(), o.value(QLatin1String("h")).toDouble()};
}

QString show(const QRectF& r)
{
    return QStringLiteral("(%1,%2 %3x%4)").arg(r.x()).arg(r.y()).arg(r.width()).arg(r.height());
}

// Rectangles that share more than a hair (coordinates are rounded to hundredths in the JSON).
bool overlap(const QRectF& a, const QRectF& b)
{
    const QRectF i = a.intersected(b);
    return i.width() > 0.05 && i.height() > 0.05;
}

SnapshotPtr snapshotOf(const QString& input)
{
    if (input.startsWith(QLatin1String("synthetic:")))
        return readHwlocSynthetic(input.mid(10)).value()->snapshots.front();
    if (input == u"big")
        return test::bigSyntheticMachine();
    const CapturePtr c = test::loadCapture(input);
    return c ? c->snapshots.back() : nullptr;
}

GraphLayoutPtr packed(const GraphSpecPtr& spec, GraphLayoutPtr previous = {}, bool live = false)
{
    LayoutOptions o;
    o.previous = std::move(previous);
    o.live = live;
    const auto r = layoutGraph(spec, o, Progress::none());
    if (!r)
        qWarning("%s", qPrintable(r.error().toString()));
    return r ? r.value() : nullptr;
}

// A copy of `snapshot` with one more process: a clone of `pid` (its threads and edges too) as `newPid`.
SnapshotPtr withClonedProcess(const Snapshot& snapshot, std::int64_t pid, std::int64_t newPid)
{
    SnapshotBuilder b;
    test::addSnapshot(b, snapshot);
    std::map<std::int32_t, EntityId> clone;
    EntityId original;
    for (EntityId p : snapshot.ofKind(EntityKind::Process))
        if (snapshot.entity(p).pid == pid)
            original = p;
    if (!original.isValid())
        return nullptr;
    Entity p = snapshot.entity(original);
    p.pid = newPid;
    p.key = QString::number(newPid);
    clone[original.value] = b.add(p);
    for (EntityId t : snapshot.ofKind(EntityKind::Thread)) {
        Entity th = snapshot.entity(t);
        if (th.parent != original)
            continue;
        th.tid += newPid * 10;
        th.key = QString::number(th.tid);
        th.parent = clone[original.value];
        clone[t.value] = b.add(th);
    }
    for (const Edge& e : snapshot.edges()) {
        const bool from = clone.count(e.source.value) > 0, to = clone.count(e.target.value) > 0;
        if (!from && !to)
            continue;
        Edge copy = e;
        if (from)
            copy.source = clone[e.source.value];
        if (to)
            copy.target = clone[e.target.value];
        b.addEdge(copy);
    }
    return b.finish();
}

std::map<QString, QRectF> placesOf(const GraphLayout& l)
{
    std::map<QString, QRectF> out;
    for (const LaidOutCluster& c : l.clusters)
        out[c.id] = c.box;
    for (const LaidOutNode& n : l.nodes)
        out[n.id] = QRectF(n.center - QPointF(n.size.width() / 2, n.size.height() / 2), n.size);
    return out;
}

} // namespace

class TestGraphGeometry : public QObject
{
    Q_OBJECT

private slots:
    void geometry_data();
    void geometry();
    void stableLive();
    void labelsWithoutRoom();
};

void TestGraphGeometry::geometry_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<int>("view");
    QStringList inputs;
    const QDir hwloc(QStringLiteral(NUMASIGHT_FIXTURES "/hwloc"));
    for (const QString& f : hwloc.entryList({QStringLiteral("*.xml")}, QDir::Files, QDir::Name))
        inputs << hwloc.filePath(f);
    QVERIFY2(inputs.size() >= 5, "the hwloc fixtures are missing");
    inputs << QStringLiteral(NUMASIGHT_FIXTURES "/witty-profiler/graph.json")
           << QStringLiteral("synthetic:pack:4 group:2 [numa] core:12 pu:2")
           << QStringLiteral("synthetic:pack:2 [numa] l3:1 l2:4 core:1 pu:2") << QStringLiteral("big");
    for (const QString& in : inputs)
        for (GraphView v : {GraphView::Machine, GraphView::Dataflow, GraphView::Combined})
            QTest::newRow(qPrintable(QFileInfo(in).fileName() + QLatin1Char(' ') + graphViewName(v)))
                << in << int(v);
}

void TestGraphGeometry::geometry()
{
    QFETCH(QString, input);
    QFETCH(int, view);
    const SnapshotPtr snapshot = snapshotOf(input);
    QVERIFY(snapshot);
    GraphOptions options;
    options.view = GraphView(view);
    const GraphLayoutPtr layout = packed(buildGraph(*snapshot, options));
    QVERIFY(layout);

    const QJsonObject doc = QJsonDocument::fromJson(layoutToJson(*layout)).object();
    QCOMPARE(doc.value(QLatin1String("format")).toString(), QStringLiteral("numasight-layout"));
    const double width = doc.value(QLatin1String("width")).toDouble();
    const double height = doc.value(QLatin1String("height")).toDouble();
    QVERIFY(width > 0 && height > 0);
    const QRectF bounds(0, 0, width, height);

    struct Item
    {
        QString id, kind, parent, type;
        int os = -1;
        QRectF rect;
        QPointF labelPos;
        QString label;
    };
    std::map<QString, Item> items;
    std::map<QString, std::vector<QString>> children;
    const QJsonArray jsonItems = doc.value(QLatin1String("items")).toArray();
    QCOMPARE(size_t(jsonItems.size()), layout->spec->nodes.size() + layout->spec->clusters.size());
    for (const QJsonValue& v : jsonItems) {
        const QJsonObject o = v.toObject();
        Item it{o.value(QLatin1String("id")).toString(),
                o.value(QLatin1String("kind")).toString(),
                o.value(QLatin1String("parent")).toString(),
                o.value(QLatin1String("type")).toString(),
                o.value(QLatin1String("os_index")).toInt(-1),
                rectOf(o),
                {},
                o.value(QLatin1String("label")).toString()};
        const QJsonArray lp = o.value(QLatin1String("label_pos")).toArray();
        if (lp.size() == 2)
            it.labelPos = QPointF(lp[0].toDouble(), lp[1].toDouble());
        QVERIFY2(it.rect.width() > 0 && it.rect.height() > 0, qPrintable(it.id));
        QVERIFY2(bounds.adjusted(-0.05, -0.05, 0.05, 0.05).contains(it.rect),
                 qPrintable(it.id + show(it.rect)));
        children[it.parent].push_back(it.id);
        items[it.id] = it;
    }

    // Inside the parent box, below its label; siblings apart.
    std::vector<QRectF> labels;
    for (const auto& [id, it] : items) {
        if (it.type == u"box" && !it.label.isEmpty()) {
            const QSizeF s = estimateTextSize(it.label, kPackClusterFont);
            labels.push_back(QRectF(it.labelPos - QPointF(s.width() / 2, s.height() / 2), s));
        }
        if (it.parent.isEmpty())
            continue;
        QVERIFY2(items.count(it.parent), qPrintable(id + " has an unknown parent " + it.parent));
        const QRectF outer = items[it.parent].rect;
        QVERIFY2(outer.adjusted(-0.05, -0.05, 0.05, 0.05).contains(it.rect),
                 qPrintable(id + show(it.rect) + " outside " + it.parent + show(outer)));
    }
    for (const auto& [parent, ids] : children) {
        for (size_t i = 0; i < ids.size(); ++i)
            for (size_t j = i + 1; j < ids.size(); ++j)
                QVERIFY2(!overlap(items[ids[i]].rect, items[ids[j]].rect),
                         qPrintable(ids[i] + show(items[ids[i]].rect) + " overlaps " + ids[j] +
                                    show(items[ids[j]].rect) + " in " + parent));
        // Reading order of the hardware: a node or package with a higher OS index never comes before one
        // with a lower index (above it, or to its left on the same row).
        for (const char* kind : {"NUMANode", "Package"}) {
            std::vector<Item> row;
            for (const QString& id : ids)
                if (items[id].kind == QLatin1String(kind) && items[id].type == u"box" && items[id].os >= 0)
                    row.push_back(items[id]);
            std::sort(row.begin(), row.end(), [](const Item& a, const Item& b) { return a.os < b.os; });
            for (size_t i = 1; i < row.size(); ++i) {
                const QRectF a = row[i - 1].rect, b = row[i].rect;
                const bool below = b.top() >= a.bottom() - 0.05;
                const bool right = std::abs(b.top() - a.top()) < 0.05 && b.left() >= a.right() - 0.05;
                QVERIFY2(below || right, qPrintable(QStringLiteral("%1 %2 %3 is not after %4 %5")
                                                        .arg(QLatin1String(kind))
                                                        .arg(row[i].os)
                                                        .arg(show(b))
                                                        .arg(row[i - 1].os)
                                                        .arg(show(a))));
            }
        }
    }
    if (GraphView(view) == GraphView::Machine) {
        const double ratio = width / height;
        QVERIFY2(ratio >= 1.0 / 3 && ratio <= 3.0, qPrintable(QStringLiteral("aspect %1").arg(ratio)));
    }

    // Edge labels: on free room, never over another label, a box label or a node.
    std::vector<QRectF> placed;
    for (const QJsonValue& v : doc.value(QLatin1String("edges")).toArray()) {
        const QJsonObject e = v.toObject();
        QVERIFY(items.count(e.value(QLatin1String("from")).toString()));
        QVERIFY(items.count(e.value(QLatin1String("to")).toString()));
        QVERIFY(e.value(QLatin1String("polyline")).toArray().size() >= 2);
        const QJsonArray lp = e.value(QLatin1String("label_pos")).toArray();
        if (lp.size() != 2)
            continue;
        const QRectF r = edgeLabelBox(e.value(QLatin1String("label")).toString(),
                                      QPointF(lp[0].toDouble(), lp[1].toDouble()));
        for (const QRectF& other : placed)
            QVERIFY2(!overlap(r, other), qPrintable(e.value(QLatin1String("id")).toString()));
        for (const QRectF& l : labels)
            QVERIFY2(!overlap(r, l),
                     qPrintable(e.value(QLatin1String("id")).toString() + " over a box label"));
        for (const auto& [id, it] : items)
            if (it.type == u"node")
                QVERIFY2(!overlap(r, it.rect),
                         qPrintable(e.value(QLatin1String("id")).toString() + " over node " + id));
        placed.push_back(r);
    }
}

void TestGraphGeometry::stableLive()
{
    const SnapshotPtr s = snapshotOf(QStringLiteral(NUMASIGHT_FIXTURES "/witty-profiler/graph.json"));
    QVERIFY(s);
    const GraphSpecPtr spec = buildGraph(*s, {});
    const GraphLayoutPtr first = packed(spec, {}, true);
    QVERIFY(first);

    // The same entities again (a sample with new figures): nothing moves.
    const GraphLayoutPtr again = packed(buildGraph(*s, {}), first, true);
    QVERIFY(again);
    QVERIFY(placesOf(*again) == placesOf(*first));

    // A new process, a clone of dockerd (6808): it appears, every other box and node stays.
    const SnapshotPtr grown = withClonedProcess(*s, 6808, 77777);
    QVERIFY(grown);
    const GraphSpecPtr grownSpec = buildGraph(*grown, {});
    QVERIFY(grownSpec->node(u"proc77777"));
    const GraphLayoutPtr next = packed(grownSpec, first, true);
    QVERIFY(next);
    const auto before = placesOf(*first);
    const auto after = placesOf(*next);
    QVERIFY(after.count(QStringLiteral("proc77777")));
    for (const auto& [id, rect] : before) {
        QVERIFY2(after.count(id), qPrintable(id));
        QVERIFY2(after.at(id) == rect, qPrintable(id + show(rect) + " moved to " + show(after.at(id))));
    }
    // And it is inside its box, on free room.
    const GraphNode* n = grownSpec->node(u"proc77777");
    QVERIFY(after.at(n->cluster).contains(after.at(QStringLiteral("proc77777"))));
    for (const auto& [id, rect] : after)
        if (id != u"proc77777" && grownSpec->node(id) && grownSpec->node(id)->cluster == n->cluster)
            QVERIFY2(!overlap(rect, after.at(QStringLiteral("proc77777"))), qPrintable(id));

    // Without the previous layout the same spec gives the same picture: the layout is deterministic.
    const GraphLayoutPtr twice = packed(spec, {}, true);
    QVERIFY(placesOf(*twice) == placesOf(*first));
}

// A label that finds no free room along its edge is left to the tooltip and counted in the notes.
void TestGraphGeometry::labelsWithoutRoom()
{
    auto spec = std::make_shared<GraphSpec>();
    for (int i = 0; i < 2; ++i) {
        GraphNode n;
        n.id = QStringLiteral("n%1").arg(i);
        n.label = QStringLiteral("node %1").arg(i);
        n.kind = EntityKind::Process;
        spec->nodes.push_back(n);
    }
    for (int i = 0; i < 6; ++i) {
        GraphEdge e;
        e.id = QStringLiteral("e%1").arg(i);
        e.from = QStringLiteral("n0");
        e.to = QStringLiteral("n1");
        e.label = QStringLiteral("a rather long label number %1 that cannot fit").arg(i);
        e.role = GraphEdgeRole::Flow;
        spec->edges.push_back(e);
    }
    spec->reindex();
    const GraphLayoutPtr layout = packed(spec);
    QVERIFY(layout);
    int shown = 0;
    for (const LaidOutEdge& e : layout->edges)
        shown += e.labelPos ? 1 : 0;
    QVERIFY(shown < 6);
    QCOMPARE(layout->labelsOnHover, 6 - shown);
}

QTEST_GUILESS_MAIN(TestGraphGeometry)
#include "tst_graph_geometry.moc"
