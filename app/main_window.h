#pragma once

#include "measure/measure_plan.h"
#include "views/advice/advice_fwd.h"
#include "views/common/workspace_tab.h"
#include "views/graph/graph_export.h"
#include "views/live/session.h"

#include <QMainWindow>

#include <vector>

class QAction;
class QDockWidget;
class QLabel;
class QMenu;
class QProgressBar;
class QStackedWidget;
class QTabWidget;
class QToolButton;

namespace numasight {

class AdvicePanel;
class ApplyDialog;
class BrowserPanel;
class ComparePanel;
class DetailsPane;
class GraphPanel;
class HeatmapTabs;
class LiveIndicator;
class MessageBar;
class RecentFiles;
class StartPage;
class SummaryPanel;
class ThreadsPanel;
class TimelineBar;

// The desktop window: a start page until something is loaded, then the entity browser, the topology graph,
// the heatmaps and the advice as tabs under a timeline, with the details, summary and threads docks. What is
// shown and where it comes from is the Session's, each page owns its export and its state, and WorkspaceTab
// keeps the pages' shared flags. A selection in the browser selects the same entity in every page, and a pick
// in a page selects it in the browser (and so everywhere). Every way of opening a file (menu, start page,
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
    void selectEntity(EntityId id);
    void showEntityBrowser();
    void showGraph();
    void showHeatmaps();
    void showAdvice();
    // Writes the plot of the heatmap view in front to `path` (PNG, PDF, SVG by the picture; CSV by its
    // numbers) in the background, once the view has the data of what is shown. `matrix`: the mismatch
    // view's node matrix rather than its processes.
    void exportPlotTo(const QString& path, bool matrix = false);
    // Measures this machine's latency and bandwidth in the background (the Matrices tab shows progress);
    // the capture shown gets the matrices, and Save As keeps them.
    void startMeasurement(const MeasureOptions& options);
    // Writes the graph shown (laid out first if it is not yet) to `path` in the background; the result
    // goes to the status bar, or the message bar when it fails.
    void exportGraphTo(const QString& path, const GraphExportOptions& options);
    // Apply changes live processes: only for a capture of this machine read or recorded now. `reason` says
    // why not otherwise.
    bool canApply(QString* reason = nullptr) const { return m_session->canApply(reason); }
    // Opens the Apply dialog on `suggestion` (when canApply()); returns it (it deletes itself on close).
    ApplyDialog* showApplyDialog(const Suggestion& suggestion);
    // Loads `path` in the background and compares the capture shown (A) with it (B) in the Compare tab;
    // the rows that changed are highlighted in the graph and the heatmaps until the tab is closed.
    void compareWith(const QString& path);
    void closeComparison();

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
    BrowserPanel* browserPanel() const { return m_browser; }
    TimelineBar* timeline() const { return m_timeline; }
    ThreadsPanel* threadsPanel() const { return m_threads; }
    DetailsPane* detailsPane() const { return m_details; }
    SummaryPanel* summaryPanel() const { return m_summary; }
    GraphPanel* graphPanel() const { return m_graph; }
    HeatmapTabs* heatmapsPanel() const { return m_heatmaps; }
    AdvicePanel* advicePanel() const { return m_advice; }
    ComparePanel* comparePanel() const { return m_compare; }
    LoadJob* compareLoader() const { return m_compareLoader; }
    QTabWidget* workspaceTabs() const { return m_tabs; }
    QAction* exportPlotAction() const { return m_exportPlotAction; }
    QAction* measureAction() const { return m_measureAction; }
    QAction* showAdviceAction() const { return m_viewActions.back(); }
    QAction* compareAction() const { return m_compareAction; }

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    enum Page
    {
        GraphPage,
        HeatmapsPage,
        AdvicePage
    };

    void createActions();
    void createMenus();
    void createWorkspace();
    void createPages();
    void createDocks();
    void createStatusBar();
    template <class Source>
    void routeMessages(Source* source);
    void restoreSettings();
    void saveSettings() const;
    void saveHeatmapSettings() const;

    void showOpenDialog();
    void showSaveAsDialog();
    void showExportGraphDialog();
    void showExportPlotDialog(bool matrix);
    void showMeasureDialog();
    void showCompareDialog();
    QString exportBaseName() const;
    void onLoadStarted(const QString& path);
    void onLoadFinished();
    void onCaptureChanged(const CapturePtr& capture, bool fresh);
    void onPositionChanged();
    void onCurrentEntityChanged(EntityId id);
    void selectThread(qint64 pid, qint64 tid); // the process when `tid` < 0
    void onCaptureMeasured(CapturePtr capture);
    void onCompareCapture(CapturePtr capture);
    void onDiffShown();
    void updateRecentMenu();
    void updateLiveIndicator();
    void updateActions();
    void updateStatus();

    Session* m_session;
    RecentFiles* m_recent;
    std::vector<WorkspaceTab> m_pages; // graph, heatmaps, advice: fed before the browser
    LoadJob* m_compareLoader;
    QString m_comparePath;

    MessageBar* m_messageBar = nullptr;
    QStackedWidget* m_stack = nullptr;
    StartPage* m_start = nullptr;
    QWidget* m_workspace = nullptr;
    TimelineBar* m_timeline = nullptr;
    QTabWidget* m_tabs = nullptr;
    BrowserPanel* m_browser = nullptr;
    GraphPanel* m_graph = nullptr;
    HeatmapTabs* m_heatmaps = nullptr;
    AdvicePanel* m_advice = nullptr;
    ComparePanel* m_compare = nullptr; // in the tabs only while a comparison exists
    DetailsPane* m_details = nullptr;
    SummaryPanel* m_summary = nullptr;
    ThreadsPanel* m_threads = nullptr;
    QDockWidget* m_detailsDock = nullptr;
    QDockWidget* m_summaryDock = nullptr;
    QDockWidget* m_threadsDock = nullptr;
    LiveIndicator* m_liveIndicator = nullptr;

    QLabel* m_sourceLabel = nullptr;
    QLabel* m_countsLabel = nullptr;
    QProgressBar* m_progress = nullptr;
    QToolButton* m_cancelButton = nullptr;

    QAction* m_openAction = nullptr;
    QAction* m_attachAction = nullptr;
    QAction* m_attachWittyAction = nullptr;
    QAction* m_pauseAction = nullptr;
    QAction* m_stopAction = nullptr;
    QAction* m_saveAsAction = nullptr;
    QAction* m_exportGraphAction = nullptr;
    QAction* m_exportPlotAction = nullptr;
    QAction* m_measureAction = nullptr;
    QAction* m_compareAction = nullptr;
    QAction* m_findAction = nullptr;
    QList<QAction*> m_viewActions; // the tabs
    QList<QAction*> m_heatmapViewActions;
    QList<QAction*> m_timelineActions;
    QAction* m_reloadAction = nullptr;
    QAction* m_closeAction = nullptr;
    QAction* m_quitAction = nullptr;
    QAction* m_cancelAction = nullptr;
    QAction* m_aboutAction = nullptr;
    QAction* m_clearRecentAction = nullptr;
    QMenu* m_recentMenu = nullptr;
};

} // namespace numasight
