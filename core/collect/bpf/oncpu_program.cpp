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

QString OncpuProgram::hookName() const
{
    return hook_ == Hook::TpBtf ? QStringLiteral("tp_btf/sched_switch")
                                : QStringLiteral("raw_tp/sched_switch");
}

std::optional<QString> OncpuProgram::start(const Options& options)
{
    destroy();
    bpf::installLibbpfLogger();
    fallbackReason_.clear();
    if (options.hook != Hook::Auto)
        return tryStart(options.hook, options);

    // tp_btf needs the kernel's BTF (the tracepoint's typed prototype, btf_trace_sched_switch) and
    // BPF_PROG_TYPE_TRACING; raw_tp needs neither and costs a few probe reads more per switch.
    int err = 0;
    if (!bpf::hasVmlinuxBtf())
        fallbackReason_ = QStringLiteral("no kernel BTF (/sys/kernel/btf/vmlinux)");
    else if (!bpf::vmlinuxHasType("btf_trace_sched_switch", BTF_KIND_TYPEDEF))
        fallbackReason_ = QStringLiteral("kernel BTF has no btf_trace_sched_switch");
    else if (!bpf::tracingProgramLoads(BPF_TRACE_RAW_TP, "btf_trace_sched_switch", BTF_KIND_TYPEDEF, false,
                                       &err))
        fallbackReason_ = QStringLiteral("a tp_btf program does not load here (%1)")
                              .arg(QString::fromLocal8Bit(strerror(err)));
    if (fallbackReason_.isEmpty()) {
        auto error = tryStart(Hook::TpBtf, options);
        if (!error)
            return std::nullopt;
        fallbackReason_ = *error;
    }
    return tryStart(Hook::RawTp, options);
}

std::optional<QString> OncpuProgram::tryStart(Hook hook, const Options& options)
{
    destroy();
    bpf::takeLibbpfLog(); // forget earlier probes' messages: errors quote only this attempt's
    hook_ = hook;
    const bool btf = hook == Hook::TpBtf;

    // Open.
    skel_ = oncpu::open();
    if (!skel_)
        return stepError(Step::Open, "oncpu", errno);

    // Configure: keep one entry point, size the per-CPU records, set the filter switch.
    int cpus = libbpf_num_possible_cpus();
    if (cpus <= 0) {
        destroy();
        return stepError(Step::Configure, "oncpu", -cpus, QStringLiteral("counting possible CPUs"));
    }
    cpus_ = cpus;
    skel_->rodata->filter_tgids = options.filterTgids;
    int rc = bpf_program__set_autoload(btf ? skel_->progs.ns_oncpu_raw : skel_->progs.ns_oncpu_btf, false);
    // The rename hook follows the switch hook's kind; when the kernel's BTF lacks the tracepoint's
    // prototype, neither variant loads and names come from each thread's first slice.
    const bool renameBtf = btf && bpf::vmlinuxHasType("btf_trace_task_rename", BTF_KIND_TYPEDEF);
    const bool renameRaw = !btf;
    if (rc == 0 && !renameBtf)
        rc = bpf_program__set_autoload(skel_->progs.ns_oncpu_rename_btf, false);
    if (rc == 0 && !renameRaw)
        rc = bpf_program__set_autoload(skel_->progs.ns_oncpu_rename_raw, false);
    if (rc == 0)
        rc = bpf_map__set_max_entries(skel_->maps.oncpu_cpus, static_cast<__u32>(cpus));
    // Without a filter the bitmap is never read: one word instead of 512 KiB of locked memory.
    if (rc == 0 && !options.filterTgids)
        rc = bpf_map__set_max_entries(skel_->maps.oncpu_tgids, 1);
    QString target = QStringLiteral("tp_btf/sched_switch");
    if (rc == 0 && btf && !options.btfTarget.empty()) {
        target = QStringLiteral("tp_btf/%1").arg(QString::fromStdString(options.btfTarget));
        rc = bpf_program__set_attach_target(skel_->progs.ns_oncpu_btf, 0, options.btfTarget.c_str());
    }
    if (rc == 0 && btf && !options.fentryTarget.empty()) {
        target = QStringLiteral("fentry/%1").arg(QString::fromStdString(options.fentryTarget));
        rc = bpf_program__set_expected_attach_type(skel_->progs.ns_oncpu_btf, BPF_TRACE_FENTRY);
        if (rc == 0)
            rc = bpf_program__set_attach_target(skel_->progs.ns_oncpu_btf, 0, options.fentryTarget.c_str());
    }
    if (!btf)
        target = QStringLiteral("raw_tp/%1").arg(QString::fromStdString(options.rawTracepoint));
    if (rc != 0) {
        destroy();
        return stepError(Step::Configure, "oncpu", rc, target);
    }

    // Load (the verifier runs here), then map the CPU records (writable: forgetSlot()).
    rc = oncpu::load(skel_);
    if (rc != 0) {
        destroy();
        return stepError(Step::Load, "oncpu", rc, target);
    }
    const std::size_t page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
    mappedBytes_ = (sizeof(oncpu_cpu) * static_cast<std::size_t>(cpus) + page - 1) / page * page;
    void* mapped = mmap(nullptr, mappedBytes_, PROT_READ | PROT_WRITE, MAP_SHARED,
                        bpf_map__fd(skel_->maps.oncpu_cpus), 0);
    if (mapped == MAP_FAILED) {
        int mapErr = errno;
        mappedBytes_ = 0;
        destroy();
        return stepError(Step::Load, "oncpu", mapErr, QStringLiteral("mapping the per-CPU records"));
    }
    records_ = static_cast<volatile oncpu_cpu*>(mapped);
    if (options.filterTgids) {
        tgidBytes_ = (sizeof(__u64) * ONCPU_TGID_BITMAP_WORDS + page - 1) / page * page;
        void* bits = mmap(nullptr, tgidBytes_, PROT_READ | PROT_WRITE, MAP_SHARED,
                          bpf_map__fd(skel_->maps.oncpu_tgids), 0);
        if (bits == MAP_FAILED) {
            int mapErr = errno;
            tgidBytes_ = 0;
            destroy();
            return stepError(Step::Load, "oncpu", mapErr, QStringLiteral("mapping the process filter"));
        }
        tgidBits_ = static_cast<std::uint64_t*>(bits);
    }

    // Attach.
    struct timespec now = {};
    clock_gettime(CLOCK_MONOTONIC, &now); // the clock of bpf_ktime_get_ns()
    skel_->bss->attach_ns = __u64(now.tv_sec) * 1000000000ull + __u64(now.tv_nsec);
    if (btf)
        link_ = bpf_program__attach(skel_->progs.ns_oncpu_btf);
    else
        link_ = bpf_program__attach_raw_tracepoint(skel_->progs.ns_oncpu_raw, options.rawTracepoint.c_str());
    if (!link_) {
        int attachErr = errno;
        destroy();
        return stepError(Step::Attach, "oncpu", attachErr, target);
    }
    if (renameBtf) {
        renameLink_ = bpf_program__attach(skel_->progs.ns_oncpu_rename_btf);
        renameHookName_ = QStringLiteral("tp_btf/task_rename");
    } else if (renameRaw) {
        renameLink_ = bpf_program__attach_raw_tracepoint(skel_->progs.ns_oncpu_rename_raw, "task_rename");
        renameHookName_ = QStringLiteral("raw_tp/task_rename");
    }
    return std::nullopt;
}

void OncpuProgram::destroy()
{
    // Detach first so the program stops running, then unmap, then free programs and maps.
    if (renameLink_) {
        bpf_link__destroy(renameLink_);
        renameLink_ = nullptr;
    }
    if (link_) {
        bpf_link__destroy(link_);
        link_ = nullptr;
    }
    if (records_) {
        munmap(const_cast<oncpu_cpu*>(records_), mappedBytes_);
        records_ = nullptr;
        mappedBytes_ = 0;
    }
    if (tgidBits_) {
        munmap(tgidBits_, tgidBytes_);
        tgidBits_ = nullptr;
        tgidBytes_ = 0;
    }
    if (skel_) {
        oncpu::destroy(skel_);
        skel_ = nullptr;
    }
    cpus_ = 0;
}

int OncpuProgram::countsFd() const
{
    return skel_ ? bpf_map__fd(skel_->maps.oncpu_ns) : -1;
}

int OncpuProgram::renamesFd() const
{
    return skel_ && renameLink_ ? bpf_map__fd(skel_->maps.oncpu_renames) : -1;
}

bool OncpuProgram::addTgid(std::uint32_t tgid)
{
    if (!tgidBits_ || tgid / 64 >= ONCPU_TGID_BITMAP_WORDS)
        return false;
    __atomic_fetch_or(&tgidBits_[tgid / 64], std::uint64_t(1) << (tgid % 64), __ATOMIC_RELAXED);
    return true;
}

std::uint64_t OncpuProgram::forgetSlot(std::uint32_t tgid, std::uint32_t tid, std::uint32_t cpu)
{
    if (!records_ || cpu >= std::uint32_t(cpus_))
        return 0;
    const __u64 owner = __u64(tgid) << 32 | tid;
    auto* ways = const_cast<oncpu_slot*>(&records_[cpu].cache[(tid % ONCPU_SLOT_SETS) * ONCPU_SLOT_WAYS]);
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
    if (!skel_ || cpus_ <= 0)
        return result;
    std::vector<__u64> perCpu(static_cast<std::size_t>(cpus_));
    std::uint64_t* fields[ONCPU_STAT_COUNT] = {&result.drops, &result.estimated, &result.lost};
    for (__u32 stat = 0; stat < ONCPU_STAT_COUNT; ++stat) {
        if (bpf_map_lookup_elem(bpf_map__fd(skel_->maps.oncpu_stats), &stat, perCpu.data()) != 0)
            continue;
        for (__u64 value : perCpu)
            *fields[stat] += value;
    }
    return result;
}

std::vector<std::uint32_t> OncpuProgram::programIds() const
{
    std::vector<std::uint32_t> ids;
    if (!skel_)
        return ids;
    for (bpf_program* program : {skel_->progs.ns_oncpu_btf, skel_->progs.ns_oncpu_raw,
                                 skel_->progs.ns_oncpu_rename_btf, skel_->progs.ns_oncpu_rename_raw}) {
        if (std::uint32_t id = bpf::programId(bpf_program__fd(program)))
            ids.push_back(id);
    }
    return ids;
}

} // namespace numasight
