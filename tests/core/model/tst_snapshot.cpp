// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/snapshot.h"
#include "support/entity_factory.h"

#include <QTest>

using namespace numasight;
using numasight::test::makeEntity;

namespace {

Entity node(int os, const char* cpus, const QString& ns = QStringLiteral("local"))
{
    Entity e = makeEntity(EntityKind::NumaNode, QString::number(os), {}, ns);
    e.osIndex = e.logicalIndex = os;
    e.cpus = *IndexSet::fromRangeString(std::string_view(cpus));
    return e;
}

Entity process(std::int64_t pid, std::int64_t ppid)
{
    Entity e = makeEntity(EntityKind::Process, QString::number(pid));
    e.pid = pid;
    e.ppid = ppid;
    return e;
}

Edge edge(EdgeKind kind, EntityId a, EntityId b)
{
    Edge e;
    e.kind = kind;
    e.typeName = edgeKindName(kind);
    e.source = a;
    e.target = b;
    return e;
}
} // namespace

class TestSnapshot : public QObject
{
    Q_OBJECT
private slots:
    void foldsIdenticalIdentities();
    void cpuAndDeviceLookups_data();
    void cpuAndDeviceLookups();
    void processTree();
    void adjacency();
    void distances();
    void namespacesStayApart();
    void rareFactsAllocatedOnWrite();
    void entityStaysSmall();
    void socketFacts_data();
    void socketFacts();
};

void TestSnapshot::foldsIdenticalIdentities()
{
    SnapshotBuilder b;
    bool inserted = false;
    const EntityId p1 = b.add(process(10, 1), &inserted);
    QVERIFY(inserted);
    Entity copy = process(10, 1);
    copy.name = QStringLiteral("a later copy");
    const EntityId p2 = b.add(copy, &inserted);
    QVERIFY(!inserted);
    QCOMPARE(p2, p1);
    // Same key, other type or namespace: different entities.
    QVERIFY(b.add(makeEntity(EntityKind::Thread, QStringLiteral("10"))) != p1);
    QVERIFY(b.add(makeEntity(EntityKind::Process, QStringLiteral("10"), {}, QStringLiteral("10.0.0.2"))) !=
            p1);
    const auto s = b.finish();
    QCOMPARE(s->entities().size(), size_t(3));
    QCOMPARE(s->entity(p1).name, QString()); // the first copy wins
    QCOMPARE(s->find(u"Process", u"local", u"10"), p1);
    QVERIFY(!s->find(u"Process", u"local", u"11").isValid());
}

void TestSnapshot::cpuAndDeviceLookups_data()
{
    QTest::addColumn<int>("cpu");
    QTest::addColumn<int>("expectedNode");
    QTest::newRow("first cpu of node 0") << 0 << 0;
    QTest::newRow("last cpu of node 0") << 23 << 0;
    QTest::newRow("node 1") << 24 << 1;
    QTest::newRow("hole between nodes") << 30 << -1;
    QTest::newRow("node 1 second range") << 48 << 1;
    QTest::newRow("past the end") << 4096 << -1;
}

void TestSnapshot::cpuAndDeviceLookups()
{
    QFETCH(int, cpu);
    QFETCH(int, expectedNode);
    SnapshotBuilder b;
    b.add(node(1, "24-29,48"));
    b.add(node(0, "0-23"));
    Entity npu = makeEntity(EntityKind::Accelerator, QStringLiteral("0"));
    npu.deviceClass = DeviceClass::Npu;
    npu.cpus = IndexSet::range(24, 29);
    const EntityId npuId = b.add(npu);
    Entity gpu = makeEntity(EntityKind::Accelerator, QStringLiteral("1"));
    gpu.numaNode = NodeId(0);
    const EntityId gpuId = b.add(gpu);
    Entity wide = makeEntity(EntityKind::Accelerator, QStringLiteral("2"));
    wide.cpus = IndexSet::range(0, 29); // spans both nodes: no single node
    const EntityId wideId = b.add(wide);
    const auto s = b.finish();

    const EntityId n = s->nodeOfCpu(CpuId(cpu));
    QCOMPARE(n.isValid() ? s->entity(n).osIndex : -1, expectedNode);
    // numaNodes() is sorted by OS index whatever the insertion order.
    QCOMPARE(s->entity(s->numaNodes()[0]).osIndex, 0);
    QCOMPARE(s->entity(s->nodeOfDevice(npuId)).osIndex, 1);
    QCOMPARE(s->entity(s->nodeOfDevice(gpuId)).osIndex, 0);
    QVERIFY(!s->nodeOfDevice(wideId).isValid());
}

void TestSnapshot::processTree()
{
    SnapshotBuilder b;
    const EntityId init = b.add(process(1, 0));
    const EntityId shell = b.add(process(100, 1));
    const EntityId worker = b.add(process(200, 100));
    const EntityId orphan = b.add(process(300, 999));
    Entity t = makeEntity(EntityKind::Thread, QStringLiteral("201"));
    t.tid = 201;
    t.parent = worker;
    const EntityId thread = b.add(t);
    const EntityId container = b.add(makeEntity(EntityKind::Container, QStringLiteral("cac9af6a")));
    b.addEdge(edge(EdgeKind::Host, container, shell));
    b.addEdge(edge(EdgeKind::RunOn, worker, container));
    const auto s = b.finish();

    QCOMPARE(s->processByPid(200), worker);
    QCOMPARE(s->childrenOf(init).size(), size_t(1));
    QCOMPARE(s->childrenOf(init)[0], shell);
    QCOMPARE(s->childrenOf(shell)[0], worker);
    QVERIFY(s->childrenOf(orphan).empty());
    QCOMPARE(s->threadsOf(worker).size(), size_t(1));
    QCOMPARE(s->threadsOf(worker)[0], thread);
    QCOMPARE(s->containerOf(shell), container);
    QCOMPARE(s->containerOf(worker), container);
    QVERIFY(!s->containerOf(init).isValid());
    QCOMPARE(s->countOf(EntityKind::Process), 4);
}

void TestSnapshot::adjacency()
{
    SnapshotBuilder b;
    const EntityId a = b.add(process(1, 0));
    const EntityId c = b.add(process(2, 1));
    const EntityId d = b.add(process(3, 1));
    b.addEdge(edge(EdgeKind::Access, a, c));
    b.addEdge(edge(EdgeKind::Access, a, d));
    b.addEdge(edge(EdgeKind::Access, d, c));
    const auto s = b.finish();
    QCOMPARE(s->outEdges(a).size(), size_t(2));
    QCOMPARE(s->inEdges(c).size(), size_t(2));
    QCOMPARE(s->outEdges(c).size(), size_t(0));
    QCOMPARE(s->edge(s->outEdges(d)[0]).target, c);
    QVERIFY(s->outEdges(EntityId()).empty());
}

void TestSnapshot::distances()
{
    SnapshotBuilder b;
    const EntityId n0 = b.add(node(0, "0-3"));
    const EntityId n1 = b.add(node(1, "4-7"));
    DistanceMatrix gpu;
    gpu.name = QStringLiteral("GPU bandwidth");
    gpu.unit = QStringLiteral("MB/s");
    gpu.objects = {n0, n1};
    gpu.values = {1, 2, 3, 4};
    b.addDistances(gpu);
    DistanceMatrix slit;
    slit.name = QStringLiteral("NUMALatency");
    slit.unit = QStringLiteral("relative");
    slit.objects = {n0, n1};
    slit.values = {10, 21, 21, 10};
    b.addDistances(slit);
    const auto s = b.finish();
    const DistanceMatrix* m = s->numaDistances();
    QVERIFY(m);
    QCOMPARE(m->name, QStringLiteral("NUMALatency"));
    QCOMPARE(m->at(0, 1), 21.0);
    QVERIFY(!s->numaDistances(u"10.0.0.2"));
}

void TestSnapshot::namespacesStayApart()
{
    SnapshotBuilder b;
    b.add(node(0, "0-3"));
    b.add(node(0, "0-7", QStringLiteral("10.0.0.2")));
    Entity p = process(42, 1);
    p.ns = QStringLiteral("10.0.0.2");
    const EntityId remote = b.add(p);
    const auto s = b.finish();
    QCOMPARE(s->numaNodes().size(), size_t(2));
    QCOMPARE(s->entity(s->numaNodes()[0]).ns, QStringLiteral("local"));
    QVERIFY(!s->nodeOfCpu(CpuId(5)).isValid());
    QVERIFY(s->nodeOfCpu(CpuId(5), u"10.0.0.2").isValid());
    QVERIFY(!s->processByPid(42).isValid());
    QCOMPARE(s->processByPid(42, u"10.0.0.2"), remote);
}

// Reading rare facts through a const entity allocates nothing; a copy shares the block until one side writes.
void TestSnapshot::rareFactsAllocatedOnWrite()
{
    Entity a = makeEntity(EntityKind::Accelerator, QStringLiteral("0000:c1:00.0"));
    QVERIFY(std::as_const(a).detail->vendor.isEmpty());
    QCOMPARE(std::as_const(a).detail->memoryBytes, std::uint64_t(0));
    QVERIFY(!a.detail.isAllocated());
    a.detail->vendor = QStringLiteral("nvidia");
    QVERIFY(a.detail.isAllocated());

    Entity b = a;
    QCOMPARE(std::as_const(b).detail->vendor, QStringLiteral("nvidia"));
    b.detail->vendor = QStringLiteral("huawei");
    b.detail->memoryBytes = 64;
    QCOMPARE(std::as_const(a).detail->vendor, QStringLiteral("nvidia"));
    QCOMPARE(std::as_const(a).detail->memoryBytes, std::uint64_t(0));

    SnapshotBuilder builder;
    const EntityId id = builder.add(b);
    const EntityId plain = builder.add(process(42, 1));
    const auto snapshot = builder.finish();
    QCOMPARE(snapshot->entity(id).detail->vendor, QStringLiteral("huawei"));
    QVERIFY(!snapshot->entity(plain).detail.isAllocated());
}

// Entities come by the million (threads, sockets): their size is most of a big graph's memory, and
// bench/README.md's figures assume it. A field added here should go to EntityDetail unless every kind has it.
void TestSnapshot::entityStaysSmall()
{
    QCOMPARE(sizeof(IndexSet), sizeof(void*));
    QCOMPARE(sizeof(AttributeText), sizeof(QByteArray));
    QVERIFY2(sizeof(Entity) <= 120, qPrintable(QString::number(sizeof(Entity))));
    QVERIFY2(sizeof(Edge) <= 64, qPrintable(QString::number(sizeof(Edge))));
    QCOMPARE(sizeof(CompactString), sizeof(void*));
}

// A socket's address and protocol are read back from its key when the key spells them, and kept beside it
// otherwise: either way they read back exactly as set, through copies.
void TestSnapshot::socketFacts_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("address");
    QTest::addColumn<int>("port");
    QTest::addColumn<QString>("protocol");
    QTest::addColumn<bool>("fromKey");
    QTest::newRow("witty identity") << "10.0.0.1:80/TCP"
                                    << "10.0.0.1" << 80 << "TCP" << true;
    QTest::newRow("IPv6 in the key") << "fe80::1:443/UDP"
                                     << "fe80::1" << 443 << "UDP" << true;
    QTest::newRow("empty address") << ":0/TCP"
                                   << "" << 0 << "TCP" << true;
    QTest::newRow("bracketed IPv6 key (procfs)") << "[::1]:22/TCP"
                                                 << "::1" << 22 << "TCP" << false;
    QTest::newRow("another key form") << "TCP:10.0.0.1:8000"
                                      << "10.0.0.1" << 8000 << "TCP" << false;
    QTest::newRow("protocol holding a slash") << "a:1/x/y"
                                              << "a" << 1 << "x/y" << false;
    QTest::newRow("protocol holding a colon") << "a:1/x:y"
                                              << "a" << 1 << "x:y" << true;
    QTest::newRow("address holding a slash") << "a/b:1/TCP"
                                             << "a/b" << 1 << "TCP" << true;
    QTest::newRow("port spelt otherwise") << "a:080/TCP"
                                          << "a" << 80 << "TCP" << false;
    QTest::newRow("unknown port") << "a:-1/TCP"
                                  << "a" << -1 << "TCP" << true;
    QTest::newRow("key without separators") << "socket-7"
                                            << "10.0.0.7" << 7 << "UNIX" << false;
    QTest::newRow("nothing known") << "socket-8"
                                   << "" << -1 << "" << false;
}

void TestSnapshot::socketFacts()
{
    QFETCH(QString, key);
    QFETCH(QString, address);
    QFETCH(int, port);
    QFETCH(QString, protocol);
    QFETCH(bool, fromKey);
    Entity e;
    e.kind = EntityKind::Socket;
    e.key = key;
    // A block holding something else already: setSocket() adds to it, never drops it.
    e.detail->vendor = QStringLiteral("v");
    e.setSocket(QStringLiteral("stale"), 1, QStringLiteral("stale"));
    e.setSocket(address, port, protocol);
    QCOMPARE(e.socketFromKey, fromKey);
    const Entity copy = e;
    for (const Entity* x : {static_cast<const Entity*>(&e), &copy}) {
        QCOMPARE(x->address(), address);
        QCOMPARE(x->port, port);
        QCOMPARE(x->protocol(), protocol);
        QCOMPARE(x->detail->vendor, QStringLiteral("v"));
    }
    // Without any other fact, a socket whose key spells it keeps no block at all.
    Entity bare;
    bare.key = key;
    bare.setSocket(address, port, protocol);
    QCOMPARE(bare.detail.isAllocated(), !fromKey && !(address.isEmpty() && protocol.isEmpty()));
    QCOMPARE(bare.address(), address);
    QCOMPARE(bare.protocol(), protocol);
}

QTEST_GUILESS_MAIN(TestSnapshot)
#include "tst_snapshot.moc"
