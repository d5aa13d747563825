// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/heatmap/heatmap_export_flow.h"

#include "views/heatmap/heatmap_export.h"
#include "views/heatmap/heatmap_tabs.h"
#include "views/jobs/heatmap_export_job.h"

#include <QFileDialog>

namespace numasight {

HeatmapExportFlow::HeatmapExportFlow(HeatmapTabs* tabs)
    : ExportFlow(tabs, QStringLiteral("heatmapExport/directory"), QStringLiteral("heatmapExport/format"))
    , m_tabs(tabs)
    , m_job(new HeatmapExportJob(this))
{
    reportJob(m_job, tr("the plot"));
    connect(tabs, &HeatmapTabs::heatmapReady, this, &HeatmapExportFlow::startPending);
}

void HeatmapExportFlow::showDialog(QWidget* parent, const QString& baseName, bool matrix)
{
    if (!m_tabs->capture())
        return;
    const auto format = heatmapExportFormatFromName(lastFormatName()).value_or(HeatmapExportFormat::Png);
    const HeatmapTabs::ExportSource source = m_tabs->exportSource(matrix);
    auto* dialog = new QFileDialog(parent, tr("Export Plot"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setObjectName(QStringLiteral("exportPlotDialog"));
    dialog->setAcceptMode(QFileDialog::AcceptSave);
    const QStringList filters{tr("PNG image (*.png)"), tr("PDF document (*.pdf)"), tr("SVG drawing (*.svg)"),
                              tr("Numbers as CSV (*.csv)")};
    dialog->setNameFilters(filters);
    dialog->selectNameFilter(filters[int(format)]);
    dialog->setDefaultSuffix(heatmapExportFormatName(format));
    dialog->setDirectory(lastDirectory());
    dialog->selectFile(
        QStringLiteral("%1-%2.%3").arg(baseName, source.baseName, heatmapExportFormatName(format)));
    connect(dialog, &QFileDialog::filterSelected, dialog, [dialog, filters](const QString& filter) {
        const int i = int(filters.indexOf(filter));
        if (i >= 0)
            dialog->setDefaultSuffix(heatmapExportFormatName(HeatmapExportFormat(i)));
    });
    connect(dialog, &QFileDialog::fileSelected, this, [this, matrix](const QString& path) {
        const auto f = heatmapExportFormatForPath(path);
        remember(path, f ? heatmapExportFormatName(*f) : QString());
        exportTo(path, matrix);
    });
    dialog->open();
}

void HeatmapExportFlow::exportTo(const QString& path, bool matrix)
{
    if (!m_tabs->capture()) {
        emit message(tr("Open a file before exporting a plot."), MessageBar::Kind::Information);
        return;
    }
    if (!heatmapExportFormatForPath(path)) {
        emit message(tr("%1: name the file .png, .pdf, .svg or .csv").arg(path), MessageBar::Kind::Error);
        return;
    }
    exportWhenReady(path, tr("Building the heatmap for %1…").arg(path),
                    [this, matrix](const QString& target) { write(target, matrix); });
}

bool HeatmapExportFlow::isReady() const
{
    return m_tabs->isCurrentReady();
}

// The view may never have been shown (heatmaps build only when seen): build it now.
void HeatmapExportFlow::prepare()
{
    m_tabs->ensureCurrentBuilt();
}

void HeatmapExportFlow::write(const QString& path, bool matrix)
{
    const HeatmapTabs::ExportSource source = m_tabs->exportSource(matrix);
    const auto format = heatmapExportFormatForPath(path).value_or(HeatmapExportFormat::Png);
    if (format == HeatmapExportFormat::Csv) {
        m_job->startCsv(source.csv, path);
    } else {
        // Drawn here (QCustomPlot is a widget), encoded and written by the worker.
        Result<RenderedHeatmap> rendered = renderHeatmapExport(source.picture, format, {}, 1.0, path);
        if (!rendered) {
            emit message(rendered.error().toString(), MessageBar::Kind::Error);
            return;
        }
        m_job->start(std::move(rendered).value(), path);
    }
    emit statusMessage(tr("Exporting the plot to %1…").arg(path), 0);
}

} // namespace numasight
