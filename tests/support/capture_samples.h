// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What the capture file tests write and compare: a capture with every kind of entity and edge and every
// field set, a recording, their field-by-field comparison, and files changed behind numasight's back.

#include "capture/capture_reader.h"
#include "capture/capture_schema.h"
#include "capture/capture_writer.h"
#include "readers/witty_json_reader.h"
#include "support/entity_factory.h"
#include "support/sample_diff.h"
#include "version.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QProcess>
#include <QRandomGenerator>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>

#include <sqlite3.h>

#include <cmath>
#include <csignal>
#include <functional>
#include <limits>
#include <memory>
#include <sys/wait.h>
#include <unistd.h>

namespace numasight::test {

using CaptureFactory = std::function<Capture()>;
// Prepares a file in `dir` and returns the path to read.
using Mutator = std::function<QString(const QString& dir)>;
// Attempts a write that must fail; `target` receives the path it wrote to.
using FailingWrite = std::function<std::optional<LoadError>(const QString& dir, QString* target)>;

constexpr std::uint64_t kU64Max = std::numeric_limits<std::uint64_t>::max();

inline Edge makeEdge(EdgeKind kind, EntityId from, EntityId to, std::optional<double> weight = {},
                     const QByteArray& payload = "{}")
{
    Edge e;
    e.kind = kind;
    e.typeName = edgeKindName(kind);
    e.source = from;
    e.target = to;
    e.weight = weight;
    e.payload = payload;
    return e;
}

// Every kind of entity and edge, every typed field set somewhere, values at the edges of their ranges.
inline SnapshotPtr buildRichSnapshot(int variant)
{
    SnapshotBuilder b;
    Entity host = makeEntity(EntityKind::Host, QStringLiteral("host"), QStringLiteral("ascend-01"));
    host.detail->memoryBytes = 1ull << 40;
    host.detail->memoryFreeBytes = (1ull << 39) + 17;
    host.attributes = R"({"os":"openEuler 22.03","note":"quote \" and backslash \\ and ü"})";
    const EntityId hostId = b.add(host);

    std::vector<EntityId> packages, nodes;
    for (int p = 0; p < 2; ++p) {
        Entity pkg = makeEntity(EntityKind::Package, QString::number(p), QStringLiteral("Package"));
        pkg.osIndex = p;
        pkg.logicalIndex = p;
        pkg.cpus = IndexSet::range(p * 8, p * 8 + 7);
        pkg.parent = hostId;
        packages.push_back(b.add(pkg));
    }
    const char* tiers[] = {"DRAM", "DRAM", "HBM", "CXL-DRAM"};
    for (int n = 0; n < 4; ++n) {
        Entity node = makeEntity(EntityKind::NumaNode, QString::number(n));
        node.osIndex = n;
        node.logicalIndex = 3 - n; // logical and OS indexes deliberately differ
        node.cpus = n == 3 ? IndexSet() : IndexSet::range(n * 4, n * 4 + 3);
        node.detail->memoryBytes = (std::uint64_t(n) + 1) << 34;
        node.detail->memoryFreeBytes = n == 3 ? 0 : (std::uint64_t(n) + 1) << 30;
        node.detail->memoryTier = QString::fromLatin1(tiers[n]);
        node.detail->numastat = {{QStringLiteral("numa_hit"), 123456789ull * std::uint64_t(n + 1)},
                                 {QStringLiteral("numa_miss"), std::uint64_t(n)},
                                 {QStringLiteral("other_node"), n == 2 ? kU64Max : 0}};
        node.parent = packages[size_t(n / 2)];
        node.attributes =
            R"({"numa_id":)" + QByteArray::number(n) + R"(,"distance_to_all_numa":{"0":10,"1":20}})";
        nodes.push_back(b.add(node));
    }
    for (int cpu = 0; cpu < 4; ++cpu) {
        Entity pu = makeEntity(EntityKind::Pu, QString::number(cpu));
        pu.osIndex = cpu;
        pu.logicalIndex = cpu;
        pu.cpus = IndexSet{cpu};
        pu.parent = nodes[0];
        b.add(pu);
    }
    Entity core = makeEntity(EntityKind::Core, QStringLiteral("0"));
    core.osIndex = 0;
    core.cpus = IndexSet{0, 1};
    core.parent = packages[0];
    b.add(core);
    Entity l3 = makeEntity(EntityKind::Cache, QStringLiteral("L3#0"), QStringLiteral("L3"));
    l3.detail->cacheBytes = 32ull << 20;
    l3.cacheLevel = 3;
    l3.cpus = IndexSet::range(0, 7);
    l3.parent = packages[0];
    b.add(l3);

    Entity npu = makeEntity(EntityKind::Accelerator, QStringLiteral("0"), QStringLiteral("NPU0"));
    npu.typeName = QStringLiteral("NPUEntity");
    npu.deviceClass = DeviceClass::Npu;
    npu.detail->pciBusId = QStringLiteral("0000:c1:00.0");
    npu.detail->vendor = QStringLiteral("Huawei");
    npu.numaNode = NodeId(2);
    npu.osIndex = 0;
    npu.cpus = IndexSet::range(8, 11);
    npu.nodes = IndexSet{2};
    npu.attributes = R"({"id":0,"cpu_affinity":"8-11","device_type":"npu","pci_bus_id":"0000:c1:00.0"})";
    const EntityId npuId = b.add(npu);
    Entity nic = makeEntity(EntityKind::Nic, QStringLiteral("0000:3b:00.0"), QStringLiteral("eth0"));
    nic.deviceClass = DeviceClass::Nic;
    nic.detail->pciBusId = QStringLiteral("0000:3b:00.0");
    nic.detail->vendor = QStringLiteral("Mellanox");
    nic.numaNode = NodeId(0);
    const EntityId nicId = b.add(nic);
    Entity gpu = makeEntity(EntityKind::Accelerator, QStringLiteral("gpu1"), QStringLiteral("GPU1"));
    gpu.deviceClass = DeviceClass::Gpu;
    gpu.osIndex = 1;
    const EntityId gpuId = b.add(gpu);
    Entity other = makeEntity(EntityKind::OsDevice, QStringLiteral("dma0"), QStringLiteral("dma0"));
    other.deviceClass = DeviceClass::Other;
    b.add(other);
    Entity pci = makeEntity(EntityKind::PciDevice, QStringLiteral("0000:00:01.0"));
    pci.detail->pciBusId = QStringLiteral("0000:00:01.0");
    b.add(pci);

    Entity container = makeEntity(EntityKind::Container, QStringLiteral("a1b2c3d4"), QStringLiteral("vllm"));
    container.typeName = QStringLiteral("ContainerEntity");
    container.detail->containerId = QStringLiteral("a1b2c3d4");
    container.detail->containerType = QStringLiteral("docker");
    const EntityId containerId = b.add(container);

    std::vector<EntityId> processes;
    const int processCount = variant == 0 ? 3 : 2;
    for (int i = 0; i < processCount; ++i) {
        Entity p = makeEntity(EntityKind::Process, QString::number(1000 + i), QStringLiteral("python3"));
        p.typeName = QStringLiteral("ProcessEntity");
        p.pid = 1000 + i;
        p.ppid = i == 0 ? 1 : 1000;
        p.detail->cmdline = QStringLiteral("vllm serve \"model\"\n--tp 4 ü 日本");
        p.cpus = IndexSet::range(0, 15);
        p.nodes = IndexSet{0, 2, 3};
        p.attributes = R"({"pid":)" + QByteArray::number(1000 + i) + R"(,"name":"python3"})";
        processes.push_back(b.add(p));
    }
    Entity big = makeEntity(EntityKind::Process, QStringLiteral("big"), QString());
    big.pid = std::numeric_limits<std::int32_t>::max(); // the largest the model keeps
    big.ppid = 0;                                       // 0 is a real value, not "unknown"
    big.tid = -7; // negative values other than the -1 sentinel survive too
    const EntityId bigId = b.add(big);
    std::vector<EntityId> threads;
    for (int t = 0; t < 3; ++t) {
        Entity th =
            makeEntity(EntityKind::Thread, QString::number(2000 + t), QStringLiteral("worker_%1").arg(t));
        th.typeName = QStringLiteral("ThreadEntity");
        th.tid = 2000 + t;
        th.pid = 1000;
        th.parent = processes[0];
        th.cpus = IndexSet{t, t + 8};
        threads.push_back(b.add(th));
    }
    Entity socket = makeEntity(EntityKind::Socket, QStringLiteral("127.0.0.1:34726/TCP"));
    socket.typeName = QStringLiteral("SocketEntity");
    socket.setSocket(QStringLiteral("127.0.0.1"), 34726, QStringLiteral("TCP"));
    const EntityId socketId = b.add(socket);
    Entity shm = makeEntity(EntityKind::SharedMemory, QStringLiteral("/dev/shm/x"));
    shm.numaNode = NodeId(1);
    const EntityId shmId = b.add(shm);
    Entity numaSet = makeEntity(EntityKind::NumaSet, QStringLiteral("0,2-3"));
    numaSet.nodes = IndexSet{0, 2, 3};
    const EntityId numaSetId = b.add(numaSet);
    Entity odd = makeEntity(EntityKind::Unknown, QStringLiteral("mlx5_0|qp 7"), QStringLiteral("ünknown 🚀"));
    odd.typeName = QStringLiteral("RdmaLocalQueuePairEntity");
    odd.ns = QStringLiteral("10.0.0.2");
    odd.attributes =
        R"({"qpn":7,"nested":{"list":[1,2.5,null,true,"x"],"empty":{}},"big":18446744073709551615,)"
        R"("text":"line\nbreak \u0000 nul","unicode":"日本"})";
    odd.name = QString::fromUtf8("with\0nul", 8);
    b.add(odd);
    Entity bare = makeEntity(EntityKind::Unknown, QString(), QString());
    bare.typeName = QStringLiteral("Bare");
    bare.ns = QString();
    bare.attributes = QByteArray(); // no attributes at all
    b.add(bare);

    b.addEdge(makeEdge(EdgeKind::Contains, hostId, packages[0]));
    b.addEdge(makeEdge(EdgeKind::Own, processes[0], threads[0], 0.0));
    b.addEdge(makeEdge(EdgeKind::Own, threads[0], socketId, 1.5));
    b.addEdge(makeEdge(EdgeKind::Belong, socketId, threads[0]));
    b.addEdge(makeEdge(EdgeKind::Host, containerId, processes[0]));
    b.addEdge(makeEdge(EdgeKind::RunOn, processes[1], containerId, 0.0));
    b.addEdge(makeEdge(EdgeKind::Access, processes[0], npuId, 1e300));
    b.addEdge(makeEdge(EdgeKind::Access, processes[0], shmId, -2.25));
    b.addEdge(makeEdge(EdgeKind::SendToSocket, threads[1], socketId, 0.0,
                       R"({"connection_type":"tcp","data_flow":{"start_time":1714564800000000000,)"
                       R"("end_time":1714564830000000000,"data_size":4096,"packets_cnt":12}})"));
    b.addEdge(makeEdge(EdgeKind::NumaAccess, processes[0], numaSetId, {},
                       R"({"numa_access_info":{"total_pages":{"0":10,"2":5},"numa_affinity_info":)"
                       R"({"cpu_runtime_pct_in_each_numa":[0.5,0.25,0.25,0.0]}}})"));
    b.addEdge(makeEdge(EdgeKind::AccessWithProcStatus, threads[2], numaSetId, {},
                       R"({"proc_status":{"voluntary_ctxt_switches":5}})"));
    b.addEdge(makeEdge(EdgeKind::AffinitativeToNuma, npuId, numaSetId));
    b.addEdge(makeEdge(EdgeKind::NumaSetContain, numaSetId, nodes[2]));
    Edge bandwidth =
        makeEdge(EdgeKind::Bandwidth, nodes[1], nodes[1], 3.0, R"({"bandwidth_info":{"read":1}})");
    bandwidth.typeName = QStringLiteral("HHABandwidthEdge");
    bandwidth.directed = false;
    b.addEdge(bandwidth);
    Edge unknownEdge = makeEdge(EdgeKind::Unknown, bigId, gpuId, {}, QByteArray());
    unknownEdge.typeName = QStringLiteral("RdmaQpEdge");
    b.addEdge(unknownEdge);
    if (variant == 1)
        b.addEdge(makeEdge(EdgeKind::Access, processes[1], gpuId, 0.5));

    DistanceMatrix slit;
    slit.name = QStringLiteral("NUMALatency");
    slit.unit = QStringLiteral("relative");
    slit.fromOs = true;
    slit.objects = nodes;
    for (int r = 0; r < 4; ++r)
        for (int c = 0; c < 4; ++c)
            slit.values.push_back(r == c ? 10 : 10 + 2 * std::abs(r - c) + variant);
    b.addDistances(slit);
    DistanceMatrix devices;
    devices.name = QStringLiteral("GPU↔NIC");
    devices.unit = QStringLiteral("ns");
    devices.fromOs = false;
    devices.objects = {npuId, nicId};
    devices.values = {0.0, 1.5, std::numeric_limits<double>::quiet_NaN(), 1e-9};
    b.addDistances(devices);
    DistanceMatrix empty;
    empty.name = QStringLiteral("empty");
    b.addDistances(empty);

    MemoryAttributeValue latency;
    latency.attribute = QStringLiteral("Latency");
    latency.unit = QStringLiteral("ns");
    latency.target = nodes[0];
    latency.initiator = IndexSet::range(0, 3);
    latency.value = 120;
    b.addMemoryAttribute(latency);
    MemoryAttributeValue capacity;
    capacity.attribute = QStringLiteral("Capacity");
    capacity.unit = QStringLiteral("bytes");
    capacity.target = nodes[3];
    capacity.value = kU64Max;
    b.addMemoryAttribute(capacity);
    MemoryAttributeValue orphan;
    orphan.attribute = QStringLiteral("Locality");
    orphan.value = 0;
    b.addMemoryAttribute(orphan);

    if (variant == 0) {
        b.setTakenAt(QDateTime(QDate(2024, 5, 1), QTime(12, 0, 0, 123), QTimeZone::utc()));
        b.setLabel(QStringLiteral("round 1"));
    } else {
        // Not UTC: the file stores the instant, which must compare equal after reading.
        b.setTakenAt(QDateTime(QDate(2024, 5, 1), QTime(17, 30, 5, 7), QTimeZone(5 * 3600 + 1800)));
    }
    return b.finish();
}

inline SourceInfo richSource()
{
    SourceInfo s;
    s.format = SourceFormat::WittyJsonLines;
    s.path = QStringLiteral("/data/rounds.jsonl");
    s.hostname = QStringLiteral("ascend-01");
    s.kernel = QStringLiteral("5.10.0-153.12.0.92.oe2203sp2.aarch64");
    s.capturedAt = QDateTime(QDate(2024, 5, 1), QTime(11, 59, 59, 999), QTimeZone::utc());
    s.mode = QStringLiteral("import");
    s.extra = {{QStringLiteral("local_ip"), QStringLiteral("10.0.0.1")},
               {QStringLiteral("machine_id"), QStringLiteral("4f2c")},
               {QStringLiteral("empty"), QString()}};
    return s;
}

inline Capture richCapture()
{
    Capture c;
    c.source = richSource();
    c.snapshots = {buildRichSnapshot(0), buildRichSnapshot(1)};
    return c;
}

// A sample with every field set, values at the edges of their ranges; `variant` makes each one different.
inline SamplePtr richSample(int variant, int snapshotIndex)
{
    auto s = std::make_shared<Sample>();
    s->snapshotIndex = snapshotIndex;
    s->timeNs = 1714564800000000000 + std::int64_t(variant) * 1000000000;
    s->intervalNs = variant == 0 ? 0 : 1000000000 + variant;
    s->numaBalancing = variant == 1 ? -1 : variant % 3;
    for (int t = 0; t < 3; ++t) {
        ThreadCpuSample th;
        th.pid = 1000;
        th.tid = 2000 + t;
        th.comm = t == 2 ? QString() : QStringLiteral("worker_%1 ü").arg(t);
        th.cpuNs = t == 1 ? kU64Max : std::uint64_t(variant * 1000 + t);
        if (t == 0)
            th.cpuNsByCpu = {{3, 10}, {0, 20}, {3, 5}}; // order and repeats are kept as given
        th.lastCpu = t == 2 ? -1 : t;
        th.voluntarySwitches = 7;
        th.involuntarySwitches = kU64Max - 1;
        th.voluntarySwitchesPerSec = 0.125 * variant;
        th.involuntarySwitchesPerSec = 1e-300;
        th.cpusAllowed = t == 2 ? IndexSet() : IndexSet::range(0, 15);
        th.memsAllowed = IndexSet{0, 2};
        th.mode = t == 1 ? CollectionMode::Ebpf : CollectionMode::Procfs;
        s->threads.push_back(th);
    }
    ProcessMemorySample p;
    p.pid = 1000;
    p.memoryPolicy = QStringLiteral("interleave:0-3");
    p.nodes = {NodePages{0, 100, 60, 50, 40, 2, 409600}, NodePages{2, kU64Max, 0, 0, 0, 0, kU64Max}};
    s->processes.push_back(p);
    ProcessMemorySample bare;
    bare.pid = std::numeric_limits<std::int64_t>::max();
    s->processes.push_back(bare);
    NodeCountersSample n0;
    n0.node = 0;
    n0.memTotalBytes = 1ull << 36;
    n0.memFreeBytes = std::uint64_t(variant) << 30;
    n0.numastat = {{QStringLiteral("numa_hit"), 99}, {QStringLiteral("other_node"), kU64Max}};
    s->nodes.push_back(n0);
    NodeCountersSample n3;
    n3.node = 3;
    s->nodes.push_back(n3);
    if (variant != 2)
        s->vmstat = {{QStringLiteral("numa_pages_migrated"), 12},
                     {QStringLiteral("numa_hint_faults"), kU64Max}};
    FlowSample f;
    f.pid = 1000;
    f.tid = 2001;
    f.protocol = QStringLiteral("TCP");
    f.localAddress = QStringLiteral("::1");
    f.localPort = 34726;
    f.remoteAddress = QStringLiteral("127.0.0.1");
    f.remotePort = 0;
    f.peerPid = 1001;
    f.bytesSent = 4096;
    f.bytesReceived = kU64Max;
    f.volumesKnown = true;
    f.mode = CollectionMode::Ebpf;
    s->flows.push_back(f);
    FlowSample unknown; // only the endpoint kind is known, as procfs sees a pipe
    unknown.protocol = QStringLiteral("PIPE");
    s->flows.push_back(unknown);
    return s;
}

inline Capture richRecording()
{
    Capture c = richCapture();
    c.source.format = SourceFormat::LocalMachine;
    c.source.mode = QStringLiteral("ebpf");
    c.samples = {richSample(0, 0), richSample(1, 0), richSample(2, 1), std::make_shared<Sample>()};
    std::const_pointer_cast<Sample>(c.samples.back())->snapshotIndex = 1;
    std::const_pointer_cast<Sample>(c.samples.back())->timeNs = 1714564900000000000;
    return c;
}

// Enough rows that progress is reported many times and the file spans many pages.
inline Capture largeCapture(int processes = 3000)
{
    SnapshotBuilder b;
    Entity node = makeEntity(EntityKind::NumaNode, QStringLiteral("0"));
    node.osIndex = 0;
    node.cpus = IndexSet::range(0, 63);
    const EntityId nodeId = b.add(node);
    for (int i = 0; i < processes; ++i) {
        Entity p =
            makeEntity(EntityKind::Process, QString::number(10000 + i), QStringLiteral("proc%1").arg(i));
        p.pid = 10000 + i;
        p.ppid = 1;
        p.detail->cmdline = QStringLiteral("/usr/bin/worker --rank %1 --padding %2")
                                .arg(i)
                                .arg(QString(64, QLatin1Char('x')));
        p.attributes = R"({"pid":)" + QByteArray::number(10000 + i) + "}";
        const EntityId pid = b.add(p);
        Entity t = makeEntity(EntityKind::Thread, QString::number(50000 + i));
        t.tid = 50000 + i;
        t.parent = pid;
        const EntityId tid = b.add(t);
        b.addEdge(makeEdge(EdgeKind::Own, pid, tid));
        b.addEdge(makeEdge(EdgeKind::NumaAccess, pid, nodeId, double(i)));
    }
    Capture c;
    c.source.format = SourceFormat::LocalMachine;
    c.source.mode = QStringLiteral("procfs");
    c.snapshots = {b.finish()};
    return c;
}

inline QString show(const QString& v)
{
    return QLatin1Char('"') + v + QLatin1Char('"');
}
inline QString show(const QByteArray& v)
{
    return QString::fromUtf8(v);
}
inline QString show(std::int64_t v)
{
    return QString::number(v);
}
inline QString show(std::uint64_t v)
{
    return QString::number(v);
}
inline QString show(int v)
{
    return QString::number(v);
}
inline QString show(bool v)
{
    return v ? QStringLiteral("true") : QStringLiteral("false");
}
inline QString show(const IndexSet& v)
{
    return v.toRangeString();
}
inline QString show(EntityId v)
{
    return QString::number(v.value);
}
inline QString show(NodeId v)
{
    return QString::number(v.value);
}
inline QString show(EntityKind v)
{
    return entityKindName(v);
}
inline QString show(EdgeKind v)
{
    return edgeKindName(v);
}
inline QString show(DeviceClass v)
{
    return deviceClassName(v);
}
inline QString show(const QDateTime& v)
{
    return v.toString(Qt::ISODateWithMs);
}
inline QString show(const std::optional<double>& v)
{
    return v ? QString::number(*v, 'g', 17) : QStringLiteral("null");
}
inline QString show(const QMap<QString, std::uint64_t>& v)
{
    QStringList parts;
    for (auto it = v.constBegin(); it != v.constEnd(); ++it)
        parts << it.key() + QLatin1Char('=') + QString::number(it.value());
    return parts.join(QLatin1Char(','));
}
inline QString show(const QMap<QString, QString>& v)
{
    QStringList parts;
    for (auto it = v.constBegin(); it != v.constEnd(); ++it)
        parts << it.key() + QLatin1Char('=') + it.value();
    return parts.join(QLatin1Char(','));
}

inline bool sameNumber(double a, double b)
{
    return (std::isnan(a) && std::isnan(b)) || a == b;
}

// Names the place and field when two values differ, and leaves the calling function.
#define SAME(a, b, field)                                                                                    \
    do {                                                                                                     \
        if (!((a).field == (b).field)) {                                                                     \
            QFAIL(qPrintable(QStringLiteral("%1: %2 differs: written %3, read %4")                           \
                                 .arg(where, QStringLiteral(#field), show((a).field), show((b).field))));    \
        }                                                                                                    \
    } while (false)

// How to compare the JSON text of attributes and payloads: byte for byte (our own writer must not touch
// them), or as parsed JSON (another reader may reformat them).
enum class JsonCompare
{
    Bytes,
    Parsed
};

inline bool sameJson(const QByteArray& a, const QByteArray& b, JsonCompare how)
{
    if (how == JsonCompare::Bytes)
        return a == b;
    return QJsonDocument::fromJson(a) == QJsonDocument::fromJson(b);
}

inline void compareEntity(const Entity& a, const Entity& b, const QString& where, JsonCompare how)
{
    SAME(a, b, kind);
    SAME(a, b, typeName);
    SAME(a, b, ns);
    SAME(a, b, key);
    SAME(a, b, name);
    SAME(a, b, parent);
    SAME(a, b, osIndex);
    SAME(a, b, logicalIndex);
    SAME(a, b, cpus);
    SAME(a, b, nodes);
    SAME(a, b, detail->memoryBytes);
    SAME(a, b, detail->memoryFreeBytes);
    SAME(a, b, detail->memoryTier);
    SAME(a, b, detail->numastat);
    SAME(a, b, pid);
    SAME(a, b, ppid);
    SAME(a, b, tid);
    SAME(a, b, detail->cmdline);
    SAME(a, b, deviceClass);
    SAME(a, b, detail->pciBusId);
    SAME(a, b, detail->vendor);
    SAME(a, b, numaNode);
    SAME(a, b, detail->containerId);
    SAME(a, b, detail->containerType);
    SAME(a, b, address());
    SAME(a, b, port);
    SAME(a, b, protocol());
    SAME(a, b, detail->cacheBytes);
    SAME(a, b, cacheLevel);
    QVERIFY2(sameJson(a.attributes.text(), b.attributes.text(), how),
             qPrintable(where + QStringLiteral(": attributes differ: written ") + show(a.attributes.text()) +
                        QStringLiteral(", read ") + show(b.attributes.text())));
}

inline void compareEdge(const Edge& a, const Edge& b, const QString& where, JsonCompare how)
{
    SAME(a, b, kind);
    SAME(a, b, typeName);
    SAME(a, b, source);
    SAME(a, b, target);
    SAME(a, b, directed);
    SAME(a, b, weight);
    QVERIFY2(sameJson(a.payload.text(), b.payload.text(), how),
             qPrintable(where + QStringLiteral(": payload differs: written ") + show(a.payload.text()) +
                        QStringLiteral(", read ") + show(b.payload.text())));
}

inline void compareSnapshot(const Snapshot& a, const Snapshot& b, const QString& snapWhere, JsonCompare how)
{
    QString where = snapWhere;
    SAME(a, b, takenAt());
    SAME(a, b, label());
    QCOMPARE(b.entities().size(), a.entities().size());
    for (size_t i = 0; i < a.entities().size(); ++i) {
        compareEntity(a.entities()[i], b.entities()[i], snapWhere + QStringLiteral(" entity %1").arg(i), how);
        if (QTest::currentTestFailed())
            return;
    }
    QCOMPARE(b.edges().size(), a.edges().size());
    for (size_t i = 0; i < a.edges().size(); ++i) {
        compareEdge(a.edges()[i], b.edges()[i], snapWhere + QStringLiteral(" edge %1").arg(i), how);
        if (QTest::currentTestFailed())
            return;
    }
    QCOMPARE(b.distances().size(), a.distances().size());
    for (size_t m = 0; m < a.distances().size(); ++m) {
        const DistanceMatrix& x = a.distances()[m];
        const DistanceMatrix& y = b.distances()[m];
        where = snapWhere + QStringLiteral(" matrix %1").arg(m);
        SAME(x, y, name);
        SAME(x, y, unit);
        SAME(x, y, fromOs);
        QCOMPARE(y.objects, x.objects);
        QCOMPARE(y.values.size(), x.values.size());
        for (size_t k = 0; k < x.values.size(); ++k)
            QVERIFY2(
                sameNumber(x.values[k], y.values[k]),
                qPrintable(where +
                           QStringLiteral(" value %1: %2 vs %3").arg(k).arg(x.values[k]).arg(y.values[k])));
    }
    QCOMPARE(b.memoryAttributes().size(), a.memoryAttributes().size());
    for (size_t i = 0; i < a.memoryAttributes().size(); ++i) {
        const MemoryAttributeValue& x = a.memoryAttributes()[i];
        const MemoryAttributeValue& y = b.memoryAttributes()[i];
        where = snapWhere + QStringLiteral(" memory attribute %1").arg(i);
        SAME(x, y, attribute);
        SAME(x, y, unit);
        SAME(x, y, target);
        SAME(x, y, initiator);
        SAME(x, y, value);
    }
}

inline void compareCaptures(const Capture& written, const Capture& read, JsonCompare how = JsonCompare::Bytes)
{
    const SourceInfo& a = written.source;
    const SourceInfo& b = read.source;
    const QString where = QStringLiteral("source");
    QCOMPARE(b.format, SourceFormat::Capture);
    const SourceFormat original = a.format == SourceFormat::Capture ? a.originalFormat : a.format;
    QCOMPARE(b.originalFormat, original);
    SAME(a, b, hostname);
    SAME(a, b, kernel);
    SAME(a, b, capturedAt);
    SAME(a, b, mode);
    SAME(a, b, extra);
    QCOMPARE(b.numasightVersion, version());
    QCOMPARE(read.snapshots.size(), written.snapshots.size());
    for (size_t s = 0; s < written.snapshots.size(); ++s) {
        compareSnapshot(*written.snapshots[s], *read.snapshots[s], QStringLiteral("snapshot %1").arg(s), how);
        if (QTest::currentTestFailed())
            return;
    }
    QCOMPARE(read.samples.size(), written.samples.size());
    for (size_t i = 0; i < written.samples.size(); ++i) {
        const QString diff = sampleDiff(*written.samples[i], *read.samples[i]);
        QVERIFY2(diff.isEmpty(), qPrintable(QStringLiteral("sample %1: %2 differs").arg(i).arg(diff)));
    }
}

// Opens a capture read-write outside numasight, as a person with the sqlite3 shell would.
inline void runSql(const QString& path, const QByteArray& sql)
{
    sqlite3* db = nullptr;
    if (sqlite3_open_v2(QFile::encodeName(path).constData(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE,
                        nullptr) != SQLITE_OK)
        qFatal("cannot open %s: %s", qPrintable(path), sqlite3_errmsg(db));
    char* error = nullptr;
    if (sqlite3_exec(db, sql.constData(), nullptr, nullptr, &error) != SQLITE_OK)
        qFatal("SQL failed on %s: %s\n%s", qPrintable(path), error, sql.constData());
    sqlite3_close(db);
}

inline QString writeRich(const QString& dir, const QString& name = QStringLiteral("rich.numasight"))
{
    const QString path = dir + QLatin1Char('/') + name;
    if (auto error = writeCaptureFile(richCapture(), path))
        qFatal("cannot write %s: %s", qPrintable(path), qPrintable(error->toString()));
    return path;
}

inline Mutator richWith(const QByteArray& sql)
{
    return [sql](const QString& dir) {
        const QString path = writeRich(dir);
        runSql(path, sql);
        return path;
    };
}

inline QString writeRecording(const QString& dir)
{
    const QString path = dir + QStringLiteral("/rec.numasight");
    if (auto error = writeCaptureFile(richRecording(), path))
        qFatal("cannot write %s: %s", qPrintable(path), qPrintable(error->toString()));
    return path;
}

inline Mutator recordingWith(const QByteArray& sql)
{
    return [sql](const QString& dir) {
        const QString path = writeRecording(dir);
        runSql(path, sql);
        return path;
    };
}

inline QString firstCell(const QString& path, const QByteArray& sql)
{
    sqlite3* raw = nullptr;
    if (sqlite3_open_v2(QFile::encodeName(path).constData(), &raw, SQLITE_OPEN_READONLY, nullptr) !=
        SQLITE_OK)
        return QStringLiteral("cannot open");
    std::unique_ptr<sqlite3, decltype(&sqlite3_close)> db(raw, &sqlite3_close);
    sqlite3_stmt* rawSt = nullptr;
    if (sqlite3_prepare_v2(db.get(), sql.constData(), -1, &rawSt, nullptr) != SQLITE_OK)
        return QString::fromUtf8(sqlite3_errmsg(db.get()));
    std::unique_ptr<sqlite3_stmt, decltype(&sqlite3_finalize)> st(rawSt, &sqlite3_finalize);
    if (sqlite3_step(st.get()) != SQLITE_ROW)
        return QStringLiteral("no row");
    return QString::fromUtf8(reinterpret_cast<const char*>(sqlite3_column_text(st.get(), 0)));
}

inline QByteArray fileBytes(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// A Progress that asks to stop after `calls` questions.
inline Progress cancelAfter(int calls)
{
    auto count = std::make_shared<int>(0);
    Progress p;
    p.cancelled = [count, calls] { return ++*count > calls; };
    return p;
}

} // namespace numasight::test

Q_DECLARE_METATYPE(numasight::test::CaptureFactory)
Q_DECLARE_METATYPE(numasight::test::Mutator)
Q_DECLARE_METATYPE(numasight::test::FailingWrite)
