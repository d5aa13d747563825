#include "views/jobs/measure_job.h"

#include <QMetaObject>

namespace numasight {

// One measurement at a time: two would load the same memory controllers and spoil each other's figures.
MeasureJob::MeasureJob(QObject* parent)
    : WorkerJob(QStringLiteral("numasight-measure"), 1, parent)
{
    qRegisterMetaType<std::shared_ptr<const MeasurementResult>>();
}

MeasureJob::~MeasureJob()
{
    stopWorkers();
}

quint64 MeasureJob::start(std::shared_ptr<const Snapshot> topology, const MeasureOptions& options)
{
    const Ticket ticket = beginJob();
    const quint64 job = ticket.job;
    emit started(job);
    startWorker([this, ticket, progress = progressOf(ticket), topology = std::move(topology), options] {
        QString error;
        std::shared_ptr<const MeasurementResult> result;
        bool wasCancelled = false;
        const Result<MeasurementPlan> plan = planMeasurement(topology, options);
        if (!plan) {
            error = plan.error().toString();
        } else {
            Result<MeasurementResult> run = runMeasurement(*plan, progress);
            if (run)
                result = std::make_shared<const MeasurementResult>(std::move(run).value());
            else {
                wasCancelled = run.error().cancelled;
                error = run.error().toString();
            }
        }
        wasCancelled = wasCancelled || ticket.cancelFlag->load();
        QMetaObject::invokeMethod(
            this,
            [this, job = ticket.job, result, error, wasCancelled] {
                if (!takeResult(job))
                    return;
                if (wasCancelled)
                    emit cancelled(job);
                else if (result)
                    emit measured(job, result);
                else
                    emit failed(job, error);
                emit finished(job);
            },
            Qt::QueuedConnection);
    });
    return job;
}

} // namespace numasight
