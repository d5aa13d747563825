// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/live/session.h"

#include "fleet/fleet.h"
#include "readers/open_input.h"
#include "record/machine_identity.h"
#include "util/format.h"
#include "views/jobs/save_job.h"
#include "views/live/record_dialog.h"
#include "views/live/recording_controller.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <utility>

namespace numasight {

Session::Session(QObject* parent)
    : QObject(parent)
    , m_loader(new LoadJob(this))
    , m_recorder(new RecordingController(this))
    , m_saver(new SaveJob(this))
{
    connect(m_loader, &LoadJob::captureAvailable, this, &Session::onLoaded);
    connect(m_loader, &LoadJob::loadFailed, this,
            [this](const QString& message) { emit this->message(message, MessageBar::Kind::Error); });
    connect(m_loader, &LoadJob::cancelled, this,
            [this] { emit statusMessage(tr("Loading %1 cancelled").arg(displayName(m_loadingPath)), 5000); });

    connect(m_recorder, &RecordingController::captureChanged, this, [this](CapturePtr capture) {
        onLiveCapture(std::move(capture), true);
        checkSizeLimit();
    });
    connect(m_recorder, &RecordingController::stateChanged, this, [this] {
        emit liveStateChanged();
        updateApplyAllowed();
    });
    connect(m_recorder, &RecordingController::warning, this, [this](const QString& message) {
        const RecorderNotice notice = explainRecorderWarning(message, m_capabilities);
        logOnce(notice.kind, notice.text, MessageBar::Kind::Warning);
    });
    connect(m_recorder, &RecordingController::finished, this, &Session::onRecordingFinished);

    connect(m_saver, &SaveJob::saved, this, [this](const QString& path) {
        if (showsRecording())
            m_recordingSaved = true;
        emit statusMessage(tr("Saved %1").arg(path), 8000);
        emit saveStateChanged();
    });
    connect(m_saver, &SaveJob::failed, this, [this](const QString& message) {
        emit this->message(message, MessageBar::Kind::Error);
        emit saveStateChanged();
    });
}

Session::~Session()
{
    // The recorder and the poller are children, destroyed after this body: end them while this exists.
    blockSignals(true);
    m_recorder->blockSignals(true);
    m_recorder->stopAndWait();
    if (m_poller) {
        m_poller->blockSignals(true);
        m_poller->stop();
    }
}

QString Session::displayName(const QString& path)
{
    return path == QLatin1String(kLocalMachine) ? tr("this machine") : QFileInfo(path).fileName();
}

QString Session::title() const
{
    return !m_path.isEmpty() ? displayName(m_path) : m_liveTitle;
}

QString Session::location() const
{
    return m_path == QLatin1String(kLocalMachine) ? tr("this machine")
           : m_path.isEmpty()                     ? m_liveTitle
                                                  : m_path;
}

void Session::open(const QString& path)
{
    if (path.isEmpty())
        return;
    stop();
    m_loadingPath = path == QLatin1String(kLocalMachine) ? path : QFileInfo(path).absoluteFilePath();
    m_loader->start(m_loadingPath);
}

void Session::reload()
{
    if (!m_path.isEmpty())
        open(m_path);
}

void Session::cancelLoad()
{
    m_loader->cancel();
}

void Session::onLoaded(CapturePtr capture)
{
    m_path = m_loadingPath;
    m_recordingCapture.reset();
    m_liveOwnsView = false;
    show(std::move(capture), true);
    emit opened(m_path);
}

void Session::close()
{
    m_loader->cancel();
    stop();
    clearShown();
}

void Session::clearShown()
{
    m_capture.reset();
    m_recordingCapture.reset();
    m_liveOwnsView = false; // a session still winding down must not reopen the workspace
    m_path.clear();
    m_snapshotIndex = -1;
    m_position = -1;
    m_measured = false;
    emit captureChanged(nullptr, true);
    emit snapshotChanged(-1);
    emit positionChanged(-1, -1);
    updateApplyAllowed();
}

void Session::beginLive(Live live)
{
    m_live = live;
    m_liveShown = false;
    m_liveOwnsView = true;
    m_liveMessages.clear();
    m_wittyFailures.clear();
    m_capabilities = ownCapabilities();
}

bool Session::startRecording(const RecordOptions& options)
{
    stop();
    m_loader->cancel();
    QString error;
    if (!m_recorder->start(options, &error)) {
        emit message(error, MessageBar::Kind::Error);
        return false;
    }
    beginLive(Live::Recording);
    m_recordingPath = options.outputPath;
    RecordDialog::noteRecordingOfThisRun(m_recordingPath);
    m_recordingCapture.reset();
    m_recordingSaved = false;
    m_askingSize = false;
    m_sizeLimit = RecordDialog::rememberedSizeLimit();
    emit statusMessage(tr("Starting to record into %1…").arg(options.outputPath), 5000);
    emit liveStateChanged();
    updateApplyAllowed();
    return true;
}

bool Session::startWitty(const QList<QUrl>& servers, const WittyPollOptions& options)
{
    stop();
    m_loader->cancel();
    if (servers.isEmpty()) {
        emit message(tr("No witty-profiler server given."), MessageBar::Kind::Error);
        return false;
    }
    if (m_poller)
        m_poller->deleteLater();
    m_poller = new WittyHttpPoller(servers, options, this);
    WittyHttpPoller* poller = m_poller;
    // What was shown is not of these hosts: until their first round it is not shown under their name.
    if (m_capture)
        clearShown();
    beginLive(Live::Witty);
    m_wittyInterval = options.interval;
    m_liveTitle = tr("witty-profiler %1").arg(m_poller->hostLabels().join(QStringLiteral(", ")));
    // Every handler checks the sender is still the session's poller: a stopped one may still deliver.
    connect(poller, &WittyHttpPoller::snapshotAvailable, this, [this, poller](CapturePtr capture) {
        if (poller == m_poller)
            onLiveCapture(std::move(capture), false);
    });
    connect(poller, &WittyHttpPoller::hostFailed, this,
            [this, poller](const QString& host, const QString& message) {
                if (poller != m_poller || m_live != Live::Witty)
                    return;
                // "http://h:p/graph: connection refused: nothing listens…": the cause is the part after the
                // URL, its first clause for the status bar.
                const QString cause = message.section(QStringLiteral(": "), 1, 1);
                m_wittyFailures.insert(host, cause.isEmpty() ? message : cause);
                logOnce(message, message, MessageBar::Kind::Warning);
                emit liveStateChanged();
            });
    connect(poller, &WittyHttpPoller::hostSnapshot, this, [this, poller](const QString& host) {
        if (poller == m_poller && m_wittyFailures.remove(host) > 0)
            emit liveStateChanged();
    });
    connect(poller, &WittyHttpPoller::roundFinished, this, [this, poller] {
        if (poller == m_poller)
            emit liveStateChanged();
    });
    connect(poller, &WittyHttpPoller::finished, this, [this, poller] {
        if (poller != m_poller)
            return;
        if (m_live == Live::Witty)
            m_live = Live::None;
        m_wittyFailures.clear();
        emit liveStateChanged();
        updateApplyAllowed();
    });
    poller->start();
    emit statusMessage(tr("Polling %1…").arg(m_liveTitle), 5000);
    emit liveStateChanged();
    updateApplyAllowed();
    return true;
}

void Session::setRecordingPaused(bool paused)
{
    if (m_live != Live::Recording)
        return;
    if (!paused && m_askingSize) {
        keepRecordingPastLimit(); // Resume pressed while the limit's question is open answers it
        return;
    }
    m_recorder->setPaused(paused);
}

void Session::stop()
{
    if (m_live == Live::Recording) {
        m_recorder->stop();
        if (std::exchange(m_askingSize, false))
            emit sizeLimitAnswered();
    } else if (m_live == Live::Witty && m_poller) {
        m_poller->stop();
        m_live = Live::None;
        m_wittyFailures.clear();
    }
    emit liveStateChanged();
    updateApplyAllowed();
}

void Session::stopAndWait()
{
    m_loader->cancel();
    // A recording ends here, cleanly: the last sample is finished, the collectors detached, the file
    // closed. The worker notices within one poll (20 ms) plus the sample it may be taking.
    m_recorder->stopAndWait();
    if (m_poller)
        m_poller->stop();
}

void Session::logOnce(const QString& kind, const QString& text, MessageBar::Kind level)
{
    if (m_liveMessages.contains(kind))
        return;
    m_liveMessages.insert(kind);
    emit logged(text, level);
}

qint64 Session::recordingBytes() const
{
    if (m_recordingPath.isEmpty())
        return 0;
    return QFileInfo(m_recordingPath).size() + QFileInfo(m_recordingPath + QStringLiteral("-wal")).size();
}

// Pauses at the limit and asks once; the answer comes back through keepRecordingPastLimit() or stop().
void Session::checkSizeLimit()
{
    if (m_live != Live::Recording || m_sizeLimit <= 0 || m_askingSize || m_recorder->isPaused())
        return;
    const qint64 bytes = recordingBytes();
    if (bytes < m_sizeLimit)
        return;
    m_askingSize = true;
    m_recorder->setPaused(true);
    emit liveStateChanged();
    emit sizeLimitReached(bytes, m_sizeLimit);
}

void Session::keepRecordingPastLimit()
{
    if (!m_askingSize)
        return;
    m_askingSize = false;
    m_sizeLimit = nextSizeLimit(m_sizeLimit, recordingBytes());
    if (m_live == Live::Recording)
        m_recorder->setPaused(false);
    emit sizeLimitAnswered();
    emit liveStateChanged();
}

qint64 Session::nextSizeLimit(qint64 limit, qint64 bytes)
{
    if (limit <= 0)
        return limit;
    qint64 next = limit * 2;
    while (next <= bytes)
        next *= 2;
    return next;
}

QString Session::unsavedRecording() const
{
    if (m_recordingPath.isEmpty() || m_recordingSaved || !QFileInfo::exists(m_recordingPath))
        return {};
    const QString folder = QDir(RecordDialog::cacheFolder()).canonicalPath();
    return !folder.isEmpty() && QFileInfo(m_recordingPath).canonicalPath() == folder ? m_recordingPath
                                                                                     : QString();
}

void Session::discardRecording()
{
    const QString path = m_recordingPath;
    if (path.isEmpty())
        return;
    m_recorder->stopAndWait();
    if (showsRecording())
        clearShown();
    for (const QString& file : RecordDialog::recordingFiles(path))
        QFile::remove(file);
    m_recordingPath.clear();
}

void Session::onLiveCapture(CapturePtr capture, bool recording)
{
    if (!m_liveOwnsView)
        return; // the user opened or closed something meanwhile
    if (recording)
        m_recordingCapture = capture;
    const bool fresh = !m_liveShown;
    m_liveShown = true;
    m_path = recording ? m_recordingPath : QString();
    show(std::move(capture), fresh, true);
    emit liveStateChanged();
}

void Session::onRecordingFinished(const RecordSummary& summary)
{
    m_live = Live::None;
    if (summary.error)
        emit message(summary.error->toString(), MessageBar::Kind::Error);
    else
        emit statusMessage(tr("Recorded %1 sample(s) in %2 mode into %3")
                               .arg(summary.samples)
                               .arg(summary.mode.isEmpty() ? m_recorder->mode() : summary.mode, summary.path),
                           10000);
    if (summary.fileCreated && QFileInfo::exists(summary.path))
        emit fileRecorded(summary.path);
    emit liveStateChanged();
    updateApplyAllowed();
}

Session::LiveStatus Session::liveStatus() const
{
    LiveStatus status;
    if (m_live == Live::Recording) {
        const bool paused = m_recorder->isPaused();
        const bool stopping = m_recorder->state() == RecordingController::State::Stopping;
        const QString mode = m_recorder->mode().isEmpty() ? tr("starting") : m_recorder->mode();
        const QString what = stopping       ? tr("Stopping")
                             : m_askingSize ? tr("Paused at the size limit")
                             : paused       ? tr("Paused")
                                            : tr("Recording");
        const qint64 bytes = recordingBytes();
        // Where it is written and how big it is, always in sight: a recording grows without a word.
        QString tip = tr("Writing %1 into %2").arg(formatBytes(double(bytes)), m_recordingPath);
        if (m_sizeLimit > 0)
            tip += QLatin1Char('\n') + tr("Asks before growing past %1 (Record dialog ▸ Size limit)")
                                           .arg(formatBytes(double(m_sizeLimit)));
        status = {.shown = true,
                  .text = QStringLiteral("%1 · %2 · %3 · %4 · %5")
                              .arg(what, mode,
                                   pluralized(tr("%n sample(s)", nullptr, m_recorder->sampleCount()),
                                              m_recorder->sampleCount()),
                                   QFileInfo(m_recordingPath).fileName(), formatBytes(double(bytes))),
                  .toolTip = tip,
                  .canPause = !stopping,
                  .paused = paused,
                  .canStop = !stopping};
    } else if (m_live == Live::Witty && m_poller) {
        const int hostCount = int(m_poller->hostLabels().size());
        QString text = QStringLiteral("%1 · %2 · %3")
                           .arg(tr("Polling"), pluralized(tr("%n host(s)", nullptr, hostCount), hostCount),
                                pluralized(tr("%n round(s)", nullptr, m_poller->roundsCaptured()),
                                           m_poller->roundsCaptured()));
        QString tip = m_liveTitle;
        if (!m_wittyFailures.isEmpty()) {
            const auto first = m_wittyFailures.constBegin();
            const QString what = hostCount == 1                ? first.value()
                                 : m_wittyFailures.size() == 1 ? tr("%1: %2").arg(first.key(), first.value())
                                                               : tr("%1 hosts failing (%2: %3)")
                                                                     .arg(m_wittyFailures.size())
                                                                     .arg(first.key(), first.value());
            text +=
                QStringLiteral(" · ") +
                tr("%1, retrying in %2").arg(what, formatDuration(std::chrono::nanoseconds(m_wittyInterval)));
            for (auto it = m_wittyFailures.constBegin(); it != m_wittyFailures.constEnd(); ++it)
                tip += QLatin1Char('\n') + tr("%1: %2").arg(it.key(), it.value());
        }
        status = {.shown = true, .text = text, .toolTip = tip, .canStop = true};
    }
    return status;
}

bool Session::canSave() const
{
    // A recording is saved once it ended (its file is complete then); a witty session any time, since each
    // round is an immutable snapshot.
    return m_capture && !m_saver->isRunning() && !(m_live == Live::Recording && showsRecording());
}

void Session::saveAs(const QString& path)
{
    if (!m_capture || m_saver->isRunning())
        return;
    const bool recording = showsRecording();
    if (recording && m_live == Live::Recording) {
        emit message(tr("Stop the recording before saving a copy of it."), MessageBar::Kind::Information);
        return;
    }
    // A finished recording is copied (its file is complete and exactly what was recorded); the capture in
    // memory is written otherwise.
    // A fleet is saved whole, whichever host is shown.
    m_saver->start(m_fleet ? m_fleet : m_capture, recording ? m_recordingPath : QString(),
                   QFileInfo(path).absoluteFilePath());
    emit statusMessage(tr("Saving %1…").arg(path), 0);
    emit saveStateChanged();
}

// The capture shown, with the measured matrices added to every snapshot. It replaces the capture in memory;
// the file on disk is untouched until Save As writes the new one.
bool Session::replaceMeasured(CapturePtr capture)
{
    if (!capture || !m_capture || m_live != Live::None)
        return false;
    m_capture = std::move(capture);
    m_measured = true;
    m_recordingCapture.reset(); // what Save As writes is now the capture in memory, not the recorded file
    const int position = m_position;
    m_snapshotIndex = -1; // every view takes the new snapshots
    emit captureChanged(m_capture, false);
    showPosition(position >= 0 ? position : 0);
    updateApplyAllowed();
    return true;
}

// Puts `capture` on screen. `fresh`: a new capture, which starts at its newest position when `follow` (a live
// session's) and at its first otherwise (a file's); else the same session grew, and the position moves only
// while it follows the newest.
void Session::show(CapturePtr capture, bool fresh, bool follow)
{
    if (fresh) {
        // A fleet is shown one host at a time: every view reads that host as the recording made on it.
        const bool hadFleet = m_fleet != nullptr;
        m_fleet.reset();
        m_hosts.clear();
        m_hostIndex = -1;
        if (capture && m_live == Live::None) {
            std::vector<CaptureHost> hosts = captureHosts(*capture);
            if (!hosts.empty()) {
                m_fleet = std::move(capture);
                m_hosts = std::move(hosts);
                m_hostIndex = 0;
                capture = scopeToHost(*m_fleet, m_hosts.front());
            }
        }
        if (hadFleet || m_fleet)
            emit hostsChanged();
    }
    showCapture(std::move(capture), fresh, follow);
}

void Session::setHost(int index)
{
    if (!m_fleet || index < 0 || size_t(index) >= m_hosts.size() || index == m_hostIndex)
        return;
    m_hostIndex = index;
    emit hostChanged(index);
    showCapture(scopeToHost(*m_fleet, m_hosts[size_t(index)]), true, false);
}

void Session::showCapture(CapturePtr capture, bool fresh, bool follow)
{
    m_capture = std::move(capture);
    if (fresh) {
        m_snapshotIndex = -1;
        m_position = -1;
        m_follow = follow;
        m_measured = false;
    }
    emit captureChanged(m_capture, fresh);
    const int count = positionCount();
    const int wanted = count == 0 ? -1 : m_follow ? count - 1 : std::clamp(m_position, 0, count - 1);
    if (wanted != m_position || fresh)
        showPosition(wanted);
    updateApplyAllowed();
}

int Session::positionCount() const
{
    if (!m_capture)
        return 0;
    return int(m_capture->samples.empty() ? m_capture->snapshots.size() : m_capture->samples.size());
}

void Session::setPosition(int position)
{
    const int count = positionCount();
    if (count == 0)
        return;
    position = std::clamp(position, 0, count - 1);
    m_follow = position == count - 1;
    if (position != m_position)
        showPosition(position);
}

void Session::showPosition(int position)
{
    if (!m_capture || position < 0 || position >= positionCount())
        return;
    m_position = position;
    int snapshot = position;
    if (!m_capture->samples.empty())
        snapshot = m_capture->snapshots.empty()
                       ? -1
                       : std::clamp(m_capture->samples[size_t(position)]->snapshotIndex, 0,
                                    int(m_capture->snapshots.size()) - 1);
    if (snapshot != m_snapshotIndex) {
        m_snapshotIndex = snapshot;
        emit snapshotChanged(snapshot);
    }
    emit positionChanged(m_snapshotIndex, m_position);
}

void Session::setSnapshotIndex(int index)
{
    if (!m_capture || index == m_snapshotIndex || index >= int(m_capture->snapshots.size()))
        return;
    // Without samples the timeline walks snapshots: it moves to the one shown.
    if (m_capture->samples.empty() && index >= 0) {
        setPosition(index);
        return;
    }
    m_snapshotIndex = index;
    emit snapshotChanged(index);
    emit positionChanged(m_snapshotIndex, m_position);
}

SamplePtr Session::sample() const
{
    if (!m_capture || m_position < 0 || m_position >= int(m_capture->samples.size()))
        return nullptr;
    return m_capture->samples[size_t(m_position)];
}

SnapshotPtr Session::sampleSnapshot() const
{
    const SamplePtr s = sample();
    if (!s || m_capture->snapshots.empty())
        return nullptr;
    return m_capture
        ->snapshots[size_t(std::clamp(s->snapshotIndex, 0, int(m_capture->snapshots.size()) - 1))];
}

QString Session::describePosition(int position) const
{
    if (!m_capture || position < 0 || position >= positionCount())
        return {};
    if (!m_capture->samples.empty()) {
        const Sample& s = *m_capture->samples[size_t(position)];
        return tr("Sample %1 of %2 · %3")
            .arg(position + 1)
            .arg(m_capture->samples.size())
            .arg(formatTimestamp(s.timeNs));
    }
    const Snapshot& s = *m_capture->snapshots[size_t(position)];
    QString text = tr("Snapshot %1 of %2").arg(position + 1).arg(m_capture->snapshots.size());
    if (s.takenAt().isValid())
        text +=
            QStringLiteral(" · ") + s.takenAt().toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
    if (!s.label().isEmpty())
        text += QStringLiteral(" · ") + s.label();
    return text;
}

QString Session::sampleCaption() const
{
    const SamplePtr s = sample();
    if (!s)
        return {};
    const QString mode =
        m_capture->source.mode.isEmpty() ? QString() : QStringLiteral(" · ") + m_capture->source.mode;
    return tr("Sample %1 of %2 · %3 · interval %4%5 · %6 thread(s), %7 process(es)")
        .arg(m_position + 1)
        .arg(m_capture->samples.size())
        .arg(formatTimestamp(s->timeNs))
        .arg(formatDuration(double(s->intervalNs)))
        .arg(mode)
        .arg(s->threads.size())
        .arg(s->processes.size());
}

bool Session::canApply(QString* reason) const
{
    QString why;
    if (!m_capture)
        why = tr("Open a capture of this machine first.");
    else if (showsRecording() && m_live == Live::Recording)
        why.clear(); // a recording of this machine, now
    else if (m_path == QLatin1String(kLocalMachine))
        why.clear(); // this machine, read live
    else if (m_live == Live::Witty)
        why = tr("Apply changes processes on this machine; this is a witty-profiler session of other hosts. "
                 "Run the commands on the host instead.");
    else
        why = tr("Apply changes live processes on this machine; this is a file capture (%1), whose processes "
                 "may not exist here. Attach to this machine (Ctrl+Shift+A) to apply, or copy the commands.")
                  .arg(title());
    if (reason)
        *reason = why;
    return m_capture && why.isEmpty();
}

// A measurement binds its threads and buffers to the CPUs and nodes of the snapshot shown: on another
// machine's topology it would bind to CPUs this one may not have, and measure this machine regardless.
bool Session::canMeasure(QString* reason) const
{
    QString why;
    QString other;
    if (isLive())
        why = tr("Stop the live session before measuring.");
    else if (!m_capture || m_capture->snapshots.empty())
        why = tr("Open a capture first.");
    else if (m_path != QLatin1String(kLocalMachine) && !isThisMachine(m_capture->source, &other))
        why = tr("Measuring runs on this machine and binds to the CPUs and NUMA nodes of the topology shown, "
                 "but the capture shown is not of this machine: %1. Attach to this machine (Ctrl+Shift+A) "
                 "or open a recording made here to measure.")
                  .arg(other);
    if (reason)
        *reason = why;
    return why.isEmpty();
}

void Session::updateApplyAllowed()
{
    QString reason;
    const bool allowed = canApply(&reason);
    if (m_applyAllowed && m_applyAllowed->first == allowed && m_applyAllowed->second == reason)
        return;
    m_applyAllowed = std::make_pair(allowed, reason);
    emit applyAllowedChanged(allowed, reason);
}

} // namespace numasight
