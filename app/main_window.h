#pragma once

#include "attach/witty_http_poller.h"
#include "measure/measure_plan.h"
#include "model/snapshot.h"
#include "record/recorder.h"
#include "views/advice/advice_fwd.h"
#include "views/graph/graph_export.h"
#include "views/heatmap/heatmap_plot.h"

#include <QMainWindow>
#include <QSet>

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
class LoadJob;
class MessageBar;
class RecentFiles;
class RecordingController;
class SaveJob;
class StartPage;
class SummaryPanel;
class ThreadsPanel;
class TimelineBar;

// The desktop window: a start page until something is loaded, then the entity browser, the topology graph
// and the heatmaps as tabs under a timeline, with the details, summary and threads docks. A selection in
// the browser selects and centres the same entity in the graph and picks its rows in the heatmaps, and a
// pick in the graph or a heatmap selects it in the browser (and so everywhere). Every way of opening a
// file (menu, start page, recent list, drop, command line) goes through openPath(), which loads in the
// background; a failed load leaves the shown capture alone. Live sessions — a recording of this machine, or
// polling witty-profiler servers — feed the same views as they grow; the timeline follows the newest sample
// or round unless moved back.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    void openPath(const QString& path); // a file, or kLocalMachine; ends a live session first
    void attachToThisMachine();         // asks what to record (RecordDialog), then records
    void attachToWittyServers();        // asks which servers (WittyAttachDialog), then polls them
    // Starts a live session directly; false (and the reason in the message bar) when it cannot start.
    bool startRecording(const RecordOptions& options);
    bool startWittySession(const QList<QUrl>& servers, const WittyPollOptions& options);
    void setRecordingPaused(bool paused);
    void stopLiveSession();
    bool isLive() const { return m_live != Live::None; }
    // Saves what is shown to `path` in the background (a finished recording is copied as is).
    void saveCaptureAs(const QString& path);
    void reload();
    void closeCapture();
    void cancelLoad();
    void setSnapshotIndex(int index);
    void setTimelinePosition(int position); // a sample of a recording, else a snapshot
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

    CapturePtr capture() const { return m_capture; }
    QString currentPath() const { return m_path; }
    int snapshotIndex() const { return m_snapshotIndex; }
    bool isWorkspaceShown() const;

    LoadJob* loader() const { return m_loader; }
    RecentFiles* recentFiles() const { return m_recent; }
    BrowserPanel* browserPanel() const { return m_browser; }
    TimelineBar* timeline() const { return m_timeline; }
    ThreadsPanel* threadsPanel() const { return m_threads; }
    LiveIndicator* liveIndicator() const { return m_liveIndicator; }
    RecordingController* recorder() const { return m_recorder; }
    WittyHttpPoller* wittyPoller() const { return m_poller; }
    SaveJob* saveJob() const { return m_saver; }
    DetailsPane* detailsPane() const { return m_details; }
    SummaryPanel* summaryPanel() const { return m_summary; }
    MessageBar* messageBar() const { return m_messageBar; }
    StartPage* startPage() const { return m_start; }
    GraphPanel* graphPanel() const { return m_graph; }
    HeatmapTabs* heatmapsPanel() const { return m_heatmaps; }
    QAction* exportPlotAction() const { return m_exportPlotAction; }
    QAction* measureAction() const { return m_measureAction; }
    QTabWidget* workspaceTabs() const { return m_tabs; }
    AdvicePanel* advicePanel() const { return m_advice; }
    QAction* showAdviceAction() const { return m_showAdviceAction; }
    // Apply changes live processes: only for a capture of this machine read or recorded now. `reason` says
    // why not otherwise.
    bool canApply(QString* reason = nullptr) const;
    // Opens the Apply dialog on `suggestion` (when canApply()); returns it (it deletes itself on close).
    ApplyDialog* showApplyDialog(const Suggestion& suggestion);
    // Loads `path` in the background and compares the capture shown (A) with it (B) in the Compare tab;
    // the rows that changed are highlighted in the graph and the heatmaps until the tab is closed.
    void compareWith(const QString& path);
    void closeComparison();
    ComparePanel* comparePanel() const { return m_compare; }
    LoadJob* compareLoader() const { return m_compareLoader; }
    QAction* compareAction() const { return m_compareAction; }

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void createActions();
    void createMenus();
    void createWorkspace();
    void createDocks();
    void createStatusBar();
    void restoreSettings();
    void saveSettings() const;

    void showOpenDialog();
    void onLoadStarted(const QString& path);
    void onCaptureAvailable(CapturePtr capture);
    void onLoadFailed(const QString& message);
    void onLoadFinished();
    void updateRecentMenu();
    void updateStatus();
    void onCurrentEntityChanged(EntityId id);

    enum class Live
    {
        None,
        Recording,
        Witty
    };
    void showCapture(CapturePtr capture, bool fresh);
    void updateTimeline(bool fresh);
    int timelineCount() const;
    QString describePosition(int position) const;
    void showPosition(int position);
    void onRecordingCapture(CapturePtr capture);
    void onRecordingFinished(const RecordSummary& summary);
    void onWittyCapture(CapturePtr capture);
    void showLiveMessage(const QString& message, int kind);
    void updateLiveIndicator();
    void updateActions();
    void showSaveAsDialog();
    void selectThread(qint64 pid, qint64 tid);
    void selectProcess(qint64 pid);
    void updateGraph();
    void onGraphSelection(const QList<EntityId>& entities);
    QString exportBaseName() const;
    void showExportGraphDialog();
    void updateHeatmaps();
    void onHeatmapSelection(EntityId entity, qint64 pid, qint64 tid, const QString& ns);
    void showExportPlotDialog(bool matrix);
    void showMeasureDialog();
    void onCaptureMeasured(CapturePtr capture);
    void saveHeatmapSettings() const;
    void updateAdvice();
    void onAdviceSelection(qint64 pid, qint64 tid);
    void showCompareDialog();
    void onCompareCapture(CapturePtr capture);
    void onDiffShown();
    void updateApplyAllowed();

    LoadJob* m_loader;
    RecentFiles* m_recent;
    CapturePtr m_capture;
    QString m_path;        // what m_capture was loaded from
    QString m_loadingPath; // what is loading now
    int m_snapshotIndex = -1;
    int m_position = -1; // timeline position shown
    Live m_live = Live::None;
    bool m_liveShown = false;      // the live session's first capture reached the screen
    bool m_liveOwnsView = false;   // its updates may replace what is shown (not after opening another)
    QString m_recordingPath;       // file of the current or last recording
    CapturePtr m_recordingCapture; // its capture, while it is the one shown
    QString m_liveTitle;           // what a session without a file is called
    QSet<QString> m_liveMessages;  // shown once each per session
    RecordingController* m_recorder = nullptr;
    WittyHttpPoller* m_poller = nullptr;
    SaveJob* m_saver = nullptr;

    MessageBar* m_messageBar = nullptr;
    QStackedWidget* m_stack = nullptr;
    StartPage* m_start = nullptr;
    QWidget* m_workspace = nullptr;
    QTabWidget* m_tabs = nullptr;
    GraphPanel* m_graph = nullptr;
    bool m_graphFresh = false;         // the next graph is of another capture
    bool m_selectionFromGraph = false; // the browser follows a pick in the graph: no echo back
    HeatmapTabs* m_heatmaps = nullptr;
    bool m_heatmapsFresh = false;         // the next heatmaps are of another capture
    bool m_selectionFromHeatmaps = false; // the browser follows a pick in a heatmap: no echo back
    AdvicePanel* m_advice = nullptr;
    bool m_adviceFresh = false;
    bool m_selectionFromAdvice = false; // the browser follows a pick in the advice: no echo back
    ComparePanel* m_compare = nullptr;  // in the tabs only while a comparison exists
    LoadJob* m_compareLoader = nullptr;
    QString m_comparePath;
    BrowserPanel* m_browser = nullptr;
    TimelineBar* m_timeline = nullptr;
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
    QAction* m_showBrowserAction = nullptr;
    QAction* m_showGraphAction = nullptr;
    QAction* m_showHeatmapsAction = nullptr;
    QAction* m_showAdviceAction = nullptr;
    QAction* m_compareAction = nullptr;
    QAction* m_exportPlotAction = nullptr;
    QAction* m_measureAction = nullptr;
    QList<QAction*> m_heatmapViewActions;
    QAction* m_previousAction = nullptr;
    QAction* m_nextAction = nullptr;
    QAction* m_firstAction = nullptr;
    QAction* m_lastAction = nullptr;
    QAction* m_reloadAction = nullptr;
    QAction* m_closeAction = nullptr;
    QAction* m_quitAction = nullptr;
    QAction* m_findAction = nullptr;
    QAction* m_cancelAction = nullptr;
    QAction* m_aboutAction = nullptr;
    QAction* m_clearRecentAction = nullptr;
    QMenu* m_recentMenu = nullptr;
};

} // namespace numasight
