// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/jobs/measure_job.h"

namespace numasight {

namespace {

struct Measured
{
    std::shared_ptr<const MeasurementResult> result;
    QString error; // when there is no result
};

} // namespace

// One measurement at a time: two would load the same memory controllers and spoil each other's figures.
MeasureJob::MeasureJob(QObject* parent)
    : WorkerJob(QStringLiteral("numasight-measure"), 1, parent)
{
    qRegisterMetaType<std::shared_ptr<const MeasurementResult>>();
}

quint64 MeasureJob::start(SnapshotPtr topology, const MeasureOptions& options)
{
    const quint64 job = run(
        [topology = std::move(topology), options](const Progress& progress) -> std::optional<Measured> {
            Measured out;
            bool wasCancelled = false;
            const Result<MeasurementPlan> plan = planMeasurement(topology, options);
            if (!plan) {
                out.error = plan.error().toString();
            } else {
                Result<MeasurementResult> run = runMeasurement(*plan, progress);
                if (run) {
                    out.result = std::make_shared<const MeasurementResult>(std::move(run).value());
                } else {
                    wasCancelled = run.error().cancelled;
                    out.error = run.error().toString();
                }
            }
            if (wasCancelled || progress.isCancelled())
                return std::nullopt;
            return out;
        },
        [this](quint64 job, const Measured& out) {
            if (out.result)
                emit measured(job, out.result);
            else
                emit failed(job, out.error);
        });
    emit started(job);
    return job;
}

} // namespace numasight
