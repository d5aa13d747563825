// SPDX-License-Identifier: GPL-3.0-or-later
/* On-CPU time per (tgid, tid, cpu) from sched_switch.
 *
 * One switch on a CPU ends the slice of `prev` and starts the slice of `next`, so a single per-CPU record
 * holding next's run-time counter is enough: no per-thread start map, no lookup of the incoming thread. The
 * slice is added to prev's sum in a small per-CPU cache (struct oncpu_slot) when prev ran there lately; the
 * hash map is touched only when a thread enters the cache. Two entry points share the work: tp_btf (typed
 * task pointers, direct loads, cheapest) and raw_tp (for kernels whose BTF does not allow tp_btf); the loader
 * keeps exactly one of them. Neither needs tracefs. */
// vmlinux.h must come first, the other headers use its types.
// clang-format off
#include <vmlinux.h>

#include <bpf/bpf_core_read.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

#include "oncpu.h"
// clang-format on

char LICENSE[] SEC("license") = "GPL";

/* Set by the loader before load: when true, only threads of tgids set in oncpu_tgids are accounted. A
 * read-only value lets the verifier drop the branch entirely in "all processes" mode. */
const volatile bool filter_tgids = false;

/* CLOCK_MONOTONIC just before attach, set by the loader. The first switch on each CPU ends a slice that
 * began before attach; only its part after attach is counted, and it is the only clock read. */
__u64 attach_ns = 0;

struct
{
    __uint(type, BPF_MAP_TYPE_HASH);
    __uint(max_entries, ONCPU_MAX_ENTRIES);
    __type(key, struct oncpu_key);
    __type(value, struct oncpu_value);
} oncpu_ns SEC(".maps");

/* Indexed by CPU; the loader sizes it to the possible CPUs. An array rather than a per-CPU array so that
 * user space reads every CPU's record through one mapping, without a syscall. */
struct
{
    __uint(type, BPF_MAP_TYPE_ARRAY);
    __uint(max_entries, 1);
    __uint(map_flags, BPF_F_MMAPABLE);
    __type(key, __u32);
    __type(value, struct oncpu_cpu);
} oncpu_cpus SEC(".maps");

/* One bit per tgid. An array look-up is inlined by the verifier into an address computation, where a hash
 * look-up is a call and a hash; the filter runs on every switch. User space sets bits through the mapping. */
struct
{
    __uint(type, BPF_MAP_TYPE_ARRAY);
    __uint(max_entries, ONCPU_TGID_BITMAP_WORDS);
    __uint(map_flags, BPF_F_MMAPABLE);
    __type(key, __u32);
    __type(value, __u64);
} oncpu_tgids SEC(".maps");

struct
{
    __uint(type, BPF_MAP_TYPE_HASH);
    __uint(max_entries, ONCPU_MAX_RENAMES);
    __type(key, __u32);
    __type(value, struct oncpu_rename);
} oncpu_renames SEC(".maps");

/* ONCPU_STAT_* counters; user space turns lost slices into warnings. */
struct
{
    __uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
    __uint(max_entries, ONCPU_STAT_COUNT);
    __type(key, __u32);
    __type(value, __u64);
} oncpu_stats SEC(".maps");

static __always_inline void count(__u32 stat)
{
    __u64* value = bpf_map_lookup_elem(&oncpu_stats, &stat);
    if (value)
        *value += 1;
}

static __always_inline bool watched(__u32 tgid)
{
    __u32 word = tgid / 64;
    __u64* bits = bpf_map_lookup_elem(&oncpu_tgids, &word);
    return bits && (*bits & (1ull << (tgid % 64)));
}

/* What the loads from the two task_structs gave; the entry points differ only in how they read them. */
struct switch_facts
{
    __u32 prev_tgid, prev_tid, next_tgid, next_tid;
    __u64 prev_runtime; /* prev->se.sum_exec_runtime, brought up to date by the scheduler before the switch */
    __u64 next_runtime; /* next->se.sum_exec_runtime */
    const char* prev_comm;
};

enum slice_kind
{
    SLICE_SKIP,
    SLICE_KNOWN,        /* the switch-in was seen: the slice is exact */
    SLICE_SINCE_ATTACH, /* the first switch on this CPU: prev has run here since before attach */
    SLICE_MISSED,       /* the switch-in was missed (seen on kernel 6.18, rarely, under contention) */
};

/* Moves the CPU's running record on to `next` and says how much of prev's slice is known. The slice is
 * measured on the scheduler's own per-thread counter rather than a clock read at each switch: no clock read
 * on the hot path, and the figures are exactly what the thread's CPU clock says. */
static __always_inline enum slice_kind switch_running(const struct switch_facts* f, struct oncpu_running* run,
                                                      __u64* delta)
{
    __u64 start = run->start_runtime_ns;
    __u32 ran_tid = run->tid;
    __u32 seen = run->seen;
    run->start_runtime_ns = f->next_runtime;
    run->tgid = f->next_tgid;
    run->tid = f->next_tid;
    run->seen = 1;

    /* The idle task (tid 0) is not a thread of any process. */
    if (f->prev_tid == 0)
        return SLICE_SKIP;
    if (filter_tgids && !watched(f->prev_tgid))
        return SLICE_SKIP;
    if (!seen)
        return SLICE_SINCE_ATTACH;
    if (ran_tid != f->prev_tid)
        return SLICE_MISSED;
    *delta = f->prev_runtime - start;
    return SLICE_KNOWN;
}

/* For slices whose start was not seen: `wall` is how long prev has been on this CPU by the scheduler's
 * clock (0 when unknown). */
static __always_inline __u64 unseen_slice(enum slice_kind kind, __u64 wall)
{
    if (kind == SLICE_SINCE_ATTACH) {
        __u64 since_attach = bpf_ktime_get_ns() - attach_ns;
        return wall && wall < since_attach ? wall : since_attach;
    }
    if (!wall) {
        count(ONCPU_STAT_LOST);
        return 0;
    }
    count(ONCPU_STAT_ESTIMATED);
    return wall;
}

/* Before a slot is given to another thread, its sum goes back to oncpu_ns. The entry is there unless user
 * space deleted it, which it does only for threads that have exited; then nothing is written, above all no
 * entry is created again, which user space would count a second time from zero. */
static __always_inline void write_back(const struct oncpu_slot* slot, __u32 cpu)
{
    __u64 owner = slot->owner;
    if (!owner || slot->total_ns == slot->flushed_ns)
        return;
    struct oncpu_key key = {.tgid = owner >> 32, .tid = (__u32)owner, .cpu = cpu, .pad = 0};
    struct oncpu_value* value = bpf_map_lookup_elem(&oncpu_ns, &key);
    /* Absolute, not added: the slot's sum started from this value and only this CPU writes either. */
    if (value)
        value->ns = slot->total_ns;
}

/* A free way first (there are free ways after attach and after user space forgot an exited thread), else
 * round robin: cheaper than tracking recency on every hit. */
static __always_inline struct oncpu_slot* victim_in(struct oncpu_cpu* state, __u32 set)
{
    struct oncpu_slot* ways = &state->cache[set * ONCPU_SLOT_WAYS];
#pragma unroll
    for (int way = 0; way < ONCPU_SLOT_WAYS; way++) {
        if (!ways[way].owner)
            return &ways[way];
    }
    __u8 next = state->next_victim[set];
    state->next_victim[set] = next + 1;
    return &ways[next & (ONCPU_SLOT_WAYS - 1)];
}

static __always_inline int account(struct oncpu_cpu* state, const struct switch_facts* f, __u32 cpu,
                                   __u64 delta)
{
    if ((__s64)delta <= 0)
        return 0;
    /* The whole key: a tid seen in another process (pid reuse) is another thread. */
    const __u64 owner = (__u64)f->prev_tgid << 32 | f->prev_tid;
    const __u32 set = f->prev_tid & (ONCPU_SLOT_SETS - 1);
    struct oncpu_slot* ways = &state->cache[set * ONCPU_SLOT_WAYS];
    /* Only this CPU writes its record (user space merely frees the slots of exited threads), and BPF
     * programs are not re-entered on one CPU for this tracepoint, so plain loads and stores lose nothing. */
#pragma unroll
    for (int way = 0; way < ONCPU_SLOT_WAYS; way++) {
        if (ways[way].owner == owner) {
            __u64 total = ways[way].total_ns + delta;
            ways[way].total_ns = total;
            ways[way].check = total ^ owner;
            return 0;
        }
    }

    /* Not cached: continue from the sum in oncpu_ns, or start one. The value is brought up to date too, so
     * that it lags only by what the slot gathers from now on. */
    struct oncpu_key key = {.tgid = f->prev_tgid, .tid = f->prev_tid, .cpu = cpu, .pad = 0};
    struct oncpu_value* value = bpf_map_lookup_elem(&oncpu_ns, &key);
    __u64 total = delta;
    if (value) {
        total += value->ns;
        value->ns = total;
    } else {
        struct oncpu_value init = {.ns = delta};
        bpf_probe_read_kernel_str(init.comm, sizeof(init.comm), f->prev_comm);
        if (bpf_map_update_elem(&oncpu_ns, &key, &init, BPF_NOEXIST) != 0) {
            /* No entry: caching the sum would keep time user space cannot see (it reads slots only for
             * keys the map has). The slots stay as they are. */
            count(ONCPU_STAT_DROPS);
            return 0;
        }
    }
    struct oncpu_slot* slot = victim_in(state, set);
    write_back(slot, cpu);
    slot->owner = owner;
    slot->total_ns = total;
    slot->check = total ^ owner;
    slot->flushed_ns = total;
    return 0;
}

/* What a switch ends: prev's slice on this CPU, the CPU's record already moved on to `next`. */
struct ended_slice
{
    __u32 cpu;
    struct oncpu_cpu* state;
    enum slice_kind kind;
    __u64 delta; /* prev's time in the slice when kind is SLICE_KNOWN */
};

/* The start of every switch, whichever program type reads the facts; false when it counts nothing (the idle
 * task, a process not watched). */
static __always_inline bool end_slice(const struct switch_facts* f, struct ended_slice* s)
{
    s->cpu = bpf_get_smp_processor_id();
    s->state = bpf_map_lookup_elem(&oncpu_cpus, &s->cpu);
    if (!s->state)
        return false;
    s->kind = switch_running(f, &s->state->running, &s->delta);
    return s->kind != SLICE_SKIP;
}

/* tp_btf: the arguments are typed kernel pointers, so fields are read with plain (CO-RE relocated) loads
 * instead of bpf_probe_read calls; this is the hot path of every context switch. */
SEC("tp_btf/sched_switch")
int BPF_PROG(ns_oncpu_btf, bool preempt, struct task_struct* prev, struct task_struct* next)
{
    struct switch_facts f = {
        .prev_tgid = prev->tgid,
        .prev_tid = prev->pid,
        .next_tgid = next->tgid,
        .next_tid = next->pid,
        .prev_runtime = prev->se.sum_exec_runtime,
        .next_runtime = next->se.sum_exec_runtime,
        .prev_comm = prev->comm,
    };
    struct ended_slice s = {};
    if (!end_slice(&f, &s))
        return 0;
    if (s.kind != SLICE_KNOWN) {
        /* sched_info.last_arrival is the run-queue clock when prev was last switched in (by any path, seen
         * or not), and that clock was brought up to date for this switch. The run queue is reached through
         * the task's CFS queue (group scheduling; the per-CPU `runqueues` symbol is not resolvable without
         * CONFIG_KALLSYMS_ALL); faulting loads read as 0, which unseen_slice() treats as unknown. */
        __u64 arrival = prev->sched_info.last_arrival;
        __u64 clock = 0;
        if (bpf_core_field_exists(prev->se.cfs_rq)) {
            struct cfs_rq* queue = prev->se.cfs_rq;
            if (queue && bpf_core_field_exists(queue->rq) && queue->rq)
                clock = queue->rq->clock;
        }
        s.delta = unseen_slice(s.kind, arrival && clock > arrival ? clock - arrival : 0);
    }
    return account(s.state, &f, s.cpu, s.delta);
}

SEC("raw_tp/sched_switch")
int BPF_PROG(ns_oncpu_raw, bool preempt, struct task_struct* prev, struct task_struct* next)
{
    /* raw_tp gives untyped pointers: every field goes through bpf_probe_read (BPF_CORE_READ). The comm
     * address is only computed here, bpf_probe_read_kernel_str reads it. Per-CPU kernel variables need
     * typed pointers, so an unseen slice start is not known here (wall 0): only the attach case is counted.
     */
    struct switch_facts f = {
        .prev_tgid = BPF_CORE_READ(prev, tgid),
        .prev_tid = BPF_CORE_READ(prev, pid),
        .next_tgid = BPF_CORE_READ(next, tgid),
        .next_tid = BPF_CORE_READ(next, pid),
        .prev_runtime = BPF_CORE_READ(prev, se.sum_exec_runtime),
        .next_runtime = BPF_CORE_READ(next, se.sum_exec_runtime),
        .prev_comm = prev->comm,
    };
    struct ended_slice s = {};
    if (!end_slice(&f, &s))
        return 0;
    if (s.kind != SLICE_KNOWN)
        s.delta = unseen_slice(s.kind, 0);
    return account(s.state, &f, s.cpu, s.delta);
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
