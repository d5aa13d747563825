// SPDX-License-Identifier: GPL-3.0-or-later
// The topology graph under the options a user sets: level of detail, filters, stable ids, cache keys, the
// figures of samples, several hosts and the legend.
//
// Expected values are facts about the fixtures found outside the code under test (see tst_graph_spec).
#include "graph/dot_writer.h"
#include "graph/graph_spec.h"
#include "readers/hwloc_reader.h"
#include "readers/open_input.h"
#include "support/graph_spec_checks.h"

#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTest>

#include <algorithm>
#include <map>

using namespace numasight;
using namespace numasight::test;

class TestGraphOptions : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void levelOfDetail_data();
    void levelOfDetail();
    void filters_data();
    void filters();
    void stableIds_data();
    void stableIds();
    void cacheKey_data();
    void cacheKey();
    void fromSamples();
    void twoHosts();
    void legendCoversMarks_data();
    void legendCoversMarks();
    void unknownFlows_data();
    void unknownFlows();

private:
    std::map<QString, SnapshotPtr> m_fixtures;
    SnapshotPtr m_witty, m_dgx2;
};

void TestGraphOptions::initTestCase()
{
    QVERIFY(loadGraphFixtures(m_fixtures, m_witty, m_dgx2));
}

void TestGraphOptions::levelOfDetail_data()
{
    QTest::addColumn<QString>("input"); // fixture, or "synthetic" for the 16-node machine of the issue
    QTest::addColumn<GraphOptions>("options");
    QTest::addColumn<QStringList>("present"); // node ids that must exist ("!id" must not)
    QTest::addColumn<QString>("cluster");     // a cluster whose node count is checked
    QTest::addColumn<int>("nodesInCluster");

    GraphOptions o = viewOptions(GraphView::Machine);
    // 16 nodes of 32 PUs each (> 16): one "CPU a–b" node per NUMA node, 16+16+8 nodes in all.
    QTest::newRow("synthetic folded")
        << QStringLiteral("synthetic") << o << QStringList{"cpus0", "cpus15", "!core0", "npu0000:10:00.0"}
        << QStringLiteral("cluster_numa0") << 3;
    GraphOptions e = o;
    e.expanded = {QStringLiteral("cpus0")};
    // Node 0 expanded: its 16 cores (2 PUs each) instead of the range; the others stay folded.
    QTest::newRow("synthetic cpus0 expanded")
        << QStringLiteral("synthetic") << e << QStringList{"!cpus0", "cpus1", "core0", "core15"}
        << QStringLiteral("cluster_numa0") << 1 + 16 + 1;
    GraphOptions f = e;
    f.folded = {QStringLiteral("core3")};
    QTest::newRow("folded again through a part")
        << QStringLiteral("synthetic") << f << QStringList{"cpus0", "!core0"}
        << QStringLiteral("cluster_numa0") << 3;
    GraphOptions g = o;
    g.cpuRangeLimit = 32;
    // 32 PUs is not more than the limit: expanded by default.
    QTest::newRow("limit 32") << QStringLiteral("synthetic") << g << QStringList{"!cpus0", "core0"}
                              << QStringLiteral("cluster_numa5") << 1 + 16;
    GraphOptions h = g;
    h.folded = {QStringLiteral("cpus5")};
    QTest::newRow("limit 32, node 5 folded")
        << QStringLiteral("synthetic") << h << QStringList{"cpus5", "core0"}
        << QStringLiteral("cluster_numa5") << 2;

    // DGX-2: 28 PCI bridges and 6 NVSwitch functions beside the 8 GPUs under package 0 (lstopo).
    GraphOptions d = viewOptions(GraphView::Machine);
    QTest::newRow("DGX-2 devices folded")
        << QStringLiteral("hwloc/nvidiaDGX2.xml") << d << QStringList{"devices_numa0", "!pci0000:61:00.0"}
        << QStringLiteral("cluster_numa0") << 1 + 2 + 8 + 1;
    // Expanded: the I/O tree, the 28 bridges as boxes around the 6 NVSwitch functions and 8 GPUs.
    d.expanded = {QStringLiteral("devices_numa0")};
    QTest::newRow("DGX-2 devices expanded")
        << QStringLiteral("hwloc/nvidiaDGX2.xml") << d
        << QStringList{"!devices_numa0", "pci0000:61:00.0", "devices_numa1"}
        << QStringLiteral("cluster_numa0") << 1 + 2 + 8 + 34;

    // witty: 1895087 has 4 threads in graph.json (1895087, 1896010, 1896232, 1896233).
    GraphOptions w = viewOptions(GraphView::Combined);
    QTest::newRow("witty threads folded")
        << QStringLiteral("witty-profiler/graph.json") << w << QStringList{"proc1895087", "!thr1896232"}
        << QStringLiteral("cluster_numa7") << 2 + 4;
    w.expanded = {QStringLiteral("proc1895087")};
    QTest::newRow("witty 1895087 expanded")
        << QStringLiteral("witty-profiler/graph.json") << w
        << QStringList{"proc1895087", "thr1895087", "thr1896010", "thr1896232", "thr1896233"}
        << QStringLiteral("cluster_proc1895087") << 5;
    w.view = GraphView::Dataflow;
    QTest::newRow("witty dataflow expanded")
        << QStringLiteral("witty-profiler/graph.json") << w << QStringList{"thr1896232"}
        << QStringLiteral("cluster_proc1895087") << 5;
}

void TestGraphOptions::levelOfDetail()
{
    QFETCH(QString, input);
    QFETCH(GraphOptions, options);
    QFETCH(QStringList, present);
    QFETCH(QString, cluster);
    QFETCH(int, nodesInCluster);
    const SnapshotPtr s =
        input == QLatin1String("synthetic") ? test::bigSyntheticMachine() : m_fixtures[input];
    QVERIFY(s);
    const GraphSpecPtr spec = buildGraph(*s, options);
    for (const QString& p : present) {
        if (p.startsWith(QLatin1Char('!')))
            QVERIFY2(!spec->node(p.mid(1)), qPrintable(p));
        else
            QVERIFY2(spec->node(p), qPrintable(p));
    }
    // Nodes in the box or in boxes inside it (an expanded device group is the place's PCI tree).
    const auto inside = [&](QString c) {
        for (int depth = 0; !c.isEmpty() && depth < 64; ++depth) {
            if (c == cluster)
                return true;
            const GraphCluster* box = spec->cluster(c);
            c = box ? box->parent : QString();
        }
        return false;
    };
    const int count = int(std::count_if(spec->nodes.begin(), spec->nodes.end(),
                                        [&](const GraphNode& n) { return inside(n.cluster); }));
    // A bridge with devices behind it is a box of the tree: it counts as a device drawn there.
    const int bridges =
        int(std::count_if(spec->clusters.begin(), spec->clusters.end(), [&](const GraphCluster& c) {
            return c.entity.isValid() && c.kind == EntityKind::PciDevice && c.id != cluster && inside(c.id);
        }));
    QCOMPARE(count + bridges, nodesInCluster);

    if (const GraphNode* range = spec->node(u"cpus0")) {
        QVERIFY(range->expandable);
        if (input == QLatin1String("synthetic")) {
            QCOMPARE(range->label, QStringLiteral("CPU 0–31"));
            QCOMPARE(int(range->members.size()), 32);
        }
    }
    if (const GraphNode* core = spec->node(u"core0")) {
        QVERIFY(core->expanded);
        QCOMPARE(core->foldGroup, QStringLiteral("cpus0"));
        QCOMPARE(int(core->members.size()), 2); // SMT2
    }
    if (const GraphNode* group = spec->node(u"devices_numa0")) {
        QVERIFY(group->expandable);
        QCOMPARE(group->label, QStringLiteral("34 PCI devices"));
        QCOMPARE(int(group->members.size()), 34);
    }
    if (const GraphNode* p = spec->node(u"proc1895087")) {
        QCOMPARE(p->expanded, options.expanded.contains(QStringLiteral("proc1895087")));
        QCOMPARE(p->expandable, !p->expanded);
        QCOMPARE(int(p->members.size()), 4);
    }
}

void TestGraphOptions::filters_data()
{
    QTest::addColumn<GraphOptions>("options");
    QTest::addColumn<QStringList>("processes"); // pids drawn, sorted as text
    QTest::addColumn<int>("threads");
    QTest::addColumn<int>("accelerators");
    QTest::addColumn<int>("numaClusters");

    const QStringList all{"1893666", "1893833", "1894499", "1894856", "1895087", "1895088",
                          "1895089", "1895090", "3821705", "3821739", "6808",    "6928"};
    GraphOptions o = viewOptions(GraphView::Combined);
    QTest::newRow("no filter") << o << all << 0 << 8 << 8;
    GraphOptions a = o;
    a.hiddenKinds = {EntityKind::Accelerator};
    QTest::newRow("hide accelerators") << a << all << 0 << 0 << 8;
    GraphOptions n = o;
    n.hiddenKinds = {EntityKind::NumaNode};
    // The NUMA boxes go, their contents move up; the processes stay (all 12 drawn one by one here: folding
    // the box they move into is tst_graph_lod's).
    n.processesPerNode = 0;
    QTest::newRow("hide NUMA nodes") << n << all << 0 << 8 << 0;
    GraphOptions p = o;
    p.hiddenKinds = {EntityKind::Process};
    QTest::newRow("hide processes") << p << QStringList{} << 0 << 8 << 8;
    // Share of all thread CPU time (numa_index_to_cpu_runtime summed per process in graph.json):
    // 1895087 24.4 %, 1895090 23.4 %, 1895089 18.7 %, 1895088 18.5 %, 1894856 13.7 %, the rest < 1 %.
    GraphOptions m5 = o;
    m5.minMetric = 0.05;
    QTest::newRow("min 5 %") << m5 << QStringList{"1894856", "1895087", "1895088", "1895089", "1895090"} << 0
                             << 8 << 8;
    GraphOptions m20 = o;
    m20.minMetric = 0.2;
    QTest::newRow("min 20 %") << m20 << QStringList{"1895087", "1895090"} << 0 << 8 << 8;
    GraphOptions t = m20;
    t.expanded = {QStringLiteral("proc1895087")};
    // Threads of 1895087 with at least 20 % of all CPU time: none (1895087 itself has 17.2 %).
    QTest::newRow("min 20 %, expanded") << t << QStringList{"1895087", "1895090"} << 0 << 8 << 8;
    GraphOptions t5 = t;
    t5.minMetric = 0.05;
    // ... with 5 %: the main thread (17.2 %) and acl_thread 1896232 (6.7 %).
    QTest::newRow("min 5 %, expanded")
        << t5 << QStringList{"1894856", "1895087", "1895088", "1895089", "1895090"} << 2 << 8 << 8;
    GraphOptions ht = t5;
    ht.hiddenKinds = {EntityKind::Thread};
    QTest::newRow("min 5 %, expanded, threads hidden")
        << ht << QStringList{"1894856", "1895087", "1895088", "1895089", "1895090"} << 0 << 8 << 8;
}

void TestGraphOptions::filters()
{
    QFETCH(GraphOptions, options);
    QFETCH(QStringList, processes);
    QFETCH(int, threads);
    QFETCH(int, accelerators);
    QFETCH(int, numaClusters);
    const GraphSpecPtr spec = buildGraph(*m_witty, options);
    QStringList pids;
    for (const GraphNode& n : spec->nodes)
        if (n.kind == EntityKind::Process)
            pids << n.id.mid(4);
    pids.sort();
    QStringList expected = processes;
    expected.sort();
    QCOMPARE(pids, expected);
    QCOMPARE(countKind(*spec, EntityKind::Thread), threads);
    QCOMPARE(countKind(*spec, EntityKind::Accelerator), accelerators);
    QCOMPARE(int(std::count_if(spec->clusters.begin(), spec->clusters.end(),
                               [](const GraphCluster& c) { return c.kind == EntityKind::NumaNode; })),
             numaClusters);
    for (const GraphNode& n : spec->nodes) {
        QVERIFY(!options.hiddenKinds.contains(n.kind));
        if (n.kind == EntityKind::Process || n.kind == EntityKind::Thread)
            QVERIFY2(n.metric >= options.minMetric, qPrintable(n.id));
        QVERIFY2(n.cluster.isEmpty() || spec->cluster(n.cluster), qPrintable(n.id));
    }
    for (const GraphEdge& e : spec->edges)
        QVERIFY2(spec->node(e.from) && spec->node(e.to), qPrintable(e.id));
    if (options.hiddenKinds.contains(EntityKind::Accelerator))
        QVERIFY(std::none_of(spec->edges.begin(), spec->edges.end(),
                             [](const GraphEdge& e) { return e.role == GraphEdgeRole::DeviceUse; }));
    if (options.hiddenKinds.contains(EntityKind::Thread)) {
        QVERIFY(!spec->node(u"proc1895087")->expandable);
        QVERIFY(!spec->cluster(u"cluster_proc1895087"));
    }
}

// The same entity keeps its id: across rebuilds, across a fresh load of the same file, and across views.
void TestGraphOptions::stableIds_data()
{
    QTest::addColumn<QString>("file");
    for (const QString& f : fixtureFiles())
        QTest::newRow(qPrintable(f)) << f;
}

void TestGraphOptions::stableIds()
{
    QFETCH(QString, file);
    const SnapshotPtr again = loadFixture(file);
    QVERIFY(again);
    for (GraphView v : {GraphView::Machine, GraphView::Dataflow, GraphView::Combined}) {
        const GraphSpecPtr a = buildGraph(*m_fixtures[file], viewOptions(v));
        const GraphSpecPtr b = buildGraph(*again, viewOptions(v));
        QCOMPARE(nodeIds(*a), nodeIds(*b));
        QCOMPARE(toDot(*a), toDot(*b));
        // Entity -> id is one function of the entity, whatever the view.
        const GraphSpecPtr other = buildGraph(*again, viewOptions(GraphView::Combined));
        for (const GraphNode& n : a->nodes) {
            if (!n.entity.isValid())
                continue;
            const GraphNode* m = nodeForEntity(*other, n.entity);
            if (m && m->kind == n.kind)
                QCOMPARE(m->id, n.id);
        }
    }
    // Expanding one thing changes no other id.
    GraphOptions folded = viewOptions(GraphView::Combined);
    GraphOptions expanded = folded;
    expanded.expanded = {QStringLiteral("proc1895087"), QStringLiteral("cpus0")};
    const QSet<QString> before = nodeIds(*buildGraph(*m_fixtures[file], folded));
    const QSet<QString> after = nodeIds(*buildGraph(*m_fixtures[file], expanded));
    for (const QString& id : before)
        if (id != QLatin1String("cpus0"))
            QVERIFY2(after.contains(id), qPrintable(id));
}

void TestGraphOptions::cacheKey_data()
{
    QTest::addColumn<GraphOptions>("a");
    QTest::addColumn<GraphOptions>("b");
    QTest::addColumn<bool>("same");
    const GraphOptions base;
    QTest::newRow("defaults") << base << GraphOptions{} << true;
    GraphOptions v = base;
    v.view = GraphView::Machine;
    QTest::newRow("view") << base << v << false;
    GraphOptions e1 = base, e2 = base;
    e1.expanded = {QStringLiteral("cpus0"), QStringLiteral("proc7")};
    e2.expanded = {QStringLiteral("proc7"), QStringLiteral("cpus0")};
    QTest::newRow("expanded, other insertion order") << e1 << e2 << true;
    QTest::newRow("expanded") << base << e1 << false;
    GraphOptions j1 = base, j2 = base;
    j1.expanded = {QStringLiteral("a,b")};
    j2.expanded = {QStringLiteral("a"), QStringLiteral("b")};
    QTest::newRow("ids are not split") << j1 << j2 << false;
    GraphOptions x1 = base, x2 = base;
    x1.expanded = {QStringLiteral("cpus0")};
    x2.folded = {QStringLiteral("cpus0")};
    QTest::newRow("expanded vs folded") << x1 << x2 << false;
    GraphOptions h = base;
    h.hiddenKinds = {EntityKind::Thread};
    QTest::newRow("hiddenKinds") << base << h << false;
    GraphOptions h2 = base;
    h2.hiddenKinds = {EntityKind::PciDevice};
    QTest::newRow("hiddenKinds differ") << h << h2 << false;
    GraphOptions m1 = base, m2 = base;
    m1.minMetric = 0.1;
    m2.minMetric = 0.1000001;
    QTest::newRow("minMetric") << base << m1 << false;
    QTest::newRow("minMetric close") << m1 << m2 << false;
    GraphOptions c = base;
    c.cpuRangeLimit = 17;
    QTest::newRow("cpuRangeLimit") << base << c << false;
}

void TestGraphOptions::cacheKey()
{
    QFETCH(GraphOptions, a);
    QFETCH(GraphOptions, b);
    QFETCH(bool, same);
    QCOMPARE(a.cacheKey() == b.cacheKey(), same);
    // Equal keys must mean equal graphs.
    if (same)
        QCOMPARE(toDot(*buildGraph(*m_witty, a)), toDot(*buildGraph(*m_witty, b)));
}

void TestGraphOptions::fromSamples()
{
    const SnapshotPtr s = miniMachine();
    const SamplePtr sample = miniSample();
    const std::vector<SamplePtr> window{sample};

    // Without samples the mini machine has no figures: the process sits outside the NUMA boxes.
    const GraphSpecPtr bare = buildGraph(*s, viewOptions(GraphView::Combined));
    QCOMPARE(bare->node(u"proc100")->cluster, QString());
    QCOMPARE(bare->node(u"proc100")->locality, EdgeLocality::Neutral);

    const GraphSpecPtr spec = buildGraph(*s, viewOptions(GraphView::Combined), window);
    const GraphNode* p = spec->node(u"proc100");
    QVERIFY(p);
    QCOMPARE(p->cluster, QStringLiteral("cluster_numa0")); // 3 of 4 s on CPU 0
    QCOMPARE(p->label, QStringLiteral("worker (100)\n75 % on node 0"));
    QCOMPARE(p->metric, 1.0); // the only process with CPU time
    QCOMPARE(p->locality, EdgeLocality::Mismatch);
    const GraphEdge* runs =
        findEdge(*spec, QStringLiteral("proc100"), QStringLiteral("numa1"), GraphEdgeRole::RunsOn);
    QVERIFY(runs);
    QCOMPARE(runs->label, QStringLiteral("25 %"));
    QCOMPARE(runs->locality, EdgeLocality::Remote);
    const GraphEdge* mem =
        findEdge(*spec, QStringLiteral("proc100"), QStringLiteral("numa1"), GraphEdgeRole::MemoryOn);
    QVERIFY(mem);
    QCOMPARE(mem->label, QStringLiteral("3.5 MiB (90 %)")); // 900 pages x 4 KiB
    QCOMPARE(mem->locality, EdgeLocality::Mismatch);
    const GraphEdge* local =
        findEdge(*spec, QStringLiteral("proc100"), QStringLiteral("numa0"), GraphEdgeRole::MemoryOn);
    QVERIFY(local);
    QCOMPARE(local->locality, EdgeLocality::Local);
    const GraphEdge* npu = findEdge(*spec, QStringLiteral("proc100"), QStringLiteral("npu0000:81:00.0"),
                                    GraphEdgeRole::DeviceUse);
    QVERIFY(npu);
    QCOMPARE(npu->locality, EdgeLocality::Mismatch);
    const GraphEdge* flow =
        findEdge(*spec, QStringLiteral("proc100"), QStringLiteral("peer10.0.0.8"), GraphEdgeRole::Flow);
    QVERIFY(flow);
    QCOMPARE(flow->label, QStringLiteral("5.0 MiB"));
    QCOMPARE(spec->node(u"peer10.0.0.8")->kind, EntityKind::Socket);

    // Threads expanded: the thread with time carries the RunsOn edges, the idle one none.
    GraphOptions o = viewOptions(GraphView::Dataflow);
    o.expanded = {QStringLiteral("proc100")};
    const GraphSpecPtr threads = buildGraph(*s, o, window);
    QVERIFY(findEdge(*threads, QStringLiteral("thr100"), QStringLiteral("numa0"), GraphEdgeRole::RunsOn));
    QVERIFY(findEdge(*threads, QStringLiteral("thr100"), QStringLiteral("numa1"), GraphEdgeRole::RunsOn));
    QVERIFY(!findEdge(*threads, QStringLiteral("proc100"), QStringLiteral("numa0"), GraphEdgeRole::RunsOn));
    QVERIFY(threads->node(u"thr101"));
    QVERIFY(std::none_of(threads->edges.begin(), threads->edges.end(),
                         [](const GraphEdge& e) { return e.from == QLatin1String("thr101"); }));
}

// witty servers attached together: one snapshot, two namespaces. Each machine gets its own box, and the
// remote one's ids carry its address so they never collide with the local ones.
void TestGraphOptions::twoHosts()
{
    SnapshotBuilder b;
    for (const QString& ns : {QStringLiteral("local"), QStringLiteral("10.0.0.8")}) {
        Entity n = makeEntity(EntityKind::NumaNode, QStringLiteral("0"));
        n.ns = ns;
        n.osIndex = 0;
        n.cpus = IndexSet::range(0, 3);
        b.add(n);
        Entity p = makeEntity(EntityKind::Process, QStringLiteral("42"));
        p.ns = ns;
        p.pid = 42;
        p.name = QStringLiteral("python3");
        b.add(p);
    }
    const SnapshotPtr s = b.finish();
    for (GraphView v : {GraphView::Machine, GraphView::Dataflow, GraphView::Combined}) {
        const GraphSpecPtr spec = buildGraph(*s, viewOptions(v));
        QVERIFY(spec->cluster(u"cluster_host"));
        QVERIFY(spec->cluster(u"cluster_host@10.0.0.8"));
        QCOMPARE(spec->cluster(u"cluster_host@10.0.0.8")->label, QStringLiteral("10.0.0.8"));
        QCOMPARE(specClusterPath(*spec, QStringLiteral("numa0@10.0.0.8")).front(),
                 QStringLiteral("cluster_host@10.0.0.8"));
        QCOMPARE(specClusterPath(*spec, QStringLiteral("numa0")).front(), QStringLiteral("cluster_host"));
        if (v != GraphView::Machine) {
            QVERIFY(spec->node(u"proc42"));
            QVERIFY(spec->node(u"proc42@10.0.0.8"));
        }
        QCOMPARE(dotClusterPath(toDot(*spec), QStringLiteral("numa0@10.0.0.8")).front(),
                 QStringLiteral("cluster_host@10.0.0.8"));
    }
}

// Every mark the graph uses has a legend row: node kinds, mismatched nodes, cluster kinds and tiers, and
// each edge role with each locality.
void TestGraphOptions::legendCoversMarks_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<GraphView>("view");
    for (const char* f :
         {"witty-profiler/graph.json", "hwloc/nvidiaDGX2.xml", "hwloc/64intel64-fakeKNL-SNC4-hybrid.xml"})
        for (GraphView v : {GraphView::Machine, GraphView::Dataflow, GraphView::Combined})
            QTest::addRow("%s %s", f, qPrintable(graphViewName(v))) << QString::fromLatin1(f) << v;
}

void TestGraphOptions::legendCoversMarks()
{
    QFETCH(QString, file);
    QFETCH(GraphView, view);
    const GraphSpecPtr spec = buildGraph(*m_fixtures[file], viewOptions(view));
    QSet<QString> marks;
    for (const LegendEntry& e : spec->legend) {
        QVERIFY2(!e.description.isEmpty(), qPrintable(e.mark));
        marks.insert(e.mark);
    }
    for (const GraphNode& n : spec->nodes) {
        QVERIFY2(marks.contains(QStringLiteral("node:") + entityKindName(n.kind)), qPrintable(n.id));
        if (n.locality == EdgeLocality::Mismatch)
            QVERIFY(marks.contains(QStringLiteral("node:") + entityKindName(n.kind) +
                                   QStringLiteral(":Mismatch")));
    }
    for (const GraphCluster& c : spec->clusters) {
        QVERIFY(marks.contains(QStringLiteral("cluster:") + entityKindName(c.kind)));
        if (!c.memoryTier.isEmpty())
            QVERIFY(marks.contains(QStringLiteral("cluster:NUMANode:") + c.memoryTier));
    }
    for (const GraphEdge& e : spec->edges)
        QVERIFY2(marks.contains(
                     QStringLiteral("edge:%1:%2").arg(graphEdgeRoleName(e.role), localityName(e.locality))),
                 qPrintable(e.id));
}

// procfs sees which sockets connect, not their bytes: such flows are hidden unless asked for, and counted.
void TestGraphOptions::unknownFlows_data()
{
    QTest::addColumn<bool>("show");
    QTest::addColumn<bool>("volumesKnown");
    QTest::addColumn<QString>("label"); // of the flow edge; empty: not drawn
    QTest::addColumn<QString>("note");  // in hiddenNotes; empty: none about flows
    QTest::newRow("unknown, hidden by default") << false << false << ""
                                                << "1 flow(s) of unknown volume hidden";
    QTest::newRow("unknown, shown when asked") << true << false << "volume unknown"
                                               << "";
    QTest::newRow("known, always drawn") << false << true << "5.0 MiB"
                                         << "";
    QTest::newRow("known, with unknown shown") << true << true << "5.0 MiB"
                                               << "";
}

void TestGraphOptions::unknownFlows()
{
    QFETCH(bool, show);
    QFETCH(bool, volumesKnown);
    QFETCH(QString, label);
    QFETCH(QString, note);
    auto sample = std::make_shared<Sample>(*miniSample());
    sample->flows.front().volumesKnown = volumesKnown;
    sample->flows.front().mode = volumesKnown ? CollectionMode::Ebpf : CollectionMode::Procfs;
    GraphOptions o = viewOptions(GraphView::Combined);
    QVERIFY(!o.showUnknownFlows); // the default
    o.showUnknownFlows = show;
    const GraphSpecPtr spec = buildGraph(*miniMachine(), o, std::vector<SamplePtr>{sample});
    const GraphEdge* flow =
        findEdge(*spec, QStringLiteral("proc100"), QStringLiteral("peer10.0.0.8"), GraphEdgeRole::Flow);
    QCOMPARE(flow ? flow->label : QString(), label);
    QCOMPARE(spec->hiddenNotes.filter(QStringLiteral("flow")).join(QLatin1Char('|')), note);
    GraphOptions other = o;
    other.showUnknownFlows = !show;
    QVERIFY(o.cacheKey() != other.cacheKey());
}

QTEST_GUILESS_MAIN(TestGraphOptions)
#include "tst_graph_options.moc"
