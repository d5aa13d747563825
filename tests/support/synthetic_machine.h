// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The large machine the graph must keep readable, built once for the graph tests and the graph benchmark.

#include "readers/hwloc_reader.h"

namespace numasight::test {

// 2 packages x 128 cores x 2 PUs in 16 NUMA nodes (hwloc's synthetic topology), with what that has not: a
// SLIT matrix (10 local, 12 on the package, 32 across) and 8 NPUs, one on every second node.
// Everything of `s` into `b`, to add what a topology alone has not.
inline void addSnapshot(SnapshotBuilder& b, const Snapshot& s)
{
    for (const Entity& e : s.entities())
        b.add(e);
    for (const Edge& e : s.edges())
        b.addEdge(e);
}

// Accelerator `index` attached to NUMA node `node`, on PCI bus busBase + 16 × index.
inline Entity acceleratorOn(const Entity& node, int index, DeviceClass deviceClass, const QString& name,
                            int busBase)
{
    Entity a;
    a.kind = EntityKind::Accelerator;
    a.typeName = entityKindName(EntityKind::Accelerator);
    a.ns = QStringLiteral("local");
    a.deviceClass = deviceClass;
    a.osIndex = index;
    a.detail->pciBusId = QStringLiteral("0000:%1:00.0").arg(busBase + index * 0x10, 2, 16, QLatin1Char('0'));
    a.key = a.detail->pciBusId;
    a.name = name;
    a.numaNode = NodeId(node.osIndex);
    a.nodes = NodeSet{node.osIndex};
    a.cpus = node.cpus;
    a.attributes = QByteArrayLiteral("{}");
    return a;
}

inline SnapshotPtr bigSyntheticMachine()
{
    const auto loaded = readHwlocSynthetic(QStringLiteral("pack:2 group:8 [numa] core:16 pu:2"));
    if (!loaded)
        return {};
    const Snapshot& s = *loaded.value()->snapshots.front();
    SnapshotBuilder b;
    addSnapshot(b, s);
    DistanceMatrix m;
    m.name = QStringLiteral("NUMALatency");
    m.unit = QStringLiteral("relative");
    m.objects.assign(s.numaNodes().begin(), s.numaNodes().end());
    for (EntityId a : m.objects)
        for (EntityId c : m.objects) {
            const int pa = s.entity(a).osIndex / 8, pc = s.entity(c).osIndex / 8;
            m.values.push_back(a == c ? 10 : pa == pc ? 12 : 32);
        }
    const std::vector<EntityId> nodes = m.objects;
    b.addDistances(std::move(m));
    for (int i = 0; i < 8; ++i)
        b.add(acceleratorOn(s.entity(nodes[size_t(i * 2)]), i, DeviceClass::Npu,
                            QStringLiteral("Ascend 910B"), 0x10));
    return b.finish();
}

} // namespace numasight::test
