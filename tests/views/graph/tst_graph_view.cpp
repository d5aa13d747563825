// SPDX-License-Identifier: GPL-3.0-or-later
// The interactive graph with real widgets on the offscreen platform, real fixtures and the real Graphviz:
// clicks, double-clicks, keys and the wheel go through the view as a user's would.
#include "main_window.h"
#include "readers/open_input.h"
#include "support/recording_fixture.h"
#include "support/test_fixtures.h"
#include "views/browser/browser_panel.h"
#include "views/browser/details_pane.h"
#include "views/common/message_bar.h"
#include "views/graph/graph_canvas.h"
#include "views/graph/graph_export.h"
#include "views/graph/graph_export_dialog.h"
#include "views/graph/graph_export_flow.h"
#include "views/graph/graph_painter.h"
#include "views/graph/graph_panel.h"
#include "views/graph/graph_scene.h"
#include "views/jobs/graph_export_job.h"
#include "views/jobs/graph_layout_job.h"
#include "views/jobs/load_job.h"
#include "views/live/timeline_bar.h"

#include <QAction>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QGraphicsItem>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPainter>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollBar>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

#include <cmath>

using namespace numasight;
using numasight::test::loadCapture;
using numasight::test::makeRecording;

namespace {

const QString kWitty = QStringLiteral(NUMASIGHT_FIXTURES "/witty-profiler/graph.json");
const QString kDgx2 = QStringLiteral(NUMASIGHT_FIXTURES "/hwloc/nvidiaDGX2.xml");
constexpr int kTimeout = 30000;

// Runs `action` and waits for the panel to show the layout it causes.
template <class F>
bool layoutAfter(GraphPanel& panel, F action)
{
    QSignalSpy shown(&panel, &GraphPanel::layoutShown);
    action();
    return shown.wait(kTimeout) || !shown.isEmpty();
}

// Shows the window and opens `path` in it, as a user would; false when either did not happen in time.
bool showAndOpen(MainWindow& w, const QString& path)
{
    w.show();
    if (!QTest::qWaitForWindowExposed(&w))
        return false;
    QSignalSpy loaded(w.loader(), &LoadJob::captureAvailable);
    w.openPath(path);
    return loaded.wait(kTimeout);
}

const GraphNode* nodeOf(const GraphPanel& panel, EntityId entity)
{
    for (const GraphNode& n : panel.currentLayout()->spec->nodes)
        if (n.entity == entity)
            return &n;
    return nullptr;
}

int countKind(const GraphPanel& panel, EntityKind kind)
{
    const auto& nodes = panel.currentLayout()->spec->nodes;
    return int(
        std::count_if(nodes.begin(), nodes.end(), [kind](const GraphNode& n) { return n.kind == kind; }));
}

// What the panel asks for to show `capture` as `view`.
GraphRequest requestOf(const CapturePtr& capture, GraphView view)
{
    GraphRequest request;
    request.snapshot = capture->snapshots.back();
    request.options.view = view;
    return request;
}

// Where a user would click on `item`: its centre, scrolled into view first.
QPoint viewportPoint(GraphPanel& panel, const QGraphicsItem* item)
{
    panel.canvas()->centerOnItem(item);
    return panel.canvas()->mapFromScene(item->sceneBoundingRect().center());
}

} // namespace

class TestGraphView : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void clickSelects();
    void hoverHighlightsNeighbours();
    void filterKind_data();
    void filterKind();
    void minShare();
    void expandAndFold_data();
    void expandAndFold();
    void search_data();
    void search();
    void searchOpensMoreGroup();
    void zoomAndPan_data();
    void zoomAndPan();
    void staleResultsDropped();
    void newFiguresWaitForRunningLayout();
    void cacheAndCancel();
    void cancelButton();
    void layoutFailureShowsError();
    void sceneDrawsLikeExport();
    void followsPalette();
    void mainWindowFollowsCapture();
    void mainWindowFollowsTimeline();
    void mainWindowExport_data();
    void mainWindowExport();
    void mainWindowExportDialog();
    void mainWindowRemembersGraphSettings();
    void mainWindowKeys();
    void screenshot();

private:
    bool show(GraphPanel& panel, const CapturePtr& capture, GraphView view);
    QTemporaryDir m_dir;
    CapturePtr m_witty;
    CapturePtr m_dgx2;
};

void TestGraphView::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("numasight-tests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_graph_view"));
    QVERIFY(m_dir.isValid());
    m_witty = loadCapture(kWitty);
    m_dgx2 = loadCapture(kDgx2);
    QVERIFY(m_witty && m_dgx2);
}

void TestGraphView::init()
{
    QSettings().clear();
}

bool TestGraphView::show(GraphPanel& panel, const CapturePtr& capture, GraphView view)
{
    panel.resize(1200, 800);
    panel.show();
    if (!QTest::qWaitForWindowExposed(&panel))
        return false;
    return layoutAfter(panel, [&] {
        panel.setViewKind(view);
        panel.setSnapshot(capture->snapshots.back(), {}, true);
    });
}

// The drawing stays a white page (its colours are chosen against white, as in exports); around it the canvas
// takes the palette's base colour, and follows it live.
void TestGraphView::followsPalette()
{
    GraphPanel panel;
    QVERIFY(show(panel, m_witty, GraphView::Combined));
    GraphCanvas* canvas = panel.canvas();
    canvas->setZoom(0.05); // the page small in the middle, the canvas around it
    canvas->centerOn(panel.scene()->graphRect().center());
    const QColor dark(0x20, 0x20, 0x20);
    const QPalette before = QApplication::palette();
    QPalette palette = before;
    palette.setColor(QPalette::Base, dark);
    QApplication::setPalette(palette);
    QVERIFY(QTest::qWaitFor([&] { return canvas->palette().color(QPalette::Base) == dark; }, 2000));
    const QImage image = canvas->viewport()->grab().toImage();
    QApplication::setPalette(before);
    QVERIFY(QTest::qWaitFor([&] { return canvas->palette().color(QPalette::Base) != dark; }, 2000));
    QCOMPARE(image.pixelColor(1, 1), dark);
    const QPoint page = canvas->mapFromScene(panel.scene()->graphRect().topLeft()) + QPoint(2, 2);
    QCOMPARE(image.pixelColor(page * image.devicePixelRatio()), QColor(Qt::white));
    const QImage light = canvas->viewport()->grab().toImage();
    QCOMPARE(light.pixelColor(1, 1), before.color(QPalette::Base));
}

void TestGraphView::clickSelects()
{
    GraphPanel panel;
    QVERIFY(show(panel, m_witty, GraphView::Combined));
    const EntityId process = m_witty->snapshots.back()->processByPid(1895087);
    const GraphNode* node = nodeOf(panel, process);
    QVERIFY(node);
    QGraphicsItem* item = panel.scene()->nodeItem(node->id);
    QVERIFY(item);

    QSignalSpy selected(&panel, &GraphPanel::entitiesSelected);
    QTest::mouseClick(panel.canvas()->viewport(), Qt::LeftButton, {}, viewportPoint(panel, item));
    QCOMPARE(selected.count(), 1);
    QCOMPARE(selected.front().front().value<QList<EntityId>>(), QList<EntityId>{process});
    QVERIFY(item->isSelected());
    QCOMPARE(panel.scene()->selectedNodeIds(), QStringList{node->id});

    // A click on the background, away from every item, lets go of the selection.
    const QRectF graph = panel.scene()->graphRect();
    panel.canvas()->centerOn(graph.topLeft());
    const QPoint empty = panel.canvas()->mapFromScene(graph.topLeft() - QPointF(40, 40));
    QVERIFY(panel.canvas()->items(empty).isEmpty());
    QTest::mouseClick(panel.canvas()->viewport(), Qt::LeftButton, {}, empty);
    QVERIFY(!item->isSelected());
    QCOMPARE(selected.count(), 2);
    QVERIFY(selected.back().front().value<QList<EntityId>>().isEmpty());

    // Selecting from outside (the browser) selects without echoing back.
    QVERIFY(panel.selectEntity(process));
    QVERIFY(item->isSelected());
    QCOMPARE(selected.count(), 2);
}

void TestGraphView::hoverHighlightsNeighbours()
{
    GraphPanel panel;
    QVERIFY(show(panel, m_witty, GraphView::Combined));
    const GraphNode* node = nodeOf(panel, m_witty->snapshots.back()->processByPid(1895087));
    QVERIFY(node);
    QGraphicsItem* item = panel.scene()->nodeItem(node->id);
    QVERIFY(panel.scene()->highlightedNodeIds().isEmpty());
    QTest::mouseMove(panel.canvas()->viewport(), viewportPoint(panel, item));
    QTRY_COMPARE(panel.scene()->hoveredNode(), node->id);
    // Highlighted: the node, the ends of its edges and those edges; nothing else.
    QStringList nodes{node->id}, edges;
    for (const GraphEdge& e : panel.currentLayout()->spec->edges)
        if (e.from == node->id || e.to == node->id) {
            edges << e.id;
            for (const QString& end : {e.from, e.to})
                if (!nodes.contains(end))
                    nodes << end;
        }
    QVERIFY(edges.size() >= 2);
    QStringList highlighted = panel.scene()->highlightedNodeIds();
    highlighted.sort();
    nodes.sort();
    QCOMPARE(highlighted, nodes);
    QStringList highlightedEdges = panel.scene()->highlightedEdgeIds();
    highlightedEdges.sort();
    edges.sort();
    QCOMPARE(highlightedEdges, edges);
    QTest::mouseMove(panel.canvas()->viewport(),
                     panel.canvas()->mapFromScene(panel.scene()->graphRect().topLeft() - QPointF(30, 30)));
    QTRY_VERIFY(panel.scene()->hoveredNode().isEmpty());
    QVERIFY(panel.scene()->highlightedNodeIds().isEmpty());
}

void TestGraphView::filterKind_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("view");
    QTest::addColumn<int>("kind");
    QTest::newRow("witty: accelerators")
        << kWitty << int(GraphView::Combined) << int(EntityKind::Accelerator);
    QTest::newRow("witty: processes") << kWitty << int(GraphView::Combined) << int(EntityKind::Process);
    QTest::newRow("DGX-2: GPUs") << kDgx2 << int(GraphView::Machine) << int(EntityKind::Accelerator);
    QTest::newRow("DGX-2: PCI devices") << kDgx2 << int(GraphView::Machine) << int(EntityKind::PciDevice);
}

void TestGraphView::filterKind()
{
    QFETCH(QString, file);
    QFETCH(int, view);
    QFETCH(int, kind);
    GraphPanel panel;
    QVERIFY(show(panel, file == kWitty ? m_witty : m_dgx2, GraphView(view)));
    const int before = countKind(panel, EntityKind(kind));
    const int items = panel.scene()->nodeItemCount();
    QVERIFY2(before > 0, "the fixture has no node of this kind to hide");

    // Through the "Show" menu, as a user would.
    QAction* action = panel.kindsButton()->menu()->findChild<QAction*>(QStringLiteral("graphShow") +
                                                                       entityKindName(EntityKind(kind)));
    QVERIFY(action);
    QVERIFY(action->isChecked());
    QVERIFY(layoutAfter(panel, [&] { action->trigger(); }));
    QVERIFY(panel.options().hiddenKinds.contains(EntityKind(kind)));
    QCOMPARE(countKind(panel, EntityKind(kind)), 0);
    QCOMPARE(panel.scene()->nodeItemCount(), items - before);
    for (const GraphNode& n : panel.currentLayout()->spec->nodes)
        QVERIFY(n.kind != EntityKind(kind));

    QVERIFY(layoutAfter(panel, [&] { action->trigger(); }));
    QCOMPARE(countKind(panel, EntityKind(kind)), before);
    QCOMPARE(panel.scene()->nodeItemCount(), items);
}

void TestGraphView::minShare()
{
    GraphPanel panel;
    QVERIFY(show(panel, m_witty, GraphView::Combined));
    const int processes = countKind(panel, EntityKind::Process);
    QVERIFY(processes > 1);
    QVERIFY(layoutAfter(panel, [&] { panel.minMetricSpin()->setValue(50); }));
    QCOMPARE(panel.options().minMetric, 0.5);
    const int kept = countKind(panel, EntityKind::Process);
    QVERIFY2(kept < processes, qPrintable(QStringLiteral("%1 of %2 kept").arg(kept).arg(processes)));
    for (const GraphNode& n : panel.currentLayout()->spec->nodes)
        if (n.kind == EntityKind::Process || n.kind == EntityKind::Thread)
            QVERIFY2(n.metric >= 0.5, qPrintable(n.id));
}

void TestGraphView::expandAndFold_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("view");
    QTest::addColumn<int>("kind"); // of the folded node
    QTest::newRow("witty: a CPU range") << kWitty << int(GraphView::Machine) << int(EntityKind::Pu);
    QTest::newRow("witty: a process into its threads")
        << kWitty << int(GraphView::Combined) << int(EntityKind::Process);
    QTest::newRow("DGX-2: folded PCI devices")
        << kDgx2 << int(GraphView::Machine) << int(EntityKind::PciDevice);
}

void TestGraphView::expandAndFold()
{
    QFETCH(QString, file);
    QFETCH(int, view);
    QFETCH(int, kind);
    GraphPanel panel;
    QVERIFY(show(panel, file == kWitty ? m_witty : m_dgx2, GraphView(view)));
    QString id;
    for (const GraphNode& n : panel.currentLayout()->spec->nodes)
        if (n.kind == EntityKind(kind) && n.expandable) {
            id = n.id;
            break;
        }
    QVERIFY2(!id.isEmpty(), "no folded node of this kind");
    const int before = panel.scene()->nodeItemCount();

    QGraphicsItem* item = panel.scene()->nodeItem(id);
    QVERIFY(layoutAfter(panel, [&] {
        QTest::mouseDClick(panel.canvas()->viewport(), Qt::LeftButton, {}, viewportPoint(panel, item));
    }));
    QVERIFY(panel.options().expanded.contains(id));
    QVERIFY2(panel.scene()->nodeItemCount() > before,
             qPrintable(QStringLiteral("%1 -> %2 items").arg(before).arg(panel.scene()->nodeItemCount())));
    // The parts that appeared, and the node to double-click to fold them again: a part of the group, or the
    // process itself (now a box around its threads).
    const GraphSpec& expanded = *panel.currentLayout()->spec;
    QString foldAt;
    int parts = 0;
    for (const GraphNode& n : expanded.nodes) {
        if (n.foldGroup == id) {
            ++parts;
            foldAt = n.id;
        }
    }
    if (const GraphNode* same = expanded.node(id)) {
        QVERIFY(same->expanded);
        QVERIFY(!same->expandable);
        foldAt = id;
        for (const GraphNode& n : expanded.nodes)
            parts += n.kind == EntityKind::Thread && !n.cluster.isEmpty() && n.cluster == same->cluster;
    }
    QVERIFY(parts > 1);
    QVERIFY(!foldAt.isEmpty());

    QGraphicsItem* part = panel.scene()->nodeItem(foldAt);
    QVERIFY(layoutAfter(panel, [&] {
        QTest::mouseDClick(panel.canvas()->viewport(), Qt::LeftButton, {}, viewportPoint(panel, part));
    }));
    QVERIFY(!panel.options().expanded.contains(id));
    QCOMPARE(panel.scene()->nodeItemCount(), before);
    const GraphNode* again = panel.currentLayout()->spec->node(id);
    QVERIFY(again && again->expandable);
}

// A process folded into its box's "N more" group is still found: the group opens and the process is selected.
void TestGraphView::searchOpensMoreGroup()
{
    GraphPanel panel;
    panel.setProcessesPerNode(1);
    QVERIFY(show(panel, m_witty, GraphView::Combined));
    // dockerd (6808) runs on node 7 beside the busier python3 workers: folded with one process per box.
    QVERIFY(!panel.currentLayout()->spec->node(u"proc6808"));
    QVERIFY(panel.currentLayout()->spec->node(u"more_numa7"));
    QVERIFY(layoutAfter(panel, [&] { panel.find(QStringLiteral("6808"), false); }));
    QTRY_COMPARE(panel.scene()->selectedNodeIds(), QStringList{QStringLiteral("proc6808")});
    QVERIFY(panel.options().expanded.contains(QStringLiteral("more_numa7")));
}

void TestGraphView::search_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint64>("pid"); // the process the first match is; -1: no match
    QTest::addColumn<bool>("several");
    QTest::newRow("pid") << "1895087" << qint64(1895087) << false;
    QTest::newRow("name, Enter goes on") << "python3" << qint64(-2) << true;
    QTest::newRow("nothing") << "no-such-process" << qint64(-1) << false;
}

void TestGraphView::search()
{
    QFETCH(QString, text);
    QFETCH(qint64, pid);
    QFETCH(bool, several);
    GraphPanel panel;
    QVERIFY(show(panel, m_witty, GraphView::Combined));
    const Snapshot& s = *m_witty->snapshots.back();
    QSignalSpy selected(&panel, &GraphPanel::entitiesSelected);
    panel.searchEdit()->setFocus();
    QTest::keyClicks(panel.searchEdit(), text);
    const QStringList picked = panel.scene()->selectedNodeIds();
    if (pid == -1) {
        // Shorter prefixes matched on the way; the whole text matches nothing, so nothing stays selected.
        QVERIFY(picked.isEmpty());
        QVERIFY(panel.scene()->search(text).isEmpty());
        QVERIFY(panel.statusLabel()->text().contains(text));
        QVERIFY(panel.searchEdit()->palette().color(QPalette::Base) != panel.palette().color(QPalette::Base));
        return;
    }
    QCOMPARE(picked.size(), 1);
    const GraphNode* node = panel.currentLayout()->spec->node(picked.front());
    if (pid > 0) {
        QCOMPARE(node->entity, s.processByPid(pid));
        QCOMPARE(selected.back().front().value<QList<EntityId>>(), QList<EntityId>{s.processByPid(pid)});
    }
    // Centred: the match sits in the middle of the view.
    const QPointF center =
        panel.canvas()->mapFromScene(panel.scene()->nodeItem(node->id)->sceneBoundingRect().center());
    const QPointF middle = QRectF(panel.canvas()->viewport()->rect()).center();
    QVERIFY2((center - middle).manhattanLength() < 4, qPrintable(QStringLiteral("%1,%2 vs %3,%4")
                                                                     .arg(center.x())
                                                                     .arg(center.y())
                                                                     .arg(middle.x())
                                                                     .arg(middle.y())));
    if (several) {
        QTest::keyClick(panel.searchEdit(), Qt::Key_Return);
        const QStringList next = panel.scene()->selectedNodeIds();
        QCOMPARE(next.size(), 1);
        QVERIFY(next.front() != picked.front());
        QVERIFY(panel.scene()->search(text).contains(next.front()));
    }
}

void TestGraphView::zoomAndPan_data()
{
    QTest::addColumn<int>("key");
    QTest::addColumn<int>("modifiers");
    QTest::addColumn<QString>("expect");
    QTest::newRow("+ zooms in") << int(Qt::Key_Plus) << 0 << "in";
    QTest::newRow("- zooms out") << int(Qt::Key_Minus) << 0 << "out";
    QTest::newRow("0 is 100 %") << int(Qt::Key_0) << 0 << "100";
    QTest::newRow("Ctrl+0 fits") << int(Qt::Key_0) << int(Qt::ControlModifier) << "fit";
    QTest::newRow("wheel zooms in") << 0 << 0 << "wheel";
    QTest::newRow("Right pans") << int(Qt::Key_Right) << 0 << "right";
    QTest::newRow("Down pans") << int(Qt::Key_Down) << 0 << "down";
}

void TestGraphView::zoomAndPan()
{
    QFETCH(int, key);
    QFETCH(int, modifiers);
    QFETCH(QString, expect);
    GraphPanel panel;
    QVERIFY(show(panel, m_witty, GraphView::Combined));
    GraphCanvas* canvas = panel.canvas();
    canvas->setZoom(0.8); // big enough to scroll both ways, small enough for 0 to change it
    canvas->centerOn(panel.scene()->graphRect().center());
    const double before = canvas->zoom();
    const int h = canvas->horizontalScrollBar()->value();
    const int v = canvas->verticalScrollBar()->value();
    canvas->setFocus();
    if (expect == u"wheel") {
        const QPointF at = QRectF(canvas->viewport()->rect()).center();
        QWheelEvent wheel(at, canvas->viewport()->mapToGlobal(at), QPoint(), QPoint(0, 120), Qt::NoButton,
                          Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(canvas->viewport(), &wheel);
    } else {
        QTest::keyClick(canvas, Qt::Key(key), Qt::KeyboardModifiers(modifiers));
    }
    if (expect == u"in" || expect == u"wheel")
        QCOMPARE(canvas->zoom(), before * GraphCanvas::kZoomStep);
    else if (expect == u"out")
        QCOMPARE(canvas->zoom(), before / GraphCanvas::kZoomStep);
    else if (expect == u"100")
        QCOMPARE(canvas->zoom(), 1.0);
    else if (expect == u"fit") {
        // The whole drawing (without the legend) is in view, and it fills it in one direction.
        const QRect shown = canvas->mapFromScene(panel.scene()->fitRect()).boundingRect();
        QVERIFY(canvas->viewport()->rect().adjusted(-2, -2, 2, 2).contains(shown));
        QVERIFY(shown.width() >= canvas->viewport()->width() - 4 ||
                shown.height() >= canvas->viewport()->height() - 4);
    } else if (expect == u"right") {
        QCOMPARE(canvas->zoom(), before);
        QVERIFY(canvas->horizontalScrollBar()->value() > h);
    } else if (expect == u"down") {
        QVERIFY(canvas->verticalScrollBar()->value() > v);
    }
}

void TestGraphView::staleResultsDropped()
{
    GraphLayoutJob job;
    QSignalSpy available(&job, &GraphLayoutJob::layoutAvailable);
    QSignalSpy finished(&job, &GraphLayoutJob::finished);
    const GraphRequest first = requestOf(m_witty, GraphView::Dataflow);
    const GraphRequest second = requestOf(m_witty, GraphView::Machine);
    const quint64 a = job.start(first);
    const quint64 b = job.start(second);
    QVERIFY(b > a);
    QVERIFY(available.wait(kTimeout));
    // The first worker may still be winding down; whatever it delivers must be dropped.
    QTRY_VERIFY_WITH_TIMEOUT(!job.isWorkerRunning(), kTimeout);
    QTest::qWait(50);
    QCOMPARE(available.count(), 1);
    QCOMPARE(available.front().front().value<GraphLayoutPtr>()->spec->view, GraphView::Machine);
    QCOMPARE(finished.count(), 1);
    QCOMPARE(finished.front().front().toULongLong(), b);

    // Through the panel: two changes in a row show only the last.
    GraphPanel panel;
    QVERIFY(show(panel, m_witty, GraphView::Combined));
    QSignalSpy shown(&panel, &GraphPanel::layoutShown);
    panel.setViewKind(GraphView::Machine);
    panel.ensureLayout(); // starts now rather than on the next turn of the event loop
    QVERIFY(panel.job()->isRunning());
    panel.setViewKind(GraphView::Dataflow);
    panel.ensureLayout();
    QVERIFY(shown.wait(kTimeout));
    QTRY_VERIFY_WITH_TIMEOUT(!panel.job()->isWorkerRunning(), kTimeout);
    QTest::qWait(50);
    QCOMPARE(shown.count(), 1);
    QCOMPARE(panel.currentLayout()->spec->view, GraphView::Dataflow);
}

// A live session's samples (or timeline steps within one snapshot) do not kill the layout running: they wait
// for it, so a layout slower than the sampling interval still reaches the screen. A change of what to show
// does not wait.
void TestGraphView::newFiguresWaitForRunningLayout()
{
    const CapturePtr recording =
        loadCapture(makeRecording(m_dir.filePath(QStringLiteral("figures.numasight"))));
    QVERIFY(recording && recording->samples.size() == 4);
    const auto snapshot = recording->snapshots[0];
    const SamplePtr first = recording->samples[0], second = recording->samples[1];
    QCOMPARE(second->snapshotIndex, 0);
    GraphPanel panel;
    panel.resize(1000, 700);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QVERIFY(layoutAfter(panel, [&] { panel.setSnapshot(snapshot, {first}, true); }));

    QSignalSpy shown(&panel, &GraphPanel::layoutShown);
    panel.setSnapshot(snapshot, {second});
    panel.ensureLayout();
    QVERIFY(panel.job()->isRunning());
    const quint64 running = panel.job()->currentJob();
    panel.setSnapshot(snapshot, {first});
    panel.ensureLayout();
    QCOMPARE(panel.job()->currentJob(), running); // not superseded
    QVERIFY(!panel.isLayoutCurrent());
    QTRY_COMPARE_WITH_TIMEOUT(shown.count(), 2, kTimeout); // the running one, then the newest figures
    QVERIFY(panel.isLayoutCurrent());
    QCOMPARE(panel.samples(), std::vector<SamplePtr>{first});

    panel.setSnapshot(snapshot, {second});
    panel.ensureLayout();
    const quint64 figures = panel.job()->currentJob();
    panel.setViewKind(GraphView::Dataflow);
    panel.ensureLayout();
    QVERIFY(panel.job()->currentJob() > figures);
    QVERIFY(layoutAfter(panel, [] {}));
    QCOMPARE(panel.currentLayout()->spec->view, GraphView::Dataflow);
}

void TestGraphView::cacheAndCancel()
{
    GraphLayoutJob job;
    QSignalSpy available(&job, &GraphLayoutJob::layoutAvailable);
    QSignalSpy cancelled(&job, &GraphLayoutJob::cancelled);
    GraphRequest request = requestOf(m_dgx2, GraphView::Machine);

    job.start(request);
    QVERIFY(job.isRunning());
    job.cancel();
    QCOMPARE(cancelled.count(), 1);
    QVERIFY(!job.isRunning());
    QTRY_VERIFY_WITH_TIMEOUT(!job.isWorkerRunning(), kTimeout);
    QTest::qWait(50);
    QCOMPARE(available.count(), 0);

    job.start(request);
    QVERIFY(available.wait(kTimeout));
    QCOMPARE(job.cacheHits(), 0);
    const GraphLayoutPtr computed = available.back().front().value<GraphLayoutPtr>();
    job.start(request);
    QVERIFY(available.wait(kTimeout));
    QCOMPARE(job.cacheHits(), 1);
    QCOMPARE(available.back().front().value<GraphLayoutPtr>(), computed);
    // Other options are another entry; the engine too.
    request.options.hiddenKinds.insert(EntityKind::PciDevice);
    job.start(request);
    QVERIFY(available.wait(kTimeout));
    QCOMPARE(job.cacheHits(), 1);
    request.options.hiddenKinds.clear();
    request.layout.engine = QStringLiteral("neato");
    job.start(request);
    QVERIFY(available.wait(kTimeout));
    QCOMPARE(job.cacheHits(), 1);
    QCOMPARE(available.back().front().value<GraphLayoutPtr>()->engine, QStringLiteral("neato"));

    // A small cache forgets the least recently used.
    job.setCacheCapacity(1);
    const int computedBefore = job.layoutsComputed();
    request.layout.engine = QStringLiteral("dot");
    job.start(request); // evicted by the neato layout above
    QVERIFY(available.wait(kTimeout));
    QCOMPARE(job.cacheHits(), 1);
    QCOMPARE(job.layoutsComputed(), computedBefore + 1);
    job.start(request);
    QVERIFY(available.wait(kTimeout));
    QCOMPARE(job.cacheHits(), 2);
}

// The Cancel button stops the layout; the graph shown stays, and says so.
void TestGraphView::cancelButton()
{
    GraphPanel panel;
    QVERIFY(show(panel, m_dgx2, GraphView::Machine));
    const GraphLayoutPtr before = panel.currentLayout();
    QSignalSpy shown(&panel, &GraphPanel::layoutShown);
    QSignalSpy cancelled(panel.job(), &GraphLayoutJob::cancelled);
    panel.setViewKind(GraphView::Combined);
    panel.ensureLayout();
    QVERIFY(panel.isLayoutRunning());
    panel.cancelButton()->click();
    QCOMPARE(cancelled.count(), 1);
    QVERIFY(!panel.isLayoutRunning());
    QTRY_VERIFY_WITH_TIMEOUT(!panel.job()->isWorkerRunning(), kTimeout);
    QTest::qWait(50);
    QCOMPARE(shown.count(), 0);
    QCOMPARE(panel.currentLayout(), before);
    QVERIFY(!panel.isLayoutCurrent());
    QVERIFY(!panel.progressBar()->isVisible());
    QVERIFY2(panel.statusLabel()->text().contains(QStringLiteral("cancelled")),
             qPrintable(panel.statusLabel()->text()));
}

void TestGraphView::layoutFailureShowsError()
{
    GraphPanel panel;
    QVERIFY(show(panel, m_witty, GraphView::Combined));
    const GraphLayoutPtr before = panel.currentLayout();
    // Without Graphviz on the PATH the edges cannot be routed; what is on screen stays, the reason and what
    // to do show above it.
    const QByteArray path = qgetenv("PATH");
    qputenv("PATH", "/nonexistent");
    QSignalSpy failed(panel.job(), &GraphLayoutJob::layoutFailed);
    panel.setViewKind(GraphView::Dataflow);
    const bool gotFailure = failed.wait(kTimeout);
    qputenv("PATH", path);
    QVERIFY(gotFailure);
    QVERIFY(panel.errorBar()->isVisible());
    QVERIFY2(panel.errorBar()->text().contains(QStringLiteral("apt-get install graphviz")),
             qPrintable(panel.errorBar()->text()));
    QCOMPARE(panel.currentLayout(), before);
    QTRY_VERIFY(!panel.progressBar()->isVisible());
    QVERIFY2(panel.statusLabel()->text().contains(QStringLiteral("failed")),
             qPrintable(panel.statusLabel()->text()));
    QVERIFY(!panel.statusLabel()->text().contains(QStringLiteral("Laying out")));
    // And once Graphviz is back, the next layout clears it.
    QVERIFY(layoutAfter(panel, [&] { panel.setViewKind(GraphView::Combined); }));
    QVERIFY(!panel.errorBar()->isVisible());
}

// "Drawing through the same code": the scene rendered at one pixel a point and the PNG export at 72 dpi are
// the same picture.
void TestGraphView::sceneDrawsLikeExport()
{
    GraphPanel panel;
    QVERIFY(show(panel, m_witty, GraphView::Combined));
    const GraphLayoutPtr layout = panel.currentLayout();
    const QRectF picture = panel.scene()->graphRect();
    QImage screen(QSize(int(std::ceil(picture.width())), int(std::ceil(picture.height()))),
                  QImage::Format_RGB32);
    screen.fill(Qt::white);
    QPainter p(&screen);
    p.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    panel.scene()->render(&p, QRectF(QPointF(0, 0), picture.size()), picture);
    p.end();

    const QString path = m_dir.filePath(QStringLiteral("same.png"));
    GraphExportOptions options;
    options.format = GraphExportFormat::Png;
    options.dpi = 72;
    QVERIFY(exportGraph(*layout, path, options).ok());
    QImage exported(path);
    QCOMPARE(exported.size(), screen.size());
    exported = exported.convertToFormat(QImage::Format_RGB32);
    qint64 different = 0, inked = 0;
    for (int y = 0; y < screen.height(); ++y)
        for (int x = 0; x < screen.width(); ++x) {
            const QRgb a = screen.pixel(x, y), b = exported.pixel(x, y);
            if (qAbs(qRed(a) - qRed(b)) + qAbs(qGreen(a) - qGreen(b)) + qAbs(qBlue(a) - qBlue(b)) > 60)
                ++different;
            if (qGray(b) < 240)
                ++inked;
        }
    QVERIFY(inked > 0);
    QVERIFY2(different * 100 < inked,
             qPrintable(QStringLiteral("%1 of %2 inked pixels differ").arg(different).arg(inked)));
}

void TestGraphView::mainWindowFollowsCapture()
{
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    GraphPanel* panel = w.graphPanel();
    QVERIFY(panel);
    QSignalSpy loaded(w.loader(), &LoadJob::captureAvailable);
    w.openPath(kWitty);
    QVERIFY(loaded.wait(kTimeout));
    QVERIFY(!panel->isVisible()); // the browser tab is in front; the graph waits until it is seen
    QVERIFY(layoutAfter(*panel, [&] { w.showGraph(); }));
    QCOMPARE(w.workspaceTabs()->currentWidget(), panel);
    QCOMPARE(panel->shownSnapshot(), w.capture()->snapshots.back());

    // The browser's selection selects in the graph...
    const Snapshot& s = *w.capture()->snapshots.back();
    const EntityId process = s.processByPid(1895087);
    w.selectEntity(process);
    const GraphNode* node = nodeOf(*panel, process);
    QVERIFY(node);
    QCOMPARE(panel->scene()->selectedNodeIds(), QStringList{node->id});
    // ...and a click in the graph selects in the browser and the details.
    const EntityId npu = s.ofKind(EntityKind::Accelerator).front();
    const GraphNode* npuNode = nodeOf(*panel, npu);
    QVERIFY(npuNode);
    QTest::mouseClick(panel->canvas()->viewport(), Qt::LeftButton, {},
                      viewportPoint(*panel, panel->scene()->nodeItem(npuNode->id)));
    QCOMPARE(w.detailsPane()->entity(), npu);

    // Another file: the graph follows.
    QVERIFY(layoutAfter(*panel, [&] { w.openPath(kDgx2); }));
    QCOMPARE(panel->shownSnapshot(), w.capture()->snapshots.back());
    QCOMPARE(countKind(*panel, EntityKind::Accelerator), 16);
    w.closeCapture();
    QVERIFY(!panel->currentLayout());
    QCOMPARE(panel->scene()->nodeItemCount(), 0);
}

// A recording: the graph is of the sample the timeline is on, and of that sample's snapshot.
void TestGraphView::mainWindowFollowsTimeline()
{
    const QString path = makeRecording(m_dir.filePath(QStringLiteral("recording.numasight")));
    QVERIFY(!path.isEmpty());

    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.showGraph();
    GraphPanel* panel = w.graphPanel();
    QVERIFY(layoutAfter(*panel, [&] { w.openPath(path); }));
    const CapturePtr capture = w.capture();
    QCOMPARE(int(capture->samples.size()), 4);
    QCOMPARE(capture->samples[0]->snapshotIndex, 0);
    QCOMPARE(capture->samples[3]->snapshotIndex, 1);
    for (int position : {1, 0, 3}) {
        QVERIFY(layoutAfter(*panel, [&] { w.setTimelinePosition(position); }));
        const SamplePtr& sample = capture->samples[size_t(position)];
        QCOMPARE(panel->samples(), std::vector<SamplePtr>{sample});
        QCOMPARE(panel->shownSnapshot(), capture->snapshots[size_t(sample->snapshotIndex)]);
    }
}

void TestGraphView::mainWindowExport_data()
{
    QTest::addColumn<QString>("format");
    QTest::addColumn<bool>("graphShown"); // otherwise laid out for the export alone
    QTest::newRow("svg, graph not yet seen") << "svg" << false;
    QTest::newRow("png, graph shown") << "png" << true;
    QTest::newRow("pdf, graph not yet seen") << "pdf" << false;
    QTest::newRow("dot, graph shown") << "dot" << true;
}

void TestGraphView::mainWindowExport()
{
    QFETCH(QString, format);
    QFETCH(bool, graphShown);
    MainWindow w;
    QVERIFY(showAndOpen(w, kWitty));
    if (graphShown)
        QVERIFY(layoutAfter(*w.graphPanel(), [&] { w.showGraph(); }));
    const QString path = m_dir.filePath(QStringLiteral("window.") + format);
    QFile::remove(path);
    QSignalSpy exported(w.graphPanel()->exportFlow()->job(), &GraphExportJob::exported);
    GraphExportOptions options;
    options.format = *graphExportFormatFromName(format);
    w.exportGraphTo(path, options);
    QVERIFY(exported.wait(kTimeout));
    QCOMPARE(exported.front().front().toString(), path);
    QVERIFY(QFileInfo(path).size() > 0);
    QCOMPARE(exported.front().at(1).toLongLong(), QFileInfo(path).size());
    QVERIFY(!w.messageBar()->isVisible());
}

void TestGraphView::mainWindowExportDialog()
{
    MainWindow w;
    QVERIFY(showAndOpen(w, kDgx2));
    QVERIFY(layoutAfter(*w.graphPanel(), [&] { w.showGraph(); }));
    w.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&w));
    QTest::keyClick(&w, Qt::Key_E, Qt::ControlModifier);
    GraphExportDialog* dialog = nullptr;
    QTRY_VERIFY((dialog = w.findChild<GraphExportDialog*>()) && dialog->isVisible());
    // The file name proposes the capture and the view; the suffix picks the format and back.
    QVERIFY2(QFileInfo(dialog->path()).fileName().startsWith(QStringLiteral("nvidiaDGX2-combined.")),
             qPrintable(dialog->path()));
    const QString path = m_dir.filePath(QStringLiteral("dialog.png"));
    dialog->pathEdit()->clear();
    QTest::keyClicks(dialog->pathEdit(), path);
    QCOMPARE(dialog->format(), GraphExportFormat::Png);
    QVERIFY(dialog->dpiSpin()->isEnabled());
    dialog->formatCombo()->setCurrentIndex(dialog->formatCombo()->findData(int(GraphExportFormat::Svg)));
    QCOMPARE(dialog->path(), m_dir.filePath(QStringLiteral("dialog.svg")));
    QVERIFY(!dialog->dpiSpin()->isEnabled());
    QSignalSpy exported(w.graphPanel()->exportFlow()->job(), &GraphExportJob::exported);
    QTest::mouseClick(dialog->buttons()->button(QDialogButtonBox::Ok), Qt::LeftButton);
    QVERIFY(exported.wait(kTimeout));
    QVERIFY(QFile::exists(m_dir.filePath(QStringLiteral("dialog.svg"))));
    QSettings settings;
    QCOMPARE(settings.value(QStringLiteral("graph/exportDirectory")).toString(), m_dir.path());
    QCOMPARE(settings.value(QStringLiteral("graph/exportFormat")).toString(), QStringLiteral("svg"));
}

void TestGraphView::mainWindowRemembersGraphSettings()
{
    {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.showGraph();
        w.graphPanel()->viewCombo()->setCurrentIndex(
            w.graphPanel()->viewCombo()->findData(int(GraphView::Dataflow)));
        w.graphPanel()->perNodeSpin()->setValue(3);
        w.graphPanel()->cachesButton()->setChecked(true);
        w.close();
    }
    // An engine remembered by an older version that is no longer offered (it let boxes overlap) is ignored.
    QSettings().setValue(QStringLiteral("graph/engine"), QStringLiteral("sfdp"));
    MainWindow again;
    QCOMPARE(again.graphPanel()->viewKind(), GraphView::Dataflow);
    QCOMPARE(again.graphPanel()->engine(), kPackedEngine);
    QCOMPARE(again.graphPanel()->options().processesPerNode, 3);
    QVERIFY(again.graphPanel()->options().showCaches);
    QVERIFY(again.graphPanel()->cachesButton()->isChecked());
    QCOMPARE(again.workspaceTabs()->currentWidget(), again.graphPanel());
}

// Ctrl+G and Ctrl+B switch tabs; Ctrl+F finds in what is in front.
void TestGraphView::mainWindowKeys()
{
    MainWindow w;
    QVERIFY(showAndOpen(w, kDgx2));
    w.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&w));
    QCOMPARE(w.workspaceTabs()->currentIndex(), 0);
    QVERIFY(layoutAfter(*w.graphPanel(), [&] { QTest::keyClick(&w, Qt::Key_G, Qt::ControlModifier); }));
    QCOMPARE(w.workspaceTabs()->currentWidget(), w.graphPanel());
    QTest::keyClick(&w, Qt::Key_F, Qt::ControlModifier);
    QTRY_VERIFY(w.graphPanel()->searchEdit()->hasFocus());
    QTest::keyClick(&w, Qt::Key_B, Qt::ControlModifier);
    QVERIFY(w.workspaceTabs()->currentWidget() != w.graphPanel());
    QTest::keyClick(&w, Qt::Key_F, Qt::ControlModifier);
    QTRY_VERIFY(w.browserPanel()->filterEdit()->hasFocus());
}

void TestGraphView::screenshot()
{
    MainWindow w;
    w.resize(1400, 900);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.showGraph();
    QVERIFY(layoutAfter(*w.graphPanel(), [&] { w.openPath(kWitty); }));
    w.selectEntity(w.capture()->snapshots.front()->processByPid(1895087));
    w.graphPanel()->canvas()->setZoom(0.9);
    w.graphPanel()->canvas()->centerOnItem(w.graphPanel()->scene()->selectedItems().value(0));
    QTest::qWait(50);
    const QString path = QStringLiteral("/tmp/numasight-graph-window.png");
    QVERIFY(w.grab().save(path));
    qInfo("screenshot: %s", qPrintable(path));
}

QTEST_MAIN(TestGraphView)
#include "tst_graph_view.moc"
