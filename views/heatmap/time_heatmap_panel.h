// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/heatmap_data.h"
#include "views/heatmap/heatmap_panel_base.h"
#include "views/heatmap/heatmap_picture.h"
#include "views/jobs/load_job.h" // declares CapturePtr as a metatype

#include <optional>

class QComboBox;
class QLabel;

namespace numasight {

class HeatmapPlot;

// The over-time tab: one thread or process of a recording, node by node (rows) and sample by sample
// (columns), with the timeline's position marked. A click on a column moves the timeline there.
class TimeHeatmapPanel : public HeatmapPanelBase
{
    Q_OBJECT
public:
    explicit TimeHeatmapPanel(QWidget* parent = nullptr);

    void setCapture(CapturePtr capture, bool fresh = false);
    void clear() override;
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

} // namespace numasight
