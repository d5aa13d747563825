// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHash>

#include <cstdint>

namespace numasight {

// Unix socket inode -> the inode of its connected peer, for the network namespace of this process, asked of
// the kernel through NETLINK_SOCK_DIAG (UNIX_DIAG_PEER). /proc/net/unix does not say who is connected to
// whom; this does, as ss -x shows. Empty when the kernel refuses (no sock_diag, seccomp).
QHash<std::uint64_t, std::uint64_t> queryUnixPeers();

} // namespace numasight
