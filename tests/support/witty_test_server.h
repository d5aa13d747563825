// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A loopback witty-profiler HTTP server for tests: it serves a graph as witty's /graph (and a /status), or
// misbehaves in one chosen way, so pollers can be tested against every failure without a real server.
// Header-only so that any test target can use it without another library.

#include <QByteArray>
#include <QFile>
#include <QHash>
#include <QList>
#include <QObject>
#include <QString>
#include <QTcpServer>
#include <QTcpSocket>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>
#include <vector>

namespace numasight::testing {

inline QByteArray fixture()
{
    QFile f(QStringLiteral(NUMASIGHT_FIXTURES "/witty-profiler/graph.json"));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

inline QByteArray envelope(const QByteArray& graph, const QString& ip)
{
    return "{\"env\": {\"local_ip\": \"" + ip.toUtf8() + "\", \"hostname\": \"ascend-" + ip.toUtf8() +
           "\", \"machine_id\": \"m-" + ip.toUtf8() + "\"},\n\"content\": " + graph + "}";
}

enum class Behaviour
{
    Serve,      // the fixture in an envelope with env.local_ip
    ServePlain, // the fixture as a plain graph: no env, so the URL's host names it
    BadJson,
    Silent, // accepts, reads the request, never answers
    Http500,
    Truncated, // announces the whole body, sends half, closes
};

// A minimal HTTP/1.1 server: one request per connection, answered with "Connection: close".
class FakeWitty : public QObject
{
public:
    FakeWitty(Behaviour behaviour, const QByteArray& graph)
        : m_behaviour(behaviour)
        , m_graph(graph)
    {
        m_server.listen(QHostAddress::LocalHost, 0);
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket* s = m_server.nextPendingConnection()) {
                connect(s, &QTcpSocket::readyRead, this, [this, s] { onReadyRead(s); });
                connect(s, &QTcpSocket::disconnected, s, &QObject::deleteLater);
            }
        });
    }
    bool isListening() const { return m_server.isListening(); }
    quint16 port() const { return m_server.serverPort(); }
    int graphRequests = 0;
    int statusRequests = 0;

private:
    void onReadyRead(QTcpSocket* s)
    {
        QByteArray& buffer = m_buffers[s];
        buffer += s->readAll();
        const qsizetype end = buffer.indexOf("\r\n\r\n");
        if (end < 0)
            return;
        const QList<QByteArray> requestLine = buffer.left(buffer.indexOf("\r\n")).split(' ');
        m_buffers.remove(s);
        const QByteArray path = requestLine.size() >= 2 ? requestLine[1] : QByteArray();
        if (path == "/status") {
            ++statusRequests;
            if (m_behaviour != Behaviour::Silent)
                respond(s, 200, "OK", "{\"status\": \"running\", \"rounds\": 7}");
            return;
        }
        if (path != "/graph") {
            respond(s, 404, "Not Found", "no such endpoint");
            return;
        }
        ++graphRequests;
        switch (m_behaviour) {
        case Behaviour::Serve:
        case Behaviour::ServePlain:
            respond(s, 200, "OK", m_graph);
            break;
        case Behaviour::BadJson:
            respond(s, 200, "OK",
                    "{\"env\": {\"local_ip\": \"10.9.9.9\"},\n \"content\": {\"nodes\": [oops]}}");
            break;
        case Behaviour::Silent:
            break;
        case Behaviour::Http500:
            respond(s, 500, "Internal Server Error", "Traceback (most recent call last): ...");
            break;
        case Behaviour::Truncated: {
            QByteArray head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " +
                              QByteArray::number(m_graph.size()) + "\r\nConnection: close\r\n\r\n";
            s->write(head + m_graph.left(m_graph.size() / 2));
            s->disconnectFromHost();
            break;
        }
        }
    }

    static void respond(QTcpSocket* s, int code, const QByteArray& reason, const QByteArray& body)
    {
        s->write("HTTP/1.1 " + QByteArray::number(code) + ' ' + reason +
                 "\r\nContent-Type: application/json\r\nContent-Length: " + QByteArray::number(body.size()) +
                 "\r\nConnection: close\r\n\r\n" + body);
        s->disconnectFromHost();
    }

    Behaviour m_behaviour;
    QByteArray m_graph;
    QTcpServer m_server;
    QHash<QTcpSocket*, QByteArray> m_buffers;
};

// A port nothing listens on, so connecting to it is refused. The socket that holds it stays bound (never
// listening) until the process exits: a port that was only bound and released goes back to the kernel, which
// may hand it to the next server this test or another process starts, and the "refused" host then answers.
inline quint16 refusedPort()
{
    struct Held
    {
        std::vector<int> fds;
        ~Held()
        {
            for (int fd : fds)
                ::close(fd);
        }
    };
    static Held held;
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return 0;
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    if (::bind(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0 ||
        ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) != 0) {
        ::close(fd);
        return 0;
    }
    held.fds.push_back(fd);
    return ntohs(address.sin_port);
}

} // namespace numasight::testing
