// SPDX-License-Identifier: GPL-3.0-or-later
// The witty-profiler HTTP poller against loopback servers this test runs itself: each serves the real
// fixture as witty's /graph envelope, or misbehaves in one way (bad JSON, silence, HTTP 500, a truncated
// body, a refused port), and the other servers must keep producing snapshots.
#include "attach/host_namespace.h"
#include "attach/witty_http_poller.h"
#include "support/witty_test_server.h"

#include <QElapsedTimer>
#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <algorithm>
#include <csignal>
#include <memory>
#include <set>

using namespace numasight;
using namespace numasight::testing;

namespace {

// Every server here answers within milliseconds on an idle machine. Rounds and timeouts give an answer
// seconds, so that a loaded machine (sanitizers, builds beside the tests) cannot turn a late answer into a
// dropped or timed-out one; only the servers meant to fail do.
constexpr int kAnswerMs = 2000;
// Rows with a silent server: it times out within its round, and the next round starts after that.
constexpr int kSilentTimeoutMs = kAnswerMs;
constexpr int kSilentIntervalMs = kSilentTimeoutMs + 1000;

const std::map<QString, int> kNpuNode{
    {QStringLiteral("0"), 6}, {QStringLiteral("1"), 6}, {QStringLiteral("2"), 4}, {QStringLiteral("3"), 4},
    {QStringLiteral("4"), 0}, {QStringLiteral("5"), 0}, {QStringLiteral("6"), 2}, {QStringLiteral("7"), 2}};

} // namespace

class TestWittyHttp : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void renameNamespace_data();
    void renameNamespace();
    void serverUrl_data();
    void serverUrl();
    void poll_data();
    void poll();
    void stopKeepsCompleteRounds();
    void hostile_data();
    void hostile();
    void repeatedRounds_data();
    void repeatedRounds();
    void cli_data();
    void cli();
    void cliInterrupted();

private:
    // Starts one server per spec ("serve:IP", "same:IP", "here:IP", "plain", "badjson", "silent", "http500",
    // "truncated", "endless", "huge", "away", "loop", "refused") and returns their URLs.
    QList<QUrl> startServers(const QStringList& specs);
    QString cliPath() const { return QStringLiteral(NUMASIGHT_CLI); }

    QByteArray m_graph;
    std::vector<std::unique_ptr<FakeWitty>> m_servers;
    QTemporaryDir m_dir;
};

void TestWittyHttp::initTestCase()
{
    m_graph = fixture();
    QVERIFY(!m_graph.isEmpty());
    QVERIFY(m_dir.isValid());
}

QList<QUrl> TestWittyHttp::startServers(const QStringList& specs)
{
    m_servers.clear();
    QList<QUrl> urls;
    for (const QString& spec : specs) {
        if (spec == QLatin1String("refused")) {
            urls << QUrl(QStringLiteral("http://127.0.0.1:%1").arg(refusedPort()));
            m_servers.push_back(nullptr);
            continue;
        }
        std::unique_ptr<FakeWitty> server;
        if (spec.startsWith(QLatin1String("serve:")))
            server = std::make_unique<FakeWitty>(Behaviour::Serve, envelope(m_graph, spec.mid(6)));
        else if (spec == QLatin1String("plain"))
            server = std::make_unique<FakeWitty>(Behaviour::ServePlain, m_graph);
        else if (spec == QLatin1String("badjson"))
            server = std::make_unique<FakeWitty>(Behaviour::BadJson, m_graph);
        else if (spec == QLatin1String("silent"))
            server = std::make_unique<FakeWitty>(Behaviour::Silent, m_graph);
        else if (spec == QLatin1String("http500"))
            server = std::make_unique<FakeWitty>(Behaviour::Http500, m_graph);
        else if (spec == QLatin1String("truncated"))
            server = std::make_unique<FakeWitty>(Behaviour::Truncated, m_graph);
        else if (spec.startsWith(QLatin1String("same:")))
            server = std::make_unique<FakeWitty>(Behaviour::ServeSame, envelope(m_graph, spec.mid(5)));
        else if (spec.startsWith(QLatin1String("here:")))
            server = std::make_unique<FakeWitty>(Behaviour::RedirectHere, envelope(m_graph, spec.mid(5)));
        else if (spec == QLatin1String("endless"))
            server = std::make_unique<FakeWitty>(Behaviour::EndlessChunked, m_graph);
        else if (spec == QLatin1String("huge"))
            server = std::make_unique<FakeWitty>(Behaviour::HugeLength, m_graph);
        else if (spec == QLatin1String("away"))
            server = std::make_unique<FakeWitty>(Behaviour::RedirectAway, m_graph);
        else if (spec == QLatin1String("loop"))
            server = std::make_unique<FakeWitty>(Behaviour::RedirectLoop, m_graph);
        if (!server || !server->isListening())
            qFatal("cannot start test server '%s'", qPrintable(spec));
        urls << QUrl(QStringLiteral("http://127.0.0.1:%1").arg(server->port()));
        m_servers.push_back(std::move(server));
    }
    return urls;
}

void TestWittyHttp::renameNamespace_data()
{
    QTest::addColumn<QByteArray>("in");
    QTest::addColumn<QByteArray>("out");
    QTest::newRow("flat") << QByteArray(R"({"entity_namespace":"local","pid":1})")
                          << QByteArray(R"({"entity_namespace":"10.0.0.1","pid":1})");
    QTest::newRow("nested process")
        << QByteArray(
               R"({"entity_namespace":"local","tid":2,"process":{"entity_namespace":"local","pid":1}})")
        << QByteArray(
               R"({"entity_namespace":"10.0.0.1","tid":2,"process":{"entity_namespace":"10.0.0.1","pid":1}})");
    QTest::newRow("spaces kept") << QByteArray("{\"entity_namespace\" : \"local\" }")
                                 << QByteArray("{\"entity_namespace\" : \"10.0.0.1\" }");
    QTest::newRow("other namespace untouched") << QByteArray(R"({"entity_namespace":"10.2.3.4"})")
                                               << QByteArray(R"({"entity_namespace":"10.2.3.4"})");
    QTest::newRow("inside a string value")
        << QByteArray(R"({"cmdline":"x \"entity_namespace\":\"local\"","entity_namespace":"local"})")
        << QByteArray(R"({"cmdline":"x \"entity_namespace\":\"local\"","entity_namespace":"10.0.0.1"})");
    QTest::newRow("as a value, not a key") << QByteArray(R"({"name":"entity_namespace","x":"local"})")
                                           << QByteArray(R"({"name":"entity_namespace","x":"local"})");
    QTest::newRow("escaped backslash before key")
        << QByteArray(R"({"a":"c:\\","entity_namespace":"local"})")
        << QByteArray(R"({"a":"c:\\","entity_namespace":"10.0.0.1"})");
}

void TestWittyHttp::renameNamespace()
{
    QFETCH(QByteArray, in);
    QFETCH(QByteArray, out);
    QCOMPARE(renameLocalNamespace(in, QStringLiteral("10.0.0.1")), out);
    QVERIFY(!QJsonDocument::fromJson(renameLocalNamespace(in, QStringLiteral("10.0.0.1"))).isNull());
}

void TestWittyHttp::serverUrl_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("url"); // empty: refused
    QTest::addColumn<QString>("error");
    QTest::newRow("host only") << "ascend-01"
                               << "http://ascend-01:18090"
                               << "";
    QTest::newRow("host:port") << "10.0.0.7:9000"
                               << "http://10.0.0.7:9000"
                               << "";
    QTest::newRow("full url") << "http://10.0.0.7:9000/"
                              << "http://10.0.0.7:9000/"
                              << "";
    QTest::newRow("pasted /graph") << "http://[::1]:18090/graph"
                                   << "http://[::1]:18090"
                                   << "";
    QTest::newRow("empty") << " "
                           << ""
                           << "empty server address";
    QTest::newRow("ftp") << "ftp://h/x"
                         << ""
                         << "unsupported scheme 'ftp'";
    QTest::newRow("bad port") << "h:99999"
                              << ""
                              << "h:99999: not a valid URL";
}

void TestWittyHttp::serverUrl()
{
    QFETCH(QString, text);
    QFETCH(QString, url);
    QFETCH(QString, error);
    QString message;
    const auto parsed = WittyHttpPoller::serverUrl(text, &message);
    if (url.isEmpty()) {
        QVERIFY(!parsed);
        QVERIFY2(message.contains(error), qPrintable(message));
    } else {
        QVERIFY2(parsed, qPrintable(message));
        QCOMPARE(parsed->toString(), url);
    }
}

void TestWittyHttp::poll_data()
{
    QTest::addColumn<QStringList>("servers");
    QTest::addColumn<int>("rounds");
    QTest::addColumn<int>("intervalMs");
    QTest::addColumn<int>("timeoutMs");
    // Namespaces in every snapshot; "@N" is server N's "127.0.0.1:port".
    QTest::addColumn<QStringList>("namespaces");
    // Per server: the failures it must report, in order, '|'-separated; empty when it must not fail.
    QTest::addColumn<QStringList>("failures");

    const QString a = QStringLiteral("serve:10.0.0.1");
    const QString b = QStringLiteral("serve:10.0.0.2");
    QTest::newRow("two servers") << QStringList{a, b} << 2 << kAnswerMs << kAnswerMs
                                 << QStringList{"10.0.0.1", "10.0.0.2"} << QStringList{"", ""};
    QTest::newRow("count: 3 rounds") << QStringList{a} << 3 << kAnswerMs << kAnswerMs
                                     << QStringList{"10.0.0.1"} << QStringList{""};
    QTest::newRow("bad json") << QStringList{a, "badjson"} << 2 << kAnswerMs << kAnswerMs
                              << QStringList{"10.0.0.1"} << QStringList{"", "/graph:2:|/graph:2:"};
    QTest::newRow("never answers") << QStringList{"silent", a} << 2 << kSilentIntervalMs << kSilentTimeoutMs
                                   << QStringList{"10.0.0.1"} << QStringList{"(timeout)|(timeout)", ""};
    QTest::newRow("refused") << QStringList{a, "refused"} << 2 << kAnswerMs << kAnswerMs
                             << QStringList{"10.0.0.1"}
                             << QStringList{"", "connection refused|connection refused"};
    QTest::newRow("http 500") << QStringList{"http500", b} << 2 << kAnswerMs << kAnswerMs
                              << QStringList{"10.0.0.2"}
                              << QStringList{"HTTP 500 Internal Server Error|HTTP 500", ""};
    QTest::newRow("truncated body") << QStringList{a, "truncated"} << 2 << kAnswerMs << kAnswerMs
                                    << QStringList{"10.0.0.1"} << QStringList{"", "truncated|truncated"};
    QTest::newRow("everything at once")
        << QStringList{"badjson", a, "silent", "refused", "http500", "truncated", b} << 2 << kSilentIntervalMs
        << kSilentTimeoutMs << QStringList{"10.0.0.1", "10.0.0.2"}
        << QStringList{
               "/graph:2:|/graph:2:", "", "(timeout)|(timeout)", "refused|refused", "HTTP 500|HTTP 500",
               "truncated|truncated", ""};
    // A request still running when the next round is due is dropped, not overlapped; the last round has no
    // successor, so its request runs into the timeout.
    QTest::newRow("overlap dropped") << QStringList{a, "silent"} << 2 << kAnswerMs << 2 * kAnswerMs
                                     << QStringList{"10.0.0.1"}
                                     << QStringList{"", "the request was dropped|(timeout)"};
    QTest::newRow("no env: the URL's host")
        << QStringList{"plain"} << 1 << kAnswerMs << kAnswerMs << QStringList{"127.0.0.1"} << QStringList{""};
    QTest::newRow("one address twice") << QStringList{"serve:10.0.0.9", "serve:10.0.0.9"} << 2 << kAnswerMs
                                       << kAnswerMs << QStringList{"10.0.0.9", "@1"} << QStringList{"", ""};
    QTest::newRow("nothing answers") << QStringList{"refused", "http500"} << 2 << kAnswerMs << kAnswerMs
                                     << QStringList{} << QStringList{"refused|refused", "HTTP 500|HTTP 500"};
}

void TestWittyHttp::poll()
{
    QFETCH(QStringList, servers);
    QFETCH(int, rounds);
    QFETCH(int, intervalMs);
    QFETCH(int, timeoutMs);
    QFETCH(QStringList, namespaces);
    QFETCH(QStringList, failures);

    const QList<QUrl> urls = startServers(servers);
    WittyPollOptions options;
    options.rounds = rounds;
    options.interval = std::chrono::milliseconds(intervalMs);
    options.timeout = std::chrono::milliseconds(timeoutMs);
    WittyHttpPoller poller(urls, options);
    const QStringList labels = poller.hostLabels();
    QCOMPARE(labels.size(), urls.size());
    for (QString& ns : namespaces)
        if (ns.startsWith(QLatin1Char('@')))
            ns = labels[ns.mid(1).toInt()];

    QHash<QString, QStringList> failed;
    connect(&poller, &WittyHttpPoller::hostFailed, this,
            [&](const QString& host, const QString& message) { failed[host] << message; });
    QSignalSpy finished(&poller, &WittyHttpPoller::finished);
    QSignalSpy available(&poller, &WittyHttpPoller::snapshotAvailable);
    QSignalSpy roundsDone(&poller, &WittyHttpPoller::roundFinished);
    QSignalSpy statuses(&poller, &WittyHttpPoller::hostStatus);
    poller.start();
    QVERIFY(finished.wait(60000));
    QVERIFY(!poller.isRunning());

    // Every round ends, whatever failed in it.
    QCOMPARE(roundsDone.size(), rounds);
    const CapturePtr capture = poller.capture();
    const int expectedSnapshots = namespaces.isEmpty() ? 0 : rounds;
    QCOMPARE(int(capture->snapshots.size()), expectedSnapshots);
    QCOMPARE(available.size(), expectedSnapshots);
    if (expectedSnapshots > 0) {
        QCOMPARE(available.last().at(0).value<CapturePtr>(), capture);
        QCOMPARE(capture->source.mode, QStringLiteral("witty-http"));
        QCOMPARE(capture->source.format, SourceFormat::WittyEnvelope);
    }

    // Failures: each server reports its own, in order, named by its host; the others report none.
    for (int i = 0; i < servers.size(); ++i) {
        const QStringList expected =
            failures[i].isEmpty() ? QStringList() : failures[i].split(QLatin1Char('|'));
        const QStringList got = failed.value(labels[i]);
        QVERIFY2(got.size() == expected.size(),
                 qPrintable(QStringLiteral("%1: %2").arg(labels[i], got.join(QStringLiteral(" / ")))));
        for (int k = 0; k < expected.size(); ++k) {
            QVERIFY2(got[k].contains(expected[k]), qPrintable(got[k]));
            QVERIFY2(got[k].contains(labels[i]), qPrintable(got[k]));
        }
    }
    // Servers that answer /status have it reported every round, the others never. A server that closes the
    // connection in the middle of an answer ("truncated") meets Qt's HTTP client rather than the poller: Qt
    // may send that GET again on a new connection (QNetworkReply::requestSent() comes "1 or more times"),
    // and it fails the requests still queued for that host, such as the round's /status, with the same
    // error. The poller still gets one reply per round from it (its failures above, one per round).
    const auto statusesOf = [&](const QString& label) {
        return int(std::count_if(statuses.begin(), statuses.end(),
                                 [&](const QList<QVariant>& s) { return s.at(0).toString() == label; }));
    };
    for (int i = 0; i < servers.size(); ++i) {
        const QString& s = servers[i];
        const bool truncated = s == QLatin1String("truncated");
        const bool answersStatus = s.startsWith(QLatin1String("serve")) || s == QLatin1String("plain") ||
                                   s == QLatin1String("badjson") || s == QLatin1String("http500");
        // (A status answer may still be on its way when the last graph closed the session.)
        if (answersStatus)
            QTRY_COMPARE_WITH_TIMEOUT(statusesOf(labels[i]), rounds, 5000);
        else if (truncated)
            QVERIFY(statusesOf(labels[i]) <= rounds);
        else
            QCOMPARE(statusesOf(labels[i]), 0);
        if (!m_servers[size_t(i)])
            continue;
        if (truncated)
            QVERIFY2(m_servers[size_t(i)]->graphRequests >= rounds,
                     qPrintable(QString::number(m_servers[size_t(i)]->graphRequests)));
        else
            QCOMPARE(m_servers[size_t(i)]->graphRequests, rounds);
    }

    // Every snapshot: one namespace per answering host with the whole fixture in it, consistent edges.
    const std::set<QString> expectedNs(namespaces.begin(), namespaces.end());
    for (const auto& snapshot : capture->snapshots) {
        const Snapshot& s = *snapshot;
        QHash<QString, int> perNs;
        for (const Entity& e : s.entities()) {
            ++perNs[e.ns];
            QVERIFY2(!e.attributes.text().contains("\"entity_namespace\":\"local\""),
                     e.attributes.text().constData());
            QVERIFY2(e.attributes.contains("\"entity_namespace\":\"" + e.ns.toUtf8() + '"'),
                     e.attributes.text().left(200).constData());
        }
        QCOMPARE(std::set<QString>(perNs.keyBegin(), perNs.keyEnd()), expectedNs);
        for (const QString& ns : namespaces) {
            QCOMPARE(perNs.value(ns), 129);
            // NPU -> node per namespace, as npu-smi reported it on the box.
            int npus = 0;
            for (EntityId id : s.ofKind(EntityKind::Accelerator)) {
                const Entity& d = s.entity(id);
                if (d.ns != ns)
                    continue;
                ++npus;
                QCOMPARE(d.numaNode, NodeId(kNpuNode.at(d.key)));
                QCOMPARE(s.entity(s.nodeOfDevice(id)).ns, ns);
            }
            QCOMPARE(npus, 8);
            const EntityId worker = s.processByPid(1895087, ns);
            QVERIFY(worker.isValid());
            QCOMPARE(s.childrenOf(s.processByPid(1894856, ns)).size(), size_t(4));
            QVERIFY(s.numaDistances(ns));
        }
        QCOMPARE(int(s.edges().size()), 259 * int(namespaces.size()));
        for (const Edge& e : s.edges())
            QCOMPARE(s.entity(e.source).ns, s.entity(e.target).ns);
        for (const Entity& t : s.entities())
            if (t.kind == EntityKind::Thread && t.parent.isValid())
                QCOMPARE(s.entity(t.parent).ns, t.ns);
    }
    for (int i = 0; i < servers.size(); ++i)
        if (failures[i].isEmpty())
            QVERIFY(expectedNs.contains(poller.namespaceOf(labels[i])));
}

void TestWittyHttp::stopKeepsCompleteRounds()
{
    // One round completes; the second waits on a silent server when stop() comes: it is dropped, the
    // first is kept, and finished() still arrives. The second round cannot end by itself before stop():
    // its silent request times out only a whole answer time after it started.
    const QList<QUrl> urls = startServers({QStringLiteral("serve:10.0.0.1"), QStringLiteral("silent")});
    WittyPollOptions options;
    options.interval = std::chrono::milliseconds(kSilentIntervalMs);
    options.timeout = std::chrono::milliseconds(kSilentTimeoutMs);
    WittyHttpPoller poller(urls, options);
    QSignalSpy finished(&poller, &WittyHttpPoller::finished);
    QSignalSpy roundsDone(&poller, &WittyHttpPoller::roundFinished);
    poller.start();
    QTRY_COMPARE_WITH_TIMEOUT(roundsDone.size(), 1, 30000);
    QTRY_COMPARE_WITH_TIMEOUT(m_servers[0]->graphRequests, 2, 30000);
    poller.stop();
    QVERIFY(finished.wait(30000));
    QCOMPARE(poller.roundsCaptured(), 1);
    QCOMPARE(roundsDone.size(), 1);
}

void TestWittyHttp::hostile_data()
{
    QTest::addColumn<QString>("server");
    QTest::addColumn<qint64>("maxBody");
    // '|'-separated parts the one failure must hold ("@" is the server's "127.0.0.1:port"); empty: it must
    // answer, and its graph becomes the round's snapshot.
    QTest::addColumn<QString>("failure");
    // Requests of /graph and of what it redirected to, at least: Qt may send a request again on a new
    // connection when the server closed the last one (see poll()).
    QTest::addColumn<int>("pathRequests");

    const qint64 standard = WittyPollOptions{}.maxBodyBytes;
    QTest::newRow("endless chunked body")
        << "endless" << (qint64(4) << 20) << "still going after 4 MiB|--max-body" << 1;
    QTest::newRow("endless chunked body, default cap")
        << "endless" << standard << "still going after 256 MiB|--max-body" << 1;
    QTest::newRow("1 GB Content-Length")
        << "huge" << standard << "announces 1 GiB (Content-Length 1073741824)|more than the 256 MiB" << 1;
    QTest::newRow("graph over a small cap")
        << "serve:10.0.0.1" << qint64(100 * 1024) << "more than the 100 KiB|--max-body" << 1;
    QTest::newRow("cross-host redirect")
        << "away" << standard
        << "redirected to http://witty-elsewhere.invalid:18090/graph|another host|"
           "witty-elsewhere.invalid:18090, not @|not followed"
        << 1;
    QTest::newRow("redirect loop") << "loop" << standard
                                   << "redirect loop (/graph -> /graph/a -> /graph/b -> " << 3;
    QTest::newRow("same-host redirect followed") << "here:10.0.0.3" << standard << "" << 2;
}

void TestWittyHttp::hostile()
{
    QFETCH(QString, server);
    QFETCH(qint64, maxBody);
    QFETCH(QString, failure);
    QFETCH(int, pathRequests);

    const QList<QUrl> urls = startServers({server});
    WittyPollOptions options;
    options.rounds = 1;
    // Long enough that a refusal cannot be mistaken for the timeout.
    options.interval = std::chrono::milliseconds(60000);
    options.timeout = std::chrono::milliseconds(60000);
    options.maxBodyBytes = maxBody;
    WittyHttpPoller poller(urls, options);
    const QString label = poller.hostLabels().first();
    QStringList failed;
    connect(&poller, &WittyHttpPoller::hostFailed, this,
            [&](const QString&, const QString& message) { failed << message; });
    QSignalSpy finished(&poller, &WittyHttpPoller::finished);
    QElapsedTimer clock;
    clock.start();
    poller.start();
    QVERIFY(finished.wait(90000));
    QVERIFY2(clock.elapsed() < 30000, qPrintable(QString::number(clock.elapsed())));
    QVERIFY2(m_servers[0]->graphPathRequests >= pathRequests,
             qPrintable(QString::number(m_servers[0]->graphPathRequests)));
    if (failure.isEmpty()) {
        QVERIFY2(failed.isEmpty(), qPrintable(failed.join(QStringLiteral(" / "))));
        QCOMPARE(poller.roundsCaptured(), 1);
        QCOMPARE(int(poller.capture()->snapshots.front()->entities().size()), 129);
        return;
    }
    QVERIFY2(failed.size() == 1, qPrintable(failed.join(QStringLiteral(" / "))));
    QVERIFY2(failed[0].contains(label), qPrintable(failed[0]));
    for (QString part : failure.split(QLatin1Char('|'))) {
        part.replace(QLatin1Char('@'), label);
        QVERIFY2(failed[0].contains(part), qPrintable(failed[0] + QStringLiteral(" lacks: ") + part));
    }
    QVERIFY(!failed[0].contains(QLatin1Char('\n')));
    QCOMPARE(poller.roundsCaptured(), 0);
}

void TestWittyHttp::repeatedRounds_data()
{
    QTest::addColumn<QStringList>("servers");
    // Per server: its rounds (1-based, comma-separated) that repeat an earlier round's figures.
    QTest::addColumn<QStringList>("repeated");
    QTest::addColumn<QStringList>("labels"); // the snapshots' labels

    QTest::newRow("figures move") << QStringList{"serve:10.0.0.1"} << QStringList{""}
                                  << QStringList{"round 1", "round 2", "round 3"};
    QTest::newRow("the same round for ever")
        << QStringList{"same:10.0.0.1"} << QStringList{"2,3"}
        << QStringList{"round 1", "round 2 (same figures as round 1)", "round 3 (same figures as round 1)"};
    QTest::newRow("one stale server of two")
        << QStringList{"same:10.0.0.1", "serve:10.0.0.2"} << QStringList{"2,3", ""}
        << QStringList{"round 1", "round 2", "round 3"};
    QTest::newRow("both stale") << QStringList{"same:10.0.0.1", "same:10.0.0.2"} << QStringList{"2,3", "2,3"}
                                << QStringList{"round 1", "round 2 (same figures as round 1)",
                                               "round 3 (same figures as round 1)"};
}

void TestWittyHttp::repeatedRounds()
{
    QFETCH(QStringList, servers);
    QFETCH(QStringList, repeated);
    QFETCH(QStringList, labels);

    const QList<QUrl> urls = startServers(servers);
    WittyPollOptions options;
    options.rounds = 3;
    options.interval = std::chrono::milliseconds(kAnswerMs);
    options.timeout = std::chrono::milliseconds(kAnswerMs);
    WittyHttpPoller poller(urls, options);
    const QStringList hosts = poller.hostLabels();
    QHash<QString, QStringList> told;
    connect(&poller, &WittyHttpPoller::hostRepeated, this, [&](const QString& host, int round, int sameAs) {
        told[host] << QStringLiteral("%1=%2").arg(round + 1).arg(sameAs + 1);
    });
    QSignalSpy failed(&poller, &WittyHttpPoller::hostFailed);
    QSignalSpy finished(&poller, &WittyHttpPoller::finished);
    poller.start();
    QVERIFY(finished.wait(60000));
    QCOMPARE(failed.size(), 0);

    const CapturePtr capture = poller.capture();
    QStringList gotLabels;
    for (const auto& s : capture->snapshots)
        gotLabels << s->label();
    QCOMPARE(gotLabels, labels);
    const QMap<QString, QString>& extra = capture->source.extra;
    bool any = false;
    for (int i = 0; i < servers.size(); ++i) {
        const QString ns = poller.namespaceOf(hosts[i]);
        const QString key = servers.size() == 1 ? QStringLiteral("attach.repeated_rounds")
                                                : ns + QStringLiteral(".attach.repeated_rounds");
        QCOMPARE(extra.value(key), repeated[i]);
        QStringList expectedTold;
        for (const QString& r : repeated[i].split(QLatin1Char(','), Qt::SkipEmptyParts))
            expectedTold << r + QStringLiteral("=1");
        QCOMPARE(told.value(hosts[i]), expectedTold);
        if (!repeated[i].isEmpty()) {
            any = true;
            QVERIFY2(extra.value(QStringLiteral("attach.note")).contains(hosts[i]),
                     qPrintable(extra.value(QStringLiteral("attach.note"))));
        }
    }
    QCOMPARE(extra.contains(QStringLiteral("attach.note")), any);
    if (servers.size() == 1)
        QCOMPARE(extra.value(QStringLiteral("local_ip")), servers[0].section(QLatin1Char(':'), 1));
}

void TestWittyHttp::cli_data()
{
    QTest::addColumn<QStringList>("servers");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QStringList>("namespaces");
    QTest::addColumn<QString>("stderrEachLine"); // every stderr line contains it; empty: no stderr
    QTest::addColumn<int>("stderrLines");
    QTest::addColumn<QStringList>("extraArgs");
    QTest::newRow("two servers and a refused one")
        << QStringList{"serve:10.0.0.1", "refused", "serve:10.0.0.2"} << 0
        << QStringList{"10.0.0.1", "10.0.0.2"} << "connection refused" << 2 << QStringList{};
    QTest::newRow("nothing answers") << QStringList{"refused"} << 1 << QStringList{}
                                     << "numasight-cli: 127.0.0.1:" << 3 << QStringList{};
    // Said once, however many rounds repeat; the capture keeps them all.
    QTest::newRow("the same round for ever")
        << QStringList{"same:10.0.0.1"} << 0 << QStringList{"10.0.0.1"}
        << "round 2 has exactly the figures of round 1" << 1 << QStringList{};
    QTest::newRow("1 GB Content-Length")
        << QStringList{"huge"} << 1 << QStringList{} << "numasight-cli: 127.0.0.1:" << 3 << QStringList{};
    QTest::newRow("--max-body below the graph")
        << QStringList{"serve:10.0.0.1"} << 1 << QStringList{} << "numasight-cli: 127.0.0.1:" << 3
        << QStringList{"--max-body", "100k"};
    // /status is endless too: it is dropped once past a small buffer, never held whole.
    QTest::newRow("endless chunked body")
        << QStringList{"endless"} << 1 << QStringList{} << "numasight-cli: 127.0.0.1:" << 3
        << QStringList{"--max-body", "4M"};
    QTest::newRow("--max-body not a size") << QStringList{"serve:10.0.0.1"} << 2 << QStringList{}
                                           << "--max-body 'lots'" << 1 << QStringList{"--max-body", "lots"};
}

void TestWittyHttp::cli()
{
    QFETCH(QStringList, servers);
    QFETCH(int, exitCode);
    QFETCH(QStringList, namespaces);
    QFETCH(QString, stderrEachLine);
    QFETCH(int, stderrLines);
    QFETCH(QStringList, extraArgs);
    if (!QFile::exists(cliPath()))
        QSKIP("numasight-cli is not built in this build folder");
    const QList<QUrl> urls = startServers(servers);
    const QString out = m_dir.filePath(QStringLiteral("attach-%1.numasight").arg(QTest::currentDataTag()));
    QStringList args{QStringLiteral("attach")};
    for (const QUrl& u : urls)
        args << u.toString();
    args << QStringLiteral("--count") << QStringLiteral("2") << QStringLiteral("--interval")
         << QStringLiteral("%1ms").arg(kAnswerMs) << QStringLiteral("--timeout")
         << QStringLiteral("%1ms").arg(kAnswerMs) << QStringLiteral("-o") << out << extraArgs;
    QProcess p;
    p.start(cliPath(), args);
    QVERIFY(p.waitForStarted());
    // The servers live in this process: keep its event loop running while the CLI polls them.
    QTRY_VERIFY_WITH_TIMEOUT(p.state() == QProcess::NotRunning, 60000);
    const QByteArray err = p.readAllStandardError();
    QCOMPARE(p.exitStatus(), QProcess::NormalExit);
    QVERIFY2(p.exitCode() == exitCode, err.constData());
    const QList<QByteArray> lines = err.trimmed().split('\n');
    QVERIFY2(lines.size() == stderrLines, err.constData());
    for (const QByteArray& line : lines)
        QVERIFY2(line.contains(stderrEachLine.toUtf8()) || line.contains("no round was captured"),
                 line.constData());

    if (exitCode != 0) {
        QVERIFY(exitCode == 2 || err.contains("no round was captured"));
        QVERIFY(!QFile::exists(out));
        return;
    }
    QProcess info;
    info.start(cliPath(), {QStringLiteral("info"), out, QStringLiteral("--json")});
    QVERIFY(info.waitForFinished(30000));
    QCOMPARE(info.exitCode(), 0);
    const QJsonObject json = QJsonDocument::fromJson(info.readAllStandardOutput()).object();
    QCOMPARE(json[u"source"][u"snapshots"].toInt(), 2);
    const QJsonArray nodes = json[u"numa_nodes"].toArray();
    QCOMPARE(nodes.size(), 8 * int(namespaces.size()));
    std::set<QString> seen;
    for (const QJsonValue& n : nodes)
        seen.insert(n[u"namespace"].toString());
    QCOMPARE(seen, std::set<QString>(namespaces.begin(), namespaces.end()));
    QCOMPARE(json[u"processes"].toInt(), 12 * int(namespaces.size()));
    QCOMPARE(json[u"devices"].toArray().size(), 8 * int(namespaces.size()));
}

void TestWittyHttp::cliInterrupted()
{
    if (!QFile::exists(cliPath()))
        QSKIP("numasight-cli is not built in this build folder");
    const QList<QUrl> urls = startServers({QStringLiteral("serve:10.0.0.1")});
    const QString out = m_dir.filePath(QStringLiteral("interrupted.numasight"));
    QProcess p;
    p.start(cliPath(), {QStringLiteral("attach"), urls.first().toString(), QStringLiteral("--interval"),
                        QStringLiteral("%1ms").arg(kAnswerMs), QStringLiteral("-o"), out});
    QVERIFY(p.waitForStarted());
    // The third request opens the third round, so the first two are closed, each with its answer.
    QTRY_VERIFY_WITH_TIMEOUT(m_servers[0]->graphRequests >= 3, 60000);
    ::kill(pid_t(p.processId()), SIGINT);
    QTRY_VERIFY_WITH_TIMEOUT(p.state() == QProcess::NotRunning, 20000);
    QCOMPARE(p.exitStatus(), QProcess::NormalExit);
    QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
    QProcess info;
    info.start(cliPath(), {QStringLiteral("info"), out, QStringLiteral("--json")});
    QVERIFY(info.waitForFinished(30000));
    const QJsonObject json = QJsonDocument::fromJson(info.readAllStandardOutput()).object();
    QVERIFY2(json[u"source"][u"snapshots"].toInt() >= 2,
             qPrintable(QString::number(json[u"source"][u"snapshots"].toInt())));
}

QTEST_GUILESS_MAIN(TestWittyHttp)
#include "tst_witty_http.moc"
