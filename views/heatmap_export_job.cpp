#include "heatmap_export_job.h"

#include <QElapsedTimer>
#include <QMetaObject>
#include <QSaveFile>

namespace numasight {

HeatmapExportJob::HeatmapExportJob(QObject* parent)
    : QObject(parent)
{
    m_pool.setMaxThreadCount(1);
    m_pool.setObjectName(QStringLiteral("numasight-heatmap-export"));
}

HeatmapExportJob::~HeatmapExportJob()
{
    m_pool.waitForDone();
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

void HeatmapExportJob::run(std::function<Result<qint64>()> write, const QString& path)
{
    ++m_running;
    m_pool.start([this, write = std::move(write), path] {
        QElapsedTimer timer;
        timer.start();
        const Result<qint64> result = write();
        const double seconds = double(timer.nsecsElapsed()) / 1e9;
        const qint64 bytes = result.ok() ? result.value() : -1;
        const QString error = result.ok() ? QString() : result.error().toString();
        QMetaObject::invokeMethod(
            this,
            [this, path, bytes, seconds, error] {
                --m_running;
                if (error.isEmpty())
                    emit exported(path, bytes, seconds);
                else
                    emit failed(error);
            },
            Qt::QueuedConnection);
    });
}

} // namespace numasight
