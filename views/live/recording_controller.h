// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/snapshot.h"
#include "record/recorder.h"

#include <QObject>
#include <QString>

#include <atomic>
#include <memory>
#include <thread>
#include <vector>

namespace numasight {

// Runs record() for the GUI on a thread of its own and grows an in-memory copy of the recording from the
// observer callbacks, so the views show every sample as soon as it is on disk. Callbacks reach the GUI
// thread as queued calls tagged with the recording's id; a call from a recording that was stopped or
// superseded is dropped, so nothing stale reaches the views. The GUI thread never waits on a collector:
// pause and stop only flip flags the worker polls (every 20 ms); only the destructor and stopAndWait()
// join the worker, for a clean exit with the collectors detached.
class RecordingController : public QObject
{
    Q_OBJECT
public:
    enum class State
    {
        Idle,
        Recording,
        Paused,
        Stopping, // stop() was asked; the worker finishes its sample and detaches the collectors
    };
    Q_ENUM(State)

    explicit RecordingController(QObject* parent = nullptr);
    // Tests give a fake machine; the default records this one.
    void setEnvironmentFactory(std::function<std::unique_ptr<RecordingEnvironment>()> factory);
    ~RecordingController() override; // stops and joins the worker

    // Starts a recording. One still running is told to stop and left to wind down on its own thread
    // (its results are dropped); it is joined later, never waited for here. False, with `error`, only
    // when the thread cannot be started.
    bool start(const RecordOptions& options, QString* error = nullptr);
    void setPaused(bool paused);
    void stop();        // returns at once; finished() follows
    void stopAndWait(); // for closing: returns once the collectors are stopped and the file is closed

    State state() const { return m_state; }
    bool isActive() const { return m_state != State::Idle; }
    bool isPaused() const { return m_state == State::Paused; }
    // The recording so far (the last one once it ended); null before the file exists.
    CapturePtr capture() const { return m_capture; }
    QString path() const { return m_options.outputPath; }
    QString mode() const { return m_mode; }
    int sampleCount() const { return m_capture ? int(m_capture->samples.size()) : 0; }
    const RecordSummary& summary() const { return m_summary; }

signals:
    // The capture grew: the file exists (first call), a workload snapshot or a sample arrived.
    void captureChanged(numasight::CapturePtr capture);
    void stateChanged(numasight::RecordingController::State state);
    void warning(const QString& message);
    // The worker ended; `summary.error` says why when it did not end by duration or stop.
    void finished(const numasight::RecordSummary& summary);

private:
    void onStarted(quint64 id, Capture initial);
    void onSnapshot(quint64 id, int index, SnapshotPtr snapshot);
    void onSample(quint64 id, SamplePtr sample);
    void onFinished(quint64 id, RecordSummary summary);
    void setState(State state);
    void publish();
    void joinWorker();

    std::function<std::unique_ptr<RecordingEnvironment>()> m_factory;
    RecordOptions m_options;
    State m_state = State::Idle;
    quint64 m_id = 0;
    std::shared_ptr<std::atomic_bool> m_cancel;
    std::shared_ptr<std::atomic_bool> m_paused;
    std::thread m_worker;
    std::vector<std::thread> m_retired; // superseded workers, stopping on their own
    std::shared_ptr<std::atomic_bool> m_workerDone;
    Capture m_live; // grows on the GUI thread; m_capture is its immutable copy for the views
    CapturePtr m_capture;
    QString m_mode;
    RecordSummary m_summary;
};

} // namespace numasight

Q_DECLARE_METATYPE(numasight::RecordSummary)
