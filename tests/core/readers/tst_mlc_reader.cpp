// SPDX-License-Identifier: GPL-3.0-or-later
// Intel MLC's text output: real runs from public sources (tests/data/mlc/README.md) parsed into matrices,
// mapped onto topologies, and malformed variants of them refused with line:column.
#include "measure/measurement.h"
#include "readers/hwloc_reader.h"
#include "readers/mlc_reader.h"

#include <QFile>
#include <QStringEncoder>
#include <QTest>

#include <cmath>

using namespace numasight;

namespace {

QString data(const QString& name)
{
    return QStringLiteral(NUMASIGHT_TEST_DATA "/mlc/") + name;
}

QByteArray readData(const QString& name)
{
    QFile f(data(name));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QString join(const std::vector<int>& v)
{
    QStringList out;
    for (int x : v)
        out << QString::number(x);
    return out.join(QLatin1Char(' '));
}

QString join(const std::vector<double>& v)
{
    QStringList out;
    for (double x : v)
        out << (std::isnan(x) ? QStringLiteral("-") : QString::number(x, 'f', 1));
    return out.join(QLatin1Char(' '));
}

} // namespace

class TestMlcReader : public QObject
{
    Q_OBJECT
private slots:
    void realOutput_data();
    void realOutput();
    void ontoTopology();
    void importKeepsTopology();
    void topologyMismatch();
    void headerVariants_data();
    void headerVariants();
    void malformed_data();
    void malformed();
};

void TestMlcReader::realOutput_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("version");
    QTest::addColumn<QString>("latencyRows");
    QTest::addColumn<QString>("latencyColumns");
    QTest::addColumn<QString>("latency"); // row-major, one decimal as mlc prints
    QTest::addColumn<QString>("access");
    QTest::addColumn<QString>("bandwidthRows");
    QTest::addColumn<QString>("bandwidth");
    QTest::addColumn<QString>("traffic");

    // Numbers copied by hand from the files (see tests/data/mlc/README.md for where they come from).
    QTest::newRow("cascadelake default run")
        << QStringLiteral("cascadelake-default-run.txt") << QStringLiteral("v3.10") << QStringLiteral("0 1")
        << QStringLiteral("0 1") << QStringLiteral("80.8 140.4 141.6 81.5") << QStringLiteral("random")
        << QStringLiteral("0 1") << QStringLiteral("113073.7 34305.5 34322.2 112810.7")
        << QStringLiteral("Read-only");
    QTest::newRow("granite rapids SNC-3 default run")
        << QStringLiteral("granite-rapids-default-run.txt") << QStringLiteral("v3.11a")
        << QStringLiteral("0 1 2 3 4 5") << QStringLiteral("0 1 2 3 4 5")
        << QStringLiteral("96.2 116.2 137.9 252.0 264.2 247.6 "
                          "117.7 95.2 134.9 223.7 242.0 241.2 "
                          "157.6 112.7 95.7 269.9 265.8 204.4 "
                          "205.7 260.6 244.8 95.3 116.0 135.4 "
                          "224.5 241.7 226.5 109.5 95.1 116.1 "
                          "246.8 239.9 205.3 131.1 110.5 115.2")
        << QStringLiteral("random") << QStringLiteral("0 1 2 3 4 5")
        << QStringLiteral("194770.2 193664.2 192995.9 93136.6 82074.1 95020.5 "
                          "193358.1 194533.3 194102.0 95382.1 82566.1 95255.6 "
                          "192369.4 193490.7 195131.6 95428.2 88021.5 93858.1 "
                          "93643.9 83380.1 94795.5 193844.4 193082.3 192759.1 "
                          "95318.0 84699.4 94592.4 193317.6 194035.8 193952.0 "
                          "95319.5 88375.8 93006.5 192573.2 192910.4 194708.2")
        << QStringLiteral("Read-only");
    // CPU-less CXL memory as node 1: one row, two columns.
    QTest::newRow("CXL expander, --latency_matrix and --bandwidth_matrix")
        << QStringLiteral("cxl-expander-matrices.txt") << QStringLiteral("v3.9") << QStringLiteral("0")
        << QStringLiteral("0 1") << QStringLiteral("84.5 564.5") << QString() << QStringLiteral("0")
        << QStringLiteral("30562.8 4795.3") << QStringLiteral("Read-only");
}

void TestMlcReader::realOutput()
{
    QFETCH(QString, file);
    QFETCH(QString, version);
    QFETCH(QString, latencyRows);
    QFETCH(QString, latencyColumns);
    QFETCH(QString, latency);
    QFETCH(QString, access);
    QFETCH(QString, bandwidthRows);
    QFETCH(QString, bandwidth);
    QFETCH(QString, traffic);
    const auto r = readMlcFile(data(file));
    QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().toString()));
    QCOMPARE(r->version, version);
    QVERIFY(r->latency);
    QCOMPARE(r->latency->unit, QStringLiteral("ns"));
    QCOMPARE(join(r->latency->rowNodes), latencyRows);
    QCOMPARE(join(r->latency->columnNodes), latencyColumns);
    QCOMPARE(join(r->latency->values), latency);
    QCOMPARE(r->latency->detail, access);
    QVERIFY(r->bandwidth);
    QCOMPARE(r->bandwidth->unit, QStringLiteral("MB/s"));
    QCOMPARE(join(r->bandwidth->rowNodes), bandwidthRows);
    QCOMPARE(join(r->bandwidth->columnNodes), latencyColumns);
    QCOMPARE(join(r->bandwidth->values), bandwidth);
    QCOMPARE(r->bandwidth->detail, traffic);
}

void TestMlcReader::ontoTopology()
{
    // The CXL box: node 1 is memory only. On a two-node topology the latency matrix gets node 0's row and
    // nothing (NaN) in node 1's.
    const auto topology = readHwlocSynthetic(QStringLiteral("pack:2 [numa] core:2 pu:1"));
    QVERIFY(topology.ok());
    const Snapshot& s = *topology.value()->snapshots.front();
    const auto mlc = readMlcFile(data(QStringLiteral("cxl-expander-matrices.txt")));
    QVERIFY(mlc.ok());
    const auto matrices = mlcMatrices(mlc.value(), s);
    QVERIFY2(matrices.ok(), matrices.ok() ? "" : qPrintable(matrices.error().toString()));
    QCOMPARE(matrices->size(), size_t(2));
    const DistanceMatrix& lat = matrices->at(0);
    QCOMPARE(lat.name, QStringLiteral("MlcLatency"));
    QCOMPARE(lat.unit, QStringLiteral("ns"));
    QCOMPARE(lat.fromOs, false);
    QCOMPARE(lat.size(), 2);
    QCOMPARE(s.entity(lat.objects[0]).osIndex, 0);
    QCOMPARE(s.entity(lat.objects[1]).osIndex, 1);
    QCOMPARE(join(lat.values), QStringLiteral("84.5 564.5 - -"));
    const DistanceMatrix& bw = matrices->at(1);
    QCOMPARE(bw.name, QStringLiteral("MlcBandwidth"));
    QCOMPARE(bw.unit, QStringLiteral("MB/s"));
    QCOMPARE(join(bw.values), QStringLiteral("30562.8 4795.3 - -"));
}

void TestMlcReader::importKeepsTopology()
{
    // A real two-socket topology from the hwloc fixtures, as `measure --import-mlc FILE --topology XML` reads
    // it.
    const auto topology =
        readHwlocXmlFile(QStringLiteral(NUMASIGHT_FIXTURES "/hwloc/32em64t-2n8c2t-pci-normalio.xml"));
    QVERIFY(topology.ok());
    const auto imported = importMlc(data(QStringLiteral("cascadelake-default-run.txt")), *topology.value());
    QVERIFY2(imported.ok(), imported.ok() ? "" : qPrintable(imported.error().toString()));
    const Capture& c = *imported.value();
    QCOMPARE(c.source.extra.value(QStringLiteral("mlc.version")), QStringLiteral("v3.10"));
    QCOMPARE(c.source.extra.value(QStringLiteral("mlc.latency_access")), QStringLiteral("random"));
    const Snapshot& s = *c.snapshots.front();
    const Snapshot& original = *topology.value()->snapshots.front();
    QCOMPARE(s.entities().size(), original.entities().size());
    QCOMPARE(s.edges().size(), original.edges().size());
    // The firmware matrix is kept; the two MLC matrices come after it.
    QCOMPARE(s.distances().size(), original.distances().size() + 2);
    QVERIFY(s.numaDistances());
    QCOMPARE(join(s.distances()[original.distances().size()].values),
             QStringLiteral("80.8 140.4 141.6 81.5"));
    QCOMPARE(join(s.distances()[original.distances().size() + 1].values),
             QStringLiteral("113073.7 34305.5 34322.2 112810.7"));
    // Importing again replaces rather than piles up.
    const auto again = importMlc(data(QStringLiteral("cascadelake-default-run.txt")), c);
    QVERIFY(again.ok());
    QCOMPARE(again.value()->snapshots.front()->distances().size(), original.distances().size() + 2);
}

void TestMlcReader::topologyMismatch()
{
    const auto topology = readHwlocSynthetic(QStringLiteral("pack:2 [numa] core:2 pu:1"));
    QVERIFY(topology.ok());
    const auto r = importMlc(data(QStringLiteral("granite-rapids-default-run.txt")), *topology.value());
    QVERIFY(!r.ok());
    QCOMPARE(
        r.error().toString(),
        data(QStringLiteral("granite-rapids-default-run.txt")) +
            QStringLiteral(":4:1: mlc measured NUMA node 2, which the topology does not have (its nodes: "
                           "0,1); give the topology of the machine mlc ran on"));
}

// The matrix captions and headers MLC has printed: "Numa node" over "Numa node 0 1" (v3.6 on), "Memory node"
// over "Socket 0 1" (v3.5 and earlier, whose banner may come twice), and a header without a caption. Each
// variant is made from the real cascadelake run, so the numbers stay those of tests/data/mlc.
void TestMlcReader::headerVariants_data()
{
    QTest::addColumn<QByteArray>("text");
    const QByteArray cascade = readData(QStringLiteral("cascadelake-default-run.txt"));
    QVERIFY(!cascade.isEmpty());
    const auto edit = [&](std::initializer_list<std::pair<const char*, const char*>> replacements) {
        QByteArray out = cascade;
        for (const auto& [from, to] : replacements)
            out.replace(from, to);
        return out;
    };
    QTest::newRow("v3.10 as printed") << cascade;
    QTest::newRow("v3.5: Memory node / Socket, banner twice")
        << edit({{"\t\tNuma node\n", "\t\tMemory node\n"},
                 {"Numa node\t", "Socket\t"},
                 {"Intel(R) Memory Latency Checker - v3.10\n",
                  "Intel(R) Memory Latency Checker - v3.5\nIntel(R) Memory Latency Checker - v3.5\n"}});
    QTest::newRow("Socket header indented, CRLF")
        << edit({{"\t\tNuma node\n", "\t\tMemory node\n"}, {"Numa node\t", " Socket\t"}, {"\n", "\r\n"}});
    QTest::newRow("no caption") << edit({{"\t\tNuma node\n", ""}});
    QTest::newRow("Node header, no caption") << edit({{"\t\tNuma node\n", ""}, {"Numa node\t", "Node\t"}});
    // Redirected on Windows (PowerShell 5 writes UTF-16 LE with a byte order mark) or saved by an editor.
    const QString text = QString::fromUtf8(cascade);
    const auto encoded = [&](QStringConverter::Encoding encoding) {
        QStringEncoder encoder(encoding, QStringConverter::Flag::WriteBom);
        return QByteArray(encoder.encode(text));
    };
    QTest::newRow("UTF-16 LE with a byte order mark, CRLF")
        << encoded(QStringConverter::Utf16LE).replace(QByteArray("\n\0", 2), QByteArray("\r\0\n\0", 4));
    QTest::newRow("UTF-16 BE with a byte order mark") << encoded(QStringConverter::Utf16BE);
    QTest::newRow("UTF-8 with a byte order mark") << encoded(QStringConverter::Utf8);
    QTest::newRow("banner between heading and matrix")
        << edit({{"\t\tNuma node\n", "Intel(R) Memory Latency Checker - v3.10\n\t\tNuma node\n"}});
}

void TestMlcReader::headerVariants()
{
    QFETCH(QByteArray, text);
    const auto r = parseMlcOutput(text);
    QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().toString()));
    QVERIFY(r->latency && r->bandwidth);
    QCOMPARE(join(r->latency->rowNodes), QStringLiteral("0 1"));
    QCOMPARE(join(r->latency->columnNodes), QStringLiteral("0 1"));
    QCOMPARE(join(r->latency->values), QStringLiteral("80.8 140.4 141.6 81.5"));
    QCOMPARE(join(r->bandwidth->values), QStringLiteral("113073.7 34305.5 34322.2 112810.7"));
}

void TestMlcReader::malformed_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("error");

    const QByteArray cascade = readData(QStringLiteral("cascadelake-default-run.txt"));
    const QByteArray cxl = readData(QStringLiteral("cxl-expander-matrices.txt"));
    QVERIFY(!cascade.isEmpty() && !cxl.isEmpty());
    const auto upToLine = [](const QByteArray& text, int lines) {
        qsizetype at = 0;
        for (int i = 0; i < lines; ++i)
            at = text.indexOf('\n', at) + 1;
        return text.left(at);
    };

    QTest::newRow("not mlc") << QByteArray("hello\nworld\n")
                             << QStringLiteral(
                                    "mlc output:1:1: no latency or bandwidth matrix found; expected the "
                                    "output of mlc --latency_matrix, mlc --bandwidth_matrix or a plain "
                                    "mlc run");
    QTest::newRow("empty") << QByteArray()
                           << QStringLiteral("mlc output:1:1: no latency or bandwidth matrix found; "
                                             "expected the output of mlc --latency_matrix, mlc "
                                             "--bandwidth_matrix or a plain mlc run");
    // Cut after the heading, after the caption, after the header, inside a row.
    QTest::newRow("cut after the heading")
        << upToLine(cascade, 4)
        << QStringLiteral(
               "mlc output:4:1: 'Measuring idle latencies for random access (in ns)...' is not followed "
               "by its matrix: the output is truncated");
    QTest::newRow("cut after the caption")
        << upToLine(cascade, 5)
        << QStringLiteral(
               "mlc output:6:1: 'Numa node' at line 5 is not followed by the matrix header: the output "
               "is truncated");
    QTest::newRow("cut after the header")
        << upToLine(cascade, 6)
        << QStringLiteral(
               "mlc output:7:1: the matrix header at line 6 is not followed by any row: the output is "
               "truncated");
    QTest::newRow("cut inside a row")
        << upToLine(cascade, 7) + QByteArray("       1\t 141.6")
        << QStringLiteral("mlc output:8:16: node 1's row has 1 of 2 values: the output is truncated");
    QByteArray garbled = cascade;
    garbled.replace("141.6", "14x.6");
    QTest::newRow("garbled value")
        << garbled
        << QStringLiteral("mlc output:8:11: expected a latency in ns for node 1 → node 0, got '14x.6'");
    QByteArray extra = cascade;
    extra.replace("113073.7\t34305.5\t", "113073.7\t34305.5\t999.0\t");
    QTest::newRow("extra value") << extra
                                 << QStringLiteral(
                                        "mlc output:26:27: node 0's row has 3 values, the header 2 nodes");
    QByteArray twice = cascade;
    twice.replace("       1\t 141.6\t  81.5", "       0\t 141.6\t  81.5");
    QTest::newRow("row twice") << twice << QStringLiteral("mlc output:8:8: a second row for node 0");
    QByteArray header = cascade;
    header.replace("Numa node\t     0\t     1\t\n       0\t  80.8",
                   "Numa node\t     0\t     x\t\n       0\t  80.8");
    QTest::newRow("bad header") << header
                                << QStringLiteral(
                                       "mlc output:6:23: expected a node number in the header, got 'x'");
    QByteArray unit = cxl;
    unit.replace("Bandwidths are in MB/sec", "Bandwidths are in GB/sec");
    QTest::newRow("unknown unit")
        << unit
        << QStringLiteral("mlc output:17:19: bandwidth unit 'GB/sec' is not MB/sec, the only one mlc prints");
    QTest::newRow("two latency matrices")
        << cxl + cxl
        << QStringLiteral(
               "mlc output:28:1: a second latency matrix (the first is at line 6); import one mlc run "
               "at a time");
    // The next section starts where the matrix should be.
    QByteArray skipped = cascade;
    skipped.remove(skipped.indexOf("\t\tNuma node"),
                   skipped.indexOf("\nMeasuring Peak") - skipped.indexOf("\t\tNuma node"));
    QTest::newRow("heading without matrix")
        << skipped
        << QStringLiteral(
               "mlc output:4:1: 'Measuring idle latencies for random access (in ns)...' is not followed "
               "by its matrix");
}

void TestMlcReader::malformed()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, error);
    const auto r = parseMlcOutput(text);
    QVERIFY(!r.ok());
    QCOMPARE(r.error().toString(), error);
}

QTEST_GUILESS_MAIN(TestMlcReader)
#include "tst_mlc_reader.moc"
