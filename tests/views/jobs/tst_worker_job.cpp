// SPDX-License-Identifier: GPL-3.0-or-later
// WorkerJob, the one place where the views' background jobs hand results back: ids, superseded and
// cancelled jobs, progress and lifetime, with plain values instead of captures and gates that hold a work
// at a known point. Needs only QtCore.
#include "views/jobs/worker_job.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QSemaphore>
#include <QSignalSpy>
#include <QTest>
#include <QThread>

#include <algorithm>
#include <atomic>
#include <memory>
#include <optional>

using namespace numasight;

Q_DECLARE_METATYPE(numasight::WorkerJob::Order)

namespace {

constexpr int kTimeout = 10000;

class Job : public WorkerJob
{
public:
    explicit Job(Order order = Order::NewestWins, int threads = 1, QObject* parent = nullptr)
        : WorkerJob(QStringLiteral("numasight-test"), threads, parent, order)
    {
    }
};

// Holds a work at one point until the test lets it go; shared, so it outlives the worker.
struct Gate
{
    QSemaphore entered;
    QSemaphore opened;

    void pass() // on the worker
    {
        entered.release();
        opened.acquire();
    }
    bool waitEntered() { return entered.tryAcquire(1, kTimeout); }
    void open() { opened.release(); }
};

// What a delivery saw.
struct Seen
{
    int calls = 0;
    int value = -1;
    quint64 job = 0;
    QThread* thread = nullptr;
    int finishedBefore = -1; // finished signals already emitted when deliver ran
    std::atomic<QThread*> worker{nullptr};
};

} // namespace

class TestWorkerJob : public QObject
{
    Q_OBJECT
private slots:
    void currentJobDelivers_data();
    void currentJobDelivers();
    void supersededResultDropped_data();
    void supersededResultDropped();
    void cancel_data();
    void cancel();
    void progress_data();
    void progress();
    void destructorWaitsForWorker_data();
    void destructorWaitsForWorker();
    void noDeliveryAfterOwnerGone_data();
    void noDeliveryAfterOwnerGone();
};

void TestWorkerJob::currentJobDelivers_data()
{
    QTest::addColumn<QString>("how");
    QTest::addColumn<bool>("onWorker");
    QTest::addColumn<bool>("cancelled");
    QTest::newRow("a value") << QStringLiteral("value") << true << false;
    QTest::newRow("a value, deliver told the job id") << QStringLiteral("value and id") << true << false;
    QTest::newRow("an optional with a value") << QStringLiteral("optional") << true << false;
    QTest::newRow("an empty optional: cancelled") << QStringLiteral("empty") << true << true;
    QTest::newRow("a value known at once") << QStringLiteral("later") << false << false;
}

void TestWorkerJob::currentJobDelivers()
{
    QFETCH(QString, how);
    QFETCH(bool, onWorker);
    QFETCH(bool, cancelled);
    Job job;
    QSignalSpy finishedSpy(&job, &WorkerJob::finished);
    QSignalSpy cancelledSpy(&job, &WorkerJob::cancelled);
    Seen seen;
    const auto deliver = [&seen, &finishedSpy](int value) {
        ++seen.calls;
        seen.value = value;
        seen.thread = QThread::currentThread();
        seen.finishedBefore = int(finishedSpy.count());
    };
    const auto work = [&seen](const Progress&) {
        seen.worker = QThread::currentThread();
        return 42;
    };
    quint64 id = 0;
    if (how == u"value")
        id = job.run(work, deliver);
    else if (how == u"value and id")
        id = job.run(work, [&seen, deliver](quint64 job, int value) {
            seen.job = job;
            deliver(value);
        });
    else if (how == u"optional")
        id = job.run([work](const Progress& p) { return std::optional<int>(work(p)); }, deliver);
    else if (how == u"empty")
        id = job.run(
            [work](const Progress& p) {
                work(p);
                return std::optional<int>();
            },
            deliver);
    else if (how == u"later")
        id = job.deliverLater(42, deliver);
    QVERIFY(id > 0);
    QVERIFY(job.isRunning());
    QCOMPARE(job.currentJob(), id);
    QCOMPARE(seen.calls, 0); // never from inside the call

    QTRY_COMPARE_WITH_TIMEOUT(finishedSpy.count(), 1, kTimeout);
    QCOMPARE(finishedSpy.front().front().toULongLong(), id);
    QVERIFY(!job.isRunning());
    QCOMPARE(job.currentJob(), quint64(0));
    QCOMPARE(cancelledSpy.count(), cancelled ? 1 : 0);
    QCOMPARE(seen.calls, cancelled ? 0 : 1);
    if (!cancelled) {
        QCOMPARE(seen.value, 42);
        QCOMPARE(seen.thread, QThread::currentThread());
        QCOMPARE(seen.finishedBefore, 0);
    }
    if (how == u"value and id")
        QCOMPARE(seen.job, id);
    if (onWorker) {
        QVERIFY(seen.worker.load());
        QVERIFY(seen.worker.load() != QThread::currentThread());
    }
}

void TestWorkerJob::supersededResultDropped_data()
{
    QTest::addColumn<WorkerJob::Order>("order");
    QTest::addColumn<int>("threads");
    QTest::addColumn<QList<int>>("delivered");
    QTest::addColumn<bool>("firstCancelled");
    QTest::newRow("newest wins, one thread") << WorkerJob::Order::NewestWins << 1 << QList<int>{2} << true;
    QTest::newRow("newest wins, two threads") << WorkerJob::Order::NewestWins << 2 << QList<int>{2} << true;
    QTest::newRow("every job, in order") << WorkerJob::Order::EveryJob << 1 << QList<int>{1, 2} << false;
}

// The first job is held until the second one has started; then both finish their work.
void TestWorkerJob::supersededResultDropped()
{
    QFETCH(WorkerJob::Order, order);
    QFETCH(int, threads);
    QFETCH(QList<int>, delivered);
    QFETCH(bool, firstCancelled);
    Job job(order, threads);
    QSignalSpy finishedSpy(&job, &WorkerJob::finished);
    QSignalSpy cancelledSpy(&job, &WorkerJob::cancelled);
    QList<int> got, arrived;
    std::atomic_bool firstSawCancel = false;
    const auto gate = std::make_shared<Gate>();
    const quint64 first = job.run(
        [gate, &firstSawCancel](const Progress& progress) {
            gate->pass();
            firstSawCancel = progress.isCancelled();
            return 1;
        },
        [&got](int value) { got << value; }, [&arrived](int value) { arrived << value; });
    QVERIFY(gate->waitEntered());
    const quint64 second = job.run([](const Progress&) { return 2; }, [&got](int value) { got << value; },
                                   [&arrived](int value) { arrived << value; });
    QVERIFY(second > first);
    QCOMPARE(job.currentJob(), second);
    gate->open();

    QTRY_COMPARE_WITH_TIMEOUT(arrived.size(), 2, kTimeout); // a dropped value still arrives
    std::sort(arrived.begin(), arrived.end());
    QCOMPARE(arrived, (QList<int>{1, 2}));
    QCOMPARE(got, delivered);
    QCOMPARE(firstSawCancel.load(), firstCancelled);
    QCOMPARE(finishedSpy.count(), delivered.size());
    QCOMPARE(finishedSpy.back().front().toULongLong(), second);
    QCOMPARE(cancelledSpy.count(), 0); // superseding is not cancelling
    QVERIFY(!job.isRunning());
}

void TestWorkerJob::cancel_data()
{
    QTest::addColumn<WorkerJob::Order>("order");
    QTest::addColumn<bool>("beforeStart");
    QTest::addColumn<int>("cancelledJobs");
    QTest::newRow("during the work") << WorkerJob::Order::NewestWins << false << 1;
    QTest::newRow("during the work, every job") << WorkerJob::Order::EveryJob << false << 1;
    // The one thread is busy with a first job, so the second waits in the queue when cancel() comes.
    QTest::newRow("before it starts") << WorkerJob::Order::NewestWins << true << 1;
    QTest::newRow("before it starts, every job: both go") << WorkerJob::Order::EveryJob << true << 2;
}

void TestWorkerJob::cancel()
{
    QFETCH(WorkerJob::Order, order);
    QFETCH(bool, beforeStart);
    QFETCH(int, cancelledJobs);
    Job job(order, 1);
    QSignalSpy finishedSpy(&job, &WorkerJob::finished);
    QSignalSpy cancelledSpy(&job, &WorkerJob::cancelled);
    int delivered = 0;
    std::atomic_int ran = 0;
    std::atomic_bool sawCancel = false;
    const auto gate = std::make_shared<Gate>();
    // Runs until cancelled (or a long while), as a reader polling its Progress does.
    const auto work = [&ran, &sawCancel](const Progress& progress, Gate* held) -> std::optional<int> {
        ++ran;
        if (held)
            held->pass();
        QDeadlineTimer deadline(kTimeout);
        while (!progress.isCancelled() && !deadline.hasExpired())
            QThread::msleep(1);
        sawCancel = progress.isCancelled();
        return sawCancel ? std::nullopt : std::optional<int>(1);
    };
    const auto deliver = [&delivered](int) { ++delivered; };

    job.run([work, gate](const Progress& p) { return work(p, gate.get()); }, deliver);
    QVERIFY(gate->waitEntered());
    if (beforeStart)
        job.run([work](const Progress& p) { return work(p, nullptr); }, deliver);
    job.cancel();
    // At once: the jobs dropped say so, nothing of theirs is current any more.
    QCOMPARE(cancelledSpy.count(), cancelledJobs);
    QCOMPARE(finishedSpy.count(), cancelledJobs);
    QVERIFY(!job.isRunning());
    job.cancel(); // nothing left to cancel
    QCOMPARE(cancelledSpy.count(), cancelledJobs);

    gate->open();
    job.waitForIdle();
    QTest::qWait(50);
    QCOMPARE(ran.load(), 1); // a job cancelled before it started never ran
    QVERIFY(sawCancel.load());
    QCOMPARE(delivered, 0);
    QCOMPARE(cancelledSpy.count(), cancelledJobs);
    QCOMPARE(finishedSpy.count(), cancelledJobs);
}

void TestWorkerJob::progress_data()
{
    QTest::addColumn<QList<double>>("fractions");
    QTest::addColumn<int>("cancelAfter"); // reports before cancel(); 0: never cancelled
    QTest::addColumn<QList<int>>("percents");
    QList<double> thousandths;
    for (int i = 0; i <= 1000; ++i)
        thousandths << i / 1000.0;
    QList<int> everyPercent;
    for (int i = 0; i <= 100; ++i)
        everyPercent << i;
    QTest::newRow("a thousand reports: each whole percent once") << thousandths << 0 << everyPercent;
    QTest::newRow("the same percent again: once")
        << QList<double>{0.5, 0.501, 0.509, 0.5} << 0 << QList<int>{50};
    QTest::newRow("after cancel: nothing") << QList<double>{0.1, 0.2, 0.3} << 1 << QList<int>{10};
}

void TestWorkerJob::progress()
{
    QFETCH(QList<double>, fractions);
    QFETCH(int, cancelAfter);
    QFETCH(QList<int>, percents);
    Job job;
    QSignalSpy progressSpy(&job, &WorkerJob::progressChanged);
    QSignalSpy finishedSpy(&job, &WorkerJob::finished);
    const auto gate = std::make_shared<Gate>();
    const quint64 id = job.run(
        [fractions, cancelAfter, gate](const Progress& progress) {
            for (int i = 0; i < fractions.size(); ++i) {
                if (i == cancelAfter && cancelAfter > 0)
                    gate->pass();
                progress(fractions[i]);
            }
            return 0;
        },
        [](int) {});
    if (cancelAfter > 0) {
        QVERIFY(gate->waitEntered());
        QTRY_COMPARE_WITH_TIMEOUT(progressSpy.count(), cancelAfter, kTimeout);
        job.cancel();
        gate->open();
        job.waitForIdle();
        QTest::qWait(50);
    } else {
        QTRY_COMPARE_WITH_TIMEOUT(finishedSpy.count(), 1, kTimeout);
    }
    QList<int> got;
    for (const QList<QVariant>& args : progressSpy) {
        QCOMPARE(args.at(0).toULongLong(), id);
        got << int(args.at(1).toDouble() * 100.0);
    }
    QCOMPARE(got, percents);
}

void TestWorkerJob::destructorWaitsForWorker_data()
{
    QTest::addColumn<WorkerJob::Order>("order");
    QTest::addColumn<bool>("queuedRuns");
    QTest::newRow("newest wins: the queued job is dropped") << WorkerJob::Order::NewestWins << false;
    QTest::newRow("every job: the queued job runs too") << WorkerJob::Order::EveryJob << true;
}

void TestWorkerJob::destructorWaitsForWorker()
{
    QFETCH(WorkerJob::Order, order);
    QFETCH(bool, queuedRuns);
    auto job = std::make_unique<Job>(order, 1);
    std::atomic_bool firstReturned = false, queuedRan = false;
    const auto gate = std::make_shared<Gate>();
    job->run(
        [gate, &firstReturned](const Progress&) {
            gate->pass();
            QThread::msleep(100); // ignores its cancel flag, as the heatmap builders do
            firstReturned = true;
            return 1;
        },
        [](int) {});
    QVERIFY(gate->waitEntered());
    job->run(
        [&queuedRan](const Progress&) {
            queuedRan = true;
            return 2;
        },
        [](int) {});
    gate->open();
    job.reset();
    QVERIFY(firstReturned.load());
    QCOMPARE(queuedRan.load(), queuedRuns);
}

void TestWorkerJob::noDeliveryAfterOwnerGone_data()
{
    QTest::addColumn<bool>("workDone");
    QTest::newRow("result posted before the owner goes") << true;
    QTest::newRow("work still running when the owner goes") << false;
}

// A panel owns its job and hands it a `deliver` that uses the panel: once the panel is destroyed, nothing
// of its jobs may run (ASan reports the use of the freed label if it does).
void TestWorkerJob::noDeliveryAfterOwnerGone()
{
    QFETCH(bool, workDone);
    auto* owner = new QObject;
    auto* label = new QObject(owner);
    auto* job = new Job(WorkerJob::Order::NewestWins, 1, owner);
    const auto ran = std::make_shared<std::atomic_int>(0);
    const auto gate = std::make_shared<Gate>();
    job->run(
        [gate](const Progress& progress) {
            progress(0.5);
            gate->pass();
            QThread::msleep(50);
            progress(1.0);
            return 1;
        },
        [label, ran](int) {
            label->setObjectName(QStringLiteral("delivered"));
            ++*ran;
        },
        [label, ran](int) {
            label->setObjectName(QStringLiteral("arrived"));
            ++*ran;
        });
    QVERIFY(gate->waitEntered());
    gate->open();
    if (workDone)
        job->waitForIdle(); // its progress and result are posted, not delivered yet
    delete owner;
    QTest::qWait(100);
    QCOMPARE(ran->load(), 0);
}

QTEST_GUILESS_MAIN(TestWorkerJob)

#include "tst_worker_job.moc"
