// SPDX-License-Identifier: GPL-3.0-or-later
/* Bytes moved per (tgid, tid, local endpoint, remote endpoint, protocol) on the TCP and UDP send/receive
 * paths, IPv4 and IPv6.
 *
 * Counts what the call returned (bytes that entered the socket, bytes copied to the reader), never the
 * size asked for. Each socket counts only itself, so each flow is counted once, from its local side.
 * Three sets of programs do the same job; the loader probes which one this kernel supports and disables
 * the others with set_autoload(false):
 *  - fexit on tcp_sendmsg/tcp_recvmsg/udp(v6)_sendmsg/udp(v6)_recvmsg: arguments and return value in one
 *    program; the peer of an unconnected UDP socket comes from msg_name.
 *  - tp_btf on sock:sock_send_length / sock:sock_recv_length (Linux 6.3+): one hook per direction at the
 *    socket layer, for kernels that refuse fentry (or lack kprobes); the peer of an unconnected UDP
 *    socket is unknown there (no msghdr), connected sockets and TCP are complete.
 *  - kprobe + kretprobe on the same functions as fexit: entry stashes the arguments, return counts. */
// vmlinux.h must come first, the other headers use its types.
// clang-format off
#include <vmlinux.h>

#include <bpf/bpf_core_read.h>
#include <bpf/bpf_endian.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

#include "netflow.h"
// clang-format on

char LICENSE[] SEC("license") = "GPL";

#define MSG_PEEK_FLAG 2 /* MSG_PEEK: the bytes stay queued, the next read will move them */

const volatile bool filter_tgids = false;
/* Position of `flags` in tcp/udp(v6)_recvmsg: 3 since Linux 5.19 (the `nonblock` argument went away), 4
 * before. The loader reads it from the kernel's BTF; the kprobe path needs it, fexit asks the kernel. */
const volatile int recv_flags_arg = 3;

struct
{
    __uint(type, BPF_MAP_TYPE_HASH);
    __uint(max_entries, NETFLOW_MAX_ENTRIES);
    __type(key, struct netflow_key);
    __type(value, struct netflow_value);
} netflow_bytes SEC(".maps");

struct
{
    __uint(type, BPF_MAP_TYPE_HASH);
    __uint(max_entries, NETFLOW_MAX_TGIDS);
    __type(key, __u32);
    __type(value, __u8);
} netflow_tgids SEC(".maps");

struct
{
    __uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
    __uint(max_entries, 1);
    __type(key, __u32);
    __type(value, __u64);
} netflow_drops SEC(".maps");

/* kprobe path: arguments saved at entry for the kretprobe. The function is part of the key because
 * udpv6_sendmsg calls udp_sendmsg for IPv4 destinations on the same thread. */
enum hook_fn
{
    FN_TCP_SEND = 1,
    FN_TCP_RECV,
    FN_UDP_SEND,
    FN_UDP_RECV,
    FN_UDP6_SEND,
    FN_UDP6_RECV
};
struct call_key
{
    __u64 pid_tgid;
    __u32 fn;
    __u32 pad;
};
struct call_args
{
    struct sock* sk;
    struct msghdr* msg;
    int flags;
};
/* LRU: a kretprobe that never fires (maxactive exceeded) must not leak its entry forever. */
struct
{
    __uint(type, BPF_MAP_TYPE_LRU_HASH);
    __uint(max_entries, 8192);
    __type(key, struct call_key);
    __type(value, struct call_args);
} netflow_calls SEC(".maps");

/* For UDP the peer of an unconnected socket is in msg_name: the destination of sendto(), or the source
 * that recvfrom() filled in (read after the call returned). */
static __always_inline void peer_from_msg(struct msghdr* msg, struct netflow_key* key)
{
    if (!msg)
        return;
    void* name = BPF_CORE_READ(msg, msg_name);
    if (!name)
        return;
    __u16 family = 0;
    bpf_probe_read_kernel(&family, sizeof(family), name);
    if (family == NETFLOW_AF_INET && key->family == NETFLOW_AF_INET) {
        struct sockaddr_in sin = {};
        bpf_probe_read_kernel(&sin, sizeof(sin), name);
        key->rport = bpf_ntohs(sin.sin_port);
        __builtin_memcpy(key->raddr, &sin.sin_addr.s_addr, 4);
    } else if (family == NETFLOW_AF_INET6 && key->family == NETFLOW_AF_INET6) {
        struct sockaddr_in6 sin6 = {};
        bpf_probe_read_kernel(&sin6, sizeof(sin6), name);
        key->rport = bpf_ntohs(sin6.sin6_port);
        __builtin_memcpy(key->raddr, &sin6.sin6_addr, 16);
    }
}

/* The counters of `key`, created at zero on first use; null when the map is full (counted as a drop). */
static __always_inline struct netflow_value* flow_value(const struct netflow_key* key)
{
    struct netflow_value* value = bpf_map_lookup_elem(&netflow_bytes, key);
    if (value)
        return value;
    struct netflow_value zero = {};
    /* BPF_NOEXIST: another CPU may create the same key first (a thread that migrated); then the lookup
     * after it finds that entry. */
    bpf_map_update_elem(&netflow_bytes, key, &zero, BPF_NOEXIST);
    value = bpf_map_lookup_elem(&netflow_bytes, key);
    if (!value) {
        __u32 zero_index = 0;
        __u64* drops = bpf_map_lookup_elem(&netflow_drops, &zero_index);
        if (drops)
            *drops += 1;
    }
    return value;
}

/* The current thread's part of a flow key; false when its process is not one to watch. */
static __always_inline bool begin_key(struct netflow_key* key)
{
    __u64 id = bpf_get_current_pid_tgid();
    __u32 tgid = id >> 32;
    if (filter_tgids && !bpf_map_lookup_elem(&netflow_tgids, &tgid))
        return false;
    key->tgid = tgid;
    key->tid = (__u32)id;
    return true;
}

/* Counts `bytes` sent or received on the flow of `key`. */
static __always_inline void add_bytes(const struct netflow_key* key, long bytes, bool sending)
{
    struct netflow_value* value = flow_value(key);
    if (!value)
        return;
    if (sending)
        __sync_fetch_and_add(&value->sent, bytes);
    else
        __sync_fetch_and_add(&value->received, bytes);
}

static __always_inline void account(struct sock* sk, struct msghdr* msg, __u16 protocol, long bytes,
                                    bool sending)
{
    if (bytes <= 0 || !sk)
        return;
    struct netflow_key key = {};
    if (!begin_key(&key))
        return;
    key.protocol = protocol;
    key.family = BPF_CORE_READ(sk, __sk_common.skc_family);
    key.lport = BPF_CORE_READ(sk, __sk_common.skc_num);
    key.rport = bpf_ntohs(BPF_CORE_READ(sk, __sk_common.skc_dport));
    if (key.family == NETFLOW_AF_INET) {
        __be32 laddr = BPF_CORE_READ(sk, __sk_common.skc_rcv_saddr);
        __be32 raddr = BPF_CORE_READ(sk, __sk_common.skc_daddr);
        __builtin_memcpy(key.laddr, &laddr, 4);
        __builtin_memcpy(key.raddr, &raddr, 4);
    } else if (key.family == NETFLOW_AF_INET6) {
        BPF_CORE_READ_INTO(&key.laddr, sk, __sk_common.skc_v6_rcv_saddr);
        BPF_CORE_READ_INTO(&key.raddr, sk, __sk_common.skc_v6_daddr);
    } else {
        return;
    }
    if (protocol == NETFLOW_PROTO_UDP)
        peer_from_msg(msg, &key);

    add_bytes(&key, bytes, sending);
}

static __always_inline bool is_inet6(struct sock* sk)
{
    return BPF_CORE_READ(sk, __sk_common.skc_family) == NETFLOW_AF_INET6;
}

/* ---- fexit: arguments and return value in one place. The receive functions lost an argument in 5.19,
 * so they read it through bpf_get_func_arg / bpf_get_func_ret, which do not depend on the arity. */

static __always_inline int recv_exit(__u64* ctx, __u16 protocol)
{
    __u64 sk = 0, msg = 0, flags = 0, ret = 0;
    bpf_get_func_arg(ctx, 0, &sk);
    bpf_get_func_arg(ctx, 1, &msg);
    bpf_get_func_arg(ctx, bpf_get_func_arg_cnt(ctx) >= 6 ? 4 : 3, &flags);
    bpf_get_func_ret(ctx, &ret);
    if (flags & MSG_PEEK_FLAG)
        return 0;
    account((struct sock*)sk, (struct msghdr*)msg, protocol, (long)(int)ret, false);
    return 0;
}

/* The fexit program of one receive function, named ns_<name>_fx as the loader knows it. */
#define NETFLOW_FEXIT_RECV(name, func, protocol)                                                             \
    SEC("fexit/" #func)                                                                                      \
    int ns_##name##_fx(__u64* ctx)                                                                           \
    {                                                                                                        \
        return recv_exit(ctx, protocol);                                                                     \
    }

SEC("fexit/tcp_sendmsg")
int BPF_PROG(ns_tcp_snd_fx, struct sock* sk, struct msghdr* msg, size_t size, int ret)
{
    account(sk, msg, NETFLOW_PROTO_TCP, ret, true);
    return 0;
}

NETFLOW_FEXIT_RECV(tcp_rcv, tcp_recvmsg, NETFLOW_PROTO_TCP)

/* udpv6_sendmsg hands IPv4 destinations to udp_sendmsg on the same socket: count those once, in the
 * udpv6_sendmsg hook, by skipping IPv6 sockets here. */
SEC("fexit/udp_sendmsg")
int BPF_PROG(ns_udp_snd_fx, struct sock* sk, struct msghdr* msg, size_t len, int ret)
{
    if (!is_inet6(sk))
        account(sk, msg, NETFLOW_PROTO_UDP, ret, true);
    return 0;
}

NETFLOW_FEXIT_RECV(udp_rcv, udp_recvmsg, NETFLOW_PROTO_UDP)

SEC("fexit/udpv6_sendmsg")
int BPF_PROG(ns_udp6_snd_fx, struct sock* sk, struct msghdr* msg, size_t len, int ret)
{
    account(sk, msg, NETFLOW_PROTO_UDP, ret, true);
    return 0;
}

NETFLOW_FEXIT_RECV(udp6_rcv, udpv6_recvmsg, NETFLOW_PROTO_UDP)

/* ---- tp_btf on the socket-layer tracepoints ---- */

/* The inode number of a socket's file (what /proc/<pid>/fd shows as socket:[N] and /proc/net/unix lists):
 * struct socket is the first half of struct socket_alloc, whose second half is the inode. */
static __always_inline __u64 socket_inode(struct sock* sk)
{
    struct socket* so = BPF_CORE_READ(sk, sk_socket);
    if (!so)
        return 0;
    struct socket_alloc* alloc = (void*)so - bpf_core_field_offset(struct socket_alloc, socket);
    return BPF_CORE_READ(alloc, vfs_inode.i_ino);
}

/* Unix sockets have no addresses worth keeping per packet; the pair of inodes names the connection, and user
 * space finds the paths and the owners. */
static __always_inline void account_unix(struct sock* sk, long bytes, bool sending)
{
    struct netflow_key key = {};
    if (!begin_key(&key))
        return;
    key.family = NETFLOW_AF_UNIX;
    key.protocol = NETFLOW_PROTO_UNIX;
    __u64 local = socket_inode(sk);
    struct sock* peer = BPF_CORE_READ((struct unix_sock*)sk, peer);
    __u64 remote = peer ? socket_inode(peer) : 0;
    __builtin_memcpy(key.laddr, &local, sizeof(local));
    __builtin_memcpy(key.raddr, &remote, sizeof(remote));
    add_bytes(&key, bytes, sending);
}

static __always_inline int socket_length(struct sock* sk, int ret, int flags, bool sending)
{
    if (ret <= 0 || !sk || (!sending && (flags & MSG_PEEK_FLAG)))
        return 0;
    __u16 family = BPF_CORE_READ(sk, __sk_common.skc_family);
    if (family == NETFLOW_AF_UNIX) {
        account_unix(sk, ret, sending);
        return 0;
    }
    if (family != NETFLOW_AF_INET && family != NETFLOW_AF_INET6)
        return 0;
    __u16 protocol = BPF_CORE_READ(sk, sk_protocol);
    if (protocol != NETFLOW_PROTO_TCP && protocol != NETFLOW_PROTO_UDP)
        return 0;
    account(sk, 0, protocol, ret, sending);
    return 0;
}

SEC("tp_btf/sock_send_length")
int BPF_PROG(ns_sock_snd_tp, struct sock* sk, int ret, int flags)
{
    return socket_length(sk, ret, flags, true);
}

SEC("tp_btf/sock_recv_length")
int BPF_PROG(ns_sock_rcv_tp, struct sock* sk, int ret, int flags)
{
    return socket_length(sk, ret, flags, false);
}

/* ---- kprobe + kretprobe ---- */

static __always_inline int stash(__u32 fn, struct sock* sk, struct msghdr* msg, int flags)
{
    struct call_key key = {.pid_tgid = bpf_get_current_pid_tgid(), .fn = fn, .pad = 0};
    struct call_args args = {.sk = sk, .msg = msg, .flags = flags};
    bpf_map_update_elem(&netflow_calls, &key, &args, BPF_ANY);
    return 0;
}

static __always_inline int finish(__u32 fn, long ret, __u16 protocol, bool sending)
{
    struct call_key key = {.pid_tgid = bpf_get_current_pid_tgid(), .fn = fn, .pad = 0};
    struct call_args* args = bpf_map_lookup_elem(&netflow_calls, &key);
    if (!args)
        return 0;
    struct sock* sk = args->sk;
    struct msghdr* msg = args->msg;
    int flags = args->flags;
    bpf_map_delete_elem(&netflow_calls, &key);
    if (!sending && (flags & MSG_PEEK_FLAG))
        return 0;
    if (fn == FN_UDP_SEND && is_inet6(sk))
        return 0;
    account(sk, msg, protocol, ret, sending);
    return 0;
}

static __always_inline int recv_flags(struct pt_regs* ctx)
{
    /* Both registers are loaded before choosing: otherwise clang turns the choice into a variable
     * offset into ctx, which the verifier refuses ("dereference of modified ctx ptr"). */
    long fourth = PT_REGS_PARM4(ctx);
    long fifth = PT_REGS_PARM5(ctx);
    asm volatile("" : "+r"(fourth), "+r"(fifth));
    return (int)(recv_flags_arg == 4 ? fifth : fourth);
}

/* One kprobe + kretprobe pair per function: the entry stashes the socket, the message and (receives) the
 * flags, the return counts. `flags` is evaluated inside the entry program, where `ctx` is its pt_regs. The
 * program names (ns_<name>_kp, ns_<name>_kr) are what the loader switches on and off. */
#define NETFLOW_KPROBES(name, func, fn, protocol, sending, flags)                                            \
    SEC("kprobe/" #func)                                                                                     \
    int BPF_KPROBE(ns_##name##_kp, struct sock* sk, struct msghdr* msg)                                      \
    {                                                                                                        \
        return stash(fn, sk, msg, flags);                                                                    \
    }                                                                                                        \
    SEC("kretprobe/" #func)                                                                                  \
    int BPF_KRETPROBE(ns_##name##_kr, int ret)                                                               \
    {                                                                                                        \
        return finish(fn, ret, protocol, sending);                                                           \
    }

NETFLOW_KPROBES(tcp_snd, tcp_sendmsg, FN_TCP_SEND, NETFLOW_PROTO_TCP, true, 0)
NETFLOW_KPROBES(tcp_rcv, tcp_recvmsg, FN_TCP_RECV, NETFLOW_PROTO_TCP, false, recv_flags(ctx))
NETFLOW_KPROBES(udp_snd, udp_sendmsg, FN_UDP_SEND, NETFLOW_PROTO_UDP, true, 0)
NETFLOW_KPROBES(udp_rcv, udp_recvmsg, FN_UDP_RECV, NETFLOW_PROTO_UDP, false, recv_flags(ctx))
NETFLOW_KPROBES(udp6_snd, udpv6_sendmsg, FN_UDP6_SEND, NETFLOW_PROTO_UDP, true, 0)
NETFLOW_KPROBES(udp6_rcv, udpv6_recvmsg, FN_UDP6_RECV, NETFLOW_PROTO_UDP, false, recv_flags(ctx))
