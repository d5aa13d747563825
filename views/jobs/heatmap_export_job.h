// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "views/heatmap/heatmap_export.h"
#include "views/jobs/export_job.h"

#include <functional>

namespace numasight {

// Writes heatmap exports off the GUI thread. QCustomPlot is a widget, so the picture is drawn on the GUI
// thread first (renderHeatmapExport: quick, a few dozen ms); encoding the PNG, writing the file and making
// a 10 000-row CSV are the slow parts and happen here. Exports run one after the other, in the order asked.
class HeatmapExportJob : public ExportJob
{
    Q_OBJECT
public:
    explicit HeatmapExportJob(QObject* parent = nullptr);

    void start(RenderedHeatmap rendered, const QString& path);
    // `csv` runs on the worker: it must only read immutable data (a heatmap's shared pointer).
    void startCsv(std::function<QByteArray()> csv, const QString& path);
};

} // namespace numasight
