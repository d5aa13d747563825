// SPDX-License-Identifier: GPL-3.0-or-later
// Compare mode: the witty fixture against itself changes nothing; against a copy where one vLLM worker's CPU
// time moved to its NPU's node, that worker's row carries the move; hand-made recordings on a two-node
// machine check the matching of processes and threads, the allowed CPUs, the flows and the notes.
#include "advice/capture_diff.h"
#include "readers/hwloc_reader.h"
#include "readers/witty_json_reader.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <set>

using namespace numasight;

namespace {

const QString kWitty = QStringLiteral(NUMASIGHT_FIXTURES "/witty-profiler/graph.json");
constexpr std::int64_t kWorker = 1895087; // NPU0 on node 6, most of its CPU time on node 7

// pid, tid, comm, the CPU its time goes to, its Cpus_allowed_list.
struct ThreadRun
{
    std::int64_t pid;
    std::int64_t tid;
    QString comm;
    int cpu;
    QString allowed;
};

ThreadCpuSample threadSample(const ThreadRun& r, bool first)
{
    ThreadCpuSample t;
    t.pid = r.pid;
    t.tid = r.tid;
    t.comm = r.comm;
    t.cpuNs = first ? 0 : 500'000'000; // the first sample has no interval
    if (t.cpuNs > 0)
        t.cpuNsByCpu = {{r.cpu, t.cpuNs}};
    t.lastCpu = r.cpu;
    t.cpusAllowed = CpuSet::fromRangeString(r.allowed).value_or(CpuSet{});
    t.mode = CollectionMode::Ebpf;
    return t;
}

// Two samples of one second on `topology` (hwloc synthetic); every process keeps its pages on node 0 and
// each sample carries `flows`, so a flow's total is twice its bytes.
CapturePtr recording(const std::vector<ThreadRun>& threads, const std::vector<FlowSample>& flows = {},
                     const QString& host = {},
                     const QString& topology = QStringLiteral("pack:2 [numa] core:2 pu:1"))
{
    auto topo = readHwlocSynthetic(topology);
    if (!topo.ok())
        return {};
    auto c = std::make_shared<Capture>();
    c->source = topo.value()->source;
    c->source.hostname = host;
    c->snapshots = topo.value()->snapshots;
    std::set<std::int64_t> pids;
    for (const ThreadRun& r : threads)
        pids.insert(r.pid);
    for (int i = 0; i < 2; ++i) {
        auto s = std::make_shared<Sample>();
        s->timeNs = 1'700'000'000'000'000'000 + i * 1'000'000'000LL;
        s->intervalNs = i == 0 ? 0 : 1'000'000'000;
        for (const ThreadRun& r : threads)
            s->threads.push_back(threadSample(r, i == 0));
        for (std::int64_t pid : pids)
            s->processes.push_back(
                ProcessMemorySample{pid, {NodePages{0, 100, 100, 100, 0, 0, 100 * 4096}}, {}});
        s->flows = flows;
        c->samples.push_back(s);
    }
    return c;
}

FlowSample tcpFlow(std::int64_t pid, const QString& remote, std::uint64_t sent, std::uint64_t received,
                   bool volumesKnown = true)
{
    FlowSample f;
    f.pid = pid;
    f.tid = pid;
    f.protocol = QStringLiteral("TCP");
    f.remoteAddress = remote;
    f.remotePort = 443;
    f.bytesSent = sent;
    f.bytesReceived = received;
    f.volumesKnown = volumesKnown;
    f.mode = volumesKnown ? CollectionMode::Ebpf : CollectionMode::Procfs;
    return f;
}

const LocalityChange* processRow(const CaptureDiff& d, std::int64_t pidA, std::int64_t pidB)
{
    for (const LocalityChange& r : d.processes)
        if (r.pidA == pidA && r.pidB == pidB)
            return &r;
    return nullptr;
}

const LocalityChange* threadRow(const CaptureDiff& d, std::int64_t tidA, std::int64_t tidB)
{
    for (const LocalityChange& r : d.threads)
        if (r.tidA == tidA && r.tidB == tidB)
            return &r;
    return nullptr;
}

// Moves the node-7 CPU time of `pid` and its threads to node 6 and its allowed CPUs from node 7's to node
// 6's, as `numactl --cpunodebind=6` or `taskset` would, in the witty edges that carry them.
void moveToNode6(QJsonObject& edge, std::int64_t pid)
{
    const QString type = edge.value(u"edge_type").toString();
    QJsonObject source = edge.value(u"source_node").toObject();
    const bool mine = type == u"NumaAccessEdge" ? source.value(u"pid").toInteger() == pid
                      : type == u"AccessWithProcStatusEdge"
                          ? source.value(u"process").toObject().value(u"pid").toInteger() == pid
                          : false;
    if (!mine)
        return;
    const auto moveStatus = [](QJsonObject status) {
        QJsonObject runtime = status.value(u"numa_index_to_cpu_runtime").toObject();
        if (runtime.contains(u"7")) {
            runtime.insert(QStringLiteral("6"),
                           runtime.value(u"6").toDouble() + runtime.value(u"7").toDouble());
            runtime.remove(u"7");
        }
        status.insert(QStringLiteral("numa_index_to_cpu_runtime"), runtime);
        if (status.value(u"cpus_allowed_list").toString() == u"168-191")
            status.insert(QStringLiteral("cpus_allowed_list"), QStringLiteral("144-167"));
        return status;
    };
    if (type == u"AccessWithProcStatusEdge") {
        edge.insert(QStringLiteral("proc_status"), moveStatus(edge.value(u"proc_status").toObject()));
        return;
    }
    QJsonObject info = edge.value(u"numa_access_info").toObject();
    info.insert(QStringLiteral("proc_status"), moveStatus(info.value(u"proc_status").toObject()));
    QJsonObject affinity = info.value(u"numa_affinity_info").toObject();
    QJsonArray pct = affinity.value(u"cpu_runtime_pct_in_each_numa").toArray();
    const QJsonValue six = pct[6];
    pct[6] = pct[7];
    pct[7] = six;
    affinity.insert(QStringLiteral("cpu_runtime_pct_in_each_numa"), pct);
    info.insert(QStringLiteral("numa_affinity_info"), affinity);
    edge.insert(QStringLiteral("numa_access_info"), info);
}

QString writeMovedCopy(const QTemporaryDir& dir)
{
    QFile in(kWitty);
    if (!in.open(QIODevice::ReadOnly))
        return {};
    QJsonObject graph = QJsonDocument::fromJson(in.readAll()).object();
    QJsonArray edges = graph.value(u"edges").toArray();
    for (qsizetype i = 0; i < edges.size(); ++i) {
        QJsonObject e = edges[i].toObject();
        moveToNode6(e, kWorker);
        edges[i] = e;
    }
    graph.insert(QStringLiteral("edges"), edges);
    const QString path = dir.filePath(QStringLiteral("moved.json"));
    QFile out(path);
    if (!out.open(QIODevice::WriteOnly))
        return {};
    out.write(QJsonDocument(graph).toJson(QJsonDocument::Compact));
    return path;
}

} // namespace

class TestCaptureDiff : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void identical_data();
    void identical();
    void movedWorker_data();
    void movedWorker();
    void recordingMove_data();
    void recordingMove();
    void matching_data();
    void matching();
    void flows_data();
    void flows();
    void notes_data();
    void notes();
    void noSnapshot_data();
    void noSnapshot();
    void json();
    void text_data();
    void text();

private:
    QTemporaryDir m_dir;
    CapturePtr m_witty;
    CapturePtr m_moved;
};

void TestCaptureDiff::initTestCase()
{
    QVERIFY(m_dir.isValid());
    auto witty = readWittyJsonFile(kWitty);
    QVERIFY2(witty.ok(), witty.ok() ? "" : qPrintable(witty.error().toString()));
    m_witty = witty.value();
    const QString moved = writeMovedCopy(m_dir);
    QVERIFY(!moved.isEmpty());
    auto copy = readWittyJsonFile(moved);
    QVERIFY2(copy.ok(), copy.ok() ? "" : qPrintable(copy.error().toString()));
    m_moved = copy.value();
}

void TestCaptureDiff::identical_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<int>("processes");
    QTest::newRow("witty graph") << QStringLiteral("witty") << 12;
    QTest::newRow("recording") << QStringLiteral("recording") << 2;
}

// A capture against itself: every row on both sides, nothing moved, no flow changed, no note.
void TestCaptureDiff::identical()
{
    QFETCH(QString, input);
    QFETCH(int, processes);
    CapturePtr c = m_witty;
    if (input != u"witty")
        c = recording(
            {{100, 100, "main", 0, "0-1"}, {100, 101, "worker", 2, "2-3"}, {200, 200, "db", 1, "0-3"}},
            {tcpFlow(100, "10.0.0.2", 10, 20)});
    QVERIFY(c);
    const CaptureDiffPtr d = diffCaptures(*c, *c);
    QCOMPARE(int(d->processes.size()), processes);
    QVERIFY(!d->threads.empty());
    for (const auto* rows : {&d->processes, &d->threads})
        for (const LocalityChange& r : *rows) {
            QVERIFY(r.inA() && r.inB());
            QCOMPARE(r.pidA, r.pidB);
            QCOMPARE(r.tidA, r.tidB);
            QCOMPARE(r.change, 0.0);
            QCOMPARE(r.cpusAllowedA, r.cpusAllowedB);
        }
    for (const FlowChange& f : d->flows) {
        QVERIFY(f.inA && f.inB);
        QCOMPARE(f.bytesA, f.bytesB);
    }
    QVERIFY2(d->notes.isEmpty(), qPrintable(d->notes.join(u'\n')));
}

void TestCaptureDiff::movedWorker_data()
{
    QTest::addColumn<qint64>("pid");
    QTest::addColumn<int>("cpuNodeA");
    QTest::addColumn<int>("cpuNodeB");
    QTest::addColumn<double>("minChange");
    QTest::addColumn<double>("maxChange");
    // Its share on node 7 (0.688) went to node 6; the other workers were not touched.
    QTest::newRow("moved worker") << qint64(kWorker) << 7 << 6 << 0.5 << 1.0;
    QTest::newRow("untouched worker") << qint64(1895088) << -2 << -2 << 0.0 << 0.0;
    QTest::newRow("untouched parent") << qint64(1894856) << -2 << -2 << 0.0 << 0.0;
}

void TestCaptureDiff::movedWorker()
{
    QFETCH(qint64, pid);
    QFETCH(int, cpuNodeA);
    QFETCH(int, cpuNodeB);
    QFETCH(double, minChange);
    QFETCH(double, maxChange);
    const CaptureDiffPtr d =
        diffCaptures(*m_witty, *m_moved, QStringLiteral("before"), QStringLiteral("after"));
    const LocalityChange* r = processRow(*d, pid, pid);
    QVERIFY(r);
    QVERIFY2(r->change >= minChange && r->change <= maxChange, qPrintable(QString::number(r->change)));
    if (cpuNodeA == -2) { // untouched: both sides agree
        QCOMPARE(r->cpuNodeA, r->cpuNodeB);
        return;
    }
    QCOMPARE(r->cpuNodeA.value, cpuNodeA);
    QCOMPARE(r->cpuNodeB.value, cpuNodeB);
    QCOMPARE(r->memoryNodeA, r->memoryNodeB);
    QVERIFY2(r->b.similarity > r->a.similarity + 0.3,
             qPrintable(QStringLiteral("%1 -> %2").arg(r->a.similarity).arg(r->b.similarity)));
    QCOMPARE(d->processes.front().pidB, pid); // the biggest change comes first
    // Its main thread followed, and so did its allowed CPUs.
    const LocalityChange* t = threadRow(*d, pid, pid);
    QVERIFY(t);
    QCOMPARE(t->cpuNodeA, NodeId(7));
    QCOMPARE(t->cpuNodeB, NodeId(6));
    QCOMPARE(t->cpusAllowedA, QStringLiteral("168-191"));
    QCOMPARE(t->cpusAllowedB, QStringLiteral("144-167"));
    QVERIFY(t->change > 0.9);
}

void TestCaptureDiff::recordingMove_data()
{
    QTest::addColumn<int>("cpuB");
    QTest::addColumn<QString>("allowedB");
    QTest::addColumn<int>("cpuNodeB");
    QTest::addColumn<double>("change");
    // CPUs 0-1 are node 0, 2-3 node 1.
    QTest::newRow("moved to node 1") << 2 << QStringLiteral("2-3") << 1 << 1.0;
    QTest::newRow("other CPU, same node") << 1 << QStringLiteral("0-1") << 0 << 0.0;
}

void TestCaptureDiff::recordingMove()
{
    QFETCH(int, cpuB);
    QFETCH(QString, allowedB);
    QFETCH(int, cpuNodeB);
    QFETCH(double, change);
    const CapturePtr a = recording({{100, 101, "worker", 0, "0-1"}});
    const CapturePtr b = recording({{100, 101, "worker", cpuB, allowedB}});
    QVERIFY(a && b);
    const CaptureDiffPtr d = diffCaptures(*a, *b);
    QCOMPARE(d->nodes, (std::vector<int>{0, 1}));
    for (const LocalityChange* r : {processRow(*d, 100, 100), threadRow(*d, 101, 101)}) {
        QVERIFY(r);
        QCOMPARE(r->cpuNodeA, NodeId(0));
        QCOMPARE(r->cpuNodeB.value, cpuNodeB);
        QCOMPARE(r->change, change);
        QCOMPARE(r->cpusAllowedA, QStringLiteral("0-1"));
        QCOMPARE(r->cpusAllowedB, allowedB);
        QCOMPARE(r->cpuSharesA, (std::vector<double>{1.0, 0.0}));
        QCOMPARE(r->memoryNodeA, NodeId(0));
        QCOMPARE(r->memoryNodeB, NodeId(0));
        QCOMPARE(r->cpuNsA, 5e8);
    }
}

void TestCaptureDiff::matching_data()
{
    QTest::addColumn<qint64>("pidB");
    QTest::addColumn<QString>("commB"); // of B's main thread, which names the process
    QTest::addColumn<qint64>("tidB");
    QTest::addColumn<QString>("rows"); // "pidA>pidB" per process row, in row order; -1 for a missing side
    QTest::addColumn<QString>("threads");
    // A: pid 100 "worker" (threads 100 "worker" and 101 "gemm") on node 0 and an idle "db" (pid 200); B runs
    // the worker on node 1 under the pid, comm and second tid given, and the same "db".
    QTest::newRow("same pid") << qint64(100) << QStringLiteral("worker") << qint64(101) << "100>100 200>200"
                              << "100>100 101>101 200>200";
    QTest::newRow("relaunched under a new pid")
        << qint64(300) << QStringLiteral("worker") << qint64(301) << "100>300 200>200"
        << "100>300 101>301 200>200";
    QTest::newRow("pid reused by another program")
        << qint64(100) << QStringLiteral("other") << qint64(101) << "100>-1 -1>100 200>200"
        << "100>-1 -1>100 101>-1 -1>101 200>200";
}

void TestCaptureDiff::matching()
{
    QFETCH(qint64, pidB);
    QFETCH(QString, commB);
    QFETCH(qint64, tidB);
    QFETCH(QString, rows);
    QFETCH(QString, threads);
    const CapturePtr a =
        recording({{100, 100, "worker", 0, "0-3"}, {100, 101, "gemm", 0, "0-3"}, {200, 200, "db", 1, "0-3"}});
    const CapturePtr b = recording(
        {{pidB, pidB, commB, 2, "0-3"}, {pidB, tidB, "gemm", 2, "0-3"}, {200, 200, "db", 1, "0-3"}});
    QVERIFY(a && b);
    const CaptureDiffPtr d = diffCaptures(*a, *b);
    QStringList got, gotThreads;
    for (const LocalityChange& r : d->processes)
        got << QStringLiteral("%1>%2").arg(r.pidA).arg(r.pidB);
    for (const LocalityChange& r : d->threads)
        gotThreads << QStringLiteral("%1>%2").arg(r.tidA).arg(r.tidB);
    QCOMPARE(got.join(u' '), rows);
    QCOMPARE(gotThreads.join(u' '), threads);
}

void TestCaptureDiff::flows_data()
{
    QTest::addColumn<std::uint64_t>("sentA"); // per sample; 0: no flow on that side
    QTest::addColumn<std::uint64_t>("sentB");
    QTest::addColumn<bool>("volumesKnown");
    QTest::newRow("bytes grow") << std::uint64_t(1000) << std::uint64_t(10000) << true;
    QTest::newRow("flow gone") << std::uint64_t(1000) << std::uint64_t(0) << true;
    QTest::newRow("new flow") << std::uint64_t(0) << std::uint64_t(500) << true;
    QTest::newRow("endpoints only (procfs)") << std::uint64_t(1) << std::uint64_t(1) << false;
}

void TestCaptureDiff::flows()
{
    QFETCH(std::uint64_t, sentA);
    QFETCH(std::uint64_t, sentB);
    QFETCH(bool, volumesKnown);
    const std::vector<ThreadRun> threads{{100, 100, "worker", 0, "0-3"}};
    const auto flowsOf = [&](std::uint64_t sent) {
        return sent ? std::vector<FlowSample>{tcpFlow(100, "10.0.0.2", volumesKnown ? sent : 0,
                                                      volumesKnown ? sent / 2 : 0, volumesKnown)}
                    : std::vector<FlowSample>{};
    };
    const CapturePtr a = recording(threads, flowsOf(sentA));
    const CapturePtr b = recording(threads, flowsOf(sentB));
    QVERIFY(a && b);
    const CaptureDiffPtr d = diffCaptures(*a, *b);
    QCOMPARE(d->flows.size(), size_t(1));
    const FlowChange& f = d->flows.front();
    QCOMPARE(f.protocol, QStringLiteral("TCP"));
    QCOMPARE(f.peer, QStringLiteral("10.0.0.2:443"));
    QCOMPARE(f.inA, sentA > 0);
    QCOMPARE(f.inB, sentB > 0);
    QCOMPARE(f.pidA, sentA > 0 ? 100 : -1);
    QCOMPARE(f.pidB, sentB > 0 ? 100 : -1);
    QCOMPARE(f.volumesKnown, volumesKnown);
    if (volumesKnown) { // sent + received (half as much), over both samples
        QCOMPARE(f.bytesA, 2 * (sentA + sentA / 2));
        QCOMPARE(f.bytesB, 2 * (sentB + sentB / 2));
    }
}

void TestCaptureDiff::notes_data()
{
    QTest::addColumn<QString>("hostA");
    QTest::addColumn<QString>("hostB");
    QTest::addColumn<QString>("topologyB");
    QTest::addColumn<bool>("workloadB");
    QTest::addColumn<QString>("note"); // a substring of one note; empty: no note at all
    const QString twoNodes = QStringLiteral("pack:2 [numa] core:2 pu:1");
    QTest::newRow("same machine") << "alpha"
                                  << "alpha" << twoNodes << true << QString();
    QTest::newRow("hosts unknown") << QString() << QString() << twoNodes << true << QString();
    QTest::newRow("different machines")
        << "alpha"
        << "beta" << twoNodes << true << "different machines (alpha and beta)";
    QTest::newRow("different node sets") << "alpha"
                                         << "alpha" << QStringLiteral("pack:4 [numa] core:1 pu:1") << true
                                         << "different NUMA nodes (A: 0,1; B: 0,1,2,3)";
    QTest::newRow("B without workload") << "alpha"
                                        << "alpha" << twoNodes << false << "B holds no process with figures";
}

void TestCaptureDiff::notes()
{
    QFETCH(QString, hostA);
    QFETCH(QString, hostB);
    QFETCH(QString, topologyB);
    QFETCH(bool, workloadB);
    QFETCH(QString, note);
    const std::vector<ThreadRun> worker{{100, 100, "worker", 0, "0-1"}};
    const CapturePtr a = recording(worker, {}, hostA);
    const CapturePtr b = recording(workloadB ? worker : std::vector<ThreadRun>{}, {}, hostB, topologyB);
    QVERIFY(a && b);
    const CaptureDiffPtr d = diffCaptures(*a, *b, QStringLiteral("A"), QStringLiteral("B"));
    QCOMPARE(d->hostA, hostA);
    QCOMPARE(d->hostB, hostB);
    if (note.isEmpty()) {
        QVERIFY2(d->notes.isEmpty(), qPrintable(d->notes.join(u'\n')));
        return;
    }
    QVERIFY2(!d->notes.filter(note).isEmpty(), qPrintable(d->notes.join(u'\n')));
}

void TestCaptureDiff::noSnapshot_data()
{
    QTest::addColumn<bool>("emptyIsA");
    QTest::newRow("A empty") << true;
    QTest::newRow("B empty") << false;
}

// A capture without any snapshot: every row is on the other side, and a note says why.
void TestCaptureDiff::noSnapshot()
{
    QFETCH(bool, emptyIsA);
    const Capture empty;
    const CaptureDiffPtr d =
        emptyIsA ? diffCaptures(empty, *m_witty, QStringLiteral("empty"), QStringLiteral("witty"))
                 : diffCaptures(*m_witty, empty, QStringLiteral("witty"), QStringLiteral("empty"));
    QCOMPARE(d->processes.size(), size_t(12));
    for (const LocalityChange& r : d->processes) {
        QCOMPARE(r.inA(), !emptyIsA);
        QCOMPARE(r.inB(), emptyIsA);
        QCOMPARE(r.change, 1.0);
    }
    QVERIFY2(!d->notes.filter(QStringLiteral("empty holds no snapshot")).isEmpty(),
             qPrintable(d->notes.join(u'\n')));
    QCOMPARE(d->nodes.size(), size_t(8));
    QVERIFY(diffText(*d).contains(emptyIsA ? QStringLiteral("only in B") : QStringLiteral("only in A")));
}

// The documented keys, nulls for the side a row lacks, and numbers that agree with the rows.
void TestCaptureDiff::json()
{
    const CapturePtr a = recording({{100, 101, "worker", 0, "0-1"}});
    const CapturePtr b = recording({{100, 101, "worker", 2, "2-3"}, {300, 300, "newcomer", 1, "0-3"}},
                                   {tcpFlow(100, "10.0.0.2", 10, 0)});
    QVERIFY(a && b);
    const QJsonObject o =
        diffJson(*diffCaptures(*a, *b, QStringLiteral("a.numasight"), QStringLiteral("b.numasight")));
    for (const char* key : {"a", "b", "nodes", "processes", "threads", "flows", "notes"})
        QVERIFY2(o.contains(QLatin1StringView(key)), key);
    QCOMPARE(o[u"a"][u"label"].toString(), QStringLiteral("a.numasight"));
    QCOMPARE(o[u"nodes"].toArray(), (QJsonArray{0, 1}));
    const QStringList rowKeys{
        "pid_a",        "pid_b",         "tid_a",         "tid_b",          "name",           "cpu_shares_a",
        "cpu_shares_b", "pages_a",       "pages_b",       "locality_a",     "locality_b",     "cpu_node_a",
        "cpu_node_b",   "memory_node_a", "memory_node_b", "cpus_allowed_a", "cpus_allowed_b", "change"};
    const QJsonArray processes = o[u"processes"].toArray();
    QCOMPARE(processes.size(), 2);
    for (const QJsonValue& row : processes)
        for (const QString& key : rowKeys)
            QVERIFY2(row.toObject().contains(key), qPrintable(key));
    // Both rows changed fully; the tie goes to the lower pid.
    const QJsonObject moved = processes[0].toObject();
    QCOMPARE(moved[u"pid_a"].toInteger(), 100);
    QVERIFY(moved[u"tid_a"].isNull());
    QCOMPARE(moved[u"cpu_node_a"].toInt(), 0);
    QCOMPARE(moved[u"cpu_node_b"].toInt(), 1);
    QCOMPARE(moved[u"cpu_shares_b"].toArray(), (QJsonArray{0.0, 1.0}));
    QCOMPARE(moved[u"cpus_allowed_b"].toString(), QStringLiteral("2-3"));
    QCOMPARE(moved[u"change"].toDouble(), 1.0);
    for (const char* key : {"witty_similarity", "cosine", "remote_share", "expected_distance"})
        QVERIFY2(moved[u"locality_b"].toObject().contains(QLatin1StringView(key)), key);
    QCOMPARE(moved[u"locality_a"][u"witty_similarity"].toDouble(), 1.0);
    QCOMPARE(moved[u"locality_b"][u"witty_similarity"].toDouble(), 0.0);
    const QJsonObject added = processes[1].toObject();
    QCOMPARE(added[u"pid_b"].toInteger(), 300);
    for (const char* key : {"pid_a", "cpu_shares_a", "pages_a", "locality_a", "cpu_node_a", "cpus_allowed_a"})
        QVERIFY2(added[QLatin1StringView(key)].isNull(), key);
    const QJsonArray flows = o[u"flows"].toArray();
    QCOMPARE(flows.size(), 1);
    QVERIFY(flows[0][u"bytes_a"].isNull());
    QCOMPARE(flows[0][u"bytes_b"].toInteger(), 20);
    QCOMPARE(flows[0][u"in_b"].toBool(), true);
}

void TestCaptureDiff::text_data()
{
    QTest::addColumn<bool>("moved");
    QTest::addColumn<bool>("allRows");
    QTest::addColumn<QStringList>("present");
    QTest::addColumn<QStringList>("absent");
    QTest::newRow("nothing changed") << false << false << QStringList{"no change above 5 %"}
                                     << QStringList{"Processes (", "1895087"};
    QTest::newRow("nothing changed, --all")
        << false << true << QStringList{"Processes (12 of 12)", "1895087 python3"}
        << QStringList{"no change above"};
    QTest::newRow("worker moved") << true << false
                                  << QStringList{"1895087 python3: CPU node 7→6",
                                                 "CPU share on node 6 0.1 %→69 %", "similarity 0.06→",
                                                 "allowed CPUs 0-23,120-143,168-191→0-23,120-167"}
                                  << QStringList{"no change above", "1895088"};
}

void TestCaptureDiff::text()
{
    QFETCH(bool, moved);
    QFETCH(bool, allRows);
    QFETCH(QStringList, present);
    QFETCH(QStringList, absent);
    const QString t = diffText(*diffCaptures(*m_witty, moved ? *m_moved : *m_witty), allRows);
    for (const QString& s : present)
        QVERIFY2(t.contains(s), qPrintable(s + QStringLiteral(" not in:\n") + t));
    for (const QString& s : absent)
        QVERIFY2(!t.contains(s), qPrintable(s + QStringLiteral(" in:\n") + t));
}

QTEST_GUILESS_MAIN(TestCaptureDiff)
#include "tst_capture_diff.moc"
