// SPDX-License-Identifier: GPL-3.0-or-later
// The witty-profiler HTTP poller against loopback servers this test runs itself: each serves the real
// fixture as witty's /graph envelope, or misbehaves in one way (bad JSON, silence, HTTP 500, a truncated
// body, a refused port), and the other servers must keep producing snapshots.
#include "attach/host_namespace.h"
#include "attach/witty_http_poller.h"
#include "support/witty_test_server.h"

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
    void cli_data();
    void cli();
    void cliInterrupted();

private:
    // Starts one server per spec ("serve:IP", "plain", "badjson", "silent", "http500", "truncated",
    // "refused") and returns their URLs.
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
            QVERIFY2(!e.attributes.contains("\"entity_namespace\":\"local\""), e.attributes.constData());
            QVERIFY2(e.attributes.contains("\"entity_namespace\":\"" + e.ns.toUtf8() + '"'),
                     e.attributes.left(200).constData());
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

void TestWittyHttp::cli_data()
{
    QTest::addColumn<QStringList>("servers");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QStringList>("namespaces");
    QTest::addColumn<QString>("stderrEachLine"); // every stderr line contains it; empty: no stderr
    QTest::addColumn<int>("stderrLines");
    QTest::newRow("two servers and a refused one")
        << QStringList{"serve:10.0.0.1", "refused", "serve:10.0.0.2"} << 0
        << QStringList{"10.0.0.1", "10.0.0.2"} << "connection refused" << 2;
    QTest::newRow("nothing answers") << QStringList{"refused"} << 1 << QStringList{}
                                     << "numasight-cli: 127.0.0.1:" << 3;
}

void TestWittyHttp::cli()
{
    QFETCH(QStringList, servers);
    QFETCH(int, exitCode);
    QFETCH(QStringList, namespaces);
    QFETCH(QString, stderrEachLine);
    QFETCH(int, stderrLines);
    if (!QFile::exists(cliPath()))
        QSKIP("numasight-cli is not built in this build folder");
    const QList<QUrl> urls = startServers(servers);
    const QString out = m_dir.filePath(QStringLiteral("attach-%1.numasight").arg(QTest::currentDataTag()));
    QStringList args{QStringLiteral("attach")};
    for (const QUrl& u : urls)
        args << u.toString();
    args << QStringLiteral("--count") << QStringLiteral("2") << QStringLiteral("--interval")
         << QStringLiteral("%1ms").arg(kAnswerMs) << QStringLiteral("--timeout")
         << QStringLiteral("%1ms").arg(kAnswerMs) << QStringLiteral("-o") << out;
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
        QVERIFY(err.contains("no round was captured"));
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
