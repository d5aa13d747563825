// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/heatmap/heatmap_export_flow.h"

#include "views/common/export_dialog.h"
#include "views/heatmap/heatmap_export.h"
#include "views/heatmap/heatmap_tabs.h"
#include "views/jobs/heatmap_export_job.h"

#include <QDir>
#include <QSettings>

namespace numasight {

namespace {

const QString kDpiKey = QStringLiteral("heatmapExport/dpi");
const QString kSizeKey = QStringLiteral("heatmapExport/size");

} // namespace

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
    ExportDialog::Formats formats;
    formats.list = {{int(HeatmapExportFormat::Png), tr("PNG — image"), true},
                    {int(HeatmapExportFormat::Pdf), tr("PDF — vector, one page"), false},
                    {int(HeatmapExportFormat::Svg), tr("SVG — vector, searchable text"), false},
                    {int(HeatmapExportFormat::Csv), tr("CSV — the numbers, every row"), false}};
    formats.forPath = [](const QString& path) -> std::optional<int> {
        if (const auto f = heatmapExportFormatForPath(path))
            return int(*f);
        return std::nullopt;
    };
    formats.suffix = [](int id) { return heatmapExportFormatName(HeatmapExportFormat(id)); };
    auto* dialog =
        new ExportDialog(tr("Export Plot"),
                         tr("PNG image (*.png);;PDF document (*.pdf);;SVG drawing (*.svg);;Numbers "
                            "as CSV (*.csv);;All files (*)"),
                         std::move(formats), parent);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setObjectName(QStringLiteral("exportPlotDialog"));
    // The size that shows every row unless the user chose another; a size chosen before is offered again.
    const QSize fitting = defaultHeatmapExportSize(source.picture);
    const QSize remembered = QSettings().value(kSizeKey).toSize();
    dialog->offerSize(remembered.isValid() ? remembered : fitting, kMinHeatmapExportSide,
                      kMaxHeatmapExportSide);
    dialog->setPictureSize(QSizeF(dialog->chosenSize()), kHeatmapExportDpi);
    dialog->setDpi(QSettings().value(kDpiKey, kHeatmapExportDpi).toInt());
    dialog->setFormatId(int(format));
    dialog->setPath(
        QDir(lastDirectory())
            .filePath(
                QStringLiteral("%1-%2.%3").arg(baseName, source.baseName, heatmapExportFormatName(format))));
    connect(dialog, &QDialog::accepted, this, [this, dialog, matrix, fitting] {
        const auto f = heatmapExportFormatForPath(dialog->path());
        remember(dialog->path(), f ? heatmapExportFormatName(*f) : QString());
        QSettings settings;
        settings.setValue(kDpiKey, dialog->dpi());
        // A size left at the fitting one follows the next picture's rows.
        if (dialog->chosenSize() == fitting)
            settings.remove(kSizeKey);
        else
            settings.setValue(kSizeKey, dialog->chosenSize());
        exportTo(dialog->path(), matrix, dialog->chosenSize(), dialog->dpi());
    });
    dialog->open();
}

void HeatmapExportFlow::exportTo(const QString& path, bool matrix, QSize size, int dpi)
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
                    [this, matrix, size, dpi](const QString& target) { write(target, matrix, size, dpi); });
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

void HeatmapExportFlow::write(const QString& path, bool matrix, QSize size, int dpi)
{
    const HeatmapTabs::ExportSource source = m_tabs->exportSource(matrix);
    const auto format = heatmapExportFormatForPath(path).value_or(HeatmapExportFormat::Png);
    if (format == HeatmapExportFormat::Csv) {
        m_job->startCsv(source.csv, path);
    } else {
        // Drawn here (QCustomPlot is a widget), encoded and written by the worker.
        Result<RenderedHeatmap> rendered =
            renderHeatmapExport(source.picture, format, size, double(dpi) / kHeatmapExportDpi, path);
        if (!rendered) {
            emit message(rendered.error().toString(), MessageBar::Kind::Error);
            return;
        }
        m_job->start(std::move(rendered).value(), path);
    }
    emit statusMessage(tr("Exporting the plot to %1…").arg(path), 0);
}

} // namespace numasight
