// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/jobs/heatmap_job.h"

#include <exception>

namespace numasight {

// One build may still be winding down (uncancellable) while the next one starts.
HeatmapJob::HeatmapJob(QObject* parent)
    : WorkerJob(QStringLiteral("numasight-heatmap"), 2, parent)
{
    qRegisterMetaType<HeatmapResult>();
}

quint64 HeatmapJob::start(std::function<HeatmapResult()> build)
{
    const quint64 job = run(
        [build = std::move(build)](const Progress&) {
            try {
                return build();
            } catch (const std::exception& e) {
                // A worker must not take the application down; the panel shows the reason instead.
                HeatmapResult result;
                result.error = QString::fromLocal8Bit(e.what());
                return result;
            }
        },
        [this](quint64 job, const HeatmapResult& result) { emit resultAvailable(job, result); });
    emit started(job);
    return job;
}

} // namespace numasight
