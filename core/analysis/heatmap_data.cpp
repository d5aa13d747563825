#include "heatmap_data.h"

#include "witty_metrics.h"

#include <QDateTime>
#include <QHash>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>

namespace numasight {

namespace {

const QString kLocal = QStringLiteral("local");

double sumOf(std::span<const double> v)
{
    double s = 0;
    for (double x : v)
        if (std::isfinite(x))
            s += x;
    return s;
}

// Column with the largest positive value; the lower column on ties. -1 when nothing is positive.
int argmax(std::span<const double> v)
{
    int best = -1;
    double bestValue = 0;
    for (size_t i = 0; i < v.size(); ++i)
        if (std::isfinite(v[i]) && v[i] > bestValue) {
            best = int(i);
            bestValue = v[i];
        }
    return best;
}

// The share of `v` outside `column`, NaN when there is nothing or no reference column.
double shareOutside(std::span<const double> v, int column)
{
    const double total = sumOf(v);
    if (column < 0 || !(total > 0))
        return kUnknown;
    const double inside = std::isfinite(v[size_t(column)]) ? v[size_t(column)] : 0.0;
    return std::clamp((total - inside) / total, 0.0, 1.0);
}

std::vector<double> shares(std::span<const double> v)
{
    const double total = sumOf(v);
    std::vector<double> out(v.size(), 0.0);
    if (total > 0)
        for (size_t i = 0; i < v.size(); ++i)
            out[i] = std::isfinite(v[i]) ? v[i] / total : 0.0;
    return out;
}

QString isoTime(std::int64_t ns)
{
    return QDateTime::fromMSecsSinceEpoch(ns / 1000000, Qt::UTC).toString(Qt::ISODateWithMs);
}

struct ThreadFigures
{
    EntityId entity;
    std::int64_t tid = -1;
    QString name;
    std::vector<double> cpu; // ns per column
    double cpuNs = 0;
    bool cpuKnown = false;
};

// Memory of one process per column, in each measure; a measure the source lacks stays unknown.
struct MemoryFigures
{
    std::vector<double> total, anon, dirty, bytes;
    bool totalKnown = false, anonKnown = false, dirtyKnown = false, bytesKnown = false;
    bool fromWitty = false;

    const std::vector<double>* measure(MemoryMeasure m) const
    {
        switch (m) {
        case MemoryMeasure::TotalPages:
            return totalKnown ? &total : nullptr;
        case MemoryMeasure::AnonPages:
            return anonKnown ? &anon : nullptr;
        case MemoryMeasure::DirtyAnonPages:
            return dirtyKnown ? &dirty : nullptr;
        case MemoryMeasure::Bytes:
            return bytesKnown ? &bytes : nullptr;
        }
        return nullptr;
    }
    // The memory a process works on: witty's own measure for its graphs; for recordings the anonymous
    // pages (what it allocated; file pages are mostly shared libraries placed by whoever read them first),
    // all pages when it has no anonymous ones.
    const std::vector<double>* reference() const
    {
        if (fromWitty)
            return dirtyKnown ? &dirty : (totalKnown ? &total : nullptr);
        if (anonKnown && sumOf(anon) > 0)
            return &anon;
        return totalKnown ? &total : nullptr;
    }
};

struct ProcessFigures
{
    EntityId entity;
    std::int64_t pid = -1;
    QString ns;
    QString name;
    std::vector<double> cpu; // ns per column, or witty's shares when cpuIsShare
    double cpuNs = 0;
    bool cpuKnown = false;
    bool cpuIsShare = false;
    MemoryFigures memory;
    bool memoryKnown = false;
    std::map<std::int64_t, ThreadFigures> threads;
    std::vector<int> acceleratorColumns;
    QStringList accelerators;
};

using ProcessKey = std::pair<QString, std::int64_t>;

// Everything the builders need from a snapshot and a window, gathered once.
struct Collected
{
    std::vector<HeatmapColumn> columns;
    std::map<ProcessKey, ProcessFigures> processes;
    QString source;
    QStringList notes;
    int sampleCount = 0;
    std::int64_t firstNs = 0, lastNs = 0;
    bool fromSamples = false;
};

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
            m_out.notes << QStringLiteral(
                "procfs samples put each interval's CPU time on the CPU the thread was "
                "last seen on; eBPF samples measure it per CPU");
        if (droppedCpus)
            m_out.notes << QStringLiteral(
                "some CPU time was on CPUs that no NUMA node of the snapshot lists; "
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
                if (const auto info = readNumaAffinityInfo(e.payload, &error)) {
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
                readPages(e.payload, nodes, pe.ns, figures);
            }
            for (EntityId tid : m_s.threadsOf(pid)) {
                const Entity& te = m_s.entity(tid);
                for (EdgeId eid : m_s.outEdges(tid)) {
                    const Edge& e = m_s.edge(eid);
                    if (e.kind != EdgeKind::AccessWithProcStatus)
                        continue;
                    anyWitty = true;
                    QString error;
                    const auto ns = readNumaIndexToCpuRuntime(e.payload, nodes, &error);
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
            m_out.notes << QStringLiteral("witty-profiler's CPU shares are cumulative since its collector "
                                          "started; its pages are a snapshot");
        } else {
            m_out.source = QStringLiteral("snapshot without CPU or memory figures");
        }
        if (malformed > 0)
            m_out.notes
                << QStringLiteral("%1 edge(s) with malformed NUMA figures were left out").arg(malformed);
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

// Fills the fields every row kind shares from its process.
HeatmapRow processRow(const ProcessFigures& p)
{
    HeatmapRow row;
    row.kind = HeatmapRowKind::Process;
    row.entity = p.entity;
    row.pid = p.pid;
    row.ns = p.ns;
    row.name = p.name;
    row.cpuNs = p.cpuNs;
    row.acceleratorColumns = p.acceleratorColumns;
    row.accelerators = p.accelerators;
    if (const auto* ref = p.memory.reference()) {
        row.mainMemoryColumn = argmax(*ref);
        row.pages = sumOf(*ref);
    }
    if (p.memory.bytesKnown)
        row.bytes = sumOf(p.memory.bytes);
    return row;
}

void append(NodeHeatmap& h, HeatmapRow row, std::span<const double> values)
{
    h.rows.push_back(std::move(row));
    h.values.insert(h.values.end(), values.begin(), values.end());
}

NodeHeatmap header(const Collected& c, HeatmapMetric metric, const QString& title)
{
    NodeHeatmap h;
    h.title = title;
    h.metric = metric;
    h.unit = heatmapMetricUnit(metric);
    h.source = c.source;
    h.notes = c.notes;
    h.sampleCount = c.sampleCount;
    h.firstSampleNs = c.firstNs;
    h.lastSampleNs = c.lastNs;
    h.columns = c.columns;
    return h;
}

QString measureName(MemoryMeasure m)
{
    switch (m) {
    case MemoryMeasure::TotalPages:
        return QStringLiteral("pages");
    case MemoryMeasure::AnonPages:
        return QStringLiteral("anonymous pages");
    case MemoryMeasure::DirtyAnonPages:
        return QStringLiteral("dirty anonymous pages");
    case MemoryMeasure::Bytes:
        return QStringLiteral("bytes");
    }
    return {};
}

} // namespace

QString heatmapMetricName(HeatmapMetric metric)
{
    switch (metric) {
    case HeatmapMetric::CpuShare:
        return QStringLiteral("cpu-share");
    case HeatmapMetric::CpuNs:
        return QStringLiteral("cpu-ns");
    case HeatmapMetric::CpuBusy:
        return QStringLiteral("cpu-busy");
    case HeatmapMetric::TotalPages:
        return QStringLiteral("total-pages");
    case HeatmapMetric::AnonPages:
        return QStringLiteral("anon-pages");
    case HeatmapMetric::DirtyAnonPages:
        return QStringLiteral("dirty-anon-pages");
    case HeatmapMetric::Bytes:
        return QStringLiteral("bytes");
    }
    return {};
}

QString heatmapMetricUnit(HeatmapMetric metric)
{
    switch (metric) {
    case HeatmapMetric::CpuShare:
        return QStringLiteral("share");
    case HeatmapMetric::CpuNs:
        return QStringLiteral("ns");
    case HeatmapMetric::CpuBusy:
        return QStringLiteral("CPUs");
    case HeatmapMetric::TotalPages:
    case HeatmapMetric::AnonPages:
    case HeatmapMetric::DirtyAnonPages:
        return QStringLiteral("pages");
    case HeatmapMetric::Bytes:
        return QStringLiteral("bytes");
    }
    return {};
}

bool isMemoryMetric(HeatmapMetric metric)
{
    return metric == HeatmapMetric::TotalPages || metric == HeatmapMetric::AnonPages ||
           metric == HeatmapMetric::DirtyAnonPages || metric == HeatmapMetric::Bytes;
}

HeatmapMetric metricOf(MemoryMeasure measure)
{
    switch (measure) {
    case MemoryMeasure::TotalPages:
        return HeatmapMetric::TotalPages;
    case MemoryMeasure::AnonPages:
        return HeatmapMetric::AnonPages;
    case MemoryMeasure::DirtyAnonPages:
        return HeatmapMetric::DirtyAnonPages;
    case MemoryMeasure::Bytes:
        return HeatmapMetric::Bytes;
    }
    return HeatmapMetric::TotalPages;
}

int NodeHeatmap::columnOf(int osIndex, QStringView ns) const
{
    for (size_t c = 0; c < columns.size(); ++c)
        if (columns[c].osIndex == osIndex && columns[c].ns == ns)
            return int(c);
    return -1;
}

double NodeHeatmap::maxValue() const
{
    double m = 0;
    for (double v : values)
        if (std::isfinite(v))
            m = std::max(m, v);
    return m;
}

std::vector<HeatmapColumn> heatmapColumns(const Snapshot& s)
{
    std::vector<HeatmapColumn> out;
    for (EntityId n : s.numaNodes()) {
        const Entity& node = s.entity(n);
        HeatmapColumn c;
        c.node = n;
        c.osIndex = node.osIndex;
        c.ns = node.ns;
        c.label = node.ns == kLocal ? QStringLiteral("node%1").arg(node.osIndex)
                                    : QStringLiteral("%1/node%2").arg(node.ns).arg(node.osIndex);
        c.memoryTier = node.memoryTier;
        // A node whose CPUs all belong to another (lower) node is memory next to them, not where they run:
        // KNL's MCDRAM, CXL expanders that hwloc attaches to a package.
        bool owns = false;
        node.cpus.forEach([&](int cpu) { owns = owns || s.nodeOfCpu(CpuId(cpu), node.ns) == n; });
        c.hasCpus = owns;
        out.push_back(std::move(c));
    }
    return out;
}

HeatmapInput heatmapInput(const Capture& capture, int snapshot)
{
    HeatmapInput in;
    if (capture.snapshots.empty() || snapshot >= int(capture.snapshots.size()))
        return in;
    if (snapshot < 0) {
        in.snapshot = capture.snapshots.back();
        in.samples = capture.samples;
        return in;
    }
    in.snapshot = capture.snapshots[size_t(snapshot)];
    for (const SamplePtr& s : capture.samples)
        if (s && s->snapshotIndex == snapshot)
            in.samples.push_back(s);
    return in;
}

NodeHeatmapPtr cpuHeatmap(const Snapshot& snapshot, std::span<const SamplePtr> samples)
{
    const Collected c = Collector(snapshot, samples).run();
    auto h = std::make_shared<NodeHeatmap>(
        header(c, HeatmapMetric::CpuShare, QStringLiteral("Share of on-CPU time per NUMA node")));
    const size_t cols = h->columns.size();
    for (const auto& [key, p] : c.processes) {
        if (!p.cpuKnown && !p.memoryKnown)
            continue;
        HeatmapRow row = processRow(p);
        std::vector<double> values(cols, kUnknown);
        if (p.cpuKnown) {
            // witty's stored shares are the model's numbers: shown as they are, not renormalised.
            values = p.cpuIsShare ? p.cpu : shares(p.cpu);
            row.mainCpuColumn = argmax(values);
            row.remoteShare = shareOutside(values, row.mainMemoryColumn);
        }
        const int processRowIndex = h->rowCount();
        const int mainMemory = row.mainMemoryColumn;
        const HeatmapRow parent = row;
        append(*h, std::move(row), values);
        for (const auto& [tid, th] : p.threads) {
            HeatmapRow t = parent;
            t.kind = HeatmapRowKind::Thread;
            t.entity = th.entity;
            t.tid = th.tid;
            t.name = th.name;
            t.parentRow = processRowIndex;
            t.cpuNs = th.cpuNs;
            const std::vector<double> v = th.cpuKnown ? shares(th.cpu) : std::vector<double>(cols, kUnknown);
            t.mainCpuColumn = argmax(v);
            t.remoteShare = shareOutside(v, mainMemory);
            append(*h, std::move(t), v);
        }
    }
    return h;
}

NodeHeatmapPtr memoryHeatmap(const Snapshot& snapshot, std::span<const SamplePtr> samples,
                             MemoryMeasure measure)
{
    const Collected c = Collector(snapshot, samples).run();
    auto h = std::make_shared<NodeHeatmap>(
        header(c, metricOf(measure), QStringLiteral("Memory per NUMA node (%1)").arg(measureName(measure))));
    const size_t cols = h->columns.size();
    bool missing = false;
    for (const auto& [key, p] : c.processes) {
        if (!p.memoryKnown)
            continue;
        HeatmapRow row = processRow(p);
        if (p.cpuKnown)
            row.mainCpuColumn = argmax(p.cpu);
        std::vector<double> values(cols, kUnknown);
        if (const auto* v = p.memory.measure(measure)) {
            values = *v;
            row.remoteShare = shareOutside(values, row.mainCpuColumn);
            if (measure == MemoryMeasure::Bytes)
                row.bytes = sumOf(values);
            else
                row.pages = sumOf(values);
        } else {
            missing = true;
        }
        append(*h, std::move(row), values);
    }
    if (missing)
        h->notes << (measure == MemoryMeasure::Bytes || measure == MemoryMeasure::AnonPages
                         ? QStringLiteral(
                               "witty-profiler counts total and dirty anonymous pages only: %1 are "
                               "unknown for its processes")
                               .arg(measureName(measure))
                         : QStringLiteral("%1 are unknown for some processes").arg(measureName(measure)));
    return h;
}

MismatchViewPtr mismatchRows(const Snapshot& snapshot, std::span<const SamplePtr> samples)
{
    const Collected c = Collector(snapshot, samples).run();
    auto v = std::make_shared<MismatchView>();
    v->title = QStringLiteral("CPU node against memory node");
    v->source = c.source;
    v->notes = c.notes;
    v->columns = c.columns;
    const size_t cols = v->columns.size();
    v->accessMatrix.assign(cols * cols, 0.0);
    double weightSum = 0;
    bool unitWeight = false;
    for (const auto& [key, p] : c.processes) {
        const std::vector<double>* ref = p.memory.reference();
        const bool hasCpu = p.cpuKnown && sumOf(p.cpu) > 0;
        const bool hasMemory = ref && sumOf(*ref) > 0;
        if (!hasCpu && !hasMemory)
            continue;
        MismatchRow row;
        row.process = p.entity;
        row.pid = p.pid;
        row.ns = p.ns;
        row.name = p.name;
        row.cpuNs = p.cpuNs;
        row.acceleratorColumns = p.acceleratorColumns;
        row.accelerators = p.accelerators;
        const std::vector<double> cpu = hasCpu ? shares(p.cpu) : std::vector<double>(cols, kUnknown);
        const std::vector<double> mem = hasMemory ? shares(*ref) : std::vector<double>(cols, kUnknown);
        if (ref)
            row.pages = sumOf(*ref);
        row.cpuColumn = hasCpu ? argmax(cpu) : -1;
        row.memoryColumn = hasMemory ? argmax(mem) : -1;
        if (hasCpu && hasMemory) {
            double local = 0;
            for (size_t i = 0; i < cols; ++i)
                local += cpu[i] * mem[i];
            row.localShare = local;
            row.memoryAway = row.cpuColumn != row.memoryColumn;
            double weight = p.cpuNs > 0 ? p.cpuNs : 1e9;
            unitWeight = unitWeight || !(p.cpuNs > 0);
            for (size_t i = 0; i < cols; ++i)
                for (size_t j = 0; j < cols; ++j)
                    v->accessMatrix[i * cols + j] += weight * cpu[i] * mem[j];
            weightSum += weight;
        }
        if (hasCpu && !row.acceleratorColumns.empty())
            row.acceleratorAway = std::find(row.acceleratorColumns.begin(), row.acceleratorColumns.end(),
                                            row.cpuColumn) == row.acceleratorColumns.end();
        v->rows.push_back(std::move(row));
        v->cpuShares.insert(v->cpuShares.end(), cpu.begin(), cpu.end());
        v->memoryShares.insert(v->memoryShares.end(), mem.begin(), mem.end());
    }
    if (weightSum > 0)
        for (double& x : v->accessMatrix)
            x /= weightSum;
    else
        std::fill(v->accessMatrix.begin(), v->accessMatrix.end(), kUnknown);
    if (unitWeight)
        v->notes << QStringLiteral("processes whose CPU time is only known as shares weigh as one second in "
                                   "the node-to-node matrix");
    return v;
}

TimeHeatmapPtr timeHeatmap(const Capture& capture, const HeatmapSubject& subject, HeatmapMetric metric)
{
    if (capture.snapshots.empty())
        return {};
    auto h = std::make_shared<TimeHeatmap>();
    h->metric = metric;
    h->unit = heatmapMetricUnit(metric);
    h->subject = subject;
    const Snapshot& last = *capture.snapshots.back();
    h->columns = heatmapColumns(last);
    const size_t cols = h->columns.size();
    const bool memory = isMemoryMetric(metric);
    const MemoryMeasure measure = metric == HeatmapMetric::AnonPages        ? MemoryMeasure::AnonPages
                                  : metric == HeatmapMetric::DirtyAnonPages ? MemoryMeasure::DirtyAnonPages
                                  : metric == HeatmapMetric::Bytes          ? MemoryMeasure::Bytes
                                                                            : MemoryMeasure::TotalPages;

    // One window per row: a sample on its own, or one witty round.
    const auto addRow = [&](const Snapshot& snapshot, std::span<const SamplePtr> window, std::int64_t timeNs,
                            std::int64_t intervalNs, int index) {
        const Collected c = Collector(snapshot, window).run();
        std::vector<double> row(cols, kUnknown);
        // Columns of this window's snapshot onto the heatmap's (the topology does not change in a capture,
        // but snapshot-local ids do).
        const auto column = [&](int i) {
            const HeatmapColumn& col = c.columns[size_t(i)];
            for (size_t k = 0; k < cols; ++k)
                if (h->columns[k].osIndex == col.osIndex && h->columns[k].ns == col.ns)
                    return int(k);
            return -1;
        };
        const auto it = c.processes.find(ProcessKey{subject.ns, subject.pid});
        if (it != c.processes.end()) {
            const ProcessFigures& p = it->second;
            const auto thread = subject.tid >= 0 ? p.threads.find(subject.tid) : p.threads.end();
            const QString& name = thread != p.threads.end() ? thread->second.name : p.name;
            if (!name.isEmpty() && (subject.tid < 0 || thread != p.threads.end()))
                h->name = name;
            if (memory) {
                if (const auto* m = p.memory.measure(measure))
                    for (size_t i = 0; i < m->size(); ++i)
                        if (const int k = column(int(i)); k >= 0)
                            row[size_t(k)] = (*m)[i];
            } else {
                const std::vector<double>* cpu = nullptr;
                bool isShare = p.cpuIsShare;
                bool known = p.cpuKnown;
                if (subject.tid >= 0) {
                    if (thread != p.threads.end()) {
                        cpu = &thread->second.cpu;
                        known = thread->second.cpuKnown;
                        isShare = false;
                    }
                } else {
                    cpu = &p.cpu;
                }
                if (cpu && known) {
                    std::vector<double> v;
                    switch (metric) {
                    case HeatmapMetric::CpuShare:
                        v = isShare ? *cpu : shares(*cpu);
                        break;
                    case HeatmapMetric::CpuBusy:
                        v = *cpu;
                        for (double& x : v)
                            x = intervalNs > 0 && !isShare ? x / double(intervalNs) : kUnknown;
                        break;
                    default: // CpuNs
                        v = *cpu;
                        if (isShare)
                            std::fill(v.begin(), v.end(), kUnknown);
                        break;
                    }
                    for (size_t i = 0; i < v.size(); ++i)
                        if (const int k = column(int(i)); k >= 0)
                            row[size_t(k)] = v[i];
                }
            }
        }
        h->timeNs.push_back(timeNs);
        h->intervalNs.push_back(intervalNs);
        h->sourceIndex.push_back(index);
        h->values.insert(h->values.end(), row.begin(), row.end());
    };

    if (!capture.samples.empty()) {
        for (size_t i = 0; i < capture.samples.size(); ++i) {
            const SamplePtr& s = capture.samples[i];
            if (!s || s->snapshotIndex < 0 || size_t(s->snapshotIndex) >= capture.snapshots.size())
                continue;
            // The first sample only sets the baseline of the deltas: it has no interval to share out.
            if (!memory && s->intervalNs <= 0)
                continue;
            addRow(*capture.snapshots[size_t(s->snapshotIndex)], std::span<const SamplePtr>(&s, 1), s->timeNs,
                   s->intervalNs, int(i));
        }
    } else {
        for (size_t i = 0; i < capture.snapshots.size(); ++i) {
            const Snapshot& s = *capture.snapshots[i];
            const QDateTime t = s.takenAt();
            addRow(s, {}, t.isValid() ? t.toMSecsSinceEpoch() * 1000000 : 0, 0, int(i));
        }
        h->notes << QStringLiteral(
            "one row per witty-profiler round; its CPU figures are cumulative since its "
            "collector started");
        if (metric == HeatmapMetric::CpuBusy || metric == HeatmapMetric::CpuNs)
            h->notes << QStringLiteral(
                "witty-profiler rounds have no interval; this metric needs a recording");
    }
    if (memory && subject.tid >= 0)
        h->notes << QStringLiteral("a thread's memory is its process's");
    const QString who = subject.tid >= 0 ? QStringLiteral("thread %1").arg(subject.tid)
                                         : QStringLiteral("process %1").arg(subject.pid);
    h->title = QStringLiteral("%1%2 over time: %3")
                   .arg(who, h->name.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(h->name),
                        heatmapMetricName(metric));
    return h;
}

std::vector<int> sortedRows(const NodeHeatmap& heatmap, HeatmapSortKey key, bool descending)
{
    const auto& rows = heatmap.rows;
    const bool bytes = heatmap.metric == HeatmapMetric::Bytes;
    const auto number = [&](const HeatmapRow& r) -> double {
        switch (key) {
        case HeatmapSortKey::RemoteShare:
            return r.remoteShare;
        case HeatmapSortKey::CpuTime:
            return r.cpuNs;
        case HeatmapSortKey::Memory:
            return bytes ? r.bytes : r.pages;
        case HeatmapSortKey::Process:
            return double(r.kind == HeatmapRowKind::Thread ? r.tid : r.pid);
        case HeatmapSortKey::Name:
            break;
        }
        return kUnknown;
    };
    const auto less = [&](int a, int b) {
        const HeatmapRow& x = rows[size_t(a)];
        const HeatmapRow& y = rows[size_t(b)];
        if (key == HeatmapSortKey::Name) {
            const int c = x.name.compare(y.name, Qt::CaseInsensitive);
            if (c != 0)
                return descending ? c > 0 : c < 0;
        } else {
            const double u = number(x);
            const double v = number(y);
            const bool uk = std::isfinite(u), vk = std::isfinite(v);
            if (uk != vk)
                return uk; // unknown last
            if (uk && u != v)
                return descending ? u > v : u < v;
        }
        if (x.ns != y.ns)
            return x.ns < y.ns;
        if (x.pid != y.pid)
            return x.pid < y.pid;
        return x.tid < y.tid;
    };
    std::vector<int> processes;
    std::map<int, std::vector<int>> threadsOf;
    for (int i = 0; i < int(rows.size()); ++i) {
        if (rows[size_t(i)].kind == HeatmapRowKind::Thread && rows[size_t(i)].parentRow >= 0)
            threadsOf[rows[size_t(i)].parentRow].push_back(i);
        else
            processes.push_back(i);
    }
    std::stable_sort(processes.begin(), processes.end(), less);
    std::vector<int> out;
    out.reserve(rows.size());
    for (int p : processes) {
        out.push_back(p);
        auto it = threadsOf.find(p);
        if (it == threadsOf.end())
            continue;
        std::stable_sort(it->second.begin(), it->second.end(), less);
        out.insert(out.end(), it->second.begin(), it->second.end());
    }
    return out;
}

} // namespace numasight
