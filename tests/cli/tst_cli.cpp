// Runs the real numasight-cli binary, as a user would, and checks its output, exit codes and files.
#include "support/test_process.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSet>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using namespace numasight::test;

namespace {
ProcessRun cli(const QStringList& args)
{
    return runProcess(QStringLiteral(NUMASIGHT_CLI), args);
}

QJsonObject infoJson(const QString& file)
{
    const ProcessRun r = cli({QStringLiteral("info"), file, QStringLiteral("--json")});
    if (r.exitCode != 0)
        qWarning() << "info failed:" << r.err;
    return QJsonDocument::fromJson(r.out).object();
}

const QString kWitty = QStringLiteral(NUMASIGHT_FIXTURES "/witty-profiler/graph.json");
const QString kHwloc = QStringLiteral(NUMASIGHT_FIXTURES "/hwloc/");

QString rowString(const QJsonValue& v)
{
    QStringList parts;
    for (const QJsonValue& x : v.toArray())
        parts << QString::number(x.toInteger());
    return parts.join(QLatin1Char(' '));
}
} // namespace

class TestCli : public QObject
{
    Q_OBJECT
private slots:
    void infoWitty();
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
    void exportGraph_data();
    void exportGraph();
    void exportPngResolution();
    void exportHeatmapSize();
    void exportWithoutHelper();
    void exportCommandLine_data();
    void exportCommandLine();

private:
    QTemporaryDir m_dir;
};

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
    QTest::addColumn<QByteArray>("content"); // written to bad.input when not empty
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message");
    const QString bad = QStringLiteral("@bad");
    QTest::newRow("no command") << QStringList{} << QByteArray() << 2 << "Usage";
    QTest::newRow("unknown command") << QStringList{QStringLiteral("frobnicate")} << QByteArray() << 2
                                     << "unknown command 'frobnicate'";
    QTest::newRow("info without file")
        << QStringList{QStringLiteral("info")} << QByteArray() << 2 << "exactly one FILE";
    QTest::newRow("missing file") << QStringList{QStringLiteral("info"),
                                                 QStringLiteral("/nonexistent/x.json")}
                                  << QByteArray() << 1 << "/nonexistent/x.json";
    QTest::newRow("empty file") << QStringList{QStringLiteral("info"), bad} << QByteArray(" ") << 1
                                << "bad.input";
    QTest::newRow("truncated json") << QStringList{QStringLiteral("info"), bad}
                                    << QByteArray("{\"nodes\": [{\"entity_type\": \"Proc") << 1
                                    << "bad.input:1:";
    QTest::newRow("not hwloc xml") << QStringList{QStringLiteral("info"), bad} << QByteArray("<html></html>")
                                   << 1 << "bad.input";
    QTest::newRow("convert without -o")
        << QStringList{QStringLiteral("convert"), kWitty} << QByteArray() << 2 << "usage";
    QTest::newRow("convert to unknown extension")
        << QStringList{QStringLiteral("convert"), kWitty, QStringLiteral("-o"), QStringLiteral("out.txt")}
        << QByteArray() << 2 << "cannot tell the output format";
    QTest::newRow("record without -o")
        << QStringList{QStringLiteral("record"), QStringLiteral("--duration"), QStringLiteral("1s")}
        << QByteArray() << 2 << "usage: numasight-cli record";
    QTest::newRow("record, bad duration")
        << QStringList{QStringLiteral("record"), QStringLiteral("--duration"), QStringLiteral("soon"),
                       QStringLiteral("-o"), QStringLiteral("@rec.numasight")}
        << QByteArray() << 2 << "--duration: 'soon' is not a duration; write it like 500ms";
    QTest::newRow("record, zero interval")
        << QStringList{QStringLiteral("record"), QStringLiteral("--interval"), QStringLiteral("0ms"),
                       QStringLiteral("-o"), QStringLiteral("@rec.numasight")}
        << QByteArray() << 2 << "--interval: '0ms' is no time at all";
    QTest::newRow("record, interval longer than duration")
        << QStringList{QStringLiteral("record"),        QStringLiteral("--duration"), QStringLiteral("1s"),
                       QStringLiteral("--interval"),    QStringLiteral("2s"),         QStringLiteral("-o"),
                       QStringLiteral("@rec.numasight")}
        << QByteArray() << 2 << "--interval 2s is longer than --duration 1s";
    QTest::newRow("record, unknown mode")
        << QStringList{QStringLiteral("record"), QStringLiteral("--mode"), QStringLiteral("perf"),
                       QStringLiteral("-o"), QStringLiteral("@rec.numasight")}
        << QByteArray() << 2 << "--mode must be auto, ebpf or procfs, not 'perf'";
    QTest::newRow("record, bad pid") << QStringList{QStringLiteral("record"), QStringLiteral("--pid"),
                                                    QStringLiteral("x1"), QStringLiteral("-o"),
                                                    QStringLiteral("@rec.numasight")}
                                     << QByteArray() << 2 << "--pid takes a process id above 0, not 'x1'";
    QTest::newRow("record, bad regex")
        << QStringList{QStringLiteral("record"), QStringLiteral("--comm"), QStringLiteral("(python"),
                       QStringLiteral("-o"), QStringLiteral("@rec.numasight")}
        << QByteArray() << 2 << "--comm: '(python' is not a regular expression";
    QTest::newRow("record into a missing folder") << QStringList{QStringLiteral("record"),
                                                                 QStringLiteral("--duration"),
                                                                 QStringLiteral("200ms"),
                                                                 QStringLiteral("--interval"),
                                                                 QStringLiteral("100ms"),
                                                                 QStringLiteral("--mode"),
                                                                 QStringLiteral("procfs"),
                                                                 QStringLiteral("-o"),
                                                                 QStringLiteral("@missing/rec.numasight")}
                                                  << QByteArray() << 1 << "missing/rec.numasight: the folder";
    QTest::newRow("convert bad input")
        << QStringList{QStringLiteral("convert"), bad, QStringLiteral("-o"), QStringLiteral("@out.numasight")}
        << QByteArray("[]") << 1 << "bad.input";
    QTest::newRow("attach without -o") << QStringList{QStringLiteral("attach"), QStringLiteral("127.0.0.1:1")}
                                       << QByteArray() << 2 << "usage";
    QTest::newRow("attach without a server")
        << QStringList{QStringLiteral("attach"), QStringLiteral("-o"), QStringLiteral("@a.numasight")}
        << QByteArray() << 2 << "usage";
    QTest::newRow("attach bad interval")
        << QStringList{QStringLiteral("attach"),     QStringLiteral("127.0.0.1:1"),
                       QStringLiteral("--interval"), QStringLiteral("soon"),
                       QStringLiteral("-o"),         QStringLiteral("@a.numasight")}
        << QByteArray() << 2 << "--interval 'soon'";
    QTest::newRow("attach bad count")
        << QStringList{QStringLiteral("attach"),  QStringLiteral("127.0.0.1:1"),
                       QStringLiteral("--count"), QStringLiteral("0"),
                       QStringLiteral("-o"),      QStringLiteral("@a.numasight")}
        << QByteArray() << 2 << "--count '0'";
    QTest::newRow("export, bad view") << QStringList{QStringLiteral("export"), kWitty,
                                                     QStringLiteral("--view"), QStringLiteral("galaxy"),
                                                     QStringLiteral("-o"),     QStringLiteral("@g.svg")}
                                      << QByteArray() << 2
                                      << "--view 'galaxy' is unknown: use machine, dataflow, combined, "
                                         "cpu-heatmap, mem-heatmap, distance, latency "
                                         "or bandwidth";
    QTest::newRow("export, missing file")
        << QStringList{QStringLiteral("export"), QStringLiteral("/nonexistent/x.json"), QStringLiteral("-o"),
                       QStringLiteral("@g.svg")}
        << QByteArray() << 1 << "/nonexistent/x.json";
    QTest::newRow("export to DOT, missing file")
        << QStringList{QStringLiteral("export"), QStringLiteral("/nonexistent/x.json"), QStringLiteral("-o"),
                       QStringLiteral("@g.dot")}
        << QByteArray() << 1 << "/nonexistent/x.json";
    QTest::newRow("export, bad input")
        << QStringList{QStringLiteral("export"), bad, QStringLiteral("-o"), QStringLiteral("@g.png")}
        << QByteArray("<html></html>") << 1 << "bad.input";
    QTest::newRow("export, unknown extension")
        << QStringList{QStringLiteral("export"), kWitty, QStringLiteral("-o"), QStringLiteral("@g.tiff")}
        << QByteArray() << 2 << "cannot tell the format from the extension";
    QTest::newRow("export, unknown format")
        << QStringList{QStringLiteral("export"),   kWitty,
                       QStringLiteral("--format"), QStringLiteral("jpeg"),
                       QStringLiteral("-o"),       QStringLiteral("@g.svg")}
        << QByteArray() << 2 << "--format 'jpeg' is unknown";
    QTest::newRow("export, unknown engine")
        << QStringList{QStringLiteral("export"),   kWitty,
                       QStringLiteral("--engine"), QStringLiteral("circo9"),
                       QStringLiteral("-o"),       QStringLiteral("@g.svg")}
        << QByteArray() << 2 << "--engine 'circo9'";
    QTest::newRow("export, unknown kind")
        << QStringList{QStringLiteral("export"), kWitty,
                       QStringLiteral("--hide"), QStringLiteral("thread,frob"),
                       QStringLiteral("-o"),     QStringLiteral("@g.svg")}
        << QByteArray() << 2 << "--hide 'frob' is not an entity kind";
    QTest::newRow("export, share above 1") << QStringList{QStringLiteral("export"), kWitty,
                                                          QStringLiteral("--min"),  QStringLiteral("150%"),
                                                          QStringLiteral("-o"),     QStringLiteral("@g.svg")}
                                           << QByteArray() << 2 << "--min '150%'";
    QTest::newRow("export, dpi out of range")
        << QStringList{QStringLiteral("export"), kWitty,
                       QStringLiteral("--dpi"),  QStringLiteral("5000"),
                       QStringLiteral("-o"),     QStringLiteral("@g.png")}
        << QByteArray() << 2 << "--dpi '5000' is out of range";
    QTest::newRow("export, snapshot out of range")
        << QStringList{QStringLiteral("export"),     kWitty,
                       QStringLiteral("--snapshot"), QStringLiteral("3"),
                       QStringLiteral("-o"),         QStringLiteral("@g.svg")}
        << QByteArray() << 2 << "--snapshot 3 is out of range";
    QTest::newRow("export into a missing folder")
        << QStringList{QStringLiteral("export"), kWitty, QStringLiteral("-o"),
                       QStringLiteral("@missing/g.pdf")}
        << QByteArray() << 1 << "missing/g.pdf: cannot write";
    const QString xeon = kHwloc + QStringLiteral("192em64t-24n8c2t.xml");
    QTest::newRow("export heatmap, graph format")
        << QStringList{QStringLiteral("export"),   kWitty,
                       QStringLiteral("--view"),   QStringLiteral("cpu-heatmap"),
                       QStringLiteral("--format"), QStringLiteral("dot"),
                       QStringLiteral("-o"),       QStringLiteral("@h.dot")}
        << QByteArray() << 2 << "--format dot does not apply to --view cpu-heatmap: use png, pdf, svg or csv";
    QTest::newRow("export heatmap, unknown extension")
        << QStringList{QStringLiteral("export"), kWitty,
                       QStringLiteral("--view"), QStringLiteral("mem-heatmap"),
                       QStringLiteral("-o"),     QStringLiteral("@h.dot")}
        << QByteArray() << 2 << "name it .png, .pdf, .svg or .csv";
    QTest::newRow("export heatmap, unknown format")
        << QStringList{QStringLiteral("export"),   kWitty,
                       QStringLiteral("--view"),   QStringLiteral("distance"),
                       QStringLiteral("--format"), QStringLiteral("tiff"),
                       QStringLiteral("-o"),       QStringLiteral("@h.tiff")}
        << QByteArray() << 2 << "--format 'tiff' is unknown: use png, pdf, svg or csv";
    QTest::newRow("export graph as csv") << QStringList{QStringLiteral("export"), kWitty,
                                                        QStringLiteral("--view"), QStringLiteral("machine"),
                                                        QStringLiteral("-o"),     QStringLiteral("@g.csv")}
                                         << QByteArray() << 2 << "name it .svg, .png, .pdf or .dot";
    QTest::newRow("export heatmap of a topology")
        << QStringList{QStringLiteral("export"), xeon,
                       QStringLiteral("--view"), QStringLiteral("cpu-heatmap"),
                       QStringLiteral("-o"),     QStringLiteral("@h.png")}
        << QByteArray() << 1 << "has no CPU time per process to draw";
    QTest::newRow("export latency without a matrix")
        << QStringList{QStringLiteral("export"), xeon,
                       QStringLiteral("--view"), QStringLiteral("latency"),
                       QStringLiteral("-o"),     QStringLiteral("@l.svg")}
        << QByteArray() << 1 << "has no latency matrix: measure one";
    QTest::newRow("export latency CSV without a matrix")
        << QStringList{QStringLiteral("export"), xeon,
                       QStringLiteral("--view"), QStringLiteral("latency"),
                       QStringLiteral("-o"),     QStringLiteral("@l.csv")}
        << QByteArray() << 1 << "has no latency matrix: measure one";
    QTest::newRow("export distance of a one-node machine")
        << QStringList{QStringLiteral("export"), kHwloc + QStringLiteral("16em64t-4s2c2t.xml"),
                       QStringLiteral("--view"), QStringLiteral("distance"),
                       QStringLiteral("-o"),     QStringLiteral("@d.png")}
        << QByteArray() << 1 << "has no NUMA distance matrix";
    QTest::newRow("export, bytes of witty pages")
        << QStringList{QStringLiteral("export"),    kWitty,
                       QStringLiteral("--view"),    QStringLiteral("mem-heatmap"),
                       QStringLiteral("--measure"), QStringLiteral("bytes"),
                       QStringLiteral("-o"),        QStringLiteral("@m.png")}
        << QByteArray() << 1 << "has no bytes per node: use --measure total-pages or dirty-anon-pages";
    QTest::newRow("export, measure of a CPU heatmap")
        << QStringList{QStringLiteral("export"),    kWitty,
                       QStringLiteral("--view"),    QStringLiteral("cpu-heatmap"),
                       QStringLiteral("--measure"), QStringLiteral("bytes"),
                       QStringLiteral("-o"),        QStringLiteral("@c.png")}
        << QByteArray() << 2 << "--measure applies to --view mem-heatmap only";
    QTest::newRow("export, unknown sort")
        << QStringList{QStringLiteral("export"), kWitty,
                       QStringLiteral("--view"), QStringLiteral("cpu-heatmap"),
                       QStringLiteral("--sort"), QStringLiteral("colour"),
                       QStringLiteral("-o"),     QStringLiteral("@c.svg")}
        << QByteArray() << 2 << "--sort 'colour' is unknown: use remote, cpu, memory, process or name";
    QTest::newRow("export, size too small")
        << QStringList{QStringLiteral("export"), kWitty,
                       QStringLiteral("--view"), QStringLiteral("cpu-heatmap"),
                       QStringLiteral("--size"), QStringLiteral("10x10"),
                       QStringLiteral("-o"),     QStringLiteral("@c.png")}
        << QByteArray() << 2 << "--size '10x10' is not a picture size";
    QTest::newRow("export, engine of a heatmap")
        << QStringList{QStringLiteral("export"),   kWitty,
                       QStringLiteral("--view"),   QStringLiteral("mem-heatmap"),
                       QStringLiteral("--engine"), QStringLiteral("neato"),
                       QStringLiteral("-o"),       QStringLiteral("@m.png")}
        << QByteArray() << 2 << "--engine applies to graphs only";
    QTest::newRow("export, hide nodes of a heatmap")
        << QStringList{QStringLiteral("export"), kWitty,
                       QStringLiteral("--view"), QStringLiteral("cpu-heatmap"),
                       QStringLiteral("--hide"), QStringLiteral("numa"),
                       QStringLiteral("-o"),     QStringLiteral("@c.png")}
        << QByteArray() << 2 << "heatmaps and matrices can hide threads only";
    QTest::newRow("attach bad url") << QStringList{QStringLiteral("attach"), QStringLiteral("ftp://h/"),
                                                   QStringLiteral("-o"), QStringLiteral("@a.numasight")}
                                    << QByteArray() << 2 << "unsupported scheme 'ftp'";
}

void TestCli::errors()
{
    QFETCH(QStringList, args);
    QFETCH(QByteArray, content);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    const QString badPath = m_dir.filePath(QStringLiteral("bad.input"));
    if (!content.isEmpty()) {
        QFile f(badPath);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(content);
    }
    for (QString& a : args) {
        if (a == QLatin1String("@bad"))
            a = badPath;
        else if (a.startsWith(QLatin1Char('@')))
            a = m_dir.filePath(a.mid(1));
    }
    const ProcessRun r = cli(args);
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
    QProcess probe;
    probe.start(setpriv, asNobody + QStringList{QStringLiteral("--version")});
    if (!probe.waitForFinished(30000) || probe.exitCode() != 0)
        QSKIP("the build folder is not accessible to user nobody");

    QTemporaryDir dir;
    QFile::setPermissions(dir.path(), QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                          QFileDevice::ExeOwner | QFileDevice::ReadOther |
                                          QFileDevice::WriteOther | QFileDevice::ExeOther);
    auto run = [&](const QStringList& args, QByteArray* err) {
        QProcess p;
        p.start(setpriv, asNobody + args);
        p.waitForFinished(60000);
        *err = p.readAllStandardError();
        return p.exitCode();
    };
    QByteArray err;
    const QString refused = dir.filePath(QStringLiteral("refused.numasight"));
    QCOMPARE(run({QStringLiteral("record"), QStringLiteral("--mode"), QStringLiteral("ebpf"),
                  QStringLiteral("-d"), QStringLiteral("300ms"), QStringLiteral("-i"),
                  QStringLiteral("100ms"), QStringLiteral("-o"), refused},
                 &err),
             1);
    QVERIFY2(err.contains("not permitted") && err.contains("--mode procfs"), err.constData());
    QVERIFY(!QFile::exists(refused));

    const QString fallback = dir.filePath(QStringLiteral("fallback.numasight"));
    QCOMPARE(run({QStringLiteral("record"), QStringLiteral("-d"), QStringLiteral("600ms"),
                  QStringLiteral("-i"), QStringLiteral("200ms"), QStringLiteral("-o"), fallback},
                 &err),
             0);
    QVERIFY2(err.contains("recording CPU time with procfs sampling"), err.constData());
    // Other users' processes are summarised, not listed one by one.
    QVERIFY2(err.count('\n') <= 8, err.constData());
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
    QTest::newRow("missing file") << QStringList{QStringLiteral("advise"),
                                                 QStringLiteral("/nonexistent/x.json")}
                                  << 1 << QStringLiteral("/nonexistent/x.json");
    QTest::newRow("no file") << QStringList{QStringLiteral("advise")} << 2 << QString();
    QTest::newRow("snapshot past the end")
        << QStringList{QStringLiteral("advise"), kWitty, QStringLiteral("--snapshot"), QStringLiteral("7")}
        << 2 << QStringLiteral("snapshot");
    QTest::newRow("unknown option") << QStringList{QStringLiteral("advise"), kWitty,
                                                   QStringLiteral("--apply")}
                                    << 2 << QStringLiteral("apply");
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
    QTest::newRow("itself, json") << kWitty << QStringList{QStringLiteral("--json")} << QString();
    QTest::newRow("itself, text") << kWitty << QStringList{} << QStringLiteral("no change above 5 %");
    QTest::newRow("itself, every row")
        << kWitty << QStringList{QStringLiteral("--all")} << QStringLiteral("1895087 python3: CPU node 7, ");
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
    QTest::addColumn<QByteArray>("content"); // written to bad.input when not empty
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message");
    const QString bad = QStringLiteral("@bad");
    QTest::newRow("A missing") << QStringList{QStringLiteral("diff"), QStringLiteral("/nonexistent/a.json"),
                                              kWitty}
                               << QByteArray() << 1 << QStringLiteral("/nonexistent/a.json");
    QTest::newRow("B missing") << QStringList{QStringLiteral("diff"), kWitty,
                                              QStringLiteral("/nonexistent/b.json")}
                               << QByteArray() << 1 << QStringLiteral("/nonexistent/b.json");
    QTest::newRow("B garbage") << QStringList{QStringLiteral("diff"), kWitty, bad}
                               << QByteArray("{\"nodes\": [{\"entity_type\": \"Proc") << 1
                               << QStringLiteral("bad.input:1:");
    QTest::newRow("A unreadable format")
        << QStringList{QStringLiteral("diff"), bad, kWitty} << QByteArray("\x01\x02 not a capture") << 1
        << QStringLiteral("bad.input");
    QTest::newRow("one file") << QStringList{QStringLiteral("diff"), kWitty} << QByteArray() << 2
                              << QStringLiteral("exactly two files");
    QTest::newRow("no file") << QStringList{QStringLiteral("diff")} << QByteArray() << 2
                             << QStringLiteral("exactly two files");
    QTest::newRow("unknown option") << QStringList{QStringLiteral("diff"), kWitty, kWitty,
                                                   QStringLiteral("--frob")}
                                    << QByteArray() << 2 << QStringLiteral("frob");
}

void TestCli::diffErrors()
{
    QFETCH(QStringList, args);
    QFETCH(QByteArray, content);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    const QString badPath = m_dir.filePath(QStringLiteral("bad.input"));
    if (!content.isEmpty()) {
        QFile f(badPath);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(content);
    }
    for (QString& a : args)
        if (a == QLatin1String("@bad"))
            a = badPath;
    const ProcessRun r = cli(args);
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
    const QString dgx2 = kHwloc + QStringLiteral("nvidiaDGX2.xml");
    QTest::newRow("witty combined svg")
        << kWitty << QStringList{} << "w.svg" << QByteArray("<?xml")
        << QByteArrayList{"<svg", "viewBox=", "NUMA 6", "python3 (1895087)"} << QByteArrayList{};
    QTest::newRow("witty machine png")
        << kWitty << QStringList{QStringLiteral("--view"), QStringLiteral("machine")} << "w.png"
        << QByteArray("\x89PNG\r\n\x1a\n") << QByteArrayList{"IHDR", "IDAT"} << QByteArrayList{};
    QTest::newRow("DGX-2 machine pdf")
        << dgx2 << QStringList{QStringLiteral("--view"), QStringLiteral("machine")} << "d.pdf"
        << QByteArray("%PDF-") << QByteArrayList{"/Type /Page\n", "/MediaBox"} << QByteArrayList{};
    QTest::newRow("DGX-2 machine dot")
        << dgx2 << QStringList{QStringLiteral("--view"), QStringLiteral("machine")} << "d.dot" << QByteArray()
        << QByteArrayList{"graph", "cluster_numa0", "0000:5e:00.0"} << QByteArrayList{};
    QTest::newRow("dot, --format over the extension")
        << dgx2
        << QStringList{QStringLiteral("--format"), QStringLiteral("dot"), QStringLiteral("--view"),
                       QStringLiteral("machine")}
        << "d.txt" << QByteArray() << QByteArrayList{"cluster_numa1"} << QByteArrayList{};
    QTest::newRow("dot, a process expanded into its threads")
        << kWitty << QStringList{QStringLiteral("--expand"), QStringLiteral("proc1895087")} << "ex.dot"
        << QByteArray() << QByteArrayList{"cluster_proc1895087", "thr1895087"} << QByteArrayList{};
    QTest::newRow("dot without processes")
        << kWitty << QStringList{QStringLiteral("--hide"), QStringLiteral("process")} << "np.dot"
        << QByteArray() << QByteArrayList{"NUMA 6"} << QByteArrayList{"1895087"};
    QTest::newRow("svg without accelerators, other engine")
        << kWitty
        << QStringList{QStringLiteral("--hide"), QStringLiteral("npu"), QStringLiteral("--engine"),
                       QStringLiteral("fdp")}
        << "na.svg" << QByteArray("<?xml") << QByteArrayList{"NUMA 6", "fdp"} << QByteArrayList{"NPU 0"};
    const QString xeon = kHwloc + QStringLiteral("192em64t-24n8c2t.xml");
    const QString knl = kHwloc + QStringLiteral("64intel64-fakeKNL-SNC4-hybrid.xml");
    QTest::newRow("witty cpu heatmap png")
        << kWitty << QStringList{QStringLiteral("--view"), QStringLiteral("cpu-heatmap")} << "c.png"
        << QByteArray("\x89PNG\r\n\x1a\n") << QByteArrayList{"IHDR", "IDAT"} << QByteArrayList{};
    QTest::newRow("witty cpu heatmap svg, processes only")
        << kWitty
        << QStringList{QStringLiteral("--view"), QStringLiteral("cpu-heatmap"), QStringLiteral("--hide"),
                       QStringLiteral("thread"), QStringLiteral("--sort"),      QStringLiteral("name")}
        << "c.svg" << QByteArray("<?xml")
        << QByteArrayList{"<svg", "python3 (1895087)", "node7", "Share of on-CPU time per NUMA node"}
        << QByteArrayList{"acl_thread"};
    QTest::newRow("witty cpu heatmap svg, busy processes")
        << kWitty
        << QStringList{QStringLiteral("--view"), QStringLiteral("cpu-heatmap"), QStringLiteral("--min"),
                       QStringLiteral("10%")}
        << "busy.svg" << QByteArray("<?xml") << QByteArrayList{"python3 (1894856)", "python3 1895087"}
        << QByteArrayList{"vllm", "dockerd", "acl_thread"}; // each acl_thread has under 7 % (graph.json)
    QTest::newRow("witty memory heatmap pdf")
        << kWitty
        << QStringList{QStringLiteral("--view"), QStringLiteral("mem-heatmap"), QStringLiteral("--measure"),
                       QStringLiteral("dirty-anon-pages")}
        << "m.pdf" << QByteArray("%PDF-") << QByteArrayList{"/Type /Page\n"} << QByteArrayList{};
    QTest::newRow("24-node distances svg")
        << xeon << QStringList{QStringLiteral("--view"), QStringLiteral("distance")} << "d.svg"
        << QByteArray("<?xml") << QByteArrayList{"node23", "NUMA distances (firmware)", ">79<", ">50<"}
        << QByteArrayList{};
    QTest::newRow("KNL bandwidth png")
        << knl << QStringList{QStringLiteral("--view"), QStringLiteral("bandwidth")} << "b.png"
        << QByteArray("\x89PNG\r\n\x1a\n") << QByteArrayList{"IDAT"} << QByteArrayList{};
    // CSV: core alone writes it (numasight-cli), numbers as graph.json and lstopo have them.
    QTest::newRow("witty cpu heatmap csv")
        << kWitty << QStringList{QStringLiteral("--view"), QStringLiteral("cpu-heatmap")} << "c.csv"
        << QByteArray("kind,pid,tid,name,node0,node1,node2,node3,node4,node5,node6,node7\r\n")
        << QByteArrayList{"thread,1895087,1896232,acl_thread,0,0,0,0,0,1,0,0\r\n"} << QByteArrayList{};
    QTest::newRow("distance csv") << kHwloc + QStringLiteral("16amd64-4distances.xml")
                                  << QStringList{QStringLiteral("--view"), QStringLiteral("distance")}
                                  << "d.csv" << QByteArray("from\\to,node0,")
                                  << QByteArrayList{"node3,20,20,20,10,20,20,20,20\r\n"} << QByteArrayList{};
}

void TestCli::exportGraph()
{
    QFETCH(QString, input);
    QFETCH(QStringList, options);
    QFETCH(QString, out);
    QFETCH(QByteArray, magic);
    QFETCH(QByteArrayList, has);
    QFETCH(QByteArrayList, hasNot);
    const QString path = m_dir.filePath(out);
    QFile::remove(path);
    const ProcessRun r =
        cli(QStringList{QStringLiteral("export"), input, QStringLiteral("-o"), path} + options);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY2(r.err.isEmpty(), r.err.constData()); // no Qt chatter from the helper either
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
        const ProcessRun r =
            cli({QStringLiteral("export"), kWitty, QStringLiteral("--view"), QStringLiteral("machine"),
                 QStringLiteral("--dpi"), QString::number(dpi), QStringLiteral("-o"), path});
        QFile f(path);
        if (r.exitCode != 0 || !f.open(QIODevice::ReadOnly))
            return {};
        const QByteArray head = f.read(24); // signature, IHDR length and type, then width and height
        auto be32 = [&head](int at) {
            return int((uchar(head[at]) << 24) | (uchar(head[at + 1]) << 16) | (uchar(head[at + 2]) << 8) |
                       uchar(head[at + 3]));
        };
        return head.size() == 24 ? QSize(be32(16), be32(20)) : QSize();
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
    auto size = [this](const QStringList& options) -> QSize {
        const QString path = m_dir.filePath(QStringLiteral("size.png"));
        QFile::remove(path);
        const ProcessRun r = cli(QStringList{QStringLiteral("export"), kWitty, QStringLiteral("--view"),
                                             QStringLiteral("mem-heatmap"), QStringLiteral("-o"), path} +
                                 options);
        QFile f(path);
        if (r.exitCode != 0 || !f.open(QIODevice::ReadOnly))
            return {};
        const QByteArray head = f.read(24);
        auto be32 = [&head](int at) {
            return int((uchar(head[at]) << 24) | (uchar(head[at + 1]) << 16) | (uchar(head[at + 2]) << 8) |
                       uchar(head[at + 3]));
        };
        return head.size() == 24 ? QSize(be32(16), be32(20)) : QSize();
    };
    QCOMPARE(size({QStringLiteral("--size"), QStringLiteral("800x600")}), QSize(800, 600));
    QCOMPARE(size({QStringLiteral("--size"), QStringLiteral("800x600"), QStringLiteral("--dpi"),
                   QStringLiteral("192")}),
             QSize(1600, 1200));
    const QSize automatic = size({});
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
    QProcess p;
    p.start(cliCopy, {QStringLiteral("export"), kWitty, QStringLiteral("-o"),
                      alone.filePath(QStringLiteral("g.svg"))});
    QVERIFY(p.waitForFinished(60000));
    QCOMPARE(p.exitCode(), 1);
    const QByteArray err = p.readAllStandardError();
    QVERIFY2(err.contains("numasight-export") && err.contains(alone.path().toUtf8()) &&
                 err.contains("--format dot"),
             err.constData());
    QCOMPARE(err.count('\n'), 1);
    QVERIFY(!QFile::exists(alone.filePath(QStringLiteral("g.svg"))));
    p.start(cliCopy, {QStringLiteral("export"), kWitty, QStringLiteral("-o"),
                      alone.filePath(QStringLiteral("g.dot"))});
    QVERIFY(p.waitForFinished(60000));
    QCOMPARE(p.exitCode(), 0);
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

    const QString distances = kHwloc + QStringLiteral("16amd64-4distances.xml");
    const QByteArray cpuCsv("kind,pid,tid,name,node0,node1,node2,node3,node4,node5,node6,node7\r\n"
                            "process,6808,,dockerd,0,0,0,0,0,0,0.1037605951554565,0.8962394048445435\r\n");
    const QByteArray distanceCsv("from\\to,node0,node1,node2,node3,node4,node5,node6,node7\r\n"
                                 "node0,10,20,20,20,20,20,20,20\r\n");
    QTest::newRow("--view cpu-heatmap")
        << QStringList{QStringLiteral("export"),   kWitty,
                       QStringLiteral("--view"),   QStringLiteral("cpu-heatmap"),
                       QStringLiteral("--format"), QStringLiteral("csv")}
        << 0 << QString() << cpuCsv << QString();
    QTest::newRow("--view=cpu-heatmap")
        << QStringList{QStringLiteral("export"), kWitty, QStringLiteral("--view=cpu-heatmap"),
                       QStringLiteral("--format=csv")}
        << 0 << QString() << cpuCsv << QString();
    QTest::newRow("FILE after --") << QStringList{QStringLiteral("export"),
                                                  QStringLiteral("--view"),
                                                  QStringLiteral("distance"),
                                                  QStringLiteral("--format"),
                                                  QStringLiteral("csv"),
                                                  QStringLiteral("--"),
                                                  distances}
                                   << 0 << QString() << distanceCsv << QString();
    QTest::newRow("FILE after --, -o=OUT")
        << QStringList{QStringLiteral("export"), QStringLiteral("--view=distance"),
                       QStringLiteral("-o=@d.csv"), QStringLiteral("--"), distances}
        << 0 << QStringLiteral("d.csv") << distanceCsv << QString();
    QTest::newRow("-o - is standard output")
        << QStringList{QStringLiteral("export"), distances,
                       QStringLiteral("--view"), QStringLiteral("distance"),
                       QStringLiteral("-o"),     QStringLiteral("-")}
        << 0 << QString() << distanceCsv << QString();
    QTest::newRow("the last --view wins: a matrix")
        << QStringList{QStringLiteral("export"),   distances,
                       QStringLiteral("--view"),   QStringLiteral("machine"),
                       QStringLiteral("--view"),   QStringLiteral("distance"),
                       QStringLiteral("--format"), QStringLiteral("csv")}
        << 0 << QString() << distanceCsv << QString();
    QTest::newRow("the last --view wins: a graph")
        << QStringList{QStringLiteral("export"), distances,
                       QStringLiteral("--view"), QStringLiteral("distance"),
                       QStringLiteral("--view"), QStringLiteral("machine"),
                       QStringLiteral("-o"),     QStringLiteral("@m.dot")}
        << 0 << QStringLiteral("m.dot") << QByteArray("digraph \"numasight\"") << QString();
    QTest::newRow("--format csv of a graph view")
        << QStringList{QStringLiteral("export"),   kWitty,
                       QStringLiteral("--view"),   QStringLiteral("machine"),
                       QStringLiteral("--format"), QStringLiteral("csv"),
                       QStringLiteral("-o"),       QStringLiteral("@g.csv")}
        << 2 << QStringLiteral("g.csv") << QByteArray()
        << QStringLiteral("--format csv does not apply to --view machine: use svg, png, pdf or dot");
    QTest::newRow("--format csv without --view")
        << QStringList{QStringLiteral("export"),   kWitty,
                       QStringLiteral("--format"), QStringLiteral("csv"),
                       QStringLiteral("-o"),       QStringLiteral("@g.csv")}
        << 2 << QStringLiteral("g.csv") << QByteArray()
        << QStringLiteral("--format csv does not apply to --view combined: use svg, png, pdf or dot");
    QTest::newRow("a drawing option of a CSV, after --view=")
        << QStringList{QStringLiteral("export"),
                       kWitty,
                       QStringLiteral("--view=mem-heatmap"),
                       QStringLiteral("-o"),
                       QStringLiteral("@m.csv"),
                       QStringLiteral("--hide"),
                       QStringLiteral("thread")}
        << 2 << QStringLiteral("m.csv") << QByteArray()
        << QStringLiteral("numasight-cli: Unknown option 'hide'.");
    QTest::newRow("--help over a CSV") << QStringList{QStringLiteral("export"),   kWitty,
                                                      QStringLiteral("--view"),   QStringLiteral("distance"),
                                                      QStringLiteral("--format"), QStringLiteral("csv"),
                                                      QStringLiteral("--help")}
                                       << 0 << QString() << QByteArray("Usage: ") << QString();
}

void TestCli::exportCommandLine()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, file);
    QFETCH(QByteArray, start);
    QFETCH(QString, error);
    for (QString& a : args)
        a.replace(QLatin1Char('@'), m_dir.path() + QLatin1Char('/'));
    const QString path = file.isEmpty() ? QString() : m_dir.filePath(file);
    if (!path.isEmpty())
        QFile::remove(path);
    const ProcessRun r = cli(args);
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

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
