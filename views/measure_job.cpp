#include "measure_job.h"

#include <QMetaObject>

namespace numasight {

MeasureJob::MeasureJob(QObject* parent)
    : QObject(parent)
{
    qRegisterMetaType<std::shared_ptr<const MeasurementResult>>();
    // One measurement at a time: two would load the same memory controllers and spoil each other's figures.
    m_pool.setMaxThreadCount(1);
    m_pool.setObjectName(QStringLiteral("numasight-measure"));
}

MeasureJob::~MeasureJob()
{
    cancel();
    m_pool.waitForDone();
}

quint64 MeasureJob::start(std::shared_ptr<const Snapshot> topology, const MeasureOptions& options)
{
    if (m_cancelFlag)
        m_cancelFlag->store(true);
    const quint64 job = ++m_lastJob;
    m_current = job;
    auto flag = std::make_shared<std::atomic_bool>(false);
    m_cancelFlag = flag;
    emit started(job);
    auto lastPercent = std::make_shared<std::atomic_int>(-1);
    m_pool.start([this, job, flag, lastPercent, topology = std::move(topology), options] {
        Progress progress = Progress::withFlag(flag);
        progress.report = [this, job, lastPercent](double f) {
            const int percent = int(f * 100.0);
            if (lastPercent->exchange(percent) == percent)
                return;
            QMetaObject::invokeMethod(
                this, [this, job, f] { report(job, f); }, Qt::QueuedConnection);
        };
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
        wasCancelled = wasCancelled || flag->load();
        QMetaObject::invokeMethod(
            this,
            [this, job, result, error, wasCancelled] {
                if (job != m_current)
                    return; // cancelled or superseded: cancel() already said so
                m_current = 0;
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

void MeasureJob::cancel()
{
    if (m_current == 0)
        return;
    const quint64 job = m_current;
    m_cancelFlag->store(true);
    m_current = 0;
    emit cancelled(job);
    emit finished(job);
}

void MeasureJob::report(quint64 job, double fraction)
{
    if (job == m_current)
        emit progressChanged(job, fraction);
}

} // namespace numasight
