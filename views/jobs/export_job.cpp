#include "views/jobs/export_job.h"

#include <QElapsedTimer>
#include <QMetaObject>

namespace numasight {

ExportJob::ExportJob(const QString& threadName, QObject* parent)
    : QObject(parent)
{
    m_pool.setMaxThreadCount(1);
    m_pool.setObjectName(threadName);
}

ExportJob::~ExportJob()
{
    m_pool.waitForDone();
}

void ExportJob::run(std::function<Result<qint64>()> write, const QString& path)
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
