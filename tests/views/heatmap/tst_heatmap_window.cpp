// SPDX-License-Identifier: GPL-3.0-or-later
// The heatmaps in the main window — the selection they share with the other pages, the settings they keep —
// and their exports to PNG, PDF, SVG and CSV, read back and checked; the latency matrix of this machine.
#undef QT_NO_FOREACH
#include <qcustomplot.h>
#undef foreach
#define QT_NO_FOREACH

#include "analysis/heatmap_data.h"
#include "main_window.h"
#include "measure/measurement.h"
#include "readers/open_input.h"
#include "report/heatmap_csv.h"
#include "support/file_size_limit.h"
#include "support/heatmap_view_support.h"
#include "support/recording_fixture.h"
#include "support/test_fixtures.h"
#include "views/browser/browser_panel.h"
#include "views/browser/entity_filter_proxy.h"
#include "views/browser/entity_tree_model.h"
#include "views/common/export_dialog.h"
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
#include "views/heatmap/time_heatmap_panel.h"
#include "views/jobs/heatmap_export_job.h"
#include "views/jobs/heatmap_job.h"
#include "views/jobs/load_job.h"
#include "views/live/timeline_bar.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
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

namespace {

// The main window at `size` with the witty fixture loaded.
bool showWitty(MainWindow& window, QSize size)
{
    window.resize(size);
    window.show();
    if (!QTest::qWaitForWindowExposed(&window))
        return false;
    QSignalSpy loaded(window.loader(), &LoadJob::finished);
    window.openPath(kWitty);
    return loaded.wait(kTimeout);
}

} // namespace

class TestHeatmapWindow : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void mainWindowLinksSelection();
    void mainWindowRemembersSettings();
    void exportFormats_data();
    void exportFormats();
    void exportErrors_data();
    void exportErrors();
    void mainWindowExportsPlot_data();
    void mainWindowExportsPlot();
    void measureThisMachine();
    void exportDialogSizeAndDpi_data();
    void exportDialogSizeAndDpi();
    void csvExportOnFullDisk();

private:
    QTemporaryDir m_dir;
    CapturePtr m_witty;
};

void TestHeatmapWindow::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("numasight-tests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_heatmap_window"));
    QVERIFY(m_dir.isValid());
    m_witty = loadCapture(kWitty);
    QVERIFY(m_witty);
}

void TestHeatmapWindow::init()
{
    QSettings().clear();
}

void TestHeatmapWindow::mainWindowLinksSelection()
{
    MainWindow window;
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QSignalSpy loaded(window.loader(), &LoadJob::finished);
    window.openPath(kWitty);
    QVERIFY(loaded.wait(kTimeout));
    HeatmapTabs* heatmaps = window.heatmapsPanel();
    NodeHeatmapPanel* cpu = heatmaps->cpuPanel();
    heatmaps->setCurrentView(HeatmapTabs::View::Cpu);
    QSignalSpy shown(cpu, &NodeHeatmapPanel::heatmapShown);
    window.showHeatmaps();
    QCOMPARE(window.workspaceTabs()->currentWidget(), heatmaps);
    QVERIFY(shown.wait(kTimeout) || !shown.isEmpty());
    cpu->expandAll();
    const Snapshot& s = *window.capture()->snapshots.back();

    // Heatmap → browser (and details).
    HeatmapPlot* plot = cpu->plot();
    plot->replotNow();
    const int row = rowOf(plot->picture(), 1895088, 1895530);
    QVERIFY(row >= 0);
    cpu->rowView()->scrollTo(cpu->rowView()->model()->index(0, 0));
    QTRY_VERIFY(plot->firstRow() <= row && row < plot->firstRow() + plot->visibleRowCount());
    plot->replotNow();
    QTest::mouseClick(plot->customPlot(), Qt::LeftButton, {}, plot->cellCenter(row, 1));
    const QModelIndex current = window.browserPanel()->view()->currentIndex();
    QVERIFY(current.isValid());
    QTRY_COMPARE(s.entity(window.browserPanel()->model()->entityAt(
                              window.browserPanel()->proxy()->mapToSource(current)))
                     .tid,
                 qint64(1895530));

    // Browser → heatmaps: the process row gets picked, and becomes the over-time subject.
    window.selectEntity(s.processByPid(1895090));
    QCOMPARE(cpu->rowView()->currentIndex().data(HeatmapRowModel::PidRole).toLongLong(), qint64(1895090));
    QCOMPARE(cpu->rowView()->currentIndex().data(HeatmapRowModel::TidRole).toLongLong(), qint64(-1));
    QCOMPARE(heatmaps->timePanel()->subject()->pid, qint64(1895090));
    // The memory tab was never shown: it builds on demand and picks the same process once its rows are in.
    NodeHeatmapPanel* memory = heatmaps->memoryPanel();
    QSignalSpy memoryShown(memory, &NodeHeatmapPanel::heatmapShown);
    memory->ensureBuilt();
    QVERIFY(memoryShown.wait(kTimeout));
    QVERIFY(memory->plot()->selectedRow() >= 0);
    QCOMPARE(memory->plot()->picture().rows[size_t(memory->plot()->selectedRow())].pid, qint64(1895090));

    // Shortcuts reach the views.
    window.showEntityBrowser();
    QTest::keySequence(&window, QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_5));
    QCOMPARE(window.workspaceTabs()->currentWidget(), heatmaps);
    QCOMPARE(heatmaps->currentView(), HeatmapTabs::View::Matrices);
    window.showEntityBrowser();
    QTest::keySequence(&window, QKeySequence(Qt::CTRL | Qt::Key_H));
    QCOMPARE(window.workspaceTabs()->currentWidget(), heatmaps);
}

void TestHeatmapWindow::mainWindowRemembersSettings()
{
    {
        MainWindow window;
        window.show();
        HeatmapTabs* heatmaps = window.heatmapsPanel();
        heatmaps->setCurrentView(HeatmapTabs::View::Memory);
        heatmaps->cpuPanel()->setSort(HeatmapSortKey::RemoteShare, false);
        heatmaps->memoryPanel()->setMeasure(MemoryMeasure::Bytes);
        heatmaps->setWindow(HeatmapTabs::Window::Recording);
        heatmaps->timePanel()->setMetric(HeatmapMetric::CpuBusy);
        heatmaps->matrixPanel()->setOrder(MatrixOrder::Natural);
        QCOMPARE(heatmaps->cpuPanel()->rowLimit(), 100); // the default, as exports
        heatmaps->cpuPanel()->setRowLimit(kAllRows);
        heatmaps->memoryPanel()->rowsCombo()->setCurrentIndex(
            heatmaps->memoryPanel()->rowsCombo()->findData(25));
        window.close();
    }
    QCOMPARE(QSettings().value(QStringLiteral("heatmaps/cpuRows")).toString(), QStringLiteral("all"));
    QCOMPARE(QSettings().value(QStringLiteral("heatmaps/measure")).toString(), QStringLiteral("bytes"));
    MainWindow window;
    HeatmapTabs* heatmaps = window.heatmapsPanel();
    QCOMPARE(heatmaps->currentView(), HeatmapTabs::View::Memory);
    QCOMPARE(heatmaps->cpuPanel()->sortKey(), HeatmapSortKey::RemoteShare);
    QCOMPARE(heatmaps->cpuPanel()->sortDescending(), false);
    QCOMPARE(heatmaps->memoryPanel()->measure(), MemoryMeasure::Bytes);
    QCOMPARE(heatmaps->window(), HeatmapTabs::Window::Recording);
    QCOMPARE(heatmaps->timePanel()->metric(), HeatmapMetric::CpuBusy);
    QCOMPARE(heatmaps->matrixPanel()->order(), MatrixOrder::Natural);
    QCOMPARE(heatmaps->cpuPanel()->rowLimit(), kAllRows);
    QCOMPARE(heatmaps->cpuPanel()->rowsCombo()->currentData().toInt(), kAllRows);
    QCOMPARE(heatmaps->memoryPanel()->rowLimit(), 25);
}

void TestHeatmapWindow::exportFormats_data()
{
    QTest::addColumn<QString>("which"); // cpu, memory, distance
    QTest::addColumn<QString>("format");
    QTest::addColumn<QSize>("size");
    for (const QString& which : {QStringLiteral("cpu"), QStringLiteral("memory"), QStringLiteral("distance")})
        for (const QString& format :
             {QStringLiteral("png"), QStringLiteral("svg"), QStringLiteral("pdf"), QStringLiteral("csv")})
            QTest::addRow("%s %s", qPrintable(which), qPrintable(format))
                << which << format << (format == u"png" ? QSize(900, 700) : QSize());
}

void TestHeatmapWindow::exportFormats()
{
    QFETCH(QString, which);
    QFETCH(QString, format);
    QFETCH(QSize, size);
    NodeHeatmapPtr heatmap;
    MatrixHeatmapPtr matrix;
    HeatmapPicture picture;
    if (which == u"distance") {
        const CapturePtr c = loadCapture(kHwloc + QStringLiteral("192em64t-24n8c2t.xml"));
        QVERIFY(c);
        matrix = matrixHeatmap(*c->snapshots.back(), *c->snapshots.back()->numaDistances(),
                               MatrixOrder::ByDistance);
        picture = matrixPicture(*matrix);
    } else {
        heatmap = which == u"cpu" ? cpuHeatmap(*m_witty->snapshots.back())
                                  : memoryHeatmap(*m_witty->snapshots.back(), {}, MemoryMeasure::TotalPages);
        picture = nodeHeatmapPicture(*heatmap, HeatmapSortKey::CpuTime, true);
    }
    const QString path = m_dir.filePath(QStringLiteral("export-%1.%2").arg(which, format));
    QFile::remove(path);
    if (format == u"csv") {
        HeatmapExportJob job;
        QSignalSpy done(&job, &HeatmapExportJob::exported);
        job.startCsv([heatmap, matrix] { return heatmap ? heatmapCsv(*heatmap) : matrixCsv(*matrix); }, path);
        QVERIFY(done.wait(kTimeout));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray bytes = f.readAll();
        if (heatmap) {
            const auto csv = readHeatmapCsv(bytes, path);
            QVERIFY2(csv, csv ? "" : qPrintable(csv.error().toString()));
            QCOMPARE(int(csv->rows.size()), heatmap->rowCount());
            for (int r = 0; r < heatmap->rowCount(); ++r)
                for (int c = 0; c < heatmap->columnCount(); ++c) {
                    const double a = csv->rows[size_t(r)].values[size_t(c)], b = heatmap->value(r, c);
                    QVERIFY(a == b || (std::isnan(a) && std::isnan(b)));
                }
        } else {
            const auto csv = readMatrixCsv(bytes, path);
            QVERIFY(csv);
            QCOMPARE(int(csv->rows.size()), 24);
            for (int r = 0; r < 24; ++r)
                for (int c = 0; c < 24; ++c)
                    QCOMPARE(csv->values[size_t(r) * 24 + size_t(c)], matrix->at(r, c));
        }
        return;
    }
    const auto f = heatmapExportFormatFromName(format);
    QVERIFY(f);
    const Result<qint64> written = exportHeatmapPicture(picture, path, *f, size);
    QVERIFY2(written, written ? "" : qPrintable(written.error().toString()));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray bytes = file.readAll();
    QCOMPARE(qint64(bytes.size()), *written);
    if (format == u"png") {
        QImage image;
        QVERIFY(image.loadFromData(bytes, "PNG"));
        QCOMPARE(image.size(), size);
        QVERIFY2(distinctColors(image) > 20, "the picture is not blank");
    } else if (format == u"svg") {
        QString error;
        const QStringList texts = svgTexts(bytes, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        // Every node's label is real text, and so is the title.
        for (int n = 0; n < picture.columnCount(); ++n)
            QVERIFY2(texts.contains(picture.columns[size_t(n)].label),
                     qPrintable(picture.columns[size_t(n)].label));
        QVERIFY(texts.contains(picture.title));
        if (which == u"cpu")
            QVERIFY(texts.contains(QStringLiteral("python3 (1895087)")));
    } else {
        QVERIFY(bytes.startsWith("%PDF-"));
        QVERIFY(bytes.contains("/Type /Page"));
    }
    // Nothing but the output: the temporary was renamed.
    QCOMPARE(
        QDir(m_dir.path()).entryList({QFileInfo(path).fileName() + QStringLiteral(".*")}, QDir::Files).size(),
        0);
}

void TestHeatmapWindow::exportErrors_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("message");
    QTest::newRow("empty heatmap") << QStringLiteral("empty") << QStringLiteral("nothing to export");
    QTest::newRow("too small") << QStringLiteral("small") << QStringLiteral("out of range");
    QTest::newRow("too large") << QStringLiteral("large") << QStringLiteral("out of range");
    QTest::newRow("CSV is no picture") << QStringLiteral("csv") << QStringLiteral("CSV is written from");
    QTest::newRow("folder missing") << QStringLiteral("folder") << QStringLiteral("cannot write");
    QTest::newRow("unknown format") << QStringLiteral("tiff") << QString();
    QTest::newRow("topology without processes")
        << QStringLiteral("topology") << QStringLiteral("nothing to export");
    QTest::newRow("capture without matrices")
        << QStringLiteral("no matrix") << QStringLiteral("nothing to export");
}

void TestHeatmapWindow::exportErrors()
{
    QFETCH(QString, kind);
    QFETCH(QString, message);
    const HeatmapPicture good = nodeHeatmapPicture(*cpuHeatmap(*m_witty->snapshots.back()));
    QString path = m_dir.filePath(QStringLiteral("error.png"));
    QFile::remove(path);
    if (kind == u"tiff") {
        QVERIFY(!heatmapExportFormatFromName(u"tiff"));
        QVERIFY(!heatmapExportFormatForPath(QStringLiteral("x.tiff")));
        QCOMPARE(heatmapExportFormatForPath(QStringLiteral("x.SVG")), HeatmapExportFormat::Svg);
        return;
    }
    HeatmapPicture picture = kind == u"empty" ? HeatmapPicture() : good;
    if (kind == u"topology") {
        // 192em64t-24n8c2t.xml is hwloc's view of a machine: no process, so a CPU heatmap has no row.
        const CapturePtr c = loadCapture(kHwloc + QStringLiteral("192em64t-24n8c2t.xml"));
        QVERIFY(c);
        const NodeHeatmapPtr h = cpuHeatmap(*c->snapshots.back());
        QCOMPARE(h->rowCount(), 0);
        QCOMPARE(h->columnCount(), 24);
        picture = nodeHeatmapPicture(*h);
    }
    if (kind == u"no matrix") {
        // `lstopo-no-graphics -i 16em64t-4s2c2t.xml --distances` lists no matrix.
        const CapturePtr c = loadCapture(kHwloc + QStringLiteral("16em64t-4s2c2t.xml"));
        QVERIFY(c);
        MatrixPanel panel;
        panel.setInput(c, c->snapshots.back(), true);
        QVERIFY(panel.choices().empty());
        QVERIFY(panel.captionLabel()->text().contains(QStringLiteral("no NUMA distance matrix")));
        QVERIFY(!panel.selectKind(MatrixKind::Latency));
        picture = panel.exportPicture();
    }
    QSize size;
    HeatmapExportFormat format = HeatmapExportFormat::Png;
    if (kind == u"small")
        size = QSize(40, 40);
    if (kind == u"large")
        size = QSize(20000, 500);
    if (kind == u"csv")
        format = HeatmapExportFormat::Csv;
    if (kind == u"folder")
        path = m_dir.filePath(QStringLiteral("missing/error.png"));
    const Result<qint64> r = exportHeatmapPicture(picture, path, format, size);
    QVERIFY(!r);
    QVERIFY2(r.error().toString().contains(message), qPrintable(r.error().toString()));
    QVERIFY(r.error().toString().contains(path));
    QVERIFY(!QFile::exists(path));
}

void TestHeatmapWindow::mainWindowExportsPlot_data()
{
    QTest::addColumn<int>("view");
    QTest::addColumn<QString>("name");
    QTest::newRow("cpu png") << int(HeatmapTabs::View::Cpu) << QStringLiteral("cpu.png");
    QTest::newRow("memory csv") << int(HeatmapTabs::View::Memory) << QStringLiteral("mem.csv");
    QTest::newRow("mismatch svg") << int(HeatmapTabs::View::Mismatch) << QStringLiteral("mismatch.svg");
    QTest::newRow("matrices pdf") << int(HeatmapTabs::View::Matrices) << QStringLiteral("distance.pdf");
}

// File ▸ Export Plot on a view that was never shown: it is built first, then written by the worker.
void TestHeatmapWindow::mainWindowExportsPlot()
{
    QFETCH(int, view);
    QFETCH(QString, name);
    MainWindow window;
    QVERIFY(showWitty(window, QSize(1200, 800)));
    window.showEntityBrowser();
    window.heatmapsPanel()->setCurrentView(HeatmapTabs::View(view));
    const QString path = m_dir.filePath(name);
    QFile::remove(path);
    QSignalSpy exported(window.heatmapsPanel()->exportFlow()->job(), &HeatmapExportJob::exported);
    QSignalSpy failed(window.heatmapsPanel()->exportFlow()->job(), &HeatmapExportJob::failed);
    window.exportPlotTo(path);
    QTRY_VERIFY_WITH_TIMEOUT(!exported.isEmpty() || !failed.isEmpty(), kTimeout);
    QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.front().front().toString()));
    QCOMPARE(exported.front().front().toString(), path);
    QVERIFY(QFileInfo(path).size() > 100);
}

// The prober on this machine, from the GUI: progress in the Matrices tab, then the capture shown holds the
// measured matrices and the tab shows them.
void TestHeatmapWindow::measureThisMachine()
{
    MainWindow window;
    window.resize(1200, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QSignalSpy loaded(window.loader(), &LoadJob::finished);
    window.openPath(QString::fromLatin1(kLocalMachine));
    QVERIFY(loaded.wait(kTimeout));
    QVERIFY(window.capture());
    QVERIFY(window.measureAction()->isEnabled());
    MatrixPanel* matrices = window.heatmapsPanel()->matrixPanel();
    QSignalSpy finished(matrices, &MatrixPanel::measurementFinished);
    MeasureOptions options;
    options.pairs = MeasurePairs::Local;
    options.bufferBytes = 16 * kMiB;
    options.repeats = 1;
    options.bandwidthThreads = 1;
    const CapturePtr before = window.capture();
    window.startMeasurement(options);
    QVERIFY(matrices->isMeasuring());
    QCOMPARE(window.heatmapsPanel()->currentView(), HeatmapTabs::View::Matrices);
    QVERIFY(finished.wait(120000));
    if (!finished.front().front().toBool())
        QSKIP(qPrintable(QStringLiteral("this machine refuses the measurement: ") +
                         matrices->errorBar()->text()));
    QVERIFY(window.capture() != before);
    const Snapshot& s = *window.capture()->snapshots.back();
    bool latency = false;
    for (const DistanceMatrix& m : s.distances())
        latency = latency || (m.name == QLatin1String(kMeasuredLatencyName) && m.unit == u"ns" && !m.fromOs);
    QVERIFY(latency);
    QTRY_VERIFY_WITH_TIMEOUT(
        matrices->matrix() && matrices->matrix()->title.contains(QStringLiteral("measured")), kTimeout);
    const double ns = matrices->matrix()->at(0, 0);
    QVERIFY2(ns > 1 && ns < 10000, qPrintable(QString::number(ns)));
    QVERIFY(window.windowTitle().contains(QStringLiteral("unsaved")));
}

void TestHeatmapWindow::exportDialogSizeAndDpi_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QSize>("size");
    QTest::addColumn<int>("dpi");
    QTest::addColumn<QSize>("pixels"); // of a PNG
    QTest::newRow("png at 192 dpi") << QStringLiteral("big.png") << QSize(800, 600) << 192
                                    << QSize(1600, 1200);
    QTest::newRow("png at 96 dpi") << QStringLiteral("plain.png") << QSize(700, 500) << 96 << QSize(700, 500);
    QTest::newRow("png at 48 dpi") << QStringLiteral("small.png") << QSize(900, 640) << 48 << QSize(450, 320);
    QTest::newRow("svg") << QStringLiteral("plot.svg") << QSize(820, 610) << 300 << QSize();
}

// Export Plot's dialog offers a size and, for PNG, a resolution: the PNG has size × dpi / 96 pixels, the
// SVG that size as its view box; both are offered again the next time.
void TestHeatmapWindow::exportDialogSizeAndDpi()
{
    QFETCH(QString, name);
    QFETCH(QSize, size);
    QFETCH(int, dpi);
    QFETCH(QSize, pixels);
    MainWindow window;
    QVERIFY(showWitty(window, QSize(1280, 720)));
    HeatmapTabs* heatmaps = window.heatmapsPanel();
    heatmaps->setCurrentView(HeatmapTabs::View::Cpu);
    QSignalSpy shown(heatmaps->cpuPanel(), &NodeHeatmapPanel::heatmapShown);
    window.showHeatmaps();
    QVERIFY(shown.wait(kTimeout) || !shown.isEmpty());

    heatmaps->exportFlow()->showDialog(&window, QStringLiteral("witty"), false);
    auto* dialog = window.findChild<ExportDialog*>(QStringLiteral("exportPlotDialog"));
    QVERIFY(dialog);
    QVERIFY(dialog->widthSpin()->isVisibleTo(dialog));
    // It starts at the size that shows every row.
    QCOMPARE(dialog->chosenSize(), defaultHeatmapExportSize(heatmaps->cpuPanel()->exportPicture()));
    const QString path = m_dir.filePath(name);
    QFile::remove(path);
    dialog->setPath(path);
    dialog->widthSpin()->setValue(size.width());
    dialog->heightSpin()->setValue(size.height());
    dialog->dpiSpin()->setValue(dpi);
    QCOMPARE(dialog->dpiSpin()->isEnabled(), pixels.isValid());
    if (pixels.isValid())
        QCOMPARE(dialog->pixelSize(), pixels);
    QSignalSpy exported(heatmaps->exportFlow()->job(), &HeatmapExportJob::exported);
    QTest::mouseClick(dialog->buttons()->button(QDialogButtonBox::Ok), Qt::LeftButton);
    QVERIFY(exported.wait(kTimeout));
    QCOMPARE(exported.front().front().toString(), path);
    if (pixels.isValid()) {
        const QImage image(path);
        QCOMPARE(image.size(), pixels);
    } else {
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QXmlStreamReader xml(&file);
        QString viewBox;
        while (!xml.atEnd()) {
            xml.readNext();
            if (xml.isStartElement() && xml.name() == u"svg")
                viewBox = xml.attributes().value(QStringLiteral("viewBox")).toString();
        }
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        QCOMPARE(viewBox, QStringLiteral("0 0 %1 %2").arg(size.width()).arg(size.height()));
    }

    // Remembered: the next dialog offers the same.
    heatmaps->exportFlow()->showDialog(&window, QStringLiteral("witty"), false);
    ExportDialog* again = nullptr;
    for (ExportDialog* d : window.findChildren<ExportDialog*>(QStringLiteral("exportPlotDialog")))
        if (d != dialog && d->isVisible())
            again = d;
    QVERIFY(again);
    QCOMPARE(again->dpi(), dpi);
    QCOMPARE(again->chosenSize(), size);
    again->reject();
}

// A CSV export onto a full disk (a file size limit here) fails naming the file, and the CSV exported before
// stays whole.
void TestHeatmapWindow::csvExportOnFullDisk()
{
    const NodeHeatmapPtr heatmap = cpuHeatmap(*m_witty->snapshots.back());
    const QString path = m_dir.filePath(QStringLiteral("full.csv"));
    const QByteArray old = "the CSV exported before\n";
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        QCOMPARE(f.write(old), old.size());
    }
    HeatmapExportJob job;
    QSignalSpy failed(&job, &HeatmapExportJob::failed);
    QSignalSpy exported(&job, &HeatmapExportJob::exported);
    {
        const numasight::test::FileSizeLimit full(512);
        QVERIFY(full.ok());
        job.startCsv([heatmap] { return heatmapCsv(*heatmap); }, path);
        QVERIFY(failed.wait(kTimeout));
    }
    QCOMPARE(exported.count(), 0);
    const QString message = failed.first().first().toString();
    QVERIFY2(message.contains(path) && message.contains(QLatin1String("cannot write")), qPrintable(message));
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), old);
}

QTEST_MAIN(TestHeatmapWindow)
#include "tst_heatmap_window.moc"
