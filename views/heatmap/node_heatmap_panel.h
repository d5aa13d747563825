// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/heatmap_data.h"
#include "views/heatmap/heatmap_panel_base.h"
#include "views/heatmap/heatmap_picture.h"

#include <QSet>

#include <optional>
#include <vector>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QModelIndex;
class QProgressBar;
class QSplitter;
class QTimer;
class QToolButton;
class QTreeView;

namespace numasight {

class HeatmapPlot;
class HeatmapRowFilterProxy;
class HeatmapRowModel;
class RowHeightDelegate;

// A node heatmap tab: threads × nodes (CPU: each process's row sums its threads, which fold under it) or
// processes × nodes (memory, in a chosen measure). The row list on the left (a tree of HeatmapRowModel
// through HeatmapRowFilterProxy: sort by header or the Sort box, filter by text and CPU share, fold and
// unfold) and the map on the right share their rows line by line: the map draws exactly the rows the list
// shows.
// Building the heatmap runs in HeatmapJob; the rows shown stay until the new ones arrive.
class NodeHeatmapPanel : public HeatmapPanelBase
{
    Q_OBJECT
public:
    enum class Kind
    {
        Cpu,
        Memory
    };
    explicit NodeHeatmapPanel(Kind kind, QWidget* parent = nullptr);
    ~NodeHeatmapPanel() override;

    Kind kind() const { return m_kind; }
    // The snapshot the rows' entities belong to and the samples of the window. Built when the panel is
    // shown (or at once with ensureBuilt()); `fresh`: another capture, so folds and the selection go.
    void setInput(SnapshotPtr snapshot, std::vector<SamplePtr> samples, bool fresh = false);
    void clear() override;
    SnapshotPtr snapshot() const { return m_input.snapshot; }
    SnapshotPtr shownSnapshot() const { return m_shown.snapshot; }

    void setSort(HeatmapSortKey key, bool descending);
    HeatmapSortKey sortKey() const;
    bool sortDescending() const;
    void setMeasure(MemoryMeasure measure); // memory heatmaps
    MemoryMeasure measure() const { return m_input.measure; }
    void setFilterText(const QString& text);
    void setMinCpuShare(double share);
    // The rows shown: the first `rows` processes by the sort key (after the filter), with their threads,
    // then one row summing the rest, as exports draw them (topHeatmapRows); kAllRows: every row.
    void setRowLimit(int rows);
    int rowLimit() const { return m_rowLimit; }
    int moreProcesses() const { return m_moreProcesses; } // processes in the summed row; 0 when none
    static QList<int> rowLimitChoices();                  // 25, 50, 100, 250, kAllRows
    void expandAll();
    void collapseAll();
    // Folds or unfolds the process of heatmap row `row` (a thread row folds its process).
    void toggleRow(int row);
    bool isExpanded(std::int64_t pid, QStringView ns = u"local") const;

    // Selects the row of this thread (tid >= 0) or process, unfolding its process; emits nothing. False
    // when the heatmap has no such row or the filter hides it.
    bool selectRow(std::int64_t pid, std::int64_t tid, QStringView ns = u"local");
    void clearSelection();

    NodeHeatmapPtr heatmap() const;      // every row built, whatever the row limit
    NodeHeatmapPtr shownHeatmap() const; // the rows the list holds: the cut and its summed row
    // The heatmap rows on screen in order (folds, filter and sort applied).
    const std::vector<int>& visibleRows() const { return m_visible; }
    // What an export draws: every row the list has open, not only those scrolled into view.
    HeatmapPicture exportPicture() const;
    QByteArray csv() const;         // the heatmap's numbers, every row (core heatmapCsv)
    QString exportBaseName() const; // "cpu-heatmap", "mem-heatmap"

    HeatmapPlot* plot() const { return m_plot; }
    QTreeView* rowView() const { return m_tree; }
    HeatmapRowModel* rowModel() const { return m_model; }
    HeatmapRowFilterProxy* rowFilter() const { return m_filter; }
    QComboBox* sortCombo() const { return m_sortCombo; }
    QToolButton* descendingButton() const { return m_descending; }
    QComboBox* measureCombo() const { return m_measureCombo; }
    QComboBox* rowsCombo() const { return m_rowsCombo; }
    QLineEdit* filterEdit() const { return m_filterEdit; }
    QDoubleSpinBox* minShareSpin() const { return m_minSpin; }
    QLabel* captionLabel() const { return m_caption; }
    QLabel* statusLabel() const { return m_status; }
    MessageBar* errorBar() const override { return m_error; }
    QProgressBar* progressBar() const { return m_progress; }
    QToolButton* cancelButton() const { return m_cancel; }

signals:
    // A row was picked here (click, keys). `entity` is of snapshot() (invalid when the row has none).
    void rowSelected(numasight::EntityId entity, qint64 pid, qint64 tid, const QString& ns);
    void sortChanged(numasight::HeatmapSortKey key, bool descending);
    void measureChanged(numasight::MemoryMeasure measure);
    void rowLimitChanged(int rows);
    void exportRequested();

protected:
    void showEvent(QShowEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    struct Input : SampledInput
    {
        MemoryMeasure measure = MemoryMeasure::TotalPages; // memory heatmaps
        bool operator==(const Input&) const = default;
    };

    bool hasInput() const override { return bool(m_input.snapshot); }
    std::function<HeatmapResult()> startBuild() override;
    bool showResult(const HeatmapResult& result) override;
    bool isShownCurrent() const override;
    void forgetSelection() override;
    void schedulePicture();
    void updatePicture();
    void syncPlotWindow();
    struct ColumnNeeds
    {
        std::vector<int> values, full; // by column
        int allFull = 0;
        int nameMinimum = 0;
    };
    const ColumnNeeds& columnNeeds();
    ColumnNeeds measureColumns() const;
    void fitColumns();
    void placeSplitter();
    void growRows();
    void applyRows();
    void restoreFolds();
    void onCurrentRowChanged(const QModelIndex& current);
    void onPlotRowClicked(int position);
    void updateStatus();
    int rowOf(std::int64_t pid, std::int64_t tid, QStringView ns) const;

    Kind m_kind;
    HeatmapRowModel* m_model;
    HeatmapRowFilterProxy* m_filter;
    QTreeView* m_tree;
    RowHeightDelegate* m_rowHeight;
    HeatmapPlot* m_plot;
    QSplitter* m_split;
    QComboBox* m_sortCombo;
    QToolButton* m_descending;
    QComboBox* m_measureCombo = nullptr;
    QComboBox* m_rowsCombo;
    QLineEdit* m_filterEdit;
    QDoubleSpinBox* m_minSpin;
    QLabel* m_caption;
    QLabel* m_status;
    MessageBar* m_error;
    QWidget* m_progressRow;
    QProgressBar* m_progress;
    QToolButton* m_cancel;
    QTimer* m_pictureTimer;
    QTimer* m_progressDelay;

    Input m_input, m_building, m_shown; // what the next build is of, the running one, the one on screen
    NodeHeatmapPtr m_full;              // the heatmap of m_shown, every row; the model may hold a cut of it
    int m_rowLimit;
    int m_moreProcesses = 0;
    std::vector<int> m_visible;       // heatmap rows in list order
    std::vector<int> m_positionOfRow; // heatmap row -> position in m_visible, -1 when not shown
    QSet<QString> m_expanded;         // "ns/pid" of unfolded processes, kept across rebuilds
    std::int64_t m_selectedPid = -1, m_selectedTid = -1;
    QString m_selectedNs;
    bool m_restoring = false;           // selecting from outside or after a rebuild: nothing is emitted
    bool m_splitMoved = false;          // the user placed the splitter: the list keeps its width
    std::optional<ColumnNeeds> m_needs; // of the rows shown; measured when first needed
};

} // namespace numasight
