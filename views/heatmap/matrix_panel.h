// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/matrix_heatmap.h"
#include "measure/measure_plan.h"
#include "views/heatmap/heatmap_panel_base.h"
#include "views/heatmap/heatmap_picture.h"
#include "views/jobs/load_job.h" // declares CapturePtr as a metatype, which signals below carry

#include <functional>
#include <vector>

class QCheckBox;
class QComboBox;
class QDialog;
class QLabel;
class QProgressBar;
class QPushButton;
class QToolButton;

namespace numasight {

class HeatmapPlot;
class MeasureJob;

// Asks for the options of a latency/bandwidth measurement. The dialog deletes itself on close; the caller
// open()s it (no nested event loop: live views and workers keep running behind it).
QDialog* measureOptionsDialog(QWidget* parent, const QString& machine,
                              std::function<void(const MeasureOptions&)> accepted);

// The matrices tab: firmware distances (SLIT), hwloc's matrices and memory attributes, numasight's own
// measurement when the capture has one; values in the cells, near nodes next to each other on big machines.
// "Measure latency/bandwidth…" runs the core prober on this machine in the background and hands back the
// capture with the new matrices.
class MatrixPanel : public HeatmapPanelBase
{
    Q_OBJECT
public:
    explicit MatrixPanel(QWidget* parent = nullptr);
    ~MatrixPanel() override;

    // `capture` is what a measurement adds to; `snapshot` the one whose matrices are shown.
    void setInput(CapturePtr capture, SnapshotPtr snapshot, bool fresh = false);
    void clear() override;
    const std::vector<MatrixChoice>& choices() const { return m_choices; }
    bool selectMatrix(const QString& label);
    bool selectKind(MatrixKind kind); // the core's default matrix of that kind
    QString currentLabel() const;
    void setOrder(MatrixOrder order);
    MatrixOrder order() const { return m_input.order; }

    MatrixHeatmapPtr matrix() const { return m_matrix; }
    HeatmapPicture exportPicture() const;
    QByteArray csv() const;
    QString exportBaseName() const; // "distance", "latency", "bandwidth", "matrix"

    // Measures this machine with `options`, in the background; the panel shows progress and Cancel.
    void startMeasurement(const MeasureOptions& options);
    void cancelMeasurement();
    bool isMeasuring() const;
    void setMeasureAllowed(bool allowed, const QString& why = QString());

    HeatmapPlot* plot() const { return m_plot; }
    QComboBox* matrixCombo() const { return m_combo; }
    QCheckBox* orderBox() const { return m_orderBox; }
    QToolButton* measureButton() const { return m_measure; }
    QProgressBar* measureProgress() const { return m_progress; }
    QToolButton* cancelButton() const { return m_cancel; }
    QLabel* captionLabel() const { return m_caption; }
    // Shown instead of the plot when the capture has no matrix: what to do, and Measure….
    QWidget* emptyState() const { return m_empty; }
    QPushButton* emptyMeasureButton() const { return m_emptyMeasure; }
    QLabel* emptyReasonLabel() const { return m_emptyReason; }
    MessageBar* errorBar() const override { return m_error; }
    MeasureJob* measureJob() const { return m_measureJob; }

signals:
    void orderChanged(numasight::MatrixOrder order);
    void matrixChanged(const QString& label);
    void exportRequested();
    void measureRequested(); // the button: the window asks for options, then calls startMeasurement
    void captureMeasured(numasight::CapturePtr capture);
    void measurementFinished(bool ok);

private:
    struct Input
    {
        SnapshotPtr snapshot;
        QString label; // the choice by its label: survives another snapshot
        MatrixOrder order = MatrixOrder::ByDistance;
        bool operator==(const Input&) const = default;
    };

    bool hasInput() const override { return m_input.snapshot && !m_input.label.isEmpty(); }
    std::function<HeatmapResult()> startBuild() override;
    bool showResult(const HeatmapResult& result) override;
    bool isShownCurrent() const override { return m_matrix && m_shown == m_input; }
    void updateChoices();
    void updateMeasureButtons();

    MeasureJob* m_measureJob;
    HeatmapPlot* m_plot;
    QComboBox* m_combo;
    QCheckBox* m_orderBox;
    QToolButton* m_measure;
    QWidget* m_progressRow;
    QProgressBar* m_progress;
    QToolButton* m_cancel;
    QLabel* m_caption;
    QWidget* m_empty;
    QLabel* m_emptyText;
    QPushButton* m_emptyMeasure;
    QLabel* m_emptyReason;
    MessageBar* m_error;
    CapturePtr m_capture;
    Input m_input, m_building, m_shown; // what the next build is of, the running one, the one on screen
    std::vector<MatrixChoice> m_choices;
    bool m_measureAllowed = true;
    QString m_measureWhyNot;
    MatrixHeatmapPtr m_matrix;
};

} // namespace numasight
