// SPDX-License-Identifier: GPL-3.0-or-later
// The live test of the recorder: a workload with known facts (workload_child.cpp) recorded on this machine
// with the real collectors, in procfs and in eBPF mode, must come out right.
#include "capture/capture_reader.h"
#include "record/recorder.h"
#include "support/test_process.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <memory>
#include <unistd.h>

using namespace numasight;
using namespace numasight::test;

class TestLiveRecording : public QObject
{
    Q_OBJECT
private slots:
    void spinningThread_data();
    void spinningThread();
};

void TestLiveRecording::spinningThread_data()
{
    QTest::addColumn<QString>("mode");
    QTest::newRow("procfs") << "procfs";
    QTest::newRow("ebpf") << "ebpf";
}

void TestLiveRecording::spinningThread()
{
    QFETCH(QString, mode);
    const auto env = makeLocalEnvironment();
    if (mode == QLatin1String("ebpf")) {
        QString why;
        if (!env->ebpfAvailable(&why))
            QSKIP(qPrintable(QStringLiteral("eBPF cannot be loaded here: %1").arg(why)));
    }
    WorkloadChild child;
    QVERIFY(child.start(QStringLiteral(NUMASIGHT_TEST_WORKLOAD)));
    const std::int64_t pid = child.pid;
    const std::int64_t spinTid = child.spinTid;
    const std::int64_t sleepTid = child.sleepTid;

    QTemporaryDir dir;
    RecordOptions options;
    options.outputPath = dir.filePath(QStringLiteral("live.numasight"));
    options.durationNs = 120'000'000'000; // a bound only: the test ends the recording
    options.intervalNs = 200'000'000;
    options.mode = *recordModeFromName(mode);
    options.scope.pids = {pid};
    // Spinning starts once the baseline sample is on disk and stops once the thread has run 300 ms (the
    // kernel's count), however long a loaded machine takes to give it that; the recording ends two samples
    // later, so that it holds all of the thread's CPU time and the child's own clock measures the same thing.
    constexpr std::int64_t kSpinNs = 300'000'000;
    if (threadOnCpuNs(pid, spinTid) < 0)
        QSKIP("this kernel does not count threads' time on a CPU in /proc/<pid>/task/<tid>/schedstat");
    auto end = std::make_shared<std::atomic_bool>(false);
    int stoppedAt = -1;
    RecordObserver observer;
    observer.sampleWritten = [&](int done, int) {
        if (done == 1)
            child.process.write("go\n");
        else if (stoppedAt < 0 && threadOnCpuNs(pid, spinTid) >= kSpinNs) {
            child.process.write("stop\n");
            stoppedAt = done;
        } else if (stoppedAt > 0 && done == stoppedAt + 2)
            end->store(true);
        child.process.waitForBytesWritten(1000);
    };
    const RecordSummary summary = record(options, *env, Progress::withFlag(end), observer);
    QVERIFY2(!summary.error, summary.error ? qPrintable(summary.error->toString()) : "");
    QCOMPARE(summary.mode, mode);
    QVERIFY2(stoppedAt > 0, "the spinning thread did not run 300 ms in two minutes");
    QVERIFY(summary.cancelled);
    QCOMPARE(summary.samples, stoppedAt + 2);
    QVERIFY(child.process.waitForReadyRead(10000) || child.process.canReadLine());
    const QByteArray spun = child.process.readLine().trimmed();
    QVERIFY2(spun.startsWith("spun "), spun.constData());
    const double ownNs = spun.mid(5).toDouble();

    const auto read = readCaptureFile(options.outputPath);
    QVERIFY2(read.ok(), read.ok() ? "" : qPrintable(read.error().toString()));
    const Capture& c = *read.value();
    QCOMPARE(c.source.mode, mode);
    QVERIFY(c.snapshots.front()->processByPid(pid).isValid());
    double recordedNs = 0, sleepingNs = 0;
    IndexSet allowed;
    bool seenSpinning = false;
    for (const SamplePtr& s : c.samples) {
        for (const ThreadCpuSample& t : s->threads) {
            if (t.tid == spinTid) {
                recordedNs += double(t.cpuNs);
                QCOMPARE(collectionModeName(t.mode), mode);
                seenSpinning = true;
                if (!t.cpusAllowed.isEmpty())
                    allowed = t.cpusAllowed;
                for (const auto& [cpu, ns] : t.cpuNsByCpu)
                    QVERIFY2(cpu == 0 || ns == 0,
                             qPrintable(QStringLiteral("%1 ns on CPU %2").arg(ns).arg(cpu)));
            } else if (t.tid == sleepTid) {
                sleepingNs += double(t.cpuNs);
            }
        }
    }
    QVERIFY(seenSpinning);
    qInfo("%s: recorded %.1f ms of CPU for the spinning thread, it measured %.1f ms itself; sleeping thread "
          "%.1f ms",
          qPrintable(mode), recordedNs / 1e6, ownNs / 1e6, sleepingNs / 1e6);
    QVERIFY2(ownNs >= kSpinNs, qPrintable(QString::number(ownNs)));
    QVERIFY2(std::abs(recordedNs - ownNs) <= 0.10 * ownNs,
             qPrintable(QStringLiteral("recorded %1 ns, child measured %2 ns").arg(recordedNs).arg(ownNs)));
    QVERIFY2(sleepingNs < 0.05 * ownNs, qPrintable(QString::number(sleepingNs)));
    QCOMPARE(allowed, IndexSet{0});

    // Memory: the last sample's pages of the child on node 0 (this machine has one node).
    const SamplePtr last = c.samples.back();
    const ProcessMemorySample* memory = nullptr;
    for (const ProcessMemorySample& p : last->processes)
        if (p.pid == pid)
            memory = &p;
    QVERIFY2(memory, "no memory figures for the child");
    std::uint64_t anonBytes = 0;
    for (const NodePages& n : memory->nodes)
        if (n.node == 0)
            anonBytes = n.anonPages * std::uint64_t(sysconf(_SC_PAGESIZE));
    constexpr double kExpected = 64.0 * 1024 * 1024;
    qInfo("%s: %.1f MiB of anonymous pages on node 0", qPrintable(mode), double(anonBytes) / (1 << 20));
    QVERIFY2(std::abs(double(anonBytes) - kExpected) <= 0.10 * kExpected,
             qPrintable(QString::number(anonBytes)));
}

QTEST_GUILESS_MAIN(TestLiveRecording)
#include "tst_live_recording.moc"
