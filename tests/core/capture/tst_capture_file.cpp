#include "capture/capture_reader.h"
#include "capture/capture_schema.h"
#include "capture/capture_writer.h"
#include "readers/witty_json_reader.h"
#include "support/entity_factory.h"
#include "support/file_size_limit.h"
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

using namespace numasight;
using numasight::test::FileSizeLimit;
using numasight::test::makeEntity;
using numasight::test::sampleDiff;

namespace {

using CaptureFactory = std::function<Capture()>;
// Prepares a file in `dir` and returns the path to read.
using Mutator = std::function<QString(const QString& dir)>;
// Attempts a write that must fail; `target` receives the path it wrote to.
using FailingWrite = std::function<std::optional<LoadError>(const QString& dir, QString* target)>;

constexpr std::uint64_t kU64Max = std::numeric_limits<std::uint64_t>::max();

Edge makeEdge(EdgeKind kind, EntityId from, EntityId to, std::optional<double> weight = {},
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
SnapshotPtr buildRichSnapshot(int variant)
{
    SnapshotBuilder b;
    Entity host = makeEntity(EntityKind::Host, QStringLiteral("host"), QStringLiteral("ascend-01"));
    host.memoryBytes = 1ull << 40;
    host.memoryFreeBytes = (1ull << 39) + 17;
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
        node.memoryBytes = (std::uint64_t(n) + 1) << 34;
        node.memoryFreeBytes = n == 3 ? 0 : (std::uint64_t(n) + 1) << 30;
        node.memoryTier = QString::fromLatin1(tiers[n]);
        node.numastat = {{QStringLiteral("numa_hit"), 123456789ull * std::uint64_t(n + 1)},
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
    l3.cacheBytes = 32ull << 20;
    l3.cacheLevel = 3;
    l3.cpus = IndexSet::range(0, 7);
    l3.parent = packages[0];
    b.add(l3);

    Entity npu = makeEntity(EntityKind::Accelerator, QStringLiteral("0"), QStringLiteral("NPU0"));
    npu.typeName = QStringLiteral("NPUEntity");
    npu.deviceClass = DeviceClass::Npu;
    npu.pciBusId = QStringLiteral("0000:c1:00.0");
    npu.vendor = QStringLiteral("Huawei");
    npu.numaNode = NodeId(2);
    npu.osIndex = 0;
    npu.cpus = IndexSet::range(8, 11);
    npu.nodes = IndexSet{2};
    npu.attributes = R"({"id":0,"cpu_affinity":"8-11","device_type":"npu","pci_bus_id":"0000:c1:00.0"})";
    const EntityId npuId = b.add(npu);
    Entity nic = makeEntity(EntityKind::Nic, QStringLiteral("0000:3b:00.0"), QStringLiteral("eth0"));
    nic.deviceClass = DeviceClass::Nic;
    nic.pciBusId = QStringLiteral("0000:3b:00.0");
    nic.vendor = QStringLiteral("Mellanox");
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
    pci.pciBusId = QStringLiteral("0000:00:01.0");
    b.add(pci);

    Entity container = makeEntity(EntityKind::Container, QStringLiteral("a1b2c3d4"), QStringLiteral("vllm"));
    container.typeName = QStringLiteral("ContainerEntity");
    container.containerId = QStringLiteral("a1b2c3d4");
    container.containerType = QStringLiteral("docker");
    const EntityId containerId = b.add(container);

    std::vector<EntityId> processes;
    const int processCount = variant == 0 ? 3 : 2;
    for (int i = 0; i < processCount; ++i) {
        Entity p = makeEntity(EntityKind::Process, QString::number(1000 + i), QStringLiteral("python3"));
        p.typeName = QStringLiteral("ProcessEntity");
        p.pid = 1000 + i;
        p.ppid = i == 0 ? 1 : 1000;
        p.cmdline = QStringLiteral("vllm serve \"model\"\n--tp 4 ü 日本");
        p.cpus = IndexSet::range(0, 15);
        p.nodes = IndexSet{0, 2, 3};
        p.attributes = R"({"pid":)" + QByteArray::number(1000 + i) + R"(,"name":"python3"})";
        processes.push_back(b.add(p));
    }
    Entity big = makeEntity(EntityKind::Process, QStringLiteral("big"), QString());
    big.pid = std::numeric_limits<std::int64_t>::max();
    big.ppid = 0; // 0 is a real value, not "unknown"
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
    socket.address = QStringLiteral("127.0.0.1");
    socket.port = 34726;
    socket.protocol = QStringLiteral("TCP");
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

SourceInfo richSource()
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

Capture richCapture()
{
    Capture c;
    c.source = richSource();
    c.snapshots = {buildRichSnapshot(0), buildRichSnapshot(1)};
    return c;
}

// A sample with every field set, values at the edges of their ranges; `variant` makes each one different.
SamplePtr richSample(int variant, int snapshotIndex)
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

Capture richRecording()
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
Capture largeCapture(int processes = 3000)
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
        p.cmdline = QStringLiteral("/usr/bin/worker --rank %1 --padding %2")
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

QString show(const QString& v)
{
    return QLatin1Char('"') + v + QLatin1Char('"');
}
QString show(const QByteArray& v)
{
    return QString::fromUtf8(v);
}
QString show(std::int64_t v)
{
    return QString::number(v);
}
QString show(std::uint64_t v)
{
    return QString::number(v);
}
QString show(int v)
{
    return QString::number(v);
}
QString show(bool v)
{
    return v ? QStringLiteral("true") : QStringLiteral("false");
}
QString show(const IndexSet& v)
{
    return v.toRangeString();
}
QString show(EntityId v)
{
    return QString::number(v.value);
}
QString show(NodeId v)
{
    return QString::number(v.value);
}
QString show(EntityKind v)
{
    return entityKindName(v);
}
QString show(EdgeKind v)
{
    return edgeKindName(v);
}
QString show(DeviceClass v)
{
    return deviceClassName(v);
}
QString show(const QDateTime& v)
{
    return v.toString(Qt::ISODateWithMs);
}
QString show(const std::optional<double>& v)
{
    return v ? QString::number(*v, 'g', 17) : QStringLiteral("null");
}
QString show(const QMap<QString, std::uint64_t>& v)
{
    QStringList parts;
    for (auto it = v.constBegin(); it != v.constEnd(); ++it)
        parts << it.key() + QLatin1Char('=') + QString::number(it.value());
    return parts.join(QLatin1Char(','));
}
QString show(const QMap<QString, QString>& v)
{
    QStringList parts;
    for (auto it = v.constBegin(); it != v.constEnd(); ++it)
        parts << it.key() + QLatin1Char('=') + it.value();
    return parts.join(QLatin1Char(','));
}

bool sameNumber(double a, double b)
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

bool sameJson(const QByteArray& a, const QByteArray& b, JsonCompare how)
{
    if (how == JsonCompare::Bytes)
        return a == b;
    return QJsonDocument::fromJson(a) == QJsonDocument::fromJson(b);
}

void compareEntity(const Entity& a, const Entity& b, const QString& where, JsonCompare how)
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
    SAME(a, b, memoryBytes);
    SAME(a, b, memoryFreeBytes);
    SAME(a, b, memoryTier);
    SAME(a, b, numastat);
    SAME(a, b, pid);
    SAME(a, b, ppid);
    SAME(a, b, tid);
    SAME(a, b, cmdline);
    SAME(a, b, deviceClass);
    SAME(a, b, pciBusId);
    SAME(a, b, vendor);
    SAME(a, b, numaNode);
    SAME(a, b, containerId);
    SAME(a, b, containerType);
    SAME(a, b, address);
    SAME(a, b, port);
    SAME(a, b, protocol);
    SAME(a, b, cacheBytes);
    SAME(a, b, cacheLevel);
    QVERIFY2(sameJson(a.attributes, b.attributes, how),
             qPrintable(where + QStringLiteral(": attributes differ: written ") + show(a.attributes) +
                        QStringLiteral(", read ") + show(b.attributes)));
}

void compareEdge(const Edge& a, const Edge& b, const QString& where, JsonCompare how)
{
    SAME(a, b, kind);
    SAME(a, b, typeName);
    SAME(a, b, source);
    SAME(a, b, target);
    SAME(a, b, directed);
    SAME(a, b, weight);
    QVERIFY2(sameJson(a.payload, b.payload, how),
             qPrintable(where + QStringLiteral(": payload differs: written ") + show(a.payload) +
                        QStringLiteral(", read ") + show(b.payload)));
}

void compareSnapshot(const Snapshot& a, const Snapshot& b, const QString& snapWhere, JsonCompare how)
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

void compareCaptures(const Capture& written, const Capture& read, JsonCompare how = JsonCompare::Bytes)
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
void runSql(const QString& path, const QByteArray& sql)
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

QString writeRich(const QString& dir, const QString& name = QStringLiteral("rich.numasight"))
{
    const QString path = dir + QLatin1Char('/') + name;
    if (auto error = writeCaptureFile(richCapture(), path))
        qFatal("cannot write %s: %s", qPrintable(path), qPrintable(error->toString()));
    return path;
}

Mutator richWith(const QByteArray& sql)
{
    return [sql](const QString& dir) {
        const QString path = writeRich(dir);
        runSql(path, sql);
        return path;
    };
}

QString writeRecording(const QString& dir)
{
    const QString path = dir + QStringLiteral("/rec.numasight");
    if (auto error = writeCaptureFile(richRecording(), path))
        qFatal("cannot write %s: %s", qPrintable(path), qPrintable(error->toString()));
    return path;
}

Mutator recordingWith(const QByteArray& sql)
{
    return [sql](const QString& dir) {
        const QString path = writeRecording(dir);
        runSql(path, sql);
        return path;
    };
}

QString firstCell(const QString& path, const QByteArray& sql)
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

QByteArray fileBytes(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// A Progress that asks to stop after `calls` questions.
Progress cancelAfter(int calls)
{
    auto count = std::make_shared<int>(0);
    Progress p;
    p.cancelled = [count, calls] { return ++*count > calls; };
    return p;
}

} // namespace

Q_DECLARE_METATYPE(CaptureFactory)
Q_DECLARE_METATYPE(Mutator)
Q_DECLARE_METATYPE(FailingWrite)

class TestCaptureFile : public QObject
{
    Q_OBJECT

private slots:
    void roundTrip_data();
    void roundTrip();
    void derivedLookupsAfterReading();
    void queriesFromOtherTools_data();
    void queriesFromOtherTools();
    void sqliteShell();
    void goldenVersion1();
    void goldenVersion2();
    void recordingQueries_data();
    void recordingQueries();
    void hotJournalIsPlayedBack_data();
    void hotJournalIsPlayedBack();
    void wittyFixtureRoundTrip();
    void malformed_data();
    void malformed();
    void failedWriteKeepsOldFile_data();
    void failedWriteKeepsOldFile();
    void overwriteReplacesOldFile();
    void cancel_data();
    void cancel();
    void progress();
};

void TestCaptureFile::roundTrip_data()
{
    QTest::addColumn<CaptureFactory>("factory");
    QTest::newRow("two rich snapshots from witty JSON Lines") << CaptureFactory(richCapture);
    QTest::newRow("no snapshots, nothing known about the source") << CaptureFactory([] { return Capture(); });
    QTest::newRow("one empty snapshot without a time") << CaptureFactory([] {
        Capture c;
        c.source.format = SourceFormat::HwlocXml;
        c.snapshots = {SnapshotBuilder().finish()};
        return c;
    });
    QTest::newRow("re-saved capture keeps its original format") << CaptureFactory([] {
        Capture c = richCapture();
        c.source.format = SourceFormat::Capture;
        c.source.originalFormat = SourceFormat::HwlocXml;
        return c;
    });
    QTest::newRow("3000 processes with threads") << CaptureFactory([] { return largeCapture(); });
    QTest::newRow("recording: samples with every field") << CaptureFactory(richRecording);
}

void TestCaptureFile::roundTrip()
{
    QFETCH(CaptureFactory, factory);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const Capture written = factory();
    const QString path = dir.filePath(QStringLiteral("out.numasight"));
    const auto error = writeCaptureFile(written, path);
    QVERIFY2(!error, error ? qPrintable(error->toString()) : "");
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden),
             QStringList{QStringLiteral("out.numasight")});

    const auto read = readCaptureFile(path);
    QVERIFY2(read.ok(), read.ok() ? "" : qPrintable(read.error().toString()));
    QCOMPARE(read.value()->source.path, path);
    compareCaptures(written, *read.value());
    if (QTest::currentTestFailed())
        return;

    // A capture read back and written again is the same capture.
    const QString again = dir.filePath(QStringLiteral("again.numasight"));
    QVERIFY(!writeCaptureFile(*read.value(), again));
    const auto reread = readCaptureFile(again);
    QVERIFY2(reread.ok(), reread.ok() ? "" : qPrintable(reread.error().toString()));
    compareCaptures(written, *reread.value());
}

void TestCaptureFile::derivedLookupsAfterReading()
{
    QTemporaryDir dir;
    const auto read = readCaptureFile(writeRich(dir.path()));
    QVERIFY2(read.ok(), read.ok() ? "" : qPrintable(read.error().toString()));
    const Snapshot& s = *read.value()->snapshots.at(0);
    const EntityId p = s.processByPid(1000);
    QVERIFY(p.isValid());
    QCOMPARE(s.threadsOf(p).size(), size_t(3));
    QCOMPARE(s.entity(s.containerOf(p)).containerId, QStringLiteral("a1b2c3d4"));
    QCOMPARE(s.countOf(EntityKind::NumaNode), 4);
    QVERIFY(s.numaDistances() != nullptr);
    QCOMPARE(s.numaDistances()->at(0, 3), 16.0);
    QCOMPARE(s.entity(s.nodeOfCpu(CpuId(5))).osIndex, 1);
    QCOMPARE(s.outEdges(p).size(), size_t(4));
}

void TestCaptureFile::queriesFromOtherTools_data()
{
    QTest::addColumn<QByteArray>("sql");
    QTest::addColumn<QString>("expected");
    QTest::newRow("processes in snapshot 0")
        << QByteArray("SELECT count(*) FROM entities WHERE kind = 'Process' AND snapshot_id = 0") << "4";
    QTest::newRow("process names via the view")
        << QByteArray(
               "SELECT group_concat(pid) FROM (SELECT pid FROM processes WHERE snapshot_id = 1 ORDER BY pid)")
        << "1000,1001,9223372036854775807";
    QTest::newRow("processes per container")
        << QByteArray("SELECT c.container_id || ':' || count(*) FROM processes p JOIN entities c "
                      "ON c.snapshot_id = p.snapshot_id AND c.id = p.container WHERE p.snapshot_id = 0 "
                      "GROUP BY p.container")
        << "a1b2c3d4:2";
    QTest::newRow("threads of a pid")
        << QByteArray(
               "SELECT group_concat(tid) FROM (SELECT tid FROM threads WHERE pid = 1000 AND snapshot_id = 0 "
               "ORDER BY tid)")
        << "2000,2001,2002";
    QTest::newRow("json_extract on attributes")
        << QByteArray("SELECT json_extract(attributes, '$.nested.list[1]') FROM entities "
                      "WHERE type_name = 'RdmaLocalQueuePairEntity' AND snapshot_id = 0")
        << "2.5";
    QTest::newRow("json_extract on payload")
        << QByteArray(
               "SELECT json_extract(payload, '$.data_flow.data_size') FROM edges WHERE kind = 'SendToSocket' "
               "AND snapshot_id = 0")
        << "4096";
    QTest::newRow("NUMA distance row")
        << QByteArray("SELECT group_concat(value) FROM (SELECT value FROM distances WHERE snapshot_id = 0 "
                      "AND matrix_name = 'NUMALatency' AND from_index = 0 ORDER BY to_index)")
        << "10.0,12.0,14.0,16.0";
    QTest::newRow("numa_nodes view")
        << QByteArray("SELECT group_concat(memory_tier) FROM (SELECT memory_tier FROM numa_nodes "
                      "WHERE snapshot_id = 0 ORDER BY node)")
        << "DRAM,DRAM,HBM,CXL-DRAM";
    QTest::newRow("numastat counters")
        << QByteArray(
               "SELECT value FROM numastat WHERE snapshot_id = 0 AND entity = 4 AND counter = 'numa_hit'")
        << "246913578";
    QTest::newRow("count above 2^63 kept as decimal digits")
        << QByteArray(
               "SELECT value || ' ' || typeof(value) FROM numastat WHERE snapshot_id = 0 AND entity = 5 "
               "AND counter = 'other_node'")
        << "18446744073709551615 blob";
    QTest::newRow("unknown values are NULL")
        << QByteArray("SELECT count(*) FROM entities WHERE kind = 'Process' AND os_index IS NULL "
                      "AND numa_node IS NULL AND pci_bus_id IS NULL AND snapshot_id = 0")
        << "4";
    QTest::newRow("meta") << QByteArray(
                                 "SELECT group_concat(key || '=' || value, ';') FROM (SELECT * FROM meta "
                                 "WHERE key IN ('host', 'original_format', 'extra.local_ip') ORDER BY key)")
                          << "extra.local_ip=10.0.0.1;host=ascend-01;original_format=witty-jsonl";
    QTest::newRow("taken_at is a time SQLite understands")
        << QByteArray("SELECT group_concat(strftime('%H:%M:%f', taken_at)) FROM snapshots")
        << "12:00:00.123,12:00:05.007";
    QTest::newRow("application_id") << QByteArray("PRAGMA application_id")
                                    << QString::number(kCaptureApplicationId);
    QTest::newRow("user_version") << QByteArray("PRAGMA user_version")
                                  << QString::number(kCaptureSchemaVersion);
    QTest::newRow("nothing fails the integrity check") << QByteArray("PRAGMA integrity_check") << "ok";
}

void TestCaptureFile::queriesFromOtherTools()
{
    QFETCH(QByteArray, sql);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    const QString path = writeRich(dir.path());
    sqlite3* raw = nullptr;
    QCOMPARE(sqlite3_open_v2(QFile::encodeName(path).constData(), &raw, SQLITE_OPEN_READONLY, nullptr),
             SQLITE_OK);
    std::unique_ptr<sqlite3, decltype(&sqlite3_close)> db(raw, &sqlite3_close);
    sqlite3_stmt* rawSt = nullptr;
    QVERIFY2(sqlite3_prepare_v2(db.get(), sql.constData(), -1, &rawSt, nullptr) == SQLITE_OK,
             sqlite3_errmsg(db.get()));
    std::unique_ptr<sqlite3_stmt, decltype(&sqlite3_finalize)> st(rawSt, &sqlite3_finalize);
    QCOMPARE(sqlite3_step(st.get()), SQLITE_ROW);
    QCOMPARE(QString::fromUtf8(reinterpret_cast<const char*>(sqlite3_column_text(st.get(), 0))), expected);
}

void TestCaptureFile::sqliteShell()
{
    const QString shell = QStandardPaths::findExecutable(QStringLiteral("sqlite3"));
    if (shell.isEmpty())
        QSKIP("the sqlite3 shell is not installed");
    QTemporaryDir dir;
    const QString path = writeRich(dir.path());
    QProcess p;
    p.start(shell,
            {QStringLiteral("-readonly"), path,
             QStringLiteral("SELECT count(*) FROM entities; SELECT name FROM processes WHERE pid = 1001 "
                            "AND snapshot_id = 0;")});
    QVERIFY(p.waitForFinished(30000));
    QCOMPARE(p.exitCode(), 0);
    const int entities =
        int(richCapture().snapshots[0]->entities().size() + richCapture().snapshots[1]->entities().size());
    QCOMPARE(QString::fromUtf8(p.readAllStandardOutput()).split(QLatin1Char('\n'), Qt::SkipEmptyParts),
             QStringList({QString::number(entities), QStringLiteral("python3")}));
}

// A version 1 file as this release writes it, kept as SQL text (tests/data/capture/v1-rich.sql): every
// later numasight must still read it to the same capture.
void TestCaptureFile::goldenVersion1()
{
    // NUMASIGHT_TEST_DATA points at tests/core/data today; the data lives in tests/data.
    QString file;
    for (const QString& base :
         {QStringLiteral(NUMASIGHT_TEST_DATA),
          QFileInfo(QStringLiteral(__FILE__)).absolutePath() + QStringLiteral("/../data")}) {
        if (QFile::exists(base + QStringLiteral("/capture/v1-rich.sql"))) {
            file = base + QStringLiteral("/capture/v1-rich.sql");
            break;
        }
    }
    QFile sql(file);
    QVERIFY2(sql.open(QIODevice::ReadOnly), "tests/data/capture/v1-rich.sql not found");
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("v1.numasight"));
    runSql(path, sql.readAll());
    const auto read = readCaptureFile(path);
    QVERIFY2(read.ok(), read.ok() ? "" : qPrintable(read.error().toString()));
    Capture expected = richCapture();
    const Capture& got = *read.value();
    // The version that wrote the file is history, not this build's.
    QCOMPARE(got.source.numasightVersion, QStringLiteral("0.1.0"));
    for (size_t s = 0; s < expected.snapshots.size(); ++s) {
        compareSnapshot(*expected.snapshots[s], *got.snapshots.at(s), QStringLiteral("snapshot %1").arg(s),
                        JsonCompare::Bytes);
        if (QTest::currentTestFailed())
            return;
    }
    QCOMPARE(got.snapshots.size(), expected.snapshots.size());
    QCOMPARE(got.source.originalFormat, SourceFormat::WittyJsonLines);
    QCOMPARE(got.source.extra, expected.source.extra);
    QVERIFY(got.samples.empty()); // version 1 had no time series
}

QString testDataFile(const QString& name)
{
    for (const QString& base :
         {QStringLiteral(NUMASIGHT_TEST_DATA),
          QFileInfo(QStringLiteral(__FILE__)).absolutePath() + QStringLiteral("/../data")}) {
        if (QFile::exists(base + QStringLiteral("/capture/") + name))
            return base + QStringLiteral("/capture/") + name;
    }
    return {};
}

// Version 2 as this release writes it (tests/data/capture/v2-recording.sql): later versions must read it to
// the same recording.
void TestCaptureFile::goldenVersion2()
{
    QFile sql(testDataFile(QStringLiteral("v2-recording.sql")));
    QVERIFY2(sql.open(QIODevice::ReadOnly), "tests/data/capture/v2-recording.sql not found");
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("v2.numasight"));
    runSql(path, sql.readAll());
    const auto read = readCaptureFile(path);
    QVERIFY2(read.ok(), read.ok() ? "" : qPrintable(read.error().toString()));
    const Capture expected = richRecording();
    const Capture& got = *read.value();
    QCOMPARE(got.snapshots.size(), expected.snapshots.size());
    QCOMPARE(got.samples.size(), expected.samples.size());
    for (size_t i = 0; i < expected.samples.size(); ++i) {
        const QString diff = sampleDiff(*expected.samples[i], *got.samples[i]);
        QVERIFY2(diff.isEmpty(), qPrintable(QStringLiteral("sample %1: %2 differs").arg(i).arg(diff)));
    }
}

void TestCaptureFile::recordingQueries_data()
{
    QTest::addColumn<QByteArray>("sql");
    QTest::addColumn<QString>("expected");
    QTest::newRow("samples in time order") << QByteArray("SELECT group_concat(id || '@' || snapshot_id, ' ') "
                                                         "FROM (SELECT * FROM samples ORDER BY time_ns)")
                                           << "0@0 1@0 2@1 3@1";
    QTest::newRow("unknown numa_balancing is NULL")
        << QByteArray("SELECT count(*) FROM samples WHERE numa_balancing IS NULL") << "2";
    QTest::newRow("thread CPU share of the interval")
        << QByteArray("SELECT printf('%.6f', cpu_share) FROM thread_cpu WHERE sample_id = 1 AND tid = 2000")
        << "0.000001";
    QTest::newRow("every figure keeps its mode")
        << QByteArray("SELECT group_concat(mode) FROM (SELECT mode FROM sample_threads WHERE sample_id = 0 "
                      "ORDER BY idx)")
        << "procfs,ebpf,procfs";
    QTest::newRow("per-CPU time placed on NUMA nodes through cpu_nodes")
        << QByteArray("SELECT group_concat(node || '=' || ns) FROM (SELECT node, ns FROM thread_cpu_by_node "
                      "WHERE sample_id = 0 AND tid = 2000 ORDER BY node)")
        << "0=35";
    QTest::newRow("cpu_nodes holds every CPU of the nodes")
        << QByteArray("SELECT count(*) || ' ' || max(cpu) FROM cpu_nodes WHERE snapshot_id = 0") << "12 11";
    QTest::newRow("pages per node of a process")
        << QByteArray("SELECT group_concat(node || ':' || anon_pages || ':' || bytes) FROM (SELECT * FROM "
                      "process_pages_by_node WHERE sample_id = 0 AND pid = 1000 AND node = 0)")
        << "0:60:409600";
    QTest::newRow("node counters with numastat")
        << QByteArray(
               "SELECT value FROM node_counters WHERE sample_id = 1 AND node = 0 AND counter = 'numa_hit'")
        << "99";
    QTest::newRow("vmstat") << QByteArray("SELECT count(*) FROM sample_vmstat") << "4";
    QTest::newRow("flows with volumes")
        << QByteArray("SELECT bytes_sent || ' ' || volumes_known || ' ' || mode FROM sample_flows WHERE "
                      "sample_id = 0 AND idx = 0")
        << "4096 1 ebpf";
    QTest::newRow("indexes exist")
        << QByteArray(
               "SELECT count(*) FROM sqlite_schema WHERE type = 'index' AND name IN ('samples_by_time', "
               "'sample_threads_by_tid', 'sample_threads_by_pid', 'sample_processes_by_pid', "
               "'sample_flows_by_pid')")
        << "5";
    QTest::newRow("user_version") << QByteArray("PRAGMA user_version") << "2";
    QTest::newRow("integrity") << QByteArray("PRAGMA integrity_check") << "ok";
}

void TestCaptureFile::recordingQueries()
{
    QFETCH(QByteArray, sql);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    QCOMPARE(firstCell(writeRecording(dir.path()), sql), expected);
}

// A recording killed inside a sample's transaction leaves a hot journal; the file must still open, with the
// samples committed before, and a later append must not be half there.
void TestCaptureFile::hotJournalIsPlayedBack_data()
{
    QTest::addColumn<bool>("readOnlyCopy");
    QTest::newRow("file writable: rolled back in place") << false;
    QTest::newRow("file not writable: rolled back on a copy") << true;
}

void TestCaptureFile::hotJournalIsPlayedBack()
{
    QFETCH(bool, readOnlyCopy);
    QTemporaryDir dir;
    const QString path = writeRecording(dir.path());
    const QByteArray before = fileBytes(path);
    const pid_t child = fork();
    QVERIFY(child >= 0);
    if (child == 0) {
        // Writes many pages of an unfinished sample straight into the file (a tiny cache forces SQLite to
        // spill them before COMMIT), then dies the way kill -9 kills.
        sqlite3* db = nullptr;
        sqlite3_open_v2(QFile::encodeName(path).constData(), &db, SQLITE_OPEN_READWRITE, nullptr);
        sqlite3_exec(db,
                     "PRAGMA journal_mode = DELETE; PRAGMA cache_size = 2; BEGIN;"
                     "INSERT INTO samples VALUES (4, 0, 1, 1, NULL);"
                     "WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 20000) "
                     "INSERT INTO sample_threads SELECT 4, i, 1, i, printf('%.100c', 'x'), 1, 0, 0, 0, 0, 0, "
                     "NULL, NULL, 'procfs' FROM n;",
                     nullptr, nullptr, nullptr);
        ::kill(::getpid(), SIGKILL);
    }
    int status = 0;
    QCOMPARE(::waitpid(child, &status, 0), child);
    QVERIFY(WIFSIGNALED(status));
    QVERIFY2(QFileInfo(path + QStringLiteral("-journal")).size() > 0, "the child left no hot journal");
    QVERIFY2(fileBytes(path) != before, "the child did not change the file before dying");

    QString readPath = path;
    std::unique_ptr<QTemporaryDir> lockedDir;
    if (readOnlyCopy) {
        // A copy of the killed recording in a folder and file without write permission.
        lockedDir = std::make_unique<QTemporaryDir>();
        readPath = lockedDir->filePath(QStringLiteral("rec.numasight"));
        QVERIFY(QFile::copy(path, readPath) &&
                QFile::copy(path + QStringLiteral("-journal"), readPath + QStringLiteral("-journal")));
        QVERIFY(QFile::setPermissions(readPath, QFile::ReadOwner | QFile::ReadGroup | QFile::ReadOther));
        QVERIFY(QFile::setPermissions(lockedDir->path(), QFile::ReadOwner | QFile::ExeOwner |
                                                             QFile::ReadGroup | QFile::ExeGroup |
                                                             QFile::ReadOther | QFile::ExeOther));
        if (::geteuid() == 0) {
            // Root may write anywhere: read as "nobody" in a child, for whom file and folder are read-only.
            const pid_t reader = fork();
            QVERIFY(reader >= 0);
            if (reader == 0) {
                if (::setgid(65534) != 0 || ::setuid(65534) != 0)
                    ::_exit(3);
                const auto r = readCaptureFile(readPath);
                if (!r.ok())
                    qWarning("%s", qPrintable(r.error().toString()));
                ::_exit(!r.ok() ? 1 : r.value()->samples.size() == 4 ? 0 : 2);
            }
            QCOMPARE(::waitpid(reader, &status, 0), reader);
            QVERIFY(WIFEXITED(status));
            QCOMPARE(WEXITSTATUS(status), 0);
            QVERIFY2(QFile::exists(readPath + QStringLiteral("-journal")), "the read-only file was changed");
            return;
        }
    }
    const auto read = readCaptureFile(readPath);
    QVERIFY2(read.ok(), read.ok() ? "" : qPrintable(read.error().toString()));
    const Capture expected = richRecording();
    QCOMPARE(read.value()->samples.size(), expected.samples.size());
    for (size_t i = 0; i < expected.samples.size(); ++i)
        QVERIFY(sampleDiff(*expected.samples[i], *read.value()->samples[i]).isEmpty());
    if (!readOnlyCopy) {
        // Played back in place: the journal is gone and sqlite3 -readonly opens the file too.
        QVERIFY(!QFile::exists(path + QStringLiteral("-journal")));
        QCOMPARE(firstCell(path, "SELECT count(*) FROM samples"), QStringLiteral("4"));
    }
}

// A real witty-profiler round through its reader, into a capture and back: nothing of it may be lost.
void TestCaptureFile::wittyFixtureRoundTrip()
{
    const QString fixture = QStringLiteral(NUMASIGHT_FIXTURES "/witty-profiler/graph.json");
    const auto witty = readWittyJsonFile(fixture);
    QVERIFY2(witty.ok(), witty.ok() ? "" : qPrintable(witty.error().toString()));
    const Capture& source = *witty.value();
    QCOMPARE(source.snapshots.size(), size_t(1));
    QCOMPARE(source.snapshots[0]->entities().size(), size_t(129));
    QCOMPARE(source.snapshots[0]->edges().size(), size_t(259));

    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("graph.numasight"));
    const auto error = writeCaptureFile(source, path);
    QVERIFY2(!error, error ? qPrintable(error->toString()) : "");
    const auto read = readCaptureFile(path);
    QVERIFY2(read.ok(), read.ok() ? "" : qPrintable(read.error().toString()));
    QCOMPARE(read.value()->source.originalFormat, source.source.format);
    compareCaptures(source, *read.value(), JsonCompare::Parsed);
}

void TestCaptureFile::malformed_data()
{
    QTest::addColumn<Mutator>("prepare");
    QTest::addColumn<QStringList>("expected");

    QTest::newRow("missing file") << Mutator([](const QString& dir) {
        return dir + QStringLiteral("/nope.numasight");
    }) << QStringList{QStringLiteral("nope.numasight: no such file")};
    QTest::newRow("empty file") << Mutator([](const QString& dir) {
        const QString path = dir + QStringLiteral("/empty.numasight");
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly))
            qFatal("cannot create %s", qPrintable(path));
        return path;
    }) << QStringList{QStringLiteral("empty.numasight: the file is empty")};
    QTest::newRow("random bytes") << Mutator([](const QString& dir) {
        const QString path = dir + QStringLiteral("/random.numasight");
        QRandomGenerator rng(42);
        QByteArray bytes(8192, '\0');
        for (char& c : bytes)
            c = char(rng.bounded(256));
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
            qFatal("cannot write %s", qPrintable(path));
        return path;
    })
                                  << QStringList{QStringLiteral("random.numasight"),
                                                 QStringLiteral("not a numasight capture"),
                                                 QStringLiteral("SQLite header")};
    QTest::newRow("truncated to half")
        << Mutator([](const QString& dir) {
               const QString path = dir + QStringLiteral("/cut.numasight");
               if (writeCaptureFile(largeCapture(500), path))
                   qFatal("cannot write %s", qPrintable(path));
               QFile f(path);
               if (!f.resize(f.size() / 2))
                   qFatal("cannot truncate %s", qPrintable(path));
               return path;
           })
        << QStringList{QStringLiteral("cut.numasight"), QStringLiteral("truncated"),
                       QStringLiteral("copy it again")};
    QTest::newRow("damaged pages") << Mutator([](const QString& dir) {
        const QString path = dir + QStringLiteral("/damaged.numasight");
        if (writeCaptureFile(largeCapture(500), path))
            qFatal("cannot write %s", qPrintable(path));
        QFile f(path);
        if (!f.open(QIODevice::ReadWrite))
            qFatal("cannot open %s", qPrintable(path));
        // Everything after the first page (the header and the start of the schema) becomes garbage.
        const QByteArray garbage(int(f.size()) - 4096, '\xa5');
        f.seek(4096);
        f.write(garbage);
        return path;
    }) << QStringList{QStringLiteral("damaged.numasight"), QStringLiteral("damaged")};
    QTest::newRow("newer schema") << richWith("PRAGMA user_version = 99")
                                  << QStringList{QStringLiteral("rich.numasight"),
                                                 QStringLiteral("version 99"),
                                                 QStringLiteral("up to %1").arg(kCaptureSchemaVersion),
                                                 QStringLiteral("upgrade numasight")};
    QTest::newRow("schema version 0") << richWith("PRAGMA user_version = 0")
                                      << QStringList{QStringLiteral("schema version 0 does not exist")};
    QTest::newRow("foreign SQLite database")
        << Mutator([](const QString& dir) {
               const QString path = dir + QStringLiteral("/other.db");
               runSql(path, "CREATE TABLE t(x); INSERT INTO t VALUES(1);");
               return path;
           })
        << QStringList{QStringLiteral("other.db"), QStringLiteral("not a numasight capture"),
                       QStringLiteral("application_id is 0x00000000")};
    QTest::newRow("table dropped") << richWith("DROP VIEW processes; DROP TABLE edges;")
                                   << QStringList{QStringLiteral("rich.numasight"),
                                                  QStringLiteral("table 'edges' is missing")};
    QTest::newRow("table replaced by a view")
        << richWith("DROP TABLE numastat; CREATE VIEW numastat AS SELECT 0 AS snapshot_id;")
        << QStringList{QStringLiteral("table 'numastat' is missing")};
    QTest::newRow("invalid cpus string")
        << richWith("UPDATE entities SET cpus = '0-x' WHERE snapshot_id = 1 AND id = 3")
        << QStringList{
               QStringLiteral("rich.numasight: at entities row (snapshot_id 1, id 3): cpus '0-x' is not a "
                              "CPU list such as '0-23,48' (bad character at offset 2)")};
    QTest::newRow("reversed nodes range")
        << richWith("UPDATE entities SET nodes = '3-1' WHERE snapshot_id = 0 AND id = 0")
        << QStringList{
               QStringLiteral("entities row (snapshot_id 0, id 0): nodes '3-1' is not a NUMA node list")};
    QTest::newRow("edge pointing past the entity table")
        << richWith("UPDATE edges SET target = 9999 WHERE snapshot_id = 0 AND id = 2")
        << QStringList{
               QStringLiteral("at edges row (snapshot_id 0, id 2): target 9999 is not an entity of this "
                              "snapshot")};
    QTest::newRow("negative edge source")
        << richWith("UPDATE edges SET source = -1 WHERE snapshot_id = 1 AND id = 0")
        << QStringList{QStringLiteral("edges row (snapshot_id 1, id 0): source -1 is not an entity")};
    QTest::newRow("parent out of range")
        << richWith("UPDATE entities SET parent = 5000 WHERE snapshot_id = 0 AND id = 1")
        << QStringList{QStringLiteral("entities row (snapshot_id 0, id 1): parent 5000 is not an entity")};
    QTest::newRow("gap in entity ids")
        << richWith("UPDATE entities SET id = 500 WHERE snapshot_id = 0 AND id = 7")
        << QStringList{
               QStringLiteral("entities row (snapshot_id 0, id 8): column id must count 0, 1, 2, … without "
                              "gaps; found '8' where 7 was expected")};
    QTest::newRow("duplicate identity")
        << richWith("UPDATE entities SET key = '0' WHERE snapshot_id = 0 AND id = 2")
        << QStringList{QStringLiteral(
               "entities row (snapshot_id 0, id 2): the same type_name, ns and key as entity 1")};
    QTest::newRow("attributes not JSON")
        << richWith("PRAGMA ignore_check_constraints = ON; "
                    "UPDATE entities SET attributes = '{\"a\":' WHERE snapshot_id = 0 AND id = 0")
        << QStringList{QStringLiteral(
               "entities row (snapshot_id 0, id 0): attributes '{\"a\":' is not a JSON object")};
    QTest::newRow("payload is an array")
        << richWith("PRAGMA ignore_check_constraints = ON; "
                    "UPDATE edges SET payload = '[1,2]' WHERE snapshot_id = 0 AND id = 4")
        << QStringList{
               QStringLiteral("edges row (snapshot_id 0, id 4): payload '[1,2]' is not a JSON object")};
    QTest::newRow("pid is text")
        << richWith("UPDATE entities SET pid = 'abc' WHERE snapshot_id = 0 AND id = 1")
        << QStringList{QStringLiteral("entities row (snapshot_id 0, id 1): pid is 'abc', not an integer")};
    QTest::newRow("negative memory")
        << richWith("UPDATE entities SET memory_bytes = -5 WHERE snapshot_id = 0 AND id = 3")
        << QStringList{QStringLiteral("memory_bytes is '-5', not a count of 0 or more")};
    QTest::newRow("os_index beyond int")
        << richWith("UPDATE entities SET os_index = 4294967296 WHERE snapshot_id = 0 AND id = 3")
        << QStringList{QStringLiteral("os_index 4294967296 is out of range")};
    QTest::newRow("unknown device class")
        << richWith("UPDATE entities SET device_class = 'fpga' WHERE snapshot_id = 0 AND id = 0")
        << QStringList{QStringLiteral("device_class 'fpga' is not one of gpu, npu, nic, other")};
    QTest::newRow("directed is 2")
        << richWith("UPDATE edges SET directed = 2 WHERE snapshot_id = 0 AND id = 0")
        << QStringList{
               QStringLiteral("edges row (snapshot_id 0, id 0): directed 2 is out of range (0 to 1)")};
    QTest::newRow("weight is text")
        << richWith("UPDATE edges SET weight = 'heavy' WHERE snapshot_id = 0 AND id = 0")
        << QStringList{QStringLiteral("weight is 'heavy', not a number")};
    QTest::newRow("distance value missing")
        << richWith(
               "DELETE FROM distance_values WHERE snapshot_id = 0 AND matrix = 0 AND row = 3 AND col = 3")
        << QStringList{QStringLiteral("distance_values (snapshot_id 0, matrix 0)"),
                       QStringLiteral("4 objects but 15 values instead of 16")};
    QTest::newRow("distance value out of place")
        << richWith("UPDATE distance_values SET col = 9 WHERE snapshot_id = 1 AND matrix = 1 AND row = 0 AND "
                    "col = 1")
        << QStringList{QStringLiteral("distance_values row (snapshot_id 1, matrix 1, row 0, col 9)")};
    QTest::newRow("distance object out of range")
        << richWith(
               "UPDATE distance_objects SET entity = 777 WHERE snapshot_id = 0 AND matrix = 0 AND idx = 1")
        << QStringList{QStringLiteral("distance_objects row (snapshot_id 0, matrix 0, idx 1): entity 777")};
    QTest::newRow("memory attribute initiator")
        << richWith("UPDATE memory_attributes SET initiator = 'all' WHERE snapshot_id = 0 AND id = 0")
        << QStringList{QStringLiteral("memory_attributes row (snapshot_id 0, id 0): initiator 'all'")};
    QTest::newRow("numastat of a missing entity")
        << richWith("INSERT INTO numastat VALUES (0, 4242, 'numa_hit', 1)")
        << QStringList{
               QStringLiteral("numastat row (snapshot_id 0, entity 4242, counter 'numa_hit'): entity 4242")};
    QTest::newRow("rows of a missing snapshot")
        << richWith("INSERT INTO edges(snapshot_id, id, kind, type_name, source, target, directed) "
                    "VALUES (7, 0, 'Own', 'Own', 0, 0, 1)")
        << QStringList{QStringLiteral("at edges: 1 rows belong to no snapshot")};
    QTest::newRow("bad taken_at") << richWith("UPDATE snapshots SET taken_at = 'yesterday' WHERE id = 1")
                                  << QStringList{
                                         QStringLiteral("snapshots row 1: taken_at 'yesterday' is not an ISO "
                                                        "8601 time")};
    QTest::newRow("bad captured_at") << richWith(
                                            "UPDATE meta SET value = '2024-13-45' WHERE key = 'captured_at'")
                                     << QStringList{QStringLiteral("meta row 'captured_at': '2024-13-45'")};
    QTest::newRow("sample of a missing snapshot")
        << recordingWith("UPDATE samples SET snapshot_id = 9 WHERE id = 2")
        << QStringList{QStringLiteral("samples row 2: snapshot_id 9 is out of range (0 to 1)")};
    QTest::newRow("gap in sample ids")
        << recordingWith("UPDATE samples SET id = 7 WHERE id = 3")
        << QStringList{QStringLiteral("samples row 7: column id must count 0, 1, 2, … without gaps")};
    QTest::newRow("negative interval")
        << recordingWith("UPDATE samples SET interval_ns = -1 WHERE id = 1")
        << QStringList{QStringLiteral("samples row 1: interval_ns -1 is out of range")};
    QTest::newRow("thread row of a missing sample")
        << recordingWith("UPDATE sample_threads SET sample_id = 40 WHERE sample_id = 0 AND idx = 2")
        << QStringList{
               QStringLiteral("sample_threads row (sample_id 40, idx 2): sample_id 40 is not a sample")};
    QTest::newRow("gap in a sample's threads")
        << recordingWith("DELETE FROM sample_thread_cpus WHERE sample_id = 0 AND thread = 1; "
                         "DELETE FROM sample_threads WHERE sample_id = 0 AND idx = 1")
        << QStringList{QStringLiteral("sample_threads row (sample_id 0, idx 2): column idx must count")};
    QTest::newRow("unknown mode")
        << recordingWith("UPDATE sample_threads SET mode = 'perf' WHERE sample_id = 1 AND idx = 0")
        << QStringList{QStringLiteral("sample_threads row (sample_id 1, idx 0): mode 'perf' is not one of")};
    QTest::newRow("cpu_ns is text")
        << recordingWith("UPDATE sample_threads SET cpu_ns = 'lots' WHERE sample_id = 1 AND idx = 0")
        << QStringList{QStringLiteral("cpu_ns is 'lots', not a count of 0 or more")};
    QTest::newRow("cpus_allowed not a CPU list")
        << recordingWith("UPDATE sample_threads SET cpus_allowed = 'all' WHERE sample_id = 1 AND idx = 0")
        << QStringList{QStringLiteral("cpus_allowed 'all' is not a CPU list")};
    QTest::newRow("per-CPU row of a missing thread")
        << recordingWith("UPDATE sample_thread_cpus SET thread = 3 WHERE sample_id = 0 AND thread = 0")
        << QStringList{
               QStringLiteral("sample_thread_cpus row (sample_id 0, thread 3, idx 0): thread 3 is out of "
                              "range (0 to 2)")};
    QTest::newRow("node pages of a missing process")
        << recordingWith("UPDATE sample_process_nodes SET process = 5 WHERE sample_id = 0 AND process = 0")
        << QStringList{QStringLiteral("sample_process_nodes row (sample_id 0, process 5, idx 0): process 5")};
    QTest::newRow("node pages without a node")
        << recordingWith("UPDATE sample_process_nodes SET node = 'x' WHERE sample_id = 0 AND idx = 0")
        << QStringList{QStringLiteral("node is 'x', not an integer")};
    QTest::newRow("numastat of a missing node entry")
        << recordingWith("INSERT INTO sample_node_numastat VALUES (0, 9, 'numa_hit', 1)")
        << QStringList{QStringLiteral("sample_node_numastat row (sample_id 0, entry 9, counter 'numa_hit')")};
    QTest::newRow("vmstat of a missing sample")
        << recordingWith("INSERT INTO sample_vmstat VALUES (99, 'numa_hit', 1)")
        << QStringList{QStringLiteral("sample_vmstat row (sample_id 99, counter 'numa_hit')")};
    QTest::newRow("volumes_known is 2")
        << recordingWith("UPDATE sample_flows SET volumes_known = 2 WHERE sample_id = 0 AND idx = 0")
        << QStringList{
               QStringLiteral("sample_flows row (sample_id 0, idx 0): volumes_known 2 is out of range")};
    QTest::newRow("missing samples table in a version 2 file")
        << recordingWith("DROP TABLE sample_flows")
        << QStringList{QStringLiteral("table 'sample_flows' is missing")};
    QTest::newRow("hostile value is shortened")
        << richWith(
               "UPDATE entities SET cpus = '0,' || printf('%.5000c', 'x') WHERE snapshot_id = 0 AND id = 0")
        << QStringList{QStringLiteral("cpus '0,") + QString(38, QLatin1Char('x')) +
                       QStringLiteral("…' is not a CPU list")};
}

void TestCaptureFile::malformed()
{
    QFETCH(Mutator, prepare);
    QFETCH(QStringList, expected);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = prepare(dir.path());
    const auto result = readCaptureFile(path);
    QVERIFY2(!result.ok(), "a malformed capture was accepted");
    const QString message = result.error().toString();
    QCOMPARE(result.error().file, path);
    QVERIFY2(!message.contains(QLatin1Char('\n')), qPrintable(message));
    for (const QString& fragment : expected)
        QVERIFY2(message.contains(fragment),
                 qPrintable(QStringLiteral("'%1' not in: %2").arg(fragment, message)));
}

void TestCaptureFile::failedWriteKeepsOldFile_data()
{
    QTest::addColumn<FailingWrite>("write");
    QTest::addColumn<bool>("oldFile");
    QTest::addColumn<QString>("expected");

    QTest::newRow("folder does not exist") << FailingWrite([](const QString& dir, QString* target) {
        *target = dir + QStringLiteral("/missing/sub/out.numasight");
        return writeCaptureFile(richCapture(), *target);
    }) << false << QStringLiteral("the folder %1/missing/sub does not exist");
    QTest::newRow("target is a folder") << FailingWrite([](const QString& dir, QString* target) {
        *target = dir + QStringLiteral("/sub");
        QDir(dir).mkdir(QStringLiteral("sub"));
        return writeCaptureFile(richCapture(), *target);
    }) << false << QStringLiteral("this is a folder");
    QTest::newRow("cancelled half way over an old capture")
        << FailingWrite([](const QString& dir, QString* target) {
               *target = dir + QStringLiteral("/rich.numasight");
               return writeCaptureFile(largeCapture(), *target, cancelAfter(5));
           })
        << true << QStringLiteral("rich.numasight: cancelled");
    QTest::newRow("file-size limit over an old capture")
        << FailingWrite([](const QString& dir, QString* target) -> std::optional<LoadError> {
               *target = dir + QStringLiteral("/rich.numasight");
               FileSizeLimit limit(64 * 1024);
               if (!limit.ok())
                   qFatal("cannot lower RLIMIT_FSIZE");
               return writeCaptureFile(largeCapture(), *target);
           })
        << true << QStringLiteral("file-size limit (ulimit -f)");
    // (SnapshotBuilder::finish() cannot hold an edge to a missing entity, so dangling parents and memory
    // attribute targets are what the writer can meet.)
    QTest::newRow("parent that does not exist in memory")
        << FailingWrite([](const QString& dir, QString* target) {
               *target = dir + QStringLiteral("/rich.numasight");
               SnapshotBuilder b;
               const EntityId p = b.add(makeEntity(EntityKind::Process, QStringLiteral("1")));
               b.entity(p).parent = EntityId(5);
               Capture c;
               c.snapshots = {SnapshotBuilder().finish(), b.finish()};
               return writeCaptureFile(c, *target);
           })
        << true
        << QStringLiteral("entity 0 of snapshot 1 has parent 5, but the snapshot has only 1 entities; the "
                          "existing rich.numasight was not changed");
    QTest::newRow("memory attribute of a missing node")
        << FailingWrite([](const QString& dir, QString* target) {
               *target = dir + QStringLiteral("/rich.numasight");
               SnapshotBuilder b;
               MemoryAttributeValue v;
               v.attribute = QStringLiteral("Latency");
               v.target = EntityId(3);
               b.addMemoryAttribute(v);
               Capture c;
               c.snapshots = {b.finish()};
               return writeCaptureFile(c, *target);
           })
        << true
        << QStringLiteral("memory attribute 0 of snapshot 0 refers to entity 3, which does not exist; the "
                          "existing rich.numasight was not changed");
    QTest::newRow("attributes that are not JSON")
        << FailingWrite([](const QString& dir, QString* target) {
               *target = dir + QStringLiteral("/rich.numasight");
               SnapshotBuilder b;
               for (int i = 0; i < 600; ++i)
                   b.add(makeEntity(EntityKind::Process, QString::number(i)));
               b.entity(EntityId(599)).attributes = "not json";
               Capture c;
               c.snapshots = {b.finish()};
               return writeCaptureFile(c, *target);
           })
        << true
        << QStringLiteral("at entity 599 of snapshot 0: the attributes text is not a JSON object, which "
                          "the model requires (CHECK constraint failed: attributes_is_json_object); the "
                          "existing rich.numasight was not changed");
}

void TestCaptureFile::failedWriteKeepsOldFile()
{
    QFETCH(FailingWrite, write);
    QFETCH(bool, oldFile);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QByteArray before;
    if (oldFile)
        before = fileBytes(writeRich(dir.path()));
    const auto listing = [&dir] {
        return QDir(dir.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot);
    };
    const QStringList filesBefore = listing();

    QString target;
    const auto error = write(dir.path(), &target);
    QVERIFY2(error.has_value(), "the write did not fail");
    const QString message = error->toString();
    const QString want = QString(expected).replace(QStringLiteral("%1"), dir.path());
    QVERIFY2(message.contains(want), qPrintable(QStringLiteral("'%1' not in: %2").arg(want, message)));
    QVERIFY2(message.startsWith(target), qPrintable(message));
    QVERIFY2(!message.contains(QLatin1Char('\n')), qPrintable(message));

    // Nothing new beside the target (no temporary file), and the old capture still reads as before.
    QStringList filesAfter = listing();
    filesAfter.removeOne(QFileInfo(target).fileName()); // the folder the "target is a folder" row made
    QStringList expectedFiles = filesBefore;
    expectedFiles.removeOne(QFileInfo(target).fileName());
    QCOMPARE(filesAfter, expectedFiles);
    if (oldFile) {
        QCOMPARE(fileBytes(target), before);
        const auto read = readCaptureFile(target);
        QVERIFY2(read.ok(), read.ok() ? "" : qPrintable(read.error().toString()));
        compareCaptures(richCapture(), *read.value());
    }
}

void TestCaptureFile::overwriteReplacesOldFile()
{
    QTemporaryDir dir;
    const QString path = writeRich(dir.path());
    QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup);
    const Capture large = largeCapture(100);
    QVERIFY(!writeCaptureFile(large, path));
    const auto read = readCaptureFile(path);
    QVERIFY2(read.ok(), read.ok() ? "" : qPrintable(read.error().toString()));
    compareCaptures(large, *read.value());
    const QFile::Permissions mask = QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner |
                                    QFile::ReadGroup | QFile::WriteGroup | QFile::ExeGroup |
                                    QFile::ReadOther | QFile::WriteOther | QFile::ExeOther;
    // An existing capture keeps its permissions when it is replaced.
    QCOMPARE(QFile::permissions(path) & mask, QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup);
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden),
             QStringList{QStringLiteral("rich.numasight")});
}

void TestCaptureFile::cancel_data()
{
    QTest::addColumn<bool>("reading");
    QTest::addColumn<int>("after");
    QTest::newRow("write, before starting") << false << 0;
    QTest::newRow("write, half way") << false << 10;
    QTest::newRow("read, before starting") << true << 0;
    QTest::newRow("read, half way") << true << 10;
}

void TestCaptureFile::cancel()
{
    QFETCH(bool, reading);
    QFETCH(int, after);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("big.numasight"));
    LoadError error;
    if (reading) {
        QVERIFY(!writeCaptureFile(largeCapture(), path));
        const auto result = readCaptureFile(path, cancelAfter(after));
        QVERIFY(!result.ok());
        error = result.error();
    } else {
        const auto result = writeCaptureFile(largeCapture(), path, cancelAfter(after));
        QVERIFY(result.has_value());
        error = *result;
        QVERIFY(!QFile::exists(path));
        QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot),
                 QStringList());
    }
    QVERIFY(error.cancelled);
    QCOMPARE(error.toString(), path + QStringLiteral(": cancelled"));
}

void TestCaptureFile::progress()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("big.numasight"));
    for (bool reading : {false, true}) {
        QList<double> seen;
        Progress p;
        p.report = [&seen](double f) { seen << f; };
        if (reading) {
            QVERIFY(readCaptureFile(path, p).ok());
        } else {
            QVERIFY(!writeCaptureFile(largeCapture(), path, p));
        }
        QVERIFY2(seen.size() > 10, qPrintable(QString::number(seen.size())));
        QCOMPARE(seen.last(), 1.0);
        for (qsizetype i = 0; i < seen.size(); ++i) {
            QVERIFY(seen[i] >= 0.0 && seen[i] <= 1.0);
            if (i > 0)
                QVERIFY(seen[i] >= seen[i - 1]);
        }
    }
}

QTEST_GUILESS_MAIN(TestCaptureFile)
#include "tst_capture_file.moc"
