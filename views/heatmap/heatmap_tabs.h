// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/snapshot.h"
#include "views/heatmap/heatmap_picture.h"
#include "views/heatmap/heatmap_plot.h"
#include "views/jobs/load_job.h" // declares CapturePtr as a metatype, which signals below carry

#include <QSet>
#include <QVariantMap>
#include <QWidget>

#include <functional>

class QComboBox;
class QTabWidget;

namespace numasight {

class HeatmapExportFlow;
class NodeHeatmapPanel;
class MatrixPanel;
class MismatchPanel;
class TimeHeatmapPanel;

// The "Heatmaps" tab of the window: CPU, Memory, Mismatch, Over time and Matrices, each a panel of its own,
// fed from the capture shown and the timeline's position. The window decides which samples the heatmaps sum
// (the timeline's sample, as the graph does; the snapshot's samples; or the whole recording). Picking a row
// in any of them says which thread or process it is, so the window can select it everywhere; picking one
// elsewhere selects its rows here and makes it the subject of the over-time heatmap. File ▸ Export Plot is
// exportFlow()'s.
class HeatmapTabs : public QWidget
{
    Q_OBJECT
public:
    enum class View
    {
        Cpu,
        Memory,
        Mismatch,
        Time,
        Matrices
    };
    enum class Window
    {
        Sample,   // the timeline's sample (a snapshot without samples: the snapshot alone)
        Snapshot, // every sample taken while the timeline's snapshot was in force
        Recording // every sample, against the last snapshot
    };
    static QString viewName(View view); // "cpu", "memory", "mismatch", "time", "matrices"
    static std::optional<View> viewFromName(QStringView name);
    static QString windowName(Window window); // "sample", "snapshot", "recording"
    static std::optional<Window> windowFromName(QStringView name);

    explicit HeatmapTabs(QWidget* parent = nullptr);
    ~HeatmapTabs() override;

    // `position`: the timeline's, an index into samples (or into snapshots when there are none).
    void setCapture(CapturePtr capture, int snapshotIndex, int position, bool fresh);
    void clear();
    CapturePtr capture() const { return m_capture; } // null when cleared
    // Selects the rows of `id` (an entity of the capture's snapshot `snapshotIndex`), and makes a thread
    // or process the over-time subject. Emits nothing.
    void selectEntity(EntityId id);
    void selectThread(std::int64_t pid, std::int64_t tid, QStringView ns = u"local");

    // Marks the row labels of these processes and threads in the CPU, memory and mismatch heatmaps (a
    // comparison's changed rows); empty sets clear the marks.
    void setHighlighted(const QSet<std::int64_t>& pids, const QSet<std::int64_t>& tids);
    QSet<std::int64_t> highlightedPids() const { return m_highlightPids; }
    QSet<std::int64_t> highlightedTids() const { return m_highlightTids; }
    // A comparison's widgets: `bar` (its A | B | Δ switch and legend) above the tabs, `delta` (its map of
    // B − A) below them. Both show and hide themselves.
    void addComparisonViews(QWidget* bar, QWidget* delta);

    View currentView() const;
    void setCurrentView(View view);
    Window window() const { return m_window; }
    void setWindow(Window window);
    // Everything worth remembering between runs: view, window, sorts, measure, metric, matrix order.
    QVariantMap state() const;
    void setState(const QVariantMap& state);

    // What File ▸ Export Plot writes for the view in front: its picture (every row the view has open) and
    // its numbers. `matrix`: the mismatch view's node × node matrix instead of its processes.
    struct ExportSource
    {
        HeatmapPicture picture;
        std::function<QByteArray()> csv; // runs on a worker: holds only immutable data
        QString baseName;                // "cpu-heatmap", "distance", …
        bool ready = false;              // the view has its data (else an export must wait for heatmapReady)
    };
    ExportSource exportSource(bool matrix = false) const;
    // Builds the view in front now if it waits to be shown; heatmapReady follows when it is.
    void ensureCurrentBuilt();
    bool isCurrentReady() const;

    NodeHeatmapPanel* cpuPanel() const { return m_cpu; }
    NodeHeatmapPanel* memoryPanel() const { return m_memory; }
    MismatchPanel* mismatchPanel() const { return m_mismatch; }
    TimeHeatmapPanel* timePanel() const { return m_time; }
    MatrixPanel* matrixPanel() const { return m_matrices; }
    QTabWidget* tabs() const { return m_tabs; }
    QComboBox* windowCombo() const { return m_windowCombo; }
    HeatmapExportFlow* exportFlow() const { return m_exportFlow; }

signals:
    // A row picked in a heatmap: `entity` belongs to the capture's snapshot `snapshotIndex` given last, or
    // is invalid when the row has none there (then pid/tid say who it is).
    void rowSelected(numasight::EntityId entity, qint64 pid, qint64 tid, const QString& ns);
    void positionRequested(int position);
    void stateChanged();
    void heatmapReady(); // the view in front has the data of the input set last
    void exportRequested(bool matrix);
    void measureRequested();
    void captureMeasured(numasight::CapturePtr capture);

private:
    void feed(bool fresh);
    void onRowSelected(EntityId entity, qint64 pid, qint64 tid, const QString& ns);

    QTabWidget* m_tabs;
    QComboBox* m_windowCombo;
    NodeHeatmapPanel* m_cpu;
    NodeHeatmapPanel* m_memory;
    MismatchPanel* m_mismatch;
    TimeHeatmapPanel* m_time;
    MatrixPanel* m_matrices;
    HeatmapExportFlow* m_exportFlow;
    CapturePtr m_capture;
    int m_snapshotIndex = -1;
    int m_position = -1;
    Window m_window = Window::Sample;
    QSet<std::int64_t> m_highlightPids, m_highlightTids;
};

} // namespace numasight
