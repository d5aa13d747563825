// The topology graph as data and as DOT: what buildGraph() draws for the fixtures, level of detail,
// filters, stable ids, cache keys, and DOT text that Graphviz reads as intended (hostile labels included).
//
// Expected values are facts about the fixtures found outside the code under test: `lstopo-no-graphics -i
// FILE --whole-io -p` for the hwloc files, the witty-profiler format note and a reading of graph.json for
// the witty capture (noted beside each).
#include "graph/dot_writer.h"
#include "graph/graph_spec.h"
#include "readers/hwloc_reader.h"
#include "readers/open_input.h"
#include "support/entity_factory.h"
#include "support/synthetic_machine.h"
#include "support/test_fixtures.h"

#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTest>

#include <algorithm>
#include <map>

using namespace numasight;
using numasight::test::fixtureFiles;
using numasight::test::makeEntity;

Q_DECLARE_METATYPE(GraphView)
Q_DECLARE_METATYPE(GraphOptions)

namespace {

SnapshotPtr loadFixture(const QString& relative)
{
    const auto r = openInput(QStringLiteral(NUMASIGHT_FIXTURES "/") + relative);
    if (!r) {
        qWarning("%s", qPrintable(r.error().toString()));
        return {};
    }
    return r.value()->snapshots.front();
}

// The clusters around the statement that defines `id` in DOT written by toDot() (one statement per line),
// outermost first; {"<missing>"} when the node is not defined at all.
QStringList dotClusterPath(const QByteArray& dot, const QString& id)
{
    QStringList stack;
    const QByteArray nodeStart = dotQuote(id, false) + " [";
    static const QRegularExpression kSubgraph(QStringLiteral("^\\s*subgraph \"([^\"]+)\" \\{$"));
    for (const QByteArray& raw : dot.split('\n')) {
        const QString line = QString::fromUtf8(raw);
        const auto m = kSubgraph.match(line);
        if (m.hasMatch()) {
            stack << m.captured(1);
            continue;
        }
        if (line.trimmed() == QLatin1String("}")) {
            if (!stack.isEmpty())
                stack.removeLast();
            continue;
        }
        if (raw.trimmed().startsWith(nodeStart))
            return stack;
    }
    return {QStringLiteral("<missing>")};
}

// The clusters around a node in the spec, outermost first.
QStringList specClusterPath(const GraphSpec& spec, const QString& id)
{
    const GraphNode* n = spec.node(id);
    if (!n)
        return {QStringLiteral("<missing>")};
    QStringList path;
    for (QString c = n->cluster; !c.isEmpty();) {
        path.prepend(c);
        const GraphCluster* cluster = spec.cluster(c);
        if (!cluster)
            return {QStringLiteral("<dangling ") + c + QLatin1Char('>')};
        c = cluster->parent;
    }
    return path;
}

const GraphNode* nodeForEntity(const GraphSpec& spec, EntityId entity)
{
    for (const GraphNode& n : spec.nodes)
        if (n.entity == entity)
            return &n;
    return nullptr;
}

const GraphEdge* findEdge(const GraphSpec& spec, const QString& from, const QString& to, GraphEdgeRole role)
{
    for (const GraphEdge& e : spec.edges)
        if (e.from == from && e.to == to && e.role == role)
            return &e;
    return nullptr;
}

QSet<QString> nodeIds(const GraphSpec& spec)
{
    QSet<QString> ids;
    for (const GraphNode& n : spec.nodes)
        ids.insert(n.id);
    return ids;
}

int countKind(const GraphSpec& spec, EntityKind kind)
{
    return int(std::count_if(spec.nodes.begin(), spec.nodes.end(),
                             [&](const GraphNode& n) { return n.kind == kind; }));
}

// A small machine built by hand: 2 NUMA nodes (CPUs 0-1 and 2-3), an NPU on node 1, one process (pid 100,
// threads 100 and 101) that holds the NPU, a SLIT matrix and a measured latency matrix.
SnapshotPtr miniMachine(const QString& processName = QStringLiteral("worker"))
{
    SnapshotBuilder b;
    std::vector<EntityId> nodes;
    for (int i = 0; i < 2; ++i) {
        Entity n = makeEntity(EntityKind::NumaNode, QString::number(i));
        n.osIndex = n.logicalIndex = i;
        n.cpus = IndexSet::range(2 * i, 2 * i + 1);
        n.nodes = NodeSet{i};
        n.memoryBytes = std::uint64_t(1) << 30;
        nodes.push_back(b.add(n));
    }
    Entity npu = makeEntity(EntityKind::Accelerator, QStringLiteral("0000:81:00.0"));
    npu.deviceClass = DeviceClass::Npu;
    npu.osIndex = 0;
    npu.pciBusId = npu.key;
    npu.numaNode = NodeId(1);
    const EntityId npuId = b.add(npu);
    Entity p = makeEntity(EntityKind::Process, QStringLiteral("100"));
    p.pid = 100;
    p.ppid = 1;
    p.name = processName;
    const EntityId pid = b.add(p);
    for (int tid : {100, 101}) {
        Entity t = makeEntity(EntityKind::Thread, QString::number(tid));
        t.tid = tid;
        t.pid = 100;
        t.parent = pid;
        t.name = QStringLiteral("t%1").arg(tid);
        b.add(t);
    }
    Edge access;
    access.kind = EdgeKind::Access;
    access.typeName = edgeKindName(EdgeKind::Access);
    access.source = pid;
    access.target = npuId;
    access.payload = QByteArrayLiteral("{}");
    b.addEdge(access);
    DistanceMatrix slit;
    slit.name = QStringLiteral("NUMALatency");
    slit.unit = QStringLiteral("relative");
    slit.objects = nodes;
    slit.values = {10, 21, 21, 10};
    b.addDistances(slit);
    DistanceMatrix ns;
    ns.name = QStringLiteral("measured");
    ns.unit = QStringLiteral("ns");
    ns.fromOs = false;
    ns.objects = nodes;
    ns.values = {90, 142, 142, 90};
    b.addDistances(ns);
    return b.finish();
}

// A sample in which thread 100 ran 3 s on CPU 0 (node 0) and 1 s on CPU 2 (node 1), the process holds
// 900 anonymous pages on node 1 and 100 on node 0, and sent 5 MiB to 10.0.0.8.
SamplePtr miniSample()
{
    auto s = std::make_shared<Sample>();
    ThreadCpuSample t;
    t.pid = 100;
    t.tid = 100;
    t.cpuNs = 4000000000;
    t.cpuNsByCpu = {{0, 3000000000}, {2, 1000000000}};
    s->threads.push_back(t);
    ProcessMemorySample m;
    m.pid = 100;
    m.nodes = {NodePages{0, 100, 100, 100, 0, 0, 100 * 4096}, NodePages{1, 900, 900, 900, 0, 0, 900 * 4096}};
    s->processes.push_back(m);
    FlowSample f;
    f.pid = 100;
    f.tid = 100;
    f.protocol = QStringLiteral("TCP");
    f.remoteAddress = QStringLiteral("10.0.0.8");
    f.remotePort = 29500;
    f.bytesSent = 5 * 1024 * 1024;
    f.volumesKnown = true;
    f.mode = CollectionMode::Ebpf;
    s->flows.push_back(f);
    return s;
}

GraphOptions viewOptions(GraphView view)
{
    GraphOptions o;
    o.view = view;
    return o;
}

} // namespace

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
    void distanceEdges_data();
    void distanceEdges();

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
    for (const QString& f : fixtureFiles()) {
        m_fixtures[f] = loadFixture(f);
        QVERIFY2(m_fixtures[f], qPrintable(f));
    }
    m_witty = m_fixtures[QStringLiteral("witty-profiler/graph.json")];
    m_dgx2 = m_fixtures[QStringLiteral("hwloc/nvidiaDGX2.xml")];
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
        QVERIFY2(g->label.startsWith(QStringLiteral("NUMA %1").arg(os)), qPrintable(g->label));
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
        QVERIFY2(g, qPrintable(s.entity(a).pciBusId));
        // "GPU 3", or "GPU" alone for a card hwloc gives no index (no nvml/cuda device below it).
        QString head =
            s.entity(a).deviceClass == DeviceClass::Npu ? QStringLiteral("NPU") : QStringLiteral("GPU");
        if (s.entity(a).osIndex >= 0)
            head += QLatin1Char(' ') + QString::number(s.entity(a).osIndex);
        QVERIFY2(g->label.startsWith(head + QLatin1Char('\n')), qPrintable(g->label));
        QVERIFY2(g->label.contains(s.entity(a).pciBusId), qPrintable(g->label));
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

void TestGraphSpec::distanceEdges_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QStringList>("expected"); // "a-b:label", every distance edge
    // graph.json distance_to_all_numa: pairs (0,1) (2,3) (4,5) (6,7) at 11, pairs at 24 join them; the
    // spanning tree takes the 11s and then the first 24s by node number.
    QTest::newRow("witty 8 nodes") << QStringLiteral("witty-profiler/graph.json")
                                   << QStringList{"0-1:11", "2-3:11", "4-5:11", "6-7:11",
                                                  "0-2:24", "0-4:24", "0-6:24"};
    // lstopo --distances: 10 21 / 21 10. Two nodes: every pair.
    QTest::newRow("DGX-2 2 nodes") << QStringLiteral("hwloc/nvidiaDGX2.xml") << QStringList{"0-1:21"};
    // 16amd64: all off-diagonal 20 (lstopo); 8 nodes -> a tree of 7 edges, all at 20.
    QTest::newRow("16amd64 uniform") << QStringLiteral("hwloc/16amd64-4distances.xml")
                                     << QStringList{"0-1:20", "0-2:20", "0-3:20", "0-4:20",
                                                    "0-5:20", "0-6:20", "0-7:20"};
    // One node: nothing to link.
    QTest::newRow("16em64t 1 node") << QStringLiteral("hwloc/16em64t-4s2c2t.xml") << QStringList{};
    // Hand-made with a measured latency matrix: the label carries both.
    QTest::newRow("mini with latency") << QString() << QStringList{"0-1:21 · 142 ns"};
}

void TestGraphSpec::distanceEdges()
{
    QFETCH(QString, file);
    QFETCH(QStringList, expected);
    const SnapshotPtr s = file.isEmpty() ? miniMachine() : m_fixtures[file];
    const GraphSpecPtr spec = buildGraph(*s, viewOptions(GraphView::Machine));
    QStringList got;
    for (const GraphEdge& e : spec->edges) {
        QCOMPARE(e.role, GraphEdgeRole::Distance);
        QVERIFY(!e.directed);
        got << QStringLiteral("%1-%2:%3").arg(e.from.mid(4), e.to.mid(4), e.label);
    }
    QCOMPARE(got, expected);
    // The 24-node box: 23 edges, not 276.
    if (file.isEmpty()) {
        const GraphSpecPtr big = buildGraph(*m_fixtures[QStringLiteral("hwloc/192em64t-24n8c2t.xml")],
                                            viewOptions(GraphView::Machine));
        QCOMPARE(int(big->edges.size()), 23);
    }
}

void TestGraphSpec::levelOfDetail_data()
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

void TestGraphSpec::levelOfDetail()
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
    const int count = int(std::count_if(spec->nodes.begin(), spec->nodes.end(),
                                        [&](const GraphNode& n) { return n.cluster == cluster; }));
    QCOMPARE(count, nodesInCluster);

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

void TestGraphSpec::filters_data()
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
    // The NUMA boxes go, their contents move up; the processes stay.
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

void TestGraphSpec::filters()
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
void TestGraphSpec::stableIds_data()
{
    QTest::addColumn<QString>("file");
    for (const QString& f : fixtureFiles())
        QTest::newRow(qPrintable(f)) << f;
}

void TestGraphSpec::stableIds()
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

void TestGraphSpec::cacheKey_data()
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

void TestGraphSpec::cacheKey()
{
    QFETCH(GraphOptions, a);
    QFETCH(GraphOptions, b);
    QFETCH(bool, same);
    QCOMPARE(a.cacheKey() == b.cacheKey(), same);
    // Equal keys must mean equal graphs.
    if (same)
        QCOMPARE(toDot(*buildGraph(*m_witty, a)), toDot(*buildGraph(*m_witty, b)));
}

void TestGraphSpec::fromSamples()
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
void TestGraphSpec::twoHosts()
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
void TestGraphSpec::legendCoversMarks_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<GraphView>("view");
    for (const char* f :
         {"witty-profiler/graph.json", "hwloc/nvidiaDGX2.xml", "hwloc/64intel64-fakeKNL-SNC4-hybrid.xml"})
        for (GraphView v : {GraphView::Machine, GraphView::Dataflow, GraphView::Combined})
            QTest::addRow("%s %s", f, qPrintable(graphViewName(v))) << QString::fromLatin1(f) << v;
}

void TestGraphSpec::legendCoversMarks()
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
    // Distance edges take no part in dot's ranking, and then carry their text as an external label.
    QCOMPARE(dot.contains("constraint=false"), !force);
    QCOMPARE(dot.contains("xlabel=\"11\""), !force);
    QCOMPARE(dot.contains("label=\"11\""), true);
    // Node shapes per kind.
    QVERIFY(dot.contains("\"numa0\" [label=\"NUMA 0\\n125 GiB, 96.4 GiB free\", shape=cylinder"));
    QVERIFY(dot.contains("\"cpus0\" [label=\"CPU 0–23\", shape=box"));
    QVERIFY(dot.contains("\"npu0000:c1:00.0\" [label=\"NPU 0\\n0000:c1:00.0\", shape=box3d"));
}

QTEST_GUILESS_MAIN(TestGraphSpec)
#include "tst_graph_spec.moc"
