// SPDX-License-Identifier: GPL-3.0-or-later
// What `record --metrics` serves, without a network: the exposition text's rules (names, HELP and TYPE once,
// escapes, no duplicate series), the figures of a known workload on a two-node machine, the --metrics
// address, and the hand-over from the recorder's thread. promtool, Prometheus' own checker, reads the text
// too when it is installed.
#include "metrics/exposition_text.h"
#include "metrics/latest_metrics.h"
#include "metrics/metrics_address.h"
#include "metrics/recording_metrics.h"
#include "readers/hwloc_reader.h"
#include "record/recorder.h"
#include "support/entity_factory.h"
#include "support/exposition_parser.h"
#include "support/synthetic_machine.h"

#include <QFile>
#include <QProcess>
#include <QTest>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>
#include <thread>

using namespace numasight;
using numasight::test::Exposition;
using numasight::test::makeEntity;
using numasight::test::parseExposition;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
const QString kHost = QStringLiteral("gpu-box-07");
const QString kHostileComm = QStringLiteral("we\"ird\\name\nline2");
const QString kHostileContainer = QStringLiteral("job \"7\"\\a\nb");

// Two nodes of two CPUs (0-1 on node 0, 2-3 on node 1) and NPU0 on node 1. pid 100 "trainer" in a container
// opens NPU0 and runs 3/4 on node 0; pid 200 (a hostile name, another hostile container) runs and keeps its
// memory on node 1; pid 300 has memory only.
SnapshotPtr workloadSnapshot(bool duplicateAccess = false)
{
    const auto loaded = readHwlocSynthetic(QStringLiteral("pack:2 [numa] core:2 pu:1"));
    if (!loaded)
        return {};
    const Snapshot& machine = *loaded.value()->snapshots.front();
    SnapshotBuilder b;
    test::addSnapshot(b, machine);
    const Entity& node1 = machine.entity(machine.numaNodes()[1]);
    const EntityId npu = b.add(test::acceleratorOn(node1, 0, DeviceClass::Npu, QStringLiteral("NPU0"), 0x10));
    const auto process = [&](std::int64_t pid, const QString& name, const QString& container) {
        Entity p = makeEntity(EntityKind::Process, QString::number(pid), name);
        p.pid = pid;
        const EntityId id = b.add(p);
        Entity t = makeEntity(EntityKind::Thread, QString::number(pid), name);
        t.pid = pid;
        t.tid = pid;
        t.parent = id;
        b.add(t);
        if (!container.isEmpty()) {
            Entity c = makeEntity(EntityKind::Container, container, container);
            const EntityId cid = b.add(c);
            Edge e;
            e.kind = EdgeKind::Host;
            e.typeName = edgeKindName(EdgeKind::Host);
            e.source = cid;
            e.target = id;
            e.payload = "{}";
            b.addEdge(e);
        }
        return id;
    };
    const EntityId trainer = process(100, QStringLiteral("trainer"), QStringLiteral("train-ctr"));
    process(200, kHostileComm, kHostileContainer);
    process(300, QStringLiteral("cache"), {});
    for (int i = 0; i < (duplicateAccess ? 2 : 1); ++i) {
        Edge e;
        e.kind = EdgeKind::Access;
        e.typeName = edgeKindName(EdgeKind::Access);
        e.source = trainer;
        e.target = npu;
        e.payload = "{}";
        b.addEdge(e);
    }
    return b.finish();
}

ThreadCpuSample thread(std::int64_t pid, std::int64_t tid, const QString& comm,
                       std::vector<std::pair<int, std::uint64_t>> byCpu)
{
    ThreadCpuSample t;
    t.pid = pid;
    t.tid = tid;
    t.comm = comm;
    for (const auto& [cpu, ns] : byCpu)
        t.cpuNs += ns;
    t.cpuNsByCpu = std::move(byCpu);
    t.lastCpu = t.cpuNsByCpu.empty() ? 0 : t.cpuNsByCpu.back().first;
    t.mode = CollectionMode::Ebpf;
    return t;
}

ProcessMemorySample memory(std::int64_t pid, std::vector<NodePages> nodes)
{
    ProcessMemorySample m;
    m.pid = pid;
    m.nodes = std::move(nodes);
    return m;
}

// One second's sample; `first` is the baseline sample (no interval, no CPU time). `duplicates` lists a
// process's memory twice.
SamplePtr workloadSample(bool first = false, bool duplicates = false)
{
    auto s = std::make_shared<Sample>();
    s->timeNs = 1'714'564'800'250'000'000;
    s->intervalNs = first ? 0 : 1'000'000'000;
    if (!first) {
        s->threads.push_back(
            thread(100, 100, QStringLiteral("trainer"), {{0, 600'000'000}, {2, 250'000'000}}));
        s->threads.push_back(thread(100, 101, QStringLiteral("trainer-io"), {{1, 150'000'000}}));
        s->threads.push_back(thread(200, 200, kHostileComm, {{3, 500'000'000}}));
    }
    // NodePages: node, total, anon, dirty anon, file, huge, bytes.
    s->processes.push_back(memory(
        100, {NodePages{0, 300, 300, 300, 0, 0, 300 * 4096}, NodePages{1, 100, 100, 100, 0, 0, 100 * 4096}}));
    s->processes.push_back(memory(200, {NodePages{1, 50, 50, 50, 0, 0, 50 * 2097152}}));
    s->processes.push_back(memory(300, {NodePages{0, 7, 0, 0, 7, 0, 7 * 4096}}));
    if (duplicates)
        s->processes.push_back(memory(100, {NodePages{0, 1, 1, 1, 0, 0, 4096}}));
    return s;
}

MetricsInput workloadInput(bool first = false, bool duplicates = false)
{
    MetricsInput in;
    in.source.hostname = kHost;
    in.source.mode = QStringLiteral("ebpf");
    in.snapshot = workloadSnapshot(duplicates);
    in.sample = workloadSample(first, duplicates);
    in.cost.cpuSeconds = 12.5;
    in.cost.residentBytes = 48.0 * 1024 * 1024;
    in.cost.samples = 42;
    return in;
}

QMap<QString, QString> labels(const QString& spec)
{
    QMap<QString, QString> out;
    for (const QString& pair : spec.split(QLatin1Char(','), Qt::SkipEmptyParts))
        out.insert(pair.section(QLatin1Char('='), 0, 0), pair.section(QLatin1Char('='), 1));
    return out;
}

QString show(const Exposition& e)
{
    return e.problems.join(QLatin1Char('\n'));
}

} // namespace

class TestRecordingMetrics : public QObject
{
    Q_OBJECT
private slots:
    void metricNames_data();
    void metricNames();
    void labelEscapes_data();
    void labelEscapes();
    void values_data();
    void values();
    void writerDropsWhatBreaksAScrape();
    void knownWorkload_data();
    void knownWorkload();
    void hostileNames();
    void noDuplicateSeries();
    void beforeTheFirstSample();
    void firstSampleHasNoCpuShares();
    void familiesFollowTheConventions();
    void docsListEveryFamily();
    void promtoolAccepts();
    void address_data();
    void address();
    void latestMetrics();
};

void TestRecordingMetrics::metricNames_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("metric");
    QTest::addColumn<bool>("label");
    QTest::newRow("plain") << "numasight_samples_total" << true << true;
    QTest::newRow("leading underscore") << "_x" << true << true;
    QTest::newRow("colon (recording rules)") << "job:numasight:sum" << true << false;
    QTest::newRow("digit inside") << "a1" << true << true;
    QTest::newRow("leading digit") << "1a" << false << false;
    QTest::newRow("dash") << "numa-sight" << false << false;
    QTest::newRow("space") << "a b" << false << false;
    QTest::newRow("empty") << "" << false << false;
    QTest::newRow("non-ASCII") << "nœud" << false << false;
    QTest::newRow("reserved label prefix") << "__name__" << true << false;
}

void TestRecordingMetrics::metricNames()
{
    QFETCH(QString, name);
    QFETCH(bool, metric);
    QFETCH(bool, label);
    QCOMPARE(isValidMetricName(name), metric);
    QCOMPARE(isValidLabelName(name), label);
    QCOMPARE(test::isMetricName(name), metric); // the tests' reader agrees with the writer
}

void TestRecordingMetrics::labelEscapes_data()
{
    QTest::addColumn<QString>("value");
    QTest::addColumn<QByteArray>("escaped");
    QTest::newRow("plain") << "python3" << QByteArray("python3");
    QTest::newRow("backslash") << "a\\b" << QByteArray("a\\\\b");
    QTest::newRow("quote") << "say \"hi\"" << QByteArray("say \\\"hi\\\"");
    QTest::newRow("line feed") << "two\nlines" << QByteArray("two\\nlines");
    QTest::newRow("all three") << "\\\"\n" << QByteArray("\\\\\\\"\\n");
    QTest::newRow("tab and return stay") << "a\tb\rc" << QByteArray("a\tb\rc");
    QTest::newRow("UTF-8") << QStringLiteral("训练-ü") << QStringLiteral("训练-ü").toUtf8();
    QTest::newRow("empty") << "" << QByteArray();
}

void TestRecordingMetrics::labelEscapes()
{
    QFETCH(QString, value);
    QFETCH(QByteArray, escaped);
    QCOMPARE(escapeLabelValue(value), escaped);
    ExpositionWriter w;
    w.family(QStringLiteral("m"), MetricType::Gauge, QStringLiteral("help with \\ and\nnewline"));
    QVERIFY(w.series({{QStringLiteral("comm"), value}}, 1));
    const QByteArray text = w.text();
    QVERIFY2(text.contains("m{comm=\"" + escaped + "\"} 1\n"), text.constData());
    QVERIFY2(text.contains("# HELP m help with \\\\ and\\nnewline\n"), text.constData());
    const Exposition e = parseExposition(text);
    QVERIFY2(e.problems.isEmpty(), qPrintable(show(e)));
    QCOMPARE(e.series.size(), 1);
    QCOMPARE(e.series[0].labels.value(QStringLiteral("comm")), value);
}

void TestRecordingMetrics::values_data()
{
    QTest::addColumn<double>("value");
    QTest::addColumn<QByteArray>("text");
    QTest::newRow("zero") << 0.0 << QByteArray("0");
    QTest::newRow("one") << 1.0 << QByteArray("1");
    QTest::newRow("negative") << -3.0 << QByteArray("-3");
    QTest::newRow("half") << 0.5 << QByteArray("0.5");
    QTest::newRow("tenth") << 0.1 << QByteArray("0.1");
    QTest::newRow("2^53") << 9007199254740992.0 << QByteArray("9007199254740992");
    QTest::newRow("small") << 1e-10 << QByteArray("1e-10");
    QTest::newRow("huge") << 1.5e300 << QByteArray("1.5e+300");
    QTest::newRow("seconds since 1970") << 1714564800.25 << QByteArray("1714564800.25");
    QTest::newRow("NaN") << kNaN << QByteArray("NaN");
    QTest::newRow("+Inf") << std::numeric_limits<double>::infinity() << QByteArray("+Inf");
    QTest::newRow("-Inf") << -std::numeric_limits<double>::infinity() << QByteArray("-Inf");
}

void TestRecordingMetrics::values()
{
    QFETCH(double, value);
    QFETCH(QByteArray, text);
    QCOMPARE(formatMetricValue(value), text);
    if (std::isfinite(value))
        QCOMPARE(text.toDouble(), value); // reads back exactly
}

void TestRecordingMetrics::writerDropsWhatBreaksAScrape()
{
    ExpositionWriter w;
    w.family(QStringLiteral("a_total"), MetricType::Counter, QStringLiteral("A."));
    QVERIFY(w.series({{QStringLiteral("x"), QStringLiteral("1")}, {QStringLiteral("y"), QStringLiteral("2")}},
                     1));
    // The same labels in another order are the same series.
    QVERIFY(!w.series(
        {{QStringLiteral("y"), QStringLiteral("2")}, {QStringLiteral("x"), QStringLiteral("1")}}, 2));
    QVERIFY(!w.series({{QStringLiteral("0bad"), QStringLiteral("1")}}, 1));
    QVERIFY(!w.series({{QStringLiteral("__name__"), QStringLiteral("x")}}, 1));
    w.family(QStringLiteral("b"), MetricType::Gauge, QStringLiteral("B."));
    QVERIFY(w.series({}, 3));
    // Back to a: its series join the first ones, after one HELP and TYPE.
    w.family(QStringLiteral("a_total"), MetricType::Gauge, QStringLiteral("other help"));
    QVERIFY(w.series({{QStringLiteral("x"), QStringLiteral("3")}}, 4));
    w.family(QStringLiteral("not-a-name"), MetricType::Gauge, QStringLiteral("C."));
    QVERIFY(!w.series({}, 5));
    const QByteArray text = w.text();
    QCOMPARE(text, QByteArray("# HELP a_total A.\n# TYPE a_total counter\na_total{x=\"1\",y=\"2\"} 1\n"
                              "a_total{x=\"3\"} 4\n# HELP b B.\n# TYPE b gauge\nb 3\n"));
    const Exposition e = parseExposition(text);
    QVERIFY2(e.problems.isEmpty(), qPrintable(show(e)));
}

void TestRecordingMetrics::knownWorkload_data()
{
    QTest::addColumn<QString>("metric");
    QTest::addColumn<QString>("labelSpec");
    QTest::addColumn<double>("value"); // NaN: no such series

    const QString trainer = QStringLiteral("host=%1,pid=100,comm=trainer,container=train-ctr").arg(kHost);
    const QString cache = QStringLiteral("host=%1,pid=300,comm=cache,container=").arg(kHost);
    const QString host = QStringLiteral("host=%1").arg(kHost);
    QTest::newRow("recorder info") << "numasight_recorder_info" << host + ",mode=ebpf" << 1.0;
    QTest::newRow("recorder CPU") << "numasight_recorder_cpu_seconds_total" << host << 12.5;
    QTest::newRow("recorder memory") << "numasight_recorder_resident_memory_bytes" << host
                                     << 48.0 * 1024 * 1024;
    QTest::newRow("samples") << "numasight_samples_total" << host << 42.0;
    QTest::newRow("sample time") << "numasight_last_sample_timestamp_seconds" << host << 1714564800.25;
    QTest::newRow("interval") << "numasight_sample_interval_seconds" << host << 1.0;
    QTest::newRow("processes") << "numasight_sampled_processes" << host << 3.0;
    QTest::newRow("threads") << "numasight_sampled_threads" << host << 3.0;
    QTest::newRow("trainer CPU seconds") << "numasight_process_cpu_seconds" << trainer << 1.0;
    QTest::newRow("trainer on node 0") << "numasight_process_cpu_share_ratio" << trainer + ",node=0" << 0.75;
    QTest::newRow("trainer on node 1") << "numasight_process_cpu_share_ratio" << trainer + ",node=1" << 0.25;
    QTest::newRow("idle process has no CPU share")
        << "numasight_process_cpu_share_ratio" << cache + ",node=0" << kNaN;
    QTest::newRow("trainer pages node 0") << "numasight_process_memory_pages" << trainer + ",node=0" << 300.0;
    QTest::newRow("trainer pages node 1") << "numasight_process_memory_pages" << trainer + ",node=1" << 100.0;
    // Per node only where there is something: no series for a node without pages or CPU time.
    QTest::newRow("no pages, no series") << "numasight_process_memory_pages" << cache + ",node=1" << kNaN;
    QTest::newRow("no CPU time, no series") << "numasight_process_cpu_share_ratio"
                                            << "pid=200,node=0" << kNaN;
    QTest::newRow("all CPU time on one node") << "numasight_process_cpu_share_ratio"
                                              << "pid=200,node=1" << 1.0;
    QTest::newRow("trainer bytes node 0")
        << "numasight_process_memory_bytes" << trainer + ",node=0" << 300.0 * 4096;
    // witty similarity: 0.75 × 300/400 + 0.25 × 100/400.
    QTest::newRow("trainer witty similarity")
        << "numasight_process_witty_similarity_ratio" << trainer << 0.625;
    QTest::newRow("trainer remote share") << "numasight_process_remote_share_ratio" << trainer << 0.375;
    QTest::newRow("memory only: no similarity")
        << "numasight_process_witty_similarity_ratio" << cache << kNaN;
    QTest::newRow("trainer away from NPU0") << "numasight_process_accelerator_away" << trainer << 1.0;
    QTest::newRow("no accelerator: no flag") << "numasight_process_accelerator_away" << cache << kNaN;
    QTest::newRow("trainer's NPU") << "numasight_process_accelerator_info"
                                   << trainer + ",accelerator=NPU0,node=1" << 1.0;
}

void TestRecordingMetrics::knownWorkload()
{
    QFETCH(QString, metric);
    QFETCH(QString, labelSpec);
    QFETCH(double, value);
    const MetricsInput in = workloadInput();
    QVERIFY(in.snapshot);
    const QByteArray text = recordingMetrics(in);
    const Exposition e = parseExposition(text);
    QVERIFY2(e.problems.isEmpty(), qPrintable(show(e)));
    const auto found = e.find(metric, labels(labelSpec));
    if (std::isnan(value)) {
        QVERIFY2(found.isEmpty(), text.constData());
        return;
    }
    QVERIFY2(found.size() == 1, qPrintable(QStringLiteral("%1 {%2}: %3 series\n%4")
                                               .arg(metric, labelSpec)
                                               .arg(found.size())
                                               .arg(QString::fromUtf8(text))));
    QVERIFY2(std::fabs(found[0].value - value) <= 1e-12 * std::max(1.0, std::fabs(value)),
             qPrintable(QStringLiteral("%1 != %2").arg(found[0].value).arg(value)));
}

void TestRecordingMetrics::hostileNames()
{
    const QByteArray text = recordingMetrics(workloadInput());
    const QByteArray escaped = "comm=\"we\\\"ird\\\\name\\nline2\",container=\"job \\\"7\\\"\\\\a\\nb\"";
    QVERIFY2(text.contains("numasight_process_cpu_share_ratio{host=\"gpu-box-07\",pid=\"200\"," + escaped +
                           ",node=\"1\"} 1\n"),
             text.constData());
    const Exposition e = parseExposition(text);
    QVERIFY2(e.problems.isEmpty(), qPrintable(show(e)));
    const auto found = e.find(QStringLiteral("numasight_process_witty_similarity_ratio"),
                              {{QStringLiteral("pid"), QStringLiteral("200")}});
    QCOMPARE(found.size(), 1);
    QCOMPARE(found[0].labels.value(QStringLiteral("comm")), kHostileComm);
    QCOMPARE(found[0].labels.value(QStringLiteral("container")), kHostileContainer);
    QCOMPARE(found[0].value, 1.0);
    // No line of the text starts anywhere but at a family's name or a comment.
    for (const QByteArray& line : text.split('\n'))
        QVERIFY2(line.isEmpty() || line.startsWith("numasight_") || line.startsWith("# "), line.constData());
}

void TestRecordingMetrics::noDuplicateSeries()
{
    // The same process's memory twice and the same accelerator edge twice: one series each.
    const QByteArray text = recordingMetrics(workloadInput(false, true));
    const Exposition e = parseExposition(text);
    QVERIFY2(e.problems.isEmpty(), qPrintable(show(e)));
    QCOMPARE(e.find(QStringLiteral("numasight_process_accelerator_info")).size(), 1);
    QCOMPARE(e.find(QStringLiteral("numasight_process_memory_pages"),
                    {{QStringLiteral("pid"), QStringLiteral("100")},
                     {QStringLiteral("node"), QStringLiteral("0")}})
                 .size(),
             1);
}

void TestRecordingMetrics::beforeTheFirstSample()
{
    MetricsInput in;
    in.source.hostname = kHost;
    in.source.mode = QStringLiteral("procfs");
    in.snapshot = workloadSnapshot();
    const Exposition e = parseExposition(recordingMetrics(in));
    QVERIFY2(e.problems.isEmpty(), qPrintable(show(e)));
    // Every family is announced from the start; only the recorder's have series.
    QCOMPARE(e.families.size(), qsizetype(recordingMetricFamilies().size()));
    QSet<QString> withSeries;
    for (const auto& s : e.series)
        withSeries.insert(s.name);
    QCOMPARE(withSeries, (QSet<QString>{QStringLiteral("numasight_recorder_info"),
                                        QStringLiteral("numasight_samples_total")}));
    QCOMPARE(e.find(QStringLiteral("numasight_samples_total")).value(0).value, 0.0);
}

void TestRecordingMetrics::firstSampleHasNoCpuShares()
{
    const Exposition e = parseExposition(recordingMetrics(workloadInput(true)));
    QVERIFY2(e.problems.isEmpty(), qPrintable(show(e)));
    QVERIFY(e.find(QStringLiteral("numasight_process_cpu_share_ratio")).isEmpty());
    QVERIFY(e.find(QStringLiteral("numasight_process_cpu_seconds")).isEmpty());
    QVERIFY(e.find(QStringLiteral("numasight_process_witty_similarity_ratio")).isEmpty());
    QCOMPARE(e.find(QStringLiteral("numasight_sample_interval_seconds")).value(0).value, 0.0);
    QCOMPARE(e.find(QStringLiteral("numasight_process_memory_pages"),
                    {{QStringLiteral("pid"), QStringLiteral("100")}})
                 .size(),
             2);
}

void TestRecordingMetrics::familiesFollowTheConventions()
{
    const Exposition e = parseExposition(recordingMetrics(workloadInput()));
    QStringList names;
    for (const MetricFamilyInfo& f : recordingMetricFamilies()) {
        const QString name = QString::fromLatin1(f.name);
        names << name;
        QVERIFY2(name.startsWith(QLatin1String("numasight_")), f.name);
        QVERIFY2(isValidMetricName(name), f.name);
        // Counters end in _total and nothing else does; a unit, when there is one, is the base unit spelled
        // out at the end (before _total), and a share is a _ratio.
        QCOMPARE(name.endsWith(QLatin1String("_total")), f.type == MetricType::Counter);
        const QString stem = name.endsWith(QLatin1String("_total")) ? name.chopped(6) : name;
        static const QStringList units{
            QStringLiteral("_seconds"), QStringLiteral("_bytes"),   QStringLiteral("_ratio"),
            QStringLiteral("_pages"),   QStringLiteral("_info"),    QStringLiteral("_processes"),
            QStringLiteral("_threads"), QStringLiteral("_samples"), QStringLiteral("_away")};
        QVERIFY2(std::any_of(units.begin(), units.end(), [&](const QString& u) { return stem.endsWith(u); }),
                 f.name);
        for (const QString& bad : {QStringLiteral("milli"), QStringLiteral("micro"), QStringLiteral("nano"),
                                   QStringLiteral("percent"), QStringLiteral("kb"), QStringLiteral("mib")})
            QVERIFY2(!name.contains(bad), f.name);
        QVERIFY2(QByteArray(f.help).endsWith('.'), f.help);
        QCOMPARE(e.types.value(name),
                 f.type == MetricType::Counter ? QStringLiteral("counter") : QStringLiteral("gauge"));
    }
    QCOMPARE(e.families, names); // every family, in the documented order, once
    QCOMPARE(QSet<QString>(names.begin(), names.end()).size(), names.size());
}

void TestRecordingMetrics::docsListEveryFamily()
{
    QFile f(QStringLiteral(NUMASIGHT_TEST_DATA "/../../docs/metrics.md"));
    QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(f.fileName()));
    const QString docs = QString::fromUtf8(f.readAll());
    for (const MetricFamilyInfo& family : recordingMetricFamilies())
        QVERIFY2(docs.contains(QStringLiteral("`%1`").arg(QLatin1String(family.name))), family.name);
}

void TestRecordingMetrics::promtoolAccepts()
{
    const QString promtool = QStringLiteral("/usr/bin/promtool");
    if (!QFile::exists(promtool))
        QSKIP("promtool is not installed (Debian package prometheus): Prometheus' own lint was not run");
    const QByteArray text = recordingMetrics(workloadInput());
    QProcess p;
    p.start(promtool, {QStringLiteral("check"), QStringLiteral("metrics")});
    QVERIFY(p.waitForStarted());
    p.write(text);
    p.closeWriteChannel();
    QVERIFY(p.waitForFinished(30000));
    const QByteArray said = p.readAllStandardOutput() + p.readAllStandardError();
    QVERIFY2(p.exitCode() == 0 && said.trimmed().isEmpty(), said.constData());
}

void TestRecordingMetrics::address_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("address"); // empty: refused
    QTest::addColumn<QString>("error");   // a part of the message
    QTest::newRow("port alone") << "9464"
                                << "127.0.0.1:9464"
                                << "";
    QTest::newRow(":port") << ":9464"
                           << "127.0.0.1:9464"
                           << "";
    QTest::newRow("loopback") << "127.0.0.1:9464"
                              << "127.0.0.1:9464"
                              << "";
    QTest::newRow("localhost") << "localhost:9464"
                               << "127.0.0.1:9464"
                               << "";
    QTest::newRow("every interface") << "0.0.0.0:80"
                                     << "0.0.0.0:80"
                                     << "";
    QTest::newRow("another address") << "10.1.2.3:65535"
                                     << "10.1.2.3:65535"
                                     << "";
    QTest::newRow("IPv6 loopback") << "[::1]:9464"
                                   << "[::1]:9464"
                                   << "";
    QTest::newRow("IPv6 any") << "[::]:9464"
                              << "[::]:9464"
                              << "";
    QTest::newRow("any free port") << "0"
                                   << "127.0.0.1:0"
                                   << "";
    QTest::newRow("empty") << ""
                           << ""
                           << "has no port";
    QTest::newRow("word") << "abc"
                          << ""
                          << "is not a port";
    QTest::newRow("port too big") << "70000"
                                  << ""
                                  << "is not a port";
    QTest::newRow("address without port") << "127.0.0.1"
                                          << ""
                                          << "is not a port";
    QTest::newRow("empty port") << "127.0.0.1:"
                                << ""
                                << "has no port";
    QTest::newRow("negative port") << "127.0.0.1:-1"
                                   << ""
                                   << "'-1' is not a port";
    QTest::newRow("signed port") << "127.0.0.1:+80"
                                 << ""
                                 << "'+80' is not a port";
    QTest::newRow("hex port") << "127.0.0.1:0x50"
                              << ""
                              << "'0x50' is not a port";
    QTest::newRow("space") << " 9464"
                           << ""
                           << "is not a port";
    QTest::newRow("IPv6 without brackets") << "::1:9464"
                                           << ""
                                           << "put it in brackets";
    QTest::newRow("IPv6 without port") << "[::1]"
                                       << ""
                                       << "has no port";
    QTest::newRow("unclosed bracket") << "[::1:9464"
                                      << ""
                                      << "without closing";
    QTest::newRow("IPv4 in brackets") << "[127.0.0.1]:9464"
                                      << ""
                                      << "is not an IPv6 address";
    QTest::newRow("host name") << "metrics.example:9464"
                               << ""
                               << "is not an IPv4 address";
    QTest::newRow("short address") << "1.2.3:9464"
                                   << ""
                                   << "is not an IPv4 address";
    QTest::newRow("IPv6 port too big") << "[::1]:99999"
                                       << ""
                                       << "'99999' is not a port";
}

void TestRecordingMetrics::address()
{
    QFETCH(QString, text);
    QFETCH(QString, address);
    QFETCH(QString, error);
    QString why;
    const auto parsed = parseMetricsAddress(text, &why);
    if (address.isEmpty()) {
        QVERIFY2(!parsed, qPrintable(parsed ? parsed->toString() : QString()));
        QVERIFY2(why.contains(error), qPrintable(why));
        QVERIFY2(!why.contains(QLatin1Char('\n')), qPrintable(why));
        return;
    }
    QVERIFY2(parsed, qPrintable(why));
    QCOMPARE(parsed->toString(), address);
}

void TestRecordingMetrics::latestMetrics()
{
    auto metrics = std::make_shared<LatestMetrics>();
    RecordObserver observer;
    int samplesSeen = 0;
    observer.sample = [&](const Sample&) { ++samplesSeen; };
    feedMetrics(observer, metrics);

    const QByteArray empty = metrics->text();
    QVERIFY(parseExposition(empty).problems.isEmpty());
    QVERIFY(parseExposition(empty)
                .find(QStringLiteral("numasight_recorder_info"))
                .value(0)
                .labels.value(QStringLiteral("host"))
                .isEmpty());

    Capture initial;
    initial.source.hostname = kHost;
    initial.source.mode = QStringLiteral("procfs");
    initial.snapshots.push_back(workloadSnapshot());
    observer.started(initial);
    // The recorder's thread hands samples over while another thread scrapes.
    std::thread recorder([&] {
        for (int i = 0; i < 5; ++i)
            observer.sample(*workloadSample(i == 0));
    });
    QStringList problems;
    for (int i = 0; i < 20; ++i)
        problems << parseExposition(metrics->text()).problems;
    recorder.join();
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    QCOMPARE(samplesSeen, 5); // the callback set before is still called

    const QByteArray text = metrics->text();
    QCOMPARE(metrics->text(), text); // rendered once per sample
    const Exposition e = parseExposition(text);
    QCOMPARE(e.find(QStringLiteral("numasight_samples_total")).value(0).value, 5.0);
    QCOMPARE(e.find(QStringLiteral("numasight_recorder_info")).value(0).labels.value(QStringLiteral("mode")),
             QStringLiteral("procfs"));
    // This process's own cost, measured at the sample.
    const auto cpu = e.find(QStringLiteral("numasight_recorder_cpu_seconds_total"));
    QCOMPARE(cpu.size(), 1);
    QVERIFY(cpu[0].value > 0);
    const auto rss = e.find(QStringLiteral("numasight_recorder_resident_memory_bytes"));
    QCOMPARE(rss.size(), 1);
    QVERIFY2(rss[0].value > 1e6 && rss[0].value < 1e11, qPrintable(QString::number(rss[0].value)));
    QCOMPARE(e.find(QStringLiteral("numasight_process_accelerator_away")).value(0).value, 1.0);
}

QTEST_GUILESS_MAIN(TestRecordingMetrics)
#include "tst_recording_metrics.moc"
