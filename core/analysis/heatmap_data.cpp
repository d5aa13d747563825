// SPDX-License-Identifier: GPL-3.0-or-later
#include "heatmap_data.h"

#include "heatmap_figures.h"
#include "util/format.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QHash>

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>

namespace numasight {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(numasight::HeatmapData)
};
} // namespace

using namespace heatmapfigures;

namespace {

// The fields the rows of every view (HeatmapRow, MismatchRow) take from their process.
template <class Row>
void copyProcessFields(const ProcessFigures& p, Row& row)
{
    row.pid = p.pid;
    row.ns = p.ns;
    row.name = p.name;
    row.cpuNs = p.cpuNs;
    row.acceleratorColumns = p.acceleratorColumns;
    row.accelerators = p.accelerators;
}

// Fills the fields every row kind shares from its process.
HeatmapRow processRow(const ProcessFigures& p)
{
    HeatmapRow row;
    row.kind = HeatmapRowKind::Process;
    row.entity = p.entity;
    copyProcessFields(p, row);
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
        c.memoryTier = node.detail->memoryTier;
        // A node whose CPUs all belong to another (lower) node is memory next to them, not where they run:
        // KNL's MCDRAM, CXL expanders that hwloc attaches to a package.
        bool owns = false;
        node.cpus.forEach([&](int cpu) { owns = owns || s.nodeOfCpu(CpuId(cpu), node.ns.view()) == n; });
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
    const Collected c = collectFigures(snapshot, samples);
    auto h = std::make_shared<NodeHeatmap>(
        header(c, HeatmapMetric::CpuShare, Tr::tr("Share of on-CPU time per NUMA node")));
    h->memoryMeasure = memoryReferenceMeasure(!c.fromSamples);
    h->remoteMeasure = Measure::CpuTime;
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
    const Collected c = collectFigures(snapshot, samples);
    const QString name = measureName(measureOf(measure));
    auto h = std::make_shared<NodeHeatmap>(
        header(c, metricOf(measure), Tr::tr("Memory per NUMA node: %1").arg(name)));
    h->memoryMeasure = measureOf(measure);
    h->remoteMeasure = measureOf(measure);
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
                         ? Tr::tr("witty-profiler counts total and dirty anonymous pages only: %1 are "
                                  "unknown for its processes")
                               .arg(name)
                         : Tr::tr("%1 are unknown for some processes").arg(name));
    return h;
}

MismatchViewPtr mismatchRows(const Snapshot& snapshot, std::span<const SamplePtr> samples)
{
    const Collected c = collectFigures(snapshot, samples);
    auto v = std::make_shared<MismatchView>();
    v->title = Tr::tr("CPU node against memory node");
    v->source = c.source;
    v->memoryMeasure = memoryReferenceMeasure(!c.fromSamples);
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
        copyProcessFields(p, row);
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
        v->notes << Tr::tr("processes whose CPU time is only known as shares weigh as one second in "
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
        const Collected c = collectFigures(snapshot, window);
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
        h->notes << Tr::tr("one row per witty-profiler round; its CPU figures are cumulative since its "
                           "collector started");
        if (metric == HeatmapMetric::CpuBusy || metric == HeatmapMetric::CpuNs)
            h->notes << Tr::tr("witty-profiler rounds have no interval; this metric needs a recording");
    }
    if (memory && subject.tid >= 0)
        h->notes << Tr::tr("a thread's memory is its process's");
    const QString who =
        subject.tid >= 0 ? Tr::tr("thread %1").arg(subject.tid) : Tr::tr("process %1").arg(subject.pid);
    h->title = Tr::tr("%1%2 over time: %3")
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

QString moreProcessesName(int processes)
{
    return pluralized(
        QCoreApplication::translate("numasight::Heatmap", "%n more process(es)", nullptr, processes),
        processes);
}

TopHeatmapRows topHeatmapRows(const NodeHeatmap& heatmap, std::span<const int> order, int top)
{
    TopHeatmapRows out;
    auto h = std::make_shared<NodeHeatmap>(heatmap);
    h->rows.clear();
    h->values.clear();
    const size_t cols = heatmap.columns.size();
    const bool shares = heatmap.metric == HeatmapMetric::CpuShare;
    int processes = 0;
    std::vector<int> newIndex(heatmap.rows.size(), -1);
    HeatmapRow more;
    more.kind = HeatmapRowKind::Process;
    more.cpuNs = 0;
    std::vector<double> sum(cols, 0.0);
    double weights = 0;
    bool anyPages = false, anyBytes = false;
    for (int i : order) {
        if (i < 0 || size_t(i) >= heatmap.rows.size())
            continue;
        const HeatmapRow& r = heatmap.rows[size_t(i)];
        const bool process = r.kind == HeatmapRowKind::Process;
        if (process)
            ++processes;
        const bool kept = top == kAllRows || processes <= top;
        if (kept) {
            // A thread keeps its process row only when that was kept too.
            HeatmapRow copy = r;
            if (!process)
                copy.parentRow = r.parentRow >= 0 ? newIndex[size_t(r.parentRow)] : -1;
            if (!process && copy.parentRow < 0 && r.parentRow >= 0)
                continue;
            newIndex[size_t(i)] = h->rowCount();
            out.rows.push_back(h->rowCount());
            h->rows.push_back(std::move(copy));
            const auto v = heatmap.rowValues(i);
            h->values.insert(h->values.end(), v.begin(), v.end());
            continue;
        }
        if (!process)
            continue; // its process's row holds it
        ++out.moreProcesses;
        if (std::isfinite(r.cpuNs))
            more.cpuNs += r.cpuNs;
        if (std::isfinite(r.pages)) {
            more.pages = (anyPages ? more.pages : 0.0) + r.pages;
            anyPages = true;
        }
        if (std::isfinite(r.bytes)) {
            more.bytes = (anyBytes ? more.bytes : 0.0) + r.bytes;
            anyBytes = true;
        }
        const double weight = shares ? (r.cpuNs > 0 ? r.cpuNs : 1e9) : 1.0;
        bool any = false;
        for (size_t c = 0; c < cols; ++c)
            if (const double v = heatmap.value(i, int(c)); std::isfinite(v)) {
                sum[c] += weight * v;
                any = true;
            }
        if (any)
            weights += weight;
    }
    if (out.moreProcesses > 0) {
        if (shares && weights > 0)
            for (double& v : sum)
                v /= weights;
        more.name = moreProcessesName(out.moreProcesses);
        more.mainCpuColumn = shares ? argmax(sum) : -1;
        more.mainMemoryColumn = isMemoryMetric(heatmap.metric) ? argmax(sum) : -1;
        out.rows.push_back(h->rowCount());
        h->rows.push_back(std::move(more));
        h->values.insert(h->values.end(), sum.begin(), sum.end());
    }
    out.heatmap = std::move(h);
    return out;
}

} // namespace numasight
