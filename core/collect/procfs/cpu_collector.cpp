// SPDX-License-Identifier: GPL-3.0-or-later
#include "proc_status.h"
#include "procfs_collectors.h"
#include "task_stat.h"
#include "warning_log.h"

#include <QHash>
#include <QSet>

#include <ctime>
#include <unistd.h>

namespace numasight {

namespace {

std::int64_t monotonicNs()
{
    timespec ts{};
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return std::int64_t(ts.tv_sec) * 1000000000 + ts.tv_nsec;
}

class ProcfsCpuCollector final : public Collector
{
public:
    explicit ProcfsCpuCollector(FsRoot root)
        : m_root(std::move(root))
    {
        const long ticks = sysconf(_SC_CLK_TCK);
        m_nsPerTick = ticks > 0 ? 1000000000ull / std::uint64_t(ticks) : 10000000ull;
    }

    QString name() const override { return QStringLiteral("procfs-cpu"); }
    CollectionMode mode() const override { return CollectionMode::Procfs; }
    std::optional<QString> start(const Scope&) override
    {
        m_threads.clear();
        m_watched.clear();
        m_lastNs = -1;
        return std::nullopt;
    }
    void stop() override {}
    std::vector<QString> takeWarnings() override { return m_warnings.take(); }

    void collect(Sample& sample, const std::vector<std::int64_t>& pids) override
    {
        const std::int64_t now = monotonicNs();
        const bool first = m_lastNs < 0;
        const std::int64_t intervalNs =
            sample.intervalNs > 0 ? sample.intervalNs : (first ? 0 : now - m_lastNs);
        m_lastNs = now;
        const double seconds = double(intervalNs) / 1e9;

        QHash<std::int64_t, ThreadState> seen;
        seen.reserve(m_threads.size());
        QSet<std::int64_t> watched;
        for (const std::int64_t pid : pids) {
            ReadOutcome listed;
            const std::vector<std::int64_t> tids = listNumericEntries(m_root.pidPath(pid, u"task"), &listed);
            if (!listed.ok()) {
                m_warnings.note(pid, u"task list", listed);
                continue;
            }
            watched.insert(pid);
            for (const std::int64_t tid : tids)
                collectThread(sample, pid, tid, first, seconds, seen);
        }
        m_threads = std::move(seen);
        m_watched = std::move(watched);
    }

private:
    struct ThreadState
    {
        std::uint64_t startTicks = 0;
        std::uint64_t cpuNs = 0;
        bool exact = false; // from schedstat; a switch of source restarts the baseline
        std::uint64_t voluntary = 0;
        std::uint64_t involuntary = 0;
    };

    void collectThread(Sample& sample, std::int64_t pid, std::int64_t tid, bool first, double seconds,
                       QHash<std::int64_t, ThreadState>& seen)
    {
        ReadOutcome read;
        const std::optional<TaskStat> stat = readTaskStat(m_root, pid, tid, &read);
        if (!stat) {
            m_warnings.note(pid, u"task stat", read);
            return;
        }
        const std::optional<Schedstat> sched = readSchedstat(m_root, pid, tid);
        const std::optional<ProcStatus> status = readProcStatus(m_root, pid, tid, &read);
        m_warnings.note(pid, u"task status", read);

        ThreadState now;
        now.startTicks = stat->startTicks;
        now.exact = sched.has_value();
        // schedstat counts nanoseconds exactly; utime+stime are sampled at the tick and lag behind.
        now.cpuNs = sched ? sched->onCpuNs : (stat->utimeTicks + stat->stimeTicks) * m_nsPerTick;
        if (status) {
            now.voluntary = status->voluntarySwitches;
            now.involuntary = status->involuntarySwitches;
        }

        ThreadCpuSample out;
        out.pid = pid;
        out.tid = tid;
        out.comm = stat->comm;
        out.lastCpu = stat->processor;
        out.voluntarySwitches = now.voluntary;
        out.involuntarySwitches = now.involuntary;
        if (status) {
            out.cpusAllowed = status->cpusAllowed.value_or(CpuSet());
            out.memsAllowed = status->memsAllowed.value_or(NodeSet());
        }

        const auto previous = m_threads.constFind(tid);
        std::optional<ThreadState> base;
        if (previous != m_threads.cend() && previous->startTicks == now.startTicks &&
            previous->exact == now.exact)
            base = *previous;
        else if (previous == m_threads.cend() && !first && m_watched.contains(pid))
            base =
                ThreadState{now.startTicks, 0, now.exact, 0, 0}; // born during the interval: all of it is new
        if (base) {
            out.cpuNs = now.cpuNs >= base->cpuNs ? now.cpuNs - base->cpuNs : 0;
            if (seconds > 0) {
                out.voluntarySwitchesPerSec =
                    double(now.voluntary >= base->voluntary ? now.voluntary - base->voluntary : 0) / seconds;
                out.involuntarySwitchesPerSec =
                    double(now.involuntary >= base->involuntary ? now.involuntary - base->involuntary : 0) /
                    seconds;
            }
        }
        if (out.cpuNs > 0 && out.lastCpu >= 0)
            out.cpuNsByCpu.emplace_back(out.lastCpu, out.cpuNs);
        seen.insert(tid, now);
        sample.threads.push_back(std::move(out));
    }

    FsRoot m_root;
    std::uint64_t m_nsPerTick = 10000000;
    QHash<std::int64_t, ThreadState> m_threads;
    QSet<std::int64_t> m_watched; // pids listed last interval: a thread new to them was born since
    std::int64_t m_lastNs = -1;
    WarningLog m_warnings;
};

} // namespace

std::unique_ptr<Collector> makeProcfsCpuCollector(const FsRoot& root)
{
    return std::make_unique<ProcfsCpuCollector>(root);
}

} // namespace numasight
