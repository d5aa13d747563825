// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/heatmap_data.h"
#include "views/heatmap/heatmap_panel_base.h"
#include "views/heatmap/heatmap_picture.h"

#include <QSet>

#include <vector>

class QCheckBox;
class QLabel;
class QLineEdit;

namespace numasight {

class HeatmapPlot;

// The mismatch tab: each process's memory per node with its main CPU node (●) and its accelerators' nodes
// (◆) on top, flagged rows (⚠) for memory or accelerators away from the CPU time; beside it the workload's
// CPU node × memory node matrix, local on the diagonal.
class MismatchPanel : public HeatmapPanelBase
{
    Q_OBJECT
public:
    explicit MismatchPanel(QWidget* parent = nullptr);

    void setInput(SnapshotPtr snapshot, std::vector<SamplePtr> samples, bool fresh = false);
    void clear() override;
    SnapshotPtr snapshot() const { return m_input.snapshot; }
    void setFilterText(const QString& text);
    void setMismatchedOnly(bool only);
    bool selectRow(std::int64_t pid, QStringView ns = u"local"); // emits nothing
    // Processes (namespace "local") a comparison found changed: their rows are marked "Δ".
    void setHighlighted(const QSet<std::int64_t>& pids);

    MismatchViewPtr view() const { return m_view; }
    const std::vector<int>& visibleRows() const { return m_rows; }
    HeatmapPicture processesPicture() const;
    HeatmapPicture matrixPicture() const;
    QByteArray processesCsv() const;
    QByteArray matrixCsv() const;

    HeatmapPlot* processPlot() const { return m_processes; }
    HeatmapPlot* matrixPlot() const { return m_matrix; }
    QLineEdit* filterEdit() const { return m_filter; }
    QCheckBox* mismatchedOnlyBox() const { return m_only; }
    QLabel* captionLabel() const { return m_caption; }
    MessageBar* errorBar() const override { return m_error; }

signals:
    void rowSelected(numasight::EntityId entity, qint64 pid, qint64 tid, const QString& ns);
    void exportRequested(bool matrix);

private:
    using Input = SampledInput;

    bool hasInput() const override { return bool(m_input.snapshot); }
    std::function<HeatmapResult()> startBuild() override;
    bool showResult(const HeatmapResult& result) override;
    bool isShownCurrent() const override { return m_view && m_shown == m_input; }
    void forgetSelection() override;
    void updatePictures();
    void updateCaption();

    HeatmapPlot* m_processes;
    HeatmapPlot* m_matrix;
    QLineEdit* m_filter;
    QCheckBox* m_only;
    QLabel* m_caption;
    MessageBar* m_error;
    Input m_input, m_building, m_shown; // what the next build is of, the running one, the one on screen
    MismatchViewPtr m_view;
    std::vector<int> m_rows; // MismatchView rows shown, in order
    QSet<std::int64_t> m_changedPids;
    std::int64_t m_selectedPid = -1;
    QString m_selectedNs;
};

} // namespace numasight
