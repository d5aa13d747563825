// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/jobs/export_job.h"

#include <QElapsedTimer>

namespace numasight {

namespace {

struct Written
{
    qint64 bytes = -1;
    double seconds = 0;
    QString error; // when nothing was written
};

} // namespace

ExportJob::ExportJob(const QString& threadName, QObject* parent)
    : WorkerJob(threadName, 1, parent, Order::EveryJob)
{
}

void ExportJob::run(std::function<Result<qint64>()> write, const QString& path)
{
    WorkerJob::run(
        [write = std::move(write)](const Progress&) {
            QElapsedTimer timer;
            timer.start();
            const Result<qint64> result = write();
            Written out;
            out.seconds = double(timer.nsecsElapsed()) / 1e9;
            if (result.ok())
                out.bytes = result.value();
            else
                out.error = result.error().toString();
            return out;
        },
        [this, path](const Written& out) {
            if (out.error.isEmpty())
                emit exported(path, out.bytes, out.seconds);
            else
                emit failed(out.error);
        });
}

} // namespace numasight
