// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The advisor behind advise() (advice.h), internal to core/advice. Its parts live in the files named after
// what they produce: advice.cpp (the processes, machines and sample facts everything else reads),
// advice_findings.cpp (locality, device affinity, hot threads and patterns) and advice_suggestions.cpp (the
// nodes to move each process to, with its commands and predicted gain).

#include "advice/advice.h"
#include "advice/advice_support.h"
#include "analysis/heatmap_data.h"
#include "analysis/witty_metrics.h"
#include "util/format.h"

#include <QHash>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <set>

namespace numasight::advisor {

// Thresholds of witty-profiler's documented rules (docs/witty-profiler-format.md), kept by name so the rule
// text and the code can be compared.
constexpr double kHotCpuPercent = 80;
constexpr double kHotSwitchesPerSec = 5000;
constexpr double kHotRemoteShare = 0.2;
constexpr double kHotLlcMiss = 0.02;
constexpr double kLlcMemoryBound = 0.01;
constexpr double kGoodSimilarity = 0.8;
constexpr double kSevereSimilarity = 0.5;
// A process whose pages sit at least this much on one node counts as "memory on one node".
constexpr double kOneNodeShare = 0.9;
// witty graphs give pages, not bytes; Linux's base page is what its numa_maps counts outside huge pages.
constexpr double kAssumedPageBytes = 4096;

inline bool known(double x)
{
    return !std::isnan(x);
}

// Who a figure is about, as every per-process record (a heatmap or mismatch row, a process's state, a
// locality) names it.
template <class From, class To>
void copySubject(const From& from, To& to)
{
    to.pid = from.pid;
    to.ns = from.ns;
    to.name = from.name;
    to.cpuNs = from.cpuNs;
}

inline double sum(std::span<const double> v)
{
    return std::accumulate(v.begin(), v.end(), 0.0);
}

inline int argmaxIndex(std::span<const double> v)
{
    int best = -1;
    for (size_t i = 0; i < v.size(); ++i)
        if (v[i] > 0 && (best < 0 || v[i] > v[size_t(best)]))
            best = int(i);
    return best;
}

// A thread's name without the number a pool gives each of its threads ("worker3", "pt_main_thread-2").
inline QString baseThreadName(const QString& name)
{
    qsizetype end = name.size();
    while (end > 0 && name.at(end - 1).isDigit())
        --end;
    while (end > 0 && QStringView(u"-_:/. #").contains(name.at(end - 1)))
        --end;
    return end > 0 ? name.left(end) : name;
}

inline QString subjectKey(const QString& ns, std::int64_t id)
{
    return ns + QLatin1Char('/') + QString::number(id);
}

// The NUMA nodes of one namespace, by OS index.
struct NodeInfo
{
    EntityId entity;
    CpuSet cpus;
    std::uint64_t freeBytes = 0;
    std::uint64_t totalBytes = 0;
};

struct Machine
{
    QString ns;
    int size = 0; // max OS index + 1
    std::map<NodeId, NodeInfo> nodes;
    CpuSet allCpus;
    NodeSet allNodes;
    std::vector<double> slit;    // size x size, empty when unknown
    std::vector<double> latency; // size x size ns, empty when unknown

    bool has(NodeId n) const { return n.isValid() && n.value < size; }
    // The position of a heatmap column's node in this machine's per-node vectors; -1 when the column is not
    // one of its nodes.
    int indexOf(const HeatmapColumn& col) const
    {
        return col.ns == ns && col.osIndex >= 0 && col.osIndex < size ? col.osIndex : -1;
    }
    double distance(NodeId a, NodeId b) const
    {
        if (slit.empty() || !has(a) || !has(b))
            return a == b ? 10 : 20;
        return slit[size_t(a.value) * size_t(size) + size_t(b.value)];
    }
};

// The NUMA nodes of namespace `ns`, with its SLIT and measured latency matrices by OS index.
Machine machineOf(const Snapshot& s, const QString& ns);

// The measures of one CPU distribution against one page distribution, both by OS index.
LocalityFigures measure(const Machine& m, std::span<const double> cpu, std::span<const std::uint64_t> pages);

// The latency one access of this CPU distribution to these pages costs on average; NaN without a measured
// latency matrix.
double expectedLatency(const Machine& m, std::span<const double> cpuShares,
                       std::span<const std::uint64_t> pages);

// Everything known about one process, gathered from the heatmaps and the edges.
struct ProcessState
{
    EntityId entity;
    std::int64_t pid = -1;
    std::int64_t ppid = -1;
    QString ns;
    QString name;
    QString cmdline;
    double cpuNs = 0;
    std::vector<double> cpuShares;
    std::vector<std::uint64_t> pages;
    double pageBytes = kAssumedPageBytes;
    bool hasCpu = false;
    bool hasMemory = false;
    QStringList accelerators;
    std::vector<NodeId> deviceNodes;
    CpuSet allowedCpus;
    NodeSet allowedMems;
    double cpuDemand = kAdviceUnknown; // CPUs kept busy on average (recordings)
    int threads = 0;
    int localityIndex = -1;
};

struct ThreadRates
{
    double cpuNs = 0;
    double windowNs = 0;
    double voluntary = 0;
    double involuntary = 0;
    int rateSamples = 0;
};

class Advisor
{
public:
    Advisor(const Snapshot& s, std::span<const SamplePtr> samples)
        : m_s(s)
        , m_samples(samples)
    {
        for (const SamplePtr& sp : samples)
            m_fromSamples = m_fromSamples || bool(sp);
    }

    AdvicePtr run();

private:
    // ---- what is known about the workload (advice.cpp) ----------------------------------------------------
    const Machine& machine(const QString& ns);
    void addFinding(Severity sev, const QString& kind, std::int64_t pid, std::optional<std::int64_t> tid,
                    const QString& message, QMap<QString, double> numbers);
    void collectProcesses();
    // Fills each finding's namespace, command line and container from its process.
    void nameSubjects();

    // Allowed CPUs, CPU demand and page sizes from a recording's samples, which are more direct than the
    // snapshot's entities (a thread's affinity can change between snapshots).
    void addSampleFacts();

    // ---- findings: locality, devices, hot threads, patterns (advice_findings.cpp) ------------------------
    void localities();
    static QMap<QString, double> localityNumbers(const Locality& l);
    static void fillLocality(const Machine& m, Locality& l);
    void devices();
    bool threadHasIpc(EntityId thread) const;
    void hotThreads();
    void patterns();

    // ---- suggestions: where to move and how (advice_suggestions.cpp) --------------------------------------
    // Whether `p` fits on `targets` given what earlier suggestions already placed there.
    bool fits(const Machine& m, const ProcessState& p, const std::vector<NodeId>& targets) const;

    // The bytes of `p` on nodes other than `targets`: what a move onto them migrates.
    static double movingBytes(const Machine& m, const ProcessState& p, const std::vector<NodeId>& targets);

    // The preferred node, then its nearest neighbours until the process fits.
    std::vector<NodeId> placeFrom(const Machine& m, const ProcessState& p, NodeId preferred) const;
    void suggestions();

    // The process's threads grouped by name; only returned when the groups' main nodes differ, since
    // otherwise moving the whole process says it all.
    std::vector<ThreadGroup> threadGroups(const ProcessState& p, const std::vector<NodeId>& targets,
                                          const QString& cpus);
    Suggestion suggestion(const Machine& m, const ProcessState& p, const Locality& l,
                          const std::vector<NodeId>& targets, const QString& reason);

    const Snapshot& m_s;
    std::span<const SamplePtr> m_samples;
    bool m_fromSamples = false;
    Advice* m_out = nullptr;
    NodeHeatmapPtr m_cpu;
    std::vector<ProcessState> m_processes;
    std::map<QString, Machine> m_machines;
    QHash<std::int64_t, ThreadRates> m_threadRates;
    QHash<std::pair<QString, NodeId>, double> m_placedCpu;
    QHash<std::pair<QString, NodeId>, double> m_placedMem;
    // Indexes into m_out->threads by (namespace, pid), built once the threads are final (for thread groups).
    QHash<std::pair<QString, std::int64_t>, std::vector<size_t>> m_threadsByProcess;
};

} // namespace numasight::advisor
