// SPDX-License-Identifier: GPL-3.0-or-later
#include "witty_http_poller.h"

#include "host_namespace.h"
#include "readers/witty_json_reader.h"
#include "util/format.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QThread>

#include <algorithm>

namespace numasight {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(numasight::WittyHttpPoller)
};
} // namespace

namespace {

constexpr int kWittyDefaultPort = 18090;
constexpr qint64 kReadBufferBytes = qint64(1) << 20;
constexpr qint64 kMaxStatusBytes = qint64(1) << 20;

QUrl endpoint(const QUrl& server, const QString& path)
{
    QUrl url = server;
    QString base = url.path();
    while (base.endsWith(QLatin1Char('/')))
        base.chop(1);
    url.setPath(base + path);
    return url;
}

// What went wrong with a request, in words that point at the cause.
QString describeNetworkError(QNetworkReply* reply, const QUrl& url)
{
    switch (reply->error()) {
    case QNetworkReply::ConnectionRefusedError:
        return Tr::tr("connection refused: nothing listens on port %1 (is witty-profiler running "
                      "there?)")
            .arg(url.port(kWittyDefaultPort));
    case QNetworkReply::HostNotFoundError:
        return Tr::tr("host not found: check the name or address");
    case QNetworkReply::RemoteHostClosedError: {
        const QVariant length = reply->header(QNetworkRequest::ContentLengthHeader);
        if (length.isValid())
            return Tr::tr("the server closed the connection before the end of the answer "
                          "(Content-Length %1): the graph is truncated")
                .arg(length.toLongLong());
        return Tr::tr("the server closed the connection before answering");
    }
    default:
        return reply->errorString();
    }
}

// Every field of every entity and edge, in the order the server sent them: two answers with the same
// digest carry the same figures. The envelope is left out; it names the host, which never moves.
QByteArray figuresDigest(const Snapshot& s)
{
    QCryptographicHash hash(QCryptographicHash::Sha256);
    const char separator = '\0';
    for (const Entity& e : s.entities()) {
        hash.addData(e.typeName.toUtf8());
        hash.addData(QByteArrayView(&separator, 1));
        hash.addData(e.attributes.text());
        hash.addData(QByteArrayView(&separator, 1));
    }
    for (const Edge& e : s.edges()) {
        const QByteArray ends = e.typeName.toUtf8() + ' ' + QByteArray::number(e.source.value) + ' ' +
                                QByteArray::number(e.target.value) + ' ' +
                                (e.weight ? QByteArray::number(*e.weight, 'g', 17) : QByteArray("-"));
        hash.addData(ends);
        hash.addData(QByteArrayView(&separator, 1));
        hash.addData(e.payload.text());
        hash.addData(QByteArrayView(&separator, 1));
    }
    return hash.result();
}

int defaultPort(const QUrl& url)
{
    return url.scheme().compare(QLatin1String("https"), Qt::CaseInsensitive) == 0 ? 443 : 80;
}

QString hostAndPort(const QUrl& url)
{
    return url.port() >= 0 ? QStringLiteral("%1:%2").arg(url.host()).arg(url.port()) : url.host();
}

QString roundList(const QList<int>& rounds)
{
    QStringList out;
    for (int r : rounds)
        out << QString::number(r + 1);
    return out.join(QLatin1Char(','));
}

} // namespace

std::optional<QUrl> WittyHttpPoller::serverUrl(const QString& text, QString* error)
{
    auto fail = [&](const QString& why) {
        if (error)
            *error = QStringLiteral("%1: %2").arg(text, why);
        return std::nullopt;
    };
    const QString trimmed = text.trimmed();
    if (trimmed.isEmpty())
        return fail(Tr::tr("empty server address"));
    QUrl url = trimmed.contains(QLatin1String("://"))
                   ? QUrl(trimmed, QUrl::StrictMode)
                   : QUrl(QStringLiteral("http://") + trimmed, QUrl::StrictMode);
    if (!url.isValid())
        return fail(Tr::tr("not a valid URL (%1)").arg(url.errorString()));
    const QString scheme = url.scheme().toLower();
    if (scheme != QLatin1String("http") && scheme != QLatin1String("https"))
        return fail(Tr::tr("unsupported scheme '%1': witty-profiler serves http").arg(url.scheme()));
    if (url.host().isEmpty())
        return fail(Tr::tr("no host in the address"));
    if (url.port() == -1 && scheme == QLatin1String("http") && !trimmed.contains(QLatin1String("://")))
        url.setPort(kWittyDefaultPort);
    // The server's root is wanted: a pasted ".../graph" or ".../status" still means that server.
    QString path = url.path();
    for (const QLatin1String suffix : {QLatin1String("/graph"), QLatin1String("/status")})
        if (path.endsWith(suffix))
            path.chop(suffix.size());
    url.setPath(path);
    url.setQuery(QString());
    url.setFragment(QString());
    return url;
}

WittyHttpPoller::WittyHttpPoller(const QList<QUrl>& servers, const WittyPollOptions& options, QObject* parent)
    : QObject(parent)
    , m_options(options)
    , m_network(new QNetworkAccessManager(this))
    , m_capture(std::make_shared<Capture>())
{
    for (const QUrl& url : servers) {
        Host h;
        h.url = url;
        QString label =
            url.port() >= 0 ? QStringLiteral("%1:%2").arg(url.host()).arg(url.port()) : url.host();
        // Labels name hosts in messages and must be unique even if the same server is listed twice.
        const QString base = label;
        for (int n = 2;
             std::any_of(m_hosts.begin(), m_hosts.end(), [&](const Host& o) { return o.label == label; });
             ++n)
            label = QStringLiteral("%1#%2").arg(base).arg(n);
        h.label = label;
        h.deadline = new QTimer(this);
        h.deadline->setSingleShot(true);
        const int index = int(m_hosts.size());
        connect(h.deadline, &QTimer::timeout, this, [this, index] {
            Host& host = m_hosts[size_t(index)];
            if (host.round != m_round || host.parsing)
                return;
            if (QNetworkReply* reply = host.graph) {
                host.graph = nullptr;
                reply->disconnect(this);
                reply->abort();
                reply->deleteLater();
            }
            failHost(index, Tr::tr("no complete answer from %1 within %2 (timeout)")
                                .arg(endpoint(host.url, QStringLiteral("/graph")).toString(),
                                     formatDuration(m_options.timeout)));
        });
        m_hosts.push_back(std::move(h));
    }
    m_timer.setInterval(int(std::max<std::chrono::milliseconds::rep>(m_options.interval.count(), 1)));
    connect(&m_timer, &QTimer::timeout, this, &WittyHttpPoller::startRound);
    m_pool.setMaxThreadCount(std::max(2, QThread::idealThreadCount() / 2));
}

WittyHttpPoller::~WittyHttpPoller()
{
    m_stopping = true;
    m_finishedEmitted = true; // no signal leaves a poller being destroyed
    for (Host& h : m_hosts)
        for (QNetworkReply* reply : {h.graph.data(), h.status.data()})
            if (reply) {
                reply->disconnect(this);
                reply->abort();
            }
    // Workers post their results to this object; they must be done before it goes away.
    m_pool.waitForDone();
}

QStringList WittyHttpPoller::hostLabels() const
{
    QStringList out;
    for (const Host& h : m_hosts)
        out << h.label;
    return out;
}

QString WittyHttpPoller::namespaceOf(const QString& hostLabel) const
{
    for (const Host& h : m_hosts)
        if (h.label == hostLabel)
            return h.ns;
    return {};
}

void WittyHttpPoller::start()
{
    if (m_running || m_stopping)
        return;
    m_running = true;
    startRound();
    if (m_running && !(m_options.rounds > 0 && m_round + 1 >= m_options.rounds))
        m_timer.start();
}

void WittyHttpPoller::stop()
{
    if (!m_running || m_stopping)
        return;
    m_stopping = true;
    m_timer.stop();
    for (Host& h : m_hosts) {
        for (QNetworkReply* reply : {h.graph.data(), h.status.data()})
            if (reply) {
                reply->disconnect(this);
                reply->abort();
                reply->deleteLater();
            }
        h.graph = nullptr;
        h.status = nullptr;
        h.deadline->stop();
        h.round = -1;
        h.parsing = false;
    }
    m_roundOpen = false; // the open round is incomplete: dropped, its late parses are ignored
    QMetaObject::invokeMethod(this, &WittyHttpPoller::maybeFinish, Qt::QueuedConnection);
}

void WittyHttpPoller::startRound()
{
    if (m_stopping)
        return;
    if (m_roundOpen)
        closeRound(true);
    if (m_options.rounds > 0 && m_round + 1 >= m_options.rounds) {
        m_timer.stop();
        return;
    }
    ++m_round;
    m_roundOpen = true;
    m_roundStart = QDateTime::currentDateTimeUtc();
    m_parts.assign(m_hosts.size(), nullptr);
    m_failedThisRound = 0;
    m_roundCounts[m_round] = {0, 0};
    if (m_options.rounds > 0 && m_round + 1 >= m_options.rounds)
        m_timer.stop();

    const int round = m_round;
    for (size_t i = 0; i < m_hosts.size(); ++i) {
        Host& h = m_hosts[i];
        h.round = round;
        h.parsing = false;

        QNetworkRequest request(endpoint(h.url, QStringLiteral("/graph")));
        request.setAttribute(QNetworkRequest::CacheLoadControlAttribute, QNetworkRequest::AlwaysNetwork);
        request.setRawHeader("Accept", "application/json");
        // Each redirect is checked here (another host, a loop) before it is followed; Qt's own limit is
        // only a backstop above ours.
        request.setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                             QNetworkRequest::UserVerifiedRedirectPolicy);
        request.setMaximumRedirectsAllowed(std::max(0, m_options.maxRedirects) + 2);
        QNetworkReply* reply = m_network->get(request);
        reply->setReadBufferSize(kReadBufferBytes);
        h.graph = reply;
        h.body.clear();
        h.visited = {request.url()};
        h.repeatedThisRound = false;
        connect(reply, &QNetworkReply::finished, this,
                [this, reply, index = int(i), round] { onGraphFinished(reply, index, round); });
        connect(reply, &QNetworkReply::metaDataChanged, this, [this, reply, index = int(i)] {
            if (reply == m_hosts[size_t(index)].graph)
                onGraphHeaders(index);
        });
        connect(reply, &QNetworkReply::readyRead, this, [this, reply, index = int(i)] {
            if (reply == m_hosts[size_t(index)].graph)
                onGraphData(index);
        });
        connect(reply, &QNetworkReply::redirected, this, [this, reply, index = int(i)](const QUrl& target) {
            if (reply == m_hosts[size_t(index)].graph)
                onGraphRedirected(index, target);
        });
        h.deadline->start(int(m_options.timeout.count()));

        // Status is informational: one in flight per host at most, bounded by the same timeout.
        if (m_options.fetchStatus && !h.status) {
            QNetworkRequest statusRequest(endpoint(h.url, QStringLiteral("/status")));
            statusRequest.setTransferTimeout(int(m_options.timeout.count()));
            // A few hundred bytes of JSON: a redirect or a body that does not fit a small buffer is not
            // witty's status, and is dropped rather than followed or held in memory.
            statusRequest.setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                                       QNetworkRequest::ManualRedirectPolicy);
            QNetworkReply* status = m_network->get(statusRequest);
            status->setReadBufferSize(kMaxStatusBytes);
            h.status = status;
            connect(status, &QNetworkReply::finished, this,
                    [this, index = int(i)] { onStatusFinished(index); });
            connect(status, &QNetworkReply::readyRead, this, [this, status, index = int(i)] {
                if (status->bytesAvailable() < kMaxStatusBytes)
                    return;
                m_hosts[size_t(index)].status = nullptr;
                status->disconnect(this);
                status->abort();
                status->deleteLater();
            });
        }
    }
}

void WittyHttpPoller::onStatusFinished(int index)
{
    Host& h = m_hosts[size_t(index)];
    QNetworkReply* reply = h.status;
    if (!reply)
        return;
    h.status = nullptr;
    reply->deleteLater();
    const int code = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (reply->error() == QNetworkReply::NoError && code == 200)
        emit hostStatus(h.label, reply->readAll());
}

void WittyHttpPoller::onGraphHeaders(int index)
{
    Host& h = m_hosts[size_t(index)];
    QNetworkReply* reply = h.graph;
    // A bounded buffer makes Qt's HTTP thread stop reading the socket until onGraphData() has taken what it
    // holds, so an endless body is counted as it arrives instead of piling up unseen in that thread. Qt
    // passes the size on only to a request already under way (its HTTP reply exists once headers came):
    // set before that, it is dropped and the thread buffers without limit. Hence again here.
    reply->setReadBufferSize(kReadBufferBytes);
    const QVariant code = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute);
    if (code.isValid() && code.toInt() >= 300 && code.toInt() < 400)
        return; // a redirect's own length says nothing of the graph's
    bool ok = false;
    const qint64 length = reply->rawHeader("Content-Length").trimmed().toLongLong(&ok);
    if (ok && length > m_options.maxBodyBytes)
        refuseGraph(index, Tr::tr("%1: the answer announces %2 (Content-Length %3), more than the %4 a "
                                  "graph may have; refused (raise --max-body if the graph is that large)")
                               .arg(reply->url().toString(), formatBytes(double(length)))
                               .arg(length)
                               .arg(formatBytes(double(m_options.maxBodyBytes))));
}

void WittyHttpPoller::onGraphData(int index)
{
    Host& h = m_hosts[size_t(index)];
    QNetworkReply* reply = h.graph;
    const qint64 available = reply->bytesAvailable();
    if (h.body.size() + available > m_options.maxBodyBytes) {
        refuseGraph(index, Tr::tr("%1: the answer is still going after %2, the most a graph may have (an "
                                  "endless or oversized body); refused (raise --max-body if the graph is "
                                  "that large)")
                               .arg(reply->url().toString(), formatBytes(double(m_options.maxBodyBytes))));
        return;
    }
    h.body += reply->readAll();
}

void WittyHttpPoller::onGraphRedirected(int index, const QUrl& to)
{
    Host& h = m_hosts[size_t(index)];
    QNetworkReply* reply = h.graph;
    const QUrl from = h.visited.last();
    const QUrl target = from.resolved(to);
    const bool sameHost = target.scheme().compare(from.scheme(), Qt::CaseInsensitive) == 0 &&
                          target.host().compare(from.host(), Qt::CaseInsensitive) == 0 &&
                          target.port(defaultPort(target)) == from.port(defaultPort(from));
    if (!sameHost) {
        refuseGraph(index,
                    Tr::tr("%1: redirected to %2, on another host (%3, not %4); not followed: give "
                           "that server's address to attach if it is the one meant")
                        .arg(from.toString(), target.toString(), hostAndPort(target), hostAndPort(from)));
        return;
    }
    if (h.visited.contains(target)) {
        QStringList chain;
        for (const QUrl& u : h.visited)
            chain << u.path();
        chain << target.path();
        refuseGraph(index, Tr::tr("%1: redirect loop (%2); the server sends the request round in a circle")
                               .arg(h.visited.first().toString(), chain.join(QStringLiteral(" -> "))));
        return;
    }
    if (h.visited.size() > m_options.maxRedirects) {
        refuseGraph(index, Tr::tr("%1: more than %2 redirects; not followed further")
                               .arg(h.visited.first().toString())
                               .arg(m_options.maxRedirects));
        return;
    }
    h.visited << target;
    h.body.clear();
    emit reply->redirectAllowed();
}

void WittyHttpPoller::refuseGraph(int index, const QString& message)
{
    Host& h = m_hosts[size_t(index)];
    if (QNetworkReply* reply = h.graph) {
        h.graph = nullptr;
        reply->disconnect(this);
        reply->abort();
        reply->deleteLater();
    }
    h.body = QByteArray();
    failHost(index, message);
}

void WittyHttpPoller::onGraphFinished(QNetworkReply* reply, int index, int round)
{
    Host& h = m_hosts[size_t(index)];
    reply->deleteLater();
    if (h.round != round || reply != h.graph)
        return; // an answer to a round that was already closed
    h.graph = nullptr;
    h.deadline->stop();

    const QUrl url = endpoint(h.url, QStringLiteral("/graph"));
    const QVariant code = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute);
    if (h.visited.size() > 1 && (!code.isValid() || code.toInt() < 200 || code.toInt() >= 300) &&
        reply->error() == QNetworkReply::NoError) {
        // Qt 6.4 ends a chain that comes back to where it began with neither an answer nor a redirect to
        // check (status 100, no headers), so the loop is named from the chain seen so far.
        QStringList chain;
        for (const QUrl& u : h.visited)
            chain << u.path();
        chain << QStringLiteral("…");
        failHost(index, Tr::tr("%1: redirect loop (%2); the server sends the request round in a circle")
                            .arg(h.visited.first().toString(), chain.join(QStringLiteral(" -> "))));
        return;
    }
    if (code.isValid() && code.toInt() != 200) {
        const QString reason = reply->attribute(QNetworkRequest::HttpReasonPhraseAttribute).toString();
        failHost(index, Tr::tr("%1: HTTP %2%3")
                            .arg(url.toString())
                            .arg(code.toInt())
                            .arg(reason.isEmpty() ? QString() : QLatin1Char(' ') + reason));
        return;
    }
    if (reply->error() != QNetworkReply::NoError) {
        failHost(index, QStringLiteral("%1: %2").arg(url.toString(), describeNetworkError(reply, url)));
        return;
    }

    if (h.body.size() + reply->bytesAvailable() > m_options.maxBodyBytes) {
        failHost(index, Tr::tr("%1: the answer is larger than %2, the most a graph may have; refused "
                               "(raise --max-body if the graph is that large)")
                            .arg(url.toString(), formatBytes(double(m_options.maxBodyBytes))));
        h.body = QByteArray();
        return;
    }
    h.parsing = true;
    const QByteArray body = h.body + reply->readAll();
    h.body = QByteArray();
    const QString fileName = url.toString();
    const QString fixedNs = h.ns;
    const QString urlHost = h.url.host();
    m_pool.start([this, index, round, body, fileName, fixedNs, urlHost] {
        auto loaded = readWittyJson(body, fileName);
        SnapshotPtr snapshot;
        QMap<QString, QString> env;
        QString ns = fixedNs;
        QString error;
        QByteArray figures;
        if (!loaded) {
            error = loaded.error().toString();
        } else if (loaded.value()->snapshots.size() != 1) {
            error = Tr::tr("%1: expected one graph, got %2 (JSON Lines are not a /graph answer)")
                        .arg(fileName)
                        .arg(loaded.value()->snapshots.size());
        } else {
            env = loaded.value()->source.extra;
            if (ns.isEmpty())
                ns = env.value(QStringLiteral("local_ip")).trimmed();
            if (ns.isEmpty())
                ns = urlHost;
            figures = figuresDigest(*loaded.value()->snapshots.front());
            snapshot = withHostNamespace(*loaded.value()->snapshots.front(), ns);
        }
        QMetaObject::invokeMethod(
            this,
            [this, index, round, snapshot = std::move(snapshot), env = std::move(env), ns, figures, error] {
                onParsed(index, round, snapshot, env, ns, figures, error);
            },
            Qt::QueuedConnection);
    });
}

QString WittyHttpPoller::claimNamespace(int index, const QString& candidate) const
{
    for (size_t j = 0; j < m_hosts.size(); ++j)
        if (int(j) != index && m_hosts[j].ns == candidate)
            return m_hosts[size_t(index)].label; // two servers reporting one address stay apart
    return candidate;
}

void WittyHttpPoller::onParsed(int index, int round, SnapshotPtr snapshot, QMap<QString, QString> env,
                               QString candidateNs, QByteArray figures, QString error)
{
    Host& h = m_hosts[size_t(index)];
    if (h.round != round || !h.parsing || m_stopping)
        return; // dropped: the round closed while this answer was being parsed
    h.parsing = false;
    if (!error.isEmpty()) {
        failHost(index, error);
        return;
    }
    h.env = std::move(env);
    h.candidateNs = std::move(candidateNs);
    m_parts[size_t(index)] = std::move(snapshot);
    // Rounds are taken an interval apart: on a live machine some figure moves in between. The same figures
    // again mean a server that serves old values (witty-profiler 9b72cee keeps the first values it saw
    // under an edge id for ever), which must not pass for a timeline.
    if (figures == h.figures && h.figuresSince >= 0) {
        h.repeated << round;
        h.repeatedThisRound = true;
        emit hostRepeated(h.label, round, h.figuresSince);
    } else {
        h.figures = figures;
        h.figuresSince = round;
    }
    hostDone(index);
}

void WittyHttpPoller::failHost(int index, const QString& message)
{
    ++m_failedThisRound;
    emit hostFailed(m_hosts[size_t(index)].label, message);
    hostDone(index);
}

void WittyHttpPoller::hostDone(int index)
{
    Host& h = m_hosts[size_t(index)];
    h.round = -1;
    h.parsing = false;
    h.deadline->stop();
    if (m_roundOpen &&
        std::all_of(m_hosts.begin(), m_hosts.end(), [](const Host& o) { return o.round == -1; }))
        closeRound(false);
}

void WittyHttpPoller::closeRound(bool dropStragglers)
{
    if (!m_roundOpen)
        return;
    if (dropStragglers) {
        for (size_t i = 0; i < m_hosts.size(); ++i) {
            Host& h = m_hosts[i];
            if (h.round != m_round)
                continue;
            if (QNetworkReply* reply = h.graph) {
                reply->disconnect(this);
                reply->abort();
                reply->deleteLater();
            }
            h.graph = nullptr;
            h.deadline->stop();
            h.round = -1;
            h.parsing = false;
            ++m_failedThisRound;
            emit hostFailed(h.label, Tr::tr("%1: no complete answer before the next round was due "
                                            "(every %2); the request was dropped")
                                         .arg(endpoint(h.url, QStringLiteral("/graph")).toString(),
                                              formatDuration(m_options.interval)));
        }
    }
    m_roundOpen = false;
    // Namespaces are claimed here, in the order the servers were given, so two servers that report one
    // address get the same names whichever answered first.
    std::vector<SnapshotPtr> parts;
    bool allRepeated = true;
    int repeatsRound = -1;
    for (size_t i = 0; i < m_parts.size(); ++i) {
        if (!m_parts[i])
            continue;
        Host& h = m_hosts[i];
        allRepeated = allRepeated && h.repeatedThisRound;
        repeatsRound = std::max(repeatsRound, h.figuresSince);
        if (h.ns.isEmpty()) {
            const QString ns = claimNamespace(int(i), h.candidateNs);
            if (ns != h.candidateNs)
                m_parts[i] = withHostNamespace(*m_parts[i], ns, h.candidateNs);
            h.ns = ns;
        }
        emit hostSnapshot(h.label, m_parts[i]);
        parts.push_back(m_parts[i]);
    }
    const int round = m_round;
    m_roundCounts[round] = {int(parts.size()), m_failedThisRound};
    if (parts.empty()) {
        onMerged(round, nullptr);
        return;
    }
    ++m_mergesInFlight;
    const QDateTime takenAt = m_roundStart;
    QString label = QStringLiteral("round %1").arg(round + 1);
    if (allRepeated) {
        label = Tr::tr("round %1 (same figures as round %2)").arg(round + 1).arg(repeatsRound + 1);
    }
    m_pool.start([this, round, parts = std::move(parts), takenAt, label] {
        auto merged = mergeSnapshots(parts, takenAt, label);
        QMetaObject::invokeMethod(
            this,
            [this, round, merged = std::move(merged)] {
                --m_mergesInFlight;
                onMerged(round, merged);
            },
            Qt::QueuedConnection);
    });
}

void WittyHttpPoller::onMerged(int round, SnapshotPtr snapshot)
{
    m_merged[round] = {std::move(snapshot), m_roundCounts[round]};
    // Merges may finish out of order; rounds enter the capture in the order they were taken.
    while (!m_merged.empty() && m_merged.begin()->first == m_nextToAppend) {
        auto [snap, counts] = std::move(m_merged.begin()->second);
        m_merged.erase(m_merged.begin());
        m_roundCounts.erase(m_nextToAppend);
        const int done = m_nextToAppend++;
        if (snap) {
            auto next = std::make_shared<Capture>(*m_capture);
            next->snapshots.push_back(std::move(snap));
            SourceInfo& src = next->source;
            src.format = SourceFormat::WittyEnvelope;
            src.mode = QStringLiteral("witty-http");
            src.path = sessionLabel();
            if (!src.capturedAt.isValid())
                src.capturedAt = next->snapshots.front()->takenAt();
            src.extra.clear();
            QStringList namespaces;
            for (const Host& h : m_hosts)
                if (!h.ns.isEmpty())
                    namespaces << h.ns;
            if (m_hosts.size() == 1) {
                // One server: its env as it sent it, so an export writes the same envelope back.
                src.extra = m_hosts.front().env;
                src.hostname = m_hosts.front().env.value(QStringLiteral("hostname"));
            } else {
                src.extra.insert(QStringLiteral("hosts"), namespaces.join(QLatin1Char(',')));
                for (const Host& h : m_hosts) {
                    if (h.ns.isEmpty())
                        continue;
                    src.extra.insert(h.ns + QStringLiteral(".url"), h.url.toString());
                    for (auto it = h.env.cbegin(); it != h.env.cend(); ++it)
                        src.extra.insert(h.ns + QLatin1Char('.') + it.key(), it.value());
                }
            }
            noteRepeats(src, done);
            m_capture = std::move(next);
            emit snapshotAvailable(m_capture);
        }
        emit roundFinished(done, counts.first, counts.second);
    }
    maybeFinish();
}

void WittyHttpPoller::noteRepeats(SourceInfo& src, int lastRound) const
{
    QStringList notes;
    for (const Host& h : m_hosts) {
        QList<int> rounds;
        for (int r : h.repeated)
            if (r <= lastRound)
                rounds << r;
        if (rounds.isEmpty() || h.ns.isEmpty())
            continue;
        const QString key = m_hosts.size() == 1 ? QStringLiteral("attach.repeated_rounds")
                                                : h.ns + QStringLiteral(".attach.repeated_rounds");
        src.extra.insert(key, roundList(rounds));
        notes << Tr::tr("%1 served exactly the figures of an earlier round in round %2")
                     .arg(h.label, roundList(rounds));
    }
    if (!notes.isEmpty())
        src.extra.insert(QStringLiteral("attach.note"),
                         notes.join(QStringLiteral("; ")) +
                             Tr::tr(": the server may be serving stale values, not a timeline"));
}

void WittyHttpPoller::maybeFinish()
{
    if (m_finishedEmitted || !m_running || m_roundOpen || m_mergesInFlight > 0 || !m_merged.empty())
        return;
    const bool lastRoundDone = m_options.rounds > 0 && m_round + 1 >= m_options.rounds;
    if (!m_stopping && !lastRoundDone)
        return;
    m_finishedEmitted = true;
    m_running = false;
    m_timer.stop();
    emit finished();
}

QString WittyHttpPoller::sessionLabel() const
{
    QStringList urls;
    for (const Host& h : m_hosts)
        urls << h.url.toString();
    return urls.join(QLatin1Char(' '));
}

} // namespace numasight
