// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "util/index_set.h"
#include "views/advice/advice_fwd.h"
#include "views/jobs/worker_job.h"

#include <QStringList>

#include <functional>
#include <memory>

namespace numasight {

using ApplyPlanPtr = std::shared_ptr<const ApplyPlan>;
using ApplyRunPtr = std::shared_ptr<const ApplyRun>;

} // namespace numasight

Q_DECLARE_METATYPE(numasight::ApplyPlanPtr)
Q_DECLARE_METATYPE(numasight::ApplyRunPtr)

namespace numasight {

// Runs live_apply's planApply(), applyAndVerify() and undoApply() on a worker: they read /proc, record for
// seconds and migrate pages, none of which may block the GUI thread. One operation at a time; each start
// gets a larger job id and a result is dropped unless its job is still the current one. cancel() drops a
// plan or an undo at once; an applyAndVerify stops between its steps (through its Progress) and still
// delivers its outcome — applied (the change was made before the cancel was seen: Undo needs it), failed,
// or cancelled — because only the worker knows whether the process was changed.
class ApplyJob : public WorkerJob
{
    Q_OBJECT
public:
    enum class Operation
    {
        None,
        Plan,
        Apply,
        Undo
    };

    explicit ApplyJob(QObject* parent = nullptr); // destroying it cancels and waits for the worker

    quint64 plan(std::int64_t pid, const CpuSet& cpus, const NodeSet& memoryNodes);
    quint64 apply(ApplyPlanPtr plan, std::int64_t periodNs, const QString& workDir);
    quint64 undo(ApplyRunPtr run);
    // A plan or an undo is dropped at once; an apply stops between its steps and still delivers (above).
    void cancel() override;
    Operation operation() const { return isRunning() ? m_operation : Operation::None; }

signals:
    void started(quint64 job, numasight::ApplyJob::Operation operation);
    void planned(numasight::ApplyPlanPtr plan);
    void applied(numasight::ApplyRunPtr run);
    void undone(const QStringList& lines);
    void failed(const QString& message); // an error of planApply, applyAndVerify or undoApply, as is

private:
    using Emit = std::function<void()>;
    template <class Work>
    quint64 begin(Operation operation, Work work);
    Emit failure(const QString& message);

    Operation m_operation = Operation::None;
};

} // namespace numasight
