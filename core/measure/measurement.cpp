// SPDX-License-Identifier: GPL-3.0-or-later
#include "measurement.h"

#include "analysis/matrix_heatmap.h"
#include "memory_probe.h"
#include "readers/mlc_reader.h"
#include "util/format.h"
#include "version.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QFileInfo>
#include <QSysInfo>

#include <algorithm>
#include <atomic>
#include <barrier>
#include <chrono>
#include <cmath>
#include <thread>

namespace numasight {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(numasight::Measure)
};
} // namespace

namespace {

using Clock = std::chrono::steady_clock;
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Loads per latency repeat: a full lap of a 256 MiB buffer, bounded so that small test buffers still time
// a million loads and huge ones do not take seconds per repeat.
constexpr std::uint64_t kMinLoads = 1 << 20;
constexpr std::uint64_t kMaxLoads = 1 << 22;
// Bytes read per bandwidth repeat: a few hundred ms at DRAM speed, long enough that thread start and the
// barrier do not show.
constexpr std::uint64_t kBandwidthBytesPerRepeat = std::uint64_t(2) << 30;

std::atomic<std::uint64_t> g_sink{0}; // where read sums go, so the reads stay

QString joinNumbers(const std::vector<double>& v)
{
    QStringList parts;
    for (double x : v)
        parts << QString::number(x, 'f', 2);
    return parts.join(QLatin1Char(','));
}

// Runs `work` on a thread of its own and waits for it, polling the cancel flag meanwhile so that a long
// chase stops within milliseconds. Progress is reported from here, on the caller's thread.
class Runner
{
public:
    Runner(const Progress& progress, double totalUnits)
        : m_progress(progress)
        , m_total(std::max(totalUnits, 1.0))
    {
    }
    std::atomic_bool stop{false};
    std::atomic<double> units{0};

    bool cancelled()
    {
        if (m_progress.isCancelled())
            stop = true;
        return stop.load();
    }
    void report() { m_progress(std::min(units.load() / m_total, 1.0)); }

    template <class F>
    void run(F&& work)
    {
        // A cancel that came before the work is not left to the first poll: a short chase could finish
        // its repeats in those 10 ms.
        if (cancelled())
            return;
        std::atomic_bool done{false};
        std::thread t([&] {
            work();
            done = true;
        });
        while (!done.load()) {
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
            cancelled();
            report();
        }
        t.join();
        report();
    }

private:
    const Progress& m_progress;
    double m_total;
};

struct LatencyOutcome
{
    std::optional<QString> error;
    std::vector<double> runs;     // ns per load on the CPU
    std::vector<double> wallRuns; // ns per load of wall-clock time
};

LatencyOutcome measureLatency(const probe::LocalHwloc& hw, const probe::NodeBuffer& buffer, int cpu,
                              int repeats, Runner& runner)
{
    LatencyOutcome out;
    runner.run([&] {
        if (auto e = probe::bindThisThread(hw, cpu)) {
            out.error = *e;
            return;
        }
        const std::uint64_t lines = buffer.bytes() / probe::kLineBytes;
        const std::uint64_t loads = std::clamp(lines, kMinLoads, kMaxLoads);
        const char* cursor = buffer.data();
        // Warm-up: page tables and TLB in their steady state, the CPU out of idle.
        if (std::isnan(probe::chase(&cursor, std::min(lines, kMinLoads), runner.stop).nsPerLoad))
            return;
        for (int r = 0; r < repeats; ++r) {
            const probe::ChaseTiming t = probe::chase(&cursor, loads, runner.stop);
            if (std::isnan(t.nsPerLoad))
                return;
            out.runs.push_back(t.nsPerLoad);
            out.wallRuns.push_back(t.wallNsPerLoad);
            runner.units = runner.units + 1;
        }
        g_sink.fetch_xor(std::uintptr_t(cursor), std::memory_order_relaxed);
    });
    return out;
}

struct BandwidthOutcome
{
    std::optional<QString> error;
    std::vector<double> runs;  // GB/s
    std::vector<double> onCpu; // share of the repeat's wall time the readers were on their CPUs, 0..1
};

BandwidthOutcome measureBandwidth(const probe::LocalHwloc& hw, const probe::NodeBuffer& buffer,
                                  const std::vector<int>& cpus, int repeats, Runner& runner)
{
    BandwidthOutcome out;
    const size_t threads = cpus.size();
    // Each thread reads its own slice, whole cache lines.
    const std::uint64_t slice = buffer.bytes() / threads / probe::kLineBytes * probe::kLineBytes;
    if (slice == 0) {
        out.error = Tr::tr("the buffer is too small for %1 reading threads").arg(threads);
        return out;
    }
    const std::uint64_t passes =
        std::max<std::uint64_t>(1, (kBandwidthBytesPerRepeat + buffer.bytes() - 1) / buffer.bytes());
    std::barrier sync(std::ptrdiff_t(threads + 1));
    std::atomic_bool quit{false};
    std::vector<std::optional<QString>> errors(threads);
    std::vector<Clock::time_point> started(threads), finished(threads);
    std::vector<std::int64_t> cpuNs(threads);
    std::vector<std::thread> workers;
    workers.reserve(threads);
    for (size_t k = 0; k < threads; ++k) {
        workers.emplace_back([&, k] {
            errors[k] = probe::bindThisThread(hw, cpus[k]);
            sync.arrive_and_wait(); // bound
            const auto* words = reinterpret_cast<const std::uint64_t*>(buffer.data() + k * slice);
            for (;;) {
                sync.arrive_and_wait(); // start gate
                if (quit.load())
                    return;
                started[k] = Clock::now();
                const std::int64_t cpu0 = probe::threadCpuNs();
                std::uint64_t sum = 0;
                for (std::uint64_t p = 0; p < passes && !runner.stop.load(std::memory_order_relaxed); ++p)
                    sum += probe::readWords(words, slice / sizeof(std::uint64_t));
                cpuNs[k] = probe::threadCpuNs() - cpu0;
                finished[k] = Clock::now();
                g_sink.fetch_xor(sum, std::memory_order_relaxed);
                sync.arrive_and_wait(); // end gate
            }
        });
    }
    const auto finish = [&] {
        quit = true;
        sync.arrive_and_wait();
        for (std::thread& t : workers)
            t.join();
    };
    sync.arrive_and_wait();
    for (const auto& e : errors)
        if (e) {
            out.error = *e;
            finish();
            return out;
        }
    for (int r = 0; r < repeats; ++r) {
        if (runner.cancelled())
            break;
        sync.arrive_and_wait();
        sync.arrive_and_wait();
        if (runner.stop.load())
            break;
        const auto first = *std::min_element(started.begin(), started.end());
        const auto last = *std::max_element(finished.begin(), finished.end());
        const double ns = double(std::chrono::duration_cast<std::chrono::nanoseconds>(last - first).count());
        const double bytes = double(slice) * double(threads) * double(passes);
        // Bandwidth is what the readers get together, so it is timed by the wall clock; how much of that time
        // they actually ran says whether other work on their CPUs held it down.
        out.runs.push_back(ns > 0 ? bytes / ns : kNaN); // bytes per ns = 10⁹ bytes per second
        double onCpu = 0;
        for (std::int64_t c : cpuNs)
            onCpu += double(c);
        out.onCpu.push_back(ns > 0 ? std::min(onCpu / (ns * double(threads)), 1.0) : kNaN);
        runner.units = runner.units + 1;
        runner.report();
    }
    finish();
    return out;
}

DistanceMatrix emptyMatrix(const MeasurementPlan& plan, const char* name, const char* unit)
{
    DistanceMatrix m;
    m.name = QLatin1String(name);
    m.unit = QLatin1String(unit);
    m.fromOs = false;
    m.objects = plan.nodes;
    m.values.assign(plan.nodes.size() * plan.nodes.size(), kNaN);
    return m;
}

SnapshotPtr copyWith(const Snapshot& s, const Snapshot& on, const std::vector<DistanceMatrix>& matrices)
{
    SnapshotBuilder b;
    b.reserve(s.entities().size(), s.edges().size());
    for (const Entity& e : s.entities())
        b.add(e);
    for (const Edge& e : s.edges())
        b.addEdge(e);
    for (const DistanceMatrix& m : s.distances()) {
        const bool replaced = std::any_of(matrices.begin(), matrices.end(),
                                          [&](const DistanceMatrix& x) { return x.name == m.name; });
        if (!replaced)
            b.addDistances(m);
    }
    for (const MemoryAttributeValue& v : s.memoryAttributes())
        b.addMemoryAttribute(v);
    b.setTakenAt(s.takenAt());
    b.setLabel(s.label());
    for (const DistanceMatrix& m : matrices) {
        DistanceMatrix mapped = m;
        bool complete = true;
        for (EntityId& id : mapped.objects) {
            const Entity& node = on.entity(id);
            id = s.numaNodeByOsIndex(NodeId(node.osIndex), node.ns.view());
            complete = complete && id.isValid();
        }
        if (complete)
            b.addDistances(std::move(mapped));
    }
    return b.finish();
}

} // namespace

CapturePtr captureWithMatrices(const Capture& capture, const Snapshot& on,
                               const std::vector<DistanceMatrix>& matrices,
                               const QMap<QString, QString>& extra)
{
    auto out = std::make_shared<Capture>();
    out->source = capture.source;
    for (auto it = extra.constBegin(); it != extra.constEnd(); ++it)
        out->source.extra.insert(it.key(), it.value());
    out->samples = capture.samples;
    for (const auto& s : capture.snapshots)
        out->snapshots.push_back(copyWith(*s, on, matrices));
    return out;
}

Result<MeasurementResult> runMeasurement(const MeasurementPlan& plan, const Progress& progress)
{
    const auto began = Clock::now();
    if (!plan.topology || plan.pairs.empty())
        return measureError(Tr::tr("the plan has nothing to measure"));
    auto loaded = probe::LocalHwloc::load();
    if (!loaded)
        return loaded.error();
    const probe::LocalHwloc& hw = *loaded.value();
    // The plan must describe this machine: every CPU and node it names must be one this process can use.
    for (const MeasurementPair& p : plan.pairs) {
        if (!hw.hasNode(p.memoryNode))
            return measureError(Tr::tr("the plan measures NUMA node %1, which this process cannot use (not "
                                       "on this machine, or outside its cpuset); plan on this machine's "
                                       "topology")
                                    .arg(p.memoryNode));
        std::vector<int> cpus = p.bandwidthCpus;
        cpus.push_back(p.latencyCpu);
        cpus.insert(cpus.end(), p.latencyCpus.begin(), p.latencyCpus.end());
        for (int cpu : cpus)
            if (!hw.hasCpu(cpu))
                return measureError(Tr::tr("the plan binds to CPU %1, which this process cannot use (not "
                                           "on this machine, or outside its cpuset); plan on this "
                                           "machine's topology")
                                        .arg(cpu));
    }

    MeasurementResult result;
    result.plan = plan;
    for (const MeasurementPair& p : plan.pairs) {
        PairMeasurement m;
        m.cpuNode = p.cpuNode;
        m.memoryNode = p.memoryNode;
        m.latencyCpu = p.latencyCpu;
        m.bandwidthThreads = int(p.bandwidthCpus.size());
        result.pairs.push_back(std::move(m));
    }
    std::vector<int> memoryNodes;
    for (const MeasurementPair& p : plan.pairs)
        if (std::find(memoryNodes.begin(), memoryNodes.end(), p.memoryNode) == memoryNodes.end())
            memoryNodes.push_back(p.memoryNode);
    // A unit per buffer (filling it is a repeat's worth of work) and one per repeat.
    const double perPair = (plan.latency ? plan.repeats : 0) + (plan.bandwidth ? plan.repeats : 0);
    Runner runner(progress, double(memoryNodes.size()) + perPair * double(plan.pairs.size()));
    runner.report();

    for (int node : memoryNodes) {
        if (runner.cancelled())
            return LoadError::cancel(QStringLiteral("measure"));
        if (const auto available = probe::nodeAvailableBytes(node);
            available && plan.bufferBytes > *available)
            return measureError(Tr::tr("NUMA node %1 has %2 free, not enough for the %3 buffer; measure "
                                       "with a smaller --size (at least a few times the last-level "
                                       "cache) or free memory on that node")
                                    .arg(node)
                                    .arg(formatBytes(*available), formatBytes(plan.bufferBytes)));
        auto allocated = probe::NodeBuffer::allocate(hw, node, plan.bufferBytes);
        if (!allocated)
            return allocated.error();
        probe::NodeBuffer& buffer = *allocated.value();
        if (plan.latency)
            probe::buildChase(buffer, 0x9e3779b97f4a7c15ull ^ std::uint64_t(node));
        QString why;
        const auto placement = probe::placementOf(hw, buffer, &why);
        if (!placement)
            return measureError(why);
        if (!placement->onNode)
            return measureError(Tr::tr("the kernel put the pages of the buffer bound to node %1 on node(s) "
                                       "%2; the binding did not take (is memory policy disabled for this "
                                       "process?)")
                                    .arg(node)
                                    .arg(placement->nodes));
        result.buffers.push_back({node, buffer.bytes(), placement->pages, placement->hugePageBytes});
        runner.units = runner.units + 1;
        runner.report();

        for (size_t i = 0; i < plan.pairs.size(); ++i) {
            const MeasurementPair& p = plan.pairs[i];
            if (p.memoryNode != node)
                continue;
            PairMeasurement& m = result.pairs[i];
            if (plan.latency) {
                m.latencyCpu = p.latencyCpus.empty() ? p.latencyCpu : probe::idlestCpu(p.latencyCpus);
                LatencyOutcome l = measureLatency(hw, buffer, m.latencyCpu, plan.repeats, runner);
                if (l.error)
                    return measureError(*l.error);
                if (runner.cancelled())
                    return LoadError::cancel(QStringLiteral("measure"));
                m.latencyRuns = l.runs;
                if (!l.runs.empty()) {
                    const auto best = std::min_element(l.runs.begin(), l.runs.end());
                    m.latencyNs = *best;
                    const double wall = l.wallRuns[size_t(best - l.runs.begin())];
                    if (wall > 1.2 * m.latencyNs)
                        result.notes << Tr::tr(
                                            "CPU %1 was shared with other work during the chase to node %2 "
                                            "(it ran %3 of the time); the latency counts only its own "
                                            "time")
                                            .arg(m.latencyCpu)
                                            .arg(node)
                                            .arg(formatPercent(m.latencyNs / wall));
                }
            }
            if (plan.bandwidth) {
                BandwidthOutcome b = measureBandwidth(hw, buffer, p.bandwidthCpus, plan.repeats, runner);
                if (b.error)
                    return measureError(*b.error);
                if (runner.cancelled())
                    return LoadError::cancel(QStringLiteral("measure"));
                m.bandwidthRuns = b.runs;
                if (!b.runs.empty()) {
                    const auto best = std::max_element(b.runs.begin(), b.runs.end());
                    m.bandwidthGBs = *best;
                    const double onCpu = b.onCpu[size_t(best - b.runs.begin())];
                    if (onCpu < 0.8)
                        result.notes << Tr::tr("the readers of node %1 from node %2 ran only %3 of the time "
                                               "(other work on their CPUs): the bandwidth is lower than "
                                               "the memory gives")
                                            .arg(node)
                                            .arg(p.cpuNode)
                                            .arg(formatPercent(onCpu));
                }
            }
        }
    }

    // Matrices over the plan's nodes.
    const auto indexOf = [&](int os) {
        for (size_t i = 0; i < plan.nodes.size(); ++i)
            if (plan.topology->entity(plan.nodes[i]).osIndex == os)
                return int(i);
        return -1;
    };
    const size_t n = plan.nodes.size();
    if (plan.latency)
        result.latency = emptyMatrix(plan, kMeasuredLatencyName, "ns");
    if (plan.bandwidth)
        result.bandwidth = emptyMatrix(plan, kMeasuredBandwidthName, "GB/s");
    QMap<QString, QString> extra;
    for (const PairMeasurement& m : result.pairs) {
        const size_t cell = size_t(indexOf(m.cpuNode)) * n + size_t(indexOf(m.memoryNode));
        if (result.latency)
            result.latency->values[cell] = m.latencyNs;
        if (result.bandwidth)
            result.bandwidth->values[cell] = m.bandwidthGBs;
        QStringList facts;
        if (plan.latency)
            facts << QStringLiteral("latency_ns=%1 (runs %2) on cpu %3")
                         .arg(m.latencyNs, 0, 'f', 2)
                         .arg(joinNumbers(m.latencyRuns))
                         .arg(m.latencyCpu);
        if (plan.bandwidth)
            facts << QStringLiteral("bandwidth_gbs=%1 (runs %2) with %3 thread(s)")
                         .arg(m.bandwidthGBs, 0, 'f', 2)
                         .arg(joinNumbers(m.bandwidthRuns))
                         .arg(m.bandwidthThreads);
        extra.insert(QStringLiteral("measure.pair.%1-%2").arg(m.cpuNode).arg(m.memoryNode),
                     facts.join(QStringLiteral("; ")));
    }
    QStringList buffers;
    for (const BufferCheck& b : result.buffers)
        buffers << QStringLiteral("node %1: %2 pages checked on the node, %3 in huge pages")
                       .arg(b.node)
                       .arg(b.pagesChecked)
                       .arg(formatBytes(b.hugePageBytes));
    extra.insert(
        QStringLiteral("measure.buffer"),
        QStringLiteral("%1 per memory node (%2)").arg(formatBytes(plan.bufferBytes), plan.bufferReason));
    extra.insert(QStringLiteral("measure.buffers"), buffers.join(QStringLiteral("; ")));
    extra.insert(QStringLiteral("measure.repeats"), QString::number(plan.repeats));
    if (!result.notes.isEmpty())
        extra.insert(QStringLiteral("measure.notes"), result.notes.join(QStringLiteral("; ")));
    if (plan.latency)
        extra.insert(
            QStringLiteral("measure.latency_method"),
            QStringLiteral("pointer chase over one random cycle of 64-byte lines (Sattolo), one thread "
                           "bound to a CPU of the initiator node; ns of the thread's CPU time per load, "
                           "best of the repeats"));
    if (plan.bandwidth)
        extra.insert(
            QStringLiteral("measure.bandwidth_method"),
            QStringLiteral("sequential 64-bit reads, one thread per core of the initiator node, each "
                           "on its own slice; 10^9 bytes/s, best of the repeats"));
    extra.insert(
        QStringLiteral("measure.binding"),
        QStringLiteral("hwloc: threads bound to one PU each (checked with sched_getcpu), buffers bound "
                       "with MPOL_BIND strict and every page checked with move_pages"));

    Capture base;
    base.source.format = SourceFormat::LocalMachine;
    base.source.originalFormat = SourceFormat::LocalMachine;
    base.source.hostname = QSysInfo::machineHostName();
    base.source.kernel = QSysInfo::kernelType() + QLatin1Char(' ') + QSysInfo::kernelVersion();
    base.source.capturedAt = QDateTime::currentDateTimeUtc();
    base.source.numasightVersion = version();
    base.source.mode = QStringLiteral("measure");
    base.snapshots.push_back(plan.topology);
    std::vector<DistanceMatrix> matrices;
    if (result.latency)
        matrices.push_back(*result.latency);
    if (result.bandwidth)
        matrices.push_back(*result.bandwidth);
    result.capture = captureWithMatrices(base, *plan.topology, matrices, extra);
    result.seconds = std::chrono::duration<double>(Clock::now() - began).count();
    progress(1.0);
    return result;
}

Result<CapturePtr> importMlc(const QString& mlcPath, const Capture& topology)
{
    if (topology.snapshots.empty())
        return measureError(Tr::tr("the topology has no snapshot to add the MLC matrices to"));
    auto mlc = readMlcFile(mlcPath);
    if (!mlc)
        return mlc.error();
    const Snapshot& on = *topology.snapshots.back();
    auto matrices = mlcMatrices(mlc.value(), on, mlcPath);
    if (!matrices)
        return matrices.error();
    QMap<QString, QString> extra;
    extra.insert(QStringLiteral("mlc.file"), QFileInfo(mlcPath).fileName());
    if (!mlc->version.isEmpty())
        extra.insert(QStringLiteral("mlc.version"), mlc->version);
    if (!mlc->commandLine.isEmpty())
        extra.insert(QStringLiteral("mlc.command_line"), mlc->commandLine);
    if (mlc->latency && !mlc->latency->detail.isEmpty())
        extra.insert(QStringLiteral("mlc.latency_access"), mlc->latency->detail);
    if (mlc->bandwidth && !mlc->bandwidth->detail.isEmpty())
        extra.insert(QStringLiteral("mlc.bandwidth_traffic"), mlc->bandwidth->detail);
    return captureWithMatrices(topology, on, matrices.value(), extra);
}

} // namespace numasight
