// SPDX-License-Identifier: GPL-3.0-or-later
// The numbers behind the heatmaps: cells equal the witty fixture's stored figures and hand-made samples'
// sums; matrices equal the hwloc fixtures' distances; the distance order keeps near nodes together.
#include "analysis/heatmap_data.h"
#include "analysis/matrix_heatmap.h"
#include "analysis/witty_metrics.h"
#include "readers/hwloc_reader.h"
#include "readers/witty_json_reader.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <set>

using namespace numasight;

Q_DECLARE_METATYPE(std::vector<double>)
Q_DECLARE_METATYPE(numasight::MemoryMeasure)
Q_DECLARE_METATYPE(numasight::HeatmapMetric)
Q_DECLARE_METATYPE(numasight::HeatmapSortKey)

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// pid 1895087 (a vLLM tensor-parallel worker) in the witty fixture, written down from
// witty-profiler/graph.json: its NumaAccessEdge's numa_affinity_info.cpu_runtime_pct_in_each_numa,
// dirty_anon_pages and total_pages, and the numa_index_to_cpu_runtime of the four threads the graph lists.
const std::vector<double> kWorkerCpuPct{0.0012786683245703885, 0.005181828923722821, 0.0002547336891541744,
                                        0.002606894857237038,  0.000691039025633556, 0.3008803792917666,
                                        0.0008430953349974278, 0.688263360552918};
const std::vector<double> kWorkerDirtyAnon{40779, 7, 16414, 519, 3596, 15166, 384040, 35195};
const std::vector<double> kWorkerTotalPages{40779, 7, 16414, 519, 3596, 15166, 573587, 35195};
struct FixtureThread
{
    std::int64_t tid;
    const char* name;
    int node;
    double ns;
};
const FixtureThread kWorkerThreads[] = {{1895087, "python3", 7, 5868636800.0},
                                        {1896010, "python3", 0, 4003500.0},
                                        {1896232, "acl_thread", 5, 2277549430.0},
                                        {1896233, "release_thread", 5, 181845070.0}};
// NPU0, which the worker opens, has cpu_affinity 144-167: node 6.
constexpr int kWorkerNpuNode = 6;

int rowOf(const NodeHeatmap& h, std::int64_t pid, std::int64_t tid = -1)
{
    for (int r = 0; r < h.rowCount(); ++r)
        if (h.rows[size_t(r)].pid == pid && h.rows[size_t(r)].tid == tid)
            return r;
    return -1;
}

double sum(const std::vector<double>& v)
{
    return std::accumulate(v.begin(), v.end(), 0.0);
}

QString show(std::span<const double> v)
{
    QStringList parts;
    for (double x : v)
        parts << (std::isnan(x) ? QStringLiteral("nan") : QString::number(x, 'g', 17));
    return parts.join(QLatin1Char(' '));
}

// Exact equality, NaN equal to NaN: the heatmap must hold the model's numbers, not approximations.
bool same(std::span<const double> a, std::span<const double> b)
{
    if (a.size() != b.size())
        return false;
    for (size_t i = 0; i < a.size(); ++i)
        if (!(a[i] == b[i] || (std::isnan(a[i]) && std::isnan(b[i]))))
            return false;
    return true;
}

bool close(double a, double b)
{
    return std::abs(a - b) <= 1e-12 * std::max({1.0, std::abs(a), std::abs(b)});
}

SamplePtr sample(int index, std::int64_t timeNs, std::int64_t intervalNs,
                 std::vector<ThreadCpuSample> threads, std::vector<ProcessMemorySample> processes)
{
    auto s = std::make_shared<Sample>();
    s->snapshotIndex = index;
    s->timeNs = timeNs;
    s->intervalNs = intervalNs;
    s->threads = std::move(threads);
    s->processes = std::move(processes);
    return s;
}

ThreadCpuSample thread(std::int64_t pid, std::int64_t tid, const char* comm,
                       std::vector<std::pair<int, std::uint64_t>> byCpu,
                       CollectionMode mode = CollectionMode::Ebpf)
{
    ThreadCpuSample t;
    t.pid = pid;
    t.tid = tid;
    t.comm = QString::fromLatin1(comm);
    t.cpuNsByCpu = std::move(byCpu);
    for (const auto& [cpu, ns] : t.cpuNsByCpu)
        t.cpuNs += ns;
    t.mode = mode;
    return t;
}

NodePages pages(int node, std::uint64_t total, std::uint64_t anon, std::uint64_t dirty, std::uint64_t bytes)
{
    NodePages p;
    p.node = node;
    p.totalPages = total;
    p.anonPages = anon;
    p.dirtyAnonPages = dirty;
    p.bytes = bytes;
    return p;
}

// A recording on "pack:2 [numa] core:2 pu:1" (CPUs 0-1 on node 0, 2-3 on node 1), built by hand:
//  sample 0: the baseline (no interval);
//  sample 1 (1 s): pid 100's main thread 300 ns on CPU 0 and 100 ns on CPU 2, its worker 600 ns on CPU 3;
//                  pid 200 (procfs) 50 ns, last seen on CPU 1; memory of 100 and 200;
//  sample 2 (1 s): main 200 ns on CPU 0, worker 400 ns on CPU 3; memory of 100 (it moved).
std::shared_ptr<Capture> handRecording()
{
    auto topology = readHwlocSynthetic(QStringLiteral("pack:2 [numa] core:2 pu:1"));
    if (!topology.ok())
        return {};
    auto c = std::make_shared<Capture>();
    c->snapshots = topology.value()->snapshots;
    ThreadCpuSample procfs;
    procfs.pid = 200;
    procfs.tid = 200;
    procfs.comm = QStringLiteral("sleeper");
    procfs.cpuNs = 50;
    procfs.lastCpu = 1;
    procfs.mode = CollectionMode::Procfs;
    ProcessMemorySample m100a{
        100, {pages(0, 10, 8, 4, 40960), pages(1, 30, 2, 1, 2 * 2097152)}, QStringLiteral("default")};
    ProcessMemorySample m200{200, {pages(1, 5, 0, 0, 20480)}, QStringLiteral("default")};
    ProcessMemorySample m100b{
        100, {pages(0, 12, 9, 5, 49152), pages(1, 20, 1, 0, 81920)}, QStringLiteral("default")};
    c->samples.push_back(
        sample(0, 1'000'000'000, 0, {thread(100, 100, "main", {}), thread(100, 101, "worker", {})}, {}));
    c->samples.push_back(sample(
        0, 2'000'000'000, 1'000'000'000,
        {thread(100, 100, "main", {{0, 300}, {2, 100}}), thread(100, 101, "worker", {{3, 600}}), procfs},
        {m100a, m200}));
    c->samples.push_back(
        sample(0, 3'000'000'000, 1'000'000'000,
               {thread(100, 100, "main", {{0, 200}}), thread(100, 101, "worker", {{3, 400}})}, {m100b}));
    return c;
}

} // namespace

class TestHeatmapData : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void wittyCpu();
    void wittyCpuEqualsModel();
    void wittyMemory_data();
    void wittyMemory();
    void wittyMismatch();
    void samplesCpu();
    void samplesMemory();
    void timeRows_data();
    void timeRows();
    void sorting_data();
    void sorting();
    void fixtureDistances_data();
    void fixtureDistances();
    void memoryAttributes();
    void defaultMatrixIsBetweenNodes_data();
    void defaultMatrixIsBetweenNodes();
    void orderKeepsClustersTogether_data();
    void orderKeepsClustersTogether();
    void orderOfRealMachine();
    void nearNodesInOsOrder_data();
    void nearNodesInOsOrder();

private:
    CapturePtr m_witty;
};

void TestHeatmapData::initTestCase()
{
    auto loaded = readWittyJsonFile(QStringLiteral(NUMASIGHT_FIXTURES "/witty-profiler/graph.json"));
    QVERIFY2(loaded.ok(), loaded.ok() ? "" : qPrintable(loaded.error().toString()));
    m_witty = loaded.value();
}

void TestHeatmapData::wittyCpu()
{
    const auto h = cpuHeatmap(*m_witty->snapshots.front());
    QCOMPARE(h->columnCount(), 8);
    for (int c = 0; c < 8; ++c) {
        QCOMPARE(h->columns[size_t(c)].label, QStringLiteral("node%1").arg(c));
        QVERIFY(h->columns[size_t(c)].hasCpus);
    }
    QCOMPARE(h->metric, HeatmapMetric::CpuShare);
    // 12 processes, each followed by the threads the graph lists (41).
    QCOMPARE(h->rowCount(), 12 + 41);

    const int p = rowOf(*h, 1895087);
    QVERIFY(p >= 0);
    const HeatmapRow& row = h->rows[size_t(p)];
    QCOMPARE(row.kind, HeatmapRowKind::Process);
    QCOMPARE(row.name, QStringLiteral("python3"));
    QVERIFY2(same(h->rowValues(p), kWorkerCpuPct), qPrintable(show(h->rowValues(p))));
    QCOMPARE(row.mainCpuColumn, 7);
    QCOMPARE(row.mainMemoryColumn, 6); // 384040 of its dirty pages
    // Its CPU time away from node 6, where most of its memory is.
    const double remote = (sum(kWorkerCpuPct) - kWorkerCpuPct[6]) / sum(kWorkerCpuPct);
    QVERIFY2(close(row.remoteShare, remote), qPrintable(QString::number(row.remoteShare, 'g', 17)));
    QCOMPARE(row.acceleratorColumns, std::vector<int>{kWorkerNpuNode});
    QCOMPARE(row.accelerators, QStringList{QStringLiteral("NPU0")});
    double threadNs = 0;
    for (const FixtureThread& t : kWorkerThreads)
        threadNs += t.ns;
    QCOMPARE(row.cpuNs, threadNs);
    QCOMPARE(row.pages, sum(kWorkerDirtyAnon));

    // Its threads follow it, by tid, each all on one node.
    for (size_t i = 0; i < std::size(kWorkerThreads); ++i) {
        const FixtureThread& t = kWorkerThreads[i];
        const int r = p + 1 + int(i);
        const HeatmapRow& tr = h->rows[size_t(r)];
        QCOMPARE(tr.kind, HeatmapRowKind::Thread);
        QCOMPARE(tr.tid, t.tid);
        QCOMPARE(tr.name, QString::fromLatin1(t.name));
        QCOMPARE(tr.parentRow, p);
        QCOMPARE(tr.cpuNs, t.ns);
        std::vector<double> expected(8, 0.0);
        expected[size_t(t.node)] = 1.0;
        QVERIFY2(same(h->rowValues(r), expected), qPrintable(show(h->rowValues(r))));
        QCOMPARE(tr.mainCpuColumn, t.node);
        QCOMPARE(tr.mainMemoryColumn, 6);
        QCOMPARE(tr.remoteShare, 1.0);
        QCOMPARE(tr.acceleratorColumns, std::vector<int>{kWorkerNpuNode});
    }
}

void TestHeatmapData::wittyCpuEqualsModel()
{
    // Every process row equals what witty_metrics reads from the same edge; every thread row is its
    // numa_index_to_cpu_runtime over its sum.
    const Snapshot& s = *m_witty->snapshots.front();
    const auto h = cpuHeatmap(s);
    int checked = 0;
    for (int r = 0; r < h->rowCount(); ++r) {
        const HeatmapRow& row = h->rows[size_t(r)];
        for (EdgeId eid : s.outEdges(row.entity)) {
            const Edge& e = s.edge(eid);
            QString error;
            if (row.kind == HeatmapRowKind::Process && e.kind == EdgeKind::NumaAccess) {
                const auto info = readNumaAffinityInfo(e.payload.text(), &error);
                QVERIFY2(info, qPrintable(error));
                QVERIFY2(same(h->rowValues(r), info->cpuRuntimePct), qPrintable(QString::number(row.pid)));
                ++checked;
            } else if (row.kind == HeatmapRowKind::Thread && e.kind == EdgeKind::AccessWithProcStatus) {
                const auto ns = readNumaIndexToCpuRuntime(e.payload.text(), 8, &error);
                QVERIFY2(ns, qPrintable(error));
                const double total = sum(*ns);
                for (int c = 0; c < 8; ++c)
                    QCOMPARE(h->value(r, c), total > 0 ? (*ns)[size_t(c)] / total : 0.0);
                ++checked;
            }
        }
    }
    QCOMPARE(checked, 12 + 41);
}

void TestHeatmapData::wittyMemory_data()
{
    QTest::addColumn<MemoryMeasure>("measure");
    QTest::addColumn<std::vector<double>>("expected");
    QTest::newRow("dirty anonymous pages") << MemoryMeasure::DirtyAnonPages << kWorkerDirtyAnon;
    QTest::newRow("total pages") << MemoryMeasure::TotalPages << kWorkerTotalPages;
    QTest::newRow("bytes (witty has none)") << MemoryMeasure::Bytes << std::vector<double>(8, kNaN);
    QTest::newRow("anonymous pages (witty has none)")
        << MemoryMeasure::AnonPages << std::vector<double>(8, kNaN);
}

void TestHeatmapData::wittyMemory()
{
    QFETCH(MemoryMeasure, measure);
    QFETCH(std::vector<double>, expected);
    const Snapshot& s = *m_witty->snapshots.front();
    const auto h = memoryHeatmap(s, {}, measure);
    QCOMPARE(h->metric, metricOf(measure));
    QCOMPARE(h->rowCount(), 12); // processes only: pages belong to address spaces
    const int p = rowOf(*h, 1895087);
    QVERIFY(p >= 0);
    QVERIFY2(same(h->rowValues(p), expected), qPrintable(show(h->rowValues(p))));
    const HeatmapRow& row = h->rows[size_t(p)];
    QCOMPARE(row.mainCpuColumn, 7);
    if (std::isnan(expected.front())) {
        QVERIFY(std::isnan(row.remoteShare));
        QVERIFY(h->notes.join(u' ').contains(QLatin1String("unknown")));
        return;
    }
    // Its memory away from node 7, where most of its CPU time goes.
    QVERIFY(close(row.remoteShare, (sum(expected) - expected[7]) / sum(expected)));
    // Every process's dirty pages equal the model's.
    if (measure != MemoryMeasure::DirtyAnonPages)
        return;
    for (int r = 0; r < h->rowCount(); ++r)
        for (EdgeId eid : s.outEdges(h->rows[size_t(r)].entity))
            if (s.edge(eid).kind == EdgeKind::NumaAccess) {
                QString error;
                const auto dirty = readDirtyAnonPages(s.edge(eid).payload.text(), 8, &error);
                QVERIFY2(dirty, qPrintable(error));
                for (int c = 0; c < 8; ++c)
                    QCOMPARE(h->value(r, c), double((*dirty)[size_t(c)]));
            }
}

void TestHeatmapData::wittyMismatch()
{
    const auto v = mismatchRows(*m_witty->snapshots.front());
    const auto it =
        std::find_if(v->rows.begin(), v->rows.end(), [](const MismatchRow& r) { return r.pid == 1895087; });
    QVERIFY(it != v->rows.end());
    const MismatchRow& row = *it;
    QCOMPARE(row.cpuColumn, 7);
    QCOMPARE(row.memoryColumn, 6);
    QVERIFY(row.memoryAway);
    QVERIFY(row.acceleratorAway); // NPU0 on node 6, CPU time on node 7
    QCOMPARE(row.acceleratorColumns, std::vector<int>{kWorkerNpuNode});
    double local = 0;
    for (size_t i = 0; i < 8; ++i)
        local += kWorkerCpuPct[i] / sum(kWorkerCpuPct) * kWorkerDirtyAnon[i] / sum(kWorkerDirtyAnon);
    QVERIFY2(close(row.localShare, local), qPrintable(QString::number(row.localShare, 'g', 17)));
    // The node-to-node matrix is a distribution.
    QCOMPARE(v->accessMatrix.size(), size_t(64));
    double total = 0;
    for (double x : v->accessMatrix) {
        QVERIFY(x >= 0);
        total += x;
    }
    QVERIFY(close(total, 1.0));
}

void TestHeatmapData::samplesCpu()
{
    const auto c = handRecording();
    QVERIFY(c);
    const auto in = heatmapInput(*c);
    const auto h = cpuHeatmap(*in.snapshot, in.samples);
    QCOMPARE(h->sampleCount, 3);
    // pid 100: node 0 = 300 + 200, node 1 = 100 + 600 + 400; its main thread 500 and 100; the worker 1000 on
    // node 1; pid 200's 50 ns on CPU 1, where procfs last saw it. Each process is followed by its threads.
    QCOMPARE(h->rowCount(), 5);
    const int p = rowOf(*h, 100);
    QCOMPARE(p, 0);
    QVERIFY2(same(h->rowValues(p), std::vector<double>{500.0 / 1600, 1100.0 / 1600}),
             qPrintable(show(h->rowValues(p))));
    QCOMPARE(h->rows[0].name, QStringLiteral("main"));
    QCOMPARE(h->rows[0].cpuNs, 1600.0);
    QCOMPARE(h->rows[0].mainCpuColumn, 1);
    // Memory reference: the anonymous pages of the last reading (9 on node 0, 1 on node 1).
    QCOMPARE(h->rows[0].mainMemoryColumn, 0);
    QCOMPARE(h->rows[0].pages, 10.0);
    QVERIFY(close(h->rows[0].remoteShare, 1100.0 / 1600));
    QVERIFY2(same(h->rowValues(1), std::vector<double>{500.0 / 600, 100.0 / 600}),
             qPrintable(show(h->rowValues(1))));
    QCOMPARE(h->rows[1].tid, 100);
    QCOMPARE(h->rows[1].parentRow, 0);
    QVERIFY2(same(h->rowValues(2), std::vector<double>{0, 1}), qPrintable(show(h->rowValues(2))));
    QCOMPARE(h->rows[2].name, QStringLiteral("worker"));
    QCOMPARE(h->rows[2].remoteShare, 1.0);
    const int q = rowOf(*h, 200);
    QCOMPARE(q, 3);
    QCOMPARE(rowOf(*h, 200, 200), 4);
    QVERIFY2(same(h->rowValues(q), std::vector<double>{1, 0}), qPrintable(show(h->rowValues(q))));
    QCOMPARE(h->rows[size_t(q)].name, QStringLiteral("sleeper"));
    QVERIFY(!h->rows[size_t(q)].entity.isValid()); // the topology has no workload
    QVERIFY(h->notes.join(u' ').contains(QLatin1String("procfs")));
}

void TestHeatmapData::samplesMemory()
{
    const auto c = handRecording();
    QVERIFY(c);
    const auto in = heatmapInput(*c);
    // Memory is a level: pid 100's last reading (sample 2) counts, pid 200's only one (sample 1).
    const auto total = memoryHeatmap(*in.snapshot, in.samples, MemoryMeasure::TotalPages);
    QCOMPARE(total->rowCount(), 2);
    QVERIFY2(same(total->rowValues(0), std::vector<double>{12, 20}), qPrintable(show(total->rowValues(0))));
    QVERIFY2(same(total->rowValues(1), std::vector<double>{0, 5}), qPrintable(show(total->rowValues(1))));
    QCOMPARE(total->rows[0].pages, 32.0);
    // Main CPU node of pid 100 is node 1: its pages elsewhere are 12 of 32.
    QVERIFY(close(total->rows[0].remoteShare, 12.0 / 32));
    const auto bytes = memoryHeatmap(*in.snapshot, in.samples, MemoryMeasure::Bytes);
    QVERIFY2(same(bytes->rowValues(0), std::vector<double>{49152, 81920}),
             qPrintable(show(bytes->rowValues(0))));
    QCOMPARE(bytes->rows[0].bytes, 131072.0);
    QCOMPARE(bytes->unit, QStringLiteral("bytes"));
    const auto dirty = memoryHeatmap(*in.snapshot, in.samples, MemoryMeasure::DirtyAnonPages);
    QVERIFY2(same(dirty->rowValues(0), std::vector<double>{5, 0}), qPrintable(show(dirty->rowValues(0))));

    // A window of one snapshot's samples only (here the only snapshot, so the same).
    const auto one = heatmapInput(*c, 0);
    QCOMPARE(one.samples.size(), size_t(3));
    QVERIFY(!heatmapInput(*c, 1).snapshot);
}

void TestHeatmapData::timeRows_data()
{
    QTest::addColumn<qlonglong>("pid");
    QTest::addColumn<qlonglong>("tid");
    QTest::addColumn<HeatmapMetric>("metric");
    QTest::addColumn<std::vector<double>>("expected"); // rows × 2
    QTest::addColumn<QString>("name");
    // CPU metrics start at sample 1 (sample 0 has no interval).
    QTest::newRow("worker, CPUs busy")
        << 100ll << 101ll << HeatmapMetric::CpuBusy << std::vector<double>{0, 600e-9, 0, 400e-9}
        << QStringLiteral("worker");
    QTest::newRow("process, share") << 100ll << -1ll << HeatmapMetric::CpuShare
                                    << std::vector<double>{0.3, 0.7, 200.0 / 600, 400.0 / 600}
                                    << QStringLiteral("main");
    QTest::newRow("process, ns") << 100ll << -1ll << HeatmapMetric::CpuNs
                                 << std::vector<double>{300, 700, 200, 400} << QStringLiteral("main");
    // Pid 200 ran in sample 1 only.
    QTest::newRow("procfs process, absent later")
        << 200ll << -1ll << HeatmapMetric::CpuNs << std::vector<double>{50, 0, kNaN, kNaN}
        << QStringLiteral("sleeper");
    // Memory has a row per sample; before the first reading it is unknown.
    QTest::newRow("process, pages") << 100ll << -1ll << HeatmapMetric::TotalPages
                                    << std::vector<double>{kNaN, kNaN, 10, 30, 12, 20}
                                    << QStringLiteral("main");
    QTest::newRow("thread, bytes (its process's)")
        << 100ll << 101ll << HeatmapMetric::Bytes
        << std::vector<double>{kNaN, kNaN, 40960, 4194304, 49152, 81920} << QStringLiteral("worker");
}

void TestHeatmapData::timeRows()
{
    QFETCH(qlonglong, pid);
    QFETCH(qlonglong, tid);
    QFETCH(HeatmapMetric, metric);
    QFETCH(std::vector<double>, expected);
    QFETCH(QString, name);
    const auto c = handRecording();
    QVERIFY(c);
    HeatmapSubject subject;
    subject.pid = pid;
    subject.tid = tid;
    const auto h = timeHeatmap(*c, subject, metric);
    QVERIFY(h);
    QCOMPARE(h->columnCount(), 2);
    QCOMPARE(size_t(h->rowCount() * 2), expected.size());
    QVERIFY2(same(h->values, expected), qPrintable(show(h->values)));
    QCOMPARE(h->name, name);
    const bool memory = isMemoryMetric(metric);
    QCOMPARE(h->timeNs.front(), memory ? 1'000'000'000ll : 2'000'000'000ll);
    QCOMPARE(h->sourceIndex.front(), memory ? 0 : 1);
}

void TestHeatmapData::sorting_data()
{
    QTest::addColumn<HeatmapSortKey>("key");
    QTest::addColumn<bool>("descending");
    QTest::newRow("remote share, descending") << HeatmapSortKey::RemoteShare << true;
    QTest::newRow("remote share, ascending") << HeatmapSortKey::RemoteShare << false;
    QTest::newRow("CPU time, descending") << HeatmapSortKey::CpuTime << true;
    QTest::newRow("process, ascending") << HeatmapSortKey::Process << false;
    QTest::newRow("name, ascending") << HeatmapSortKey::Name << false;
    QTest::newRow("memory, descending") << HeatmapSortKey::Memory << true;
}

void TestHeatmapData::sorting()
{
    QFETCH(HeatmapSortKey, key);
    QFETCH(bool, descending);
    const auto h = cpuHeatmap(*m_witty->snapshots.front());
    const std::vector<int> order = sortedRows(*h, key, descending);
    // A permutation of the rows, each thread after its own process.
    QCOMPARE(std::set<int>(order.begin(), order.end()).size(), size_t(h->rowCount()));
    QCOMPARE(order.size(), size_t(h->rowCount()));
    int currentProcess = -1;
    std::vector<int> processes;
    for (int r : order) {
        const HeatmapRow& row = h->rows[size_t(r)];
        if (row.kind == HeatmapRowKind::Process) {
            currentProcess = r;
            processes.push_back(r);
        } else {
            QCOMPARE(row.parentRow, currentProcess);
        }
    }
    // Processes in key order, unknown (NaN) last.
    const auto keyOf = [&](int r) -> double {
        const HeatmapRow& row = h->rows[size_t(r)];
        switch (key) {
        case HeatmapSortKey::RemoteShare:
            return row.remoteShare;
        case HeatmapSortKey::CpuTime:
            return row.cpuNs;
        case HeatmapSortKey::Memory:
            return row.pages;
        case HeatmapSortKey::Process:
            return double(row.pid);
        case HeatmapSortKey::Name:
            break;
        }
        return 0;
    };
    for (size_t i = 1; i < processes.size(); ++i) {
        const HeatmapRow& a = h->rows[size_t(processes[i - 1])];
        const HeatmapRow& b = h->rows[size_t(processes[i])];
        if (key == HeatmapSortKey::Name) {
            QVERIFY(a.name.compare(b.name, Qt::CaseInsensitive) <= 0);
            continue;
        }
        const double x = keyOf(processes[i - 1]), y = keyOf(processes[i]);
        QVERIFY2(!std::isnan(x) || std::isnan(y), "unknown values sort last");
        if (!std::isnan(x) && !std::isnan(y))
            QVERIFY(descending ? x >= y : x <= y);
    }
}

void TestHeatmapData::fixtureDistances_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<std::vector<double>>("expected"); // row-major by node OS index
    // Written down from `lstopo-no-graphics -i FILE --distances -p` (hwloc 2.9.0), the NUMALatency matrix.
    QTest::newRow("96em64t-4n4d3ca2co-pci.xml")
        << QStringLiteral(NUMASIGHT_FIXTURES "/hwloc/96em64t-4n4d3ca2co-pci.xml")
        << std::vector<double>{10, 26, 26, 26, 26, 10, 26, 26, 26, 26, 10, 26, 26, 26, 26, 10};
    QTest::newRow("fakeheterodistances.xml")
        << QStringLiteral(NUMASIGHT_FIXTURES "/hwloc/fakeheterodistances.xml")
        << std::vector<double>{10, 16, 16, 22, 16, 22, 16, 22, 16, 10, 22, 16, 16, 22, 22, 16,
                               16, 22, 10, 16, 16, 16, 16, 16, 22, 16, 16, 10, 16, 16, 22, 22,
                               16, 16, 16, 16, 10, 16, 16, 22, 22, 22, 16, 16, 16, 10, 22, 16,
                               16, 22, 16, 22, 16, 22, 10, 16, 22, 16, 16, 22, 22, 16, 16, 10};
    QTest::newRow("power8gpudistances.xml")
        << QStringLiteral(NUMASIGHT_FIXTURES "/hwloc/power8gpudistances.xml")
        << std::vector<double>{10, 40, 40, 10};
    // The witty fixture's distance_to_all_numa, node by node (written down from graph.json).
    QTest::newRow("witty graph.json")
        << QStringLiteral(NUMASIGHT_FIXTURES "/witty-profiler/graph.json")
        << std::vector<double>{10, 11, 24, 25, 24, 25, 24, 25, 11, 10, 25, 32, 25, 32, 25, 32,
                               24, 25, 10, 11, 24, 25, 24, 25, 25, 32, 11, 10, 25, 32, 25, 32,
                               24, 25, 24, 25, 10, 11, 24, 25, 25, 32, 25, 32, 11, 10, 25, 32,
                               24, 25, 24, 25, 24, 25, 10, 11, 25, 32, 25, 32, 25, 32, 11, 10};
}

void TestHeatmapData::fixtureDistances()
{
    QFETCH(QString, file);
    QFETCH(std::vector<double>, expected);
    const auto loaded =
        file.endsWith(QLatin1String(".json")) ? readWittyJsonFile(file) : readHwlocXmlFile(file);
    QVERIFY2(loaded.ok(), loaded.ok() ? "" : qPrintable(loaded.error().toString()));
    const Snapshot& s = *loaded.value()->snapshots.front();
    const auto choice = defaultMatrix(s, MatrixKind::Distance);
    QVERIFY(choice);
    const auto m = matrixHeatmap(s, *choice, MatrixOrder::ByDistance);
    QVERIFY(m);
    QCOMPARE(m->kind, MatrixKind::Distance);
    QCOMPARE(m->unit, QStringLiteral("relative"));
    QVERIFY2(same(m->values, expected), qPrintable(show(m->values)));
    for (int i = 0; i < m->size(); ++i)
        QCOMPARE(m->objects[size_t(i)].osIndex, i);
    // The display order is a permutation that shows the same cells.
    std::vector<int> sorted = m->order;
    std::sort(sorted.begin(), sorted.end());
    std::vector<int> all(size_t(m->size()));
    std::iota(all.begin(), all.end(), 0);
    QCOMPARE(sorted, all);
    for (int r = 0; r < m->size(); ++r)
        for (int c = 0; c < m->size(); ++c)
            QCOMPARE(m->displayed(r, c), m->at(m->order[size_t(r)], m->order[size_t(c)]));
}

void TestHeatmapData::memoryAttributes()
{
    const auto loaded =
        readHwlocXmlFile(QStringLiteral(NUMASIGHT_FIXTURES "/hwloc/8intel64-4n2t-memattrs.xml"));
    QVERIFY(loaded.ok());
    const Snapshot& s = *loaded.value()->snapshots.front();
    // From the file (lstopo-no-graphics -i FILE --memattrs): "foobar" from cpuset 0x3 (node 0's CPUs) to
    // nodes 0-3 is 10, 20, 30, 40; to node 3 also from Group0 L#2 and from NUMANode L#2, both node 2's CPUs
    // (the first listed, 23456, is kept); from 0x11, 0x12 and one PU: no node's CPUs, left out.
    const auto foobar = memoryAttributeHeatmap(s, u"foobar");
    QVERIFY2(same(foobar->values, std::vector<double>{10, 20, 30, 40, kNaN, kNaN, kNaN, kNaN, kNaN, kNaN,
                                                      kNaN, 23456, kNaN, kNaN, kNaN, kNaN}),
             qPrintable(show(foobar->values)));
    // "Bandwidth" 20 to node 1 from the whole machine: every node's row takes it.
    const auto bw = memoryAttributeHeatmap(s, u"Bandwidth");
    QCOMPARE(bw->kind, MatrixKind::Bandwidth);
    QCOMPARE(bw->unit, QStringLiteral("MiB/s"));
    QVERIFY2(same(bw->values, std::vector<double>{kNaN, 20, kNaN, kNaN, kNaN, 20, kNaN, kNaN, kNaN, 20, kNaN,
                                                  kNaN, kNaN, 20, kNaN, kNaN}),
             qPrintable(show(bw->values)));
    // The menu lists both, and bandwidth defaults to the attribute when nothing better is there.
    QStringList labels;
    for (const MatrixChoice& c : availableMatrices(s))
        labels << c.label;
    QVERIFY(labels.contains(QStringLiteral("foobar (hwloc memory attribute)")));
    const auto choice = defaultMatrix(s, MatrixKind::Bandwidth);
    QVERIFY(choice);
    QCOMPARE(choice->attribute, QStringLiteral("Bandwidth"));
}

// hwloc files also carry matrices between packages, cores or PUs; the default of each kind is the one between
// NUMA nodes whenever there is one (16amd64-4distances.xml: SLIT between nodes, latencies between PUs).
void TestHeatmapData::defaultMatrixIsBetweenNodes_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("kind");
    QTest::newRow("4distances, distance") << "16amd64-4distances.xml" << int(MatrixKind::Distance);
    QTest::newRow("4distances, latency") << "16amd64-4distances.xml" << int(MatrixKind::Latency);
    QTest::newRow("power8 GPU distances, distance") << "power8gpudistances.xml" << int(MatrixKind::Distance);
}

void TestHeatmapData::defaultMatrixIsBetweenNodes()
{
    QFETCH(QString, file);
    QFETCH(int, kind);
    const auto loaded = readHwlocXmlFile(QStringLiteral(NUMASIGHT_FIXTURES "/hwloc/") + file);
    QVERIFY(loaded.ok());
    const Snapshot& s = *loaded.value()->snapshots.front();
    const auto choice = defaultMatrix(s, MatrixKind(kind));
    if (!choice)
        return; // nothing of that kind at all is fine; a matrix between PUs is not
    if (choice->distanceIndex >= 0)
        for (EntityId id : s.distances()[size_t(choice->distanceIndex)].objects)
            QCOMPARE(s.entity(id).kind, EntityKind::NumaNode);
}

void TestHeatmapData::orderKeepsClustersTogether_data()
{
    QTest::addColumn<int>("sockets");
    QTest::addColumn<int>("perSocket");
    QTest::addColumn<bool>("bandwidth");
    QTest::newRow("36 nodes: 4 sockets x 9") << 4 << 9 << false;
    QTest::newRow("64 nodes: 8 sockets x 8") << 8 << 8 << false;
    QTest::newRow("48 nodes as bandwidth") << 6 << 8 << true;
}

void TestHeatmapData::orderKeepsClustersTogether()
{
    QFETCH(int, sockets);
    QFETCH(int, perSocket);
    QFETCH(bool, bandwidth);
    // Sockets of nodes (12 inside a socket, 32 between, 10 local; bandwidths 100 / 50 / 20), with the nodes'
    // numbers shuffled so that the natural order interleaves the sockets.
    const int n = sockets * perSocket;
    std::vector<int> socketOf(static_cast<size_t>(n));
    for (int i = 0; i < n; ++i)
        socketOf[size_t(i)] = i / perSocket;
    std::mt19937 rng(42);
    std::shuffle(socketOf.begin(), socketOf.end(), rng);
    std::vector<double> m(size_t(n) * size_t(n));
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            const bool local = i == j, sameSocket = socketOf[size_t(i)] == socketOf[size_t(j)];
            m[size_t(i) * size_t(n) + size_t(j)] = bandwidth ? (local        ? 100
                                                                : sameSocket ? 50
                                                                             : 20)
                                                             : (local        ? 10
                                                                : sameSocket ? 12
                                                                             : 32);
        }
    const std::vector<int> order = orderByDistance(m, n, bandwidth);
    QCOMPARE(int(order.size()), n);
    QCOMPARE(int(std::set<int>(order.begin(), order.end()).size()), n);
    // Each socket is one contiguous block: the socket changes exactly sockets - 1 times along the order.
    int changes = 0;
    for (int k = 1; k < n; ++k)
        changes += socketOf[size_t(order[size_t(k)])] != socketOf[size_t(order[size_t(k - 1)])];
    QCOMPARE(changes, sockets - 1);
}

void TestHeatmapData::orderOfRealMachine()
{
    // The 24-node Xeon: nodes come in pairs at distance 50, pairs in groups at 65, the rest at 79. Ordered
    // by distance, every node sits next to its pair.
    const auto loaded = readHwlocXmlFile(QStringLiteral(NUMASIGHT_FIXTURES "/hwloc/192em64t-24n8c2t.xml"));
    QVERIFY(loaded.ok());
    const Snapshot& s = *loaded.value()->snapshots.front();
    const auto m = matrixHeatmap(s, *defaultMatrix(s, MatrixKind::Distance), MatrixOrder::ByDistance);
    QCOMPARE(m->size(), 24);
    std::vector<int> position(24);
    for (int k = 0; k < 24; ++k)
        position[size_t(m->order[size_t(k)])] = k;
    for (int i = 0; i < 24; ++i)
        for (int j = 0; j < 24; ++j)
            if (m->at(i, j) == 50)
                QVERIFY2(std::abs(position[size_t(i)] - position[size_t(j)]) == 1,
                         qPrintable(QStringLiteral("nodes %1 and %2 are apart").arg(i).arg(j)));
    // The natural order is kept when asked.
    const auto natural = matrixHeatmap(s, *defaultMatrix(s, MatrixKind::Distance), MatrixOrder::Natural);
    for (int k = 0; k < 24; ++k)
        QCOMPARE(natural->order[size_t(k)], k);
}

// Near nodes together still reads from the lowest node: node0 before node1 even when node1 is a little
// nearer to the next block (the witty machine: node0 24 from nodes 2, 4 and 6, node1 25).
void TestHeatmapData::nearNodesInOsOrder_data()
{
    QTest::addColumn<QList<double>>("matrix");
    QTest::addColumn<QList<int>>("order");
    // node0 is nearer to the pair {2, 3} than node1 is: joining at the nearest ends would put node1 first.
    QTest::newRow("node0 nearer to the next pair")
        << QList<double>{10, 11, 20, 20, 11, 10, 30, 30, 20, 30, 10, 11, 20, 30, 11, 10}
        << QList<int>{0, 1, 2, 3};
    QTest::newRow("no structure keeps the natural order")
        << QList<double>{10, 20, 20, 20, 10, 20, 20, 20, 10} << QList<int>{0, 1, 2};
    QTest::newRow("interleaved pairs")
        << QList<double>{10, 30, 11, 30, 30, 10, 30, 11, 11, 30, 10, 30, 30, 11, 30, 10}
        << QList<int>{0, 2, 1, 3};
}

void TestHeatmapData::nearNodesInOsOrder()
{
    QFETCH(QList<double>, matrix);
    QFETCH(QList<int>, order);
    const int n = order.size();
    const std::vector<double> m(matrix.begin(), matrix.end());
    const std::vector<int> got = orderByDistance(m, n);
    QCOMPARE(QList<int>(got.begin(), got.end()), order);
}

QTEST_GUILESS_MAIN(TestHeatmapData)
#include "tst_heatmap_data.moc"
