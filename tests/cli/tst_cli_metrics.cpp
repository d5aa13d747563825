// SPDX-License-Identifier: GPL-3.0-or-later
// `record --metrics` end to end: refused values and ports, then a recording of the workload child (procfs
// mode, no privileges needed) whose endpoint is scraped directly and by a real Prometheus (Debian's package;
// skipped with the reason when it is not installed), whose HTTP query API must give the child's figures back.
// Everything this test starts is stopped by it, whatever fails.
#include "metrics/recording_metrics.h"
#include "support/exposition_parser.h"
#include "support/test_process.h"

#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QSysInfo>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

#include <cmath>
#include <csignal>
#include <functional>
#include <memory>

using namespace numasight;
using namespace numasight::test;

namespace {

const QString kPrometheus = QStringLiteral("/usr/bin/prometheus");
const QString kPromtool = QStringLiteral("/usr/bin/promtool");

struct HttpAnswer
{
    int status = 0; // 0: no answer
    QByteArray head;
    QByteArray body;
};

// One HTTP/1.0 request (so the answer is neither chunked nor kept alive), read until the server closes.
HttpAnswer httpRequest(quint16 port, const QByteArray& method, const QByteArray& target, int waitMs = 5000)
{
    HttpAnswer a;
    QTcpSocket s;
    s.connectToHost(QHostAddress(QHostAddress::LocalHost), port);
    if (!s.waitForConnected(waitMs))
        return a;
    s.write(method + ' ' + target + " HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n");
    s.waitForBytesWritten(waitMs);
    QByteArray all;
    QElapsedTimer t;
    t.start();
    while (s.state() == QAbstractSocket::ConnectedState && t.elapsed() < waitMs)
        if (s.waitForReadyRead(500))
            all += s.readAll();
    all += s.readAll();
    const qsizetype end = all.indexOf("\r\n\r\n");
    if (end < 0)
        return a;
    a.head = all.left(end);
    a.body = all.mid(end + 4);
    a.status = a.head.left(a.head.indexOf('\r') < 0 ? a.head.size() : a.head.indexOf('\r'))
                   .split(' ')
                   .value(1)
                   .toInt();
    return a;
}

// A port nothing listens on now. Another program may take it before it is used: the caller retries.
quint16 freePort()
{
    QTcpServer s;
    return s.listen(QHostAddress(QHostAddress::LocalHost), 0) ? s.serverPort() : 0;
}

// Ends `p` as a daemon is ended (SIGTERM), then for sure; nothing this test starts outlives it.
void stop(QProcess& p)
{
    if (p.state() == QProcess::NotRunning)
        return;
    p.terminate();
    if (!p.waitForFinished(10000)) {
        p.kill();
        p.waitForFinished(5000);
    }
}

struct StopOnExit
{
    QProcess& process;
    ~StopOnExit() { stop(process); }
};

double sumOf(const QList<ExposedSeries>& series)
{
    double s = 0;
    for (const ExposedSeries& x : series)
        s += x.value;
    return s;
}

// The NUMA node of CPU 0 as sysfs tells it, -1 when this kernel has no NUMA nodes in sysfs.
int nodeOfCpu0()
{
    const QStringList entries = QDir(QStringLiteral("/sys/devices/system/cpu/cpu0"))
                                    .entryList({QStringLiteral("node*")}, QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString& e : entries) {
        bool ok = false;
        const int n = e.mid(4).toInt(&ok);
        if (ok)
            return n;
    }
    return -1;
}

// The ```promql blocks of docs/metrics.md.
QStringList documentedQueries()
{
    QFile f(QStringLiteral(NUMASIGHT_TEST_DATA "/../../docs/metrics.md"));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    static const QRegularExpression block(QStringLiteral("```promql\\n(.*?)```"),
                                          QRegularExpression::DotMatchesEverythingOption);
    QStringList out;
    for (auto it = block.globalMatch(QString::fromUtf8(f.readAll())); it.hasNext();)
        out << it.next().captured(1).trimmed();
    return out;
}

} // namespace

class TestCliMetrics : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanupTestCase();
    void refused_data();
    void refused();
    void portInUse();
    void startRecording();
    void scrapeDirectly();
    void prometheusScrapes();
    void stopsWithTheRecording();

private:
    QString capturePath() const { return m_dir.filePath(QStringLiteral("metrics.numasight")); }
    // Scrapes /metrics until `ready` says the text has what the test needs (or 20 s pass).
    Exposition scrapeUntil(const std::function<bool(const Exposition&)>& ready, HttpAnswer* answer);

    QTemporaryDir m_dir;
    std::unique_ptr<WorkloadChild> m_workload;
    QProcess m_recorder;
    quint16 m_port = 0;
};

void TestCliMetrics::initTestCase()
{
    QVERIFY(m_dir.isValid());
}

void TestCliMetrics::cleanupTestCase()
{
    stop(m_recorder);
    m_workload.reset();
}

void TestCliMetrics::refused_data()
{
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("message");
    QTest::newRow("word") << "prometheus"
                          << "--metrics: 'prometheus' is not a port";
    QTest::newRow("port too big") << "127.0.0.1:65536"
                                  << "--metrics: '65536' is not a port";
    QTest::newRow("IPv6 without brackets") << "::1:9464"
                                           << "put it in brackets";
    QTest::newRow("host name") << "example.org:9464"
                               << "is not an IPv4 address";
    QTest::newRow("address of no interface here") << "192.0.2.1:9464"
                                                  << "--metrics: cannot listen on 192.0.2.1:9464";
}

// A bad value exits 2 with one line, before anything is recorded.
void TestCliMetrics::refused()
{
    QFETCH(QString, value);
    QFETCH(QString, message);
    const QString out = m_dir.filePath(QStringLiteral("refused.numasight"));
    const ProcessRun r =
        runProcess(QStringLiteral(NUMASIGHT_CLI),
                   {QStringLiteral("record"), QStringLiteral("--mode"), QStringLiteral("procfs"),
                    QStringLiteral("--duration"), QStringLiteral("1s"), QStringLiteral("--metrics"), value,
                    QStringLiteral("-o"), out});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.startsWith("numasight-cli: ") && r.err.count('\n') == 1, r.err.constData());
    QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
    QVERIFY(!QFileInfo::exists(out));
}

void TestCliMetrics::portInUse()
{
    QTcpServer taken;
    QVERIFY(taken.listen(QHostAddress(QHostAddress::LocalHost), 0));
    const QString out = m_dir.filePath(QStringLiteral("in-use.numasight"));
    const ProcessRun r =
        runProcess(QStringLiteral(NUMASIGHT_CLI),
                   {QStringLiteral("record"), QStringLiteral("--mode"), QStringLiteral("procfs"),
                    QStringLiteral("--duration"), QStringLiteral("1s"), QStringLiteral("--metrics"),
                    QString::number(taken.serverPort()), QStringLiteral("-o"), out});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.count('\n') == 1, r.err.constData());
    QVERIFY2(
        r.err.contains(
            QStringLiteral("--metrics: cannot listen on 127.0.0.1:%1: ").arg(taken.serverPort()).toUtf8()),
        r.err.constData());
    QVERIFY2(r.err.contains("in use"), r.err.constData());
    QVERIFY(!QFileInfo::exists(out));
}

void TestCliMetrics::startRecording()
{
    m_workload = std::make_unique<WorkloadChild>();
    QVERIFY(m_workload->start(QStringLiteral(NUMASIGHT_TEST_WORKLOAD)));
    m_workload->go();
    // Port 0: the recorder picks a free port and says which, so no other test can take it first.
    m_recorder.setReadChannel(QProcess::StandardError);
    m_recorder.start(QStringLiteral(NUMASIGHT_CLI),
                     {QStringLiteral("record"), QStringLiteral("--pid"), QString::number(m_workload->pid),
                      QStringLiteral("--mode"), QStringLiteral("procfs"), QStringLiteral("--duration"),
                      QStringLiteral("2m"), QStringLiteral("--interval"), QStringLiteral("500ms"),
                      QStringLiteral("--metrics"), QStringLiteral("127.0.0.1:0"), QStringLiteral("-o"),
                      capturePath()});
    m_recorder.closeWriteChannel();
    QVERIFY(m_recorder.waitForStarted());
    static const QRegularExpression served(QStringLiteral(
        "^numasight-cli: note: serving Prometheus metrics at http://127\\.0\\.0\\.1:(\\d+)/metrics$"));
    QByteArray err;
    QElapsedTimer t;
    t.start();
    while (m_port == 0 && t.elapsed() < 20000 && m_recorder.state() == QProcess::Running) {
        if (!m_recorder.canReadLine() && !m_recorder.waitForReadyRead(500))
            continue;
        while (m_recorder.canReadLine()) {
            const QByteArray line = m_recorder.readLine();
            err += line;
            const auto m = served.match(QString::fromUtf8(line.trimmed()));
            if (m.hasMatch())
                m_port = quint16(m.captured(1).toUInt());
        }
    }
    QVERIFY2(m_port != 0, (err + m_recorder.readAllStandardError()).constData());
}

Exposition TestCliMetrics::scrapeUntil(const std::function<bool(const Exposition&)>& ready,
                                       HttpAnswer* answer)
{
    Exposition e;
    QElapsedTimer t;
    t.start();
    do {
        *answer = httpRequest(m_port, "GET", "/metrics");
        e = parseExposition(answer->body);
        if (answer->status == 200 && ready(e))
            break;
        QTest::qSleep(200);
    } while (t.elapsed() < 20000);
    return e;
}

void TestCliMetrics::scrapeDirectly()
{
    QVERIFY(m_port != 0);
    const QString pid = QString::number(m_workload->pid);
    const QMap<QString, QString> child{{QStringLiteral("pid"), pid}};
    HttpAnswer a;
    // Two samples with an interval make CPU shares.
    Exposition e = scrapeUntil(
        [&](const Exposition& x) {
            return x.find(QStringLiteral("numasight_samples_total")).value(0).value >= 3 &&
                   !x.find(QStringLiteral("numasight_process_cpu_share_ratio"), child).isEmpty();
        },
        &a);
    QCOMPARE(a.status, 200);
    QVERIFY2(a.head.contains("\r\nContent-Type: text/plain; version=0.0.4; charset=utf-8"),
             a.head.constData());
    QVERIFY2(e.problems.isEmpty(), qPrintable(e.problems.join(QLatin1Char('\n'))));
    QStringList families;
    for (const MetricFamilyInfo& f : recordingMetricFamilies())
        families << QString::fromLatin1(f.name);
    QCOMPARE(e.families, families);

    const auto info = e.find(QStringLiteral("numasight_recorder_info"));
    QCOMPARE(info.size(), 1);
    QCOMPARE(info[0].labels.value(QStringLiteral("host")), QSysInfo::machineHostName());
    QCOMPARE(info[0].labels.value(QStringLiteral("mode")), QStringLiteral("procfs"));
    QVERIFY(e.find(QStringLiteral("numasight_recorder_cpu_seconds_total")).value(0).value > 0);
    QVERIFY(e.find(QStringLiteral("numasight_recorder_resident_memory_bytes")).value(0).value > 1e6);
    const double age = double(QDateTime::currentMSecsSinceEpoch()) / 1000 -
                       e.find(QStringLiteral("numasight_last_sample_timestamp_seconds")).value(0).value;
    QVERIFY2(age > -1 && age < 10, qPrintable(QString::number(age)));
    QCOMPARE(e.find(QStringLiteral("numasight_sample_interval_seconds")).value(0).value > 0.3, true);

    // The child: one thread spinning on CPU 0, 64 MiB touched. Its comm is its file name cut to 15 bytes.
    const auto shares = e.find(QStringLiteral("numasight_process_cpu_share_ratio"), child);
    QVERIFY(!shares.isEmpty());
    QVERIFY2(std::fabs(sumOf(shares) - 1) < 1e-6, qPrintable(QString::number(sumOf(shares))));
    const ExposedSeries* most = &shares[0];
    for (const ExposedSeries& s : shares)
        if (s.value > most->value)
            most = &s;
    QVERIFY2(most->value >= 0.9, qPrintable(QString::number(most->value)));
    QCOMPARE(most->labels.value(QStringLiteral("comm")),
             QFileInfo(QStringLiteral(NUMASIGHT_TEST_WORKLOAD)).fileName().left(15));
    if (const int node = nodeOfCpu0(); node >= 0)
        QCOMPARE(most->labels.value(QStringLiteral("node")), QString::number(node));
    QVERIFY(e.find(QStringLiteral("numasight_process_cpu_seconds"), child).value(0).value > 0);
    QVERIFY2(sumOf(e.find(QStringLiteral("numasight_process_memory_bytes"), child)) >= 64.0 * 1024 * 1024,
             a.body.constData());
    QCOMPARE(e.find(QStringLiteral("numasight_process_witty_similarity_ratio"), child).size(), 1);
    QCOMPARE(e.find(QStringLiteral("numasight_process_remote_share_ratio"), child).size(), 1);

    // Live: a later scrape has later samples.
    const double samples = e.find(QStringLiteral("numasight_samples_total")).value(0).value;
    scrapeUntil(
        [&](const Exposition& x) {
            return x.find(QStringLiteral("numasight_samples_total")).value(0).value > samples;
        },
        &a);
    QVERIFY(parseExposition(a.body).find(QStringLiteral("numasight_samples_total")).value(0).value > samples);

    QCOMPARE(httpRequest(m_port, "GET", "/").status, 404);
    QCOMPARE(httpRequest(m_port, "POST", "/metrics").status, 405);

    if (QFile::exists(kPromtool)) {
        QProcess p;
        p.start(kPromtool, {QStringLiteral("check"), QStringLiteral("metrics")});
        QVERIFY(p.waitForStarted());
        p.write(a.body);
        p.closeWriteChannel();
        QVERIFY(p.waitForFinished(30000));
        const QByteArray said = p.readAllStandardOutput() + p.readAllStandardError();
        QVERIFY2(p.exitCode() == 0 && said.trimmed().isEmpty(), said.constData());
    }
}

void TestCliMetrics::prometheusScrapes()
{
    QVERIFY(m_port != 0);
    if (!QFile::exists(kPrometheus))
        QSKIP("prometheus is not installed (apt-get install prometheus): the scrape by a real Prometheus was "
              "not checked");
    const QString pid = QString::number(m_workload->pid);
    const QString config = m_dir.filePath(QStringLiteral("prometheus.yml"));
    {
        QFile f(config);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QStringLiteral("global:\n  scrape_interval: 1s\n  scrape_timeout: 1s\n"
                               "scrape_configs:\n  - job_name: numasight\n    static_configs:\n"
                               "      - targets: ['127.0.0.1:%1']\n")
                    .arg(m_port)
                    .toUtf8());
    }
    QProcess prometheus;
    StopOnExit stopPrometheus{prometheus};
    prometheus.setProcessChannelMode(QProcess::MergedChannels);
    quint16 webPort = 0;
    // The web port is free when chosen; another program may take it first, and Prometheus then exits.
    for (int attempt = 0; attempt < 3 && webPort == 0; ++attempt) {
        const quint16 port = freePort();
        QVERIFY(port != 0);
        prometheus.start(kPrometheus, {QStringLiteral("--config.file=") + config,
                                       QStringLiteral("--storage.tsdb.path=") +
                                           m_dir.filePath(QStringLiteral("tsdb%1").arg(attempt)),
                                       QStringLiteral("--web.listen-address=127.0.0.1:%1").arg(port),
                                       QStringLiteral("--log.level=warn")});
        QVERIFY2(prometheus.waitForStarted(), qPrintable(prometheus.errorString()));
        QElapsedTimer t;
        t.start();
        while (t.elapsed() < 15000 && prometheus.state() == QProcess::Running) {
            if (httpRequest(port, "GET", "/-/ready", 1000).status == 200) {
                webPort = port;
                break;
            }
            QTest::qSleep(200);
        }
        if (webPort == 0)
            stop(prometheus);
    }
    QVERIFY2(webPort != 0, prometheus.readAll().constData());

    // The child's memory, read back through the query API once Prometheus has scraped it.
    const QByteArray query =
        "/api/v1/query?query=" +
        QUrl::toPercentEncoding(
            QStringLiteral(
                "sum by (pid, comm, host) (numasight_process_memory_bytes{job=\"numasight\",pid=\"%1\"})")
                .arg(pid));
    QJsonArray result;
    QByteArray last;
    QElapsedTimer t;
    t.start();
    while (result.isEmpty() && t.elapsed() < 20000) {
        const HttpAnswer a = httpRequest(webPort, "GET", query);
        last = a.body;
        const QJsonObject answer = QJsonDocument::fromJson(a.body).object();
        if (a.status == 200 && answer.value(QLatin1String("status")).toString() == QLatin1String("success"))
            result = answer.value(QLatin1String("data")).toObject().value(QLatin1String("result")).toArray();
        if (result.isEmpty())
            QTest::qSleep(300);
    }
    QVERIFY2(result.size() == 1, last.constData());
    const QJsonObject series = result[0].toObject();
    const QJsonObject metric = series.value(QLatin1String("metric")).toObject();
    QCOMPARE(metric.value(QLatin1String("pid")).toString(), pid);
    QCOMPARE(metric.value(QLatin1String("host")).toString(), QSysInfo::machineHostName());
    QCOMPARE(metric.value(QLatin1String("comm")).toString(),
             QFileInfo(QStringLiteral(NUMASIGHT_TEST_WORKLOAD)).fileName().left(15));
    const double bytes = series.value(QLatin1String("value")).toArray().at(1).toString().toDouble();
    QVERIFY2(bytes >= 64.0 * 1024 * 1024, last.constData());

    // Prometheus saw the target up and the recorder's own figures.
    const HttpAnswer up = httpRequest(webPort, "GET",
                                      "/api/v1/query?query=" +
                                          QUrl::toPercentEncoding(QStringLiteral("up{job=\"numasight\"}")));
    const QJsonArray upResult = QJsonDocument::fromJson(up.body)
                                    .object()
                                    .value(QLatin1String("data"))
                                    .toObject()
                                    .value(QLatin1String("result"))
                                    .toArray();
    QCOMPARE(upResult.size(), 1);
    QCOMPARE(upResult.at(0).toObject().value(QLatin1String("value")).toArray().at(1).toString(),
             QStringLiteral("1"));

    // Every query docs/metrics.md offers for Grafana is valid PromQL over these series (dashboard variables
    // match anything).
    const QStringList queries = documentedQueries();
    QVERIFY(queries.size() >= 5);
    for (QString q : queries) {
        q.replace(QLatin1String("$host"), QLatin1String(".*"))
            .replace(QLatin1String("$pid"), QLatin1String(".*"));
        const HttpAnswer a = httpRequest(webPort, "GET", "/api/v1/query?query=" + QUrl::toPercentEncoding(q));
        QVERIFY2(a.status == 200 &&
                     QJsonDocument::fromJson(a.body).object().value(QLatin1String("status")).toString() ==
                         QLatin1String("success"),
                 qPrintable(q + QLatin1Char('\n') + QString::fromUtf8(a.body)));
    }
    stop(prometheus);
    QCOMPARE(prometheus.state(), QProcess::NotRunning);
}

void TestCliMetrics::stopsWithTheRecording()
{
    QVERIFY(m_port != 0);
    QVERIFY(m_recorder.state() == QProcess::Running);
    QCOMPARE(::kill(pid_t(m_recorder.processId()), SIGINT), 0);
    QVERIFY(m_recorder.waitForFinished(20000));
    QCOMPARE(m_recorder.exitStatus(), QProcess::NormalExit);
    QCOMPARE(m_recorder.exitCode(), 130);
    QVERIFY2(m_recorder.readAllStandardOutput().contains("stopped early by Ctrl-C"), "summary line");
    QVERIFY(QFileInfo(capturePath()).size() > 0);
    // The endpoint went with the recording.
    QTcpSocket s;
    s.connectToHost(QHostAddress(QHostAddress::LocalHost), m_port);
    QVERIFY(!s.waitForConnected(2000));
}

QTEST_GUILESS_MAIN(TestCliMetrics)
#include "tst_cli_metrics.moc"
