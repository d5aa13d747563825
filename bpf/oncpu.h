// SPDX-License-Identifier: GPL-3.0-or-later
/* Shared between oncpu.bpf.c and its loader (core/collect/bpf). Plain C types only: the BPF side includes
 * vmlinux.h, user space includes <linux/types.h>, so nothing here may depend on either. */
#ifndef NUMASIGHT_BPF_ONCPU_H
#define NUMASIGHT_BPF_ONCPU_H

#define ONCPU_COMM_LEN 16
/* ~64k (thread, CPU) pairs: 1000 threads on 64 CPUs fit, and user space evicts exited threads. */
#define ONCPU_MAX_ENTRIES 65536
/* Renames between two reads of the map; user space drains it every interval. */
#define ONCPU_MAX_RENAMES 4096

/* Not named key_t: that clashes with the System V typedef in C++. */
struct oncpu_key
{
    __u32 tgid;
    __u32 tid;
    __u32 cpu;
    __u32 pad; /* explicit, so the hash never sees uninitialised bytes */
};

struct oncpu_value
{
    __u64 ns;                  /* on-CPU time, cumulative since the program was attached */
    char comm[ONCPU_COMM_LEN]; /* the thread's name when the entry was created */
};

/* What runs on a CPU right now, and the thread's own run-time counter (task->se.sum_exec_runtime, the
 * counter behind CLOCK_THREAD_CPUTIME_ID and /proc/<tid>/schedstat) when it was switched in. User space adds
 * (the thread's schedstat now - start_runtime_ns) so that a thread that never leaves its CPU (a pinned
 * spinner on an otherwise idle CPU) still shows its time every interval. tid 0: the idle task. */
struct oncpu_running
{
    __u64 start_runtime_ns;
    __u32 tgid;
    __u32 tid;
    __u32 seen; /* 0 until the first switch on this CPU after attach: before it, nothing here is known */
    __u32 pad;
};

/* Each CPU caches the sums of the threads that ran on it lately, so that most switches add to array memory
 * (an inlined address computation) instead of looking up oncpu_ns (a call and a hash). Set-associative:
 * a thread's set is tid % ONCPU_SLOT_SETS, any of its ways may hold it. Powers of two. */
#define ONCPU_SLOT_SETS 8
#define ONCPU_SLOT_WAYS 4
#define ONCPU_SLOTS (ONCPU_SLOT_SETS * ONCPU_SLOT_WAYS)

/* total_ns is the same cumulative sum as the thread's oncpu_ns value on this CPU, only more recent: the
 * program writes it back there when the slot goes to another thread, so user space takes the larger of the
 * two. Other CPUs read the slot while it changes, without any ordering (the program cannot order its stores
 * on every architecture without atomics): check ties total_ns to owner, and a read whose three words do not
 * agree is dropped for that interval. */
struct oncpu_slot
{
    __u64 owner;      /* tgid << 32 | tid; 0: free (tid 0, the idle task, is never cached) */
    __u64 total_ns;   /* cumulative on-CPU ns of owner on this CPU */
    __u64 check;      /* owner ^ total_ns */
    __u64 flushed_ns; /* what oncpu_ns holds for owner: a slot that has not grown is not written back */
};

/* One per CPU, in one mmapable array. A multiple of 64 bytes so that two CPUs never write one cache line. */
struct oncpu_cpu
{
    struct oncpu_running running;
    __u8 next_victim[ONCPU_SLOT_SETS]; /* round-robin replacement per set */
    __u8 pad[32];
    struct oncpu_slot cache[ONCPU_SLOTS]; /* not "slots": a macro in Qt */
};

/* Indexes of the per-CPU counters in oncpu_stats. */
#define ONCPU_STAT_DROPS 0     /* slices lost because oncpu_ns was full */
#define ONCPU_STAT_ESTIMATED 1 /* slices whose switch-in was missed, timed by the scheduler's clock */
#define ONCPU_STAT_LOST 2      /* such slices on the raw_tp path, which cannot read that clock */
#define ONCPU_STAT_COUNT 3

/* The tgid filter is a bitmap over pid numbers (pid_max is at most 2^22): one array index per switch. */
#define ONCPU_TGID_BITMAP_WORDS ((1u << 22) / 64)

/* A thread's new name (pthread_setname_np, prctl PR_SET_NAME), keyed by tid. Threads name themselves right
 * after they start, often after their first slice was counted under the inherited name. */
struct oncpu_rename
{
    __u32 tgid;
    __u32 pad;
    char comm[ONCPU_COMM_LEN];
};

#endif
