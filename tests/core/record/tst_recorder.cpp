// SPDX-License-Identifier: GPL-3.0-or-later
// The recorder against collectors of the test's own that produce known samples: what is written is what was
// collected, whatever ends the recording (duration, cancel, a full disk, kill -9).
#include "capture/capture_reader.h"
#include "record/recorder.h"
#include "support/entity_factory.h"
#include "support/file_size_limit.h"
#include "support/sample_diff.h"
#include "util/format.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>

using namespace numasight;
using numasight::test::FileSizeLimit;
using numasight::test::makeEntity;
using numasight::test::sampleDiff;

namespace {

// What every fake collector of one recording shares: how many are running, and what the test wants.
struct Bench
{
    int started = 0;
    int stopped = 0;
    int threadsPerPid = 2;
    bool failStart = false;     // the CPU collector refuses to start
    bool failEbpfStart = false; // only the eBPF one refuses
    QString repeatedWarning;    // given by the memory collector on every collect
    // The recording's clock (see FakeEnvironment), and how far each collect moves it: the work of a sample.
    std::chrono::nanoseconds clock{0};
    std::chrono::nanoseconds collectTakes{0};
};

// CPU time that depends only on (sample number, pid, thread number), so a test can predict every value.
ThreadCpuSample expectedThread(int n, std::int64_t pid, int k, CollectionMode mode)
{
    ThreadCpuSample t;
    t.pid = pid;
    t.tid = pid * 100 + k;
    t.comm = QStringLiteral("t%1").arg(k);
    t.cpuNs = std::uint64_t(n) * 1000 + std::uint64_t(k);
    t.cpuNsByCpu = {{k % 4, t.cpuNs}};
    t.lastCpu = k % 4;
    t.mode = mode;
    return t;
}

class FakeCollector : public Collector
{
public:
    enum Kind
    {
        Cpu,
        CpuContext,
        Memory
    };
    FakeCollector(Kind kind, CollectionMode mode, Bench& bench)
        : m_kind(kind)
        , m_mode(mode)
        , m_bench(bench)
    {
    }
    QString name() const override { return QStringLiteral("fake-%1").arg(int(m_kind)); }
    CollectionMode mode() const override { return m_mode; }
    std::optional<QString> start(const Scope&) override
    {
        if (m_kind == Cpu && (m_bench.failStart || (m_bench.failEbpfStart && m_mode == CollectionMode::Ebpf)))
            return QStringLiteral("refused on purpose");
        ++m_bench.started;
        return std::nullopt;
    }
    void collect(Sample& sample, const std::vector<std::int64_t>& pids) override
    {
        const int n = m_calls++;
        m_bench.clock += m_bench.collectTakes;
        for (std::int64_t pid : pids) {
            if (m_kind == Memory) {
                ProcessMemorySample p;
                p.pid = pid;
                p.memoryPolicy = QStringLiteral("default");
                p.nodes = {NodePages{0, std::uint64_t(n + 1), 1, 0, std::uint64_t(n), 0,
                                     std::uint64_t(n + 1) * 4096}};
                sample.processes.push_back(p);
                continue;
            }
            for (int k = 0; k < m_bench.threadsPerPid; ++k) {
                ThreadCpuSample t = expectedThread(n, pid, k, m_mode);
                if (m_kind == CpuContext) {
                    t.cpuNs = 1; // must not win over eBPF's figure
                    t.cpuNsByCpu.clear();
                    t.voluntarySwitches = std::uint64_t(n);
                    t.cpusAllowed = IndexSet{k};
                }
                sample.threads.push_back(t);
            }
        }
        if (m_kind == Memory) {
            NodeCountersSample node;
            node.node = 0;
            node.memTotalBytes = 1 << 30;
            node.numastat = {{QStringLiteral("numa_hit"), std::uint64_t(n)}};
            sample.nodes.push_back(node);
            sample.vmstat = {{QStringLiteral("numa_pte_updates"), std::uint64_t(n)}};
            sample.numaBalancing = 1;
            if (!m_bench.repeatedWarning.isEmpty())
                m_warnings.push_back(m_bench.repeatedWarning);
        }
    }
    void stop() override { ++m_bench.stopped; }
    std::vector<QString> takeWarnings() override { return std::exchange(m_warnings, {}); }

private:
    Kind m_kind;
    CollectionMode m_mode;
    Bench& m_bench;
    int m_calls = 0;
    std::vector<QString> m_warnings;
};

class FakeEnvironment : public RecordingEnvironment
{
public:
    explicit FakeEnvironment(Bench& bench)
        : m_bench(bench)
    {
    }
    // The pids the scope resolves to at each resolution (the last entry repeats).
    std::vector<std::vector<std::int64_t>> pidsOverTime = {{100, 200}};
    bool ebpf = false;

    Result<CapturePtr> topology() override
    {
        SnapshotBuilder b;
        Entity node = makeEntity(EntityKind::NumaNode, QStringLiteral("0"));
        node.osIndex = 0;
        node.cpus = IndexSet::range(0, 3);
        b.add(node);
        auto c = std::make_shared<Capture>();
        c->snapshots = {b.finish()};
        return CapturePtr(c);
    }
    SourceInfo source() override
    {
        SourceInfo s;
        s.hostname = QStringLiteral("fakehost");
        s.kernel = QStringLiteral("6.1.0-test");
        return s;
    }
    std::vector<std::int64_t> resolveScope(const Scope&) override
    {
        const size_t i = std::min(m_resolved++, pidsOverTime.size() - 1);
        return pidsOverTime[i];
    }
    QByteArray workloadSignature(const std::vector<std::int64_t>& pids) override
    {
        QByteArray out;
        for (auto pid : pids)
            out += QByteArray::number(pid) + ',';
        return out;
    }
    void addWorkload(SnapshotBuilder& b, const std::vector<std::int64_t>& pids) override
    {
        for (auto pid : pids) {
            Entity p = makeEntity(EntityKind::Process, QString::number(pid), QStringLiteral("p%1").arg(pid));
            p.pid = pid;
            b.add(p);
        }
    }
    Result<std::unique_ptr<CollectorSet>> collectors(RecordMode mode) override
    {
        if (mode == RecordMode::Ebpf && !ebpf) {
            LoadError e;
            e.message = QStringLiteral("eBPF cannot be used: no rights in this test");
            return e;
        }
        auto set = std::make_unique<CollectorSet>();
        set->mode = mode == RecordMode::Ebpf ? CollectionMode::Ebpf : CollectionMode::Procfs;
        set->cpu = std::make_unique<FakeCollector>(FakeCollector::Cpu, set->mode, m_bench);
        if (mode == RecordMode::Ebpf)
            set->cpuContext =
                std::make_unique<FakeCollector>(FakeCollector::CpuContext, CollectionMode::Procfs, m_bench);
        set->others.push_back(
            std::make_unique<FakeCollector>(FakeCollector::Memory, CollectionMode::Procfs, m_bench));
        return set;
    }
    bool ebpfAvailable(QString* why) override
    {
        if (!ebpf && why)
            *why = QStringLiteral("no rights in this test");
        return ebpf;
    }

    // The test's clock: sleeping moves it at once, so a schedule comes out exactly whatever the machine's
    // load, and no test waits for it. The kill -9 child keeps the real one (`realClock`).
    bool realClock = false;
    std::chrono::steady_clock::time_point now() override
    {
        return realClock
                   ? RecordingEnvironment::now()
                   : std::chrono::steady_clock::time_point(
                         std::chrono::duration_cast<std::chrono::steady_clock::duration>(m_bench.clock));
    }
    std::int64_t realtimeNs() override
    {
        constexpr std::int64_t kStartNs = 1'750'000'000'000'000'000; // June 2025
        return realClock ? RecordingEnvironment::realtimeNs() : kStartNs + m_bench.clock.count();
    }
    void sleepFor(std::chrono::steady_clock::duration duration) override
    {
        if (realClock)
            RecordingEnvironment::sleepFor(duration);
        else
            m_bench.clock += duration;
    }

private:
    Bench& m_bench;
    size_t m_resolved = 0;
};

RecordOptions options(const QString& path, int samples, std::int64_t intervalMs = 50)
{
    RecordOptions o;
    o.outputPath = path;
    o.intervalNs = intervalMs * 1'000'000;
    o.durationNs = o.intervalNs * (samples - 1);
    o.mode = RecordMode::Procfs;
    return o;
}

// Child mode of this binary (for the kill -9 test): records with the fake collectors, large samples so
// that a kill often lands inside a transaction, and prints "sample N" once each is on disk.
int recordChild(const QString& path)
{
    Bench bench;
    bench.threadsPerPid = 1500;
    FakeEnvironment env(bench);
    env.realClock = true;
    RecordOptions o = options(path, 100000, 20);
    RecordObserver observer;
    observer.sampleWritten = [](int done, int) {
        std::printf("sample %d\n", done);
        std::fflush(stdout);
    };
    const RecordSummary s = record(o, env, {}, observer);
    return s.error ? 1 : 0;
}

} // namespace

using DurationRow = std::optional<std::int64_t>;

class TestRecorder : public QObject
{
    Q_OBJECT
private slots:
    void writesWhatWasCollected();
    void newWorkloadSnapshot();
    void watchedPids_data();
    void watchedPids();
    void observerSeesSnapshots();
    void pauseTakesNoSamples();
    void cancelKeepsCompletedSamples();
    void writeFailureStopsAndKeeps();
    void modes_data();
    void modes();
    void warningsOnce();
    void badOutput_data();
    void badOutput();
    void mergeThreadContext_data();
    void mergeThreadContext();
    void durations_data();
    void durations();
    void killedRecordingOpens();
};

void TestRecorder::writesWhatWasCollected()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("r.numasight"));
    Bench bench;
    FakeEnvironment env(bench);
    bench.collectTakes = std::chrono::milliseconds(7); // two collectors: 14 ms of each 50 ms interval
    std::vector<Sample> seen;
    std::vector<std::pair<int, int>> counts;
    RecordObserver observer;
    observer.sample = [&](const Sample& s) { seen.push_back(s); };
    observer.sampleWritten = [&](int done, int total) { counts.emplace_back(done, total); };
    const RecordSummary summary = record(options(path, 5), env, {}, observer);
    QVERIFY2(!summary.error, summary.error ? qPrintable(summary.error->toString()) : "");
    QCOMPARE(summary.samples, 5);
    QCOMPARE(summary.snapshots, 1);
    QCOMPARE(summary.processes, 2);
    QCOMPARE(summary.threads, 4);
    QCOMPARE(summary.mode, QStringLiteral("procfs"));
    QCOMPARE(summary.fileBytes, QFileInfo(path).size());
    QVERIFY(!summary.cancelled);
    QCOMPARE(bench.started, 2);
    QCOMPARE(bench.stopped, 2);
    QCOMPARE(counts.back(), std::make_pair(5, 5));

    const auto read = readCaptureFile(path);
    QVERIFY2(read.ok(), read.ok() ? "" : qPrintable(read.error().toString()));
    const Capture& c = *read.value();
    QCOMPARE(c.source.mode, QStringLiteral("procfs"));
    QCOMPARE(c.source.hostname, QStringLiteral("fakehost"));
    QCOMPARE(c.source.kernel, QStringLiteral("6.1.0-test"));
    QCOMPARE(c.source.originalFormat, SourceFormat::LocalMachine);
    QVERIFY(c.source.capturedAt.isValid());
    QCOMPARE(c.snapshots.size(), size_t(1));
    QCOMPARE(c.snapshots[0]->countOf(EntityKind::NumaNode), 1);
    QCOMPARE(c.snapshots[0]->countOf(EntityKind::Process), 2);
    QCOMPARE(c.samples.size(), size_t(5));
    for (size_t i = 0; i < 5; ++i) {
        const Sample& s = *c.samples[i];
        const QString diff = sampleDiff(seen[i], s);
        QVERIFY2(diff.isEmpty(), qPrintable(QStringLiteral("sample %1: %2").arg(i).arg(diff)));
        // And it is what the collectors were asked to produce for sample i.
        QCOMPARE(s.threads.size(), size_t(4));
        QVERIFY(sampleDiff(s, s).isEmpty());
        const ThreadCpuSample want = expectedThread(int(i), 200, 1, CollectionMode::Procfs);
        QCOMPARE(s.threads[3].tid, want.tid);
        QCOMPARE(s.threads[3].cpuNs, want.cpuNs);
        QCOMPARE(s.threads[3].cpuNsByCpu, want.cpuNsByCpu);
        QCOMPARE(s.processes[1].nodes[0].totalPages, std::uint64_t(i + 1));
        QCOMPARE(s.nodes[0].numastat.value(QStringLiteral("numa_hit")), std::uint64_t(i));
        if (i == 0) {
            QCOMPARE(s.intervalNs, 0);
        } else {
            QCOMPARE(s.intervalNs, s.timeNs - c.samples[i - 1]->timeNs);
            // Samples keep their schedule (a fixed grid, not sleep-after-work): the time collecting takes
            // does not add up.
            QCOMPARE(s.intervalNs, std::int64_t(50'000'000));
        }
    }
}

void TestRecorder::newWorkloadSnapshot()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("r.numasight"));
    Bench bench;
    FakeEnvironment env(bench);
    // Resolutions: file creation, sample 1, sample 2, …; pid 300 appears at sample 2, pid 100 leaves at 4.
    env.pidsOverTime = {{100, 200}, {100, 200}, {100, 200, 300}, {100, 200, 300}, {200, 300}};
    const RecordSummary summary = record(options(path, 6), env);
    QVERIFY(!summary.error);
    QCOMPARE(summary.snapshots, 3);
    const auto read = readCaptureFile(path);
    QVERIFY(read.ok());
    const Capture& c = *read.value();
    QCOMPARE(c.snapshots.size(), size_t(3));
    QList<int> indexes;
    for (const auto& s : c.samples)
        indexes << s->snapshotIndex;
    QCOMPARE(indexes, (QList<int>{0, 0, 1, 1, 2, 2}));
    QVERIFY(!c.snapshots[0]->processByPid(300).isValid());
    QVERIFY(c.snapshots[1]->processByPid(300).isValid());
    QVERIFY(!c.snapshots[2]->processByPid(100).isValid());
    // Each snapshot carries the topology too, so a sample's CPUs map to nodes with its own snapshot.
    QCOMPARE(c.snapshots[2]->countOf(EntityKind::NumaNode), 1);
    QCOMPARE(c.samples[2]->threads.size(), size_t(6));
}

void TestRecorder::watchedPids_data()
{
    QTest::addColumn<QList<qint64>>("pids"); // --pid
    QTest::addColumn<QList<QList<qint64>>>(
        "resolved"); // what the scope resolves to, resolution by resolution
    QTest::addColumn<int>("samplesAsked");
    QTest::addColumn<QString>("error"); // empty: no error
    QTest::addColumn<int>("samples");   // in the file
    QTest::addColumn<bool>("exited");
    using L = QList<qint64>;
    QTest::newRow("no such process") << L{999999} << QList<L>{{}} << 5 << "pid 999999: no such process" << 0
                                     << false;
    QTest::newRow("one of two missing")
        << L{100, 999} << QList<L>{{100}} << 5 << "pid 999: no such process" << 0 << false;
    QTest::newRow("exits after two samples") << L{100} << QList<L>{{100}, {100}, {}} << 6 << "" << 2 << true;
    QTest::newRow("exits before the second") << L{100} << QList<L>{{100}, {}} << 6 << "" << 1 << true;
    // Descendants are watched too: the recording goes on while one lives.
    QTest::newRow("a child outlives it")
        << L{100} << QList<L>{{100}, {100, 101}, {101}, {101}} << 4 << "" << 4 << false;
    QTest::newRow("runs to the end") << L{100} << QList<L>{{100}} << 4 << "" << 4 << false;
}

void TestRecorder::watchedPids()
{
    QFETCH(QList<qint64>, pids);
    QFETCH(QList<QList<qint64>>, resolved);
    QFETCH(int, samplesAsked);
    QFETCH(QString, error);
    QFETCH(int, samples);
    QFETCH(bool, exited);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("r.numasight"));
    Bench bench;
    FakeEnvironment env(bench);
    env.pidsOverTime.clear();
    for (const QList<qint64>& r : resolved)
        env.pidsOverTime.emplace_back(r.begin(), r.end());
    RecordOptions o = options(path, samplesAsked);
    o.scope.pids.assign(pids.begin(), pids.end());
    const RecordSummary summary = record(o, env);
    QCOMPARE(summary.workloadExited, exited);
    if (!error.isEmpty()) {
        QVERIFY(summary.error);
        QVERIFY2(summary.error->toString().contains(error), qPrintable(summary.error->toString()));
        QVERIFY(!summary.fileCreated);
        QVERIFY(!QFileInfo::exists(path));
        return;
    }
    QVERIFY2(!summary.error, qPrintable(summary.error ? summary.error->toString() : QString()));
    QCOMPARE(summary.samples, samples);
    const auto read = readCaptureFile(path);
    QVERIFY(read.ok());
    QCOMPARE(int(read.value()->samples.size()), samples);
}

void TestRecorder::observerSeesSnapshots()
{
    // A live view builds its capture from the callbacks alone: it must end up with what the file holds.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("r.numasight"));
    Bench bench;
    FakeEnvironment env(bench);
    env.pidsOverTime = {{100, 200}, {100, 200}, {100, 200, 300}, {100, 200, 300}, {200, 300}};
    Capture live;
    int startedCalls = 0;
    RecordObserver observer;
    observer.started = [&](const Capture& initial) {
        ++startedCalls;
        live = initial;
        QVERIFY(QFileInfo::exists(path));
    };
    observer.snapshot = [&](int index, const SnapshotPtr& snapshot) {
        QCOMPARE(index, int(live.snapshots.size()));
        live.snapshots.push_back(snapshot);
    };
    observer.sample = [&](const Sample& s) {
        QVERIFY(s.snapshotIndex < int(live.snapshots.size()));
        live.samples.push_back(std::make_shared<const Sample>(s));
    };
    const RecordSummary summary = record(options(path, 6), env, {}, observer);
    QVERIFY(!summary.error);
    QCOMPARE(startedCalls, 1);
    QCOMPARE(live.source.mode, QStringLiteral("procfs"));
    const auto read = readCaptureFile(path);
    QVERIFY(read.ok());
    const Capture& c = *read.value();
    QCOMPARE(live.snapshots.size(), c.snapshots.size());
    QCOMPARE(live.samples.size(), c.samples.size());
    for (size_t i = 0; i < c.snapshots.size(); ++i)
        QCOMPARE(live.snapshots[i]->countOf(EntityKind::Process),
                 c.snapshots[i]->countOf(EntityKind::Process));
    for (size_t i = 0; i < c.samples.size(); ++i)
        QVERIFY(sampleDiff(*live.samples[i], *c.samples[i]).isEmpty());
}

void TestRecorder::pauseTakesNoSamples()
{
    // Paused after sample 1 for 400 ms at a 50 ms interval: no sample falls inside the pause, the schedule
    // resumes one interval after the pause ends instead of catching up, and the first sample after it spans
    // the pause.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("r.numasight"));
    Bench bench;
    FakeEnvironment env(bench);
    bool paused = false;
    std::int64_t pausedUntil = 0, pauseEnded = 0;
    std::vector<std::int64_t> times;
    RecordObserver observer;
    observer.sample = [&](const Sample& s) {
        times.push_back(s.timeNs);
        if (times.size() == 2) {
            paused = true;
            pausedUntil = s.timeNs + 400'000'000;
        }
    };
    observer.paused = [&] {
        if (paused && env.realtimeNs() >= pausedUntil) {
            paused = false;
            pauseEnded = env.realtimeNs();
        }
        return paused;
    };
    const RecordSummary summary = record(options(path, 5), env, {}, observer);
    QVERIFY(!summary.error);
    QCOMPARE(summary.samples, 5);
    QCOMPARE(times.size(), size_t(5));
    QVERIFY(pauseEnded >= pausedUntil);
    QCOMPARE(times[2], pauseEnded + 50'000'000);
    for (size_t i = 3; i < times.size(); ++i)
        QCOMPARE(times[i] - times[i - 1], std::int64_t(50'000'000));
    const auto read = readCaptureFile(path);
    QVERIFY(read.ok());
    QCOMPARE(read.value()->samples[2]->intervalNs, times[2] - times[1]);
}

void TestRecorder::cancelKeepsCompletedSamples()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("r.numasight"));
    Bench bench;
    FakeEnvironment env(bench);
    auto flag = std::make_shared<std::atomic_bool>(false);
    RecordObserver observer;
    observer.sampleWritten = [flag](int done, int) {
        if (done == 3)
            flag->store(true);
    };
    const RecordSummary summary = record(options(path, 50, 100), env, Progress::withFlag(flag), observer);
    QVERIFY(!summary.error);
    QVERIFY(summary.cancelled);
    QCOMPARE(summary.samples, 3);
    QCOMPARE(bench.stopped, bench.started);
    const auto read = readCaptureFile(path);
    QVERIFY(read.ok());
    QCOMPARE(read.value()->samples.size(), size_t(3));
}

void TestRecorder::writeFailureStopsAndKeeps()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("r.numasight"));
    Bench bench;
    bench.threadsPerPid = 400; // ~60 kB per sample
    FakeEnvironment env(bench);
    std::vector<Sample> seen;
    RecordObserver observer;
    observer.sample = [&](const Sample& s) { seen.push_back(s); };
    RecordSummary summary;
    {
        FileSizeLimit limit(512 * 1024);
        QVERIFY(limit.ok());
        summary = record(options(path, 100, 10), env, {}, observer);
    }
    QVERIFY2(summary.error.has_value(), "the recording did not notice the write failure");
    const QString message = summary.error->toString();
    QVERIFY2(message.startsWith(path + QStringLiteral(": ")), qPrintable(message));
    QVERIFY2(message.contains(QStringLiteral("file-size limit (ulimit -f)")), qPrintable(message));
    QVERIFY2(message.contains(QStringLiteral("the %1 sample(s) before it are kept").arg(summary.samples)),
             qPrintable(message));
    QVERIFY(!message.contains(QLatin1Char('\n')));
    QVERIFY(summary.samples > 0 && summary.samples < 100);
    QCOMPARE(int(seen.size()), summary.samples);
    QCOMPARE(bench.stopped, bench.started);
    QVERIFY(!QFile::exists(path + QStringLiteral("-journal")));
    const auto read = readCaptureFile(path);
    QVERIFY2(read.ok(), read.ok() ? "" : qPrintable(read.error().toString()));
    QCOMPARE(int(read.value()->samples.size()), summary.samples);
    for (size_t i = 0; i < seen.size(); ++i)
        QVERIFY(sampleDiff(seen[i], *read.value()->samples[i]).isEmpty());
}

void TestRecorder::modes_data()
{
    QTest::addColumn<QString>("mode");
    QTest::addColumn<bool>("ebpfAvailable");
    QTest::addColumn<bool>("ebpfStartFails");
    QTest::addColumn<QString>("recorded"); // empty: the recording must not start
    QTest::addColumn<QString>("message");  // a warning or the error
    QTest::newRow("auto with eBPF") << "auto" << true << false << "ebpf"
                                    << "";
    QTest::newRow("auto without eBPF") << "auto" << false << false << "procfs"
                                       << "eBPF cannot be used (no rights in this test); recording CPU time "
                                          "with procfs sampling";
    QTest::newRow("auto, eBPF fails to load") << "auto" << true << true << "procfs"
                                              << "eBPF collectors did not start (fake-0: refused on purpose)";
    QTest::newRow("ebpf forced without rights") << "ebpf" << false << false << ""
                                                << "eBPF cannot be used: no rights in this test";
    QTest::newRow("ebpf forced, fails to load") << "ebpf" << true << true << ""
                                                << "cannot start collecting: fake-0: refused on purpose";
    QTest::newRow("procfs") << "procfs" << true << false << "procfs"
                            << "";
}

void TestRecorder::modes()
{
    QFETCH(QString, mode);
    QFETCH(bool, ebpfAvailable);
    QFETCH(bool, ebpfStartFails);
    QFETCH(QString, recorded);
    QFETCH(QString, message);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("r.numasight"));
    Bench bench;
    bench.failEbpfStart = ebpfStartFails;
    FakeEnvironment env(bench);
    env.ebpf = ebpfAvailable;
    RecordOptions o = options(path, 2);
    o.mode = *recordModeFromName(mode);
    const RecordSummary summary = record(o, env);
    QCOMPARE(bench.stopped, bench.started);
    if (recorded.isEmpty()) {
        QVERIFY(summary.error);
        QVERIFY2(summary.error->toString().contains(message), qPrintable(summary.error->toString()));
        QVERIFY2(!QFile::exists(path), "a recording that could not start left a file");
        return;
    }
    QVERIFY2(!summary.error, summary.error ? qPrintable(summary.error->toString()) : "");
    QCOMPARE(summary.mode, recorded);
    if (!message.isEmpty())
        QVERIFY2(summary.warnings.join(QLatin1Char('|')).contains(message),
                 qPrintable(summary.warnings.join(QLatin1Char('|'))));
    const auto read = readCaptureFile(path);
    QVERIFY(read.ok());
    QCOMPARE(read.value()->source.mode, recorded);
    const ThreadCpuSample& t = read.value()->samples[1]->threads[1];
    QCOMPARE(collectionModeName(t.mode), recorded);
    QCOMPARE(t.cpuNs, std::uint64_t(1001));
    if (recorded == QLatin1String("ebpf")) {
        // The procfs context was merged into the eBPF figures of the same tid.
        QCOMPARE(t.cpusAllowed, IndexSet{1});
        QCOMPARE(t.voluntarySwitches, std::uint64_t(1));
    }
}

void TestRecorder::warningsOnce()
{
    QTemporaryDir dir;
    Bench bench;
    bench.repeatedWarning = QStringLiteral("pid 100: permission denied reading numa_maps");
    FakeEnvironment env(bench);
    QStringList told;
    RecordObserver observer;
    observer.warning = [&](const QString& w) { told << w; };
    const RecordSummary summary =
        record(options(dir.filePath(QStringLiteral("r.numasight")), 4), env, {}, observer);
    QVERIFY(!summary.error);
    QCOMPARE(told, QStringList{bench.repeatedWarning});
    QCOMPARE(summary.warnings, QStringList{bench.repeatedWarning});
}

void TestRecorder::badOutput_data()
{
    QTest::addColumn<QString>("output");
    QTest::addColumn<QString>("expected");
    QTest::newRow("folder does not exist") << "missing/sub/r.numasight"
                                           << "does not exist";
    QTest::newRow("output is a folder") << "."
                                        << "this is a folder";
    QTest::newRow("no name") << ""
                             << "no output file given";
}

void TestRecorder::badOutput()
{
    QFETCH(QString, output);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    Bench bench;
    FakeEnvironment env(bench);
    const QString path = output.isEmpty() ? QString() : dir.filePath(output);
    const RecordSummary summary = record(options(path, 3), env);
    QVERIFY(summary.error);
    QVERIFY2(summary.error->toString().contains(expected), qPrintable(summary.error->toString()));
    QCOMPARE(summary.error->file, path);
    QCOMPARE(bench.stopped, bench.started);
    QCOMPARE(summary.samples, 0);
}

using Threads = std::vector<ThreadCpuSample>;
Q_DECLARE_METATYPE(Threads)

void TestRecorder::mergeThreadContext_data()
{
    auto thread = [](std::int64_t tid, std::uint64_t ns, CollectionMode mode) {
        ThreadCpuSample t;
        t.pid = 1;
        t.tid = tid;
        t.cpuNs = ns;
        t.mode = mode;
        if (mode == CollectionMode::Ebpf)
            t.cpuNsByCpu = {{0, ns}};
        else {
            t.cpusAllowed = IndexSet{int(tid)};
            t.voluntarySwitches = 5;
            t.lastCpu = 3;
            t.comm = QStringLiteral("from-procfs");
        }
        return t;
    };
    QTest::addColumn<Threads>("ebpf");
    QTest::addColumn<Threads>("procfs");
    QTest::addColumn<QString>("expected"); // tid:ns:mode:cpusAllowed:switches:lastCpu per thread
    const auto E = CollectionMode::Ebpf;
    const auto P = CollectionMode::Procfs;
    QTest::newRow("same tid: eBPF time, procfs context")
        << Threads{thread(1, 500, E)} << Threads{thread(1, 9, P)} << "1:500:ebpf:1:5:3";
    QTest::newRow("seen by procfs only: not on a CPU for eBPF")
        << Threads{} << Threads{thread(2, 9, P)} << "2:0:ebpf:2:5:3";
    QTest::newRow("seen by eBPF only") << Threads{thread(3, 7, E)} << Threads{} << "3:7:ebpf::0:-1";
    QTest::newRow("both lists, order kept")
        << Threads{thread(4, 1, E), thread(5, 2, E)} << Threads{thread(5, 9, P), thread(6, 9, P)}
        << "4:1:ebpf::0:-1 5:2:ebpf:5:5:3 6:0:ebpf:6:5:3";
}

void TestRecorder::mergeThreadContext()
{
    QFETCH(Threads, ebpf);
    QFETCH(Threads, procfs);
    QFETCH(QString, expected);
    numasight::mergeThreadContext(ebpf, procfs);
    QStringList got;
    for (const ThreadCpuSample& t : ebpf)
        got << QStringLiteral("%1:%2:%3:%4:%5:%6")
                   .arg(t.tid)
                   .arg(t.cpuNs)
                   .arg(collectionModeName(t.mode), t.cpusAllowed.toRangeString())
                   .arg(t.voluntarySwitches)
                   .arg(t.lastCpu);
    QCOMPARE(got.join(QLatin1Char(' ')), expected);
    for (const ThreadCpuSample& t : ebpf)
        if (t.cpuNs == 0)
            QVERIFY(t.cpuNsByCpu.empty());
}

void TestRecorder::durations_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint64>("ns"); // -1: refused
    QTest::addColumn<QString>("error");
    QTest::newRow("500ms") << "500ms" << qint64(500'000'000) << "";
    QTest::newRow("2s") << "2s" << qint64(2'000'000'000) << "";
    QTest::newRow("bare seconds") << "3" << qint64(3'000'000'000) << "";
    QTest::newRow("1.5s") << "1.5s" << qint64(1'500'000'000) << "";
    QTest::newRow("1m") << "1m" << qint64(60'000'000'000) << "";
    QTest::newRow("1h") << "1h" << qint64(3'600'000'000'000) << "";
    QTest::newRow("250us") << "250us" << qint64(250'000) << "";
    QTest::newRow("zero") << "0s" << qint64(-1) << "no time at all";
    QTest::newRow("negative") << "-1s" << qint64(-1) << "not a duration";
    QTest::newRow("unknown unit") << "5 parsecs" << qint64(-1) << "not a duration; write it like 500ms";
    QTest::newRow("empty") << "" << qint64(-1) << "not a duration";
    QTest::newRow("two numbers") << "1s2s" << qint64(-1) << "not a duration";
    QTest::newRow("too long") << "9000h" << qint64(-1) << "longer than a year";
}

void TestRecorder::durations()
{
    QFETCH(QString, text);
    QFETCH(qint64, ns);
    QFETCH(QString, error);
    QString why;
    const auto parsed = parseDurationNs(text, &why);
    if (ns < 0) {
        QVERIFY(!parsed);
        QVERIFY2(why.contains(error), qPrintable(why));
        return;
    }
    QVERIFY2(parsed, qPrintable(why));
    QCOMPARE(*parsed, ns);
    QCOMPARE(parseDurationNs(formatDuration(double(ns))), parsed); // what is printed reads back
}

// A recorder killed with SIGKILL at an arbitrary moment (often inside a sample's transaction, since each
// sample is large) leaves a file that opens with every sample it reported as written.
void TestRecorder::killedRecordingOpens()
{
    QTemporaryDir dir;
    for (int round = 0; round < 3; ++round) {
        const QString path = dir.filePath(QStringLiteral("killed%1.numasight").arg(round));
        QProcess child;
        child.start(QCoreApplication::applicationFilePath(), {QStringLiteral("--record-child"), path});
        QVERIFY(child.waitForStarted());
        int reported = 0;
        QElapsedTimer timer;
        timer.start();
        // Kill at a different point each round: after 3, 4 and 5 samples, a little into the next one.
        while (reported < 3 + round && timer.elapsed() < 60000) {
            child.waitForReadyRead(1000);
            while (child.canReadLine()) {
                const QByteArray line = child.readLine().trimmed();
                if (line.startsWith("sample "))
                    reported = line.mid(7).toInt();
            }
        }
        QVERIFY2(reported >= 3 + round, "the child did not record");
        QTest::qWait(7 * round);
        child.kill(); // SIGKILL
        QVERIFY(child.waitForFinished());
        while (child.canReadLine()) {
            const QByteArray line = child.readLine().trimmed();
            if (line.startsWith("sample "))
                reported = line.mid(7).toInt();
        }
        const auto read = readCaptureFile(path);
        QVERIFY2(read.ok(), read.ok() ? "" : qPrintable(read.error().toString()));
        const Capture& c = *read.value();
        // Every sample reported as written is there; one more may have been committed before the kill.
        QVERIFY2(
            int(c.samples.size()) >= reported && int(c.samples.size()) <= reported + 1,
            qPrintable(QStringLiteral("%1 samples read, %2 reported").arg(c.samples.size()).arg(reported)));
        for (size_t i = 0; i < c.samples.size(); ++i) {
            QCOMPARE(c.samples[i]->threads.size(), size_t(3000));
            QCOMPARE(c.samples[i]->threads[2999].cpuNs, std::uint64_t(i) * 1000 + 1499);
        }
    }
}

int main(int argc, char** argv)
{
    if (argc == 3 && qstrcmp(argv[1], "--record-child") == 0) {
        QCoreApplication app(argc, argv);
        return recordChild(QString::fromLocal8Bit(argv[2]));
    }
    QCoreApplication app(argc, argv);
    TestRecorder test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

#include "tst_recorder.moc"
