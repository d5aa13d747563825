// SPDX-License-Identifier: GPL-3.0-or-later
// What `export` builds and writes without drawing: the CPU-share rule behind --min, the rows a heatmap keeps,
// and the DOT and CSV runs from the input to the file, with their messages and exit codes.
#include "report/cpu_share.h"
#include "report/exit_code.h"
#include "report/export_build.h"
#include "report/export_command_line.h"
#include "report/export_write.h"
#include "report/heatmap_csv.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <limits>

using namespace numasight;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
const QString kWitty = QStringLiteral(NUMASIGHT_FIXTURES "/witty-profiler/graph.json");
const QString kHwloc = QStringLiteral(NUMASIGHT_FIXTURES "/hwloc/");

HeatmapRow row(HeatmapRowKind kind, std::int64_t pid, std::int64_t tid, double cpuNs, int parentRow)
{
    HeatmapRow r;
    r.kind = kind;
    r.pid = pid;
    r.tid = tid;
    r.name = QStringLiteral("p%1").arg(pid);
    r.cpuNs = cpuNs;
    r.parentRow = parentRow;
    return r;
}

// Process 1 (80 ns: threads of 60 and 20), process 2 (20 ns: one thread), process 3 (time unknown).
NodeHeatmap threeProcesses()
{
    NodeHeatmap h;
    HeatmapColumn c;
    c.osIndex = 0;
    c.label = QStringLiteral("node0");
    h.columns = {c};
    h.rows = {row(HeatmapRowKind::Process, 1, -1, 80, -1), row(HeatmapRowKind::Thread, 1, 11, 60, 0),
              row(HeatmapRowKind::Thread, 1, 12, 20, 0),   row(HeatmapRowKind::Process, 2, -1, 20, -1),
              row(HeatmapRowKind::Thread, 2, 21, 20, 3),   row(HeatmapRowKind::Process, 3, -1, kNaN, -1)};
    h.values.assign(h.rows.size(), 1.0);
    return h;
}

ExportRequest request(const QStringList& args)
{
    const ExportCommandLine line =
        parseExportCommandLine(QStringList{QStringLiteral("numasight-cli")} + args);
    if (!line.request)
        qWarning("%s", qPrintable(line.error));
    return line.request.value_or(ExportRequest());
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestExportBuild : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void cpuTimeShare_data();
    void cpuTimeShare();
    void heatmapRows_data();
    void heatmapRows();
    void topRows_data();
    void topRows();
    void topRowsSumPages();
    void heatmapErrors_data();
    void heatmapErrors();
    void writeCsv_data();
    void writeCsv();
    void writeDot_data();
    void writeDot();

private:
    QTemporaryDir m_dir;
};

void TestExportBuild::initTestCase()
{
    QVERIFY(m_dir.isValid());
}

void TestExportBuild::cpuTimeShare_data()
{
    QTest::addColumn<double>("cpuNs");
    QTest::addColumn<double>("total");
    QTest::addColumn<double>("share");
    QTest::newRow("a quarter") << 25.0 << 100.0 << 0.25;
    QTest::newRow("all of it") << 100.0 << 100.0 << 1.0;
    QTest::newRow("none") << 0.0 << 100.0 << 0.0;
    QTest::newRow("unknown time") << kNaN << 100.0 << 0.0;
    QTest::newRow("no time at all") << 5.0 << 0.0 << 0.0;
    QTest::newRow("unknown total") << 5.0 << kNaN << 0.0;
}

void TestExportBuild::cpuTimeShare()
{
    QFETCH(double, cpuNs);
    QFETCH(double, total);
    QFETCH(double, share);
    QCOMPARE(numasight::cpuTimeShare(cpuNs, total), share);
}

void TestExportBuild::heatmapRows_data()
{
    QTest::addColumn<QStringList>("options");
    QTest::addColumn<QList<int>>("rows");
    const QStringList byProcess{QStringLiteral("--sort"), QStringLiteral("process"),
                                QStringLiteral("--ascending")};
    QTest::newRow("every row") << byProcess << QList<int>{0, 1, 2, 3, 4, 5};
    // Shares of the 100 ns of processes 1 and 2: a thread's time is in its process, not added again.
    QTest::newRow("--min 15%") << byProcess + QStringList{QStringLiteral("--min"), QStringLiteral("15%")}
                               << QList<int>{0, 1, 2, 3, 4};
    QTest::newRow("--min 0.5") << byProcess + QStringList{QStringLiteral("--min"), QStringLiteral("0.5")}
                               << QList<int>{0, 1};
    QTest::newRow("--hide thread") << byProcess +
                                          QStringList{QStringLiteral("--hide"), QStringLiteral("thread")}
                                   << QList<int>{0, 3, 5};
    QTest::newRow("--hide thread --min 30%")
        << byProcess + QStringList{QStringLiteral("--hide"), QStringLiteral("thread"),
                                   QStringLiteral("--min"), QStringLiteral("30%")}
        << QList<int>{0};
    QTest::newRow("processes by pid, largest first")
        << QStringList{QStringLiteral("--sort"), QStringLiteral("process")} << QList<int>{5, 3, 4, 0, 2, 1};
}

void TestExportBuild::heatmapRows()
{
    QFETCH(QStringList, options);
    QFETCH(QList<int>, rows);
    const NodeHeatmap h = threeProcesses();
    QCOMPARE(totalCpuNs(h), 100.0);
    const ExportRequest q =
        request(QStringList{QStringLiteral("in.json"), QStringLiteral("--view"),
                            QStringLiteral("cpu-heatmap"), QStringLiteral("-o"), QStringLiteral("c.png")} +
                options);
    const std::vector<int> kept = exportHeatmapRows(h, q);
    QCOMPARE(QList<int>(kept.begin(), kept.end()), rows);
}

// --rows: the first N processes with their threads, then one row for the rest; pictures keep 100 by default.
void TestExportBuild::topRows_data()
{
    QTest::addColumn<QStringList>("options");
    QTest::addColumn<QList<qint64>>("ids"); // pid of each process row, tid of each thread row, -1 the sum
    QTest::addColumn<int>("more");
    QTest::addColumn<double>("moreCpuNs");
    const QStringList byProcess{QStringLiteral("--sort"), QStringLiteral("process"),
                                QStringLiteral("--ascending")};
    const auto rows = [](const char* n) {
        return QStringList{QStringLiteral("--rows"), QString::fromUtf8(n)};
    };
    QTest::newRow("default: every one of 3 processes")
        << byProcess << QList<qint64>{1, 11, 12, 2, 21, 3} << 0 << 0.0;
    QTest::newRow("--rows all") << byProcess + rows("all") << QList<qint64>{1, 11, 12, 2, 21, 3} << 0 << 0.0;
    QTest::newRow("--rows 3: all fit")
        << byProcess + rows("3") << QList<qint64>{1, 11, 12, 2, 21, 3} << 0 << 0.0;
    QTest::newRow("--rows 1: one process and its threads")
        << byProcess + rows("1") << QList<qint64>{1, 11, 12, -1} << 2 << 20.0;
    QTest::newRow("--rows 2: an unknown time sums as none")
        << byProcess + rows("2") << QList<qint64>{1, 11, 12, 2, 21, -1} << 1 << 0.0;
    QTest::newRow("--rows 1 --hide thread")
        << byProcess + rows("1") + QStringList{QStringLiteral("--hide"), QStringLiteral("thread")}
        << QList<qint64>{1, -1} << 2 << 20.0;
    QTest::newRow("--rows 1, largest first") << rows("1") << QList<qint64>{1, 11, 12, -1} << 2 << 20.0;
}

void TestExportBuild::topRows()
{
    QFETCH(QStringList, options);
    QFETCH(QList<qint64>, ids);
    QFETCH(int, more);
    QFETCH(double, moreCpuNs);
    const NodeHeatmap h = threeProcesses();
    const ExportRequest q =
        request(QStringList{QStringLiteral("in.json"), QStringLiteral("--view"),
                            QStringLiteral("cpu-heatmap"), QStringLiteral("-o"), QStringLiteral("c.png")} +
                options);
    QCOMPARE(q.rowLimit(), q.rowsSet ? q.rows : kPictureRows);
    const TopHeatmapRows top = topHeatmapRows(h, exportHeatmapRows(h, q), q.rowLimit());
    QList<qint64> got;
    for (int r : top.rows) {
        const HeatmapRow& row = top.heatmap->rows[size_t(r)];
        got << (row.kind == HeatmapRowKind::Thread ? row.tid : row.pid);
        if (row.kind == HeatmapRowKind::Thread) // its process is the row it names
            QCOMPARE(top.heatmap->rows[size_t(row.parentRow)].pid, row.pid);
    }
    QCOMPARE(got, ids);
    QCOMPARE(top.moreProcesses, more);
    QCOMPARE(top.heatmap->rowCount(), int(top.rows.size()));
    if (more > 0) {
        const HeatmapRow& sum = top.heatmap->rows.back();
        QCOMPARE(sum.name, moreProcessesName(more));
        QCOMPARE(sum.name, more == 1 ? QStringLiteral("1 more process")
                                     : QStringLiteral("%1 more processes").arg(more));
        QCOMPARE(sum.cpuNs, moreCpuNs);
        QVERIFY(!sum.entity.isValid());
        QCOMPARE(top.heatmap->value(top.heatmap->rowCount() - 1, 0), 1.0); // shares of shares of 1 stay 1
    }
}

// Pages add up per node; CPU shares are weighed by CPU time.
void TestExportBuild::topRowsSumPages()
{
    NodeHeatmap h;
    h.metric = HeatmapMetric::TotalPages;
    HeatmapColumn a, b;
    a.osIndex = 0;
    b.osIndex = 1;
    h.columns = {a, b};
    for (int pid = 1; pid <= 3; ++pid)
        h.rows.push_back(row(HeatmapRowKind::Process, pid, -1, 10.0 * pid, -1));
    h.rows[0].pages = 10;
    h.rows[1].pages = 10;
    h.rows[2].pages = 3;
    h.values = {10, 0, 5, 5, 1, 2};
    const std::vector<int> order{0, 1, 2};
    const TopHeatmapRows top = topHeatmapRows(h, order, 1);
    QCOMPARE(top.heatmap->rowCount(), 2);
    QCOMPARE(top.heatmap->value(1, 0), 6.0);
    QCOMPARE(top.heatmap->value(1, 1), 7.0);
    QCOMPARE(top.heatmap->rows[1].pages, 13.0);
    QCOMPARE(top.heatmap->rows[1].mainMemoryColumn, 1);
    // As shares: process 2 (20 ns, half on each node) and 3 (30 ns, all on node 1).
    h.metric = HeatmapMetric::CpuShare;
    h.values = {1, 0, 0.5, 0.5, 0, 1};
    const TopHeatmapRows shares = topHeatmapRows(h, order, 1);
    QCOMPARE(shares.heatmap->value(1, 0), 0.2);
    QCOMPARE(shares.heatmap->value(1, 1), 0.8);
}

void TestExportBuild::heatmapErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("error");
    const QString topology = kHwloc + QStringLiteral("16amd64-4distances.xml");
    QTest::newRow("a topology has no CPU time")
        << QStringList{topology, QStringLiteral("--view"), QStringLiteral("cpu-heatmap"),
                       QStringLiteral("-o"), QStringLiteral("c.png")}
        << int(Failed)
        << topology +
               QStringLiteral(" has no CPU time per process to draw: a recording (numasight-cli record) or "
                              "a witty-profiler graph has them, a topology does not");
    QTest::newRow("witty counts no bytes")
        << QStringList{kWitty,
                       QStringLiteral("--view"),
                       QStringLiteral("mem-heatmap"),
                       QStringLiteral("--measure"),
                       QStringLiteral("bytes"),
                       QStringLiteral("-o"),
                       QStringLiteral("m.png")}
        << int(Failed)
        << kWitty + QStringLiteral(" has no bytes per node: use --measure total-pages or dirty-anon-pages");
    QTest::newRow("nothing left after --min")
        << QStringList{kWitty,
                       QStringLiteral("--view"),
                       QStringLiteral("cpu-heatmap"),
                       QStringLiteral("--min"),
                       QStringLiteral("99%"),
                       QStringLiteral("-o"),
                       QStringLiteral("c.png")}
        << int(Failed) << kWitty + QStringLiteral(": no row is left after --min and --hide");
    QTest::newRow("no latency matrix")
        << QStringList{kWitty, QStringLiteral("--view"), QStringLiteral("latency"), QStringLiteral("-o"),
                       QStringLiteral("l.png")}
        << int(Failed)
        << kWitty +
               QStringLiteral(" has no latency matrix: measure one with numasight-cli measure -o FILE, or "
                              "import Intel MLC output with numasight-cli measure --import-mlc");
    QTest::newRow("snapshot past the end")
        << QStringList{kWitty,
                       QStringLiteral("--view"),
                       QStringLiteral("distance"),
                       QStringLiteral("--snapshot"),
                       QStringLiteral("1"),
                       QStringLiteral("-o"),
                       QStringLiteral("d.png")}
        << int(Usage)
        << kWitty + QStringLiteral(": --snapshot 1 is out of range: the file holds 1 snapshot(s)");
}

void TestExportBuild::heatmapErrors()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, error);
    const ExportHeatmap h = buildExportHeatmap(request(args), Progress::none());
    QVERIFY(!h.nodes && !h.matrix);
    QCOMPARE(h.exitCode, exitCode);
    QCOMPARE(h.error, error);
}

void TestExportBuild::writeCsv_data()
{
    QTest::addColumn<QStringList>("args"); // @out: a file in the test's folder
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QByteArray>("start");     // how the file starts; empty when none is written
    QTest::addColumn<QStringList>("messages"); // every line for stderr, in order

    const QString distances = kHwloc + QStringLiteral("16amd64-4distances.xml");
    const QString xeon = kHwloc + QStringLiteral("192em64t-24n8c2t.xml");
    QTest::newRow("cpu heatmap, every row")
        << QStringList{kWitty, QStringLiteral("--view"), QStringLiteral("cpu-heatmap")} << int(Ok)
        << QByteArray(
               "kind,pid,tid,name,node0,node1,node2,node3,node4,node5,node6,node7,on-CPU time,dirty anon "
               "pages (witty),remote share of on-CPU time\r\n"
               "process,6808,,dockerd,0,0,0,0,0,0,0.1037605951554565,0.8962394048445435,17517440,38659,"
               "0.10376059515545655\r\n")
        << QStringList{};
    QTest::newRow("memory heatmap, dirty anonymous pages")
        << QStringList{kWitty, QStringLiteral("--view"), QStringLiteral("mem-heatmap"),
                       QStringLiteral("--measure"), QStringLiteral("dirty-anon-pages")}
        << int(Ok) << QByteArray("kind,pid,tid,name,node0,") << QStringList{};
    QTest::newRow("distances in node order")
        << QStringList{xeon, QStringLiteral("--view"), QStringLiteral("distance")} << int(Ok)
        << QByteArray("from\\to,node0,node1,node2,node3,node4,node5,node6,node7,node8,") << QStringList{};
    // Nodes 0 and 2 share a memory-side cache, as do 1 and 3: near nodes together, rows in that order too.
    QTest::newRow("distances, near nodes together")
        << QStringList{kHwloc + QStringLiteral("memorysidecaches.xml"), QStringLiteral("--view"),
                       QStringLiteral("distance"), QStringLiteral("--order"), QStringLiteral("distance")}
        << int(Ok)
        << QByteArray("from\\to,node0,node2,node1,node3\r\nnode0,10,11,21,21\r\nnode2,11,10,21,21\r\n")
        << QStringList{};
    QTest::newRow("a topology's heatmap: the header alone")
        << QStringList{distances, QStringLiteral("--view"), QStringLiteral("cpu-heatmap")} << int(Ok)
        << QByteArray(
               "kind,pid,tid,name,node0,node1,node2,node3,node4,node5,node6,node7,on-CPU time,dirty anon "
               "pages (witty),remote share of on-CPU time\r\n")
        << QStringList{
               QStringLiteral("warning: ") + distances +
               QStringLiteral(" has no CPU figures per process (neither recording samples nor witty-profiler "
                              "edges): the CSV has its header only")};
    QTest::newRow("no latency matrix")
        << QStringList{kWitty, QStringLiteral("--view"), QStringLiteral("latency")} << int(Failed)
        << QByteArray()
        << QStringList{kWitty +
                       QStringLiteral(" has no latency matrix: measure one with numasight-cli measure -o "
                                      "FILE, or import Intel MLC output with numasight-cli measure "
                                      "--import-mlc")};
    QTest::newRow("snapshot past the end")
        << QStringList{kWitty, QStringLiteral("--view"), QStringLiteral("cpu-heatmap"),
                       QStringLiteral("--snapshot"), QStringLiteral("2")}
        << int(Usage) << QByteArray()
        << QStringList{QStringLiteral("--snapshot 2: ") + kWitty +
                       QStringLiteral(" has 1 snapshot(s), numbered from 0")};
    QTest::newRow("missing input") << QStringList{QStringLiteral("/nonexistent/in.json"),
                                                  QStringLiteral("--view"), QStringLiteral("distance")}
                                   << int(Failed) << QByteArray()
                                   << QStringList{QStringLiteral("@error /nonexistent/in.json")};
}

void TestExportBuild::writeCsv()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QByteArray, start);
    QFETCH(QStringList, messages);
    const QString out = m_dir.filePath(QStringLiteral("%1.csv").arg(QTest::currentDataTag()));
    const ExportRequest q = request(args + QStringList{QStringLiteral("-o"), out});
    QCOMPARE(q.format, QStringLiteral("csv"));
    QStringList said;
    QCOMPARE(writeExportCsv(q, Progress::none(), [&said](const QString& line) { said << line; }), exitCode);
    QCOMPARE(said.size(), messages.size());
    for (qsizetype i = 0; i < said.size(); ++i) {
        if (messages[i].startsWith(QStringLiteral("@error ")))
            QVERIFY2(said[i].contains(messages[i].mid(7)), qPrintable(said[i])); // the reader's own message
        else
            QCOMPARE(said[i], messages[i]);
    }
    QCOMPARE(QFile::exists(out), !start.isEmpty());
    const QByteArray csv = readAll(out);
    QVERIFY2(csv.startsWith(start), csv.left(200).constData());
    if (!start.isEmpty())
        QVERIFY(parseCsv(csv).ok());
}

void TestExportBuild::writeDot_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QByteArray>("has"); // in the DOT, or in the message when it fails
    QTest::newRow("witty, combined") << QStringList{kWitty} << int(Ok) << QByteArray("python3 (1895087)");
    QTest::newRow("DGX-2, machine") << QStringList{kHwloc + QStringLiteral("nvidiaDGX2.xml"),
                                                   QStringLiteral("--view"), QStringLiteral("machine")}
                                    << int(Ok) << QByteArray("cluster_numa0");
    QTest::newRow("without processes")
        << QStringList{kWitty, QStringLiteral("--hide"), QStringLiteral("process")} << int(Ok)
        << QByteArray("NUMA 6");
    QTest::newRow("snapshot past the end")
        << QStringList{kWitty, QStringLiteral("--snapshot"), QStringLiteral("4")} << int(Usage)
        << QByteArray(": --snapshot 4 is out of range: the file holds 1 snapshot(s)");
    QTest::newRow("missing input") << QStringList{QStringLiteral("/nonexistent/in.json")} << int(Failed)
                                   << QByteArray("/nonexistent/in.json");
}

void TestExportBuild::writeDot()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QByteArray, has);
    const QString out = m_dir.filePath(QStringLiteral("%1.dot").arg(QTest::currentDataTag()));
    const ExportRequest q = request(args + QStringList{QStringLiteral("-o"), out});
    QCOMPARE(q.format, QStringLiteral("dot"));
    QStringList said;
    QCOMPARE(writeExportDot(q, Progress::none(), [&said](const QString& line) { said << line; }), exitCode);
    if (exitCode != Ok) {
        QCOMPARE(said.size(), 1);
        QVERIFY2(said.front().contains(QString::fromUtf8(has)), qPrintable(said.front()));
        QVERIFY(!QFile::exists(out));
        return;
    }
    QVERIFY(said.isEmpty());
    const QByteArray dot = readAll(out);
    QVERIFY(dot.contains("graph"));
    QVERIFY2(dot.contains(has), has.constData());
}

QTEST_GUILESS_MAIN(TestExportBuild)
#include "tst_export_build.moc"
