#include "apply_job.h"

#include "advice/live_apply.h"

#include <QMetaObject>

#include <exception>

namespace numasight {

ApplyJob::ApplyJob(QObject* parent)
    : QObject(parent)
{
    qRegisterMetaType<ApplyPlanPtr>();
    qRegisterMetaType<ApplyRunPtr>();
    m_pool.setMaxThreadCount(1); // one change to a process at a time
    m_pool.setObjectName(QStringLiteral("numasight-apply"));
}

ApplyJob::~ApplyJob()
{
    if (m_cancelFlag)
        m_cancelFlag->store(true);
    m_current = 0;
    m_pool.waitForDone();
}

quint64 ApplyJob::begin(Operation operation)
{
    if (m_cancelFlag)
        m_cancelFlag->store(true);
    const quint64 job = ++m_lastJob;
    m_current = job;
    m_operation = operation;
    m_cancelFlag = std::make_shared<std::atomic_bool>(false);
    emit started(job, operation);
    return job;
}

// `work` runs on the worker and returns a function that runs on the GUI thread (emitting the result) when
// the job is still current.
template <class Work>
void ApplyJob::run(quint64 job, Work work)
{
    auto flag = m_cancelFlag;
    const bool isApply = m_operation == Operation::Apply;
    m_pool.start([this, job, flag, isApply, work = std::move(work)]() mutable {
        std::function<void()> deliver;
        try {
            deliver = work(flag);
        } catch (const std::exception& e) {
            const QString message = tr("Apply failed: %1").arg(QString::fromUtf8(e.what()));
            deliver = [this, message] { emit failed(message); };
        }
        QMetaObject::invokeMethod(
            this,
            [this, job, flag, isApply, deliver] {
                if (job != m_current)
                    return; // cancelled or superseded: cancel() already said so
                m_current = 0;
                m_operation = Operation::None;
                // An apply's result always arrives: it may have changed the process, and Undo needs it.
                if (flag->load() && !isApply)
                    emit cancelled(job);
                else
                    deliver();
                emit finished(job);
            },
            Qt::QueuedConnection);
    });
}

quint64 ApplyJob::plan(std::int64_t pid, const CpuSet& cpus, const NodeSet& memoryNodes)
{
    const quint64 job = begin(Operation::Plan);
    run(job,
        [this, pid, cpus, memoryNodes](const std::shared_ptr<std::atomic_bool>&) -> std::function<void()> {
            Result<ApplyPlan> r = planApply(pid, cpus, memoryNodes);
            if (!r) {
                const QString message = r.error().toString();
                return [this, message] { emit failed(message); };
            }
            auto plan = std::make_shared<const ApplyPlan>(std::move(r).value());
            return [this, plan] { emit planned(plan); };
        });
    return job;
}

quint64 ApplyJob::apply(ApplyPlanPtr plan, std::int64_t periodNs, const QString& workDir)
{
    const quint64 job = begin(Operation::Apply);
    run(job,
        [this, job, plan, periodNs,
         workDir](const std::shared_ptr<std::atomic_bool>& flag) -> std::function<void()> {
            Progress progress = Progress::withFlag(flag);
            auto lastPercent = std::make_shared<std::atomic_int>(-1);
            progress.report = [this, job, lastPercent](double f) {
                const int percent = int(f * 100.0);
                if (lastPercent->exchange(percent) == percent)
                    return;
                QMetaObject::invokeMethod(
                    this, [this, job, f] { report(job, f); }, Qt::QueuedConnection);
            };
            Result<ApplyRun> r = applyAndVerify(*plan, periodNs, workDir, progress);
            if (!r) {
                if (r.error().cancelled)
                    return [this, job] { emit cancelled(job); };
                const QString message = r.error().toString();
                return [this, message] { emit failed(message); };
            }
            auto result = std::make_shared<const ApplyRun>(std::move(r).value());
            return [this, result] { emit applied(result); };
        });
    return job;
}

quint64 ApplyJob::undo(ApplyRunPtr run)
{
    const quint64 job = begin(Operation::Undo);
    this->run(job, [this, run](const std::shared_ptr<std::atomic_bool>&) -> std::function<void()> {
        Result<QStringList> r = undoApply(run->result);
        if (!r) {
            const QString message = r.error().toString();
            return [this, message] { emit failed(message); };
        }
        const QStringList lines = r.value();
        return [this, lines] { emit undone(lines); };
    });
    return job;
}

void ApplyJob::cancel()
{
    if (m_current == 0)
        return;
    const quint64 job = m_current;
    m_cancelFlag->store(true);
    if (m_operation == Operation::Apply)
        return; // stops between steps; its result (or "cancelled") still arrives, see run()
    m_current = 0;
    m_operation = Operation::None;
    emit cancelled(job);
    emit finished(job);
}

void ApplyJob::report(quint64 job, double fraction)
{
    if (job == m_current)
        emit progressChanged(job, fraction);
}

} // namespace numasight
