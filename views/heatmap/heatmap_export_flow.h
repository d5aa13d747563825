// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "views/common/export_flow.h"
#include "views/heatmap/heatmap_export.h"

#include <QSize>

class QWidget;

namespace numasight {

class HeatmapExportJob;
class HeatmapTabs;

// File ▸ Export Plot for the Heatmaps tab: a save dialog (which remembers the folder and the format), then
// the plot of the view in front (PNG, PDF, SVG by its picture; CSV by its numbers) once the view has the
// data of what is shown, built first when it was never seen. The picture is drawn here (QCustomPlot is a
// widget); encoding and writing happen on a worker. `matrix`: the mismatch view's node matrix rather than
// its processes. An export waiting for its view is dropped when the tab is cleared.
class HeatmapExportFlow : public ExportFlow
{
    Q_OBJECT
public:
    explicit HeatmapExportFlow(HeatmapTabs* tabs);

    // The file name proposed is "<baseName>-<view>.<format>" in the folder used last.
    // The dialog offers the picture's size and, for PNG, a resolution; both are remembered.
    void showDialog(QWidget* parent, const QString& baseName, bool matrix);
    // `size`: of the picture (empty: one that shows every row); `dpi`: a PNG's resolution (its pixels are
    // size × dpi / 96).
    void exportTo(const QString& path, bool matrix = false, QSize size = {}, int dpi = kHeatmapExportDpi);
    HeatmapExportJob* job() const { return m_job; }

private:
    bool isReady() const override;
    void prepare() override;
    void write(const QString& path, bool matrix, QSize size, int dpi);

    HeatmapTabs* m_tabs;
    HeatmapExportJob* m_job;
};

} // namespace numasight
