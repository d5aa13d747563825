// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/jobs/load_job.h"

#include "readers/open_input.h"

namespace numasight {

// A superseded load may still be winding down when the next starts; the second thread lets the new one
// begin at once instead of queuing behind it.
LoadJob::LoadJob(QObject* parent)
    : WorkerJob(QStringLiteral("numasight-loader"), 2, parent)
{
    qRegisterMetaType<std::shared_ptr<const Capture>>();
}

quint64 LoadJob::start(const QString& path)
{
    m_currentPath = path;
    const quint64 job = run(
        [path](const Progress& progress) -> std::optional<Result<CapturePtr>> {
            Result<CapturePtr> result = openInput(path, progress);
            if (progress.isCancelled() || (!result.ok() && result.error().cancelled))
                return std::nullopt;
            return result;
        },
        [this, path](const Result<CapturePtr>& result) {
            if (result.ok() && result.value()) {
                emit captureAvailable(result.value());
                return;
            }
            const QString error = result.ok() ? QString() : result.error().toString();
            emit loadFailed(error.isEmpty() ? tr("%1: no data").arg(path) : error);
        });
    emit started(job, path);
    return job;
}

} // namespace numasight
