// SPDX-License-Identifier: GPL-3.0-or-later
#include "fd_targets.h"
#include "net_tables.h"
#include "procfs_collectors.h"
#include "unix_peers.h"
#include "warning_log.h"

#include <QHash>

#include <algorithm>
#include <map>
#include <memory>

namespace numasight {

namespace {

QString connectionKey(const QString& protocol, const QString& a, int aPort, const QString& b, int bPort)
{
    return protocol + QLatin1Char('|') + a + QLatin1Char('|') + QString::number(aPort) + QLatin1Char('|') +
           b + QLatin1Char('|') + QString::number(bPort);
}

class ProcfsFlowCollector final : public Collector
{
public:
    ProcfsFlowCollector(FsRoot root, ProcfsFlowKinds kinds)
        : m_root(std::move(root))
        , m_kinds(kinds)
    {
    }

    QString name() const override { return QStringLiteral("procfs-flows"); }
    CollectionMode mode() const override { return CollectionMode::Procfs; }
    std::optional<QString> start(const Scope&) override { return std::nullopt; }
    void stop() override {}
    std::vector<QString> takeWarnings() override { return m_warnings.take(); }

    void collect(Sample& sample, const std::vector<std::int64_t>& pids) override
    {
        struct Owned
        {
            std::int64_t pid;
            std::vector<std::uint64_t> sockets; // distinct inodes
            std::vector<std::uint64_t> pipes;
            std::shared_ptr<const NetTables> tables;
            bool inOurNamespace = false; // sock_diag's unix peers apply
        };
        std::vector<Owned> owned;
        QHash<std::uint64_t, std::vector<std::int64_t>> socketOwners, pipeOwners;
        // /proc/net is per network namespace: read the tables once for each namespace seen.
        std::map<QString, std::shared_ptr<const NetTables>> byNamespace;
        const QString ownNamespace =
            m_root.isLive() ? readLinkTarget(QStringLiteral("/proc/self/ns/net")) : QString();

        for (const std::int64_t pid : pids) {
            ReadOutcome read;
            const std::vector<FdTarget> fds = readFdTargets(m_root, pid, &read);
            if (!read.ok()) {
                m_warnings.note(pid, u"fd", read);
                continue;
            }
            Owned o{pid, {}, {}, {}, false};
            for (const FdTarget& fd : fds) {
                auto& list = fd.kind == FdTarget::Socket ? o.sockets : o.pipes;
                if (fd.kind == FdTarget::Socket || fd.kind == FdTarget::Pipe)
                    if (std::find(list.begin(), list.end(), fd.inode) == list.end())
                        list.push_back(fd.inode);
            }
            if (o.sockets.empty() && o.pipes.empty())
                continue;
            for (const std::uint64_t inode : o.sockets)
                socketOwners[inode].push_back(pid);
            for (const std::uint64_t inode : o.pipes)
                pipeOwners[inode].push_back(pid);
            if (!o.sockets.empty()) {
                const QString ns = readLinkTarget(m_root.pidPath(pid, u"ns/net"));
                auto& tables = byNamespace[ns];
                if (!tables)
                    tables =
                        std::make_shared<const NetTables>(readNetTables(m_root, ns.isEmpty() ? -1 : pid));
                o.tables = tables;
                o.inOurNamespace = m_root.isLive() && ns == ownNamespace;
            }
            owned.push_back(std::move(o));
        }

        // Loopback peers: the endpoint whose local side is our remote side, per namespace.
        std::map<const NetTables*, QHash<QString, std::uint64_t>> endpointIndex;
        for (const auto& [ns, tables] : byNamespace) {
            auto& index = endpointIndex[tables.get()];
            for (const NetEndpoint& e : tables->inet)
                if (e.remotePort > 0)
                    index.insert(
                        connectionKey(e.protocol, e.localAddress, e.localPort, e.remoteAddress, e.remotePort),
                        e.inode);
        }
        // Unix peers are only known for our own namespace (sock_diag answers for the caller's).
        const QHash<std::uint64_t, std::uint64_t> unixPeers =
            m_root.isLive() && !owned.empty() ? queryUnixPeers() : QHash<std::uint64_t, std::uint64_t>();

        const auto peerOf = [](const QHash<std::uint64_t, std::vector<std::int64_t>>& owners,
                               std::uint64_t inode, std::int64_t self) -> std::int64_t {
            const auto it = owners.constFind(inode);
            if (it == owners.cend() || it->empty())
                return -1;
            // Prefer another process; a process talking to itself is still a peer of itself.
            for (const std::int64_t pid : *it)
                if (pid != self)
                    return pid;
            return it->front();
        };

        for (const Owned& o : owned) {
            for (const std::uint64_t inode : o.sockets) {
                if (m_kinds == ProcfsFlowKinds::PipesOnly)
                    break;
                if (const auto inet = o.tables->inet.constFind(inode); inet != o.tables->inet.cend()) {
                    if (inet->remotePort <= 0)
                        continue; // listening or unconnected: an endpoint, not a flow (the snapshot has it)
                    FlowSample f = baseFlow(o.pid, inet->protocol);
                    f.localAddress = inet->localAddress;
                    f.localPort = inet->localPort;
                    f.remoteAddress = inet->remoteAddress;
                    f.remotePort = inet->remotePort;
                    const std::uint64_t peer = endpointIndex[o.tables.get()].value(
                        connectionKey(inet->protocol, inet->remoteAddress, inet->remotePort,
                                      inet->localAddress, inet->localPort));
                    if (peer != 0)
                        f.peerPid = peerOf(socketOwners, peer, o.pid);
                    sample.flows.push_back(std::move(f));
                } else if (const auto ux = o.tables->unixSockets.constFind(inode);
                           ux != o.tables->unixSockets.cend()) {
                    const std::uint64_t peer = o.inOurNamespace ? unixPeers.value(inode) : 0;
                    if (peer == 0 && ux->state != 3)
                        continue; // not connected
                    FlowSample f = baseFlow(o.pid, QStringLiteral("UNIX"));
                    f.localAddress = ux->path;
                    if (peer != 0) {
                        f.remoteAddress = o.tables->unixSockets.value(peer).path;
                        f.peerPid = peerOf(socketOwners, peer, o.pid);
                    }
                    sample.flows.push_back(std::move(f));
                }
            }
            for (const std::uint64_t inode : o.pipes) {
                // Both ends of a pipe share one inode: every other holder is a peer.
                for (const std::int64_t other : pipeOwners.value(inode)) {
                    if (other == o.pid)
                        continue;
                    FlowSample f = baseFlow(o.pid, QStringLiteral("PIPE"));
                    f.localAddress = QStringLiteral("pipe:[%1]").arg(inode);
                    f.remoteAddress = f.localAddress;
                    f.peerPid = other;
                    sample.flows.push_back(std::move(f));
                }
            }
        }
    }

private:
    static FlowSample baseFlow(std::int64_t pid, const QString& protocol)
    {
        FlowSample f;
        f.pid = pid;
        f.protocol = protocol;
        f.volumesKnown = false;
        f.mode = CollectionMode::Procfs;
        return f;
    }

    FsRoot m_root;
    ProcfsFlowKinds m_kinds;
    WarningLog m_warnings;
};

} // namespace

std::unique_ptr<Collector> makeProcfsFlowCollector(const FsRoot& root, ProcfsFlowKinds kinds)
{
    return std::make_unique<ProcfsFlowCollector>(root, kinds);
}

} // namespace numasight
