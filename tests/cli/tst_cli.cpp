// SPDX-License-Identifier: GPL-3.0-or-later
// Runs the real numasight-cli binary, as a user would, and checks its output, exit codes and files.
#include "support/test_process.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>
#include <QSize>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using namespace numasight::test;

namespace {
const QString kWitty = QStringLiteral(NUMASIGHT_FIXTURES "/witty-profiler/graph.json");
const QString kHwloc = QStringLiteral(NUMASIGHT_FIXTURES "/hwloc/");

ProcessRun cli(const QStringList& args)
{
    return runProcess(QStringLiteral(NUMASIGHT_CLI), args);
}

// A command line written as one string and split at its spaces (no argument of these tests has one):
// "$witty" is the witty fixture, "$hwloc/" the folder of the hwloc ones. An "@" is left for
// TestCli::inDir() to turn into the test's folder.
QStringList words(const char* line)
{
    QStringList out = QString::fromUtf8(line).split(QLatin1Char(' '), Qt::SkipEmptyParts);
    for (QString& w : out) {
        w.replace(QLatin1String("$witty"), kWitty);
        w.replace(QLatin1String("$hwloc/"), kHwloc);
    }
    return out;
}

QJsonObject infoJson(const QString& file)
{
    const ProcessRun r = cli({QStringLiteral("info"), file, QStringLiteral("--json")});
    if (r.exitCode != 0)
        qWarning() << "info failed:" << r.err;
    return QJsonDocument::fromJson(r.out).object();
}

QString rowString(const QJsonValue& v)
{
    QStringList parts;
    for (const QJsonValue& x : v.toArray())
        parts << QString::number(x.toInteger());
    return parts.join(QLatin1Char(' '));
}

// The width and height in a PNG's header; invalid when the file cannot be read.
QSize pngSize(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QByteArray head = f.read(24); // signature, IHDR length and type, then width and height
    if (head.size() != 24)
        return {};
    auto be32 = [&head](int at) {
        return int((uchar(head[at]) << 24) | (uchar(head[at + 1]) << 16) | (uchar(head[at + 2]) << 8) |
                   uchar(head[at + 3]));
    };
    return QSize(be32(16), be32(20));
}
} // namespace

class TestCli : public QObject
{
    Q_OBJECT
private slots:
    void infoWitty();
    void versionNamesTheAllocator_data();
    void versionNamesTheAllocator();
    void infoHwloc_data();
    void infoHwloc();
    void infoLocalMachine();
    void infoText();
    void convertRoundTrip_data();
    void convertRoundTrip();
    void errors_data();
    void errors();
    void unprivilegedRecording();
    void record_data();
    void record();
    void adviseWitty();
    void adviseErrors_data();
    void adviseErrors();
    void diffCommand_data();
    void diffCommand();
    void diffErrors_data();
    void diffErrors();
    void reportCommand_data();
    void reportCommand();
    void exportGraph_data();
    void exportGraph();
    void exportPngResolution();
    void exportHeatmapSize();
    void exportWithoutHelper();
    void exportCommandLine_data();
    void exportCommandLine();

private:
    // Every "@" in `args` becomes the test's folder: "@g.svg" is a file there.
    QStringList inDir(QStringList args) const;
    // Runs `args` (see inDir()) after writing `content`, when there is any, to @bad.input.
    ProcessRun runWithInput(const QStringList& args, const QByteArray& content);

    QTemporaryDir m_dir;
};

QStringList TestCli::inDir(QStringList args) const
{
    for (QString& a : args)
        a.replace(QLatin1Char('@'), m_dir.path() + QLatin1Char('/'));
    return args;
}

ProcessRun TestCli::runWithInput(const QStringList& args, const QByteArray& content)
{
    if (!content.isEmpty()) {
        QFile f(m_dir.filePath(QStringLiteral("bad.input")));
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(content) != content.size())
            return {-1, {}, "cannot write bad.input"};
    }
    return cli(inDir(args));
}

void TestCli::infoWitty()
{
    const QJsonObject info = infoJson(kWitty);
    QCOMPARE(info[u"source"][u"format"].toString(), QStringLiteral("witty-json"));
    const QJsonArray nodes = info[u"numa_nodes"].toArray();
    QCOMPARE(nodes.size(), 8);
    QCOMPARE(nodes[0][u"os_index"].toInt(), 0);
    QCOMPARE(nodes[0][u"cpus"].toString(), QStringLiteral("0-23"));
    QCOMPARE(nodes[0][u"memory_bytes"].toInteger(), qint64(131507688) * 1024);
    QCOMPARE(rowString(nodes[0][u"distances"]), QStringLiteral("10 11 24 25 24 25 24 25"));
    QCOMPARE(info[u"processes"].toInt(), 12);
    QCOMPARE(info[u"threads"].toInt(), 41);
    QCOMPARE(info[u"pus"].toInt(), 0);
    const QJsonObject entities = info[u"entity_counts"].toObject();
    QCOMPARE(entities[u"SocketEntity"].toInt(), 44);
    QCOMPARE(entities[u"NumaSetEntity"].toInt(), 15);
    QCOMPARE(entities[u"ContainerEntity"].toInt(), 1);
    const QJsonObject edges = info[u"edge_counts"].toObject();
    QCOMPARE(edges[u"OwnEdge"].toInt(), 46);
    QCOMPARE(edges[u"NumaSetContainEdge"].toInt(), 42);
    QCOMPARE(edges[u"AccessEdge"].toInt(), 4);
    // NPU id -> NUMA node, as witty-profiler's npu-smi topology says.
    const QMap<QString, int> expected{{QStringLiteral("NPU0"), 6}, {QStringLiteral("NPU1"), 6},
                                      {QStringLiteral("NPU2"), 4}, {QStringLiteral("NPU3"), 4},
                                      {QStringLiteral("NPU4"), 0}, {QStringLiteral("NPU5"), 0},
                                      {QStringLiteral("NPU6"), 2}, {QStringLiteral("NPU7"), 2}};
    const QJsonArray devices = info[u"devices"].toArray();
    QCOMPARE(devices.size(), 8);
    for (const QJsonValue& d : devices) {
        QCOMPARE(d[u"kind"].toString(), QStringLiteral("npu"));
        QCOMPARE(d[u"numa_node"].toInt(), expected.value(d[u"name"].toString(), -1));
    }
}

// The build's allocator, and the options it really runs with: jemalloc's come from the binary unless
// MALLOC_CONF says otherwise.
void TestCli::versionNamesTheAllocator_data()
{
    QTest::addColumn<QByteArray>("mallocConf");
    QTest::addColumn<QString>("expected");
#if defined(NUMASIGHT_JEMALLOC)
    QTest::newRow("built in") << QByteArray() << QStringLiteral("(huge pages: always)");
    QTest::newRow("MALLOC_CONF overrides")
        << QByteArray("thp:never") << QStringLiteral("(huge pages: never)");
#else
    QTest::newRow("the C library's") << QByteArray() << QStringLiteral("malloc the C library's");
#endif
}

void TestCli::versionNamesTheAllocator()
{
    QFETCH(QByteArray, mallocConf);
    QFETCH(QString, expected);
    const QByteArray saved = qgetenv("MALLOC_CONF");
    qputenv("MALLOC_CONF", mallocConf);
    const ProcessRun r = cli({QStringLiteral("--version")});
    if (saved.isNull())
        qunsetenv("MALLOC_CONF");
    else
        qputenv("MALLOC_CONF", saved);
    QCOMPARE(r.exitCode, 0);
    const QString out = QString::fromUtf8(r.out);
#if defined(NUMASIGHT_JEMALLOC)
    QVERIFY2(out.contains(QRegularExpression(QStringLiteral("\\n  jemalloc [0-9]+\\.[0-9]+\\.[0-9]+ "))),
             qPrintable(out));
#endif
    QVERIFY2(out.contains(expected), qPrintable(out));
}

void TestCli::infoHwloc_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("nodes");
    QTest::addColumn<int>("pus");
    QTest::addColumn<QString>("deviceKind");
    QTest::addColumn<int>("devicesOfKind");
    QTest::addColumn<QString>("node0Distances");
    QTest::newRow("DGX-2: 16 GPUs") << "nvidiaDGX2.xml" << 2 << 4 << "gpu" << 16 << "10 21";
    QTest::newRow("24-node Xeon") << "192em64t-24n8c2t.xml" << 24 << 384 << "gpu" << 0 << "";
    QTest::newRow("Opteron, 4 distance matrices") << "16amd64-4distances.xml" << 8 << 16 << "gpu" << 0 << "";
}

void TestCli::infoHwloc()
{
    QFETCH(QString, file);
    QFETCH(int, nodes);
    QFETCH(int, pus);
    QFETCH(QString, deviceKind);
    QFETCH(int, devicesOfKind);
    QFETCH(QString, node0Distances);
    const QJsonObject info = infoJson(kHwloc + file);
    QCOMPARE(info[u"source"][u"format"].toString(), QStringLiteral("hwloc-xml"));
    QCOMPARE(info[u"numa_nodes"].toArray().size(), nodes);
    QCOMPARE(info[u"pus"].toInt(), pus);
    int n = 0;
    for (const QJsonValue& d : info[u"devices"].toArray()) {
        if (d[u"kind"].toString() != deviceKind)
            continue;
        ++n;
        QVERIFY2(!d[u"numa_node"].isNull(), qPrintable(d[u"name"].toString()));
    }
    QCOMPARE(n, devicesOfKind);
    if (!node0Distances.isEmpty())
        QVERIFY(rowString(info[u"numa_nodes"][0][u"distances"]).startsWith(node0Distances));
}

void TestCli::infoLocalMachine()
{
    const QJsonObject info = infoJson(QStringLiteral(":local:"));
    QCOMPARE(info[u"source"][u"format"].toString(), QStringLiteral("local"));
    QVERIFY(info[u"numa_nodes"].toArray().size() >= 1);
    QVERIFY(info[u"pus"].toInt() >= 1);
}

void TestCli::infoText()
{
    const ProcessRun r = cli({QStringLiteral("info"), kHwloc + QStringLiteral("16amd64-4distances.xml")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains("NUMA nodes: 8"), r.out.constData());
    QVERIFY(r.err.isEmpty());
}

void TestCli::convertRoundTrip_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("via");
    QTest::newRow("witty -> capture") << kWitty << "a.numasight";
    QTest::newRow("witty -> witty") << kWitty << "b.json";
    QTest::newRow("witty -> envelope") << kWitty << "c.envelope.json";
    QTest::newRow("hwloc -> capture") << kHwloc + QStringLiteral("nvidiaDGX2.xml") << "d.numasight";
    QTest::newRow("hwloc memattrs -> capture")
        << kHwloc + QStringLiteral("8intel64-4n2t-memattrs.xml") << "e.numasight";
}

void TestCli::convertRoundTrip()
{
    QFETCH(QString, input);
    QFETCH(QString, via);
    const QString out = m_dir.filePath(via);
    QStringList args{QStringLiteral("convert"), input, QStringLiteral("-o"), out};
    if (via.contains(QLatin1String("envelope")))
        args << QStringLiteral("--to") << QStringLiteral("witty-envelope");
    const ProcessRun r = cli(args);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY(QFile::exists(out));
    QJsonObject before = infoJson(input);
    QJsonObject after = infoJson(out);
    QVERIFY(!after.isEmpty());
    // Everything but where it came from must survive the trip.
    before.remove(QStringLiteral("source"));
    after.remove(QStringLiteral("source"));
    QCOMPARE(QJsonDocument(after).toJson(), QJsonDocument(before).toJson());

    // And a capture goes back to witty JSON with the same facts.
    if (via.endsWith(QLatin1String(".numasight")) && input == kWitty) {
        const QString back = m_dir.filePath(QStringLiteral("back.json"));
        QCOMPARE(cli({QStringLiteral("convert"), out, QStringLiteral("-o"), back}).exitCode, 0);
        QJsonObject again = infoJson(back);
        again.remove(QStringLiteral("source"));
        QCOMPARE(QJsonDocument(again).toJson(), QJsonDocument(before).toJson());
    }
}

void TestCli::errors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QByteArray>("content"); // written to @bad.input when not empty
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message");
    QTest::newRow("no command") << QStringList{} << QByteArray() << 2 << "Usage";
    QTest::newRow("unknown command") << words("frobnicate") << QByteArray() << 2
                                     << "unknown command 'frobnicate'";
    QTest::newRow("info without file") << words("info") << QByteArray() << 2 << "exactly one FILE";
    QTest::newRow("missing file") << words("info /nonexistent/x.json") << QByteArray() << 1
                                  << "/nonexistent/x.json";
    QTest::newRow("empty file") << words("info @bad.input") << QByteArray(" ") << 1 << "bad.input";
    QTest::newRow("truncated json") << words("info @bad.input")
                                    << QByteArray("{\"nodes\": [{\"entity_type\": \"Proc") << 1
                                    << "bad.input:1:";
    QTest::newRow("not hwloc xml") << words("info @bad.input") << QByteArray("<html></html>") << 1
                                   << "bad.input";
    QTest::newRow("convert without -o") << words("convert $witty") << QByteArray() << 2 << "usage";
    QTest::newRow("convert to unknown extension")
        << words("convert $witty -o out.txt") << QByteArray() << 2 << "cannot tell the output format";
    QTest::newRow("record without -o")
        << words("record --duration 1s") << QByteArray() << 2 << "usage: numasight-cli record";
    QTest::newRow("record, bad duration") << words("record --duration soon -o @rec.numasight") << QByteArray()
                                          << 2 << "--duration: 'soon' is not a duration; write it like 500ms";
    QTest::newRow("record, zero interval") << words("record --interval 0ms -o @rec.numasight") << QByteArray()
                                           << 2 << "--interval: '0ms' is no time at all";
    QTest::newRow("record, interval longer than duration")
        << words("record --duration 1s --interval 2s -o @rec.numasight") << QByteArray() << 2
        << "--interval 2s is longer than --duration 1s";
    QTest::newRow("record, unknown mode") << words("record --mode perf -o @rec.numasight") << QByteArray()
                                          << 2 << "--mode must be auto, ebpf or procfs, not 'perf'";
    QTest::newRow("record, bad pid") << words("record --pid x1 -o @rec.numasight") << QByteArray() << 2
                                     << "--pid takes a process id above 0, not 'x1'";
    QTest::newRow("record, bad regex") << words("record --comm (python -o @rec.numasight") << QByteArray()
                                       << 2 << "--comm: '(python' is not a regular expression";
    QTest::newRow("record into a missing folder")
        << words("record --duration 200ms --interval 100ms --mode procfs -o @missing/rec.numasight")
        << QByteArray() << 1 << "missing/rec.numasight: the folder";
    QTest::newRow("convert bad input")
        << words("convert @bad.input -o @out.numasight") << QByteArray("[]") << 1 << "bad.input";
    QTest::newRow("attach without -o") << words("attach 127.0.0.1:1") << QByteArray() << 2 << "usage";
    QTest::newRow("attach without a server")
        << words("attach -o @a.numasight") << QByteArray() << 2 << "usage";
    QTest::newRow("attach bad interval") << words("attach 127.0.0.1:1 --interval soon -o @a.numasight")
                                         << QByteArray() << 2 << "--interval 'soon'";
    QTest::newRow("attach bad count")
        << words("attach 127.0.0.1:1 --count 0 -o @a.numasight") << QByteArray() << 2 << "--count '0'";
    QTest::newRow("export, bad view") << words("export $witty --view galaxy -o @g.svg") << QByteArray() << 2
                                      << "--view 'galaxy' is unknown: use machine, dataflow, combined, "
                                         "cpu-heatmap, mem-heatmap, distance, latency "
                                         "or bandwidth";
    QTest::newRow("export, missing file")
        << words("export /nonexistent/x.json -o @g.svg") << QByteArray() << 1 << "/nonexistent/x.json";
    QTest::newRow("export to DOT, missing file")
        << words("export /nonexistent/x.json -o @g.dot") << QByteArray() << 1 << "/nonexistent/x.json";
    QTest::newRow("export, bad input")
        << words("export @bad.input -o @g.png") << QByteArray("<html></html>") << 1 << "bad.input";
    QTest::newRow("export, unknown extension") << words("export $witty -o @g.tiff") << QByteArray() << 2
                                               << "cannot tell the format from the extension";
    QTest::newRow("export, unknown format") << words("export $witty --format jpeg -o @g.svg") << QByteArray()
                                            << 2 << "--format 'jpeg' is unknown";
    QTest::newRow("export, unknown engine")
        << words("export $witty --engine circo9 -o @g.svg") << QByteArray() << 2 << "--engine 'circo9'";
    QTest::newRow("export, unknown kind") << words("export $witty --hide thread,frob -o @g.svg")
                                          << QByteArray() << 2 << "--hide 'frob' is not an entity kind";
    QTest::newRow("export, share above 1")
        << words("export $witty --min 150% -o @g.svg") << QByteArray() << 2 << "--min '150%'";
    QTest::newRow("export, dpi out of range")
        << words("export $witty --dpi 5000 -o @g.png") << QByteArray() << 2 << "--dpi '5000' is out of range";
    QTest::newRow("export, snapshot out of range") << words("export $witty --snapshot 3 -o @g.svg")
                                                   << QByteArray() << 2 << "--snapshot 3 is out of range";
    QTest::newRow("export into a missing folder")
        << words("export $witty -o @missing/g.pdf") << QByteArray() << 1 << "missing/g.pdf: cannot write";
    QTest::newRow("export heatmap, graph format")
        << words("export $witty --view cpu-heatmap --format dot -o @h.dot") << QByteArray() << 2
        << "--format dot does not apply to --view cpu-heatmap: use png, pdf, svg or csv";
    QTest::newRow("export heatmap, unknown extension")
        << words("export $witty --view mem-heatmap -o @h.dot") << QByteArray() << 2
        << "name it .png, .pdf, .svg or .csv";
    QTest::newRow("export heatmap, unknown format")
        << words("export $witty --view distance --format tiff -o @h.tiff") << QByteArray() << 2
        << "--format 'tiff' is unknown: use png, pdf, svg or csv";
    QTest::newRow("export graph as csv") << words("export $witty --view machine -o @g.csv") << QByteArray()
                                         << 2 << "name it .svg, .png, .pdf, .dot or .json";
    QTest::newRow("export heatmap of a topology")
        << words("export $hwloc/192em64t-24n8c2t.xml --view cpu-heatmap -o @h.png") << QByteArray() << 1
        << "has no CPU time per process to draw";
    QTest::newRow("export latency without a matrix")
        << words("export $hwloc/192em64t-24n8c2t.xml --view latency -o @l.svg") << QByteArray() << 1
        << "has no latency matrix: measure one";
    QTest::newRow("export latency CSV without a matrix")
        << words("export $hwloc/192em64t-24n8c2t.xml --view latency -o @l.csv") << QByteArray() << 1
        << "has no latency matrix: measure one";
    QTest::newRow("export distance of a one-node machine")
        << words("export $hwloc/16em64t-4s2c2t.xml --view distance -o @d.png") << QByteArray() << 1
        << "has no NUMA distance matrix";
    QTest::newRow("export, bytes of witty pages")
        << words("export $witty --view mem-heatmap --measure bytes -o @m.png") << QByteArray() << 1
        << "has no bytes per node: use --measure total-pages or dirty-anon-pages";
    QTest::newRow("export, measure of a CPU heatmap")
        << words("export $witty --view cpu-heatmap --measure bytes -o @c.png") << QByteArray() << 2
        << "--measure applies to --view mem-heatmap only";
    QTest::newRow("export, unknown sort")
        << words("export $witty --view cpu-heatmap --sort colour -o @c.svg") << QByteArray() << 2
        << "--sort 'colour' is unknown: use remote, cpu, memory, process or name";
    QTest::newRow("export, size too small")
        << words("export $witty --view cpu-heatmap --size 10x10 -o @c.png") << QByteArray() << 2
        << "--size '10x10' is not a picture size";
    QTest::newRow("export, engine of a heatmap")
        << words("export $witty --view mem-heatmap --engine neato -o @m.png") << QByteArray() << 2
        << "--engine applies to graphs only";
    QTest::newRow("export, hide nodes of a heatmap")
        << words("export $witty --view cpu-heatmap --hide numa -o @c.png") << QByteArray() << 2
        << "heatmaps and matrices can hide threads only";
    QTest::newRow("attach bad url") << words("attach ftp://h/ -o @a.numasight") << QByteArray() << 2
                                    << "unsupported scheme 'ftp'";
}

void TestCli::errors()
{
    QFETCH(QStringList, args);
    QFETCH(QByteArray, content);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    const ProcessRun r = runWithInput(args, content);
    QCOMPARE(r.exitCode, exitCode);
    QVERIFY2(QString::fromUtf8(r.err).contains(message) || QString::fromUtf8(r.out).contains(message),
             r.err.constData());
    if (exitCode == 1) {
        // One line, nothing on stdout, and no output file left behind.
        QCOMPARE(r.err.count('\n'), 1);
        QVERIFY(r.out.isEmpty());
        QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("out.numasight"))));
    }
}

void TestCli::record_data()
{
    QTest::addColumn<QString>("mode");
    QTest::newRow("procfs") << "procfs";
    QTest::newRow("auto") << "auto"; // eBPF as root, procfs otherwise
}

// Records this test process for a moment, then `info` describes the recording.
void TestCli::record()
{
    QFETCH(QString, mode);
    const QString out = m_dir.filePath(QStringLiteral("rec-%1.numasight").arg(mode));
    const ProcessRun r = cli({QStringLiteral("record"), QStringLiteral("--duration"), QStringLiteral("600ms"),
                              QStringLiteral("--interval"), QStringLiteral("200ms"), QStringLiteral("--pid"),
                              QString::number(QCoreApplication::applicationPid()), QStringLiteral("--mode"),
                              mode, QStringLiteral("-o"), out});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY2(r.out.startsWith("Recorded 4 samples ("), r.out.constData());
    QVERIFY2(r.out.contains(out.toUtf8()), r.out.constData());
    QVERIFY2(r.out.contains(" threads into "), r.out.constData());
    const QJsonObject info = infoJson(out);
    QCOMPARE(info[u"source"][u"samples"].toInt(), 4);
    const QString recorded = info[u"source"][u"mode"].toString();
    QVERIFY2(mode == QLatin1String("auto")
                 ? (recorded == QLatin1String("ebpf") || recorded == QLatin1String("procfs"))
                 : recorded == mode,
             qPrintable(recorded));
    QVERIFY(info[u"source"][u"modes"].toArray().contains(recorded));
    QVERIFY(info[u"processes"].toInt() >= 1);
    QVERIFY(info[u"threads"].toInt() >= 1);
}

// A plain user gets procfs sampling in auto mode and a clear refusal for --mode ebpf. Runs when the test
// is root (CI is) and can drop to nobody with setpriv; skips with the reason otherwise.
void TestCli::unprivilegedRecording()
{
    if (geteuid() != 0)
        QSKIP("needs root to run the recorder as another user");
    const QString setpriv = QStandardPaths::findExecutable(QStringLiteral("setpriv"));
    if (setpriv.isEmpty())
        QSKIP("setpriv (util-linux) is not installed");
    const QStringList asNobody{QStringLiteral("--reuid=65534"), QStringLiteral("--regid=65534"),
                               QStringLiteral("--clear-groups"), QStringLiteral(NUMASIGHT_CLI)};
    if (runProcess(setpriv, asNobody + words("--version"), 30000).exitCode != 0)
        QSKIP("the build folder is not accessible to user nobody");

    QTemporaryDir dir;
    QFile::setPermissions(dir.path(), QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                          QFileDevice::ExeOwner | QFileDevice::ReadOther |
                                          QFileDevice::WriteOther | QFileDevice::ExeOther);
    const QString refused = dir.filePath(QStringLiteral("refused.numasight"));
    ProcessRun r = runProcess(
        setpriv, asNobody + words("record --mode ebpf -d 300ms -i 100ms -o") + QStringList{refused}, 60000);
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("not permitted") && r.err.contains("--mode procfs"), r.err.constData());
    QVERIFY(!QFile::exists(refused));

    const QString fallback = dir.filePath(QStringLiteral("fallback.numasight"));
    r = runProcess(setpriv, asNobody + words("record -d 600ms -i 200ms -o") + QStringList{fallback}, 60000);
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.err.contains("recording CPU time with procfs sampling"), r.err.constData());
    // Other users' processes are summarised, not listed one by one.
    QVERIFY2(r.err.count('\n') <= 8, r.err.constData());
    const QJsonObject info = infoJson(fallback);
    QCOMPARE(info[u"source"][u"modes"].toArray(), QJsonArray{QStringLiteral("procfs")});
    QVERIFY(info[u"source"][u"samples"].toInt() >= 3);
}

// The advisor end to end: the four tensor-parallel workers of the witty capture run away from their NPUs;
// targets and CPUs as the fixture's NPU placement and CPU lists say (npu-smi: NPU0/1 on node 6, NPU2/3 on 4).
void TestCli::adviseWitty()
{
    const ProcessRun r = cli({QStringLiteral("advise"), kWitty, QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject advice = QJsonDocument::fromJson(r.out).object();
    QVERIFY2(!advice.isEmpty(), r.err.constData());
    QSet<qint64> flagged;
    for (const QJsonValue& f : advice[u"findings"].toArray())
        if (f[u"kind"].toString() == u"accelerator-away")
            flagged.insert(f[u"pid"].toInteger());
    QCOMPARE(flagged, (QSet<qint64>{1895087, 1895088, 1895089, 1895090}));
    const QMap<qint64, QPair<int, QString>> want{{1895087, {6, QStringLiteral("144-167")}},
                                                 {1895088, {6, QStringLiteral("144-167")}},
                                                 {1895089, {4, QStringLiteral("96-119")}},
                                                 {1895090, {4, QStringLiteral("96-119")}}};
    int found = 0;
    for (const QJsonValue& s : advice[u"suggestions"].toArray()) {
        const qint64 pid = s[u"pid"].toInteger();
        if (!want.contains(pid))
            continue;
        ++found;
        QCOMPARE(s[u"target_nodes"].toArray().first().toInt(), want[pid].first);
        QCOMPARE(s[u"cpus"].toString(), want[pid].second);
        const QString relaunch = s[u"commands"][u"relaunch"].toString();
        QVERIFY2(relaunch.startsWith(
                     QStringLiteral("numactl --cpunodebind=%1 --membind=%1 -- ").arg(want[pid].first)),
                 qPrintable(relaunch));
        QVERIFY(!s[u"commands"][u"live"].toArray().isEmpty());
    }
    QCOMPARE(found, 4);
    // The text report names the same processes.
    const ProcessRun text = cli({QStringLiteral("advise"), kWitty});
    QCOMPARE(text.exitCode, 0);
    for (const char* pid : {"1895087", "1895088", "1895089", "1895090"})
        QVERIFY2(text.out.contains(pid), pid);
}

void TestCli::adviseErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message");
    QTest::newRow("missing file") << words("advise /nonexistent/x.json") << 1
                                  << QStringLiteral("/nonexistent/x.json");
    QTest::newRow("no file") << words("advise") << 2 << QString();
    QTest::newRow("snapshot past the end")
        << words("advise $witty --snapshot 7") << 2 << QStringLiteral("snapshot");
    QTest::newRow("unknown option") << words("advise $witty --apply") << 2 << QStringLiteral("apply");
}

void TestCli::adviseErrors()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    const ProcessRun r = cli(args);
    QCOMPARE(r.exitCode, exitCode);
    QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
}

void TestCli::diffCommand_data()
{
    QTest::addColumn<QString>("b");
    QTest::addColumn<QStringList>("options");
    QTest::addColumn<QString>("expected"); // in stdout; empty for --json, whose keys are checked
    QTest::newRow("itself, json") << kWitty << words("--json") << QString();
    QTest::newRow("itself, text") << kWitty << QStringList{} << QStringLiteral("no change above 5 %");
    QTest::newRow("itself, every row")
        << kWitty << words("--all") << QStringLiteral("1895087 python3: CPU node 7, ");
    QTest::newRow("a topology without workload")
        << kHwloc + QStringLiteral("16amd64-4distances.xml") << QStringList{}
        << QStringLiteral("1895087 python3: only in A");
}

// The witty fixture against itself and against a machine without its workload.
void TestCli::diffCommand()
{
    QFETCH(QString, b);
    QFETCH(QStringList, options);
    QFETCH(QString, expected);
    const ProcessRun r = cli(QStringList{QStringLiteral("diff"), kWitty, b} + options);
    QCOMPARE(r.exitCode, 0);
    if (!expected.isEmpty()) {
        QVERIFY2(QString::fromUtf8(r.out).contains(expected), r.out.constData());
        return;
    }
    const QJsonObject diff = QJsonDocument::fromJson(r.out).object();
    QVERIFY2(!diff.isEmpty(), r.err.constData());
    for (const char* key : {"a", "b", "nodes", "processes", "threads", "flows", "notes"})
        QVERIFY2(diff.contains(QLatin1StringView(key)), key);
    QCOMPARE(diff[u"a"][u"label"].toString(), kWitty);
    QCOMPARE(diff[u"nodes"].toArray().size(), 8);
    const QJsonArray processes = diff[u"processes"].toArray();
    QVERIFY(!processes.isEmpty());
    for (const QJsonValue& p : processes) {
        QCOMPARE(p[u"pid_a"].toInteger(), p[u"pid_b"].toInteger());
        QCOMPARE(p[u"change"].toDouble(), 0.0);
    }
}

void TestCli::diffErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QByteArray>("content"); // written to @bad.input when not empty
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message");
    QTest::newRow("A missing") << words("diff /nonexistent/a.json $witty") << QByteArray() << 1
                               << QStringLiteral("/nonexistent/a.json");
    QTest::newRow("B missing") << words("diff $witty /nonexistent/b.json") << QByteArray() << 1
                               << QStringLiteral("/nonexistent/b.json");
    QTest::newRow("B garbage") << words("diff $witty @bad.input")
                               << QByteArray("{\"nodes\": [{\"entity_type\": \"Proc") << 1
                               << QStringLiteral("bad.input:1:");
    QTest::newRow("A unreadable format")
        << words("diff @bad.input $witty") << QByteArray("\x01\x02 not a capture") << 1
        << QStringLiteral("bad.input");
    QTest::newRow("one file") << words("diff $witty") << QByteArray() << 2
                              << QStringLiteral("exactly two files");
    QTest::newRow("no file") << words("diff") << QByteArray() << 2 << QStringLiteral("exactly two files");
    QTest::newRow("unknown option") << words("diff $witty $witty --frob") << QByteArray() << 2
                                    << QStringLiteral("frob");
}

void TestCli::diffErrors()
{
    QFETCH(QStringList, args);
    QFETCH(QByteArray, content);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    const ProcessRun r = runWithInput(args, content);
    QCOMPARE(r.exitCode, exitCode);
    QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
    if (exitCode == 1) { // one line naming the file, nothing on stdout
        QCOMPARE(r.err.count('\n'), 1);
        QVERIFY(r.out.isEmpty());
    }
}

void TestCli::exportGraph_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<QStringList>("options");
    QTest::addColumn<QString>("out");
    QTest::addColumn<QByteArray>("magic");      // how the file starts
    QTest::addColumn<QByteArrayList>("has");    // what it must contain
    QTest::addColumn<QByteArrayList>("hasNot"); // and must not
    QTest::addColumn<QByteArray>("notes");      // stderr: what the graph leaves out, nothing else
    const QString dgx2 = kHwloc + QStringLiteral("nvidiaDGX2.xml");
    QTest::newRow("witty combined svg") << kWitty << QStringList{} << "w.svg" << QByteArray("<?xml")
                                        << QByteArrayList{"<svg", "viewBox=", "NUMA 6", "python3 (1895087)"}
                                        << QByteArrayList{} << QByteArray();
    QTest::newRow("witty machine png")
        << kWitty << words("--view machine") << "w.png" << QByteArray("\x89PNG\r\n\x1a\n")
        << QByteArrayList{"IHDR", "IDAT"} << QByteArrayList{} << QByteArray();
    QTest::newRow("DGX-2 machine pdf")
        << dgx2 << words("--view machine") << "d.pdf" << QByteArray("%PDF-")
        << QByteArrayList{"/Type /Page\n", "/MediaBox"} << QByteArrayList{} << QByteArray();
    QTest::newRow("DGX-2 machine dot")
        << dgx2 << words("--view machine") << "d.dot" << QByteArray()
        << QByteArrayList{"graph", "cluster_numa0", "0000:5e:00.0"} << QByteArrayList{} << QByteArray();
    QTest::newRow("dot, --format over the extension")
        << dgx2 << words("--format dot --view machine") << "d.txt" << QByteArray()
        << QByteArrayList{"cluster_numa1"} << QByteArrayList{} << QByteArray();
    QTest::newRow("dot, a process expanded into its threads")
        << kWitty << words("--expand proc1895087") << "ex.dot" << QByteArray()
        << QByteArrayList{"cluster_proc1895087", "thr1895087"} << QByteArrayList{} << QByteArray();
    QTest::newRow("dot without processes")
        << kWitty << words("--hide process") << "np.dot" << QByteArray() << QByteArrayList{"NUMA 6"}
        << QByteArrayList{"1895087"}
        << QByteArray("numasight-cli: note: All 12 processes are hidden: processes are a hidden kind\n"
                      "numasight-cli: note: 1 kind hidden: processes\n");
    QTest::newRow("svg without accelerators, the engine named")
        << kWitty << words("--hide npu --engine packed") << "na.svg" << QByteArray("<?xml")
        << QByteArrayList{"NUMA 6", "packed"} << QByteArrayList{"NPU 0"}
        << QByteArray("numasight-cli: note: 1 kind hidden: accelerators\n");
    QTest::newRow("layout json of a machine")
        << dgx2 << words("--view machine") << "layout.json" << QByteArray("{")
        << QByteArrayList{"\"format\": \"numasight-layout\"", "\"os_index\"", "cluster_numa0", "\"parent\""}
        << QByteArrayList{} << QByteArray();
    QTest::newRow("layout json shaped for a page")
        << kWitty << words("--page a4-landscape") << "page.json" << QByteArray("{")
        << QByteArrayList{"\"edges\"", "\"polyline\"", "\"label_pos\"", "proc1895087"} << QByteArrayList{}
        << QByteArray();
    // 5 processes have at least 5 % of the CPU time (graph.json), the other 7 are left out.
    QTest::newRow("dot of the busy processes")
        << kWitty << words("--min 5%") << "busy.dot" << QByteArray() << QByteArrayList{"proc1895087"}
        << QByteArrayList{"proc6808"}
        << QByteArray("numasight-cli: note: 7 processes hidden by CPU share ≥ 5 %\n");
    // The 12 processes sit in 5 places (4 NUMA boxes and outside them, as --per-node 0 shows): one each is
    // drawn, the other 7 are folded in the 4 places holding more than one.
    QTest::newRow("dot, one process per box")
        << kWitty << words("--per-node 1") << "one.dot" << QByteArray()
        << QByteArrayList{"proc1895087", "more_numa7", "more_top", "1 more"} << QByteArrayList{"proc6808"}
        << QByteArray("numasight-cli: note: 7 processes folded into 4 'more' groups\n");
    QTest::newRow("witty cpu heatmap png")
        << kWitty << words("--view cpu-heatmap") << "c.png" << QByteArray("\x89PNG\r\n\x1a\n")
        << QByteArrayList{"IHDR", "IDAT"} << QByteArrayList{} << QByteArray();
    QTest::newRow("witty cpu heatmap svg, processes only")
        << kWitty << words("--view cpu-heatmap --hide thread --sort name") << "c.svg" << QByteArray("<?xml")
        << QByteArrayList{"<svg", "python3 (1895087)", "node7", "Share of on-CPU time per NUMA node"}
        << QByteArrayList{"acl_thread"} << QByteArray();
    QTest::newRow("witty cpu heatmap svg, busy processes")
        << kWitty << words("--view cpu-heatmap --min 10%") << "busy.svg" << QByteArray("<?xml")
        << QByteArrayList{"python3 (1894856)", "python3 1895087"}
        << QByteArrayList{"vllm", "dockerd", "acl_thread"}
        << QByteArray(); // each acl_thread has under 7 % (graph.json)
    QTest::newRow("witty memory heatmap pdf")
        << kWitty << words("--view mem-heatmap --measure dirty-anon-pages") << "m.pdf" << QByteArray("%PDF-")
        << QByteArrayList{"/Type /Page\n"} << QByteArrayList{} << QByteArray();
    QTest::newRow("24-node distances svg")
        << kHwloc + QStringLiteral("192em64t-24n8c2t.xml") << words("--view distance") << "d.svg"
        << QByteArray("<?xml") << QByteArrayList{"node23", "NUMA distances (firmware)", ">79<", ">50<"}
        << QByteArrayList{} << QByteArray();
    QTest::newRow("KNL bandwidth png")
        << kHwloc + QStringLiteral("64intel64-fakeKNL-SNC4-hybrid.xml") << words("--view bandwidth")
        << "b.png" << QByteArray("\x89PNG\r\n\x1a\n") << QByteArrayList{"IDAT"} << QByteArrayList{}
        << QByteArray();
    // CSV: core alone writes it (numasight-cli), numbers as graph.json and lstopo have them.
    QTest::newRow("witty cpu heatmap csv")
        << kWitty << words("--view cpu-heatmap") << "c.csv"
        << QByteArray(
               "kind,pid,tid,name,node0,node1,node2,node3,node4,node5,node6,node7,on-CPU time,dirty anon "
               "pages (witty),remote share of on-CPU time\r\n")
        << QByteArrayList{"thread,1895087,1896232,acl_thread,0,0,0,0,0,1,0,0,2277549430,495716,1\r\n"}
        << QByteArrayList{} << QByteArray();
    QTest::newRow("distance csv") << kHwloc + QStringLiteral("16amd64-4distances.xml")
                                  << words("--view distance") << "d.csv" << QByteArray("from\\to,node0,")
                                  << QByteArrayList{"node3,20,20,20,10,20,20,20,20\r\n"} << QByteArrayList{}
                                  << QByteArray();
}

void TestCli::exportGraph()
{
    QFETCH(QString, input);
    QFETCH(QStringList, options);
    QFETCH(QString, out);
    QFETCH(QByteArray, magic);
    QFETCH(QByteArrayList, has);
    QFETCH(QByteArrayList, hasNot);
    QFETCH(QByteArray, notes);
    const QString path = m_dir.filePath(out);
    QFile::remove(path);
    const ProcessRun r =
        cli(QStringList{QStringLiteral("export"), input, QStringLiteral("-o"), path} + options);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QCOMPARE(r.err, notes); // the notes, and no Qt chatter from the helper either
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray bytes = f.readAll();
    QVERIFY(bytes.startsWith(magic));
    for (const QByteArray& b : has)
        QVERIFY2(bytes.contains(b), b.constData());
    for (const QByteArray& b : hasNot)
        QVERIFY2(!bytes.contains(b), b.constData());
    // Nothing but the output in the folder: no temporaries left over.
    QVERIFY(QDir(m_dir.path())
                .entryList({QFileInfo(out).fileName() + QStringLiteral(".*")}, QDir::Files)
                .isEmpty());
}

// PNG size follows --dpi: the same graph at 144 dpi is twice as wide and high as at 72.
void TestCli::exportPngResolution()
{
    auto size = [this](int dpi) -> QSize {
        const QString path = m_dir.filePath(QStringLiteral("dpi%1.png").arg(dpi));
        const ProcessRun r = cli(words("export $witty --view machine --dpi") +
                                 QStringList{QString::number(dpi), QStringLiteral("-o"), path});
        return r.exitCode == 0 ? pngSize(path) : QSize();
    };
    const QSize at72 = size(72), at144 = size(144);
    QVERIFY(at72.isValid() && at144.isValid());
    QVERIFY(at72.width() > 100 && at72.height() > 50);
    QVERIFY(qAbs(at144.width() - 2 * at72.width()) <= 1);
    QVERIFY(qAbs(at144.height() - 2 * at72.height()) <= 1);
}

// A heatmap's PNG is --size pixels, and --dpi prints it at that resolution (96 dpi is one pixel a pixel).
void TestCli::exportHeatmapSize()
{
    auto size = [this](const char* options) -> QSize {
        const QString path = m_dir.filePath(QStringLiteral("size.png"));
        QFile::remove(path);
        const ProcessRun r =
            cli(words("export $witty --view mem-heatmap -o") + QStringList{path} + words(options));
        return r.exitCode == 0 ? pngSize(path) : QSize();
    };
    QCOMPARE(size("--size 800x600"), QSize(800, 600));
    QCOMPARE(size("--size 800x600 --dpi 192"), QSize(1600, 1200));
    const QSize automatic = size("");
    QVERIFY(automatic.width() >= 480 && automatic.height() >= 240);
}

// numasight-cli without its drawing helper beside it: DOT still works, the others say what is missing.
void TestCli::exportWithoutHelper()
{
    QTemporaryDir alone;
    QVERIFY(alone.isValid());
    const QString cliCopy = alone.filePath(QStringLiteral("numasight-cli"));
    QVERIFY(QFile::copy(QStringLiteral(NUMASIGHT_CLI), cliCopy));
    QVERIFY(QFile::setPermissions(cliCopy, QFile::permissions(QStringLiteral(NUMASIGHT_CLI))));
    ProcessRun r = runProcess(
        cliCopy, words("export $witty -o") + QStringList{alone.filePath(QStringLiteral("g.svg"))}, 60000);
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("numasight-export") && r.err.contains(alone.path().toUtf8()) &&
                 r.err.contains("--format dot"),
             r.err.constData());
    QCOMPARE(r.err.count('\n'), 1);
    QVERIFY(!QFile::exists(alone.filePath(QStringLiteral("g.svg"))));
    r = runProcess(cliCopy, words("export $witty -o") + QStringList{alone.filePath(QStringLiteral("g.dot"))},
                   60000);
    QCOMPARE(r.exitCode, 0);
    QVERIFY(QFileInfo(alone.filePath(QStringLiteral("g.dot"))).size() > 0);
}

// One parse reads every spelling of export's command line: the CSV of a heatmap or matrix and the graphs
// take their options the same way.
void TestCli::exportCommandLine_data()
{
    QTest::addColumn<QStringList>("args"); // "@name": a file of that name in the test's folder
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("file");     // the file written; empty: standard output
    QTest::addColumn<QByteArray>("start"); // how it starts
    QTest::addColumn<QString>("error");    // in stderr; empty: nothing on stderr

    const QByteArray cpuCsv(
        "kind,pid,tid,name,node0,node1,node2,node3,node4,node5,node6,node7,on-CPU time,dirty "
        "anon pages (witty),remote share of on-CPU time\r\n"
        "process,6808,,dockerd,0,0,0,0,0,0,0.1037605951554565,0.8962394048445435,17517440,"
        "38659,0.10376059515545655\r\n");
    const QByteArray distanceCsv("from\\to,node0,node1,node2,node3,node4,node5,node6,node7\r\n"
                                 "node0,10,20,20,20,20,20,20,20\r\n");
    QTest::newRow("--view cpu-heatmap")
        << words("export $witty --view cpu-heatmap --format csv") << 0 << QString() << cpuCsv << QString();
    QTest::newRow("--view=cpu-heatmap")
        << words("export $witty --view=cpu-heatmap --format=csv") << 0 << QString() << cpuCsv << QString();
    QTest::newRow("FILE after --")
        << words("export --view distance --format csv -- $hwloc/16amd64-4distances.xml") << 0 << QString()
        << distanceCsv << QString();
    QTest::newRow("FILE after --, -o=OUT")
        << words("export --view=distance -o=@d.csv -- $hwloc/16amd64-4distances.xml") << 0
        << QStringLiteral("d.csv") << distanceCsv << QString();
    QTest::newRow("-o - is standard output")
        << words("export $hwloc/16amd64-4distances.xml --view distance -o -") << 0 << QString() << distanceCsv
        << QString();
    QTest::newRow("the last --view wins: a matrix")
        << words("export $hwloc/16amd64-4distances.xml --view machine --view distance --format csv") << 0
        << QString() << distanceCsv << QString();
    QTest::newRow("the last --view wins: a graph")
        << words("export $hwloc/16amd64-4distances.xml --view distance --view machine -o @m.dot") << 0
        << QStringLiteral("m.dot") << QByteArray("digraph \"numasight\"") << QString();
    QTest::newRow("--format csv of a graph view")
        << words("export $witty --view machine --format csv -o @g.csv") << 2 << QStringLiteral("g.csv")
        << QByteArray()
        << QStringLiteral("--format csv does not apply to --view machine: use svg, png, pdf, dot or json");
    QTest::newRow("--format csv without --view")
        << words("export $witty --format csv -o @g.csv") << 2 << QStringLiteral("g.csv") << QByteArray()
        << QStringLiteral("--format csv does not apply to --view combined: use svg, png, pdf, dot or json");
    QTest::newRow("a drawing option of a CSV, after --view=")
        << words("export $witty --view=mem-heatmap -o @m.csv --hide thread") << 2 << QStringLiteral("m.csv")
        << QByteArray() << QStringLiteral("numasight-cli: Unknown option 'hide'.");
    QTest::newRow("--help over a CSV") << words("export $witty --view distance --format csv --help") << 0
                                       << QString() << QByteArray("Usage: ") << QString();
}

void TestCli::exportCommandLine()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, file);
    QFETCH(QByteArray, start);
    QFETCH(QString, error);
    const QString path = file.isEmpty() ? QString() : m_dir.filePath(file);
    if (!path.isEmpty())
        QFile::remove(path);
    const ProcessRun r = cli(inDir(args));
    QVERIFY2(r.exitCode == exitCode, r.err.constData());
    if (error.isEmpty())
        QVERIFY2(r.err.isEmpty(), r.err.constData());
    else
        QVERIFY2(QString::fromUtf8(r.err).contains(error) && r.err.count('\n') == 1, r.err.constData());
    if (exitCode != 0) {
        QVERIFY(r.out.isEmpty());
        QVERIFY(path.isEmpty() || !QFile::exists(path));
        return;
    }
    QByteArray written = r.out;
    if (!path.isEmpty()) {
        QVERIFY(r.out.isEmpty());
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        written = f.readAll();
    }
    QVERIFY2(written.startsWith(start), written.left(300).constData());
}

// `report` end to end through the drawing helper: the files, and every bad request with its exit code and the
// words of its one line.
void TestCli::reportCommand_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("said"); // in stderr; for a written report, a word of the file
    QTest::newRow("html") << words("report $witty -o @r.html") << 0
                          << QStringLiteral("data:image/svg+xml;base64,");
    QTest::newRow("pdf") << words("report $witty -o @r.pdf") << 0 << QStringLiteral("%PDF-");
    QTest::newRow("with a comparison")
        << words("report $witty --compare $hwloc/16amd64-4distances.xml -o @c.html") << 0
        << QStringLiteral("not running");
    QTest::newRow("a topology") << words("report $hwloc/16amd64-4distances.xml -o @t.html") << 0
                                << QStringLiteral("has no CPU time per process");
    QTest::newRow("no -o") << words("report $witty") << 2 << QStringLiteral("usage: numasight-cli report");
    QTest::newRow("not html or pdf") << words("report $witty -o @r.txt") << 2
                                     << QStringLiteral(".html or .pdf");
    QTest::newRow("two files") << words("report $witty $witty -o @r.html") << 2 << QStringLiteral("usage");
    QTest::newRow("the input as output")
        << words("report @in.html -o @in.html") << 2 << QStringLiteral("would overwrite it");
    QTest::newRow("a snapshot past the end")
        << words("report $witty --snapshot 3 -o @r.html") << 2 << QStringLiteral("snapshot 3");
    QTest::newRow("a missing input") << words("report /nonexistent/g.json -o @r.html") << 1
                                     << QStringLiteral("/nonexistent/g.json");
    QTest::newRow("a missing comparison") << words("report $witty --compare /nonexistent/b.json -o @r.html")
                                          << 1 << QStringLiteral("/nonexistent/b.json");
    QTest::newRow("an unwritable folder")
        << words("report $witty -o /nonexistent/dir/r.html") << 1 << QStringLiteral("cannot write");
}

void TestCli::reportCommand()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, said);
    args = inDir(args);
    if (args.contains(m_dir.filePath(QStringLiteral("in.html")))) {
        QFile in(m_dir.filePath(QStringLiteral("in.html")));
        QVERIFY(in.open(QIODevice::WriteOnly));
    }
    const ProcessRun r = cli(args);
    QCOMPARE(r.exitCode, exitCode);
    if (exitCode != 0) {
        QVERIFY2(QString::fromUtf8(r.err).contains(said), r.err.constData());
        QCOMPARE(r.err.count('\n'), 1);
        return;
    }
    QVERIFY2(r.err.isEmpty(), r.err.constData());
    QFile out(args.at(args.indexOf(QStringLiteral("-o")) + 1));
    QVERIFY(out.open(QIODevice::ReadOnly));
    QVERIFY2(QString::fromLatin1(out.readAll()).contains(said), qPrintable(said));
}

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
