// SPDX-License-Identifier: GPL-3.0-or-later
#include "main_window.h"

#include "help_actions.h"
#include "make_action.h"
#include "readers/open_input.h"
#include "recent_files.h"
#include "views/advice/advice_panel.h"
#include "views/browser/browser_panel.h"
#include "views/browser/details_pane.h"
#include "views/browser/summary_panel.h"
#include "views/common/elided_label.h"
#include "views/common/language_menu.h"
#include "views/common/message_bar.h"
#include "views/common/start_page.h"
#include "views/graph/graph_export_flow.h"
#include "views/graph/graph_panel.h"
#include "views/heatmap/heatmap_export_flow.h"
#include "views/heatmap/heatmap_tabs.h"
#include "views/live/live_indicator.h"
#include "views/live/record_dialog.h"
#include "views/live/threads_panel.h"
#include "views/live/witty_attach_dialog.h"

#include <QCloseEvent>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMimeData>
#include <QProgressBar>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <utility>

namespace numasight {

namespace {

const QString kGeometryKey = QStringLiteral("window/geometry");
const QString kStateKey = QStringLiteral("window/state");
const QString kLastDirKey = QStringLiteral("window/lastDirectory");
const QString kSaveDirKey = QStringLiteral("window/saveDirectory");
const QString kDocksPlacedKey = QStringLiteral("window/docksPlaced");
const QString kStashedDocksKey = QStringLiteral("window/stashedDocks");

// Below this the docks start hidden (Ctrl+1…3 bring them back): beside them the page would be too narrow.
constexpr QSize kRoomForDocks(1200, 640);
// The docks' share of the width at their first layout, and its bounds in pixels: the page keeps at least
// 60 % of the window's area at every size from 1280x720 up.
constexpr int kDockWidthPercent = 28;
constexpr int kMinDockWidth = 320;
constexpr int kMaxDockWidth = 640;

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
    , m_session(new Session(this))
    , m_recent(new RecentFiles(this))
{
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(QStringLiteral("numasight"));
    setWindowIcon(QIcon(QStringLiteral(":/numasight/icons/numasight.svg")));
    setAcceptDrops(true);

    createActions();
    m_help = new HelpActions(this, [this] { return shortcuts(); });
    createCentralWidget();
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
    });
    connect(m_session, &Session::fileRecorded, m_recent, &RecentFiles::add);
    connect(m_session, &Session::captureChanged, this, &MainWindow::onCaptureChanged);
    connect(m_session, &Session::positionChanged, this, &MainWindow::updateStatus);
    connect(m_session, &Session::liveStateChanged, this, [this] {
        updateLiveIndicator();
        updateActions();
        updateStatus();
    });
    connect(m_session, &Session::saveStateChanged, this, &MainWindow::updateActions);
    routeMessages(m_session);
    routeMessages(m_workspace);
    connect(m_workspace, &Workspace::compareSideChanged, this,
            [this] { onCaptureChanged(m_session->capture()); });
    routeMessages(m_help);
    connect(m_recent, &RecentFiles::changed, this, &MainWindow::updateRecentMenu);

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
    // Spelled out: QKeySequence::SaveAs is empty on some platforms, and the README promises Ctrl+Shift+S.
    m_saveAsAction = makeAction(this, tr("&Save Recording As…"), Qt::CTRL | Qt::SHIFT | Qt::Key_S,
                                &MainWindow::showSaveAsDialog, "document-save-as",
                                tr("Save what is shown as a numasight capture"));
    m_reloadAction = makeAction(this, tr("&Reload"), Qt::Key_F5, &MainWindow::reload, "view-refresh");
    m_closeAction = makeAction(this, tr("&Close"), Qt::CTRL | Qt::Key_W, &MainWindow::closeCapture);
    m_quitAction = makeAction(this, tr("&Quit"), Qt::CTRL | Qt::Key_Q, &QWidget::close);
    m_quitAction->setMenuRole(QAction::QuitRole);
    m_cancelAction = makeAction(this, tr("Cancel Loading"), Qt::Key_Escape, &MainWindow::cancelLoad);
    m_cancelAction->setEnabled(false);
    addAction(m_cancelAction);
    m_clearRecentAction = makeAction(this, tr("&Clear Recent Files"), {}, [this] { m_recent->clear(); });
}

void MainWindow::createMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addActions({m_openAction, m_attachAction, m_attachWittyAction});
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    m_recentMenu->setObjectName(QStringLiteral("recentMenu"));
    file->addActions({m_reloadAction, m_workspace->compareAction()});
    file->addSeparator();
    file->addActions({m_pauseAction, m_stopAction, m_saveAsAction, m_workspace->exportGraphAction(),
                      m_workspace->exportPlotAction(), m_workspace->exportReportAction(),
                      m_workspace->measureAction()});
    file->addSeparator();
    file->addAction(m_closeAction);
    file->addSeparator();
    file->addAction(m_quitAction);

    menuBar()->addMenu(tr("&Edit"))->addAction(m_workspace->findAction());

    QMenu* view = menuBar()->addMenu(tr("&View"));
    view->addActions(m_workspace->pageActions());
    view->addMenu(tr("Heatmap &Views"))->addActions(m_workspace->heatmapViewActions());
    view->addMenu(tr("&Comparison"))->addActions(m_workspace->compareSideActions());
    view->addAction(graphPanel()->fitAction());
    connect(graphPanel()->fitAction(), &QAction::triggered, this, &MainWindow::showGraph);
    view->addSeparator();
    for (QDockWidget* dock : {m_detailsDock, m_summaryDock, m_threadsDock})
        view->addAction(dock->toggleViewAction());
    view->addSeparator();
    view->addActions(m_workspace->timelineActions());
    view->addSeparator();
    view->addMenu(new LanguageMenu(view));

    menuBar()->addMenu(tr("&Help"))->addActions(m_help->actions());
}

void MainWindow::createCentralWidget()
{
    m_messageBar = new MessageBar(this);
    m_start = new StartPage(this);
    connect(m_start, &StartPage::attachRequested, this, &MainWindow::attachToThisMachine);
    connect(m_start, &StartPage::attachWittyRequested, this, &MainWindow::attachToWittyServers);
    connect(m_start, &StartPage::openRequested, this, &MainWindow::showOpenDialog);
    connect(m_start, &StartPage::recentActivated, this, &MainWindow::openPath);
    connect(m_start, &StartPage::clearRecentRequested, m_recent, &RecentFiles::clear);
    m_workspace = new Workspace(m_session, this);

    m_stack = new QStackedWidget(this);
    m_stack->addWidget(m_start);
    m_stack->addWidget(m_workspace);
    auto* central = new QWidget(this);
    auto* layout = new QVBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_messageBar);
    layout->addWidget(m_stack, 1);
    setCentralWidget(central);
}

void MainWindow::createDocks()
{
    // All three tabbed together at the right: one column beside the page, as high as the window.
    const auto dock = [this](QWidget* widget, const QString& title, const char* name, Qt::Key key) {
        auto* d = new QDockWidget(title, this);
        d->setObjectName(QLatin1String(name));
        // A panel that needs more room than the dock has scrolls inside it, rather than taking the width
        // from the page (the docks share one tab group, so the widest panel would set every dock's width).
        auto* scroll = new QScrollArea(d);
        scroll->setObjectName(QLatin1String(name) + QStringLiteral("Scroll"));
        scroll->setFrameShape(QFrame::NoFrame);
        scroll->setWidgetResizable(true);
        scroll->setWidget(widget);
        d->setWidget(scroll);
        d->toggleViewAction()->setShortcut(QKeySequence(Qt::CTRL | key));
        addDockWidget(Qt::RightDockWidgetArea, d);
        return d;
    };
    m_detailsDock = dock(m_workspace->details(), tr("Details"), "detailsDock", Qt::Key_1);
    m_summaryDock = dock(m_workspace->summary(), tr("Summary"), "summaryDock", Qt::Key_2);
    m_threadsDock = dock(m_workspace->threads(), tr("Threads"), "threadsDock", Qt::Key_3);
    tabifyDockWidget(m_detailsDock, m_summaryDock);
    tabifyDockWidget(m_summaryDock, m_threadsDock);
    m_detailsDock->raise();
    // Empty until something is loaded: the start page has the window to itself (placeDocks() shows them).
    for (QDockWidget* d : docks())
        d->hide();
}

void MainWindow::createStatusBar()
{
    m_sourceLabel = new ElidedLabel(Qt::ElideMiddle, this);
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

// The session and the workspace say how things went; the window shows it.
template <class Source>
void MainWindow::routeMessages(Source* source)
{
    connect(source, &Source::statusMessage, statusBar(), &QStatusBar::showMessage);
    connect(source, &Source::message, m_messageBar, &MessageBar::showMessage);
}

void MainWindow::restoreSettings()
{
    QSettings settings;
    if (!restoreGeometry(settings.value(kGeometryKey).toByteArray())) {
        // First start: most of the screen, the size the pages are designed for where there is room, and
        // never more than the screen (a 1366x768 laptop would lose the status bar below its edge).
        const QSize available = screen() ? screen()->availableSize() : QSize();
        QSize size =
            QSize(available.width() * 85 / 100, available.height() * 85 / 100).expandedTo(QSize(1280, 860));
        if (available.isValid() && !available.isEmpty())
            size = size.boundedTo(available);
        resize(size);
    }
    const QByteArray state = settings.value(kStateKey).toByteArray();
    m_docksPlaced = restoreState(state) && settings.value(kDocksPlacedKey).toBool();
    if (m_docksPlaced) {
        m_pendingState = state;
        m_stashedDocks = settings.value(kStashedDocksKey).toStringList();
        stashDocks(); // the window opens on the start page
    } else
        for (QDockWidget* d : docks())
            d->hide();
    m_workspace->restoreState(settings);
}

// The docks' first layout, when something is first shown: tabbed together at the right, as wide as leaves
// the page its share, or hidden when the window has no room for them. The user's changes are kept after.
void MainWindow::placeDocks()
{
    m_docksPlaced = true;
    const QSize room = size();
    const bool fits = room.width() >= kRoomForDocks.width() && room.height() >= kRoomForDocks.height();
    const bool recording = m_session->live() == Session::Live::Recording;
    for (QDockWidget* d : docks())
        d->setVisible(fits || (recording && d == m_threadsDock)); // a recording is about its threads
    if (!fits)
        return;
    (recording ? m_threadsDock : m_detailsDock)->raise();
    resizeDocks({m_detailsDock},
                {std::clamp(room.width() * kDockWidthPercent / 100, kMinDockWidth, kMaxDockWidth)},
                Qt::Horizontal);
}

void MainWindow::stashDocks()
{
    if (m_docksStashed)
        return;
    for (QDockWidget* d : docks())
        if (!d->isHidden() && !m_stashedDocks.contains(d->objectName()))
            m_stashedDocks << d->objectName();
    m_docksStashed = true;
    for (QDockWidget* d : docks())
        d->hide();
}

void MainWindow::unstashDocks()
{
    if (!m_docksStashed)
        return;
    m_docksStashed = false;
    for (QDockWidget* d : docks())
        if (m_stashedDocks.contains(d->objectName()))
            d->show();
    m_stashedDocks.clear();
}

QList<ShortcutEntry> MainWindow::shortcuts() const
{
    // Menus first, so that an action in a menu is listed there; then what pages add to themselves.
    return collectShortcuts(menuBar(), {{tr("Topology graph"), graphPanel()},
                                        {tr("Heatmaps"), heatmapsPanel()},
                                        {tr("Entity browser"), browserPanel()},
                                        {tr("Advice"), advicePanel()},
                                        {m_detailsDock->windowTitle(), detailsPane()},
                                        {m_summaryDock->windowTitle(), summaryPanel()},
                                        {m_threadsDock->windowTitle(), threadsPanel()},
                                        {tr("Window"), this}});
}

void MainWindow::saveSettings() const
{
    QSettings settings;
    settings.setValue(kGeometryKey, saveGeometry());
    settings.setValue(kStateKey, saveState());
    settings.setValue(kDocksPlacedKey, m_docksPlaced);
    settings.setValue(kStashedDocksKey, m_docksStashed ? m_stashedDocks : QStringList());
    m_workspace->saveState(settings);
}

void MainWindow::showEvent(QShowEvent* event)
{
    QMainWindow::showEvent(event);
    // A tab group's sizes restored before the window was shown do not hold: apply them again, once.
    if (!m_pendingState.isEmpty()) {
        // Which docks show is already decided (put away for the start page, or shown for a capture that came
        // first); only the sizes are wanted again.
        QList<bool> shown;
        for (QDockWidget* d : docks())
            shown << !d->isHidden();
        restoreState(std::exchange(m_pendingState, {}));
        for (int i = 0; i < shown.size(); ++i)
            docks().at(i)->setVisible(shown.at(i));
    }
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!m_workspace->confirmClose()) {
        event->ignore();
        return;
    }
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
    m_threadsDock->raise();
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

void MainWindow::exportGraphTo(const QString& path, const GraphExportOptions& options)
{
    graphPanel()->exportFlow()->exportTo(path, options);
}

void MainWindow::exportPlotTo(const QString& path, bool matrix)
{
    heatmapsPanel()->exportFlow()->exportTo(path, matrix);
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

// Another capture, the one shown grown or measured, or nothing (closed).
void MainWindow::onCaptureChanged(const CapturePtr& capture)
{
    m_stack->setCurrentWidget(capture ? static_cast<QWidget*>(m_workspace) : m_start);
    if (capture && !m_docksPlaced)
        placeDocks();
    else if (capture)
        unstashDocks();
    else if (m_docksPlaced)
        stashDocks();
    const QString title =
        m_session->isMeasured() ? tr("%1 (measured, unsaved) — numasight") : tr("%1 — numasight");
    // The comparison's side shown names B when the graph and heatmaps show it.
    setWindowTitle(capture ? title.arg(m_session->title() + m_workspace->compareCaption())
                           : QStringLiteral("numasight"));
    updateStatus();
    updateActions();
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
}

void MainWindow::updateStatus()
{
    const SnapshotPtr s = m_session->shown().snapshot();
    m_reloadAction->setEnabled(!currentPath().isEmpty());
    m_closeAction->setEnabled(bool(capture()));
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
    m_countsLabel->setText(tr("%1 entities · %2 edges · %3 NUMA nodes")
                               .arg(s->entities().size())
                               .arg(s->edges().size())
                               .arg(s->numaNodes().size()));
}

} // namespace numasight
