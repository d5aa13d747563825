// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "attribute_text.h"
#include "compact_string.h"
#include "ids.h"
#include "packed_text.h"
#include "util/index_set.h"

#include <QByteArray>
#include <QMap>
#include <QSharedData>
#include <QSharedDataPointer>
#include <QString>

#include <cstdint>
#include <vector>

namespace numasight {

enum class EntityKind : std::uint8_t
{
    Host,
    Package,
    NumaNode,
    Core,
    Pu,
    Cache,
    PciDevice,   // any PCI function or bridge that is not one of the more precise kinds below
    Accelerator, // GPU or NPU (see Entity::deviceClass)
    Nic,
    OsDevice, // block devices, DMA engines, other OS devices hwloc reports
    Container,
    Process,
    Thread,
    Socket,
    SharedMemory,
    NumaSet, // a set of NUMA nodes something touches (witty-profiler's NumaSetEntity)
    Unknown, // a type this version does not know: kept with all its attributes, never dropped
};
inline constexpr int kEntityKindCount = int(EntityKind::Unknown) + 1;

enum class DeviceClass : std::uint8_t
{
    None,
    Gpu,
    Npu,
    Nic,
    Other
};

// Stable names used in the CLI's JSON, the capture file and the UI.
QString entityKindName(EntityKind kind);
EntityKind entityKindFromName(QStringView name); // Unknown when not recognised
QString deviceClassName(DeviceClass c);          // "gpu", "npu", "nic", "other", "" for None

// Typed facts only a few kinds have (NUMA nodes, hosts, devices, containers, caches, process command lines).
// They live in a block of their own, shared on copy and allocated on the first write, so the entities that
// come by the million (threads, sockets, PUs) do not carry ~170 empty bytes each.
struct EntityDetail : QSharedData
{
    // NUMA nodes and hosts.
    std::uint64_t memoryBytes = 0;
    std::uint64_t memoryFreeBytes = 0;
    QString memoryTier;                    // "DRAM", "HBM", "NVM", "CXL-DRAM", … when known
    QMap<QString, std::uint64_t> numastat; // numa_hit, numa_miss, … (sysfs numastat / witty numa_stats)

    // Processes.
    QString cmdline;

    // Devices.
    QString pciBusId; // "0000:c1:00.0", lower case
    QString vendor;

    // Containers: id and runtime type.
    QString containerId;
    QString containerType;

    std::uint64_t cacheBytes = 0; // caches

    // Sockets whose key does not spell "address:port/protocol" (see Entity::setSocket).
    QString socketAddress;
    QString socketProtocol;

    bool isEmpty() const;
};

// Reading through a const entity never allocates (an entity without the block reads the empty one);
// writing allocates the block, or detaches a shared one.
class EntityDetailRef
{
public:
    const EntityDetail* operator->() const { return m_d ? m_d.constData() : &empty(); }
    EntityDetail* operator->()
    {
        if (!m_d)
            m_d = new EntityDetail;
        return m_d.data();
    }
    const EntityDetail& operator*() const { return *operator->(); }
    bool isAllocated() const { return bool(m_d); }
    // Keeps a copy of `value` only when it holds something: readers that fill every column of every entity
    // leave the others without a block.
    void assign(const EntityDetail& value);

private:
    static const EntityDetail& empty();
    QSharedDataPointer<EntityDetail> m_d;
};

// One thing on the machine or in the workload. Fields below `attributes` are typed facts extracted for fast
// lookups and drawing; which of them a kind fills is noted beside each. `attributes` is the lossless record:
// a compact JSON object holding every field the source had (witty-profiler's fields exactly as written,
// hwloc's attributes and info pairs), so exports can reproduce the input and the details pane can list all.
struct Entity
{
    // The small fields first, in what would otherwise be padding: an entity is kept by the million.
    EntityKind kind = EntityKind::Unknown;
    DeviceClass deviceClass = DeviceClass::None; // devices
    bool socketFromKey = false;                  // see setSocket()
    int port = -1;                               // sockets (see setSocket())
    // Source's own type name: "ProcessEntity" for witty input, entityKindName() otherwise.
    CompactString typeName;
    CompactString ns;   // namespace: "local", or the remote host's address (witty's entity_namespace)
    PackedText key;     // identity inside (typeName, ns): "1895087", "0000:c1:00.0", "127.0.0.1:34726/TCP"
    CompactString name; // process/thread comm, device or container name, cache "L3", …
    AttributeText attributes; // JSON object text, "{}" when the source had nothing more
    EntityId parent;          // structural parent: package of a node, core of a PU, process of a thread, …

    // Indexes: packages, NUMA nodes, cores, PUs, caches (level in `osIndex` is not used), accelerators (id).
    int osIndex = -1;
    int logicalIndex = -1;
    int cacheLevel = 0; // caches

    // NUMA nodes: their CPUs; packages/cores/caches: CPUs below; accelerators, NICs: CPU affinity;
    // threads: Cpus_allowed_list when known.
    CpuSet cpus;
    // NumaSet: its nodes; devices: NUMA affinity; processes/threads: nodes allowed (Mems_allowed_list).
    NodeSet nodes;

    // Processes, threads. Linux numbers them below 2^22 (PID_MAX_LIMIT); readers refuse what does not fit.
    std::int32_t pid = -1;
    std::int32_t ppid = -1;
    std::int32_t tid = -1;

    // Devices (and `deviceClass` above).
    NodeId numaNode; // the node the device (or shm, socket owner) is attached to; invalid when unknown

    // Sockets: address, port and protocol. A socket's key is its address, port and protocol as witty-profiler
    // spells its identity ("10.0.0.1:80/TCP"); the address and protocol are then read back from the key
    // instead of being kept twice (a million sockets held 96 MB of copies). Any other key keeps them in
    // `detail`. Set the key first.
    void setSocket(const QString& address, int socketPort, const QString& protocol);
    QString address() const;
    QString protocol() const;

    // Rare kinds' facts: memory sizes and tier, numastat, cmdline, PCI bus id, vendor, container id and type,
    // cache size. `e.detail->vendor` reads (never allocating on a const entity) and writes alike.
    EntityDetailRef detail;
};

} // namespace numasight
