// SPDX-License-Identifier: GPL-3.0-or-later
// Findings about where a process may run, on hwloc's synthetic machines with one and with two NUMA nodes:
// on one node they cannot matter, so they are not made.
#include "advice/advice.h"
#include "readers/hwloc_reader.h"
#include "support/entity_factory.h"

#include <QTest>

using namespace numasight;
using numasight::test::makeEntity;

namespace {

const Finding* findingOf(const Advice& a, QStringView kind, std::int64_t pid)
{
    for (const Finding& f : a.findings)
        if (f.kind == kind && f.pid == pid)
            return &f;
    return nullptr;
}

// `topology` with two processes of one thread each: pid 100 may run on every CPU and runs on the last one,
// pid 200 is bound to CPU 0; all their memory is on the first node. NUMA balancing is on.
std::pair<SnapshotPtr, std::vector<SamplePtr>> workload(const QString& topology)
{
    const auto loaded = readHwlocSynthetic(topology);
    if (!loaded)
        return {};
    const Snapshot& machine = *loaded.value()->snapshots.front();
    SnapshotBuilder b;
    for (const Entity& e : machine.entities())
        b.add(e);
    for (const Edge& e : machine.edges())
        b.addEdge(e);
    CpuSet all;
    for (EntityId n : machine.numaNodes())
        all |= machine.entity(n).cpus;
    const int lastCpu = all.last();
    const int firstNode = machine.entity(machine.numaNodes().front()).osIndex;
    for (const auto& [pid, cpus] : {std::pair{100, all}, std::pair{200, CpuSet{0}}}) {
        Entity proc = makeEntity(EntityKind::Process, QString::number(pid), QStringLiteral("worker"));
        proc.pid = pid;
        const EntityId p = b.add(proc);
        Entity thread = makeEntity(EntityKind::Thread, QString::number(pid), QStringLiteral("worker"));
        thread.pid = pid;
        thread.tid = pid;
        thread.parent = p;
        thread.cpus = cpus;
        b.add(thread);
    }
    std::vector<SamplePtr> samples;
    for (int i = 0; i < 2; ++i) {
        auto s = std::make_shared<Sample>();
        s->timeNs = 1'700'000'000'000'000'000 + i * 1'000'000'000LL;
        s->intervalNs = i == 0 ? 0 : 1'000'000'000;
        s->numaBalancing = 1;
        for (const auto& [pid, cpu] : {std::pair{100, lastCpu}, std::pair{200, 0}}) {
            ThreadCpuSample t;
            t.pid = pid;
            t.tid = pid;
            t.comm = QStringLiteral("worker");
            t.cpuNs = i == 0 ? 0 : 500'000'000;
            if (t.cpuNs > 0)
                t.cpuNsByCpu = {{cpu, t.cpuNs}};
            t.lastCpu = cpu;
            t.mode = CollectionMode::Ebpf;
            s->threads.push_back(t);
            ProcessMemorySample m;
            m.pid = pid;
            m.nodes.push_back(NodePages{firstNode, 1000, 1000, 1000, 0, 0, 1000 * 4096});
            s->processes.push_back(m);
        }
        samples.push_back(s);
    }
    return {b.finish(), samples};
}

} // namespace

class TestAdviceOneNode : public QObject
{
    Q_OBJECT
private slots:
    void placementFindings_data();
    void placementFindings();
};

void TestAdviceOneNode::placementFindings_data()
{
    QTest::addColumn<QString>("topology");
    QTest::addColumn<bool>("placementMatters");
    QTest::newRow("one node") << "pack:1 [numa] core:4 pu:2" << false;
    QTest::newRow("one node, two packages") << "pack:2 core:4 pu:2" << false;
    QTest::newRow("two nodes") << "pack:2 [numa] core:4 pu:2" << true;
    QTest::newRow("four nodes") << "pack:2 group:2 [numa] core:2 pu:2" << true;
}

void TestAdviceOneNode::placementFindings()
{
    QFETCH(QString, topology);
    QFETCH(bool, placementMatters);
    const auto [snapshot, samples] = workload(topology);
    QVERIFY(snapshot);
    QCOMPARE(snapshot->numaNodes().size() > 1, placementMatters);
    const AdvicePtr a = advise(*snapshot, samples);
    QVERIFY(a);
    // pid 100 may run anywhere and runs away from its memory: a warning where there is an away.
    const Finding* unbound = findingOf(*a, u"unbound-memory-on-one-node", 100);
    QCOMPARE(unbound != nullptr, placementMatters);
    if (unbound) {
        QCOMPARE(unbound->severity, Severity::Warning);
        QVERIFY(unbound->message.contains(QStringLiteral("may run on every CPU")));
    }
    // pid 200 is bound while NUMA balancing is on: the kernel balances only between nodes.
    QCOMPARE(findingOf(*a, u"numa-balancing-with-binding", -1) != nullptr, placementMatters);
    for (const Finding& f : a->findings)
        QVERIFY2(placementMatters || !f.message.contains(QStringLiteral("every CPU")), qPrintable(f.message));
}

QTEST_GUILESS_MAIN(TestAdviceOneNode)
#include "tst_advice_one_node.moc"
