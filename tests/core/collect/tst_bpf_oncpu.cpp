// SPDX-License-Identifier: GPL-3.0-or-later
// The on-CPU eBPF collector, loaded into the running kernel: on-CPU time of real threads, nothing left
// loaded afterwards, and each failing step's own error. Runs as root (CI is root); skips with the reason
// only when BPF cannot be loaded here.

#include "collect/bpf/bpf_collectors.h"
#include "collect/bpf/bpf_support.h"
#include "collect/bpf/netflow_program.h"
#include "collect/bpf/oncpu_program.h"
#include "collect/procfs/task_stat.h"
#include "support/bpf_required.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSet>
#include <QTest>

#include <bpf/btf.h>

#include <arpa/inet.h>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <linux/bpf.h>
#include <mutex>
#include <netinet/in.h>
#include <optional>
#include <pthread.h>
#include <sched.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <thread>
#include <time.h>
#include <unistd.h>

// The kernel-shared headers need __u32 & co. first.
// clang-format off
#include "netflow.h"
#include "oncpu.h"

#include <linux/types.h>
// clang-format on

using namespace numasight;

namespace {

// A thread of this process's state letter (R running, S sleeping, ...); 0 when it is gone.
char threadState(std::int64_t tid)
{
    const auto stat = readTaskStat(FsRoot{}, getpid(), tid);
    return stat ? stat->state : 0;
}

std::int64_t threadCpuNs(clockid_t clock)
{
    struct timespec ts = {};
    clock_gettime(clock, &ts);
    return std::int64_t(ts.tv_sec) * 1000000000 + ts.tv_nsec;
}

// Pins the calling thread on `cpu`; false when the kernel refuses.
bool pinToCpu(int cpu)
{
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    return sched_setaffinity(0, sizeof(set), &set) == 0;
}

// Pins the calling thread on `cpu` until the end of the scope, then gives it its mask back. Threads created
// meanwhile inherit the pin, so they never run a slice elsewhere before they pin themselves.
class PinnedScope
{
public:
    explicit PinnedScope(int cpu)
    {
        sched_getaffinity(0, sizeof(m_saved), &m_saved);
        pinToCpu(cpu);
    }
    ~PinnedScope() { sched_setaffinity(0, sizeof(m_saved), &m_saved); }
    PinnedScope(const PinnedScope&) = delete;
    PinnedScope& operator=(const PinnedScope&) = delete;

private:
    cpu_set_t m_saved;
};

// Burns CPU on `cpu` for `wall`; returns its own CLOCK_THREAD_CPUTIME_ID and tid.
struct Spin
{
    std::int64_t tid = -1;
    std::int64_t cpuNs = 0;
    bool pinned = false;
};
Spin spinOn(int cpu, std::chrono::milliseconds wall, const char* name)
{
    Spin result;
    std::thread worker;
    {
        const PinnedScope pinned(cpu);
        worker = std::thread([&] {
            pthread_setname_np(pthread_self(), name);
            result.pinned = pinToCpu(cpu);
            result.tid = gettid();
            const auto end = std::chrono::steady_clock::now() + wall;
            volatile std::uint64_t sink = 0;
            while (std::chrono::steady_clock::now() < end)
                sink = sink + 1;
            result.cpuNs = threadCpuNs(CLOCK_THREAD_CPUTIME_ID);
        });
    }
    worker.join();
    return result;
}

// pid >= 0 also matches the process: with every process in scope and pid_max at 32768, a busy machine can
// hand an exited test thread's tid to another process's thread between two collections.
const ThreadCpuSample* findThread(const Sample& sample, std::int64_t tid, std::int64_t pid = -1)
{
    for (const ThreadCpuSample& thread : sample.threads) {
        if (thread.tid == tid && (pid < 0 || thread.pid == pid))
            return &thread;
    }
    return nullptr;
}

// BPF objects this process holds: every fd whose link target is a bpf anon inode, with the program ids
// its fdinfo names (programs, and links to programs).
struct HeldBpf
{
    int fds = 0;
    QSet<std::uint32_t> programIds;
};
HeldBpf heldBpf()
{
    HeldBpf held;
    const QDir fdDir(QStringLiteral("/proc/self/fd"));
    for (const QString& fd : fdDir.entryList(QDir::Files | QDir::System | QDir::NoDotAndDotDot)) {
        const QString target = QFile::symLinkTarget(fdDir.filePath(fd));
        if (!target.contains(QLatin1String("anon_inode:bpf")))
            continue;
        ++held.fds;
        QFile info(QStringLiteral("/proc/self/fdinfo/") + fd);
        if (!info.open(QIODevice::ReadOnly))
            continue;
        for (const QByteArray& line : info.readAll().split('\n')) {
            if (line.startsWith("prog_id:"))
                held.programIds.insert(line.mid(8).trimmed().toUInt());
        }
    }
    return held;
}

// Whether any of `ids` is still loaded. Freeing is immediate on close for these program types, but a
// kernel may defer it (RCU), so this polls briefly before answering yes.
QStringList stillLoaded(const QSet<std::uint32_t>& ids)
{
    QStringList names;
    for (int attempt = 0; attempt < 40; ++attempt) {
        names.clear();
        int err = 0;
        for (const bpf::LoadedProgram& program : bpf::loadedPrograms(&err)) {
            if (ids.contains(program.id))
                names << QStringLiteral("%1 (id %2)").arg(program.name).arg(program.id);
        }
        if (names.isEmpty())
            break;
        QTest::qWait(50);
    }
    return names;
}

} // namespace

class TestBpfOncpu : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { NUMASIGHT_REQUIRE_BPF(); }

    void errorTexts_data()
    {
        QTest::addColumn<int>("step");
        QTest::addColumn<int>("err");
        QTest::addColumn<bool>("privileged");
        QTest::addColumn<QString>("expected");
        QTest::newRow("load refused, not root")
            << int(bpf::Step::Load) << EPERM << false
            << QStringLiteral("loading oncpu failed: Operation not permitted — run as "
                              "root or grant cap_bpf,cap_perfmon (see README)");
        QTest::newRow("load refused as root")
            << int(bpf::Step::Load) << EPERM << true
            << QStringLiteral(
                   "loading oncpu failed: Operation not permitted — the kernel refused it although we "
                   "run as root: check kernel lockdown (/sys/kernel/security/lockdown), the LSM policy "
                   "and ulimit -l");
        QTest::newRow("verifier rejection")
            << int(bpf::Step::Load) << EACCES << true
            << QStringLiteral("loading oncpu failed: Permission denied — the kernel "
                              "verifier rejected the program; report it with the "
                              "kernel version");
        QTest::newRow("attach, no such hook")
            << int(bpf::Step::Attach) << ENOENT << true
            << QStringLiteral(
                   "attaching oncpu failed: No such file or directory — the hook does not exist in "
                   "this kernel; numasight falls back to procfs");
        QTest::newRow("open, corrupt object")
            << int(bpf::Step::Open) << EILSEQ << true
            << QStringLiteral("opening oncpu failed: Invalid or incomplete multibyte or wide character — the "
                              "program embedded in this build is unusable; rebuild numasight");
    }
    void errorTexts()
    {
        QFETCH(int, step);
        QFETCH(int, err);
        QFETCH(bool, privileged);
        QFETCH(QString, expected);
        bpf::takeLibbpfLog();
        QCOMPARE(bpf::stepError(bpf::Step(step), "oncpu", -err, QString(), privileged), expected);
    }

    void oncpuHooks_data()
    {
        QTest::addColumn<int>("hook");
        QTest::addColumn<QString>("programName");
        QTest::addColumn<QString>("hookName");
        QTest::addColumn<QString>("renameName");
        QTest::addColumn<QString>("renameHook");
        // Auto must pick tp_btf on this BTF kernel; the raw_tp fallback must load and run on its own.
        QTest::newRow("auto") << int(OncpuProgram::Hook::Auto) << QStringLiteral("ns_oncpu_btf")
                              << QStringLiteral("tp_btf/sched_switch") << QStringLiteral("ns_oncpu_rename")
                              << QStringLiteral("tp_btf/task_rename");
        QTest::newRow("tp_btf") << int(OncpuProgram::Hook::TpBtf) << QStringLiteral("ns_oncpu_btf")
                                << QStringLiteral("tp_btf/sched_switch") << QStringLiteral("ns_oncpu_rename")
                                << QStringLiteral("tp_btf/task_rename");
        QTest::newRow("raw_tp") << int(OncpuProgram::Hook::RawTp) << QStringLiteral("ns_oncpu_raw")
                                << QStringLiteral("raw_tp/sched_switch") << QStringLiteral("ns_oncpu_rename")
                                << QStringLiteral("raw_tp/task_rename");
    }
    void oncpuHooks()
    {
        QFETCH(int, hook);
        QFETCH(QString, programName);
        QFETCH(QString, hookName);
        QFETCH(QString, renameName);
        QFETCH(QString, renameHook);
        QSet<std::uint32_t> ids;
        {
            OncpuProgram program;
            OncpuProgram::Options options;
            options.hook = OncpuProgram::Hook(hook);
            auto error = program.start(options);
            QVERIFY2(!error, qPrintable(error.value_or(QString())));
            QVERIFY(program.isRunning());
            QCOMPARE(program.hookName(), hookName);
            QCOMPARE(program.renameHook(), renameHook);
            // One switch entry point and one rename entry point: the other variants were not loaded.
            const auto programIds = program.programIds();
            QCOMPARE(programIds.size(), std::size_t(2));
            ids = QSet<std::uint32_t>(programIds.begin(), programIds.end());
            int err = 0;
            QStringList loadedNames;
            for (const bpf::LoadedProgram& loaded : bpf::loadedPrograms(&err)) {
                if (ids.contains(loaded.id))
                    loadedNames << loaded.name;
            }
            loadedNames.sort();
            // The kernel keeps 15 characters of a program's name.
            QCOMPARE(loadedNames, (QStringList{programName, renameName}));
            // It really counts: this thread switches out while sleeping.
            QTest::qSleep(20);
            QVERIFY(countEntries(program.countsFd()) > 0);
        }
        QCOMPARE(stillLoaded(ids), QStringList());
    }

    void cpuOfThreads_data()
    {
        QTest::addColumn<bool>("scoped");
        QTest::newRow("all processes") << false;
        QTest::newRow("--pid this process") << true;
    }
    void cpuOfThreads()
    {
        QFETCH(bool, scoped);
        auto collector = makeBpfCpuCollector();
        QCOMPARE(collector->mode(), CollectionMode::Ebpf);
        Scope scope;
        if (scoped)
            scope.pids = {getpid()};
        auto error = collector->start(scope);
        QVERIFY2(!error, qPrintable(error.value_or(QString())));

        // One thread spinning on CPU 0 for 300 ms while another sleeps.
        std::int64_t sleeperTid = -1;
        std::thread sleeper([&] {
            pthread_setname_np(pthread_self(), "ns-sleep");
            sleeperTid = gettid();
            std::this_thread::sleep_for(std::chrono::milliseconds(300));
        });
        const Spin spin = spinOn(0, std::chrono::milliseconds(300), "ns-spin");
        sleeper.join();
        QVERIFY(spin.pinned);

        Sample sample;
        collector->collect(sample, {getpid()});
        const ThreadCpuSample* spinner = findThread(sample, spin.tid);
        QVERIFY2(spinner, "the spinning thread is missing from the sample");
        QCOMPARE(spinner->pid, std::int64_t(getpid()));
        QCOMPARE(spinner->mode, CollectionMode::Ebpf);
        QCOMPARE(spinner->comm, QStringLiteral("ns-spin")); // from the map: the thread has exited
        const double ratio = double(spinner->cpuNs) / double(spin.cpuNs);
        QVERIFY2(ratio > 0.9 && ratio < 1.1,
                 qPrintable(
                     QStringLiteral("eBPF %1 ns vs thread clock %2 ns").arg(spinner->cpuNs).arg(spin.cpuNs)));
        QCOMPARE(spinner->cpuNsByCpu.size(), std::size_t(1));
        QCOMPARE(spinner->cpuNsByCpu.front().first, 0);
        QCOMPARE(spinner->cpuNsByCpu.front().second, spinner->cpuNs);

        const ThreadCpuSample* sleeping = findThread(sample, sleeperTid);
        const std::uint64_t sleptNs = sleeping ? sleeping->cpuNs : 0;
        QVERIFY2(sleptNs < 5'000'000, qPrintable(QStringLiteral("sleeping thread ran %1 ns").arg(sleptNs)));

        if (scoped) {
            for (const ThreadCpuSample& thread : sample.threads)
                QCOMPARE(thread.pid, std::int64_t(getpid()));
        }

        // Deltas: the next interval has nothing more for the exited spinner.
        Sample next;
        collector->collect(next, {getpid()});
        QVERIFY(!findThread(next, spin.tid));
        collector->stop();
    }

    // A thread that runs under its inherited name first, names itself, works and exits before the next
    // collection is reported under the name it gave itself (the task_rename hook), not the inherited one.
    void renamedThreadKeepsItsName()
    {
        auto collector = makeBpfCpuCollector();
        Scope scope;
        scope.pids = {getpid()};
        auto error = collector->start(scope);
        QVERIFY2(!error, qPrintable(error.value_or(QString())));
        std::int64_t tid = -1;
        std::thread worker([&] {
            tid = gettid();
            std::this_thread::sleep_for(std::chrono::milliseconds(20)); // a slice under the inherited name
            pthread_setname_np(pthread_self(), "ns-renamed");
            const auto end = std::chrono::steady_clock::now() + std::chrono::milliseconds(50);
            volatile std::uint64_t sink = 0;
            while (std::chrono::steady_clock::now() < end)
                sink = sink + 1;
        });
        worker.join();
        Sample sample;
        collector->collect(sample, {getpid()});
        const ThreadCpuSample* thread = findThread(sample, tid);
        QVERIFY2(thread, "the renamed thread is missing from the sample");
        QCOMPARE(thread->comm, QStringLiteral("ns-renamed"));
        QVERIFY(thread->cpuNs > 0);
        collector->stop();
    }

    // A thread that never leaves its CPU between two collections still shows its time.
    void cpuOfRunningThread()
    {
        auto collector = makeBpfCpuCollector();
        Scope scope;
        scope.pids = {getpid()};
        auto error = collector->start(scope);
        QVERIFY2(!error, qPrintable(error.value_or(QString())));
        std::atomic<bool> stop{false};
        std::atomic<std::int64_t> tid{-1};
        std::thread worker([&] {
            pinToCpu(0);
            tid = gettid();
            while (!stop.load(std::memory_order_relaxed)) {
            }
        });
        clockid_t clock = 0;
        QCOMPARE(pthread_getcpuclockid(worker.native_handle(), &clock), 0);
        QTest::qSleep(250);
        const std::int64_t before = threadCpuNs(clock);
        Sample sample;
        collector->collect(sample, {getpid()});
        const std::int64_t after = threadCpuNs(clock);
        stop = true;
        worker.join();
        const ThreadCpuSample* thread = findThread(sample, tid);
        QVERIFY(thread);
        QVERIFY2(double(thread->cpuNs) > 0.9 * double(before) && double(thread->cpuNs) < 1.1 * double(after),
                 qPrintable(QStringLiteral("eBPF %1 ns, thread clock %2..%3 ns")
                                .arg(thread->cpuNs)
                                .arg(before)
                                .arg(after)));
    }

    // A thread that has been running since before attach is counted from attach only: its first slice
    // after attach began long before, and the first switch on its CPU must not hand it all over.
    void cpuOfThreadRunningBeforeAttach()
    {
        std::atomic<bool> stop{false};
        std::atomic<std::int64_t> tid{-1};
        std::atomic<std::int64_t> finalClock{-1};
        std::thread worker([&] {
            pinToCpu(0);
            tid = gettid();
            while (!stop.load(std::memory_order_relaxed)) {
            }
            finalClock = threadCpuNs(CLOCK_THREAD_CPUTIME_ID);
        });
        clockid_t clock = 0;
        QCOMPARE(pthread_getcpuclockid(worker.native_handle(), &clock), 0);
        QTest::qSleep(300);

        auto collector = makeBpfCpuCollector();
        Scope scope;
        scope.pids = {getpid()};
        const std::int64_t atAttach = threadCpuNs(clock);
        auto error = collector->start(scope);
        const std::int64_t afterAttach = threadCpuNs(clock);
        QVERIFY2(!error, qPrintable(error.value_or(QString())));
        QTest::qSleep(250);
        stop = true;
        worker.join();
        Sample sample;
        collector->collect(sample, {getpid()});
        const ThreadCpuSample* thread = findThread(sample, tid);
        QVERIFY2(thread, "the thread is missing from the sample");
        // The first slice after attach is timed by the run-queue clock, which also counts time the thread
        // clock leaves out (interrupts, and steal time in a VM): 2 ms of slack besides the 10 %, which
        // matters only when the machine is so busy that the thread hardly ran at all.
        const double low = 0.9 * double(finalClock - afterAttach) - 2e6;
        const double high = 1.1 * double(finalClock - atAttach) + 2e6;
        QVERIFY2(double(thread->cpuNs) > low && double(thread->cpuNs) < high,
                 qPrintable(QStringLiteral("eBPF %1 ns, thread clock since attach %2..%3 ns (%4 ns in all)")
                                .arg(thread->cpuNs)
                                .arg(finalClock - afterAttach)
                                .arg(finalClock - atAttach)
                                .arg(finalClock.load())));
    }

    // Threads taking turns on one CPU, more or fewer than its cache holds: with more, every switch evicts
    // a sum to the map and loads another, and collections in between read sums that sit half in slots and
    // half in the map. Each thread must be reported with what its own clock says, once.
    void cpuOfThreadsSharingACpu_data()
    {
        QTest::addColumn<int>("threads");
        QTest::newRow("half the slots (mostly hits)") << ONCPU_SLOTS / 2;
        QTest::newRow("3x the slots (evictions on every switch)") << ONCPU_SLOTS * 3;
    }
    void cpuOfThreadsSharingACpu()
    {
        QFETCH(int, threads);
        auto collector = makeBpfCpuCollector();
        auto error = collector->start(Scope{});
        QVERIFY2(!error, qPrintable(error.value_or(QString())));

        // Each worker parks after its work, asleep until released: its clock read from here then holds all of
        // its time, and its last switch out has happened. Time spent exiting is not part of the comparison (a
        // sanitizer's thread teardown alone can take milliseconds); that exited threads are forgotten is.
        struct Worker
        {
            std::atomic<std::int64_t> tid{-1};
            std::atomic_bool parked{false};
        };
        std::vector<Worker> workers(static_cast<std::size_t>(threads));
        std::mutex mutex;
        std::condition_variable wake;
        bool released = false;
        std::vector<std::thread> running;
        // Created from a thread pinned on CPU 0, so that they never run anywhere else.
        std::optional<PinnedScope> pinned(std::in_place, 0);
        for (Worker& worker : workers) {
            running.emplace_back([&] {
                worker.tid = gettid();
                // Short turns, so that the threads switch far more often than the tick would make them.
                constexpr std::int64_t turnNs = 100'000;
                constexpr std::int64_t workNs = 20'000'000;
                volatile std::uint64_t sink = 0;
                std::int64_t now = threadCpuNs(CLOCK_THREAD_CPUTIME_ID);
                while (now < workNs) {
                    const std::int64_t turnEnd = now + turnNs;
                    while ((now = threadCpuNs(CLOCK_THREAD_CPUTIME_ID)) < turnEnd)
                        sink = sink + 1;
                    sched_yield();
                }
                std::unique_lock lock(mutex);
                worker.parked = true;
                wake.wait(lock, [&] { return released; });
            });
        }
        pinned.reset();

        std::vector<Sample> samples(2);
        for (Sample& sample : samples) {
            QTest::qSleep(50);
            collector->collect(sample, {getpid()});
        }
        // Parked means asleep in the wait, not about to enter it: the kernel says so in the thread's state.
        QDeadlineTimer asleep(30'000);
        for (const Worker& worker : workers) {
            while (!(worker.parked && threadState(worker.tid) == 'S') && !asleep.hasExpired())
                QTest::qSleep(5);
            QVERIFY2(worker.parked && threadState(worker.tid) == 'S',
                     qPrintable(QStringLiteral("thread %1 did not park in 30 s").arg(worker.tid.load())));
        }
        std::vector<std::int64_t> clockNs;
        for (std::thread& thread : running) {
            clockid_t clock = 0;
            QCOMPARE(pthread_getcpuclockid(thread.native_handle(), &clock), 0);
            clockNs.push_back(threadCpuNs(clock));
        }
        samples.emplace_back();
        collector->collect(samples.back(), {getpid()});
        const std::size_t whileParked = samples.size();

        {
            const std::lock_guard lock(mutex);
            released = true;
        }
        wake.notify_all();
        for (std::thread& thread : running)
            thread.join();
        // join() returns when a thread leaves user space; the kernel still runs its exit and switches it
        // out for the last time, which may be later on a busy CPU. Only a thread past that is one whose
        // time can no longer grow, so wait for its /proc entry to go and for that last switch.
        QDeadlineTimer gone(10'000);
        for (const Worker& worker : workers) {
            const QString path = QStringLiteral("/proc/self/task/%1").arg(worker.tid.load());
            while (QFileInfo::exists(path) && !gone.hasExpired())
                QTest::qSleep(5);
            QVERIFY2(!QFileInfo::exists(path),
                     qPrintable(path + QStringLiteral(" is still there after 10 s")));
        }
        QTest::qSleep(50);
        // The last of the time, then a collection that forgets the exited threads, then one that must
        // find nothing more of them.
        for (int i = 0; i < 3; ++i) {
            samples.emplace_back();
            collector->collect(samples.back(), {getpid()});
        }
        collector->stop();

        for (std::size_t w = 0; w < workers.size(); ++w) {
            const Worker& worker = workers[w];
            std::uint64_t reported = 0;
            std::uint64_t total = 0;
            std::uint64_t onCpu0 = 0;
            for (std::size_t i = 0; i < samples.size(); ++i) {
                if (const ThreadCpuSample* thread = findThread(samples[i], worker.tid, getpid())) {
                    reported += i < whileParked ? thread->cpuNs : 0;
                    total += thread->cpuNs;
                    for (const auto& [cpu, ns] : thread->cpuNsByCpu)
                        onCpu0 += cpu == 0 ? ns : 0;
                }
            }
            const double ratio = double(reported) / double(clockNs[w]);
            QVERIFY2(ratio > 0.9 && ratio < 1.1,
                     qPrintable(QStringLiteral("thread %1: eBPF %2 ns vs thread clock %3 ns")
                                    .arg(worker.tid.load())
                                    .arg(reported)
                                    .arg(clockNs[w])));
            QCOMPARE(onCpu0, total);
            QVERIFY(!findThread(samples.back(), worker.tid, getpid()));
        }
    }

    // After the collectors are gone, no program of ours is loaded and this process holds no BPF object.
    void nothingLeftLoaded_data()
    {
        QTest::addColumn<bool>("callStop");
        QTest::newRow("stop()") << true;
        QTest::newRow("destructor only") << false;
    }
    void nothingLeftLoaded()
    {
        QFETCH(bool, callStop);
        QCOMPARE(heldBpf().fds, 0);
        QSet<std::uint32_t> ours;
        {
            auto cpu = makeBpfCpuCollector();
            auto flows = makeBpfFlowCollector();
            QVERIFY(!cpu->start(Scope{}));
            QVERIFY(!flows->start(Scope{}));
            ours = heldBpf().programIds;
            QVERIFY(ours.size() >= 3); // one sched_switch program, at least a send and a receive hook
            int err = 0;
            int named = 0;
            for (const bpf::LoadedProgram& program : bpf::loadedPrograms(&err)) {
                if (ours.contains(program.id)) {
                    QVERIFY2(program.name.startsWith(QLatin1String("ns_")), qPrintable(program.name));
                    ++named;
                }
            }
            QCOMPARE(named, ours.size());
            if (callStop) {
                cpu->stop();
                flows->stop();
                QCOMPARE(heldBpf().fds, 0);
            }
        }
        QCOMPARE(heldBpf().fds, 0);
        QCOMPARE(stillLoaded(ours), QStringList());
    }

    // Each step fails for real through a test seam, returns its own message and leaves nothing loaded.
    void failedSteps_data()
    {
        QTest::addColumn<QString>("which");
        QTest::addColumn<QString>("prefix");
        QTest::addColumn<QString>("mentions");
        QTest::newRow("oncpu attach: unknown raw tracepoint")
            << QStringLiteral("oncpu-attach")
            << QStringLiteral("attaching oncpu failed (raw_tp/numasight_no_such_tp): ")
            << QStringLiteral("the hook does not exist");
        QTest::newRow("oncpu configure: unknown tp_btf tracepoint")
            << QStringLiteral("oncpu-configure")
            << QStringLiteral("configuring oncpu failed (tp_btf/numasight_no_such_tp): ")
            << QStringLiteral("lacks a function or BTF type");
        QTest::newRow("oncpu load: verifier rejects fentry on tcp_sendmsg")
            << QStringLiteral("oncpu-load") << QStringLiteral("loading oncpu failed (fentry/tcp_sendmsg): ")
            << QString(); // the kernel's errno (EACCES from the verifier, or EPERM) varies between releases
        QTest::newRow("netflow attach: second program on a bogus attach point")
            << QStringLiteral("netflow-attach") << QStringLiteral("attaching netflow failed (")
            << QStringLiteral(" as numasight_no_such_hook): ");
    }
    void failedSteps()
    {
        QFETCH(QString, which);
        QFETCH(QString, prefix);
        QFETCH(QString, mentions);
        std::optional<QString> error;
        if (which.startsWith(QLatin1String("oncpu"))) {
            OncpuProgram program;
            OncpuProgram::Options options;
            if (which == QLatin1String("oncpu-attach")) {
                options.hook = OncpuProgram::Hook::RawTp;
                options.rawTracepoint = "numasight_no_such_tp";
            } else if (which == QLatin1String("oncpu-configure")) {
                options.hook = OncpuProgram::Hook::TpBtf;
                options.btfTarget = "numasight_no_such_tp";
            } else {
                options.hook = OncpuProgram::Hook::TpBtf;
                options.fentryTarget = "tcp_sendmsg";
            }
            error = program.start(options);
            QVERIFY(!program.isRunning());
            QVERIFY(program.programIds().empty());
        } else {
            // The set this kernel runs (probed by Auto), with its second program sent to a bogus hook.
            NetflowProgram program;
            NetflowProgram::Options options;
            QVERIFY(!program.start(options));
            options.hooks = program.hooks();
            program.destroy();
            options.secondAttachOverride = "numasight_no_such_hook";
            error = program.start(options);
            QVERIFY(!program.isRunning());
            QVERIFY(program.programIds().empty());
        }
        QVERIFY(error.has_value());
        QVERIFY2(error->startsWith(prefix), qPrintable(*error));
        QVERIFY2(error->contains(mentions), qPrintable(*error)); // an empty `mentions` is contained
        QCOMPARE(heldBpf().fds, 0);
    }

private:
    static std::size_t countEntries(int fd)
    {
        std::vector<std::pair<oncpu_key, oncpu_value>> entries;
        return bpf::readHashMap(fd, entries) == 0 ? entries.size() : 0;
    }
};

QTEST_GUILESS_MAIN(TestBpfOncpu)
#include "tst_bpf_oncpu.moc"
