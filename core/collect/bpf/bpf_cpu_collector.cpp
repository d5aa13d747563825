// SPDX-License-Identifier: GPL-3.0-or-later
// The eBPF on-CPU collector: per-thread, per-CPU on-CPU time from bpf/oncpu.bpf.c.
//
// Reading: the kernel keeps cumulative nanoseconds per (tgid, tid, cpu); each collect() reads the whole
// map in batches and subtracts what it saw last time. Deltas rather than read-and-delete: between a
// lookup and a delete the program may add a slice to that entry, and that slice would be lost; with
// cumulative values a late read only moves time to the next interval. The sums of threads that ran on a
// CPU lately sit in that CPU's cache slots, ahead of their map entries: both are readings of one growing
// sum, so the larger counts, and since every reading is at most the true sum and the baseline only moves
// up, no interleaving counts time twice. Entries are deleted only for threads that have exited (their
// entries can no longer grow), with an atomic lookup-and-delete when the kernel has it, so the map stays
// bounded by the live threads.

#include "collect/bpf/bpf_collector.h"
#include "collect/bpf/bpf_collectors.h"
#include "collect/bpf/bpf_support.h"
#include "collect/bpf/oncpu_cpu_reading.h"
#include "collect/bpf/oncpu_program.h"
#include "collect/own_capabilities.h"
#include "collect/procfs/task_stat.h"

#include <QFile>

#include <bpf/btf.h>

#include <algorithm>
#include <linux/bpf.h>
#include <linux/types.h>
#include <map>
#include <optional>
#include <unistd.h>
#include <unordered_map>
#include <unordered_set>

// The shared header needs the kernel's __u32 types first.
// clang-format off
#include "oncpu.h"
// clang-format on

namespace numasight {
namespace {

struct SlotKey
{
    std::uint32_t tgid = 0;
    std::uint32_t tid = 0;
    std::uint32_t cpu = 0;
    bool operator==(const SlotKey&) const = default;
};
struct SlotKeyHash
{
    std::size_t operator()(const SlotKey& k) const noexcept
    {
        return std::hash<std::uint64_t>()((std::uint64_t(k.tid) << 32 | k.cpu) ^
                                          (std::uint64_t(k.tgid) << 20));
    }
};

std::uint64_t threadKey(std::uint32_t tgid, std::uint32_t tid)
{
    return std::uint64_t(tgid) << 32 | tid;
}

QString readComm(std::uint32_t tgid, std::uint32_t tid)
{
    QFile file(QStringLiteral("/proc/%1/task/%2/comm").arg(tgid).arg(tid));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(file.readAll()).trimmed();
}

class BpfCpuCollector final : public BpfCollector<OncpuProgram>
{
public:
    ~BpfCpuCollector() override { stop(); }
    QString name() const override { return QStringLiteral("ebpf-oncpu"); }

    void collect(Sample& sample, const std::vector<std::int64_t>& pids) override
    {
        if (!beginCollect(pids))
            return;

        drainRenames();

        // 1. The closed slices (the map, then each CPU's cached sums, which are more recent) and what runs
        // right now, each CPU's slots and running slice read as of one instant (oncpu_cpu_reading.h).
        std::vector<std::pair<oncpu_key, oncpu_value>> entries;
        if (int err = bpf::readHashMap(m_program.countsFd(), entries); err != 0) {
            warnOnce(QStringLiteral("eBPF on-CPU: reading the map failed: %1")
                         .arg(QString::fromLocal8Bit(strerror(-err))));
            return;
        }
        std::unordered_map<SlotKey, std::uint64_t, SlotKeyHash> cumulative;
        cumulative.reserve(entries.size() + 16);
        std::unordered_map<std::uint64_t, QString> bpfComm;
        auto noteComm = [&](const oncpu_key& key, const oncpu_value& value) {
            if (!m_comms.count(threadKey(key.tgid, key.tid)))
                bpfComm.emplace(threadKey(key.tgid, key.tid),
                                QString::fromUtf8(value.comm, int(strnlen(value.comm, sizeof(value.comm)))));
        };
        for (const auto& [key, value] : entries) {
            cumulative[{key.tgid, key.tid, key.cpu}] = value.ns;
            noteComm(key, value);
        }
        const ThreadRuntime runtimeOf = [](std::uint32_t tgid,
                                           std::uint32_t tid) -> std::optional<std::uint64_t> {
            const std::optional<Schedstat> stat = readSchedstat(FsRoot{}, tgid, tid);
            return stat ? std::optional<std::uint64_t>(stat->onCpuNs) : std::nullopt;
        };
        const WatchedProcess watched = [this](std::uint32_t tgid) { return inScope(tgid); };
        std::unordered_set<std::uint64_t> runningNow;
        const volatile oncpu_cpu* records = m_program.cpuRecords();
        for (int cpu = 0; cpu < m_program.cpuCount(); ++cpu) {
            const OncpuCpuReading reading = readOncpuCpu(records[cpu], runtimeOf, watched);
            for (const OncpuSlotReading& slot : reading.cached) {
                const SlotKey key{slot.tgid, slot.tid, std::uint32_t(cpu)};
                auto known = cumulative.find(key);
                if (known == cumulative.end()) {
                    // Not in the map as read: a thread whose first slice here ended since (its entry is new),
                    // or one that exited and was forgotten here (its entry is gone, and its sum reported).
                    oncpu_key mapKey = {slot.tgid, slot.tid, std::uint32_t(cpu), 0};
                    oncpu_value stored = {};
                    if (bpf_map_lookup_elem(m_program.countsFd(), &mapKey, &stored) != 0)
                        continue;
                    known = cumulative.emplace(key, stored.ns).first;
                    noteComm(mapKey, stored);
                }
                known->second = std::max(known->second, slot.totalNs);
            }
            if (reading.running) {
                const OncpuRunningReading& running = *reading.running;
                cumulative[{running.tgid, running.tid, std::uint32_t(cpu)}] += running.ranNs;
                runningNow.insert(threadKey(running.tgid, running.tid));
            }
        }

        // 2. Deltas against the last values seen. The baseline only moves up, so a running slice counted
        // now is never counted twice.
        struct ThreadDelta
        {
            std::uint32_t tgid = 0;
            std::uint32_t tid = 0;
            std::uint64_t total = 0;
            std::map<int, std::uint64_t> byCpu;
        };
        std::unordered_map<std::uint64_t, ThreadDelta> threads;
        for (const auto& [slot, value] : cumulative) {
            std::uint64_t& base = m_baseline[slot];
            ThreadDelta& thread = threads[threadKey(slot.tgid, slot.tid)];
            thread.tgid = slot.tgid;
            thread.tid = slot.tid;
            if (value > base) {
                thread.byCpu[int(slot.cpu)] += value - base;
                thread.total += value - base;
                base = value;
            }
        }

        // 3. Exited threads: an idle thread that is gone from /proc will never grow again; take its last
        // value out of the map (atomically where possible), then out of its cache slot, and forget it. In
        // that order: a slot freed first could be filled again from the entry about to be deleted.
        std::vector<std::uint64_t> exited;
        for (auto& [key, thread] : threads) {
            if (thread.total != 0 || runningNow.count(key) || bpf::threadExists(thread.tgid, thread.tid))
                continue;
            for (auto it = m_baseline.begin(); it != m_baseline.end();) {
                if (it->first.tgid != thread.tgid || it->first.tid != thread.tid) {
                    ++it;
                    continue;
                }
                oncpu_key mapKey = {it->first.tgid, it->first.tid, it->first.cpu, 0};
                oncpu_value last = {};
                int rc = bpf_map_lookup_and_delete_elem(m_program.countsFd(), &mapKey, &last);
                if (rc != 0 && bpf_map_lookup_elem(m_program.countsFd(), &mapKey, &last) == 0)
                    rc = bpf_map_delete_elem(m_program.countsFd(), &mapKey);
                const std::uint64_t cached = m_program.forgetSlot(mapKey.tgid, mapKey.tid, mapKey.cpu);
                // The slot's sum counts only along with the entry it continues.
                const std::uint64_t final = rc == 0 ? std::max<std::uint64_t>(last.ns, cached) : 0;
                if (final > it->second) {
                    thread.byCpu[int(it->first.cpu)] += final - it->second;
                    thread.total += final - it->second;
                }
                it = m_baseline.erase(it);
            }
            exited.push_back(key);
        }

        // 4. One sample per thread that ran.
        for (auto& [key, thread] : threads) {
            if (thread.total == 0 || !inScope(thread.tgid))
                continue;
            ThreadCpuSample out;
            out.pid = thread.tgid;
            out.tid = thread.tid;
            out.comm = commOf(key, thread.tgid, thread.tid, bpfComm);
            out.cpuNs = thread.total;
            out.cpuNsByCpu.assign(thread.byCpu.begin(), thread.byCpu.end());
            // lastCpu, switches and allowed lists: left to the procfs collector, which reads
            // /proc/<tid>/{stat,status} anyway; the kernel side stays one map update per switch.
            out.mode = CollectionMode::Ebpf;
            sample.threads.push_back(std::move(out));
        }

        // Names of threads that are gone are kept until their last slice was reported above.
        for (std::uint64_t key : exited)
            m_comms.erase(key);

        const OncpuProgram::Stats stats = m_program.stats();
        if (stats.drops > m_reported.drops) {
            warn(QStringLiteral("eBPF on-CPU: %1 slices lost, the map of %2 (thread, CPU) "
                                "entries is full")
                     .arg(stats.drops - m_reported.drops)
                     .arg(ONCPU_MAX_ENTRIES));
        }
        if (stats.lost > m_reported.lost) {
            warn(QStringLiteral("eBPF on-CPU: %1 slices of real-time or deadline threads lost "
                                "(their switch-in was not seen)")
                     .arg(stats.lost - m_reported.lost));
        }
        m_reported = stats;
    }

    void stop() override
    {
        m_program.destroy();
        m_baseline.clear();
        m_comms.clear();
        forgetWatched();
        m_reported = {};
    }

protected:
    void started() override
    {
        if (!m_program.fallbackReason().isEmpty())
            warn(QStringLiteral("eBPF on-CPU: using %1 (%2)")
                     .arg(m_program.hookName(), m_program.fallbackReason()));
    }

    QString cannotWatch(std::int64_t pid) const override
    {
        return QStringLiteral("eBPF on-CPU: cannot watch process %1 (pid beyond the filter's range)")
            .arg(pid);
    }

private:
    // Moves the names threads gave themselves since the last interval into the name cache, so a thread is
    // reported under its own name even when it renamed itself after its first slice or has exited since.
    void drainRenames()
    {
        const int fd = m_program.renamesFd();
        if (fd < 0)
            return;
        std::vector<std::pair<__u32, oncpu_rename>> renames;
        if (bpf::readHashMap(fd, renames) != 0)
            return;
        for (const auto& [tid, rename] : renames) {
            m_comms.insert_or_assign(
                threadKey(rename.tgid, tid),
                QString::fromUtf8(rename.comm, int(strnlen(rename.comm, sizeof(rename.comm)))));
            __u32 key = tid;
            bpf_map_delete_elem(fd, &key);
        }
    }

    // /proc first (the current name, after pthread_setname_np), cached: reading 1000 comm files per
    // interval would cost more than the rest of collect(); the map's name from the first slice otherwise.
    QString commOf(std::uint64_t key, std::uint32_t tgid, std::uint32_t tid,
                   const std::unordered_map<std::uint64_t, QString>& bpfComm)
    {
        auto cached = m_comms.find(key);
        if (cached != m_comms.end())
            return cached->second;
        QString comm = readComm(tgid, tid);
        if (comm.isEmpty()) {
            auto fromMap = bpfComm.find(key);
            if (fromMap != bpfComm.end())
                comm = fromMap->second;
        }
        m_comms.emplace(key, comm);
        return comm;
    }

    std::unordered_map<SlotKey, std::uint64_t, SlotKeyHash> m_baseline;
    std::unordered_map<std::uint64_t, QString> m_comms;
    OncpuProgram::Stats m_reported;
};

} // namespace

std::unique_ptr<Collector> makeBpfCpuCollector()
{
    return std::make_unique<BpfCpuCollector>();
}

namespace {
// CAP_BPF + CAP_PERFMON (kernel ≥ 5.8) or CAP_SYS_ADMIN; root when the effective set cannot be read.
bool hasBpfCapabilities()
{
    const OwnCapabilities caps = ownCapabilities();
    if (!caps.known)
        return caps.root;
    return caps.sysAdmin || (caps.bpf && caps.perfmon);
}
} // namespace

bool bpfAvailable(QString* why)
{
    auto say = [why](const QString& text) {
        if (why)
            *why = text;
    };
    bpf::installLibbpfLogger();
    if (!bpf::hasVmlinuxBtf()) {
        say(QStringLiteral("this kernel has no BTF (/sys/kernel/btf/vmlinux is missing); numasight's eBPF "
                           "programs need a kernel built with CONFIG_DEBUG_INFO_BTF=y"));
        return false;
    }
    // Without the capabilities the kernel's answer to a probe load is not always EPERM (libbpf's type
    // probe can report "not supported"), so the rights are checked first to give the message that helps.
    if (!hasBpfCapabilities()) {
        say(QStringLiteral("loading eBPF programs is not permitted for this user: run as root or grant the "
                           "recorder cap_bpf,cap_perfmon (see README)"));
        return false;
    }
    int err = 0;
    if (!bpf::programTypeSupported(BPF_PROG_TYPE_RAW_TRACEPOINT, &err)) {
        if (err == EPERM || err == EACCES)
            say(QStringLiteral("loading eBPF programs is not permitted: run as root or grant "
                               "cap_bpf,cap_perfmon (see README)"));
        else
            say(QStringLiteral("this kernel cannot load raw tracepoint programs (%1)")
                    .arg(QString::fromLocal8Bit(strerror(err))));
        return false;
    }
    // libbpf's type probe cannot answer for tracing programs (they need a target): load one on the
    // sched_switch tracepoint instead.
    const bool tpBtf = bpf::tracingProgramLoads(BPF_TRACE_RAW_TP, "btf_trace_sched_switch", BTF_KIND_TYPEDEF,
                                                false, nullptr);
    say(tpBtf ? QStringLiteral("eBPF available: kernel BTF, raw tracepoints, tp_btf")
              : QStringLiteral("eBPF available: kernel BTF, raw tracepoints (tp_btf refused: raw_tp)"));
    return true;
}

} // namespace numasight
