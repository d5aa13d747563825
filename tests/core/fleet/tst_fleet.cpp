// SPDX-License-Identifier: GPL-3.0-or-later
// Fleet captures: merge keeps every host's topology, snapshots and samples exactly, in a namespace of its
// own, refuses the same machine twice, and scopeToHost() gives each host back as the capture it came from.
#include "../../support/recording_fixture.h"
#include "../../support/sample_diff.h"
#include "../../support/test_fixtures.h"
#include "attach/host_namespace.h"
#include "capture/capture_reader.h"
#include "capture/capture_writer.h"
#include "fleet/fleet.h"
#include "record/machine_identity.h"
#include "record/recorder.h"

#include <QCoreApplication>
#include <QTemporaryDir>
#include <QtTest>

#include <cstring>

using namespace numasight;

namespace {

// This machine, reporting another host name and machine id: three recordings made here read as three hosts.
class RenamedHost : public RecordingEnvironment
{
public:
    RenamedHost(QString name, QString machineId)
        : m_local(makeLocalEnvironment())
        , m_name(std::move(name))
        , m_machineId(std::move(machineId))
    {
    }
    Result<CapturePtr> topology() override { return m_local->topology(); }
    SourceInfo source() override
    {
        SourceInfo s = m_local->source();
        s.hostname = m_name;
        s.extra.insert(QLatin1String(kMachineIdKey), m_machineId);
        return s;
    }
    std::vector<std::int64_t> resolveScope(const Scope& scope) override
    {
        return m_local->resolveScope(scope);
    }
    QByteArray workloadSignature(const std::vector<std::int64_t>& pids) override
    {
        return m_local->workloadSignature(pids);
    }
    void addWorkload(SnapshotBuilder& builder, const std::vector<std::int64_t>& pids) override
    {
        m_local->addWorkload(builder, pids);
    }
    Result<std::unique_ptr<CollectorSet>> collectors(RecordMode mode) override
    {
        return m_local->collectors(mode);
    }
    bool ebpfAvailable(QString* why) override { return m_local->ebpfAvailable(why); }

private:
    std::unique_ptr<RecordingEnvironment> m_local;
    QString m_name, m_machineId;
};

QString witty()
{
    return QStringLiteral(NUMASIGHT_FIXTURES "/witty-profiler/graph.json");
}

// The first difference between two captures of one machine (entities, edges, matrices, samples), or empty.
QString captureDiff(const Capture& a, const Capture& b)
{
    if (a.snapshots.size() != b.snapshots.size())
        return QStringLiteral("snapshot count %1 vs %2").arg(a.snapshots.size()).arg(b.snapshots.size());
    for (size_t s = 0; s < a.snapshots.size(); ++s) {
        const Snapshot& x = *a.snapshots[s];
        const Snapshot& y = *b.snapshots[s];
        if (x.entities().size() != y.entities().size())
            return QStringLiteral("snapshot %1: entity count %2 vs %3")
                .arg(s)
                .arg(x.entities().size())
                .arg(y.entities().size());
        for (size_t i = 0; i < x.entities().size(); ++i) {
            const Entity& e = x.entities()[i];
            const Entity& f = y.entities()[i];
            if (e.kind != f.kind || e.typeName != f.typeName || e.ns != f.ns || e.key != f.key ||
                e.name != f.name || e.attributes != f.attributes || e.parent != f.parent ||
                e.osIndex != f.osIndex || e.cpus != f.cpus || e.nodes != f.nodes || e.pid != f.pid ||
                e.tid != f.tid || e.detail->memoryBytes != f.detail->memoryBytes || e.numaNode != f.numaNode)
                return QStringLiteral("snapshot %1: entity %2 (%3 %4)").arg(s).arg(i).arg(e.typeName, e.key);
        }
        if (x.edges().size() != y.edges().size())
            return QStringLiteral("snapshot %1: edge count").arg(s);
        for (size_t i = 0; i < x.edges().size(); ++i)
            if (x.edges()[i].source != y.edges()[i].source || x.edges()[i].target != y.edges()[i].target ||
                x.edges()[i].typeName != y.edges()[i].typeName ||
                x.edges()[i].payload != y.edges()[i].payload)
                return QStringLiteral("snapshot %1: edge %2").arg(s).arg(i);
        if (x.distances().size() != y.distances().size())
            return QStringLiteral("snapshot %1: matrix count").arg(s);
        for (size_t i = 0; i < x.distances().size(); ++i) {
            const std::vector<double>& v = x.distances()[i].values;
            const std::vector<double>& w = y.distances()[i].values;
            // A missing value is NaN, which equals nothing: compare the bits.
            if (v.size() != w.size() ||
                (!v.empty() && std::memcmp(v.data(), w.data(), v.size() * sizeof(double)) != 0) ||
                x.distances()[i].objects != y.distances()[i].objects)
                return QStringLiteral("snapshot %1: matrix %2").arg(s).arg(i);
        }
    }
    if (a.samples.size() != b.samples.size())
        return QStringLiteral("sample count %1 vs %2").arg(a.samples.size()).arg(b.samples.size());
    for (size_t i = 0; i < a.samples.size(); ++i)
        if (const QString d = test::sampleDiff(*a.samples[i], *b.samples[i]); !d.isEmpty())
            return QStringLiteral("sample %1: %2").arg(i).arg(d);
    return {};
}

} // namespace

class TestFleet : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QStringList m_recordings; // three recordings of this machine, as hosts gpu-a, gpu-b, gpu-c

    QString record(const QString& name, const QString& machineId)
    {
        RecordOptions options = test::recordThisProcess(
            m_dir.filePath(name + QLatin1Char('-') + machineId.left(4) + QStringLiteral(".numasight")));
        options.durationNs = 250'000'000;
        RenamedHost environment(name, machineId);
        const RecordSummary summary = numasight::record(options, environment);
        if (summary.error)
            qWarning("%s", qPrintable(summary.error->toString()));
        return summary.error ? QString() : summary.path;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_recordings << record(QStringLiteral("gpu-a"), QStringLiteral("aaaa1111aaaa1111aaaa1111aaaa1111"))
                     << record(QStringLiteral("gpu-b"), QStringLiteral("bbbb2222bbbb2222bbbb2222bbbb2222"))
                     // The same name as gpu-a on another machine (two clusters' node01): kept apart by id.
                     << record(QStringLiteral("gpu-a"), QStringLiteral("cccc3333cccc3333cccc3333cccc3333"));
        for (const QString& path : m_recordings)
            QVERIFY(!path.isEmpty());
    }

    // Three recordings and the witty fixture: every entity, edge, matrix and sample of each comes back from
    // the written file, host by host.
    void mergeKeepsEveryHost()
    {
        std::vector<MergeInput> inputs;
        for (const QString& path : m_recordings)
            inputs.push_back({path, {}, test::loadCapture(path)});
        inputs.push_back({witty(), {}, test::loadCapture(witty())});
        for (const MergeInput& input : inputs)
            QVERIFY(input.capture);
        const auto merged = mergeCaptures(inputs);
        QVERIFY2(merged.ok(), qPrintable(merged ? QString() : merged.error().toString()));
        const QString out = m_dir.filePath(QStringLiteral("fleet.numasight"));
        const auto written = writeCaptureFile(**merged, out);
        QVERIFY2(!written, qPrintable(written ? written->toString() : QString()));
        const auto read = readCaptureFile(out);
        QVERIFY2(read.ok(), qPrintable(read ? QString() : read.error().toString()));
        const Capture& fleet = **read;

        QCOMPARE(fleet.hosts.size(), size_t(4));
        QCOMPARE(fleet.hosts[0].name, QStringLiteral("gpu-a"));
        QCOMPARE(fleet.hosts[0].ns, QStringLiteral("gpu-a@aaaa1111aaaa"));
        QCOMPARE(fleet.hosts[2].ns, QStringLiteral("gpu-a@cccc3333cccc"));
        QCOMPARE(fleet.hosts[3].name, QStringLiteral("graph")); // a witty file names no host: its file does
        QCOMPARE(fleet.hosts[1].source.extra.value(QLatin1String(kMachineIdKey)),
                 QStringLiteral("bbbb2222bbbb2222bbbb2222bbbb2222"));
        QCOMPARE(fleet.hosts[1].source.mode, inputs[1].capture->source.mode);
        QCOMPARE(fleet.hosts[1].source.kernel, inputs[1].capture->source.kernel);

        size_t snapshots = 0, samples = 0;
        for (size_t h = 0; h < inputs.size(); ++h) {
            const CapturePtr host = scopeToHost(fleet, fleet.hosts[h]);
            QVERIFY2(captureDiff(*host, *inputs[h].capture).isEmpty(),
                     qPrintable(fleet.hosts[h].name + QStringLiteral(": ") +
                                captureDiff(*host, *inputs[h].capture)));
            QCOMPARE(host->source.hostname, inputs[h].capture->source.hostname);
            snapshots += inputs[h].capture->snapshots.size();
            samples += inputs[h].capture->samples.size();
        }
        QCOMPARE(fleet.snapshots.size(), snapshots);
        QCOMPARE(fleet.samples.size(), samples);
        QVERIFY(samples >= 6); // three recordings of at least two samples each
        // Every entity of the fleet is in one of its hosts' namespaces: none folded into another host's.
        for (const SnapshotPtr& s : fleet.snapshots)
            for (const Entity& e : s->entities())
                QVERIFY2(std::any_of(fleet.hosts.begin(), fleet.hosts.end(),
                                     [&](const CaptureHost& h) { return h.ns == e.ns; }),
                         qPrintable(e.ns));

        // A fleet merged again with one more host keeps its hosts as they are.
        std::vector<MergeInput> again{{out, {}, *read},
                                      {witty(), QStringLiteral("npu-9"), test::loadCapture(witty())}};
        const auto bigger = mergeCaptures(again);
        QVERIFY2(bigger.ok(), qPrintable(bigger ? QString() : bigger.error().toString()));
        QCOMPARE((*bigger)->hosts.size(), size_t(5));
        QCOMPARE((*bigger)->hosts[4].ns, QStringLiteral("npu-9"));
        QVERIFY(captureDiff(*scopeToHost(**bigger, (*bigger)->hosts[1]), *inputs[1].capture).isEmpty());
    }

    void refusals_data()
    {
        QTest::addColumn<QStringList>("files"); // "recording:N", "witty", or "witty=NAME"
        QTest::addColumn<QString>("error");     // a part of the message; empty: merged
        QTest::newRow("same recording twice") << QStringList{"recording:0", "recording:0"}
                                              << "machine id aaaa1111aaaa1111aaaa1111aaaa1111) is already in";
        QTest::newRow("same name, no machine id")
            << QStringList{"witty", "witty"} << "neither records a machine id to tell them apart";
        QTest::newRow("named apart") << QStringList{"witty=npu-1", "witty=npu-2"} << QString();
        QTest::newRow("a name given twice") << QStringList{"witty=npu-1", "witty=npu-1"} << "FILE=NAME";
        QTest::newRow("a name that a recording has")
            << QStringList{"recording:1", "witty=gpu-b@bbbb2222bbbb"} << "already in the fleet";
        QTest::newRow("same name, other machines") << QStringList{"recording:0", "recording:2"} << QString();
        QTest::newRow("a name for a fleet") << QStringList{"witty", "fleet=x"} << "names one machine";
    }
    void refusals()
    {
        QFETCH(QStringList, files);
        QFETCH(QString, error);
        std::vector<MergeInput> inputs;
        for (const QString& file : files) {
            MergeInput input;
            const QString what = file.section(QLatin1Char('='), 0, 0);
            input.name = file.section(QLatin1Char('='), 1);
            if (what.startsWith(QLatin1String("recording:")))
                input.path = m_recordings[what.section(QLatin1Char(':'), 1).toInt()];
            else if (what == QLatin1String("witty"))
                input.path = witty();
            input.capture = test::loadCapture(input.path);
            if (what == QLatin1String("fleet")) {
                std::vector<MergeInput> two{{m_recordings[0], {}, test::loadCapture(m_recordings[0])},
                                            {m_recordings[1], {}, test::loadCapture(m_recordings[1])}};
                input.path = QStringLiteral("fleet.numasight");
                input.capture = *mergeCaptures(two);
            }
            QVERIFY(input.capture);
            inputs.push_back(std::move(input));
        }
        const auto merged = mergeCaptures(inputs);
        if (error.isEmpty()) {
            QVERIFY2(merged.ok(), qPrintable(merged ? QString() : merged.error().toString()));
            QCOMPARE((*merged)->hosts.size(), inputs.size());
            return;
        }
        QVERIFY(!merged.ok());
        QVERIFY2(merged.error().message.contains(error), qPrintable(merged.error().toString()));
        QCOMPARE(merged.error().file, inputs.back().path); // the later file is the one refused
    }

    // Older schema versions are upgraded: a version 1 capture and a version 2 recording merge into a
    // version 3 fleet.
    void oldSchemaVersions()
    {
        const QString v2 = test::makeRecording(m_dir.filePath(QStringLiteral("v2.numasight")));
        QVERIFY(!v2.isEmpty());
        const CapturePtr old = test::loadCapture(v2);
        QVERIFY(old);
        std::vector<MergeInput> inputs{{v2, QStringLiteral("old"), old},
                                       {m_recordings[1], {}, test::loadCapture(m_recordings[1])}};
        const auto merged = mergeCaptures(inputs);
        QVERIFY(merged.ok());
        const QString out = m_dir.filePath(QStringLiteral("upgraded.numasight"));
        QVERIFY(!writeCaptureFile(**merged, out));
        const auto read = readCaptureFile(out);
        QVERIFY(read.ok());
        QCOMPARE((*read)->hosts.size(), size_t(2));
        const QString diff = captureDiff(*scopeToHost(**read, (*read)->hosts[0]), *old);
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
    }

    // A witty attach of several servers is a fleet without a merge: one host per namespace.
    void attachedServersAreHosts()
    {
        const CapturePtr graph = test::loadCapture(witty());
        QVERIFY(graph);
        const SnapshotPtr parts[] = {
            withHostNamespace(*graph->snapshots.front(), QStringLiteral("10.0.0.1")),
            withHostNamespace(*graph->snapshots.front(), QStringLiteral("10.0.0.2"))};
        Capture attach;
        attach.source = graph->source;
        attach.source.extra.insert(QStringLiteral("10.0.0.2.hostname"), QStringLiteral("npu-two"));
        attach.snapshots.push_back(mergeSnapshots(parts, QDateTime(), QString()));
        const std::vector<CaptureHost> hosts = captureHosts(attach);
        QCOMPARE(hosts.size(), size_t(2));
        QCOMPARE(hosts[0].name, QStringLiteral("10.0.0.1"));
        QCOMPARE(hosts[1].name, QStringLiteral("npu-two"));
        QCOMPARE(findHost(hosts, u"npu-two"), 1);
        QCOMPARE(findHost(hosts, u"10.0.0.1"), 0);
        QCOMPARE(findHost(hosts, u"1"), 1);
        QCOMPARE(findHost(hosts, u"nowhere"), -1);
        const CapturePtr one = scopeToHost(attach, hosts[1]);
        QCOMPARE(one->snapshots.size(), size_t(1));
        QCOMPARE(one->snapshots.front()->entities().size(), graph->snapshots.front()->entities().size());
        QCOMPARE(one->snapshots.front()->edges().size(), graph->snapshots.front()->edges().size());
        // One machine is no fleet.
        QVERIFY(captureHosts(*graph).empty());
    }
};

QTEST_GUILESS_MAIN(TestFleet)
#include "tst_fleet.moc"
