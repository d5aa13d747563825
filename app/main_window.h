// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "measure/measure_plan.h"
#include "views/advice/advice_fwd.h"
#include "views/common/shortcuts_dialog.h"
#include "views/graph/graph_export.h"
#include "views/live/session.h"
#include "workspace.h"

#include <QMainWindow>

class QAction;
class QDockWidget;
class QLabel;
class QMenu;
class QProgressBar;
class QStackedWidget;
class QTabWidget;
class QToolButton;

namespace numasight {

class ElidedLabel;
class HelpActions;
class LiveIndicator;
class MessageBar;
class RecentFiles;
class StartPage;

// The desktop window: a start page until something is loaded, then the Workspace (the entity browser, the
// topology graph, the heatmaps and the advice as tabs under a timeline) with the details, summary and threads
// docks. It only assembles: what is shown and where it comes from is the Session's, what shows it the
// Workspace's, and each page owns its export and its state. Every way of opening a file (menu, start page,
// recent list, drop, command line) goes through openPath(); a failed load leaves the shown capture alone.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // A file, or kLocalMachine; ends a live session first.
    void openPath(const QString& path) { m_session->open(path); }
    void attachToThisMachine();  // asks what to record (RecordDialog), then records
    void attachToWittyServers(); // asks which servers (WittyAttachDialog), then polls them
    // Starts a live session directly; false (and the reason in the message bar) when it cannot start.
    bool startRecording(const RecordOptions& options);
    bool startWittySession(const QList<QUrl>& servers, const WittyPollOptions& options);
    void setRecordingPaused(bool paused) { m_session->setRecordingPaused(paused); }
    void stopLiveSession() { m_session->stop(); }
    bool isLive() const { return m_session->isLive(); }
    // Saves what is shown to `path` in the background (a finished recording is copied as is).
    void saveCaptureAs(const QString& path) { m_session->saveAs(path); }
    void reload() { m_session->reload(); }
    void closeCapture();
    void cancelLoad() { m_session->cancelLoad(); }
    void setSnapshotIndex(int index) { m_session->setSnapshotIndex(index); }
    // A sample of a recording, else a snapshot; clamped to those there are.
    void setTimelinePosition(int position) { m_session->setPosition(position); }
    void selectEntity(EntityId id) { m_workspace->selectEntity(id); }
    void showEntityBrowser() { m_workspace->showBrowser(); }
    void showGraph() { m_workspace->showGraph(); }
    void showHeatmaps() { m_workspace->showHeatmaps(); }
    void showAdvice() { m_workspace->showAdvice(); }
    // Writes the plot of the heatmap view in front to `path` (PNG, PDF, SVG by the picture; CSV by its
    // numbers) in the background, once the view has the data of what is shown. `matrix`: the mismatch
    // view's node matrix rather than its processes.
    void exportPlotTo(const QString& path, bool matrix = false);
    // Measures this machine's latency and bandwidth in the background (the Matrices tab shows progress);
    // the capture shown gets the matrices, and Save As keeps them.
    void startMeasurement(const MeasureOptions& options) { m_workspace->startMeasurement(options); }
    // Writes the graph shown (laid out first if it is not yet) to `path` in the background; the result
    // goes to the status bar, or the message bar when it fails.
    void exportGraphTo(const QString& path, const GraphExportOptions& options);
    // Apply changes live processes: only for a capture of this machine read or recorded now. `reason` says
    // why not otherwise.
    bool canApply(QString* reason = nullptr) const { return m_session->canApply(reason); }
    // Opens the Apply dialog on `suggestion` (when canApply()); returns it (it deletes itself on close).
    ApplyDialog* showApplyDialog(const Suggestion& s) { return m_workspace->showApplyDialog(s); }
    // Loads `path` in the background and compares the capture shown (A) with it (B) in the Compare tab;
    // the rows that changed are highlighted in the graph and the heatmaps until the tab is closed.
    void compareWith(const QString& path) { m_workspace->compareWith(path); }
    void closeComparison() { m_workspace->closeComparison(); }

    Session* session() const { return m_session; }
    CapturePtr capture() const { return m_session->capture(); }
    QString currentPath() const { return m_session->path(); }
    int snapshotIndex() const { return m_session->snapshotIndex(); }
    bool isWorkspaceShown() const;

    LoadJob* loader() const { return m_session->loader(); }
    RecordingController* recorder() const { return m_session->recorder(); }
    WittyHttpPoller* wittyPoller() const { return m_session->wittyPoller(); }
    SaveJob* saveJob() const { return m_session->saveJob(); }
    RecentFiles* recentFiles() const { return m_recent; }
    LiveIndicator* liveIndicator() const { return m_liveIndicator; }
    MessageBar* messageBar() const { return m_messageBar; }
    StartPage* startPage() const { return m_start; }
    Workspace* workspace() const { return m_workspace; }
    BrowserPanel* browserPanel() const { return m_workspace->browser(); }
    TimelineBar* timeline() const { return m_workspace->timeline(); }
    ThreadsPanel* threadsPanel() const { return m_workspace->threads(); }
    DetailsPane* detailsPane() const { return m_workspace->details(); }
    SummaryPanel* summaryPanel() const { return m_workspace->summary(); }
    GraphPanel* graphPanel() const { return m_workspace->graph(); }
    HeatmapTabs* heatmapsPanel() const { return m_workspace->heatmaps(); }
    AdvicePanel* advicePanel() const { return m_workspace->advice(); }
    ComparePanel* comparePanel() const { return m_workspace->compare(); }
    LoadJob* compareLoader() const { return m_workspace->compareLoader(); }
    QTabWidget* workspaceTabs() const { return m_workspace->tabs(); }
    QAction* exportPlotAction() const { return m_workspace->exportPlotAction(); }
    QAction* measureAction() const { return m_workspace->measureAction(); }
    QAction* showAdviceAction() const { return m_workspace->pageActions().back(); }
    QAction* compareAction() const { return m_workspace->compareAction(); }
    QAction* saveAsAction() const { return m_saveAsAction; }
    HelpActions* helpActions() const { return m_help; }
    QList<QDockWidget*> docks() const { return {m_detailsDock, m_summaryDock, m_threadsDock}; }
    // Every shortcut of the menus and of the pages (active while the page has the focus).
    QList<ShortcutEntry> shortcuts() const;

protected:
    void showEvent(QShowEvent* event) override;
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void createActions();
    void createMenus();
    void createCentralWidget();
    void createDocks();
    void createStatusBar();
    template <class Source>
    void routeMessages(Source* source);
    void restoreSettings();
    void saveSettings() const;
    void placeDocks();
    void stashDocks();
    void unstashDocks();

    void showOpenDialog();
    void showSaveAsDialog();
    void onLoadStarted(const QString& path);
    void onLoadFinished();
    void onCaptureChanged(const CapturePtr& capture);
    void updateRecentMenu();
    void updateLiveIndicator();
    void updateActions();
    void updateStatus();

    Session* m_session;
    RecentFiles* m_recent;
    MessageBar* m_messageBar = nullptr;
    QStackedWidget* m_stack = nullptr;
    StartPage* m_start = nullptr;
    Workspace* m_workspace = nullptr;
    QDockWidget* m_detailsDock = nullptr;
    QDockWidget* m_summaryDock = nullptr;
    QDockWidget* m_threadsDock = nullptr;
    LiveIndicator* m_liveIndicator = nullptr;

    ElidedLabel* m_sourceLabel = nullptr;
    QLabel* m_countsLabel = nullptr;
    QProgressBar* m_progress = nullptr;
    QToolButton* m_cancelButton = nullptr;

    QAction* m_openAction = nullptr;
    QAction* m_attachAction = nullptr;
    QAction* m_attachWittyAction = nullptr;
    QAction* m_pauseAction = nullptr;
    QAction* m_stopAction = nullptr;
    QAction* m_saveAsAction = nullptr;
    QAction* m_reloadAction = nullptr;
    QAction* m_closeAction = nullptr;
    QAction* m_quitAction = nullptr;
    QAction* m_cancelAction = nullptr;
    HelpActions* m_help = nullptr;
    QAction* m_clearRecentAction = nullptr;
    QMenu* m_recentMenu = nullptr;
    // False until the docks got their first layout, made from the room there is when something is first
    // shown; from then on restoreState() brings back what the user made of them.
    bool m_docksPlaced = false;
    QByteArray m_pendingState; // restored again at the first show: tab groups keep their sizes only then
    // The docks the user had open, put away while the start page shows (they describe a capture; the start
    // page has the window to itself) and shown again with the next capture.
    QStringList m_stashedDocks;
    bool m_docksStashed = false;
};

} // namespace numasight
