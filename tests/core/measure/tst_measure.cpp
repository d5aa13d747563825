// SPDX-License-Identifier: GPL-3.0-or-later
// The latency/bandwidth prober: plans checked on synthetic and fixture topologies (which pairs, which CPUs,
// which buffer), and real measurements on this machine.
#include "capture/capture_reader.h"
#include "capture/capture_writer.h"
#include "measure/measurement.h"
#include "measure/memory_probe.h"
#include "readers/hwloc_reader.h"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <limits>
#include <mutex>
#include <thread>

using namespace numasight;

namespace {

SnapshotPtr synthetic(const QString& description)
{
    auto r = readHwlocSynthetic(description);
    return r.ok() ? r.value()->snapshots.front() : nullptr;
}

SnapshotPtr fixture(const QString& name)
{
    auto r = readHwlocXmlFile(QStringLiteral(NUMASIGHT_FIXTURES "/hwloc/") + name);
    return r.ok() ? r.value()->snapshots.front() : nullptr;
}

// "cpu>memory@latencyCpu/bandwidthCpus" per pair, in plan order: the whole plan in one comparable string.
QString describe(const MeasurementPlan& plan)
{
    QStringList out;
    for (const MeasurementPair& p : plan.pairs) {
        QStringList readers;
        for (int c : p.bandwidthCpus)
            readers << QString::number(c);
        out << QStringLiteral("%1>%2@%3/%4")
                   .arg(p.cpuNode)
                   .arg(p.memoryNode)
                   .arg(p.latencyCpu)
                   .arg(readers.join(u','));
    }
    return out.join(QLatin1Char(' '));
}

QString list(const std::vector<int>& v)
{
    QStringList out;
    for (int x : v)
        out << QString::number(x);
    return out.join(QLatin1Char(','));
}

// `pattern` with '*' standing for any text.
bool matches(const QString& text, const QString& pattern)
{
    const QStringList parts = pattern.split(QLatin1Char('*'));
    qsizetype at = 0;
    for (qsizetype i = 0; i < parts.size(); ++i) {
        const qsizetype found = text.indexOf(parts[i], at);
        if (found < 0 || (i == 0 && found != 0))
            return false;
        at = found + parts[i].size();
    }
    return at == text.size();
}

} // namespace

Q_DECLARE_METATYPE(MeasurePairs)

class TestMeasure : public QObject
{
    Q_OBJECT
private slots:
    void plan_data();
    void plan();
    void buffer_data();
    void buffer();
    void planErrors_data();
    void planErrors();
    void byteSizes_data();
    void byteSizes();
    void measureThisMachine();
    void measurementIsKeptInCapture();
    void runErrors_data();
    void runErrors();
    void cancel();
    void chaseStops();

private:
    void requireBinding();
};

void TestMeasure::plan_data()
{
    QTest::addColumn<QString>("source"); // synthetic description, or a fixture file name ending in .xml
    QTest::addColumn<MeasurePairs>("pairs");
    QTest::addColumn<int>("threads");
    QTest::addColumn<QString>("cpuNodes");
    QTest::addColumn<QString>("memoryOnly");
    QTest::addColumn<QString>("expected");

    // Two packages of 4 cores × 2 PUs, PUs numbered 0-7 and 8-15: latency on the node's first PU, bandwidth
    // on the first PU of each core, never on both hyper-threads of a core.
    QTest::newRow("pack:2 all") << QStringLiteral("pack:2 [numa] core:4 pu:2") << MeasurePairs::All << 0
                                << QStringLiteral("0,1") << QString()
                                << QStringLiteral(
                                       "0>0@0/0,2,4,6 1>0@8/8,10,12,14 0>1@0/0,2,4,6 1>1@8/8,10,12,14");
    QTest::newRow("pack:2 local") << QStringLiteral("pack:2 [numa] core:4 pu:2") << MeasurePairs::Local << 0
                                  << QStringLiteral("0,1") << QString()
                                  << QStringLiteral("0>0@0/0,2,4,6 1>1@8/8,10,12,14");
    QTest::newRow("pack:2 two threads")
        << QStringLiteral("pack:2 [numa] core:4 pu:2") << MeasurePairs::Local << 2 << QStringLiteral("0,1")
        << QString() << QStringLiteral("0>0@0/0,2 1>1@8/8,10");
    QTest::newRow("pack:4 single-threaded cores")
        << QStringLiteral("pack:4 [numa] core:2 pu:1") << MeasurePairs::Local << 0
        << QStringLiteral("0,1,2,3") << QString()
        << QStringLiteral("0>0@0/0,1 1>1@2/2,3 2>2@4/4,5 3>3@6/6,7");
    // KNL in SNC-4 hybrid mode: DRAM nodes 0-3 own the CPUs, MCDRAM nodes 4-7 sit beside them (hwloc gives
    // MCDRAM node 7 the CPUs of node 0, 4 those of 1, 5 of 2, 6 of 3: lstopo-no-graphics -i FILE --only numa
    // -c). Local pairs measure each MCDRAM node from the DRAM node it is attached to.
    QTest::newRow("KNL local") << QStringLiteral("64intel64-fakeKNL-SNC4-hybrid.xml") << MeasurePairs::Local
                               << 1 << QStringLiteral("0,1,2,3") << QStringLiteral("4,5,6,7")
                               << QStringLiteral(
                                      "0>0@0/0 1>1@4/4 2>2@8/8 3>3@12/12 1>4@4/4 2>5@8/8 3>6@12/12 "
                                      "0>7@0/0");
}

void TestMeasure::plan()
{
    QFETCH(QString, source);
    QFETCH(MeasurePairs, pairs);
    QFETCH(int, threads);
    QFETCH(QString, cpuNodes);
    QFETCH(QString, memoryOnly);
    QFETCH(QString, expected);
    const auto topology = source.endsWith(QLatin1String(".xml")) ? fixture(source) : synthetic(source);
    QVERIFY(topology);
    MeasureOptions options;
    options.pairs = pairs;
    options.bandwidthThreads = threads;
    const auto plan = planMeasurement(topology, options);
    QVERIFY2(plan.ok(), plan.ok() ? "" : qPrintable(plan.error().toString()));
    QCOMPARE(list(plan->cpuNodes), cpuNodes);
    QCOMPARE(list(plan->memoryOnlyNodes), memoryOnly);
    QCOMPARE(describe(*plan), expected);
    QCOMPARE(plan->nodes.size(), topology->numaNodes().size());
}

void TestMeasure::buffer_data()
{
    QTest::addColumn<QString>("description");
    QTest::addColumn<qulonglong>("asked");
    QTest::addColumn<qulonglong>("bytes");
    QTest::addColumn<QString>("reason");

    const qulonglong MiB = 1024 * 1024;
    QTest::newRow("8 x a 64 MiB L3") << QStringLiteral(
                                            "pack:2 [numa(memory=4GiB)] l3:1(size=64MiB) core:4 pu:2")
                                     << 0ull << 512 * MiB << QStringLiteral("8 × the 64 MiB L3 cache");
    QTest::newRow("minimum above 8 x L3")
        << QStringLiteral("pack:2 [numa(memory=4GiB)] l3:1(size=16MiB) core:4 pu:2") << 0ull << 256 * MiB
        << QStringLiteral("the 256 MiB minimum (8 × the 16 MiB L3 cache is less)");
    QTest::newRow("no cache") << QStringLiteral("pack:2 [numa(memory=4GiB)] core:4 pu:2") << 0ull << 256 * MiB
                              << QStringLiteral("the 256 MiB minimum (the topology lists no cache)");
    QTest::newRow("asked, rounded to 2 MiB")
        << QStringLiteral("pack:2 [numa(memory=4GiB)] l3:1(size=16MiB) core:4 pu:2") << 65 * MiB << 66 * MiB
        << QStringLiteral("as asked");
}

void TestMeasure::buffer()
{
    QFETCH(QString, description);
    QFETCH(qulonglong, asked);
    QFETCH(qulonglong, bytes);
    QFETCH(QString, reason);
    MeasureOptions options;
    options.bufferBytes = asked;
    const auto plan = planMeasurement(synthetic(description), options);
    QVERIFY2(plan.ok(), plan.ok() ? "" : qPrintable(plan.error().toString()));
    QCOMPARE(qulonglong(plan->bufferBytes), bytes);
    QCOMPARE(plan->bufferReason, reason);
    // A buffer under 4 × the L3 is allowed (tests, small machines) but said.
    const bool small = asked > 0 && plan->largestLlcBytes > 0 && bytes < 4 * plan->largestLlcBytes;
    QCOMPARE(plan->notes.join(u'\n').contains(QLatin1String("cache hits")), small);
}

void TestMeasure::planErrors_data()
{
    QTest::addColumn<QString>("description");
    QTest::addColumn<bool>("latency");
    QTest::addColumn<bool>("bandwidth");
    QTest::addColumn<int>("repeats");
    QTest::addColumn<QString>("error");
    QTest::newRow("nothing asked") << QStringLiteral("pack:2 [numa] core:4 pu:2") << false << false << 3
                                   << QStringLiteral(
                                          "measure: nothing to measure: ask for latency, bandwidth or both");
    QTest::newRow("no repeats") << QStringLiteral("pack:2 [numa] core:4 pu:2") << true << true << 0
                                << QStringLiteral("measure: repeats must be between 1 and 1000, not 0");
    QTest::newRow("buffer too big for the node")
        << QStringLiteral("pack:2 [numa(memory=512MiB)] l3:1(size=64MiB) core:4 pu:2") << true << true << 3
        << QStringLiteral(
               "measure: node 0 has 512 MiB of memory; a 512 MiB buffer would take more than half of "
               "it: measure with a smaller --size");
}

void TestMeasure::planErrors()
{
    QFETCH(QString, description);
    QFETCH(bool, latency);
    QFETCH(bool, bandwidth);
    QFETCH(int, repeats);
    QFETCH(QString, error);
    MeasureOptions options;
    options.latency = latency;
    options.bandwidth = bandwidth;
    options.repeats = repeats;
    const auto plan = planMeasurement(synthetic(description), options);
    QVERIFY(!plan.ok());
    QCOMPARE(plan.error().toString(), error);
}

void TestMeasure::byteSizes_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<qulonglong>("bytes"); // 0: refused
    QTest::newRow("512M") << QStringLiteral("512M") << 512ull * 1024 * 1024;
    QTest::newRow("2G") << QStringLiteral("2G") << 2ull * 1024 * 1024 * 1024;
    QTest::newRow("1.5g") << QStringLiteral("1.5g") << 1536ull * 1024 * 1024;
    QTest::newRow("300MiB") << QStringLiteral("300MiB") << 300ull * 1024 * 1024;
    QTest::newRow("64 MB") << QStringLiteral("64 MB") << 64ull * 1024 * 1024;
    QTest::newRow("bytes") << QStringLiteral("4096") << 4096ull;
    QTest::newRow("empty") << QString() << 0ull;
    QTest::newRow("negative") << QStringLiteral("-5M") << 0ull;
    QTest::newRow("word") << QStringLiteral("big") << 0ull;
    QTest::newRow("unit only") << QStringLiteral("M") << 0ull;
}

void TestMeasure::byteSizes()
{
    QFETCH(QString, text);
    QFETCH(qulonglong, bytes);
    const auto parsed = parseByteSize(text);
    QCOMPARE(parsed.has_value(), bytes > 0);
    if (parsed)
        QCOMPARE(qulonglong(*parsed), bytes);
}

void TestMeasure::requireBinding()
{
    auto hw = probe::LocalHwloc::load();
    if (!hw.ok())
        QSKIP(qPrintable(hw.error().message));
    hwloc_const_cpuset_t allowed = hwloc_topology_get_allowed_cpuset(hw.value()->get());
    const int cpu = hwloc_bitmap_first(allowed);
    std::optional<QString> refused;
    std::thread t([&] { refused = probe::bindThisThread(*hw.value(), cpu); });
    t.join();
    if (refused)
        QSKIP(qPrintable(QStringLiteral("this process cannot bind threads: %1").arg(*refused)));
}

void TestMeasure::measureThisMachine()
{
    requireBinding();
    auto local = readLocalTopology();
    QVERIFY2(local.ok(), local.ok() ? "" : qPrintable(local.error().toString()));
    const auto topology = local.value()->snapshots.front();
    // A small buffer fits any machine's nodes. The figures it gives are not checked here: they depend on
    // the machine and on what else runs (bench_measure compares them with a reference chase).
    MeasureOptions options;
    options.repeats = 3;
    options.pairs = MeasurePairs::Local;
    options.bufferBytes = 16 * kMiB;
    const auto plan = planMeasurement(topology, options);
    QVERIFY2(plan.ok(), plan.ok() ? "" : qPrintable(plan.error().toString()));

    const auto r = runMeasurement(*plan);
    QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().toString()));
    QCOMPARE(r->pairs.size(), plan->pairs.size());
    std::vector<int> memoryNodes;
    for (size_t i = 0; i < r->pairs.size(); ++i) {
        const PairMeasurement& p = r->pairs[i];
        const MeasurementPair& planned = plan->pairs[i];
        QStringList lat, bw;
        for (double x : p.latencyRuns)
            lat << QString::number(x, 'f', 1);
        for (double x : p.bandwidthRuns)
            bw << QString::number(x, 'f', 2);
        qInfo("node %d -> node %d: %.1f ns/load on CPU %d (runs %s), %.2f GB/s with %d thread(s) (runs %s)",
              p.cpuNode, p.memoryNode, p.latencyNs, p.latencyCpu, qPrintable(lat.join(u' ')), p.bandwidthGBs,
              p.bandwidthThreads, qPrintable(bw.join(u' ')));
        QCOMPARE(p.cpuNode, planned.cpuNode);
        QCOMPARE(p.memoryNode, planned.memoryNode);
        QVERIFY(std::find(planned.latencyCpus.begin(), planned.latencyCpus.end(), p.latencyCpu) !=
                planned.latencyCpus.end());
        QCOMPARE(p.bandwidthThreads, int(planned.bandwidthCpus.size()));
        // Every repeat ran and gave a figure; the pair keeps the best of them.
        QCOMPARE(int(p.latencyRuns.size()), options.repeats);
        QCOMPARE(int(p.bandwidthRuns.size()), options.repeats);
        for (double x : p.latencyRuns)
            QVERIFY2(std::isfinite(x) && x > 0, qPrintable(QString::number(x)));
        for (double x : p.bandwidthRuns)
            QVERIFY2(std::isfinite(x) && x > 0, qPrintable(QString::number(x)));
        QCOMPARE(p.latencyNs, *std::min_element(p.latencyRuns.begin(), p.latencyRuns.end()));
        QCOMPARE(p.bandwidthGBs, *std::max_element(p.bandwidthRuns.begin(), p.bandwidthRuns.end()));
        if (std::find(memoryNodes.begin(), memoryNodes.end(), p.memoryNode) == memoryNodes.end())
            memoryNodes.push_back(p.memoryNode);
    }
    // One buffer per memory node, every page of it checked, and all were on their node (or the run would
    // have failed).
    QCOMPARE(r->buffers.size(), memoryNodes.size());
    for (size_t i = 0; i < r->buffers.size(); ++i) {
        QCOMPARE(r->buffers[i].node, memoryNodes[i]);
        QCOMPARE(r->buffers[i].bytes, plan->bufferBytes);
        QCOMPARE(r->buffers[i].pagesChecked, plan->bufferBytes / std::uint64_t(sysconf(_SC_PAGESIZE)));
    }
}

void TestMeasure::measurementIsKeptInCapture()
{
    requireBinding();
    auto local = readLocalTopology();
    QVERIFY(local.ok());
    MeasureOptions options;
    options.repeats = 1;
    options.bufferBytes = 16 * kMiB; // the numbers do not matter here, only that they are kept
    const auto plan = planMeasurement(local.value()->snapshots.front(), options);
    QVERIFY(plan.ok());
    auto r = runMeasurement(*plan);
    QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().toString()));
    QVERIFY(r->latency && r->bandwidth);

    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("measured.numasight"));
    QVERIFY(!writeCaptureFile(*r->capture, path));
    auto back = readCaptureFile(path);
    QVERIFY2(back.ok(), back.ok() ? "" : qPrintable(back.error().toString()));
    const Capture& c = *back.value();
    QCOMPARE(c.source.mode, QStringLiteral("measure"));
    QVERIFY(c.source.extra.contains(QStringLiteral("measure.latency_method")));
    QCOMPARE(c.snapshots.size(), size_t(1));
    const Snapshot& s = *c.snapshots.front();
    // The machine's topology beside the numbers.
    QCOMPARE(s.countOf(EntityKind::Pu), plan->topology->countOf(EntityKind::Pu));
    QCOMPARE(s.countOf(EntityKind::NumaNode), plan->topology->countOf(EntityKind::NumaNode));
    int found = 0;
    for (const DistanceMatrix& m : s.distances()) {
        const DistanceMatrix* original = m.name == QLatin1String(kMeasuredLatencyName)     ? &*r->latency
                                         : m.name == QLatin1String(kMeasuredBandwidthName) ? &*r->bandwidth
                                                                                           : nullptr;
        if (!original)
            continue;
        ++found;
        QCOMPARE(m.unit, original->unit);
        QCOMPARE(m.fromOs, false);
        QCOMPARE(m.size(), original->size());
        for (size_t i = 0; i < m.values.size(); ++i)
            QCOMPARE(m.values[i], original->values[i]);
        for (size_t i = 0; i < m.objects.size(); ++i)
            QCOMPARE(s.entity(m.objects[i]).kind, EntityKind::NumaNode);
    }
    QCOMPARE(found, 2);
}

void TestMeasure::runErrors_data()
{
    QTest::addColumn<QString>("what");
    QTest::addColumn<QString>("error");
    QTest::newRow("plan of another machine")
        << QStringLiteral("synthetic")
        << QStringLiteral("measure: the plan binds to CPU 100000, which this process cannot use (not on this "
                          "machine, or "
                          "outside its cpuset); plan on this machine's topology");
    QTest::newRow("no room on the node")
        << QStringLiteral("huge")
        << QStringLiteral("measure: NUMA node * has * free, not enough for the 1 PiB buffer; "
                          "measure with a smaller --size (at least a few times the "
                          "last-level cache) or free memory on that node");
}

void TestMeasure::runErrors()
{
    QFETCH(QString, what);
    QFETCH(QString, error);
    MeasurementPlan plan;
    if (what == u"synthetic") {
        // Node 0 is on every machine; node 1's CPUs, numbered from 100000, on none (Linux numbers CPUs
        // below 8192).
        auto p = planMeasurement(synthetic(QStringLiteral("pack:2 [numa] core:4 pu:2(indexes=0,1,2,3,4,5,6,7,"
                                                          "100000,100001,100002,100003,100004,100005,100006,"
                                                          "100007)")),
                                 {});
        QVERIFY(p.ok());
        plan = p.value();
        // The pairs measuring node 0's memory come first; keep the one run from node 1.
        plan.pairs.erase(plan.pairs.begin());
        QCOMPARE(plan.pairs.front().memoryNode, 0);
        QCOMPARE(plan.pairs.front().cpuNode, 1);
    } else {
        auto local = readLocalTopology();
        QVERIFY(local.ok());
        MeasureOptions options;
        options.pairs = MeasurePairs::Local;
        options.bufferBytes = kMinBufferBytes; // a plan any machine can take
        auto p = planMeasurement(local.value()->snapshots.front(), options);
        QVERIFY2(p.ok(), p.ok() ? "" : qPrintable(p.error().toString()));
        plan = p.value();
        plan.bufferBytes = std::uint64_t(1) << 50; // past the planner's check, as a stale plan would be
        plan.pairs.resize(1);
        if (!probe::nodeAvailableBytes(plan.pairs.front().memoryNode))
            QSKIP("this kernel does not report free memory per node");
    }
    const auto r = runMeasurement(plan);
    QVERIFY(!r.ok());
    QVERIFY2(matches(r.error().toString(), error), qPrintable(r.error().toString()));
}

void TestMeasure::cancel()
{
    requireBinding();
    auto local = readLocalTopology();
    QVERIFY(local.ok());
    MeasureOptions options;
    options.pairs = MeasurePairs::Local;
    options.bufferBytes = kMinBufferBytes;
    const auto plan = planMeasurement(local.value()->snapshots.front(), options);
    QVERIFY(plan.ok());
    // Cancelled once the first buffer is filled, before its first chase: the run stops there instead of
    // going through the remaining repeats. Progress counts one unit per buffer and per repeat, so it stays
    // at the first buffer's unit.
    Progress progress;
    std::mutex mutex;
    std::vector<double> reported;
    progress.report = [&](double f) {
        const std::lock_guard lock(mutex);
        reported.push_back(f);
    };
    progress.cancelled = [&] {
        const std::lock_guard lock(mutex);
        return std::any_of(reported.begin(), reported.end(), [](double f) { return f > 0; });
    };
    const auto r = runMeasurement(*plan, progress);
    QVERIFY(!r.ok());
    QVERIFY(r.error().cancelled);
    const std::lock_guard lock(mutex);
    const auto filled = std::find_if(reported.begin(), reported.end(), [](double f) { return f > 0; });
    QVERIFY(filled != reported.end());
    for (auto it = filled; it != reported.end(); ++it)
        QCOMPARE(*it, *filled);
}

// A chase stops when it is told to, however long it was asked to run: the prober's cancel inside a repeat.
void TestMeasure::chaseStops()
{
    requireBinding();
    auto hw = probe::LocalHwloc::load();
    QVERIFY(hw.ok());
    const int node = hwloc_bitmap_first(hwloc_topology_get_allowed_nodeset(hw.value()->get()));
    auto buffer = probe::NodeBuffer::allocate(*hw.value(), node, kMinBufferBytes);
    QVERIFY2(buffer.ok(), buffer.ok() ? "" : qPrintable(buffer.error().toString()));
    probe::buildChase(*buffer.value(), 1);
    std::atomic_bool stop{false};
    const char* cursor = buffer.value()->data();
    probe::ChaseTiming timing;
    timing.nsPerLoad = 0;
    // Loads enough for centuries: only `stop` can end it.
    std::thread chaser(
        [&] { timing = probe::chase(&cursor, std::numeric_limits<std::uint64_t>::max(), stop); });
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    stop = true;
    chaser.join();
    QVERIFY(std::isnan(timing.nsPerLoad));
    QVERIFY(std::isnan(timing.wallNsPerLoad));
}

QTEST_GUILESS_MAIN(TestMeasure)
#include "tst_measure.moc"
