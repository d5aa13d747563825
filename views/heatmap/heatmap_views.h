#pragma once

#include "analysis/heatmap_data.h"
#include "analysis/matrix_heatmap.h"
#include "measure/measure_plan.h"
#include "views/heatmap/heatmap_picture.h"
#include "views/jobs/load_job.h" // declares CapturePtr as a metatype, which signals below carry

#include <QSet>
#include <QWidget>

#include <functional>
#include <optional>
#include <vector>

class QCheckBox;
class QDialog;
class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QTimer;
class QToolButton;

namespace numasight {

class DeferredBuild;
class HeatmapJob;
class HeatmapPlot;
class MeasureJob;
class MessageBar;
struct HeatmapResult;

// The mismatch tab: each process's memory per node with its main CPU node (●) and its accelerators' nodes
// (◆) on top, flagged rows (⚠) for memory or accelerators away from the CPU time; beside it the workload's
// CPU node × memory node matrix, local on the diagonal.
class MismatchPanel : public QWidget
{
    Q_OBJECT
public:
    explicit MismatchPanel(QWidget* parent = nullptr);
    ~MismatchPanel() override;

    void setInput(std::shared_ptr<const Snapshot> snapshot, std::vector<SamplePtr> samples,
                  bool fresh = false);
    void clear();
    void ensureBuilt();
    bool isBuilding() const;
    bool isCurrent() const;
    std::shared_ptr<const Snapshot> snapshot() const { return m_snapshot; }
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
    HeatmapJob* job() const { return m_job; }

signals:
    void rowSelected(numasight::EntityId entity, qint64 pid, qint64 tid, const QString& ns);
    void heatmapShown();
    void exportRequested(bool matrix);

protected:
private:
    void scheduleBuild();
    void build();
    void onResult(const HeatmapResult& result);
    void updatePictures();

    HeatmapJob* m_job;
    HeatmapPlot* m_processes;
    HeatmapPlot* m_matrix;
    QLineEdit* m_filter;
    QCheckBox* m_only;
    QLabel* m_caption;
    MessageBar* m_error;
    DeferredBuild* m_deferred;
    std::shared_ptr<const Snapshot> m_snapshot, m_jobSnapshot, m_shownSnapshot;
    std::vector<SamplePtr> m_samples, m_jobSamples, m_shownSamples;
    MismatchViewPtr m_view;
    std::vector<int> m_rows; // MismatchView rows shown, in order
    QSet<std::int64_t> m_changedPids;
    std::int64_t m_selectedPid = -1;
    QString m_selectedNs;
};

// The over-time tab: one thread or process of a recording, node by node (rows) and sample by sample
// (columns), with the timeline's position marked. A click on a column moves the timeline there.
class TimeHeatmapPanel : public QWidget
{
    Q_OBJECT
public:
    explicit TimeHeatmapPanel(QWidget* parent = nullptr);
    ~TimeHeatmapPanel() override;

    void setCapture(CapturePtr capture, bool fresh = false);
    void clear();
    void setSubject(const HeatmapSubject& subject);
    std::optional<HeatmapSubject> subject() const { return m_subject; }
    void setMetric(HeatmapMetric metric);
    HeatmapMetric metric() const { return m_metric; }
    // The timeline's position: an index into Capture::samples, or into snapshots without samples.
    void setCursorSource(int source);
    void ensureBuilt();
    bool isBuilding() const;
    bool isCurrent() const;

    TimeHeatmapPtr heatmap() const { return m_heatmap; }
    HeatmapPicture exportPicture() const;
    QByteArray csv() const;

    HeatmapPlot* plot() const { return m_plot; }
    QComboBox* metricCombo() const { return m_metricCombo; }
    QLabel* captionLabel() const { return m_caption; }
    HeatmapJob* job() const { return m_job; }

signals:
    void positionRequested(int source);
    void heatmapShown();
    void metricChanged(numasight::HeatmapMetric metric);
    void exportRequested();

protected:
private:
    void scheduleBuild();
    void build();
    void onResult(const HeatmapResult& result);
    void updateCaption();

    HeatmapJob* m_job;
    HeatmapPlot* m_plot;
    QComboBox* m_metricCombo;
    QLabel* m_caption;
    MessageBar* m_error;
    DeferredBuild* m_deferred;
    CapturePtr m_capture, m_jobCapture, m_shownCapture;
    std::optional<HeatmapSubject> m_subject, m_jobSubject, m_shownSubject;
    HeatmapMetric m_metric = HeatmapMetric::CpuShare;
    HeatmapMetric m_jobMetric = HeatmapMetric::CpuShare, m_shownMetric = HeatmapMetric::CpuShare;
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
class MatrixPanel : public QWidget
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
    MatrixOrder order() const { return m_order; }
    void ensureBuilt();
    bool isBuilding() const;
    bool isCurrent() const;

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
    MessageBar* errorBar() const { return m_error; }
    HeatmapJob* job() const { return m_job; }
    MeasureJob* measureJob() const { return m_measureJob; }

signals:
    void heatmapShown();
    void orderChanged(numasight::MatrixOrder order);
    void matrixChanged(const QString& label);
    void exportRequested();
    void measureRequested(); // the button: the window asks for options, then calls startMeasurement
    void captureMeasured(numasight::CapturePtr capture);
    void measurementFinished(bool ok);

protected:
private:
    void updateChoices();
    void scheduleBuild();
    void build();
    void onResult(const HeatmapResult& result);

    HeatmapJob* m_job;
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
    DeferredBuild* m_deferred;
    CapturePtr m_capture;
    std::shared_ptr<const Snapshot> m_snapshot, m_jobSnapshot, m_shownSnapshot;
    std::vector<MatrixChoice> m_choices;
    QString m_label, m_jobLabel, m_shownLabel; // the choice by its label: survives another snapshot
    MatrixOrder m_order = MatrixOrder::ByDistance;
    MatrixOrder m_jobOrder = MatrixOrder::ByDistance, m_shownOrder = MatrixOrder::ByDistance;
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
