// SPDX-License-Identifier: GPL-3.0-or-later
// The level of detail of the workload: per box the largest processes and one "N more" group for the rest,
// expanding and folding the group, its edges, and the notes that say what is hidden.
//
// The workload is synthesised on hwloc's "pack:2 [numa] core:4 pu:2" (node 0: CPUs 0-7, node 1: CPUs 8-15)
// with a recording sample, so every figure the expectations use is known here, outside the code under test.
#include "graph/graph_spec.h"
#include "model/snapshot.h"
#include "support/entity_factory.h"
#include "support/graph_spec_checks.h"
#include "support/synthetic_machine.h"

#include <QTest>

#include <algorithm>
#include <map>
#include <set>

using namespace numasight;
using namespace numasight::test;

namespace {

// One synthesised process: where it runs, how much, and what it holds.
struct Proc
{
    int pid = 0;
    int node = 0;         // the node of most of its CPU time: its box in the combined view
    std::uint64_t ns = 0; // CPU time in the sample
    std::uint64_t pages = 0;
    QString name;
    QString container; // "" for none
};

constexpr int kServerPid = 1000;           // every process sends to it
constexpr std::uint64_t kFlowBytes = 4096; // per process, to the server and to 10.0.0.9 each
const QString kRemote = QStringLiteral("10.0.0.9");

// 40 processes on node 0, 5 on node 1. Node 0 has ties: pids 1030 and 1031 have the same CPU time and
// 1031 more pages; pids 1032 and 1033 the same of both.
std::vector<Proc> workload()
{
    std::vector<Proc> out;
    for (int i = 0; i < 45; ++i) {
        Proc p;
        p.pid = kServerPid + i;
        p.node = i < 40 ? 0 : 1;
        p.ns = std::uint64_t(1000 - i) * 1000000;
        p.pages = 100;
        p.name = i % 3 == 0 ? QStringLiteral("sh") : QStringLiteral("python3");
        p.container = i % 2 == 0 ? QStringLiteral("trainer") : QStringLiteral("loader");
        out.push_back(p);
    }
    out[31].ns = out[30].ns;
    out[31].pages = 200;
    out[33].ns = out[32].ns;
    return out;
}

struct Built
{
    SnapshotPtr snapshot;
    std::vector<SamplePtr> window;
};

Built buildWorkload(const std::vector<Proc>& procs)
{
    Built out;
    const auto loaded = readHwlocSynthetic(QStringLiteral("pack:2 [numa] core:4 pu:2"));
    if (!loaded)
        return out;
    SnapshotBuilder b;
    addSnapshot(b, *loaded.value()->snapshots.front());
    std::map<QString, EntityId> containers;
    for (const QString& name : {QStringLiteral("trainer"), QStringLiteral("loader")}) {
        Entity c = makeEntity(EntityKind::Container, name, name);
        c.detail->containerId = name;
        containers[name] = b.add(c);
    }
    auto sample = std::make_shared<Sample>();
    for (const Proc& p : procs) {
        Entity e = makeEntity(EntityKind::Process, QString::number(p.pid), p.name);
        e.pid = p.pid;
        e.ppid = p.pid == kServerPid ? 1 : kServerPid;
        const EntityId id = b.add(e);
        Entity t = makeEntity(EntityKind::Thread, QString::number(p.pid), p.name);
        t.tid = p.pid;
        t.pid = p.pid;
        t.parent = id;
        b.add(t);
        if (!p.container.isEmpty()) {
            Edge run;
            run.kind = EdgeKind::RunOn;
            run.typeName = edgeKindName(EdgeKind::RunOn);
            run.source = id;
            run.target = containers[p.container];
            run.payload = QByteArrayLiteral("{}");
            b.addEdge(run);
        }
        // 90 % on its node, 10 % on the other: every process has a RunsOn edge out of its box.
        ThreadCpuSample cpu;
        cpu.pid = cpu.tid = p.pid;
        cpu.cpuNs = p.ns;
        cpu.cpuNsByCpu = {{p.node * 8, p.ns * 9 / 10}, {(1 - p.node) * 8, p.ns - p.ns * 9 / 10}};
        sample->threads.push_back(cpu);
        ProcessMemorySample mem;
        mem.pid = p.pid;
        mem.nodes = {NodePages{1, p.pages, p.pages, 0, 0, 0, 0}};
        sample->processes.push_back(mem);
        for (const bool toServer : {true, false}) {
            if (toServer && p.pid == kServerPid)
                continue;
            FlowSample f;
            f.pid = f.tid = p.pid;
            f.protocol = QStringLiteral("TCP");
            f.peerPid = toServer ? kServerPid : -1;
            f.remoteAddress = toServer ? QString() : kRemote;
            f.bytesSent = kFlowBytes;
            f.volumesKnown = true;
            sample->flows.push_back(f);
        }
    }
    out.snapshot = b.finish();
    out.window.push_back(sample);
    return out;
}

// The box each process belongs in, by the rules of the views (docs/graph.md), from the synthesised facts.
QString expectedBox(const Proc& p, const GraphOptions& o)
{
    if (o.view == GraphView::Dataflow)
        return p.container.isEmpty() ? QString() : QStringLiteral("cluster_ctr") + p.container;
    if (o.hiddenKinds.contains(EntityKind::NumaNode))
        return QStringLiteral("cluster_pkg%1").arg(p.node); // one NUMA node per package
    return QStringLiteral("cluster_numa%1").arg(p.node);
}

// The pids of each box, largest CPU time first, then most pages, then the lowest pid.
std::map<QString, std::vector<Proc>> boxes(const std::vector<Proc>& procs, const GraphOptions& o)
{
    std::map<QString, std::vector<Proc>> out;
    for (const Proc& p : procs)
        out[expectedBox(p, o)].push_back(p);
    for (auto& [box, list] : out)
        std::sort(list.begin(), list.end(), [](const Proc& a, const Proc& b) {
            if (a.ns != b.ns)
                return a.ns > b.ns;
            if (a.pages != b.pages)
                return a.pages > b.pages;
            return a.pid < b.pid;
        });
    return out;
}

QString groupId(const QString& box)
{
    return QStringLiteral("more_") + (box.isEmpty() ? QStringLiteral("top") : box.mid(8));
}

// The box a drawn node sits in: a process with its threads drawn sits in its own box inside it.
QString boxOf(const GraphSpec& spec, const GraphNode& n)
{
    const GraphCluster* c = spec.cluster(n.cluster);
    return c && c->kind == EntityKind::Process ? c->parent : n.cluster;
}

GraphOptions options(GraphView view, int perNode)
{
    GraphOptions o = viewOptions(view);
    o.processesPerNode = perNode;
    return o;
}

} // namespace

class TestGraphLod : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void perBox_data();
    void perBox();
    void expandGroup_data();
    void expandGroup();
    void edgesAggregated_data();
    void edgesAggregated();
    void notes_data();
    void notes();

private:
    GraphSpecPtr build(const GraphOptions& o) const
    {
        return buildGraph(*m_built.snapshot, o, m_built.window);
    }
    std::vector<Proc> m_procs;
    Built m_built;
};

void TestGraphLod::initTestCase()
{
    m_procs = workload();
    m_built = buildWorkload(m_procs);
    QVERIFY(m_built.snapshot);
    QCOMPARE(m_built.snapshot->countOf(EntityKind::Process), 45);
    QCOMPARE(m_built.snapshot->countOf(EntityKind::NumaNode), 2);
}

void TestGraphLod::perBox_data()
{
    QTest::addColumn<GraphOptions>("options");
    QTest::addColumn<int>("groups"); // "more" nodes expected

    QTest::newRow("combined, 8 per node") << options(GraphView::Combined, 8) << 1;
    QTest::newRow("combined, 1 per node") << options(GraphView::Combined, 1) << 2;
    QTest::newRow("combined, 4 per node: node 1 has 5") << options(GraphView::Combined, 4) << 2;
    QTest::newRow("combined, 5 per node: node 1 fits") << options(GraphView::Combined, 5) << 1;
    // The limit falls between tied processes: 1031 (more pages) before 1030, and 1032 before 1033 (pid).
    QTest::newRow("combined, 31 per node: tie broken by pages") << options(GraphView::Combined, 31) << 1;
    QTest::newRow("combined, 33 per node: tie broken by pid") << options(GraphView::Combined, 33) << 1;
    QTest::newRow("combined, 40 per node: all fit") << options(GraphView::Combined, 40) << 0;
    QTest::newRow("combined, 0 draws all") << options(GraphView::Combined, 0) << 0;
    GraphOptions noNuma = options(GraphView::Combined, 8);
    noNuma.hiddenKinds = {EntityKind::NumaNode};
    QTest::newRow("combined, NUMA boxes hidden") << noNuma << 1;
    GraphOptions threads = options(GraphView::Combined, 3);
    // The largest process of node 0 with its threads drawn: it stays in node 0's count.
    threads.expanded = {QStringLiteral("proc1000"), QStringLiteral("proc1039")};
    QTest::newRow("combined, 3 per node, threads expanded") << threads << 2;
    QTest::newRow("data flow, 8 per container") << options(GraphView::Dataflow, 8) << 2;
    QTest::newRow("data flow, 0 draws all") << options(GraphView::Dataflow, 0) << 0;
}

void TestGraphLod::perBox()
{
    QFETCH(GraphOptions, options);
    QFETCH(int, groups);
    const GraphSpecPtr spec = build(options);
    const int limit = options.processesPerNode;
    std::map<QString, std::set<int>> drawn;  // box -> pids drawn one by one
    std::map<QString, std::set<int>> folded; // box -> pids in its group
    std::map<QString, int> groupsInBox;
    for (const GraphNode& n : spec->nodes) {
        if (n.kind != EntityKind::Process)
            continue;
        if (n.id.startsWith(u"more_")) {
            ++groupsInBox[n.cluster];
            QCOMPARE(n.id, groupId(n.cluster));
            QVERIFY(n.expandable);
            QVERIFY(!n.entity.isValid());
            double metric = 0;
            for (EntityId m : n.members) {
                const Entity& e = m_built.snapshot->entity(m);
                QCOMPARE(e.kind, EntityKind::Process);
                QVERIFY2(folded[n.cluster].insert(int(e.pid)).second, qPrintable(n.id));
                // Search finds a hidden process by its pid and its name.
                QVERIFY(n.searchKeys.contains(QString::number(e.pid)));
                QVERIFY(n.searchKeys.contains(e.name));
                metric += double(std::find_if(m_procs.begin(), m_procs.end(), [&](const Proc& p) {
                                     return p.pid == e.pid;
                                 })->ns);
            }
            double all = 0;
            for (const Proc& p : m_procs)
                all += double(p.ns);
            QVERIFY2(qAbs(n.metric - metric / all) < 1e-9, qPrintable(n.id));
            QVERIFY(n.label.startsWith(QStringLiteral("%1 more\n").arg(n.members.size())));
        } else {
            QVERIFY2(drawn[boxOf(*spec, n)].insert(int(m_built.snapshot->entity(n.entity).pid)).second,
                     qPrintable(n.id));
        }
    }
    int groupCount = 0;
    for (const auto& [box, list] : boxes(m_procs, options)) {
        const QString where = box.isEmpty() ? QStringLiteral("top") : box;
        QVERIFY2(groupsInBox[box] <= 1, qPrintable(where));
        groupCount += groupsInBox[box];
        const bool folds = limit > 0 && int(list.size()) > limit;
        QCOMPARE(groupsInBox[box], folds ? 1 : 0);
        // The largest `limit` drawn, the rest in the group: together every process of the box, once.
        std::set<int> top, rest;
        for (size_t i = 0; i < list.size(); ++i)
            (folds && int(i) >= limit ? rest : top).insert(list[i].pid);
        QCOMPARE(drawn[box], top);
        QCOMPARE(folded[box], rest);
        QVERIFY(!folds || int(drawn[box].size()) == limit);
    }
    QCOMPARE(groupCount, groups);
    for (const GraphEdge& e : spec->edges)
        QVERIFY2(spec->node(e.from) && spec->node(e.to), qPrintable(e.id));
    for (const GraphNode& n : spec->nodes)
        QVERIFY2(n.cluster.isEmpty() || spec->cluster(n.cluster), qPrintable(n.id));
    if (groups > 0)
        QVERIFY(std::any_of(spec->legend.begin(), spec->legend.end(),
                            [](const LegendEntry& l) { return l.mark == u"node:more"; }));
}

void TestGraphLod::expandGroup_data()
{
    QTest::addColumn<GraphOptions>("options");
    QTest::addColumn<QString>("group");
    QTest::addColumn<bool>("expanded");

    GraphOptions o = options(GraphView::Combined, 8);
    o.expanded = {QStringLiteral("more_numa0")};
    QTest::newRow("combined, node 0 expanded") << o << QStringLiteral("cluster_numa0") << true;
    GraphOptions back = o;
    back.folded = {QStringLiteral("more_numa0")};
    QTest::newRow("combined, folded again by the group") << back << QStringLiteral("cluster_numa0") << false;
    GraphOptions byPart = o;
    byPart.folded = {QStringLiteral("proc1020")};
    QTest::newRow("combined, folded again by a part") << byPart << QStringLiteral("cluster_numa0") << false;
    GraphOptions d = options(GraphView::Dataflow, 8);
    d.expanded = {QStringLiteral("more_ctrloader")};
    QTest::newRow("data flow, loader expanded") << d << QStringLiteral("cluster_ctrloader") << true;
}

void TestGraphLod::expandGroup()
{
    QFETCH(GraphOptions, options);
    QFETCH(QString, group);
    QFETCH(bool, expanded);
    const GraphSpecPtr spec = build(options);
    const QString id = groupId(group);
    const auto list = boxes(m_procs, options).at(group);
    QCOMPARE(spec->node(id) != nullptr, !expanded);
    int drawn = 0;
    for (size_t i = 0; i < list.size(); ++i) {
        const GraphNode* n = spec->node(QStringLiteral("proc%1").arg(list[i].pid));
        if (!n)
            continue;
        ++drawn;
        QCOMPARE(n->cluster, group);
        // A process shown because the group is open names it, so it can fold the group again.
        QCOMPARE(n->foldGroup, int(i) >= options.processesPerNode ? id : QString());
    }
    QCOMPARE(drawn, expanded ? int(list.size()) : options.processesPerNode);
    QCOMPARE(spec->hiddenNotes.join(u'|').contains(u"'more' group"),
             !expanded || options.view == GraphView::Dataflow);
}

void TestGraphLod::edgesAggregated_data()
{
    QTest::addColumn<GraphOptions>("options");
    QTest::addColumn<QString>("group");

    QTest::newRow("combined") << options(GraphView::Combined, 8) << QStringLiteral("more_numa0");
    QTest::newRow("combined, 2 per node") << options(GraphView::Combined, 2) << QStringLiteral("more_numa1");
    QTest::newRow("data flow") << options(GraphView::Dataflow, 8) << QStringLiteral("more_ctrtrainer");
}

void TestGraphLod::edgesAggregated()
{
    QFETCH(GraphOptions, options);
    QFETCH(QString, group);
    const GraphSpecPtr spec = build(options);
    const GraphNode* g = spec->node(group);
    QVERIFY(g);
    const double members = double(g->members.size());
    QVERIFY(members > 1);

    // The label counts the members by container in the combined view (2 containers, 2 commands here), by
    // command in the data-flow view, whose boxes are the containers.
    std::map<QString, int> byKey;
    for (EntityId m : g->members) {
        const int pid = int(m_built.snapshot->entity(m).pid);
        const Proc& p =
            *std::find_if(m_procs.begin(), m_procs.end(), [&](const Proc& x) { return x.pid == pid; });
        ++byKey[options.view == GraphView::Combined ? p.container : p.name];
    }
    QCOMPARE(byKey.size(), size_t(2));
    for (const auto& [key, count] : byKey)
        QVERIFY2(g->label.contains(QStringLiteral("%1 ×%2").arg(key).arg(count)), qPrintable(g->label));

    // One edge per (from, to, role) in the whole graph.
    std::set<std::tuple<QString, QString, GraphEdgeRole>> seen;
    for (const GraphEdge& e : spec->edges)
        QVERIFY2(seen.insert({e.from, e.to, e.role}).second, qPrintable(e.id));

    // Every member sends kFlowBytes to the server and to the remote endpoint: one edge each, summed.
    const GraphEdge* toServer =
        findEdge(*spec, group, QStringLiteral("proc%1").arg(kServerPid), GraphEdgeRole::Flow);
    QVERIFY(toServer);
    QCOMPARE(toServer->weight, members * double(kFlowBytes));
    QVERIFY2(toServer->label.contains(QStringLiteral(" · %1 conn.").arg(g->members.size())),
             qPrintable(toServer->label));
    const GraphEdge* toPeer = findEdge(*spec, group, QStringLiteral("peer") + kRemote, GraphEdgeRole::Flow);
    QVERIFY(toPeer);
    QCOMPARE(toPeer->weight, members * double(kFlowBytes));
    // Nothing dropped: the flows into the remote endpoint add up to what all processes sent there.
    double toRemote = 0;
    for (const GraphEdge& e : spec->edges)
        if (e.role == GraphEdgeRole::Flow && e.to == QStringLiteral("peer") + kRemote)
            toRemote += e.weight;
    QCOMPARE(toRemote, double(m_procs.size()) * double(kFlowBytes));

    // Memory: every member holds its pages on node 1; the group's edge holds their sum.
    double pages = 0;
    for (EntityId m : g->members) {
        const int pid = int(m_built.snapshot->entity(m).pid);
        pages += double(
            std::find_if(m_procs.begin(), m_procs.end(), [&](const Proc& p) { return p.pid == pid; })->pages);
    }
    const GraphEdge* memory = findEdge(*spec, group, QStringLiteral("numa1"), GraphEdgeRole::MemoryOn);
    QVERIFY(memory);
    QCOMPARE(memory->weight, pages);
    QVERIFY2(memory->label.endsWith(QStringLiteral("(100 %)")), qPrintable(memory->label));

    // CPU time: 10 % of every member's on the other node, which the group's RunsOn edge says; the box's
    // own node is said by the box in the combined view.
    if (options.view == GraphView::Combined) {
        const int home = g->cluster.endsWith(u'1') ? 1 : 0;
        const GraphEdge* away =
            findEdge(*spec, group, QStringLiteral("numa%1").arg(1 - home), GraphEdgeRole::RunsOn);
        QVERIFY(away);
        QCOMPARE(away->label, QStringLiteral("10 %"));
        QCOMPARE(away->locality, EdgeLocality::Remote);
        QVERIFY(!findEdge(*spec, group, QStringLiteral("numa%1").arg(home), GraphEdgeRole::RunsOn));
    } else {
        // A container's members run on both nodes: the group's shares, weighted by CPU time, add up to all.
        const GraphEdge* on0 = findEdge(*spec, group, QStringLiteral("numa0"), GraphEdgeRole::RunsOn);
        const GraphEdge* on1 = findEdge(*spec, group, QStringLiteral("numa1"), GraphEdgeRole::RunsOn);
        QVERIFY(on0 && on1);
        QVERIFY(qAbs(on0->weight + on1->weight - 1) < 1e-9);
        double onNode0 = 0, all = 0;
        for (EntityId m : g->members) {
            const int pid = int(m_built.snapshot->entity(m).pid);
            const Proc& p =
                *std::find_if(m_procs.begin(), m_procs.end(), [&](const Proc& x) { return x.pid == pid; });
            onNode0 += double(p.node == 0 ? p.ns * 9 / 10 : p.ns - p.ns * 9 / 10);
            all += double(p.ns);
        }
        QVERIFY2(qAbs(on0->weight - onNode0 / all) < 1e-9, qPrintable(on0->label));
    }

    // The data-flow view's process tree: the server is drawn, its folded children hang off the group.
    if (options.view == GraphView::Dataflow)
        QVERIFY(findEdge(*spec, QStringLiteral("proc%1").arg(kServerPid), group, GraphEdgeRole::Structural));
}

void TestGraphLod::notes_data()
{
    QTest::addColumn<GraphOptions>("options");
    QTest::addColumn<QStringList>("notes");

    QTest::newRow("all drawn") << options(GraphView::Combined, 0) << QStringList{};
    QTest::newRow("8 per node") << options(GraphView::Combined, 8)
                                << QStringList{QStringLiteral("32 processes folded into 1 'more' group")};
    QTest::newRow("2 per node") << options(GraphView::Combined, 2)
                                << QStringList{QStringLiteral("41 processes folded into 2 'more' groups")};
    QTest::newRow("machine view: no workload") << options(GraphView::Machine, 2) << QStringList{};
    GraphOptions m = options(GraphView::Combined, 8);
    double all = 0;
    for (const Proc& p : workload())
        all += double(p.ns);
    QCOMPARE(all, 44012e6);
    m.minMetric = 995e6 / all; // pids 1000-1005 have at least 995 ms: 2.26 %
    QTest::newRow("min share") << m << QStringList{QStringLiteral("39 processes hidden by CPU share ≥ 2 %")};
    GraphOptions none = options(GraphView::Combined, 8);
    none.minMetric = 0.5;
    QTest::newRow("min share hides all")
        << none
        << QStringList{
               QStringLiteral("All 45 processes are hidden by CPU share ≥ 50 %: none has that share")};
    GraphOptions kinds = options(GraphView::Dataflow, 0);
    kinds.hiddenKinds = {EntityKind::Thread, EntityKind::Pu, EntityKind::Accelerator};
    // No accelerator in the capture: nothing hidden by that one.
    QTest::newRow("kinds") << kinds << QStringList{QStringLiteral("2 kinds hidden: CPUs, threads")};
    GraphOptions procs = options(GraphView::Combined, 8);
    procs.hiddenKinds = {EntityKind::Process};
    QTest::newRow("processes hidden")
        << procs
        << QStringList{QStringLiteral("All 45 processes are hidden: processes are a hidden kind"),
                       QStringLiteral("1 kind hidden: processes")};
    GraphOptions both = options(GraphView::Dataflow, 4);
    both.minMetric = 995e6 / all;
    both.hiddenKinds = {EntityKind::Thread};
    // 6 left: 3 in each container, under the limit.
    QTest::newRow("min share and kinds")
        << both
        << QStringList{QStringLiteral("39 processes hidden by CPU share ≥ 2 %"),
                       QStringLiteral("1 kind hidden: threads")};
}

void TestGraphLod::notes()
{
    QFETCH(GraphOptions, options);
    QFETCH(QStringList, notes);
    const GraphSpecPtr spec = build(options);
    QCOMPARE(spec->hiddenNotes, notes);
}

QTEST_GUILESS_MAIN(TestGraphLod)
#include "tst_graph_lod.moc"
