// SPDX-License-Identifier: GPL-3.0-or-later
// The advisor's suggestions: the nodes to move each process to (capacity-aware, device first), the commands
// that do it and the locality they predict.
#include "advice/advisor.h"

#include <QCoreApplication>

namespace numasight {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(numasight::Advisor)
};
// A command that names a process by number must never name 0 (taskset reads it as "this shell"), a
// negative number (a process group to kill(2)-style tools) or 1 (init: re-pinning it re-pins what it starts).
bool pinnable(std::int64_t id)
{
    return id > 1;
}

} // namespace

namespace advisor {

bool Advisor::fits(const Machine& m, const ProcessState& p, const std::vector<NodeId>& targets) const
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

double Advisor::movingBytes(const Machine& m, const ProcessState& p, const std::vector<NodeId>& targets)
{
    double moving = 0;
    for (int i = 0; i < m.size; ++i)
        if (std::find(targets.begin(), targets.end(), NodeId(i)) == targets.end())
            moving += double(p.pages[size_t(i)]) * p.pageBytes;
    return moving;
}

std::vector<NodeId> Advisor::placeFrom(const Machine& m, const ProcessState& p, NodeId preferred) const
{
    std::vector<NodeId> order;
    for (const auto& [os, node] : m.nodes)
        if (!node.cpus.isEmpty())
            order.push_back(os);
    std::stable_sort(order.begin(), order.end(),
                     [&](NodeId a, NodeId b) { return m.distance(preferred, a) < m.distance(preferred, b); });
    std::vector<NodeId> targets;
    for (NodeId n : order) {
        targets.push_back(n);
        std::sort(targets.begin(), targets.end());
        if (fits(m, p, targets))
            return targets;
    }
    return {};
}

void Advisor::suggestions()
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
                devNode, Tr::tr("%1 on node %2").arg(devs.join(QStringLiteral(", "))).arg(devNode.value));
        }
        if (l.memoryNode.isValid())
            prefs.emplace_back(l.memoryNode, Tr::tr("most of its memory on node %1").arg(l.memoryNode.value));
        if (l.cpuNode.isValid())
            prefs.emplace_back(l.cpuNode, Tr::tr("most of its CPU time on node %1").arg(l.cpuNode.value));
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
            reason = Tr::tr("%1, widened to the nearest nodes with room").arg(prefs.front().second);
        }
        if (targets.empty()) {
            m_out->notes
                << Tr::tr("pid %1 (%2): no node or set of nodes has room for it").arg(p->pid).arg(p->name);
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
        const QString name = !ce.name.isEmpty() ? ce.name.str() : ce.detail->containerId;
        // "--" ends docker's options: a container named "--restart=always" is still the container.
        const QString cmd = QStringLiteral("docker update --cpuset-cpus %1 --cpuset-mems %2 -- %3")
                                .arg(cpus.toRangeString(), mems.toRangeString(), shellQuote(name));
        for (size_t i : idx) {
            m_out->suggestions[i].docker = cmd;
            if (idx.size() > 1)
                m_out->suggestions[i].notes
                    << Tr::tr("the docker command covers the %1 suggested processes of container %2")
                           .arg(idx.size())
                           .arg(name);
            if (!kept.isEmpty())
                m_out->suggestions[i].notes
                    << Tr::tr("the docker cpuset also keeps the current nodes of pid(s) %1 in the "
                              "same container")
                           .arg(kept.join(QStringLiteral(", ")));
        }
    }
}

std::vector<ThreadGroup> Advisor::threadGroups(const ProcessState& p, const std::vector<NodeId>& targets,
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
            if (pinnable(p.pid) && pinnable(tid))
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

Suggestion Advisor::suggestion(const Machine& m, const ProcessState& p, const Locality& l,
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
            s.notes << Tr::tr("the command line was stored space-joined: an argument that held a "
                              "space is split in two in the relaunch command");
    } else {
        s.notes << Tr::tr("no command line is known: relaunch it under the numactl options shown");
    }
    if (pinnable(p.pid)) {
        s.live << QStringLiteral("taskset -a -cp %1 %2").arg(s.cpus).arg(p.pid);
        std::vector<NodeId> from;
        for (int i = 0; i < m.size; ++i)
            if (p.pages[size_t(i)] > 0 &&
                std::find(targets.begin(), targets.end(), NodeId(i)) == targets.end())
                from.push_back(NodeId(i));
        if (!from.empty())
            s.live << QStringLiteral("migratepages %1 %2 %3").arg(p.pid).arg(nodeListText(from), nodes);
    } else {
        s.notes << Tr::tr("pid %1 is not a process to re-pin by number (%2): no live command is given")
                       .arg(p.pid)
                       .arg(p.pid == 1 ? Tr::tr("init, every process's ancestor")
                                       : Tr::tr("not a real process id"));
    }
    s.systemd =
        QStringLiteral("[Service]\nCPUAffinity=%1\nNUMAPolicy=bind\nNUMAMask=%2\n").arg(s.cpus, nodes);
    if (p.ns != QLatin1StringView("local"))
        s.notes << Tr::tr("run the commands on host %1").arg(p.ns);

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
        const double w = cpuCount > 0 ? m.nodes.at(n).cpus.count() / cpuCount : 1.0 / double(targets.size());
        cpuAfter[size_t(n.value)] = w;
        pagesAfter[size_t(n.value)] = std::uint64_t(std::llround(w * double(totalPages)));
    }
    s.after = measure(m, cpuAfter, pagesAfter);
    s.assumptions =
        Tr::tr("prediction: all CPU time on node(s) %1 and every page migrated there; the workload, "
               "its access pattern and the other processes stay as they are")
            .arg(nodes);
    if (!known(p.cpuDemand))
        s.assumptions += Tr::tr("; capacity counted one busy CPU for it (the input has no CPU rates)");
    return s;
}

} // namespace advisor

} // namespace numasight
