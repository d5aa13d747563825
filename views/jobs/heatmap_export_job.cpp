#include "views/jobs/heatmap_export_job.h"

#include <QSaveFile>

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
            LoadError e;
            e.file = path;
            if (bytes.isEmpty()) {
                e.message = QStringLiteral("nothing to export: the heatmap has no numbers yet");
                return e;
            }
            QSaveFile file(path);
            if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit()) {
                e.message = QStringLiteral("cannot write: %1; pick a folder you can write to")
                                .arg(file.errorString());
                return e;
            }
            return qint64(bytes.size());
        },
        path);
}

} // namespace numasight
