// SPDX-License-Identifier: GPL-3.0-or-later
// advise(): what is wrong with where a workload runs and keeps its memory, and what to run to fix it. The
// processes, machines and sample facts the findings and suggestions read (see advisor.h for the other parts).
#include "advice/advisor.h"

#include <QCoreApplication>

namespace numasight {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(numasight::Advisor)
};
} // namespace

namespace advisor {

namespace {

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

} // namespace

Machine machineOf(const Snapshot& s, const QString& ns)
{
    Machine m;
    m.ns = ns;
    for (EntityId id : s.numaNodes()) {
        const Entity& n = s.entity(id);
        if (n.ns != ns || n.osIndex < 0)
            continue;
        m.nodes[NodeId(n.osIndex)] = NodeInfo{id, n.cpus, n.detail->memoryFreeBytes, n.detail->memoryBytes};
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

AdvicePtr Advisor::run()
{
    auto out = std::make_shared<Advice>();
    m_out = out.get();
    if (m_s.countOf(EntityKind::Process) == 0 && !m_fromSamples) {
        m_out->source = QStringLiteral("no workload");
        addFinding(Severity::Info, QStringLiteral("no-processes"), -1, std::nullopt,
                   Tr::tr("The input holds no processes (a topology only?): there is nothing to "
                          "advise on; record or attach to a workload first."),
                   {});
        return out;
    }
    collectProcesses();
    if (m_processes.empty()) {
        addFinding(Severity::Info, QStringLiteral("no-processes"), -1, std::nullopt,
                   Tr::tr("No process has CPU time or memory figures: there is nothing to advise "
                          "on."),
                   {});
    }
    localities();
    devices();
    hotThreads();
    patterns();
    suggestions();
    std::stable_sort(m_out->findings.begin(), m_out->findings.end(), [](const Finding& a, const Finding& b) {
        if (a.severity != b.severity)
            return a.severity > b.severity;
        return a.pid < b.pid;
    });
    nameSubjects();
    return out;
}

void Advisor::nameSubjects()
{
    QHash<std::int64_t, const ProcessState*> byPid;
    byPid.reserve(qsizetype(m_processes.size()));
    for (const ProcessState& p : m_processes)
        byPid.insert(p.pid, &p); // findings carry no namespace: a pid two hosts share names the first
    for (Finding& f : m_out->findings) {
        const ProcessState* p = f.pid >= 0 ? byPid.value(f.pid) : nullptr;
        if (!p)
            continue;
        f.ns = p->ns;
        f.command = p->cmdline.isEmpty() ? p->name : p->cmdline;
        if (p->entity.isValid())
            if (const EntityId c = m_s.containerOf(p->entity); c.isValid())
                f.container = m_s.entity(c).name;
    }
}

const Machine& Advisor::machine(const QString& ns)
{
    auto it = m_machines.find(ns);
    if (it == m_machines.end())
        it = m_machines.emplace(ns, machineOf(m_s, ns)).first;
    return it->second;
}

void Advisor::addFinding(Severity sev, const QString& kind, std::int64_t pid, std::optional<std::int64_t> tid,
                         const QString& message, QMap<QString, double> numbers)
{
    m_out->findings.push_back(Finding{sev, kind, pid, tid, message, std::move(numbers), {}, {}, {}});
}

void Advisor::collectProcesses()
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
        copySubject(row, p);
        p.cpuShares.assign(size_t(m.size), 0.0);
        p.pages.assign(size_t(m.size), 0);
        double pageSum = known(row.pages) ? row.pages : 0;
        for (size_t c = 0; c < cols; ++c) {
            const int i = m.indexOf(mm->columns[c]);
            if (i < 0)
                continue;
            const double cpu = mm->cpuShares[r * cols + c];
            const double mem = mm->memoryShares[r * cols + c];
            if (known(cpu))
                p.cpuShares[size_t(i)] = cpu;
            // The view keeps shares; the page counts are share x total, exact after rounding for any
            // count a process can have.
            if (known(mem))
                p.pages[size_t(i)] = std::uint64_t(std::llround(mem * pageSum));
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
            p.cmdline = e.detail->cmdline;
            p.allowedMems = e.nodes;
            for (EntityId t : m_s.threadsOf(p.entity))
                p.allowedCpus |= m_s.entity(t).cpus;
            p.threads = int(m_s.threadsOf(p.entity).size());
            for (EdgeId eid : m_s.outEdges(p.entity)) {
                const Edge& edge = m_s.edge(eid);
                if (edge.kind != EdgeKind::NumaAccess)
                    continue;
                const WittyProcStatus st = readWittyProcStatus(edge.payload.text());
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

void Advisor::addSampleFacts()
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

} // namespace advisor

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
    return advisor::Advisor(snapshot, samples).run();
}

AdvicePtr advise(const Capture& capture, int snapshot)
{
    const HeatmapInput in = heatmapInput(capture, snapshot);
    if (!in.snapshot)
        return nullptr;
    return advise(*in.snapshot, in.samples);
}

} // namespace numasight
