// SPDX-License-Identifier: GPL-3.0-or-later
// `numasight-cli apply` end to end on the workload child (tests/core/workload_child.cpp): the binary as a
// user runs it, its exit codes, and each thread's Cpus_allowed_list as the kernel reports it.
#include "support/test_process.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QScopeGuard>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <map>
#include <sys/wait.h>
#include <unistd.h>

using namespace numasight::test;

namespace {

ProcessRun cli(const QStringList& args)
{
    return runProcess(QStringLiteral(NUMASIGHT_CLI), QStringList{QStringLiteral("apply")} + args);
}

QString onlineCpus()
{
    QFile f(QStringLiteral("/sys/devices/system/cpu/online"));
    return f.open(QIODevice::ReadOnly) ? QString::fromLatin1(f.readAll().trimmed()) : QStringLiteral("0");
}

// A kernel thread this process can see (PF_KTHREAD in /proc/PID/stat), or 0 inside a PID namespace that has
// none.
std::int64_t someKernelThread()
{
    for (const QString& entry : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs)) {
        bool ok = false;
        const qint64 pid = entry.toLongLong(&ok);
        if (!ok || pid <= 2)
            continue;
        QFile f(QStringLiteral("/proc/%1/stat").arg(pid));
        if (!f.open(QIODevice::ReadOnly))
            continue;
        const QByteArray stat = f.readAll();
        const QList<QByteArray> fields = stat.mid(stat.lastIndexOf(')') + 2).split(' ');
        if (fields.size() > 6 && (fields[6].toULongLong() & 0x00200000) != 0)
            return pid;
    }
    return 0;
}

// The last online CPU, as text: a target every machine has.
QString lastCpu()
{
    const QString online = onlineCpus();
    const QString tail = online.section(QLatin1Char(','), -1);
    return tail.section(QLatin1Char('-'), -1);
}

} // namespace

class TestCliApply : public QObject
{
    Q_OBJECT
private slots:
    void applyYes();
    void json();
    void dryRun();
    void badArguments_data();
    void badArguments();
    void guards_data();
    void guards();
    void noTerminal();
    void refusedAsNobody();
    void verify();
};

void TestCliApply::guards_data()
{
    QTest::addColumn<QString>("target"); // "init", "kthread", "zombie"
    QTest::addColumn<bool>("force");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message"); // in stderr (refusals) or stdout (plans)
    QTest::newRow("pid 1") << "init" << false << 1 << "pid 1: ";
    QTest::newRow("pid 1, forced") << "init" << true << 0 << "Dry run: nothing was changed.";
    QTest::newRow("kernel thread") << "kthread" << false << 1 << "is a kernel thread";
    QTest::newRow("kernel thread, forced") << "kthread" << true << 0 << "Dry run: nothing was changed.";
    QTest::newRow("zombie") << "zombie" << false << 1 << "is a zombie";
    QTest::newRow("zombie, forced") << "zombie" << true << 1 << "is a zombie";
}

// Refusals are checked with --dry-run: should a guard ever fail, nothing is changed all the same.
void TestCliApply::guards()
{
    QFETCH(QString, target);
    QFETCH(bool, force);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    std::int64_t pid = 1;
    pid_t zombie = 0;
    if (target == QLatin1String("kthread")) {
        pid = someKernelThread();
        if (pid == 0)
            QSKIP("no kernel thread is visible here (a PID namespace)");
    } else if (target == QLatin1String("zombie")) {
        zombie = ::fork();
        if (zombie == 0)
            ::_exit(0);
        QVERIFY(zombie > 0);
        pid = zombie;
    }
    auto reap = qScopeGuard([zombie] {
        if (zombie > 0)
            ::waitpid(zombie, nullptr, 0);
    });
    if (zombie > 0) {
        // Until the child has exited it is an ordinary process.
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                QFile f(QStringLiteral("/proc/%1/stat").arg(zombie));
                return f.open(QIODevice::ReadOnly) && f.readAll().contains(") Z ");
            }(),
            10000);
    }
    QStringList args{QString::number(pid), QStringLiteral("--cpus"), onlineCpus(),
                     QStringLiteral("--dry-run")};
    if (force)
        args << QStringLiteral("--force");
    const ProcessRun r = cli(args);
    QVERIFY2(r.exitCode == exitCode, r.err.constData());
    if (exitCode == 0) {
        QVERIFY2(r.out.contains(message.toUtf8()), r.out.constData());
        QVERIFY2(r.out.contains(QStringLiteral("pid %1 (").arg(pid).toUtf8()), r.out.constData());
        return;
    }
    QVERIFY2(r.err.contains(message.toUtf8()), r.err.constData());
    QVERIFY2(r.err.contains(QStringLiteral("pid %1: ").arg(pid).toUtf8()), r.err.constData());
    QCOMPARE(r.err.count('\n'), 1);
    if (target != QLatin1String("zombie"))
        QVERIFY2(r.err.contains("--force"), r.err.constData());
}

// Applies, then runs the printed undo lines with the real taskset: they must give each thread its own
// CPUs back.
void TestCliApply::applyYes()
{
    WorkloadChild w;
    QVERIFY(w.start(QStringLiteral(NUMASIGHT_TEST_WORKLOAD)));
    const auto before = threadAffinities(w.pid);
    QCOMPARE(before.size(), std::size_t(3));
    const ProcessRun r =
        cli({QString::number(w.pid), QStringLiteral("--cpus"), lastCpu(), QStringLiteral("--yes")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    for (const auto& [tid, cpus] : threadAffinities(w.pid))
        QCOMPARE(cpus, lastCpu());
    QVERIFY2(r.out.contains("Applied to 3 thread(s)"), r.out.constData());
    const QByteArray spinUndo = QStringLiteral("taskset -cp 0 %1\n").arg(w.spinTid).toUtf8();
    QVERIFY2(r.out.contains(spinUndo), r.out.constData());

    const QString taskset = QStandardPaths::findExecutable(QStringLiteral("taskset"));
    if (taskset.isEmpty())
        QSKIP("taskset (util-linux) is not installed: the printed undo lines cannot be run");
    int undoLines = 0;
    for (const QByteArray& line : r.out.split('\n')) {
        const QByteArray command = line.trimmed();
        if (!command.startsWith("taskset -cp "))
            continue;
        ++undoLines;
        const ProcessRun undo =
            runProcess(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), QString::fromUtf8(command)});
        QVERIFY2(undo.exitCode == 0, undo.err.constData());
    }
    QCOMPARE(undoLines, 3);
    QCOMPARE(threadAffinities(w.pid), before);
}

void TestCliApply::json()
{
    WorkloadChild w;
    QVERIFY(w.start(QStringLiteral(NUMASIGHT_TEST_WORKLOAD)));
    const auto before = threadAffinities(w.pid);
    const ProcessRun r =
        cli({QString::number(w.pid), QStringLiteral("--cpus"), lastCpu(), QStringLiteral("--mems"),
             QStringLiteral("0"), QStringLiteral("--yes"), QStringLiteral("--json")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonObject o = QJsonDocument::fromJson(r.out).object();
    QVERIFY2(!o.isEmpty(), r.out.constData());
    QCOMPARE(o[u"pid"].toInteger(), w.pid);
    QCOMPARE(o[u"cpus"].toString(), lastCpu());
    const QJsonObject result = o[u"result"].toObject();
    QCOMPARE(result[u"applied"].toArray().size(), 3);
    QCOMPARE(result[u"pages_not_moved"].toInteger(), 0);
    QCOMPARE(result[u"undo"].toArray().size(), 3);
    // Node 0 holds every page on a one-node machine, and after the move on any machine.
    QVERIFY(result[u"pages_after"].toObject()[u"0"].toInteger() > 0);
    for (const QJsonValue& a : result[u"applied"].toArray())
        QCOMPARE(a[u"before"].toString(), before.at(a[u"tid"].toInteger()));
}

void TestCliApply::dryRun()
{
    WorkloadChild w;
    QVERIFY(w.start(QStringLiteral(NUMASIGHT_TEST_WORKLOAD)));
    const auto before = threadAffinities(w.pid);
    const ProcessRun r =
        cli({QString::number(w.pid), QStringLiteral("--cpus"), lastCpu(), QStringLiteral("--dry-run")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY2(r.out.contains("Dry run: nothing was changed"), r.out.constData());
    QVERIFY2(r.out.contains(QStringLiteral("thread %1").arg(w.spinTid).toUtf8()), r.out.constData());
    QCOMPARE(threadAffinities(w.pid), before);
}

void TestCliApply::badArguments_data()
{
    QTest::addColumn<QStringList>("args"); // PID is replaced by the workload's pid
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message");
    QTest::newRow("nothing") << QStringList{} << 2 << "usage: numasight-cli apply";
    QTest::newRow("no --cpus") << QStringList{"PID", "--yes"} << 2 << "usage: numasight-cli apply";
    QTest::newRow("two pids") << QStringList{"PID", "PID", "--cpus", "0", "--yes"} << 2 << "usage:";
    QTest::newRow("pid not a number")
        << QStringList{"abc", "--cpus", "0", "--yes"} << 2 << "PID must be a process id above 0, not 'abc'";
    QTest::newRow("pid 0") << QStringList{"0", "--cpus", "0", "--yes"} << 2 << "not '0'";
    QTest::newRow("negative pid") << QStringList{"--yes", "--cpus", "0", "--", "-5"} << 2 << "not '-5'";
    QTest::newRow("cpus open range") << QStringList{"PID", "--cpus", "1-", "--yes"} << 2
                                     << "--cpus takes a CPU list such as 0-3,8, not '1-'";
    QTest::newRow("cpus empty") << QStringList{"PID", "--cpus", "", "--yes"} << 2 << "--cpus takes";
    QTest::newRow("cpus words") << QStringList{"PID", "--cpus", "all", "--yes"} << 2 << "not 'all'";
    QTest::newRow("mems bad") << QStringList{"PID", "--cpus", "0", "--mems", "0;1", "--yes"} << 2
                              << "--mems takes a NUMA node list";
    QTest::newRow("verify bad") << QStringList{"PID", "--cpus", "0", "--verify", "soon", "--yes"} << 2
                                << "--verify:";
    QTest::newRow("dir without verify") << QStringList{"PID", "--cpus", "0", "--dir", "/tmp", "--yes"} << 2
                                        << "--dir is where --verify keeps";
    QTest::newRow("unknown option") << QStringList{"PID", "--cpus", "0", "--forcibly"} << 2 << "forcibly";
    // Well-formed, but this machine has no such CPU or node, or no such process: the plan fails (1).
    QTest::newRow("CPU 4096") << QStringList{"PID", "--cpus", "4096", "--yes"} << 1
                              << "CPU(s) 4096 are not online";
    QTest::newRow("node 99") << QStringList{"PID", "--cpus", "0", "--mems", "99", "--yes"} << 1
                             << "NUMA node(s) 99 do not exist";
    QTest::newRow("no such process") << QStringList{"999999999", "--cpus", "0", "--yes"} << 1
                                     << "pid 999999999: no such process";
}

void TestCliApply::badArguments()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    WorkloadChild w;
    QVERIFY(w.start(QStringLiteral(NUMASIGHT_TEST_WORKLOAD)));
    const auto before = threadAffinities(w.pid);
    args.replaceInStrings(QStringLiteral("PID"), QString::number(w.pid));
    const ProcessRun r = cli(args);
    QCOMPARE(r.exitCode, exitCode);
    QVERIFY2(r.err.contains(message.toUtf8()), r.err.constData());
    QCOMPARE(threadAffinities(w.pid), before);
}

void TestCliApply::noTerminal()
{
    WorkloadChild w;
    QVERIFY(w.start(QStringLiteral(NUMASIGHT_TEST_WORKLOAD)));
    const auto before = threadAffinities(w.pid);
    const ProcessRun r = cli({QString::number(w.pid), QStringLiteral("--cpus"), lastCpu()});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains("not a terminal") && r.err.contains("--yes"), r.err.constData());
    QCOMPARE(threadAffinities(w.pid), before);
}

void TestCliApply::refusedAsNobody()
{
    if (geteuid() != 0)
        QSKIP("needs root to run numasight-cli as user nobody against a root-owned process");
    const QString setpriv = QStandardPaths::findExecutable(QStringLiteral("setpriv"));
    if (setpriv.isEmpty())
        QSKIP("setpriv (util-linux) is not installed");
    const QStringList asNobody{QStringLiteral("--reuid=65534"), QStringLiteral("--regid=65534"),
                               QStringLiteral("--clear-groups"), QStringLiteral(NUMASIGHT_CLI)};
    if (runProcess(setpriv, asNobody + QStringList{QStringLiteral("--version")}).exitCode != 0)
        QSKIP("the build folder is not accessible to user nobody");
    WorkloadChild w;
    QVERIFY(w.start(QStringLiteral(NUMASIGHT_TEST_WORKLOAD)));
    const auto before = threadAffinities(w.pid);
    const ProcessRun r = runProcess(
        setpriv, asNobody + QStringList{QStringLiteral("apply"), QString::number(w.pid),
                                        QStringLiteral("--cpus"), lastCpu(), QStringLiteral("--yes")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(QStringLiteral("pid %1: not allowed to change pid %1 (owned by user root)")
                                .arg(w.pid)
                                .toUtf8()) &&
                 r.err.contains("CAP_SYS_NICE") && r.err.contains("nothing was changed"),
             r.err.constData());
    QCOMPARE(threadAffinities(w.pid), before);
}

void TestCliApply::verify()
{
    WorkloadChild w;
    QVERIFY(w.start(QStringLiteral(NUMASIGHT_TEST_WORKLOAD)));
    w.process.write("go\n");
    w.process.waitForBytesWritten(1000);
    QTemporaryDir dir;
    const ProcessRun r =
        cli({QString::number(w.pid), QStringLiteral("--cpus"), lastCpu(), QStringLiteral("--verify"),
             QStringLiteral("1s"), QStringLiteral("--dir"), dir.path(), QStringLiteral("--yes")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY2(r.out.contains("Measured before:") && r.out.contains("Measured after:"), r.out.constData());
    QVERIFY(QFile::exists(dir.filePath(QStringLiteral("before.numasight"))));
    QVERIFY(QFile::exists(dir.filePath(QStringLiteral("after.numasight"))));
    QVERIFY2(r.out.contains(QStringLiteral("taskset -cp 0 %1").arg(w.spinTid).toUtf8()), r.out.constData());
    // The spinning thread's time, pinned to CPU 0 before, is on the target CPU after.
    QVERIFY2(r.out.contains(QStringLiteral("thread %1 (numasight_test_): CPUs 0 before, CPUs %2 after")
                                .arg(w.spinTid)
                                .arg(lastCpu())
                                .toUtf8()),
             r.out.constData());
}

QTEST_GUILESS_MAIN(TestCliApply)
#include "tst_cli_apply.moc"
