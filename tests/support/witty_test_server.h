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
    Serve,      // the fixture in an envelope with env.local_ip; a figure moves from one answer to the next
    ServePlain, // the fixture as a plain graph: no env, so the URL's host names it
    ServeSame,  // the fixture, the same bytes every time, as witty-profiler 9b72cee serves its first round
    BadJson,
    Silent, // accepts, reads the request, never answers
    Http500,
    Truncated,      // announces the whole body, sends half, closes
    EndlessChunked, // a chunked body that never ends, for /graph and /status alike
    HugeLength,     // announces a 1 GiB body, sends the start of it and waits
    RedirectAway,   // /graph redirects to another host
    RedirectLoop,   // /graph -> /graph/a -> /graph/b -> /graph
    RedirectHere,   // /graph redirects to /api/graph on the same server, which serves
};

// The graph with one figure moved by `n`, as consecutive rounds of a live witty server differ.
inline QByteArray withMovedFigure(const QByteArray& graph, int n)
{
    const QByteArray key = "\"voluntary_ctxt_switches\": ";
    const qsizetype at = graph.indexOf(key);
    if (at < 0)
        return graph;
    const qsizetype start = at + key.size();
    qsizetype end = start;
    while (end < graph.size() && graph[end] >= '0' && graph[end] <= '9')
        ++end;
    const qint64 value = graph.mid(start, end - start).toLongLong() + n;
    return graph.left(start) + QByteArray::number(value) + graph.mid(end);
}

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
    int statusRequests = 0;
    int graphRequests = 0;     // requests of /graph itself: one per round
    int graphPathRequests = 0; // requests of /graph, /graph/… and /api/graph: redirects followed included

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
        if (path.startsWith("/graph") || path == "/api/graph")
            ++graphPathRequests;
        if (path == "/graph")
            ++graphRequests;
        if (redirect(s, path))
            return;
        if (path == "/api/graph" && m_behaviour == Behaviour::RedirectHere) {
            respond(s, 200, "OK", m_graph);
            return;
        }
        if (path == "/status" && m_behaviour == Behaviour::EndlessChunked) {
            ++statusRequests;
            endless(s);
            return;
        }
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
        switch (m_behaviour) {
        case Behaviour::Serve:
        case Behaviour::ServePlain:
            respond(s, 200, "OK", withMovedFigure(m_graph, graphRequests));
            break;
        case Behaviour::ServeSame:
            respond(s, 200, "OK", m_graph);
            break;
        case Behaviour::EndlessChunked:
            endless(s);
            break;
        case Behaviour::HugeLength:
            s->write(
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 1073741824\r\n\r\n" +
                m_graph.left(4096));
            break;
        case Behaviour::RedirectAway:
        case Behaviour::RedirectLoop:
        case Behaviour::RedirectHere:
            break; // answered by redirect()
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

    // 64 KiB chunks of a JSON array that never closes, written as fast as the client takes them.
    static void endless(QTcpSocket* s)
    {
        s->write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n");
        const auto chunk = [](const QByteArray& d) {
            return QByteArray::number(d.size(), 16) + "\r\n" + d + "\r\n";
        };
        s->write(chunk("{\"nodes\": [" + QByteArray(64 * 1024 - 11, ' ')));
        QObject::connect(s, &QTcpSocket::bytesWritten, s, [s, next = chunk(QByteArray(64 * 1024, ' '))] {
            if (s->state() == QAbstractSocket::ConnectedState && s->bytesToWrite() < 1024 * 1024)
                s->write(next);
        });
    }

    // The redirecting behaviours' answers; false when `path` is not one of theirs.
    bool redirect(QTcpSocket* s, const QByteArray& path)
    {
        QByteArray location;
        if (m_behaviour == Behaviour::RedirectAway && path == "/graph")
            location = "http://witty-elsewhere.invalid:18090/graph";
        else if (m_behaviour == Behaviour::RedirectHere && path == "/graph")
            location = "/api/graph";
        else if (m_behaviour == Behaviour::RedirectLoop && path == "/graph")
            location = "/graph/a";
        else if (m_behaviour == Behaviour::RedirectLoop && path == "/graph/a")
            location = "/graph/b";
        else if (m_behaviour == Behaviour::RedirectLoop && path == "/graph/b")
            location = "/graph";
        if (location.isEmpty())
            return false;
        s->write("HTTP/1.1 302 Found\r\nLocation: " + location +
                 "\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
        s->disconnectFromHost();
        return true;
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
