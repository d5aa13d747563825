// SPDX-License-Identifier: GPL-3.0-or-later
// The /metrics HTTP server against raw sockets: what it answers to scrapers, to requests that are not HTTP or
// ask for something else, to floods, silence and more connections than it takes, and that it keeps answering
// after each. The test's thread only ever blocks in socket calls and never runs an event loop, so every
// answer shows that the server serves from a thread of its own, as it must while the recorder blocks.
#include "metrics/metrics_server.h"

#include <QElapsedTimer>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>
#include <QThread>

#include <algorithm>
#include <atomic>
#include <memory>
#include <thread>

using namespace numasight;

namespace {

constexpr int kWaitMs = 10000;

struct Response
{
    QByteArray head;
    QByteArray body;
    bool closed = false; // the server closed the connection
    QByteArray statusLine() const
    {
        const qsizetype end = head.indexOf("\r\n");
        return end < 0 ? head : head.left(end);
    }
    QByteArray header(const QByteArray& name) const
    {
        for (const QByteArray& line : head.split('\n'))
            if (line.toLower().startsWith(name.toLower() + ':'))
                return line.mid(name.size() + 1).trimmed();
        return {};
    }
};

// Sends `request` and reads until the server closes the connection (or `waitMs` pass).
Response exchange(quint16 port, const QByteArray& request, int waitMs = kWaitMs,
                  const QHostAddress& host = QHostAddress(QHostAddress::LocalHost))
{
    QTcpSocket s;
    s.connectToHost(host, port);
    Response r;
    if (!s.waitForConnected(waitMs))
        return r;
    if (!request.isEmpty()) {
        s.write(request);
        s.waitForBytesWritten(waitMs);
    }
    QByteArray all;
    QElapsedTimer t;
    t.start();
    while (s.state() == QAbstractSocket::ConnectedState && t.elapsed() < waitMs) {
        if (s.waitForReadyRead(int(std::max<qint64>(1, waitMs - t.elapsed()))))
            all += s.readAll();
    }
    all += s.readAll();
    r.closed = s.state() != QAbstractSocket::ConnectedState;
    const qsizetype end = all.indexOf("\r\n\r\n");
    r.head = end < 0 ? all : all.left(end);
    r.body = end < 0 ? QByteArray() : all.mid(end + 4);
    return r;
}

QByteArray metricsBody()
{
    return QByteArrayLiteral(
        "# HELP numasight_samples_total Samples.\n# TYPE numasight_samples_total counter\n"
        "numasight_samples_total{host=\"h\"} 7\n");
}

} // namespace

class TestMetricsServer : public QObject
{
    Q_OBJECT
private slots:
    void init();
    void cleanup();
    void requests_data();
    void requests();
    void silentConnectionIsClosed();
    void connectionLimit();
    void severalScrapersAndASlowOne();
    void portInUse();
    void ipv6Loopback();
    void stopsWithOpenConnections();

private:
    void startServer(const MetricsServerLimits& limits = {}, MetricsServer::Body body = metricsBody);
    // A plain scrape still gets the body: the server survived whatever came before.
    void checkAlive();

    std::unique_ptr<MetricsServer> m_server;
    std::atomic<bool> m_bodyOnOtherThread{true};
};

void TestMetricsServer::init()
{
    MetricsServerLimits limits;
    limits.idleTimeout = std::chrono::milliseconds(1000);
    startServer(limits);
}

void TestMetricsServer::cleanup()
{
    m_server.reset();
    QVERIFY(m_bodyOnOtherThread);
}

void TestMetricsServer::startServer(const MetricsServerLimits& limits, MetricsServer::Body body)
{
    m_server.reset();
    QString error;
    QThread* self = QThread::currentThread();
    m_server = MetricsServer::start(
        MetricsAddress{QHostAddress(QHostAddress::LocalHost), 0},
        [this, self, body] {
            if (QThread::currentThread() == self)
                m_bodyOnOtherThread = false;
            return body();
        },
        &error, limits);
    QVERIFY2(m_server, qPrintable(error));
    QVERIFY(m_server->address().port != 0);
    QCOMPARE(m_server->url(), QStringLiteral("http://127.0.0.1:%1/metrics").arg(m_server->address().port));
}

void TestMetricsServer::checkAlive()
{
    QVERIFY(m_server);
    const Response r = exchange(m_server->address().port, "GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n");
    QCOMPARE(r.statusLine(), QByteArray("HTTP/1.1 200 OK"));
    QCOMPARE(r.body, metricsBody());
}

void TestMetricsServer::requests_data()
{
    QTest::addColumn<QByteArray>("request");
    QTest::addColumn<QByteArray>("status"); // empty: no answer expected
    QTest::addColumn<bool>("body");         // the metrics come back

    const QByteArray ok("HTTP/1.1 200 OK");
    QTest::newRow("GET") << QByteArray("GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: */*\r\n\r\n")
                         << ok << true;
    QTest::newRow("Prometheus' Accept")
        << QByteArray(
               "GET /metrics HTTP/1.1\r\nHost: h\r\nAccept: application/openmetrics-text;version=1.0.0,"
               "text/plain;version=0.0.4;q=0.5,*/*;q=0.1\r\nAccept-Encoding: gzip\r\n\r\n")
        << ok << true;
    QTest::newRow("HTTP/1.0") << QByteArray("GET /metrics HTTP/1.0\r\n\r\n") << ok << true;
    QTest::newRow("query string") << QByteArray("GET /metrics?x=1 HTTP/1.1\r\n\r\n") << ok << true;
    QTest::newRow("absolute form") << QByteArray("GET http://127.0.0.1:9464/metrics HTTP/1.1\r\n\r\n") << ok
                                   << true;
    QTest::newRow("bare line feeds") << QByteArray("GET /metrics HTTP/1.1\n\n") << ok << true;
    QTest::newRow("HEAD") << QByteArray("HEAD /metrics HTTP/1.1\r\n\r\n") << ok << false;
    QTest::newRow("root") << QByteArray("GET / HTTP/1.1\r\n\r\n") << QByteArray("HTTP/1.1 404 Not Found")
                          << false;
    QTest::newRow("longer path") << QByteArray("GET /metricsx HTTP/1.1\r\n\r\n")
                                 << QByteArray("HTTP/1.1 404 Not Found") << false;
    QTest::newRow("trailing slash") << QByteArray("GET /metrics/ HTTP/1.1\r\n\r\n")
                                    << QByteArray("HTTP/1.1 404 Not Found") << false;
    QTest::newRow("path escape") << QByteArray("GET /../metrics HTTP/1.1\r\n\r\n")
                                 << QByteArray("HTTP/1.1 404 Not Found") << false;
    QTest::newRow("POST") << QByteArray("POST /metrics HTTP/1.1\r\nContent-Length: 5\r\n\r\nhello")
                          << QByteArray("HTTP/1.1 405 Method Not Allowed") << false;
    QTest::newRow("DELETE") << QByteArray("DELETE /metrics HTTP/1.1\r\n\r\n")
                            << QByteArray("HTTP/1.1 405 Method Not Allowed") << false;
    QTest::newRow("lower-case get") << QByteArray("get /metrics HTTP/1.1\r\n\r\n")
                                    << QByteArray("HTTP/1.1 405 Method Not Allowed") << false;
    QTest::newRow("PUT elsewhere") << QByteArray("PUT /x HTTP/1.1\r\n\r\n")
                                   << QByteArray("HTTP/1.1 404 Not Found") << false;
    QTest::newRow("not HTTP") << QByteArray("hello there\r\n\r\n") << QByteArray("HTTP/1.1 400 Bad Request")
                              << false;
    QTest::newRow("binary") << QByteArray("\x00\x01\x02\xff\xfe GET\r\n\r\n", 13)
                            << QByteArray("HTTP/1.1 400 Bad Request") << false;
    QTest::newRow("HTTP/0.9") << QByteArray("GET /metrics\r\n\r\n") << QByteArray("HTTP/1.1 400 Bad Request")
                              << false;
    QTest::newRow("HTTP/2 preface") << QByteArray("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n")
                                    << QByteArray("HTTP/1.1 400 Bad Request") << false;
    QTest::newRow("two spaces") << QByteArray("GET  /metrics HTTP/1.1\r\n\r\n")
                                << QByteArray("HTTP/1.1 400 Bad Request") << false;
    QTest::newRow("TLS hello") << QByteArray("\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03\r\n\r\n", 15)
                               << QByteArray("HTTP/1.1 400 Bad Request") << false;
    QTest::newRow("header flood") << "GET /metrics HTTP/1.1\r\nX-Long: " + QByteArray(20000, 'a') + "\r\n\r\n"
                                  << QByteArray("HTTP/1.1 431 Request Header Fields Too Large") << false;
    QTest::newRow("endless line") << QByteArray(100000, 'G')
                                  << QByteArray("HTTP/1.1 431 Request Header Fields Too Large") << false;
    QTest::newRow("head never ends") << QByteArray("GET /metrics HTTP/1.1\r\nHost: x\r\n") << QByteArray()
                                     << false;
}

void TestMetricsServer::requests()
{
    QVERIFY(m_server);
    QFETCH(QByteArray, request);
    QFETCH(QByteArray, status);
    QFETCH(bool, body);
    const Response r = exchange(m_server->address().port, request);
    QVERIFY2(r.closed, "the server closes every connection after its answer (or its idle time)");
    if (status.isEmpty()) {
        QVERIFY2(r.head.isEmpty(), r.head.constData());
    } else {
        QCOMPARE(r.statusLine(), status);
        QCOMPARE(r.header("Connection"), QByteArray("close"));
        const bool isOk = status.contains(" 200 ");
        QCOMPARE(r.header("Content-Type"), isOk ? QByteArray("text/plain; version=0.0.4; charset=utf-8")
                                                : QByteArray("text/plain; charset=utf-8"));
        if (status.contains(" 405 "))
            QCOMPARE(r.header("Allow"), QByteArray("GET, HEAD"));
        if (body) {
            QCOMPARE(r.body, metricsBody());
        } else {
            QVERIFY(r.body != metricsBody());
            // HEAD: the length of what GET would send, and nothing after the head.
            if (isOk)
                QCOMPARE(r.header("Content-Length"), QByteArray::number(metricsBody().size()));
            if (isOk)
                QVERIFY(r.body.isEmpty());
            else
                QCOMPARE(r.header("Content-Length"), QByteArray::number(r.body.size()));
        }
    }
    checkAlive();
}

void TestMetricsServer::silentConnectionIsClosed()
{
    QVERIFY(m_server);
    QElapsedTimer t;
    t.start();
    const Response r = exchange(m_server->address().port, {});
    QVERIFY(r.closed);
    QVERIFY(r.head.isEmpty());
    QVERIFY2(t.elapsed() >= 900 && t.elapsed() < kWaitMs, qPrintable(QString::number(t.elapsed())));
    checkAlive();
}

void TestMetricsServer::connectionLimit()
{
    MetricsServerLimits limits;
    limits.maxConnections = 3;
    limits.idleTimeout = std::chrono::milliseconds(60000);
    startServer(limits);
    QVERIFY(m_server);
    std::vector<std::unique_ptr<QTcpSocket>> idle;
    for (int i = 0; i < 3; ++i) {
        idle.push_back(std::make_unique<QTcpSocket>());
        idle.back()->connectToHost(QHostAddress(QHostAddress::LocalHost), m_server->address().port);
        QVERIFY(idle.back()->waitForConnected(kWaitMs));
    }
    // Let the server take all three before the fourth arrives.
    QTest::qSleep(300);
    const Response refused = exchange(m_server->address().port, "GET /metrics HTTP/1.1\r\n\r\n");
    QVERIFY(refused.closed);
    QVERIFY2(refused.head.isEmpty(), refused.head.constData());
    for (auto& s : idle) {
        s->disconnectFromHost();
        if (s->state() != QAbstractSocket::UnconnectedState)
            s->waitForDisconnected(kWaitMs);
    }
    idle.clear();
    // The server counts the closed ones down once it notices them.
    QElapsedTimer t;
    t.start();
    Response again;
    do {
        again = exchange(m_server->address().port, "GET /metrics HTTP/1.1\r\n\r\n");
    } while (again.head.isEmpty() && t.elapsed() < kWaitMs);
    QCOMPARE(again.statusLine(), QByteArray("HTTP/1.1 200 OK"));
}

void TestMetricsServer::severalScrapersAndASlowOne()
{
    // 1 MB answers to six scrapers at once, while a seventh sends half a request and waits.
    const QByteArray big = metricsBody().repeated(10000);
    MetricsServerLimits limits;
    limits.idleTimeout = std::chrono::milliseconds(60000);
    startServer(limits, [big] { return big; });
    QVERIFY(m_server);
    QTcpSocket slow;
    slow.connectToHost(QHostAddress(QHostAddress::LocalHost), m_server->address().port);
    QVERIFY(slow.waitForConnected(kWaitMs));
    slow.write("GET /metrics HTTP/1.1\r\nHo");
    QVERIFY(slow.waitForBytesWritten(kWaitMs));

    std::vector<Response> responses(6);
    std::vector<std::thread> scrapers;
    for (size_t i = 0; i < responses.size(); ++i)
        scrapers.emplace_back([&, i] {
            responses[i] = exchange(m_server->address().port, "GET /metrics HTTP/1.1\r\n\r\n", 30000);
        });
    for (std::thread& t : scrapers)
        t.join();
    for (const Response& r : responses) {
        QCOMPARE(r.statusLine(), QByteArray("HTTP/1.1 200 OK"));
        QCOMPARE(r.body.size(), big.size());
        QVERIFY(r.body == big);
    }
    // The slow one finishes its request and is answered too.
    slow.write("st: x\r\n\r\n");
    QVERIFY(slow.waitForBytesWritten(kWaitMs));
    QByteArray all;
    QElapsedTimer t;
    t.start();
    while (slow.state() == QAbstractSocket::ConnectedState && t.elapsed() < 30000)
        if (slow.waitForReadyRead(1000))
            all += slow.readAll();
    all += slow.readAll();
    QVERIFY(all.startsWith("HTTP/1.1 200 OK\r\n"));
    QVERIFY(all.endsWith(big));
}

void TestMetricsServer::portInUse()
{
    QTcpServer taken;
    QVERIFY(taken.listen(QHostAddress(QHostAddress::LocalHost), 0));
    QString error;
    const auto second = MetricsServer::start(
        MetricsAddress{QHostAddress(QHostAddress::LocalHost), taken.serverPort()}, metricsBody, &error);
    QVERIFY(!second);
    QVERIFY2(error.contains(QStringLiteral("cannot listen on 127.0.0.1:%1: ").arg(taken.serverPort())),
             qPrintable(error));
    QVERIFY2(error.contains(QLatin1String("in use")), qPrintable(error));
    QVERIFY(!error.contains(QLatin1Char('\n')));
    checkAlive();
}

void TestMetricsServer::ipv6Loopback()
{
    QString error;
    const auto v6 = MetricsServer::start(MetricsAddress{QHostAddress(QHostAddress::LocalHostIPv6), 0},
                                         metricsBody, &error);
    if (!v6)
        QSKIP(qPrintable(QStringLiteral("no IPv6 loopback here: %1").arg(error)));
    QVERIFY(v6->url().startsWith(QLatin1String("http://[::1]:")));
    const Response r = exchange(v6->address().port, "GET /metrics HTTP/1.1\r\n\r\n", kWaitMs,
                                QHostAddress(QHostAddress::LocalHostIPv6));
    QCOMPARE(r.statusLine(), QByteArray("HTTP/1.1 200 OK"));
    QCOMPARE(r.body, metricsBody());
}

void TestMetricsServer::stopsWithOpenConnections()
{
    QVERIFY(m_server);
    std::vector<std::unique_ptr<QTcpSocket>> open;
    for (int i = 0; i < 4; ++i) {
        open.push_back(std::make_unique<QTcpSocket>());
        open.back()->connectToHost(QHostAddress(QHostAddress::LocalHost), m_server->address().port);
        QVERIFY(open.back()->waitForConnected(kWaitMs));
        open.back()->write("GET /metr"); // half a request
        QVERIFY(open.back()->waitForBytesWritten(kWaitMs));
    }
    const quint16 port = m_server->address().port;
    QElapsedTimer t;
    t.start();
    m_server.reset();
    QVERIFY2(t.elapsed() < 2000, qPrintable(QString::number(t.elapsed())));
    for (auto& s : open) {
        if (s->state() == QAbstractSocket::ConnectedState)
            s->waitForDisconnected(kWaitMs);
        QCOMPARE(s->state(), QAbstractSocket::UnconnectedState);
    }
    QTcpSocket after;
    after.connectToHost(QHostAddress(QHostAddress::LocalHost), port);
    QVERIFY(!after.waitForConnected(2000));
}

QTEST_GUILESS_MAIN(TestMetricsServer)
#include "tst_metrics_server.moc"
