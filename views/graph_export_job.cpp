#include "graph_export_job.h"

#include <QElapsedTimer>
#include <QMetaObject>

namespace numasight {

GraphExportJob::GraphExportJob(QObject* parent)
    : QObject(parent)
{
    m_pool.setMaxThreadCount(1);
    m_pool.setObjectName(QStringLiteral("numasight-graph-export"));
}

GraphExportJob::~GraphExportJob()
{
    m_pool.waitForDone();
}

void GraphExportJob::start(GraphLayoutPtr layout, const QString& path, const GraphExportOptions& options)
{
    ++m_running;
    m_pool.start([this, layout = std::move(layout), path, options] {
        QElapsedTimer timer;
        timer.start();
        const Result<qint64> result = [&]() -> Result<qint64> {
            if (layout)
                return exportGraph(*layout, path, options);
            LoadError e;
            e.file = path;
            e.message = QStringLiteral("no graph to export: open a file first");
            return e;
        }();
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
