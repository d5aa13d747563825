// SPDX-License-Identifier: GPL-3.0-or-later
#include "recorder.h"

#include "capture/capture_appender.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QFileInfo>
#include <QHash>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <thread>

namespace numasight {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(numasight::Recorder)
};

// The warnings of a recording that fell back from eBPF to procfs; isEbpfFallback() knows them by these.
QString ebpfUnavailable()
{
    return Tr::tr("eBPF cannot be used (%1); recording CPU time with procfs sampling");
}

QString ebpfCollectorsUnavailable()
{
    return Tr::tr("eBPF collectors are not available (%1); recording with procfs");
}

QString ebpfCollectorsNotStarted()
{
    return Tr::tr("eBPF collectors did not start (%1); recording with procfs");
}

} // namespace

bool isEbpfFallback(const QString& warning)
{
    for (const QString& format :
         {ebpfUnavailable(), ebpfCollectorsUnavailable(), ebpfCollectorsNotStarted()}) {
        const QString head = format.section(QStringLiteral("%1"), 0, 0);
        if (!head.isEmpty() && warning.startsWith(head))
            return true;
    }
    return false;
}

namespace {

constexpr std::int64_t kNsPerMs = 1'000'000;
constexpr std::int64_t kNsPerSecond = 1'000'000'000;
// How often a wait between samples looks at the cancel flag: Ctrl-C ends a recording within this time.
constexpr auto kCancelPoll = std::chrono::milliseconds(20);

// Stops every started collector when the recording ends, however it ends.
class StartedCollectors
{
public:
    ~StartedCollectors() { stopAll(); }
    void add(Collector* c) { m_started.push_back(c); }
    void stopAll()
    {
        for (auto it = m_started.rbegin(); it != m_started.rend(); ++it)
            (*it)->stop();
        m_started.clear();
    }

private:
    std::vector<Collector*> m_started;
};

std::vector<Collector*> allOf(const CollectorSet& set)
{
    std::vector<Collector*> out;
    if (set.cpu)
        out.push_back(set.cpu.get());
    if (set.cpuContext)
        out.push_back(set.cpuContext.get());
    for (const auto& c : set.others)
        out.push_back(c.get());
    return out;
}

// Starts all collectors of `set`; on the first failure stops the ones already started and returns the
// message.
std::optional<QString> startAll(CollectorSet& set, const Scope& scope, StartedCollectors& started)
{
    for (Collector* c : allOf(set)) {
        if (auto error = c->start(scope)) {
            started.stopAll();
            return QStringLiteral("%1: %2").arg(c->name(), *error);
        }
        started.add(c);
    }
    return std::nullopt;
}

// A snapshot of the topology with the workload of `pids` added. Each recorded snapshot is complete on its
// own (a sample's snapshot has the CPU → node map its per-CPU figures need).
SnapshotPtr workloadSnapshot(const Snapshot& topology, RecordingEnvironment& env,
                             const std::vector<std::int64_t>& pids, int index)
{
    SnapshotBuilder b;
    b.reserve(topology.entities().size() * 2, topology.edges().size() * 2);
    for (const Entity& e : topology.entities())
        b.add(e);
    for (const Edge& e : topology.edges())
        b.addEdge(e);
    for (const DistanceMatrix& m : topology.distances())
        b.addDistances(m);
    for (const MemoryAttributeValue& v : topology.memoryAttributes())
        b.addMemoryAttribute(v);
    env.addWorkload(b, pids);
    b.setTakenAt(QDateTime::currentDateTimeUtc());
    b.setLabel(index == 0 ? QStringLiteral("start") : QStringLiteral("workload %1").arg(index));
    return b.finish();
}

bool cancelled(const Progress& progress)
{
    return progress.isCancelled();
}

// Waits until `deadline`; false when cancelled first. Time spent paused moves the deadline (and, through
// `pausedFor`, every later one) so that sampling resumes on its own grid instead of catching up.
bool waitUntil(RecordingEnvironment& env, std::chrono::steady_clock::time_point deadline,
               const Progress& progress, const std::function<bool()>& paused,
               std::chrono::steady_clock::duration& pausedFor)
{
    while (true) {
        if (cancelled(progress))
            return false;
        if (paused && paused()) {
            const auto since = env.now();
            while (paused() && !cancelled(progress))
                env.sleepFor(kCancelPoll);
            const auto length = env.now() - since;
            pausedFor += length;
            deadline = std::max(deadline + length, env.now());
            continue;
        }
        const auto now = env.now();
        if (now >= deadline)
            return true;
        env.sleepFor(std::min<std::chrono::steady_clock::duration>(deadline - now, kCancelPoll));
    }
}

} // namespace

std::chrono::steady_clock::time_point RecordingEnvironment::now()
{
    return std::chrono::steady_clock::now();
}

std::int64_t RecordingEnvironment::realtimeNs()
{
    timespec ts{};
    clock_gettime(CLOCK_REALTIME, &ts);
    return std::int64_t(ts.tv_sec) * kNsPerSecond + ts.tv_nsec;
}

void RecordingEnvironment::sleepFor(std::chrono::steady_clock::duration duration)
{
    std::this_thread::sleep_for(duration);
}

std::optional<RecordMode> recordModeFromName(QStringView name)
{
    if (name == u"auto")
        return RecordMode::Auto;
    if (name == u"ebpf" || name == u"bpf")
        return RecordMode::Ebpf;
    if (name == u"procfs")
        return RecordMode::Procfs;
    return std::nullopt;
}

std::optional<std::int64_t> parseDurationNs(QStringView text, QString* error)
{
    static const QRegularExpression re(
        QStringLiteral("^\\s*([0-9]+(?:\\.[0-9]+)?)\\s*(ns|us|µs|ms|s|min|m|h)?\\s*$"));
    const auto match = re.match(text.toString());
    auto fail = [&](const QString& why) -> std::optional<std::int64_t> {
        if (error)
            *error = why;
        return std::nullopt;
    };
    if (!match.hasMatch())
        return fail(Tr::tr("'%1' is not a duration; write it like 500ms, 2s, 1.5s or 1m").arg(text));
    const double value = match.capturedView(1).toDouble();
    const QStringView unit = match.capturedView(2);
    double scale = double(kNsPerSecond);
    if (unit == u"ns")
        scale = 1;
    else if (unit == u"us" || unit == u"µs")
        scale = 1e3;
    else if (unit == u"ms")
        scale = double(kNsPerMs);
    else if (unit == u"m" || unit == u"min")
        scale = 60.0 * double(kNsPerSecond);
    else if (unit == u"h")
        scale = 3600.0 * double(kNsPerSecond);
    const double ns = std::round(value * scale);
    if (ns <= 0)
        return fail(Tr::tr("'%1' is no time at all; give a duration above zero").arg(text));
    if (ns > 366.0 * 24 * 3600 * double(kNsPerSecond))
        return fail(Tr::tr("'%1' is longer than a year").arg(text));
    return std::int64_t(ns);
}

int RecordOptions::sampleCount() const
{
    if (intervalNs <= 0 || durationNs <= 0)
        return 1;
    return int(std::min<std::int64_t>(durationNs / intervalNs, 10'000'000)) + 1;
}

void mergeThreadContext(std::vector<ThreadCpuSample>& ebpf, std::vector<ThreadCpuSample> procfs)
{
    QHash<std::int64_t, size_t> byTid;
    for (size_t i = 0; i < ebpf.size(); ++i)
        byTid.insert(ebpf[i].tid, i);
    for (ThreadCpuSample& p : procfs) {
        const auto it = byTid.constFind(p.tid);
        if (it == byTid.constEnd()) {
            p.cpuNs = 0;
            p.cpuNsByCpu.clear();
            p.mode = CollectionMode::Ebpf;
            ebpf.push_back(std::move(p));
            continue;
        }
        ThreadCpuSample& e = ebpf[*it];
        if (e.pid < 0)
            e.pid = p.pid;
        if (e.comm.isEmpty())
            e.comm = p.comm;
        if (e.lastCpu < 0)
            e.lastCpu = p.lastCpu;
        e.voluntarySwitches = p.voluntarySwitches;
        e.involuntarySwitches = p.involuntarySwitches;
        e.voluntarySwitchesPerSec = p.voluntarySwitchesPerSec;
        e.involuntarySwitchesPerSec = p.involuntarySwitchesPerSec;
        e.cpusAllowed = std::move(p.cpusAllowed);
        e.memsAllowed = std::move(p.memsAllowed);
    }
}

RecordSummary record(const RecordOptions& options, RecordingEnvironment& env, const Progress& progress,
                     const RecordObserver& observer)
{
    RecordSummary summary;
    summary.path = options.outputPath;
    auto fail = [&](const QString& message) {
        LoadError e;
        e.file = options.outputPath;
        e.message = message;
        summary.error = e;
        return summary;
    };
    if (options.outputPath.isEmpty())
        return fail(Tr::tr("no output file given; name one such as run.numasight"));
    if (options.intervalNs <= 0 || options.durationNs <= 0)
        return fail(Tr::tr("the duration and the interval must be above zero"));
    QSet<QString> seenWarnings;
    auto warn = [&](const QString& message) {
        if (seenWarnings.contains(message))
            return;
        seenWarnings.insert(message);
        summary.warnings << message;
        if (observer.warning)
            observer.warning(message);
    };

    // Collectors first: a recording that cannot measure anything should not leave a file behind.
    RecordMode mode = options.mode;
    if (mode == RecordMode::Auto) {
        QString why;
        mode = env.ebpfAvailable(&why) ? RecordMode::Ebpf : RecordMode::Procfs;
        if (mode == RecordMode::Procfs)
            warn(ebpfUnavailable().arg(why));
    }
    auto set = env.collectors(mode);
    if (!set.ok() && options.mode == RecordMode::Auto && mode == RecordMode::Ebpf) {
        warn(ebpfCollectorsUnavailable().arg(set.error().message));
        mode = RecordMode::Procfs;
        set = env.collectors(mode);
    }
    if (!set.ok())
        return fail(set.error().message);
    std::unique_ptr<CollectorSet> collectors = std::move(set.value());
    StartedCollectors started;
    if (auto error = startAll(*collectors, options.scope, started)) {
        if (options.mode != RecordMode::Auto || collectors->mode != CollectionMode::Ebpf)
            return fail(Tr::tr("cannot start collecting: %1").arg(*error));
        // Loading the BPF programs can still fail after the availability probe (verifier, memlock).
        warn(ebpfCollectorsNotStarted().arg(*error));
        auto fallback = env.collectors(RecordMode::Procfs);
        if (!fallback.ok())
            return fail(fallback.error().message);
        collectors = std::move(fallback.value());
        if (auto again = startAll(*collectors, options.scope, started))
            return fail(Tr::tr("cannot start collecting: %1").arg(*again));
    }
    summary.mode = collectionModeName(collectors->mode);

    const auto topology = env.topology();
    if (!topology.ok()) {
        LoadError e = topology.error();
        e.message = Tr::tr("cannot read this machine's topology: %1").arg(e.toString());
        e.file = options.outputPath;
        summary.error = e;
        return summary;
    }
    if (topology.value()->snapshots.empty())
        return fail(Tr::tr("the topology reader returned no snapshot"));
    const Snapshot& topo = *topology.value()->snapshots.front();

    std::vector<std::int64_t> pids = env.resolveScope(options.scope);
    // A pid that names no process would record nothing for the whole duration: refuse it before there is
    // a file.
    QStringList missing;
    for (const std::int64_t pid : options.scope.pids)
        if (std::find(pids.begin(), pids.end(), pid) == pids.end())
            missing << QString::number(pid);
    if (!missing.isEmpty()) {
        LoadError e;
        e.file = Tr::tr("pid %1").arg(missing.join(QStringLiteral(", ")));
        e.message = options.scope.comm.pattern().isEmpty()
                        ? Tr::tr("no such process (it exited or never existed); nothing was recorded: give "
                                 "the id of a running process")
                        : Tr::tr("no such process, or its name does not match --comm; nothing was recorded: "
                                 "give the id of a running process");
        summary.error = e;
        return summary;
    }
    QByteArray signature = env.workloadSignature(pids);
    Capture initial;
    initial.source = env.source();
    initial.source.format = SourceFormat::LocalMachine;
    initial.source.mode = summary.mode;
    initial.source.capturedAt = QDateTime::currentDateTimeUtc();
    initial.snapshots.push_back(workloadSnapshot(topo, env, pids, 0));
    auto created = CaptureAppender::create(initial, options.outputPath);
    if (!created.ok()) {
        summary.error = created.error();
        return summary;
    }
    std::unique_ptr<CaptureAppender> appender = std::move(created.value());
    summary.fileCreated = true;
    if (observer.started)
        observer.started(initial);
    int snapshotIndex = 0;

    const int total = options.sampleCount();
    const auto t0 = env.now();
    std::int64_t previousNs = 0;
    QSet<std::int64_t> seenPids, seenTids;
    std::chrono::steady_clock::duration pausedFor{};
    for (int i = 0; i < total; ++i) {
        if (!waitUntil(env, t0 + pausedFor + std::chrono::nanoseconds(options.intervalNs) * i, progress,
                       i == 0 ? std::function<bool()>() : observer.paused, pausedFor)) {
            summary.cancelled = true;
            break;
        }
        if (i > 0) {
            pids = env.resolveScope(options.scope);
            if (pids.empty() && !options.scope.pids.empty()) {
                summary.workloadExited = true;
                break;
            }
            const QByteArray now = env.workloadSignature(pids);
            if (now != signature) {
                const auto snapshot = workloadSnapshot(topo, env, pids, appender->snapshotCount());
                const auto added = appender->appendSnapshot(*snapshot);
                if (!added.ok()) {
                    summary.error = added.error();
                    break;
                }
                snapshotIndex = added.value();
                signature = now;
                if (observer.snapshot)
                    observer.snapshot(snapshotIndex, snapshot);
            }
        }
        // Time first: the interval ends now, and collectors compute rates from intervalNs.
        Sample sample;
        sample.timeNs = env.realtimeNs();
        sample.intervalNs = i == 0 ? 0 : sample.timeNs - previousNs;
        sample.snapshotIndex = snapshotIndex;
        previousNs = sample.timeNs;
        collectors->cpu->collect(sample, pids);
        if (collectors->cpuContext) {
            Sample context;
            collectors->cpuContext->collect(context, pids);
            mergeThreadContext(sample.threads, std::move(context.threads));
        }
        for (const auto& c : collectors->others)
            c->collect(sample, pids);
        for (Collector* c : allOf(*collectors))
            for (const QString& w : c->takeWarnings())
                warn(w);
        if (auto error = appender->appendSample(sample)) {
            summary.error = error;
            break;
        }
        for (const ThreadCpuSample& t : sample.threads) {
            if (t.pid >= 0)
                seenPids.insert(t.pid);
            if (t.tid >= 0)
                seenTids.insert(t.tid);
        }
        for (const ProcessMemorySample& p : sample.processes)
            if (p.pid >= 0)
                seenPids.insert(p.pid);
        if (observer.sample)
            observer.sample(sample);
        if (observer.sampleWritten)
            observer.sampleWritten(i + 1, total);
        progress(double(i + 1) / double(total));
    }
    started.stopAll();
    summary.samples = appender->sampleCount();
    summary.snapshots = appender->snapshotCount();
    summary.processes = int(seenPids.size());
    summary.threads = int(seenTids.size());
    appender.reset();
    summary.fileBytes = QFileInfo(options.outputPath).size();
    return summary;
}

} // namespace numasight
