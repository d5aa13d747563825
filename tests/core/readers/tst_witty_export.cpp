// SPDX-License-Identifier: GPL-3.0-or-later
// A recording written as witty-profiler JSON: the NUMA view witty computes each round (NumaAccessEdge,
// AccessWithProcStatusEdge, NumaSets, node counters) built from the samples, checked against figures worked
// out by hand, against the shape of the real witty round in the fixtures, through our own reader, and end to
// end through `numasight-cli record` and `convert`.
#include "readers/hwloc_sysfs.h"
#include "readers/witty_json_reader.h"
#include "readers/witty_json_writer.h"
#include "readers/witty_recording_export.h"
#include "support/entity_factory.h"
#include "util/json_text.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <map>

using namespace numasight;
using numasight::test::makeEntity;

namespace {

constexpr std::uint64_t kSecond = 1'000'000'000;

// The machine: three nodes of four CPUs each, and one NPU wired to node 1's CPUs.
// The workload: process 100 (threads 100, 101) and process 200 (threads 200, 201; 201 is never sampled).
// Own edges are only given for process 100; thread 101 owns a socket. witty writes Process->Thread OwnEdges
// only for socket threads, so the export keeps 100->101 and drops 100->100 (and adds none for process 200).
SnapshotPtr makeSnapshot(const QByteArray& node0Attributes = {})
{
    SnapshotBuilder b;
    for (int n = 0; n < 3; ++n) {
        Entity node = makeEntity(EntityKind::NumaNode, QString::number(n));
        if (n == 0 && !node0Attributes.isEmpty())
            node.attributes = node0Attributes;
        node.osIndex = n;
        node.logicalIndex = n;
        node.cpus = IndexSet::range(4 * n, 4 * n + 3);
        node.detail->memoryBytes = std::uint64_t(4) << 30;
        for (const char* counter :
             {"numa_hit", "numa_miss", "numa_foreign", "interleave_hit", "local_node", "other_node"})
            node.detail->numastat.insert(QLatin1String(counter), 7);
        b.add(node);
    }
    Entity npu = makeEntity(EntityKind::Accelerator, QStringLiteral("0000:c1:00.0"), QStringLiteral("NPU0"));
    npu.deviceClass = DeviceClass::Npu;
    npu.osIndex = 0;
    npu.detail->pciBusId = QStringLiteral("0000:c1:00.0");
    npu.cpus = IndexSet::range(4, 7);
    b.add(npu);
    for (const std::int64_t pid : {100, 200}) {
        Entity p = makeEntity(EntityKind::Process, QString::number(pid), QStringLiteral("p%1").arg(pid));
        p.pid = pid;
        p.ppid = 1;
        p.nodes = IndexSet::range(0, 2);
        const EntityId process = b.add(p);
        for (const std::int64_t tid : {pid, pid + 1}) {
            Entity t = makeEntity(EntityKind::Thread, QString::number(tid), QStringLiteral("t%1").arg(tid));
            t.parent = process;
            t.pid = pid;
            t.tid = tid;
            t.cpus = IndexSet::range(0, 11); // the samples' allowed sets are newer and must win
            t.nodes = IndexSet::range(0, 2);
            const EntityId thread = b.add(t);
            if (pid == 100) {
                Edge own;
                own.kind = EdgeKind::Own;
                own.typeName = edgeKindName(EdgeKind::Own);
                own.source = process;
                own.target = thread;
                own.payload = "{}";
                b.addEdge(own);
            }
            if (tid == 101) {
                Entity socket = makeEntity(EntityKind::Socket, QStringLiteral("TCP:10.0.0.1:8000"));
                socket.setSocket(QStringLiteral("10.0.0.1"), 8000, QStringLiteral("TCP"));
                Edge own;
                own.kind = EdgeKind::Own;
                own.typeName = edgeKindName(EdgeKind::Own);
                own.source = thread;
                own.target = b.add(socket);
                own.payload = "{}";
                b.addEdge(own);
            }
        }
    }
    DistanceMatrix slit;
    slit.unit = QStringLiteral("relative");
    for (int n = 0; n < 3; ++n)
        slit.objects.push_back(EntityId(n));
    slit.values = {10, 21, 31, 21, 10, 21, 31, 21, 10};
    b.addDistances(slit);
    return b.finish();
}

ThreadCpuSample thread(std::int64_t pid, std::int64_t tid, std::vector<std::pair<int, std::uint64_t>> byCpu,
                       std::uint64_t voluntary, std::uint64_t involuntary, const QString& cpusAllowed)
{
    ThreadCpuSample t;
    t.pid = pid;
    t.tid = tid;
    for (const auto& [cpu, ns] : byCpu)
        t.cpuNs += ns;
    t.cpuNsByCpu = std::move(byCpu);
    t.voluntarySwitches = voluntary;
    t.involuntarySwitches = involuntary;
    t.cpusAllowed = *IndexSet::fromRangeString(QStringView(cpusAllowed));
    t.memsAllowed = IndexSet::range(0, 1);
    return t;
}

// NodePages{node, total, anon, dirtyAnon, file, huge, bytes}
ProcessMemorySample memory(std::int64_t pid, std::vector<NodePages> nodes)
{
    ProcessMemorySample m;
    m.pid = pid;
    m.nodes = std::move(nodes);
    return m;
}

NodeCountersSample counters(int node, std::uint64_t hit, std::uint64_t totalKb, std::uint64_t freeKb)
{
    NodeCountersSample c;
    c.node = node;
    c.memTotalBytes = totalKb * 1024;
    c.memFreeBytes = freeKb * 1024;
    c.numastat = {{QStringLiteral("numa_hit"), hit},        {QStringLiteral("numa_miss"), hit / 10},
                  {QStringLiteral("numa_foreign"), 0},      {QStringLiteral("interleave_hit"), 1},
                  {QStringLiteral("local_node"), hit - 10}, {QStringLiteral("other_node"), 10}};
    return c;
}

// Three samples; `splitAt` is the first sample that belongs to snapshot 1 (3: all in snapshot 0).
//
// CPU time, summed over the samples (procfs puts a thread's whole interval on one CPU; these are eBPF-like):
//   thread 100: CPU 1 1 s, CPU 5 0.5 s, CPU 3 1 s, CPU 6 0.5 s -> node 0 2 s, node 1 1 s
//   thread 101: CPU 2 1 s                                      -> node 0 1 s
//   process 100: node 0 3 s, node 1 1 s                        -> [0.75, 0.25, 0]
//   thread 200: CPU 9 2 s, CPU 9 1 s, CPU 0 1 s                -> node 0 1 s, node 2 3 s -> [0.25, 0, 0.75]
// Pages: the last sample's (the first sample's differ, to show they are not used).
Capture makeCapture(int splitAt = 3, const QByteArray& node0Attributes = {})
{
    Capture c;
    c.source.format = SourceFormat::Capture;
    c.source.mode = QStringLiteral("ebpf");
    const auto snapshot = makeSnapshot(node0Attributes);
    c.snapshots = {snapshot};
    if (splitAt < 3)
        c.snapshots.push_back(snapshot);

    auto s0 = std::make_shared<Sample>();
    s0->threads = {thread(100, 100, {}, 1, 0, QStringLiteral("0-7")),
                   thread(100, 101, {}, 1, 0, QStringLiteral("0-3")),
                   thread(200, 200, {}, 1, 0, QStringLiteral("0-3,8-11"))};
    s0->processes = {memory(100, {NodePages{0, 9, 9, 9, 0, 0, 0}}),
                     memory(200, {NodePages{0, 7, 7, 7, 0, 0, 0}})};
    s0->nodes = {counters(0, 100, 4000, 3000), counters(1, 200, 4000, 2000)};

    auto s1 = std::make_shared<Sample>();
    s1->intervalNs = 2 * kSecond;
    s1->threads = {thread(100, 100, {{1, kSecond}, {5, kSecond / 2}}, 10, 2, QStringLiteral("0-7")),
                   thread(100, 101, {{2, kSecond}}, 5, 1, QStringLiteral("0-3")),
                   thread(200, 200, {{9, 2 * kSecond}}, 7, 3, QStringLiteral("0-3,8-11"))};
    s1->processes = s0->processes;
    s1->nodes = {counters(0, 300, 4000, 2500), counters(1, 400, 4000, 1500)};

    auto s2 = std::make_shared<Sample>();
    s2->intervalNs = 2 * kSecond;
    s2->threads = {thread(100, 100, {{3, kSecond}, {6, kSecond / 2}}, 30, 4, QStringLiteral("0-7")),
                   thread(100, 101, {}, 6, 1, QStringLiteral("0-3")),
                   thread(200, 200, {{9, kSecond}, {0, kSecond}}, 9, 5, QStringLiteral("0-3,8-11"))};
    s2->processes = {
        memory(100, {NodePages{0, 1000, 700, 600, 300, 0, 0}, NodePages{1, 500, 450, 400, 50, 0, 0}}),
        memory(200, {NodePages{1, 100, 0, 0, 100, 0, 0}, NodePages{2, 200, 200, 200, 0, 0, 0}})};
    // Node 1 is missing from the last sample: its latest counters are sample 1's.
    s2->nodes = {counters(0, 500, 4000, 2000)};

    int index = 0;
    for (auto& s : {s0, s1, s2}) {
        s->snapshotIndex = index++ >= splitAt ? 1 : 0;
        c.samples.push_back(s);
    }
    return c;
}

QByteArray writeCapture(const Capture& c, const QTemporaryDir& dir,
                        const QString& name = QStringLiteral("out.json"))
{
    const QString path = dir.filePath(name);
    if (const auto error = writeWittyJsonFile(c, path))
        qWarning("%s", qPrintable(error->toString()));
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll();
}

QJsonObject parseGraph(const QByteArray& line)
{
    return QJsonDocument::fromJson(line).object();
}

// The first edge of `type` whose source has `keyField` == `key` (pid or tid); an empty object if none.
QJsonObject edgeFrom(const QJsonObject& graph, const QString& type, const QString& keyField, std::int64_t key)
{
    for (const QJsonValue& v : graph.value(u"edges").toArray()) {
        const QJsonObject e = v.toObject();
        if (e.value(u"edge_type").toString() == type &&
            e.value(u"source_node").toObject().value(keyField).toInteger(-1) == key)
            return e;
    }
    return {};
}

std::map<QString, int> countBy(const QJsonObject& graph, const QString& list, const QString& field)
{
    std::map<QString, int> out;
    for (const QJsonValue& v : graph.value(list).toArray())
        ++out[v.toObject().value(field).toString()];
    return out;
}

QJsonObject intDict(std::initializer_list<std::pair<const char*, qint64>> items)
{
    QJsonObject o;
    for (const auto& [k, v] : items)
        o.insert(QLatin1String(k), v);
    return o;
}

// The same JSON shape: the same keys with the same value types, recursively. witty's int-keyed dicts ("0",
// "3", …) hold data, not fields, so only their values' types are compared.
bool sameShape(const QJsonValue& ours, const QJsonValue& theirs, const QString& path, QString* why)
{
    if (ours.type() != theirs.type()) {
        *why =
            QStringLiteral("%1: type %2, the fixture has %3").arg(path).arg(ours.type()).arg(theirs.type());
        return false;
    }
    if (ours.isArray()) {
        const QJsonArray a = ours.toArray(), b = theirs.toArray();
        for (qsizetype i = 0; i < a.size() && !b.isEmpty(); ++i)
            if (!sameShape(a.at(i), b.at(0), QStringLiteral("%1[%2]").arg(path).arg(i), why))
                return false;
        return true;
    }
    if (!ours.isObject())
        return true;
    const QJsonObject a = ours.toObject(), b = theirs.toObject();
    auto numericKeys = [](const QJsonObject& o) {
        for (const QString& k : o.keys()) {
            bool ok = false;
            k.toInt(&ok);
            if (!ok)
                return false;
        }
        return true;
    };
    // An empty dict ({} for a thread that never ran) is a dict of either kind.
    if (numericKeys(a) && numericKeys(b)) {
        for (const QString& k : a.keys())
            if (!b.isEmpty() && a.value(k).type() != b.begin().value().type()) {
                *why = QStringLiteral("%1[\"%2\"]: value type differs from the fixture's").arg(path, k);
                return false;
            }
        return true;
    }
    if (a.keys() != b.keys()) {
        *why = QStringLiteral("%1: keys %2, the fixture has %3")
                   .arg(path, a.keys().join(u','), b.keys().join(u','));
        return false;
    }
    for (const QString& k : a.keys()) {
        if (!b.contains(k)) {
            *why = QStringLiteral("%1.%2: not in the fixture").arg(path, k);
            return false;
        }
        if (!sameShape(a.value(k), b.value(k), path + u'.' + k, why))
            return false;
    }
    return true;
}

// A NumaEntity, wherever it sits, without what only a live load records: memory_set, and the mem_info keys
// other than MemTotal, MemFree and MemUsed.
QJsonValue withoutUnrecorded(const QJsonValue& value)
{
    if (value.isArray()) {
        QJsonArray out;
        for (const QJsonValue& v : value.toArray())
            out.append(withoutUnrecorded(v));
        return out;
    }
    if (!value.isObject())
        return value;
    QJsonObject out;
    const QJsonObject o = value.toObject();
    for (auto it = o.begin(); it != o.end(); ++it)
        out.insert(it.key(), withoutUnrecorded(it.value()));
    if (out.value(u"entity_type").toString() == QLatin1String("NumaEntity")) {
        out.remove(u"memory_set");
        QJsonObject memInfo;
        for (const char* key : {"MemTotal", "MemFree", "MemUsed"})
            memInfo.insert(QLatin1String(key), out.value(u"mem_info").toObject().value(QLatin1String(key)));
        out.insert(u"mem_info", memInfo);
    }
    return out;
}

} // namespace

class TestWittyExport : public QObject
{
    Q_OBJECT
private slots:
    void processEdges_data();
    void processEdges();
    void threadEdges_data();
    void threadEdges();
    void numaNodesAndSets();
    void nodeMemoryOfALiveLoad();
    void floatsAreWrittenAsWittyDoes();
    void pythonFloat_data();
    void pythonFloat();
    void shapeMatchesWitty_data();
    void shapeMatchesWitty();
    void readBack();
    void jsonLinesRoundsAreCumulative_data();
    void jsonLinesRoundsAreCumulative();
    void withoutSamplesNothingIsAdded();
    void recordAndConvert();
};

void TestWittyExport::processEdges_data()
{
    QTest::addColumn<qint64>("pid");
    QTest::addColumn<QString>("numaSet");
    QTest::addColumn<QList<double>>("pct");
    QTest::addColumn<QList<qint64>>("pages");
    QTest::addColumn<qint64>("totalDirty");
    QTest::addColumn<double>("similarity");
    QTest::addColumn<QJsonObject>("readOnly");
    QTest::addColumn<QJsonObject>("dirtyAnon");
    QTest::addColumn<QJsonObject>("totalPages");
    QTest::addColumn<QJsonObject>("mainStatus");

    // 3 s on node 0, 1 s on node 1; 600 + 400 dirty pages: 0.75 * 600 / 1000 + 0.25 * 400 / 1000 = 0.55.
    QJsonObject status100{{"voluntary_ctxt_switches", 30},
                          {"involuntary_ctxt_switches", 4},
                          {"cpus_allowed_list", "0-7"},
                          {"cpus_preferred_list", ""},
                          {"cpus_accessed_list", "1,3,5-6"},
                          {"mems_allowed_list", "0-1"},
                          {"numa_index_to_cpu_runtime", QJsonObject{{"0", 2e9}, {"1", 1e9}}}};
    QTest::newRow("pid 100") << qint64(100) << "0-1" << QList<double>{0.75, 0.25, 0.0}
                             << QList<qint64>{600, 400, 0} << qint64(1000) << 0.55
                             << intDict({{"0", 300}, {"1", 50}}) << intDict({{"0", 600}, {"1", 400}})
                             << intDict({{"0", 1000}, {"1", 500}}) << status100;
    // 1 s on node 0, 3 s on node 2; all 200 dirty pages on node 2: 0.75. Node 1 holds only file pages, so it
    // is not in the NumaSet (witty's set is CPU time or dirty anonymous pages).
    QJsonObject status200{{"voluntary_ctxt_switches", 9},
                          {"involuntary_ctxt_switches", 5},
                          {"cpus_allowed_list", "0-3,8-11"},
                          {"cpus_preferred_list", ""},
                          {"cpus_accessed_list", "0,9"},
                          {"mems_allowed_list", "0-1"},
                          {"numa_index_to_cpu_runtime", QJsonObject{{"0", 1e9}, {"2", 3e9}}}};
    QTest::newRow("pid 200") << qint64(200) << "0,2" << QList<double>{0.25, 0.0, 0.75}
                             << QList<qint64>{0, 0, 200} << qint64(200) << 0.75 << intDict({{"1", 100}})
                             << intDict({{"2", 200}}) << intDict({{"1", 100}, {"2", 200}}) << status200;
}

void TestWittyExport::processEdges()
{
    QFETCH(qint64, pid);
    QFETCH(QString, numaSet);
    QFETCH(QList<double>, pct);
    QFETCH(QList<qint64>, pages);
    QFETCH(qint64, totalDirty);
    QFETCH(double, similarity);
    QFETCH(QJsonObject, readOnly);
    QFETCH(QJsonObject, dirtyAnon);
    QFETCH(QJsonObject, totalPages);
    QFETCH(QJsonObject, mainStatus);

    QTemporaryDir dir;
    const QJsonObject graph = parseGraph(writeCapture(makeCapture(), dir));
    const QJsonObject edge = edgeFrom(graph, QStringLiteral("NumaAccessEdge"), QStringLiteral("pid"), pid);
    QVERIFY2(!edge.isEmpty(), "no NumaAccessEdge for the process");
    QVERIFY(edge.value(u"weight").isNull());
    const QJsonObject target = edge.value(u"target_node").toObject();
    QCOMPARE(target.value(u"entity_type").toString(), QStringLiteral("NumaSetEntity"));
    QCOMPARE(target.value(u"numa_id_str").toString(), numaSet);

    const QJsonObject access = edge.value(u"numa_access_info").toObject();
    QCOMPARE(access.value(u"proc_status").toObject(), mainStatus);
    QCOMPARE(access.value(u"read_only_pages").toObject(), readOnly);
    QCOMPARE(access.value(u"dirty_anon_pages").toObject(), dirtyAnon);
    QCOMPARE(access.value(u"total_pages").toObject(), totalPages);

    const QJsonObject info = access.value(u"numa_affinity_info").toObject();
    const QJsonArray gotPct = info.value(u"cpu_runtime_pct_in_each_numa").toArray();
    QCOMPARE(gotPct.size(), pct.size());
    for (qsizetype i = 0; i < pct.size(); ++i)
        QVERIFY2(std::abs(gotPct.at(i).toDouble() - pct[i]) <= 1e-12,
                 qPrintable(QStringLiteral("node %1: %2").arg(i).arg(gotPct.at(i).toDouble(), 0, 'g', 17)));
    const QJsonArray gotPages = info.value(u"mem_pages_in_each_numa").toArray();
    QCOMPARE(gotPages.size(), pages.size());
    for (qsizetype i = 0; i < pages.size(); ++i)
        QCOMPARE(gotPages.at(i).toInteger(-1), pages[i]);
    QCOMPARE(info.value(u"total_dirty_anon_pages").toInteger(-1), totalDirty);
    QVERIFY2(
        std::abs(info.value(u"cpu_mem_access_cosine_similarity").toDouble(-1) - similarity) <= 1e-12,
        qPrintable(QString::number(info.value(u"cpu_mem_access_cosine_similarity").toDouble(), 'g', 17)));
}

void TestWittyExport::threadEdges_data()
{
    QTest::addColumn<qint64>("tid");
    QTest::addColumn<QString>("numaSet"); // empty: the thread must have no edge
    QTest::addColumn<QJsonObject>("status");

    QTest::newRow("tid 100, allowed on nodes 0-1")
        << qint64(100) << "0-1"
        << QJsonObject{{"voluntary_ctxt_switches", 30},
                       {"involuntary_ctxt_switches", 4},
                       {"cpus_allowed_list", "0-7"},
                       {"cpus_preferred_list", ""},
                       {"cpus_accessed_list", "1,3,5-6"},
                       {"mems_allowed_list", "0-1"},
                       {"numa_index_to_cpu_runtime", QJsonObject{{"0", 2e9}, {"1", 1e9}}}};
    // Idle in the last sample: its CPU time is still the sum, its switches the last sample's.
    QTest::newRow("tid 101, idle at the end")
        << qint64(101) << "0"
        << QJsonObject{{"voluntary_ctxt_switches", 6},
                       {"involuntary_ctxt_switches", 1},
                       {"cpus_allowed_list", "0-3"},
                       {"cpus_preferred_list", ""},
                       {"cpus_accessed_list", "2"},
                       {"mems_allowed_list", "0-1"},
                       {"numa_index_to_cpu_runtime", QJsonObject{{"0", 1e9}}}};
    QTest::newRow("tid 200, two nodes apart")
        << qint64(200) << "0,2"
        << QJsonObject{{"voluntary_ctxt_switches", 9},
                       {"involuntary_ctxt_switches", 5},
                       {"cpus_allowed_list", "0-3,8-11"},
                       {"cpus_preferred_list", ""},
                       {"cpus_accessed_list", "0,9"},
                       {"mems_allowed_list", "0-1"},
                       {"numa_index_to_cpu_runtime", QJsonObject{{"0", 1e9}, {"2", 3e9}}}};
    QTest::newRow("tid 201, never sampled") << qint64(201) << QString() << QJsonObject();
}

void TestWittyExport::threadEdges()
{
    QFETCH(qint64, tid);
    QFETCH(QString, numaSet);
    QFETCH(QJsonObject, status);

    QTemporaryDir dir;
    const QJsonObject graph = parseGraph(writeCapture(makeCapture(), dir));
    const QJsonObject edge =
        edgeFrom(graph, QStringLiteral("AccessWithProcStatusEdge"), QStringLiteral("tid"), tid);
    if (numaSet.isEmpty()) {
        QVERIFY2(edge.isEmpty(), "a thread without samples has no proc_status to report");
        return;
    }
    QVERIFY2(!edge.isEmpty(), "no AccessWithProcStatusEdge for the thread");
    QCOMPARE(edge.value(u"target_node").toObject().value(u"numa_id_str").toString(), numaSet);
    QCOMPARE(edge.value(u"proc_status").toObject(), status);
    // The thread object nests its process in full, as witty writes it.
    QCOMPARE(edge.value(u"source_node").toObject().value(u"process").toObject().value(u"pid").toInteger(),
             tid / 100 * 100);
}

void TestWittyExport::numaNodesAndSets()
{
    QTemporaryDir dir;
    const QJsonObject graph = parseGraph(writeCapture(makeCapture(), dir));

    // Process sets 0-1 and 0,2; thread sets 0-1, 0 and 0,2; the NPU's 1: four distinct sets.
    const auto nodes = countBy(graph, QStringLiteral("nodes"), QStringLiteral("entity_type"));
    QCOMPARE(nodes.at(QStringLiteral("NumaSetEntity")), 4);
    QCOMPARE(nodes.at(QStringLiteral("NumaEntity")), 3);
    QCOMPARE(nodes.at(QStringLiteral("ProcessEntity")), 2);
    QCOMPARE(nodes.at(QStringLiteral("ThreadEntity")), 4);
    QCOMPARE(nodes.at(QStringLiteral("NPUEntity")), 1);
    const auto edges = countBy(graph, QStringLiteral("edges"), QStringLiteral("edge_type"));
    QCOMPARE(edges.at(QStringLiteral("NumaAccessEdge")), 2);
    QCOMPARE(edges.at(QStringLiteral("AccessWithProcStatusEdge")), 3);
    QCOMPARE(edges.at(QStringLiteral("NumaSetContainEdge")), 2 + 2 + 1 + 1);
    QCOMPARE(edges.at(QStringLiteral("OwnEdge")), 2); // process 100 -> socket thread 101 -> its socket
    QVERIFY(edgeFrom(graph, QStringLiteral("OwnEdge"), QStringLiteral("pid"), 200).isEmpty());
    QCOMPARE(edgeFrom(graph, QStringLiteral("OwnEdge"), QStringLiteral("pid"), 100)
                 .value(u"target_node")
                 .toObject()
                 .value(u"tid")
                 .toInteger(),
             101);
    QCOMPARE(edges.at(QStringLiteral("AffinitativeToNuma")), 1);

    // Every NumaSetContainEdge goes from a set to one of its nodes, and each set reaches all of its nodes.
    std::map<QString, QList<qint64>> contained;
    for (const QJsonValue& v : graph.value(u"edges").toArray()) {
        const QJsonObject e = v.toObject();
        if (e.value(u"edge_type").toString() != QLatin1String("NumaSetContainEdge"))
            continue;
        contained[e.value(u"source_node").toObject().value(u"numa_id_str").toString()].append(
            e.value(u"target_node").toObject().value(u"numa_id").toInteger(-1));
    }
    const std::map<QString, QList<qint64>> expected{{QStringLiteral("0"), {0}},
                                                    {QStringLiteral("1"), {1}},
                                                    {QStringLiteral("0-1"), {0, 1}},
                                                    {QStringLiteral("0,2"), {0, 2}}};
    QCOMPARE(contained, expected);

    const QJsonObject npuEdge =
        edgeFrom(graph, QStringLiteral("AffinitativeToNuma"), QStringLiteral("id"), 0);
    QCOMPARE(npuEdge.value(u"target_node").toObject().value(u"numa_id_str").toString(), QStringLiteral("1"));

    // Node counters: the latest each node has (node 1 is missing from the last sample); node 2 has none and
    // keeps the topology's counters and memory.
    std::map<qint64, QJsonObject> numa;
    for (const QJsonValue& v : graph.value(u"nodes").toArray())
        if (v.toObject().value(u"entity_type").toString() == QLatin1String("NumaEntity"))
            numa[v.toObject().value(u"numa_id").toInteger(-1)] = v.toObject();
    QCOMPARE(numa.size(), size_t(3));
    QCOMPARE(numa[0].value(u"numa_stats").toObject(), intDict({{"numa_hit", 500},
                                                               {"numa_miss", 50},
                                                               {"numa_foreign", 0},
                                                               {"interleave_hit", 1},
                                                               {"local_node", 490},
                                                               {"other_node", 10}}));
    QCOMPARE(numa[0].value(u"mem_info").toObject().value(u"MemTotal").toString(), QStringLiteral("4000 kB"));
    QCOMPARE(numa[0].value(u"mem_info").toObject().value(u"MemFree").toString(), QStringLiteral("2000 kB"));
    QCOMPARE(numa[1].value(u"numa_stats").toObject(), intDict({{"numa_hit", 400},
                                                               {"numa_miss", 40},
                                                               {"numa_foreign", 0},
                                                               {"interleave_hit", 1},
                                                               {"local_node", 390},
                                                               {"other_node", 10}}));
    QCOMPARE(numa[1].value(u"mem_info").toObject().value(u"MemFree").toString(), QStringLiteral("1500 kB"));
    QCOMPARE(numa[2].value(u"numa_stats").toObject(), intDict({{"numa_hit", 7},
                                                               {"numa_miss", 7},
                                                               {"numa_foreign", 7},
                                                               {"interleave_hit", 7},
                                                               {"local_node", 7},
                                                               {"other_node", 7}}));
    QCOMPARE(numa[2].value(u"mem_info").toObject().value(u"MemTotal").toString(),
             QStringLiteral("4194304 kB"));
    QCOMPARE(numa[1].value(u"cpu_set").toString(), QStringLiteral("4-7"));
    QCOMPARE(numa[1].value(u"distance_to_all_numa").toObject(), intDict({{"0", 21}, {"1", 10}, {"2", 21}}));
    QVERIFY(numa[1].value(u"memory_set").isNull());
    QCOMPARE(numa[1].value(u"mem_info").toObject().keys(),
             QStringList({QStringLiteral("MemFree"), QStringLiteral("MemTotal"), QStringLiteral("MemUsed")}));
}

// A live load keeps every line of node<N>/meminfo and the node's memory blocks (applyNodeSysfsStats()); the
// export writes them as witty does, in the kernel's order, with the latest sample's MemTotal and MemFree.
void TestWittyExport::nodeMemoryOfALiveLoad()
{
    NodeSysfsStats stats;
    stats.meminfo = {{QStringLiteral("MemTotal"), QStringLiteral("1 kB")},
                     {QStringLiteral("MemFree"), QStringLiteral("1 kB")},
                     {QStringLiteral("MemUsed"), QStringLiteral("0 kB")},
                     {QStringLiteral("Active"), QStringLiteral("10008164 kB")},
                     {QStringLiteral("HugePages_Total"), QStringLiteral("0")},
                     {QStringLiteral("Inactive"), QStringLiteral("6143508 kB")}};
    stats.memoryBlocks = QStringLiteral("0-1,130-255");
    QTemporaryDir dir;
    const QByteArray text = writeCapture(makeCapture(3, withNodeSysfsAttributes("{}", stats)), dir);
    QVERIFY(text.contains("\"memory_set\":\"0-1,130-255\""));
    // numa_stats in the kernel's order, as witty writes it (the model keeps them sorted by name).
    QVERIFY2(text.contains("\"numa_stats\":{\"numa_hit\":500,\"numa_miss\":50,\"numa_foreign\":0,"
                           "\"interleave_hit\":1,\"local_node\":490,\"other_node\":10}"),
             text.constData());
    QVERIFY2(text.contains("\"mem_info\":{\"MemTotal\":\"4000 kB\",\"MemFree\":\"2000 kB\",\"MemUsed\":"
                           "\"2000 kB\",\"Active\":\"10008164 kB\",\"HugePages_Total\":\"0\",\"Inactive\":"
                           "\"6143508 kB\"}"),
             text.constData());
    std::map<qint64, QJsonObject> numa;
    for (const QJsonValue& v : parseGraph(text).value(u"nodes").toArray())
        if (v.toObject().value(u"entity_type").toString() == QLatin1String("NumaEntity"))
            numa[v.toObject().value(u"numa_id").toInteger(-1)] = v.toObject();
    QCOMPARE(numa.size(), size_t(3));
    QCOMPARE(numa[0].value(u"mem_info").toObject().size(), 6);
    QVERIFY(numa[1].value(u"memory_set").isNull()); // no attributes: nothing made up
    QCOMPARE(numa[1].value(u"mem_info").toObject().size(), 3);
    // Attributes that are not what a load writes are ignored, not half used.
    const QByteArray odd = writeCapture(makeCapture(3, "{\"mem_info\":[1,2],\"memory_set\":7}"), dir);
    QVERIFY(odd.contains("\"memory_set\":null"));
}

void TestWittyExport::floatsAreWrittenAsWittyDoes()
{
    // Python tells 1 from 1.0; witty writes shares, similarity and runtimes as floats, page counts as ints.
    QTemporaryDir dir;
    const QByteArray text = writeCapture(makeCapture(), dir);
    QVERIFY(text.contains("\"cpu_runtime_pct_in_each_numa\":[0.25,0.0,0.75]"));
    QVERIFY(text.contains("\"mem_pages_in_each_numa\":[0,0,200]"));
    QVERIFY(text.contains("\"total_dirty_anon_pages\":200,\"cpu_mem_access_cosine_similarity\":0.75}"));
    QVERIFY(text.contains("\"numa_index_to_cpu_runtime\":{\"0\":2000000000.0,\"1\":1000000000.0}"));
    QVERIFY(text.contains("\"dirty_anon_pages\":{\"0\":600,\"1\":400}"));
}

void TestWittyExport::pythonFloat_data()
{
    QTest::addColumn<double>("value");
    QTest::addColumn<QByteArray>("python"); // json.dumps(value) in Python 3.11
    QTest::newRow("zero") << 0.0 << QByteArray("0.0");
    QTest::newRow("negative zero") << -0.0 << QByteArray("-0.0");
    QTest::newRow("one") << 1.0 << QByteArray("1.0");
    QTest::newRow("share") << 0.75 << QByteArray("0.75");
    QTest::newRow("ns") << 2e9 << QByteArray("2000000000.0");
    QTest::newRow("largest positional") << 9999999999999998.0 << QByteArray("9999999999999998.0");
    QTest::newRow("1e16") << 1e16 << QByteArray("1e+16");
    QTest::newRow("1.5e16") << 1.5e16 << QByteArray("1.5e+16");
    QTest::newRow("0.0001") << 0.0001 << QByteArray("0.0001");
    QTest::newRow("1e-05") << 1e-5 << QByteArray("1e-05");
    QTest::newRow("fixture share") << 5.677158675374837e-06 << QByteArray("5.677158675374837e-06");
    QTest::newRow("fixture share 2") << 0.040956002059287 << QByteArray("0.040956002059287");
    QTest::newRow("nan") << std::nan("") << QByteArray("null");
}

void TestWittyExport::pythonFloat()
{
    QFETCH(double, value);
    QFETCH(QByteArray, python);
    QByteArray out;
    appendPythonFloat(out, value);
    QCOMPARE(out, python);
}

void TestWittyExport::shapeMatchesWitty_data()
{
    QTest::addColumn<QString>("type");     // an entity_type (witty's all end in "Entity") or an edge_type
    QTest::addColumn<bool>("fromFixture"); // export the fixture's own capture instead of the recording
    for (const bool fromFixture : {false, true}) {
        const char* from = fromFixture ? "fixture" : "recording";
        for (const char* type : {"NumaAccessEdge", "AccessWithProcStatusEdge", "NumaSetContainEdge",
                                 "AffinitativeToNuma", "OwnEdge", "NumaSetEntity", "NumaEntity",
                                 "ProcessEntity", "ThreadEntity", "NPUEntity", "SocketEntity"})
            QTest::addRow("%s: %s", from, type) << QString::fromLatin1(type) << fromFixture;
    }
}

// Every key witty writes, exactly, for each type (a missing memory_set or mem_info key fails here). The
// differences numasight means: without a live load's node attributes (nodeMemoryOfALiveLoad), mem_info
// holds only the keys the model keeps (MemTotal, MemFree, MemUsed; witty copies node<N>/meminfo, which on
// other kernels lacks keys too) and memory_set is null, and NumaAccessEdge carries cache_miss_stats: null as
// witty 9b72cee writes it, which the fixture, from an older witty, does not have.
void TestWittyExport::shapeMatchesWitty()
{
    QFETCH(QString, type);
    QFETCH(bool, fromFixture);
    const bool entity = type.endsWith(u"Entity");
    const QString list = entity ? QStringLiteral("nodes") : QStringLiteral("edges");
    const QString field = entity ? QStringLiteral("entity_type") : QStringLiteral("edge_type");

    const QString fixturePath = QStringLiteral(NUMASIGHT_FIXTURES "/witty-profiler/graph.json");
    QFile fixture(fixturePath);
    QVERIFY(fixture.open(QIODevice::ReadOnly));
    const QJsonObject theirs = QJsonDocument::fromJson(fixture.readAll()).object();
    QTemporaryDir dir;
    Capture capture;
    if (fromFixture) {
        const auto read = readWittyJsonFile(fixturePath);
        QVERIFY2(read.ok(), read.ok() ? "" : qPrintable(read.error().toString()));
        capture = *read.value();
    } else {
        capture = makeCapture();
    }
    const QJsonObject ours = parseGraph(writeCapture(capture, dir));
    auto all = [&](const QJsonObject& graph) {
        QList<QJsonObject> out;
        for (const QJsonValue& v : graph.value(list).toArray())
            if (v.toObject().value(field).toString() == type)
                out.append(v.toObject());
        return out;
    };
    const QList<QJsonObject> a = all(ours), b = all(theirs);
    QVERIFY2(!a.isEmpty(), "not in our output");
    QVERIFY2(!b.isEmpty(), "not in the fixture");
    const bool native = !fromFixture;
    // An edge is compared with one of the fixture's that links the same entity types.
    auto endpoints = [](const QJsonObject& o) {
        return o.value(u"source_node").toObject().value(u"entity_type").toString() + u'>' +
               o.value(u"target_node").toObject().value(u"entity_type").toString();
    };
    for (QJsonObject o : a) {
        QJsonObject t = b.front();
        for (const QJsonObject& candidate : b)
            if (endpoints(candidate) == endpoints(o)) {
                t = candidate;
                break;
            }
        if (native && type == QLatin1String("NumaAccessEdge")) {
            QVERIFY2(o.contains(u"cache_miss_stats") && o.value(u"cache_miss_stats").isNull(),
                     "cache_miss_stats: null is missing");
            o.remove(u"cache_miss_stats");
        }
        if (native && type == QLatin1String("NumaEntity"))
            QVERIFY2(o.contains(u"memory_set") && o.value(u"memory_set").isNull(), "memory_set is missing");
        if (native) {
            o = withoutUnrecorded(o).toObject();
            t = withoutUnrecorded(t).toObject();
        }
        // weight is null, or 0.0 once witty merged two observations: either is witty's.
        if (!entity) {
            QVERIFY2(o.value(u"weight").isNull() || o.value(u"weight").isDouble(), "weight is missing");
            o.remove(u"weight");
            t.remove(u"weight");
        }
        if (type == QLatin1String("OwnEdge") && o.value(u"source_node").toObject().contains(u"pid")) {
            // A Process->Thread OwnEdge only for a thread that owns a socket, as in the fixture.
            const QJsonObject thread = o.value(u"target_node").toObject();
            bool ownsSocket = false;
            for (const QJsonValue& v : ours.value(u"edges").toArray()) {
                const QJsonObject e = v.toObject(), from = e.value(u"source_node").toObject(),
                                  to = e.value(u"target_node").toObject();
                if ((from.value(u"tid") == thread.value(u"tid") && to.contains(u"socket_port")) ||
                    (to.value(u"tid") == thread.value(u"tid") && from.contains(u"socket_port")))
                    ownsSocket = true;
            }
            QVERIFY2(ownsSocket, qPrintable(QStringLiteral("OwnEdge to thread %1, which owns no socket")
                                                .arg(thread.value(u"tid").toInteger())));
        }
        QString why;
        QVERIFY2(sameShape(o, t, type, &why), qPrintable(why));
    }
    if (fromFixture)
        QCOMPARE(a.size(), b.size());
}

void TestWittyExport::readBack()
{
    QTemporaryDir dir;
    writeCapture(makeCapture(), dir);
    const auto read = readWittyJsonFile(dir.filePath(QStringLiteral("out.json")));
    QVERIFY2(read.ok(), read.ok() ? "" : qPrintable(read.error().toString()));
    const Capture& c = *read.value();
    QCOMPARE(c.snapshots.size(), size_t(1));
    const Snapshot& s = *c.snapshots.front();
    QCOMPARE(s.countOf(EntityKind::NumaNode), 3);
    QCOMPARE(s.countOf(EntityKind::Process), 2);
    QCOMPARE(s.countOf(EntityKind::Thread), 4);
    QCOMPARE(s.countOf(EntityKind::NumaSet), 4);
    QCOMPARE(s.countOf(EntityKind::Accelerator), 1);
    std::map<EdgeKind, int> edges;
    for (const Edge& e : s.edges())
        ++edges[e.kind];
    QCOMPARE(edges[EdgeKind::NumaAccess], 2);
    QCOMPARE(edges[EdgeKind::AccessWithProcStatus], 3);
    QCOMPARE(edges[EdgeKind::NumaSetContain], 6);
    QCOMPARE(edges[EdgeKind::Own], 2);
    QCOMPARE(edges[EdgeKind::AffinitativeToNuma], 1);

    // The NPU still sits on node 1, from its cpu_affinity and the nodes' cpu_set.
    const EntityId npu = s.ofKind(EntityKind::Accelerator).front();
    QCOMPARE(s.entity(npu).deviceClass, DeviceClass::Npu);
    const EntityId node = s.nodeOfDevice(npu);
    QVERIFY(node.isValid());
    QCOMPARE(s.entity(node).osIndex, 1);

    // Process 200's edge leads to its NumaSet and carries the figures.
    const EntityId p200 = s.processByPid(200);
    QVERIFY(p200.isValid());
    QCOMPARE(s.threadsOf(p200).size(), size_t(2));
    bool found = false;
    for (EdgeId id : s.outEdges(p200)) {
        const Edge& e = s.edge(id);
        if (e.kind != EdgeKind::NumaAccess)
            continue;
        found = true;
        QCOMPARE(s.entity(e.target).nodes, (IndexSet{0, 2}));
        const QJsonObject info = QJsonDocument::fromJson(e.payload.text())
                                     .object()
                                     .value(u"numa_access_info")
                                     .toObject()
                                     .value(u"numa_affinity_info")
                                     .toObject();
        QCOMPARE(info.value(u"total_dirty_anon_pages").toInteger(), 200);
        QCOMPARE(info.value(u"cpu_mem_access_cosine_similarity").toDouble(), 0.75);
    }
    QVERIFY(found);
}

void TestWittyExport::jsonLinesRoundsAreCumulative_data()
{
    QTest::addColumn<int>("line");
    QTest::addColumn<QList<double>>("pct100");
    QTest::addColumn<qint64>("voluntary100");
    // Round 1 ends after sample 1: process 100 had 2 s on node 0 (threads 100 and 101) and 0.5 s on node 1.
    QTest::newRow("round 1") << 0 << QList<double>{0.8, 0.2, 0.0} << qint64(10);
    // Round 2 adds sample 2: 3 s and 1 s, as in the single-graph export.
    QTest::newRow("round 2") << 1 << QList<double>{0.75, 0.25, 0.0} << qint64(30);
}

void TestWittyExport::jsonLinesRoundsAreCumulative()
{
    QFETCH(int, line);
    QFETCH(QList<double>, pct100);
    QFETCH(qint64, voluntary100);

    QTemporaryDir dir;
    const QList<QByteArray> lines =
        writeCapture(makeCapture(2), dir, QStringLiteral("out.jsonl")).trimmed().split('\n');
    QCOMPARE(lines.size(), 2);
    const QJsonObject edge =
        edgeFrom(parseGraph(lines[line]), QStringLiteral("NumaAccessEdge"), QStringLiteral("pid"), 100);
    QVERIFY(!edge.isEmpty());
    const QJsonObject access = edge.value(u"numa_access_info").toObject();
    const QJsonArray pct =
        access.value(u"numa_affinity_info").toObject().value(u"cpu_runtime_pct_in_each_numa").toArray();
    QCOMPARE(pct.size(), pct100.size());
    for (qsizetype i = 0; i < pct.size(); ++i)
        QVERIFY2(std::abs(pct.at(i).toDouble() - pct100[i]) <= 1e-12,
                 qPrintable(QString::number(pct.at(i).toDouble(), 'g', 17)));
    QCOMPARE(access.value(u"proc_status").toObject().value(u"voluntary_ctxt_switches").toInteger(),
             voluntary100);
    // Pages come from the round's last sample: the first sample's 9 pages for round 1.
    QCOMPARE(access.value(u"numa_affinity_info").toObject().value(u"total_dirty_anon_pages").toInteger(),
             line == 0 ? 9 : 1000);
}

void TestWittyExport::withoutSamplesNothingIsAdded()
{
    Capture c = makeCapture();
    c.samples.clear();
    QTemporaryDir dir;
    const QJsonObject graph = parseGraph(writeCapture(c, dir));
    const auto edges = countBy(graph, QStringLiteral("edges"), QStringLiteral("edge_type"));
    QCOMPARE(edges.count(QStringLiteral("NumaAccessEdge")), size_t(0));
    QCOMPARE(edges.count(QStringLiteral("AccessWithProcStatusEdge")), size_t(0));
    // Nothing is invented without a recording; 100 -> 100 is dropped as witty never writes it.
    QCOMPARE(edges.at(QStringLiteral("OwnEdge")), 2);
    // The export leaves the capture's own snapshot alone.
    QCOMPARE(withWittyNumaAccess(c, 0).get(), c.snapshots.front().get());
}

void TestWittyExport::recordAndConvert()
{
    const QString cli = QStringLiteral(NUMASIGHT_CLI);
    QVERIFY2(QFile::exists(cli), qPrintable(cli));
    QTemporaryDir dir;
    const QString recording = dir.filePath(QStringLiteral("self.numasight"));
    const QString out = dir.filePath(QStringLiteral("out.json"));
    const qint64 pid = QCoreApplication::applicationPid();

    QProcess record;
    record.start(cli, {QStringLiteral("record"), QStringLiteral("--duration"), QStringLiteral("1s"),
                       QStringLiteral("--interval"), QStringLiteral("200ms"), QStringLiteral("--pid"),
                       QString::number(pid), QStringLiteral("--mode"), QStringLiteral("procfs"),
                       QStringLiteral("-o"), recording});
    QVERIFY(record.waitForStarted());
    // Spin while the recorder watches, so this process has CPU time to put on nodes.
    volatile std::uint64_t sink = 0;
    QElapsedTimer timer;
    timer.start();
    while (record.state() != QProcess::NotRunning && timer.elapsed() < 60000) {
        QElapsedTimer slice;
        slice.start();
        while (slice.elapsed() < 50)
            sink = sink + 1;
        record.waitForFinished(1);
    }
    if (record.state() != QProcess::NotRunning)
        QVERIFY(record.waitForFinished(10000));
    QCOMPARE(record.exitStatus(), QProcess::NormalExit);
    QVERIFY2(record.exitCode() == 0, record.readAllStandardError().constData());

    QProcess convert;
    convert.start(cli, {QStringLiteral("convert"), recording, QStringLiteral("-o"), out});
    QVERIFY(convert.waitForFinished(60000));
    QVERIFY2(convert.exitCode() == 0, convert.readAllStandardError().constData());

    // One graph, or JSON Lines if the workload changed mid-recording: the last round has the whole recording.
    QFile f(out);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = f.readAll().trimmed().split('\n');
    const QJsonObject graph = parseGraph(lines.back());
    const QJsonObject edge = edgeFrom(graph, QStringLiteral("NumaAccessEdge"), QStringLiteral("pid"), pid);
    QVERIFY2(!edge.isEmpty(), "no NumaAccessEdge for this process");
    const QJsonArray pct = edge.value(u"numa_access_info")
                               .toObject()
                               .value(u"numa_affinity_info")
                               .toObject()
                               .value(u"cpu_runtime_pct_in_each_numa")
                               .toArray();
    QVERIFY(!pct.isEmpty());
    double sum = 0;
    for (const QJsonValue& v : pct)
        sum += v.toDouble();
    QVERIFY2(sum > 0, "the spinning test process shows no CPU time");
    QVERIFY2(std::abs(sum - 1.0) <= 1e-6, qPrintable(QString::number(sum, 'g', 17)));
    const QJsonObject thread =
        edgeFrom(graph, QStringLiteral("AccessWithProcStatusEdge"), QStringLiteral("tid"), pid);
    QVERIFY2(!thread.isEmpty(), "no AccessWithProcStatusEdge for the main thread");

    const auto read = readWittyJsonFile(out);
    QVERIFY2(read.ok(), read.ok() ? "" : qPrintable(read.error().toString()));
    const Snapshot& s = *read.value()->snapshots.back();
    const EntityId process = s.processByPid(pid);
    QVERIFY(process.isValid());
    const auto outEdges = s.outEdges(process);
    QVERIFY(std::any_of(outEdges.begin(), outEdges.end(),
                        [&](EdgeId id) { return s.edge(id).kind == EdgeKind::NumaAccess; }));
}

QTEST_GUILESS_MAIN(TestWittyExport)
#include "tst_witty_export.moc"
