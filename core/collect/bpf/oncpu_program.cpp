// SPDX-License-Identifier: GPL-3.0-or-later
#include "collect/bpf/oncpu_program.h"

#include "collect/bpf/bpf_support.h"

#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include <cstring>
#include <linux/types.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

// The shared header needs the kernel's __u32 types first.
// clang-format off
#include "oncpu.h"
#include "oncpu.skel.h"
// clang-format on

static_assert(sizeof(oncpu_cpu) % 64 == 0, "CPUs' records must not share cache lines");

namespace numasight {

using bpf::Step;
using bpf::stepError;

namespace {

// mmap()s a BPF_F_MMAPABLE array of `bytes`, rounded up to whole pages into `mappedBytes`; null with errno
// set (and `mappedBytes` 0) when it fails.
void* mapArray(int fd, std::size_t bytes, std::size_t& mappedBytes)
{
    const std::size_t page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
    mappedBytes = (bytes + page - 1) / page * page;
    void* mapped = mmap(nullptr, mappedBytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (mapped != MAP_FAILED)
        return mapped;
    mappedBytes = 0;
    return nullptr;
}

} // namespace

QString OncpuProgram::hookName() const
{
    return m_hook == Hook::TpBtf ? QStringLiteral("tp_btf/sched_switch")
                                 : QStringLiteral("raw_tp/sched_switch");
}

std::optional<QString> OncpuProgram::start(const Options& options)
{
    destroy();
    bpf::installLibbpfLogger();
    m_fallbackReason.clear();
    if (options.hook != Hook::Auto)
        return tryStart(options.hook, options);

    // tp_btf needs the kernel's BTF (the tracepoint's typed prototype, btf_trace_sched_switch) and
    // BPF_PROG_TYPE_TRACING; raw_tp needs neither and costs a few probe reads more per switch.
    int err = 0;
    if (!bpf::hasVmlinuxBtf())
        m_fallbackReason = QStringLiteral("no kernel BTF (/sys/kernel/btf/vmlinux)");
    else if (!bpf::vmlinuxHasType("btf_trace_sched_switch", BTF_KIND_TYPEDEF))
        m_fallbackReason = QStringLiteral("kernel BTF has no btf_trace_sched_switch");
    else if (!bpf::tracingProgramLoads(BPF_TRACE_RAW_TP, "btf_trace_sched_switch", BTF_KIND_TYPEDEF, false,
                                       &err))
        m_fallbackReason = QStringLiteral("a tp_btf program does not load here (%1)")
                               .arg(QString::fromLocal8Bit(strerror(err)));
    if (m_fallbackReason.isEmpty()) {
        auto error = tryStart(Hook::TpBtf, options);
        if (!error)
            return std::nullopt;
        m_fallbackReason = *error;
    }
    return tryStart(Hook::RawTp, options);
}

std::optional<QString> OncpuProgram::tryStart(Hook hook, const Options& options)
{
    destroy();
    bpf::takeLibbpfLog(); // forget earlier probes' messages: errors quote only this attempt's
    m_hook = hook;
    const bool btf = hook == Hook::TpBtf;

    // Open.
    m_skel = oncpu::open();
    if (!m_skel)
        return stepError(Step::Open, "oncpu", errno);

    // Configure: keep one entry point, size the per-CPU records, set the filter switch.
    int cpus = libbpf_num_possible_cpus();
    if (cpus <= 0) {
        destroy();
        return stepError(Step::Configure, "oncpu", -cpus, QStringLiteral("counting possible CPUs"));
    }
    m_cpus = cpus;
    m_skel->rodata->filter_tgids = options.filterTgids;
    int rc = bpf_program__set_autoload(btf ? m_skel->progs.ns_oncpu_raw : m_skel->progs.ns_oncpu_btf, false);
    // The rename hook follows the switch hook's kind; when the kernel's BTF lacks the tracepoint's
    // prototype, neither variant loads and names come from each thread's first slice.
    const bool renameBtf = btf && bpf::vmlinuxHasType("btf_trace_task_rename", BTF_KIND_TYPEDEF);
    const bool renameRaw = !btf;
    if (rc == 0 && !renameBtf)
        rc = bpf_program__set_autoload(m_skel->progs.ns_oncpu_rename_btf, false);
    if (rc == 0 && !renameRaw)
        rc = bpf_program__set_autoload(m_skel->progs.ns_oncpu_rename_raw, false);
    if (rc == 0)
        rc = bpf_map__set_max_entries(m_skel->maps.oncpu_cpus, static_cast<__u32>(cpus));
    // Without a filter the bitmap is never read: one word instead of 512 KiB of locked memory.
    if (rc == 0 && !options.filterTgids)
        rc = bpf_map__set_max_entries(m_skel->maps.oncpu_tgids, 1);
    QString target = QStringLiteral("tp_btf/sched_switch");
    if (rc == 0 && btf && !options.btfTarget.empty()) {
        target = QStringLiteral("tp_btf/%1").arg(QString::fromStdString(options.btfTarget));
        rc = bpf_program__set_attach_target(m_skel->progs.ns_oncpu_btf, 0, options.btfTarget.c_str());
    }
    if (rc == 0 && btf && !options.fentryTarget.empty()) {
        target = QStringLiteral("fentry/%1").arg(QString::fromStdString(options.fentryTarget));
        rc = bpf_program__set_expected_attach_type(m_skel->progs.ns_oncpu_btf, BPF_TRACE_FENTRY);
        if (rc == 0)
            rc = bpf_program__set_attach_target(m_skel->progs.ns_oncpu_btf, 0, options.fentryTarget.c_str());
    }
    if (!btf)
        target = QStringLiteral("raw_tp/%1").arg(QString::fromStdString(options.rawTracepoint));
    if (rc != 0) {
        destroy();
        return stepError(Step::Configure, "oncpu", rc, target);
    }

    // Load (the verifier runs here), then map the CPU records (writable: forgetSlot()).
    rc = oncpu::load(m_skel);
    if (rc != 0) {
        destroy();
        return stepError(Step::Load, "oncpu", rc, target);
    }
    void* mapped =
        mapArray(bpf_map__fd(m_skel->maps.oncpu_cpus), sizeof(oncpu_cpu) * std::size_t(cpus), m_mappedBytes);
    if (!mapped) {
        const int mapErr = errno;
        destroy();
        return stepError(Step::Load, "oncpu", mapErr, QStringLiteral("mapping the per-CPU records"));
    }
    m_records = static_cast<volatile oncpu_cpu*>(mapped);
    if (options.filterTgids) {
        void* bits = mapArray(bpf_map__fd(m_skel->maps.oncpu_tgids), sizeof(__u64) * ONCPU_TGID_BITMAP_WORDS,
                              m_tgidBytes);
        if (!bits) {
            const int mapErr = errno;
            destroy();
            return stepError(Step::Load, "oncpu", mapErr, QStringLiteral("mapping the process filter"));
        }
        m_tgidBits = static_cast<std::uint64_t*>(bits);
    }

    // Attach.
    struct timespec now = {};
    clock_gettime(CLOCK_MONOTONIC, &now); // the clock of bpf_ktime_get_ns()
    m_skel->bss->attach_ns = __u64(now.tv_sec) * 1000000000ull + __u64(now.tv_nsec);
    if (btf)
        m_link = bpf_program__attach(m_skel->progs.ns_oncpu_btf);
    else
        m_link =
            bpf_program__attach_raw_tracepoint(m_skel->progs.ns_oncpu_raw, options.rawTracepoint.c_str());
    if (!m_link) {
        int attachErr = errno;
        destroy();
        return stepError(Step::Attach, "oncpu", attachErr, target);
    }
    if (renameBtf) {
        m_renameLink = bpf_program__attach(m_skel->progs.ns_oncpu_rename_btf);
        m_renameHookName = QStringLiteral("tp_btf/task_rename");
    } else if (renameRaw) {
        m_renameLink = bpf_program__attach_raw_tracepoint(m_skel->progs.ns_oncpu_rename_raw, "task_rename");
        m_renameHookName = QStringLiteral("raw_tp/task_rename");
    }
    return std::nullopt;
}

void OncpuProgram::destroy()
{
    // Detach first so the program stops running, then unmap, then free programs and maps.
    if (m_renameLink) {
        bpf_link__destroy(m_renameLink);
        m_renameLink = nullptr;
    }
    if (m_link) {
        bpf_link__destroy(m_link);
        m_link = nullptr;
    }
    if (m_records) {
        munmap(const_cast<oncpu_cpu*>(m_records), m_mappedBytes);
        m_records = nullptr;
        m_mappedBytes = 0;
    }
    if (m_tgidBits) {
        munmap(m_tgidBits, m_tgidBytes);
        m_tgidBits = nullptr;
        m_tgidBytes = 0;
    }
    if (m_skel) {
        oncpu::destroy(m_skel);
        m_skel = nullptr;
    }
    m_cpus = 0;
}

int OncpuProgram::countsFd() const
{
    return m_skel ? bpf_map__fd(m_skel->maps.oncpu_ns) : -1;
}

int OncpuProgram::renamesFd() const
{
    return m_skel && m_renameLink ? bpf_map__fd(m_skel->maps.oncpu_renames) : -1;
}

bool OncpuProgram::addTgid(std::uint32_t tgid)
{
    if (!m_tgidBits || tgid / 64 >= ONCPU_TGID_BITMAP_WORDS)
        return false;
    __atomic_fetch_or(&m_tgidBits[tgid / 64], std::uint64_t(1) << (tgid % 64), __ATOMIC_RELAXED);
    return true;
}

std::uint64_t OncpuProgram::forgetSlot(std::uint32_t tgid, std::uint32_t tid, std::uint32_t cpu)
{
    if (!m_records || cpu >= std::uint32_t(m_cpus))
        return 0;
    const __u64 owner = __u64(tgid) << 32 | tid;
    auto* ways = const_cast<oncpu_slot*>(&m_records[cpu].cache[(tid % ONCPU_SLOT_SETS) * ONCPU_SLOT_WAYS]);
    for (int way = 0; way < ONCPU_SLOT_WAYS; ++way) {
        // Atomic against the program's plain store of a new owner: a slot it has just given to another
        // thread is left alone.
        __u64 expected = owner;
        if (!__atomic_compare_exchange_n(&ways[way].owner, &expected, __u64(0), false, __ATOMIC_SEQ_CST,
                                         __ATOMIC_RELAXED))
            continue;
        // An addition that matched the owner just before the exchange may still be landing; it is the last
        // one, so a read a moment later sees it complete (or, if none agrees, only that slice is lost).
        for (int attempt = 0; attempt < 3; ++attempt) {
            const __u64 total = __atomic_load_n(&ways[way].total_ns, __ATOMIC_ACQUIRE);
            if ((total ^ owner) == __atomic_load_n(&ways[way].check, __ATOMIC_ACQUIRE))
                return total;
        }
        return 0;
    }
    return 0;
}

OncpuProgram::Stats OncpuProgram::stats() const
{
    Stats result;
    if (!m_skel || m_cpus <= 0)
        return result;
    std::vector<__u64> perCpu(static_cast<std::size_t>(m_cpus));
    std::uint64_t* fields[ONCPU_STAT_COUNT] = {&result.drops, &result.estimated, &result.lost};
    for (__u32 stat = 0; stat < ONCPU_STAT_COUNT; ++stat) {
        if (bpf_map_lookup_elem(bpf_map__fd(m_skel->maps.oncpu_stats), &stat, perCpu.data()) != 0)
            continue;
        for (__u64 value : perCpu)
            *fields[stat] += value;
    }
    return result;
}

std::vector<std::uint32_t> OncpuProgram::programIds() const
{
    std::vector<std::uint32_t> ids;
    if (!m_skel)
        return ids;
    for (bpf_program* program : {m_skel->progs.ns_oncpu_btf, m_skel->progs.ns_oncpu_raw,
                                 m_skel->progs.ns_oncpu_rename_btf, m_skel->progs.ns_oncpu_rename_raw}) {
        if (std::uint32_t id = bpf::programId(bpf_program__fd(program)))
            ids.push_back(id);
    }
    return ids;
}

} // namespace numasight
