// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What the graph spec tests look at: the fixtures, the clusters around a node in the spec and in its DOT
// text, nodes and edges found by entity or ends, and a small machine with one sampled process.

#include "graph/dot_writer.h"
#include "graph/graph_spec.h"
#include "readers/open_input.h"
#include "support/entity_factory.h"
#include "support/synthetic_machine.h"
#include "support/test_fixtures.h"

#include <QRegularExpression>
#include <QSet>
#include <QStringList>

#include <algorithm>
#include <map>

namespace numasight::test {

inline SnapshotPtr loadFixture(const QString& relative)
{
    const auto r = openInput(QStringLiteral(NUMASIGHT_FIXTURES "/") + relative);
    if (!r) {
        qWarning("%s", qPrintable(r.error().toString()));
        return {};
    }
    return r.value()->snapshots.front();
}

// The clusters around the statement that defines `id` in DOT written by toDot() (one statement per line),
// outermost first; {"<missing>"} when the node is not defined at all.
inline QStringList dotClusterPath(const QByteArray& dot, const QString& id)
{
    QStringList stack;
    const QByteArray nodeStart = dotQuote(id, false) + " [";
    static const QRegularExpression kSubgraph(QStringLiteral("^\\s*subgraph \"([^\"]+)\" \\{$"));
    for (const QByteArray& raw : dot.split('\n')) {
        const QString line = QString::fromUtf8(raw);
        const auto m = kSubgraph.match(line);
        if (m.hasMatch()) {
            stack << m.captured(1);
            continue;
        }
        if (line.trimmed() == QLatin1String("}")) {
            if (!stack.isEmpty())
                stack.removeLast();
            continue;
        }
        if (raw.trimmed().startsWith(nodeStart))
            return stack;
    }
    return {QStringLiteral("<missing>")};
}

// The clusters around a node in the spec, outermost first.
inline QStringList specClusterPath(const GraphSpec& spec, const QString& id)
{
    const GraphNode* n = spec.node(id);
    if (!n)
        return {QStringLiteral("<missing>")};
    QStringList path;
    for (QString c = n->cluster; !c.isEmpty();) {
        path.prepend(c);
        const GraphCluster* cluster = spec.cluster(c);
        if (!cluster)
            return {QStringLiteral("<dangling ") + c + QLatin1Char('>')};
        c = cluster->parent;
    }
    return path;
}

inline const GraphNode* nodeForEntity(const GraphSpec& spec, EntityId entity)
{
    for (const GraphNode& n : spec.nodes)
        if (n.entity == entity)
            return &n;
    return nullptr;
}

inline const GraphEdge* findEdge(const GraphSpec& spec, const QString& from, const QString& to,
                                 GraphEdgeRole role)
{
    for (const GraphEdge& e : spec.edges)
        if (e.from == from && e.to == to && e.role == role)
            return &e;
    return nullptr;
}

inline QSet<QString> nodeIds(const GraphSpec& spec)
{
    QSet<QString> ids;
    for (const GraphNode& n : spec.nodes)
        ids.insert(n.id);
    return ids;
}

inline int countKind(const GraphSpec& spec, EntityKind kind)
{
    return int(std::count_if(spec.nodes.begin(), spec.nodes.end(),
                             [&](const GraphNode& n) { return n.kind == kind; }));
}

// A small machine built by hand: 2 NUMA nodes (CPUs 0-1 and 2-3), an NPU on node 1, one process (pid 100,
// threads 100 and 101) that holds the NPU, a SLIT matrix and a measured latency matrix.
inline SnapshotPtr miniMachine(const QString& processName = QStringLiteral("worker"))
{
    SnapshotBuilder b;
    std::vector<EntityId> nodes;
    for (int i = 0; i < 2; ++i) {
        Entity n = makeEntity(EntityKind::NumaNode, QString::number(i));
        n.osIndex = n.logicalIndex = i;
        n.cpus = IndexSet::range(2 * i, 2 * i + 1);
        n.nodes = NodeSet{i};
        n.detail->memoryBytes = std::uint64_t(1) << 30;
        nodes.push_back(b.add(n));
    }
    Entity npu = makeEntity(EntityKind::Accelerator, QStringLiteral("0000:81:00.0"));
    npu.deviceClass = DeviceClass::Npu;
    npu.osIndex = 0;
    npu.detail->pciBusId = npu.key;
    npu.numaNode = NodeId(1);
    const EntityId npuId = b.add(npu);
    Entity p = makeEntity(EntityKind::Process, QStringLiteral("100"));
    p.pid = 100;
    p.ppid = 1;
    p.name = processName;
    const EntityId pid = b.add(p);
    for (int tid : {100, 101}) {
        Entity t = makeEntity(EntityKind::Thread, QString::number(tid));
        t.tid = tid;
        t.pid = 100;
        t.parent = pid;
        t.name = QStringLiteral("t%1").arg(tid);
        b.add(t);
    }
    Edge access;
    access.kind = EdgeKind::Access;
    access.typeName = edgeKindName(EdgeKind::Access);
    access.source = pid;
    access.target = npuId;
    access.payload = QByteArrayLiteral("{}");
    b.addEdge(access);
    DistanceMatrix slit;
    slit.name = QStringLiteral("NUMALatency");
    slit.unit = QStringLiteral("relative");
    slit.objects = nodes;
    slit.values = {10, 21, 21, 10};
    b.addDistances(slit);
    DistanceMatrix ns;
    ns.name = QStringLiteral("measured");
    ns.unit = QStringLiteral("ns");
    ns.fromOs = false;
    ns.objects = nodes;
    ns.values = {90, 142, 142, 90};
    b.addDistances(ns);
    return b.finish();
}

// A sample in which thread 100 ran 3 s on CPU 0 (node 0) and 1 s on CPU 2 (node 1), the process holds
// 900 anonymous pages on node 1 and 100 on node 0, and sent 5 MiB to 10.0.0.8.
inline SamplePtr miniSample()
{
    auto s = std::make_shared<Sample>();
    ThreadCpuSample t;
    t.pid = 100;
    t.tid = 100;
    t.cpuNs = 4000000000;
    t.cpuNsByCpu = {{0, 3000000000}, {2, 1000000000}};
    s->threads.push_back(t);
    ProcessMemorySample m;
    m.pid = 100;
    m.nodes = {NodePages{0, 100, 100, 100, 0, 0, 100 * 4096}, NodePages{1, 900, 900, 900, 0, 0, 900 * 4096}};
    s->processes.push_back(m);
    FlowSample f;
    f.pid = 100;
    f.tid = 100;
    f.protocol = QStringLiteral("TCP");
    f.remoteAddress = QStringLiteral("10.0.0.8");
    f.remotePort = 29500;
    f.bytesSent = 5 * 1024 * 1024;
    f.volumesKnown = true;
    f.mode = CollectionMode::Ebpf;
    s->flows.push_back(f);
    return s;
}

inline GraphOptions viewOptions(GraphView view)
{
    GraphOptions o;
    o.view = view;
    return o;
}

// Reads every fixture into `all` and names the witty capture and the DGX-2 among them; false, with the file
// that failed in the log, when one cannot be read.
inline bool loadGraphFixtures(std::map<QString, SnapshotPtr>& all, SnapshotPtr& witty, SnapshotPtr& dgx2)
{
    for (const QString& f : fixtureFiles()) {
        all[f] = loadFixture(f);
        if (!all[f]) {
            qWarning("cannot read the fixture %s", qPrintable(f));
            return false;
        }
    }
    witty = all[QStringLiteral("witty-profiler/graph.json")];
    dgx2 = all[QStringLiteral("hwloc/nvidiaDGX2.xml")];
    return true;
}

} // namespace numasight::test

Q_DECLARE_METATYPE(numasight::GraphView)
Q_DECLARE_METATYPE(numasight::GraphOptions)
