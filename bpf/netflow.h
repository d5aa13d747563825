// SPDX-License-Identifier: GPL-3.0-or-later
/* Shared between netflow.bpf.c and its loader (core/collect/bpf). Plain C types only. */
#ifndef NUMASIGHT_BPF_NETFLOW_H
#define NUMASIGHT_BPF_NETFLOW_H

#define NETFLOW_MAX_ENTRIES 16384
#define NETFLOW_MAX_TGIDS 4096

/* Values mirror AF_INET/AF_INET6 and IPPROTO_TCP/IPPROTO_UDP; spelled out because vmlinux.h has no macros. */
#define NETFLOW_AF_INET 2
#define NETFLOW_AF_INET6 10
#define NETFLOW_PROTO_TCP 6
#define NETFLOW_PROTO_UDP 17
/* Unix sockets: family AF_UNIX; the "addresses" are socket inode numbers (8 bytes, host order), the local
 * socket's in laddr and its peer's in raddr (0 when unconnected); ports stay 0. */
#define NETFLOW_AF_UNIX 1
#define NETFLOW_PROTO_UNIX 0

/* One flow as seen from the local socket: each socket counts its own sent and received bytes, so a
 * loopback connection is two flows (one per end), never one flow counted twice. */
struct netflow_key
{
    __u32 tgid;
    __u32 tid;
    __u16 family;   /* NETFLOW_AF_* */
    __u16 protocol; /* NETFLOW_PROTO_* */
    __u16 lport;    /* host byte order */
    __u16 rport;    /* host byte order */
    __u8 laddr[16]; /* IPv4 in the first 4 bytes, network order */
    __u8 raddr[16];
};

struct netflow_value
{
    __u64 sent;     /* bytes the send call returned (moved into the socket), not the bytes asked for */
    __u64 received; /* bytes copied to user space */
};

#endif
