#include "views/jobs/apply_job.h"

#include "advice/live_apply.h"

#include <QMetaObject>

#include <exception>

namespace numasight {

// One change to a process at a time.
ApplyJob::ApplyJob(QObject* parent)
    : WorkerJob(QStringLiteral("numasight-apply"), 1, parent)
{
    qRegisterMetaType<ApplyPlanPtr>();
    qRegisterMetaType<ApplyRunPtr>();
}

ApplyJob::~ApplyJob()
{
    stopWorkers();
}

WorkerJob::Ticket ApplyJob::begin(Operation operation)
{
    const Ticket ticket = beginJob();
    m_operation = operation;
    emit started(ticket.job, operation);
    return ticket;
}

// `work` runs on the worker and returns a function that runs on the GUI thread (emitting the result) when
// the job is still current.
template <class Work>
void ApplyJob::run(const Ticket& ticket, Work work)
{
    const quint64 job = ticket.job;
    const auto flag = ticket.cancelFlag;
    const bool isApply = m_operation == Operation::Apply;
    startWorker([this, job, flag, isApply, work = std::move(work)]() mutable {
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
                if (!takeResult(job))
                    return; // cancelled or superseded: cancel() already said so
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
    const Ticket ticket = begin(Operation::Plan);
    run(ticket,
        [this, pid, cpus, memoryNodes](const std::shared_ptr<std::atomic_bool>&) -> std::function<void()> {
            Result<ApplyPlan> r = planApply(pid, cpus, memoryNodes);
            if (!r) {
                const QString message = r.error().toString();
                return [this, message] { emit failed(message); };
            }
            auto plan = std::make_shared<const ApplyPlan>(std::move(r).value());
            return [this, plan] { emit planned(plan); };
        });
    return ticket.job;
}

quint64 ApplyJob::apply(ApplyPlanPtr plan, std::int64_t periodNs, const QString& workDir)
{
    const Ticket ticket = begin(Operation::Apply);
    const quint64 job = ticket.job;
    run(ticket,
        [this, job, plan, periodNs, workDir,
         progress = progressOf(ticket)](const std::shared_ptr<std::atomic_bool>&) -> std::function<void()> {
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
    const Ticket ticket = begin(Operation::Undo);
    this->run(ticket, [this, run](const std::shared_ptr<std::atomic_bool>&) -> std::function<void()> {
        Result<QStringList> r = undoApply(run->result);
        if (!r) {
            const QString message = r.error().toString();
            return [this, message] { emit failed(message); };
        }
        const QStringList lines = r.value();
        return [this, lines] { emit undone(lines); };
    });
    return ticket.job;
}

void ApplyJob::cancel()
{
    if (!isRunning())
        return;
    if (m_operation == Operation::Apply) {
        currentFlag()->store(true);
        return; // stops between steps; its result (or "cancelled") still arrives, see run()
    }
    m_operation = Operation::None;
    WorkerJob::cancel();
}

} // namespace numasight
