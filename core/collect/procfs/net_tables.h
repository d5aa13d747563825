// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "fs_root.h"

#include <QHash>
#include <QString>

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace numasight {

// One row of /proc/net/{tcp,tcp6,udp,udp6}.
struct NetEndpoint
{
    QString protocol; // "TCP" or "UDP"
    bool ipv6 = false;
    QString localAddress; // "127.0.0.1", "::1", "::ffff:10.0.0.2"
    int localPort = -1;
    QString remoteAddress;
    int remotePort = -1;
    int state =
        0; // the kernel's TCP state number (1 established, 10 listen); UDP uses 7 unbound, 1 connected
    std::uint64_t inode = 0;
};

// "0100007F:1F90" (host-order 32-bit words in hex, as the kernel prints them) -> ("127.0.0.1", 8080).
// 8 hex digits is IPv4, 32 is IPv6. nullopt on anything else.
std::optional<std::pair<QString, int>> parseNetAddress(std::string_view text);

// A whole table; the header and malformed rows are skipped. `protocol` is "TCP" or "UDP".
std::vector<NetEndpoint> parseNetTable(std::string_view text, const QString& protocol);

// One row of /proc/net/unix.
struct UnixEndpoint
{
    std::uint64_t inode = 0;
    int type = 0;  // 1 stream, 2 datagram, 5 seqpacket
    int state = 0; // 1 unconnected, 2 connecting, 3 connected, 4 disconnecting
    QString path;  // bound path, "@name" for the abstract namespace, empty when unbound
};
std::vector<UnixEndpoint> parseUnixTable(std::string_view text);

// The socket tables a process sees (its network namespace), keyed by inode.
struct NetTables
{
    QHash<std::uint64_t, NetEndpoint> inet;
    QHash<std::uint64_t, UnixEndpoint> unixSockets;
};
// Reads <root>/proc/<pid>/net/* when pid >= 0 (the process's own namespace), else <root>/proc/net/*.
NetTables readNetTables(const FsRoot& root, std::int64_t pid = -1);

} // namespace numasight
