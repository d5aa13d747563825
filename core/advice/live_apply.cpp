// SPDX-License-Identifier: GPL-3.0-or-later
#include "advice/live_apply.h"

#include "collect/procfs/fs_root.h"
#include "collect/procfs/numa_maps.h"
#include "collect/procfs/proc_status.h"
#include "collect/procfs/task_stat.h"
#include "readers/open_input.h"
#include "record/recorder.h"
#include "util/printable_text.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QSet>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <map>
#include <numa.h>
#include <pwd.h>
#include <sched.h>
#include <sys/stat.h>
#include <unistd.h>

namespace numasight {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(numasight::LiveApply)
};
} // namespace

namespace {

const FsRoot kLive; // Apply changes this machine only: a fake root could not be changed anyway

QString pidLabel(std::int64_t pid)
{
    return Tr::tr("pid %1").arg(pid);
}

LoadError pidError(std::int64_t pid, const QString& message)
{
    LoadError e;
    e.file = pidLabel(pid);
    e.message = message;
    return e;
}

QString errnoText(int error)
{
    return QString::fromLocal8Bit(std::strerror(error));
}

// A kernel CPU mask as sched_{get,set}affinity take it. Its size must cover the kernel's nr_cpu_ids or
// sched_getaffinity fails with EINVAL, so it starts at the possible CPUs and grows on EINVAL.
class KernelMask
{
public:
    explicit KernelMask(int bits)
        : m_words(std::size_t(std::max(bits, 64) + 63) / 64, 0)
    {
    }
    static KernelMask from(const CpuSet& set, int bits)
    {
        KernelMask m(std::max(bits, set.last() + 1));
        set.forEach([&m](int cpu) { m.m_words[std::size_t(cpu) / 64] |= std::uint64_t(1) << (cpu % 64); });
        return m;
    }
    CpuSet toSet() const
    {
        CpuSet set;
        for (std::size_t w = 0; w < m_words.size(); ++w)
            for (int b = 0; b < 64; ++b)
                if (m_words[w] & (std::uint64_t(1) << b))
                    set.insert(int(w * 64) + b);
        return set;
    }
    int bits() const { return int(m_words.size() * 64); }
    std::size_t bytes() const { return m_words.size() * sizeof(std::uint64_t); }
    cpu_set_t* data() { return reinterpret_cast<cpu_set_t*>(m_words.data()); }
    const cpu_set_t* data() const { return reinterpret_cast<const cpu_set_t*>(m_words.data()); }

private:
    std::vector<std::uint64_t> m_words;
};

std::optional<IndexSet> readSysList(const QString& relative)
{
    const FileText f = readFileText(kLive.sys(relative));
    if (f.status != ReadStatus::Ok)
        return std::nullopt;
    return IndexSet::fromRangeString(std::string_view(f.text.trimmed().constData()));
}

int possibleCpuBits()
{
    if (const auto possible = readSysList(QStringLiteral("devices/system/cpu/possible")))
        if (!possible->isEmpty())
            return possible->last() + 1;
    return CPU_SETSIZE;
}

// The CPUs a thread may be given: the online ones (sched_setaffinity ignores offline CPUs and refuses a
// mask of only those).
CpuSet machineCpus()
{
    if (const auto online = readSysList(QStringLiteral("devices/system/cpu/online")))
        if (!online->isEmpty())
            return *online;
    const int configured = numa_num_configured_cpus();
    return configured > 0 ? IndexSet::range(0, configured - 1) : IndexSet{};
}

// Nodes pages can be moved to: those with memory (a CPU-only node holds no page), else the online ones.
NodeSet machineMemoryNodes()
{
    if (const auto memory = readSysList(QStringLiteral("devices/system/node/has_memory")))
        if (!memory->isEmpty())
            return *memory;
    if (const auto online = readSysList(QStringLiteral("devices/system/node/online")))
        if (!online->isEmpty())
            return *online;
    const int configured = numa_num_configured_nodes();
    return configured > 0 ? IndexSet::range(0, configured - 1) : IndexSet{};
}

// errno of the failed call, 0 on success; `mask` receives the thread's affinity.
int getAffinity(std::int64_t tid, CpuSet* mask)
{
    for (int bits = possibleCpuBits(); bits <= (1 << 20); bits *= 2) {
        KernelMask m(bits);
        if (sched_getaffinity(pid_t(tid), m.bytes(), m.data()) == 0) {
            *mask = m.toSet();
            return 0;
        }
        if (errno != EINVAL)
            return errno;
    }
    return EINVAL;
}

int setAffinity(std::int64_t tid, const CpuSet& mask)
{
    const KernelMask m = KernelMask::from(mask, possibleCpuBits());
    return sched_setaffinity(pid_t(tid), m.bytes(), m.data()) == 0 ? 0 : errno;
}

QString threadComm(std::int64_t pid, std::int64_t tid)
{
    const FileText f = readFileText(kLive.taskPath(pid, tid, u"comm"), 4096);
    return f.status == ReadStatus::Ok ? QString::fromUtf8(f.text).trimmed() : QString();
}

QString ownerName(std::int64_t pid)
{
    struct stat st
    {
    };
    if (::stat(QFile::encodeName(kLive.pidPath(pid, u"")).constData(), &st) != 0)
        return QStringLiteral("unknown");
    std::vector<char> buffer(16384);
    passwd pw{};
    passwd* found = nullptr;
    if (getpwuid_r(st.st_uid, &pw, buffer.data(), buffer.size(), &found) == 0 && found)
        return QString::fromLocal8Bit(found->pw_name);
    return Tr::tr("uid %1").arg(st.st_uid);
}

// `rights`: the capabilities that would allow it.
LoadError notAllowed(std::int64_t pid, const QString& what, const QString& rights)
{
    return pidError(pid, Tr::tr("not allowed to %1 (owned by user %2): run numasight as that user, as "
                                "root, or grant %3; nothing was changed")
                             .arg(what, ownerName(pid), rights));
}

QString threadLabel(const AffinityChange& c)
{
    return c.comm.isEmpty() ? Tr::tr("thread %1").arg(c.tid)
                            : Tr::tr("thread %1 (%2)").arg(c.tid).arg(printableText(c.comm));
}

constexpr std::uint64_t kPfKthread = 0x00200000; // include/linux/sched.h
constexpr std::int64_t kKthreadd = 2;

QString nodeList(const NodeSet& nodes)
{
    return nodes.count() == 1 ? Tr::tr("node %1").arg(nodes.first())
                              : Tr::tr("nodes %1").arg(nodes.toRangeString());
}

// Nodes that hold pages of the process now; nullopt when numa_maps cannot be read.
std::optional<NodeSet> nodesWithPages(std::int64_t pid)
{
    ReadOutcome status;
    const ProcessMemorySample memory = readNumaMaps(kLive, pid, &status);
    if (!status.ok())
        return std::nullopt;
    NodeSet nodes;
    for (const NodePages& n : memory.nodes)
        if (n.totalPages > 0)
            nodes.insert(n.node);
    return nodes;
}

struct NumaMask
{
    bitmask* mask = numa_allocate_nodemask();
    explicit NumaMask(const NodeSet& nodes)
    {
        nodes.forEach([this](int n) {
            if (unsigned(n) < mask->size)
                numa_bitmask_setbit(mask, unsigned(n));
        });
    }
    ~NumaMask() { numa_free_nodemask(mask); }
    NumaMask(const NumaMask&) = delete;
    NumaMask& operator=(const NumaMask&) = delete;
};

// numa_migrate_pages' result: pages not moved (>= 0), or -errno.
long migratePages(std::int64_t pid, const NodeSet& from, const NodeSet& to)
{
    NumaMask fromMask(from), toMask(to);
    errno = 0;
    const int rc = numa_migrate_pages(int(pid), fromMask.mask, toMask.mask);
    return rc < 0 ? -long(errno ? errno : EINVAL) : long(rc);
}

// Restores `changed` (newest first); returns the lines of the threads that could not be restored.
QStringList rollBack(const std::vector<AffinityChange>& changed)
{
    QStringList failed;
    for (auto it = changed.rbegin(); it != changed.rend(); ++it) {
        const int error = setAffinity(it->tid, it->before);
        if (error != 0 && error != ESRCH)
            failed << Tr::tr("%1 keeps CPUs %2 (%3)")
                          .arg(threadLabel(*it), it->after.toRangeString(), errnoText(error));
    }
    return failed;
}

Progress scaled(const Progress& progress, double from, double to)
{
    Progress p;
    p.cancelled = progress.cancelled;
    if (progress.report)
        p.report = [report = progress.report, from, to](double f) { report(from + (to - from) * f); };
    return p;
}

} // namespace

QStringList ApplyPlan::describe() const
{
    QStringList lines;
    lines << Tr::tr("pid %1 (%2): %3 thread(s) to CPUs %4")
                 .arg(pid)
                 .arg(printableText(name))
                 .arg(threads.size())
                 .arg(cpus.toRangeString());
    for (const AffinityChange& t : threads) {
        if (t.before == t.after)
            lines << Tr::tr("%1: CPUs %2 (unchanged)").arg(threadLabel(t), t.after.toRangeString());
        else
            lines << Tr::tr("%1: CPUs %2 → %3")
                         .arg(threadLabel(t), t.before.toRangeString(), t.after.toRangeString());
    }
    if (memoryNodes.isEmpty()) {
        lines << Tr::tr("memory: left where it is");
        for (const QString& n : notes)
            lines << Tr::tr("note: %1").arg(n);
        return lines;
    }
    QStringList now;
    for (const NodePages& n : pagesBefore)
        now << QStringLiteral("N%1 %2").arg(n.node).arg(n.totalPages);
    const QString where = now.isEmpty() ? Tr::tr("no resident page") : now.join(QStringLiteral(", "));
    lines << Tr::tr("memory: %1 page(s) outside %2 move there (now %3)")
                 .arg(pagesToMove)
                 .arg(nodeList(memoryNodes), where);
    for (const QString& n : notes)
        lines << Tr::tr("note: %1").arg(n);
    return lines;
}

ApplyTarget applyTarget(const FsRoot& root, std::int64_t pid)
{
    const auto stat = readTaskStat(root, pid, -1);
    if (!stat)
        return ApplyTarget::Unknown;
    if (pid == 1)
        return ApplyTarget::Init;
    if ((stat->flags & kPfKthread) != 0 || stat->ppid == kKthreadd || pid == kKthreadd)
        return ApplyTarget::KernelThread;
    if (stat->state != 'Z' && stat->state != 'X')
        return ApplyTarget::Ordinary;
    // A leader that called pthread_exit shows Z while its other threads run on: only a process none of
    // whose threads lives is a zombie.
    for (const std::int64_t tid : listNumericEntries(root.pidPath(pid, u"task")))
        if (const auto t = readTaskStat(root, pid, tid); t && t->state != 'Z' && t->state != 'X')
            return ApplyTarget::Ordinary;
    return ApplyTarget::Zombie;
}

Result<ApplyPlan> planApply(std::int64_t pid, const CpuSet& cpus, const NodeSet& memoryNodes,
                            const ApplyOptions& options)
{
    if (pid <= 0)
        return pidError(pid, Tr::tr("not a process id; pick a running process"));
    if (cpus.isEmpty())
        return pidError(pid, Tr::tr("no CPU given: a thread needs at least one CPU to run on"));
    const CpuSet online = machineCpus();
    if (!cpus.isSubsetOf(online))
        return pidError(pid, Tr::tr("CPU(s) %1 are not online on this machine (it has CPUs %2); pick "
                                    "CPUs from that list")
                                 .arg((cpus - online).toRangeString(), online.toRangeString()));
    if (!memoryNodes.isEmpty()) {
        if (numa_available() < 0)
            return pidError(pid, Tr::tr("this kernel has no NUMA support, so pages cannot be moved; "
                                        "leave the memory nodes out"));
        const NodeSet withMemory = machineMemoryNodes();
        if (!memoryNodes.isSubsetOf(withMemory))
            return pidError(pid,
                            Tr::tr("NUMA node(s) %1 do not exist or hold no memory on this machine "
                                   "(nodes with memory: %2); pick nodes from that list")
                                .arg((memoryNodes - withMemory).toRangeString(), withMemory.toRangeString()));
    }

    ReadOutcome status;
    const auto procStatus = readProcStatus(kLive, pid, -1, &status);
    if (!procStatus) {
        if (status.refused())
            return pidError(pid, Tr::tr("cannot read its status (%1): run numasight as its owner or "
                                        "as root")
                                     .arg(errnoText(status.error)));
        return pidError(pid, Tr::tr("no such process: it exited or never existed; pick a running one"));
    }
    if (procStatus->tgid > 0 && procStatus->tgid != pid)
        return pidError(
            pid, Tr::tr("this is a thread of process %1; give the process id %1").arg(procStatus->tgid));
    switch (applyTarget(kLive, pid)) {
    case ApplyTarget::Zombie:
        return pidError(pid,
                        Tr::tr("%1 is a zombie: it has exited and waits for its parent to collect it, so "
                               "nothing is left to change")
                            .arg(printableText(procStatus->name)));
    case ApplyTarget::Init:
        if (!options.force)
            return pidError(pid, Tr::tr("%1 is init, which every process descends from: the CPUs it is "
                                        "bound to pass to everything it starts; refused (numasight-cli "
                                        "apply --force changes it if that is meant)")
                                     .arg(printableText(procStatus->name)));
        break;
    case ApplyTarget::KernelThread:
        if (!options.force)
            return pidError(pid, Tr::tr("%1 is a kernel thread: the kernel places its own threads, and one "
                                        "bound away from the CPU it serves stalls that CPU's work; refused "
                                        "(numasight-cli apply --force changes it if that is meant)")
                                     .arg(printableText(procStatus->name)));
        break;
    case ApplyTarget::Ordinary:
    case ApplyTarget::Unknown:
        break;
    }

    ApplyPlan plan;
    plan.pid = pid;
    plan.name = procStatus->name;
    plan.cpus = cpus;
    plan.memoryNodes = memoryNodes;
    ReadOutcome listed;
    for (const std::int64_t tid : listNumericEntries(kLive.pidPath(pid, u"task"), &listed)) {
        if (const auto t = readTaskStat(kLive, pid, tid); t && (t->state == 'Z' || t->state == 'X')) {
            plan.notes
                << Tr::tr("thread %1 (%2) has exited (zombie): skipped").arg(tid).arg(printableText(t->comm));
            continue;
        }
        AffinityChange change;
        change.tid = tid;
        const int error = getAffinity(tid, &change.before);
        if (error == ESRCH)
            continue; // exited since the listing: nothing of it to change
        if (error != 0)
            return pidError(
                pid, Tr::tr("cannot read the CPU affinity of thread %1: %2").arg(tid).arg(errnoText(error)));
        change.comm = threadComm(pid, tid);
        change.after = cpus;
        plan.threads.push_back(std::move(change));
    }
    if (plan.threads.empty()) {
        if (listed.refused())
            return pidError(pid, Tr::tr("cannot list its threads (%1): run numasight as its owner or "
                                        "as root")
                                     .arg(errnoText(listed.error)));
        return pidError(pid, Tr::tr("the process exited; pick a running one"));
    }

    ReadOutcome mapsStatus;
    const ProcessMemorySample memory = readNumaMaps(kLive, pid, &mapsStatus);
    if (mapsStatus.ok()) {
        plan.pagesBefore = memory.nodes;
        if (!memoryNodes.isEmpty())
            for (const NodePages& n : memory.nodes)
                if (!memoryNodes.contains(n.node))
                    plan.pagesToMove += n.totalPages;
    } else if (!memoryNodes.isEmpty()) {
        // Without numa_maps nobody could say what was moved nor check it afterwards.
        if (mapsStatus.refused())
            return pidError(pid, Tr::tr("cannot read its numa_maps (%1) to see where its pages are: "
                                        "run numasight as its owner or as root, or leave the memory "
                                        "nodes out")
                                     .arg(errnoText(mapsStatus.error)));
        return pidError(pid, Tr::tr("the process exited; pick a running one"));
    }
    return plan;
}

Result<ApplyResult> applyPlan(const ApplyPlan& plan)
{
    const std::int64_t pid = plan.pid;
    if (pid <= 0 || plan.cpus.isEmpty())
        return pidError(pid, Tr::tr("the plan is empty: make it with planApply; nothing was changed"));

    // The permission check. Setting a thread's current mask again is a change of nothing that the kernel
    // checks exactly as it checks the real one (same uid or CAP_SYS_NICE, cpuset), so a refusal shows up
    // here with nothing changed rather than halfway through the threads.
    std::map<std::int64_t, CpuSet> current; // tid → mask just before the change: what undo restores
    for (const std::int64_t tid : listNumericEntries(kLive.pidPath(pid, u"task"))) {
        CpuSet mask;
        int error = getAffinity(tid, &mask);
        if (error == 0)
            error = setAffinity(tid, mask);
        if (error == ESRCH)
            continue;
        if (error == EPERM)
            return notAllowed(pid, Tr::tr("change pid %1").arg(pid), QStringLiteral("CAP_SYS_NICE"));
        if (error != 0)
            return pidError(pid, Tr::tr("cannot change the CPU affinity of thread %1: %2; nothing was "
                                        "changed")
                                     .arg(tid)
                                     .arg(errnoText(error)));
        current.emplace(tid, mask);
    }
    if (current.empty())
        return pidError(pid, Tr::tr("the process exited; nothing was changed"));
    // Moving pages has checks of its own (ptrace access to the process, the target nodes in its cpuset or
    // CAP_SYS_NICE). An empty `from` set passes them all and then moves nothing, so this is the same
    // check with nothing changed.
    if (!plan.memoryNodes.isEmpty()) {
        const long rc = migratePages(pid, {}, plan.memoryNodes);
        if (rc == -EPERM)
            return notAllowed(
                pid, Tr::tr("move the pages of pid %1 to %2").arg(pid).arg(nodeList(plan.memoryNodes)),
                // migrate_pages also wants ptrace access to another user's process
                QStringLiteral("CAP_SYS_NICE and CAP_SYS_PTRACE"));
        if (rc == -ESRCH)
            return pidError(pid, Tr::tr("the process exited; nothing was changed"));
        if (rc < 0)
            return pidError(pid, Tr::tr("cannot move its pages to %1: %2; nothing was changed")
                                     .arg(nodeList(plan.memoryNodes), errnoText(int(-rc))));
    }

    ApplyResult result;
    result.plan = plan;
    std::map<std::int64_t, QString> plannedComm;
    for (const AffinityChange& t : plan.threads)
        plannedComm.emplace(t.tid, t.comm);

    QSet<std::int64_t> handled;
    auto change = [&](std::int64_t tid, const CpuSet& before) -> std::optional<LoadError> {
        handled.insert(tid);
        AffinityChange c;
        c.tid = tid;
        c.before = before;
        c.after = plan.cpus;
        const auto known = plannedComm.find(tid);
        c.comm = known != plannedComm.end() ? known->second : threadComm(pid, tid);
        const int error = setAffinity(tid, plan.cpus);
        if (error == ESRCH) {
            result.warnings << Tr::tr("%1 exited before it was changed").arg(threadLabel(c));
            return std::nullopt;
        }
        if (error != 0) {
            const QStringList stuck = rollBack(result.applied);
            QString message = Tr::tr("cannot set CPUs %1 on %2: %3")
                                  .arg(plan.cpus.toRangeString(), threadLabel(c), errnoText(error));
            if (error == EINVAL)
                message += Tr::tr(" (the CPUs are outside the cpuset this thread may use)");
            if (stuck.isEmpty())
                message += Tr::tr("; the %1 thread(s) already changed were restored, so nothing was changed")
                               .arg(result.applied.size());
            else
                message += Tr::tr("; restoring the threads already changed failed: %1")
                               .arg(stuck.join(QStringLiteral("; ")));
            return pidError(pid, message);
        }
        result.applied.push_back(std::move(c));
        return std::nullopt;
    };
    for (const auto& [tid, mask] : current)
        if (auto error = change(tid, mask))
            return *error;
    // A thread created while the others were being changed inherited its creator's mask, old or new; a few
    // passes over the task list catch them until no new thread turns up (a process that keeps spawning
    // threads gets a warning instead of an endless loop).
    constexpr int kPasses = 5;
    bool settled = false;
    for (int pass = 0; pass < kPasses && !settled; ++pass) {
        settled = true;
        for (const std::int64_t tid : listNumericEntries(kLive.pidPath(pid, u"task"))) {
            if (handled.contains(tid))
                continue;
            settled = false;
            CpuSet mask;
            const int error = getAffinity(tid, &mask);
            if (error == ESRCH)
                continue;
            if (error != 0) {
                // Without its mask there would be nothing for undo to restore: it is left as it is.
                handled.insert(tid);
                result.warnings << Tr::tr("thread %1 started during Apply and its CPU affinity cannot "
                                          "be read (%2): it was left unchanged")
                                       .arg(tid)
                                       .arg(errnoText(error));
                continue;
            }
            if (auto failure = change(tid, mask))
                return *failure;
        }
    }
    if (!settled)
        result.warnings << Tr::tr("pid %1 kept creating threads while it was changed; threads created "
                                  "from now on inherit their creator's CPUs")
                               .arg(pid);
    for (const AffinityChange& t : plan.threads)
        if (!handled.contains(t.tid))
            result.warnings << Tr::tr("%1 exited before Apply").arg(threadLabel(t));

    if (!plan.memoryNodes.isEmpty()) {
        // Only nodes that hold pages are named as sources; when numa_maps cannot be read any more, every
        // node but the targets.
        const NodeSet from = nodesWithPages(pid).value_or(machineMemoryNodes()) - plan.memoryNodes;
        const long rc = from.isEmpty() ? 0 : migratePages(pid, from, plan.memoryNodes);
        if (rc < 0) {
            // The affinity is already changed and stays so: the result keeps `applied`, so undo can restore
            // it. Rolling it back here would hide a change the caller may still want.
            result.pagesNotMoved = std::int64_t(plan.pagesToMove);
            result.warnings << Tr::tr("the CPU affinity of %1 thread(s) was changed, but the pages were "
                                      "not moved from %2 to %3: %4; undo restores the affinity")
                                   .arg(result.applied.size())
                                   .arg(nodeList(from), nodeList(plan.memoryNodes), errnoText(int(-rc)));
        } else {
            result.pagesNotMoved = rc;
            if (rc > 0)
                result.warnings << Tr::tr("%1 page(s) could not be moved to %2 (shared with other "
                                          "processes, locked, or the nodes are full)")
                                       .arg(rc)
                                       .arg(nodeList(plan.memoryNodes));
        }
    }
    return result;
}

Result<QStringList> undoApply(const ApplyResult& result)
{
    const std::int64_t pid = result.plan.pid;
    QStringList lines, failures;
    int restored = 0;
    for (const AffinityChange& t : result.applied) {
        const int error = setAffinity(t.tid, t.before);
        if (error == 0) {
            ++restored;
            lines << Tr::tr("%1: CPUs %2 restored").arg(threadLabel(t), t.before.toRangeString());
        } else if (error == ESRCH) {
            lines << Tr::tr("%1 exited: nothing to restore").arg(threadLabel(t));
        } else if (error == EPERM) {
            failures << Tr::tr("%1: not allowed (owned by user %2)").arg(threadLabel(t), ownerName(pid));
        } else {
            failures << QStringLiteral("%1: %2").arg(threadLabel(t), errnoText(error));
        }
    }
    if (!failures.isEmpty())
        return pidError(pid, Tr::tr("could not restore %1 thread(s) (%2); %3 restored. Run numasight as "
                                    "the process's owner or as root and undo again")
                                 .arg(failures.size())
                                 .arg(failures.join(QStringLiteral("; ")))
                                 .arg(restored));
    QSet<std::int64_t> known;
    for (const AffinityChange& t : result.applied)
        known.insert(t.tid);
    for (const std::int64_t tid : listNumericEntries(kLive.pidPath(pid, u"task"))) {
        if (known.contains(tid))
            continue;
        CpuSet mask;
        if (getAffinity(tid, &mask) == 0)
            lines << Tr::tr("thread %1 (%2) started after Apply: it keeps CPUs %3 (it had no earlier "
                            "mask to restore)")
                         .arg(tid)
                         .arg(threadComm(pid, tid), mask.toRangeString());
    }
    if (!result.plan.memoryNodes.isEmpty())
        lines << Tr::tr("pages were not moved back: the kernel keeps no record of the node each page "
                        "came from, so they stay on %1")
                     .arg(nodeList(result.plan.memoryNodes));
    if (restored == 0 && lines.isEmpty())
        lines << Tr::tr("nothing to restore: Apply changed no thread");
    return lines;
}

Result<ApplyRun> applyAndVerify(const ApplyPlan& plan, std::int64_t periodNs, const QString& workDir,
                                const Progress& progress)
{
    const std::int64_t pid = plan.pid;
    if (periodNs <= 0)
        return pidError(pid, Tr::tr("the verification period must be above zero"));
    if (!QDir().mkpath(workDir)) {
        LoadError e;
        e.file = workDir;
        e.message = Tr::tr("cannot create the folder for the before/after recordings; pick another one");
        return e;
    }
    ApplyRun run;
    run.beforePath = QDir(workDir).filePath(QStringLiteral("before.numasight"));
    run.afterPath = QDir(workDir).filePath(QStringLiteral("after.numasight"));

    // Several samples per period, so a thread's CPU share is an average and not one glimpse of lastCpu.
    constexpr std::int64_t kMaxIntervalNs = 1'000'000'000, kMinIntervalNs = 100'000'000;
    const std::int64_t interval =
        std::min(periodNs, std::clamp(periodNs / 5, kMinIntervalNs, kMaxIntervalNs));
    const auto environment = makeLocalEnvironment();
    auto recordInto = [&](const QString& path, const Progress& p) -> std::optional<LoadError> {
        RecordOptions options;
        options.outputPath = path;
        options.durationNs = periodNs;
        options.intervalNs = interval;
        options.mode = RecordMode::Procfs; // eBPF needs other rights than Apply, and both sides must match
        options.scope.pids = {pid};
        RecordObserver observer;
        observer.warning = [&run](const QString& w) { run.result.warnings << w; };
        const RecordSummary summary = record(options, *environment, p, observer);
        if (summary.error)
            return *summary.error;
        if (summary.cancelled)
            return LoadError::cancel(path);
        return std::nullopt;
    };

    if (auto error = recordInto(run.beforePath, scaled(progress, 0, 0.5)))
        return *error;
    if (progress.isCancelled())
        return LoadError::cancel(run.beforePath);
    progress(0.5);
    const QStringList recordingWarnings = run.result.warnings;
    auto applied = applyPlan(plan);
    if (!applied)
        return applied.error();
    run.result = std::move(applied).value();
    run.result.warnings = recordingWarnings + run.result.warnings;
    // From here on an error must not lose what was applied: the run is returned with `cancelled` or
    // with what is known, so the caller can undo.
    if (progress.isCancelled()) {
        run.cancelled = true;
        return run;
    }
    if (auto error = recordInto(run.afterPath, scaled(progress, 0.5, 1))) {
        if (error->cancelled) {
            run.cancelled = true;
            return run;
        }
        run.result.warnings
            << Tr::tr("the change was applied, but recording after it failed: %1").arg(error->toString());
        return run;
    }
    auto before = openInput(run.beforePath);
    auto after = before ? openInput(run.afterPath) : before;
    if (!before || !after) {
        run.result.warnings << Tr::tr("the change was applied, but its recording cannot be read: %1")
                                   .arg((before ? after : before).error().toString());
        return run;
    }
    run.before = before.value();
    run.after = after.value();
    run.diff = diffCaptures(*run.before, *run.after, QStringLiteral("before"), QStringLiteral("after"));
    auto measured = [pid](const Capture& capture) -> std::optional<Locality> {
        const AdvicePtr advice = advise(capture);
        if (!advice)
            return std::nullopt;
        for (const Locality& p : advice->processes)
            if (p.pid == pid && p.tid < 0)
                return p;
        return std::nullopt;
    };
    run.measuredBefore = measured(*run.before);
    run.measuredAfter = measured(*run.after);
    progress(1.0);
    return run;
}

} // namespace numasight
