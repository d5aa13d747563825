// SPDX-License-Identifier: GPL-3.0-or-later
// The topology graph as data and as DOT: what buildGraph() draws for the fixtures, and DOT text that
// Graphviz reads as intended (hostile labels included).
//
// Expected values are facts about the fixtures found outside the code under test: `lstopo-no-graphics -i
// FILE --whole-io -p` for the hwloc files, the witty-profiler format note and a reading of graph.json for
// the witty capture (noted beside each).
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

class TestGraphSpec : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void names();
    void fixturesInDot_data();
    void fixturesInDot();
    void dgx2GpusUnderTheirNodes_data();
    void dgx2GpusUnderTheirNodes();
    void wittyNpusUnderTheirNodes_data();
    void wittyNpusUnderTheirNodes();
    void wittyWorkers_data();
    void wittyWorkers();
    void memoryTiers();
    void distanceTables_data();
    void distanceTables();
    void hostileLabels_data();
    void hostileLabels();
    void dotAttributesPerEngine_data();
    void dotAttributesPerEngine();

private:
    std::map<QString, SnapshotPtr> m_fixtures;
    SnapshotPtr m_witty, m_dgx2;
};

void TestGraphSpec::initTestCase()
{
    QVERIFY(loadGraphFixtures(m_fixtures, m_witty, m_dgx2));
}

void TestGraphSpec::names()
{
    for (GraphView v : {GraphView::Machine, GraphView::Dataflow, GraphView::Combined})
        QCOMPARE(graphViewFromName(graphViewName(v)), std::optional<GraphView>(v));
    QCOMPARE(graphViewName(GraphView::Dataflow), QStringLiteral("dataflow"));
    QVERIFY(!graphViewFromName(u"topology"));
    QCOMPARE(graphEdgeRoleName(GraphEdgeRole::MemoryOn), QStringLiteral("MemoryOn"));
    QCOMPARE(localityName(EdgeLocality::Mismatch), QStringLiteral("Mismatch"));
}

// Every NUMA node and every accelerator is drawn, in every view, with its label, and the DOT defines it
// with exactly that label text.
void TestGraphSpec::fixturesInDot_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<GraphView>("view");
    QTest::addColumn<int>("numaNodes");
    QTest::addColumn<int>("accelerators");
    // NUMA counts: lstopo-no-graphics --only numa. Accelerators: the witty note (8 NPUs), lstopo's 3D
    // controllers with compute OS devices (DGX-2: 16 with nvml0-15; POWER8: 4 with cuda/nvml; the 2n8c2t
    // box: 03:00.0, 83:00.0, 84:00.0 (3D) and 84:00.1 with OpenCL device opencl0d1).
    const std::map<QString, std::pair<int, int>> facts{
        {QStringLiteral("witty-profiler/graph.json"), {8, 8}},
        {QStringLiteral("hwloc/16amd64-4distances.xml"), {8, 0}},
        {QStringLiteral("hwloc/16em64t-4s2c2t.xml"), {1, 0}},
        {QStringLiteral("hwloc/192em64t-24n8c2t.xml"), {24, 0}},
        {QStringLiteral("hwloc/32em64t-2n8c2t-pci-normalio.xml"), {2, 4}},
        {QStringLiteral("hwloc/64intel64-fakeKNL-SNC4-hybrid.xml"), {8, 0}},
        {QStringLiteral("hwloc/8intel64-4n2t-memattrs.xml"), {4, 0}},
        {QStringLiteral("hwloc/96em64t-4n4d3ca2co-pci.xml"), {4, 0}},
        {QStringLiteral("hwloc/fakeheterodistances.xml"), {8, 0}},
        {QStringLiteral("hwloc/memorysidecaches.xml"), {4, 0}},
        {QStringLiteral("hwloc/nvidiaDGX2.xml"), {2, 16}},
        {QStringLiteral("hwloc/power8gpudistances.xml"), {2, 4}},
    };
    for (const QString& f : fixtureFiles())
        for (GraphView v : {GraphView::Machine, GraphView::Dataflow, GraphView::Combined})
            QTest::addRow("%s %s", qPrintable(f), qPrintable(graphViewName(v)))
                << f << v << facts.at(f).first << facts.at(f).second;
}

void TestGraphSpec::fixturesInDot()
{
    QFETCH(QString, file);
    QFETCH(GraphView, view);
    QFETCH(int, numaNodes);
    QFETCH(int, accelerators);
    const Snapshot& s = *m_fixtures[file];
    QCOMPARE(s.countOf(EntityKind::NumaNode), numaNodes);
    QCOMPARE(s.countOf(EntityKind::Accelerator), accelerators);

    const GraphSpecPtr spec = buildGraph(s, viewOptions(view));
    QCOMPARE(spec->view, view);
    const QByteArray dot = toDot(*spec);
    QVERIFY(dot.startsWith("digraph "));

    for (EntityId n : s.numaNodes()) {
        const int os = s.entity(n).osIndex;
        const QString id = QStringLiteral("numa%1").arg(os);
        const GraphNode* g = spec->node(id);
        QVERIFY2(g, qPrintable(id));
        QCOMPARE(g->kind, EntityKind::NumaNode);
        QCOMPARE(g->entity, n);
        // Named where no box names it (data flow); inside its box the memory node shows the memory only.
        if (view == GraphView::Dataflow)
            QVERIFY2(g->label.startsWith(QStringLiteral("NUMA %1").arg(os)), qPrintable(g->label));
        else
            QVERIFY2(!g->label.contains(QStringLiteral("NUMA ")), qPrintable(g->label));
        QVERIFY2(dot.contains(dotQuote(id, false) + " [label=" + dotQuote(g->label, true)), qPrintable(id));
        if (view != GraphView::Dataflow) {
            QCOMPARE(g->cluster, QStringLiteral("cluster_numa%1").arg(os));
            QCOMPARE(spec->cluster(g->cluster)->label.left(QStringLiteral("NUMA %1").arg(os).size()),
                     QStringLiteral("NUMA %1").arg(os));
        }
    }
    int drawn = 0;
    for (EntityId a : s.ofKind(EntityKind::Accelerator)) {
        const GraphNode* g = nodeForEntity(*spec, a);
        QVERIFY2(g, qPrintable(s.entity(a).detail->pciBusId));
        // "GPU 3", or "GPU" alone for a card hwloc gives no index (no nvml/cuda device below it).
        QString head =
            s.entity(a).deviceClass == DeviceClass::Npu ? QStringLiteral("NPU") : QStringLiteral("GPU");
        if (s.entity(a).osIndex >= 0)
            head += QLatin1Char(' ') + QString::number(s.entity(a).osIndex);
        QVERIFY2(g->label.startsWith(head + QLatin1Char('\n')), qPrintable(g->label));
        QVERIFY2(g->label.contains(s.entity(a).detail->pciBusId), qPrintable(g->label));
        QVERIFY2(dot.contains(dotQuote(g->id, false) + " [label=" + dotQuote(g->label, true)),
                 qPrintable(g->id));
        ++drawn;
    }
    QCOMPARE(drawn, accelerators);
    // Every id is unique, every edge joins drawn nodes, every cluster's parent exists before it.
    QCOMPARE(nodeIds(*spec).size(), qsizetype(spec->nodes.size()));
    QSet<QString> clusters;
    for (const GraphCluster& c : spec->clusters) {
        QVERIFY2(c.id.startsWith(QLatin1String("cluster_")), qPrintable(c.id));
        QVERIFY2(c.parent.isEmpty() || clusters.contains(c.parent), qPrintable(c.id));
        clusters.insert(c.id);
    }
    QSet<QString> edgeIds;
    for (const GraphEdge& e : spec->edges) {
        QVERIFY2(spec->node(e.from) && spec->node(e.to), qPrintable(e.id));
        QVERIFY2(!edgeIds.contains(e.id), qPrintable(e.id));
        edgeIds.insert(e.id);
        QVERIFY(e.penWidth >= 1 && e.penWidth <= 6);
    }
}

// lstopo -p --whole-io: 3D controllers 34, 36, 39, 3b, 57, 59, 5c, 5e under Package P#0 with NUMANode P#0;
// b7, b9, bc, be, e0, e2, e5, e7 under Package P#1 with NUMANode P#1. Their nvml indexes follow bus order.
void TestGraphSpec::dgx2GpusUnderTheirNodes_data()
{
    QTest::addColumn<GraphView>("view");
    QTest::newRow("machine") << GraphView::Machine;
    QTest::newRow("combined") << GraphView::Combined;
}

void TestGraphSpec::dgx2GpusUnderTheirNodes()
{
    QFETCH(GraphView, view);
    const GraphSpecPtr spec = buildGraph(*m_dgx2, viewOptions(view));
    const QByteArray dot = toDot(*spec);
    const QStringList node0{"34", "36", "39", "3b", "57", "59", "5c", "5e"};
    const QStringList node1{"b7", "b9", "bc", "be", "e0", "e2", "e5", "e7"};
    int index = 0;
    for (const QStringList* buses : {&node0, &node1}) {
        const int numa = buses == &node0 ? 0 : 1;
        const QStringList expected{QStringLiteral("cluster_pkg%1").arg(numa),
                                   QStringLiteral("cluster_numa%1").arg(numa)};
        for (const QString& bus : *buses) {
            const QString id = QStringLiteral("gpu0000:%1:00.0").arg(bus);
            const GraphNode* g = spec->node(id);
            QVERIFY2(g, qPrintable(id));
            QCOMPARE(g->kind, EntityKind::Accelerator);
            QVERIFY2(g->label.startsWith(QStringLiteral("GPU %1\n").arg(index)), qPrintable(g->label));
            QVERIFY2(g->label.contains(QLatin1String("Tesla V100")), qPrintable(g->label));
            QCOMPARE(specClusterPath(*spec, id), expected);
            QCOMPARE(dotClusterPath(dot, id), expected);
            ++index;
        }
    }
    QCOMPARE(index, 16);
    QCOMPARE(countKind(*spec, EntityKind::Accelerator), 16);
}

// The witty format note: NPU->node 0,1->6; 2,3->4; 4,5->0; 6,7->2 (AffinitativeToNuma, cpu_affinity).
void TestGraphSpec::wittyNpusUnderTheirNodes_data()
{
    QTest::addColumn<int>("npu");
    QTest::addColumn<QString>("bus");
    QTest::addColumn<int>("node");
    const std::vector<std::tuple<int, const char*, int>> facts{{0, "c1", 6}, {1, "c2", 6}, {2, "81", 4},
                                                               {3, "82", 4}, {4, "01", 0}, {5, "02", 0},
                                                               {6, "41", 2}, {7, "42", 2}};
    for (const auto& [npu, bus, node] : facts)
        QTest::addRow("NPU%d", npu) << npu << QString::fromLatin1(bus) << node;
}

void TestGraphSpec::wittyNpusUnderTheirNodes()
{
    QFETCH(int, npu);
    QFETCH(QString, bus);
    QFETCH(int, node);
    const QString id = QStringLiteral("npu0000:%1:00.0").arg(bus);
    for (GraphView view : {GraphView::Machine, GraphView::Combined}) {
        const GraphSpecPtr spec = buildGraph(*m_witty, viewOptions(view));
        const GraphNode* g = spec->node(id);
        QVERIFY2(g, qPrintable(id));
        QCOMPARE(g->label, QStringLiteral("NPU %1\n0000:%2:00.0").arg(npu).arg(bus));
        const QStringList expected{QStringLiteral("cluster_numa%1").arg(node)};
        QCOMPARE(specClusterPath(*spec, id), expected);
        QCOMPARE(dotClusterPath(toDot(*spec), id), expected);
    }
    // The data-flow view has no NUMA boxes: the NPU is a node of its own at top level.
    const GraphSpecPtr flow = buildGraph(*m_witty, viewOptions(GraphView::Dataflow));
    QVERIFY(flow->node(id));
    QCOMPARE(flow->node(id)->cluster, QString());
}

// From graph.json (NumaAccessEdge numa_affinity_info and AccessEdge): worker, its NPU, the node with most
// of its CPU time (cpu_runtime_pct_in_each_numa), the node with most of its dirty pages
// (mem_pages_in_each_numa) and the NPU's node.
void TestGraphSpec::wittyWorkers_data()
{
    QTest::addColumn<int>("pid");
    QTest::addColumn<QString>("npu");
    QTest::addColumn<int>("cpuNode");
    QTest::addColumn<QString>("cpuShare");
    QTest::addColumn<int>("memNode");
    QTest::addColumn<int>("npuNode");
    // 1895087: CPU 0.688 on node 7, 384040 of 499716 pages on node 6, NPU0 on node 6.
    QTest::newRow("1895087") << 1895087 << QStringLiteral("npu0000:c1:00.0") << 7 << QStringLiteral("69 %")
                             << 6 << 6;
    // 1895088: CPU 0.599 on node 1, 370899 pages on node 0, NPU1 on node 6.
    QTest::newRow("1895088") << 1895088 << QStringLiteral("npu0000:c2:00.0") << 1 << QStringLiteral("60 %")
                             << 0 << 6;
    // 1895089: CPU 0.584 on node 6, 464850 pages on node 6 (local memory), NPU2 on node 4.
    QTest::newRow("1895089") << 1895089 << QStringLiteral("npu0000:81:00.0") << 6 << QStringLiteral("58 %")
                             << 6 << 4;
    // 1895090: CPU 0.942 on node 7, 393560 pages on node 2, NPU3 on node 4.
    QTest::newRow("1895090") << 1895090 << QStringLiteral("npu0000:82:00.0") << 7 << QStringLiteral("94 %")
                             << 2 << 4;
}

void TestGraphSpec::wittyWorkers()
{
    QFETCH(int, pid);
    QFETCH(QString, npu);
    QFETCH(int, cpuNode);
    QFETCH(QString, cpuShare);
    QFETCH(int, memNode);
    QFETCH(int, npuNode);
    const QString proc = QStringLiteral("proc%1").arg(pid);
    const QString mem = QStringLiteral("numa%1").arg(memNode);

    // Combined: inside the box of its CPU node, edges to its memory and NPU, remote ones marked.
    const GraphSpecPtr spec = buildGraph(*m_witty, viewOptions(GraphView::Combined));
    const QByteArray dot = toDot(*spec);
    const GraphNode* p = spec->node(proc);
    QVERIFY(p);
    QCOMPARE(p->label, QStringLiteral("python3 (%1)\n%2 on node %3").arg(pid).arg(cpuShare).arg(cpuNode));
    QCOMPARE(specClusterPath(*spec, proc), QStringList{QStringLiteral("cluster_numa%1").arg(cpuNode)});
    QCOMPARE(dotClusterPath(dot, proc), QStringList{QStringLiteral("cluster_numa%1").arg(cpuNode)});
    QCOMPARE(p->locality, EdgeLocality::Mismatch); // every worker has its NPU on another node
    QVERIFY(p->expandable);                        // 4 threads each in graph.json, folded by default

    const GraphEdge* device = findEdge(*spec, proc, npu, GraphEdgeRole::DeviceUse);
    QVERIFY(device);
    QCOMPARE(device->locality, EdgeLocality::Mismatch);
    QCOMPARE(device->label, QStringLiteral("device on node %1").arg(npuNode));
    QVERIFY(dot.contains(dotQuote(proc, false) + " -> " + dotQuote(npu, false) +
                         " [id=" + dotQuote(device->id, false)));

    const GraphEdge* memory = findEdge(*spec, proc, mem, GraphEdgeRole::MemoryOn);
    QVERIFY(memory);
    QCOMPARE(memory->locality, memNode == cpuNode ? EdgeLocality::Local : EdgeLocality::Mismatch);
    QVERIFY(dot.contains(dotQuote(proc, false) + " -> " + dotQuote(mem, false)));
    // No RunsOn edge to the node whose box it sits in: the box says it.
    QVERIFY(!findEdge(*spec, proc, QStringLiteral("numa%1").arg(cpuNode), GraphEdgeRole::RunsOn));

    // Data flow: in the container's box, RunsOn to the CPU node (local), the same memory and NPU edges.
    const GraphSpecPtr flow = buildGraph(*m_witty, viewOptions(GraphView::Dataflow));
    QCOMPARE(specClusterPath(*flow, proc), QStringList{QStringLiteral("cluster_ctrcac9af6a")});
    const GraphEdge* runs =
        findEdge(*flow, proc, QStringLiteral("numa%1").arg(cpuNode), GraphEdgeRole::RunsOn);
    QVERIFY(runs);
    QCOMPARE(runs->locality, EdgeLocality::Local);
    QCOMPARE(runs->label, cpuShare);
    QVERIFY(findEdge(*flow, proc, npu, GraphEdgeRole::DeviceUse));
    QCOMPARE(findEdge(*flow, proc, mem, GraphEdgeRole::MemoryOn)->locality, memory->locality);
    // Their parent (1894856, the multiprocessing launcher) starts them.
    QVERIFY(findEdge(*flow, QStringLiteral("proc1894856"), proc, GraphEdgeRole::Structural));
}

// lstopo -v --only numa: NUMANode(MCDRAM) P#4-7 and NUMANode(DRAM) P#0-3 on the KNL file.
void TestGraphSpec::memoryTiers()
{
    const GraphSpecPtr spec =
        buildGraph(*m_fixtures[QStringLiteral("hwloc/64intel64-fakeKNL-SNC4-hybrid.xml")],
                   viewOptions(GraphView::Machine));
    for (int n = 0; n < 8; ++n) {
        const GraphCluster* c = spec->cluster(QStringLiteral("cluster_numa%1").arg(n));
        QVERIFY(c);
        QCOMPARE(c->memoryTier, n >= 4 ? QStringLiteral("HBM") : QString());
        // The MCDRAM nodes share their cluster's CPUs with the DRAM nodes: drawn once, under the DRAM node.
        const bool hasCpus = std::any_of(spec->nodes.begin(), spec->nodes.end(), [&](const GraphNode& g) {
            return g.cluster == c->id && (g.kind == EntityKind::Pu || g.kind == EntityKind::Core);
        });
        QCOMPARE(hasCpus, n < 4);
    }
    const auto legend = std::find_if(spec->legend.begin(), spec->legend.end(), [](const LegendEntry& e) {
        return e.mark == QLatin1String("cluster:NUMANode:HBM");
    });
    QVERIFY(legend != spec->legend.end());
}

void TestGraphSpec::distanceTables_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QStringList>("expected"); // the table's rows: "<label>: values", empty when no table
    // graph.json distance_to_all_numa: pairs (0,1) (2,3) (4,5) (6,7) at 11; even nodes 24 apart, odd ones
    // 32, even to odd 25.
    QTest::newRow("witty 8 nodes") << QStringLiteral("witty-profiler/graph.json")
                                   << QStringList{"0: 10 11 24 25 24 25 24 25", "1: 11 10 25 32 25 32 25 32",
                                                  "2: 24 25 10 11 24 25 24 25", "3: 25 32 11 10 25 32 25 32",
                                                  "4: 24 25 24 25 10 11 24 25", "5: 25 32 25 32 11 10 25 32",
                                                  "6: 24 25 24 25 24 25 10 11", "7: 25 32 25 32 25 32 11 10"};
    // lstopo --distances: 10 21 / 21 10.
    QTest::newRow("DGX-2 2 nodes") << QStringLiteral("hwloc/nvidiaDGX2.xml")
                                   << QStringList{"0: 10 21", "1: 21 10"};
    // 16amd64: all off-diagonal 20 (lstopo).
    QTest::newRow("16amd64 uniform") << QStringLiteral("hwloc/16amd64-4distances.xml")
                                     << QStringList{
                                            "0: 10 20 20 20 20 20 20 20", "1: 20 10 20 20 20 20 20 20",
                                            "2: 20 20 10 20 20 20 20 20", "3: 20 20 20 10 20 20 20 20",
                                            "4: 20 20 20 20 10 20 20 20", "5: 20 20 20 20 20 10 20 20",
                                            "6: 20 20 20 20 20 20 10 20", "7: 20 20 20 20 20 20 20 10"};
    // One node: no matrix, no table.
    QTest::newRow("16em64t 1 node") << QStringLiteral("hwloc/16em64t-4s2c2t.xml") << QStringList{};
    // Hand-made; its measured latency matrix (ns) is no SLIT table.
    QTest::newRow("mini with latency") << QString() << QStringList{"0: 10 21", "1: 21 10"};
}

// The SLIT matrix as a table beside the graph (it used to be node-to-node edges): no distance edge at all.
void TestGraphSpec::distanceTables()
{
    QFETCH(QString, file);
    QFETCH(QStringList, expected);
    const SnapshotPtr s = file.isEmpty() ? miniMachine() : m_fixtures[file];
    const GraphSpecPtr spec = buildGraph(*s, viewOptions(GraphView::Machine));
    QVERIFY(std::none_of(spec->edges.begin(), spec->edges.end(),
                         [](const GraphEdge& e) { return e.role == GraphEdgeRole::Distance; }));
    QStringList got;
    for (const DistanceTable& t : spec->distanceTables) {
        QCOMPARE(t.title, QStringLiteral("NUMA distances"));
        for (int r = 0; r < int(t.labels.size()); ++r) {
            QStringList row;
            for (int c = 0; c < int(t.labels.size()); ++c)
                row << QString::number(t.at(r, c));
            got << t.labels[r] + QStringLiteral(": ") + row.join(u' ');
        }
    }
    QCOMPARE(got, expected);
    // The 24-node box: one 24 × 24 table, and no line between nodes.
    if (file.isEmpty()) {
        const GraphSpecPtr big = buildGraph(*m_fixtures[QStringLiteral("hwloc/192em64t-24n8c2t.xml")],
                                            viewOptions(GraphView::Machine));
        QCOMPARE(int(big->edges.size()), 0);
        QCOMPARE(int(big->distanceTables.size()), 1);
        QCOMPARE(int(big->distanceTables.front().labels.size()), 24);
    }
}

// Labels with characters DOT treats specially: Graphviz must read them back as written. `dot -Tsvg`
// shows what Graphviz made of the label (one <text> per line, XML-escaped).
void TestGraphSpec::hostileLabels_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QByteArray>("inDot");     // how the label's first line is written in the DOT
    QTest::addColumn<QStringList>("svgLines"); // the lines Graphviz draws for the process node
    QTest::newRow("quote") << QStringLiteral("say \"hi\"") << QByteArray("say \\\"hi\\\" (100)")
                           << QStringList{"say &quot;hi&quot; (100)"};
    QTest::newRow("backslash") << QStringLiteral("C:\\dir\\N") << QByteArray("C:\\\\dir\\\\N (100)")
                               << QStringList{"C:\\dir\\N (100)"};
    QTest::newRow("newline") << QStringLiteral("two\nlines") << QByteArray("two\\nlines (100)")
                             << QStringList{"two", "lines (100)"};
    QTest::newRow("carriage return and tab")
        << QStringLiteral("a\r\tb") << QByteArray("a b (100)") << QStringList{"a b (100)"};
    QTest::newRow("unicode") << QStringLiteral("推理 ∑ — ü") << QStringLiteral("推理 ∑ — ü (100)").toUtf8()
                             << QStringList{"推理 ∑ — ü (100)"};
    QTest::newRow("braces and html") << QStringLiteral("<b>{x}</b>;") << QByteArray("<b>{x}</b>; (100)")
                                     << QStringList{"&lt;b&gt;{x}&lt;/b&gt;; (100)"};
    QTest::newRow("trailing backslash")
        << QStringLiteral("end\\") << QByteArray("end\\\\ (100)") << QStringList{"end\\ (100)"};
}

void TestGraphSpec::hostileLabels()
{
    QFETCH(QString, name);
    QFETCH(QByteArray, inDot);
    QFETCH(QStringList, svgLines);
    const SnapshotPtr s = miniMachine(name);
    const GraphSpecPtr spec = buildGraph(*s, viewOptions(GraphView::Dataflow));
    const GraphNode* p = spec->node(u"proc100");
    QVERIFY(p);
    const QByteArray dot = toDot(*spec);
    QVERIFY2(dot.contains("\"proc100\" [label=\"" + inDot + "\""), dot.constData());

    const QString dotExe = QStandardPaths::findExecutable(QStringLiteral("dot"));
    if (dotExe.isEmpty())
        QSKIP("Graphviz's dot is not installed");
    QProcess g;
    g.start(dotExe, {QStringLiteral("-Tsvg")});
    QVERIFY(g.waitForStarted());
    g.write(dot);
    g.closeWriteChannel();
    QVERIFY(g.waitForFinished(30000));
    QCOMPARE(g.exitCode(), 0);
    const QString svg = QString::fromUtf8(g.readAllStandardOutput());
    // The node's group: <title>proc100</title> then its shape and text lines.
    const qsizetype at = svg.indexOf(QLatin1String("<title>proc100</title>"));
    QVERIFY(at >= 0);
    const qsizetype end = svg.indexOf(QLatin1String("</g>"), at);
    const QString group = svg.mid(at, end - at);
    static const QRegularExpression kText(QStringLiteral("<text[^>]*>([^<]*)</text>"));
    QStringList lines;
    for (auto it = kText.globalMatch(group); it.hasNext();)
        lines << it.next().captured(1);
    QCOMPARE(lines, svgLines);
}

void TestGraphSpec::dotAttributesPerEngine_data()
{
    QTest::addColumn<QString>("engine");
    QTest::newRow("dot") << QStringLiteral("dot");
    QTest::newRow("neato") << QStringLiteral("neato");
    QTest::newRow("fdp") << QStringLiteral("fdp");
    QTest::newRow("sfdp") << QStringLiteral("sfdp");
}

void TestGraphSpec::dotAttributesPerEngine()
{
    QFETCH(QString, engine);
    const GraphSpecPtr spec = buildGraph(*m_witty, viewOptions(GraphView::Machine));
    const QByteArray dot = toDot(*spec, engine);
    QVERIFY(dot.contains("compound=true"));
    const bool force = engine != QLatin1String("dot");
    QCOMPARE(dot.contains("overlap=false"), force);
    QCOMPARE(dot.contains("splines=curved"), force);
    // The machine view draws no distance edge (the distances are a table): no edge, so no edge label.
    QVERIFY(spec->edges.empty());
    QVERIFY(!dot.contains("xlabel=\"11\""));
    QVERIFY(!dot.contains("label=\"11\""));
    // Node shapes per kind.
    QVERIFY(dot.contains("\"numa0\" [label=\"125 GiB, 96.4 GiB free\", shape=cylinder"));
    QVERIFY(dot.contains("\"cpus0\" [label=\"CPU 0–23\", shape=box"));
    QVERIFY(dot.contains("\"npu0000:c1:00.0\" [label=\"NPU 0\\n0000:c1:00.0\", shape=box3d"));
}

QTEST_GUILESS_MAIN(TestGraphSpec)
#include "tst_graph_spec.moc"
