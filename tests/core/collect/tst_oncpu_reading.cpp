// SPDX-License-Identifier: GPL-3.0-or-later
// How collect() reads one CPU's record from the on-CPU program: the cache slots and the running slice as of
// one instant, whatever the CPU switches to while they are read. The record is plain memory here, and a
// scripted switch happens at the moment the running thread's counter is read: a slice that ends between the
// two readings must show in the slots, never nowhere (the flake of tst_bpf_oncpu cpuOfRunningThread under
// load: 24 ms counted of a pinned thread's 245) and never twice.

#include "collect/bpf/oncpu_cpu_reading.h"

#include <QList>
#include <QMap>
#include <QTest>

#include <cstring>
#include <map>

// The shared header needs the kernel's __u32 types first.
// clang-format off
#include <linux/types.h>

#include "oncpu.h"
// clang-format on

using namespace numasight;

namespace {

constexpr std::uint32_t kWatched = 100;
constexpr std::uint32_t kOther = 300;

using Totals = QMap<std::uint32_t, qulonglong>; // slot + running, per tid

// Threads 1xx belong to the watched process 100, 3xx to process 300; tid 0 is the idle task.
std::uint32_t tgidOf(std::uint32_t tid)
{
    return tid == 0 ? 0 : tid >= 300 ? kOther : kWatched;
}

std::uint64_t ownerOf(std::uint32_t tid)
{
    return std::uint64_t(tgidOf(tid)) << 32 | tid;
}

// What the program does on a switch: the record first, then the ended slice into the thread's slot.
struct FakeCpu
{
    oncpu_cpu record;
    std::map<std::uint32_t, std::uint64_t> runtime; // each thread's run-time counter
    QList<std::uint32_t> switches;                  // done one at a time, when a counter is read
    bool counterGone = false;

    FakeCpu() { std::memset(&record, 0, sizeof(record)); }

    void setSlot(int index, std::uint32_t tid, std::uint64_t total)
    {
        oncpu_slot& slot = record.cache[index];
        slot.owner = ownerOf(tid);
        slot.total_ns = total;
        slot.check = slot.owner ^ total;
        slot.flushed_ns = total;
    }

    void switchTo(std::uint32_t next)
    {
        oncpu_running& running = record.running;
        const std::uint32_t prev = running.tid;
        const std::uint64_t delta = runtime[prev] - running.start_runtime_ns;
        running.start_runtime_ns = runtime[next];
        running.tgid = tgidOf(next);
        running.tid = next;
        running.seen = 1;
        if (prev == 0)
            return;
        int free = -1;
        for (int i = 0; i < ONCPU_SLOTS; ++i) {
            if (record.cache[i].owner == ownerOf(prev)) {
                setSlot(i, prev, record.cache[i].total_ns + delta);
                return;
            }
            if (free < 0 && record.cache[i].owner == 0)
                free = i;
        }
        setSlot(free, prev, delta);
    }

    std::optional<std::uint64_t> counterOf(std::uint32_t tid)
    {
        if (counterGone)
            return std::nullopt;
        const std::uint64_t now = runtime[tid];
        if (!switches.isEmpty()) {
            switchTo(switches.takeFirst());
            runtime[record.running.tid] += 200; // the next one runs a while before the CPU is read again
        }
        return now;
    }
};

} // namespace

class TestOncpuReading : public QObject
{
    Q_OBJECT

private slots:
    void readsOneInstant_data()
    {
        QTest::addColumn<std::uint32_t>("runningTid");
        QTest::addColumn<bool>("seen");
        QTest::addColumn<bool>("slotAgrees");
        QTest::addColumn<bool>("counterGone");
        QTest::addColumn<QList<std::uint32_t>>("switches");
        QTest::addColumn<Totals>("expectedNs");
        QTest::addColumn<std::uint32_t>("expectedRunning");
        QTest::addColumn<bool>("expectedSettled");

        // Thread 101 ran 1000 ns before its current slice (in its slot), which started at 1000 and has
        // reached 5000; thread 102's counter is at 700.
        QTest::newRow("alone on its CPU")
            << 101u << true << true << false << QList<std::uint32_t>{} << Totals{{101, 5000}} << 101u << true;
        QTest::newRow("its slice ends while its counter is read")
            << 101u << true << true << false << QList<std::uint32_t>{102} << Totals{{101, 5000}, {102, 200}}
            << 102u << true;
        QTest::newRow("the CPU goes idle while it is read")
            << 101u << true << true << false << QList<std::uint32_t>{0} << Totals{{101, 5000}} << 0u << true;
        QTest::newRow("a thread of a process not watched comes in")
            << 101u << true << true << false << QList<std::uint32_t>{301} << Totals{{101, 5000}} << 0u
            << true;
        // Each reading sees a switch: the slots of the last one are kept, the running slice waits.
        QTest::newRow("a switch during every attempt")
            << 101u << true << true << false << QList<std::uint32_t>{102, 101, 102, 101, 102, 101, 102, 101}
            << Totals{{101, 5600}, {102, 600}} << 0u << false;
        QTest::newRow("no switch seen since attach")
            << 101u << false << true << false << QList<std::uint32_t>{} << Totals{{101, 1000}} << 0u << true;
        QTest::newRow("the idle task runs")
            << 0u << true << true << false << QList<std::uint32_t>{} << Totals{{101, 1000}} << 0u << true;
        QTest::newRow("a thread of a process not watched runs")
            << 301u << true << true << false << QList<std::uint32_t>{} << Totals{{101, 1000}} << 0u << true;
        // A slot caught mid-rewrite is left out (the map's value stands in for it until the next interval).
        QTest::newRow("a slot whose words disagree")
            << 101u << true << false << false << QList<std::uint32_t>{} << Totals{{101, 4000}} << 101u
            << true;
        QTest::newRow("the running thread is gone from /proc")
            << 101u << true << true << true << QList<std::uint32_t>{} << Totals{{101, 1000}} << 0u << true;
    }

    void readsOneInstant()
    {
        QFETCH(std::uint32_t, runningTid);
        QFETCH(bool, seen);
        QFETCH(bool, slotAgrees);
        QFETCH(bool, counterGone);
        QFETCH(QList<std::uint32_t>, switches);
        QFETCH(Totals, expectedNs);
        QFETCH(std::uint32_t, expectedRunning);
        QFETCH(bool, expectedSettled);

        FakeCpu cpu;
        cpu.runtime = {{101, 5000}, {102, 700}, {301, 9000}, {0, 0}};
        cpu.setSlot(3, 101, 1000);
        if (!slotAgrees)
            cpu.record.cache[3].check ^= 1;
        oncpu_running& running = cpu.record.running;
        running.tid = runningTid;
        running.tgid = tgidOf(runningTid);
        running.start_runtime_ns = runningTid == 101 ? 1000 : cpu.runtime[runningTid];
        running.seen = seen ? 1 : 0;
        cpu.switches = switches;
        cpu.counterGone = counterGone;

        QList<std::uint32_t> askedFor;
        const OncpuCpuReading reading = readOncpuCpu(
            cpu.record,
            [&](std::uint32_t tgid, std::uint32_t tid) {
                askedFor << tid;
                if (tgid != kWatched)
                    qFatal("asked for the counter of a thread of process %u, which is not watched", tgid);
                return cpu.counterOf(tid);
            },
            [](std::uint32_t tgid) { return tgid == kWatched; });

        Totals totals;
        for (const OncpuSlotReading& slot : reading.cached) {
            QCOMPARE(slot.tgid, tgidOf(slot.tid));
            totals[slot.tid] += slot.totalNs;
        }
        if (reading.running)
            totals[reading.running->tid] += reading.running->ranNs;
        QCOMPARE(totals, expectedNs);
        QCOMPARE(reading.running ? reading.running->tid : 0u, expectedRunning);
        QCOMPARE(reading.settled, expectedSettled);
        QVERIFY2(cpu.switches.isEmpty(), "the reading stopped before the CPU settled");
    }
};

QTEST_GUILESS_MAIN(TestOncpuReading)
#include "tst_oncpu_reading.moc"
