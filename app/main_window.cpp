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
#include "views/live/live_indicator.h"
#include "views/live/record_dialog.h"
#include "views/live/threads_panel.h"
#include "views/live/timeline_bar.h"
#include "views/live/witty_attach_dialog.h"

#include <QAction>
#include <QCloseEvent>
#include <QDockWidget>
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

QString localFileOf(const QMimeData* mime)
{
    if (!mime || !mime->hasUrls())
        return {};
    for (const QUrl& url : mime->urls())
        if (url.isLocalFile())
            return url.toLocalFile();
    return {};
}

// An action of the menus: its shortcut, what it runs, and optionally a themed icon and a status tip.
template <class Slot>
QAction* makeAction(MainWindow* window, const QString& text, const QKeySequence& key, Slot slot,
                    const char* icon = nullptr, const QString& tip = {})
{
    auto* action = new QAction(icon ? QIcon::fromTheme(QLatin1String(icon)) : QIcon(), text, window);
    action->setShortcut(key);
    if (!tip.isEmpty())
        action->setStatusTip(tip);
    QObject::connect(action, &QAction::triggered, window, slot);
    return action;
}

} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
    , m_session(new Session(this))
    , m_recent(new RecentFiles(this))
    , m_compareLoader(new LoadJob(this))
{
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(QStringLiteral("numasight"));
    setWindowIcon(QIcon(QStringLiteral(":/numasight/icons/numasight.svg")));
    setAcceptDrops(true);

    createActions();
    createWorkspace();
    createDocks();
    createMenus();
    createStatusBar();

    LoadJob* loader = m_session->loader();
    connect(loader, &LoadJob::started, this, [this](quint64, const QString& path) { onLoadStarted(path); });
    connect(loader, &LoadJob::progressChanged, this,
            [this](quint64, double fraction) { m_progress->setValue(int(fraction * 100.0)); });
    connect(loader, &LoadJob::finished, this, &MainWindow::onLoadFinished);
    connect(m_session, &Session::opened, this, [this](const QString& path) {
        if (path != QLatin1String(kLocalMachine))
            m_recent->add(path);
        m_messageBar->dismiss();
        m_browser->expandMatches();
    });
    connect(m_session, &Session::fileRecorded, m_recent, &RecentFiles::add);
    connect(m_session, &Session::captureChanged, this, &MainWindow::onCaptureChanged);
    connect(m_session, &Session::snapshotChanged, this, [this] {
        m_details->setSnapshot(m_session->shown().snapshot());
        m_summary->setCapture(capture(), snapshotIndex());
    });
    connect(m_session, &Session::positionChanged, this, &MainWindow::onPositionChanged);
    connect(m_session, &Session::liveStateChanged, this, [this] {
        updateLiveIndicator();
        updateActions();
        updateStatus();
    });
    connect(m_session, &Session::saveStateChanged, this, &MainWindow::updateActions);
    connect(m_session, &Session::applyAllowedChanged, m_advice, &AdvicePanel::setApplyAllowed);
    routeMessages(m_session);
    routeMessages(m_graph->exportFlow());
    routeMessages(m_heatmaps->exportFlow());
    connect(m_recent, &RecentFiles::changed, this, &MainWindow::updateRecentMenu);

    QString reason;
    m_advice->setApplyAllowed(canApply(&reason), reason);
    updateRecentMenu();
    updateStatus();
    restoreSettings();
    updateActions();
}

MainWindow::~MainWindow()
{
    // Children outlive this body: end the live session while everything it would call back into exists.
    m_session->blockSignals(true);
    m_session->stopAndWait();
}

void MainWindow::createActions()
{
    m_openAction =
        makeAction(this, tr("&Open…"), QKeySequence::Open, &MainWindow::showOpenDialog, "document-open");
    m_attachAction = makeAction(this, tr("&Attach to This Machine…"), Qt::CTRL | Qt::SHIFT | Qt::Key_A,
                                &MainWindow::attachToThisMachine, "computer",
                                tr("Record this machine's threads and memory live"));
    m_attachWittyAction =
        makeAction(this, tr("Attach to &witty-profiler Server…"), Qt::CTRL | Qt::SHIFT | Qt::Key_W,
                   &MainWindow::attachToWittyServers, "network-server",
                   tr("Poll running witty-profiler servers, one snapshot per round"));
    m_pauseAction = makeAction(this, tr("&Pause Recording"), Qt::CTRL | Qt::SHIFT | Qt::Key_P,
                               &MainWindow::setRecordingPaused, "media-playback-pause");
    m_pauseAction->setCheckable(true);
    m_stopAction = makeAction(this, tr("S&top Live Session"), Qt::CTRL | Qt::SHIFT | Qt::Key_E,
                              &MainWindow::stopLiveSession, "media-playback-stop");
    m_saveAsAction =
        makeAction(this, tr("&Save Recording As…"), QKeySequence::SaveAs, &MainWindow::showSaveAsDialog,
                   "document-save-as", tr("Save what is shown as a numasight capture"));
    m_reloadAction = makeAction(this, tr("&Reload"), Qt::Key_F5, &MainWindow::reload, "view-refresh");
    m_closeAction = makeAction(this, tr("&Close"), Qt::CTRL | Qt::Key_W, &MainWindow::closeCapture);
    m_quitAction = makeAction(this, tr("&Quit"), Qt::CTRL | Qt::Key_Q, &QWidget::close);
    m_quitAction->setMenuRole(QAction::QuitRole);
    m_cancelAction = makeAction(this, tr("Cancel Loading"), Qt::Key_Escape, &MainWindow::cancelLoad);
    m_cancelAction->setEnabled(false);
    addAction(m_cancelAction);
    m_aboutAction = makeAction(this, tr("&About numasight"), {}, [this] {
        QMessageBox::about(
            this, tr("About numasight"),
            tr("<h3>numasight %1</h3><p>Shows how AI jobs sit on a machine's NUMA and "
               "accelerator topology.</p><p>Reads numasight captures, witty-profiler graphs and "
               "hwloc topologies.</p><p>Licensed under the GNU GPL, version 3 or later.</p>")
                .arg(version()));
    });
    m_aboutAction->setMenuRole(QAction::AboutRole);
    m_viewActions = {
        makeAction(this, tr("&Entity Browser"), Qt::CTRL | Qt::Key_B, &MainWindow::showEntityBrowser),
        makeAction(this, tr("Topology &Graph"), Qt::CTRL | Qt::Key_G, &MainWindow::showGraph),
        makeAction(this, tr("&Heatmaps"), Qt::CTRL | Qt::Key_H, &MainWindow::showHeatmaps),
        makeAction(this, tr("&Advice"), {}, &MainWindow::showAdvice, nullptr,
                   tr("What runs away from its memory or accelerator, and what to run to fix it"))};
    // Ctrl+I ("insights") beside the letters of the other tabs; Ctrl+4 as the fourth tab.
    m_viewActions.back()->setShortcuts(
        {QKeySequence(Qt::CTRL | Qt::Key_I), QKeySequence(Qt::CTRL | Qt::Key_4)});
    const QStringList heatmapViews{tr("&CPU Heatmap"), tr("&Memory Heatmap"), tr("Mi&smatch"),
                                   tr("&Over Time"), tr("M&atrices")};
    for (int i = 0; i < int(heatmapViews.size()); ++i)
        m_heatmapViewActions << makeAction(this, heatmapViews[i], Qt::CTRL | Qt::ALT | Qt::Key(Qt::Key_1 + i),
                                           [this, i] {
                                               m_heatmaps->setCurrentView(HeatmapTabs::View(i));
                                               showHeatmaps();
                                           });
    // Window-wide timeline keys; the slider itself also takes Left/Right/Home/End when focused.
    m_timelineActions = {
        makeAction(this, tr("&Previous Sample"), Qt::ALT | Qt::Key_Left,
                   [this] { setTimelinePosition(m_session->position() - 1); }),
        makeAction(this, tr("&Next Sample"), Qt::ALT | Qt::Key_Right,
                   [this] { setTimelinePosition(m_session->position() + 1); }),
        makeAction(this, tr("&First Sample"), Qt::ALT | Qt::Key_Home, [this] { setTimelinePosition(0); }),
        makeAction(this, tr("&Latest Sample"), Qt::ALT | Qt::Key_End,
                   [this] { setTimelinePosition(m_session->positionCount() - 1); })};
    m_findAction = makeAction(this, tr("&Find…"), Qt::CTRL | Qt::Key_F, [this] {
        // Find searches what is in front: the graph's search box on the graph tab, a heatmap's filter on the
        // heatmaps, the advice's filter on the advice, else the browser's filter.
        QWidget* front = m_tabs->currentWidget();
        const HeatmapTabs::View view = m_heatmaps->currentView();
        QLineEdit* edit = front == m_advice                     ? m_advice->filterEdit()
                          : front == m_graph                    ? m_graph->searchEdit()
                          : front != m_heatmaps                 ? m_browser->filterEdit()
                          : view == HeatmapTabs::View::Memory   ? m_heatmaps->memoryPanel()->filterEdit()
                          : view == HeatmapTabs::View::Mismatch ? m_heatmaps->mismatchPanel()->filterEdit()
                                                                : m_heatmaps->cpuPanel()->filterEdit();
        edit->setFocus(Qt::ShortcutFocusReason);
        edit->selectAll();
    });
    m_compareAction = makeAction(
        this, tr("Compare &With…"), Qt::CTRL | Qt::SHIFT | Qt::Key_D, &MainWindow::showCompareDialog, nullptr,
        tr("Compare the capture shown with another one: what moved, process by process"));
    m_exportGraphAction =
        makeAction(this, tr("&Export Graph…"), Qt::CTRL | Qt::Key_E, &MainWindow::showExportGraphDialog,
                   "document-export", tr("Write the topology graph as SVG, PDF, PNG or Graphviz DOT"));
    m_exportPlotAction = makeAction(
        this, tr("Export &Plot…"), Qt::CTRL | Qt::SHIFT | Qt::Key_X, [this] { showExportPlotDialog(false); },
        "document-export", tr("Write the heatmap in front as PNG, PDF or SVG, or its numbers as CSV"));
    m_measureAction = makeAction(this, tr("&Measure Latency/Bandwidth…"), Qt::CTRL | Qt::SHIFT | Qt::Key_M,
                                 &MainWindow::showMeasureDialog, "chronometer",
                                 tr("Measure this machine's latency and bandwidth between NUMA nodes"));
    m_clearRecentAction = makeAction(this, tr("&Clear Recent Files"), {}, [this] { m_recent->clear(); });
}

void MainWindow::createMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addActions({m_openAction, m_attachAction, m_attachWittyAction});
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    m_recentMenu->setObjectName(QStringLiteral("recentMenu"));
    file->addActions({m_reloadAction, m_compareAction});
    file->addSeparator();
    file->addActions({m_pauseAction, m_stopAction, m_saveAsAction, m_exportGraphAction, m_exportPlotAction,
                      m_measureAction});
    file->addSeparator();
    file->addAction(m_closeAction);
    file->addSeparator();
    file->addAction(m_quitAction);

    menuBar()->addMenu(tr("&Edit"))->addAction(m_findAction);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    view->addActions(m_viewActions);
    view->addMenu(tr("Heatmap &Views"))->addActions(m_heatmapViewActions);
    view->addSeparator();
    for (QDockWidget* dock : {m_detailsDock, m_summaryDock, m_threadsDock})
        view->addAction(dock->toggleViewAction());
    view->addSeparator();
    view->addActions(m_timelineActions);

    menuBar()->addMenu(tr("&Help"))->addAction(m_aboutAction);
}

void MainWindow::createWorkspace()
{
    m_messageBar = new MessageBar(this);
    m_start = new StartPage(this);
    connect(m_start, &StartPage::attachRequested, this, &MainWindow::attachToThisMachine);
    connect(m_start, &StartPage::attachWittyRequested, this, &MainWindow::attachToWittyServers);
    connect(m_start, &StartPage::openRequested, this, &MainWindow::showOpenDialog);
    connect(m_start, &StartPage::recentActivated, this, &MainWindow::openPath);
    connect(m_start, &StartPage::clearRecentRequested, m_recent, &RecentFiles::clear);

    m_workspace = new QWidget(this);
    m_workspace->setObjectName(QStringLiteral("workspace"));
    m_timeline = new TimelineBar(m_workspace);
    connect(m_timeline, &TimelineBar::positionChanged, m_session, &Session::setPosition);
    m_details = new DetailsPane(this);
    m_summary = new SummaryPanel(this);
    m_threads = new ThreadsPanel(this);
    createPages();
    connect(m_details, &DetailsPane::entityActivated, this, &MainWindow::selectEntity);
    connect(m_threads, &ThreadsPanel::threadActivated, this, &MainWindow::selectThread);
    connect(m_threads, &ThreadsPanel::processActivated, this, [this](qint64 pid) { selectThread(pid, -1); });

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
    auto* central = new QWidget(this);
    auto* centralLayout = new QVBoxLayout(central);
    centralLayout->setContentsMargins(0, 0, 0, 0);
    centralLayout->setSpacing(0);
    centralLayout->addWidget(m_messageBar);
    centralLayout->addWidget(m_stack, 1);
    setCentralWidget(central);
}

// The pages, how the session feeds them and how their picks reach the others.
void MainWindow::createPages()
{
    m_browser = new BrowserPanel(m_workspace);
    connect(m_browser, &BrowserPanel::currentEntityChanged, this, &MainWindow::onCurrentEntityChanged);

    m_graph = new GraphPanel(m_workspace);
    connect(m_graph, &GraphPanel::entitiesSelected, this, [this](const QList<EntityId>& entities) {
        if (!entities.isEmpty())
            m_pages[GraphPage].pick([&] { selectEntity(entities.front()); });
    });
    connect(m_graph, &GraphPanel::exportRequested, this, &MainWindow::showExportGraphDialog);
    connect(m_graph, &GraphPanel::viewKindChanged, this,
            [](GraphView v) { QSettings().setValue(kGraphViewKey, graphViewName(v)); });
    connect(m_graph, &GraphPanel::engineChanged, this,
            [](const QString& engine) { QSettings().setValue(kGraphEngineKey, engine); });

    m_heatmaps = new HeatmapTabs(m_workspace);
    connect(m_heatmaps, &HeatmapTabs::rowSelected, this,
            [this](EntityId entity, qint64 pid, qint64 tid, const QString& ns) {
                m_pages[HeatmapsPage].pick([&] {
                    if (entity.isValid())
                        selectEntity(entity);
                    else if (ns == u"local")
                        selectThread(pid, tid);
                });
            });
    connect(m_heatmaps, &HeatmapTabs::positionRequested, this, &MainWindow::setTimelinePosition);
    connect(m_heatmaps, &HeatmapTabs::stateChanged, this, &MainWindow::saveHeatmapSettings);
    connect(m_heatmaps, &HeatmapTabs::exportRequested, this, &MainWindow::showExportPlotDialog);
    connect(m_heatmaps, &HeatmapTabs::measureRequested, this, &MainWindow::showMeasureDialog);
    connect(m_heatmaps, &HeatmapTabs::captureMeasured, this, &MainWindow::onCaptureMeasured);

    // A pick in the Compare tab is of capture A, which the advice shows too: neither echoes it back.
    const auto onAdvicePick = [this](qint64 pid, qint64 tid) {
        m_pages[AdvicePage].pick([&] { selectThread(pid, tid); });
    };
    m_advice = new AdvicePanel(m_workspace);
    connect(m_advice, &AdvicePanel::processSelected, this, onAdvicePick);
    connect(m_advice, &AdvicePanel::applyRequested, this, &MainWindow::showApplyDialog);
    m_compare = new ComparePanel(m_workspace);
    m_compare->hide();
    connect(m_compare, &ComparePanel::processSelected, this, onAdvicePick);
    connect(m_compare, &ComparePanel::diffShown, this, &MainWindow::onDiffShown);
    connect(m_compare, &ComparePanel::diffFailed, this,
            [this](const QString& text) { m_messageBar->showMessage(text, MessageBar::Kind::Error); });
    connect(m_compareLoader, &LoadJob::captureAvailable, this, &MainWindow::onCompareCapture);
    connect(m_compareLoader, &LoadJob::loadFailed, this, [this](const QString& text) {
        statusBar()->clearMessage();
        m_messageBar->showMessage(tr("Cannot compare: %1").arg(text), MessageBar::Kind::Error);
    });

    // The graph and the heatmaps follow the timeline's sample; the advice the snapshot (the advisor reads
    // every sample of it).
    m_pages.emplace_back(WorkspaceTab::Page{
        m_graph,
        [this](const ShownPosition& p, bool fresh) {
            m_graph->setSnapshot(p.snapshot(), p.positionSamples(), fresh);
        },
        [this] { m_graph->clear(); }, [this](const Snapshot&, EntityId id) { m_graph->selectEntity(id); }});
    m_pages.emplace_back(
        WorkspaceTab::Page{m_heatmaps,
                           [this](const ShownPosition& p, bool fresh) {
                               m_heatmaps->setCapture(p.capture, p.snapshotIndex, p.position, fresh);
                           },
                           [this] { m_heatmaps->clear(); },
                           [this](const Snapshot&, EntityId id) { m_heatmaps->selectEntity(id); }});
    m_pages.emplace_back(WorkspaceTab::Page{
        m_advice,
        [this](const ShownPosition& p, bool fresh) {
            m_advice->setCapture(p.capture, p.snapshotIndex, fresh);
        },
        [this] { m_advice->clear(); },
        [this](const Snapshot& s, EntityId id) {
            const Entity& e = s.entity(id);
            if (e.ns == u"local" && (e.kind == EntityKind::Process || e.kind == EntityKind::Thread))
                m_advice->selectProcess(e.pid, e.kind == EntityKind::Thread ? e.tid : -1);
        }});
}

void MainWindow::createDocks()
{
    const auto dock = [this](QWidget* widget, const QString& title, const char* name, Qt::Key key,
                             Qt::DockWidgetArea area) {
        auto* d = new QDockWidget(title, this);
        d->setObjectName(QLatin1String(name));
        d->setWidget(widget);
        d->toggleViewAction()->setShortcut(QKeySequence(Qt::CTRL | key));
        addDockWidget(area, d);
        return d;
    };
    m_detailsDock = dock(m_details, tr("Details"), "detailsDock", Qt::Key_1, Qt::RightDockWidgetArea);
    m_summaryDock = dock(m_summary, tr("Summary"), "summaryDock", Qt::Key_2, Qt::BottomDockWidgetArea);
    m_threadsDock = dock(m_threads, tr("Threads"), "threadsDock", Qt::Key_3, Qt::BottomDockWidgetArea);
    // Beside the summary rather than tabbed with it: a tab group's saved sizes do not come back on a
    // window that is restored before it is shown.
    splitDockWidget(m_summaryDock, m_threadsDock, Qt::Horizontal);
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

// The session and the pages' export flows say how things went; the window shows it.
template <class Source>
void MainWindow::routeMessages(Source* source)
{
    connect(source, &Source::statusMessage, statusBar(), &QStatusBar::showMessage);
    connect(source, &Source::message, m_messageBar, &MessageBar::showMessage);
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
    m_session->stopAndWait();
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

void MainWindow::closeCapture()
{
    m_session->close();
    m_messageBar->dismiss();
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
    if (!m_session->startRecording(options))
        return false;
    m_threadsDock->show(); // what a recording adds over a topology
    m_messageBar->dismiss();
    return true;
}

bool MainWindow::startWittySession(const QList<QUrl>& servers, const WittyPollOptions& options)
{
    if (!m_session->startWitty(servers, options))
        return false;
    m_messageBar->dismiss();
    return true;
}

void MainWindow::showSaveAsDialog()
{
    if (!m_saveAsAction->isEnabled())
        return;
    QSettings settings;
    QString dir = settings.value(kSaveDirKey).toString();
    if (dir.isEmpty())
        dir = QDir::homePath();
    const QString name =
        !currentPath().isEmpty() ? QFileInfo(currentPath()).completeBaseName() : QStringLiteral("session");
    const QString path = QFileDialog::getSaveFileName(this, tr("Save As"),
                                                      QDir(dir).filePath(name + QStringLiteral(".numasight")),
                                                      tr("numasight captures (*.numasight)"));
    if (path.isEmpty())
        return;
    settings.setValue(kSaveDirKey, QFileInfo(path).absolutePath());
    saveCaptureAs(path);
}

void MainWindow::onLoadStarted(const QString& path)
{
    m_progress->setValue(0);
    m_progress->show();
    m_cancelButton->show();
    m_cancelAction->setEnabled(true);
    statusBar()->showMessage(tr("Loading %1…").arg(Session::displayName(path)));
}

void MainWindow::onLoadFinished()
{
    if (loader()->isLoading())
        return; // a newer load took over; its own finish hides the progress
    m_progress->hide();
    m_cancelButton->hide();
    m_cancelAction->setEnabled(false);
    if (statusBar()->currentMessage().startsWith(
            tr("Loading %1…").arg(Session::displayName(m_session->loadingPath()))))
        statusBar()->clearMessage();
}

// Another capture (`fresh`; null when closed) or the one shown grown; Session::positionChanged follows.
void MainWindow::onCaptureChanged(const CapturePtr& capture, bool fresh)
{
    if (fresh) {
        for (WorkspaceTab& page : m_pages)
            page.markFresh();
        closeComparison(); // it compared the capture shown before
        m_stack->setCurrentWidget(capture ? m_workspace : m_start);
        setWindowTitle(capture ? tr("%1 — numasight").arg(m_session->title()) : QStringLiteral("numasight"));
    }
    {
        const QSignalBlocker block(m_timeline); // the session places it: onPositionChanged()
        if (fresh)
            m_timeline->clear(m_session->isFollowingLatest());
        if (capture)
            m_timeline->setCount(m_session->positionCount(),
                                 [this](int position) { return m_session->describePosition(position); });
    }
    if (capture)
        m_timeline->setVisible(m_session->positionCount() > 1 || m_session->isLive());
    updateStatus();
    updateActions();
}

void MainWindow::onPositionChanged()
{
    const ShownPosition shown = m_session->shown();
    for (WorkspaceTab& page : m_pages)
        page.show(shown);
    // After the pages: the browser carries its selection over to a new snapshot and tells them.
    m_browser->setSnapshot(shown.snapshot());
    if (const SamplePtr sample = m_session->sample())
        m_threads->setSample(sample, m_session->sampleSnapshot(), m_session->sampleCaption());
    else
        m_threads->clear();
    if (shown.position >= 0 && m_timeline->position() != shown.position) {
        const QSignalBlocker block(m_timeline);
        m_timeline->setPosition(shown.position);
    }
    updateStatus();
}

void MainWindow::selectEntity(EntityId id)
{
    m_browser->selectEntity(id);
}

void MainWindow::selectThread(qint64 pid, qint64 tid)
{
    m_browser->selectProcess(pid, tid);
}

// The browser's selection is the window's: the details show it and every page but the one it came from
// selects it.
void MainWindow::onCurrentEntityChanged(EntityId id)
{
    m_details->setEntity(id);
    if (id.isValid())
        for (WorkspaceTab& page : m_pages)
            page.select(*m_browser->snapshot(), id);
}

void MainWindow::showEntityBrowser()
{
    m_tabs->setCurrentWidget(m_browser);
    m_browser->view()->setFocus(Qt::ShortcutFocusReason);
}

void MainWindow::showGraph()
{
    m_tabs->setCurrentWidget(m_graph);
    m_graph->canvas()->setFocus(Qt::ShortcutFocusReason);
}

void MainWindow::showHeatmaps()
{
    m_tabs->setCurrentWidget(m_heatmaps);
    m_heatmaps->tabs()->currentWidget()->setFocus(Qt::ShortcutFocusReason);
}

void MainWindow::showAdvice()
{
    m_tabs->setCurrentWidget(m_advice);
    m_advice->table()->setFocus(Qt::ShortcutFocusReason);
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

void MainWindow::updateLiveIndicator()
{
    const Session::LiveStatus live = m_session->liveStatus();
    if (!live.shown) {
        m_liveIndicator->hide();
        return;
    }
    m_liveIndicator->showState(live.text, live.canPause, live.paused, live.canStop);
    m_liveIndicator->setToolTip(live.toolTip);
}

void MainWindow::updateActions()
{
    const Session::LiveStatus live = m_session->liveStatus();
    const bool recording = m_session->live() == Session::Live::Recording;
    m_pauseAction->setEnabled(recording && live.canPause);
    {
        const QSignalBlocker block(m_pauseAction);
        m_pauseAction->setChecked(recording && live.paused);
    }
    m_pauseAction->setText(recording && live.paused ? tr("&Resume Recording") : tr("&Pause Recording"));
    m_stopAction->setEnabled(isLive());
    m_saveAsAction->setEnabled(m_session->canSave());
    m_saveAsAction->setText(m_session->showsRecording() ? tr("&Save Recording As…") : tr("&Save As…"));
    m_exportGraphAction->setEnabled(bool(capture()));
    m_exportPlotAction->setEnabled(bool(capture()));
    m_compareAction->setEnabled(capture() && !capture()->snapshots.empty());
    QString why;
    const bool measurable = m_session->canMeasure(&why);
    m_measureAction->setEnabled(measurable);
    m_heatmaps->matrixPanel()->setMeasureAllowed(measurable, why);
}

void MainWindow::updateStatus()
{
    const std::shared_ptr<const Snapshot> s = m_session->shown().snapshot();
    m_reloadAction->setEnabled(!currentPath().isEmpty());
    m_closeAction->setEnabled(bool(capture()));
    m_findAction->setEnabled(bool(s));
    if (!s) {
        m_sourceLabel->setText(tr("Nothing loaded"));
        m_countsLabel->clear();
        return;
    }
    const SourceInfo& src = capture()->source;
    QString text = QStringLiteral("%1 · %2").arg(m_session->location(), sourceFormatName(src.format));
    if (!src.mode.isEmpty())
        text += QStringLiteral(" · ") + tr("mode %1").arg(src.mode);
    m_sourceLabel->setText(text);
    m_sourceLabel->setToolTip(m_session->location());
    m_countsLabel->setText(tr("%1 entities · %2 edges · %3 NUMA nodes")
                               .arg(s->entities().size())
                               .arg(s->edges().size())
                               .arg(s->numaNodes().size()));
}

// "<file>-…" for a file's exports, "numasight-…" for this machine or a live session.
QString MainWindow::exportBaseName() const
{
    const QString path = m_session->path();
    return !path.isEmpty() && path != QLatin1String(kLocalMachine) ? QFileInfo(path).completeBaseName()
                                                                   : QStringLiteral("numasight");
}

void MainWindow::showExportGraphDialog()
{
    m_graph->exportFlow()->showDialog(this, exportBaseName());
}

void MainWindow::showExportPlotDialog(bool matrix)
{
    if (!m_session->capture())
        return;
    if (m_tabs->currentWidget() != m_heatmaps)
        showHeatmaps();
    m_heatmaps->exportFlow()->showDialog(this, exportBaseName(), matrix);
}

void MainWindow::showMeasureDialog()
{
    if (!m_measureAction->isEnabled())
        return;
    const QString path = m_session->path();
    const QString machine = path == QLatin1String(kLocalMachine) || path.isEmpty()
                                ? tr("this machine")
                                : tr("this machine (the capture shown must be of it)");
    measureOptionsDialog(this, machine, [this](const MeasureOptions& o) { startMeasurement(o); })->open();
}

void MainWindow::startMeasurement(const MeasureOptions& options)
{
    if (!m_session->capture() || m_session->capture()->snapshots.empty())
        return;
    m_heatmaps->setCurrentView(HeatmapTabs::View::Matrices);
    showHeatmaps();
    m_heatmaps->matrixPanel()->startMeasurement(options);
}

ApplyDialog* MainWindow::showApplyDialog(const Suggestion& suggestion)
{
    QString reason;
    if (!m_session->canApply(&reason)) {
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
    if (!m_session->capture() || path.isEmpty())
        return;
    m_comparePath = path == QLatin1String(kLocalMachine) ? path : QFileInfo(path).absoluteFilePath();
    statusBar()->showMessage(tr("Loading %1 to compare…").arg(Session::displayName(m_comparePath)));
    m_compareLoader->start(m_comparePath);
}

void MainWindow::onCompareCapture(CapturePtr capture)
{
    if (!m_session->capture())
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
    m_compare->compare(m_session->capture(), std::move(capture), m_session->title(),
                       Session::displayName(m_comparePath));
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

void MainWindow::exportGraphTo(const QString& path, const GraphExportOptions& options)
{
    m_graph->exportFlow()->exportTo(path, options);
}

void MainWindow::exportPlotTo(const QString& path, bool matrix)
{
    m_heatmaps->exportFlow()->exportTo(path, matrix);
}

void MainWindow::onCaptureMeasured(CapturePtr capture)
{
    if (m_session->replaceMeasured(std::move(capture)))
        setWindowTitle(tr("%1 (measured, unsaved) — numasight").arg(m_session->title()));
}

} // namespace numasight
