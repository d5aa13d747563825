// SPDX-License-Identifier: GPL-3.0-or-later
#include "snapshot.h"

#include "util/huge_pages.h"

#include <QCoreApplication>

#include <algorithm>
#include <array>

namespace numasight {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(numasight::Snapshot)
};

template <class Map, class K>
std::span<const EntityId> spanIn(const Map& map, const K& key)
{
    const auto it = map.constFind(key);
    return it == map.constEnd() ? std::span<const EntityId>() : std::span<const EntityId>(*it);
}
} // namespace

QString Snapshot::identity(QStringView typeName, QStringView ns, QStringView key)
{
    QString id;
    id.reserve(typeName.size() + ns.size() + key.size() + 2);
    id += typeName;
    id += QChar(0x1f);
    id += ns;
    id += QChar(0x1f);
    id += key;
    return id;
}

std::uint32_t Snapshot::identityHash(QStringView typeName, QStringView ns, QStringView key)
{
    return std::uint32_t(qHashMulti(0, typeName, ns, key));
}

EntityId Snapshot::find(QStringView typeName, QStringView ns, QStringView key) const
{
    if (m_identitySlots.empty())
        return {};
    const std::uint32_t h = identityHash(typeName, ns, key);
    const size_t size = m_identitySlots.size();
    for (size_t i = homeSlot(h, size);; i = i + 1 == size ? 0 : i + 1) {
        const std::uint64_t slot = m_identitySlots[i];
        if (slot == 0)
            return {};
        if (std::uint32_t(slot >> 32) != h)
            continue;
        const auto index = std::int32_t(std::uint32_t(slot) - 1);
        const Entity& e = m_entities[size_t(index)];
        if (e.key == key && e.typeName == typeName && e.ns == ns)
            return EntityId(index);
    }
}

// A slot per three quarters of an entity, any number of them (a power of two held a million entities in two
// million slots, 16 MB): the 32-bit hash is scaled to the table's size instead of masked.
size_t Snapshot::homeSlot(std::uint32_t hash, size_t size)
{
    return size_t((std::uint64_t(hash) * size) >> 32);
}

bool Snapshot::identitySlotsFull(size_t count, size_t size)
{
    return count * 4 > size * 3;
}

void Snapshot::growIdentitySlots(size_t count)
{
    const size_t capacity = std::max<size_t>(16, count + count / 3 + 1);
    if (capacity <= m_identitySlots.size())
        return;
    std::vector<std::uint64_t> old = std::move(m_identitySlots);
    m_identitySlots = {};
    m_identitySlots.reserve(capacity);
    adviseHugePages(m_identitySlots);
    m_identitySlots.assign(capacity, 0);
    for (const std::uint64_t slot : old) {
        if (!slot)
            continue;
        size_t i = homeSlot(std::uint32_t(slot >> 32), capacity);
        while (m_identitySlots[i])
            i = i + 1 == capacity ? 0 : i + 1;
        m_identitySlots[i] = slot;
    }
}

std::span<const EntityId> Snapshot::ofKind(EntityKind kind) const
{
    if (m_byKind.empty())
        return {};
    return m_byKind[size_t(kind)];
}

EntityId Snapshot::numaNodeByOsIndex(NodeId node, QStringView ns) const
{
    const auto it = m_nodeByOs.constFind(ns.toString());
    if (it == m_nodeByOs.constEnd() || !node.isValid())
        return {};
    return it->value(node.value);
}

QString Snapshot::duplicateNumaNodeProblem() const
{
    if (!m_duplicateNode.isValid())
        return {};
    const Entity& node = entity(m_duplicateNode);
    const EntityId first = numaNodeByOsIndex(NodeId(node.osIndex), node.ns.view());
    return Tr::tr("two NUMA nodes have OS index %1 in namespace '%2' (%3 and %4); each node number must be "
                  "unique, so the file is damaged or was edited: write it again from its source")
        .arg(node.osIndex)
        .arg(node.ns, entity(first).key.left(40), node.key.left(40));
}

EntityId Snapshot::nodeOfCpu(CpuId cpu, QStringView ns) const
{
    const auto it = m_cpuToNode.constFind(ns.toString());
    if (it == m_cpuToNode.constEnd() || !cpu.isValid() || size_t(cpu.value) >= it->size())
        return {};
    return (*it)[size_t(cpu.value)];
}

EntityId Snapshot::nodeOfDevice(EntityId device) const
{
    const Entity& d = entity(device);
    if (d.numaNode.isValid())
        return numaNodeByOsIndex(d.numaNode, d.ns.view());
    if (d.nodes.count() == 1)
        return numaNodeByOsIndex(NodeId(d.nodes.first()), d.ns.view());
    // Affinity that lies inside exactly one node's CPUs.
    EntityId found;
    if (d.cpus.isEmpty())
        return {};
    for (EntityId n : numaNodes()) {
        const Entity& node = entity(n);
        if (node.ns != d.ns || !node.cpus.intersects(d.cpus))
            continue;
        if (found.isValid())
            return {};
        found = n;
    }
    return found;
}

EntityId Snapshot::processByPid(std::int64_t pid, QStringView ns) const
{
    const auto it = m_processByPid.constFind(ns.toString());
    return it == m_processByPid.constEnd() ? EntityId() : it->value(pid);
}

std::span<const EntityId> Snapshot::threadsOf(EntityId process) const
{
    return spanIn(m_threads, process.value);
}
std::span<const EntityId> Snapshot::childrenOf(EntityId process) const
{
    return spanIn(m_children, process.value);
}
std::span<const EntityId> Snapshot::childrenInTree(EntityId e) const
{
    return spanIn(m_treeChildren, e.value);
}
EntityId Snapshot::containerOf(EntityId process) const
{
    return m_container.value(process.value);
}

std::span<const EdgeId> Snapshot::outEdges(EntityId e) const
{
    if (!e.isValid() || size_t(e.value) + 1 >= m_outOffsets.size())
        return {};
    return {m_out.data() + m_outOffsets[size_t(e.value)], m_out.data() + m_outOffsets[size_t(e.value) + 1]};
}

std::span<const EdgeId> Snapshot::inEdges(EntityId e) const
{
    if (!e.isValid() || size_t(e.value) + 1 >= m_inOffsets.size())
        return {};
    return {m_in.data() + m_inOffsets[size_t(e.value)], m_in.data() + m_inOffsets[size_t(e.value) + 1]};
}

const DistanceMatrix* Snapshot::numaDistances(QStringView ns) const
{
    for (const DistanceMatrix& m : m_distances) {
        if (m.objects.empty())
            continue;
        const Entity& first = entity(m.objects.front());
        if (first.kind == EntityKind::NumaNode && first.ns == ns && m.unit == QLatin1String("relative"))
            return &m;
    }
    return nullptr;
}

SnapshotBuilder::SnapshotBuilder()
    : m_snapshot(std::make_shared<Snapshot>())
{
}

void SnapshotBuilder::reserve(size_t entities, size_t edges)
{
    Snapshot& s = *m_snapshot;
    if (entities > s.m_entities.capacity()) {
        s.m_entities.reserve(entities);
        adviseHugePages(s.m_entities);
    }
    if (edges > s.m_edges.capacity()) {
        s.m_edges.reserve(edges);
        adviseHugePages(s.m_edges);
    }
    s.growIdentitySlots(entities);
}

EntityId SnapshotBuilder::add(Entity entity, bool* inserted)
{
    if (const EntityId known = m_snapshot->find(entity.typeName.view(), entity.ns.view(), entity.key.utf16());
        known.isValid()) {
        if (inserted)
            *inserted = false;
        return known;
    }
    if (inserted)
        *inserted = true;
    return addNew(std::move(entity));
}

EntityId SnapshotBuilder::addNew(Entity entity)
{
    Snapshot& s = *m_snapshot;
    const EntityId eid(std::int32_t(s.m_entities.size()));
    if (Snapshot::identitySlotsFull(s.m_identityCount + 1, s.m_identitySlots.size()))
        s.growIdentitySlots(std::max<size_t>(16, (s.m_identityCount + 1) * 2)); // unreserved: doubling
    const std::uint32_t h =
        Snapshot::identityHash(entity.typeName.view(), entity.ns.view(), entity.key.utf16());
    const size_t size = s.m_identitySlots.size();
    size_t i = Snapshot::homeSlot(h, size);
    while (s.m_identitySlots[i])
        i = i + 1 == size ? 0 : i + 1;
    s.m_identitySlots[i] = std::uint64_t(h) << 32 | (std::uint64_t(std::uint32_t(eid.value)) + 1);
    ++s.m_identityCount;
    s.m_entities.push_back(std::move(entity));
    return eid;
}

EntityId SnapshotBuilder::find(QStringView typeName, QStringView ns, QStringView key) const
{
    return m_snapshot->find(typeName, ns, key);
}

EdgeId SnapshotBuilder::addEdge(Edge edge)
{
    const EdgeId id(std::int32_t(m_snapshot->m_edges.size()));
    m_snapshot->m_edges.push_back(std::move(edge));
    return id;
}

void SnapshotBuilder::addDistances(DistanceMatrix matrix)
{
    m_snapshot->m_distances.push_back(std::move(matrix));
}

void SnapshotBuilder::addMemoryAttribute(MemoryAttributeValue value)
{
    m_snapshot->m_memoryAttributes.push_back(std::move(value));
}

SnapshotPtr SnapshotBuilder::finish()
{
    Snapshot& s = *m_snapshot;
    const auto& ents = s.m_entities;
    const size_t n = ents.size();

    // Counted first: a million entities of one kind would otherwise hold the old and the grown list at once.
    std::array<size_t, kEntityKindCount> perKind{};
    for (const Entity& e : ents)
        ++perKind[size_t(e.kind)];
    s.m_byKind.assign(kEntityKindCount, {});
    for (size_t k = 0; k < perKind.size(); ++k)
        s.m_byKind[k].reserve(perKind[k]);
    for (size_t i = 0; i < n; ++i)
        s.m_byKind[size_t(ents[i].kind)].push_back(EntityId(std::int32_t(i)));
    auto byNsThenIndex = [&](EntityId a, EntityId b) {
        const Entity& x = ents[size_t(a.value)];
        const Entity& y = ents[size_t(b.value)];
        if (x.ns != y.ns)
            return x.ns == QLatin1String("local") || (y.ns != QLatin1String("local") && x.ns < y.ns);
        if (x.osIndex != y.osIndex)
            return x.osIndex < y.osIndex;
        return a < b;
    };
    for (EntityKind k : {EntityKind::NumaNode, EntityKind::Package, EntityKind::Core, EntityKind::Pu,
                         EntityKind::Accelerator})
        std::stable_sort(s.m_byKind[size_t(k)].begin(), s.m_byKind[size_t(k)].end(), byNsThenIndex);

    for (EntityId id : s.m_byKind[size_t(EntityKind::NumaNode)]) {
        const Entity& node = ents[size_t(id.value)];
        if (node.osIndex >= 0) {
            auto& byOs = s.m_nodeByOs[node.ns];
            if (!byOs.contains(node.osIndex))
                byOs.insert(node.osIndex, id);
            else if (!s.m_duplicateNode.isValid())
                s.m_duplicateNode = id;
        }
        auto& cpuMap = s.m_cpuToNode[node.ns];
        const int last = node.cpus.last();
        if (last >= 0 && cpuMap.size() <= size_t(last))
            cpuMap.resize(size_t(last) + 1);
        node.cpus.forEach([&](int cpu) {
            if (!cpuMap[size_t(cpu)].isValid())
                cpuMap[size_t(cpu)] = id;
        });
    }

    for (EntityId id : s.m_byKind[size_t(EntityKind::Process)]) {
        const Entity& p = ents[size_t(id.value)];
        if (p.pid >= 0)
            s.m_processByPid[p.ns].insert(p.pid, id);
    }
    for (EntityId id : s.m_byKind[size_t(EntityKind::Process)]) {
        const Entity& p = ents[size_t(id.value)];
        const auto it = s.m_processByPid.constFind(p.ns);
        if (it == s.m_processByPid.constEnd() || p.ppid < 0)
            continue;
        const EntityId parent = it->value(p.ppid);
        if (parent.isValid() && parent != id)
            s.m_children[parent.value].push_back(id);
    }
    for (size_t i = 0; i < n; ++i) {
        const Entity& e = ents[i];
        const EntityId id{std::int32_t(i)};
        if (e.parent.isValid() && size_t(e.parent.value) < n) {
            s.m_treeChildren[e.parent.value].push_back(id);
            if (e.kind == EntityKind::Thread)
                s.m_threads[e.parent.value].push_back(id);
        }
    }

    // An endpoint outside the entity table is a reader bug; drop it rather than index past the end.
    for (Edge& e : s.m_edges) {
        if (e.source.isValid() && size_t(e.source.value) >= n)
            e.source = EntityId();
        if (e.target.isValid() && size_t(e.target.value) >= n)
            e.target = EntityId();
    }

    // Adjacency in CSR form: two passes over the edges, no per-entity allocations, and none at all without
    // edges (outEdges() and inEdges() read an empty table as no edges).
    if (!s.m_edges.empty()) {
        s.m_outOffsets.assign(n + 1, 0);
        s.m_inOffsets.assign(n + 1, 0);
        for (const Edge& e : s.m_edges) {
            if (e.source.isValid())
                ++s.m_outOffsets[size_t(e.source.value) + 1];
            if (e.target.isValid())
                ++s.m_inOffsets[size_t(e.target.value) + 1];
        }
        for (size_t i = 0; i < n; ++i) {
            s.m_outOffsets[i + 1] += s.m_outOffsets[i];
            s.m_inOffsets[i + 1] += s.m_inOffsets[i];
        }
        s.m_out.resize(s.m_outOffsets[n]);
        s.m_in.resize(s.m_inOffsets[n]);
        // Each entity's offset serves as its fill cursor, which leaves it at the next entity's start: shifted
        // back by one afterwards instead of filling through a copy of the offsets.
        for (size_t i = 0; i < s.m_edges.size(); ++i) {
            const Edge& e = s.m_edges[i];
            if (e.source.isValid())
                s.m_out[s.m_outOffsets[size_t(e.source.value)]++] = EdgeId(std::int32_t(i));
            if (e.target.isValid())
                s.m_in[s.m_inOffsets[size_t(e.target.value)]++] = EdgeId(std::int32_t(i));
        }
        for (size_t i = n; i > 0; --i) {
            s.m_outOffsets[i] = s.m_outOffsets[i - 1];
            s.m_inOffsets[i] = s.m_inOffsets[i - 1];
        }
        s.m_outOffsets[0] = 0;
        s.m_inOffsets[0] = 0;
    }

    // Container membership, from either direction of witty's Host/RunOn edges.
    for (const Edge& e : s.m_edges) {
        if (!e.source.isValid() || !e.target.isValid())
            continue;
        if (e.kind == EdgeKind::Host && ents[size_t(e.source.value)].kind == EntityKind::Container)
            s.m_container.insert(e.target.value, e.source);
        else if (e.kind == EdgeKind::RunOn && ents[size_t(e.target.value)].kind == EntityKind::Container)
            s.m_container.insert(e.source.value, e.target);
    }

    SnapshotPtr out = std::move(m_snapshot);
    m_snapshot = std::make_shared<Snapshot>();
    return out;
}

} // namespace numasight
