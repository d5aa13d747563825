// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "capture_host.h"
#include "edge.h"
#include "entity.h"
#include "sample.h"
#include "source_info.h"
#include "topology_facts.h"

#include <QDateTime>
#include <QHash>

#include <memory>
#include <span>
#include <vector>

namespace numasight {

// The state of one machine (or several, by namespace) at one moment: entities, typed edges and the
// topology's matrices. Immutable once built (SnapshotBuilder::finish), so it is shared between the GUI
// and workers as a SnapshotPtr (std::shared_ptr<const Snapshot>) without locks.
class Snapshot
{
public:
    const std::vector<Entity>& entities() const { return m_entities; }
    const std::vector<Edge>& edges() const { return m_edges; }
    const Entity& entity(EntityId id) const { return m_entities[size_t(id.value)]; }
    const Edge& edge(EdgeId id) const { return m_edges[size_t(id.value)]; }
    const std::vector<DistanceMatrix>& distances() const { return m_distances; }
    const std::vector<MemoryAttributeValue>& memoryAttributes() const { return m_memoryAttributes; }
    QDateTime takenAt() const { return m_takenAt; }
    QString label() const { return m_label; }

    // Identity lookup: (source type name or kind name, namespace, key).
    EntityId find(QStringView typeName, QStringView ns, QStringView key) const;
    static QString identity(QStringView typeName, QStringView ns, QStringView key);

    std::span<const EntityId> ofKind(EntityKind kind) const;
    // NUMA nodes sorted by (namespace, OS index): the order of every matrix and table the UI shows.
    std::span<const EntityId> numaNodes() const { return ofKind(EntityKind::NumaNode); }
    EntityId numaNodeByOsIndex(NodeId node, QStringView ns = u"local") const;
    // A NUMA node whose namespace and OS index an earlier node already has, or an invalid id. Readers refuse
    // such a file: every matrix, column and graph id assumes one node per number.
    EntityId duplicateNumaNode() const { return m_duplicateNode; }
    // The reader's message for duplicateNumaNode(), or empty when every node number is unique.
    QString duplicateNumaNodeProblem() const;
    EntityId nodeOfCpu(CpuId cpu, QStringView ns = u"local") const;
    EntityId nodeOfDevice(EntityId device) const; // by numaNode, else by CPU affinity when it fits one node
    EntityId processByPid(std::int64_t pid, QStringView ns = u"local") const;
    std::span<const EntityId> threadsOf(EntityId process) const;
    std::span<const EntityId> childrenOf(EntityId process) const;    // by ppid
    std::span<const EntityId> childrenInTree(EntityId entity) const; // by Entity::parent
    EntityId containerOf(EntityId process) const;
    std::span<const EdgeId> outEdges(EntityId e) const;
    std::span<const EdgeId> inEdges(EntityId e) const;

    // The NUMA distance matrix in SLIT units (10 = local) for `ns`, or nullptr: the first matrix between
    // NUMA nodes of that namespace whose unit is "relative". Readers put rows in numaNodes() order.
    const DistanceMatrix* numaDistances(QStringView ns = u"local") const;

    int countOf(EntityKind kind) const { return int(ofKind(kind).size()); }

private:
    friend class SnapshotBuilder;
    std::vector<Entity> m_entities;
    std::vector<Edge> m_edges;
    std::vector<DistanceMatrix> m_distances;
    std::vector<MemoryAttributeValue> m_memoryAttributes;
    QDateTime m_takenAt;
    QString m_label;

    // Identity lookup as entities are added: open addressing over (32-bit hash << 32 | index + 1), 0 for
    // empty, at most three quarters full. The keys stay in the entities; a QHash of identity strings cost
    // about 130 bytes per entity, more than a small entity's whole JSON.
    std::vector<std::uint64_t> m_identitySlots;
    size_t m_identityCount = 0;
    static std::uint32_t identityHash(QStringView typeName, QStringView ns, QStringView key);
    void growIdentitySlots(size_t count); // room for `count` identities
    static size_t homeSlot(std::uint32_t hash, size_t size);
    static bool identitySlotsFull(size_t count, size_t size);

    // Lookups built once in SnapshotBuilder::finish().
    std::vector<std::vector<EntityId>> m_byKind;
    QHash<QString, std::vector<EntityId>> m_cpuToNode; // per namespace, indexed by CPU OS index
    QHash<QString, QHash<int, EntityId>> m_nodeByOs;   // sparse: OS indexes can be 252-255 (POWER9)
    EntityId m_duplicateNode;
    QHash<QString, QHash<std::int64_t, EntityId>> m_processByPid;
    QHash<std::int32_t, std::vector<EntityId>> m_threads;
    QHash<std::int32_t, std::vector<EntityId>> m_children;
    QHash<std::int32_t, std::vector<EntityId>> m_treeChildren;
    QHash<std::int32_t, EntityId> m_container;
    std::vector<std::uint32_t> m_outOffsets, m_inOffsets; // CSR adjacency
    std::vector<EdgeId> m_out, m_in;
};

using SnapshotPtr = std::shared_ptr<const Snapshot>;

// Builds a Snapshot; `finish()` computes the lookups and hands out the immutable result.
class SnapshotBuilder
{
public:
    SnapshotBuilder();

    // Adds an entity, or returns the existing one with the same identity (folding denormalized copies).
    // `inserted` tells which happened.
    EntityId add(Entity entity, bool* inserted = nullptr);
    // Adds an entity whose identity the caller knows to be new (a reader with its own identity table).
    EntityId addNew(Entity entity);
    EntityId find(QStringView typeName, QStringView ns, QStringView key) const;
    Entity& entity(EntityId id) { return m_snapshot->m_entities[size_t(id.value)]; }
    int entityCount() const { return int(m_snapshot->m_entities.size()); }
    size_t edgeCount() const { return m_snapshot->m_edges.size(); }
    EdgeId addEdge(Edge edge);
    void addDistances(DistanceMatrix matrix);
    const std::vector<DistanceMatrix>& distances() const { return m_snapshot->m_distances; }
    void addMemoryAttribute(MemoryAttributeValue value);
    void setTakenAt(const QDateTime& t) { m_snapshot->m_takenAt = t; }
    void setLabel(const QString& l) { m_snapshot->m_label = l; }
    void reserve(size_t entities, size_t edges);

    SnapshotPtr finish();

private:
    std::shared_ptr<Snapshot> m_snapshot;
};

// A loaded input: one snapshot for a topology or a witty graph, several for JSON Lines or a recording.
// A recording also has samples: the time series, each pointing at the snapshot in force when it was taken.
// A fleet capture (numasight-cli merge) also lists its hosts; a capture of one machine has none (its entities
// are in namespace "local", or in those of the witty servers an attach polled).
struct Capture
{
    SourceInfo source;
    std::vector<SnapshotPtr> snapshots;
    std::vector<SamplePtr> samples;
    std::vector<CaptureHost> hosts;
};
using CapturePtr = std::shared_ptr<const Capture>;

} // namespace numasight
