// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What several tests do with other processes: run a program to completion, start the workload child
// (tests/support/workload_child.cpp) and read a thread's allowed CPUs and CPU time as the kernel reports
// them.

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <functional>
#include <map>

namespace numasight::test {

struct ProcessRun
{
    int exitCode = -1; // -1 when it crashed or timed out
    QByteArray out;
    QByteArray err;
};

namespace detail {
// Runs `p`, already set up, to its end: stdin closed at once, so the program sees end of input, never a
// terminal.
inline ProcessRun finishProcess(QProcess& p, const QString& program, const QStringList& args, int timeoutMs)
{
    p.start(program, args);
    p.closeWriteChannel();
    ProcessRun r;
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        r.err = "timed out";
        return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}
} // namespace detail

// stdin is closed at once: the program sees end of input, never a terminal. `inChild`, when given, runs in
// the child before the program starts (a signal disposition, a limit).
inline ProcessRun runProcess(const QString& program, const QStringList& args, int timeoutMs = 120000,
                             const std::function<void()>& inChild = {})
{
    QProcess p;
    if (inChild)
        p.setChildProcessModifier(inChild);
    return detail::finishProcess(p, program, args, timeoutMs);
}

// The same with the environment the program gets instead of this process's.
inline ProcessRun runProcess(const QProcessEnvironment& environment, const QString& program,
                             const QStringList& args, int timeoutMs = 120000)
{
    QProcess p;
    p.setProcessEnvironment(environment);
    return detail::finishProcess(p, program, args, timeoutMs);
}

// The workload child: a main thread, one thread pinned to CPU 0 that spins after go(), one sleeping, and
// 64 MiB touched. It exits when its stdin closes, which the destructor does.
struct WorkloadChild
{
    QProcess process;
    std::int64_t pid = -1, spinTid = -1, sleepTid = -1;

    bool start(const QString& program)
    {
        process.start(program, {});
        if (!process.waitForStarted() || !process.waitForReadyRead(30000))
            return false;
        const QList<QByteArray> ready = process.readLine().trimmed().split(' ');
        if (ready.size() != 4 || ready[0] != "ready")
            return false;
        pid = ready[1].toLongLong();
        spinTid = ready[2].toLongLong();
        sleepTid = ready[3].toLongLong();
        return true;
    }
    void go()
    {
        process.write("go\n");
        process.waitForBytesWritten(1000);
    }
    ~WorkloadChild()
    {
        process.closeWriteChannel();
        if (!process.waitForFinished(5000))
            process.kill();
        process.waitForFinished();
    }
};

// The kernel's own view of a thread's affinity, independent of the code under test: "<gone>" when the
// thread has exited. A thread may exit between the open and the read: the kernel then fails the read
// (ESRCH) of a file it let open, so an empty status is as gone as a missing one.
inline QString cpusAllowedList(std::int64_t pid, std::int64_t tid)
{
    QFile f(QStringLiteral("/proc/%1/task/%2/status").arg(pid).arg(tid));
    if (!f.open(QIODevice::ReadOnly))
        return QStringLiteral("<gone>");
    const QByteArray status = f.readAll();
    if (status.isEmpty())
        return QStringLiteral("<gone>");
    for (const QByteArray& line : status.split('\n'))
        if (line.startsWith("Cpus_allowed_list:"))
            return QString::fromLatin1(line.mid(int(sizeof "Cpus_allowed_list:") - 1).trimmed());
    return QStringLiteral("<none>");
}

// The kernel's count of a thread's time on a CPU, in ns (schedstat); -1 when it cannot be read.
inline std::int64_t threadOnCpuNs(std::int64_t pid, std::int64_t tid)
{
    QFile f(QStringLiteral("/proc/%1/task/%2/schedstat").arg(pid).arg(tid));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    bool ok = false;
    const std::int64_t ns = f.readAll().split(' ').value(0).toLongLong(&ok);
    return ok ? ns : -1;
}

// tid → Cpus_allowed_list for every thread of `pid`.
inline std::map<std::int64_t, QString> threadAffinities(std::int64_t pid)
{
    std::map<std::int64_t, QString> out;
    const QStringList entries =
        QDir(QStringLiteral("/proc/%1/task").arg(pid)).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString& tid : entries)
        out[tid.toLongLong()] = cpusAllowedList(pid, tid.toLongLong());
    return out;
}

} // namespace numasight::test
