// SPDX-License-Identifier: GPL-3.0-or-later
#include "metrics_server.h"

#include <QCoreApplication>
#include <QTcpServer>
#include <QTcpSocket>
#include <QThread>
#include <QTimer>

#include <condition_variable>
#include <mutex>
#include <sys/socket.h>

namespace numasight {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(numasight::Metrics)
};

constexpr const char* kContentType = "text/plain; version=0.0.4; charset=utf-8";

struct Answer
{
    QByteArray status; // "200 OK"
    QByteArray body;
    bool headOnly = false;
    bool allow = false; // says which methods there are (405)
};

// The path of a request target: origin form ("/metrics?x") or absolute form ("http://h:9464/metrics"),
// without query or fragment.
QByteArray pathOf(QByteArray target)
{
    for (const QByteArray& scheme : {QByteArrayLiteral("http://"), QByteArrayLiteral("https://")})
        if (target.startsWith(scheme)) {
            const qsizetype slash = target.indexOf('/', scheme.size());
            target = slash < 0 ? QByteArrayLiteral("/") : target.mid(slash);
            break;
        }
    const qsizetype end = target.indexOf('?');
    const qsizetype fragment = target.indexOf('#');
    qsizetype cut = -1;
    if (end >= 0 && (fragment < 0 || end < fragment))
        cut = end;
    else if (fragment >= 0)
        cut = fragment;
    return cut >= 0 ? target.left(cut) : target;
}

// An HTTP method is a token: letters only in practice ("GET", "M-SEARCH" aside); anything else is not HTTP.
bool isToken(const QByteArray& word)
{
    if (word.isEmpty() || word.size() > 32)
        return false;
    for (const char c : word)
        if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '-' || c == '_'))
            return false;
    return true;
}

Answer plain(const QByteArray& status, const QByteArray& text)
{
    return Answer{status, text + '\n', false, false};
}

// What to answer to a complete request head.
Answer answer(const QByteArray& head, const MetricsServer::Body& body)
{
    const qsizetype lineEnd = head.indexOf('\n');
    QByteArray line = lineEnd < 0 ? head : head.left(lineEnd);
    if (line.endsWith('\r'))
        line.chop(1);
    const QList<QByteArray> words = line.split(' ');
    if (words.size() != 3 || !isToken(words[0]) || !words[2].startsWith("HTTP/1.") || words[1].isEmpty())
        return plain("400 Bad Request", "numasight serves GET /metrics over HTTP/1.x");
    const QByteArray& method = words[0];
    if (pathOf(words[1]) != "/metrics")
        return plain("404 Not Found", "numasight serves /metrics only");
    if (method != "GET" && method != "HEAD") {
        Answer a = plain("405 Method Not Allowed", "/metrics is read-only: GET or HEAD");
        a.allow = true;
        return a;
    }
    return Answer{"200 OK", body(), method == "HEAD", false};
}

} // namespace

// The server's own thread: the listening socket and every connection live and die in run().
class MetricsServer::Thread : public QThread
{
public:
    Thread(const MetricsAddress& address, Body body, const MetricsServerLimits& limits)
        : m_address(address)
        , m_body(std::move(body))
        , m_limits(limits)
    {
    }

    // Blocks until run() listens or failed to; the port listened on, or nullopt with `error` set.
    std::optional<quint16> waitListening(QString* error)
    {
        std::unique_lock lock(m_mutex);
        m_ready.wait(lock, [this] { return m_started; });
        if (!m_listening && error)
            *error = m_error;
        return m_listening ? std::optional<quint16>(m_port) : std::nullopt;
    }

protected:
    void run() override
    {
        int open = 0; // declared before the server, whose connections count it down as they go
        QTcpServer server;
        server.setMaxPendingConnections(m_limits.maxConnections);
        const bool listening = server.listen(m_address.host, m_address.port);
        {
            const std::lock_guard lock(m_mutex);
            m_started = true;
            m_listening = listening;
            m_error = server.errorString();
            m_port = server.serverPort();
        }
        m_ready.notify_all();
        if (!listening)
            return;
        QObject::connect(&server, &QTcpServer::newConnection, &server, [&] {
            while (QTcpSocket* socket = server.nextPendingConnection()) {
                if (open >= m_limits.maxConnections) {
                    socket->abort();
                    socket->deleteLater();
                    continue;
                }
                ++open;
                QObject::connect(socket, &QObject::destroyed, &server, [&open] { --open; });
                serve(socket);
            }
        });
        exec();
    }

private:
    void serve(QTcpSocket* socket)
    {
        // Qt stops reading from the kernel once this much waits: a flood stays in the kernel's buffers.
        socket->setReadBufferSize(m_limits.maxRequestBytes + 1);
        auto* idle = new QTimer(socket);
        idle->setSingleShot(true);
        idle->setInterval(m_limits.idleTimeout);
        QObject::connect(idle, &QTimer::timeout, socket, [socket] {
            socket->abort();
            socket->deleteLater();
        });
        QObject::connect(socket, &QTcpSocket::bytesWritten, idle, qOverload<>(&QTimer::start));
        QObject::connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
        QObject::connect(socket, &QAbstractSocket::errorOccurred, socket, [socket] {
            if (socket->state() == QAbstractSocket::UnconnectedState)
                socket->deleteLater();
        });
        auto request = std::make_shared<QByteArray>();
        auto answered = std::make_shared<bool>(false);
        QObject::connect(socket, &QTcpSocket::readyRead, socket, [this, socket, idle, request, answered] {
            idle->start();
            if (*answered) {
                socket->readAll(); // the answer is on its way and the connection closes after it
                return;
            }
            request->append(socket->read(m_limits.maxRequestBytes + 1 - request->size()));
            qsizetype end = request->indexOf("\r\n\r\n");
            if (end < 0)
                end = request->indexOf("\n\n");
            if (end < 0) {
                if (request->size() > m_limits.maxRequestBytes)
                    send(socket, plain("431 Request Header Fields Too Large",
                                       QByteArray("a request head is at most ") +
                                           QByteArray::number(m_limits.maxRequestBytes) + " bytes"));
                else
                    return;
            } else {
                send(socket, answer(request->left(end), m_body));
            }
            *answered = true;
            request->clear();
        });
        idle->start();
    }

    // Once the answer is with the kernel, ends our half of the connection but keeps reading (and dropping)
    // what the client still sends until it closes its half: closing with unread input would reset the
    // connection and could destroy the answer before the client reads it. A client that keeps sending is cut
    // off after kLinger.
    static void closeAfterAnswer(QTcpSocket* socket)
    {
        static constexpr std::chrono::milliseconds kLinger{2000}; // static: lambdas use it without a capture
        const auto finish = [socket] {
            ::shutdown(int(socket->socketDescriptor()), SHUT_WR);
            QTimer::singleShot(kLinger, socket, [socket] {
                socket->abort();
                socket->deleteLater();
            });
        };
        socket->flush();
        if (socket->bytesToWrite() == 0) {
            finish();
            return;
        }
        auto done = std::make_shared<bool>(false);
        QObject::connect(socket, &QTcpSocket::bytesWritten, socket, [socket, finish, done] {
            if (!*done && socket->bytesToWrite() == 0) {
                *done = true;
                finish();
            }
        });
    }

    static void send(QTcpSocket* socket, const Answer& a)
    {
        QByteArray head = "HTTP/1.1 " + a.status + "\r\n";
        head += "Content-Type: ";
        head += a.status.startsWith("200") ? kContentType : "text/plain; charset=utf-8";
        head += "\r\nContent-Length: " + QByteArray::number(a.body.size()) + "\r\n";
        if (a.allow)
            head += "Allow: GET, HEAD\r\n";
        head += "Cache-Control: no-store\r\nConnection: close\r\n\r\n";
        socket->write(head);
        if (!a.headOnly)
            socket->write(a.body);
        closeAfterAnswer(socket);
    }

    const MetricsAddress m_address;
    const Body m_body;
    const MetricsServerLimits m_limits;

    std::mutex m_mutex;
    std::condition_variable m_ready;
    bool m_started = false;
    bool m_listening = false;
    QString m_error;
    quint16 m_port = 0;
};

std::unique_ptr<MetricsServer> MetricsServer::start(const MetricsAddress& address, Body body, QString* error,
                                                    const MetricsServerLimits& limits)
{
    std::unique_ptr<MetricsServer> server(new MetricsServer);
    server->m_thread = std::make_unique<Thread>(address, std::move(body), limits);
    server->m_thread->setObjectName(QStringLiteral("metrics server"));
    server->m_thread->start();
    QString why;
    const auto port = server->m_thread->waitListening(&why);
    if (!port) {
        if (error)
            *error = Tr::tr("cannot listen on %1: %2; pick another port, or stop what listens there")
                         .arg(address.toString(), why);
        return nullptr; // the thread has returned from run(); the destructor joins it
    }
    server->m_address = address;
    server->m_address.port = *port;
    return server;
}

MetricsServer::~MetricsServer()
{
    if (m_thread) {
        m_thread->quit();
        m_thread->wait();
    }
}

QString MetricsServer::url() const
{
    return QStringLiteral("http://%1/metrics").arg(m_address.toString());
}

} // namespace numasight
