// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "views/heatmap/heatmap_picture.h"

#include <QWidget>

class QComboBox;
class QLabel;

namespace numasight {

class CompareModel;
class HeatmapPlot;

// What the Δ map shows of each process (and, for CPU time, each thread) of a comparison.
enum class CompareDeltaMeasure
{
    CpuShare, // share of its on-CPU time on each node
    PageShare // share of its pages on each node (threads share their process's pages: processes only)
};

// The rows of `model` that changed at all (processes, each with its changed threads under it for CPU time)
// × the comparison's NUMA nodes, each cell B − A of the measure on that node: -1..1 on a diverging scale
// centred on 0, written signed. Rows keep the model's order (highest change first).
HeatmapPicture compareDeltaPicture(const CompareModel& model, CompareDeltaMeasure measure);

// The Δ map under the heatmaps while a comparison shows Δ: the picture above with a choice of measure.
// Picking a row says which process or thread of A it is.
class CompareDeltaPanel : public QWidget
{
    Q_OBJECT
public:
    explicit CompareDeltaPanel(CompareModel* model, QWidget* parent = nullptr);

    void setMeasure(CompareDeltaMeasure measure);
    CompareDeltaMeasure measure() const;
    HeatmapPlot* plot() const { return m_plot; }
    QComboBox* measureCombo() const { return m_measure; }
    QSize sizeHint() const override;

signals:
    void processSelected(qint64 pid, qint64 tid); // of capture A

private:
    void refresh();

    CompareModel* m_model;
    QComboBox* m_measure;
    QLabel* m_empty;
    HeatmapPlot* m_plot;
};

} // namespace numasight
