// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "util/progress.h"

#include <QObject>
#include <QString>
#include <QThreadPool>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <type_traits>
#include <utility>
#include <vector>

namespace numasight {

// What every worker of the views shares (hotspot's job tracker): each job gets a larger id and a cancel flag;
// progress and results reach the GUI thread through queued calls and are dropped unless their job is still
// live, so a cancelled or superseded job never overwrites what is on screen. Subclasses (or panels) only say
// what runs, through run(), and which signal carries the result.
//
// Jobs either supersede each other (the newest request wins: layouts, heatmaps, loads) or all run in the
// order asked and each delivers (exports, saves).
class WorkerJob : public QObject
{
    Q_OBJECT
public:
    enum class Order
    {
        NewestWins, // a new job drops the one running: its flag is raised and its result never arrives
        EveryJob    // jobs queue up and each delivers; the destructor lets every one finish
    };

    // Stops what runs: a superseding job's worker is cancelled, every job's is waited for. No delivery
    // runs afterwards, so a `deliver` may use whatever owns this job.
    ~WorkerJob() override;

    // Drops every live job at once: cancelled and finished are emitted now, results are dropped later.
    // A job not started yet never runs.
    virtual void cancel();

    bool isRunning() const { return !m_live.empty(); }
    quint64 currentJob() const { return m_live.empty() ? 0 : m_live.back().id; }
    // True while a worker still runs, including one whose result will be dropped.
    bool isWorkerRunning() const { return m_pool.activeThreadCount() > 0; }
    void waitForIdle() { m_pool.waitForDone(); }

    // Starts a job: `work(const Progress&)` runs on the pool and returns a value; `deliver(value)` (or
    // `deliver(job, value)`) runs on this object's thread only while the job is still live, then finished
    // is emitted. A work that stopped on a cancel returns an empty std::optional: cancelled is emitted
    // instead of deliver. `arrived(value)`, when given, runs on this object's thread for every value that
    // comes back, live or dropped: a cache can keep what was computed anyway. Progress reports reach
    // progressChanged in whole-percent steps (a reader that reports often cannot flood the event loop),
    // only while the job is live.
    template <class Work, class Deliver, class Arrived = decltype(nullptr)>
    quint64 run(Work work, Deliver deliver, Arrived arrived = nullptr)
    {
        using Value = std::invoke_result_t<Work&, const Progress&>;
        const Job job = beginJob();
        m_pool.start([this, id = job.id, progress = progressOf(job), work = std::move(work),
                      deliver = std::move(deliver), arrived = std::move(arrived)]() mutable {
            if (progress.isCancelled()) { // dropped (or an apply stopped) before it started
                post(id, [](bool) { return false; });
                return;
            }
            post(id,
                 receiver<Value>(id, work(std::as_const(progress)), std::move(deliver), std::move(arrived)));
        });
        return job.id;
    }

    // A job whose value is known at once (a cache hit): delivered from the event loop like a computed
    // one, never from inside the caller, and dropped like one when superseded first.
    template <class Value, class Deliver>
    quint64 deliverLater(Value value, Deliver deliver)
    {
        const quint64 id = beginJob().id;
        post(id, receiver<Value>(id, std::move(value), std::move(deliver), nullptr));
        return id;
    }

signals:
    void progressChanged(quint64 job, double fraction);
    void cancelled(quint64 job);
    // After the job's result, its error or cancelled: nothing runs any more.
    void finished(quint64 job);

protected:
    WorkerJob(const QString& threadName, int threads, QObject* parent, Order order = Order::NewestWins);

    // The newest live job's cancel flag, for a job that stops between steps yet still delivers (ApplyJob).
    std::shared_ptr<std::atomic_bool> currentFlag() const;

private:
    struct Job
    {
        quint64 id = 0;
        std::shared_ptr<std::atomic_bool> cancelFlag;
    };
    template <class>
    struct IsOptional : std::false_type
    {
    };
    template <class T>
    struct IsOptional<std::optional<T>> : std::true_type
    {
    };

    // What runs on this object's thread once `value` is back: arrived always, deliver when `live`; false
    // when the work said it was cancelled.
    template <class Value, class Deliver, class Arrived>
    static std::function<bool(bool)> receiver(quint64 id, Value value, Deliver deliver, Arrived arrived)
    {
        return [id, value = std::move(value), deliver = std::move(deliver),
                arrived = std::move(arrived)](bool live) mutable {
            if constexpr (!std::is_null_pointer_v<Arrived>)
                arrived(std::as_const(value));
            if (!live)
                return true;
            if constexpr (IsOptional<Value>::value) {
                if (!value)
                    return false;
                call(deliver, id, std::move(*value));
            } else {
                call(deliver, id, std::move(value));
            }
            return true;
        };
    }
    template <class Deliver, class T>
    static void call(Deliver& deliver, quint64 id, T&& value)
    {
        if constexpr (std::is_invocable_v<Deliver&, quint64, T&&>)
            deliver(id, std::forward<T>(value));
        else
            deliver(std::forward<T>(value));
    }

    Job beginJob();
    Progress progressOf(const Job& job);
    // Queues `receive` to this object's thread; there it learns whether job `id` is still live, which it
    // then stops being, and the signals that end a job follow.
    void post(quint64 id, std::function<bool(bool live)> receive);
    bool isLive(quint64 id) const;
    bool takeResult(quint64 id);

    QThreadPool m_pool;
    const Order m_order;
    quint64 m_lastJob = 0;
    std::vector<Job> m_live; // started and not delivered or dropped yet, oldest first
};

} // namespace numasight
