// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "views/jobs/export_job.h"
#include "views/report/report.h"

namespace numasight {

// File ▸ Export Report…: the report planned on a worker (advice, comparison, graph layouts and drawings,
// heatmap data), its heatmaps drawn on the GUI thread (QCustomPlot is a widget: a few dozen ms each), then
// written on a worker. Progress covers the planning, the long part; cancel() stops it between steps and
// nothing is written. Reports run one after the other, in the order asked.
class ReportJob : public WorkerJob
{
    Q_OBJECT
public:
    explicit ReportJob(QObject* parent = nullptr);

    void start(ReportInput input, const QString& path);

signals:
    void exported(const QString& path, qint64 bytes, double seconds);
    void failed(const QString& message);

private:
    ExportJob* m_writer;
};

} // namespace numasight
