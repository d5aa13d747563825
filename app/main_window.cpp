#include "main_window.h"

#include "readers/open_input.h"
#include "recent_files.h"
#include "version.h"
#include "views/advice/advice_panel.h"
#include "views/advice/apply_dialog.h"
#include "views/advice/compare_panel.h"
#include "views/browser/browser_panel.h"
#include "views/browser/details_pane.h"
#include "views/browser/summary_panel.h"
#include "views/common/message_bar.h"
#include "views/common/start_page.h"
#include "views/graph/graph_canvas.h"
#include "views/graph/graph_export_flow.h"
#include "views/graph/graph_panel.h"
#include "views/heatmap/heatmap_export_flow.h"
#include "views/heatmap/heatmap_tabs.h"
#include "views/heatmap/heatmap_views.h"
#include "views/heatmap/node_heatmap_panel.h"
#include "views/jobs/load_job.h"
#include "views/jobs/save_job.h"
#include "views/live/live_indicator.h"
#include "views/live/record_dialog.h"
#include "views/live/recording_controller.h"
#include "views/live/threads_panel.h"
#include "views/live/timeline_bar.h"
#include "views/live/witty_attach_dialog.h"

#include <QAction>
#include <QCloseEvent>
#include <QDateTime>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>
#include <QStyle>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>

namespace numasight {

namespace {

const QString kGeometryKey = QStringLiteral("window/geometry");
const QString kStateKey = QStringLiteral("window/state");
const QString kDetailsSplitterKey = QStringLiteral("window/detailsSplitter");
const QString kSummarySplitterKey = QStringLiteral("window/summarySplitter");
const QString kHeaderKey = QStringLiteral("window/browserHeader");
const QString kLastDirKey = QStringLiteral("window/lastDirectory");
const QString kThreadsKey = QStringLiteral("window/threadsPanel");
const QString kSaveDirKey = QStringLiteral("window/saveDirectory");
const QString kTabKey = QStringLiteral("window/tab");
const QString kGraphViewKey = QStringLiteral("graph/view");
const QString kGraphEngineKey = QStringLiteral("graph/engine");
// Each key of HeatmapTabs::state() is kept under this group: view, window, sorts, measure, metric, order.
const QString kHeatmapGroup = QStringLiteral("heatmaps");
const QString kAdviceSplitterKey = QStringLiteral("advice/splitter");
const QString kCompareDirKey = QStringLiteral("compare/lastDirectory");

// "1 sample", "12 samples": the status bar is read at a glance, so no "sample(s)".
QString plural(int n, const char* noun)
{
    return n == 1 ? QObject::tr("1 %1").arg(QLatin1String(noun))
                  : QObject::tr("%1 %2s").arg(n).arg(QLatin1String(noun));
}

QString formatTimeNs(std::int64_t ns)
{
    return QDateTime::fromMSecsSinceEpoch(ns / 1'000'000).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss.zzz"));
}

QString displayName(const QString& path)
{
    return path == QLatin1String(kLocalMachine) ? QObject::tr("this machine") : QFileInfo(path).fileName();
}

QString localFileOf(const QMimeData* mime)
{
    if (!mime || !mime->hasUrls())
        return {};
    for (const QUrl& url : mime->urls())
        if (url.isLocalFile())
            return url.toLocalFile();
    return {};
}

} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
    , m_loader(new LoadJob(this))
    , m_recent(new RecentFiles(this))
{
    m_recorder = new RecordingController(this);
    m_compareLoader = new LoadJob(this);
    m_saver = new SaveJob(this);
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(QStringLiteral("numasight"));
    setWindowIcon(QIcon(QStringLiteral(":/numasight/icons/numasight.svg")));
    setAcceptDrops(true);

    createActions();
    createWorkspace();
    createDocks();
    createMenus();
    createStatusBar();

    connect(m_loader, &LoadJob::started, this, [this](quint64, const QString& path) { onLoadStarted(path); });
    connect(m_loader, &LoadJob::progressChanged, this,
            [this](quint64, double fraction) { m_progress->setValue(int(fraction * 100.0)); });
    connect(m_loader, &LoadJob::captureAvailable, this, &MainWindow::onCaptureAvailable);
    connect(m_loader, &LoadJob::loadFailed, this, &MainWindow::onLoadFailed);
    connect(m_loader, &LoadJob::cancelled, this, [this] {
        statusBar()->showMessage(tr("Loading %1 cancelled").arg(displayName(m_loadingPath)), 5000);
    });
    connect(m_loader, &LoadJob::finished, this, &MainWindow::onLoadFinished);
    connect(m_recent, &RecentFiles::changed, this, &MainWindow::updateRecentMenu);

    connect(m_recorder, &RecordingController::captureChanged, this, &MainWindow::onRecordingCapture);
    connect(m_recorder, &RecordingController::stateChanged, this, [this] {
        updateLiveIndicator();
        updateActions();
    });
    connect(m_recorder, &RecordingController::warning, this,
            [this](const QString& message) { showLiveMessage(message, int(MessageBar::Kind::Warning)); });
    connect(m_recorder, &RecordingController::finished, this, &MainWindow::onRecordingFinished);
    connect(m_saver, &SaveJob::saved, this, [this](const QString& path) {
        statusBar()->showMessage(tr("Saved %1").arg(path), 8000);
        updateActions();
    });
    connect(m_saver, &SaveJob::failed, this, [this](const QString& message) {
        m_messageBar->showMessage(message, MessageBar::Kind::Error);
        updateActions();
    });
    // The panels' exports say how they went; the window shows it.
    for (ExportFlow* flow : {static_cast<ExportFlow*>(m_graph->exportFlow()),
                             static_cast<ExportFlow*>(m_heatmaps->exportFlow())}) {
        connect(flow, &ExportFlow::statusMessage, statusBar(), &QStatusBar::showMessage);
        connect(flow, &ExportFlow::message, m_messageBar, &MessageBar::showMessage);
    }

    updateRecentMenu();
    updateStatus();
    restoreSettings();
    updateActions();
}

MainWindow::~MainWindow()
{
    // Children outlive this body: end the live session while everything they call back into still exists.
    m_recorder->blockSignals(true);
    m_recorder->stopAndWait();
    if (m_poller) {
        m_poller->blockSignals(true);
        m_poller->stop();
    }
}

void MainWindow::createActions()
{
    m_openAction = new QAction(QIcon::fromTheme(QStringLiteral("document-open")), tr("&Open…"), this);
    m_openAction->setShortcut(QKeySequence::Open);
    connect(m_openAction, &QAction::triggered, this, &MainWindow::showOpenDialog);

    m_attachAction =
        new QAction(QIcon::fromTheme(QStringLiteral("computer")), tr("&Attach to This Machine…"), this);
    m_attachAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A));
    m_attachAction->setStatusTip(tr("Record this machine's threads and memory live"));
    connect(m_attachAction, &QAction::triggered, this, &MainWindow::attachToThisMachine);

    m_attachWittyAction = new QAction(QIcon::fromTheme(QStringLiteral("network-server")),
                                      tr("Attach to &witty-profiler Server…"), this);
    m_attachWittyAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_W));
    m_attachWittyAction->setStatusTip(tr("Poll running witty-profiler servers, one snapshot per round"));
    connect(m_attachWittyAction, &QAction::triggered, this, &MainWindow::attachToWittyServers);

    m_pauseAction =
        new QAction(QIcon::fromTheme(QStringLiteral("media-playback-pause")), tr("&Pause Recording"), this);
    m_pauseAction->setCheckable(true);
    m_pauseAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P));
    connect(m_pauseAction, &QAction::triggered, this, &MainWindow::setRecordingPaused);

    m_stopAction =
        new QAction(QIcon::fromTheme(QStringLiteral("media-playback-stop")), tr("S&top Live Session"), this);
    m_stopAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    connect(m_stopAction, &QAction::triggered, this, &MainWindow::stopLiveSession);

    m_saveAsAction =
        new QAction(QIcon::fromTheme(QStringLiteral("document-save-as")), tr("&Save Recording As…"), this);
    m_saveAsAction->setShortcut(QKeySequence::SaveAs);
    m_saveAsAction->setStatusTip(tr("Save what is shown as a numasight capture"));
    connect(m_saveAsAction, &QAction::triggered, this, &MainWindow::showSaveAsDialog);

    m_exportGraphAction =
        new QAction(QIcon::fromTheme(QStringLiteral("document-export")), tr("&Export Graph…"), this);
    m_exportGraphAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    m_exportGraphAction->setStatusTip(tr("Write the topology graph as SVG, PDF, PNG or Graphviz DOT"));
    connect(m_exportGraphAction, &QAction::triggered, this, &MainWindow::showExportGraphDialog);

    m_showBrowserAction = new QAction(tr("&Entity Browser"), this);
    m_showBrowserAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_B));
    connect(m_showBrowserAction, &QAction::triggered, this, &MainWindow::showEntityBrowser);
    m_showGraphAction = new QAction(tr("Topology &Graph"), this);
    m_showGraphAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_G));
    connect(m_showGraphAction, &QAction::triggered, this, &MainWindow::showGraph);
    m_showHeatmapsAction = new QAction(tr("&Heatmaps"), this);
    m_showHeatmapsAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_H));
    connect(m_showHeatmapsAction, &QAction::triggered, this, &MainWindow::showHeatmaps);
    m_showAdviceAction = new QAction(tr("&Advice"), this);
    // Ctrl+I ("insights") beside the letters of the other tabs; Ctrl+4 as the fourth tab.
    m_showAdviceAction->setShortcuts(
        {QKeySequence(Qt::CTRL | Qt::Key_I), QKeySequence(Qt::CTRL | Qt::Key_4)});
    m_showAdviceAction->setStatusTip(
        tr("What runs away from its memory or accelerator, and what to run to fix it"));
    connect(m_showAdviceAction, &QAction::triggered, this, &MainWindow::showAdvice);
    m_compareAction = new QAction(tr("Compare &With…"), this);
    m_compareAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D));
    m_compareAction->setStatusTip(
        tr("Compare the capture shown with another one: what moved, process by process"));
    connect(m_compareAction, &QAction::triggered, this, &MainWindow::showCompareDialog);
    const QStringList heatmapViews{tr("&CPU Heatmap"), tr("&Memory Heatmap"), tr("Mi&smatch"),
                                   tr("&Over Time"), tr("M&atrices")};
    for (int i = 0; i < int(heatmapViews.size()); ++i) {
        auto* a = new QAction(heatmapViews[i], this);
        a->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key(Qt::Key_1 + i)));
        connect(a, &QAction::triggered, this, [this, i] {
            m_heatmaps->setCurrentView(HeatmapTabs::View(i));
            showHeatmaps();
        });
        m_heatmapViewActions << a;
    }
    m_exportPlotAction =
        new QAction(QIcon::fromTheme(QStringLiteral("document-export")), tr("Export &Plot…"), this);
    m_exportPlotAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_X));
    m_exportPlotAction->setStatusTip(
        tr("Write the heatmap in front as PNG, PDF or SVG, or its numbers as CSV"));
    connect(m_exportPlotAction, &QAction::triggered, this, [this] { showExportPlotDialog(false); });
    m_measureAction =
        new QAction(QIcon::fromTheme(QStringLiteral("chronometer")), tr("&Measure Latency/Bandwidth…"), this);
    m_measureAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_M));
    m_measureAction->setStatusTip(tr("Measure this machine's latency and bandwidth between NUMA nodes"));
    connect(m_measureAction, &QAction::triggered, this, &MainWindow::showMeasureDialog);

    // Window-wide timeline keys; the slider itself also takes Left/Right/Home/End when focused.
    m_previousAction = new QAction(tr("&Previous Sample"), this);
    m_previousAction->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Left));
    connect(m_previousAction, &QAction::triggered, this,
            [this] { setTimelinePosition(m_timeline->position() - 1); });
    m_nextAction = new QAction(tr("&Next Sample"), this);
    m_nextAction->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Right));
    connect(m_nextAction, &QAction::triggered, this,
            [this] { setTimelinePosition(m_timeline->position() + 1); });
    m_firstAction = new QAction(tr("&First Sample"), this);
    m_firstAction->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Home));
    connect(m_firstAction, &QAction::triggered, this, [this] { setTimelinePosition(0); });
    m_lastAction = new QAction(tr("&Latest Sample"), this);
    m_lastAction->setShortcut(QKeySequence(Qt::ALT | Qt::Key_End));
    connect(m_lastAction, &QAction::triggered, this,
            [this] { setTimelinePosition(m_timeline->count() - 1); });

    m_reloadAction = new QAction(QIcon::fromTheme(QStringLiteral("view-refresh")), tr("&Reload"), this);
    m_reloadAction->setShortcut(QKeySequence(Qt::Key_F5));
    connect(m_reloadAction, &QAction::triggered, this, &MainWindow::reload);

    m_closeAction = new QAction(tr("&Close"), this);
    m_closeAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_W));
    connect(m_closeAction, &QAction::triggered, this, &MainWindow::closeCapture);

    m_quitAction = new QAction(tr("&Quit"), this);
    m_quitAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Q));
    m_quitAction->setMenuRole(QAction::QuitRole);
    connect(m_quitAction, &QAction::triggered, this, &QWidget::close);

    m_findAction = new QAction(tr("&Find…"), this);
    m_findAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_F));
    connect(m_findAction, &QAction::triggered, this, [this] {
        // Find searches what is in front: the graph's search box on the graph tab, a heatmap's filter on the
        // heatmaps, else the browser's filter.
        QLineEdit* edit = m_browser->filterEdit();
        if (m_tabs->currentWidget() == m_advice)
            edit = m_advice->filterEdit();
        else if (m_tabs->currentWidget() == m_graph)
            edit = m_graph->searchEdit();
        else if (m_tabs->currentWidget() == m_heatmaps)
            edit = m_heatmaps->currentView() == HeatmapTabs::View::Memory
                       ? m_heatmaps->memoryPanel()->filterEdit()
                   : m_heatmaps->currentView() == HeatmapTabs::View::Mismatch
                       ? m_heatmaps->mismatchPanel()->filterEdit()
                       : m_heatmaps->cpuPanel()->filterEdit();
        edit->setFocus(Qt::ShortcutFocusReason);
        edit->selectAll();
    });

    m_cancelAction = new QAction(tr("Cancel Loading"), this);
    m_cancelAction->setShortcut(QKeySequence(Qt::Key_Escape));
    m_cancelAction->setEnabled(false);
    connect(m_cancelAction, &QAction::triggered, this, &MainWindow::cancelLoad);
    addAction(m_cancelAction);

    m_aboutAction = new QAction(tr("&About numasight"), this);
    m_aboutAction->setMenuRole(QAction::AboutRole);
    connect(m_aboutAction, &QAction::triggered, this, [this] {
        QMessageBox::about(
            this, tr("About numasight"),
            tr("<h3>numasight %1</h3><p>Shows how AI jobs sit on a machine's NUMA and accelerator "
               "topology.</p><p>Reads numasight captures, witty-profiler graphs and hwloc "
               "topologies.</p><p>Licensed under the GNU GPL, version 3 or later.</p>")
                .arg(version()));
    });

    m_clearRecentAction = new QAction(tr("&Clear Recent Files"), this);
    connect(m_clearRecentAction, &QAction::triggered, m_recent, &RecentFiles::clear);
}

void MainWindow::createMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(m_openAction);
    file->addAction(m_attachAction);
    file->addAction(m_attachWittyAction);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    m_recentMenu->setObjectName(QStringLiteral("recentMenu"));
    file->addAction(m_reloadAction);
    file->addAction(m_compareAction);
    file->addSeparator();
    file->addAction(m_pauseAction);
    file->addAction(m_stopAction);
    file->addAction(m_saveAsAction);
    file->addAction(m_exportGraphAction);
    file->addAction(m_exportPlotAction);
    file->addAction(m_measureAction);
    file->addSeparator();
    file->addAction(m_closeAction);
    file->addSeparator();
    file->addAction(m_quitAction);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    edit->addAction(m_findAction);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    view->addAction(m_showBrowserAction);
    view->addAction(m_showGraphAction);
    view->addAction(m_showHeatmapsAction);
    view->addAction(m_showAdviceAction);
    QMenu* heatmaps = view->addMenu(tr("Heatmap &Views"));
    heatmaps->addActions(m_heatmapViewActions);
    view->addSeparator();
    view->addAction(m_detailsDock->toggleViewAction());
    view->addAction(m_summaryDock->toggleViewAction());
    view->addAction(m_threadsDock->toggleViewAction());
    view->addSeparator();
    view->addAction(m_previousAction);
    view->addAction(m_nextAction);
    view->addAction(m_firstAction);
    view->addAction(m_lastAction);

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(m_aboutAction);
}

void MainWindow::createWorkspace()
{
    m_start = new StartPage(this);
    connect(m_start, &StartPage::attachRequested, this, &MainWindow::attachToThisMachine);
    connect(m_start, &StartPage::attachWittyRequested, this, &MainWindow::attachToWittyServers);
    connect(m_start, &StartPage::openRequested, this, &MainWindow::showOpenDialog);
    connect(m_start, &StartPage::recentActivated, this, &MainWindow::openPath);
    connect(m_start, &StartPage::clearRecentRequested, m_recent, &RecentFiles::clear);

    m_workspace = new QWidget(this);
    m_workspace->setObjectName(QStringLiteral("workspace"));
    m_timeline = new TimelineBar(m_workspace);
    connect(m_timeline, &TimelineBar::positionChanged, this, &MainWindow::showPosition);

    m_browser = new BrowserPanel(m_workspace);
    connect(m_browser, &BrowserPanel::currentEntityChanged, this, &MainWindow::onCurrentEntityChanged);

    m_graph = new GraphPanel(m_workspace);
    connect(m_graph, &GraphPanel::entitiesSelected, this, &MainWindow::onGraphSelection);
    connect(m_graph, &GraphPanel::exportRequested, this, &MainWindow::showExportGraphDialog);
    connect(m_graph, &GraphPanel::viewKindChanged, this,
            [](GraphView v) { QSettings().setValue(kGraphViewKey, graphViewName(v)); });
    connect(m_graph, &GraphPanel::engineChanged, this,
            [](const QString& engine) { QSettings().setValue(kGraphEngineKey, engine); });

    m_heatmaps = new HeatmapTabs(m_workspace);
    connect(m_heatmaps, &HeatmapTabs::rowSelected, this, &MainWindow::onHeatmapSelection);
    connect(m_heatmaps, &HeatmapTabs::positionRequested, this, &MainWindow::setTimelinePosition);
    connect(m_heatmaps, &HeatmapTabs::stateChanged, this, &MainWindow::saveHeatmapSettings);
    connect(m_heatmaps, &HeatmapTabs::exportRequested, this, &MainWindow::showExportPlotDialog);
    connect(m_heatmaps, &HeatmapTabs::measureRequested, this, &MainWindow::showMeasureDialog);
    connect(m_heatmaps, &HeatmapTabs::captureMeasured, this, &MainWindow::onCaptureMeasured);

    m_advice = new AdvicePanel(m_workspace);
    connect(m_advice, &AdvicePanel::processSelected, this, &MainWindow::onAdviceSelection);
    connect(m_advice, &AdvicePanel::applyRequested, this, &MainWindow::showApplyDialog);

    m_compare = new ComparePanel(m_workspace);
    m_compare->hide();
    connect(m_compare, &ComparePanel::processSelected, this, &MainWindow::onAdviceSelection);
    connect(m_compare, &ComparePanel::diffShown, this, &MainWindow::onDiffShown);
    connect(m_compare, &ComparePanel::diffFailed, this,
            [this](const QString& message) { m_messageBar->showMessage(message, MessageBar::Kind::Error); });
    connect(m_compareLoader, &LoadJob::captureAvailable, this, &MainWindow::onCompareCapture);
    connect(m_compareLoader, &LoadJob::loadFailed, this, [this](const QString& message) {
        statusBar()->clearMessage();
        m_messageBar->showMessage(tr("Cannot compare: %1").arg(message), MessageBar::Kind::Error);
    });

    // The timeline drives every tab, so it sits above them.
    m_tabs = new QTabWidget(m_workspace);
    m_tabs->setObjectName(QStringLiteral("workspaceTabs"));
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(m_browser, tr("Entities"));
    m_tabs->addTab(m_graph, tr("Graph"));
    m_tabs->addTab(m_heatmaps, tr("Heatmaps"));
    m_tabs->addTab(m_advice, tr("Advice"));
    m_tabs->setTabToolTip(0, tr("The entity browser (Ctrl+B)"));
    m_tabs->setTabToolTip(1, tr("The topology graph, laid out by Graphviz (Ctrl+G)"));
    m_tabs->setTabToolTip(2, tr("CPU time and memory per NUMA node, mismatches, over time, and the node "
                                "matrices (Ctrl+H)"));
    m_tabs->setTabToolTip(3, tr("The advisor's findings and, per process, what to run to move it (Ctrl+I)"));
    auto* layout = new QVBoxLayout(m_workspace);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_timeline);
    layout->addWidget(m_tabs, 1);

    m_stack = new QStackedWidget(this);
    m_stack->addWidget(m_start);
    m_stack->addWidget(m_workspace);
    m_messageBar = new MessageBar(this);

    auto* central = new QWidget(this);
    auto* centralLayout = new QVBoxLayout(central);
    centralLayout->setContentsMargins(0, 0, 0, 0);
    centralLayout->setSpacing(0);
    centralLayout->addWidget(m_messageBar);
    centralLayout->addWidget(m_stack, 1);
    setCentralWidget(central);
}

void MainWindow::createDocks()
{
    m_details = new DetailsPane(this);
    connect(m_details, &DetailsPane::entityActivated, this, &MainWindow::selectEntity);
    m_detailsDock = new QDockWidget(tr("Details"), this);
    m_detailsDock->setObjectName(QStringLiteral("detailsDock"));
    m_detailsDock->setWidget(m_details);
    addDockWidget(Qt::RightDockWidgetArea, m_detailsDock);

    m_summary = new SummaryPanel(this);
    m_summaryDock = new QDockWidget(tr("Summary"), this);
    m_summaryDock->setObjectName(QStringLiteral("summaryDock"));
    m_summaryDock->setWidget(m_summary);
    addDockWidget(Qt::BottomDockWidgetArea, m_summaryDock);

    m_threads = new ThreadsPanel(this);
    connect(m_threads, &ThreadsPanel::threadActivated, this, &MainWindow::selectThread);
    connect(m_threads, &ThreadsPanel::processActivated, this, &MainWindow::selectProcess);
    m_threadsDock = new QDockWidget(tr("Threads"), this);
    m_threadsDock->setObjectName(QStringLiteral("threadsDock"));
    m_threadsDock->setWidget(m_threads);
    addDockWidget(Qt::BottomDockWidgetArea, m_threadsDock);
    // Beside the summary rather than tabbed with it: a tab group's saved sizes do not come back on a
    // window that is restored before it is shown.
    splitDockWidget(m_summaryDock, m_threadsDock, Qt::Horizontal);

    m_detailsDock->toggleViewAction()->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_1));
    m_summaryDock->toggleViewAction()->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_2));
    m_threadsDock->toggleViewAction()->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_3));
    resize(1280, 860);
}

void MainWindow::createStatusBar()
{
    m_sourceLabel = new QLabel(this);
    m_sourceLabel->setObjectName(QStringLiteral("sourceLabel"));
    m_countsLabel = new QLabel(this);
    m_countsLabel->setObjectName(QStringLiteral("countsLabel"));
    m_progress = new QProgressBar(this);
    m_progress->setObjectName(QStringLiteral("loadProgress"));
    m_progress->setRange(0, 100);
    m_progress->setMaximumWidth(200);
    m_progress->hide();
    m_cancelButton = new QToolButton(this);
    m_cancelButton->setObjectName(QStringLiteral("cancelLoadButton"));
    m_cancelButton->setText(tr("Cancel"));
    m_cancelButton->setToolTip(tr("Stop loading (Esc)"));
    m_cancelButton->hide();
    connect(m_cancelButton, &QToolButton::clicked, this, &MainWindow::cancelLoad);
    m_liveIndicator = new LiveIndicator(this);
    connect(m_liveIndicator, &LiveIndicator::pauseToggled, this, &MainWindow::setRecordingPaused);
    connect(m_liveIndicator, &LiveIndicator::stopRequested, this, &MainWindow::stopLiveSession);
    statusBar()->addWidget(m_sourceLabel, 1);
    statusBar()->addPermanentWidget(m_liveIndicator);
    statusBar()->addPermanentWidget(m_countsLabel);
    statusBar()->addPermanentWidget(m_progress);
    statusBar()->addPermanentWidget(m_cancelButton);
}

void MainWindow::restoreSettings()
{
    QSettings settings;
    restoreGeometry(settings.value(kGeometryKey).toByteArray());
    if (!restoreState(settings.value(kStateKey).toByteArray())) {
        // First start: room for the details' long values, and the browser keeps most of the height.
        resizeDocks({m_detailsDock}, {440}, Qt::Horizontal);
        resizeDocks({m_summaryDock}, {400}, Qt::Vertical);
        resizeDocks({m_summaryDock, m_threadsDock}, {560, 720}, Qt::Horizontal);
    }
    m_details->restoreSplitterState(settings.value(kDetailsSplitterKey).toByteArray());
    m_summary->restoreSplitterState(settings.value(kSummarySplitterKey).toByteArray());
    m_advice->restoreState(settings.value(kAdviceSplitterKey).toByteArray());
    m_threads->restoreState(settings.value(kThreadsKey).toByteArray());
    m_tabs->setCurrentIndex(std::clamp(settings.value(kTabKey, 0).toInt(), 0, m_tabs->count() - 1));
    if (const auto view = graphViewFromName(settings.value(kGraphViewKey).toString()))
        m_graph->setViewKind(*view);
    const QString engine = settings.value(kGraphEngineKey).toString();
    if (!engine.isEmpty())
        m_graph->setEngine(engine);
    settings.beginGroup(kHeatmapGroup);
    QVariantMap heatmaps;
    for (const QString& key : settings.childKeys())
        heatmaps.insert(key, settings.value(key));
    settings.endGroup();
    {
        // Restoring is not a change of the user's to write back.
        const QSignalBlocker block(m_heatmaps);
        m_heatmaps->setState(heatmaps);
    }
    m_browser->restoreState(settings.value(kHeaderKey).toByteArray());
}

void MainWindow::saveSettings() const
{
    QSettings settings;
    settings.setValue(kGeometryKey, saveGeometry());
    settings.setValue(kStateKey, saveState());
    settings.setValue(kDetailsSplitterKey, m_details->saveSplitterState());
    settings.setValue(kSummarySplitterKey, m_summary->saveSplitterState());
    settings.setValue(kAdviceSplitterKey, m_advice->saveState());
    settings.setValue(kThreadsKey, m_threads->saveState());
    // The Compare tab exists only with a comparison: the next start opens on the tab before it.
    settings.setValue(kTabKey, m_tabs->currentWidget() == m_compare ? m_tabs->indexOf(m_advice)
                                                                    : m_tabs->currentIndex());
    settings.setValue(kHeaderKey, m_browser->saveState());
    saveHeatmapSettings();
}

void MainWindow::saveHeatmapSettings() const
{
    QSettings settings;
    settings.beginGroup(kHeatmapGroup);
    const QVariantMap state = m_heatmaps->state();
    for (auto it = state.cbegin(); it != state.cend(); ++it)
        settings.setValue(it.key(), it.value());
    settings.endGroup();
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    m_loader->cancel();
    // A recording ends here, cleanly: the last sample is finished, the collectors detached, the file
    // closed. The worker notices within one poll (20 ms) plus the sample it may be taking.
    m_recorder->stopAndWait();
    if (m_poller)
        m_poller->stop();
    saveSettings();
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    if (!localFileOf(event->mimeData()).isEmpty())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event)
{
    const QString path = localFileOf(event->mimeData());
    if (path.isEmpty())
        return;
    event->acceptProposedAction();
    openPath(path);
}

bool MainWindow::isWorkspaceShown() const
{
    return m_stack->currentWidget() == m_workspace;
}

void MainWindow::showOpenDialog()
{
    QSettings settings;
    const QString dir = settings.value(kLastDirKey).toString();
    const QString filters = tr("All supported files (*.numasight *.json *.jsonl *.xml);;"
                               "numasight captures (*.numasight);;"
                               "witty-profiler graphs (*.json *.jsonl);;"
                               "hwloc topologies (*.xml);;"
                               "All files (*)");
    const QString path = QFileDialog::getOpenFileName(this, tr("Open"), dir, filters);
    if (path.isEmpty())
        return;
    settings.setValue(kLastDirKey, QFileInfo(path).absolutePath());
    openPath(path);
}

void MainWindow::openPath(const QString& path)
{
    if (path.isEmpty())
        return;
    stopLiveSession();
    m_loadingPath = path == QLatin1String(kLocalMachine) ? path : QFileInfo(path).absoluteFilePath();
    m_loader->start(m_loadingPath);
}

void MainWindow::attachToThisMachine()
{
    // open(), not exec(): no nested event loop, so live views and workers keep running behind it.
    auto* dialog = new RecordDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        if (const auto options = dialog->options())
            startRecording(*options);
    });
    dialog->open();
}

void MainWindow::attachToWittyServers()
{
    auto* dialog = new WittyAttachDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        const QList<QUrl> servers = dialog->servers();
        if (!servers.isEmpty())
            startWittySession(servers, dialog->pollOptions());
    });
    dialog->open();
}

bool MainWindow::startRecording(const RecordOptions& options)
{
    stopLiveSession();
    m_loader->cancel();
    QString error;
    if (!m_recorder->start(options, &error)) {
        m_messageBar->showMessage(error, MessageBar::Kind::Error);
        return false;
    }
    m_live = Live::Recording;
    m_threadsDock->show(); // what a recording adds over a topology
    m_liveShown = false;
    m_liveOwnsView = true;
    m_recordingPath = options.outputPath;
    m_recordingCapture.reset();
    m_liveMessages.clear();
    m_messageBar->dismiss();
    statusBar()->showMessage(tr("Starting to record into %1…").arg(options.outputPath), 5000);
    updateLiveIndicator();
    updateActions();
    return true;
}

bool MainWindow::startWittySession(const QList<QUrl>& servers, const WittyPollOptions& options)
{
    stopLiveSession();
    m_loader->cancel();
    if (servers.isEmpty()) {
        m_messageBar->showMessage(tr("No witty-profiler server given."), MessageBar::Kind::Error);
        return false;
    }
    if (m_poller)
        m_poller->deleteLater();
    m_poller = new WittyHttpPoller(servers, options, this);
    WittyHttpPoller* poller = m_poller;
    m_live = Live::Witty;
    m_liveShown = false;
    m_liveOwnsView = true;
    m_liveMessages.clear();
    m_messageBar->dismiss();
    m_liveTitle = tr("witty-profiler %1").arg(m_poller->hostLabels().join(QStringLiteral(", ")));
    // Every handler checks the sender is still the session's poller: a stopped one may still deliver.
    connect(poller, &WittyHttpPoller::snapshotAvailable, this, [this, poller](CapturePtr capture) {
        if (poller == m_poller)
            onWittyCapture(std::move(capture));
    });
    connect(poller, &WittyHttpPoller::hostFailed, this,
            [this, poller](const QString&, const QString& message) {
                if (poller == m_poller)
                    showLiveMessage(message, int(MessageBar::Kind::Warning));
            });
    connect(poller, &WittyHttpPoller::roundFinished, this, [this, poller] {
        if (poller == m_poller)
            updateLiveIndicator();
    });
    connect(poller, &WittyHttpPoller::finished, this, [this, poller] {
        if (poller != m_poller)
            return;
        if (m_live == Live::Witty)
            m_live = Live::None;
        updateLiveIndicator();
        updateActions();
        updateStatus();
    });
    poller->start();
    statusBar()->showMessage(tr("Polling %1…").arg(m_liveTitle), 5000);
    updateLiveIndicator();
    updateActions();
    return true;
}

void MainWindow::setRecordingPaused(bool paused)
{
    if (m_live != Live::Recording)
        return;
    m_recorder->setPaused(paused);
}

void MainWindow::stopLiveSession()
{
    if (m_live == Live::Recording) {
        m_recorder->stop();
    } else if (m_live == Live::Witty && m_poller) {
        m_poller->stop();
        m_live = Live::None;
    }
    updateLiveIndicator();
    updateActions();
}

void MainWindow::showLiveMessage(const QString& message, int kind)
{
    if (m_liveMessages.contains(message))
        return;
    m_liveMessages.insert(message);
    m_messageBar->showMessage(message, MessageBar::Kind(kind));
}

void MainWindow::onRecordingCapture(CapturePtr capture)
{
    if (!m_liveOwnsView)
        return; // the user opened or closed something meanwhile
    m_recordingCapture = capture;
    const bool fresh = !m_liveShown;
    m_liveShown = true;
    m_path = m_recordingPath;
    showCapture(std::move(capture), fresh);
    updateLiveIndicator();
}

void MainWindow::onRecordingFinished(const RecordSummary& summary)
{
    m_live = Live::None;
    if (summary.error)
        m_messageBar->showMessage(summary.error->toString(), MessageBar::Kind::Error);
    else
        statusBar()->showMessage(
            tr("Recorded %1 sample(s) in %2 mode into %3")
                .arg(summary.samples)
                .arg(summary.mode.isEmpty() ? m_recorder->mode() : summary.mode, summary.path),
            10000);
    if (summary.fileCreated && QFileInfo::exists(summary.path))
        m_recent->add(summary.path);
    updateLiveIndicator();
    updateActions();
    updateStatus();
}

void MainWindow::onWittyCapture(CapturePtr capture)
{
    if (!m_liveOwnsView)
        return;
    const bool fresh = !m_liveShown;
    m_liveShown = true;
    m_path.clear();
    showCapture(std::move(capture), fresh);
    updateLiveIndicator();
}

void MainWindow::updateLiveIndicator()
{
    if (m_live == Live::Recording) {
        const bool paused = m_recorder->isPaused();
        const bool stopping = m_recorder->state() == RecordingController::State::Stopping;
        const QString mode = m_recorder->mode().isEmpty() ? tr("starting") : m_recorder->mode();
        const QString what = stopping ? tr("Stopping") : paused ? tr("Paused") : tr("Recording");
        m_liveIndicator->showState(
            QStringLiteral("%1 · %2 · %3").arg(what, mode, plural(m_recorder->sampleCount(), "sample")),
            !stopping, paused, !stopping);
        m_liveIndicator->setToolTip(m_recordingPath);
    } else if (m_live == Live::Witty && m_poller) {
        m_liveIndicator->showState(QStringLiteral("%1 · %2 · %3")
                                       .arg(tr("Polling"), plural(int(m_poller->hostLabels().size()), "host"),
                                            plural(m_poller->roundsCaptured(), "round")),
                                   false, false, true);
        m_liveIndicator->setToolTip(m_liveTitle);
    } else {
        m_liveIndicator->hide();
    }
}

void MainWindow::updateActions()
{
    const bool recording = m_live == Live::Recording;
    m_pauseAction->setEnabled(recording && m_recorder->state() != RecordingController::State::Stopping);
    {
        const QSignalBlocker block(m_pauseAction);
        m_pauseAction->setChecked(recording && m_recorder->isPaused());
    }
    m_pauseAction->setText(m_recorder->isPaused() ? tr("&Resume Recording") : tr("&Pause Recording"));
    m_stopAction->setEnabled(m_live != Live::None);
    // A recording is saved once it ended (its file is complete then); a witty session any time, since
    // each round is an immutable snapshot.
    m_saveAsAction->setEnabled(m_capture && !m_saver->isRunning() &&
                               !(recording && m_capture == m_recordingCapture));
    m_saveAsAction->setText(m_capture && m_capture == m_recordingCapture ? tr("&Save Recording As…")
                                                                         : tr("&Save As…"));
    m_exportGraphAction->setEnabled(bool(m_capture));
    m_exportPlotAction->setEnabled(bool(m_capture));
    m_compareAction->setEnabled(m_capture && !m_capture->snapshots.empty());
    // A measurement loads the memory system: not while a recording of this machine samples it.
    const bool measurable = m_capture && !m_capture->snapshots.empty() && m_live == Live::None;
    m_measureAction->setEnabled(measurable);
    updateApplyAllowed();
    m_heatmaps->matrixPanel()->setMeasureAllowed(
        measurable,
        m_live != Live::None ? tr("Stop the live session before measuring") : tr("Open a capture first"));
}

void MainWindow::showSaveAsDialog()
{
    if (!m_saveAsAction->isEnabled())
        return;
    QSettings settings;
    QString dir = settings.value(kSaveDirKey).toString();
    if (dir.isEmpty())
        dir = QDir::homePath();
    const QString name = !m_path.isEmpty() ? QFileInfo(m_path).completeBaseName() : QStringLiteral("session");
    const QString path = QFileDialog::getSaveFileName(this, tr("Save As"),
                                                      QDir(dir).filePath(name + QStringLiteral(".numasight")),
                                                      tr("numasight captures (*.numasight)"));
    if (path.isEmpty())
        return;
    settings.setValue(kSaveDirKey, QFileInfo(path).absolutePath());
    saveCaptureAs(path);
}

void MainWindow::saveCaptureAs(const QString& path)
{
    if (!m_capture || m_saver->isRunning())
        return;
    const bool recording = m_capture == m_recordingCapture;
    if (recording && m_live == Live::Recording) {
        m_messageBar->showMessage(tr("Stop the recording before saving a copy of it."),
                                  MessageBar::Kind::Information);
        return;
    }
    // A finished recording is copied (its file is complete and exactly what was recorded); the capture
    // in memory is written otherwise.
    m_saver->start(m_capture, recording ? m_recordingPath : QString(), QFileInfo(path).absoluteFilePath());
    statusBar()->showMessage(tr("Saving %1…").arg(path));
    updateActions();
}

void MainWindow::selectThread(qint64 pid, qint64 tid)
{
    m_browser->selectProcess(pid, tid);
}

void MainWindow::selectProcess(qint64 pid)
{
    m_browser->selectProcess(pid);
}

void MainWindow::showEntityBrowser()
{
    m_tabs->setCurrentWidget(m_browser);
    m_browser->view()->setFocus(Qt::ShortcutFocusReason);
}

void MainWindow::showAdvice()
{
    m_tabs->setCurrentWidget(m_advice);
    m_advice->table()->setFocus(Qt::ShortcutFocusReason);
}

// The advice follows the capture and the snapshot (not the sample: the advisor reads every sample of the
// snapshot), computed on a worker only while the tab is seen.
void MainWindow::updateAdvice()
{
    if (!m_capture || m_snapshotIndex < 0 || m_snapshotIndex >= int(m_capture->snapshots.size())) {
        m_advice->clear();
        return;
    }
    m_advice->setCapture(m_capture, m_snapshotIndex, std::exchange(m_adviceFresh, false));
}

void MainWindow::onAdviceSelection(qint64 pid, qint64 tid)
{
    m_selectionFromAdvice = true;
    if (tid >= 0)
        selectThread(pid, tid);
    else
        selectProcess(pid);
    m_selectionFromAdvice = false;
}

bool MainWindow::canApply(QString* reason) const
{
    QString why;
    if (!m_capture)
        why = tr("Open a capture of this machine first.");
    else if (m_capture == m_recordingCapture && m_live == Live::Recording)
        why.clear(); // a recording of this machine, now
    else if (m_path == QLatin1String(kLocalMachine))
        why.clear(); // this machine, read live
    else if (m_live == Live::Witty)
        why = tr("Apply changes processes on this machine; this is a witty-profiler session of other hosts. "
                 "Run the commands on the host instead.");
    else
        why = tr("Apply changes live processes on this machine; this is a file capture (%1), whose processes "
                 "may not exist here. Attach to this machine (Ctrl+Shift+A) to apply, or copy the commands.")
                  .arg(m_path.isEmpty() ? m_liveTitle : displayName(m_path));
    if (reason)
        *reason = why;
    return m_capture && why.isEmpty();
}

void MainWindow::updateApplyAllowed()
{
    QString reason;
    const bool allowed = canApply(&reason);
    m_advice->setApplyAllowed(allowed, reason);
}

ApplyDialog* MainWindow::showApplyDialog(const Suggestion& suggestion)
{
    QString reason;
    if (!canApply(&reason)) {
        m_messageBar->showMessage(reason, MessageBar::Kind::Information);
        return nullptr;
    }
    // open(), not exec(): the views and the recording go on behind it.
    auto* dialog = new ApplyDialog(suggestion, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &ApplyDialog::appliedToProcess, this, [this](qint64 pid) {
        statusBar()->showMessage(tr("Applied the suggestion to pid %1").arg(pid), 8000);
    });
    dialog->open();
    return dialog;
}

void MainWindow::showCompareDialog()
{
    if (!m_compareAction->isEnabled())
        return;
    QSettings settings;
    QString dir = settings.value(kCompareDirKey).toString();
    if (dir.isEmpty())
        dir = settings.value(kLastDirKey).toString();
    auto* dialog = new QFileDialog(this, tr("Compare With"), dir,
                                   tr("All supported files (*.numasight *.json *.jsonl *.xml);;"
                                      "numasight captures (*.numasight);;"
                                      "witty-profiler graphs (*.json *.jsonl);;"
                                      "All files (*)"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setObjectName(QStringLiteral("compareDialog"));
    dialog->setFileMode(QFileDialog::ExistingFile);
    connect(dialog, &QFileDialog::fileSelected, this, [this](const QString& path) {
        QSettings().setValue(kCompareDirKey, QFileInfo(path).absolutePath());
        compareWith(path);
    });
    dialog->open();
}

void MainWindow::compareWith(const QString& path)
{
    if (!m_capture || path.isEmpty())
        return;
    m_comparePath = path == QLatin1String(kLocalMachine) ? path : QFileInfo(path).absoluteFilePath();
    statusBar()->showMessage(tr("Loading %1 to compare…").arg(displayName(m_comparePath)));
    m_compareLoader->start(m_comparePath);
}

void MainWindow::onCompareCapture(CapturePtr capture)
{
    if (!m_capture)
        return;
    if (m_tabs->indexOf(m_compare) < 0) {
        const int index = m_tabs->addTab(m_compare, tr("Compare"));
        m_tabs->setTabToolTip(index, tr("What changed between the capture shown (A) and another (B)"));
        auto* close = new QToolButton(m_tabs);
        close->setObjectName(QStringLiteral("closeCompareButton"));
        close->setAutoRaise(true);
        close->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
        close->setToolTip(tr("Close the comparison"));
        connect(close, &QToolButton::clicked, this, &MainWindow::closeComparison);
        m_tabs->tabBar()->setTabButton(index, QTabBar::RightSide, close);
    }
    const QString labelA = !m_path.isEmpty() ? displayName(m_path) : m_liveTitle;
    m_compare->compare(m_capture, std::move(capture), labelA, displayName(m_comparePath));
    m_tabs->setCurrentWidget(m_compare);
    statusBar()->clearMessage();
}

void MainWindow::onDiffShown()
{
    if (!m_compare->diff())
        return;
    const QSet<std::int64_t> pids = ComparePanel::changedPids(m_compare->diff());
    const QSet<std::int64_t> tids = ComparePanel::changedTids(m_compare->diff());
    m_graph->setHighlighted(pids, tids);
    m_heatmaps->setHighlighted(pids, tids);
    statusBar()->showMessage(
        tr("%1 process(es) and %2 thread(s) changed: outlined in the graph, marked in the "
           "heatmaps")
            .arg(pids.size())
            .arg(tids.size()),
        8000);
}

void MainWindow::closeComparison()
{
    m_compareLoader->cancel();
    const int index = m_tabs->indexOf(m_compare);
    if (index >= 0)
        m_tabs->removeTab(index);
    m_compare->hide();
    m_compare->clear();
    m_graph->setHighlighted({}, {});
    m_heatmaps->setHighlighted({}, {});
}

void MainWindow::showHeatmaps()
{
    m_tabs->setCurrentWidget(m_heatmaps);
    m_heatmaps->tabs()->currentWidget()->setFocus(Qt::ShortcutFocusReason);
}

// The heatmaps follow the capture, the snapshot and the timeline's position, as the graph does.
void MainWindow::updateHeatmaps()
{
    if (!m_capture || m_snapshotIndex < 0 || m_snapshotIndex >= int(m_capture->snapshots.size())) {
        m_heatmaps->clear();
        return;
    }
    m_heatmaps->setCapture(m_capture, m_snapshotIndex, m_position, std::exchange(m_heatmapsFresh, false));
}

void MainWindow::onHeatmapSelection(EntityId entity, qint64 pid, qint64 tid, const QString& ns)
{
    m_selectionFromHeatmaps = true;
    if (entity.isValid())
        selectEntity(entity);
    else if (ns == u"local" && tid >= 0)
        selectThread(pid, tid);
    else if (ns == u"local")
        selectProcess(pid);
    m_selectionFromHeatmaps = false;
}

void MainWindow::showExportPlotDialog(bool matrix)
{
    if (!m_capture)
        return;
    if (m_tabs->currentWidget() != m_heatmaps)
        showHeatmaps();
    m_heatmaps->exportFlow()->showDialog(this, exportBaseName(), matrix);
}

void MainWindow::exportPlotTo(const QString& path, bool matrix)
{
    m_heatmaps->exportFlow()->exportTo(path, matrix);
}

void MainWindow::showMeasureDialog()
{
    if (!m_measureAction->isEnabled())
        return;
    const QString machine = m_path == QLatin1String(kLocalMachine) || m_path.isEmpty()
                                ? tr("this machine")
                                : tr("this machine (the capture shown must be of it)");
    measureOptionsDialog(this, machine, [this](const MeasureOptions& o) { startMeasurement(o); })->open();
}

void MainWindow::startMeasurement(const MeasureOptions& options)
{
    if (!m_capture || m_capture->snapshots.empty())
        return;
    m_heatmaps->setCurrentView(HeatmapTabs::View::Matrices);
    showHeatmaps();
    m_heatmaps->matrixPanel()->startMeasurement(options);
}

// The capture shown, with the measured matrices added to every snapshot. It replaces the capture in
// memory; the file on disk is untouched until Save As writes the new one.
void MainWindow::onCaptureMeasured(CapturePtr capture)
{
    if (!capture || !m_capture || m_live != Live::None)
        return;
    m_capture = std::move(capture);
    m_recordingCapture.reset(); // what Save As writes is now the capture in memory, not the recorded file
    const int position = m_position;
    m_snapshotIndex = -1; // every view takes the new snapshots
    showPosition(position >= 0 ? position : 0);
    setWindowTitle(
        tr("%1 (measured, unsaved) — numasight").arg(!m_path.isEmpty() ? displayName(m_path) : m_liveTitle));
    updateStatus();
    updateActions();
}

void MainWindow::showGraph()
{
    m_tabs->setCurrentWidget(m_graph);
    m_graph->canvas()->setFocus(Qt::ShortcutFocusReason);
}

// The graph shows the snapshot the browser shows, and for a recording the sample the timeline is on.
void MainWindow::updateGraph()
{
    updateHeatmaps();
    updateAdvice();
    if (!m_capture || m_snapshotIndex < 0 || m_snapshotIndex >= int(m_capture->snapshots.size())) {
        m_graph->clear();
        return;
    }
    std::vector<SamplePtr> samples;
    if (m_position >= 0 && m_position < int(m_capture->samples.size())) {
        const SamplePtr& sample = m_capture->samples[size_t(m_position)];
        if (std::clamp(sample->snapshotIndex, 0, int(m_capture->snapshots.size()) - 1) == m_snapshotIndex)
            samples.push_back(sample);
    }
    m_graph->setSnapshot(m_capture->snapshots[size_t(m_snapshotIndex)], std::move(samples),
                         std::exchange(m_graphFresh, false));
}

void MainWindow::onGraphSelection(const QList<EntityId>& entities)
{
    if (entities.isEmpty())
        return;
    m_selectionFromGraph = true;
    selectEntity(entities.front());
    m_selectionFromGraph = false;
}

// "<file>-…" for a file's exports, "numasight-…" for this machine or a live session.
QString MainWindow::exportBaseName() const
{
    return !m_path.isEmpty() && m_path != QLatin1String(kLocalMachine) ? QFileInfo(m_path).completeBaseName()
                                                                       : QStringLiteral("numasight");
}

void MainWindow::showExportGraphDialog()
{
    m_graph->exportFlow()->showDialog(this, exportBaseName());
}

void MainWindow::exportGraphTo(const QString& path, const GraphExportOptions& options)
{
    m_graph->exportFlow()->exportTo(path, options);
}

void MainWindow::reload()
{
    if (!m_path.isEmpty())
        openPath(m_path);
}

void MainWindow::cancelLoad()
{
    m_loader->cancel();
}

void MainWindow::closeCapture()
{
    m_loader->cancel();
    stopLiveSession();
    m_capture.reset();
    m_recordingCapture.reset();
    m_liveOwnsView = false; // a session still winding down must not reopen the workspace
    m_path.clear();
    m_snapshotIndex = -1;
    m_position = -1;
    m_browser->setSnapshot(nullptr);
    m_details->setSnapshot(nullptr);
    m_summary->setCapture(nullptr, -1);
    m_threads->clear();
    m_graph->clear();
    m_heatmaps->clear();
    m_advice->clear();
    closeComparison();
    m_timeline->clear();
    m_messageBar->dismiss();
    m_stack->setCurrentWidget(m_start);
    setWindowTitle(QStringLiteral("numasight"));
    updateStatus();
    updateActions();
}

void MainWindow::onLoadStarted(const QString& path)
{
    m_progress->setValue(0);
    m_progress->show();
    m_cancelButton->show();
    m_cancelAction->setEnabled(true);
    statusBar()->showMessage(tr("Loading %1…").arg(displayName(path)));
}

void MainWindow::onLoadFinished()
{
    if (m_loader->isLoading())
        return; // a newer load took over; its own finish hides the progress
    m_progress->hide();
    m_cancelButton->hide();
    m_cancelAction->setEnabled(false);
    if (statusBar()->currentMessage().startsWith(tr("Loading %1…").arg(displayName(m_loadingPath))))
        statusBar()->clearMessage();
}

void MainWindow::onCaptureAvailable(CapturePtr capture)
{
    m_path = m_loadingPath;
    if (m_path != QLatin1String(kLocalMachine))
        m_recent->add(m_path);
    m_messageBar->dismiss();
    m_recordingCapture.reset();
    m_liveOwnsView = false;
    showCapture(std::move(capture), true);
    m_browser->expandMatches();
}

// Puts `capture` on screen. `fresh`: a new capture (start at the newest position); otherwise the same
// session grew, and the views move only if the timeline follows the newest position.
void MainWindow::showCapture(CapturePtr capture, bool fresh)
{
    m_capture = std::move(capture);
    if (fresh) {
        m_snapshotIndex = -1;
        m_position = -1;
        m_graphFresh = true;
        m_heatmapsFresh = true;
        m_adviceFresh = true;
        closeComparison(); // it compared the capture shown before
        m_stack->setCurrentWidget(m_workspace);
        const QString title = !m_path.isEmpty() ? displayName(m_path) : m_liveTitle;
        setWindowTitle(tr("%1 — numasight").arg(title));
    }
    updateTimeline(fresh);
    updateStatus();
    updateActions();
}

int MainWindow::timelineCount() const
{
    if (!m_capture)
        return 0;
    return int(m_capture->samples.empty() ? m_capture->snapshots.size() : m_capture->samples.size());
}

QString MainWindow::describePosition(int position) const
{
    if (!m_capture || position < 0 || position >= timelineCount())
        return {};
    if (!m_capture->samples.empty()) {
        const Sample& s = *m_capture->samples[size_t(position)];
        return tr("Sample %1 of %2 · %3")
            .arg(position + 1)
            .arg(m_capture->samples.size())
            .arg(formatTimeNs(s.timeNs));
    }
    const Snapshot& s = *m_capture->snapshots[size_t(position)];
    QString text = tr("Snapshot %1 of %2").arg(position + 1).arg(m_capture->snapshots.size());
    if (s.takenAt().isValid())
        text +=
            QStringLiteral(" · ") + s.takenAt().toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
    if (!s.label().isEmpty())
        text += QStringLiteral(" · ") + s.label();
    return text;
}

void MainWindow::updateTimeline(bool fresh)
{
    const int count = timelineCount();
    // The describer reads m_capture when called, so it always describes what is shown.
    if (fresh)
        m_timeline->clear(m_live != Live::None);
    m_timeline->setCount(count, [this](int position) { return describePosition(position); });
    m_timeline->setVisible(count > 1 || m_live != Live::None);
    if (m_timeline->position() != m_position || fresh)
        showPosition(m_timeline->position());
}

void MainWindow::setTimelinePosition(int position)
{
    if (!m_capture || timelineCount() == 0)
        return;
    m_timeline->setPosition(std::clamp(position, 0, timelineCount() - 1));
}

void MainWindow::showPosition(int position)
{
    if (!m_capture || position < 0 || position >= timelineCount())
        return;
    m_position = position;
    if (m_capture->samples.empty()) {
        setSnapshotIndex(position);
        m_threads->clear();
        updateGraph();
        return;
    }
    const SamplePtr& sample = m_capture->samples[size_t(position)];
    const int snapshot = std::clamp(sample->snapshotIndex, 0, int(m_capture->snapshots.size()) - 1);
    setSnapshotIndex(snapshot);
    const QString mode =
        m_capture->source.mode.isEmpty() ? QString() : QStringLiteral(" · ") + m_capture->source.mode;
    m_threads->setSample(sample, m_capture->snapshots[size_t(snapshot)],
                         tr("Sample %1 of %2 · %3 · interval %4 ms%5 · %6 thread(s), %7 process(es)")
                             .arg(position + 1)
                             .arg(m_capture->samples.size())
                             .arg(formatTimeNs(sample->timeNs))
                             .arg(double(sample->intervalNs) / 1e6, 0, 'f', 0)
                             .arg(mode)
                             .arg(sample->threads.size())
                             .arg(sample->processes.size()));
    updateGraph();
}

void MainWindow::setSnapshotIndex(int index)
{
    if (!m_capture || index == m_snapshotIndex || index >= int(m_capture->snapshots.size()))
        return;
    m_snapshotIndex = index;
    const auto snapshot = index >= 0 ? m_capture->snapshots[size_t(index)] : nullptr;
    m_details->setSnapshot(snapshot);
    m_summary->setCapture(m_capture, index);
    updateGraph();
    // Without samples the timeline walks snapshots: keep it on the one shown.
    if (m_capture->samples.empty() && m_timeline->position() != index && index >= 0)
        m_timeline->setPosition(index);
    // After the graph: the browser carries its selection over to the new snapshot and the graph takes it
    // as one of this snapshot.
    m_browser->setSnapshot(snapshot);
    updateStatus();
}

void MainWindow::selectEntity(EntityId id)
{
    m_browser->selectEntity(id);
}

void MainWindow::onLoadFailed(const QString& message)
{
    m_messageBar->showMessage(message, MessageBar::Kind::Error);
}

void MainWindow::onCurrentEntityChanged(EntityId id)
{
    m_details->setEntity(id);
    if (!m_selectionFromGraph && id.isValid())
        m_graph->selectEntity(id);
    if (!m_selectionFromHeatmaps && id.isValid())
        m_heatmaps->selectEntity(id);
    if (!m_selectionFromAdvice && id.isValid() && m_browser->snapshot()) {
        const Entity& e = m_browser->snapshot()->entity(id);
        if (e.kind == EntityKind::Process && e.ns == u"local")
            m_advice->selectProcess(e.pid);
        else if (e.kind == EntityKind::Thread && e.ns == u"local")
            m_advice->selectProcess(e.pid, e.tid);
    }
}

void MainWindow::updateRecentMenu()
{
    const QStringList files = m_recent->files();
    m_recentMenu->clear();
    for (const QString& path : files) {
        QAction* a =
            m_recentMenu->addAction(QFileInfo(path).fileName(), this, [this, path] { openPath(path); });
        a->setToolTip(path);
        a->setStatusTip(path);
        a->setEnabled(QFileInfo::exists(path));
    }
    if (!files.isEmpty())
        m_recentMenu->addSeparator();
    m_recentMenu->addAction(m_clearRecentAction);
    m_clearRecentAction->setEnabled(!files.isEmpty());
    m_start->setRecentFiles(files);
}

void MainWindow::updateStatus()
{
    const bool loaded = m_capture && m_browser->snapshot();
    m_reloadAction->setEnabled(!m_path.isEmpty());
    m_closeAction->setEnabled(bool(m_capture));
    m_findAction->setEnabled(loaded);
    if (!loaded) {
        m_sourceLabel->setText(tr("Nothing loaded"));
        m_countsLabel->clear();
        return;
    }
    const SourceInfo& src = m_capture->source;
    const QString where = m_path == QLatin1String(kLocalMachine) ? tr("this machine")
                          : m_path.isEmpty()                     ? m_liveTitle
                                                                 : m_path;
    QString text = QStringLiteral("%1 · %2").arg(where, sourceFormatName(src.format));
    if (!src.mode.isEmpty())
        text += QStringLiteral(" · ") + tr("mode %1").arg(src.mode);
    m_sourceLabel->setText(text);
    m_sourceLabel->setToolTip(where);
    const Snapshot* s = m_browser->snapshot();
    m_countsLabel->setText(tr("%1 entities · %2 edges · %3 NUMA nodes")
                               .arg(s->entities().size())
                               .arg(s->edges().size())
                               .arg(s->numaNodes().size()));
}

} // namespace numasight
