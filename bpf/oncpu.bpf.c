// SPDX-License-Identifier: GPL-3.0-or-later
/* On-CPU time per (tgid, tid, cpu) from sched_switch.
 *
 * One switch on a CPU ends the slice of `prev` and starts the slice of `next`, so a single per-CPU
 * "running since" slot is enough: no per-thread start map, no lookup of the incoming thread. Two entry
 * points share the work: tp_btf (typed task pointers, direct loads, cheapest) and raw_tp (for kernels
 * whose BTF does not allow tp_btf); the loader keeps exactly one of them. Neither needs tracefs. */
// vmlinux.h must come first, the other headers use its types.
// clang-format off
#include <vmlinux.h>

#include <bpf/bpf_core_read.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

#include "oncpu.h"
// clang-format on

char LICENSE[] SEC("license") = "GPL";

/* Set by the loader before load: when true, only threads of tgids in oncpu_tgids are accounted. A
 * read-only value lets the verifier drop the branch entirely in "all processes" mode. */
const volatile bool filter_tgids = false;

struct
{
    __uint(type, BPF_MAP_TYPE_HASH);
    __uint(max_entries, ONCPU_MAX_ENTRIES);
    __type(key, struct oncpu_key);
    __type(value, struct oncpu_value);
} oncpu_ns SEC(".maps");

/* Indexed by CPU; the loader sizes it to the possible CPUs. Mmapable so that user space reads what runs
 * where without one syscall per CPU. */
struct
{
    __uint(type, BPF_MAP_TYPE_ARRAY);
    __uint(max_entries, 1);
    __uint(map_flags, BPF_F_MMAPABLE);
    __type(key, __u32);
    __type(value, struct oncpu_running);
} oncpu_running SEC(".maps");

struct
{
    __uint(type, BPF_MAP_TYPE_HASH);
    __uint(max_entries, ONCPU_MAX_TGIDS);
    __type(key, __u32);
    __type(value, __u8);
} oncpu_tgids SEC(".maps");

struct
{
    __uint(type, BPF_MAP_TYPE_HASH);
    __uint(max_entries, ONCPU_MAX_RENAMES);
    __type(key, __u32);
    __type(value, struct oncpu_rename);
} oncpu_renames SEC(".maps");

/* Slices lost because oncpu_ns was full; user space turns a non-zero count into a warning. */
struct
{
    __uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
    __uint(max_entries, 1);
    __type(key, __u32);
    __type(value, __u64);
} oncpu_drops SEC(".maps");

static __always_inline void count_drop(void)
{
    __u32 zero = 0;
    __u64* drops = bpf_map_lookup_elem(&oncpu_drops, &zero);
    if (drops)
        *drops += 1;
}

static __always_inline int on_switch(__u32 prev_tgid, __u32 prev_tid, const char* prev_comm, __u32 next_tgid,
                                     __u32 next_tid)
{
    __u32 cpu = bpf_get_smp_processor_id();
    struct oncpu_running* run = bpf_map_lookup_elem(&oncpu_running, &cpu);
    if (!run)
        return 0;

    __u64 now = bpf_ktime_get_ns();
    __u64 since = run->since_ns;
    __u32 ran_tid = run->tid;
    run->since_ns = now;
    run->tgid = next_tgid;
    run->tid = next_tid;

    /* since == 0: the first switch on this CPU after attach, the slice start is unknown. A tid mismatch
     * means an event was missed (e.g. the program was replaced); dropping the slice beats guessing. The
     * idle task (tid 0) is not a thread of any process. */
    if (since == 0 || prev_tid == 0 || ran_tid != prev_tid)
        return 0;
    if (filter_tgids && !bpf_map_lookup_elem(&oncpu_tgids, &prev_tgid))
        return 0;

    struct oncpu_key key = {.tgid = prev_tgid, .tid = prev_tid, .cpu = cpu, .pad = 0};
    __u64 delta = now - since;
    struct oncpu_value* value = bpf_map_lookup_elem(&oncpu_ns, &key);
    if (value) {
        /* Only this CPU ever writes keys that carry its number, and BPF programs are not re-entered on
         * one CPU for this tracepoint, so a plain add cannot lose updates. */
        value->ns += delta;
        return 0;
    }
    struct oncpu_value init = {.ns = delta};
    bpf_probe_read_kernel_str(init.comm, sizeof(init.comm), prev_comm);
    if (bpf_map_update_elem(&oncpu_ns, &key, &init, BPF_NOEXIST) != 0)
        count_drop();
    return 0;
}

/* tp_btf: the arguments are typed kernel pointers, so fields are read with plain (CO-RE relocated) loads
 * instead of bpf_probe_read calls; this is the hot path of every context switch. */
SEC("tp_btf/sched_switch")
int BPF_PROG(ns_oncpu_btf, bool preempt, struct task_struct* prev, struct task_struct* next)
{
    return on_switch(prev->tgid, prev->pid, prev->comm, next->tgid, next->pid);
}

SEC("raw_tp/sched_switch")
int BPF_PROG(ns_oncpu_raw, bool preempt, struct task_struct* prev, struct task_struct* next)
{
    /* raw_tp gives untyped pointers: every field goes through bpf_probe_read (BPF_CORE_READ). The comm
     * address is only computed here, bpf_probe_read_kernel_str reads it. */
    return on_switch(BPF_CORE_READ(prev, tgid), BPF_CORE_READ(prev, pid), prev->comm,
                     BPF_CORE_READ(next, tgid), BPF_CORE_READ(next, pid));
}

/* Renames are rare, so recording them costs nothing on the switch path, and the name a thread gives itself
 * replaces the inherited one even when the thread exits before user space could read /proc/<tid>/comm. */
static __always_inline int on_rename(__u32 tgid, __u32 tid, const char* comm)
{
    struct oncpu_rename value = {.tgid = tgid, .pad = 0};
    bpf_probe_read_kernel_str(value.comm, sizeof(value.comm), comm);
    bpf_map_update_elem(&oncpu_renames, &tid, &value, BPF_ANY);
    return 0;
}

SEC("tp_btf/task_rename")
int BPF_PROG(ns_oncpu_rename_btf, struct task_struct* task, const char* comm)
{
    return on_rename(task->tgid, task->pid, comm);
}

SEC("raw_tp/task_rename")
int BPF_PROG(ns_oncpu_rename_raw, struct task_struct* task, const char* comm)
{
    return on_rename(BPF_CORE_READ(task, tgid), BPF_CORE_READ(task, pid), comm);
}
