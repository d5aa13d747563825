// SPDX-License-Identifier: GPL-3.0-or-later
#include "unix_peers.h"

#include <cerrno>
#include <cstring>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <linux/sock_diag.h>
#include <linux/unix_diag.h>
#include <sys/socket.h>
#include <unistd.h>

namespace numasight {

QHash<std::uint64_t, std::uint64_t> queryUnixPeers()
{
    QHash<std::uint64_t, std::uint64_t> peers;
    const int fd = ::socket(AF_NETLINK, SOCK_DGRAM | SOCK_CLOEXEC, NETLINK_SOCK_DIAG);
    if (fd < 0)
        return peers;

    struct
    {
        nlmsghdr header;
        unix_diag_req request;
    } message{};
    message.header.nlmsg_len = sizeof message;
    message.header.nlmsg_type = SOCK_DIAG_BY_FAMILY;
    message.header.nlmsg_flags = NLM_F_REQUEST | NLM_F_DUMP;
    message.request.sdiag_family = AF_UNIX;
    message.request.udiag_states = ~0u;
    message.request.udiag_show = UDIAG_SHOW_PEER;
    sockaddr_nl kernel{};
    kernel.nl_family = AF_NETLINK;
    if (::sendto(fd, &message, sizeof message, 0, reinterpret_cast<sockaddr*>(&kernel), sizeof kernel) < 0) {
        ::close(fd);
        return peers;
    }

    alignas(nlmsghdr) char buffer[32768];
    for (bool done = false; !done;) {
        const ssize_t n = ::recv(fd, buffer, sizeof buffer, 0);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        int left = int(n);
        for (auto* h = reinterpret_cast<nlmsghdr*>(buffer); NLMSG_OK(h, left); h = NLMSG_NEXT(h, left)) {
            if (h->nlmsg_type == NLMSG_DONE || h->nlmsg_type == NLMSG_ERROR) {
                done = true;
                break;
            }
            if (h->nlmsg_len < NLMSG_LENGTH(sizeof(unix_diag_msg)))
                continue;
            const auto* msg = static_cast<const unix_diag_msg*>(NLMSG_DATA(h));
            int attrLeft = int(h->nlmsg_len - NLMSG_LENGTH(sizeof *msg));
            for (auto* a = reinterpret_cast<const rtattr*>(msg + 1); RTA_OK(a, attrLeft);
                 a = RTA_NEXT(a, attrLeft)) {
                if (a->rta_type == UNIX_DIAG_PEER && RTA_PAYLOAD(a) >= sizeof(std::uint32_t)) {
                    std::uint32_t peer = 0;
                    std::memcpy(&peer, RTA_DATA(a), sizeof peer);
                    if (peer != 0)
                        peers.insert(msg->udiag_ino, peer);
                }
            }
        }
    }
    ::close(fd);
    return peers;
}

} // namespace numasight
