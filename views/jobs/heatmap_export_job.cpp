// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/jobs/heatmap_export_job.h"

#include "report/output_file.h"
#include "views/common/export_file.h"

#include <QCoreApplication>

namespace numasight {

HeatmapExportJob::HeatmapExportJob(QObject* parent)
    : ExportJob(QStringLiteral("numasight-heatmap-export"), parent)
{
}

void HeatmapExportJob::start(RenderedHeatmap rendered, const QString& path)
{
    run([rendered = std::move(rendered), path] { return writeHeatmapExport(rendered, path); }, path);
}

void HeatmapExportJob::startCsv(std::function<QByteArray()> csv, const QString& path)
{
    run(
        [csv = std::move(csv), path]() -> Result<qint64> {
            const QByteArray bytes = csv ? csv() : QByteArray();
            if (bytes.isEmpty())
                return exportError(
                    path, QCoreApplication::translate("numasight::HeatmapExportJob",
                                                      "nothing to export: the heatmap has no numbers yet"));
            OutputFile file(path);
            if (!file.open() || !file.write(bytes) || !file.commit())
                return exportError(path, file.reason());
            return qint64(bytes.size());
        },
        path);
}

} // namespace numasight
