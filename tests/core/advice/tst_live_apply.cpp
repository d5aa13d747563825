// SPDX-License-Identifier: GPL-3.0-or-later
// Apply / Undo on a live process: the workload child (workload_child.cpp) is re-bound for real, and each
// thread's Cpus_allowed_list, the process's numa_maps and two recordings must show the change.
#include "advice/live_apply.h"
#include "capture/capture_reader.h"
#include "collect/procfs/fs_root.h"
#include "collect/procfs/numa_maps.h"
#include "support/test_process.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <grp.h>
#include <map>
#include <memory>
#include <pthread.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

using namespace numasight;
using namespace numasight::test;

namespace {

IndexSet sysList(const char* path)
{
    QFile f(QString::fromLatin1(path));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return IndexSet::fromRangeString(std::string_view(f.readAll().trimmed().constData()))
        .value_or(IndexSet{});
}

IndexSet onlineCpus()
{
    return sysList("/sys/devices/system/cpu/online");
}

IndexSet memoryNodes()
{
    IndexSet nodes = sysList("/sys/devices/system/node/has_memory");
    return nodes.isEmpty() ? IndexSet{0} : nodes;
}

std::vector<std::int64_t> tasks(std::int64_t pid)
{
    return listNumericEntries(QStringLiteral("/proc/%1/task").arg(pid));
}

bool writeFile(const QString& path, const QByteArray& text)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(text) == text.size() && f.flush();
}

std::int64_t pidMax()
{
    QFile f(QStringLiteral("/proc/sys/kernel/pid_max"));
    return f.open(QIODevice::ReadOnly) ? f.readAll().trimmed().toLongLong() : 4194304;
}

} // namespace

class TestLiveApply : public QObject
{
    Q_OBJECT
private slots:
    void planErrors_data();
    void planErrors();
    void target_data();
    void target();
    void zombieRefused();
    void zombieLeaderSkipped();
    void applyAndUndo_data();
    void applyAndUndo();
    void pages_data();
    void pages();
    void refusal();
    void rollbackMidway();
    void threadsCreatedDuringApply();
    void verify();
    void cancel_data();
    void cancel();
};

void TestLiveApply::planErrors_data()
{
    QTest::addColumn<QString>("target"); // "workload", "spin-thread", "missing", "zero"
    QTest::addColumn<QString>("cpus");
    QTest::addColumn<QString>("mems");
    QTest::addColumn<QString>("expected");
    QTest::newRow("pid that does not exist") << "missing"
                                             << "0"
                                             << ""
                                             << "no such process";
    QTest::newRow("pid 0") << "zero"
                           << "0"
                           << ""
                           << "not a process id";
    QTest::newRow("a thread id, not a process") << "spin-thread"
                                                << "0"
                                                << ""
                                                << "is a thread of process";
    QTest::newRow("empty cpus") << "workload"
                                << ""
                                << ""
                                << "no CPU given";
    QTest::newRow("CPU 4096") << "workload"
                              << "4096"
                              << ""
                              << "CPU(s) 4096 are not online";
    QTest::newRow("one good CPU, one missing") << "workload"
                                               << "0,4000-4001"
                                               << ""
                                               << "CPU(s) 4000-4001 are not online";
    QTest::newRow("node 99") << "workload"
                             << "0"
                             << "99"
                             << "NUMA node(s) 99 do not exist";
}

void TestLiveApply::planErrors()
{
    QFETCH(QString, target);
    QFETCH(QString, cpus);
    QFETCH(QString, mems);
    QFETCH(QString, expected);
    WorkloadChild w;
    QVERIFY(w.start(QStringLiteral(NUMASIGHT_TEST_WORKLOAD)));
    std::int64_t pid = w.pid;
    if (target == QLatin1String("missing"))
        pid = pidMax() + 1; // above pid_max: no process can have it
    else if (target == QLatin1String("zero"))
        pid = 0;
    else if (target == QLatin1String("spin-thread"))
        pid = w.spinTid;
    const auto before = threadAffinities(w.pid);
    const auto plan = planApply(pid, *IndexSet::fromRangeString(QStringView(cpus)),
                                *IndexSet::fromRangeString(QStringView(mems)));
    QVERIFY(!plan.ok());
    const QString message = plan.error().toString();
    QVERIFY2(message.contains(expected), qPrintable(message));
    QCOMPARE(plan.error().file, QStringLiteral("pid %1").arg(pid));
    QCOMPARE(threadAffinities(w.pid), before);
}

void TestLiveApply::applyAndUndo_data()
{
    QTest::addColumn<QString>("cpus");
    QTest::newRow("CPU 1") << "1";
    QTest::newRow("CPU 0") << "0";
    QTest::newRow("CPUs 0-1") << "0-1";
    QTest::newRow("CPUs 2-3") << "2-3";
}

void TestLiveApply::applyAndUndo()
{
    QFETCH(QString, cpus);
    const CpuSet target = *IndexSet::fromRangeString(QStringView(cpus));
    if (!target.isSubsetOf(onlineCpus()))
        QSKIP(qPrintable(
            QStringLiteral("this machine has CPUs %1, not %2").arg(onlineCpus().toRangeString(), cpus)));
    WorkloadChild w;
    QVERIFY(w.start(QStringLiteral(NUMASIGHT_TEST_WORKLOAD)));
    w.go();
    const auto before = threadAffinities(w.pid);
    QCOMPARE(before.size(), std::size_t(3));
    QCOMPARE(before.at(w.spinTid), QStringLiteral("0"));

    const auto plan = planApply(w.pid, target, {});
    QVERIFY2(plan.ok(), plan.ok() ? "" : qPrintable(plan.error().toString()));
    QCOMPARE(plan->threads.size(), std::size_t(3));
    QCOMPARE(plan->name, QStringLiteral("numasight_test_")); // comm is cut to 15 characters
    const QStringList lines = plan->describe();
    QVERIFY2(lines.join(QLatin1Char('\n'))
                 .contains(QStringLiteral("thread %1 (numasight_test_): CPUs 0").arg(w.spinTid)),
             qPrintable(lines.join(QLatin1Char('\n'))));

    const auto applied = applyPlan(*plan);
    QVERIFY2(applied.ok(), applied.ok() ? "" : qPrintable(applied.error().toString()));
    QCOMPARE(applied->applied.size(), std::size_t(3));
    for (const std::int64_t tid : tasks(w.pid))
        QCOMPARE(cpusAllowedList(w.pid, tid), target.toRangeString());
    for (const AffinityChange& c : applied->applied)
        QCOMPARE(c.before.toRangeString(), before.at(c.tid));

    const auto undone = undoApply(*applied);
    QVERIFY2(undone.ok(), undone.ok() ? "" : qPrintable(undone.error().toString()));
    QCOMPARE(threadAffinities(w.pid), before);
    QVERIFY2(undone->join(QLatin1Char('\n')).contains(QStringLiteral("CPUs 0 restored")),
             qPrintable(undone->join(QLatin1Char('\n'))));
}

void TestLiveApply::pages_data()
{
    QTest::addColumn<int>("node");
    // This machine may have one NUMA node only: then every page already is on node 0 and the row shows
    // that asking for node 0 moves nothing and loses nothing; the node 1 row needs a second node.
    QTest::newRow("node 0") << 0;
    QTest::newRow("node 1") << 1;
}

void TestLiveApply::pages()
{
    QFETCH(int, node);
    if (!memoryNodes().contains(node))
        QSKIP(qPrintable(QStringLiteral("this machine has memory on node(s) %1 only, not on node %2")
                             .arg(memoryNodes().toRangeString())
                             .arg(node)));
    WorkloadChild w;
    QVERIFY(w.start(QStringLiteral(NUMASIGHT_TEST_WORKLOAD)));
    const auto plan = planApply(w.pid, onlineCpus(), NodeSet{node});
    QVERIFY2(plan.ok(), plan.ok() ? "" : qPrintable(plan.error().toString()));
    QVERIFY(!plan->pagesBefore.empty());
    const auto applied = applyPlan(*plan);
    QVERIFY2(applied.ok(), applied.ok() ? "" : qPrintable(applied.error().toString()));
    QCOMPARE(applied->pagesNotMoved, std::int64_t(0));

    const ProcessMemorySample memory = readNumaMaps(FsRoot{}, w.pid);
    std::uint64_t onTarget = 0, elsewhere = 0;
    for (const NodePages& n : memory.nodes)
        (n.node == node ? onTarget : elsewhere) += n.anonPages;
    const std::uint64_t workloadPages = (64u << 20) / std::uint64_t(sysconf(_SC_PAGESIZE));
    QVERIFY2(onTarget >= workloadPages, qPrintable(QString::number(onTarget)));
    QCOMPARE(elsewhere, std::uint64_t(0));
    QVERIFY(undoApply(*applied).ok());
}

// Changing a process of another user must be refused before anything changes, with a message that says
// what to do.
void TestLiveApply::refusal()
{
    const CpuSet cpus{onlineCpus().last()};
    if (geteuid() != 0) {
        const auto before = threadAffinities(1);
        const auto plan = planApply(1, cpus, {});
        QVERIFY2(plan.ok(), plan.ok() ? "" : qPrintable(plan.error().toString()));
        const auto applied = applyPlan(*plan);
        QVERIFY(!applied.ok());
        QVERIFY2(applied.error().message.contains(QStringLiteral("not allowed")),
                 qPrintable(applied.error().toString()));
        QCOMPARE(threadAffinities(1), before);
        return;
    }
    WorkloadChild w;
    QVERIFY(w.start(QStringLiteral(NUMASIGHT_TEST_WORKLOAD)));
    const auto before = threadAffinities(w.pid);
    int fds[2];
    QCOMPARE(pipe(fds), 0);
    const pid_t child = fork();
    QVERIFY(child >= 0);
    if (child == 0) {
        ::close(fds[0]);
        QByteArray answer;
        const gid_t nobodyGid = 65534;
        if (setgroups(0, nullptr) != 0 || setresgid(nobodyGid, nobodyGid, nobodyGid) != 0 ||
            setresuid(65534, 65534, 65534) != 0) {
            answer = "cannot become nobody";
        } else if (const auto plan = planApply(w.pid, cpus, {}); !plan.ok()) {
            answer = "plan failed: " + plan.error().toString().toUtf8();
        } else if (const auto applied = applyPlan(*plan); applied.ok()) {
            answer = "applied";
        } else {
            answer = applied.error().toString().toUtf8();
        }
        const ssize_t written = ::write(fds[1], answer.constData(), size_t(answer.size()));
        _exit(written == answer.size() ? 0 : 1);
    }
    ::close(fds[1]);
    QByteArray answer;
    char buffer[1024];
    for (ssize_t n; (n = ::read(fds[0], buffer, sizeof buffer)) > 0;)
        answer.append(buffer, n);
    ::close(fds[0]);
    int status = 0;
    QCOMPARE(waitpid(child, &status, 0), child);
    QVERIFY(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    QVERIFY2(answer.contains("not allowed to change pid") && answer.contains("owned by user root") &&
                 answer.contains("nothing was changed"),
             answer.constData());
    QCOMPARE(threadAffinities(w.pid), before);
}

// If one thread cannot take the CPUs, the threads already changed are put back. A cpuset that holds only
// CPU 0 makes the kernel refuse CPU 1 for the last thread (EINVAL) after the first two took it.
void TestLiveApply::rollbackMidway()
{
    const QString cpusetRoot = QStringLiteral("/sys/fs/cgroup/cpuset");
    if (geteuid() != 0)
        QSKIP("needs root to make a cpuset that confines one thread");
    if (!onlineCpus().contains(0) || !onlineCpus().contains(1))
        QSKIP("needs CPUs 0 and 1: one inside the cpuset, one outside");
    if (!QFile::exists(cpusetRoot + QStringLiteral("/tasks")))
        QSKIP("no cgroup v1 cpuset hierarchy at /sys/fs/cgroup/cpuset to confine one thread in");
    WorkloadChild w;
    QVERIFY(w.start(QStringLiteral(NUMASIGHT_TEST_WORKLOAD)));
    const QString cpuset = cpusetRoot + QStringLiteral("/numasight-tst-%1").arg(getpid());
    if (!QDir().mkdir(cpuset))
        QSKIP(qPrintable(QStringLiteral("cannot create the cpuset %1").arg(cpuset)));
    auto cleanup = qScopeGuard([&] {
        writeFile(cpusetRoot + QStringLiteral("/tasks"), QByteArray::number(qint64(w.sleepTid)));
        QDir().rmdir(cpuset);
    });
    QVERIFY(writeFile(cpuset + QStringLiteral("/cpuset.mems"), QByteArray::number(memoryNodes().first())));
    QVERIFY(writeFile(cpuset + QStringLiteral("/cpuset.cpus"), "0"));
    QVERIFY(writeFile(cpuset + QStringLiteral("/tasks"), QByteArray::number(qint64(w.sleepTid))));
    // tids grow in creation order, so the confined (sleeping) thread, created last, is changed last.
    const std::vector<std::int64_t> order = tasks(w.pid);
    QCOMPARE(order.back(), w.sleepTid);
    const auto before = threadAffinities(w.pid);
    QCOMPARE(before.at(w.sleepTid), QStringLiteral("0"));

    const auto plan = planApply(w.pid, CpuSet{1}, {});
    QVERIFY2(plan.ok(), plan.ok() ? "" : qPrintable(plan.error().toString()));
    const auto applied = applyPlan(*plan);
    QVERIFY(!applied.ok());
    const QString message = applied.error().toString();
    QVERIFY2(message.contains(QStringLiteral("cannot set CPUs 1 on thread %1").arg(w.sleepTid)) &&
                 message.contains(QStringLiteral("the 2 thread(s) already changed were restored")),
             qPrintable(message));
    QCOMPARE(threadAffinities(w.pid), before);
}

// Threads that appear between the plan and the change, or while it is made, are changed too, with their
// own earlier mask kept for undo. This process is the target: one thread is created after the plan, and
// another keeps creating threads until Apply has changed it. No thread exits before the checks, so every
// listing of the task folder (Apply's and the test's) sees every thread.
void TestLiveApply::threadsCreatedDuringApply()
{
    const IndexSet online = onlineCpus();
    if (online.count() < 2)
        QSKIP("needs two CPUs so that the new mask differs from the old one");
    const std::int64_t self = getpid();
    const auto initial = threadAffinities(self);
    const CpuSet target{online.last()};
    const QString targetCpus = target.toRangeString();
    const auto plan = planApply(self, target, {});
    QVERIFY2(plan.ok(), plan.ok() ? "" : qPrintable(plan.error().toString()));

    // Each created thread, with its creator's mask (the kernel's view) just before and just after creating
    // it: a thread inherits the mask its creator has when the kernel copies it, early in the creation.
    struct Created
    {
        std::thread thread;
        std::atomic<std::int64_t> tid{0};
        bool creatorChangedBefore = false;
        bool creatorChangedAfter = false;
    };
    std::vector<std::unique_ptr<Created>> created;
    std::atomic_bool release{false};
    std::atomic_bool creating{true};
    std::atomic<std::int64_t> lateTid{0}, creatorTid{0};
    const auto waitForRelease = [&release] {
        while (!release)
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
    };
    std::thread late([&] {
        lateTid = gettid();
        waitForRelease();
    });
    std::thread creator([&] {
        creatorTid = gettid();
        // Bounded, so that it ends even if Apply never reaches it.
        constexpr std::size_t kMaxThreads = 200;
        while (created.size() < kMaxThreads && !release) {
            auto c = std::make_unique<Created>();
            c->creatorChangedBefore = cpusAllowedList(self, gettid()) == targetCpus;
            Created* raw = c.get();
            c->thread = std::thread([raw, &waitForRelease] {
                raw->tid = gettid();
                waitForRelease();
            });
            c->creatorChangedAfter = cpusAllowedList(self, gettid()) == targetCpus;
            created.push_back(std::move(c));
            if (created.back()->creatorChangedAfter)
                break;
            std::this_thread::sleep_for(std::chrono::microseconds(200));
        }
        creating = false;
        waitForRelease();
        for (const auto& c : created)
            c->thread.join();
    });
    auto joinAll = qScopeGuard([&] {
        release = true;
        late.join();
        creator.join();
    });
    while (lateTid == 0 || creatorTid == 0)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));

    const auto applied = applyPlan(*plan);
    QVERIFY2(applied.ok(), applied.ok() ? "" : qPrintable(applied.error().toString()));
    while (creating)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    for (const auto& c : created)
        while (c->tid == 0)
            std::this_thread::sleep_for(std::chrono::milliseconds(1));

    std::map<std::int64_t, const AffinityChange*> changed;
    for (const AffinityChange& c : applied->applied) {
        changed.emplace(c.tid, &c);
        QCOMPARE(c.after, target);
    }
    const auto lateChange = changed.find(lateTid);
    QVERIFY2(lateChange != changed.end(), "the thread created after the plan was not changed");
    QCOMPARE(lateChange->second->before.toRangeString(), initial.at(self));
    QVERIFY2(changed.count(creatorTid), "the thread creating threads during Apply was not changed");
    // Every thread of the process has the new CPUs now, with one exception the kernel makes: a thread whose
    // creation was under way when its creator was changed copied the creator's old mask, and it joins the
    // task list only when its creation completes, which may be after Apply's last look at that list.
    // Threads created before their creator was changed were listed by then, so Apply changed them; threads
    // created after it inherited the new mask.
    std::map<std::int64_t, const Created*> byTid;
    for (const auto& c : created)
        byTid.emplace(c->tid.load(), c.get());
    int checked = 0;
    for (const auto& [tid, cpus] : threadAffinities(self)) {
        const auto c = byTid.find(tid);
        const bool underWay =
            c != byTid.end() && !c->second->creatorChangedBefore && c->second->creatorChangedAfter;
        if (underWay && !changed.count(tid))
            continue;
        if (c != byTid.end() && !c->second->creatorChangedAfter)
            QVERIFY2(changed.count(tid),
                     qPrintable(QStringLiteral("thread %1, created before its creator was "
                                               "changed, was not changed")
                                    .arg(tid)));
        QVERIFY2(cpus == targetCpus, qPrintable(QStringLiteral("thread %1: CPUs %2").arg(tid).arg(cpus)));
        ++checked;
    }
    QVERIFY(checked >= 3); // this thread, the late one and the creator at least

    joinAll.dismiss();
    release = true;
    late.join();
    creator.join();
    const auto undone = undoApply(*applied);
    QVERIFY2(undone.ok(), undone.ok() ? "" : qPrintable(undone.error().toString()));
    QCOMPARE(cpusAllowedList(self, self), initial.at(self));
}

// A diff of two recordings of the child before and after re-binding shows the change.
void TestLiveApply::verify()
{
    if (!onlineCpus().contains(0) || !onlineCpus().contains(1))
        QSKIP("needs CPUs 0 and 1 to move the spinning thread from one to the other");
    WorkloadChild w;
    QVERIFY(w.start(QStringLiteral(NUMASIGHT_TEST_WORKLOAD)));
    w.go();
    const auto plan = planApply(w.pid, CpuSet{1}, {});
    QVERIFY2(plan.ok(), plan.ok() ? "" : qPrintable(plan.error().toString()));
    QTemporaryDir dir;
    std::vector<double> reported;
    Progress progress;
    progress.report = [&reported](double f) { reported.push_back(f); };
    const auto run = applyAndVerify(*plan, 1'500'000'000, dir.path(), progress);
    QVERIFY2(run.ok(), run.ok() ? "" : qPrintable(run.error().toString()));
    auto undo = qScopeGuard([&run] { undoApply(run->result); });
    QVERIFY(!run->cancelled);
    QVERIFY(QFile::exists(run->beforePath) && QFile::exists(run->afterPath));
    QVERIFY(std::is_sorted(reported.begin(), reported.end()));
    QVERIFY(std::find(reported.begin(), reported.end(), 0.5) != reported.end());
    QCOMPARE(reported.back(), 1.0);
    QCOMPARE(cpusAllowedList(w.pid, w.spinTid), QStringLiteral("1"));

    // The recordings themselves: the spinning thread ran on CPU 0 before and on CPU 1 after.
    auto cpusOfSpinner = [&w](const Capture& capture) {
        IndexSet seen;
        for (const SamplePtr& s : capture.samples)
            for (const ThreadCpuSample& t : s->threads)
                if (t.tid == w.spinTid && t.cpuNs > 0)
                    for (const auto& [cpu, ns] : t.cpuNsByCpu)
                        if (ns > 0)
                            seen.insert(cpu);
        return seen;
    };
    QVERIFY(run->before && run->after);
    QCOMPARE(cpusOfSpinner(*run->before), IndexSet{0});
    QCOMPARE(cpusOfSpinner(*run->after), IndexSet{1});

    QVERIFY(run->diff);
    const LocalityChange* spinner = nullptr;
    for (const LocalityChange& t : run->diff->threads)
        if (t.tidA == w.spinTid && t.tidB == w.spinTid)
            spinner = &t;
    QVERIFY2(spinner, "the spinning thread is not in the diff");
    QCOMPARE(spinner->cpusAllowedA, QStringLiteral("0"));
    QCOMPARE(spinner->cpusAllowedB, QStringLiteral("1"));
    if (memoryNodes().count() == 1) {
        // CPUs 0 and 1 are on the one node: the per-node shares cannot differ, only the CPUs above did.
        QCOMPARE(spinner->cpuSharesA, spinner->cpuSharesB);
    }
    QVERIFY(run->measuredBefore && run->measuredAfter);
    QCOMPARE(run->measuredBefore->pid, w.pid);
}

void TestLiveApply::cancel_data()
{
    // Cancelled when progress goes past `cancelAfter` (< 0: from the start); progress passes 0.5 only once
    // the change is applied and the second recording has taken its first sample.
    QTest::addColumn<double>("cancelAfter");
    QTest::addColumn<qint64>("periodNs");
    QTest::addColumn<bool>("expectApplied");
    QTest::newRow("during the first recording") << -1.0 << qint64(5'000'000'000) << false;
    QTest::newRow("once applied") << 0.5 << qint64(1'000'000'000) << true;
}

void TestLiveApply::cancel()
{
    QFETCH(double, cancelAfter);
    QFETCH(qint64, periodNs);
    QFETCH(bool, expectApplied);
    WorkloadChild w;
    QVERIFY(w.start(QStringLiteral(NUMASIGHT_TEST_WORKLOAD)));
    const auto before = threadAffinities(w.pid);
    const CpuSet target{onlineCpus().last()};
    const auto plan = planApply(w.pid, target, {});
    QVERIFY2(plan.ok(), plan.ok() ? "" : qPrintable(plan.error().toString()));
    auto flag = std::make_shared<std::atomic_bool>(cancelAfter < 0);
    Progress progress = Progress::withFlag(flag);
    progress.report = [flag, cancelAfter](double f) {
        if (f > cancelAfter)
            flag->store(true);
    };
    QTemporaryDir dir;
    const auto run = applyAndVerify(*plan, periodNs, dir.path(), progress);
    // A recording stops at the first look at the cancel flag instead of running out its period: the one
    // cancelled holds no sample after the one it was taking.
    const auto samplesIn = [&dir](const char* name) -> qsizetype {
        const auto capture = readCaptureFile(dir.filePath(QLatin1String(name)));
        return capture.ok() ? qsizetype(capture.value()->samples.size()) : -1;
    };
    if (!expectApplied) {
        QVERIFY(!run.ok());
        QVERIFY(run.error().cancelled);
        QCOMPARE(threadAffinities(w.pid), before);
        QCOMPARE(samplesIn("before.numasight"), qsizetype(0));
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("after.numasight"))));
        return;
    }
    QVERIFY2(run.ok(), run.ok() ? "" : qPrintable(run.error().toString()));
    QVERIFY(run->cancelled);
    QVERIFY(!run->diff);
    QCOMPARE(run->result.applied.size(), std::size_t(3));
    for (const std::int64_t tid : tasks(w.pid))
        QCOMPARE(cpusAllowedList(w.pid, tid), target.toRangeString());
    QCOMPARE(samplesIn("after.numasight"), qsizetype(1));
    QVERIFY(undoApply(run->result).ok());
    QCOMPARE(threadAffinities(w.pid), before);
}

// A stat line as the kernel writes it: pid, (comm), state, ppid, pgrp, session, tty, tpgid, flags, then the
// counters up to the last CPU.
QByteArray statLine(std::int64_t pid, const QByteArray& comm, char state, std::int64_t ppid, quint64 flags)
{
    return QByteArray::number(pid) + " (" + comm + ") " + state + ' ' + QByteArray::number(ppid) + ' ' +
           QByteArray::number(pid) + ' ' + QByteArray::number(pid) + " 0 -1 " + QByteArray::number(flags) +
           " 0 0 0 0 10 20 0 0 20 0 1 0 100 0 0 18446744073709551615 0 0 0 0 0 0 0 0 0 0 0 0 17 3 0 0 0 0 "
           "0\n";
}

void TestLiveApply::target_data()
{
    QTest::addColumn<qint64>("pid");
    QTest::addColumn<QByteArray>("stat");      // proc/<pid>/stat; empty: no such file
    QTest::addColumn<QByteArrayList>("tasks"); // proc/<pid>/task/<tid>/stat, tid = pid + index
    QTest::addColumn<int>("expected");         // ApplyTarget
    const quint64 kthread = 0x00200040;        // PF_KTHREAD | PF_FORKNOEXEC, as kworkers have
    const quint64 user = 0x00400100;           // PF_RANDOMIZE | PF_SUPERPRIV
    QTest::newRow("ordinary process")
        << qint64(4242) << statLine(4242, "python3", 'S', 4000, user)
        << QByteArrayList{statLine(4242, "python3", 'S', 4000, user)} << int(ApplyTarget::Ordinary);
    QTest::newRow("pid 1") << qint64(1) << statLine(1, "systemd", 'S', 0, user)
                           << QByteArrayList{statLine(1, "systemd", 'S', 0, user)} << int(ApplyTarget::Init);
    QTest::newRow("kthreadd") << qint64(2) << statLine(2, "kthreadd", 'S', 0, kthread) << QByteArrayList{}
                              << int(ApplyTarget::KernelThread);
    QTest::newRow("kworker by its flags")
        << qint64(812) << statLine(812, "kworker/3:1H-kblockd", 'I', 2, kthread) << QByteArrayList{}
        << int(ApplyTarget::KernelThread);
    QTest::newRow("child of kthreadd, flags unread") << qint64(813) << statLine(813, "ksoftirqd/3", 'S', 2, 0)
                                                     << QByteArrayList{} << int(ApplyTarget::KernelThread);
    QTest::newRow("kernel thread with a user-like name")
        << qint64(814) << statLine(814, "python3", 'S', 2, kthread) << QByteArrayList{}
        << int(ApplyTarget::KernelThread);
    QTest::newRow("zombie") << qint64(5000) << statLine(5000, "worker", 'Z', 4000, user)
                            << QByteArrayList{statLine(5000, "worker", 'Z', 4000, user)}
                            << int(ApplyTarget::Zombie);
    // A leader that called pthread_exit is Z while its other threads run: the process is alive.
    QTest::newRow("zombie leader, live threads") << qint64(5100) << statLine(5100, "server", 'Z', 4000, user)
                                                 << QByteArrayList{statLine(5100, "server", 'Z', 4000, user),
                                                                   statLine(5101, "server", 'R', 4000, user)}
                                                 << int(ApplyTarget::Ordinary);
    QTest::newRow("comm with ') Z 2 '") << qint64(5200) << statLine(5200, "a) Z 2 (b", 'S', 4000, user)
                                        << QByteArrayList{} << int(ApplyTarget::Ordinary);
    QTest::newRow("no stat") << qint64(5300) << QByteArray() << QByteArrayList{} << int(ApplyTarget::Unknown);
}

void TestLiveApply::target()
{
    QFETCH(qint64, pid);
    QFETCH(QByteArray, stat);
    QFETCH(QByteArrayList, tasks);
    QFETCH(int, expected);
    QTemporaryDir root;
    QVERIFY(root.isValid());
    const QString dir = root.filePath(QStringLiteral("proc/%1").arg(pid));
    QVERIFY(QDir().mkpath(dir + QStringLiteral("/task")));
    if (!stat.isEmpty())
        QVERIFY(writeFile(dir + QStringLiteral("/stat"), stat));
    for (qsizetype i = 0; i < tasks.size(); ++i) {
        const QString task = dir + QStringLiteral("/task/%1").arg(pid + i);
        QVERIFY(QDir().mkpath(task));
        QVERIFY(writeFile(task + QStringLiteral("/stat"), tasks[i]));
    }
    QCOMPARE(int(applyTarget(FsRoot{root.path()}, pid)), expected);
}

void TestLiveApply::zombieRefused()
{
    // A child that exits and is not waited for stays a zombie until this test collects it.
    const pid_t child = ::fork();
    if (child == 0)
        ::_exit(0);
    QVERIFY(child > 0);
    auto reap = qScopeGuard([child] { ::waitpid(child, nullptr, 0); });
    QTRY_COMPARE_WITH_TIMEOUT(int(applyTarget(FsRoot{}, child)), int(ApplyTarget::Zombie), 10000);
    const auto planned = planApply(child, onlineCpus(), {});
    QVERIFY(!planned);
    QVERIFY2(planned.error().toString().contains(QStringLiteral("pid %1: ").arg(child)) &&
                 planned.error().toString().contains(QStringLiteral("is a zombie")),
             qPrintable(planned.error().toString()));
    // pid 1 is refused without force whatever it runs; with force only the usual checks remain.
    const auto init = planApply(1, onlineCpus(), {});
    QVERIFY(!init);
    QVERIFY2(init.error().toString().contains(QStringLiteral("is init")),
             qPrintable(init.error().toString()));
    QVERIFY2(init.error().toString().contains(QStringLiteral("--force")),
             qPrintable(init.error().toString()));
    ApplyOptions force;
    force.force = true;
    const auto forced = planApply(1, onlineCpus(), {}, force);
    QVERIFY2(forced || !forced.error().toString().contains(QStringLiteral("is init")),
             qPrintable(forced ? QString() : forced.error().toString()));
}

void TestLiveApply::zombieLeaderSkipped()
{
    // A process whose main thread called pthread_exit: the leader is a zombie, its other thread runs on.
    // The process is planned (it is alive), the zombie thread is left out with a note.
    const pid_t child = ::fork();
    if (child == 0) {
        pthread_t sleeper;
        ::pthread_create(
            &sleeper, nullptr,
            [](void*) -> void* {
                ::sleep(60);
                ::_exit(0);
            },
            nullptr);
        // The raw exit of this thread alone: pthread_exit would run the destructors this fork inherited.
        ::syscall(SYS_exit, 0);
    }
    QVERIFY(child > 0);
    auto reap = qScopeGuard([child] {
        ::kill(child, SIGKILL);
        ::waitpid(child, nullptr, 0);
    });
    QTRY_VERIFY_WITH_TIMEOUT(
        [&] {
            QFile f(QStringLiteral("/proc/%1/stat").arg(child));
            return f.open(QIODevice::ReadOnly) && f.readAll().contains(") Z ") && tasks(child).size() == 2;
        }(),
        10000);
    QCOMPARE(int(applyTarget(FsRoot{}, child)), int(ApplyTarget::Ordinary));
    const auto planned = planApply(child, onlineCpus(), {});
    QVERIFY2(planned, qPrintable(planned ? QString() : planned.error().toString()));
    QCOMPARE(planned.value().threads.size(), size_t(1));
    QVERIFY(planned.value().threads.front().tid != child);
    QCOMPARE(planned.value().notes.size(), 1);
    QVERIFY2(planned.value().notes.front().contains(QStringLiteral("thread %1 ").arg(child)) &&
                 planned.value().notes.front().contains(QStringLiteral("zombie")),
             qPrintable(planned.value().notes.front()));
    QVERIFY(planned.value().describe().last().startsWith(QStringLiteral("note: ")));
}

QTEST_GUILESS_MAIN(TestLiveApply)
#include "tst_live_apply.moc"
