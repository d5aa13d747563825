// SPDX-License-Identifier: GPL-3.0-or-later
// `numasight-cli measure` and `export --view …-heatmap|distance|latency|bandwidth --format csv`, run as a
// user would: real measurements on this machine, imported MLC output, CSV that reads back to the model's
// numbers, and bad requests with their exit codes and messages.
#include "analysis/heatmap_data.h"
#include "analysis/matrix_heatmap.h"
#include "capture/capture_reader.h"
#include "readers/open_input.h"
#include "report/heatmap_csv.h"
#include "support/test_process.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <csignal>

using namespace numasight;

using namespace numasight::test;

namespace {

ProcessRun cli(const QStringList& args, int timeoutMs = 300000)
{
    return runProcess(QStringLiteral(NUMASIGHT_CLI), args, timeoutMs);
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

const QString kWitty = QStringLiteral(NUMASIGHT_FIXTURES "/witty-profiler/graph.json");
const QString kHwloc = QStringLiteral(NUMASIGHT_FIXTURES "/hwloc/");
const QString kMlc = QStringLiteral(NUMASIGHT_TEST_DATA "/mlc/");

bool sameNumber(double a, double b)
{
    return a == b || (std::isnan(a) && std::isnan(b));
}

} // namespace

class TestCliMeasure : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void plan();
    void measureAndExport();
    void interrupt();
    void importMlc();
    void heatmapCsv_data();
    void heatmapCsv();
    void distanceCsv();
    void errors_data();
    void errors();

private:
    QTemporaryDir m_dir;
};

void TestCliMeasure::initTestCase()
{
    QVERIFY(m_dir.isValid());
}

void TestCliMeasure::plan()
{
    // A topology from a file: the KNL fixture, with its memory-only MCDRAM nodes.
    const ProcessRun knl =
        cli({QStringLiteral("measure"), QStringLiteral("--plan"), QStringLiteral("--topology"),
             kHwloc + QStringLiteral("64intel64-fakeKNL-SNC4-hybrid.xml"), QStringLiteral("--pairs"),
             QStringLiteral("local"), QStringLiteral("--threads"), QStringLiteral("1")});
    QCOMPARE(knl.exitCode, 0);
    QVERIFY2(knl.out.contains("Plan: 8 pairs, latency and bandwidth, 256 MiB buffer per memory node"),
             knl.out);
    QVERIFY2(
        knl.out.contains("CPU node 1 -> memory node 4: chase on the idlest of CPUs 4-7,20-23,36-39,52-55, "
                         "read with CPUs 4"),
        knl.out);
    QVERIFY2(knl.out.contains("node(s) 4-7 have memory but no CPUs of their own"), knl.out);
}

void TestCliMeasure::measureAndExport()
{
    const QString capture = m_dir.filePath(QStringLiteral("measured.numasight"));
    // A small buffer fits any machine's nodes; the figures themselves are not checked.
    const ProcessRun r = cli({QStringLiteral("measure"), QStringLiteral("--size"), QStringLiteral("16M"),
                              QStringLiteral("--repeats"), QStringLiteral("2"), QStringLiteral("--pairs"),
                              QStringLiteral("local"), QStringLiteral("-o"), capture});
    if (r.exitCode == 1 && (r.err.contains("refused") || r.err.contains("cannot use")))
        QSKIP(qPrintable(QStringLiteral("binding is not possible here: %1").arg(QString::fromUtf8(r.err))));
    QVERIFY2(r.exitCode == 0, r.err);
    QVERIFY2(r.out.contains("Latency (ns per load, best of 2)"), r.out);
    QVERIFY2(r.out.contains("Bandwidth (GB/s, best of 2)"), r.out);
    QVERIFY2(r.out.contains("pages on the node"), r.out);

    // The capture holds the matrices; export writes exactly their numbers.
    auto back = readCaptureFile(capture);
    QVERIFY2(back.ok(), back.ok() ? "" : qPrintable(back.error().toString()));
    const Snapshot& s = *back.value()->snapshots.back();
    for (const auto& [view, name] :
         {std::pair{QStringLiteral("latency"), QLatin1String(kMeasuredLatencyName)},
          std::pair{QStringLiteral("bandwidth"), QLatin1String(kMeasuredBandwidthName)}}) {
        const QString csvPath = m_dir.filePath(view + QStringLiteral(".csv"));
        const ProcessRun e =
            cli({QStringLiteral("export"), capture, QStringLiteral("--view"), view,
                 QStringLiteral("--format"), QStringLiteral("csv"), QStringLiteral("-o"), csvPath});
        QVERIFY2(e.exitCode == 0, e.err);
        const auto csv = readMatrixCsv(readAll(csvPath));
        QVERIFY2(csv.ok(), csv.ok() ? "" : qPrintable(csv.error().toString()));
        const DistanceMatrix* m = nullptr;
        for (const DistanceMatrix& d : s.distances())
            if (d.name == name)
                m = &d;
        QVERIFY(m);
        QCOMPARE(csv->rows.size(), qsizetype(m->size()));
        for (size_t i = 0; i < m->values.size(); ++i)
            QVERIFY(sameNumber(csv->values[i], m->values[i]));
        // A measurement: a positive figure in every pair measured (--pairs local: each node with CPUs and
        // memory against itself at least), NaN where none was.
        int measured = 0;
        for (double v : csv->values) {
            QVERIFY(std::isnan(v) || v > 0);
            measured += !std::isnan(v);
        }
        QVERIFY(measured > 0);
    }
}

void TestCliMeasure::interrupt()
{
    // Ctrl-C during the measurement: exit 130 and no capture. A thousand repeats of even a small buffer
    // (which fits any machine) run for minutes, so the signal always comes before the end.
    const QString capture = m_dir.filePath(QStringLiteral("interrupted.numasight"));
    QProcess p;
    p.start(QStringLiteral(NUMASIGHT_CLI),
            {QStringLiteral("measure"), QStringLiteral("--size"), QStringLiteral("16M"),
             QStringLiteral("--repeats"), QStringLiteral("1000"), QStringLiteral("-o"), capture});
    QVERIFY(p.waitForStarted());
    // Wait until it prints its plan, i.e. it is about to measure.
    QTRY_VERIFY_WITH_TIMEOUT(p.waitForReadyRead(100) || p.bytesAvailable() > 0, 30000);
    QTest::qWait(1500);
    ::kill(pid_t(p.processId()), SIGINT);
    QVERIFY(p.waitForFinished(30000));
    QCOMPARE(p.exitStatus(), QProcess::NormalExit);
    QCOMPARE(p.exitCode(), 130);
    QVERIFY(!QFile::exists(capture));
}

void TestCliMeasure::importMlc()
{
    const QString capture = m_dir.filePath(QStringLiteral("mlc.numasight"));
    const ProcessRun r =
        cli({QStringLiteral("measure"), QStringLiteral("--import-mlc"),
             kMlc + QStringLiteral("cascadelake-default-run.txt"), QStringLiteral("--topology"),
             kHwloc + QStringLiteral("32em64t-2n8c2t-pci-normalio.xml"), QStringLiteral("-o"), capture});
    QVERIFY2(r.exitCode == 0, r.err);
    QVERIFY2(r.out.contains("Intel MLC v3.10"), r.out);
    QVERIFY2(r.out.contains("141.6"), r.out);
    // Exported back: the numbers mlc printed (from the file; see tests/data/mlc/README.md).
    const ProcessRun lat =
        cli({QStringLiteral("export"), capture, QStringLiteral("--view"), QStringLiteral("latency"),
             QStringLiteral("--format"), QStringLiteral("csv")});
    QVERIFY2(lat.exitCode == 0, lat.err);
    QCOMPARE(lat.out, QByteArray("from\\to,node0,node1\r\nnode0,80.8,140.4\r\nnode1,141.6,81.5\r\n"));
    const ProcessRun bw =
        cli({QStringLiteral("export"), capture, QStringLiteral("--view"), QStringLiteral("bandwidth"),
             QStringLiteral("--format"), QStringLiteral("csv")});
    QVERIFY2(bw.exitCode == 0, bw.err);
    QCOMPARE(bw.out,
             QByteArray("from\\to,node0,node1\r\nnode0,113073.7,34305.5\r\nnode1,34322.2,112810.7\r\n"));
    // The firmware matrix of the topology is still there.
    const ProcessRun d = cli({QStringLiteral("export"), capture, QStringLiteral("--view"),
                              QStringLiteral("distance"), QStringLiteral("--format"), QStringLiteral("csv")});
    QCOMPARE(d.out, QByteArray("from\\to,node0,node1\r\nnode0,10,20\r\nnode1,20,10\r\n"));
}

void TestCliMeasure::heatmapCsv_data()
{
    QTest::addColumn<QString>("view");
    QTest::addColumn<QStringList>("extra");
    QTest::newRow("cpu-heatmap") << QStringLiteral("cpu-heatmap") << QStringList();
    QTest::newRow("mem-heatmap") << QStringLiteral("mem-heatmap") << QStringList();
    QTest::newRow("mem-heatmap dirty")
        << QStringLiteral("mem-heatmap")
        << QStringList{QStringLiteral("--measure"), QStringLiteral("dirty-anon-pages")};
}

void TestCliMeasure::heatmapCsv()
{
    QFETCH(QString, view);
    QFETCH(QStringList, extra);
    const QString path = m_dir.filePath(view + QStringLiteral(".csv"));
    const ProcessRun r = cli(QStringList{QStringLiteral("export"), kWitty, QStringLiteral("--view"), view,
                                         QStringLiteral("-o"), path} +
                             extra);
    QVERIFY2(r.exitCode == 0, r.err);
    const auto csv = readHeatmapCsv(readAll(path));
    QVERIFY2(csv.ok(), csv.ok() ? "" : qPrintable(csv.error().toString()));
    // The same numbers as the heatmap core builds from the file.
    auto loaded = openInput(kWitty);
    QVERIFY(loaded.ok());
    const Snapshot& s = *loaded.value()->snapshots.front();
    const NodeHeatmapPtr h =
        view == u"cpu-heatmap"
            ? cpuHeatmap(s)
            : memoryHeatmap(s, {},
                            extra.isEmpty() ? MemoryMeasure::TotalPages : MemoryMeasure::DirtyAnonPages);
    QCOMPARE(csv->rows.size(), size_t(h->rowCount()));
    QCOMPARE(csv->columns.size(), qsizetype(8));
    for (int row = 0; row < h->rowCount(); ++row) {
        QCOMPARE(csv->rows[size_t(row)].pid, h->rows[size_t(row)].pid);
        QCOMPARE(csv->rows[size_t(row)].tid, h->rows[size_t(row)].tid);
        for (int c = 0; c < 8; ++c)
            QVERIFY(sameNumber(csv->rows[size_t(row)].values[size_t(c)], h->value(row, c)));
    }
    // Worker 1895087's row, against the numbers in graph.json.
    const auto worker = std::find_if(csv->rows.begin(), csv->rows.end(), [](const HeatmapCsvRow& row) {
        return row.pid == 1895087 && row.tid < 0;
    });
    QVERIFY(worker != csv->rows.end());
    if (view == u"cpu-heatmap")
        QCOMPARE(worker->values[7], 0.688263360552918);
    else
        QCOMPARE(worker->values[6], extra.isEmpty() ? 573587.0 : 384040.0);
}

void TestCliMeasure::distanceCsv()
{
    // 24 nodes ordered by distance: the pairs at distance 50 sit side by side; every value still there.
    const ProcessRun r =
        cli({QStringLiteral("export"), kHwloc + QStringLiteral("192em64t-24n8c2t.xml"),
             QStringLiteral("--view"), QStringLiteral("distance"), QStringLiteral("--format"),
             QStringLiteral("csv"), QStringLiteral("--order"), QStringLiteral("distance")});
    QVERIFY2(r.exitCode == 0, r.err);
    const auto csv = readMatrixCsv(r.out);
    QVERIFY2(csv.ok(), csv.ok() ? "" : qPrintable(csv.error().toString()));
    QCOMPARE(csv->rows.size(), qsizetype(24));
    int pairs = 0;
    for (int i = 0; i + 1 < 24; ++i)
        pairs += csv->values[size_t(i) * 24 + size_t(i) + 1] == 50;
    QCOMPARE(pairs, 12);
}

void TestCliMeasure::errors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("error"); // a part of stderr

    const QString truncated = m_dir.filePath(QStringLiteral("truncated-mlc.txt"));
    {
        QFile f(truncated);
        QVERIFY(f.open(QIODevice::WriteOnly));
        // Cut where the matrix should start, as a copy interrupted after the heading.
        const QByteArray full = readAll(kMlc + QStringLiteral("cascadelake-default-run.txt"));
        f.write(full.left(full.indexOf("\t\tNuma node")));
    }
    QTest::newRow("no latency matrix in a witty graph")
        << QStringList{QStringLiteral("export"),   kWitty,
                       QStringLiteral("--view"),   QStringLiteral("latency"),
                       QStringLiteral("--format"), QStringLiteral("csv")}
        << 1 << QStringLiteral("has no latency matrix: measure one with numasight-cli measure -o FILE");
    QTest::newRow("snapshot past the end")
        << QStringList{QStringLiteral("export"),     kWitty,
                       QStringLiteral("--view"),     QStringLiteral("cpu-heatmap"),
                       QStringLiteral("--format"),   QStringLiteral("csv"),
                       QStringLiteral("--snapshot"), QStringLiteral("3")}
        << 2
        << QStringLiteral("--snapshot 3: ") + kWitty + QStringLiteral(" has 1 snapshot(s), numbered from 0");
    QTest::newRow("unknown memory measure")
        << QStringList{QStringLiteral("export"),    kWitty,
                       QStringLiteral("--view"),    QStringLiteral("mem-heatmap"),
                       QStringLiteral("--measure"), QStringLiteral("rss")}
        << 2
        << QStringLiteral("--measure must be total-pages, anon-pages, dirty-anon-pages, bytes, not 'rss'");
    QTest::newRow("order on a heatmap")
        << QStringList{QStringLiteral("export"),  kWitty,
                       QStringLiteral("--view"),  QStringLiteral("cpu-heatmap"),
                       QStringLiteral("--order"), QStringLiteral("distance")}
        << 2 << QStringLiteral("--order applies to the matrix views");
    QTest::newRow("bad order") << QStringList{QStringLiteral("export"),  kWitty,
                                              QStringLiteral("--view"),  QStringLiteral("distance"),
                                              QStringLiteral("--order"), QStringLiteral("sideways")}
                               << 2 << QStringLiteral("--order must be natural or distance, not 'sideways'");
    QTest::newRow("graph option on a heatmap")
        << QStringList{QStringLiteral("export"),   kWitty,
                       QStringLiteral("--view"),   QStringLiteral("cpu-heatmap"),
                       QStringLiteral("--format"), QStringLiteral("csv"),
                       QStringLiteral("--dpi"),    QStringLiteral("300")}
        << 2 << QStringLiteral("Unknown option 'dpi'");
    QTest::newRow("no input") << QStringList{QStringLiteral("export"), QStringLiteral("--view"),
                                             QStringLiteral("cpu-heatmap"), QStringLiteral("--format"),
                                             QStringLiteral("csv")}
                              << 2 << QStringLiteral("usage: numasight-cli export FILE --view");
    QTest::newRow("missing input file")
        << QStringList{QStringLiteral("export"), m_dir.filePath(QStringLiteral("nope.json")),
                       QStringLiteral("--view"), QStringLiteral("distance")}
        << 1 << QStringLiteral("nope.json");
    QTest::newRow("unwritable output")
        << QStringList{QStringLiteral("export"), kWitty,
                       QStringLiteral("--view"), QStringLiteral("distance"),
                       QStringLiteral("-o"),     m_dir.filePath(QStringLiteral("no/such/dir/out.csv"))}
        << 1 << QStringLiteral("out.csv: cannot write");
    QTest::newRow("measure: bad pairs")
        << QStringList{QStringLiteral("measure"), QStringLiteral("--pairs"), QStringLiteral("some")} << 2
        << QStringLiteral("--pairs must be all or local, not 'some'");
    QTest::newRow("measure: bad size")
        << QStringList{QStringLiteral("measure"), QStringLiteral("--size"), QStringLiteral("lots")} << 2
        << QStringLiteral("--size takes a size such as 512M or 2G, not 'lots'");
    QTest::newRow("measure: no repeats")
        << QStringList{QStringLiteral("measure"), QStringLiteral("--repeats"), QStringLiteral("0")} << 2
        << QStringLiteral("--repeats takes a number from 1 to 1000, not '0'");
    QTest::newRow("measure: topology without plan")
        << QStringList{QStringLiteral("measure"), QStringLiteral("--topology"),
                       kHwloc + QStringLiteral("16em64t-4s2c2t.xml")}
        << 2 << QStringLiteral("--topology needs --plan or --import-mlc");
    QTest::newRow("measure: import with measuring options")
        << QStringList{QStringLiteral("measure"), QStringLiteral("--import-mlc"),
                       kMlc + QStringLiteral("cxl-expander-matrices.txt"), QStringLiteral("--repeats"),
                       QStringLiteral("3")}
        << 2 << QStringLiteral("--repeats does not apply to --import-mlc");
    QTest::newRow("measure: missing topology file")
        << QStringList{QStringLiteral("measure"), QStringLiteral("--plan"), QStringLiteral("--topology"),
                       m_dir.filePath(QStringLiteral("box.xml"))}
        << 1 << QStringLiteral("box.xml");
    QTest::newRow("measure: buffer larger than a node")
        << QStringList{QStringLiteral("measure"),    QStringLiteral("--plan"),
                       QStringLiteral("--topology"), kHwloc + QStringLiteral("8intel64-4n2t-memattrs.xml"),
                       QStringLiteral("--size"),     QStringLiteral("768M")}
        << 1
        << QStringLiteral("node 0 has 1 GiB of memory; a 768 MiB buffer would take more than half of it");
    QTest::newRow("measure: truncated MLC output")
        << QStringList{QStringLiteral("measure"), QStringLiteral("--import-mlc"), truncated,
                       QStringLiteral("--topology"),
                       kHwloc + QStringLiteral("32em64t-2n8c2t-pci-normalio.xml")}
        << 1
        << truncated + QStringLiteral(":4:1: 'Measuring idle latencies for random access (in ns)...' is not "
                                      "followed by its matrix: the output is truncated");
    QTest::newRow("measure: MLC nodes the topology lacks")
        << QStringList{QStringLiteral("measure"), QStringLiteral("--import-mlc"),
                       kMlc + QStringLiteral("granite-rapids-default-run.txt"), QStringLiteral("--topology"),
                       kHwloc + QStringLiteral("32em64t-2n8c2t-pci-normalio.xml")}
        << 1 << QStringLiteral("mlc measured NUMA node 2, which the topology does not have (its nodes: 0,1)");
}

void TestCliMeasure::errors()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, error);
    const ProcessRun r = cli(args);
    QVERIFY2(r.exitCode == exitCode,
             qPrintable(QStringLiteral("exit %1: %2").arg(r.exitCode).arg(QString::fromUtf8(r.err))));
    QVERIFY2(QString::fromUtf8(r.err).contains(error), r.err);
    // One line on stderr, as every command's errors.
    QCOMPARE(r.err.count('\n'), 1);
}

QTEST_GUILESS_MAIN(TestCliMeasure)
#include "tst_cli_measure.moc"
