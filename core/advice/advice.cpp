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

namespace numasight {

namespace {

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

bool known(double x)
{
    return !std::isnan(x);
}

double sum(std::span<const double> v)
{
    return std::accumulate(v.begin(), v.end(), 0.0);
}

int argmaxIndex(std::span<const double> v)
{
    int best = -1;
    for (size_t i = 0; i < v.size(); ++i)
        if (v[i] > 0 && (best < 0 || v[i] > v[size_t(best)]))
            best = int(i);
    return best;
}

// A thread's name without the number a pool gives each of its threads ("worker3", "pt_main_thread-2").
QString baseThreadName(const QString& name)
{
    qsizetype end = name.size();
    while (end > 0 && name.at(end - 1).isDigit())
        --end;
    while (end > 0 && QStringView(u"-_:/. #").contains(name.at(end - 1)))
        --end;
    return end > 0 ? name.left(end) : name;
}

QString subjectKey(const QString& ns, std::int64_t id)
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
    double distance(NodeId a, NodeId b) const
    {
        if (slit.empty() || !has(a) || !has(b))
            return a == b ? 10 : 20;
        return slit[size_t(a.value) * size_t(size) + size_t(b.value)];
    }
};

std::vector<double> matrixByOs(const Snapshot& s, const DistanceMatrix& m, int size)
{
    std::vector<double> out(size_t(size) * size_t(size), kAdviceUnknown);
    for (int r = 0; r < m.size(); ++r)
        for (int c = 0; c < m.size(); ++c) {
            const int a = s.entity(m.objects[size_t(r)]).osIndex;
            const int b = s.entity(m.objects[size_t(c)]).osIndex;
            if (a >= 0 && b >= 0 && a < size && b < size)
                out[size_t(a) * size_t(size) + size_t(b)] = m.at(r, c);
        }
    if (std::any_of(out.begin(), out.end(), [](double x) { return !known(x); }))
        return {}; // a partial matrix would silently weigh missing pairs as 0
    return out;
}

Machine machineOf(const Snapshot& s, const QString& ns)
{
    Machine m;
    m.ns = ns;
    for (EntityId id : s.numaNodes()) {
        const Entity& n = s.entity(id);
        if (n.ns != ns || n.osIndex < 0)
            continue;
        m.nodes[NodeId(n.osIndex)] = NodeInfo{id, n.cpus, n.memoryFreeBytes, n.memoryBytes};
        m.allCpus |= n.cpus;
        m.allNodes.insert(n.osIndex);
        m.size = std::max(m.size, n.osIndex + 1);
    }
    if (const DistanceMatrix* d = s.numaDistances(ns))
        m.slit = matrixByOs(s, *d, m.size);
    for (const DistanceMatrix& d : s.distances()) {
        if (d.unit != QLatin1StringView("ns") || d.objects.empty())
            continue;
        const Entity& first = s.entity(d.objects.front());
        if (first.kind != EntityKind::NumaNode || first.ns != ns)
            continue;
        m.latency = matrixByOs(s, d, m.size);
        if (!m.latency.empty())
            break;
    }
    return m;
}

// The measures of one CPU distribution against one page distribution, both by OS index.
LocalityFigures measure(const Machine& m, std::span<const double> cpu, std::span<const std::uint64_t> pages)
{
    LocalityFigures f;
    const double cpuSum = sum(cpu);
    std::uint64_t total = 0;
    for (auto p : pages)
        total += p;
    if (!(cpuSum > 0) || total == 0)
        return f;
    std::vector<double> shares(cpu.begin(), cpu.end());
    for (double& x : shares)
        x /= cpuSum;
    f.similarity = wittyAccessSimilarity(shares, pages, total);
    f.cosine = cosineSimilarity(shares, pages);
    double local = 0;
    for (size_t i = 0; i < shares.size() && i < pages.size(); ++i)
        local += shares[i] * double(pages[i]) / double(total);
    f.remoteShare = std::clamp(1.0 - local, 0.0, 1.0);
    if (!m.slit.empty())
        if (const auto d = expectedRelativeDistance(shares, pages, m.slit, m.size))
            f.expectedDistance = *d;
    return f;
}

double expectedLatency(const Machine& m, std::span<const double> cpuShares,
                       std::span<const std::uint64_t> pages)
{
    if (m.latency.empty())
        return kAdviceUnknown;
    double total = 0;
    for (auto p : pages)
        total += double(p);
    if (!(total > 0) || !(sum(cpuShares) > 0))
        return kAdviceUnknown;
    double ns = 0;
    for (int i = 0; i < m.size; ++i)
        for (int j = 0; j < m.size; ++j)
            ns += cpuShares[size_t(i)] * double(pages[size_t(j)]) / total *
                  m.latency[size_t(i) * size_t(m.size) + size_t(j)];
    return ns;
}

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

    AdvicePtr run()
    {
        auto out = std::make_shared<Advice>();
        m_out = out.get();
        if (m_s.countOf(EntityKind::Process) == 0 && !m_fromSamples) {
            m_out->source = QStringLiteral("no workload");
            addFinding(Severity::Info, QStringLiteral("no-processes"), -1, std::nullopt,
                       QStringLiteral("The input holds no processes (a topology only?): there is nothing to "
                                      "advise on; record or attach to a workload first."),
                       {});
            return out;
        }
        collectProcesses();
        if (m_processes.empty()) {
            addFinding(Severity::Info, QStringLiteral("no-processes"), -1, std::nullopt,
                       QStringLiteral("No process has CPU time or memory figures: there is nothing to advise "
                                      "on."),
                       {});
        }
        localities();
        devices();
        hotThreads();
        patterns();
        suggestions();
        std::stable_sort(m_out->findings.begin(), m_out->findings.end(),
                         [](const Finding& a, const Finding& b) {
                             if (a.severity != b.severity)
                                 return a.severity > b.severity;
                             return a.pid < b.pid;
                         });
        return out;
    }

private:
    const Machine& machine(const QString& ns)
    {
        auto it = m_machines.find(ns);
        if (it == m_machines.end())
            it = m_machines.emplace(ns, machineOf(m_s, ns)).first;
        return it->second;
    }

    void addFinding(Severity sev, const QString& kind, std::int64_t pid, std::optional<std::int64_t> tid,
                    const QString& message, QMap<QString, double> numbers)
    {
        m_out->findings.push_back(Finding{sev, kind, pid, tid, message, std::move(numbers)});
    }

    void collectProcesses()
    {
        const MismatchViewPtr mm = mismatchRows(m_s, m_samples);
        m_cpu = cpuHeatmap(m_s, m_samples);
        m_out->source = mm->source;
        m_out->notes = mm->notes;
        const size_t cols = mm->columns.size();
        for (size_t r = 0; r < mm->rows.size(); ++r) {
            const MismatchRow& row = mm->rows[r];
            const Machine& m = machine(row.ns);
            ProcessState p;
            p.entity = row.process;
            p.pid = row.pid;
            p.ns = row.ns;
            p.name = row.name;
            p.cpuNs = row.cpuNs;
            p.cpuShares.assign(size_t(m.size), 0.0);
            p.pages.assign(size_t(m.size), 0);
            double pageSum = known(row.pages) ? row.pages : 0;
            for (size_t c = 0; c < cols; ++c) {
                const HeatmapColumn& col = mm->columns[c];
                if (col.ns != row.ns || col.osIndex < 0 || col.osIndex >= m.size)
                    continue;
                const double cpu = mm->cpuShares[r * cols + c];
                const double mem = mm->memoryShares[r * cols + c];
                if (known(cpu))
                    p.cpuShares[size_t(col.osIndex)] = cpu;
                // The view keeps shares; the page counts are share x total, exact after rounding for any
                // count a process can have.
                if (known(mem))
                    p.pages[size_t(col.osIndex)] = std::uint64_t(std::llround(mem * pageSum));
            }
            p.hasCpu = sum(p.cpuShares) > 0;
            p.hasMemory = std::any_of(p.pages.begin(), p.pages.end(), [](auto x) { return x > 0; });
            for (int c : row.acceleratorColumns)
                p.deviceNodes.push_back(c >= 0 && size_t(c) < cols ? NodeId(mm->columns[size_t(c)].osIndex)
                                                                   : NodeId());
            p.accelerators = row.accelerators;
            if (p.entity.isValid()) {
                const Entity& e = m_s.entity(p.entity);
                p.ppid = e.ppid;
                p.cmdline = e.cmdline;
                p.allowedMems = e.nodes;
                for (EntityId t : m_s.threadsOf(p.entity))
                    p.allowedCpus |= m_s.entity(t).cpus;
                p.threads = int(m_s.threadsOf(p.entity).size());
                for (EdgeId eid : m_s.outEdges(p.entity)) {
                    const Edge& edge = m_s.edge(eid);
                    if (edge.kind != EdgeKind::NumaAccess)
                        continue;
                    const WittyProcStatus st = readWittyProcStatus(edge.payload);
                    if (p.allowedCpus.isEmpty() && st.cpusAllowed)
                        p.allowedCpus = *st.cpusAllowed;
                    if (p.allowedMems.isEmpty() && st.memsAllowed)
                        p.allowedMems = *st.memsAllowed;
                }
            }
            m_processes.push_back(std::move(p));
        }
        if (m_fromSamples)
            addSampleFacts();
        std::sort(m_processes.begin(), m_processes.end(), [](const ProcessState& a, const ProcessState& b) {
            return std::tie(a.ns, a.pid) < std::tie(b.ns, b.pid);
        });
    }

    // Allowed CPUs, CPU demand and page sizes from a recording's samples, which are more direct than the
    // snapshot's entities (a thread's affinity can change between snapshots).
    void addSampleFacts()
    {
        QHash<std::int64_t, ProcessState*> byPid;
        for (ProcessState& p : m_processes)
            if (p.ns == QLatin1StringView("local"))
                byPid.insert(p.pid, &p);
        double windowNs = 0;
        QHash<std::int64_t, double> cpuNs;
        QHash<std::int64_t, std::pair<double, double>> bytesPages;
        for (const SamplePtr& sp : m_samples) {
            if (!sp)
                continue;
            windowNs += double(sp->intervalNs);
            for (const ThreadCpuSample& t : sp->threads) {
                ProcessState* p = byPid.value(t.pid);
                if (!p)
                    continue;
                p->allowedCpus |= t.cpusAllowed;
                p->allowedMems |= t.memsAllowed;
                if (sp->intervalNs > 0)
                    cpuNs[t.pid] += double(t.cpuNs);
                ThreadRates& r = m_threadRates[t.tid];
                if (sp->intervalNs > 0) {
                    r.cpuNs += double(t.cpuNs);
                    r.windowNs += double(sp->intervalNs);
                    r.voluntary += t.voluntarySwitchesPerSec;
                    r.involuntary += t.involuntarySwitchesPerSec;
                    ++r.rateSamples;
                }
            }
            for (const ProcessMemorySample& pm : sp->processes) {
                double bytes = 0, pages = 0;
                for (const NodePages& np : pm.nodes) {
                    bytes += double(np.bytes);
                    pages += double(np.totalPages);
                }
                if (pages > 0)
                    bytesPages[pm.pid] = {bytes, pages};
            }
        }
        for (ProcessState& p : m_processes) {
            if (windowNs > 0 && cpuNs.contains(p.pid))
                p.cpuDemand = cpuNs.value(p.pid) / windowNs;
            const auto bp = bytesPages.value(p.pid, {0.0, 0.0});
            if (bp.second > 0 && bp.first > 0)
                p.pageBytes = bp.first / bp.second;
        }
    }

    void localities()
    {
        for (ProcessState& p : m_processes) {
            const Machine& m = machine(p.ns);
            Locality l;
            l.pid = p.pid;
            l.ns = p.ns;
            l.name = p.name;
            l.cpuNs = p.cpuNs;
            l.cpuShares = p.cpuShares;
            l.pages = p.pages;
            fillLocality(m, l);
            p.localityIndex = int(m_out->processes.size());
            m_out->processes.push_back(l);

            if (!p.hasCpu || !p.hasMemory)
                continue;
            const double sim = l.wittySimilarity;
            if (sim >= kGoodSimilarity)
                continue;
            const bool severe = sim < kSevereSimilarity;
            QMap<QString, double> numbers = localityNumbers(l);
            addFinding(severe ? Severity::Critical : Severity::Warning, QStringLiteral("locality"), p.pid,
                       std::nullopt,
                       QStringLiteral("pid %1 (%2) has %3 cross-NUMA access: witty similarity %4, %5 of its "
                                      "accesses remote, most CPU time on node %6 and most memory on node %7.")
                           .arg(p.pid)
                           .arg(p.name, severe ? QStringLiteral("severe") : QStringLiteral("moderate"))
                           .arg(sim, 0, 'f', 3)
                           .arg(formatPercent(l.remoteShare))
                           .arg(l.cpuNode.value)
                           .arg(l.memoryNode.value),
                       numbers);
        }
        // Threads: their own CPU time against their process's memory.
        for (int r = 0; r < m_cpu->rowCount(); ++r) {
            const HeatmapRow& row = m_cpu->rows[size_t(r)];
            if (row.kind != HeatmapRowKind::Thread)
                continue;
            const ProcessState* p = nullptr;
            for (const ProcessState& cand : m_processes)
                if (cand.pid == row.pid && cand.ns == row.ns)
                    p = &cand;
            const Machine& m = machine(row.ns);
            Locality l;
            l.pid = row.pid;
            l.tid = row.tid;
            l.ns = row.ns;
            l.name = row.name;
            l.cpuNs = row.cpuNs;
            l.cpuShares.assign(size_t(m.size), 0.0);
            const auto values = m_cpu->rowValues(r);
            for (size_t c = 0; c < values.size(); ++c) {
                const HeatmapColumn& col = m_cpu->columns[c];
                if (col.ns == row.ns && col.osIndex >= 0 && col.osIndex < m.size && known(values[c]))
                    l.cpuShares[size_t(col.osIndex)] = values[c];
            }
            l.pages = p ? p->pages : std::vector<std::uint64_t>(size_t(m.size), 0);
            fillLocality(m, l);
            m_out->threads.push_back(std::move(l));
        }
    }

    static QMap<QString, double> localityNumbers(const Locality& l)
    {
        QMap<QString, double> n;
        n.insert(QStringLiteral("witty_similarity"), l.wittySimilarity);
        n.insert(QStringLiteral("cosine"), l.cosine);
        n.insert(QStringLiteral("remote_share"), l.remoteShare);
        if (known(l.expectedDistance))
            n.insert(QStringLiteral("expected_distance"), l.expectedDistance);
        if (known(l.expectedNs))
            n.insert(QStringLiteral("expected_ns"), l.expectedNs);
        n.insert(QStringLiteral("cpu_node"), l.cpuNode.value);
        n.insert(QStringLiteral("memory_node"), l.memoryNode.value);
        return n;
    }

    static void fillLocality(const Machine& m, Locality& l)
    {
        l.cpuNode = NodeId(argmaxIndex(l.cpuShares));
        std::vector<double> pagesD(l.pages.begin(), l.pages.end());
        l.memoryNode = NodeId(argmaxIndex(pagesD));
        const LocalityFigures f = measure(m, l.cpuShares, l.pages);
        l.wittySimilarity = f.similarity;
        l.cosine = f.cosine;
        l.remoteShare = f.remoteShare;
        l.expectedDistance = f.expectedDistance;
        l.expectedNs = expectedLatency(m, l.cpuShares, l.pages);
    }

    void devices()
    {
        for (ProcessState& p : m_processes) {
            if (p.accelerators.isEmpty())
                continue;
            const Machine& m = machine(p.ns);
            const Locality& l = m_out->processes[size_t(p.localityIndex)];
            DeviceAffinity d;
            d.pid = p.pid;
            d.ns = p.ns;
            d.name = p.name;
            d.accelerators = p.accelerators;
            d.deviceNodes = p.deviceNodes;
            d.allowedCpus = p.allowedCpus;
            for (const auto& [os, node] : m.nodes)
                if (p.allowedCpus.intersects(node.cpus))
                    d.allowedNodes.push_back(os);
            d.cpuNode = l.cpuNode;
            d.memoryNode = l.memoryNode;
            std::set<NodeId> devNodes;
            for (NodeId n : p.deviceNodes)
                if (n.isValid())
                    devNodes.insert(n);
            if (devNodes.empty())
                continue; // no device placed on a node: nothing to compare
            double cpuOn = 0, pagesOn = 0, pagesAll = 0;
            for (NodeId n : devNodes)
                if (m.has(n))
                    cpuOn += p.cpuShares[size_t(n.value)];
            for (int i = 0; i < m.size; ++i) {
                pagesAll += double(p.pages[size_t(i)]);
                if (devNodes.contains(NodeId(i)))
                    pagesOn += double(p.pages[size_t(i)]);
            }
            if (p.hasCpu)
                d.cpuShareOnDeviceNodes = cpuOn / sum(p.cpuShares);
            if (pagesAll > 0)
                d.memoryShareOnDeviceNodes = pagesOn / pagesAll;
            d.allowedOnDeviceNode =
                p.allowedCpus.isEmpty() || std::any_of(devNodes.begin(), devNodes.end(), [&](NodeId n) {
                    return std::find(d.allowedNodes.begin(), d.allowedNodes.end(), n) != d.allowedNodes.end();
                });
            d.away = p.hasCpu && !devNodes.contains(d.cpuNode);
            if (d.away) {
                const NodeId dev = *devNodes.begin();
                QMap<QString, double> n;
                n.insert(QStringLiteral("device_node"), dev.value);
                n.insert(QStringLiteral("cpu_node"), d.cpuNode.value);
                n.insert(QStringLiteral("memory_node"), d.memoryNode.value);
                n.insert(QStringLiteral("cpu_share_on_device_node"), d.cpuShareOnDeviceNodes);
                if (known(d.memoryShareOnDeviceNodes))
                    n.insert(QStringLiteral("memory_share_on_device_node"), d.memoryShareOnDeviceNodes);
                n.insert(QStringLiteral("allowed_on_device_node"), d.allowedOnDeviceNode ? 1 : 0);
                if (!m.slit.empty())
                    n.insert(QStringLiteral("distance_cpu_to_device"), m.distance(d.cpuNode, dev));
                QString allowed;
                if (!p.allowedCpus.isEmpty())
                    allowed = d.allowedOnDeviceNode ? QStringLiteral(" although it may run there")
                                                    : QStringLiteral(" and its CPUs (%1) exclude that node")
                                                          .arg(p.allowedCpus.toRangeString());
                addFinding(
                    Severity::Critical, QStringLiteral("accelerator-away"), p.pid, std::nullopt,
                    QStringLiteral("pid %1 (%2) uses %3 on node %4 but runs %5 of its CPU time on node "
                                   "%6%7.")
                        .arg(p.pid)
                        .arg(p.name, p.accelerators.join(QStringLiteral(", ")))
                        .arg(dev.value)
                        .arg(formatPercent(p.cpuShares[size_t(d.cpuNode.value)] / sum(p.cpuShares)))
                        .arg(d.cpuNode.value)
                        .arg(allowed),
                    n);
            }
            m_out->devices.push_back(std::move(d));
        }
    }

    bool threadHasIpc(EntityId thread) const
    {
        for (EdgeId eid : m_s.outEdges(thread)) {
            const Edge& e = m_s.edge(eid);
            if (e.kind == EdgeKind::SendToSocket ||
                (e.kind == EdgeKind::Own && m_s.entity(e.target).kind == EntityKind::Socket))
                return true;
        }
        return false;
    }

    void hotThreads()
    {
        // Keyed by namespace too: tids of different hosts in one witty graph collide.
        QHash<QString, EntityId> threadByKey;
        for (EntityId t : m_s.ofKind(EntityKind::Thread))
            threadByKey.insert(subjectKey(m_s.entity(t).ns, m_s.entity(t).tid), t);
        QSet<std::int64_t> flowTids, flowPids;
        for (const SamplePtr& sp : m_samples)
            if (sp)
                for (const FlowSample& f : sp->flows) {
                    if (f.tid >= 0)
                        flowTids.insert(f.tid);
                    flowPids.insert(f.pid);
                }
        bool anyRates = false;
        for (const Locality& l : m_out->threads) {
            HotThread h;
            h.pid = l.pid;
            h.tid = l.tid;
            h.name = l.name;
            h.role = threadRole(l.name);
            h.remoteShare = l.remoteShare;
            const EntityId te = threadByKey.value(subjectKey(l.ns, l.tid));
            if (m_fromSamples && l.ns == QLatin1StringView("local") && m_threadRates.contains(l.tid)) {
                const ThreadRates& r = m_threadRates[l.tid];
                if (r.windowNs > 0)
                    h.cpuPercent = 100.0 * r.cpuNs / r.windowNs;
                if (r.rateSamples > 0) {
                    h.voluntarySwitches = r.voluntary / r.rateSamples;
                    h.involuntarySwitches = r.involuntary / r.rateSamples;
                    h.switchesPerSec = h.voluntarySwitches + h.involuntarySwitches;
                }
                anyRates = true;
                // procfs flows only know the process; eBPF flows know the thread.
                h.ipc = flowTids.contains(l.tid) || (flowTids.isEmpty() && flowPids.contains(l.pid));
            } else if (te.isValid()) {
                // witty: cumulative counts only, good for the voluntary/involuntary ratio, not for a rate.
                for (EdgeId eid : m_s.outEdges(te)) {
                    const Edge& e = m_s.edge(eid);
                    if (e.kind != EdgeKind::AccessWithProcStatus)
                        continue;
                    const WittyProcStatus st = readWittyProcStatus(e.payload);
                    h.voluntarySwitches = st.voluntary;
                    h.involuntarySwitches = st.involuntary;
                }
            }
            if (te.isValid())
                h.ipc = h.ipc || threadHasIpc(te);

            if (known(h.cpuPercent) && h.cpuPercent > kHotCpuPercent)
                h.score += 2;
            if (known(h.switchesPerSec) && h.switchesPerSec > kHotSwitchesPerSec)
                h.score += 1;
            if (known(h.remoteShare) && h.remoteShare > kHotRemoteShare)
                h.score += 2;
            if (known(h.llcMissRate) && h.llcMissRate > kHotLlcMiss)
                h.score += 1;
            h.grade = h.score >= 5   ? QStringLiteral("severe")
                      : h.score >= 3 ? QStringLiteral("moderate")
                      : h.score >= 1 ? QStringLiteral("mild")
                                     : QStringLiteral("none");
            const bool busy = known(h.cpuPercent) && h.cpuPercent > kHotCpuPercent;
            if (busy && known(h.llcMissRate))
                h.bottleneck = h.llcMissRate > kLlcMemoryBound ? QStringLiteral("memory-bound")
                                                               : QStringLiteral("compute-bound");
            else if (known(h.remoteShare) && h.remoteShare > kHotRemoteShare)
                h.bottleneck = QStringLiteral("numa");
            else if (known(h.voluntarySwitches) && known(h.involuntarySwitches) &&
                     h.voluntarySwitches > h.involuntarySwitches)
                h.bottleneck = h.ipc ? QStringLiteral("communication") : QStringLiteral("synchronisation");
            else if (busy)
                h.bottleneck = QStringLiteral("cpu-bound");
            else
                h.bottleneck = QStringLiteral("none");
            if (h.score > 0)
                m_out->hotThreads.push_back(h);
        }
        std::stable_sort(m_out->hotThreads.begin(), m_out->hotThreads.end(),
                         [](const HotThread& a, const HotThread& b) { return a.score > b.score; });
        if (!m_out->threads.empty() && !anyRates)
            m_out->notes << QStringLiteral("hot threads are scored on remote share only: the input has no "
                                           "durations, so CPU % and context switches per second are unknown");
        m_out->notes << QStringLiteral("LLC miss rates are not collected: that part of the hot-thread score "
                                       "and the compute/memory-bound split are never applied");
        for (const HotThread& h : m_out->hotThreads) {
            if (h.score < 3)
                continue; // mild threads stay in the list without a finding each
            QMap<QString, double> n;
            n.insert(QStringLiteral("score"), h.score);
            if (known(h.cpuPercent))
                n.insert(QStringLiteral("cpu_percent"), h.cpuPercent);
            if (known(h.switchesPerSec))
                n.insert(QStringLiteral("switches_per_sec"), h.switchesPerSec);
            if (known(h.remoteShare))
                n.insert(QStringLiteral("remote_share"), h.remoteShare);
            addFinding(
                h.score >= 5 ? Severity::Critical : Severity::Warning, QStringLiteral("hot-thread"), h.pid,
                h.tid,
                QStringLiteral("Thread %1 (%2, %3) of pid %4 is a %5 hot thread (score %6), bottleneck: "
                               "%7.")
                    .arg(h.tid)
                    .arg(h.name, h.role)
                    .arg(h.pid)
                    .arg(h.grade)
                    .arg(h.score)
                    .arg(h.bottleneck),
                n);
        }
    }

    void patterns()
    {
        // Tensor parallelism: siblings that each own exactly one accelerator, all different.
        std::map<std::pair<QString, std::int64_t>, std::vector<const ProcessState*>> byParent;
        for (const ProcessState& p : m_processes)
            if (p.ppid >= 0 && p.accelerators.size() == 1)
                byParent[{p.ns, p.ppid}].push_back(&p);
        for (const auto& [parent, workers] : byParent) {
            QSet<QString> devices;
            for (const ProcessState* w : workers)
                devices.insert(w->accelerators.front());
            if (workers.size() < 2 || devices.size() != qsizetype(workers.size()))
                continue;
            QStringList pids, devs;
            int away = 0;
            for (const ProcessState* w : workers) {
                pids << QString::number(w->pid);
                devs << w->accelerators.front();
                for (const DeviceAffinity& d : m_out->devices)
                    if (d.pid == w->pid && d.ns == w->ns && d.away)
                        ++away;
            }
            QMap<QString, double> n;
            n.insert(QStringLiteral("workers"), double(workers.size()));
            n.insert(QStringLiteral("workers_away_from_device"), away);
            addFinding(
                away > 0 ? Severity::Warning : Severity::Info, QStringLiteral("tensor-parallel-group"),
                parent.second, std::nullopt,
                QStringLiteral("pids %1 (children of %2) form a tensor-parallel group with one accelerator "
                               "each (%3); %4 of them run away from their accelerator's node.")
                    .arg(pids.join(QStringLiteral(", ")))
                    .arg(parent.second)
                    .arg(devs.join(QStringLiteral(", ")))
                    .arg(away),
                n);
        }

        // Automatic NUMA balancing moves pages and tasks the user pinned on purpose.
        int balancing = -1;
        for (const SamplePtr& sp : m_samples)
            if (sp && sp->numaBalancing >= 0)
                balancing = sp->numaBalancing;
        if (balancing < 0)
            for (EntityId h : m_s.ofKind(EntityKind::Host)) {
                const QJsonValue v = QJsonDocument::fromJson(m_s.entity(h).attributes)
                                         .object()
                                         .value(QLatin1StringView("numa_balancing"));
                if (v.isDouble())
                    balancing = v.toInt();
            }
        QStringList bound;
        for (const ProcessState& p : m_processes) {
            const Machine& m = machine(p.ns);
            const bool cpuBound = !p.allowedCpus.isEmpty() && !m.allCpus.isEmpty() &&
                                  p.allowedCpus.isSubsetOf(m.allCpus) && p.allowedCpus != m.allCpus;
            const bool memBound = !p.allowedMems.isEmpty() && !m.allNodes.isEmpty() &&
                                  p.allowedMems.isSubsetOf(m.allNodes) && p.allowedMems != m.allNodes;
            if (cpuBound || memBound)
                bound << QString::number(p.pid);
            // Allowed everywhere, memory in one place: the scheduler is free to run it far from its pages.
            const bool everywhere = !p.allowedCpus.isEmpty() && m.allCpus.isSubsetOf(p.allowedCpus);
            if (everywhere && p.hasMemory && p.hasCpu) {
                const Locality& l = m_out->processes[size_t(p.localityIndex)];
                double total = 0;
                for (auto x : p.pages)
                    total += double(x);
                const double onOne = double(p.pages[size_t(l.memoryNode.value)]) / total;
                const double cpuThere = p.cpuShares[size_t(l.memoryNode.value)] / sum(p.cpuShares);
                if (onOne >= kOneNodeShare) {
                    QMap<QString, double> n;
                    n.insert(QStringLiteral("memory_node"), l.memoryNode.value);
                    n.insert(QStringLiteral("memory_share_on_node"), onOne);
                    n.insert(QStringLiteral("cpu_share_on_memory_node"), cpuThere);
                    addFinding(
                        cpuThere < kGoodSimilarity ? Severity::Warning : Severity::Info,
                        QStringLiteral("unbound-memory-on-one-node"), p.pid, std::nullopt,
                        QStringLiteral("pid %1 (%2) may run on every CPU while %3 of its memory sits on "
                                       "node %4 (%5 of its CPU time is there).")
                            .arg(p.pid)
                            .arg(p.name, formatPercent(onOne))
                            .arg(l.memoryNode.value)
                            .arg(formatPercent(cpuThere)),
                        n);
                }
            }
        }
        if (balancing > 0 && !bound.isEmpty()) {
            QMap<QString, double> n;
            n.insert(QStringLiteral("numa_balancing"), balancing);
            n.insert(QStringLiteral("bound_processes"), bound.size());
            addFinding(
                Severity::Warning, QStringLiteral("numa-balancing-with-binding"), -1, std::nullopt,
                QStringLiteral("kernel.numa_balancing is %1 while %2 process(es) are explicitly bound (%3): "
                               "it keeps migrating pages of bound tasks; set it to 0.")
                    .arg(balancing)
                    .arg(bound.size())
                    .arg(bound.join(QStringLiteral(", "))),
                n);
        }
    }

    // Whether `p` fits on `targets` given what earlier suggestions already placed there.
    bool fits(const Machine& m, const ProcessState& p, const std::vector<NodeId>& targets) const
    {
        double cpus = 0, free = 0, placedCpu = 0, placedMem = 0;
        bool memKnown = true;
        for (NodeId n : targets) {
            const auto it = m.nodes.find(n);
            if (it == m.nodes.end())
                return false;
            cpus += it->second.cpus.count();
            memKnown = memKnown && (it->second.freeBytes > 0 || it->second.totalBytes > 0);
            free += double(it->second.freeBytes);
            placedCpu += m_placedCpu.value({m.ns, n});
            placedMem += m_placedMem.value({m.ns, n});
        }
        const double demand = known(p.cpuDemand) ? p.cpuDemand : 1.0;
        if (placedCpu + demand > cpus)
            return false;
        if (!memKnown)
            return true;
        return placedMem + movingBytes(m, p, targets) <= free;
    }

    // The bytes of `p` on nodes other than `targets`: what a move onto them migrates.
    static double movingBytes(const Machine& m, const ProcessState& p, const std::vector<NodeId>& targets)
    {
        double moving = 0;
        for (int i = 0; i < m.size; ++i)
            if (std::find(targets.begin(), targets.end(), NodeId(i)) == targets.end())
                moving += double(p.pages[size_t(i)]) * p.pageBytes;
        return moving;
    }

    // The preferred node, then its nearest neighbours until the process fits.
    std::vector<NodeId> placeFrom(const Machine& m, const ProcessState& p, NodeId preferred) const
    {
        std::vector<NodeId> order;
        for (const auto& [os, node] : m.nodes)
            if (!node.cpus.isEmpty())
                order.push_back(os);
        std::stable_sort(order.begin(), order.end(), [&](NodeId a, NodeId b) {
            return m.distance(preferred, a) < m.distance(preferred, b);
        });
        std::vector<NodeId> targets;
        for (NodeId n : order) {
            targets.push_back(n);
            std::sort(targets.begin(), targets.end());
            if (fits(m, p, targets))
                return targets;
        }
        return {};
    }

    void suggestions()
    {
        // Who needs a move: runs away from its device, or from its memory.
        std::vector<ProcessState*> todo;
        QHash<QString, const DeviceAffinity*> devOf;
        for (const DeviceAffinity& d : m_out->devices)
            devOf.insert(subjectKey(d.ns, d.pid), &d);
        for (ProcessState& p : m_processes) {
            const Locality& l = m_out->processes[size_t(p.localityIndex)];
            const DeviceAffinity* d = devOf.value(subjectKey(p.ns, p.pid));
            const bool deviceAway = d && d->away;
            const bool poor = known(l.wittySimilarity) && l.wittySimilarity < kGoodSimilarity;
            if (deviceAway || poor)
                todo.push_back(&p);
        }
        // Accelerator users first (their node is fixed by the hardware), then the busiest.
        std::stable_sort(todo.begin(), todo.end(), [](const ProcessState* a, const ProcessState* b) {
            if (a->accelerators.isEmpty() != b->accelerators.isEmpty())
                return !a->accelerators.isEmpty();
            return a->cpuNs > b->cpuNs;
        });
        std::map<std::int32_t, std::vector<size_t>> byContainer;
        for (ProcessState* p : todo) {
            const Machine& m = machine(p->ns);
            const Locality& l = m_out->processes[size_t(p->localityIndex)];
            std::vector<std::pair<NodeId, QString>> prefs;
            // Accelerator node: the one holding most of its devices.
            std::map<NodeId, int> devCount;
            for (NodeId n : p->deviceNodes)
                if (n.isValid())
                    ++devCount[n];
            NodeId devNode;
            int best = 0;
            for (const auto& [n, c] : devCount)
                if (c > best) {
                    devNode = n;
                    best = c;
                }
            if (devNode.isValid()) {
                QStringList devs;
                for (int i = 0; i < p->accelerators.size(); ++i)
                    if (p->deviceNodes[size_t(i)] == devNode)
                        devs << p->accelerators[i];
                prefs.emplace_back(
                    devNode,
                    QStringLiteral("%1 on node %2").arg(devs.join(QStringLiteral(", "))).arg(devNode.value));
            }
            if (l.memoryNode.isValid())
                prefs.emplace_back(l.memoryNode,
                                   QStringLiteral("most of its memory on node %1").arg(l.memoryNode.value));
            if (l.cpuNode.isValid())
                prefs.emplace_back(l.cpuNode,
                                   QStringLiteral("most of its CPU time on node %1").arg(l.cpuNode.value));
            std::vector<NodeId> targets;
            QString reason;
            // A device user keeps its device's node even when that node alone is too small: part of its CPU
            // time next to the device beats all of it next to its memory (witty's advice layers rank the
            // accelerator above memory). Others take the first preferred node with room.
            const size_t singles = devNode.isValid() ? 1 : prefs.size();
            for (size_t i = 0; i < singles; ++i) {
                const auto& [node, why] = prefs[i];
                std::vector<NodeId> single{node};
                if (fits(m, *p, single)) {
                    targets = single;
                    reason = why;
                    break;
                }
            }
            if (targets.empty() && !prefs.empty()) {
                targets = placeFrom(m, *p, prefs.front().first);
                reason =
                    QStringLiteral("%1, widened to the nearest nodes with room").arg(prefs.front().second);
            }
            if (targets.empty()) {
                m_out->notes << QStringLiteral("pid %1 (%2): no node or set of nodes has room for it")
                                    .arg(p->pid)
                                    .arg(p->name);
                continue;
            }
            const double demand = known(p->cpuDemand) ? p->cpuDemand : 1.0;
            const double moving = movingBytes(m, *p, targets);
            for (NodeId n : targets) {
                m_placedCpu[{m.ns, n}] += demand / double(targets.size());
                m_placedMem[{m.ns, n}] += moving / double(targets.size());
            }
            m_out->suggestions.push_back(suggestion(m, *p, l, targets, reason));
            if (p->entity.isValid()) {
                const EntityId c = m_s.containerOf(p->entity);
                if (c.isValid())
                    byContainer[c.value].push_back(m_out->suggestions.size() - 1);
            }
        }
        // A container's cpuset bounds every process in it, so it must allow all the suggested targets and
        // keep the nodes where its other processes run and keep their memory now (narrowing the cpuset to the
        // targets would push an untouched API server onto the workers' nodes); each suggested process is then
        // narrowed by its own taskset.
        for (const auto& [c, idx] : byContainer) {
            const Entity& ce = m_s.entity(EntityId(c));
            const Machine& m = machine(ce.ns);
            NodeSet mems;
            QSet<std::int64_t> suggested;
            for (size_t i : idx) {
                suggested.insert(m_out->suggestions[i].pid);
                for (NodeId n : m_out->suggestions[i].targetNodes)
                    mems.insert(n.value);
            }
            QStringList kept;
            for (const ProcessState& p : m_processes) {
                if (suggested.contains(p.pid) || !p.entity.isValid() || m_s.containerOf(p.entity).value != c)
                    continue;
                const Locality& l = m_out->processes[size_t(p.localityIndex)];
                bool added = false;
                for (NodeId n : {l.cpuNode, l.memoryNode})
                    if (n.isValid() && !mems.contains(n.value)) {
                        mems.insert(n.value);
                        added = true;
                    }
                if (added)
                    kept << QString::number(p.pid);
            }
            CpuSet cpus;
            mems.forEach([&](int n) {
                if (const auto it = m.nodes.find(NodeId(n)); it != m.nodes.end())
                    cpus |= it->second.cpus;
            });
            const QString name = !ce.name.isEmpty() ? ce.name : ce.containerId;
            const QString cmd = QStringLiteral("docker update --cpuset-cpus %1 --cpuset-mems %2 %3")
                                    .arg(cpus.toRangeString(), mems.toRangeString(), shellQuote(name));
            for (size_t i : idx) {
                m_out->suggestions[i].docker = cmd;
                if (idx.size() > 1)
                    m_out->suggestions[i].notes
                        << QStringLiteral(
                               "the docker command covers the %1 suggested processes of container %2")
                               .arg(idx.size())
                               .arg(name);
                if (!kept.isEmpty())
                    m_out->suggestions[i].notes
                        << QStringLiteral(
                               "the docker cpuset also keeps the current nodes of pid(s) %1 in the "
                               "same container")
                               .arg(kept.join(QStringLiteral(", ")));
            }
        }
    }

    // The process's threads grouped by name; only returned when the groups' main nodes differ, since
    // otherwise moving the whole process says it all.
    std::vector<ThreadGroup> threadGroups(const ProcessState& p, const std::vector<NodeId>& targets,
                                          const QString& cpus)
    {
        struct Group
        {
            ThreadGroup out;
            QSet<QString> names;
            std::vector<double> cpu; // weighted CPU time per node
            double total = 0;
        };
        std::map<QString, Group> groups;
        if (m_threadsByProcess.isEmpty())
            for (size_t i = 0; i < m_out->threads.size(); ++i)
                m_threadsByProcess[{m_out->threads[i].ns, m_out->threads[i].pid}].push_back(i);
        for (size_t i : m_threadsByProcess.value({p.ns, p.pid})) {
            const Locality& t = m_out->threads[i];
            if (t.tid < 0)
                continue;
            Group& g = groups[baseThreadName(t.name)];
            g.names.insert(t.name);
            g.out.tids.push_back(t.tid);
            // Absolute CPU time weighs the threads where it is known; otherwise each thread counts once.
            const double weight = t.cpuNs > 0 ? t.cpuNs : 1.0;
            g.cpu.resize(std::max(g.cpu.size(), t.cpuShares.size()), 0.0);
            for (size_t i = 0; i < t.cpuShares.size(); ++i)
                if (std::isfinite(t.cpuShares[i])) {
                    g.cpu[i] += weight * t.cpuShares[i];
                    g.total += weight * t.cpuShares[i];
                }
        }
        std::set<NodeId> mainNodes;
        for (auto& [base, g] : groups) {
            if (g.total <= 0)
                continue;
            g.out.cpuNode = NodeId(int(std::max_element(g.cpu.begin(), g.cpu.end()) - g.cpu.begin()));
            mainNodes.insert(g.out.cpuNode);
        }
        if (mainNodes.size() < 2)
            return {};
        std::vector<ThreadGroup> out;
        for (auto& [base, g] : groups) {
            ThreadGroup& tg = g.out;
            tg.name = g.names.size() == 1 ? *g.names.begin() : base + QLatin1Char('*');
            tg.role = threadRole(tg.name);
            std::sort(tg.tids.begin(), tg.tids.end());
            if (g.total > 0) {
                double on = 0;
                for (NodeId n : targets)
                    if (size_t(n.value) < g.cpu.size())
                        on += g.cpu[size_t(n.value)];
                tg.cpuShareOnTargets = on / g.total;
            }
            for (std::int64_t tid : tg.tids)
                tg.live << QStringLiteral("taskset -cp %1 %2").arg(cpus).arg(tid);
            out.push_back(std::move(tg));
        }
        // The groups farthest from the targets first: those are the ones to move.
        std::stable_sort(out.begin(), out.end(), [](const ThreadGroup& a, const ThreadGroup& b) {
            const double x = known(a.cpuShareOnTargets) ? a.cpuShareOnTargets : 2.0;
            const double y = known(b.cpuShareOnTargets) ? b.cpuShareOnTargets : 2.0;
            return x < y;
        });
        return out;
    }

    Suggestion suggestion(const Machine& m, const ProcessState& p, const Locality& l,
                          const std::vector<NodeId>& targets, const QString& reason)
    {
        Suggestion s;
        s.pid = p.pid;
        s.ns = p.ns;
        s.name = p.name;
        s.reason = reason;
        s.targetNodes = targets;
        CpuSet cpus;
        for (NodeId n : targets)
            cpus |= m.nodes.at(n).cpus;
        s.cpus = cpus.toRangeString();
        s.threadGroups = threadGroups(p, targets, s.cpus);
        const QString nodes = nodeListText(targets);

        bool lossy = false;
        const QStringList argv = splitCmdline(p.cmdline, &lossy);
        if (!argv.isEmpty()) {
            s.relaunch = relaunchCommand(argv, targets);
            if (lossy)
                s.notes << QStringLiteral("the command line was stored space-joined: an argument that held a "
                                          "space is split in two in the relaunch command");
        } else {
            s.notes << QStringLiteral(
                "no command line is known: relaunch it under the numactl options shown");
        }
        s.live << QStringLiteral("taskset -a -cp %1 %2").arg(s.cpus).arg(p.pid);
        std::vector<NodeId> from;
        for (int i = 0; i < m.size; ++i)
            if (p.pages[size_t(i)] > 0 &&
                std::find(targets.begin(), targets.end(), NodeId(i)) == targets.end())
                from.push_back(NodeId(i));
        if (!from.empty())
            s.live << QStringLiteral("migratepages %1 %2 %3").arg(p.pid).arg(nodeListText(from), nodes);
        s.systemd =
            QStringLiteral("[Service]\nCPUAffinity=%1\nNUMAPolicy=bind\nNUMAMask=%2\n").arg(s.cpus, nodes);
        if (p.ns != QLatin1StringView("local"))
            s.notes << QStringLiteral("run the commands on host %1").arg(p.ns);

        s.before = LocalityFigures{l.wittySimilarity, l.cosine, l.remoteShare, l.expectedDistance};
        // After: the CPU time spread over the targets by their CPU counts, every page moved onto them in the
        // same proportion.
        std::vector<double> cpuAfter(size_t(m.size), 0.0);
        std::vector<std::uint64_t> pagesAfter(size_t(m.size), 0);
        std::uint64_t totalPages = 0;
        for (auto x : p.pages)
            totalPages += x;
        double cpuCount = 0;
        for (NodeId n : targets)
            cpuCount += m.nodes.at(n).cpus.count();
        for (NodeId n : targets) {
            const double w =
                cpuCount > 0 ? m.nodes.at(n).cpus.count() / cpuCount : 1.0 / double(targets.size());
            cpuAfter[size_t(n.value)] = w;
            pagesAfter[size_t(n.value)] = std::uint64_t(std::llround(w * double(totalPages)));
        }
        s.after = measure(m, cpuAfter, pagesAfter);
        s.assumptions =
            QStringLiteral(
                "prediction: all CPU time on node(s) %1 and every page migrated there; the workload, "
                "its access pattern and the other processes stay as they are")
                .arg(nodes);
        if (!known(p.cpuDemand))
            s.assumptions +=
                QStringLiteral("; capacity counted one busy CPU for it (the input has no CPU rates)");
        return s;
    }

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

} // namespace

QString severityName(Severity s)
{
    switch (s) {
    case Severity::Info:
        return QStringLiteral("info");
    case Severity::Warning:
        return QStringLiteral("warning");
    case Severity::Critical:
        return QStringLiteral("critical");
    }
    return {};
}

QString threadRole(QStringView name)
{
    static const std::vector<std::pair<QString, QStringList>> roles{
        {QStringLiteral("compute"),
         {QStringLiteral("worker"), QStringLiteral("compute"), QStringLiteral("forward"),
          QStringLiteral("backward"), QStringLiteral("matmul"), QStringLiteral("conv"),
          QStringLiteral("gemm")}},
        {QStringLiteral("communication"),
         {QStringLiteral("nccl"), QStringLiteral("hccl"), QStringLiteral("comm"), QStringLiteral("send"),
          QStringLiteral("recv"), QStringLiteral("socket"), QStringLiteral("rdma")}},
        {QStringLiteral("driver"),
         {QStringLiteral("driver"), QStringLiteral("cuda"), QStringLiteral("npu"), QStringLiteral("gpu"),
          QStringLiteral("device")}},
        {QStringLiteral("framework"),
         {QStringLiteral("main"), QStringLiteral("scheduler"), QStringLiteral("dataloader"),
          QStringLiteral("controller"), QStringLiteral("manager")}},
    };
    for (const auto& [role, words] : roles)
        for (const QString& w : words)
            if (name.contains(w, Qt::CaseInsensitive))
                return role;
    return QStringLiteral("other");
}

AdvicePtr advise(const Snapshot& snapshot, std::span<const SamplePtr> samples)
{
    return Advisor(snapshot, samples).run();
}

AdvicePtr advise(const Capture& capture, int snapshot)
{
    const HeatmapInput in = heatmapInput(capture, snapshot);
    if (!in.snapshot)
        return nullptr;
    return advise(*in.snapshot, in.samples);
}

} // namespace numasight
