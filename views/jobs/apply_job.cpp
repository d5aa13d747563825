// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/jobs/apply_job.h"

#include "advice/live_apply.h"

#include <exception>

namespace numasight {

// One change to a process at a time.
ApplyJob::ApplyJob(QObject* parent)
    : WorkerJob(QStringLiteral("numasight-apply"), 1, parent)
{
    qRegisterMetaType<ApplyPlanPtr>();
    qRegisterMetaType<ApplyRunPtr>();
}

// `work` runs on the worker and returns what to emit on the GUI thread (empty: it was cancelled); an
// exception it throws is reported through failed().
template <class Work>
quint64 ApplyJob::begin(Operation operation, Work work)
{
    m_operation = operation;
    const quint64 job = run(
        [this, work = std::move(work)](const Progress& progress) -> std::optional<Emit> {
            try {
                return work(progress);
            } catch (const std::exception& e) {
                return failure(ApplyJob::tr("Apply failed: %1").arg(QString::fromUtf8(e.what())));
            }
        },
        [](const Emit& emitResult) { emitResult(); });
    emit started(job, operation);
    return job;
}

ApplyJob::Emit ApplyJob::failure(const QString& message)
{
    return [this, message] { emit failed(message); };
}

quint64 ApplyJob::plan(std::int64_t pid, const CpuSet& cpus, const NodeSet& memoryNodes)
{
    return begin(Operation::Plan,
                 [this, pid, cpus, memoryNodes](const Progress& progress) -> std::optional<Emit> {
                     Result<ApplyPlan> r = planApply(pid, cpus, memoryNodes);
                     if (progress.isCancelled())
                         return std::nullopt;
                     if (!r)
                         return failure(r.error().toString());
                     auto plan = std::make_shared<const ApplyPlan>(std::move(r).value());
                     return Emit([this, plan] { emit planned(plan); });
                 });
}

// An apply's result always arrives, even after cancel(): it may have changed the process, and Undo needs it.
quint64 ApplyJob::apply(ApplyPlanPtr plan, std::int64_t periodNs, const QString& workDir)
{
    return begin(Operation::Apply,
                 [this, plan, periodNs, workDir](const Progress& progress) -> std::optional<Emit> {
                     Result<ApplyRun> r = applyAndVerify(*plan, periodNs, workDir, progress);
                     if (!r) {
                         if (r.error().cancelled)
                             return std::nullopt;
                         return failure(r.error().toString());
                     }
                     auto result = std::make_shared<const ApplyRun>(std::move(r).value());
                     return Emit([this, result] { emit applied(result); });
                 });
}

quint64 ApplyJob::undo(ApplyRunPtr run)
{
    return begin(Operation::Undo, [this, run](const Progress& progress) -> std::optional<Emit> {
        Result<QStringList> r = undoApply(run->result);
        if (progress.isCancelled())
            return std::nullopt;
        if (!r)
            return failure(r.error().toString());
        const QStringList lines = r.value();
        return Emit([this, lines] { emit undone(lines); });
    });
}

void ApplyJob::cancel()
{
    if (!isRunning())
        return;
    if (m_operation == Operation::Apply) {
        currentFlag()->store(true);
        return; // stops between steps; its result (or "cancelled") still arrives, see apply()
    }
    WorkerJob::cancel();
}

} // namespace numasight
