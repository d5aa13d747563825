// SPDX-License-Identifier: GPL-3.0-or-later
// The advisor: the witty fixture's tensor-parallel workers are found away from their NPUs and sent back to
// them; relaunch commands survive hostile command lines when a real sh runs them; inputs without a workload
// give no suggestion and say why.
#include "advice/advice.h"
#include "readers/hwloc_reader.h"
#include "readers/witty_json_reader.h"
#include "support/entity_factory.h"

#include <QFile>
#include <QJsonArray>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <functional>

using namespace numasight;
using numasight::test::makeEntity;

Q_DECLARE_METATYPE(std::vector<int>)
Q_DECLARE_METATYPE(std::vector<numasight::Finding>)

namespace {

std::vector<int> osIndexes(const std::vector<NodeId>& nodes)
{
    std::vector<int> out;
    for (NodeId n : nodes)
        out.push_back(n.value);
    return out;
}

const Finding* findingOf(const Advice& a, QStringView kind, std::int64_t pid)
{
    for (const Finding& f : a.findings)
        if (f.kind == kind && f.pid == pid)
            return &f;
    return nullptr;
}

const Suggestion* suggestionOf(const Advice& a, std::int64_t pid)
{
    for (const Suggestion& s : a.suggestions)
        if (s.pid == pid)
            return &s;
    return nullptr;
}

// Runs `command` with sh, a stub numactl first in PATH that writes its argv NUL-separated to a file, and HOME
// pointing into `dir` (should quoting ever fail, '~' is nobody's real home). Returns the bytes the stub
// wrote, or sets `error`.
QByteArray runUnderStub(const QString& command, const QTemporaryDir& dir, QString* error)
{
    const QString out = dir.filePath(QStringLiteral("argv.bin"));
    const QString stub = dir.filePath(QStringLiteral("numactl"));
    QFile::remove(out);
    {
        QFile f(stub);
        if (!f.open(QIODevice::WriteOnly)) {
            *error = QStringLiteral("cannot write the stub");
            return {};
        }
        f.write("#!/bin/sh\nfor a in \"$@\"; do printf '%s\\0' \"$a\"; done > \"$NUMACTL_OUT\"\n");
    }
    QFile::setPermissions(stub, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);

    QProcess check;
    check.start(QStringLiteral("sh"), {QStringLiteral("-n"), QStringLiteral("-c"), command});
    if (!check.waitForFinished(10000) || check.exitCode() != 0) {
        *error =
            QStringLiteral("sh -n refused: ") + QString::fromUtf8(check.readAllStandardError()) + command;
        return {};
    }
    QProcess run;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("PATH"), dir.path() + QStringLiteral(":/usr/bin:/bin"));
    env.insert(QStringLiteral("NUMACTL_OUT"), out);
    env.insert(QStringLiteral("HOME"), dir.filePath(QStringLiteral("home")));
    env.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8"));
    run.setProcessEnvironment(env);
    run.setWorkingDirectory(dir.path());
    run.start(QStringLiteral("sh"), {QStringLiteral("-c"), command});
    if (!run.waitForFinished(10000) || run.exitCode() != 0) {
        *error = QStringLiteral("sh failed: ") + QString::fromUtf8(run.readAllStandardError());
        return {};
    }
    QFile f(out);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("the stub numactl did not run");
        return {};
    }
    return f.readAll();
}

QByteArray nulJoined(const QStringList& argv)
{
    QByteArray b;
    for (const QString& a : argv)
        b += a.toUtf8() + '\0';
    return b;
}

} // namespace

class TestAdvice : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void tensorParallelWorkers_data();
    void tensorParallelWorkers();
    void tensorParallelGroup();
    void predictionImproves();
    void adviceJsonShape();
    void splitCmdline_data();
    void splitCmdline();
    void quoting_data();
    void quoting();
    void unsafePids_data();
    void unsafePids();
    void controlCharacters();
    void noWorkload_data();
    void noWorkload();
    void recording_data();
    void recording();
    void capacity_data();
    void capacity();
    void threadRoles_data();
    void threadRoles();
    void threadGroups_data();
    void threadGroups();
    void findingGroups_data();
    void findingGroups();
    void fixtureFindingsNamed();

private:
    CapturePtr m_capture;
    AdvicePtr m_advice;
};

void TestAdvice::initTestCase()
{
    auto loaded = readWittyJsonFile(QStringLiteral(NUMASIGHT_FIXTURES "/witty-profiler/graph.json"));
    QVERIFY2(loaded.ok(), loaded.ok() ? "" : qPrintable(loaded.error().toString()));
    m_capture = loaded.value();
    m_advice = advise(*m_capture);
    QVERIFY(m_advice);
}

void TestAdvice::tensorParallelWorkers_data()
{
    QTest::addColumn<qint64>("pid");
    QTest::addColumn<int>("deviceNode");
    QTest::addColumn<QString>("cpus");
    QTest::addColumn<double>("similarity");
    QTest::addColumn<QString>("container");
    // Truth from docs/witty-profiler-format.md: NPU0,1 -> node 6; NPU2,3 -> node 4; witty's stored
    // similarities of the four workers.
    QTest::newRow("1895087 NPU0") << qint64(1895087) << 6 << "144-167" << 0.059 << "docker-cac9af6aa1ee";
    QTest::newRow("1895088 NPU1") << qint64(1895088) << 6 << "144-167" << 0.098 << "docker-cac9af6aa1ee";
    QTest::newRow("1895089 NPU2") << qint64(1895089) << 4 << "96-119" << 0.562 << "docker-cac9af6aa1ee";
    QTest::newRow("1895090 NPU3") << qint64(1895090) << 4 << "96-119" << 0.086 << "docker-cac9af6aa1ee";
}

void TestAdvice::tensorParallelWorkers()
{
    QFETCH(qint64, pid);
    QFETCH(int, deviceNode);
    QFETCH(QString, cpus);
    QFETCH(double, similarity);
    QFETCH(QString, container);
    const Advice& a = *m_advice;

    const Finding* away = findingOf(a, u"accelerator-away", pid);
    QVERIFY2(away, "worker not flagged as running away from its NPU");
    QCOMPARE(away->severity, Severity::Critical);
    QCOMPARE(away->numbers.value(QStringLiteral("device_node")), double(deviceNode));
    QVERIFY(away->numbers.value(QStringLiteral("cpu_node")) != double(deviceNode));

    const Locality* loc = nullptr;
    for (const Locality& l : a.processes)
        if (l.pid == pid)
            loc = &l;
    QVERIFY(loc);
    QVERIFY2(std::abs(loc->wittySimilarity - similarity) < 0.0005,
             qPrintable(QString::number(loc->wittySimilarity, 'g', 10)));
    QVERIFY(loc->cosine >= 0 && loc->cosine <= 1);
    QVERIFY(loc->expectedDistance >= 1.0);

    const Suggestion* s = suggestionOf(a, pid);
    QVERIFY2(s, "no suggestion for the worker");
    QCOMPARE(osIndexes(s->targetNodes), std::vector<int>{deviceNode});
    QCOMPARE(s->cpus, cpus);
    QVERIFY2(
        s->relaunch.startsWith(QStringLiteral("numactl --cpunodebind=%1 --membind=%1 -- ").arg(deviceNode)),
        qPrintable(s->relaunch));
    QVERIFY(s->live.contains(QStringLiteral("taskset -a -cp %1 %2").arg(cpus).arg(pid)));
    bool migrate = false;
    for (const QString& l : s->live)
        migrate = migrate || (l.startsWith(QStringLiteral("migratepages %1 ").arg(pid)) &&
                              l.endsWith(QStringLiteral(" %1").arg(deviceNode)));
    QVERIFY2(migrate, qPrintable(s->live.join(QLatin1Char('|'))));
    // One container holds all four workers and the API server (node 1) and their parent (node 3): its cpuset
    // must allow both target nodes and keep the nodes those two use now.
    QCOMPARE(s->docker,
             QStringLiteral("docker update --cpuset-cpus 24-47,72-119,144-167 --cpuset-mems 1,3-4,6 -- %1")
                 .arg(container));
    QVERIFY(!s->notes.filter(QStringLiteral("1894499")).isEmpty());
    QVERIFY(s->systemd.contains(QStringLiteral("CPUAffinity=%1\n").arg(cpus)));
    QVERIFY(s->systemd.contains(QStringLiteral("NUMAMask=%1\n").arg(deviceNode)));
    QVERIFY(s->reason.contains(QStringLiteral("node %1").arg(deviceNode)));
    // witty keeps cmdlines space-joined: the relaunch must say it may have split an argument.
    QVERIFY(!s->notes.filter(QStringLiteral("space-joined")).isEmpty());
}

void TestAdvice::tensorParallelGroup()
{
    const Finding* g = findingOf(*m_advice, u"tensor-parallel-group", 1894856);
    QVERIFY(g);
    QCOMPARE(g->numbers.value(QStringLiteral("workers")), 4.0);
    QCOMPARE(g->numbers.value(QStringLiteral("workers_away_from_device")), 4.0);
    // The parent and the API server own no accelerator: never advised to move onto an NPU's node for it.
    for (const Finding& f : m_advice->findings)
        if (f.kind == QLatin1StringView("accelerator-away"))
            QVERIFY(f.pid >= 1895087 && f.pid <= 1895090);
}

void TestAdvice::predictionImproves()
{
    QVERIFY(!m_advice->suggestions.empty());
    for (const Suggestion& s : m_advice->suggestions) {
        QVERIFY(!s.assumptions.isEmpty());
        if (s.targetNodes.size() == 1) {
            QCOMPARE(s.after.remoteShare, 0.0);
            QCOMPARE(s.after.expectedDistance, 1.0);
            QVERIFY(std::abs(s.after.similarity - 1.0) < 1e-9);
        }
        QVERIFY2(s.after.remoteShare <= s.before.remoteShare, qPrintable(QString::number(s.pid)));
    }
}

void TestAdvice::adviceJsonShape()
{
    const QJsonObject j = adviceJson(*m_advice);
    const QJsonArray findings = j.value(QStringLiteral("findings")).toArray();
    QCOMPARE(qsizetype(findings.size()), qsizetype(m_advice->findings.size()));
    for (const QJsonValue& v : findings) {
        const QJsonObject f = v.toObject();
        QVERIFY(QStringList({"info", "warning", "critical"})
                    .contains(f.value(QStringLiteral("severity")).toString()));
        QVERIFY(!f.value(QStringLiteral("kind")).toString().isEmpty());
        QVERIFY(!f.value(QStringLiteral("message")).toString().isEmpty());
        QVERIFY(f.value(QStringLiteral("numbers")).isObject());
    }
    bool seen = false;
    for (const QJsonValue& v : j.value(QStringLiteral("suggestions")).toArray()) {
        const QJsonObject s = v.toObject();
        if (s.value(QStringLiteral("pid")).toInteger() != 1895089)
            continue;
        seen = true;
        QCOMPARE(s.value(QStringLiteral("target_nodes")).toArray(), QJsonArray{4});
        QCOMPARE(s.value(QStringLiteral("cpus")).toString(), QStringLiteral("96-119"));
        const QJsonObject c = s.value(QStringLiteral("commands")).toObject();
        QVERIFY(c.value(QStringLiteral("relaunch")).toString().startsWith(QStringLiteral("numactl ")));
        QVERIFY(c.value(QStringLiteral("live")).isArray());
        QVERIFY(c.contains(QStringLiteral("docker")));
        QVERIFY(c.value(QStringLiteral("systemd")).toString().contains(QStringLiteral("NUMAPolicy=bind")));
        const QJsonObject p = s.value(QStringLiteral("predicted")).toObject();
        QVERIFY(
            p.value(QStringLiteral("before"))
                .toObject()
                .value(QStringLiteral("witty_similarity"))
                .toDouble() <
            p.value(QStringLiteral("after")).toObject().value(QStringLiteral("witty_similarity")).toDouble());
    }
    QVERIFY(seen);
    QVERIFY(adviceText(*m_advice).contains(QStringLiteral("pid 1895089 (python3) → node 4, CPUs 96-119")));
}

void TestAdvice::splitCmdline_data()
{
    QTest::addColumn<QString>("cmdline");
    QTest::addColumn<QStringList>("argv");
    QTest::addColumn<bool>("lossy");
    QTest::newRow("NUL-separated, trailing NUL") << QString::fromLatin1("python3\0-c\0print(1)\0", 20)
                                                 << QStringList{"python3", "-c", "print(1)"} << false;
    QTest::newRow("NUL-separated, empty and spaced args")
        << QString::fromLatin1("prog\0\0a b\0", 10) << QStringList{"prog", "", "a b"} << false;
    QTest::newRow("space-joined (witty)") << QStringLiteral("/usr/bin/dockerd --live-restore")
                                          << QStringList{"/usr/bin/dockerd", "--live-restore"} << true;
    QTest::newRow("one word") << QStringLiteral("bash") << QStringList{"bash"} << false;
    QTest::newRow("space-joined with the terminator as a space")
        << QStringLiteral("bash -l ") << QStringList{"bash", "-l"} << true;
    QTest::newRow("empty") << QString() << QStringList{} << false;
}

void TestAdvice::splitCmdline()
{
    QFETCH(QString, cmdline);
    QFETCH(QStringList, argv);
    QFETCH(bool, lossy);
    bool wasLossy = !lossy;
    QCOMPARE(numasight::splitCmdline(cmdline, &wasLossy), argv);
    QCOMPARE(wasLossy, lossy);
}

void TestAdvice::quoting_data()
{
    QTest::addColumn<QStringList>("argv");
    // PWNED is replaced by a path unique to the run; if quoting ever failed, the command substitution would
    // create it.
    const QString hostile = QStringLiteral("$(touch PWNED); rm -rf ~ 'quote' \"dq\"");
    QTest::newRow("hostile as one argument") << QStringList{"python3", hostile};
    QTest::newRow("hostile split in words") << hostile.split(QLatin1Char(' '));
    QTest::newRow("hostile as argv[0]") << QStringList{hostile, "x"};
    QTest::newRow("backticks and variables")
        << QStringList{"sh", "`touch PWNED`", "$HOME", "${IFS}", "$((1+1))"};
    QTest::newRow("newlines") << QStringList{"prog", "line1\nline2", "\n", "a\n; touch PWNED"};
    QTest::newRow("empty args") << QStringList{"prog", "", "x", ""};
    QTest::newRow("unicode") << QStringList{"prog", "Grüße", "数据", "emoji 🙂", "é'é"};
    QTest::newRow("backslashes") << QStringList{"prog", "\\", "a\\'b", "\\\\n", "'\\''"};
    QTest::newRow("quotes only") << QStringList{"'", "\"", "''", "'\"'"};
    QTest::newRow("globs and operators") << QStringList{"prog", "*",  "?",  "[a]", "a|b", "a&b",   "a;b",
                                                        ">x",   "<y", "#c", "~",   "!x",  "{a,b}", "-"};
    QTest::newRow("leading dash") << QStringList{"--help", "-x"};
    QTest::newRow("plain") << QStringList{"/usr/bin/python3", "-m", "vllm.serve", "--tp=4", "a,b:c@d%e+f"};
}

void TestAdvice::quoting()
{
    QFETCH(QStringList, argv);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString pwned = QStringLiteral("/tmp/pwned-%1-%2")
                              .arg(QCoreApplication::applicationPid())
                              .arg(QTest::currentDataTag());
    const QString pwnedPath = QString(pwned).replace(QLatin1Char(' '), QLatin1Char('_'));
    for (QString& a : argv)
        a.replace(QStringLiteral("PWNED"), pwnedPath);
    QFile::remove(pwnedPath);

    const std::vector<NodeId> nodes{NodeId(6)};
    QString error;
    const QByteArray got = runUnderStub(relaunchCommand(argv, nodes), dir, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(got, nulJoined(QStringList{"--cpunodebind=6", "--membind=6", "--"} + argv));
    QVERIFY2(!QFile::exists(pwnedPath), "the command line ran as shell code");
    QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("x"))));
    QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("y"))));
}

namespace {

// The witty fixture with `edit` applied to its text, read and advised on.
AdvicePtr adviseOnEdited(const std::function<QByteArray(QByteArray)>& edit, QString* error)
{
    QFile f(QStringLiteral(NUMASIGHT_FIXTURES "/witty-profiler/graph.json"));
    if (!f.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot read the fixture");
        return nullptr;
    }
    auto loaded = readWittyJson(edit(f.readAll()), QStringLiteral("edited.json"));
    if (!loaded) {
        *error = loaded.error().toString();
        return nullptr;
    }
    return advise(*loaded.value());
}

QByteArray replacedNumber(QByteArray text, const QByteArray& from, const QByteArray& to)
{
    return QString::fromUtf8(text)
        .replace(QRegularExpression(QStringLiteral("\\b%1\\b").arg(QString::fromUtf8(from))),
                 QString::fromUtf8(to))
        .toUtf8();
}

// Any character a terminal acts on, other than the line breaks of the report itself.
bool hasRawControls(const QString& text)
{
    for (QChar c : text) {
        const char16_t u = c.unicode();
        if ((u < 0x20 && u != u'\n') || u == 0x7f || (u >= 0x80 && u <= 0x9f))
            return true;
    }
    return false;
}

} // namespace

void TestAdvice::unsafePids_data()
{
    QTest::addColumn<QByteArray>("from"); // a worker's pid in the fixture
    QTest::addColumn<QByteArray>("to");
    QTest::newRow("pid 1") << QByteArray("1895087") << QByteArray("1");
    QTest::newRow("pid 0") << QByteArray("1895088") << QByteArray("0");
}

void TestAdvice::unsafePids()
{
    QFETCH(QByteArray, from);
    QFETCH(QByteArray, to);
    QString error;
    const AdvicePtr a =
        adviseOnEdited([&](const QByteArray& text) { return replacedNumber(text, from, to); }, &error);
    QVERIFY2(a, qPrintable(error));
    const Suggestion* s = suggestionOf(*a, to.toLongLong());
    QVERIFY2(s, "the worker is still advised on");
    QVERIFY2(s->live.isEmpty(), qPrintable(s->live.join(QLatin1Char('|'))));
    for (const ThreadGroup& g : s->threadGroups)
        QVERIFY2(g.live.isEmpty(), qPrintable(g.live.join(QLatin1Char('|'))));
    QVERIFY2(!s->notes.filter(QStringLiteral("no live command")).isEmpty(),
             qPrintable(s->notes.join(QLatin1Char('|'))));
    QVERIFY(!s->relaunch.isEmpty()); // relaunching names no pid
    // The other workers keep theirs, and no command anywhere names pid 0 or 1.
    const Suggestion* other = suggestionOf(*a, 1895090);
    QVERIFY(other && !other->live.isEmpty());
    const QRegularExpression unsafe(QStringLiteral("^(taskset .* |migratepages )(0|1|-\\d+)( |$)"));
    for (const Suggestion& x : a->suggestions) {
        QStringList commands = x.live;
        for (const ThreadGroup& g : x.threadGroups)
            commands << g.live;
        for (const QString& c : commands)
            QVERIFY2(!unsafe.match(c).hasMatch(), qPrintable(c));
    }
}

void TestAdvice::controlCharacters()
{
    // A container named like a docker option, a worker whose command line sets the terminal's title, rings
    // and returns to the start of the line to overwrite what was printed.
    QString error;
    const AdvicePtr a = adviseOnEdited(
        [](QByteArray text) {
            return text.replace("docker-cac9af6aa1ee", "--restart=always")
                .replace("spawn_main(tracker_fd=25",
                         "spawn_main(\\u001b]0;owned\\u0007\\r\\u001b[2K\\u009btracker_fd=25");
        },
        &error);
    QVERIFY2(a, qPrintable(error));
    const Suggestion* s = suggestionOf(*a, 1895087);
    QVERIFY(s);
    QVERIFY2(s->docker.endsWith(QStringLiteral(" -- '--restart=always'")), qPrintable(s->docker));
    // The command itself is exact (--json gives it as it must run) …
    QVERIFY(s->relaunch.contains(QStringLiteral("\x1b]0;owned\a\r\x1b[2K")));
    // … and the text report shows it escaped, says so, and prints no control character at all.
    const QString text = adviceText(*a);
    QVERIFY(!hasRawControls(text));
    QVERIFY2(text.contains(QStringLiteral("spawn_main(\\e]0;owned\\a\\r\\e[2K\\u009btracker_fd=25")),
             qPrintable(text.mid(text.indexOf(QStringLiteral("spawn_main")), 80)));
    QVERIFY(text.contains(QStringLiteral("shown escaped")));
    QVERIFY(text.contains(QStringLiteral("docker update --cpuset-cpus")));
}

void TestAdvice::noWorkload_data()
{
    QTest::addColumn<QString>("file");
    QTest::newRow("empty snapshot") << QString();
    QTest::newRow("hwloc topology") << QStringLiteral(NUMASIGHT_FIXTURES "/hwloc/16em64t-4s2c2t.xml");
    QTest::newRow("hwloc with PCI") << QStringLiteral(NUMASIGHT_FIXTURES "/hwloc/96em64t-4n4d3ca2co-pci.xml");
}

void TestAdvice::noWorkload()
{
    QFETCH(QString, file);
    AdvicePtr a;
    if (file.isEmpty()) {
        SnapshotBuilder b;
        a = advise(*b.finish());
    } else {
        const auto loaded = readHwlocXmlFile(file);
        QVERIFY2(loaded.ok(), loaded.ok() ? "" : qPrintable(loaded.error().toString()));
        a = advise(**loaded);
    }
    QVERIFY(a);
    QVERIFY(a->suggestions.empty());
    QCOMPARE(a->findings.size(), size_t(1));
    QCOMPARE(a->findings.front().kind, QStringLiteral("no-processes"));
    QVERIFY(a->findings.front().message.contains(QStringLiteral("nothing to advise")));
    QVERIFY(adviceText(*a).contains(QStringLiteral("none")));

    Capture empty;
    QVERIFY(!advise(empty)); // no snapshot at all: nothing to build on
}

void TestAdvice::recording_data()
{
    QTest::addColumn<double>("cpuShare");       // of one CPU, on node 0
    QTest::addColumn<double>("switchesPerSec"); // voluntary
    QTest::addColumn<int>("balancing");
    QTest::addColumn<int>("score");
    QTest::addColumn<QString>("grade");
    QTest::addColumn<QString>("bottleneck");
    QTest::addColumn<bool>("balancingFinding");
    // Memory is always on node 1 while the thread runs on node 0: remote share 1 (+2).
    QTest::newRow("busy, switching, remote") << 0.9 << 6000.0 << 1 << 5 << "severe"
                                             << "numa" << true;
    QTest::newRow("busy, remote") << 0.95 << 10.0 << 1 << 4 << "moderate"
                                  << "numa" << true;
    QTest::newRow("idle, remote, balancing off") << 0.1 << 10.0 << 0 << 2 << "mild"
                                                 << "numa" << false;
    QTest::newRow("balancing unknown") << 0.5 << 7000.0 << -1 << 3 << "moderate"
                                       << "numa" << false;
}

// A two-node recording built by hand: one process bound to CPU 0 (node 0) with its pages on node 1.
void TestAdvice::recording()
{
    QFETCH(double, cpuShare);
    QFETCH(double, switchesPerSec);
    QFETCH(int, balancing);
    QFETCH(int, score);
    QFETCH(QString, grade);
    QFETCH(QString, bottleneck);
    QFETCH(bool, balancingFinding);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString pwned = QStringLiteral("/tmp/pwned-%1-rec").arg(QCoreApplication::applicationPid());
    const QStringList argv{"python3", "$(touch " + pwned + "); rm -rf ~ 'quote' \"dq\"", "", "a\nb", "\\"};

    SnapshotBuilder b;
    std::vector<EntityId> nodeIds;
    for (int n = 0; n < 2; ++n) {
        Entity node = makeEntity(EntityKind::NumaNode, QString::number(n));
        node.osIndex = node.logicalIndex = n;
        node.cpus = CpuSet::range(2 * n, 2 * n + 1);
        node.detail->memoryBytes = 8ull << 30;
        node.detail->memoryFreeBytes = 4ull << 30;
        nodeIds.push_back(b.add(node));
    }
    b.addDistances(DistanceMatrix{
        QStringLiteral("NUMALatency"), QStringLiteral("relative"), true, nodeIds, {10, 21, 21, 10}});
    b.addDistances(DistanceMatrix{
        QStringLiteral("NumasightLatency"), QStringLiteral("ns"), false, nodeIds, {90, 150, 150, 90}});
    Entity proc = makeEntity(EntityKind::Process, QStringLiteral("100"), QStringLiteral("python3"));
    proc.pid = 100;
    proc.detail->cmdline = argv.join(QChar(0)) + QChar(0); // as /proc/<pid>/cmdline
    const EntityId pid = b.add(proc);
    Entity thread = makeEntity(EntityKind::Thread, QStringLiteral("101"), QStringLiteral("VllmWorker"));
    thread.pid = 100;
    thread.tid = 101;
    thread.parent = pid;
    thread.cpus = CpuSet{0};
    b.add(thread);
    const auto snapshot = b.finish();

    std::vector<SamplePtr> samples;
    for (int i = 0; i < 2; ++i) {
        auto sample = std::make_shared<Sample>();
        sample->timeNs = 1'700'000'000'000'000'000 + i * 1'000'000'000LL;
        sample->intervalNs = i == 0 ? 0 : 1'000'000'000;
        sample->numaBalancing = balancing;
        ThreadCpuSample t;
        t.pid = 100;
        t.tid = 101;
        t.comm = QStringLiteral("VllmWorker");
        t.cpuNs = i == 0 ? 0 : std::uint64_t(cpuShare * 1e9);
        if (t.cpuNs > 0)
            t.cpuNsByCpu = {{0, t.cpuNs}};
        t.voluntarySwitchesPerSec = i == 0 ? 0 : switchesPerSec;
        t.cpusAllowed = CpuSet{0};
        t.memsAllowed = NodeSet{0, 1};
        t.mode = CollectionMode::Ebpf;
        sample->threads.push_back(t);
        ProcessMemorySample m;
        m.pid = 100;
        m.nodes.push_back(NodePages{1, 1000, 1000, 1000, 0, 0, 1000 * 4096});
        sample->processes.push_back(m);
        samples.push_back(sample);
    }
    const AdvicePtr a = advise(*snapshot, samples);
    QVERIFY(a);

    // All CPU time on node 0, every page on node 1: each access is one remote hop.
    QCOMPARE(a->processes.size(), size_t(1));
    QCOMPARE(a->processes.front().expectedDistance, 2.1);
    QCOMPARE(a->processes.front().expectedNs, 150.0);
    QCOMPARE(a->processes.front().cpuNode, NodeId(0));
    QCOMPARE(a->processes.front().memoryNode, NodeId(1));

    QCOMPARE(a->hotThreads.size(), size_t(1));
    const HotThread& h = a->hotThreads.front();
    QCOMPARE(h.tid, 101);
    QCOMPARE(h.role, QStringLiteral("compute"));
    QVERIFY(std::abs(h.cpuPercent - cpuShare * 100) < 1e-6);
    QCOMPARE(h.switchesPerSec, switchesPerSec);
    QCOMPARE(h.remoteShare, 1.0);
    QCOMPARE(h.score, score);
    QCOMPARE(h.grade, grade);
    QCOMPARE(h.bottleneck, bottleneck);
    QCOMPARE(findingOf(*a, u"hot-thread", 100) != nullptr, score >= 3);
    QCOMPARE(findingOf(*a, u"numa-balancing-with-binding", -1) != nullptr, balancingFinding);

    // No accelerator: the memory's node wins, and the NUL-separated argv goes through sh unchanged.
    const Suggestion* s = suggestionOf(*a, 100);
    QVERIFY(s);
    QCOMPARE(osIndexes(s->targetNodes), std::vector<int>{1});
    QCOMPARE(s->cpus, QStringLiteral("2-3"));
    QVERIFY(s->notes.filter(QStringLiteral("space-joined")).isEmpty());
    QVERIFY(s->live.filter(QStringLiteral("migratepages")).isEmpty()); // every page is already there
    QFile::remove(pwned);
    QString error;
    const QByteArray got = runUnderStub(s->relaunch, dir, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(got, nulJoined(QStringList{"--cpunodebind=1", "--membind=1", "--"} + argv));
    QVERIFY2(!QFile::exists(pwned), "the command line ran as shell code");
}

void TestAdvice::capacity_data()
{
    QTest::addColumn<double>("demandA"); // busy CPUs of each process over the window
    QTest::addColumn<double>("demandB");
    QTest::addColumn<double>("freeGiB"); // free memory of each node
    // Targets of the busier process (placed first) and of the other.
    QTest::addColumn<std::vector<int>>("targetsA");
    QTest::addColumn<std::vector<int>>("targetsB");
    // Node 0 holds the GPU and 2 CPUs; both processes run and keep their memory (1 GiB each) on node 1.
    QTest::newRow("both fit on the GPU node")
        << 0.8 << 0.9 << 8.0 << std::vector<int>{0} << std::vector<int>{0};
    QTest::newRow("second widened around the GPU node")
        << 1.5 << 1.2 << 8.0 << std::vector<int>{0} << std::vector<int>{0, 1};
    QTest::newRow("GPU node too small for the first: widened, the second fits beside it")
        << 2.5 << 0.5 << 8.0 << std::vector<int>{0, 1} << std::vector<int>{0};
    QTest::newRow("no free memory for the second on the GPU node")
        << 0.5 << 0.5 << 1.5 << std::vector<int>{0} << std::vector<int>{0, 1};
    QTest::newRow("both widened") << 1.9 << 7.0 << 8.0 << std::vector<int>{0, 1} << std::vector<int>{0, 1};
}

// Placement honours CPUs and free memory already promised to earlier (busier) suggestions.
void TestAdvice::capacity()
{
    QFETCH(double, demandA);
    QFETCH(double, demandB);
    QFETCH(double, freeGiB);
    QFETCH(std::vector<int>, targetsA);
    QFETCH(std::vector<int>, targetsB);

    SnapshotBuilder b;
    for (int n = 0; n < 2; ++n) {
        Entity node = makeEntity(EntityKind::NumaNode, QString::number(n));
        node.osIndex = node.logicalIndex = n;
        node.cpus = n == 0 ? CpuSet::range(0, 1) : CpuSet::range(2, 9);
        node.detail->memoryBytes = 64ull << 30;
        node.detail->memoryFreeBytes = std::uint64_t(freeGiB * double(1ull << 30));
        b.add(node);
    }
    Entity gpu = makeEntity(EntityKind::Accelerator, QStringLiteral("0000:01:00.0"), QStringLiteral("GPU0"));
    gpu.deviceClass = DeviceClass::Gpu;
    gpu.numaNode = NodeId(0);
    const EntityId gpuId = b.add(gpu);
    const std::int64_t pids[] = {200, 300};
    for (std::int64_t pid : pids) {
        Entity proc = makeEntity(EntityKind::Process, QString::number(pid), QStringLiteral("trainer"));
        proc.pid = pid;
        proc.detail->cmdline = QStringLiteral("trainer");
        Edge access;
        access.kind = EdgeKind::Access;
        access.typeName = edgeKindName(EdgeKind::Access);
        access.source = b.add(proc);
        access.target = gpuId;
        b.addEdge(access);
    }
    const auto snapshot = b.finish();

    auto sample = std::make_shared<Sample>();
    sample->intervalNs = 1'000'000'000;
    sample->timeNs = 1'700'000'000'000'000'000;
    const double demand[] = {demandA, demandB};
    for (int i = 0; i < 2; ++i) {
        ThreadCpuSample t;
        t.pid = t.tid = pids[i];
        t.comm = QStringLiteral("trainer");
        t.cpuNs = std::uint64_t(demand[i] * 1e9);
        t.cpuNsByCpu = {{4, t.cpuNs}};
        t.mode = CollectionMode::Ebpf;
        sample->threads.push_back(t);
        ProcessMemorySample m;
        m.pid = pids[i];
        const std::uint64_t pages = (1ull << 30) / 4096;
        m.nodes.push_back(NodePages{1, pages, pages, pages, 0, 0, pages * 4096});
        sample->processes.push_back(m);
    }
    const std::vector<SamplePtr> samples{sample};
    const AdvicePtr a = advise(*snapshot, samples);
    QVERIFY(a);
    QVERIFY(findingOf(*a, u"accelerator-away", 200));
    QVERIFY(findingOf(*a, u"accelerator-away", 300));
    const Suggestion* sa = suggestionOf(*a, demandA >= demandB ? 200 : 300);
    const Suggestion* sb = suggestionOf(*a, demandA >= demandB ? 300 : 200);
    QVERIFY(sa && sb);
    QCOMPARE(osIndexes(sa->targetNodes), targetsA);
    QCOMPARE(osIndexes(sb->targetNodes), targetsB);
    QVERIFY(a->suggestions.front().pid == (demandA >= demandB ? 200 : 300)); // the busier is placed first
}

void TestAdvice::threadRoles_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("role");
    QTest::newRow("worker") << "VllmWorker-3"
                            << "compute";
    QTest::newRow("gemm") << "GEMM_pool"
                          << "compute";
    QTest::newRow("hccl") << "hccl_listener"
                          << "communication";
    QTest::newRow("rdma") << "rdma-poll"
                          << "communication";
    QTest::newRow("npu") << "npu_event"
                         << "driver";
    QTest::newRow("cuda") << "cuda-EvtHandlr"
                          << "driver";
    QTest::newRow("dataloader") << "pt_dataloader"
                                << "framework";
    QTest::newRow("python3") << "python3"
                             << "other";
    QTest::newRow("acl_thread") << "acl_thread"
                                << "other";
}

void TestAdvice::threadRoles()
{
    QFETCH(QString, name);
    QFETCH(QString, role);
    QCOMPARE(threadRole(name), role);
}

namespace {

// A finding about one process, as the advisor names it.
Finding findingAbout(Severity severity, const QString& kind, std::int64_t pid, const QString& command,
                     const QString& container = {})
{
    Finding f;
    f.severity = severity;
    f.kind = kind;
    f.pid = pid;
    f.message = QStringLiteral("pid %1").arg(pid);
    f.ns = QStringLiteral("local");
    f.command = command;
    f.container = container;
    return f;
}

} // namespace

// Findings about copies of one worker read as one group; everything else keeps its own row.
void TestAdvice::findingGroups_data()
{
    QTest::addColumn<std::vector<Finding>>("findings"); // in the advisor's order
    QTest::addColumn<QList<int>>("sizes");              // each group's count, in order
    QTest::addColumn<QStringList>("containers");        // each group's container
    QTest::addColumn<QString>("count");                 // findingCountText()

    const auto crit = Severity::Critical, warn = Severity::Warning, info = Severity::Info;
    const QString worker = QStringLiteral("python3 serve.py");
    QTest::newRow("no findings") << std::vector<Finding>{} << QList<int>{} << QStringList{}
                                 << QStringLiteral("no findings");
    QTest::newRow("one process") << std::vector<Finding>{findingAbout(crit, QStringLiteral("locality"), 7,
                                                                      worker)}
                                 << QList<int>{1} << QStringList{QString()} << QStringLiteral("1 finding");
    QTest::newRow("every process in one group")
        << std::vector<Finding>{findingAbout(crit, QStringLiteral("locality"), 7, worker),
                                findingAbout(warn, QStringLiteral("locality"), 8, worker),
                                findingAbout(warn, QStringLiteral("locality"), 9, worker)}
        << QList<int>{3} << QStringList{QString()} << QStringLiteral("3 findings");
    QTest::newRow("kinds and commands apart, info counted")
        << std::vector<Finding>{findingAbout(crit, QStringLiteral("locality"), 7, worker),
                                findingAbout(crit, QStringLiteral("accelerator-away"), 7, worker),
                                findingAbout(warn, QStringLiteral("locality"), 8, QStringLiteral("dockerd")),
                                findingAbout(info, QStringLiteral("locality"), 9, worker)}
        << QList<int>{2, 1, 1} << QStringList{QString(), QString(), QString()}
        << QStringLiteral("4 findings (1 info)");
    QTest::newRow("numbered containers of one service")
        << std::vector<Finding>{findingAbout(crit, QStringLiteral("locality"), 7, worker,
                                             QStringLiteral("vllm-1")),
                                findingAbout(crit, QStringLiteral("locality"), 8, worker,
                                             QStringLiteral("vllm-2")),
                                findingAbout(crit, QStringLiteral("locality"), 9, worker,
                                             QStringLiteral("redis"))}
        << QList<int>{2, 1} << QStringList{QStringLiteral("vllm*"), QStringLiteral("redis")}
        << QStringLiteral("3 findings");
    Finding machine = findingAbout(warn, QStringLiteral("numa-balancing-with-binding"), -1, QString());
    QTest::newRow("machine-wide findings stay alone")
        << std::vector<Finding>{machine, machine} << QList<int>{1, 1} << QStringList{QString(), QString()}
        << QStringLiteral("2 findings");
}

void TestAdvice::findingGroups()
{
    QFETCH(std::vector<Finding>, findings);
    QFETCH(QList<int>, sizes);
    QFETCH(QStringList, containers);
    QFETCH(QString, count);
    Advice advice;
    advice.findings = findings;
    const std::vector<FindingGroup> groups = groupFindings(advice);
    QList<int> got;
    QStringList gotContainers;
    int total = 0;
    for (const FindingGroup& g : groups) {
        got << g.count();
        gotContainers << g.container;
        total += g.count();
        // The worst finding leads, and the group's severity is its.
        QCOMPARE(advice.findings[size_t(g.findings.front())].severity, g.worst);
        for (int i : g.findings)
            QVERIFY(advice.findings[size_t(i)].severity <= g.worst);
    }
    QCOMPARE(got, sizes);
    QCOMPARE(gotContainers, containers);
    QCOMPARE(total, int(findings.size())); // every finding in exactly one group
    QCOMPARE(findingCountText(advice), count);
    // The text prints one line per group (and its pids when it has several); JSON keeps every finding.
    const QString text = adviceText(advice);
    for (const FindingGroup& g : groups) {
        QVERIFY2(text.contains(findingGroupTitle(advice, g)), qPrintable(text));
        if (g.count() > 1)
            QVERIFY2(findingGroupTitle(advice, g).startsWith(
                         QStringLiteral("%1 processes running").arg(g.count())),
                     qPrintable(findingGroupTitle(advice, g)));
    }
    QCOMPARE(adviceJson(advice).value(QStringLiteral("findings")).toArray().size(),
             qsizetype(findings.size()));
}

// The advisor names whom each finding is about, which is what groups them: the fixture's four vLLM workers
// have their own command lines (their pipe handles differ), so each keeps its own rows.
void TestAdvice::fixtureFindingsNamed()
{
    for (const Finding& f : m_advice->findings)
        if (f.pid == 1895087) {
            QVERIFY2(f.command.contains(QStringLiteral("spawn_main(tracker_fd=25, pipe_handle=31)")),
                     qPrintable(f.command));
            QCOMPARE(f.ns, QStringLiteral("local"));
        }
    const std::vector<FindingGroup> groups = groupFindings(*m_advice);
    QCOMPARE(int(groups.size()), int(m_advice->findings.size()));
}

QTEST_GUILESS_MAIN(TestAdvice)
// Each worker's threads fall into three name groups that run on different nodes (written down from the
// fixture's thread edges: docs/witty-profiler-format.md); dockerd's threads share one node, so it gets none.
void TestAdvice::threadGroups_data()
{
    QTest::addColumn<qint64>("pid");
    QTest::addColumn<QString>("cpus");
    QTest::addColumn<QStringList>("groups"); // "name node tid,tid", in the order listed
    QTest::newRow("1895087") << qint64(1895087) << "144-167"
                             << QStringList{"acl_thread 5 1896232", "python3 7 1895087,1896010",
                                            "release_thread 5 1896233"};
    QTest::newRow("1895088") << qint64(1895088) << "144-167"
                             << QStringList{"acl_thread 3 1895530", "python3 1 1895088,1895445",
                                            "release_thread 3 1895531"};
    QTest::newRow("1895089") << qint64(1895089) << "96-119"
                             << QStringList{"acl_thread 3 1895998", "python3 6 1895089,1895778",
                                            "release_thread 5 1895999"};
    QTest::newRow("1895090") << qint64(1895090) << "96-119"
                             << QStringList{"acl_thread 7 1895760", "python3 7 1895090,1895542",
                                            "release_thread 3 1895761"};
    QTest::newRow("dockerd: one node") << qint64(6808) << QString() << QStringList{};
}

void TestAdvice::threadGroups()
{
    QFETCH(qint64, pid);
    QFETCH(QString, cpus);
    QFETCH(QStringList, groups);
    const Suggestion* s = suggestionOf(*m_advice, pid);
    QVERIFY(s);
    QStringList got;
    for (const ThreadGroup& g : s->threadGroups) {
        QStringList tids;
        for (std::int64_t tid : g.tids)
            tids << QString::number(tid);
        got << QStringLiteral("%1 %2 %3").arg(g.name).arg(g.cpuNode.value).arg(tids.join(QLatin1Char(',')));
        QCOMPARE(g.live.size(), qsizetype(g.tids.size()));
        for (size_t i = 0; i < g.tids.size(); ++i)
            QCOMPARE(g.live[qsizetype(i)], QStringLiteral("taskset -cp %1 %2").arg(cpus).arg(g.tids[i]));
        QCOMPARE(g.cpuShareOnTargets, 0.0); // no thread of these workers runs on its NPU's node yet
    }
    QCOMPARE(got, groups);
    const QJsonArray json = adviceJson(*m_advice)
                                .value(QStringLiteral("suggestions"))
                                .toArray()
                                .at(int(s - m_advice->suggestions.data()))
                                .toObject()
                                .value(QStringLiteral("thread_groups"))
                                .toArray();
    QCOMPARE(json.size(), qsizetype(groups.size()));
    if (!groups.isEmpty())
        QCOMPARE(json.at(0).toObject().value(QStringLiteral("tids")).toArray().size(),
                 qsizetype(s->threadGroups.front().tids.size()));
}

#include "tst_advice.moc"
