// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "advice/capture_diff.h"
#include "measure/measure_plan.h"
#include "views/advice/advice_fwd.h"
#include "views/advice/compare_bar.h"
#include "views/common/message_bar.h"
#include "views/common/workspace_tab.h"

#include <QWidget>

#include <vector>

class QAction;
class QProgressDialog;
class QLineEdit;
class QSettings;
class QTabWidget;

namespace numasight {

class AdvicePanel;
class ApplyDialog;
class BrowserPanel;
class ComparePanel;
class CompareDeltaPanel;
class DetailsPane;
class GraphPanel;
class HostsPanel;
class HeatmapTabs;
class LoadJob;
class LogPanel;
class ReportJob;
class Session;
class SummaryPanel;
class ThreadsPanel;
class TimelineBar;

// What the window shows once something is loaded, fed from the Session alone: the timeline above the tabs —
// entity browser, topology graph, heatmaps, advice and, while a comparison exists, Compare — and the panels
// the window puts in docks (details, summary, threads), and under the tabs the log of what live sessions
// said. The browser's current entity is the selection: a pick
// in any page selects it there and every other page follows (WorkspaceTab keeps it from coming back). It
// owns the actions that act on what is shown: switching pages and heatmap views, the timeline keys, Find,
// the exports, Compare and the measurement.
class Workspace : public QWidget
{
    Q_OBJECT
public:
    explicit Workspace(Session* session, QWidget* parent = nullptr);

    void selectEntity(EntityId id);
    void selectProcess(qint64 pid, qint64 tid = -1); // the thread `tid`, or the process when < 0
    void showBrowser();
    void showGraph();
    void showHeatmaps();
    void showAdvice();
    void showHosts(); // a fleet's Hosts tab (Ctrl+5); nothing without a fleet

    void showExportGraphDialog();
    void showExportPlotDialog(bool matrix);
    // File ▸ Export Report…: asks for the file, then exportReport().
    void showExportReportDialog();
    // Writes the whole report of the capture shown (with the comparison open, its before/after table) to
    // `path` (.html or .pdf), with a progress dialog that can cancel it.
    void exportReport(const QString& path);
    ReportJob* reportJob() const { return m_reportJob; }
    void showMeasureDialog();
    void startMeasurement(const MeasureOptions& options);
    ApplyDialog* showApplyDialog(const Suggestion& suggestion);
    void showCompareDialog();
    void compareWith(const QString& path);
    void closeComparison();
    // Which capture the graph and the heatmaps show while a comparison is open; A without one.
    void showCompareSide(CompareSide side);
    CompareSide compareSide() const { return m_compareSide; }
    // " · showing B (file)" or " · Δ A → B" for the window title; empty when A is shown as usual.
    QString compareCaption() const;
    // Before the window closes: asks about an unsaved recording; false to keep the window open.
    bool confirmClose();

    // The pages' and panels' layout and choices, under the window's keys.
    void saveState(QSettings& settings) const;
    void restoreState(QSettings& settings);

    QList<QAction*> pageActions() const { return m_pageActions; } // Entities, Graph, Heatmaps, Advice, Hosts
    QList<QAction*> heatmapViewActions() const { return m_heatmapViewActions; }
    QList<QAction*> timelineActions() const { return m_timelineActions; }
    QAction* findAction() const { return m_findAction; }
    QAction* compareAction() const { return m_compareAction; }
    QList<QAction*> compareSideActions() const { return m_compareSideActions; } // Show A, B, Δ
    QAction* exportGraphAction() const { return m_exportGraphAction; }
    QAction* exportPlotAction() const { return m_exportPlotAction; }
    QAction* exportReportAction() const { return m_exportReportAction; }
    QAction* measureAction() const { return m_measureAction; }

    TimelineBar* timeline() const { return m_timeline; }
    QTabWidget* tabs() const { return m_tabs; }
    BrowserPanel* browser() const { return m_browser; }
    GraphPanel* graph() const { return m_graph; }
    HeatmapTabs* heatmaps() const { return m_heatmaps; }
    AdvicePanel* advice() const { return m_advice; }
    HostsPanel* hostsPanel() const { return m_hostsPanel; }
    QAction* hostsAction() const { return m_hostsAction; }
    ComparePanel* compare() const { return m_compare; }
    CompareDeltaPanel* compareDelta() const { return m_compareDelta; }
    QList<CompareBar*> compareBars() const { return m_compareBars; } // graph, heatmaps, Compare tab
    LoadJob* compareLoader() const { return m_compareLoader; }
    DetailsPane* details() const { return m_details; }
    SummaryPanel* summary() const { return m_summary; }
    ThreadsPanel* threads() const { return m_threads; }
    LogPanel* log() const { return m_log; }

signals:
    void statusMessage(const QString& text, int timeoutMs);
    void message(const QString& text, numasight::MessageBar::Kind kind);
    void compareSideChanged();

private:
    enum Page
    {
        GraphPage,
        HeatmapsPage,
        AdvicePage
    };

    void createPages();
    void createActions();
    void onCaptureChanged(const CapturePtr& capture, bool fresh);
    void onPositionChanged();
    void onHostsChanged();
    void onCompareCapture(CapturePtr capture);
    void onDiffShown();
    void createComparisonViews();
    void updateComparisonViews();
    // What the graph and the heatmaps are fed: `shown` (capture A), or capture B's last snapshot when B is
    // shown.
    ShownPosition compareSource(const ShownPosition& shown) const;
    // An entity picked in the graph or the heatmaps while B is shown, as the process or thread of A.
    void selectFromB(qint64 pid, qint64 tid);
    // The process or thread of B that entity `id` of A's snapshot `a` matched; {-1, -1} when none.
    MatchedIds idsInB(const Snapshot& a, EntityId id) const;
    void saveHeatmapSettings() const;
    void updateActions();
    QString exportBaseName() const;

    Session* m_session;
    std::vector<WorkspaceTab> m_pages; // graph, heatmaps, advice: fed before the browser
    LoadJob* m_compareLoader;
    QString m_comparePath;

    TimelineBar* m_timeline = nullptr;
    QTabWidget* m_tabs = nullptr;
    BrowserPanel* m_browser = nullptr;
    GraphPanel* m_graph = nullptr;
    HeatmapTabs* m_heatmaps = nullptr;
    AdvicePanel* m_advice = nullptr;
    HostsPanel* m_hostsPanel = nullptr;          // in the tabs only while a fleet is open
    ComparePanel* m_compare = nullptr;           // in the tabs only while a comparison exists
    CompareDeltaPanel* m_compareDelta = nullptr; // under the heatmaps while Δ is shown
    QList<CompareBar*> m_compareBars;
    CompareSide m_compareSide = CompareSide::A;
    DetailsPane* m_details = nullptr;
    SummaryPanel* m_summary = nullptr;
    ThreadsPanel* m_threads = nullptr;
    LogPanel* m_log = nullptr;

    QList<QAction*> m_pageActions;
    QList<QAction*> m_heatmapViewActions;
    QList<QAction*> m_timelineActions;
    QAction* m_findAction = nullptr;
    QAction* m_hostsAction = nullptr;
    QAction* m_compareAction = nullptr;
    QList<QAction*> m_compareSideActions;
    QAction* m_exportGraphAction = nullptr;
    QAction* m_exportPlotAction = nullptr;
    QAction* m_exportReportAction = nullptr;
    ReportJob* m_reportJob = nullptr;
    QProgressDialog* m_reportProgress = nullptr;
    QAction* m_measureAction = nullptr;
};

} // namespace numasight
