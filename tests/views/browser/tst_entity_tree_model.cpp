// SPDX-License-Identifier: GPL-3.0-or-later
#include "readers/open_input.h"
#include "support/entity_factory.h"
#include "views/browser/entity_filter_proxy.h"
#include "views/browser/entity_tree_model.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

#include <algorithm>
#include <map>
#include <set>

using namespace numasight;
using numasight::test::makeEntity;

namespace {

const QString kWitty = QStringLiteral(NUMASIGHT_FIXTURES "/witty-profiler/graph.json");
const QString kDgx2 = QStringLiteral(NUMASIGHT_FIXTURES "/hwloc/nvidiaDGX2.xml");
const QString k24Nodes = QStringLiteral(NUMASIGHT_FIXTURES "/hwloc/192em64t-24n8c2t.xml");

// host → package 0 → nodes 0 (CPUs 0-1) and 1 (CPUs 2-3), core per node, PUs; a GPU on node 1, a bridge
// without node; a container with a two-process tree and a thread; a bare host process; a socket and a type
// nobody knows (Other).
SnapshotPtr handBuilt()
{
    SnapshotBuilder b;
    const EntityId host =
        b.add(makeEntity(EntityKind::Host, QStringLiteral("h"), QStringLiteral("testhost")));
    Entity pkg = makeEntity(EntityKind::Package, QStringLiteral("pkg0"));
    pkg.osIndex = 0;
    pkg.cpus = CpuSet::range(0, 3);
    pkg.parent = host;
    const EntityId package = b.add(pkg);
    for (int n = 0; n < 2; ++n) {
        Entity node = makeEntity(EntityKind::NumaNode, QStringLiteral("node%1").arg(n));
        node.osIndex = node.logicalIndex = n;
        node.cpus = CpuSet::range(2 * n, 2 * n + 1);
        node.detail->memoryBytes = 1ull << 30;
        node.parent = package;
        b.add(node);
        Entity core = makeEntity(EntityKind::Core, QStringLiteral("core%1").arg(n));
        core.osIndex = n;
        core.cpus = node.cpus;
        core.parent = package;
        const EntityId c = b.add(core);
        for (int cpu = 2 * n; cpu <= 2 * n + 1; ++cpu) {
            Entity pu = makeEntity(EntityKind::Pu, QStringLiteral("pu%1").arg(cpu));
            pu.osIndex = cpu;
            pu.cpus = CpuSet{cpu};
            pu.parent = c;
            b.add(pu);
        }
    }
    Entity gpu = makeEntity(EntityKind::Accelerator, QStringLiteral("0000:3b:00.0"), QStringLiteral("GPU0"));
    gpu.deviceClass = DeviceClass::Gpu;
    gpu.detail->pciBusId = gpu.key;
    gpu.numaNode = NodeId(1);
    b.add(gpu);
    Entity bridge =
        makeEntity(EntityKind::PciDevice, QStringLiteral("0000:00:01.0"), QStringLiteral("bridge"));
    bridge.detail->pciBusId = bridge.key;
    b.add(bridge);

    Entity container =
        makeEntity(EntityKind::Container, QStringLiteral("abcd1234"), QStringLiteral("trainer"));
    container.detail->containerId = container.key;
    const EntityId ctr = b.add(container);
    auto process = [&](std::int64_t pid, std::int64_t ppid, const QString& name) {
        Entity p = makeEntity(EntityKind::Process, QString::number(pid), name);
        p.pid = pid;
        p.ppid = ppid;
        p.detail->cmdline = name + QStringLiteral(" --flag");
        return b.add(p);
    };
    const EntityId launcher = process(200, 1, QStringLiteral("launcher"));
    const EntityId worker = process(201, 200, QStringLiteral("worker"));
    process(100, 1, QStringLiteral("sshd"));
    for (EntityId p : {launcher, worker}) {
        Edge e;
        e.kind = EdgeKind::Host;
        e.typeName = QStringLiteral("HostEdge");
        e.source = ctr;
        e.target = p;
        b.addEdge(e);
    }
    Entity thread = makeEntity(EntityKind::Thread, QStringLiteral("202"), QStringLiteral("worker-io"));
    thread.tid = 202;
    thread.parent = worker;
    b.add(thread);
    Entity socket = makeEntity(EntityKind::Socket, QStringLiteral("10.0.0.1:80/TCP"));
    b.add(socket);
    Entity odd = makeEntity(EntityKind::Unknown, QStringLiteral("x"));
    odd.typeName = QStringLiteral("FancyEntity");
    b.add(odd);
    return b.finish();
}

SnapshotPtr load(const QString& path)
{
    auto r = openInput(path);
    if (!r.ok()) {
        qWarning("%s", qPrintable(r.error().toString()));
        return nullptr;
    }
    return (*r)->snapshots.empty() ? nullptr : (*r)->snapshots.front();
}

// Entities by key and kind, for readable test rows.
EntityId findEntity(const Snapshot& s, EntityKind kind, const QString& key)
{
    for (EntityId id : s.ofKind(kind))
        if (s.entity(id).key == key)
            return id;
    return {};
}

EntityId processByPid(const Snapshot& s, qint64 pid)
{
    return s.processByPid(pid);
}

QString labelOf(const QModelIndex& i)
{
    return i.siblingAtColumn(0).data().toString();
}

template <class F>
void walk(const QAbstractItemModel& m, const QModelIndex& parent, F&& f)
{
    for (int r = 0; r < m.rowCount(parent); ++r) {
        const QModelIndex i = m.index(r, 0, parent);
        f(i);
        walk(m, i, f);
    }
}

int countKindBelow(const QAbstractItemModel& m, const QModelIndex& parent, EntityKind kind)
{
    int n = 0;
    walk(m, parent,
         [&](const QModelIndex& i) { n += i.data(EntityTreeModel::EntityKindRole).toInt() == int(kind); });
    return n;
}

} // namespace

class TestEntityTreeModel : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void modelTester_data();
    void modelTester();
    void everyEntityOnce_data();
    void everyEntityOnce();
    void hardwareInMachineTree_data();
    void hardwareInMachineTree();
    void handBuiltPlacement_data();
    void handBuiltPlacement();
    void columns();
    void wittyWorkload();
    void wittyThreads();
    void wittyNpuNodes_data();
    void wittyNpuNodes();
    void wittyCpuColumns_data();
    void wittyCpuColumns();
    void cpuSharesAddUp();
    void filter_data();
    void filter();
    void hwlocGpus();
    void resetToEmpty();

private:
    SnapshotPtr m_witty, m_dgx2, m_24;
    SnapshotPtr snapshotFor(const QString& name);
};

void TestEntityTreeModel::initTestCase()
{
    m_witty = load(kWitty);
    m_dgx2 = load(kDgx2);
    m_24 = load(k24Nodes);
    QVERIFY2(m_witty, "the witty fixture must load");
    QVERIFY2(m_dgx2, "the DGX-2 fixture must load");
    QVERIFY2(m_24, "the 24-node fixture must load");
}

SnapshotPtr TestEntityTreeModel::snapshotFor(const QString& name)
{
    if (name == u"hand-built")
        return handBuilt();
    if (name == u"witty")
        return m_witty;
    if (name == u"dgx2")
        return m_dgx2;
    return m_24;
}

void TestEntityTreeModel::modelTester_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("filter");
    QTest::addColumn<int>("kind");
    QTest::newRow("hand-built, no filter") << "hand-built" << QString() << -1;
    QTest::newRow("hand-built, text") << "hand-built"
                                      << "worker" << -1;
    QTest::newRow("hand-built, kind") << "hand-built" << QString() << int(EntityKind::Pu);
    QTest::newRow("witty, pid") << "witty"
                                << "1895087" << -1;
    QTest::newRow("witty, kind") << "witty" << QString() << int(EntityKind::Thread);
    QTest::newRow("dgx2, cpu") << "dgx2"
                               << "cpu:7" << -1;
    QTest::newRow("24 nodes, kind") << "24" << QString() << int(EntityKind::NumaNode);
}

void TestEntityTreeModel::modelTester()
{
    QFETCH(QString, input);
    QFETCH(QString, filter);
    QFETCH(int, kind);
    EntityTreeModel model;
    EntityFilterProxy proxy;
    proxy.setSourceModel(&model);
    QAbstractItemModelTester modelTester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setSnapshot(snapshotFor(input));
    QVERIFY(model.rowCount() == 3);
    proxy.setFilterText(filter);
    if (kind >= 0)
        proxy.setKindFilter(EntityKind(kind));
    proxy.sort(EntityTreeModel::IdColumn);
    proxy.sort(EntityTreeModel::MemoryColumn, Qt::DescendingOrder);
    proxy.setFilterText({});
    proxy.setKindFilter(std::nullopt);
    model.setSnapshot(snapshotFor(QStringLiteral("hand-built")));
    model.setSnapshot(nullptr);
    QCOMPARE(proxy.rowCount(), 0);
}

void TestEntityTreeModel::everyEntityOnce_data()
{
    QTest::addColumn<QString>("input");
    for (const char* name : {"hand-built", "witty", "dgx2", "24"})
        QTest::newRow(name) << QString::fromLatin1(name);
}

void TestEntityTreeModel::everyEntityOnce()
{
    QFETCH(QString, input);
    const auto snapshot = snapshotFor(input);
    EntityTreeModel model;
    model.setSnapshot(snapshot);
    std::vector<int> seen(snapshot->entities().size(), 0);
    walk(model, {}, [&](const QModelIndex& i) {
        const int id = i.data(EntityTreeModel::EntityIdRole).toInt();
        if (id >= 0) {
            ++seen[size_t(id)];
            QCOMPARE(model.indexOf(EntityId(id)), i);
        }
    });
    for (size_t i = 0; i < seen.size(); ++i)
        QVERIFY2(seen[i] == 1, qPrintable(QStringLiteral("entity %1 (%2) shown %3 times")
                                              .arg(i)
                                              .arg(snapshot->entities()[i].typeName)
                                              .arg(seen[i])));
}

// Every hwloc object (caches too) sits in the Machine section; Other is for what the model cannot place.
void TestEntityTreeModel::hardwareInMachineTree_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<int>("caches");
    // Cache counts written down from `hwloc-info -i <fixture>`: L3 + L2 + L1d + L1i objects.
    QTest::newRow("dgx2") << QStringLiteral("dgx2") << 14;
    QTest::newRow("24 nodes") << QStringLiteral("24") << 600;
}

void TestEntityTreeModel::hardwareInMachineTree()
{
    QFETCH(QString, input);
    QFETCH(int, caches);
    const auto snapshot = snapshotFor(input);
    EntityTreeModel model;
    model.setSnapshot(snapshot);
    QCOMPARE(snapshot->countOf(EntityKind::Cache), caches);
    for (EntityKind kind : {EntityKind::Cache, EntityKind::Core, EntityKind::Pu, EntityKind::NumaNode,
                            EntityKind::Package, EntityKind::Accelerator}) {
        for (EntityId id : snapshot->ofKind(kind)) {
            const QModelIndex index = model.indexOf(id);
            QVERIFY(index.isValid());
            QCOMPARE(index.data(EntityTreeModel::SectionRole).toInt(),
                     int(EntityTreeModel::Section::Machine));
        }
    }
    // An L3 lies under the NUMA node or package whose CPUs include its own.
    for (EntityId id : snapshot->ofKind(EntityKind::Cache)) {
        const Entity& cache = snapshot->entity(id);
        const QModelIndex parent = model.indexOf(id).parent();
        const int parentId = parent.data(EntityTreeModel::EntityIdRole).toInt();
        QVERIFY(parentId >= 0);
        QVERIFY(cache.cpus.isSubsetOf(snapshot->entity(EntityId(parentId)).cpus));
    }
}

void TestEntityTreeModel::handBuiltPlacement_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("expectedParent");
    QTest::addColumn<int>("section");
    const int machine = int(EntityTreeModel::Section::Machine);
    const int workload = int(EntityTreeModel::Section::Workload);
    const int other = int(EntityTreeModel::Section::Other);
    QTest::newRow("host under Machine") << int(EntityKind::Host) << "h"
                                        << "Machine" << machine;
    QTest::newRow("package under host") << int(EntityKind::Package) << "pkg0"
                                        << "testhost" << machine;
    QTest::newRow("node under package") << int(EntityKind::NumaNode) << "node1"
                                        << "Package P#0" << machine;
    QTest::newRow("core under its node") << int(EntityKind::Core) << "core1"
                                         << "NUMANode L#1 (P#1)" << machine;
    QTest::newRow("PU under its core") << int(EntityKind::Pu) << "pu3"
                                       << "Core P#1" << machine;
    QTest::newRow("GPU under node 1") << int(EntityKind::Accelerator) << "0000:3b:00.0"
                                      << "NUMANode L#1 (P#1)" << machine;
    QTest::newRow("nodeless bridge grouped") << int(EntityKind::PciDevice) << "0000:00:01.0"
                                             << "Devices without a NUMA node" << machine;
    QTest::newRow("container under host") << int(EntityKind::Container) << "abcd1234"
                                          << "testhost (local)" << workload;
    QTest::newRow("launcher in container") << int(EntityKind::Process) << "200"
                                           << "trainer" << workload;
    QTest::newRow("worker under launcher") << int(EntityKind::Process) << "201"
                                           << "launcher" << workload;
    QTest::newRow("host process under host") << int(EntityKind::Process) << "100"
                                             << "testhost (local)" << workload;
    QTest::newRow("thread under worker") << int(EntityKind::Thread) << "202"
                                         << "worker" << workload;
    QTest::newRow("socket in Other") << int(EntityKind::Socket) << "10.0.0.1:80/TCP"
                                     << "Socket (1)" << other;
    QTest::newRow("unknown type in Other") << int(EntityKind::Unknown) << "x"
                                           << "FancyEntity (1)" << other;
}

void TestEntityTreeModel::handBuiltPlacement()
{
    QFETCH(int, kind);
    QFETCH(QString, key);
    QFETCH(QString, expectedParent);
    QFETCH(int, section);
    const auto s = handBuilt();
    EntityTreeModel model;
    model.setSnapshot(s);
    const EntityId id = findEntity(*s, EntityKind(kind), key);
    QVERIFY(id.isValid());
    const QModelIndex index = model.indexOf(id);
    QVERIFY(index.isValid());
    QCOMPARE(labelOf(index.parent()), expectedParent);
    QCOMPARE(index.data(EntityTreeModel::SectionRole).toInt(), section);
}

void TestEntityTreeModel::columns()
{
    const auto s = handBuilt();
    EntityTreeModel model;
    model.setSnapshot(s);
    const QModelIndex node = model.indexOf(findEntity(*s, EntityKind::NumaNode, QStringLiteral("node1")));
    QCOMPARE(node.siblingAtColumn(EntityTreeModel::KindColumn).data().toString(), QStringLiteral("NUMANode"));
    QCOMPARE(node.siblingAtColumn(EntityTreeModel::IdColumn).data().toString(), QStringLiteral("1"));
    QCOMPARE(node.siblingAtColumn(EntityTreeModel::CpusColumn).data().toString(), QStringLiteral("2-3"));
    QCOMPARE(node.siblingAtColumn(EntityTreeModel::NodeColumn).data().toString(), QStringLiteral("1"));
    QVERIFY(!node.siblingAtColumn(EntityTreeModel::MemoryColumn).data().toString().isEmpty());
    const QModelIndex gpu =
        model.indexOf(findEntity(*s, EntityKind::Accelerator, QStringLiteral("0000:3b:00.0")));
    QCOMPARE(gpu.siblingAtColumn(EntityTreeModel::IdColumn).data().toString(),
             QStringLiteral("0000:3b:00.0"));
    QCOMPARE(gpu.siblingAtColumn(EntityTreeModel::KindColumn).data().toString(),
             QStringLiteral("Accelerator (GPU)"));
    QCOMPARE(gpu.siblingAtColumn(EntityTreeModel::NodeColumn).data().toString(), QStringLiteral("1"));
    const QModelIndex thread = model.indexOf(findEntity(*s, EntityKind::Thread, QStringLiteral("202")));
    QCOMPARE(thread.siblingAtColumn(EntityTreeModel::IdColumn).data().toString(), QStringLiteral("202"));
    QCOMPARE(thread.data(EntityTreeModel::EntityKindRole).toInt(), int(EntityKind::Thread));
    QVERIFY(!thread.data(EntityTreeModel::IsGroupRole).toBool());
    QVERIFY(model.sectionIndex(EntityTreeModel::Section::Other).data(EntityTreeModel::IsGroupRole).toBool());
    QCOMPARE(model.headerData(EntityTreeModel::CpusColumn, Qt::Horizontal).toString(),
             QStringLiteral("CPUs"));
}

void TestEntityTreeModel::wittyWorkload()
{
    const Snapshot& s = *m_witty;
    EntityTreeModel model;
    model.setSnapshot(m_witty);
    const QModelIndex workload = model.sectionIndex(EntityTreeModel::Section::Workload);
    QCOMPARE(model.rowCount(workload), 1); // one namespace
    QCOMPARE(labelOf(model.index(0, 0, workload)), QStringLiteral("Namespace local"));
    QCOMPARE(s.countOf(EntityKind::Container), 1);
    const QModelIndex container = model.indexOf(s.ofKind(EntityKind::Container).front());
    QCOMPARE(container.parent(), model.index(0, 0, workload));
    QCOMPARE(countKindBelow(model, container, EntityKind::Process), 9);
    QCOMPARE(countKindBelow(model, workload, EntityKind::Process), 12);

    const QModelIndex worker = model.indexOf(processByPid(s, 1895087));
    const QModelIndex parent = model.indexOf(processByPid(s, 1894856));
    QVERIFY(worker.isValid() && parent.isValid());
    QCOMPARE(worker.parent(), parent);
    QCOMPARE(labelOf(parent), QStringLiteral("python3"));
    for (qint64 pid : {1895088, 1895089, 1895090})
        QCOMPARE(model.indexOf(processByPid(s, pid)).parent(), parent);
    // dockerd is outside the container: directly under the namespace, with containerd below it.
    const QModelIndex dockerd = model.indexOf(processByPid(s, 6808));
    QCOMPARE(dockerd.parent(), model.index(0, 0, workload));
    QCOMPARE(model.indexOf(processByPid(s, 6928)).parent(), dockerd);
}

void TestEntityTreeModel::wittyThreads()
{
    const Snapshot& s = *m_witty;
    EntityTreeModel model;
    model.setSnapshot(m_witty);
    int threads = 0;
    for (EntityId p : s.ofKind(EntityKind::Process)) {
        const QModelIndex pi = model.indexOf(p);
        int below = 0;
        for (int r = 0; r < model.rowCount(pi); ++r)
            below += model.index(r, 0, pi).data(EntityTreeModel::EntityKindRole).toInt() ==
                     int(EntityKind::Thread);
        QCOMPARE(below, int(s.threadsOf(p).size()));
        for (EntityId t : s.threadsOf(p))
            QCOMPARE(model.indexOf(t).parent(), pi);
        threads += below;
    }
    QCOMPARE(threads, 41);
}

void TestEntityTreeModel::wittyNpuNodes_data()
{
    QTest::addColumn<int>("npu");
    QTest::addColumn<int>("node");
    const int expected[8] = {6, 6, 4, 4, 0, 0, 2, 2};
    for (int i = 0; i < 8; ++i)
        QTest::addRow("NPU%d on node %d", i, expected[i]) << i << expected[i];
}

void TestEntityTreeModel::wittyNpuNodes()
{
    QFETCH(int, npu);
    QFETCH(int, node);
    const Snapshot& s = *m_witty;
    EntityTreeModel model;
    model.setSnapshot(m_witty);
    const QModelIndex machine = model.sectionIndex(EntityTreeModel::Section::Machine);
    QCOMPARE(model.rowCount(machine), 1);
    const QModelIndex ns = model.index(0, 0, machine);
    QCOMPARE(labelOf(ns), QStringLiteral("Namespace local"));
    int nodes = 0;
    for (int r = 0; r < model.rowCount(ns); ++r)
        nodes +=
            model.index(r, 0, ns).data(EntityTreeModel::EntityKindRole).toInt() == int(EntityKind::NumaNode);
    QCOMPARE(nodes, 8);

    EntityId found;
    for (EntityId a : s.ofKind(EntityKind::Accelerator))
        if (s.entity(a).osIndex == npu)
            found = a;
    QVERIFY(found.isValid());
    const QModelIndex parent = model.indexOf(found).parent();
    QCOMPARE(parent.data(EntityTreeModel::EntityKindRole).toInt(), int(EntityKind::NumaNode));
    QCOMPARE(s.entity(EntityId(parent.data(EntityTreeModel::EntityIdRole).toInt())).osIndex, node);
    QCOMPARE(parent.parent(), ns);
}

void TestEntityTreeModel::wittyCpuColumns_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<qint64>("id"); // pid, tid or a NUMA node's OS index
    QTest::addColumn<QString>("share");
    QTest::addColumn<QString>("node");
    QTest::newRow("process on node 7") << int(EntityKind::Process) << qint64(1895087) << "24.4 %"
                                       << "node7";
    QTest::newRow("process, sum of its threads") << int(EntityKind::Process) << qint64(1894856) << "13.7 %"
                                                 << "node3";
    QTest::newRow("its main thread") << int(EntityKind::Thread) << qint64(1894856) << "11.3 %"
                                     << "node3";
    QTest::newRow("its other thread") << int(EntityKind::Thread) << qint64(1897003) << "2.4 %"
                                      << "node3";
    QTest::newRow("a sliver of the time") << int(EntityKind::Process) << qint64(6808) << "0.05 %"
                                          << "node7";
    QTest::newRow("no CPU time") << int(EntityKind::Process) << qint64(1893833) << ""
                                 << "";
    QTest::newRow("not a process") << int(EntityKind::NumaNode) << qint64(3) << ""
                                   << "";
}

// Processes and threads show their share of all the on-CPU time and the node with most of theirs.
void TestEntityTreeModel::wittyCpuColumns()
{
    QFETCH(int, kind);
    QFETCH(qint64, id);
    QFETCH(QString, share);
    QFETCH(QString, node);
    const Snapshot& s = *m_witty;
    EntityTreeModel model;
    model.setSnapshot(m_witty);
    EntityId entity;
    for (EntityId e : s.ofKind(EntityKind(kind))) {
        const Entity& x = s.entity(e);
        if ((kind == int(EntityKind::Process)  ? x.pid
             : kind == int(EntityKind::Thread) ? x.tid
                                               : x.osIndex) == id)
            entity = e;
    }
    QVERIFY(entity.isValid());
    const QModelIndex row = model.indexOf(entity);
    QCOMPARE(row.siblingAtColumn(EntityTreeModel::CpuShareColumn).data().toString(), share);
    QCOMPARE(row.siblingAtColumn(EntityTreeModel::CpuNodeColumn).data().toString(), node);
    // Each figure column names its measure.
    for (int c :
         {EntityTreeModel::CpuShareColumn, EntityTreeModel::CpuNodeColumn, EntityTreeModel::NodeColumn})
        QVERIFY(!model.headerData(c, Qt::Horizontal, Qt::ToolTipRole).toString().isEmpty());
    QVERIFY(model.headerData(EntityTreeModel::CpuShareColumn, Qt::Horizontal, Qt::ToolTipRole)
                .toString()
                .contains(QStringLiteral("on-CPU time")));
}

// One meaning: the shares are of all the CPU time, so the processes' add up to all of it.
void TestEntityTreeModel::cpuSharesAddUp()
{
    EntityTreeModel model;
    model.setSnapshot(m_witty);
    double sum = 0;
    for (EntityId p : m_witty->ofKind(EntityKind::Process))
        sum += std::max(
            0.0,
            model.indexOf(p, EntityTreeModel::CpuShareColumn).data(EntityTreeModel::SortRole).toDouble());
    QVERIFY2(qAbs(sum - 1.0) < 1e-9, qPrintable(QString::number(sum, 'g', 12)));
}

void TestEntityTreeModel::filter_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("kind");
    QTest::addColumn<QList<qint64>>("visiblePids");
    QTest::addColumn<QList<qint64>>("hiddenPids");
    QTest::addColumn<int>("visibleNpus");
    QTest::newRow("pid keeps its ancestors")
        << "1895087" << -1 << QList<qint64>{1895087, 1894856, 1894499} << QList<qint64>{1895088, 6808} << 0;
    // Rows below a match stay: the workers under vllm remain visible.
    QTest::newRow("name, case-insensitive")
        << "VLLM" << -1 << QList<qint64>{1894499, 3821739, 1895087} << QList<qint64>{6808} << 0;
    QTest::newRow("kind: accelerators")
        << QString() << int(EntityKind::Accelerator) << QList<qint64>{} << QList<qint64>{1895087, 6808} << 8;
    QTest::newRow("kind and text") << "python3" << int(EntityKind::Process)
                                   << QList<qint64>{1894856, 1895087, 1895090} << QList<qint64>{6808} << 0;
    QTest::newRow("kind without match")
        << "dockerd" << int(EntityKind::Accelerator) << QList<qint64>{} << QList<qint64>{6808} << 0;
    QTest::newRow("no filter") << QString() << -1 << QList<qint64>{6808, 1895087} << QList<qint64>{} << 8;
}

void TestEntityTreeModel::filter()
{
    QFETCH(QString, text);
    QFETCH(int, kind);
    QFETCH(QList<qint64>, visiblePids);
    QFETCH(QList<qint64>, hiddenPids);
    QFETCH(int, visibleNpus);
    const Snapshot& s = *m_witty;
    EntityTreeModel model;
    EntityFilterProxy proxy;
    proxy.setSourceModel(&model);
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setSnapshot(m_witty);
    proxy.setFilterText(text);
    proxy.setKindFilter(kind >= 0 ? std::optional(EntityKind(kind)) : std::nullopt);
    for (qint64 pid : visiblePids)
        QVERIFY2(proxy.mapFromSource(model.indexOf(processByPid(s, pid))).isValid(),
                 qPrintable(QString::number(pid)));
    for (qint64 pid : hiddenPids)
        QVERIFY2(!proxy.mapFromSource(model.indexOf(processByPid(s, pid))).isValid(),
                 qPrintable(QString::number(pid)));
    int npus = 0;
    for (EntityId a : s.ofKind(EntityKind::Accelerator))
        npus += proxy.mapFromSource(model.indexOf(a)).isValid();
    QCOMPARE(npus, visibleNpus);
    if (kind >= 0) {
        // Nothing of another kind remains, except groups and ancestors of a match.
        walk(proxy, {}, [&](const QModelIndex& i) {
            const int k = i.data(EntityTreeModel::EntityKindRole).toInt();
            if (k >= 0 && k != kind)
                QVERIFY2(proxy.rowCount(i) > 0, qPrintable(labelOf(i)));
        });
    }
}

void TestEntityTreeModel::hwlocGpus()
{
    const Snapshot& s = *m_dgx2;
    EntityTreeModel model;
    EntityFilterProxy proxy;
    proxy.setSourceModel(&model);
    model.setSnapshot(m_dgx2);
    int gpus = 0;
    for (EntityId a : s.ofKind(EntityKind::Accelerator)) {
        if (s.entity(a).deviceClass != DeviceClass::Gpu)
            continue;
        const QModelIndex i = model.indexOf(a);
        QCOMPARE(i.data(EntityTreeModel::SectionRole).toInt(), int(EntityTreeModel::Section::Machine));
        ++gpus;
    }
    QCOMPARE(gpus, 16);
    // cpu:N keeps the PU with that OS index and its containers (this export is restricted to 4 PUs).
    QVERIFY(s.countOf(EntityKind::Pu) > 1);
    const int cpu = s.entity(s.ofKind(EntityKind::Pu).back()).osIndex;
    proxy.setFilterText(QStringLiteral("cpu:%1").arg(cpu));
    int pus = 0;
    walk(proxy, {}, [&](const QModelIndex& i) {
        if (i.data(EntityTreeModel::EntityKindRole).toInt() == int(EntityKind::Pu)) {
            ++pus;
            QCOMPARE(i.siblingAtColumn(EntityTreeModel::IdColumn).data().toString(), QString::number(cpu));
        }
    });
    QCOMPARE(pus, 1);
}

void TestEntityTreeModel::resetToEmpty()
{
    EntityTreeModel model;
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    model.setSnapshot(handBuilt());
    model.setSnapshot(nullptr);
    QCOMPARE(reset.count(), 2);
    QCOMPARE(model.rowCount(), 0);
    QVERIFY(!model.indexOf(EntityId(0)).isValid());
}

QTEST_GUILESS_MAIN(TestEntityTreeModel)
#include "tst_entity_tree_model.moc"
