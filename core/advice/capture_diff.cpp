// SPDX-License-Identifier: GPL-3.0-or-later
#include "advice/capture_diff.h"

#include "advice/advice_support.h"
#include "analysis/heatmap_data.h"
#include "util/format.h"
#include "util/printable_text.h"

#include <QCoreApplication>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTextStream>

#include <algorithm>
#include <cmath>
#include <deque>
#include <limits>
#include <map>
#include <set>
#include <tuple>
#include <type_traits>

namespace numasight {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(numasight::CaptureDiff)
};
} // namespace

namespace {

using SubjectKey = std::pair<QString, std::int64_t>; // (namespace, pid or tid)

struct FlowTotal
{
    std::int64_t pid = -1; // the side's own pid, kept when mapFlows() renames the key into B's pids
    QString peer;          // as the side names it
    std::uint64_t bytes = 0;
    bool volumesKnown = true;
};
// (pid, protocol, peer)
using FlowKey = std::tuple<std::int64_t, QString, QString>;

// One capture as the diff sees it: the advisor's figures and the facts advise() does not hand out.
struct Side
{
    HeatmapInput input;
    AdvicePtr advice;
    std::map<SubjectKey, CpuSet> threadCpus;  // (ns, tid)
    std::map<SubjectKey, CpuSet> processCpus; // (ns, pid)
    std::map<FlowKey, FlowTotal> flows;       // keyed by the side's own pids
};

// The allowed CPUs of witty's proc_status in an edge's payload, empty when absent.
CpuSet procStatusCpus(const QByteArray& payload)
{
    return readWittyProcStatus(payload).cpusAllowed.value_or(CpuSet{});
}

CpuSet edgeCpus(const Snapshot& s, EntityId subject, EdgeKind kind)
{
    for (EdgeId id : s.outEdges(subject)) {
        const Edge& e = s.edge(id);
        if (e.kind == kind)
            if (CpuSet cpus = procStatusCpus(e.payload.text()); !cpus.isEmpty())
                return cpus;
    }
    return {};
}

// A thread's affinity can change during a recording: its last Cpus_allowed_list is the one in force at the
// end, which is what a re-binding between two captures changed.
void allowedFromSamples(Side& side)
{
    std::map<SubjectKey, std::int64_t> pidOfTid;
    const QString local = QStringLiteral("local");
    for (const SamplePtr& sp : side.input.samples) {
        if (!sp)
            continue;
        for (const ThreadCpuSample& t : sp->threads) {
            if (t.cpusAllowed.isEmpty())
                continue;
            side.threadCpus[{local, t.tid}] = t.cpusAllowed;
            pidOfTid[{local, t.tid}] = t.pid;
        }
    }
    for (const auto& [key, cpus] : side.threadCpus)
        side.processCpus[{key.first, pidOfTid[key]}] |= cpus;
}

void allowedFromSnapshot(Side& side)
{
    const Snapshot& s = *side.input.snapshot;
    for (EntityId pid : s.ofKind(EntityKind::Process)) {
        const Entity& p = s.entity(pid);
        CpuSet all;
        for (EntityId tid : s.threadsOf(pid)) {
            const Entity& t = s.entity(tid);
            CpuSet cpus = t.cpus.isEmpty() ? edgeCpus(s, tid, EdgeKind::AccessWithProcStatus) : t.cpus;
            if (cpus.isEmpty())
                continue;
            all |= cpus;
            side.threadCpus[{t.ns, t.tid}] = std::move(cpus);
        }
        if (all.isEmpty())
            all = p.cpus.isEmpty() ? edgeCpus(s, pid, EdgeKind::NumaAccess) : p.cpus;
        if (!all.isEmpty())
            side.processCpus[{p.ns, p.pid}] = all;
    }
}

QString samplePeer(const FlowSample& f)
{
    if (f.peerPid >= 0)
        return Tr::tr("pid %1").arg(f.peerPid);
    if (!f.remoteAddress.isEmpty())
        return f.remotePort >= 0 ? QStringLiteral("%1:%2").arg(f.remoteAddress).arg(f.remotePort)
                                 : f.remoteAddress;
    return f.localAddress; // a unix socket or pipe: its path is all that names it
}

void flowsFromSamples(Side& side)
{
    for (const SamplePtr& sp : side.input.samples) {
        if (!sp)
            continue;
        for (const FlowSample& f : sp->flows) {
            const QString peer = samplePeer(f);
            FlowTotal& t = side.flows[{f.pid, f.protocol, peer}];
            t.pid = f.pid;
            t.peer = peer;
            t.bytes += f.bytesSent + f.bytesReceived;
            t.volumesKnown = t.volumesKnown && f.volumesKnown;
        }
    }
}

std::int64_t pidOfEntity(const Snapshot& s, EntityId id)
{
    const Entity& e = s.entity(id);
    if (e.pid >= 0 || !e.parent.isValid())
        return e.pid;
    return s.entity(e.parent).pid;
}

// witty: a socket belongs (BelongEdge) to a thread of the process at its end.
std::int64_t socketOwnerPid(const Snapshot& s, EntityId socket)
{
    for (EdgeId id : s.outEdges(socket))
        if (s.edge(id).kind == EdgeKind::Belong)
            return pidOfEntity(s, s.edge(id).target);
    return -1;
}

void flowsFromSnapshot(Side& side)
{
    const Snapshot& s = *side.input.snapshot;
    for (const Edge& e : s.edges()) {
        if (e.kind != EdgeKind::SendToSocket || !e.source.isValid() || !e.target.isValid())
            continue;
        const std::int64_t pid = pidOfEntity(s, e.source);
        if (pid < 0)
            continue;
        const Entity& socket = s.entity(e.target);
        const std::int64_t owner = socketOwnerPid(s, e.target);
        const QString peer = owner >= 0 && owner != pid ? Tr::tr("pid %1").arg(owner)
                             : socket.port >= 0
                                 ? QStringLiteral("%1:%2").arg(socket.address()).arg(socket.port)
                                 : socket.address();
        const QJsonObject flow = QJsonDocument::fromJson(e.payload.text())
                                     .object()
                                     .value(QLatin1StringView("data_flow"))
                                     .toObject();
        const QJsonValue size = flow.value(QLatin1StringView("data_size"));
        FlowTotal& t = side.flows[{pid, socket.protocol(), peer}];
        t.pid = pid;
        t.peer = peer;
        t.bytes += size.isDouble() ? std::uint64_t(std::max(0.0, size.toDouble())) : 0;
        t.volumesKnown = t.volumesKnown && size.isDouble();
    }
}

Side sideOf(const Capture& c)
{
    Side side;
    side.input = heatmapInput(c, -1);
    if (!side.input.snapshot)
        return side;
    side.advice = advise(*side.input.snapshot, side.input.samples);
    const bool recorded = std::any_of(side.input.samples.begin(), side.input.samples.end(),
                                      [](const SamplePtr& sp) { return bool(sp); });
    if (recorded) {
        allowedFromSamples(side);
        flowsFromSamples(side);
    } else {
        allowedFromSnapshot(side);
        flowsFromSnapshot(side);
    }
    return side;
}

// Pairs entries of two lists: first those with equal `exact` keys, then what is left with equal `loose` keys
// in order of appearance. Every entry comes out once, with -1 for a missing partner.
std::vector<std::pair<int, int>> pairUp(const QStringList& exactA, const QStringList& looseA,
                                        const QStringList& exactB, const QStringList& looseB)
{
    std::vector<int> partner(size_t(exactA.size()), -1);
    std::vector<bool> taken(size_t(exactB.size()), false);
    const auto pass = [&](const QStringList& keysA, const QStringList& keysB) {
        QHash<QString, std::deque<int>> free;
        for (int j = 0; j < keysB.size(); ++j)
            if (!taken[size_t(j)])
                free[keysB[j]].push_back(j);
        for (int i = 0; i < keysA.size(); ++i) {
            if (partner[size_t(i)] >= 0)
                continue;
            auto it = free.find(keysA[i]);
            if (it == free.end() || it->empty())
                continue;
            partner[size_t(i)] = it->front();
            taken[size_t(it->front())] = true;
            it->pop_front();
        }
    };
    pass(exactA, exactB);
    pass(looseA, looseB);
    std::vector<std::pair<int, int>> out;
    for (size_t i = 0; i < partner.size(); ++i)
        out.emplace_back(int(i), partner[i]);
    for (size_t j = 0; j < taken.size(); ++j)
        if (!taken[j])
            out.emplace_back(-1, int(j));
    return out;
}

QString cmdlineOf(const Side& side, const Locality& l)
{
    const EntityId id = side.input.snapshot->processByPid(l.pid, l.ns);
    return id.isValid() ? side.input.snapshot->entity(id).detail->cmdline : QString();
}

std::vector<double> pageShares(const std::vector<std::uint64_t>& pages)
{
    double total = 0;
    for (auto p : pages)
        total += double(p);
    std::vector<double> out(pages.size(), 0.0);
    for (size_t i = 0; total > 0 && i < pages.size(); ++i)
        out[i] = double(pages[i]) / total;
    return out;
}

double maxAbsDiff(const std::vector<double>& a, const std::vector<double>& b)
{
    double worst = 0;
    for (size_t i = 0; i < std::max(a.size(), b.size()); ++i) {
        const double x = i < a.size() ? a[i] : 0.0;
        const double y = i < b.size() ? b[i] : 0.0;
        worst = std::max(worst, std::abs(x - y));
    }
    return worst;
}

double changeOf(const LocalityChange& r)
{
    if (!r.inA() || !r.inB())
        return 1;
    return std::max(maxAbsDiff(r.cpuSharesA, r.cpuSharesB),
                    maxAbsDiff(pageShares(r.pagesA), pageShares(r.pagesB)));
}

LocalityFigures figuresOf(const Locality& l)
{
    return LocalityFigures{l.wittySimilarity, l.cosine, l.remoteShare, l.expectedDistance};
}

void setSide(LocalityChange& r, bool sideB, const Locality& l, const CpuSet& cpus)
{
    (sideB ? r.pidB : r.pidA) = l.pid;
    (sideB ? r.tidB : r.tidA) = l.tid;
    (sideB ? r.cpuSharesB : r.cpuSharesA) = l.cpuShares;
    (sideB ? r.pagesB : r.pagesA) = l.pages;
    (sideB ? r.cpuNsB : r.cpuNsA) = l.cpuNs;
    (sideB ? r.b : r.a) = figuresOf(l);
    (sideB ? r.cpuNodeB : r.cpuNodeA) = l.cpuNode;
    (sideB ? r.memoryNodeB : r.memoryNodeA) = l.memoryNode;
    (sideB ? r.cpusAllowedB : r.cpusAllowedA) = cpus.toRangeString();
    // The newer name wins: B is the capture being judged.
    if (sideB || r.name.isEmpty()) {
        r.name = l.name;
        r.ns = l.ns;
    }
}

CpuSet lookup(const std::map<SubjectKey, CpuSet>& m, const QString& ns, std::int64_t id)
{
    const auto it = m.find({ns, id});
    return it == m.end() ? CpuSet{} : it->second;
}

LocalityChange rowOf(const Locality* a, const Locality* b, const Side& sa, const Side& sb)
{
    LocalityChange r;
    const auto add = [](LocalityChange& row, bool sideB, const Locality& l, const Side& s) {
        const CpuSet cpus =
            l.tid >= 0 ? lookup(s.threadCpus, l.ns, l.tid) : lookup(s.processCpus, l.ns, l.pid);
        setSide(row, sideB, l, cpus);
    };
    if (a)
        add(r, false, *a, sa);
    if (b)
        add(r, true, *b, sb);
    r.change = changeOf(r);
    return r;
}

using LocalityList = std::vector<const Locality*>;

std::map<SubjectKey, LocalityList> threadsByProcess(const Advice* advice)
{
    std::map<SubjectKey, LocalityList> out;
    if (advice)
        for (const Locality& t : advice->threads)
            out[{t.ns, t.pid}].push_back(&t);
    return out;
}

void diffThreads(const LocalityList& ta, const LocalityList& tb, const Side& sa, const Side& sb,
                 CaptureDiff& out)
{
    QStringList exactA, looseA, exactB, looseB;
    for (const Locality* t : ta) {
        exactA << QString::number(t->tid);
        looseA << t->name;
    }
    for (const Locality* t : tb) {
        exactB << QString::number(t->tid);
        looseB << t->name;
    }
    for (const auto& [i, j] : pairUp(exactA, looseA, exactB, looseB))
        out.threads.push_back(
            rowOf(i >= 0 ? ta[size_t(i)] : nullptr, j >= 0 ? tb[size_t(j)] : nullptr, sa, sb));
}

// Matches processes, then the threads inside each matched pair. Returns A's pid -> B's pid for the flows.
std::map<std::int64_t, std::int64_t> diffLocalities(const Side& sa, const Side& sb, CaptureDiff& out)
{
    LocalityList pa, pb;
    QStringList exactA, looseA, exactB, looseB;
    const auto collect = [](const Side& s, LocalityList& list, QStringList& exact, QStringList& loose) {
        if (!s.advice)
            return;
        for (const Locality& p : s.advice->processes) {
            list.push_back(&p);
            exact << QStringLiteral("%1\x1f%2\x1f%3").arg(p.ns).arg(p.pid).arg(p.name);
            loose << QStringLiteral("%1\x1f%2\x1f%3").arg(p.ns, p.name, cmdlineOf(s, p));
        }
    };
    collect(sa, pa, exactA, looseA);
    collect(sb, pb, exactB, looseB);
    const auto threadsA = threadsByProcess(sa.advice.get());
    const auto threadsB = threadsByProcess(sb.advice.get());
    const auto threadsOf = [](const std::map<SubjectKey, LocalityList>& m, const Locality* p) {
        const auto it = p ? m.find({p->ns, p->pid}) : m.end();
        return it == m.end() ? LocalityList{} : it->second;
    };
    std::map<std::int64_t, std::int64_t> pidMap;
    for (const auto& [i, j] : pairUp(exactA, looseA, exactB, looseB)) {
        const Locality* a = i >= 0 ? pa[size_t(i)] : nullptr;
        const Locality* b = j >= 0 ? pb[size_t(j)] : nullptr;
        out.processes.push_back(rowOf(a, b, sa, sb));
        diffThreads(threadsOf(threadsA, a), threadsOf(threadsB, b), sa, sb, out);
        if (a && b)
            pidMap[a->pid] = b->pid;
    }
    return pidMap;
}

bool rowBefore(const LocalityChange& x, const LocalityChange& y)
{
    if (x.change != y.change)
        return x.change > y.change;
    const auto pid = [](const LocalityChange& r) { return r.inB() ? r.pidB : r.pidA; };
    const auto tid = [](const LocalityChange& r) { return r.inB() ? r.tidB : r.tidA; };
    return std::make_tuple(pid(x), tid(x)) < std::make_tuple(pid(y), tid(y));
}

// A's flows renamed into B's pids, so that a relaunched job's traffic lines up with its old self.
std::map<FlowKey, FlowTotal> mapFlows(const std::map<FlowKey, FlowTotal>& flows,
                                      const std::map<std::int64_t, std::int64_t>& pidMap)
{
    const auto mapped = [&](std::int64_t pid) {
        const auto it = pidMap.find(pid);
        return it == pidMap.end() ? pid : it->second;
    };
    std::map<FlowKey, FlowTotal> out;
    for (const auto& [key, total] : flows) {
        QString peer = std::get<2>(key);
        if (peer.startsWith(QLatin1StringView("pid ")))
            peer = Tr::tr("pid %1").arg(mapped(peer.mid(4).toLongLong()));
        FlowTotal& t = out[{mapped(std::get<0>(key)), std::get<1>(key), peer}];
        t.pid = total.pid;
        t.peer = total.peer;
        t.bytes += total.bytes;
        t.volumesKnown = t.volumesKnown && total.volumesKnown;
    }
    return out;
}

double flowChange(const FlowChange& f)
{
    if (f.inA != f.inB)
        return std::numeric_limits<double>::infinity();
    return f.volumesKnown ? std::abs(double(f.bytesB) - double(f.bytesA)) : 0.0;
}

void diffFlows(const Side& sa, const Side& sb, const std::map<std::int64_t, std::int64_t>& pidMap,
               CaptureDiff& out)
{
    const std::map<FlowKey, FlowTotal> fa = mapFlows(sa.flows, pidMap);
    std::set<FlowKey> keys;
    for (const auto& kv : fa)
        keys.insert(kv.first);
    for (const auto& kv : sb.flows)
        keys.insert(kv.first);
    for (const FlowKey& key : keys) {
        const auto a = fa.find(key);
        const auto b = sb.flows.find(key);
        FlowChange f;
        f.protocol = std::get<1>(key);
        f.peer = std::get<2>(key);
        f.inA = a != fa.end();
        f.inB = b != sb.flows.end();
        f.volumesKnown = (!f.inA || a->second.volumesKnown) && (!f.inB || b->second.volumesKnown);
        if (f.inA) {
            f.pidA = a->second.pid;
            f.bytesA = a->second.bytes;
        }
        if (f.inB) {
            f.pidB = b->second.pid;
            f.bytesB = b->second.bytes;
        }
        out.flows.push_back(std::move(f));
    }
    std::stable_sort(out.flows.begin(), out.flows.end(), [](const FlowChange& x, const FlowChange& y) {
        const double cx = flowChange(x), cy = flowChange(y);
        if (cx != cy)
            return cx > cy;
        return (x.inB ? x.pidB : x.pidA) < (y.inB ? y.pidB : y.pidA);
    });
}

std::set<SubjectKey> nodeSet(const Side& side)
{
    std::set<SubjectKey> out;
    if (side.input.snapshot)
        for (EntityId id : side.input.snapshot->numaNodes()) {
            const Entity& n = side.input.snapshot->entity(id);
            out.insert({n.ns, n.osIndex});
        }
    return out;
}

QString nodeNames(const std::set<SubjectKey>& nodes)
{
    QStringList parts;
    for (const auto& [ns, os] : nodes)
        parts << (ns == QLatin1StringView("local") ? QString::number(os)
                                                   : QStringLiteral("%1/%2").arg(ns).arg(os));
    return parts.isEmpty() ? QStringLiteral("none") : parts.join(QLatin1Char(','));
}

// What one side lacks, which makes every row one-sided or empty.
void sideNotes(const Side& self, const Side& other, const QString& label, CaptureDiff& out)
{
    if (!self.advice) {
        out.notes << Tr::tr("%1 holds no snapshot: every row is on the other side only.").arg(label);
        return;
    }
    if (self.advice->processes.empty() && other.advice && !other.advice->processes.empty())
        out.notes << Tr::tr("%1 holds no process with figures (a topology only?): every row is on "
                            "one side only.")
                         .arg(label);
    if (nodeSet(self).empty())
        out.notes << Tr::tr("%1 has no NUMA nodes: its rows have no per-node figures.").arg(label);
}

// Why two complete sides may still not compare like with like.
void comparisonNotes(const Capture& a, const Capture& b, const Side& sa, const Side& sb, CaptureDiff& out)
{
    if (!out.hostA.isEmpty() && !out.hostB.isEmpty() && out.hostA != out.hostB)
        out.notes << Tr::tr("The two captures come from different machines (%1 and %2): pids are "
                            "matched only when their names agree, and node numbers may not name the "
                            "same hardware.")
                         .arg(out.hostA, out.hostB);
    const std::set<SubjectKey> na = nodeSet(sa), nb = nodeSet(sb);
    if (sa.advice && sb.advice && na != nb)
        out.notes << Tr::tr("The captures have different NUMA nodes (A: %1; B: %2): shares are compared "
                            "node number by node number, a node one side lacks counting as 0.")
                         .arg(nodeNames(na), nodeNames(nb));
    if (sa.advice && sb.advice && a.samples.empty() != b.samples.empty())
        out.notes << Tr::tr("One capture is a recording and the other is not: their figures are not "
                            "measured the same way (A: %1; B: %2).")
                         .arg(out.sourceA, out.sourceB);
}

std::vector<int> nodeIndexes(const Side& sa, const Side& sb)
{
    std::set<int> all;
    for (const Side* side : {&sa, &sb})
        for (const auto& n : nodeSet(*side))
            all.insert(n.second);
    return {all.begin(), all.end()};
}

} // namespace

CaptureDiffPtr diffCaptures(const Capture& a, const Capture& b, const QString& labelA, const QString& labelB)
{
    auto out = std::make_shared<CaptureDiff>();
    out->labelA = labelA.isEmpty() ? (a.source.path.isEmpty() ? QStringLiteral("A") : a.source.path) : labelA;
    out->labelB = labelB.isEmpty() ? (b.source.path.isEmpty() ? QStringLiteral("B") : b.source.path) : labelB;
    out->hostA = a.source.hostname;
    out->hostB = b.source.hostname;
    const Side sa = sideOf(a);
    const Side sb = sideOf(b);
    if (sa.advice)
        out->sourceA = sa.advice->source;
    if (sb.advice)
        out->sourceB = sb.advice->source;
    sideNotes(sa, sb, out->labelA, *out);
    sideNotes(sb, sa, out->labelB, *out);
    comparisonNotes(a, b, sa, sb, *out);
    out->nodes = nodeIndexes(sa, sb);
    const auto pidMap = diffLocalities(sa, sb, *out);
    std::stable_sort(out->processes.begin(), out->processes.end(), rowBefore);
    std::stable_sort(out->threads.begin(), out->threads.end(), rowBefore);
    diffFlows(sa, sb, pidMap, *out);
    return out;
}

namespace {

// A per-node vector, null on the side that lacks the row.
template <class T>
QJsonValue perNodeJson(const std::vector<T>& v, bool present)
{
    if (!present)
        return QJsonValue::Null;
    QJsonArray a;
    for (const T& x : v) {
        if constexpr (std::is_floating_point_v<T>)
            a.append(jsonNumber(x));
        else
            a.append(qint64(x));
    }
    return a;
}

QJsonValue figuresJson(const LocalityFigures& f, bool present)
{
    if (!present)
        return QJsonValue::Null;
    return QJsonObject{{QStringLiteral("witty_similarity"), jsonNumber(f.similarity)},
                       {QStringLiteral("cosine"), jsonNumber(f.cosine)},
                       {QStringLiteral("remote_share"), jsonNumber(f.remoteShare)},
                       {QStringLiteral("expected_distance"), jsonNumber(f.expectedDistance)}};
}

QJsonValue textOrNull(const QString& s)
{
    return s.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(s);
}

QJsonObject rowJson(const LocalityChange& r)
{
    const bool a = r.inA(), b = r.inB();
    return QJsonObject{{QStringLiteral("pid_a"), jsonId(r.pidA)},
                       {QStringLiteral("pid_b"), jsonId(r.pidB)},
                       {QStringLiteral("tid_a"), jsonId(r.tidA)},
                       {QStringLiteral("tid_b"), jsonId(r.tidB)},
                       {QStringLiteral("namespace"), r.ns},
                       {QStringLiteral("name"), r.name},
                       {QStringLiteral("cpu_shares_a"), perNodeJson(r.cpuSharesA, a)},
                       {QStringLiteral("cpu_shares_b"), perNodeJson(r.cpuSharesB, b)},
                       {QStringLiteral("pages_a"), perNodeJson(r.pagesA, a)},
                       {QStringLiteral("pages_b"), perNodeJson(r.pagesB, b)},
                       {QStringLiteral("cpu_ns_a"), a ? jsonNumber(r.cpuNsA) : QJsonValue(QJsonValue::Null)},
                       {QStringLiteral("cpu_ns_b"), b ? jsonNumber(r.cpuNsB) : QJsonValue(QJsonValue::Null)},
                       {QStringLiteral("locality_a"), figuresJson(r.a, a)},
                       {QStringLiteral("locality_b"), figuresJson(r.b, b)},
                       {QStringLiteral("cpu_node_a"), jsonId(r.cpuNodeA.value)},
                       {QStringLiteral("cpu_node_b"), jsonId(r.cpuNodeB.value)},
                       {QStringLiteral("memory_node_a"), jsonId(r.memoryNodeA.value)},
                       {QStringLiteral("memory_node_b"), jsonId(r.memoryNodeB.value)},
                       {QStringLiteral("cpus_allowed_a"), textOrNull(r.cpusAllowedA)},
                       {QStringLiteral("cpus_allowed_b"), textOrNull(r.cpusAllowedB)},
                       {QStringLiteral("change"), r.change}};
}

QJsonObject flowJson(const FlowChange& f)
{
    const auto bytes = [&](bool present, std::uint64_t n) {
        return present && f.volumesKnown ? QJsonValue(qint64(n)) : QJsonValue(QJsonValue::Null);
    };
    return QJsonObject{{QStringLiteral("pid_a"), jsonId(f.pidA)},
                       {QStringLiteral("pid_b"), jsonId(f.pidB)},
                       {QStringLiteral("protocol"), f.protocol},
                       {QStringLiteral("peer"), f.peer},
                       {QStringLiteral("bytes_a"), bytes(f.inA, f.bytesA)},
                       {QStringLiteral("bytes_b"), bytes(f.inB, f.bytesB)},
                       {QStringLiteral("volumes_known"), f.volumesKnown},
                       {QStringLiteral("in_a"), f.inA},
                       {QStringLiteral("in_b"), f.inB}};
}

QJsonObject sideJson(const QString& label, const QString& source, const QString& host)
{
    return QJsonObject{{QStringLiteral("label"), label},
                       {QStringLiteral("source"), textOrNull(source)},
                       {QStringLiteral("host"), textOrNull(host)}};
}

QJsonArray rowsJson(const std::vector<LocalityChange>& rows)
{
    QJsonArray a;
    for (const LocalityChange& r : rows)
        a.append(rowJson(r));
    return a;
}

QString arrow(const QString& a, const QString& b)
{
    return a == b ? a : a + QStringLiteral("→") + b;
}

QString nodeText(NodeId node)
{
    return node.isValid() ? QString::number(node.value) : QStringLiteral("?");
}

QString fixed2(double x)
{
    return std::isnan(x) ? QStringLiteral("?") : QString::number(x, 'f', 2);
}

// The node whose value moved most, -1 when nothing moved.
int mostChanged(const std::vector<double>& a, const std::vector<double>& b)
{
    int best = -1;
    double worst = 0;
    for (size_t i = 0; i < std::max(a.size(), b.size()); ++i) {
        const double d = std::abs((i < a.size() ? a[i] : 0.0) - (i < b.size() ? b[i] : 0.0));
        if (d > worst) {
            worst = d;
            best = int(i);
        }
    }
    return best;
}

double at(const std::vector<double>& v, int i)
{
    return i >= 0 && size_t(i) < v.size() ? v[size_t(i)] : 0.0;
}

QString subjectText(const LocalityChange& r)
{
    const auto ids = [](std::int64_t pid, std::int64_t tid) {
        return tid >= 0 ? QStringLiteral("%1/%2").arg(pid).arg(tid) : QString::number(pid);
    };
    const QString a = r.inA() ? ids(r.pidA, r.tidA) : QString();
    const QString b = r.inB() ? ids(r.pidB, r.tidB) : QString();
    return (a.isEmpty() ? b : b.isEmpty() ? a : arrow(a, b)) + QLatin1Char(' ') + r.name;
}

QString oneSidedText(const LocalityChange& r)
{
    const bool b = r.inB();
    return Tr::tr("%1: only in %2 (CPU node %3, memory node %4, similarity %5)")
        .arg(subjectText(r), b ? QStringLiteral("B") : QStringLiteral("A"),
             nodeText(b ? r.cpuNodeB : r.cpuNodeA), nodeText(b ? r.memoryNodeB : r.memoryNodeA),
             fixed2(b ? r.b.similarity : r.a.similarity));
}

QString rowText(const LocalityChange& r)
{
    if (!r.inA() || !r.inB())
        return oneSidedText(r);
    QStringList parts;
    parts << Tr::tr("CPU node %1").arg(arrow(nodeText(r.cpuNodeA), nodeText(r.cpuNodeB)));
    if (const int n = mostChanged(r.cpuSharesA, r.cpuSharesB); n >= 0)
        parts << Tr::tr("CPU share on node %1 %2")
                     .arg(n)
                     .arg(arrow(formatPercent(at(r.cpuSharesA, n)), formatPercent(at(r.cpuSharesB, n))));
    const std::vector<double> pa = pageShares(r.pagesA), pb = pageShares(r.pagesB);
    if (const int n = mostChanged(pa, pb); n >= 0)
        parts << Tr::tr("pages on node %1 %2")
                     .arg(n)
                     .arg(arrow(formatPercent(at(pa, n)), formatPercent(at(pb, n))));
    else if (r.memoryNodeA != r.memoryNodeB)
        parts << Tr::tr("memory node %1").arg(arrow(nodeText(r.memoryNodeA), nodeText(r.memoryNodeB)));
    parts << Tr::tr("similarity %1").arg(arrow(fixed2(r.a.similarity), fixed2(r.b.similarity)));
    if (r.cpusAllowedA != r.cpusAllowedB)
        parts << Tr::tr("allowed CPUs %1")
                     .arg(arrow(r.cpusAllowedA.isEmpty() ? QStringLiteral("?") : r.cpusAllowedA,
                                r.cpusAllowedB.isEmpty() ? QStringLiteral("?") : r.cpusAllowedB));
    return Tr::tr("%1: %2 (change %3)")
        .arg(subjectText(r), parts.join(QStringLiteral(", ")), formatPercent(r.change));
}

bool shown(const LocalityChange& r, bool allRows)
{
    return allRows || r.change >= kDiffThreshold;
}

void appendRows(QTextStream& out, const QString& title, const std::vector<LocalityChange>& rows, bool allRows)
{
    const auto count =
        std::count_if(rows.begin(), rows.end(), [&](const auto& r) { return shown(r, allRows); });
    if (count == 0)
        return;
    out << '\n' << title << " (" << count << " of " << rows.size() << "):\n";
    for (const LocalityChange& r : rows)
        if (shown(r, allRows))
            out << "  " << printableText(rowText(r)) << '\n';
}

bool flowShown(const FlowChange& f, bool allRows)
{
    if (allRows || f.inA != f.inB)
        return true;
    const double big = double(std::max(f.bytesA, f.bytesB));
    return f.volumesKnown && big > 0 && std::abs(double(f.bytesB) - double(f.bytesA)) / big >= kDiffThreshold;
}

QString flowText(const FlowChange& f)
{
    const QString pid = f.inA && f.inB ? arrow(QString::number(f.pidA), QString::number(f.pidB))
                                       : QString::number(f.inB ? f.pidB : f.pidA);
    QString what;
    if (f.inA != f.inB)
        what = f.inB ? Tr::tr("only in B") : Tr::tr("only in A");
    else if (f.volumesKnown)
        what = arrow(formatBytes(f.bytesA), formatBytes(f.bytesB));
    else
        what = Tr::tr("in both (volumes not measured)");
    if (f.inA != f.inB && f.volumesKnown)
        what += QStringLiteral(", ") + formatBytes(f.inB ? f.bytesB : f.bytesA);
    return Tr::tr("pid %1 %2 %3: %4").arg(pid, f.protocol, f.peer, what);
}

} // namespace

MatchedIds matchedIds(const CaptureDiff& diff, std::int64_t pid, std::int64_t tid, bool fromA)
{
    const auto from = [fromA](const LocalityChange& c) {
        return fromA ? std::pair(c.pidA, c.tidA) : std::pair(c.pidB, c.tidB);
    };
    const auto to = [fromA](const LocalityChange& c) {
        return fromA ? MatchedIds{c.pidB, c.tidB} : MatchedIds{c.pidA, c.tidA};
    };
    if (tid >= 0)
        for (const LocalityChange& c : diff.threads)
            if (c.ns == u"local" && from(c) == std::pair(pid, tid) && to(c).tid >= 0)
                return to(c);
    for (const LocalityChange& c : diff.processes)
        if (c.ns == u"local" && from(c).first == pid && to(c).pid >= 0)
            return {to(c).pid, -1};
    return {};
}

QJsonObject diffJson(const CaptureDiff& diff)
{
    QJsonArray nodes, flows;
    for (int n : diff.nodes)
        nodes.append(n);
    for (const FlowChange& f : diff.flows)
        flows.append(flowJson(f));
    return QJsonObject{{QStringLiteral("a"), sideJson(diff.labelA, diff.sourceA, diff.hostA)},
                       {QStringLiteral("b"), sideJson(diff.labelB, diff.sourceB, diff.hostB)},
                       {QStringLiteral("threshold"), kDiffThreshold},
                       {QStringLiteral("nodes"), nodes},
                       {QStringLiteral("processes"), rowsJson(diff.processes)},
                       {QStringLiteral("threads"), rowsJson(diff.threads)},
                       {QStringLiteral("flows"), flows},
                       {QStringLiteral("notes"), QJsonArray::fromStringList(diff.notes)}};
}

QString diffText(const CaptureDiff& diff, bool allRows)
{
    QString text;
    QTextStream out(&text);
    const auto side = [](const QString& label, const QString& source, const QString& host) {
        QString s = label;
        if (!host.isEmpty())
            s += QStringLiteral(" on ") + host;
        if (!source.isEmpty())
            s += QStringLiteral(" (") + source + QLatin1Char(')');
        return s;
    };
    // Each line is one field's worth of names from the recordings: a line break or an escape sequence in a
    // name is shown escaped, never acted on by the terminal.
    out << "A: " << printableText(side(diff.labelA, diff.sourceA, diff.hostA)) << '\n';
    out << "B: " << printableText(side(diff.labelB, diff.sourceB, diff.hostB)) << '\n';
    for (const QString& n : diff.notes)
        out << "note: " << printableText(n) << '\n';
    const auto changed = [&](const std::vector<LocalityChange>& rows) {
        return std::any_of(rows.begin(), rows.end(), [&](const auto& r) { return shown(r, allRows); });
    };
    if (!changed(diff.processes) && !changed(diff.threads))
        out << "\nno change above " << formatPercent(kDiffThreshold) << " in " << diff.processes.size()
            << " process(es) and " << diff.threads.size() << " thread(s)\n";
    appendRows(out, QStringLiteral("Processes"), diff.processes, allRows);
    appendRows(out, QStringLiteral("Threads"), diff.threads, allRows);
    const auto flowCount = std::count_if(diff.flows.begin(), diff.flows.end(),
                                         [&](const auto& f) { return flowShown(f, allRows); });
    if (flowCount > 0) {
        out << "\nFlows (" << flowCount << " of " << diff.flows.size() << "):\n";
        for (const FlowChange& f : diff.flows)
            if (flowShown(f, allRows))
                out << "  " << printableText(flowText(f)) << '\n';
    }
    out.flush();
    return text;
}

} // namespace numasight
