// SPDX-License-Identifier: GPL-3.0-or-later
#include "witty_recording_export.h"

#include "analysis/witty_metrics.h"
#include "util/json_text.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <map>
#include <span>
#include <utility>
#include <vector>

namespace numasight {

namespace {

// A recording watches one machine, whose entities all live in witty's "local" namespace.
QString localNs()
{
    return QStringLiteral("local");
}

struct ThreadHistory
{
    std::map<int, std::uint64_t> nsByCpu;    // on-CPU ns per CPU OS index, summed over the samples
    const ThreadCpuSample* latest = nullptr; // the cumulative figures: switches, allowed sets
};

// What the samples up to a snapshot's end say, in the form witty reports it. Pointers refer into the
// capture's samples, which outlive the export.
struct History
{
    std::map<std::pair<std::int64_t, std::int64_t>, ThreadHistory> threads; // by (pid, tid)
    std::map<std::int64_t, const ProcessMemorySample*> memory;              // latest per pid
    std::map<int, const NodeCountersSample*> nodes;                         // latest per node
    bool any = false;
};

History historyUpTo(const Capture& capture, size_t index)
{
    History h;
    for (const SamplePtr& s : capture.samples) {
        if (!s || s->snapshotIndex < 0 || size_t(s->snapshotIndex) > index)
            continue;
        h.any = true;
        for (const ThreadCpuSample& t : s->threads) {
            ThreadHistory& th = h.threads[{t.pid, t.tid}];
            for (const auto& [cpu, ns] : t.cpuNsByCpu)
                th.nsByCpu[cpu] += ns;
            th.latest = &t;
        }
        for (const ProcessMemorySample& p : s->processes)
            h.memory[p.pid] = &p;
        for (const NodeCountersSample& n : s->nodes)
            h.nodes[n.node] = &n;
    }
    return h;
}

// witty's proc_status of one thread.
struct Status
{
    std::uint64_t voluntary = 0;
    std::uint64_t involuntary = 0;
    CpuSet cpusAllowed;
    CpuSet cpusAccessed;
    NodeSet memsAllowed;
    std::vector<double> nsPerNode; // indexed by node OS index
};

Status statusOf(const ThreadHistory* history, const Entity* thread, const Entity* process,
                std::span<const int> cpuToNode, int nodeCount)
{
    Status st;
    st.nsPerNode.assign(size_t(nodeCount), 0.0);
    // The snapshot's allowed sets are those of when the workload was read; a sample's are newer.
    if (thread) {
        st.cpusAllowed = thread->cpus;
        st.memsAllowed = thread->nodes;
    }
    if (st.memsAllowed.isEmpty() && process)
        st.memsAllowed = process->nodes;
    if (!history)
        return st;
    if (const ThreadCpuSample* t = history->latest) {
        st.voluntary = t->voluntarySwitches;
        st.involuntary = t->involuntarySwitches;
        if (!t->cpusAllowed.isEmpty())
            st.cpusAllowed = t->cpusAllowed;
        if (!t->memsAllowed.isEmpty())
            st.memsAllowed = t->memsAllowed;
    }
    const std::vector<std::pair<int, std::uint64_t>> byCpu(history->nsByCpu.begin(), history->nsByCpu.end());
    addCpuTimeByNode(byCpu, cpuToNode, st.nsPerNode);
    for (const auto& [cpu, ns] : byCpu)
        if (ns > 0 && cpu >= 0)
            st.cpusAccessed.insert(cpu);
    return st;
}

NodeSet nodesOfCpus(const CpuSet& cpus, std::span<const int> cpuToNode)
{
    NodeSet nodes;
    cpus.forEach([&](int cpu) {
        if (cpu >= 0 && size_t(cpu) < cpuToNode.size() && cpuToNode[size_t(cpu)] >= 0)
            nodes.insert(cpuToNode[size_t(cpu)]);
    });
    return nodes;
}

void appendRange(QByteArray& out, const IndexSet& set)
{
    out += '"';
    out += set.toRangeString().toLatin1();
    out += '"';
}

// witty's int-keyed dicts: string keys, only the nodes that have something, in node order.
void appendNodeDict(QByteArray& out, const std::map<int, std::uint64_t>& perNode)
{
    out += '{';
    for (const auto& [node, count] : perNode) {
        if (count == 0)
            continue;
        appendJsonKey(out, QByteArray::number(node).constData());
        out += QByteArray::number(qulonglong(count));
    }
    out += '}';
}

// numa_index_to_cpu_runtime holds floats in witty's output ("8774810.0"): it sums ns into a Python float.
void appendNodeDict(QByteArray& out, std::span<const double> perNode)
{
    out += '{';
    for (size_t node = 0; node < perNode.size(); ++node) {
        if (perNode[node] <= 0)
            continue;
        appendJsonKey(out, QByteArray::number(qulonglong(node)).constData());
        appendPythonFloat(out, perNode[node]);
    }
    out += '}';
}

void appendProcStatus(QByteArray& out, const Status& st)
{
    out += '{';
    appendJsonKey(out, "voluntary_ctxt_switches");
    out += QByteArray::number(qulonglong(st.voluntary));
    appendJsonKey(out, "involuntary_ctxt_switches");
    out += QByteArray::number(qulonglong(st.involuntary));
    appendJsonKey(out, "cpus_allowed_list");
    appendRange(out, st.cpusAllowed);
    // /proc has no such list; witty writes it empty in every record we have seen.
    appendJsonKey(out, "cpus_preferred_list");
    out += "\"\"";
    appendJsonKey(out, "cpus_accessed_list");
    appendRange(out, st.cpusAccessed);
    appendJsonKey(out, "mems_allowed_list");
    appendRange(out, st.memsAllowed);
    appendJsonKey(out, "numa_index_to_cpu_runtime");
    appendNodeDict(out, st.nsPerNode);
    out += '}';
}

QByteArray numaAccessPayload(const Status& mainThread, const ProcessMemorySample* memory,
                             const WittyNumaAffinity& affinity)
{
    std::map<int, std::uint64_t> readOnly, total, dirtyAnon;
    if (memory) {
        for (const NodePages& p : memory->nodes) {
            if (p.node < 0)
                continue;
            readOnly[p.node] += p.filePages;
            total[p.node] += p.totalPages;
        }
    }
    for (size_t node = 0; node < affinity.memPages.size(); ++node)
        dirtyAnon[int(node)] = affinity.memPages[node];

    QByteArray out = "{";
    appendJsonKey(out, "numa_access_info");
    out += '{';
    appendJsonKey(out, "proc_status");
    appendProcStatus(out, mainThread);
    appendJsonKey(out, "read_only_pages");
    appendNodeDict(out, readOnly);
    appendJsonKey(out, "dirty_anon_pages");
    appendNodeDict(out, dirtyAnon);
    appendJsonKey(out, "total_pages");
    appendNodeDict(out, total);
    appendJsonKey(out, "numa_affinity_info");
    out += '{';
    appendJsonKey(out, "cpu_runtime_pct_in_each_numa");
    out += '[';
    for (size_t i = 0; i < affinity.cpuRuntimePct.size(); ++i) {
        if (i > 0)
            out += ',';
        appendPythonFloat(out, affinity.cpuRuntimePct[i]);
    }
    out += ']';
    appendJsonKey(out, "mem_pages_in_each_numa");
    out += '[';
    for (size_t i = 0; i < affinity.memPages.size(); ++i) {
        if (i > 0)
            out += ',';
        out += QByteArray::number(qulonglong(affinity.memPages[i]));
    }
    out += ']';
    appendJsonKey(out, "total_dirty_anon_pages");
    out += QByteArray::number(qulonglong(affinity.totalDirtyAnonPages));
    appendJsonKey(out, "cpu_mem_access_cosine_similarity");
    appendPythonFloat(out, affinity.similarity);
    out += "}}";
    // witty 9b72cee writes the key as null when it has no cache-miss figures, which numasight never has.
    appendJsonKey(out, "cache_miss_stats");
    out += "null}";
    return out;
}

Edge makeEdge(EdgeKind kind, EntityId source, EntityId target, QByteArray payload = "{}")
{
    Edge e;
    e.kind = kind;
    e.typeName = edgeKindName(kind);
    e.source = source;
    e.target = target;
    e.payload = std::move(payload);
    return e;
}

// Builds the export: a copy of the snapshot (same entity ids, so its edges and matrices stay valid) with the
// witty NUMA view added.
class Exporter
{
public:
    Exporter(const Snapshot& s, const History& h)
        : m_s(s)
        , m_h(h)
    {
    }

    SnapshotPtr run()
    {
        std::vector<std::pair<int, CpuSet>> nodeCpus;
        for (EntityId id : m_s.numaNodes()) {
            const Entity& n = m_s.entity(id);
            if (n.ns != localNs() || n.osIndex < 0)
                continue;
            nodeCpus.emplace_back(n.osIndex, n.cpus);
            m_nodeCount = std::max(m_nodeCount, n.osIndex + 1);
        }
        if (m_nodeCount == 0)
            return nullptr; // no topology: no node to put CPU time or pages on
        m_cpuToNode = cpuToNodeMap(nodeCpus);

        m_b.reserve(m_s.entities().size() + 16, m_s.edges().size() * 2 + 16);
        for (size_t i = 0; i < m_s.entities().size(); ++i) {
            // A built snapshot never holds two entities of one identity; if one did, the copy would
            // renumber it and break its edges, so leave such a snapshot as it is.
            if (m_b.add(m_s.entities()[i]) != EntityId(std::int32_t(i)))
                return nullptr;
        }
        for (const Edge& e : m_s.edges())
            m_b.addEdge(e);
        for (const DistanceMatrix& m : m_s.distances())
            m_b.addDistances(m);
        for (const MemoryAttributeValue& v : m_s.memoryAttributes())
            m_b.addMemoryAttribute(v);
        m_b.setTakenAt(m_s.takenAt());
        m_b.setLabel(m_s.label());

        updateNodeCounters();
        addProcesses();
        addThreads();
        addNpuAffinity();
        return m_b.finish();
    }

private:
    void updateNodeCounters()
    {
        for (EntityId id : m_s.numaNodes()) {
            Entity& n = m_b.entity(id);
            const auto it = m_h.nodes.find(n.osIndex);
            if (n.ns != localNs() || it == m_h.nodes.end())
                continue;
            const NodeCountersSample& c = *it->second;
            if (!c.numastat.isEmpty())
                n.detail->numastat = c.numastat;
            if (c.memTotalBytes > 0) {
                n.detail->memoryBytes = c.memTotalBytes;
                n.detail->memoryFreeBytes = c.memFreeBytes;
            }
        }
    }

    EntityId numaSet(const NodeSet& nodes)
    {
        const QString key = nodes.toRangeString();
        // A NumaSet read from witty JSON keeps witty's type name; reuse it rather than add a twin.
        if (const EntityId witty = m_b.find(u"NumaSetEntity", localNs(), key); witty.isValid())
            return witty;
        Entity e;
        e.kind = EntityKind::NumaSet;
        e.typeName = entityKindName(EntityKind::NumaSet);
        e.ns = localNs();
        e.key = key;
        e.nodes = nodes;
        e.attributes = "{}";
        bool inserted = false;
        const EntityId id = m_b.add(std::move(e), &inserted);
        if (inserted) {
            nodes.forEach([&](int node) {
                if (const EntityId n = m_s.numaNodeByOsIndex(NodeId(node)); n.isValid())
                    m_b.addEdge(makeEdge(EdgeKind::NumaSetContain, id, n));
            });
        }
        return id;
    }

    const ThreadHistory* historyOf(std::int64_t pid, std::int64_t tid) const
    {
        const auto it = m_h.threads.find({pid, tid});
        return it == m_h.threads.end() ? nullptr : &it->second;
    }

    void addProcesses()
    {
        for (EntityId p : m_s.ofKind(EntityKind::Process)) {
            const Entity& process = m_s.entity(p);
            if (process.ns != localNs() || process.pid < 0)
                continue;
            std::vector<double> nsPerNode(size_t(m_nodeCount), 0.0);
            bool seen = false;
            const auto first =
                m_h.threads.lower_bound({process.pid, std::numeric_limits<std::int64_t>::min()});
            for (auto it = first; it != m_h.threads.end() && it->first.first == process.pid; ++it) {
                seen = true;
                const std::vector<std::pair<int, std::uint64_t>> byCpu(it->second.nsByCpu.begin(),
                                                                       it->second.nsByCpu.end());
                addCpuTimeByNode(byCpu, m_cpuToNode, nsPerNode);
            }
            const auto mem = m_h.memory.find(process.pid);
            const ProcessMemorySample* memory = mem == m_h.memory.end() ? nullptr : mem->second;
            if (!seen && !memory)
                continue; // never sampled: witty would not have seen it either
            const std::vector<std::uint64_t> pages = memory
                                                         ? memPagesInEachNuma(memory->nodes, m_nodeCount)
                                                         : std::vector<std::uint64_t>(size_t(m_nodeCount), 0);
            const WittyNumaAffinity affinity = wittyNumaAffinity(nsPerNode, pages);

            NodeSet touched;
            for (size_t i = 0; i < affinity.cpuRuntimePct.size(); ++i)
                if (affinity.cpuRuntimePct[i] > 0 || affinity.memPages[i] > 0)
                    touched.insert(int(i));
            if (touched.isEmpty())
                continue;

            // witty reads /proc/<pid>/status, which is the main thread's.
            const Entity* mainThread = nullptr;
            for (EntityId t : m_s.threadsOf(p))
                if (m_s.entity(t).tid == process.pid)
                    mainThread = &m_s.entity(t);
            const Status status =
                statusOf(historyOf(process.pid, process.pid), mainThread, &process, m_cpuToNode, m_nodeCount);
            m_b.addEdge(makeEdge(EdgeKind::NumaAccess, p, numaSet(touched),
                                 numaAccessPayload(status, memory, affinity)));
        }
    }

    void addThreads()
    {
        for (EntityId t : m_s.ofKind(EntityKind::Thread)) {
            const Entity& thread = m_s.entity(t);
            if (thread.ns != localNs() || thread.tid < 0)
                continue;
            const Entity* process = thread.parent.isValid() ? &m_s.entity(thread.parent) : nullptr;
            const std::int64_t pid = thread.pid >= 0 ? thread.pid : process ? process->pid : -1;
            const ThreadHistory* history = historyOf(pid, thread.tid);
            if (!history)
                continue;
            const Status status = statusOf(history, &thread, process, m_cpuToNode, m_nodeCount);
            const NodeSet allowed = nodesOfCpus(status.cpusAllowed, m_cpuToNode);
            if (allowed.isEmpty())
                continue;
            QByteArray payload = "{";
            appendJsonKey(payload, "proc_status");
            appendProcStatus(payload, status);
            payload += '}';
            m_b.addEdge(makeEdge(EdgeKind::AccessWithProcStatus, t, numaSet(allowed), std::move(payload)));
        }
    }

    // witty links each NPU to the nodes of its cpu_affinity CPUs (npu-smi's topology).
    void addNpuAffinity()
    {
        for (EntityId d : m_s.ofKind(EntityKind::Accelerator)) {
            const Entity& device = m_s.entity(d);
            if (device.ns != localNs() || device.deviceClass != DeviceClass::Npu)
                continue;
            const auto out = m_s.outEdges(d);
            if (std::any_of(out.begin(), out.end(),
                            [&](EdgeId e) { return m_s.edge(e).kind == EdgeKind::AffinitativeToNuma; }))
                continue;
            NodeSet nodes = nodesOfCpus(device.cpus, m_cpuToNode);
            if (nodes.isEmpty() && device.numaNode.isValid())
                nodes.insert(device.numaNode.value);
            if (!nodes.isEmpty())
                m_b.addEdge(makeEdge(EdgeKind::AffinitativeToNuma, d, numaSet(nodes)));
        }
    }

    const Snapshot& m_s;
    const History& m_h;
    SnapshotBuilder m_b;
    int m_nodeCount = 0;
    std::vector<int> m_cpuToNode;
};

} // namespace

SnapshotPtr withWittyNumaAccess(const Capture& capture, size_t index)
{
    const SnapshotPtr& original = capture.snapshots.at(index);
    for (const Edge& e : original->edges())
        if (e.kind == EdgeKind::NumaAccess || e.kind == EdgeKind::AccessWithProcStatus)
            return original;
    const History history = historyUpTo(capture, index);
    if (!history.any)
        return original;
    auto exported = Exporter(*original, history).run();
    return exported ? exported : original;
}

} // namespace numasight
