/* Shared between oncpu.bpf.c and its loader (core/collect/bpf). Plain C types only: the BPF side includes
 * vmlinux.h, user space includes <linux/types.h>, so nothing here may depend on either. */
#ifndef NUMASIGHT_BPF_ONCPU_H
#define NUMASIGHT_BPF_ONCPU_H

#define ONCPU_COMM_LEN 16
/* ~64k (thread, CPU) pairs: 1000 threads on 64 CPUs fit, and user space evicts exited threads. */
#define ONCPU_MAX_ENTRIES 65536
#define ONCPU_MAX_TGIDS 4096
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

/* What runs on a CPU right now: user space adds (now - since_ns) to this thread so that a thread that
 * never leaves its CPU (a pinned spinner on an otherwise idle CPU) still shows its time every interval. */
struct oncpu_running
{
    __u64 since_ns; /* bpf_ktime_get_ns() (CLOCK_MONOTONIC) when it was switched in; 0 = unknown */
    __u32 tgid;
    __u32 tid;
};

/* A thread's new name (pthread_setname_np, prctl PR_SET_NAME), keyed by tid. Threads name themselves right
 * after they start, often after their first slice was counted under the inherited name. */
struct oncpu_rename
{
    __u32 tgid;
    __u32 pad;
    char comm[ONCPU_COMM_LEN];
};

#endif
