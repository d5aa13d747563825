// SPDX-License-Identifier: GPL-3.0-or-later
// The advisor's findings: locality per process and thread, processes away from their accelerators, witty-
// profiler's hot-thread scores, and patterns of binding and NUMA balancing.
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

void Advisor::localities()
{
    for (ProcessState& p : m_processes) {
        const Machine& m = machine(p.ns);
        Locality l;
        copySubject(p, l);
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
                   Tr::tr("pid %1 (%2) has %3 cross-NUMA access: witty similarity %4, %5 of its "
                          "accesses remote, most CPU time on node %6 and most memory on node %7.")
                       .arg(p.pid)
                       .arg(p.name, severe ? Tr::tr("severe") : Tr::tr("moderate"))
                       .arg(sim, 0, 'f', 3)
                       .arg(formatPercent(l.remoteShare))
                       .arg(l.cpuNode.value)
                       .arg(l.memoryNode.value),
                   numbers);
    }
    // Threads: their own CPU time against their process's memory. Processes by (namespace, pid) once: a
    // scan of every process for every thread took seconds at 12 000 processes and 41 000 threads.
    QHash<std::pair<QString, std::int64_t>, const ProcessState*> processOf;
    processOf.reserve(qsizetype(m_processes.size()));
    for (const ProcessState& p : m_processes)
        processOf.insert({p.ns, p.pid}, &p);
    for (int r = 0; r < m_cpu->rowCount(); ++r) {
        const HeatmapRow& row = m_cpu->rows[size_t(r)];
        if (row.kind != HeatmapRowKind::Thread)
            continue;
        const ProcessState* p = processOf.value({row.ns, row.pid});
        const Machine& m = machine(row.ns);
        Locality l;
        copySubject(row, l);
        l.tid = row.tid;
        l.cpuShares.assign(size_t(m.size), 0.0);
        const auto values = m_cpu->rowValues(r);
        for (size_t c = 0; c < values.size(); ++c)
            if (const int i = m.indexOf(m_cpu->columns[c]); i >= 0 && known(values[c]))
                l.cpuShares[size_t(i)] = values[c];
        l.pages = p ? p->pages : std::vector<std::uint64_t>(size_t(m.size), 0);
        fillLocality(m, l);
        m_out->threads.push_back(std::move(l));
    }
}

QMap<QString, double> Advisor::localityNumbers(const Locality& l)
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

void Advisor::fillLocality(const Machine& m, Locality& l)
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

void Advisor::devices()
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
                allowed =
                    d.allowedOnDeviceNode
                        ? Tr::tr(" although it may run there")
                        : Tr::tr(" and its CPUs (%1) exclude that node").arg(p.allowedCpus.toRangeString());
            addFinding(Severity::Critical, QStringLiteral("accelerator-away"), p.pid, std::nullopt,
                       Tr::tr("pid %1 (%2) uses %3 on node %4 but runs %5 of its CPU time on node "
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

bool Advisor::threadHasIpc(EntityId thread) const
{
    for (EdgeId eid : m_s.outEdges(thread)) {
        const Edge& e = m_s.edge(eid);
        if (e.kind == EdgeKind::SendToSocket ||
            (e.kind == EdgeKind::Own && m_s.entity(e.target).kind == EntityKind::Socket))
            return true;
    }
    return false;
}

void Advisor::hotThreads()
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
                const WittyProcStatus st = readWittyProcStatus(e.payload.text());
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
        m_out->notes << Tr::tr("hot threads are scored on remote share only: the input has no "
                               "durations, so CPU % and context switches per second are unknown");
    m_out->notes << Tr::tr("LLC miss rates are not collected: that part of the hot-thread score "
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
        addFinding(h.score >= 5 ? Severity::Critical : Severity::Warning, QStringLiteral("hot-thread"), h.pid,
                   h.tid,
                   Tr::tr("Thread %1 (%2, %3) of pid %4 is a %5 hot thread (score %6), bottleneck: "
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

void Advisor::patterns()
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
        addFinding(away > 0 ? Severity::Warning : Severity::Info, QStringLiteral("tensor-parallel-group"),
                   parent.second, std::nullopt,
                   Tr::tr("pids %1 (children of %2) form a tensor-parallel group with one accelerator "
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
            const QJsonValue v = QJsonDocument::fromJson(m_s.entity(h).attributes.text())
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
        // On one NUMA node every CPU is as near every page as any other, and the kernel does not balance:
        // where a process may run or is bound cannot matter there.
        const bool oneNode = m.allNodes.count() <= 1;
        if ((cpuBound || memBound) && !oneNode)
            bound << QString::number(p.pid);
        // Allowed everywhere, memory in one place: the scheduler is free to run it far from its pages.
        const bool everywhere = !p.allowedCpus.isEmpty() && m.allCpus.isSubsetOf(p.allowedCpus);
        if (everywhere && p.hasMemory && p.hasCpu && !oneNode) {
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
                addFinding(cpuThere < kGoodSimilarity ? Severity::Warning : Severity::Info,
                           QStringLiteral("unbound-memory-on-one-node"), p.pid, std::nullopt,
                           Tr::tr("pid %1 (%2) may run on every CPU while %3 of its memory sits on "
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
        addFinding(Severity::Warning, QStringLiteral("numa-balancing-with-binding"), -1, std::nullopt,
                   Tr::tr("kernel.numa_balancing is %1 while %2 process(es) are explicitly bound (%3): "
                          "it keeps migrating pages of bound tasks; set it to 0.")
                       .arg(balancing)
                       .arg(bound.size())
                       .arg(bound.join(QStringLiteral(", "))),
                   n);
    }
}

} // namespace advisor

} // namespace numasight
