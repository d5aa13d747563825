// SPDX-License-Identifier: GPL-3.0-or-later
// witty-compatible NUMA metrics: recomputed from the real witty-profiler round in the fixtures and compared
// with what witty stored, plus numasight's own locality measures on hand-made inputs.
#include "analysis/witty_metrics.h"
#include "readers/witty_json_reader.h"

#include <QTest>

#include <cmath>
#include <set>

using namespace numasight;

Q_DECLARE_METATYPE(std::vector<double>)
Q_DECLARE_METATYPE(std::vector<std::uint64_t>)

namespace {

bool closeRel(double a, double b, double rel = 1e-9)
{
    if (a == b)
        return true;
    return std::abs(a - b) <= rel * std::max(std::abs(a), std::abs(b));
}

QString show(std::span<const double> v)
{
    QStringList parts;
    for (double x : v)
        parts << QString::number(x, 'g', 17);
    return parts.join(QLatin1Char(' '));
}

// Processes of the fixture whose every thread appears in the graph with its numa_index_to_cpu_runtime.
// witty lists only some threads of the big vLLM workers, so their cpu_runtime_pct_in_each_numa (summed
// over all threads by its eBPF map) cannot be rebuilt from the graph alone.
const std::set<std::int64_t> kCompleteProcesses{1893666, 1893833, 1894499, 1894856, 3821705, 6808, 6928};

} // namespace

class TestWittyMetrics : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void fixtureSimilarity_data();
    void fixtureSimilarity();
    void fixtureCpuRuntime_data();
    void fixtureCpuRuntime();
    void fixtureLocality();
    void measures_data();
    void measures();
    void cpuTimeByNode();
    void memPages();
    void malformedPayload_data();
    void malformedPayload();

private:
    CapturePtr m_capture;
    int m_nodes = 0;
};

void TestWittyMetrics::initTestCase()
{
    auto loaded = readWittyJsonFile(QStringLiteral(NUMASIGHT_FIXTURES "/witty-profiler/graph.json"));
    QVERIFY2(loaded.ok(), loaded.ok() ? "" : qPrintable(loaded.error().toString()));
    m_capture = loaded.value();
    m_nodes = m_capture->snapshots.front()->countOf(EntityKind::NumaNode);
    QCOMPARE(m_nodes, 8);
}

void TestWittyMetrics::fixtureSimilarity_data()
{
    QTest::addColumn<int>("edge");
    const Snapshot& s = *m_capture->snapshots.front();
    int rows = 0;
    for (size_t i = 0; i < s.edges().size(); ++i) {
        const Edge& e = s.edges()[i];
        if (e.kind != EdgeKind::NumaAccess)
            continue;
        const Entity& p = s.entity(e.source);
        QTest::addRow("pid %lld %s", qlonglong(p.pid), qPrintable(p.name)) << int(i);
        ++rows;
    }
    QCOMPARE(rows, 12); // one NumaAccessEdge per process, as the format note counts
}

void TestWittyMetrics::fixtureSimilarity()
{
    QFETCH(int, edge);
    const Snapshot& s = *m_capture->snapshots.front();
    const Edge& e = s.edge(EdgeId(edge));
    QString error;
    const auto stored = readNumaAffinityInfo(e.payload.text(), &error);
    QVERIFY2(stored, qPrintable(error));
    QCOMPARE(int(stored->cpuRuntimePct.size()), m_nodes);

    // witty's "cosine similarity" from its own stored inputs.
    const double similarity =
        wittyAccessSimilarity(stored->cpuRuntimePct, stored->memPages, stored->totalDirtyAnonPages);
    QVERIFY2(closeRel(similarity, stored->similarity), qPrintable(QStringLiteral("recomputed %1, stored %2")
                                                                      .arg(similarity, 0, 'g', 17)
                                                                      .arg(stored->similarity, 0, 'g', 17)));

    // mem_pages_in_each_numa is dirty_anon_pages per node, and the total is their sum.
    const auto dirty = readDirtyAnonPages(e.payload.text(), m_nodes, &error);
    QVERIFY2(dirty, qPrintable(error));
    std::vector<NodePages> pages;
    for (int n = 0; n < m_nodes; ++n)
        if ((*dirty)[size_t(n)] > 0)
            pages.push_back(NodePages{n, 0, 0, (*dirty)[size_t(n)], 0, 0, 0});
    const std::vector<std::uint64_t> memPages = memPagesInEachNuma(pages, m_nodes);
    QCOMPARE(memPages, stored->memPages);

    // The whole affinity record from CPU shares (any scale works: the shares are scale-free).
    const WittyNumaAffinity rebuilt = wittyNumaAffinity(stored->cpuRuntimePct, memPages);
    QCOMPARE(rebuilt.totalDirtyAnonPages, stored->totalDirtyAnonPages);
    if (stored->totalDirtyAnonPages == 0)
        QCOMPARE(rebuilt.similarity, 0.0);
}

void TestWittyMetrics::fixtureCpuRuntime_data()
{
    QTest::addColumn<int>("process");
    QTest::addColumn<bool>("complete");
    const Snapshot& s = *m_capture->snapshots.front();
    for (EntityId id : s.ofKind(EntityKind::Process)) {
        const Entity& p = s.entity(id);
        QTest::addRow("pid %lld %s", qlonglong(p.pid), qPrintable(p.name))
            << id.value << kCompleteProcesses.contains(p.pid);
    }
}

void TestWittyMetrics::fixtureCpuRuntime()
{
    QFETCH(int, process);
    QFETCH(bool, complete);
    const Snapshot& s = *m_capture->snapshots.front();
    const EntityId pid(process);

    // On-CPU ns per node of every thread the graph lists for the process.
    std::vector<double> perNode(size_t(m_nodes), 0.0);
    int threadsWithTime = 0;
    for (EntityId t : s.threadsOf(pid)) {
        for (EdgeId eid : s.outEdges(t)) {
            const Edge& e = s.edge(eid);
            if (e.kind != EdgeKind::AccessWithProcStatus)
                continue;
            QString error;
            const auto ns = readNumaIndexToCpuRuntime(e.payload.text(), m_nodes, &error);
            QVERIFY2(ns, qPrintable(error));
            for (int n = 0; n < m_nodes; ++n)
                perNode[size_t(n)] += (*ns)[size_t(n)];
            ++threadsWithTime;
        }
    }
    QCOMPARE(threadsWithTime, int(s.threadsOf(pid).size()));

    std::optional<WittyNumaAffinity> stored;
    for (EdgeId eid : s.outEdges(pid)) {
        const Edge& e = s.edge(eid);
        if (e.kind == EdgeKind::NumaAccess) {
            QString error;
            stored = readNumaAffinityInfo(e.payload.text(), &error);
            QVERIFY2(stored, qPrintable(error));
        }
    }
    QVERIFY(stored);
    const std::vector<double> pct = cpuRuntimePctInEachNuma(perNode);
    bool same = true;
    for (int n = 0; n < m_nodes; ++n)
        same = same && (closeRel(pct[size_t(n)], stored->cpuRuntimePct[size_t(n)]) ||
                        std::abs(pct[size_t(n)] - stored->cpuRuntimePct[size_t(n)]) < 1e-15);
    const QString both =
        QStringLiteral("from threads: %1\nstored:       %2").arg(show(pct), show(stored->cpuRuntimePct));
    if (complete) {
        QVERIFY2(same, qPrintable(both));
    } else {
        // The graph omits threads of this process: the shares differ, but every node where a listed
        // thread ran must have a share in witty's figure, since its sum covers those threads too.
        QVERIFY2(!same,
                 qPrintable(QStringLiteral("expected the listed threads not to cover the process\n") + both));
        for (int n = 0; n < m_nodes; ++n)
            if (perNode[size_t(n)] > 0)
                QVERIFY2(stored->cpuRuntimePct[size_t(n)] > 0, qPrintable(both));
    }
}

void TestWittyMetrics::fixtureLocality()
{
    // The distance-weighted figure on the real box: it must agree with witty's on the extremes and stay
    // within the SLIT range in between.
    const Snapshot& s = *m_capture->snapshots.front();
    const DistanceMatrix* m = s.numaDistances();
    QVERIFY(m);
    QCOMPARE(m->size(), m_nodes);
    std::vector<double> distances(m->values.begin(), m->values.end());
    int checked = 0;
    for (const Edge& e : s.edges()) {
        if (e.kind != EdgeKind::NumaAccess)
            continue;
        QString error;
        const auto stored = readNumaAffinityInfo(e.payload.text(), &error);
        QVERIFY2(stored, qPrintable(error));
        const auto d = expectedRelativeDistance(stored->cpuRuntimePct, stored->memPages, distances, m_nodes);
        double cpu = 0;
        for (double x : stored->cpuRuntimePct)
            cpu += x;
        if (cpu == 0 || stored->totalDirtyAnonPages == 0) {
            QVERIFY(!d);
            continue;
        }
        QVERIFY(d);
        QVERIFY2(*d >= 1.0 - 1e-12 && *d <= 2.5 + 1e-12, qPrintable(QString::number(*d)));
        // Under a third of local accesses by witty's measure means well over 1.1 by the distances.
        if (stored->similarity < 0.35)
            QVERIFY2(*d > 1.5, qPrintable(QString::number(*d)));
        if (stored->similarity > 0.9)
            QVERIFY2(*d < 1.1, qPrintable(QString::number(*d)));
        ++checked;
    }
    QCOMPARE(checked, 10); // two bash shells have no CPU time in the round
}

void TestWittyMetrics::measures_data()
{
    QTest::addColumn<std::vector<double>>("cpuNs");
    QTest::addColumn<std::vector<std::uint64_t>>("pages");
    QTest::addColumn<std::vector<double>>("distances");
    QTest::addColumn<double>("witty");
    QTest::addColumn<double>("cosine");
    QTest::addColumn<double>("distance"); // -1: none

    const std::vector<double> two{10, 21, 21, 10};
    // Four nodes: 0 and 1 share a package (11), 2 and 3 are across the machine (25).
    const std::vector<double> four{10, 11, 25, 25, 11, 10, 25, 25, 25, 25, 10, 11, 25, 25, 11, 10};
    const double almostOne = 100.0 / (100.0 + 1e-10);
    QTest::newRow("all local") << std::vector<double>{100, 0} << std::vector<std::uint64_t>{50, 0} << two
                               << almostOne << 1.0 << 1.0;
    QTest::newRow("all remote") << std::vector<double>{100, 0} << std::vector<std::uint64_t>{0, 50} << two
                                << 0.0 << 0.0 << 2.1;
    QTest::newRow("even spread") << std::vector<double>{1, 1} << std::vector<std::uint64_t>{7, 7} << two
                                 << 2.0 / (2.0 + 1e-10) * 0.5 << 1.0 << 1.55;
    QTest::newRow("idle process") << std::vector<double>{0, 0} << std::vector<std::uint64_t>{3, 4} << two
                                  << 0.0 << 0.0 << -1.0;
    QTest::newRow("no dirty pages") << std::vector<double>{5, 0} << std::vector<std::uint64_t>{0, 0} << two
                                    << 0.0 << 0.0 << -1.0;
    QTest::newRow("remote on the same package")
        << std::vector<double>{100, 0, 0, 0} << std::vector<std::uint64_t>{0, 9, 0, 0} << four << 0.0 << 0.0
        << 1.1;
    QTest::newRow("remote across the machine")
        << std::vector<double>{100, 0, 0, 0} << std::vector<std::uint64_t>{0, 0, 0, 9} << four << 0.0 << 0.0
        << 2.5;
    QTest::newRow("three quarters local") << std::vector<double>{3, 1} << std::vector<std::uint64_t>{3, 1}
                                          << two << (0.75 * 0.75 + 0.25 * 0.25) * 4.0 / (4.0 + 1e-10) << 1.0
                                          << (0.75 * 0.75 + 0.25 * 0.25) + 2 * 0.75 * 0.25 * 2.1;
    QTest::newRow("matrix misses a node")
        << std::vector<double>{1, 0, 0} << std::vector<std::uint64_t>{0, 0, 4} << two << 0.0 << 0.0 << -1.0;
}

void TestWittyMetrics::measures()
{
    QFETCH(std::vector<double>, cpuNs);
    QFETCH(std::vector<std::uint64_t>, pages);
    QFETCH(std::vector<double>, distances);
    QFETCH(double, witty);
    QFETCH(double, cosine);
    QFETCH(double, distance);
    const WittyNumaAffinity a = wittyNumaAffinity(cpuNs, pages);
    QCOMPARE(a.cpuRuntimePct.size(), std::max(cpuNs.size(), pages.size()));
    QVERIFY2(closeRel(a.similarity, witty, 1e-12) || std::abs(a.similarity - witty) < 1e-15,
             qPrintable(QStringLiteral("%1 vs %2").arg(a.similarity, 0, 'g', 17).arg(witty, 0, 'g', 17)));
    QVERIFY2(std::abs(cosineSimilarity(a.cpuRuntimePct, pages) - cosine) < 1e-9,
             qPrintable(QString::number(cosineSimilarity(a.cpuRuntimePct, pages))));
    const int nodes = int(std::lround(std::sqrt(double(distances.size()))));
    const auto d = expectedRelativeDistance(cpuNs, pages, distances, nodes);
    if (distance < 0) {
        QVERIFY(!d);
    } else {
        QVERIFY(d);
        QVERIFY2(std::abs(*d - distance) < 1e-9, qPrintable(QString::number(*d, 'g', 17)));
        // The same figure from the shares as from raw ns.
        const auto fromPct = expectedRelativeDistance(a.cpuRuntimePct, pages, distances, nodes);
        QVERIFY(fromPct && std::abs(*fromPct - *d) < 1e-9);
    }
}

void TestWittyMetrics::cpuTimeByNode()
{
    // Two nodes of 4 CPUs, CPU 9 unknown to either (ignored as witty ignores CPUs outside every cpulist).
    const std::vector<std::pair<int, CpuSet>> nodeCpus{{0, *CpuSet::fromRangeString(QStringView(u"0-3"))},
                                                       {1, *CpuSet::fromRangeString(QStringView(u"4-7"))}};
    const std::vector<int> map = cpuToNodeMap(nodeCpus);
    QCOMPARE(map, (std::vector<int>{0, 0, 0, 0, 1, 1, 1, 1}));

    std::vector<ThreadCpuSample> threads(3);
    threads[0].pid = 42;
    threads[0].tid = 42;
    threads[0].cpuNsByCpu = {{1, 300}, {5, 100}, {9, 1000}};
    threads[1].pid = 42;
    threads[1].tid = 43;
    threads[1].cpuNsByCpu = {{6, 600}};
    threads[2].pid = 77; // another process: not counted
    threads[2].tid = 77;
    threads[2].cpuNsByCpu = {{0, 5000}};
    const std::vector<double> perNode = processCpuTimeByNode(threads, 42, map, 2);
    QCOMPARE(perNode, (std::vector<double>{300, 700}));
    const std::vector<double> pct = cpuRuntimePctInEachNuma(perNode);
    QCOMPARE(pct[0], 300.0 / (1000.0 + 1e-10));
    QCOMPARE(pct[1], 700.0 / (1000.0 + 1e-10));
}

void TestWittyMetrics::memPages()
{
    // Sparse nodes and a node past nodeCount (the vector grows to hold it); only dirty anon counts.
    std::vector<NodePages> pages(2);
    pages[0].node = 1;
    pages[0].totalPages = 900;
    pages[0].dirtyAnonPages = 40;
    pages[1].node = 3;
    pages[1].totalPages = 10;
    pages[1].dirtyAnonPages = 2;
    QCOMPARE(memPagesInEachNuma(pages, 2), (std::vector<std::uint64_t>{0, 40, 0, 2}));
    QCOMPARE(memPagesInEachNuma({}, 3), (std::vector<std::uint64_t>{0, 0, 0}));
}

void TestWittyMetrics::malformedPayload_data()
{
    QTest::addColumn<QByteArray>("payload");
    QTest::addColumn<QString>("reader"); // affinity, dirty, runtime
    QTest::addColumn<QString>("error");

    QTest::newRow("not json") << QByteArray("{\"numa_access_info\": [") << "affinity"
                              << "offset";
    QTest::newRow("not an object") << QByteArray("[1,2]") << "affinity"
                                   << "expected a JSON object";
    QTest::newRow("no numa_access_info") << QByteArray("{}") << "affinity"
                                         << "numa_access_info: missing";
    QTest::newRow("affinity info not an object")
        << QByteArray(R"({"numa_access_info":{"numa_affinity_info":3}})") << "affinity"
        << "numa_access_info.numa_affinity_info: expected an object, got a number";
    QTest::newRow("shares not an array")
        << QByteArray(
               R"({"numa_access_info":{"numa_affinity_info":{"cpu_runtime_pct_in_each_numa":"0.5","mem_pages_in_each_numa":[],"total_dirty_anon_pages":0,"cpu_mem_access_cosine_similarity":0}}})")
        << "affinity"
        << "cpu_runtime_pct_in_each_numa: expected an array, got a string";
    QTest::newRow("negative pages")
        << QByteArray(
               R"({"numa_access_info":{"numa_affinity_info":{"cpu_runtime_pct_in_each_numa":[1],"mem_pages_in_each_numa":[-4],"total_dirty_anon_pages":0,"cpu_mem_access_cosine_similarity":0}}})")
        << "affinity"
        << "mem_pages_in_each_numa[0]: expected a count >= 0, got -4";
    QTest::newRow("fractional pages")
        << QByteArray(
               R"({"numa_access_info":{"numa_affinity_info":{"cpu_runtime_pct_in_each_numa":[1],"mem_pages_in_each_numa":[2.5],"total_dirty_anon_pages":0,"cpu_mem_access_cosine_similarity":0}}})")
        << "affinity"
        << "mem_pages_in_each_numa[0]: expected a whole number of pages";
    QTest::newRow("lengths differ")
        << QByteArray(
               R"({"numa_access_info":{"numa_affinity_info":{"cpu_runtime_pct_in_each_numa":[1,0],"mem_pages_in_each_numa":[2],"total_dirty_anon_pages":2,"cpu_mem_access_cosine_similarity":0}}})")
        << "affinity"
        << "2 CPU shares but 1 page counts";
    QTest::newRow("no total")
        << QByteArray(
               R"({"numa_access_info":{"numa_affinity_info":{"cpu_runtime_pct_in_each_numa":[1],"mem_pages_in_each_numa":[2],"cpu_mem_access_cosine_similarity":0}}})")
        << "affinity"
        << "numa_affinity_info.total_dirty_anon_pages: missing";
    QTest::newRow("similarity null")
        << QByteArray(
               R"({"numa_access_info":{"numa_affinity_info":{"cpu_runtime_pct_in_each_numa":[1],"mem_pages_in_each_numa":[2],"total_dirty_anon_pages":2,"cpu_mem_access_cosine_similarity":null}}})")
        << "affinity"
        << "cpu_mem_access_cosine_similarity: expected a number, got null";
    QTest::newRow("page key not a node")
        << QByteArray(R"({"numa_access_info":{"dirty_anon_pages":{"x":1}}})") << "dirty"
        << "dirty_anon_pages[\"x\"]: the key is not a NUMA node number";
    QTest::newRow("page node out of range")
        << QByteArray(R"({"numa_access_info":{"dirty_anon_pages":{"8":1}}})") << "dirty"
        << "node 8 is outside the 8 nodes";
    QTest::newRow("runtime missing") << QByteArray(R"({"proc_status":{}})") << "runtime"
                                     << "proc_status.numa_index_to_cpu_runtime: missing";
    QTest::newRow("runtime not a number")
        << QByteArray(R"({"proc_status":{"numa_index_to_cpu_runtime":{"1":"12"}}})") << "runtime"
        << "numa_index_to_cpu_runtime[\"1\"]: expected a number, got a string";
    QTest::newRow("process runtime not an object")
        << QByteArray(R"({"numa_access_info":{"proc_status":[]}})") << "runtime"
        << "numa_access_info.proc_status: expected an object, got an array";
}

void TestWittyMetrics::malformedPayload()
{
    QFETCH(QByteArray, payload);
    QFETCH(QString, reader);
    QFETCH(QString, error);
    QString message;
    bool failed = false;
    if (reader == QLatin1String("affinity"))
        failed = !readNumaAffinityInfo(payload, &message);
    else if (reader == QLatin1String("dirty"))
        failed = !readDirtyAnonPages(payload, 8, &message);
    else
        failed = !readNumaIndexToCpuRuntime(payload, 8, &message);
    QVERIFY(failed);
    QVERIFY2(message.contains(error), qPrintable(message));
}

QTEST_GUILESS_MAIN(TestWittyMetrics)
#include "tst_witty_metrics.moc"
