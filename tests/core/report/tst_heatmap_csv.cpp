// SPDX-License-Identifier: GPL-3.0-or-later
// Heatmap CSV: the exact text for a small heatmap, RFC 4180 quoting, and round trips that give back exactly
// the model's numbers; malformed CSV refused with line:column.
#include "analysis/heatmap_data.h"
#include "analysis/matrix_heatmap.h"
#include "readers/hwloc_reader.h"
#include "readers/witty_json_reader.h"
#include "report/heatmap_csv.h"
#include "report/mismatch_csv.h"

#include <QFile>
#include <QTest>

#include <cmath>

using namespace numasight;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

bool sameNumber(double a, double b)
{
    return a == b || (std::isnan(a) && std::isnan(b));
}

HeatmapColumn column(int os)
{
    HeatmapColumn c;
    c.osIndex = os;
    c.ns = QStringLiteral("local");
    c.label = QStringLiteral("node%1").arg(os);
    return c;
}

// Two nodes, a process with an awkward name and one thread.
NodeHeatmap smallHeatmap()
{
    NodeHeatmap h;
    h.metric = HeatmapMetric::CpuShare;
    h.columns = {column(0), column(1)};
    HeatmapRow p;
    p.pid = 4242;
    p.name = QStringLiteral("vllm, \"engine\"");
    p.cpuNs = 2e9;
    p.pages = 1000;
    p.remoteShare = 0.1;
    HeatmapRow t;
    t.kind = HeatmapRowKind::Thread;
    t.pid = 4242;
    t.tid = 4250;
    t.name = QStringLiteral(" worker\n2");
    t.parentRow = 0;
    t.cpuNs = 5e8;
    t.pages = 1000;
    t.remoteShare = 0.25;
    h.rows = {p, t};
    h.values = {0.1, 0.9, 1.0 / 3.0, kNaN};
    return h;
}

} // namespace

class TestHeatmapCsv : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void exactText();
    void fields_data();
    void fields();
    void formulaGuard_data();
    void formulaGuard();
    void numbersReadBack_data();
    void numbersReadBack();
    void wittyRoundTrip_data();
    void wittyRoundTrip();
    void matrixRoundTrip_data();
    void matrixRoundTrip();
    void timeRoundTrip();
    void mismatch_data();
    void mismatch();
    void mismatchQuoting();
    void malformed_data();
    void malformed();

private:
    CapturePtr m_witty;
};

void TestHeatmapCsv::initTestCase()
{
    auto loaded = readWittyJsonFile(QStringLiteral(NUMASIGHT_FIXTURES "/witty-profiler/graph.json"));
    QVERIFY(loaded.ok());
    m_witty = loaded.value();
}

void TestHeatmapCsv::exactText()
{
    const QByteArray csv = heatmapCsv(smallHeatmap());
    QCOMPARE(csv,
             QByteArray("kind,pid,tid,name,node0,node1,on-CPU time,all pages (numa_maps),remote share of "
                        "on-CPU time\r\n"
                        "process,4242,,\"vllm, \"\"engine\"\"\",0.1,0.9,2e+09,1000,0.1\r\n"
                        "thread,4242,4250,\" worker\n2\",0.3333333333333333,,5e+08,1000,0.25\r\n"));
    const auto back = readHeatmapCsv(csv);
    QVERIFY2(back.ok(), back.ok() ? "" : qPrintable(back.error().toString()));
    QCOMPARE(back->columns, (QStringList{QStringLiteral("node0"), QStringLiteral("node1")}));
    QCOMPARE(back->rows.size(), size_t(2));
    QCOMPARE(back->rows[0].name, QStringLiteral("vllm, \"engine\""));
    QCOMPARE(back->rows[0].tid, -1);
    QCOMPARE(back->rows[1].name, QStringLiteral(" worker\n2"));
    QCOMPARE(back->rows[1].kind, QStringLiteral("thread"));
    QCOMPARE(back->rows[1].values[0], 1.0 / 3.0);
    QVERIFY(std::isnan(back->rows[1].values[1]));
    // The named figures after the nodes are read apart from them.
    QCOMPARE(back->measures,
             (QStringList{QStringLiteral("on-CPU time"), QStringLiteral("all pages (numa_maps)"),
                          QStringLiteral("remote share of on-CPU time")}));
    QCOMPARE(back->rows[1].values.size(), size_t(2));
    QCOMPARE(back->rows[1].measures, (std::vector<double>{5e8, 1000, 0.25}));
}

void TestHeatmapCsv::fields_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("field");
    QTest::newRow("plain") << QStringLiteral("python3") << QStringLiteral("python3");
    QTest::newRow("empty") << QString() << QString();
    QTest::newRow("comma") << QStringLiteral("a,b") << QStringLiteral("\"a,b\"");
    QTest::newRow("quote") << QStringLiteral("say \"hi\"") << QStringLiteral("\"say \"\"hi\"\"\"");
    QTest::newRow("CR") << QStringLiteral("a\rb") << QStringLiteral("\"a\rb\"");
    QTest::newRow("LF") << QStringLiteral("a\nb") << QStringLiteral("\"a\nb\"");
    QTest::newRow("leading space") << QStringLiteral(" x") << QStringLiteral("\" x\"");
    QTest::newRow("trailing tab") << QStringLiteral("x\t") << QStringLiteral("\"x\t\"");
    QTest::newRow("inner space") << QStringLiteral("kworker/0:1 H") << QStringLiteral("kworker/0:1 H");
    QTest::newRow("unicode") << QStringLiteral("线程") << QStringLiteral("线程");
}

void TestHeatmapCsv::fields()
{
    QFETCH(QString, text);
    QFETCH(QString, field);
    QCOMPARE(csvField(text), field);
    // And it reads back as one field.
    const auto t = parseCsv(QByteArray("name\r\n") + csvField(text).toUtf8() + QByteArray("\r\n"));
    QVERIFY2(t.ok(), t.ok() ? "" : qPrintable(t.error().toString()));
    if (text.isEmpty())
        return; // an empty last line is a line end, not a record
    QCOMPARE(t->rows.size(), size_t(1));
    QCOMPARE(t->rows[0].front(), text);
}

void TestHeatmapCsv::formulaGuard_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("field"); // as csvRecord() writes it
    QTest::newRow("formula") << "=cmd|' /C calc'!A0"
                             << "'=cmd|' /C calc'!A0";
    QTest::newRow("plus") << "+1+2"
                          << "'+1+2";
    QTest::newRow("at") << "@SUM(A1)"
                        << "'@SUM(A1)";
    QTest::newRow("minus, not a number") << "-bash"
                                         << "'-bash";
    QTest::newRow("lone minus") << "-"
                                << "'-";
    QTest::newRow("negative number") << "-1.5"
                                     << "-1.5";
    QTest::newRow("negative exponent") << "-2e-05"
                                       << "-2e-05";
    QTest::newRow("tab first") << "\t=1"
                               << "'\t=1";
    QTest::newRow("quote then formula") << "'=1"
                                        << "''=1";
    QTest::newRow("quote alone") << "'x"
                                 << "'x";
    QTest::newRow("inner equals") << "a=b"
                                  << "a=b";
    QTest::newRow("formula with comma") << "=A1,B1"
                                        << "\"'=A1,B1\"";
}

// Spreadsheets run what a cell starts with (OWASP CSV injection); the guard reads back away.
void TestHeatmapCsv::formulaGuard()
{
    QFETCH(QString, text);
    QFETCH(QString, field);
    const QByteArray record = csvRecord({text, QStringLiteral("1")});
    QCOMPARE(QString::fromUtf8(record), field + QStringLiteral(",1\r\n"));
    const auto t = parseCsv(QByteArray("name,n\r\n") + record);
    QVERIFY2(t.ok(), t.ok() ? "" : qPrintable(t.error().toString()));
    QCOMPARE(t->rows.at(0).front(), text);
}

void TestHeatmapCsv::numbersReadBack_data()
{
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("text");
    QTest::newRow("0") << 0.0 << QStringLiteral("0");
    QTest::newRow("pages") << 573587.0 << QStringLiteral("573587");
    QTest::newRow("share") << 0.0012786683245703885 << QStringLiteral("0.0012786683245703885");
    QTest::newRow("a third") << 1.0 / 3.0 << QStringLiteral("0.3333333333333333");
    QTest::newRow("tiny") << 6e-07 << QStringLiteral("6e-07");
    QTest::newRow("big") << 1.8446744073709552e19 << QStringLiteral("18446744073709551616");
    QTest::newRow("NaN") << kNaN << QString();
}

void TestHeatmapCsv::numbersReadBack()
{
    QFETCH(double, value);
    QFETCH(QString, text);
    QCOMPARE(csvNumber(value), text);
    const auto m = readMatrixCsv(QStringLiteral("from\\to,node0\r\nnode0,%1\r\n").arg(text).toUtf8());
    QVERIFY2(m.ok(), m.ok() ? "" : qPrintable(m.error().toString()));
    QVERIFY(sameNumber(m->values.front(), value));
}

void TestHeatmapCsv::wittyRoundTrip_data()
{
    QTest::addColumn<QString>("view");
    QTest::newRow("cpu") << QStringLiteral("cpu");
    QTest::newRow("pages") << QStringLiteral("pages");
    QTest::newRow("bytes (all unknown)") << QStringLiteral("bytes");
}

void TestHeatmapCsv::wittyRoundTrip()
{
    QFETCH(QString, view);
    const Snapshot& s = *m_witty->snapshots.front();
    const NodeHeatmapPtr h = view == u"cpu"     ? cpuHeatmap(s)
                             : view == u"pages" ? memoryHeatmap(s, {}, MemoryMeasure::TotalPages)
                                                : memoryHeatmap(s, {}, MemoryMeasure::Bytes);
    const auto back = readHeatmapCsv(heatmapCsv(*h));
    QVERIFY2(back.ok(), back.ok() ? "" : qPrintable(back.error().toString()));
    QCOMPARE(back->columns.size(), qsizetype(h->columnCount()));
    QCOMPARE(back->rows.size(), size_t(h->rowCount()));
    for (int r = 0; r < h->rowCount(); ++r) {
        const HeatmapRow& row = h->rows[size_t(r)];
        const HeatmapCsvRow& csv = back->rows[size_t(r)];
        QCOMPARE(csv.kind,
                 row.kind == HeatmapRowKind::Thread ? QStringLiteral("thread") : QStringLiteral("process"));
        QCOMPARE(csv.pid, row.pid);
        QCOMPARE(csv.tid, row.tid);
        QCOMPARE(csv.name, row.name);
        for (int c = 0; c < h->columnCount(); ++c)
            QVERIFY2(sameNumber(csv.values[size_t(c)], h->value(r, c)),
                     qPrintable(QStringLiteral("row %1 column %2: %3 read back as %4")
                                    .arg(r)
                                    .arg(c)
                                    .arg(h->value(r, c), 0, 'g', 17)
                                    .arg(csv.values[size_t(c)], 0, 'g', 17)));
    }
}

void TestHeatmapCsv::matrixRoundTrip_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<bool>("displayOrder");
    QTest::newRow("24 nodes, natural") << QStringLiteral("192em64t-24n8c2t.xml") << false;
    QTest::newRow("24 nodes, by distance") << QStringLiteral("192em64t-24n8c2t.xml") << true;
    QTest::newRow("memory attribute with holes") << QStringLiteral("8intel64-4n2t-memattrs.xml") << false;
}

void TestHeatmapCsv::matrixRoundTrip()
{
    QFETCH(QString, file);
    QFETCH(bool, displayOrder);
    const auto loaded = readHwlocXmlFile(QStringLiteral(NUMASIGHT_FIXTURES "/hwloc/") + file);
    QVERIFY(loaded.ok());
    const Snapshot& s = *loaded.value()->snapshots.front();
    const MatrixHeatmapPtr m =
        file.contains(QLatin1String("memattrs"))
            ? memoryAttributeHeatmap(s, u"foobar")
            : matrixHeatmap(s, *defaultMatrix(s, MatrixKind::Distance), MatrixOrder::ByDistance);
    const QByteArray csv = matrixCsv(*m, displayOrder);
    QVERIFY(csv.startsWith("from\\to,"));
    const auto back = readMatrixCsv(csv);
    QVERIFY2(back.ok(), back.ok() ? "" : qPrintable(back.error().toString()));
    QCOMPARE(back->rows.size(), qsizetype(m->size()));
    QCOMPARE(back->columns, back->rows);
    for (int r = 0; r < m->size(); ++r) {
        const int row = displayOrder ? m->order[size_t(r)] : r;
        QCOMPARE(back->rows[r], m->objects[size_t(row)].label);
        for (int c = 0; c < m->size(); ++c) {
            const int col = displayOrder ? m->order[size_t(c)] : c;
            QVERIFY(sameNumber(back->values[size_t(r) * size_t(m->size()) + size_t(c)], m->at(row, col)));
        }
    }
}

void TestHeatmapCsv::timeRoundTrip()
{
    TimeHeatmap h;
    h.columns = {column(0), column(1)};
    h.timeNs = {1714564800123000000, 1714564801123000000};
    h.intervalNs = {1000000000, 1000000000};
    h.values = {0.25, 0.75, kNaN, 6e-07};
    const QByteArray csv = timeHeatmapCsv(h);
    QCOMPARE(csv, QByteArray("time_ns,interval_ns,node0,node1\r\n"
                             "1714564800123000000,1000000000,0.25,0.75\r\n"
                             "1714564801123000000,1000000000,,6e-07\r\n"));
    const auto t = parseCsv(csv);
    QVERIFY(t.ok());
    QCOMPARE(t->rows.size(), size_t(2));
    QCOMPARE(t->rows[1][3].toDouble(), 6e-07);
}

void TestHeatmapCsv::mismatch_data()
{
    QTest::addColumn<bool>("matrix");
    QTest::addColumn<QString>("expected"); // in tests/data/report
    QTest::newRow("mismatch processes") << false << QStringLiteral("witty-mismatch.csv");
    QTest::newRow("access matrix") << true << QStringLiteral("witty-access-matrix.csv");
}

// The mismatch view of the witty graph, byte for byte as the Heatmaps tab has always written it.
void TestHeatmapCsv::mismatch()
{
    QFETCH(bool, matrix);
    QFETCH(QString, expected);
    QFile golden(QStringLiteral(NUMASIGHT_TEST_DATA "/report/") + expected);
    QVERIFY2(golden.open(QIODevice::ReadOnly), qPrintable(golden.fileName()));
    const MismatchViewPtr v = mismatchRows(*m_witty->snapshots.front());
    const QByteArray csv = matrix ? mismatchAccessMatrixCsv(*v) : mismatchProcessesCsv(*v);
    const QList<QByteArray> lines = csv.split('\n'), goldenLines = golden.readAll().split('\n');
    for (qsizetype i = 0; i < std::min(lines.size(), goldenLines.size()); ++i)
        QCOMPARE(lines[i], goldenLines[i]);
    QCOMPARE(lines.size(), goldenLines.size());
    const auto t = parseCsv(csv);
    QVERIFY2(t.ok(), t.ok() ? "" : qPrintable(t.error().toString()));
    QCOMPARE(t->rows.size(), matrix ? v->columns.size() : v->rows.size());
}

// Names and labels are quoted as every field is; accelerators' nodes are one field.
void TestHeatmapCsv::mismatchQuoting()
{
    MismatchView v;
    v.columns = {column(0), column(1)};
    MismatchRow r;
    r.pid = 7;
    r.name = QStringLiteral("a, \"b\"");
    r.cpuColumn = 0;
    r.memoryColumn = 1;
    r.acceleratorColumns = {0, 1};
    r.localShare = 0.25;
    v.rows = {r};
    v.cpuShares = {1, 0};
    v.memoryShares = {0.25, kNaN};
    v.accessMatrix = {0.5, 0.5};
    QCOMPARE(mismatchProcessesCsv(v),
             QByteArray("pid,name,cpu_node,memory_node,accelerator_nodes,local_share,cpu:node0,cpu:node1,"
                        "memory:node0,memory:node1\r\n"
                        "7,\"a, \"\"b\"\"\",node0,node1,node0 node1,0.25,1,0,0.25,\r\n"));
    // A matrix shorter than the columns: the missing cells are unknown.
    QCOMPARE(mismatchAccessMatrixCsv(v),
             QByteArray("cpu\\memory,node0,node1\r\nnode0,0.5,0.5\r\nnode1,,\r\n"));
}

void TestHeatmapCsv::malformed_data()
{
    QTest::addColumn<QByteArray>("csv");
    QTest::addColumn<bool>("matrix");
    QTest::addColumn<QString>("error");
    const QByteArray header = "kind,pid,tid,name,node0,node1\r\n";
    QTest::newRow("empty") << QByteArray() << false
                           << QStringLiteral("CSV:1:1: empty file: expected a header line");
    QTest::newRow("unterminated quote")
        << header + "process,1,,\"python,0.5,0.5\r\n"
        << false
        << QStringLiteral("CSV:2:12: the quoted field that starts here never ends (the file is truncated?)");
    QTest::newRow("quote inside a field")
        << header + "process,1,,py\"thon,0.5,0.5\r\n"
        << false
        << QStringLiteral("CSV:2:14: a quote inside an unquoted field; quote the whole field and double the "
                          "quotes in it");
    QTest::newRow("text after the closing quote")
        << header + "process,1,,\"py\"thon,0.5,0.5\r\n"
        << false
        << QStringLiteral(
               "CSV:2:16: text after a closing quote; a quoted field must end at a comma or the line end");
    QTest::newRow("missing field (truncated line)")
        << header + "process,1,,python,0.5\r\n"
        << false << QStringLiteral("CSV:2:1: 5 field(s) where the header has 6");
    QTest::newRow("extra field") << header + "process,1,,python,0.5,0.5,9\r\n"
                                 << false << QStringLiteral("CSV:2:1: 7 field(s) where the header has 6");
    QTest::newRow("not a heatmap header")
        << QByteArray("pid,name,node0\r\n1,x,0\r\n") << false
        << QStringLiteral("CSV:1:1: expected the header kind,pid,tid,name followed "
                          "by one column per NUMA node");
    QTest::newRow("header without nodes")
        << QByteArray("kind,pid,tid,name\r\n") << false
        << QStringLiteral("CSV:1:1: expected the header kind,pid,tid,name followed "
                          "by one column per NUMA node");
    QTest::newRow("named figures without nodes")
        << QByteArray("kind,pid,tid,name,on-CPU time\r\nprocess,1,,x,5\r\n") << false
        << QStringLiteral("CSV:1:1: expected the header kind,pid,tid,name followed "
                          "by one column per NUMA node");
    QTest::newRow("bad kind") << header + "container,1,,x,0,1\r\n"
                              << false
                              << QStringLiteral("CSV:2:1: kind must be process or thread, not 'container'");
    QTest::newRow("bad pid") << header + "process,one,,x,0,1\r\n"
                             << false << QStringLiteral("CSV:2:9: pid 'one' is not a number");
    QTest::newRow("thread without tid") << header + "thread,1,,x,0,1\r\n"
                                        << false << QStringLiteral("CSV:2:10: a thread row needs a tid");
    QTest::newRow("garbled value") << header + "process,1,,x,0.5,0.5x\r\n"
                                   << false
                                   << QStringLiteral("CSV:2:18: '0.5x' in column node1 is not a number");
    QTest::newRow("value with spaces")
        << header + "process,1,,x, 0.5,0.5\r\n"
        << false << QStringLiteral("CSV:2:14: ' 0.5' in column node0 is not a number");
    QTest::newRow("infinite value") << header + "process,1,,x,inf,0.5\r\n"
                                    << false
                                    << QStringLiteral("CSV:2:14: 'inf' in column node0 is not a number");
    QTest::newRow("matrix header")
        << QByteArray("from,node0\r\nnode0,10\r\n") << true
        << QStringLiteral("CSV:1:1: expected the header from\\to followed by one column per node");
    QTest::newRow("matrix value") << QByteArray("from\\to,node0,node1\r\nnode0,10,2O\r\n") << true
                                  << QStringLiteral("CSV:2:10: '2O' in column node1 is not a number");
    QTest::newRow("matrix row cut") << QByteArray("from\\to,node0,node1\r\nnode0,10,20\r\nnode1,20") << true
                                    << QStringLiteral("CSV:3:1: 2 field(s) where the header has 3");
}

void TestHeatmapCsv::malformed()
{
    QFETCH(QByteArray, csv);
    QFETCH(bool, matrix);
    QFETCH(QString, error);
    if (matrix) {
        const auto r = readMatrixCsv(csv);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().toString(), error);
    } else {
        const auto r = readHeatmapCsv(csv);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().toString(), error);
    }
}

QTEST_GUILESS_MAIN(TestHeatmapCsv)
#include "tst_heatmap_csv.moc"
