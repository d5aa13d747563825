// SPDX-License-Identifier: GPL-3.0-or-later
// The eBPF network-flow collector: bytes per (thread, local endpoint, remote endpoint, protocol) from
// bpf/netflow.bpf.c.
//
// Like the on-CPU collector it reads cumulative counters and computes deltas (a read-and-delete would
// lose the bytes added between the read and the delete), and deletes only the entries of exited threads.

#include "collect/bpf/bpf_collector.h"
#include "collect/bpf/bpf_collectors.h"
#include "collect/bpf/bpf_support.h"
#include "collect/bpf/netflow_program.h"
#include "collect/procfs/net_tables.h"

#include <algorithm>
#include <arpa/inet.h>
#include <cstring>
#include <linux/types.h>
#include <unordered_map>
#include <unordered_set>

// The shared header needs the kernel's __u32 types first.
// clang-format off
#include "netflow.h"
// clang-format on

namespace numasight {
namespace {

struct FlowKeyHash
{
    std::size_t operator()(const netflow_key& k) const noexcept
    {
        // FNV-1a over the key's bytes: the struct has no padding (checked below).
        const auto* bytes = reinterpret_cast<const unsigned char*>(&k);
        std::size_t h = 1469598103934665603ull;
        for (std::size_t i = 0; i < sizeof(k); ++i)
            h = (h ^ bytes[i]) * 1099511628211ull;
        return h;
    }
};
struct FlowKeyEqual
{
    bool operator()(const netflow_key& a, const netflow_key& b) const noexcept
    {
        return std::memcmp(&a, &b, sizeof(a)) == 0;
    }
};
static_assert(sizeof(netflow_key) == 4 + 4 + 2 * 4 + 16 + 16, "netflow_key must have no padding");

struct Counters
{
    std::uint64_t sent = 0;
    std::uint64_t received = 0;
};

QString addressText(std::uint16_t family, const __u8* address)
{
    char text[INET6_ADDRSTRLEN] = {};
    if (!inet_ntop(family == NETFLOW_AF_INET6 ? AF_INET6 : AF_INET, address, text, sizeof(text)))
        return {};
    return QString::fromLatin1(text);
}

// An endpoint pair without the thread, to find the other end of a connection on this machine.
netflow_key endpointsOnly(const netflow_key& key)
{
    netflow_key e = key;
    e.tgid = 0;
    e.tid = 0;
    return e;
}

netflow_key reversed(const netflow_key& key)
{
    netflow_key r = endpointsOnly(key);
    std::swap(r.lport, r.rport);
    std::memcpy(r.laddr, key.raddr, sizeof(r.laddr));
    std::memcpy(r.raddr, key.laddr, sizeof(r.raddr));
    return r;
}

// Bound paths by socket inode in the process's own network namespace. Only net/unix is read: the flow's
// addresses are all that is needed from the tables.
QHash<std::uint64_t, QString> unixPaths(std::uint32_t tgid)
{
    QHash<std::uint64_t, QString> paths;
    const FileText file = readFileText(FsRoot{}.pidPath(tgid, u"net/unix"));
    for (const UnixEndpoint& e :
         parseUnixTable(std::string_view(file.text.constData(), size_t(file.text.size()))))
        paths.insert(e.inode, e.path);
    return paths;
}

class BpfFlowCollector final : public BpfCollector<NetflowProgram>
{
public:
    ~BpfFlowCollector() override { stop(); }
    QString name() const override { return QStringLiteral("ebpf-netflow"); }

    void collect(Sample& sample, const std::vector<std::int64_t>& pids) override
    {
        if (!beginCollect(pids))
            return;
        std::vector<std::pair<netflow_key, netflow_value>> entries;
        if (int err = bpf::readHashMap(m_program.bytesFd(), entries); err != 0) {
            warnOnce(QStringLiteral("eBPF flows: reading the map failed: %1")
                         .arg(QString::fromLocal8Bit(strerror(-err))));
            return;
        }

        // Both ends of a loopback or local connection are in the map: each names the other's process.
        std::unordered_map<netflow_key, std::uint32_t, FlowKeyHash, FlowKeyEqual> ownerOfEndpoints;
        for (const auto& [key, value] : entries)
            ownerOfEndpoints.emplace(endpointsOnly(key), key.tgid);

        std::unordered_map<std::uint64_t, bool> alive; // per (tgid, tid), checked at most once
        std::unordered_map<std::uint32_t, QHash<std::uint64_t, QString>> unixPathsByTgid; // read once each
        for (const auto& [key, value] : entries) {
            Counters& base = m_baseline[key];
            const std::uint64_t sent = value.sent > base.sent ? value.sent - base.sent : 0;
            const std::uint64_t received =
                value.received > base.received ? value.received - base.received : 0;
            base.sent = std::max<std::uint64_t>(base.sent, value.sent);
            base.received = std::max<std::uint64_t>(base.received, value.received);
            if (sent == 0 && received == 0) {
                const std::uint64_t thread = std::uint64_t(key.tgid) << 32 | key.tid;
                auto [it, fresh] = alive.emplace(thread, true);
                if (fresh)
                    it->second = bpf::threadExists(key.tgid, key.tid);
                if (!it->second)
                    forget(key);
                continue;
            }
            if (!inScope(key.tgid))
                continue;
            FlowSample flow;
            flow.pid = key.tgid;
            flow.tid = key.tid;
            if (key.family == NETFLOW_AF_UNIX) {
                // Paths as the procfs collector gives them (bound path, "@name", or empty when unbound),
                // from the table of the process's own network namespace.
                std::uint64_t local = 0, remote = 0;
                std::memcpy(&local, key.laddr, sizeof(local));
                std::memcpy(&remote, key.raddr, sizeof(remote));
                auto paths = unixPathsByTgid.find(key.tgid);
                if (paths == unixPathsByTgid.end())
                    paths = unixPathsByTgid.emplace(key.tgid, unixPaths(key.tgid)).first;
                flow.protocol = QStringLiteral("UNIX");
                flow.localAddress = paths->second.value(local);
                flow.remoteAddress = remote ? paths->second.value(remote) : QString();
            } else {
                flow.protocol =
                    key.protocol == NETFLOW_PROTO_TCP ? QStringLiteral("TCP") : QStringLiteral("UDP");
                flow.localAddress = addressText(key.family, key.laddr);
                flow.localPort = key.lport;
                flow.remoteAddress = addressText(key.family, key.raddr);
                flow.remotePort = key.rport;
            }
            auto peer = ownerOfEndpoints.find(reversed(key));
            if (peer != ownerOfEndpoints.end())
                flow.peerPid = peer->second;
            flow.bytesSent = sent;
            flow.bytesReceived = received;
            flow.volumesKnown = true;
            flow.mode = CollectionMode::Ebpf;
            sample.flows.push_back(std::move(flow));
        }

        const std::uint64_t drops = m_program.drops();
        if (drops > m_reportedDrops) {
            warn(QStringLiteral("eBPF flows: %1 transfers not counted, the map of %2 flows is full")
                     .arg(drops - m_reportedDrops)
                     .arg(NETFLOW_MAX_ENTRIES));
            m_reportedDrops = drops;
        }
    }

    void stop() override
    {
        m_program.destroy();
        m_baseline.clear();
        forgetWatched();
        m_reportedDrops = 0;
    }

protected:
    void started() override
    {
        if (!m_program.fallbackReason().isEmpty())
            warn(QStringLiteral("eBPF flows: using %1 (%2)")
                     .arg(m_program.hooksName(), m_program.fallbackReason()));
        for (const QString& note : m_program.notes())
            warn(QStringLiteral("eBPF flows: ") + note);
    }

    QString cannotWatch(std::int64_t) const override
    {
        return QStringLiteral("eBPF flows: cannot watch more than %1 processes").arg(NETFLOW_MAX_TGIDS);
    }

private:
    // An exited thread's flow cannot grow any more: delete it from the map (the thread is gone, so no
    // program can be adding to it) and from the baseline.
    void forget(const netflow_key& key)
    {
        bpf_map_delete_elem(m_program.bytesFd(), &key);
        m_baseline.erase(key);
    }

    std::unordered_map<netflow_key, Counters, FlowKeyHash, FlowKeyEqual> m_baseline;
    std::uint64_t m_reportedDrops = 0;
};

} // namespace

std::unique_ptr<Collector> makeBpfFlowCollector()
{
    return std::make_unique<BpfFlowCollector>();
}

} // namespace numasight
