// SPDX-License-Identifier: GPL-3.0-or-later
// The figures behind every heatmap: a recording's samples (ThreadCpuSample::cpuNsByCpu put on nodes by the
// snapshot's CPU lists; ProcessMemorySample's pages) when there are any, otherwise the witty-profiler edges
// of the snapshot (NumaAccessEdge's numa_affinity_info and page dicts, AccessWithProcStatusEdge's per-node
// ns).
#include "heatmap_figures.h"

#include "witty_metrics.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QHash>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

#include <algorithm>
#include <numeric>

namespace numasight {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(numasight::HeatmapData)
};
} // namespace

namespace heatmapfigures {

namespace {

QString isoTime(std::int64_t ns)
{
    return QDateTime::fromMSecsSinceEpoch(ns / 1000000, Qt::UTC).toString(Qt::ISODateWithMs);
}

class Collector
{
public:
    Collector(const Snapshot& s, std::span<const SamplePtr> samples)
        : m_s(s)
        , m_samples(samples)
    {
        m_out.columns = heatmapColumns(s);
        for (size_t c = 0; c < m_out.columns.size(); ++c)
            m_columnOfNode.insert(m_out.columns[c].node.value, int(c));
    }

    Collected run()
    {
        bool any = false;
        for (const SamplePtr& sp : m_samples)
            any = any || sp;
        if (any)
            fromSamples();
        else
            fromSnapshot();
        addAccelerators();
        return std::move(m_out);
    }

private:
    int columns() const { return int(m_out.columns.size()); }
    std::vector<double> zeros() const { return std::vector<double>(size_t(columns()), 0.0); }

    int columnOfNode(EntityId node) const
    {
        return node.isValid() ? m_columnOfNode.value(node.value, -1) : -1;
    }
    int columnOfOs(NodeId node, const QString& ns) const
    {
        return columnOfNode(m_s.numaNodeByOsIndex(node, ns));
    }

    ProcessFigures& process(const QString& ns, std::int64_t pid)
    {
        auto [it, inserted] = m_out.processes.try_emplace(ProcessKey{ns, pid});
        ProcessFigures& p = it->second;
        if (inserted) {
            p.pid = pid;
            p.ns = ns;
            p.entity = m_s.processByPid(pid, ns);
            if (p.entity.isValid())
                p.name = m_s.entity(p.entity).name;
            p.cpu = zeros();
        }
        return p;
    }

    void fromSamples()
    {
        m_out.fromSamples = true;
        QHash<std::int64_t, EntityId> threadByTid;
        for (EntityId t : m_s.ofKind(EntityKind::Thread))
            if (m_s.entity(t).ns == kLocal)
                threadByTid.insert(m_s.entity(t).tid, t);
        // CPU (OS index) -> column, for the local machine the samples describe.
        std::vector<int> cpuColumn;
        for (EntityId n : m_s.numaNodes()) {
            const Entity& node = m_s.entity(n);
            if (node.ns != kLocal)
                continue;
            node.cpus.forEach([&](int cpu) {
                if (m_s.nodeOfCpu(CpuId(cpu)) != n)
                    return;
                if (size_t(cpu) >= cpuColumn.size())
                    cpuColumn.resize(size_t(cpu) + 1, -1);
                cpuColumn[size_t(cpu)] = columnOfNode(n);
            });
        }
        const auto columnOfCpu = [&](int cpu) {
            return cpu >= 0 && size_t(cpu) < cpuColumn.size() ? cpuColumn[size_t(cpu)] : -1;
        };

        QSet<QString> modes;
        bool droppedCpus = false;
        std::map<std::int64_t, const ProcessMemorySample*> lastMemory;
        for (const SamplePtr& sp : m_samples) {
            if (!sp)
                continue;
            ++m_out.sampleCount;
            if (m_out.firstNs == 0)
                m_out.firstNs = sp->timeNs;
            m_out.lastNs = sp->timeNs;
            for (const ThreadCpuSample& t : sp->threads) {
                ProcessFigures& p = process(kLocal, t.pid);
                p.cpuKnown = true;
                auto [it, inserted] = p.threads.try_emplace(t.tid);
                ThreadFigures& th = it->second;
                if (inserted) {
                    th.tid = t.tid;
                    th.entity = threadByTid.value(t.tid);
                    th.cpu = zeros();
                }
                th.cpuKnown = true;
                if (!t.comm.isEmpty())
                    th.name = t.comm; // the latest name: threads rename themselves
                modes.insert(collectionModeName(t.mode));
                const auto add = [&](int cpu, std::uint64_t ns) {
                    const int c = columnOfCpu(cpu);
                    if (c < 0) {
                        droppedCpus = droppedCpus || ns > 0;
                        return;
                    }
                    th.cpu[size_t(c)] += double(ns);
                    p.cpu[size_t(c)] += double(ns);
                };
                // procfs only knows the last CPU; the collector then puts the whole interval there.
                if (t.cpuNsByCpu.empty() && t.lastCpu >= 0)
                    add(t.lastCpu, t.cpuNs);
                for (const auto& [cpu, ns] : t.cpuNsByCpu)
                    add(cpu, ns);
                th.cpuNs += double(t.cpuNs);
                p.cpuNs += double(t.cpuNs);
            }
            for (const ProcessMemorySample& m : sp->processes)
                lastMemory[m.pid] = &m;
        }
        for (const auto& [pid, m] : lastMemory) {
            ProcessFigures& p = process(kLocal, pid);
            MemoryFigures& mem = p.memory;
            mem.total = mem.anon = mem.dirty = mem.bytes = zeros();
            mem.totalKnown = mem.anonKnown = mem.dirtyKnown = mem.bytesKnown = true;
            p.memoryKnown = true;
            for (const NodePages& n : m->nodes) {
                const int c = columnOfOs(NodeId(n.node), kLocal);
                if (c < 0)
                    continue;
                mem.total[size_t(c)] += double(n.totalPages);
                mem.anon[size_t(c)] += double(n.anonPages);
                mem.dirty[size_t(c)] += double(n.dirtyAnonPages);
                mem.bytes[size_t(c)] += double(n.bytes);
            }
        }
        // Names of processes the snapshot does not know: the comm of their main thread.
        for (auto& [key, p] : m_out.processes) {
            if (!p.name.isEmpty())
                continue;
            const auto main = p.threads.find(p.pid);
            if (main != p.threads.end())
                p.name = main->second.name;
            else if (!p.threads.empty())
                p.name = p.threads.begin()->second.name;
        }

        QStringList modeList(modes.begin(), modes.end());
        modeList.sort();
        m_out.source =
            QStringLiteral("%1 sample%2%3")
                .arg(m_out.sampleCount)
                .arg(m_out.sampleCount == 1 ? QString() : QStringLiteral("s"))
                .arg(modeList.isEmpty() ? QString()
                                        : QStringLiteral(" (%1)").arg(modeList.join(QLatin1Char('+'))));
        if (m_out.sampleCount > 0)
            m_out.source += QStringLiteral(", %1 to %2").arg(isoTime(m_out.firstNs), isoTime(m_out.lastNs));
        if (modes.contains(QStringLiteral("procfs")))
            m_out.notes << Tr::tr("procfs samples put each interval's CPU time on the CPU the thread was "
                                  "last seen on; eBPF samples measure it per CPU");
        if (droppedCpus)
            m_out.notes << Tr::tr("some CPU time was on CPUs that no NUMA node of the snapshot lists; "
                                  "it is left out of the node columns");
    }

    void fromSnapshot()
    {
        QHash<QString, int> nodeCount; // per namespace: witty sizes its vectors by the node count
        for (EntityId n : m_s.numaNodes()) {
            const Entity& node = m_s.entity(n);
            nodeCount[node.ns] = std::max(nodeCount.value(node.ns), node.osIndex + 1);
        }
        bool anyWitty = false;
        int malformed = 0;
        for (EntityId pid : m_s.ofKind(EntityKind::Process)) {
            const Entity& pe = m_s.entity(pid);
            const int nodes = nodeCount.value(pe.ns);
            std::optional<ProcessFigures> fig;
            const auto figures = [&]() -> ProcessFigures& {
                if (!fig) {
                    fig.emplace();
                    fig->entity = pid;
                    fig->pid = pe.pid;
                    fig->ns = pe.ns;
                    fig->name = pe.name;
                    fig->cpu = zeros();
                }
                return *fig;
            };
            for (EdgeId eid : m_s.outEdges(pid)) {
                const Edge& e = m_s.edge(eid);
                if (e.kind != EdgeKind::NumaAccess)
                    continue;
                anyWitty = true;
                QString error;
                if (const auto info = readNumaAffinityInfo(e.payload.text(), &error)) {
                    ProcessFigures& p = figures();
                    for (size_t n = 0; n < info->cpuRuntimePct.size(); ++n) {
                        const int c = columnOfOs(NodeId(int(n)), pe.ns);
                        if (c >= 0)
                            p.cpu[size_t(c)] += info->cpuRuntimePct[n];
                    }
                    p.cpuKnown = true;
                    p.cpuIsShare = true;
                } else {
                    ++malformed;
                }
                readPages(e.payload.text(), nodes, pe.ns, figures);
            }
            for (EntityId tid : m_s.threadsOf(pid)) {
                const Entity& te = m_s.entity(tid);
                for (EdgeId eid : m_s.outEdges(tid)) {
                    const Edge& e = m_s.edge(eid);
                    if (e.kind != EdgeKind::AccessWithProcStatus)
                        continue;
                    anyWitty = true;
                    QString error;
                    const auto ns = readNumaIndexToCpuRuntime(e.payload.text(), nodes, &error);
                    if (!ns) {
                        ++malformed;
                        continue;
                    }
                    ProcessFigures& p = figures();
                    auto [it, inserted] = p.threads.try_emplace(te.tid);
                    ThreadFigures& th = it->second;
                    if (inserted) {
                        th.entity = tid;
                        th.tid = te.tid;
                        th.name = te.name;
                        th.cpu = zeros();
                    }
                    th.cpuKnown = true;
                    for (size_t n = 0; n < ns->size(); ++n) {
                        const int c = columnOfOs(NodeId(int(n)), pe.ns);
                        if (c < 0 || !((*ns)[n] > 0))
                            continue;
                        th.cpu[size_t(c)] += (*ns)[n];
                        th.cpuNs += (*ns)[n];
                    }
                }
            }
            if (!fig)
                continue;
            ProcessFigures& p = *fig;
            for (const auto& [t, th] : p.threads)
                p.cpuNs += th.cpuNs;
            // A process without witty's own shares gets the sum of its threads'.
            if (!p.cpuIsShare && !p.threads.empty()) {
                p.cpuKnown = true;
                for (const auto& [t, th] : p.threads)
                    for (size_t c = 0; c < th.cpu.size(); ++c)
                        p.cpu[c] += th.cpu[c];
            }
            m_out.processes.emplace(ProcessKey{p.ns, p.pid}, std::move(p));
        }
        if (anyWitty) {
            m_out.source = QStringLiteral("witty-profiler graph");
            m_out.notes << Tr::tr("witty-profiler's CPU shares are cumulative since its collector "
                                  "started; its pages are a snapshot");
        } else {
            m_out.source = Tr::tr("snapshot without CPU or memory figures");
        }
        if (malformed > 0)
            m_out.notes << Tr::tr("%n edge(s) with malformed NUMA figures were left out", nullptr,
                                  int(malformed));
    }

    template <class Figures>
    void readPages(const QByteArray& payload, int nodes, const QString& ns, Figures&& figures)
    {
        QString error;
        const auto dirty = readDirtyAnonPages(payload, nodes, &error);
        const auto total = readPageDict(payload, QLatin1StringView("total_pages"), nodes);
        if (!dirty && !total)
            return;
        ProcessFigures& p = figures();
        MemoryFigures& mem = p.memory;
        mem.fromWitty = true;
        p.memoryKnown = true;
        const auto fill = [&](const std::vector<std::uint64_t>& v, std::vector<double>& into, bool& known) {
            if (!known)
                into = zeros();
            known = true;
            for (size_t n = 0; n < v.size(); ++n) {
                const int c = columnOfOs(NodeId(int(n)), ns);
                if (c >= 0)
                    into[size_t(c)] += double(v[n]);
            }
        };
        if (dirty)
            fill(*dirty, mem.dirty, mem.dirtyKnown);
        if (total)
            fill(*total, mem.total, mem.totalKnown);
    }

    // numa_access_info.<key> as a per-node vector; nullopt when absent or malformed (the reader of the dirty
    // pages reports malformed payloads; total_pages is optional in witty's output).
    static std::optional<std::vector<std::uint64_t>> readPageDict(const QByteArray& payload,
                                                                  QLatin1StringView key, int nodes)
    {
        const QJsonObject root = QJsonDocument::fromJson(payload).object();
        const QJsonObject dict =
            root.value(QLatin1StringView("numa_access_info")).toObject().value(key).toObject();
        if (dict.isEmpty())
            return std::nullopt;
        std::vector<std::uint64_t> out(size_t(std::max(nodes, 0)), 0);
        for (auto it = dict.constBegin(); it != dict.constEnd(); ++it) {
            bool ok = false;
            const int node = it.key().toInt(&ok);
            const double v = it.value().toDouble(-1);
            if (!ok || node < 0 || node >= nodes || !(v >= 0) || v != std::floor(v))
                return std::nullopt;
            out[size_t(node)] = std::uint64_t(v);
        }
        return out;
    }

    void addAccelerators()
    {
        for (auto& [key, p] : m_out.processes) {
            if (!p.entity.isValid())
                continue;
            for (EdgeId eid : m_s.outEdges(p.entity)) {
                const Edge& e = m_s.edge(eid);
                if (e.kind != EdgeKind::Access || !e.target.isValid() ||
                    m_s.entity(e.target).kind != EntityKind::Accelerator)
                    continue;
                const int c = columnOfNode(m_s.nodeOfDevice(e.target));
                if (c < 0)
                    continue;
                p.accelerators << m_s.entity(e.target).name;
                p.acceleratorColumns.push_back(c);
            }
        }
    }

    const Snapshot& m_s;
    std::span<const SamplePtr> m_samples;
    QHash<std::int32_t, int> m_columnOfNode;
    Collected m_out;
};
} // namespace

Collected collectFigures(const Snapshot& s, std::span<const SamplePtr> samples)
{
    return Collector(s, samples).run();
}

} // namespace heatmapfigures

} // namespace numasight
