// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "attach/witty_http_poller.h"
#include "record/recorder.h"
#include "record/recorder_notice.h"
#include "views/common/message_bar.h"
#include "views/common/workspace_tab.h"
#include "views/jobs/load_job.h"

#include <QMap>
#include <QObject>
#include <QSet>

#include <chrono>

namespace numasight {

class RecordingController;
class SaveJob;

// What the window shows and where it comes from: a file (or this machine) loaded in the background, a
// recording of this machine growing sample by sample, or witty-profiler servers polled round by round; the
// capture, the snapshot in force and the timeline's position in it. The views are fed from its signals
// alone.
//
// Opening anything ends a live session first. A live session's captures replace what is shown only until
// the user opens or closes something else. The timeline of a live session follows the newest position
// unless moved back (then it stays); a file starts at its first position.
//
// What the recorder and the poller say goes to the log (logged()), once per kind, not to the message bar;
// a failing witty-profiler host is also said in the live status until it answers again. Starting to poll
// clears what was shown, so that a file is never shown under a live session's name. A recording into the
// cache folder is unsaved until Save As copies it: the window asks before it grows past the size limit, and
// before the program exits with it.
class Session : public QObject
{
    Q_OBJECT
public:
    enum class Live
    {
        None,
        Recording,
        Witty
    };
    // How the status bar shows a live session: "Recording · ebpf · 12 samples".
    struct LiveStatus
    {
        bool shown = false;
        QString text;
        QString toolTip;
        bool canPause = false;
        bool paused = false;
        bool canStop = false;
    };

    explicit Session(QObject* parent = nullptr);
    ~Session() override; // ends a live session without a word: nobody listens any more

    // A file, or kLocalMachine; what is shown stays until it has loaded (and when it fails).
    void open(const QString& path);
    void reload();
    void cancelLoad();
    // Nothing shown any more; a live session ends.
    void close();
    // Starts a live session; false, with the reason said in message(), when it cannot start.
    bool startRecording(const RecordOptions& options);
    bool startWitty(const QList<QUrl>& servers, const WittyPollOptions& options);
    void setRecordingPaused(bool paused);
    void stop();        // returns at once; a recording winds down on its worker
    void stopAndWait(); // for closing: the recording's file is complete when it returns
    // Saves what is shown to `path` in the background: a finished recording is copied as it is, anything
    // else written from memory. Not while the recording shown is still running.
    void saveAs(const QString& path);
    bool canSave() const;
    // The capture shown with measured matrices in every snapshot: it replaces the one in memory (not while
    // live). False when it was not taken.
    bool replaceMeasured(CapturePtr capture);
    bool isMeasured() const { return m_measured; } // what is shown has matrices its file has not

    // The timeline: clamped to the positions there are. At the last one, a live session follows new ones.
    void setPosition(int position);
    void setSnapshotIndex(int index);
    int positionCount() const;
    QString describePosition(int position) const;
    // The sample at the position shown and the snapshot in force when it was taken; null without samples.
    SamplePtr sample() const;
    SnapshotPtr sampleSnapshot() const;
    // The Threads dock's caption for that sample.
    QString sampleCaption() const;

    CapturePtr capture() const { return m_capture; }
    // A fleet (several hosts, e.g. from numasight-cli merge) opened from a file: the whole of it, its hosts
    // and the one shown, which capture() is (scopeToHost). Null, empty and -1 otherwise.
    CapturePtr fleet() const { return m_fleet; }
    const std::vector<CaptureHost>& hosts() const { return m_hosts; }
    int hostIndex() const { return m_hostIndex; }
    // Shows host `index` of the fleet in every view, as a capture of its own (a fresh one: the timeline
    // starts again at its first position).
    void setHost(int index);
    ShownPosition shown() const { return {m_capture, m_snapshotIndex, m_position}; }
    int snapshotIndex() const { return m_snapshotIndex; }
    int position() const { return m_position; }
    bool isFollowingLatest() const { return m_follow; }
    // What the capture was loaded from: a file, kLocalMachine, the recording's file; empty for witty.
    QString path() const { return m_path; }
    QString loadingPath() const { return m_loadingPath; }
    // A short name for what is shown: the file's name, "this machine", the live session's title.
    QString title() const;
    // Where it comes from, in full: the file's path, "this machine", the live session's title.
    QString location() const;
    static QString displayName(const QString& path); // a file's name, or "this machine"

    Live live() const { return m_live; }
    bool isLive() const { return m_live != Live::None; }
    // The recording's capture is shown (Save As copies its file).
    bool showsRecording() const { return m_capture && m_capture == m_recordingCapture; }
    LiveStatus liveStatus() const;
    // Apply changes live processes: only for a capture of this machine read or recorded now.
    bool canApply(QString* reason = nullptr) const;
    // A measurement loads the memory system and binds to the topology shown: only for this machine's
    // topology, and not while a live session samples it.
    bool canMeasure(QString* reason = nullptr) const;

    // The recording's file and its size now (with SQLite's write-ahead log); empty and 0 without one.
    QString recordingPath() const { return m_recordingPath; }
    qint64 recordingBytes() const;
    // The size at which a recording pauses and sizeLimitReached() asks; 0: none. Read from the record
    // dialog's setting when a recording starts.
    void setRecordingSizeLimit(qint64 bytes) { m_sizeLimit = bytes; }
    qint64 recordingSizeLimit() const { return m_sizeLimit; }
    // The answer to sizeLimitReached(): keep recording to twice the size, or stop.
    void keepRecordingPastLimit();
    // The limit Keep Recording sets: doubled until the recording is below it.
    static qint64 nextSizeLimit(qint64 limit, qint64 bytes);
    // A recording in the cache folder that Save As has not copied: asked about on exit.
    QString unsavedRecording() const;
    // Stops the recording, waits for its file and deletes it.
    void discardRecording();
    // The witty hosts failing now, by host label: their last failure.
    QMap<QString, QString> wittyFailures() const { return m_wittyFailures; }

    LoadJob* loader() const { return m_loader; }
    RecordingController* recorder() const { return m_recorder; }
    WittyHttpPoller* wittyPoller() const { return m_poller; }
    SaveJob* saveJob() const { return m_saver; }

signals:
    void hostsChanged();         // a fleet was opened, or the fleet shown was closed or replaced
    void hostChanged(int index); // another host of the fleet, before the captureChanged() that shows it
    // Another capture (`fresh`; null once closed) or the same one grown. The position follows.
    void captureChanged(numasight::CapturePtr capture, bool fresh);
    void snapshotChanged(int snapshotIndex); // before the positionChanged() that brings it
    void positionChanged(int snapshotIndex, int position);
    void liveStateChanged(); // started, paused, grown, stopping, ended
    void applyAllowedChanged(bool allowed, const QString& reason);
    void saveStateChanged(); // a save started or ended
    // A load finished and is shown: `path` is a file or kLocalMachine.
    void opened(const QString& path);
    void fileRecorded(const QString& path); // a recording ended with its file written

    void statusMessage(const QString& text, int timeoutMs);
    void message(const QString& text, numasight::MessageBar::Kind kind);
    // A line for the log: what the recorder or the poller said, once per kind and live session.
    void logged(const QString& text, numasight::MessageBar::Kind kind);
    // The recording reached the size limit and is paused until keepRecordingPastLimit() or stop().
    void sizeLimitReached(qint64 bytes, qint64 limit);
    // The size question was answered some other way (Resume, Stop): its box has nothing left to ask.
    void sizeLimitAnswered();

private:
    void show(CapturePtr capture, bool fresh, bool follow = false);
    void showCapture(CapturePtr capture, bool fresh, bool follow);
    void showPosition(int position);
    void onLoaded(CapturePtr capture);
    void onLiveCapture(CapturePtr capture, bool recording);
    void onRecordingFinished(const RecordSummary& summary);
    void logOnce(const QString& kind, const QString& text, MessageBar::Kind level); // once per live session
    void clearShown();
    void checkSizeLimit();
    void beginLive(Live live);
    void updateApplyAllowed();

    LoadJob* m_loader;
    RecordingController* m_recorder;
    WittyHttpPoller* m_poller = nullptr;
    SaveJob* m_saver;

    CapturePtr m_capture;
    CapturePtr m_fleet;
    std::vector<CaptureHost> m_hosts;
    int m_hostIndex = -1;
    QString m_path;
    QString m_loadingPath;
    int m_snapshotIndex = -1;
    int m_position = -1;
    bool m_follow = false;   // the timeline follows new positions
    bool m_measured = false; // replaceMeasured() since the capture was opened

    Live m_live = Live::None;
    bool m_liveShown = false;      // the live session's first capture reached the screen
    bool m_liveOwnsView = false;   // its updates may replace what is shown (not after opening another)
    QString m_recordingPath;       // file of the current or last recording
    CapturePtr m_recordingCapture; // its capture, while it is the one shown
    QString m_liveTitle;           // what a session without a file is called
    QSet<QString> m_liveMessages;  // kinds logged in this live session
    OwnCapabilities m_capabilities;
    QMap<QString, QString> m_wittyFailures;
    std::chrono::milliseconds m_wittyInterval{0};
    qint64 m_sizeLimit = 0;
    bool m_askingSize = false;
    bool m_recordingSaved = false;                          // Save As copied the recording
    std::optional<std::pair<bool, QString>> m_applyAllowed; // last said
};

} // namespace numasight
