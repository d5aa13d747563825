// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/live/recording_controller.h"

#include <QMetaObject>

#include <system_error>

namespace numasight {

RecordingController::RecordingController(QObject* parent)
    : QObject(parent)
    , m_factory([] { return makeLocalEnvironment(); })
{
    qRegisterMetaType<CapturePtr>();
    qRegisterMetaType<RecordSummary>();
}

RecordingController::~RecordingController()
{
    // Whoever listened may be half destroyed by now (this is a child of the window): end silently.
    blockSignals(true);
    stopAndWait();
}

void RecordingController::setEnvironmentFactory(
    std::function<std::unique_ptr<RecordingEnvironment>()> factory)
{
    m_factory = std::move(factory);
}

bool RecordingController::start(const RecordOptions& options, QString* error)
{
    if (m_worker.joinable()) {
        m_cancel->store(true);
        if (m_workerDone->load())
            m_worker.join();
        else
            m_retired.push_back(std::move(m_worker));
    }
    const quint64 id = ++m_id;
    m_options = options;
    m_live = Capture();
    m_capture.reset();
    m_mode.clear();
    m_summary = RecordSummary();
    m_cancel = std::make_shared<std::atomic_bool>(false);
    m_paused = std::make_shared<std::atomic_bool>(false);
    m_workerDone = std::make_shared<std::atomic_bool>(false);
    setState(State::Recording);

    // The worker only talks to this object through queued calls; `this` outlives it because the
    // destructor joins the worker, and calls still queued then die with the object.
    auto post = [this](auto&& call) {
        QMetaObject::invokeMethod(
            this, [this, call = std::forward<decltype(call)>(call)]() mutable { call(*this); },
            Qt::QueuedConnection);
    };
    try {
        m_worker = std::thread([id, options, cancel = m_cancel, paused = m_paused, done = m_workerDone,
                                factory = m_factory, post] {
            RecordObserver observer;
            observer.started = [&](const Capture& initial) {
                post([id, initial](RecordingController& c) { c.onStarted(id, initial); });
            };
            observer.snapshot = [&](int index, const SnapshotPtr& snapshot) {
                post([id, index, snapshot](RecordingController& c) { c.onSnapshot(id, index, snapshot); });
            };
            observer.sample = [&](const Sample& sample) {
                auto shared = std::make_shared<const Sample>(sample);
                post([id, shared](RecordingController& c) { c.onSample(id, shared); });
            };
            observer.warning = [&](const QString& message) {
                post([id, message](RecordingController& c) {
                    if (c.m_id == id)
                        emit c.warning(message);
                });
            };
            observer.paused = [paused] { return paused->load(); };
            const std::unique_ptr<RecordingEnvironment> env = factory();
            RecordSummary summary = record(options, *env, Progress::withFlag(cancel), observer);
            done->store(true);
            post([id, summary](RecordingController& c) { c.onFinished(id, summary); });
        });
    } catch (const std::system_error& e) {
        if (error)
            *error = tr("cannot start the recording thread: %1").arg(QString::fromLocal8Bit(e.what()));
        setState(State::Idle);
        return false;
    }
    return true;
}

void RecordingController::setPaused(bool paused)
{
    if (m_state != State::Recording && m_state != State::Paused)
        return;
    m_paused->store(paused);
    setState(paused ? State::Paused : State::Recording);
}

void RecordingController::stop()
{
    if (m_state != State::Recording && m_state != State::Paused)
        return;
    m_cancel->store(true);
    m_paused->store(false);
    setState(State::Stopping);
}

void RecordingController::stopAndWait()
{
    if (m_cancel)
        m_cancel->store(true);
    joinWorker();
    if (m_state != State::Idle) {
        // The worker's last queued calls are dropped by the id check; say here what they would have said.
        ++m_id;
        m_summary.path = m_options.outputPath;
        m_summary.cancelled = true;
        m_summary.samples = sampleCount();
        setState(State::Idle);
        emit finished(m_summary);
    }
}

void RecordingController::joinWorker()
{
    if (m_worker.joinable())
        m_worker.join();
    for (std::thread& t : m_retired)
        t.join();
    m_retired.clear();
}

void RecordingController::setState(State state)
{
    if (state == m_state)
        return;
    m_state = state;
    emit stateChanged(state);
}

void RecordingController::publish()
{
    m_capture = std::make_shared<const Capture>(m_live);
    emit captureChanged(m_capture);
}

void RecordingController::onStarted(quint64 id, Capture initial)
{
    if (id != m_id)
        return;
    m_live = std::move(initial);
    m_mode = m_live.source.mode;
    publish();
}

void RecordingController::onSnapshot(quint64 id, int index, SnapshotPtr snapshot)
{
    if (id != m_id || index != int(m_live.snapshots.size()))
        return;
    m_live.snapshots.push_back(std::move(snapshot));
    publish();
}

void RecordingController::onSample(quint64 id, SamplePtr sample)
{
    if (id != m_id || m_live.snapshots.empty())
        return;
    m_live.samples.push_back(std::move(sample));
    publish();
}

void RecordingController::onFinished(quint64 id, RecordSummary summary)
{
    if (id != m_id)
        return;
    if (m_worker.joinable())
        m_worker.join(); // it has returned from record(); joining is immediate
    m_summary = std::move(summary);
    if (m_mode.isEmpty())
        m_mode = m_summary.mode;
    setState(State::Idle);
    emit finished(m_summary);
}

} // namespace numasight
