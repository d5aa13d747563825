// SPDX-License-Identifier: GPL-3.0-or-later
// The heatmaps with real widgets on the offscreen platform, the real QCustomPlot and real fixtures: cells are
// read back from the QCPColorMap and compared with numbers written down from the fixtures themselves
// (witty-profiler's graph.json, `lstopo-no-graphics -i FILE --distances/--memattrs`, the recording's SQL).
#undef QT_NO_FOREACH
#include <qcustomplot.h>
#undef foreach
#define QT_NO_FOREACH

#include "analysis/heatmap_data.h"
#include "analysis/measure_names.h"
#include "graph/graph_spec.h"
#include "main_window.h"
#include "measure/measurement.h"
#include "readers/open_input.h"
#include "report/heatmap_csv.h"
#include "support/heatmap_view_support.h"
#include "support/recording_fixture.h"
#include "support/test_fixtures.h"
#include "views/browser/browser_panel.h"
#include "views/browser/entity_filter_proxy.h"
#include "views/browser/entity_tree_model.h"
#include "views/common/message_bar.h"
#include "views/heatmap/heatmap_export.h"
#include "views/heatmap/heatmap_export_flow.h"
#include "views/heatmap/heatmap_plot.h"
#include "views/heatmap/heatmap_row_filter_proxy.h"
#include "views/heatmap/heatmap_row_model.h"
#include "views/heatmap/heatmap_tabs.h"
#include "views/heatmap/matrix_panel.h"
#include "views/heatmap/mismatch_panel.h"
#include "views/heatmap/node_heatmap_panel.h"
#include "views/heatmap/sort_arrow_header.h"
#include "views/heatmap/time_heatmap_panel.h"
#include "views/jobs/heatmap_export_job.h"
#include "views/jobs/heatmap_job.h"
#include "views/jobs/load_job.h"
#include "views/live/timeline_bar.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QScrollBar>
#include <QSettings>
#include <QSignalSpy>
#include <QSplitter>
#include <QStandardPaths>
#include <QStyle>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QToolTip>
#include <QTreeView>
#include <QWheelEvent>
#include <QXmlStreamReader>

#include <cmath>

using namespace numasight;
using numasight::test::loadCapture;
using numasight::test::makeRecording;

using namespace numasight::test;

class TestHeatmapView : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cpuCellsMatchFixture_data();
    void cpuCellsMatchFixture();
    void memoryCellsMatchFixture_data();
    void memoryCellsMatchFixture();
    void distanceCellsMatchLstopo_data();
    void distanceCellsMatchLstopo();
    void memoryAttributeCells();
    void measuredLatencyCells();
    void cellTextAndSmallCells();
    void followsPalette_data();
    void followsPalette();
    void sortOrdersRows_data();
    void sortOrdersRows();
    void filterRows_data();
    void filterRows();
    void foldAndUnfold();
    void rowsLineUpWithList();
    void hoverShowsNumbers();
    void clickSelects();
    void mismatchMarks();
    void rowModelPassesTester();
    void oneNamePerMeasure_data();
    void oneNamePerMeasure();
    void sortArrowFollowsOrder_data();
    void sortArrowFollowsOrder();
    void staleResultsDropped();
    void timeHeatmapFollowsTimeline();
    void headersFitOrSayWhy_data();
    void headersFitOrSayWhy();
    void listTakesRoomForHeaders_data();
    void listTakesRoomForHeaders();
    void columnLabelsInsidePlot_data();
    void columnLabelsInsidePlot();
    void rowLimit_data();
    void rowLimit();
    void markedCellRule_data();
    void markedCellRule();
    void mismatchNumbersBesideMarks_data();
    void mismatchNumbersBesideMarks();

private:
    QTemporaryDir m_dir;
    CapturePtr m_witty;
};

void TestHeatmapView::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("numasight-tests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_heatmap_view"));
    QVERIFY(m_dir.isValid());
    m_witty = loadCapture(kWitty);
    QVERIFY(m_witty);
}

void TestHeatmapView::init()
{
    QSettings().clear();
}

// Shares per node written down from graph.json: the process row is witty's own
// numa_affinity_info.cpu_runtime_pct_in_each_numa of 1895087 (NumaAccessEdge), each thread's row its
// AccessWithProcStatusEdge's numa_index_to_cpu_runtime (all on one node).
void TestHeatmapView::cpuCellsMatchFixture_data()
{
    QTest::addColumn<qint64>("pid");
    QTest::addColumn<qint64>("tid");
    QTest::addColumn<QList<double>>("shares"); // node0 … node7
    QTest::newRow("process 1895087 (witty's shares)")
        << qint64(1895087) << qint64(-1)
        << QList<double>{0.0012786683245703885, 0.005181828923722821, 0.0002547336891541744,
                         0.002606894857237038,  0.000691039025633556, 0.3008803792917666,
                         0.0008430953349974278, 0.688263360552918};
    QTest::newRow("thread 1895087 on node7")
        << qint64(1895087) << qint64(1895087) << QList<double>{0, 0, 0, 0, 0, 0, 0, 1};
    QTest::newRow("acl_thread 1896232 on node5")
        << qint64(1895087) << qint64(1896232) << QList<double>{0, 0, 0, 0, 0, 1, 0, 0};
    QTest::newRow("thread 1896010 on node0")
        << qint64(1895087) << qint64(1896010) << QList<double>{1, 0, 0, 0, 0, 0, 0, 0};
    QTest::newRow("vllm 1894499 all on node1")
        << qint64(1894499) << qint64(-1) << QList<double>{0, 1, 0, 0, 0, 0, 0, 0};
}

void TestHeatmapView::cpuCellsMatchFixture()
{
    QFETCH(qint64, pid);
    QFETCH(qint64, tid);
    QFETCH(QList<double>, shares);
    NodeHeatmapPanel panel(NodeHeatmapPanel::Kind::Cpu);
    panel.setInput(m_witty->snapshots.back(), {});
    QVERIFY(showAndBuild(panel, &panel, SIGNAL(heatmapShown())));
    panel.expandAll();
    const HeatmapPicture& p = panel.plot()->picture();
    QCOMPARE(p.columnCount(), 8);
    const int row = rowOf(p, pid, tid);
    QVERIFY2(row >= 0, "the row is drawn");
    for (int node = 0; node < 8; ++node) {
        const int c = columnOf(p, QStringLiteral("node%1").arg(node));
        QVERIFY(c >= 0);
        const double cell = mapCell(*panel.plot(), row, c);
        QVERIFY2(std::abs(cell - shares[node]) < 1e-12,
                 qPrintable(QStringLiteral("node%1: %2, expected %3").arg(node).arg(cell).arg(shares[node])));
    }
}

// total_pages and dirty_anon_pages of 1895087's NumaAccessEdge in graph.json.
void TestHeatmapView::memoryCellsMatchFixture_data()
{
    QTest::addColumn<int>("measure");
    QTest::addColumn<qint64>("pid");
    QTest::addColumn<QList<double>>("pages");
    QTest::newRow("total pages of 1895087")
        << int(MemoryMeasure::TotalPages) << qint64(1895087)
        << QList<double>{40779, 7, 16414, 519, 3596, 15166, 573587, 35195};
    QTest::newRow("dirty anonymous pages of 1895087")
        << int(MemoryMeasure::DirtyAnonPages) << qint64(1895087)
        << QList<double>{40779, 7, 16414, 519, 3596, 15166, 384040, 35195};
}

void TestHeatmapView::memoryCellsMatchFixture()
{
    QFETCH(int, measure);
    QFETCH(qint64, pid);
    QFETCH(QList<double>, pages);
    NodeHeatmapPanel panel(NodeHeatmapPanel::Kind::Memory);
    panel.setInput(m_witty->snapshots.back(), {});
    QVERIFY(showAndBuild(panel, &panel, SIGNAL(heatmapShown())));
    if (MemoryMeasure(measure) != panel.measure()) {
        // Through the measure box, as a user picks it.
        QComboBox* combo = panel.measureCombo();
        QVERIFY(shownAfter(panel, [&] { combo->setCurrentIndex(combo->findData(measure)); }));
    }
    QCOMPARE(int(panel.measure()), measure);
    const HeatmapPicture& p = panel.plot()->picture();
    const int row = rowOf(p, pid, -1);
    QVERIFY(row >= 0);
    for (int node = 0; node < 8; ++node)
        QCOMPARE(mapCell(*panel.plot(), row, columnOf(p, QStringLiteral("node%1").arg(node))), pages[node]);
    // The tooltip of the fullest cell writes the exact count.
    const QPoint at = panel.plot()->cellCenter(row, columnOf(p, QStringLiteral("node6")));
    QVERIFY2(panel.plot()->toolTipAt(at).contains(formatHeatmapValue(pages[6], HeatmapValueFormat::Pages)),
             qPrintable(panel.plot()->toolTipAt(at)));
}

// `lstopo-no-graphics -i FILE --distances`: 16amd64 has 20 between any two of its 8 nodes; the 24-node Xeon
// pairs nodes (50) and has 65/79 beyond. Compared by node label, in both orders of the matrix.
void TestHeatmapView::distanceCellsMatchLstopo_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<bool>("byDistance");
    QTest::addColumn<QList<int>>("triples"); // from, to, distance, …
    const QList<int> amd{0, 0, 10, 0, 7, 20, 3, 5, 20, 6, 6, 10, 7, 1, 20};
    const QList<int> xeon{0,  0,  10, 0,  1,  50, 1,  0,  50, 0,  2,  65, 0,  10, 79, 2,  8,  79, 8, 9,
                          50, 14, 22, 65, 16, 23, 65, 23, 0,  79, 23, 22, 50, 12, 20, 65, 18, 2,  65};
    QTest::newRow("16amd64 natural") << QStringLiteral("16amd64-4distances.xml") << false << amd;
    QTest::newRow("16amd64 by distance") << QStringLiteral("16amd64-4distances.xml") << true << amd;
    QTest::newRow("24 nodes natural") << QStringLiteral("192em64t-24n8c2t.xml") << false << xeon;
    QTest::newRow("24 nodes by distance") << QStringLiteral("192em64t-24n8c2t.xml") << true << xeon;
}

void TestHeatmapView::distanceCellsMatchLstopo()
{
    QFETCH(QString, file);
    QFETCH(bool, byDistance);
    QFETCH(QList<int>, triples);
    const CapturePtr capture = loadCapture(kHwloc + file);
    QVERIFY(capture);
    MatrixPanel panel;
    panel.setOrder(byDistance ? MatrixOrder::ByDistance : MatrixOrder::Natural);
    panel.setInput(capture, capture->snapshots.back(), true);
    QVERIFY(showAndBuild(panel, &panel, SIGNAL(heatmapShown())));
    QVERIFY2(panel.currentLabel().contains(QStringLiteral("distance"), Qt::CaseInsensitive),
             qPrintable(panel.currentLabel()));
    panel.plot()->replotNow();
    const HeatmapPicture& p = panel.plot()->picture();
    for (int i = 0; i + 2 < triples.size(); i += 3) {
        const int r = rowLabelled(p, QStringLiteral("node%1").arg(triples[i]));
        const int c = columnOf(p, QStringLiteral("node%1").arg(triples[i + 1]));
        QVERIFY(r >= 0 && c >= 0);
        QCOMPARE(mapCell(*panel.plot(), r, c), double(triples[i + 2]));
        // Cells this big carry their value as text.
        QCOMPARE(panel.plot()->cellText(r, c), QString::number(triples[i + 2]));
    }
    // The order: natural keeps node numbers; by distance keeps each pair of the Xeon side by side.
    if (!byDistance) {
        for (int r = 0; r < p.rowCount(); ++r)
            QCOMPARE(p.rows[size_t(r)].label, QStringLiteral("node%1").arg(r));
    } else if (p.rowCount() == 24) {
        for (int r = 0; r + 1 < p.rowCount(); r += 2)
            QCOMPARE(mapCell(*panel.plot(), r, r + 1), 50.0);
    }
}

// `lstopo-no-graphics -i 64intel64-fakeKNL-SNC4-hybrid.xml --memattrs`: Bandwidth 22500 to each DRAM node and
// 90000 to the MCDRAM beside it, from the CPUs of the cluster (L3 cpuset = the DRAM node's CPUs). DRAM L#0 is
// P#0 with MCDRAM P#7; P#1 with P#4; P#2 with P#5; P#3 with P#6.
void TestHeatmapView::memoryAttributeCells()
{
    const CapturePtr capture = loadCapture(kHwloc + QStringLiteral("64intel64-fakeKNL-SNC4-hybrid.xml"));
    QVERIFY(capture);
    MatrixPanel panel;
    panel.setInput(capture, capture->snapshots.back(), true);
    panel.resize(1200, 900);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QSignalSpy shown(&panel, &MatrixPanel::heatmapShown);
    QVERIFY(panel.selectKind(MatrixKind::Bandwidth));
    QVERIFY(shown.wait(kTimeout) || !shown.isEmpty());
    while (panel.isBuilding())
        QVERIFY(shown.wait(kTimeout));
    QVERIFY2(panel.currentLabel().contains(QStringLiteral("Bandwidth")), qPrintable(panel.currentLabel()));
    const HeatmapPicture& p = panel.plot()->picture();
    const QList<std::pair<int, int>> pairs{{0, 7}, {1, 4}, {2, 5}, {3, 6}};
    for (const auto& [dram, mcdram] : pairs) {
        const int r = rowLabelled(p, QStringLiteral("node%1").arg(dram));
        QVERIFY(r >= 0);
        QCOMPARE(mapCell(*panel.plot(), r, columnOf(p, QStringLiteral("node%1").arg(dram))), 22500.0);
        QCOMPARE(mapCell(*panel.plot(), r, columnOf(p, QStringLiteral("node%1").arg(mcdram))), 90000.0);
        // A memory-only node initiates nothing: its row is unknown, drawn grey, never 0.
        const int mcdramRow = rowLabelled(p, QStringLiteral("node%1").arg(mcdram));
        QVERIFY(
            std::isnan(mapCell(*panel.plot(), mcdramRow, columnOf(p, QStringLiteral("node%1").arg(dram)))));
    }
    QCOMPARE(p.palette, HeatmapPalette::Nearness); // more bandwidth reads nearer
}

// A measured matrix (values made up here, as numasight's prober stores them) shows with its unit.
void TestHeatmapView::measuredLatencyCells()
{
    const CapturePtr topology = loadCapture(kHwloc + QStringLiteral("16amd64-4distances.xml"));
    QVERIFY(topology);
    const Snapshot& s = *topology->snapshots.back();
    DistanceMatrix m;
    m.name = QString::fromLatin1(kMeasuredLatencyName);
    m.unit = QStringLiteral("ns");
    m.fromOs = false;
    const auto nodes = s.numaNodes();
    m.objects.assign(nodes.begin(), nodes.end());
    const int n = m.size();
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j)
            m.values.push_back(i == j ? 90.0 + i : 140.0 + 10 * i + j);
    const CapturePtr measured = captureWithMatrices(*topology, s, {m});
    MatrixPanel panel;
    panel.setOrder(MatrixOrder::Natural);
    panel.setInput(measured, measured->snapshots.back(), true);
    panel.resize(1000, 800);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QSignalSpy shown(&panel, &MatrixPanel::heatmapShown);
    QVERIFY(panel.selectKind(MatrixKind::Latency));
    do
        QVERIFY(shown.wait(kTimeout) || !shown.isEmpty());
    while (panel.isBuilding());
    QCOMPARE(panel.matrix()->title, QStringLiteral("Latency measured by numasight"));
    panel.plot()->replotNow();
    const HeatmapPicture& p = panel.plot()->picture();
    QCOMPARE(mapCell(*panel.plot(), 2, 5), 140.0 + 20 + 5);
    QCOMPARE(mapCell(*panel.plot(), 3, 3), 93.0);
    QCOMPARE(panel.plot()->cellText(2, 5), QStringLiteral("165"));
    QVERIFY(panel.plot()->toolTipAt(panel.plot()->cellCenter(2, 5)).contains(QStringLiteral("165 ns")));
    QCOMPARE(p.format, HeatmapValueFormat::Latency);
}

namespace {

// The 24-node machine's distances: 24 x 24 cells, what the plot's own tests draw. Null if it does not load.
MatrixHeatmapPtr distances24()
{
    const CapturePtr capture = loadCapture(kHwloc + QStringLiteral("192em64t-24n8c2t.xml"));
    if (!capture)
        return nullptr;
    return matrixHeatmap(*capture->snapshots.back(), *capture->snapshots.back()->numaDistances());
}

bool showAllRows(HeatmapPlot& plot, const MatrixHeatmap& matrix, QSize size)
{
    plot.setShowAllRows(true);
    plot.setPicture(matrixPicture(matrix));
    plot.resize(size);
    plot.show();
    return QTest::qWaitForWindowExposed(&plot);
}

} // namespace

// Values go into cells that can hold them, in a font sized to the cell; small cells keep the number for the
// tooltip only.
void TestHeatmapView::cellTextAndSmallCells()
{
    const MatrixHeatmapPtr m = distances24();
    QVERIFY(m);
    HeatmapPlot plot;
    QVERIFY(showAllRows(plot, *m, QSize(1300, 1200)));
    plot.replotNow();
    QCOMPARE(plot.cellText(0, 1), QStringLiteral("50"));
    QCOMPARE(plot.cellTexts().size(), 24 * 24);

    plot.resize(300, 260); // cells of a few pixels: no text, the tooltip still has the value
    plot.replotNow();
    plot.replotNow();
    QVERIFY(plot.cellTexts().isEmpty());
    QVERIFY(plot.cellText(0, 1).isEmpty());
    const QString tip = plot.toolTipAt(plot.cellCenter(0, 1));
    QVERIFY2(tip.startsWith(QStringLiteral("node0 · node1\n50")), qPrintable(tip));
}

void TestHeatmapView::followsPalette_data()
{
    QTest::addColumn<bool>("application"); // the application's palette, else the plot's own
    QTest::newRow("plot's palette") << false;
    QTest::newRow("application palette, changed live") << true;
}

// A dark palette recolours the plot's background, axes and labels while it is shown; an export stays as
// shared pictures are, on the style's light palette.
void TestHeatmapView::followsPalette()
{
    QFETCH(bool, application);
    const MatrixHeatmapPtr m = distances24();
    QVERIFY(m);
    HeatmapPlot plot;
    QVERIFY(showAllRows(plot, *m, QSize(600, 500)));
    const QPalette before = QApplication::palette();
    QPalette dark = before;
    dark.setColor(QPalette::Base, QColor(0x20, 0x20, 0x20));
    dark.setColor(QPalette::Text, QColor(0xee, 0xee, 0xee));
    if (application)
        QApplication::setPalette(dark);
    else
        plot.setPalette(dark);
    QCustomPlot* custom = plot.customPlot();
    const QCPAxis* top = custom->axisRect()->axis(QCPAxis::atTop);
    // The application's change reaches the widgets through the event loop.
    const bool followed =
        QTest::qWaitFor([&] { return top->tickLabelColor() == QColor(0xee, 0xee, 0xee); }, 2000);
    const QImage shown = plot.grab().toImage();
    QImage exported(QSize(600, 500), QImage::Format_ARGB32);
    exported.fill(Qt::transparent);
    const bool painted = paintHeatmapPicture(matrixPicture(*m), exported.size(), &exported, 1.0, false);
    if (application)
        QApplication::setPalette(before);
    QVERIFY(followed);
    QCOMPARE(shown.pixelColor(2, 2), QColor(0x20, 0x20, 0x20)); // a corner of the background
    QVERIFY(painted);
    QCOMPARE(exported.pixelColor(2, 2), plot.style()->standardPalette().color(QPalette::Base));
}

void TestHeatmapView::sortOrdersRows_data()
{
    QTest::addColumn<int>("key");
    QTest::addColumn<bool>("descending");
    QTest::addColumn<qint64>("firstPid");
    QTest::addColumn<qint64>("lastPid");
    // CPU time: the sum of each process's threads' numa_index_to_cpu_runtime in graph.json (1895087 has
    // 8.33 s, the most; both bash processes list none). Names and pids from its ProcessEntity nodes.
    QTest::newRow("CPU time, most first")
        << int(HeatmapSortKey::CpuTime) << true << qint64(1895087) << qint64(3821705);
    QTest::newRow("CPU time, least first")
        << int(HeatmapSortKey::CpuTime) << false << qint64(1893833) << qint64(1895087);
    QTest::newRow("name A to Z") << int(HeatmapSortKey::Name) << false << qint64(1893833) << qint64(3821739);
    QTest::newRow("name Z to A") << int(HeatmapSortKey::Name) << true << qint64(1894499) << qint64(3821705);
    QTest::newRow("pid ascending") << int(HeatmapSortKey::Process) << false << qint64(6808)
                                   << qint64(3821739);
    QTest::newRow("pid descending") << int(HeatmapSortKey::Process) << true << qint64(3821739)
                                    << qint64(6808);
}

void TestHeatmapView::sortOrdersRows()
{
    QFETCH(int, key);
    QFETCH(bool, descending);
    QFETCH(qint64, firstPid);
    QFETCH(qint64, lastPid);
    NodeHeatmapPanel panel(NodeHeatmapPanel::Kind::Cpu);
    panel.setInput(m_witty->snapshots.back(), {});
    QVERIFY(showAndBuild(panel, &panel, SIGNAL(heatmapShown())));
    QSignalSpy sorted(&panel, &NodeHeatmapPanel::sortChanged);
    panel.setSort(HeatmapSortKey(key), descending);
    QTRY_COMPARE(panel.plot()->picture().rows.front().pid, firstPid);
    const HeatmapPicture& p = panel.plot()->picture();
    QCOMPARE(p.rows.back().pid, lastPid);
    QCOMPARE(p.rowCount(), 12); // folded: one row per process
    // The list beside the map is in the same order.
    const QModelIndex top = panel.rowView()->model()->index(0, HeatmapRowModel::IdColumn);
    QCOMPARE(top.data().toLongLong(), firstPid);
    // Unfolded, every thread sits under its own process whatever the key.
    panel.expandAll();
    const HeatmapPicture& all = panel.plot()->picture();
    qint64 process = -1;
    for (const HeatmapPictureRow& r : all.rows) {
        if (r.tid < 0)
            process = r.pid;
        else
            QCOMPARE(r.pid, process);
    }
    // A click on a header sorts by that column, the other way round when clicked again.
    QHeaderView* header = panel.rowView()->header();
    const int x = header->sectionViewportPosition(HeatmapRowModel::IdColumn) + 5;
    QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, QPoint(x, header->height() / 2));
    QCOMPARE(panel.sortKey(), HeatmapSortKey::Process);
    const bool first = panel.sortDescending();
    QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, QPoint(x, header->height() / 2));
    QCOMPARE(panel.sortDescending(), !first);
    QVERIFY(!sorted.isEmpty());
}

void TestHeatmapView::filterRows_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<double>("minShare");
    QTest::addColumn<int>("rows");          // after unfolding everything left
    QTest::addColumn<QList<qint64>>("has"); // tids (or pids of processes) that must be there
    // graph.json: each of the four vLLM workers has one acl_thread; 1895087 has 4 threads.
    QTest::newRow("name of a thread")
        << QStringLiteral("ACL") << 0.0 << 8 << QList<qint64>{1896232, 1895760, 1895998, 1895530};
    QTest::newRow("pid keeps all its threads")
        << QStringLiteral("1895087") << 0.0 << 5 << QList<qint64>{1895087, 1896010, 1896232, 1896233};
    QTest::newRow("tid") << QStringLiteral("1896233") << 0.0 << 2 << QList<qint64>{1896233};
    QTest::newRow("nothing") << QStringLiteral("no such thing") << 0.0 << 0 << QList<qint64>{};
    // Shares of all the CPU time (threads' ns): the workers have 18-24 %, the launcher 14 %, the rest < 1 %.
    QTest::newRow("at least 10 %, processes")
        << QString() << 0.10 << -1 << QList<qint64>{1895087, 1895090, 1895089, 1895088, 1894856};
    QTest::newRow("at least 20 %") << QString() << 0.20 << -1 << QList<qint64>{1895087, 1895090};
}

void TestHeatmapView::filterRows()
{
    QFETCH(QString, text);
    QFETCH(double, minShare);
    QFETCH(int, rows);
    QFETCH(QList<qint64>, has);
    NodeHeatmapPanel panel(NodeHeatmapPanel::Kind::Cpu);
    panel.setInput(m_witty->snapshots.back(), {});
    QVERIFY(showAndBuild(panel, &panel, SIGNAL(heatmapShown())));
    QTest::keyClicks(panel.filterEdit(), text);
    panel.minShareSpin()->setValue(minShare * 100.0);
    panel.expandAll();
    QTRY_VERIFY(!panel.isBuilding());
    const HeatmapPicture& p = panel.plot()->picture();
    if (rows >= 0)
        QCOMPARE(p.rowCount(), rows);
    for (qint64 id : has) {
        const bool found = std::any_of(p.rows.begin(), p.rows.end(), [id](const HeatmapPictureRow& r) {
            return r.tid == id || (r.tid < 0 && r.pid == id);
        });
        QVERIFY2(found, qPrintable(QString::number(id)));
    }
    if (minShare > 0) {
        int processes = 0;
        for (const HeatmapPictureRow& r : p.rows)
            processes += r.tid < 0;
        QCOMPARE(processes, int(has.size()));
    }
    QCOMPARE(int(panel.visibleRows().size()), p.rowCount());
    QVERIFY(panel.statusLabel()->text().contains(QStringLiteral("filtered")) ||
            (text.isEmpty() && minShare == 0));
}

void TestHeatmapView::foldAndUnfold()
{
    NodeHeatmapPanel panel(NodeHeatmapPanel::Kind::Cpu);
    panel.setInput(m_witty->snapshots.back(), {});
    QVERIFY(showAndBuild(panel, &panel, SIGNAL(heatmapShown())));
    panel.setSort(HeatmapSortKey::CpuTime, true);
    QTRY_COMPARE(panel.plot()->picture().rows.front().pid, qint64(1895087));
    QCOMPARE(panel.plot()->picture().rowCount(), 12);

    // A double-click on the process's row in the map unfolds its four threads under it.
    HeatmapPlot* plot = panel.plot();
    plot->replotNow();
    QTest::mouseDClick(plot->customPlot(), Qt::LeftButton, {}, plot->cellCenter(0, 3));
    QTRY_COMPARE(plot->picture().rowCount(), 16);
    QVERIFY(panel.isExpanded(1895087));
    for (int r = 1; r <= 4; ++r) {
        QCOMPARE(plot->picture().rows[size_t(r)].pid, qint64(1895087));
        QVERIFY(plot->picture().rows[size_t(r)].tid > 0);
    }
    QCOMPARE(plot->picture().rows[5].tid, qint64(-1));

    // Enter on a thread of it folds it back, from the list.
    panel.rowView()->setFocus();
    panel.rowView()->setCurrentIndex(
        panel.rowView()->model()->index(0, 0, panel.rowView()->model()->index(0, 0)));
    QTest::keyClick(panel.rowView(), Qt::Key_Return);
    QTRY_COMPARE(plot->picture().rowCount(), 12);
    QVERIFY(!panel.isExpanded(1895087));

    panel.expandAll();
    QCOMPARE(plot->picture().rowCount(), 53); // 12 processes and the 41 threads graph.json lists
    panel.collapseAll();
    QCOMPARE(plot->picture().rowCount(), 12);

    // Folds survive new figures for the same processes.
    panel.toggleRow(plot->picture().rows[2].source);
    QTRY_VERIFY(plot->picture().rowCount() > 12);
    const int unfolded = plot->picture().rowCount();
    const CapturePtr again = loadCapture(kWitty); // the same processes in another snapshot object: a rebuild
    QVERIFY(again);
    QVERIFY(shownAfter(panel, [&] { panel.setInput(again->snapshots.back(), {}, false); }));
    QCOMPARE(panel.shownSnapshot(), again->snapshots.back());
    QCOMPARE(plot->picture().rowCount(), unfolded);
}

// The map draws exactly the rows the list beside it shows, each at the height of its row in the list.
void TestHeatmapView::rowsLineUpWithList()
{
    NodeHeatmapPanel panel(NodeHeatmapPanel::Kind::Cpu);
    panel.setInput(m_witty->snapshots.back(), {});
    panel.resize(1200, 420); // fewer rows than the heatmap has, so the list scrolls
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QSignalSpy shown(&panel, &NodeHeatmapPanel::heatmapShown);
    QVERIFY(shown.wait(kTimeout));
    panel.expandAll();
    QTreeView* tree = panel.rowView();
    HeatmapPlot* plot = panel.plot();
    for (int scroll : {0, 7, 20}) {
        tree->verticalScrollBar()->setValue(scroll);
        QTRY_COMPARE(plot->firstRow(), tree->verticalScrollBar()->value());
        plot->replotNow();
        const QModelIndex top = tree->indexAt(QPoint(1, 1));
        QVERIFY(top.isValid());
        for (int i : {0, 3, 6}) {
            QModelIndex at = top;
            for (int k = 0; k < i && at.isValid(); ++k)
                at = tree->indexBelow(at);
            QVERIFY(at.isValid());
            const int position = plot->firstRow() + i;
            QCOMPARE(plot->picture().rows[size_t(position)].source,
                     at.data(HeatmapRowModel::HeatmapRowRole).toInt());
            const int listY = tree->viewport()->mapTo(&panel, tree->visualRect(at).center()).y();
            const int mapY = plot->customPlot()->mapTo(&panel, plot->cellCenter(position, 0)).y();
            QVERIFY2(
                std::abs(listY - mapY) <= 2,
                qPrintable(QStringLiteral("row %1: list %2, map %3").arg(position).arg(listY).arg(mapY)));
        }
    }
    // The wheel over the map scrolls the list, and the map with it.
    const int before = tree->verticalScrollBar()->value();
    QWheelEvent wheel(QPointF(plot->cellCenter(plot->firstRow() + 1, 2)), QPointF(), QPoint(),
                      QPoint(0, -120), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QCoreApplication::sendEvent(plot->customPlot(), &wheel);
    QTRY_VERIFY(tree->verticalScrollBar()->value() != before);
    QTRY_COMPARE(plot->firstRow(), tree->verticalScrollBar()->value());
}

void TestHeatmapView::hoverShowsNumbers()
{
    NodeHeatmapPanel panel(NodeHeatmapPanel::Kind::Cpu);
    panel.setInput(m_witty->snapshots.back(), {});
    QVERIFY(showAndBuild(panel, &panel, SIGNAL(heatmapShown())));
    panel.setSort(HeatmapSortKey::CpuTime, true);
    QTRY_COMPARE(panel.plot()->picture().rows.front().pid, qint64(1895087));
    HeatmapPlot* plot = panel.plot();
    plot->replotNow();
    const int node7 = columnOf(plot->picture(), QStringLiteral("node7"));
    const QPoint at = plot->cellCenter(0, node7);
    QHelpEvent help(QEvent::ToolTip, at, plot->customPlot()->mapToGlobal(at));
    QCoreApplication::sendEvent(plot->customPlot(), &help);
    const QString tip = QToolTip::text();
    // witty's 0.688263360552918 on node7, the threads' 8.33 s in all (graph.json), most pages on node6.
    QVERIFY2(tip.startsWith(QStringLiteral("python3 (1895087) · node7\n68.8 % (share of on-CPU time)")),
             qPrintable(tip));
    QVERIFY2(tip.contains(measureName(Measure::CpuTime) + QStringLiteral(": 8.33 s")), qPrintable(tip));
    QVERIFY2(
        tip.contains(measureName(Measure::DirtyAnonPages) + QStringLiteral(": 495,716 pages, most on node6")),
        qPrintable(tip));
    QCOMPARE(plot->toolTipAt(at), tip);
    // Over a node's label: the node; outside everything: nothing.
    const QPoint label(at.x(), plot->customPlot()->axisRect()->top() - 6);
    QVERIFY(plot->toolTipAt(label).startsWith(QStringLiteral("node7")));
    QVERIFY(plot->toolTipAt(QPoint(plot->customPlot()->width() - 2, 2)).isEmpty());
}

void TestHeatmapView::clickSelects()
{
    NodeHeatmapPanel panel(NodeHeatmapPanel::Kind::Cpu);
    const auto snapshot = m_witty->snapshots.back();
    panel.setInput(snapshot, {});
    QVERIFY(showAndBuild(panel, &panel, SIGNAL(heatmapShown())));
    panel.expandAll();
    HeatmapPlot* plot = panel.plot();
    plot->replotNow();
    const int row = rowOf(plot->picture(), 1895087, 1896232);
    QVERIFY(row >= 0);
    QSignalSpy selected(&panel, &NodeHeatmapPanel::rowSelected);
    QTest::mouseClick(plot->customPlot(), Qt::LeftButton, {}, plot->cellCenter(row, 5));
    QCOMPARE(selected.count(), 1);
    const EntityId entity = selected.front().at(0).value<EntityId>();
    QVERIFY(entity.isValid());
    QCOMPARE(snapshot->entity(entity).tid, qint64(1896232));
    QCOMPARE(snapshot->entity(entity).kind, EntityKind::Thread);
    QCOMPARE(selected.front().at(1).toLongLong(), qint64(1895087));
    QCOMPARE(selected.front().at(2).toLongLong(), qint64(1896232));
    QCOMPARE(plot->selectedRow(), row);
    QCOMPARE(panel.rowView()->currentIndex().data(HeatmapRowModel::TidRole).toLongLong(), qint64(1896232));
    // Keys move the pick, and tell the others as a click does.
    QTest::keyClick(plot->customPlot(), Qt::Key_Down);
    QCOMPARE(selected.count(), 2);
    QCOMPARE(plot->selectedRow(), row + 1);
    // A pick from outside selects silently, unfolding the process.
    panel.collapseAll();
    QVERIFY(panel.selectRow(1895090, 1895760));
    QCOMPARE(selected.count(), 2);
    QCOMPARE(plot->picture().rows[size_t(plot->selectedRow())].tid, qint64(1895760));
    QVERIFY(!panel.selectRow(42, 42));
}

// graph.json's 1895087 runs on node7 (witty's shares: 69 %) while its dirty pages sit on node6, and holds
// NPU0 (AccessEdge), whose CPU affinity 144-167 is node6's: the memory and the accelerator are both away.
void TestHeatmapView::mismatchMarks()
{
    MismatchPanel panel;
    panel.setInput(m_witty->snapshots.back(), {});
    QVERIFY(showAndBuild(panel, &panel, SIGNAL(heatmapShown())));
    HeatmapPlot* plot = panel.processPlot();
    plot->replotNow();
    const HeatmapPicture& p = plot->picture();
    const int row = rowOf(p, 1895087, -1);
    QVERIFY(row >= 0);
    QVERIFY(p.rows[size_t(row)].warning);
    QVERIFY(p.rows[size_t(row)].label.startsWith(QStringLiteral("⚠")));
    QCOMPARE(mapCell(*plot, row, columnOf(p, QStringLiteral("node6"))), 384040.0 / 495716.0);
    bool cpuMark = false, npuMark = false;
    for (const HeatmapMarker& m : p.markers) {
        if (m.row != row)
            continue;
        cpuMark = cpuMark || (m.glyph == u"●" && m.column == columnOf(p, QStringLiteral("node7")));
        npuMark = npuMark || (m.glyph == u"◆" && m.column == columnOf(p, QStringLiteral("node6")));
    }
    QVERIFY(cpuMark);
    QVERIFY(npuMark);
    QVERIFY(plot->cellText(row, columnOf(p, QStringLiteral("node7"))).contains(QStringLiteral("●")));
    const QString tip = plot->toolTipAt(plot->cellCenter(row, columnOf(p, QStringLiteral("node6"))));
    QVERIFY2(tip.contains(QStringLiteral("◆ accelerator NPU0")), qPrintable(tip));
    // Mismatched rows come first; the matrix sums to one.
    QVERIFY(p.rows.front().warning);
    double sum = 0;
    for (double v : panel.view()->accessMatrix)
        sum += v;
    QVERIFY(std::abs(sum - 1.0) < 1e-9);
    panel.setMismatchedOnly(true);
    for (const HeatmapPictureRow& r : plot->picture().rows)
        QVERIFY(r.warning);
    // The legend every picture (and so every export) carries names each mark its rows show.
    for (const QString& mark :
         {QStringLiteral("● main CPU node"), QStringLiteral("◆ accelerator"), QStringLiteral("⚠ away")})
        QVERIFY2(panel.processesPicture().subtitle.contains(mark),
                 qPrintable(panel.processesPicture().subtitle));
    QVERIFY(!panel.processesPicture().subtitle.contains(QStringLiteral("Δ")));
    QVERIFY(!panel.captionLabel()->text().contains(QStringLiteral("Δ")));
    panel.setHighlighted({1895087});
    QVERIFY2(panel.processesPicture().subtitle.contains(QStringLiteral("Δ changed in the comparison")),
             qPrintable(panel.processesPicture().subtitle));
    // The window's legend (the caption above the map) too.
    QVERIFY2(panel.captionLabel()->text().contains(QStringLiteral("Δ changed in the comparison")),
             qPrintable(panel.captionLabel()->text()));
}

void TestHeatmapView::rowModelPassesTester()
{
    HeatmapRowModel model;
    HeatmapRowFilterProxy filter;
    filter.setSourceModel(&model);
    QAbstractItemModelTester modelTester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester filterTester(&filter, QAbstractItemModelTester::FailureReportingMode::QtTest);
    filter.sort(0);
    const NodeHeatmapPtr cpu = cpuHeatmap(*m_witty->snapshots.back());
    model.setHeatmap(cpu);
    QCOMPARE(model.rowCount(), 12);
    int workerRow = -1;
    for (int i = 0; i < cpu->rowCount(); ++i)
        if (cpu->rows[size_t(i)].pid == 1895087 && cpu->rows[size_t(i)].kind == HeatmapRowKind::Process)
            workerRow = i;
    const QModelIndex worker = model.indexOfRow(workerRow);
    QVERIFY(worker.isValid());
    QCOMPARE(model.rowCount(worker), 4);
    QCOMPARE(model.index(0, 0, worker).parent(), worker);
    model.setSort(HeatmapSortKey::Name, false);
    filter.resort();
    filter.setFilterText(QStringLiteral("acl"));
    QCOMPARE(filter.rowCount(), 4);
    // Each acl_thread has under 7 % of all the CPU time (graph.json), so none is left at 20 %.
    filter.setMinCpuShare(0.2);
    QCOMPARE(filter.rowCount(), 0);
    filter.setFilterText(QString());
    QCOMPARE(filter.rowCount(), 2); // 1895087 (24 %) and 1895090 (23 %)
    filter.setFilterText(QString());
    filter.setMinCpuShare(0);
    model.setHeatmap(memoryHeatmap(*m_witty->snapshots.back(), {}, MemoryMeasure::Bytes));
    QCOMPARE(model.headerData(HeatmapRowModel::MemoryColumn, Qt::Horizontal).toString(),
             measureName(Measure::Bytes));
    model.setHeatmap(nullptr);
    QCOMPARE(filter.rowCount(), 0);
}

// A build superseded before it comes back never reaches the screen.
void TestHeatmapView::staleResultsDropped()
{
    const QString path = makeRecording(m_dir.filePath(QStringLiteral("stale.numasight")));
    QVERIFY(!path.isEmpty());
    const CapturePtr recording = loadCapture(path);
    QVERIFY(recording);
    NodeHeatmapPanel panel(NodeHeatmapPanel::Kind::Cpu);
    panel.resize(900, 600);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QSignalSpy shown(&panel, &NodeHeatmapPanel::heatmapShown);
    QSignalSpy started(panel.job(), &HeatmapJob::started);
    panel.setInput(m_witty->snapshots.back(), {});
    panel.ensureBuilt();
    panel.setInput(recording->snapshots.front(), {recording->samples[1]});
    panel.ensureBuilt();
    QCOMPARE(started.count(), 2);
    QVERIFY(shown.wait(kTimeout));
    panel.job()->waitForIdle();
    QTest::qWait(50);
    QCOMPARE(shown.count(), 1);
    QVERIFY(panel.isCurrent());
    QCOMPARE(panel.shownSnapshot(), recording->snapshots.front());
    // The recording's rows: pid 1000 and its sampled threads, not graph.json's.
    QCOMPARE(panel.heatmap()->rows.front().pid, qint64(1000));
}

// tests/data/capture/v2-recording.sql: worker_0 (tid 2000 of pid 1000) ran 10 + 20 + 5 ns on CPUs 3, 0 and 3
// in samples 1 and 2 (sample_thread_cpus), all node 0's (cpu_nodes); samples 0 and 3 have no interval.
void TestHeatmapView::timeHeatmapFollowsTimeline()
{
    const QString path = makeRecording(m_dir.filePath(QStringLiteral("time.numasight")));
    QVERIFY(!path.isEmpty());
    MainWindow window;
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QSignalSpy loaded(window.loader(), &LoadJob::finished);
    window.openPath(path);
    QVERIFY(loaded.wait(kTimeout));
    QVERIFY(window.capture());
    QCOMPARE(window.capture()->samples.size(), size_t(4));
    HeatmapTabs* heatmaps = window.heatmapsPanel();
    TimeHeatmapPanel* time = heatmaps->timePanel();
    window.setTimelinePosition(1);
    const Snapshot& s = *window.capture()->snapshots[size_t(window.snapshotIndex())];
    EntityId worker;
    for (EntityId t : s.ofKind(EntityKind::Thread))
        if (s.entity(t).tid == 2000)
            worker = t;
    QVERIFY(worker.isValid());
    window.selectEntity(worker); // in the browser: the over-time heatmap takes it as its subject
    QVERIFY(time->subject().has_value());
    QCOMPARE(time->subject()->tid, qint64(2000));
    QSignalSpy shown(time, &TimeHeatmapPanel::heatmapShown);
    heatmaps->setCurrentView(HeatmapTabs::View::Time);
    window.showHeatmaps();
    QVERIFY(shown.wait(kTimeout) || !shown.isEmpty());
    const HeatmapPicture& p = time->plot()->picture();
    QCOMPARE(p.columnCount(), 2);
    QCOMPARE(p.columns[0].source, 1);
    QCOMPARE(p.columns[1].source, 2);
    const int node0 = rowLabelled(p, QStringLiteral("node0"));
    const int node1 = rowLabelled(p, QStringLiteral("node1"));
    for (int c = 0; c < 2; ++c) {
        QCOMPARE(mapCell(*time->plot(), node0, c), 1.0);
        QCOMPARE(mapCell(*time->plot(), node1, c), 0.0);
    }
    QCOMPARE(time->plot()->cursorColumn(), 0);
    window.setTimelinePosition(2);
    QCOMPARE(time->plot()->cursorColumn(), 1);
    window.setTimelinePosition(3);
    QCOMPARE(time->plot()->cursorColumn(), -1); // a sample without interval has no column
    // A click on a column moves the timeline there.
    time->plot()->replotNow();
    QTest::mouseClick(time->plot()->customPlot(), Qt::LeftButton, {}, time->plot()->cellCenter(node0, 0));
    QCOMPARE(window.timeline()->position(), 1);
    QCOMPARE(time->plot()->cursorColumn(), 0);
    // The CPU time itself: 35 ns a sample on node 0.
    shown.clear();
    time->setMetric(HeatmapMetric::CpuNs);
    QVERIFY(shown.wait(kTimeout));
    QCOMPARE(mapCell(*time->plot(), node0, 0), 35.0);
}

// One number, one name: the CPU heatmap's memory column, the memory heatmap's, the graph's tooltip and the
// CSV header name pid 1895088's pages with the string core gives each measure, and two different measures
// (witty's dirty anonymous pages, numa_maps' pages) never share a name.
void TestHeatmapView::oneNamePerMeasure_data()
{
    QTest::addColumn<int>("measure"); // MemoryMeasure of the memory heatmap, -1 for the CPU heatmap
    QTest::addColumn<int>("memoryName");
    QTest::addColumn<int>("remoteName");
    QTest::newRow("cpu heatmap: dirty anon pages, remote share of CPU time")
        << -1 << int(Measure::DirtyAnonPages) << int(Measure::CpuTime);
    QTest::newRow("memory heatmap, all pages")
        << int(MemoryMeasure::TotalPages) << int(Measure::AllPages) << int(Measure::AllPages);
    QTest::newRow("memory heatmap, dirty anon pages")
        << int(MemoryMeasure::DirtyAnonPages) << int(Measure::DirtyAnonPages) << int(Measure::DirtyAnonPages);
}

void TestHeatmapView::oneNamePerMeasure()
{
    QFETCH(int, measure);
    QFETCH(int, memoryName);
    QFETCH(int, remoteName);
    const Snapshot& s = *m_witty->snapshots.back();
    const NodeHeatmapPtr h = measure < 0 ? cpuHeatmap(s) : memoryHeatmap(s, {}, MemoryMeasure(measure));
    const QString memory = measureName(Measure(memoryName));
    const QString remote = remoteShareName(Measure(remoteName));
    QCOMPARE(h->memoryMeasure, Measure(memoryName));
    HeatmapRowModel model;
    model.setHeatmap(h);
    QCOMPARE(model.headerData(HeatmapRowModel::MemoryColumn, Qt::Horizontal).toString(), memory);
    QCOMPARE(model.headerData(HeatmapRowModel::RemoteColumn, Qt::Horizontal).toString(), remote);
    QCOMPARE(model.headerData(HeatmapRowModel::CpuColumn, Qt::Horizontal).toString(),
             measureName(Measure::CpuTime));
    // The row's tooltip names its figures the same way.
    int row = -1;
    for (int r = 0; r < h->rowCount(); ++r)
        if (h->rows[size_t(r)].pid == 1895088 && h->rows[size_t(r)].kind == HeatmapRowKind::Process)
            row = r;
    QVERIFY(row >= 0);
    const QString tip = model.data(model.indexOfRow(row), Qt::ToolTipRole).toString();
    QVERIFY2(tip.contains(memory + QStringLiteral(": ")), qPrintable(tip));
    QVERIFY2(tip.contains(remote + QStringLiteral(": ")), qPrintable(tip));
    // The CSV header: the same words (no translation is loaded here, so the key is the name).
    const QStringList header = QString::fromUtf8(heatmapCsv(*h).split('\r').front()).split(QLatin1Char(','));
    QCOMPARE(header.mid(header.size() - 3),
             (QStringList{measureKey(Measure::CpuTime), measureKey(Measure(memoryName)),
                          remoteShareKey(Measure(remoteName))}));
    QCOMPARE(measureKey(Measure(memoryName)), memory);
    // The graph's tooltip of the process names witty's pages as the CPU heatmap does.
    const GraphSpecPtr spec = buildGraph(s, GraphOptions{});
    QString graphTip;
    for (const GraphNode& n : spec->nodes)
        if (n.kind == EntityKind::Process && n.entity.isValid() && s.entity(n.entity).pid == 1895088)
            graphTip = n.tooltip;
    QVERIFY2(graphTip.contains(measureName(Measure::DirtyAnonPages) + QStringLiteral(": ")),
             qPrintable(graphTip));
    QVERIFY2(!graphTip.contains(measureName(Measure::AllPages)), qPrintable(graphTip));
    // Different measures, different names.
    QVERIFY(measureName(Measure::DirtyAnonPages) != measureName(Measure::AllPages));
    QVERIFY(remoteShareName(Measure::CpuTime) != remoteShareName(Measure::AllPages));
}

// The header's arrow points down while the largest come first, as the "↓" button beside the sort box says.
void TestHeatmapView::sortArrowFollowsOrder_data()
{
    QTest::addColumn<bool>("descending");
    QTest::addColumn<int>("arrow");
    QTest::newRow("largest first: down") << true << int(QStyleOptionHeader::SortDown);
    QTest::newRow("smallest first: up") << false << int(QStyleOptionHeader::SortUp);
}

void TestHeatmapView::sortArrowFollowsOrder()
{
    QFETCH(bool, descending);
    QFETCH(int, arrow);
    NodeHeatmapPanel panel(NodeHeatmapPanel::Kind::Cpu);
    panel.setInput(m_witty->snapshots.back(), {});
    QVERIFY(showAndBuild(panel, &panel, SIGNAL(heatmapShown())));
    panel.setSort(HeatmapSortKey::CpuTime, descending);
    auto* header = qobject_cast<SortArrowHeader*>(panel.rowView()->header());
    QVERIFY(header);
    QCOMPARE(int(header->arrowAt(HeatmapRowModel::CpuColumn)), arrow);
    QCOMPARE(int(header->arrowAt(HeatmapRowModel::NameColumn)), int(QStyleOptionHeader::None));
    QCOMPARE(panel.descendingButton()->text(), descending ? QStringLiteral("↓") : QStringLiteral("↑"));
}

void TestHeatmapView::listTakesRoomForHeaders_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<int>("pageWidth");
    QTest::addColumn<bool>("whole"); // every figure header can be read whole
    QTest::newRow("cpu, 1400 px page") << int(NodeHeatmapPanel::Kind::Cpu) << 1400 << true;
    QTest::newRow("memory, 1400 px page") << int(NodeHeatmapPanel::Kind::Memory) << 1400 << true;
    QTest::newRow("cpu, 900 px page") << int(NodeHeatmapPanel::Kind::Cpu) << 900 << false;
}

// Until the user places the splitter, the list widens for its headers while the map keeps its share, and
// the name column gives up its width before any figure header is cut.
void TestHeatmapView::listTakesRoomForHeaders()
{
    QFETCH(int, kind);
    QFETCH(int, pageWidth);
    QFETCH(bool, whole);
    NodeHeatmapPanel panel{NodeHeatmapPanel::Kind(kind)};
    panel.setInput(m_witty->snapshots.back(), {});
    QVERIFY(showAndBuild(panel, &panel, SIGNAL(heatmapShown())));
    panel.resize(pageWidth, 900);
    QTest::qWait(50);
    QCoreApplication::processEvents();
    QTreeView* tree = panel.rowView();
    auto* header = qobject_cast<SortArrowHeader*>(tree->header());
    QVERIFY(header);
    int elided = 0;
    for (int c = HeatmapRowModel::IdColumn; c < HeatmapRowModel::ColumnCount; ++c)
        elided += header->isElided(c);
    const int spareName = header->sectionSize(HeatmapRowModel::NameColumn) -
                          header->widthFor(QStringLiteral("containerd-shim"));
    if (whole)
        QCOMPARE(elided, 0);
    if (elided > 0)
        QVERIFY2(
            spareName <= 1,
            qPrintable(QStringLiteral("%1 headers cut, name has %2 px spare").arg(elided).arg(spareName)));
    auto* split = panel.findChild<QSplitter*>();
    QVERIFY2(split->sizes().value(1) * 100 >= split->width() * 45,
             qPrintable(
                 QStringLiteral("the map has %1 of %2 px").arg(split->sizes().value(1)).arg(split->width())));
}

void TestHeatmapView::headersFitOrSayWhy_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<int>("listWidth");
    QTest::newRow("cpu, narrow list") << int(NodeHeatmapPanel::Kind::Cpu) << 300;
    QTest::newRow("cpu, 440 px") << int(NodeHeatmapPanel::Kind::Cpu) << 440;
    QTest::newRow("cpu, wide list") << int(NodeHeatmapPanel::Kind::Cpu) << 900;
    QTest::newRow("memory, narrow list") << int(NodeHeatmapPanel::Kind::Memory) << 300;
    QTest::newRow("memory, wide list") << int(NodeHeatmapPanel::Kind::Memory) << 900;
}

// Each figure column is as wide as its widest value; a header that does not fit ends in "…" and its tooltip
// names the whole measure; the name column takes what is left.
void TestHeatmapView::headersFitOrSayWhy()
{
    QFETCH(int, kind);
    QFETCH(int, listWidth);
    NodeHeatmapPanel panel{NodeHeatmapPanel::Kind(kind)};
    panel.setInput(m_witty->snapshots.back(), {});
    QVERIFY(showAndBuild(panel, &panel, SIGNAL(heatmapShown())));
    // As a user's drag does: the panel keeps a placed splitter.
    auto* split = panel.findChild<QSplitter*>();
    split->setSizes({listWidth, 1400 - listWidth});
    emit split->splitterMoved(listWidth, 1);
    panel.expandAll();
    QTreeView* tree = panel.rowView();
    auto* header = qobject_cast<SortArrowHeader*>(tree->header());
    QVERIFY(header);
    QTRY_VERIFY(tree->width() <= listWidth + 8);
    QCoreApplication::processEvents();
    const int margin = header->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header);
    int elided = 0;
    for (int c = 0; c < HeatmapRowModel::ColumnCount; ++c) {
        const QString name = panel.rowModel()->headerData(c, Qt::Horizontal).toString();
        const bool fits =
            header->fontMetrics().horizontalAdvance(name) + 2 * margin <= header->sectionSize(c);
        if (!fits) {
            ++elided;
            QVERIFY2(header->isElided(c), qPrintable(name));
            QVERIFY2(header->shownText(c).endsWith(QStringLiteral("…")), qPrintable(header->shownText(c)));
            const QString tip = panel.rowModel()->headerData(c, Qt::Horizontal, Qt::ToolTipRole).toString();
            QVERIFY2(tip.startsWith(name), qPrintable(tip));
        }
        if (c == HeatmapRowModel::NameColumn)
            continue;
        // No figure is cut: every value shown fits its column.
        for (QModelIndex i = tree->indexAt(QPoint(1, 1)); i.isValid(); i = tree->indexBelow(i)) {
            const QString value = i.siblingAtColumn(c).data().toString();
            QVERIFY2(tree->fontMetrics().horizontalAdvance(value) + 2 * margin <= header->sectionSize(c),
                     qPrintable(QStringLiteral("%1 in %2 px").arg(value).arg(header->sectionSize(c))));
        }
    }
    // The name column takes what the figures leave.
    int figures = 0;
    for (int c = HeatmapRowModel::IdColumn; c < HeatmapRowModel::ColumnCount; ++c)
        figures += header->sectionSize(c);
    const int nameWidth = header->sectionSize(HeatmapRowModel::NameColumn);
    QVERIFY(nameWidth >= header->fontMetrics().horizontalAdvance(QStringLiteral("containerd-shim")));
    QVERIFY2(nameWidth >= tree->viewport()->width() - figures - 2,
             qPrintable(QStringLiteral("name %1 of %2").arg(nameWidth).arg(tree->viewport()->width())));
    if (listWidth >= 900)
        QCOMPARE(elided, 0);
    else if (listWidth <= 300)
        QVERIFY(elided > 0);
}

void TestHeatmapView::columnLabelsInsidePlot_data()
{
    QTest::addColumn<QSize>("size");
    QTest::addColumn<int>("listWidth");
    QTest::newRow("narrow map, labels on end") << QSize(760, 520) << 440;
    QTest::newRow("laptop") << QSize(900, 560) << 440;
    QTest::newRow("wide map, labels lying") << QSize(1800, 1200) << 440;
}

// Node labels stand on end over narrow columns; the list beside the map leaves room above its rows for
// their whole length, so no label is cut at the top, and the rows still line up.
void TestHeatmapView::columnLabelsInsidePlot()
{
    QFETCH(QSize, size);
    QFETCH(int, listWidth);
    NodeHeatmapPanel panel(NodeHeatmapPanel::Kind::Cpu);
    panel.setInput(m_witty->snapshots.back(), {});
    QVERIFY(showAndBuild(panel, &panel, SIGNAL(heatmapShown())));
    panel.resize(size);
    panel.findChild<QSplitter*>()->setSizes({listWidth, size.width() - listWidth});
    HeatmapPlot* plot = panel.plot();
    QTest::qWait(50);
    plot->replotNow();
    QCoreApplication::processEvents();
    plot->replotNow();
    const QList<QRect> labels = plot->columnLabelRects();
    QCOMPARE(labels.size(), 8);
    const QRect inside = plot->customPlot()->rect();
    for (const QRect& r : labels)
        QVERIFY2(inside.contains(r), qPrintable(QStringLiteral("%1,%2 %3x%4 outside %5x%6")
                                                    .arg(r.x())
                                                    .arg(r.y())
                                                    .arg(r.width())
                                                    .arg(r.height())
                                                    .arg(inside.width())
                                                    .arg(inside.height())));
    // Rows still line up with the list's.
    QTreeView* tree = panel.rowView();
    const QModelIndex first = tree->indexAt(QPoint(1, 1));
    QVERIFY(first.isValid());
    const int listY = tree->viewport()->mapTo(&panel, tree->visualRect(first).center()).y();
    const int mapY = plot->customPlot()->mapTo(&panel, plot->cellCenter(plot->firstRow(), 0)).y();
    QVERIFY2(std::abs(listY - mapY) <= 2, qPrintable(QStringLiteral("list %1, map %2").arg(listY).arg(mapY)));
}

void TestHeatmapView::rowLimit_data()
{
    QTest::addColumn<int>("limit");
    QTest::addColumn<QString>("filter");
    QTest::addColumn<bool>("descending");
    QTest::addColumn<QList<qint64>>("kept");
    QTest::addColumn<int>("more");
    QTest::newRow("top 3 by CPU time")
        << 3 << QString() << true << QList<qint64>{1895087, 1895090, 1895089} << 9;
    // The two bash processes have no CPU time: 0 ns, the least (unknown times would come last).
    QTest::newRow("top 3, least CPU time first")
        << 3 << QString() << false << QList<qint64>{1893833, 3821705, 1893666} << 9;
    QTest::newRow("filter before the cut")
        << 2 << QStringLiteral("python") << true << QList<qint64>{1895087, 1895090} << 3;
    QTest::newRow("fewer processes than the limit: no summed row")
        << 25 << QString() << true << QList<qint64>{1895087, 1895090, 1895089, 1895088, 1894856} << 0;
    QTest::newRow("all") << int(kAllRows) << QString() << true
                         << QList<qint64>{1895087, 1895090, 1895089, 1895088, 1894856} << 0;
}

// The list and the map show the first processes by the sort key after the filter, then one row summing the
// rest, as exports draw them; the CSV keeps every row.
void TestHeatmapView::rowLimit()
{
    QFETCH(int, limit);
    QFETCH(QString, filter);
    QFETCH(bool, descending);
    QFETCH(QList<qint64>, kept);
    QFETCH(int, more);
    NodeHeatmapPanel panel(NodeHeatmapPanel::Kind::Cpu);
    QCOMPARE(panel.rowLimit(), 100); // the default, as exports
    QCOMPARE(panel.rowsCombo()->currentData().toInt(), 100);
    panel.setInput(m_witty->snapshots.back(), {});
    QVERIFY(showAndBuild(panel, &panel, SIGNAL(heatmapShown())));
    QSignalSpy changed(&panel, &NodeHeatmapPanel::rowLimitChanged);
    panel.setRowLimit(limit);
    QCOMPARE(changed.size(), limit == 100 ? 0 : 1);
    panel.setFilterText(filter);
    panel.setSort(HeatmapSortKey::CpuTime, descending);
    QTRY_COMPARE(panel.moreProcesses(), more);

    const HeatmapPicture& p = panel.plot()->picture();
    QTRY_VERIFY(p.rowCount() > 0);
    for (int i = 0; i < kept.size(); ++i)
        QCOMPARE(p.rows[size_t(i)].pid, kept[i]);
    const QAbstractItemModel* rows = panel.rowView()->model();
    const QModelIndex last = rows->index(rows->rowCount() - 1, 0);
    if (more > 0) {
        QCOMPARE(rows->rowCount(), kept.size() + 1);
        QCOMPARE(last.data().toString(), moreProcessesName(more));
        QCOMPARE(p.rows.back().label, moreProcessesName(more));
        QVERIFY(panel.statusLabel()->text().contains(moreProcessesName(more)));
        // What the export draws is what the window shows.
        QCOMPARE(panel.exportPicture().rows.back().label, moreProcessesName(more));
    } else {
        QVERIFY(last.data().toString() != moreProcessesName(0));
        for (const HeatmapPictureRow& r : p.rows)
            QVERIFY(r.pid >= 0);
    }
    // The CSV has every process, whatever the cut.
    const QByteArray csv = panel.csv();
    for (const char* pid : {"1893833", "3821705", "1895087"})
        QVERIFY2(csv.contains(pid), pid);
}

void TestHeatmapView::markedCellRule_data()
{
    QTest::addColumn<QSizeF>("cell");
    QTest::addColumn<QSizeF>("text");
    QTest::addColumn<QSizeF>("marks");
    QTest::addColumn<int>("expected");
    QTest::newRow("wide: beside") << QSizeF(60, 20) << QSizeF(14, 10) << QSizeF(10, 12)
                                  << int(MarkedCell::Beside);
    QTest::newRow("38 px wide, two digits: beside")
        << QSizeF(38, 20) << QSizeF(14, 10) << QSizeF(10, 12) << int(MarkedCell::Beside);
    QTest::newRow("narrow and tall: under the marks")
        << QSizeF(20, 26) << QSizeF(14, 10) << QSizeF(10, 10) << int(MarkedCell::Below);
    QTest::newRow("narrow and short: marks only")
        << QSizeF(20, 14) << QSizeF(14, 10) << QSizeF(10, 10) << int(MarkedCell::MarksOnly);
    QTest::newRow("number wider than the cell: marks only")
        << QSizeF(20, 40) << QSizeF(24, 10) << QSizeF(8, 8) << int(MarkedCell::MarksOnly);
    QTest::newRow("no number: marks only")
        << QSizeF(60, 20) << QSizeF() << QSizeF(10, 12) << int(MarkedCell::MarksOnly);
    QTest::newRow("two marks and a number: beside")
        << QSizeF(50, 18) << QSizeF(20, 10) << QSizeF(22, 12) << int(MarkedCell::Beside);
}

void TestHeatmapView::markedCellRule()
{
    QFETCH(QSizeF, cell);
    QFETCH(QSizeF, text);
    QFETCH(QSizeF, marks);
    QFETCH(int, expected);
    QCOMPARE(int(markedCellLayout(cell, text, marks)), expected);
}

void TestHeatmapView::mismatchNumbersBesideMarks_data()
{
    QTest::addColumn<int>("width"); // of the plot: its map gets what the row labels and the scale leave
    for (int width : {1400, 900, 700, 600, 520, 460, 400})
        QTest::addRow("%d px", width) << width;
}

// In the window as in exports, a marked cell shows its number with its mark while both fit (the marks
// smaller, the number beside or under them): any cell 30 px wide holds "77" and "◆". Only a cell too small
// for the number shows the mark alone; the tooltip always has the number.
void TestHeatmapView::mismatchNumbersBesideMarks()
{
    QFETCH(int, width);
    MismatchPanel panel;
    panel.setInput(m_witty->snapshots.back(), {});
    QVERIFY(showAndBuild(panel, &panel, SIGNAL(heatmapShown())));
    HeatmapPlot plot;
    plot.resize(width, 500);
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    plot.setPicture(panel.processesPicture());
    plot.replotNow();
    QCoreApplication::processEvents();
    plot.replotNow();
    const HeatmapPicture& p = plot.picture();
    const int row = rowOf(p, 1895087, -1);
    const int column = columnOf(p, QStringLiteral("node6"));
    QVERIFY(row >= 0 && column >= 0);
    const QString number = formatHeatmapCell(p.value(row, column), p.format);
    QCOMPARE(number, QStringLiteral("77"));
    const QString text = plot.cellText(row, column);
    const QPoint a = plot.cellCenter(row, 0), b = plot.cellCenter(row + 1, 1);
    const QSize cell(b.x() - a.x(), b.y() - a.y());
    const QString where =
        QStringLiteral("\"%1\" in a cell of %2x%3 px").arg(text).arg(cell.width()).arg(cell.height());
    qInfo("%s", qPrintable(where));
    if (width >= 1400) // the widest plot has room for both: the rule below is tested
        QVERIFY2(cell.width() >= 40, qPrintable(where));
    if (cell.width() >= 30 && cell.height() >= 14) {
        QVERIFY2(text.contains(number), qPrintable(where));
        QVERIFY2(text.contains(QStringLiteral("◆")), qPrintable(where));
    } else if (cell.width() < 14) {
        QVERIFY2(!text.contains(number), qPrintable(where)); // no room: the mark, or nothing
    }
    const QString tip = plot.toolTipAt(plot.cellCenter(row, column));
    QVERIFY2(tip.contains(number), qPrintable(tip));
}

QTEST_MAIN(TestHeatmapView)
#include "tst_heatmap_view.moc"
