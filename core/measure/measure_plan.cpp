// SPDX-License-Identifier: GPL-3.0-or-later
#include "measure_plan.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>
#include <map>

namespace numasight {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(numasight::Measure)
};
} // namespace

namespace {

const QString kLocal = QStringLiteral("local");

QString nodeList(const std::vector<int>& nodes)
{
    IndexSet s;
    for (int n : nodes)
        s.insert(n);
    return s.toRangeString();
}

} // namespace

LoadError measureError(const QString& message)
{
    LoadError e;
    e.file = QStringLiteral("measure");
    e.message = message;
    return e;
}

std::optional<std::uint64_t> parseByteSize(QStringView text)
{
    static const QRegularExpression kSize(QStringLiteral("^\\s*(\\d+(?:\\.\\d+)?)\\s*([kmgt]?)(?:i?b)?\\s*$"),
                                          QRegularExpression::CaseInsensitiveOption);
    const auto m = kSize.match(text);
    if (!m.hasMatch())
        return std::nullopt;
    const double value = m.captured(1).toDouble();
    const QString unit = m.captured(2).toLower();
    const double scale = unit == u"k"   ? 1024.0
                         : unit == u"m" ? double(kMiB)
                         : unit == u"g" ? double(kMiB) * 1024.0
                         : unit == u"t" ? double(kMiB) * 1024.0 * 1024.0
                                        : 1.0;
    const double bytes = value * scale;
    if (!(bytes >= 1) || bytes > 1e18)
        return std::nullopt;
    return std::uint64_t(std::llround(bytes));
}

int MeasurementPlan::pairIndex(int cpuNode, int memoryNode) const
{
    for (size_t i = 0; i < pairs.size(); ++i)
        if (pairs[i].cpuNode == cpuNode && pairs[i].memoryNode == memoryNode)
            return int(i);
    return -1;
}

Result<MeasurementPlan> planMeasurement(SnapshotPtr topology, const MeasureOptions& options)
{
    if (!topology)
        return measureError(Tr::tr("no topology to plan on"));
    if (!options.latency && !options.bandwidth)
        return measureError(Tr::tr("nothing to measure: ask for latency, bandwidth or both"));
    if (options.repeats < 1 || options.repeats > 1000)
        return measureError(Tr::tr("repeats must be between 1 and 1000, not %1").arg(options.repeats));
    if (options.bandwidthThreads < 0)
        return measureError(Tr::tr("the number of bandwidth threads cannot be negative"));
    const Snapshot& s = *topology;

    MeasurementPlan plan;
    plan.topology = topology;
    plan.latency = options.latency;
    plan.bandwidth = options.bandwidth;
    plan.repeats = options.repeats;

    // Nodes, and which of them have CPUs and memory of their own.
    bool memoryKnown = false;
    for (EntityId n : s.numaNodes())
        if (s.entity(n).ns == kLocal) {
            plan.nodes.push_back(n);
            memoryKnown = memoryKnown || s.entity(n).detail->memoryBytes > 0;
        }
    if (plan.nodes.empty())
        return measureError(Tr::tr("the topology has no NUMA node of this machine"));
    std::map<int, std::vector<int>> cpusOf; // node -> its own PUs, in OS order
    for (EntityId n : plan.nodes) {
        const Entity& node = s.entity(n);
        node.cpus.forEach([&](int cpu) {
            if (s.nodeOfCpu(CpuId(cpu)) == n)
                cpusOf[node.osIndex].push_back(cpu);
        });
        if (!cpusOf[node.osIndex].empty())
            plan.cpuNodes.push_back(node.osIndex);
        // Linux reports memoryless nodes (CPUs without local memory) with no memory: no buffer can live
        // there. Sources that do not give sizes at all leave every node a candidate.
        if (!memoryKnown || node.detail->memoryBytes > 0) {
            plan.memoryNodes.push_back(node.osIndex);
            if (cpusOf[node.osIndex].empty())
                plan.memoryOnlyNodes.push_back(node.osIndex);
        }
    }
    if (plan.cpuNodes.empty())
        return measureError(Tr::tr("no NUMA node of the topology has CPUs"));
    if (plan.memoryNodes.empty())
        return measureError(Tr::tr("no NUMA node of the topology has memory"));
    if (!plan.memoryOnlyNodes.empty())
        plan.notes << Tr::tr("node(s) %1 have memory but no CPUs of their own: they are measured as "
                             "memory only (columns without a row)")
                          .arg(nodeList(plan.memoryOnlyNodes));
    for (int n : plan.cpuNodes)
        if (std::find(plan.memoryNodes.begin(), plan.memoryNodes.end(), n) == plan.memoryNodes.end())
            plan.notes << Tr::tr("node %1 has CPUs but no memory: its row is measured, its column "
                                 "stays empty")
                              .arg(n);

    // The buffer: far larger than the last-level cache. Memory-side caches (KNL's MCDRAM in cache mode,
    // which old hwloc exports call an L3) sit in front of the memory rather than the cores: sizing the buffer
    // past them would ask for gigabytes, so they are named instead.
    int llcLevel = 0;
    std::uint64_t memorySideCache = 0;
    for (EntityId c : s.ofKind(EntityKind::Cache)) {
        const Entity& e = s.entity(c);
        if (e.ns != kLocal || e.detail->cacheBytes == 0)
            continue;
        if (QJsonDocument::fromJson(e.attributes.text())
                .object()
                .value(QLatin1String("subtype"))
                .toString() == u"MemorySideCache") {
            memorySideCache = std::max(memorySideCache, e.detail->cacheBytes);
            continue;
        }
        if (e.cacheLevel > llcLevel) {
            llcLevel = e.cacheLevel;
            plan.largestLlcBytes = e.detail->cacheBytes;
        } else if (e.cacheLevel == llcLevel) {
            plan.largestLlcBytes = std::max(plan.largestLlcBytes, e.detail->cacheBytes);
        }
    }
    if (options.bufferBytes > 0) {
        plan.bufferBytes = std::max(options.bufferBytes, kMinBufferBytes);
        plan.bufferReason = Tr::tr("as asked");
        if (plan.largestLlcBytes > 0 && plan.bufferBytes < 4 * plan.largestLlcBytes)
            plan.notes << Tr::tr("the %1 buffer is less than 4 × the %2 L%3 cache: part of the latency "
                                 "will be cache hits, not memory")
                              .arg(formatBytes(plan.bufferBytes), formatBytes(plan.largestLlcBytes))
                              .arg(llcLevel);
    } else {
        const std::uint64_t fromCache = kLlcFactor * plan.largestLlcBytes;
        plan.bufferBytes = std::max(fromCache, kMinAutoBufferBytes);
        plan.bufferReason = fromCache >= kMinAutoBufferBytes ? Tr::tr("%1 × the %2 L%3 cache")
                                                                   .arg(kLlcFactor)
                                                                   .arg(formatBytes(plan.largestLlcBytes))
                                                                   .arg(llcLevel)
                            : plan.largestLlcBytes > 0
                                ? Tr::tr("the %1 minimum (%2 × the %3 L%4 cache is less)")
                                      .arg(formatBytes(kMinAutoBufferBytes))
                                      .arg(kLlcFactor)
                                      .arg(formatBytes(plan.largestLlcBytes))
                                      .arg(llcLevel)
                                : Tr::tr("the %1 minimum (the topology lists no cache)")
                                      .arg(formatBytes(kMinAutoBufferBytes));
    }
    for (EntityId n : plan.nodes)
        for (const QJsonValue& c : QJsonDocument::fromJson(s.entity(n).attributes.text())
                                       .object()
                                       .value(QLatin1String("memory_side_caches"))
                                       .toArray())
            memorySideCache = std::max(
                memorySideCache, std::uint64_t(c.toObject().value(QLatin1String("cache_size")).toInteger()));
    if (memorySideCache > 0)
        plan.notes << Tr::tr("a %1 memory-side cache sits in front of the memory: buffers smaller than "
                             "that measure the cache, not the memory behind it")
                          .arg(formatBytes(memorySideCache));
    // Whole huge pages, so the buffer can be backed by them end to end.
    plan.bufferBytes = (plan.bufferBytes + 2 * kMiB - 1) / (2 * kMiB) * (2 * kMiB);
    for (int n : plan.memoryNodes) {
        const Entity& node = s.entity(s.numaNodeByOsIndex(NodeId(n)));
        if (node.detail->memoryBytes > 0 && plan.bufferBytes > node.detail->memoryBytes / 2)
            return measureError(
                Tr::tr("node %1 has %2 of memory; a %3 buffer would take more than half of "
                       "it: measure with a smaller --size")
                    .arg(n)
                    .arg(formatBytes(node.detail->memoryBytes), formatBytes(plan.bufferBytes)));
    }

    // Readers for the bandwidth: one PU per core, so that hyper-threads do not share a core's load ports.
    std::map<int, std::vector<int>> readersOf;
    for (EntityId c : s.ofKind(EntityKind::Core)) {
        const Entity& core = s.entity(c);
        if (core.ns != kLocal || core.cpus.isEmpty())
            continue;
        const EntityId node = s.nodeOfCpu(CpuId(core.cpus.first()));
        if (node.isValid())
            readersOf[s.entity(node).osIndex].push_back(core.cpus.first());
    }
    for (auto& [node, cpus] : cpusOf) {
        std::vector<int>& readers = readersOf[node];
        if (readers.empty())
            readers = cpus; // no core objects (witty topologies): every CPU
        std::sort(readers.begin(), readers.end());
        if (options.bandwidthThreads > 0 && int(readers.size()) > options.bandwidthThreads)
            readers.resize(size_t(options.bandwidthThreads));
    }

    const auto addPair = [&](int cpuNode, int memoryNode) {
        MeasurementPair p;
        p.cpuNode = cpuNode;
        p.memoryNode = memoryNode;
        p.latencyCpus = cpusOf[cpuNode];
        p.latencyCpu = p.latencyCpus.front();
        p.bandwidthCpus = readersOf[cpuNode];
        plan.pairs.push_back(std::move(p));
    };
    for (int m : plan.memoryNodes) {
        if (options.pairs == MeasurePairs::All) {
            for (int c : plan.cpuNodes)
                addPair(c, m);
            continue;
        }
        if (!cpusOf[m].empty()) {
            addPair(m, m);
            continue;
        }
        // A memory-only node is "local" to the CPU nodes it is attached to: those whose CPUs hwloc lists
        // as its locality.
        const CpuSet& near = s.entity(s.numaNodeByOsIndex(NodeId(m))).cpus;
        bool any = false;
        for (int c : plan.cpuNodes) {
            bool touches = false;
            for (int cpu : cpusOf[c])
                touches = touches || near.contains(cpu);
            if (touches) {
                addPair(c, m);
                any = true;
            }
        }
        if (!any)
            plan.notes << Tr::tr("memory-only node %1 is attached to no CPU node: it is measured with "
                                 "--pairs all only")
                              .arg(m);
    }
    if (plan.pairs.empty())
        return measureError(Tr::tr("no (CPU node, memory node) pair to measure"));
    return plan;
}

} // namespace numasight
