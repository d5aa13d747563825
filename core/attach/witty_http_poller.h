// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/snapshot.h"

#include <QByteArray>
#include <QDateTime>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QThreadPool>
#include <QTimer>
#include <QUrl>

#include <chrono>
#include <map>
#include <memory>
#include <optional>
#include <vector>

class QNetworkAccessManager;
class QNetworkReply;

namespace numasight {

struct WittyPollOptions
{
    std::chrono::milliseconds interval{5000}; // between the starts of two rounds
    std::chrono::milliseconds timeout{5000};  // per request, from sending to the last byte
    int rounds = 0;                           // rounds to run; 0 runs until stop()
    bool fetchStatus = true;                  // also GET /status each round (reported, never required)
    // A /graph answer larger than this is refused, whether it says so (Content-Length) or not (chunked):
    // the body is held in memory whole before parsing, and a broken or hostile server must not take it all.
    qint64 maxBodyBytes = qint64(256) << 20;
    int maxRedirects = 5; // redirects on the server's own host; one to another host is never followed
};

// Polls one or more witty-profiler servers (GET /graph, GET /status) every `interval`. Each round asks
// every server once; every answer becomes a snapshot of that host with its own entities moved into the
// host's namespace (the envelope's env.local_ip, else the URL's host), and the hosts that answered make
// the round's snapshot. Rounds accumulate in one Capture, handed out as an immutable shared value.
//
// Failures (refused connections, timeouts, HTTP errors, bad JSON) are reported per host through
// hostFailed() and never stop the other hosts or later rounds. A request still running when the next
// round is due is dropped rather than overlapped, so each host has at most one request in flight and a
// late answer never lands in the wrong round. Parsing and merging run on a private thread pool: a graph
// can be hundreds of megabytes and the event loop must keep serving the GUI and the other hosts.
class WittyHttpPoller : public QObject
{
    Q_OBJECT
public:
    // "http://h:p", "h:p" or "h" (witty's default port 18090). https works when Qt has TLS. Returns nullopt
    // with the reason in `error` for anything else.
    static std::optional<QUrl> serverUrl(const QString& text, QString* error);

    explicit WittyHttpPoller(const QList<QUrl>& servers, const WittyPollOptions& options = {},
                             QObject* parent = nullptr);
    ~WittyHttpPoller() override;

    // Starts the first round now and the next ones every interval.
    void start();
    // Stops polling: requests in flight and the round they belong to are dropped, rounds already
    // complete are kept. finished() follows once the last complete round is in the capture.
    void stop();

    CapturePtr capture() const { return m_capture; }
    int roundsCaptured() const { return int(m_capture->snapshots.size()); }
    bool isRunning() const { return m_running; }
    // How each server is named in signals and messages: the URL's "host:port".
    QStringList hostLabels() const;
    // The namespace a host's entities went to, once it answered; empty before.
    QString namespaceOf(const QString& hostLabel) const;

signals:
    // One host's snapshot for one round (already in the host's namespace), when the round closes.
    void hostSnapshot(const QString& host, std::shared_ptr<const numasight::Snapshot> snapshot);
    // The capture with the round just completed appended (at least one host answered).
    void snapshotAvailable(numasight::CapturePtr capture);
    void hostFailed(const QString& host, const QString& message);
    // A host's answer for `round` has exactly the figures of its answer for `sameAsRound` although time
    // passed between them: the server may be serving stale values. Emitted for every such round.
    void hostRepeated(const QString& host, int round, int sameAsRound);
    void hostStatus(const QString& host, const QByteArray& status);
    void roundFinished(int round, int hostsAnswered, int hostsFailed);
    // After the last round (options.rounds) or stop(), once every complete round is in the capture.
    void finished();

private:
    struct Host
    {
        QUrl url;
        QString label;
        QString ns;                     // decided on the first answer, then kept for the session
        QString candidateNs;            // the namespace this round's answer was parsed into
        QPointer<QNetworkReply> graph;  // the request of `round`, while in flight
        QPointer<QNetworkReply> status; // status requests never hold a round open
        QTimer* deadline = nullptr;
        int round = -1;       // the round this host is busy with, -1 when idle
        bool parsing = false; // the answer is on the thread pool
        QMap<QString, QString> env;
        QByteArray body;       // the answer read so far, bounded by maxBodyBytes
        QList<QUrl> visited;   // the request's URL and every redirect followed, to find loops
        QByteArray figures;    // digest of the last answer's entities and edges
        int figuresSince = -1; // first round that had exactly those figures
        QList<int> repeated;   // rounds whose figures repeated an earlier round's
        bool repeatedThisRound = false;
    };

    void startRound();
    void closeRound(bool dropStragglers);
    void onGraphFinished(QNetworkReply* reply, int host, int round);
    void onStatusFinished(int host);
    void onParsed(int host, int round, SnapshotPtr snapshot, QMap<QString, QString> env, QString candidateNs,
                  QByteArray figures, QString error);
    void onGraphData(int host);
    void onGraphHeaders(int host);
    void onGraphRedirected(int host, const QUrl& target);
    void refuseGraph(int host, const QString& message);
    void noteRepeats(SourceInfo& source, int lastRound) const;
    void onMerged(int round, SnapshotPtr snapshot);
    void failHost(int host, const QString& message);
    void hostDone(int host);
    void maybeFinish();
    QString claimNamespace(int host, const QString& candidate) const;
    QString sessionLabel() const;

    WittyPollOptions m_options;
    std::vector<Host> m_hosts;
    QNetworkAccessManager* m_network = nullptr;
    QTimer m_timer;
    bool m_running = false;
    bool m_stopping = false;
    bool m_finishedEmitted = false;

    // The round being collected.
    int m_round = -1; // number of the last round started
    bool m_roundOpen = false;
    QDateTime m_roundStart;
    std::vector<SnapshotPtr> m_parts; // per host, null when it has none this round
    int m_failedThisRound = 0;

    // Rounds closed but not yet appended (their merge runs on the pool), appended strictly in order.
    int m_nextToAppend = 0;
    int m_mergesInFlight = 0;
    std::map<int, std::pair<SnapshotPtr, std::pair<int, int>>> m_merged;
    std::map<int, std::pair<int, int>> m_roundCounts;

    CapturePtr m_capture;
    QThreadPool m_pool; // declared last: destroyed (waited for) first, while the rest is still alive
};

} // namespace numasight
