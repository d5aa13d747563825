// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "graph/graph_layout.h"

#include <QSet>
#include <QWidget>

#include <vector>

class QAction;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QMenu;
class QProgressBar;
class QSpinBox;
class QTimer;
class QToolButton;

namespace numasight {

class GraphExportFlow;
class GraphLayoutJob;
class GraphScene;
class GraphCanvas;
class MessageBar;

// The topology graph tab: a toolbar (which graph, which Graphviz engine, which kinds to show, the CPU
// share threshold, search, zoom), the graph, and while Graphviz runs a progress bar with Cancel. Every
// change of what to show asks GraphLayoutJob for a new layout in the background; the graph on screen stays
// usable until it arrives, and an error leaves it in place with the reason above it. Its export (File ▸
// Export Graph, the Export button) is exportFlow()'s.
class GraphPanel : public QWidget
{
    Q_OBJECT
public:
    explicit GraphPanel(QWidget* parent = nullptr);
    ~GraphPanel() override;

    // Shows `snapshot` (with the samples of the selected window, if any). `fresh`: another capture, so
    // expanded nodes are forgotten and the new graph is fitted to the view.
    void setSnapshot(SnapshotPtr snapshot, std::vector<SamplePtr> samples = {}, bool fresh = false);
    void clear();

    void setViewKind(GraphView view);
    GraphView viewKind() const { return m_options.view; }
    void setEngine(const QString& engine);
    QString engine() const { return m_engine; }
    void setHiddenKinds(const QSet<EntityKind>& kinds);
    void setMinMetric(double share);
    // While recording: boxes with processes keep a free row for newcomers (LayoutOptions::live).
    void setLive(bool live);
    void setProcessesPerNode(int count); // GraphOptions::processesPerNode, 0 = all
    void setShowCaches(bool on);
    void setShowUnknownFlows(bool on); // GraphOptions::showUnknownFlows
    const GraphOptions& options() const { return m_options; }
    // Expands an expandable node, or folds an expanded one (or the group a part belongs to), and lays out
    // again.
    void toggleNode(const QString& nodeId);

    // Selects and centres the node standing for `id` of the snapshot set last. When that snapshot's graph
    // is still being laid out, it is selected once it arrives. Emits nothing.
    bool selectEntity(EntityId id);
    // Selects and centres the first node matching `text`, or with `next` the one after the current match.
    bool find(const QString& text, bool next);

    // Outlines the processes `pids` and threads `tids` (of namespace "local") in every graph shown from now
    // on, until cleared with empty sets (a comparison's changed rows).
    void setHighlighted(const QSet<std::int64_t>& pids, const QSet<std::int64_t>& tids);
    QSet<std::int64_t> highlightedPids() const { return m_highlightPids; }
    QSet<std::int64_t> highlightedTids() const { return m_highlightTids; }
    // The entities of the graph shown that stand for them.
    QSet<EntityId> highlightedEntities() const;
    // Puts `bar` (a comparison's A | B | Δ switch and legend) between the toolbar and the graph; the bar
    // shows and hides itself.
    void addComparisonBar(QWidget* bar);

    // Lays out now what is pending, even while the panel is hidden (an export needs the graph).
    void ensureLayout();
    // The graph on screen is the one of the snapshot and options set last.
    bool isLayoutCurrent() const;
    GraphLayoutPtr currentLayout() const { return m_layout; }
    SnapshotPtr shownSnapshot() const { return m_shownSnapshot; }
    SnapshotPtr snapshot() const { return m_snapshot; }
    const std::vector<SamplePtr>& samples() const { return m_samples; }
    bool isLayoutRunning() const;

    GraphLayoutJob* job() const { return m_job; }
    GraphExportFlow* exportFlow() const { return m_exportFlow; }
    GraphScene* scene() const { return m_scene; }
    GraphCanvas* canvas() const { return m_canvas; }
    // Fit Graph (Ctrl+0 while the graph has the focus), for the window's View menu too.
    QAction* fitAction() const { return m_fitAction; }
    QComboBox* viewCombo() const { return m_viewCombo; }
    QComboBox* engineCombo() const { return m_engineCombo; }
    QToolButton* kindsButton() const { return m_kindsButton; }
    QDoubleSpinBox* minMetricSpin() const { return m_minSpin; }
    QSpinBox* perNodeSpin() const { return m_perNodeSpin; }
    QToolButton* cachesButton() const { return m_cachesButton; }
    QToolButton* unknownFlowsButton() const { return m_unknownFlowsButton; }
    QLineEdit* searchEdit() const { return m_search; }
    QProgressBar* progressBar() const { return m_progress; }
    QToolButton* cancelButton() const { return m_cancel; }
    MessageBar* errorBar() const { return m_error; }
    QLabel* statusLabel() const { return m_status; }

    static QStringList engines();

signals:
    void entitiesSelected(const QList<numasight::EntityId>& entities);
    void layoutShown();
    void viewKindChanged(numasight::GraphView view);
    void engineChanged(const QString& engine);
    void levelOfDetailChanged(); // per-box count, caches or unknown flows: remembered by the window
    void exportRequested();      // the Export button: exportFlow()->showDialog() answers it

protected:
    void showEvent(QShowEvent* event) override;

private:
    // `figuresOnly`: the same graph with other samples, which need not interrupt a layout running.
    void scheduleRelayout(int delayMs = 0, bool figuresOnly = false);
    QString requestKey() const;
    void relayout();
    void onLayoutAvailable(GraphLayoutPtr layout);
    void onLayoutFailed(const QString& message);
    void onJobFinished();
    void hideProgress();
    void onSceneSelection(const QList<EntityId>& entities);
    void updateKindsMenu();
    void updateStatus();
    void setSearchFeedback(bool found);
    void applyHighlight();

    GraphLayoutJob* m_job;
    GraphScene* m_scene;
    GraphCanvas* m_canvas;
    QAction* m_fitAction = nullptr;
    QComboBox* m_viewCombo;
    QComboBox* m_engineCombo;
    QToolButton* m_kindsButton;
    QMenu* m_kindsMenu;
    QDoubleSpinBox* m_minSpin;
    QSpinBox* m_perNodeSpin;
    QToolButton* m_cachesButton;
    QToolButton* m_unknownFlowsButton;
    QLineEdit* m_search;
    QWidget* m_progressRow;
    QProgressBar* m_progress;
    QToolButton* m_cancel;
    QLabel* m_progressLabel;
    MessageBar* m_error;
    QLabel* m_status;
    QTimer* m_relayoutTimer;
    QTimer* m_progressDelay;
    GraphExportFlow* m_exportFlow = nullptr;

    SnapshotPtr m_snapshot; // what the next layout is of
    std::vector<SamplePtr> m_samples;
    SnapshotPtr m_jobSnapshot;   // what the running layout is of
    SnapshotPtr m_shownSnapshot; // what the graph on screen is of
    std::vector<SamplePtr> m_jobSamples, m_shownSamples;
    QString m_jobKey, m_shownKey; // options and engine
    GraphLayoutPtr m_layout;
    GraphOptions m_options;
    QString m_engine = kPackedEngine;
    bool m_live = false;
    bool m_stableNext = false; // the next layout keeps the places of the one shown (LayoutOptions::previous)
    bool m_fitNext = true;
    bool m_relayoutPending = false;  // asked for while hidden: a tab nobody looks at runs no Graphviz
    bool m_relayoutSoft = false;     // the layout waiting only brings new figures
    bool m_relayoutDeferred = false; // and waits for the one running
    QString m_focusNode;             // centred after the next layout (the node just expanded or folded)
    EntityId m_pendingSelection;     // of m_snapshot, applied when its graph is shown
    QSet<std::int64_t> m_highlightPids, m_highlightTids;
    QString m_searchText;
    QString m_searchAfterLayout; // a search that opened a "more" group, run again on the new graph
    int m_searchIndex = -1;
};

} // namespace numasight
