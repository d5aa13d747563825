// SPDX-License-Identifier: GPL-3.0-or-later
// The network flow eBPF collector, loaded into the running kernel: bytes of real loopback transfers over
// TCP, UDP and Unix sockets, with every hook set this kernel supports. Runs as root (CI is root); skips
// with the reason only when BPF cannot be loaded here.

#include "collect/bpf/bpf_collectors.h"
#include "collect/bpf/bpf_support.h"
#include "collect/bpf/netflow_program.h"
#include "collect/bpf/oncpu_program.h"
#include "support/bpf_required.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSet>
#include <QTest>

#include <bpf/btf.h>

#include <arpa/inet.h>
#include <atomic>
#include <chrono>
#include <cstring>
#include <linux/bpf.h>
#include <netinet/in.h>
#include <optional>
#include <pthread.h>
#include <sched.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <thread>
#include <time.h>
#include <unistd.h>

// The kernel-shared headers need __u32 & co. first.
// clang-format off
#include "netflow.h"
#include "oncpu.h"

#include <linux/types.h>
// clang-format on

using namespace numasight;

namespace {
// A loopback transfer between two threads of this process: the client sends `request` bytes and reads
// `reply` bytes back. TCP uses one connection; UDP sends datagrams with sendto/recvfrom.
struct Transfer
{
    std::int64_t clientTid = -1;
    std::int64_t serverTid = -1;
    int clientPort = -1;
    int serverPort = -1;
    QString error;
};

struct Endpoint
{
    sockaddr_storage address = {};
    socklen_t length = 0;
};

Endpoint loopback(int family, int port)
{
    Endpoint e;
    if (family == AF_INET) {
        auto* in = reinterpret_cast<sockaddr_in*>(&e.address);
        in->sin_family = AF_INET;
        in->sin_port = htons(std::uint16_t(port));
        in->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        e.length = sizeof(sockaddr_in);
    } else {
        auto* in6 = reinterpret_cast<sockaddr_in6*>(&e.address);
        in6->sin6_family = AF_INET6;
        in6->sin6_port = htons(std::uint16_t(port));
        in6->sin6_addr = in6addr_loopback;
        e.length = sizeof(sockaddr_in6);
    }
    return e;
}

int portOf(int fd)
{
    sockaddr_storage address = {};
    socklen_t length = sizeof(address);
    getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length);
    return address.ss_family == AF_INET ? ntohs(reinterpret_cast<sockaddr_in*>(&address)->sin_port)
                                        : ntohs(reinterpret_cast<sockaddr_in6*>(&address)->sin6_port);
}

bool sendAll(int fd, const char* data, std::size_t size)
{
    while (size > 0) {
        ssize_t n = send(fd, data, std::min<std::size_t>(size, 65536), 0);
        if (n <= 0)
            return false;
        data += n;
        size -= std::size_t(n);
    }
    return true;
}

bool receiveAll(int fd, std::size_t size)
{
    std::vector<char> buffer(65536);
    while (size > 0) {
        ssize_t n = recv(fd, buffer.data(), std::min(size, buffer.size()), 0);
        if (n <= 0)
            return false;
        size -= std::size_t(n);
    }
    return true;
}

Transfer transfer(int family, int type, std::size_t request, std::size_t reply)
{
    Transfer t;
    const int server = socket(family, type, 0);
    Endpoint bindTo = loopback(family, 0);
    if (server < 0 || bind(server, reinterpret_cast<sockaddr*>(&bindTo.address), bindTo.length) != 0 ||
        (type == SOCK_STREAM && listen(server, 1) != 0)) {
        t.error = QStringLiteral("server socket: %1").arg(QString::fromLocal8Bit(strerror(errno)));
        if (server >= 0)
            close(server);
        return t;
    }
    t.serverPort = portOf(server);
    const std::vector<char> payload(std::max(request, reply), 'x');
    constexpr std::size_t datagram = 1000;

    std::atomic<bool> serverOk{false};
    std::atomic<bool> clientReady{false};     // UDP: the client's port is known
    std::atomic<bool> serverConnected{false}; // UDP: datagrams from the client are accepted
    std::thread serverThread([&] {
        t.serverTid = gettid();
        if (type == SOCK_STREAM) {
            int connection = accept(server, nullptr, nullptr);
            serverOk = connection >= 0 && receiveAll(connection, request) &&
                       sendAll(connection, payload.data(), reply);
            if (connection >= 0)
                close(connection);
        } else {
            std::vector<char> buffer(65536);
            std::size_t got = 0;
            while (!clientReady)
                std::this_thread::yield();
            Endpoint peer = loopback(family, t.clientPort);
            if (connect(server, reinterpret_cast<sockaddr*>(&peer.address), peer.length) != 0)
                return;
            serverConnected = true;
            while (got < request) {
                ssize_t n = recv(server, buffer.data(), buffer.size(), 0);
                if (n <= 0)
                    return;
                got += std::size_t(n);
            }
            serverOk = send(server, payload.data(), reply, 0) == ssize_t(reply);
        }
    });
    bool clientOk = false;
    std::thread clientThread([&] {
        t.clientTid = gettid();
        int client = socket(family, type, 0);
        Endpoint to = loopback(family, t.serverPort);
        if (type == SOCK_STREAM) {
            clientOk = connect(client, reinterpret_cast<sockaddr*>(&to.address), to.length) == 0 &&
                       sendAll(client, payload.data(), request) && receiveAll(client, reply);
            t.clientPort = portOf(client);
        } else {
            // Bound to the loopback address (not the wildcard) and connected, so both ends name the same
            // endpoints whatever hook set counts (the socket tracepoints see no sendto() address).
            Endpoint local = loopback(family, 0);
            clientOk = bind(client, reinterpret_cast<sockaddr*>(&local.address), local.length) == 0 &&
                       connect(client, reinterpret_cast<sockaddr*>(&to.address), to.length) == 0;
            t.clientPort = portOf(client);
            clientReady = true;
            while (clientOk && !serverConnected)
                std::this_thread::yield();
            for (std::size_t sent = 0; clientOk && sent < request; sent += datagram) {
                const std::size_t size = std::min(datagram, request - sent);
                clientOk = send(client, payload.data(), size, 0) == ssize_t(size);
            }
            std::vector<char> buffer(65536);
            clientOk = clientOk && recv(client, buffer.data(), buffer.size(), 0) == ssize_t(reply);
        }
        close(client);
    });
    clientThread.join();
    if (!clientOk) {
        clientReady = true;
        shutdown(server, SHUT_RDWR); // unblock the server
    }
    serverThread.join();
    close(server);
    if (!clientOk || !serverOk)
        t.error = QStringLiteral("transfer failed: %1").arg(QString::fromLocal8Bit(strerror(errno)));
    return t;
}

} // namespace

class TestBpfNetflow : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { NUMASIGHT_REQUIRE_BPF(); }

    void flows_data()
    {
        QTest::addColumn<int>("family");
        QTest::addColumn<int>("type");
        QTest::addColumn<bool>("scoped");
        QTest::addColumn<QString>("address");
        QTest::addColumn<QString>("protocol");
        QTest::newRow("TCP IPv4") << int(AF_INET) << int(SOCK_STREAM) << false << QStringLiteral("127.0.0.1")
                                  << QStringLiteral("TCP");
        QTest::newRow("TCP IPv6") << int(AF_INET6) << int(SOCK_STREAM) << false << QStringLiteral("::1")
                                  << QStringLiteral("TCP");
        QTest::newRow("TCP IPv4, --pid") << int(AF_INET) << int(SOCK_STREAM) << true
                                         << QStringLiteral("127.0.0.1") << QStringLiteral("TCP");
        QTest::newRow("UDP IPv4") << int(AF_INET) << int(SOCK_DGRAM) << false << QStringLiteral("127.0.0.1")
                                  << QStringLiteral("UDP");
        QTest::newRow("UDP IPv6") << int(AF_INET6) << int(SOCK_DGRAM) << false << QStringLiteral("::1")
                                  << QStringLiteral("UDP");
    }
    void flows()
    {
        QFETCH(int, family);
        QFETCH(int, type);
        QFETCH(bool, scoped);
        QFETCH(QString, address);
        QFETCH(QString, protocol);
        auto collector = makeBpfFlowCollector();
        Scope scope;
        if (scoped)
            scope.pids = {getpid()};
        auto error = collector->start(scope);
        QVERIFY2(!error, qPrintable(error.value_or(QString())));

        const std::size_t request = type == SOCK_STREAM ? 3 * 1024 * 1024 + 123 : 20 * 1000 + 7;
        const std::size_t reply = 4321;
        const Transfer t = transfer(family, type, request, reply);
        QVERIFY2(t.error.isEmpty(), qPrintable(t.error));

        Sample sample;
        collector->collect(sample, {getpid()});
        const FlowSample* client = nullptr;
        const FlowSample* server = nullptr;
        std::uint64_t sentOnPair = 0;
        std::uint64_t receivedOnPair = 0;
        for (const FlowSample& flow : sample.flows) {
            const bool pair = (flow.localPort == t.clientPort && flow.remotePort == t.serverPort) ||
                              (flow.localPort == t.serverPort && flow.remotePort == t.clientPort);
            if (!pair || flow.protocol != protocol)
                continue;
            sentOnPair += flow.bytesSent;
            receivedOnPair += flow.bytesReceived;
            if (flow.tid == t.clientTid)
                client = &flow;
            if (flow.tid == t.serverTid)
                server = &flow;
        }
        QVERIFY2(client, "no flow for the client thread");
        QVERIFY2(server, "no flow for the server thread");
        for (const FlowSample* flow : {client, server}) {
            QCOMPARE(flow->pid, std::int64_t(getpid()));
            QCOMPARE(flow->peerPid, std::int64_t(getpid()));
            QCOMPARE(flow->localAddress, address);
            QCOMPARE(flow->remoteAddress, address);
            QCOMPARE(flow->mode, CollectionMode::Ebpf);
            QVERIFY(flow->volumesKnown);
        }
        QCOMPARE(client->localPort, t.clientPort);
        QCOMPARE(client->remotePort, t.serverPort);
        QCOMPARE(client->bytesSent, std::uint64_t(request));
        QCOMPARE(client->bytesReceived, std::uint64_t(reply));
        QCOMPARE(server->bytesSent, std::uint64_t(reply));
        QCOMPARE(server->bytesReceived, std::uint64_t(request));
        // Counted once: no other flow (another hook, the other address family) adds to this pair.
        QCOMPARE(sentOnPair, std::uint64_t(request + reply));
        QCOMPARE(receivedOnPair, std::uint64_t(request + reply));

        Sample next;
        collector->collect(next, {getpid()});
        for (const FlowSample& flow : next.flows)
            QVERIFY(flow.localPort != t.clientPort && flow.localPort != t.serverPort);
        collector->stop();
    }

    // Unix sockets: bytes per thread and connection from the socket tracepoints, with the paths
    // /proc/net/unix gives and each end naming the other's process.
    void unixFlows_data()
    {
        QTest::addColumn<bool>("named");
        QTest::newRow("abstract name, connect/accept") << true;
        QTest::newRow("socketpair (unbound)") << false;
    }
    void unixFlows()
    {
        QFETCH(bool, named);
        NetflowProgram probe;
        if (auto error = probe.start({}); !error && probe.hooks() != NetflowProgram::Hooks::Tracepoint)
            QSKIP(
                "unix socket volumes come from the socket tracepoints, which this kernel's hook set does not "
                "use");
        probe.destroy();
        auto collector = makeBpfFlowCollector();
        Scope scope;
        scope.pids = {getpid()};
        QVERIFY(!collector->start(scope));

        const QString name = QStringLiteral("@numasight-test-%1").arg(getpid());
        int ends[2] = {-1, -1};
        int listener = -1;
        if (named) {
            listener = socket(AF_UNIX, SOCK_STREAM, 0);
            sockaddr_un address = {};
            address.sun_family = AF_UNIX;
            const QByteArray abstract = name.mid(1).toLatin1();
            std::memcpy(address.sun_path + 1, abstract.constData(), std::size_t(abstract.size()));
            const socklen_t length = socklen_t(offsetof(sockaddr_un, sun_path) + 1 + abstract.size());
            QVERIFY(bind(listener, reinterpret_cast<sockaddr*>(&address), length) == 0);
            QVERIFY(listen(listener, 1) == 0);
            ends[0] = socket(AF_UNIX, SOCK_STREAM, 0);
            QVERIFY(::connect(ends[0], reinterpret_cast<sockaddr*>(&address), length) == 0);
            ends[1] = accept(listener, nullptr, nullptr);
            QVERIFY(ends[1] >= 0);
        } else {
            QVERIFY(socketpair(AF_UNIX, SOCK_STREAM, 0, ends) == 0);
        }
        const std::size_t request = 1024 * 1024 + 17;
        const std::size_t reply = 999;
        const std::vector<char> payload(request, 'u');
        std::int64_t clientTid = -1, serverTid = -1;
        bool serverOk = false, clientOk = false;
        std::thread server([&] {
            serverTid = gettid();
            serverOk = receiveAll(ends[1], request) && sendAll(ends[1], payload.data(), reply);
        });
        std::thread client([&] {
            clientTid = gettid();
            clientOk = sendAll(ends[0], payload.data(), request) && receiveAll(ends[0], reply);
        });
        client.join();
        server.join();
        QVERIFY(clientOk && serverOk);

        Sample sample;
        collector->collect(sample, {getpid()});
        for (int fd : {ends[0], ends[1], listener}) {
            if (fd >= 0)
                close(fd);
        }
        const FlowSample* clientFlow = nullptr;
        const FlowSample* serverFlow = nullptr;
        for (const FlowSample& flow : sample.flows) {
            if (flow.protocol != QLatin1String("UNIX"))
                continue;
            if (flow.tid == clientTid)
                clientFlow = &flow;
            if (flow.tid == serverTid)
                serverFlow = &flow;
        }
        QVERIFY2(clientFlow && serverFlow, "no UNIX flow for one of the threads");
        QCOMPARE(clientFlow->bytesSent, std::uint64_t(request));
        QCOMPARE(clientFlow->bytesReceived, std::uint64_t(reply));
        QCOMPARE(serverFlow->bytesSent, std::uint64_t(reply));
        QCOMPARE(serverFlow->bytesReceived, std::uint64_t(request));
        for (const FlowSample* flow : {clientFlow, serverFlow}) {
            QCOMPARE(flow->pid, std::int64_t(getpid()));
            QCOMPARE(flow->peerPid, std::int64_t(getpid()));
            QVERIFY(flow->volumesKnown);
            QCOMPARE(flow->mode, CollectionMode::Ebpf);
        }
        QCOMPARE(clientFlow->localAddress, QString());
        QCOMPARE(clientFlow->remoteAddress, named ? name : QString());
        QCOMPARE(serverFlow->localAddress, named ? name : QString());
        collector->stop();
    }

    // Every hook set this kernel supports counts the same bytes; the ones it cannot run are skipped with
    // the probe's reason.
    void netflowHookSets_data()
    {
        QTest::addColumn<int>("hooks");
        QTest::addColumn<QString>("name");
        QTest::newRow("fexit") << int(NetflowProgram::Hooks::Fexit) << QStringLiteral("fexit");
        QTest::newRow("tp_btf sock_*_length")
            << int(NetflowProgram::Hooks::Tracepoint) << QStringLiteral("tp_btf");
        QTest::newRow("kprobe") << int(NetflowProgram::Hooks::Kprobe) << QStringLiteral("kprobe");
    }
    void netflowHookSets()
    {
        QFETCH(int, hooks);
        QFETCH(QString, name);
        int err = 0;
        if (hooks == int(NetflowProgram::Hooks::Fexit) &&
            !bpf::tracingProgramLoads(BPF_TRACE_FEXIT, "tcp_sendmsg", BTF_KIND_FUNC, true, &err))
            QSKIP(qPrintable(QStringLiteral("this kernel refuses fexit on tcp_sendmsg: %1")
                                 .arg(QString::fromLocal8Bit(strerror(err)))));
        if (hooks == int(NetflowProgram::Hooks::Tracepoint) &&
            !bpf::tracingProgramLoads(BPF_TRACE_RAW_TP, "btf_trace_sock_send_length", BTF_KIND_TYPEDEF, false,
                                      &err))
            QSKIP("this kernel has no sock:sock_send_length tracepoint (Linux 6.3+)");
        if (hooks == int(NetflowProgram::Hooks::Kprobe) && !bpf::kprobesSupported())
            QSKIP("this kernel has no kprobes (CONFIG_KPROBES is off)");

        NetflowProgram program;
        NetflowProgram::Options options;
        options.hooks = NetflowProgram::Hooks(hooks);
        auto error = program.start(options);
        QVERIFY2(!error, qPrintable(error.value_or(QString())));
        QCOMPARE(program.hooksName(), name);
        const std::size_t request = 256 * 1024 + 5;
        const Transfer t = transfer(AF_INET6, SOCK_STREAM, request, 99);
        QVERIFY2(t.error.isEmpty(), qPrintable(t.error));
        std::vector<std::pair<netflow_key, netflow_value>> entries;
        QCOMPARE(bpf::readHashMap(program.bytesFd(), entries), 0);
        std::uint64_t clientSent = 0;
        std::uint64_t serverReceived = 0;
        for (const auto& [key, value] : entries) {
            if (key.tid == std::uint32_t(t.clientTid) && key.lport == t.clientPort)
                clientSent += value.sent;
            if (key.tid == std::uint32_t(t.serverTid) && key.lport == t.serverPort)
                serverReceived += value.received;
        }
        QCOMPARE(clientSent, std::uint64_t(request));
        QCOMPARE(serverReceived, std::uint64_t(request));
    }
};

QTEST_GUILESS_MAIN(TestBpfNetflow)
#include "tst_bpf_netflow.moc"
