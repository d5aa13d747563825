// SPDX-License-Identifier: GPL-3.0-or-later
// What the machine part of the graph holds, checked against the snapshot it is drawn from, on every hwloc
// fixture (the directory as it is, not a list) and on synthetic topologies with the shapes the fixtures
// lack: every NUMA node once, inside its package; every package drawn; distances as tables, never as
// lines; caches around their cores when asked; the PCI tree with each device once.
#include "graph/graph_spec.h"
#include "readers/hwloc_reader.h"
#include "support/graph_spec_checks.h"

#include <QDir>
#include <QTest>

#include <algorithm>
#include <map>

using namespace numasight;
using namespace numasight::test;

namespace {

EntityId packageOf(const Snapshot& s, EntityId e)
{
    for (int depth = 0; e.isValid() && depth < 64; ++depth) {
        e = s.entity(e).parent;
        if (e.isValid() && s.entity(e).kind == EntityKind::Package)
            return e;
    }
    return {};
}

// The clusters around a cluster, itself included, innermost first.
QStringList clusterChain(const GraphSpec& spec, QString id)
{
    QStringList chain;
    while (!id.isEmpty() && chain.size() < 64) {
        chain << id;
        const GraphCluster* c = spec.cluster(id);
        if (!c)
            break;
        id = c->parent;
    }
    return chain;
}

const GraphCluster* clusterForEntity(const GraphSpec& spec, EntityId e, EntityKind kind)
{
    for (const GraphCluster& c : spec.clusters)
        if (c.entity == e && c.kind == kind)
            return &c;
    return nullptr;
}

GraphOptions machineOptions(bool caches)
{
    GraphOptions o = viewOptions(GraphView::Machine);
    o.showCaches = caches;
    return o;
}

} // namespace

class TestGraphMachine : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void hierarchy_data();
    void hierarchy();
    void distanceTables_data();
    void distanceTables();
    void caches_data();
    void caches();
    void pciTree_data();
    void pciTree();
    void memoryKinds();

private:
    void addInputs(); // one row per fixture and synthetic topology: "input"
    std::map<QString, SnapshotPtr> m_inputs;
};

void TestGraphMachine::initTestCase()
{
    const QDir dir(QStringLiteral(NUMASIGHT_FIXTURES "/hwloc"));
    const QStringList files = dir.entryList({QStringLiteral("*.xml")}, QDir::Files, QDir::Name);
    QVERIFY2(files.size() >= 10, qPrintable(dir.path()));
    for (const QString& f : files) {
        m_inputs[f] = loadFixture(QStringLiteral("hwloc/") + f);
        QVERIFY2(m_inputs[f], qPrintable(f));
    }
    // Shapes the fixtures do not all have: groups inside packages, several nodes per package, caches
    // without SMT siblings, NUMA nodes holding packages, and packages without NUMA nodes of their own.
    for (const char* synthetic : {"pack:4 group:2 [numa] core:12 pu:2", "pack:2 [numa] l3:1 l2:4 core:1 pu:2",
                                  "group:2 [numa] pack:2 l2:2 core:2 pu:1", "[numa] pack:2 core:3 pu:2"}) {
        const auto r = readHwlocSynthetic(QString::fromLatin1(synthetic));
        QVERIFY2(r, synthetic);
        m_inputs[QString::fromLatin1(synthetic)] = r.value()->snapshots.front();
    }
}

void TestGraphMachine::addInputs()
{
    QTest::addColumn<QString>("input");
    for (const auto& [name, snapshot] : m_inputs)
        QTest::addRow("%s", qPrintable(name)) << name;
}

void TestGraphMachine::hierarchy_data()
{
    addInputs();
}

// Every NUMA node once, in its own box, inside its package's box when it has a package; every package
// drawn; parents before children; hardware boxes and nodes carry their OS index.
void TestGraphMachine::hierarchy()
{
    QFETCH(QString, input);
    const Snapshot& s = *m_inputs[input];
    for (bool caches : {false, true}) {
        for (GraphView view : {GraphView::Machine, GraphView::Combined}) {
            GraphOptions o = machineOptions(caches);
            o.view = view;
            const GraphSpecPtr spec = buildGraph(s, o);
            QSet<QString> seen;
            for (const GraphCluster& c : spec->clusters) {
                QVERIFY2(c.parent.isEmpty() || seen.contains(c.parent), qPrintable(c.id));
                seen.insert(c.id);
            }
            for (EntityId n : s.numaNodes()) {
                const Entity& node = s.entity(n);
                const auto count =
                    std::count_if(spec->nodes.begin(), spec->nodes.end(), [&](const GraphNode& g) {
                        return g.entity == n && g.kind == EntityKind::NumaNode;
                    });
                QCOMPARE(int(count), 1);
                const GraphNode* g = nodeForEntity(*spec, n);
                QVERIFY(g);
                QCOMPARE(g->osIndex, node.osIndex);
                const GraphCluster* box = spec->cluster(g->cluster);
                QVERIFY2(box, qPrintable(g->id));
                QCOMPARE(box->entity, n);
                QCOMPARE(box->kind, EntityKind::NumaNode);
                QCOMPARE(box->osIndex, node.osIndex);
                if (const EntityId pkg = packageOf(s, n); pkg.isValid()) {
                    const GraphCluster* p = clusterForEntity(*spec, pkg, EntityKind::Package);
                    QVERIFY2(p, qPrintable(g->id));
                    QVERIFY2(clusterChain(*spec, box->id).contains(p->id), qPrintable(g->id));
                }
            }
            for (EntityId pkg : s.ofKind(EntityKind::Package)) {
                const GraphCluster* p = clusterForEntity(*spec, pkg, EntityKind::Package);
                QVERIFY2(p, qPrintable(s.entity(pkg).key));
                QCOMPARE(p->osIndex, s.entity(pkg).osIndex);
                // A package is a box around something: its nodes, or its cores.
                QVERIFY(std::any_of(spec->nodes.begin(), spec->nodes.end(), [&](const GraphNode& g) {
                    return clusterChain(*spec, g.cluster).contains(p->id);
                }));
            }
            // Every PU is drawn once: alone, in a core or in a range.
            for (EntityId pu : s.ofKind(EntityKind::Pu)) {
                const auto holders =
                    std::count_if(spec->nodes.begin(), spec->nodes.end(), [&](const GraphNode& g) {
                        return g.entity == pu ||
                               std::find(g.members.begin(), g.members.end(), pu) != g.members.end();
                    });
                QVERIFY2(
                    holders == 1,
                    qPrintable(QStringLiteral("PU %1 in %2 nodes").arg(s.entity(pu).osIndex).arg(holders)));
            }
            for (const GraphEdge& e : spec->edges)
                QVERIFY(e.role != GraphEdgeRole::Distance);
        }
    }
}

void TestGraphMachine::distanceTables_data()
{
    addInputs();
}

// One table per machine with a SLIT matrix, in OS index order, with the snapshot's values; no lines.
void TestGraphMachine::distanceTables()
{
    QFETCH(QString, input);
    const Snapshot& s = *m_inputs[input];
    const DistanceMatrix* m = s.numaDistances();
    for (GraphView view : {GraphView::Machine, GraphView::Combined, GraphView::Dataflow}) {
        const GraphSpecPtr spec = buildGraph(s, viewOptions(view));
        QVERIFY(std::none_of(spec->edges.begin(), spec->edges.end(),
                             [](const GraphEdge& e) { return e.role == GraphEdgeRole::Distance; }));
        if (!m || view == GraphView::Dataflow) {
            QVERIFY(spec->distanceTables.empty());
            continue;
        }
        QCOMPARE(int(spec->distanceTables.size()), 1);
        const DistanceTable& t = spec->distanceTables.front();
        QCOMPARE(t.title, QStringLiteral("NUMA distances"));
        QCOMPARE(int(t.labels.size()), m->size());
        QCOMPARE(t.values.size(), size_t(m->size()) * size_t(m->size()));
        std::vector<int> rowOf; // table row -> matrix row
        int previous = -1;
        for (const QString& label : t.labels) {
            const int os = label.toInt();
            QVERIFY2(os > previous, qPrintable(t.labels.join(u' ')));
            previous = os;
            const auto it = std::find_if(m->objects.begin(), m->objects.end(),
                                         [&](EntityId e) { return s.entity(e).osIndex == os; });
            QVERIFY(it != m->objects.end());
            rowOf.push_back(int(it - m->objects.begin()));
        }
        for (int r = 0; r < int(rowOf.size()); ++r)
            for (int c = 0; c < int(rowOf.size()); ++c)
                QCOMPARE(t.at(r, c), m->at(rowOf[size_t(r)], rowOf[size_t(c)]));
        QVERIFY(std::any_of(spec->legend.begin(), spec->legend.end(),
                            [](const LegendEntry& e) { return e.mark == QLatin1String("table:distances"); }));
    }
}

void TestGraphMachine::caches_data()
{
    addInputs();
}

// With showCaches, every PU sits in its core's box and inside the box of every drawn cache that holds it;
// without, no cache box at all.
void TestGraphMachine::caches()
{
    QFETCH(QString, input);
    const Snapshot& s = *m_inputs[input];
    const GraphSpecPtr plain = buildGraph(s, machineOptions(false));
    QVERIFY(std::none_of(plain->clusters.begin(), plain->clusters.end(),
                         [](const GraphCluster& c) { return c.kind == EntityKind::Cache; }));
    const GraphSpecPtr spec = buildGraph(s, machineOptions(true));
    // Drawn: the L2 and outer caches that fit in one NUMA node (a cache shared by several nodes has no
    // one box to sit in).
    int expectedBoxes = 0;
    for (EntityId c : s.ofKind(EntityKind::Cache)) {
        const Entity& cache = s.entity(c);
        if (cache.cacheLevel < 2 || cache.cpus.isEmpty())
            continue;
        const bool fits = std::any_of(s.numaNodes().begin(), s.numaNodes().end(),
                                      [&](EntityId n) { return cache.cpus.isSubsetOf(s.entity(n).cpus); });
        expectedBoxes += fits ? 1 : 0;
    }
    std::map<int, const GraphNode*> puNode; // CPU -> its node
    for (const GraphNode& g : spec->nodes)
        if (g.kind == EntityKind::Pu && g.entity.isValid()) {
            QVERIFY2(!puNode.count(g.osIndex), qPrintable(g.id));
            QCOMPARE(g.label, QStringLiteral("PU %1").arg(g.osIndex));
            puNode[g.osIndex] = &g;
        }
    int boxes = 0;
    for (const GraphCluster& c : spec->clusters) {
        if (c.kind != EntityKind::Cache)
            continue;
        ++boxes;
        const Entity& cache = s.entity(c.entity);
        QVERIFY2(c.label.startsWith(QStringLiteral("L%1").arg(cache.cacheLevel)) && c.label.endsWith(u"B)"),
                 qPrintable(c.label));
        QStringList outside;
        cache.cpus.forEach([&](int cpu) {
            const auto it = puNode.find(cpu);
            if (it == puNode.end() || !clusterChain(*spec, it->second->cluster).contains(c.id))
                outside << QString::number(cpu);
        });
        QVERIFY2(outside.isEmpty(), qPrintable(c.id + QStringLiteral(": ") + outside.join(u',')));
    }
    QCOMPARE(boxes, expectedBoxes);
    for (EntityId pu : s.ofKind(EntityKind::Pu)) {
        const Entity& p = s.entity(pu);
        const auto it = puNode.find(p.osIndex);
        QVERIFY2(it != puNode.end(), qPrintable(QString::number(p.osIndex)));
        const EntityId core =
            p.parent.isValid() && s.entity(p.parent).kind == EntityKind::Core ? p.parent : EntityId();
        if (!core.isValid())
            continue;
        const GraphCluster* box = clusterForEntity(*spec, core, EntityKind::Core);
        QVERIFY(box);
        QCOMPARE(it->second->cluster, box->id);
        QVERIFY2(box->label.startsWith(u"Core "), qPrintable(box->label));
    }
    if (input == QLatin1String("pack:2 [numa] l3:1 l2:4 core:1 pu:2")) {
        QCOMPARE(boxes, 2 * (1 + 4));
        QVERIFY(std::any_of(spec->clusters.begin(), spec->clusters.end(),
                            [](const GraphCluster& c) { return c.label.startsWith(u"L3 ("); }));
    }
}

void TestGraphMachine::pciTree_data()
{
    addInputs();
}

// Expanded, a place's devices are its I/O tree: each device once, inside the box of the bridge it sits
// behind, the roots in their host bridge's box.
void TestGraphMachine::pciTree()
{
    QFETCH(QString, input);
    const Snapshot& s = *m_inputs[input];
    GraphOptions o = machineOptions(false);
    const GraphSpecPtr folded = buildGraph(s, o);
    for (const GraphNode& g : folded->nodes)
        if (g.id.startsWith(u"devices"))
            o.expanded.insert(g.id);
    const GraphSpecPtr spec = buildGraph(s, o);
    const auto isDevice = [&](EntityId e) {
        const EntityKind k = s.entity(e).kind;
        return k == EntityKind::Accelerator || k == EntityKind::Nic || k == EntityKind::PciDevice ||
               k == EntityKind::OsDevice;
    };
    for (const GraphSpecPtr& g : {folded, spec}) {
        for (int i = 0; i < int(s.entities().size()); ++i) {
            const EntityId id(i);
            const Entity& d = s.entity(id);
            if (!isDevice(id))
                continue;
            int drawn = 0;
            for (const GraphNode& n : g->nodes)
                drawn += (n.entity == id ? 1 : 0) + int(std::count(n.members.begin(), n.members.end(), id));
            for (const GraphCluster& c : g->clusters)
                drawn += c.entity == id ? 1 : 0;
            QVERIFY2(drawn == 1, qPrintable(QStringLiteral("%1 drawn %2 times").arg(d.key).arg(drawn)));
        }
    }
    QVERIFY(std::none_of(spec->nodes.begin(), spec->nodes.end(),
                         [](const GraphNode& n) { return n.id.startsWith(u"devices"); }));
    for (const GraphCluster& c : spec->clusters) {
        if (c.kind != EntityKind::PciDevice && c.kind != EntityKind::OsDevice)
            continue;
        QVERIFY2(c.id.startsWith(u"cluster_pci"), qPrintable(c.id));
        if (c.entity.isValid()) {
            QCOMPARE(c.id, QStringLiteral("cluster_pci") + s.entity(c.entity).detail->pciBusId);
            QVERIFY(!s.childrenInTree(c.entity).empty());
        }
    }
    int inTree = 0;
    for (const GraphNode& n : spec->nodes) {
        if (!n.entity.isValid() || !isDevice(n.entity) || !o.expanded.contains(n.foldGroup))
            continue;
        ++inTree;
        const Entity& d = s.entity(n.entity);
        const QStringList chain = clusterChain(*spec, n.cluster);
        if (d.parent.isValid() && isDevice(d.parent)) {
            QVERIFY2(chain.contains(QStringLiteral("cluster_pci") + s.entity(d.parent).detail->pciBusId),
                     qPrintable(n.id));
        } else if (!d.detail->pciBusId.isEmpty()) {
            QVERIFY2(chain.contains(QStringLiteral("cluster_pcihost") + d.detail->pciBusId.left(7)),
                     qPrintable(n.id));
        }
    }
    if (!o.expanded.isEmpty())
        QVERIFY(inTree > 0);
    if (input == QLatin1String("nvidiaDGX2.xml")) {
        // lstopo: 4 host bridges (domain 0000, buses 00, 20 (?), 80, ...): at least one box per NUMA node,
        // and the PLX switches as nested boxes.
        const auto boxes =
            std::count_if(spec->clusters.begin(), spec->clusters.end(),
                          [](const GraphCluster& c) { return c.id.startsWith(u"cluster_pci0"); });
        QVERIFY2(boxes >= 10, qPrintable(QString::number(boxes)));
    }
}

// Memory kinds on the NUMA boxes: HBM, CXL, GPU memory, CPU-less; memory-side caches on the nodes they
// serve.
void TestGraphMachine::memoryKinds()
{
    // lstopo: KNL in SNC4 hybrid mode, DRAM nodes 0-3 with the cores, MCDRAM nodes 4-7 beside them.
    const GraphSpecPtr knl =
        buildGraph(*m_inputs[QStringLiteral("64intel64-fakeKNL-SNC4-hybrid.xml")], machineOptions(false));
    for (int os = 0; os < 8; ++os) {
        const GraphCluster* c = knl->cluster(QStringLiteral("cluster_numa%1").arg(os));
        QVERIFY(c);
        QCOMPARE(c->memoryTier, os < 4 ? QString() : QStringLiteral("HBM"));
        QCOMPARE(c->label,
                 os < 4 ? QStringLiteral("NUMA %1").arg(os) : QStringLiteral("NUMA %1 · HBM").arg(os));
    }
    // lstopo: "MemCache(96GB)" above each of the 4 nodes.
    const GraphSpecPtr sidecache =
        buildGraph(*m_inputs[QStringLiteral("memorysidecaches.xml")], machineOptions(false));
    for (int os = 0; os < 4; ++os) {
        const GraphNode* n = sidecache->node(QStringLiteral("numa%1").arg(os));
        QVERIFY(n);
        QVERIFY2(n->label.split(u'\n').contains(QStringLiteral("MemCache 96 GiB")), qPrintable(n->label));
    }
    // By hand: kinds no fixture has.
    SnapshotBuilder b;
    const struct
    {
        QString tier;
        bool cpus;
        QString expected;
    } nodes[] = {{QStringLiteral("DRAM"), true, QString()},
                 {QStringLiteral("CXL-DRAM"), false, QStringLiteral("CXL-DRAM")},
                 {QStringLiteral("GPU"), false, QStringLiteral("GPU memory")},
                 {QString(), false, QStringLiteral("CPU-less")}};
    for (int i = 0; i < 4; ++i) {
        Entity n = makeEntity(EntityKind::NumaNode, QString::number(i));
        n.osIndex = n.logicalIndex = i;
        n.cpus = nodes[i].cpus ? IndexSet::range(0, 3) : IndexSet();
        n.detail->memoryTier = nodes[i].tier;
        n.detail->memoryBytes = std::uint64_t(1) << 30;
        b.add(n);
    }
    const SnapshotPtr hand = b.finish();
    const GraphSpecPtr spec = buildGraph(*hand, machineOptions(false));
    for (int i = 0; i < 4; ++i) {
        const GraphCluster* c = spec->cluster(QStringLiteral("cluster_numa%1").arg(i));
        QVERIFY(c);
        QCOMPARE(c->memoryTier, nodes[i].expected);
        QVERIFY(std::any_of(spec->legend.begin(), spec->legend.end(), [&](const LegendEntry& e) {
            return nodes[i].expected.isEmpty() ||
                   e.mark == QStringLiteral("cluster:NUMANode:") + nodes[i].expected;
        }));
    }
}

QTEST_GUILESS_MAIN(TestGraphMachine)
#include "tst_graph_machine.moc"
