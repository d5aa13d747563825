// SPDX-License-Identifier: GPL-3.0-or-later
#include "recording_metrics.h"

#include "advice/advice.h"
#include "version.h"

#include <QFile>

#include <cmath>
#include <map>
#include <set>
#include <sys/resource.h>
#include <unistd.h>

namespace numasight {

namespace {

enum Family
{
    RecorderInfo,
    RecorderCpu,
    RecorderMemory,
    Samples,
    SampleTime,
    SampleInterval,
    SampledProcesses,
    SampledThreads,
    ProcessCpuSeconds,
    ProcessCpuShare,
    ProcessPages,
    ProcessBytes,
    ProcessRemoteShare,
    ProcessWittySimilarity,
    ProcessAcceleratorAway,
    ProcessAcceleratorInfo,
};

// Help texts are for the people reading a dashboard's tooltip; like CSV headers they stay in English in every
// locale, since a fleet's Prometheus gathers them from hosts set up in different languages.
constexpr MetricFamilyInfo kFamilies[] = {
    {"numasight_recorder_info", MetricType::Gauge,
     "The recorder: its host, numasight version and how it measures CPU time (mode procfs or ebpf); always "
     "1."},
    {"numasight_recorder_cpu_seconds_total", MetricType::Counter,
     "CPU time (user + system) the recording numasight-cli process has used, serving these metrics included, "
     "as of the latest sample."},
    {"numasight_recorder_resident_memory_bytes", MetricType::Gauge,
     "Resident memory of the recording numasight-cli process, as of the latest sample."},
    {"numasight_samples_total", MetricType::Counter,
     "Samples the recorder has taken and committed to its capture file."},
    {"numasight_last_sample_timestamp_seconds", MetricType::Gauge,
     "When the latest sample was taken (the end of its interval), in seconds since 1970; time() minus it is "
     "its age."},
    {"numasight_sample_interval_seconds", MetricType::Gauge,
     "Length of the latest sample's interval; 0 for the first sample, which only sets the baseline."},
    {"numasight_sampled_processes", MetricType::Gauge, "Processes with figures in the latest sample."},
    {"numasight_sampled_threads", MetricType::Gauge, "Threads in the latest sample."},
    {"numasight_process_cpu_seconds", MetricType::Gauge,
     "On-CPU time of the process's threads during the latest sample's interval."},
    {"numasight_process_cpu_share_ratio", MetricType::Gauge,
     "Share of the process's on-CPU time in the latest interval spent on the CPUs of NUMA node 'node' (a "
     "process's shares sum to 1); only processes that ran in it, only nodes where they ran."},
    {"numasight_process_memory_pages", MetricType::Gauge,
     "Pages of the process on NUMA node 'node': every N<k>= count of /proc/<pid>/numa_maps (all pages, "
     "numa_maps); only nodes where it has some."},
    {"numasight_process_memory_bytes", MetricType::Gauge,
     "Bytes of the process on NUMA node 'node': its pages times their mapping's page size (numa_maps); only "
     "nodes where it has some."},
    {"numasight_process_remote_share_ratio", MetricType::Gauge,
     "Share of the process's memory accesses that cross a NUMA node boundary if each moment of its on-CPU "
     "time touched a random page of its anonymous memory (all pages without any): 1 - witty similarity."},
    {"numasight_process_witty_similarity_ratio", MetricType::Gauge,
     "witty-profiler's cpu_mem_access_cosine_similarity: the sum over nodes of CPU share times page share; 1 "
     "when CPU time and memory are on one node, below 0.5 severe."},
    {"numasight_process_accelerator_away", MetricType::Gauge,
     "1 when the process opens accelerators and none of them is on the node with most of its on-CPU time "
     "(the advisor's accelerator-away finding), else 0; processes whose accelerators' nodes are known."},
    {"numasight_process_accelerator_info", MetricType::Gauge,
     "An accelerator the process opens and the NUMA node it is attached to; always 1."},
};

constexpr double kNsPerSecond = 1e9;

// Seconds from ns, whole seconds apart: a time since 1970 in ns has more digits than a double keeps.
double seconds(std::int64_t ns)
{
    constexpr std::int64_t kNs = 1'000'000'000;
    return double(ns / kNs) + double(ns % kNs) / kNsPerSecond;
}

class Renderer
{
public:
    explicit Renderer(const MetricsInput& in)
        : m_in(in)
        , m_host(in.source.hostname)
    {
    }

    QByteArray run()
    {
        recorder();
        if (m_in.sample)
            sample(*m_in.sample);
        if (m_in.sample && m_in.snapshot)
            workload(*m_in.snapshot, m_in.sample);
        return m_w.text();
    }

private:
    void family(Family f)
    {
        const MetricFamilyInfo& info = kFamilies[f];
        m_w.family(QString::fromLatin1(info.name), info.type, QString::fromLatin1(info.help));
    }

    void known(const MetricLabels& labels, double value)
    {
        if (!std::isnan(value))
            m_w.series(labels, value);
    }

    MetricLabels hostLabel() const { return {{QStringLiteral("host"), m_host}}; }

    // Every family is named even when it has no series yet, so a scrape lists them all from the start.
    void recorder()
    {
        for (const MetricFamilyInfo& info : kFamilies)
            m_w.family(QString::fromLatin1(info.name), info.type, QString::fromLatin1(info.help));
        family(RecorderInfo);
        m_w.series({{QStringLiteral("host"), m_host},
                    {QStringLiteral("version"), version()},
                    {QStringLiteral("mode"), m_in.source.mode}},
                   1);
        family(RecorderCpu);
        known(hostLabel(), m_in.cost.cpuSeconds);
        family(RecorderMemory);
        known(hostLabel(), m_in.cost.residentBytes);
        family(Samples);
        m_w.series(hostLabel(), double(m_in.cost.samples));
    }

    void sample(const Sample& s)
    {
        family(SampleTime);
        m_w.series(hostLabel(), seconds(s.timeNs));
        family(SampleInterval);
        m_w.series(hostLabel(), double(s.intervalNs) / kNsPerSecond);
        std::set<std::int64_t> pids;
        for (const ThreadCpuSample& t : s.threads)
            pids.insert(t.pid);
        for (const ProcessMemorySample& p : s.processes)
            pids.insert(p.pid);
        family(SampledProcesses);
        m_w.series(hostLabel(), double(pids.size()));
        family(SampledThreads);
        m_w.series(hostLabel(), double(s.threads.size()));
    }

    MetricLabels processLabels(std::int64_t pid) const
    {
        const auto it = m_names.find(pid);
        return {{QStringLiteral("host"), m_host},
                {QStringLiteral("pid"), QString::number(pid)},
                {QStringLiteral("comm"), it != m_names.end() ? it->second.first : QString()},
                {QStringLiteral("container"), it != m_names.end() ? it->second.second : QString()}};
    }

    MetricLabels nodeLabels(std::int64_t pid, int node) const
    {
        return with(processLabels(pid), QStringLiteral("node"), QString::number(node));
    }

    static MetricLabels with(MetricLabels labels, const QString& name, const QString& value)
    {
        labels.emplace_back(name, value);
        return labels;
    }

    // comm and container of every pid the sample or the advice names: the snapshot's process, else the comm
    // the sample saw for its main thread (a process newer than the snapshot).
    void nameProcesses(const Snapshot& snapshot, const Sample& s, const Advice& advice)
    {
        const auto add = [&](std::int64_t pid, const QString& comm) {
            auto& [name, container] = m_names[pid];
            if (name.isEmpty())
                name = comm;
            if (container.isEmpty())
                if (const EntityId p = snapshot.processByPid(pid); p.isValid())
                    if (const EntityId c = snapshot.containerOf(p); c.isValid())
                        container = snapshot.entity(c).name;
        };
        for (const Locality& l : advice.processes)
            if (l.ns == QLatin1StringView("local"))
                add(l.pid, l.name);
        for (const ThreadCpuSample& t : s.threads)
            if (t.tid == t.pid)
                add(t.pid, t.comm);
        for (const ThreadCpuSample& t : s.threads)
            add(t.pid, t.comm);
        for (const ProcessMemorySample& p : s.processes) {
            const EntityId e = snapshot.processByPid(p.pid);
            add(p.pid, e.isValid() ? snapshot.entity(e).name.str() : QString());
        }
    }

    void workload(const Snapshot& snapshot, const SamplePtr& sp)
    {
        const Sample& s = *sp;
        const SamplePtr one[] = {sp};
        const AdvicePtr advice = advise(snapshot, one);
        if (!advice)
            return;
        nameProcesses(snapshot, s, *advice);

        // Per node only where there is something: a process touches one or two of a machine's 8 or 16 nodes,
        // and a zero for each of the others would multiply the series every scrape stores.
        if (s.intervalNs > 0) {
            std::map<std::int64_t, double> cpuNs;
            for (const ThreadCpuSample& t : s.threads)
                cpuNs[t.pid] += double(t.cpuNs);
            family(ProcessCpuSeconds);
            for (const auto& [pid, ns] : cpuNs)
                m_w.series(processLabels(pid), ns / kNsPerSecond);
            family(ProcessCpuShare);
            for (const Locality& l : advice->processes) {
                double total = 0;
                for (double x : l.cpuShares)
                    total += x;
                if (l.ns != QLatin1StringView("local") || !(total > 0))
                    continue;
                for (size_t node = 0; node < l.cpuShares.size(); ++node) // indexed by OS index
                    if (l.cpuShares[node] > 0)
                        m_w.series(nodeLabels(l.pid, int(node)), l.cpuShares[node] / total);
            }
        }

        std::map<std::int64_t, const ProcessMemorySample*> memory;
        for (const ProcessMemorySample& p : s.processes)
            memory.emplace(p.pid, &p);
        for (const auto& [f, bytes] : {std::pair{ProcessPages, false}, std::pair{ProcessBytes, true}}) {
            family(f);
            for (const auto& [pid, p] : memory) {
                std::map<int, double> byNode;
                for (const NodePages& n : p->nodes)
                    byNode[n.node] += double(bytes ? n.bytes : n.totalPages);
                for (const auto& [node, v] : byNode)
                    if (node >= 0 && v > 0)
                        m_w.series(nodeLabels(pid, node), v);
            }
        }

        family(ProcessRemoteShare);
        for (const Locality& l : advice->processes)
            if (l.ns == QLatin1StringView("local"))
                known(processLabels(l.pid), l.remoteShare);
        family(ProcessWittySimilarity);
        for (const Locality& l : advice->processes)
            if (l.ns == QLatin1StringView("local"))
                known(processLabels(l.pid), l.wittySimilarity);

        family(ProcessAcceleratorAway);
        for (const DeviceAffinity& d : advice->devices)
            if (d.ns == QLatin1StringView("local"))
                m_w.series(processLabels(d.pid), d.away ? 1 : 0);
        family(ProcessAcceleratorInfo);
        for (const DeviceAffinity& d : advice->devices) {
            if (d.ns != QLatin1StringView("local"))
                continue;
            for (qsizetype i = 0; i < d.accelerators.size(); ++i) {
                const NodeId node = size_t(i) < d.deviceNodes.size() ? d.deviceNodes[size_t(i)] : NodeId();
                m_w.series(with(with(processLabels(d.pid), QStringLiteral("accelerator"), d.accelerators[i]),
                                QStringLiteral("node"),
                                node.isValid() ? QString::number(node.value) : QString()),
                           1);
            }
        }
    }

    const MetricsInput& m_in;
    const QString m_host;
    ExpositionWriter m_w;
    std::map<std::int64_t, std::pair<QString, QString>> m_names; // pid → (comm, container)
};

} // namespace

RecorderCost measureRecorderCost(std::int64_t samples)
{
    RecorderCost cost;
    cost.samples = samples;
    rusage usage{};
    if (getrusage(RUSAGE_SELF, &usage) == 0)
        cost.cpuSeconds = double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
                          double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
    // statm's second field is the resident set in pages; getrusage only knows the peak.
    QFile statm(QStringLiteral("/proc/self/statm"));
    if (statm.open(QIODevice::ReadOnly)) {
        bool ok = false;
        const qint64 pages = statm.readLine(256).split(' ').value(1).toLongLong(&ok);
        if (ok && pages >= 0)
            cost.residentBytes = double(pages) * double(sysconf(_SC_PAGESIZE));
    }
    return cost;
}

QByteArray recordingMetrics(const MetricsInput& input)
{
    return Renderer(input).run();
}

std::span<const MetricFamilyInfo> recordingMetricFamilies()
{
    return kFamilies;
}

} // namespace numasight
