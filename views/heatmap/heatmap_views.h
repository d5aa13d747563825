#pragma once

#include "analysis/heatmap_data.h"
#include "analysis/matrix_heatmap.h"
#include "measure/measure_plan.h"
#include "views/heatmap/heatmap_panel_base.h"
#include "views/heatmap/heatmap_picture.h"
#include "views/jobs/load_job.h" // declares CapturePtr as a metatype, which signals below carry

#include <QSet>

#include <functional>
#include <optional>
#include <vector>

class QCheckBox;
class QComboBox;
class QDialog;
class QLabel;
class QLineEdit;
class QProgressBar;
class QToolButton;

namespace numasight {

class HeatmapPlot;
class MeasureJob;

// The mismatch tab: each process's memory per node with its main CPU node (●) and its accelerators' nodes
// (◆) on top, flagged rows (⚠) for memory or accelerators away from the CPU time; beside it the workload's
// CPU node × memory node matrix, local on the diagonal.
class MismatchPanel : public HeatmapPanelBase
{
    Q_OBJECT
public:
    explicit MismatchPanel(QWidget* parent = nullptr);

    void setInput(std::shared_ptr<const Snapshot> snapshot, std::vector<SamplePtr> samples,
                  bool fresh = false);
    void clear();
    std::shared_ptr<const Snapshot> snapshot() const { return m_input.snapshot; }
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
    struct Input
    {
        std::shared_ptr<const Snapshot> snapshot;
        std::vector<SamplePtr> samples;
        bool operator==(const Input&) const = default;
    };

    bool hasInput() const override { return bool(m_input.snapshot); }
    std::function<HeatmapResult()> startBuild() override;
    bool showResult(const HeatmapResult& result) override;
    bool isShownCurrent() const override { return m_view && m_shown == m_input; }
    void updatePictures();

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

// The over-time tab: one thread or process of a recording, node by node (rows) and sample by sample
// (columns), with the timeline's position marked. A click on a column moves the timeline there.
class TimeHeatmapPanel : public HeatmapPanelBase
{
    Q_OBJECT
public:
    explicit TimeHeatmapPanel(QWidget* parent = nullptr);

    void setCapture(CapturePtr capture, bool fresh = false);
    void clear();
    void setSubject(const HeatmapSubject& subject);
    std::optional<HeatmapSubject> subject() const { return m_input.subject; }
    void setMetric(HeatmapMetric metric);
    HeatmapMetric metric() const { return m_input.metric; }
    // The timeline's position: an index into Capture::samples, or into snapshots without samples.
    void setCursorSource(int source);

    TimeHeatmapPtr heatmap() const { return m_heatmap; }
    HeatmapPicture exportPicture() const;
    QByteArray csv() const;

    HeatmapPlot* plot() const { return m_plot; }
    QComboBox* metricCombo() const { return m_metricCombo; }
    QLabel* captionLabel() const { return m_caption; }
    MessageBar* errorBar() const override { return m_error; }

signals:
    void positionRequested(int source);
    void metricChanged(numasight::HeatmapMetric metric);
    void exportRequested();

private:
    struct Input
    {
        CapturePtr capture;
        std::optional<HeatmapSubject> subject;
        HeatmapMetric metric = HeatmapMetric::CpuShare;
        bool operator==(const Input& other) const;
    };

    bool hasInput() const override { return m_input.capture && m_input.subject; }
    std::function<HeatmapResult()> startBuild() override;
    bool showResult(const HeatmapResult& result) override;
    bool isShownCurrent() const override { return m_heatmap && m_shown == m_input; }
    void inputChanged(); // the caption says what is missing at once; the build follows
    void updateCaption();

    HeatmapPlot* m_plot;
    QComboBox* m_metricCombo;
    QLabel* m_caption;
    MessageBar* m_error;
    Input m_input, m_building, m_shown; // what the next build is of, the running one, the one on screen
    int m_cursorSource = -1;
    TimeHeatmapPtr m_heatmap;
};

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
    void setInput(CapturePtr capture, std::shared_ptr<const Snapshot> snapshot, bool fresh = false);
    void clear();
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
        std::shared_ptr<const Snapshot> snapshot;
        QString label; // the choice by its label: survives another snapshot
        MatrixOrder order = MatrixOrder::ByDistance;
        bool operator==(const Input&) const = default;
    };

    bool hasInput() const override { return m_input.snapshot && !m_input.label.isEmpty(); }
    std::function<HeatmapResult()> startBuild() override;
    bool showResult(const HeatmapResult& result) override;
    bool isShownCurrent() const override { return m_matrix && m_shown == m_input; }
    void updateChoices();

    MeasureJob* m_measureJob;
    HeatmapPlot* m_plot;
    QComboBox* m_combo;
    QCheckBox* m_orderBox;
    QToolButton* m_measure;
    QWidget* m_progressRow;
    QProgressBar* m_progress;
    QToolButton* m_cancel;
    QLabel* m_caption;
    MessageBar* m_error;
    CapturePtr m_capture;
    Input m_input, m_building, m_shown; // what the next build is of, the running one, the one on screen
    std::vector<MatrixChoice> m_choices;
    bool m_measureAllowed = true;
    MatrixHeatmapPtr m_matrix;
};

// The per-process mismatch figures as CSV: pid, name, main CPU and memory nodes, accelerators' nodes, the
// local share, then the CPU and memory share per node. Written with the core's CSV rules (csvField,
// csvNumber), so it parses with parseCsv().
QByteArray mismatchCsv(const MismatchView& view);
// The CPU node × memory node matrix: "cpu\memory,node0,…".
QByteArray accessMatrixCsv(const MismatchView& view);

} // namespace numasight
