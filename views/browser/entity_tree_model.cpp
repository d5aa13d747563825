// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/browser/entity_tree_model.h"

#include "analysis/heatmap_data.h"
#include "report/cpu_share.h"
#include "util/format.h"

#include <QCoreApplication>
#include <QHash>
#include <QSet>

#include <algorithm>
#include <limits>
#include <map>
#include <tuple>

namespace numasight {

namespace {

bool isHardware(EntityKind k)
{
    switch (k) {
    case EntityKind::Host:
    case EntityKind::Package:
    case EntityKind::NumaNode:
    case EntityKind::Core:
    case EntityKind::Pu:
    case EntityKind::PciDevice:
    case EntityKind::Accelerator:
    case EntityKind::Nic:
    case EntityKind::OsDevice:
        return true;
    default:
        return false;
    }
}

bool isWorkload(EntityKind k)
{
    return k == EntityKind::Container || k == EntityKind::Process || k == EntityKind::Thread;
}

// Namespaces in the order every table uses: "local" first, then the remote hosts by name.
QStringList orderedNamespaces(const Snapshot& s, bool (*wanted)(EntityKind))
{
    QSet<QString> seen;
    for (const Entity& e : s.entities())
        if (wanted(e.kind))
            seen.insert(e.ns);
    QStringList out(seen.begin(), seen.end());
    std::sort(out.begin(), out.end(), [](const QString& a, const QString& b) {
        if ((a == u"local") != (b == u"local"))
            return a == u"local";
        return a < b;
    });
    return out;
}

QString indexLabel(const QString& kind, const Entity& e)
{
    QString out = kind;
    if (e.logicalIndex >= 0)
        out += QStringLiteral(" L#%1").arg(e.logicalIndex);
    if (e.osIndex >= 0)
        out += e.logicalIndex >= 0 ? QStringLiteral(" (P#%1)").arg(e.osIndex)
                                   : QStringLiteral(" P#%1").arg(e.osIndex);
    return out;
}

} // namespace

// Places entities into the node vector; whatever it does not place ends up under Other.
class EntityTreeModel::Builder
{
public:
    Builder(EntityTreeModel& model, const Snapshot& snapshot)
        : m_model(model)
        , m_snapshot(snapshot)
    {
        m_model.m_nodes.clear();
        m_model.m_nodes.push_back({});
        m_model.m_nodeOfEntity.assign(snapshot.entities().size(), -1);
    }

    int group(int parent, const QString& label)
    {
        Node n;
        n.parent = parent;
        n.row = int(m_model.m_nodes[size_t(parent)].children.size());
        n.section = m_model.m_nodes[size_t(parent)].section;
        n.label = label;
        m_model.m_nodes.push_back(std::move(n));
        const int id = int(m_model.m_nodes.size()) - 1;
        m_model.m_nodes[size_t(parent)].children.push_back(id);
        return id;
    }

    int place(int parent, EntityId e)
    {
        if (placed(e))
            return m_model.m_nodeOfEntity[size_t(e.value)];
        const int id = group(parent, {});
        m_model.m_nodes[size_t(id)].entity = e;
        m_model.m_nodeOfEntity[size_t(e.value)] = id;
        return id;
    }

    bool placed(EntityId e) const { return e.isValid() && m_model.m_nodeOfEntity[size_t(e.value)] >= 0; }

    int section(Section sec, const QString& label)
    {
        const int id = group(0, label);
        m_model.m_nodes[size_t(id)].section = int(sec);
        m_model.m_sections[int(sec)] = id;
        return id;
    }

    std::vector<EntityId> ofKindIn(EntityKind k, const QString& ns) const
    {
        std::vector<EntityId> out;
        for (EntityId id : m_snapshot.ofKind(k))
            if (m_snapshot.entity(id).ns == ns)
                out.push_back(id);
        return out;
    }

    void buildMachine(int root)
    {
        for (const QString& ns : orderedNamespaces(m_snapshot, isHardware)) {
            const auto hosts = ofKindIn(EntityKind::Host, ns);
            const int host =
                hosts.empty()
                    ? group(root,
                            QCoreApplication::translate("numasight::EntityTreeModel", "Namespace %1").arg(ns))
                    : place(root, hosts.front());
            buildHost(host, ns);
        }
    }

    void buildHost(int host, const QString& ns)
    {
        const auto packages = ofKindIn(EntityKind::Package, ns);
        for (EntityId p : packages)
            place(host, p);
        auto packageHolding = [&](const CpuSet& cpus, EntityId declaredParent) -> int {
            if (placed(declaredParent) && m_snapshot.entity(declaredParent).kind == EntityKind::Package)
                return m_model.m_nodeOfEntity[size_t(declaredParent.value)];
            for (EntityId p : packages)
                if (!cpus.isEmpty() && cpus.isSubsetOf(m_snapshot.entity(p).cpus))
                    return m_model.m_nodeOfEntity[size_t(p.value)];
            return host;
        };

        for (EntityId n : ofKindIn(EntityKind::NumaNode, ns)) {
            const Entity& node = m_snapshot.entity(n);
            place(packageHolding(node.cpus, node.parent), n);
        }

        // Caches beside the cores they serve: under the smallest NUMA node holding all their CPUs (a node's
        // L3 on Sub-NUMA-Clustering parts), else the package, else the host. Nesting cores inside L3, L2
        // and L1 as lstopo draws them would make a 192-CPU tree five levels deeper for no new fact.
        std::vector<EntityId> caches = ofKindIn(EntityKind::Cache, ns);
        std::stable_sort(caches.begin(), caches.end(), [&](EntityId a, EntityId b) {
            const Entity& x = m_snapshot.entity(a);
            const Entity& y = m_snapshot.entity(b);
            return std::tuple(-x.cacheLevel, x.cpus.first()) < std::tuple(-y.cacheLevel, y.cpus.first());
        });
        const auto nodes = ofKindIn(EntityKind::NumaNode, ns);
        for (EntityId c : caches) {
            const Entity& cache = m_snapshot.entity(c);
            int at = -1;
            int smallest = std::numeric_limits<int>::max();
            for (EntityId n : nodes) {
                const Entity& node = m_snapshot.entity(n);
                if (!cache.cpus.isEmpty() && cache.cpus.isSubsetOf(node.cpus) &&
                    node.cpus.count() < smallest) {
                    smallest = node.cpus.count();
                    at = m_model.m_nodeOfEntity[size_t(n.value)];
                }
            }
            place(at >= 0 ? at : packageHolding(cache.cpus, cache.parent), c);
        }

        // Cores go under the node holding their first CPU; PUs under their core, else their node.
        QHash<int, int> coreOfCpu;
        for (EntityId c : ofKindIn(EntityKind::Core, ns)) {
            const Entity& core = m_snapshot.entity(c);
            const EntityId node = m_snapshot.nodeOfCpu(CpuId(core.cpus.first()), ns);
            const int at = placed(node) ? m_model.m_nodeOfEntity[size_t(node.value)]
                                        : packageHolding(core.cpus, core.parent);
            const int id = place(at, c);
            core.cpus.forEach([&](int cpu) { coreOfCpu.insert(cpu, id); });
        }
        for (EntityId p : ofKindIn(EntityKind::Pu, ns)) {
            const Entity& pu = m_snapshot.entity(p);
            const int cpu = pu.osIndex >= 0 ? pu.osIndex : pu.cpus.first();
            int at = -1;
            if (placed(pu.parent) && m_snapshot.entity(pu.parent).kind == EntityKind::Core)
                at = m_model.m_nodeOfEntity[size_t(pu.parent.value)];
            else if (coreOfCpu.contains(cpu))
                at = coreOfCpu.value(cpu);
            else if (const EntityId node = m_snapshot.nodeOfCpu(CpuId(cpu), ns); placed(node))
                at = m_model.m_nodeOfEntity[size_t(node.value)];
            else
                at = packageHolding(CpuSet{cpu}, pu.parent);
            place(at, p);
        }

        // Devices: the group is the node they are attached to; inside it they keep their PCI tree.
        std::vector<EntityId> devices;
        for (EntityKind k :
             {EntityKind::Accelerator, EntityKind::Nic, EntityKind::PciDevice, EntityKind::OsDevice})
            for (EntityId d : ofKindIn(k, ns))
                devices.push_back(d);
        std::sort(devices.begin(), devices.end());
        QHash<std::int32_t, int> groupOf; // device → node index of its NUMA node, or -1 for "no node"
        for (EntityId d : devices) {
            const EntityId node = m_snapshot.nodeOfDevice(d);
            groupOf.insert(d.value, placed(node) ? m_model.m_nodeOfEntity[size_t(node.value)] : -1);
        }
        QHash<std::int32_t, std::vector<EntityId>> childDevices;
        std::map<int, std::vector<EntityId>> roots; // ordered, so groups fill in a stable order
        for (EntityId d : devices) {
            const EntityId parent = m_snapshot.entity(d).parent;
            if (parent.isValid() && groupOf.contains(parent.value) &&
                groupOf.value(parent.value) == groupOf.value(d.value))
                childDevices[parent.value].push_back(d);
            else
                roots[groupOf.value(d.value)].push_back(d);
        }
        int noNode = -1;
        for (const auto& [at, list] : roots) {
            int parentNode = at;
            if (at < 0) {
                if (noNode < 0)
                    noNode = group(host, QCoreApplication::translate("numasight::EntityTreeModel",
                                                                     "Devices without a NUMA node"));
                parentNode = noNode;
            }
            for (EntityId d : list)
                placeDeviceTree(parentNode, d, childDevices);
        }
    }

    void placeDeviceTree(int parent, EntityId d, const QHash<std::int32_t, std::vector<EntityId>>& children)
    {
        if (placed(d))
            return; // a cycle in malformed input: the rest lands in Other
        const int id = place(parent, d);
        for (EntityId c : children.value(d.value))
            placeDeviceTree(id, c, children);
    }

    void buildWorkload(int root)
    {
        for (const QString& ns : orderedNamespaces(m_snapshot, isWorkload)) {
            const auto hosts = ofKindIn(EntityKind::Host, ns);
            const QString label =
                hosts.empty()
                    ? QCoreApplication::translate("numasight::EntityTreeModel", "Namespace %1").arg(ns)
                    : QStringLiteral("%1 (%2)").arg(entityLabel(m_snapshot.entity(hosts.front())), ns);
            const int host = group(root, label);
            for (EntityId c : ofKindIn(EntityKind::Container, ns))
                place(host, c);
            auto processes = ofKindIn(EntityKind::Process, ns);
            std::sort(processes.begin(), processes.end(), [&](EntityId a, EntityId b) {
                return std::pair(m_snapshot.entity(a).pid, a) < std::pair(m_snapshot.entity(b).pid, b);
            });
            auto groupFor = [&](EntityId p) {
                const EntityId c = m_snapshot.containerOf(p);
                return placed(c) ? m_model.m_nodeOfEntity[size_t(c.value)] : host;
            };
            // A process roots the tree of its group (container or host) when its parent is elsewhere.
            for (EntityId p : processes) {
                const Entity& e = m_snapshot.entity(p);
                const EntityId parent = e.ppid >= 0 ? m_snapshot.processByPid(e.ppid, ns) : EntityId();
                if (!parent.isValid() || parent == p || groupFor(parent) != groupFor(p))
                    placeProcessTree(groupFor(p), p, groupFor);
            }
        }
    }

    template <class GroupFor>
    void placeProcessTree(int parent, EntityId p, const GroupFor& groupFor)
    {
        if (placed(p))
            return;
        const int id = place(parent, p);
        std::vector<EntityId> threads(m_snapshot.threadsOf(p).begin(), m_snapshot.threadsOf(p).end());
        std::sort(threads.begin(), threads.end(), [&](EntityId a, EntityId b) {
            return std::pair(m_snapshot.entity(a).tid, a) < std::pair(m_snapshot.entity(b).tid, b);
        });
        for (EntityId t : threads)
            place(id, t);
        std::vector<EntityId> children(m_snapshot.childrenOf(p).begin(), m_snapshot.childrenOf(p).end());
        std::sort(children.begin(), children.end(), [&](EntityId a, EntityId b) {
            return std::pair(m_snapshot.entity(a).pid, a) < std::pair(m_snapshot.entity(b).pid, b);
        });
        for (EntityId c : children)
            if (groupFor(c) == groupFor(p))
                placeProcessTree(id, c, groupFor);
    }

    void buildOther(int root)
    {
        std::map<QString, std::vector<EntityId>> byType;
        for (size_t i = 0; i < m_snapshot.entities().size(); ++i) {
            const EntityId id{std::int32_t(i)};
            if (!placed(id)) {
                const Entity& e = m_snapshot.entity(id);
                byType[e.typeName.isEmpty() ? entityKindName(e.kind) : e.typeName.str()].push_back(id);
            }
        }
        for (const auto& [type, list] : byType) {
            const int g = group(root, QStringLiteral("%1 (%2)").arg(type).arg(list.size()));
            for (EntityId id : list)
                place(g, id);
        }
    }

    EntityTreeModel& m_model;
    const Snapshot& m_snapshot;
};

EntityTreeModel::EntityTreeModel(QObject* parent)
    : QAbstractItemModel(parent)
{
    m_nodes.push_back({});
}

EntityTreeModel::~EntityTreeModel() = default;

void EntityTreeModel::setSnapshot(SnapshotPtr snapshot)
{
    beginResetModel();
    m_snapshot = std::move(snapshot);
    m_nodes.clear();
    m_nodes.push_back({});
    m_nodeOfEntity.clear();
    std::fill(std::begin(m_sections), std::end(m_sections), -1);
    if (m_snapshot) {
        Builder b(*this, *m_snapshot);
        b.buildMachine(b.section(Section::Machine, tr("Machine")));
        b.buildWorkload(b.section(Section::Workload, tr("Workload")));
        b.buildOther(b.section(Section::Other, tr("Other")));
    }
    computeCpuFigures();
    m_labels.clear();
    m_searchText.clear();
    endResetModel();
}

const EntityTreeModel::CpuFigure& EntityTreeModel::cpuFigureOf(const Entity& e) const
{
    static const CpuFigure none;
    const auto index = size_t(&e - m_snapshot->entities().data());
    return index < m_cpu.size() ? m_cpu[index] : none;
}

void EntityTreeModel::computeCpuFigures()
{
    m_cpu.clear();
    if (!m_snapshot)
        return;
    m_cpu.resize(m_snapshot->entities().size());
    const NodeHeatmapPtr heatmap = cpuHeatmap(*m_snapshot);
    if (!heatmap)
        return;
    const double total = totalCpuNs(*heatmap);
    for (const HeatmapRow& row : heatmap->rows) {
        if (!row.entity.isValid() || size_t(row.entity.value) >= m_cpu.size() || !(row.cpuNs > 0))
            continue;
        CpuFigure& f = m_cpu[size_t(row.entity.value)];
        f.share = cpuTimeShare(row.cpuNs, total);
        if (row.mainCpuColumn >= 0) {
            const HeatmapColumn& column = heatmap->columns[size_t(row.mainCpuColumn)];
            f.nodeOsIndex = column.osIndex;
            f.node = column.label;
        }
    }
}

QString EntityTreeModel::entityLabel(const Entity& e)
{
    switch (e.kind) {
    case EntityKind::Package:
    case EntityKind::NumaNode:
    case EntityKind::Core:
    case EntityKind::Pu:
        if (e.osIndex >= 0 || e.logicalIndex >= 0)
            return indexLabel(entityKindName(e.kind), e);
        break;
    case EntityKind::Accelerator:
        if (e.name.isEmpty() && e.osIndex >= 0)
            return deviceClassName(e.deviceClass).toUpper() + QString::number(e.osIndex);
        break;
    case EntityKind::Cache:
        if (e.cacheLevel > 0)
            return QCoreApplication::translate("numasight::EntityTreeModel", "L%1 cache").arg(e.cacheLevel);
        break;
    default:
        break;
    }
    if (!e.name.isEmpty())
        return e.name;
    if (!e.key.isEmpty())
        return e.key;
    return e.typeName.isEmpty() ? entityKindName(e.kind) : e.typeName.str();
}

int EntityTreeModel::nodeOf(const QModelIndex& index) const
{
    return index.isValid() ? int(index.internalId()) : 0;
}

QModelIndex EntityTreeModel::index(int row, int column, const QModelIndex& parent) const
{
    if (column < 0 || column >= ColumnCount || row < 0)
        return {};
    const int p = nodeOf(parent);
    if (p < 0 || size_t(p) >= m_nodes.size() || size_t(row) >= m_nodes[size_t(p)].children.size())
        return {};
    return createIndex(row, column, quintptr(m_nodes[size_t(p)].children[size_t(row)]));
}

QModelIndex EntityTreeModel::parent(const QModelIndex& child) const
{
    if (!child.isValid())
        return {};
    const int p = m_nodes[size_t(nodeOf(child))].parent;
    if (p <= 0)
        return {};
    return createIndex(m_nodes[size_t(p)].row, 0, quintptr(p));
}

int EntityTreeModel::rowCount(const QModelIndex& parent) const
{
    if (parent.isValid() && parent.column() != 0)
        return 0;
    return int(m_nodes[size_t(nodeOf(parent))].children.size());
}

int EntityTreeModel::columnCount(const QModelIndex&) const
{
    return ColumnCount;
}

QModelIndex EntityTreeModel::indexOf(EntityId id, int column) const
{
    if (!id.isValid() || size_t(id.value) >= m_nodeOfEntity.size() || m_nodeOfEntity[size_t(id.value)] < 0)
        return {};
    const int n = m_nodeOfEntity[size_t(id.value)];
    return createIndex(m_nodes[size_t(n)].row, column, quintptr(n));
}

QModelIndex EntityTreeModel::sectionIndex(Section section) const
{
    const int n = m_sections[int(section)];
    return n < 0 ? QModelIndex() : createIndex(m_nodes[size_t(n)].row, 0, quintptr(n));
}

EntityId EntityTreeModel::entityAt(const QModelIndex& index) const
{
    if (!index.isValid() || index.model() != this)
        return {};
    return m_nodes[size_t(nodeOf(index))].entity;
}

QString EntityTreeModel::nodeColumnText(EntityId id) const
{
    const Entity& e = m_snapshot->entity(id);
    switch (e.kind) {
    case EntityKind::NumaNode:
        return e.osIndex >= 0 ? QString::number(e.osIndex) : QString();
    case EntityKind::Core:
    case EntityKind::Pu: {
        const EntityId n = m_snapshot->nodeOfCpu(
            CpuId(e.kind == EntityKind::Pu && e.osIndex >= 0 ? e.osIndex : e.cpus.first()), e.ns.view());
        return n.isValid() ? QString::number(m_snapshot->entity(n).osIndex) : QString();
    }
    case EntityKind::PciDevice:
    case EntityKind::Accelerator:
    case EntityKind::Nic:
    case EntityKind::OsDevice: {
        const EntityId n = m_snapshot->nodeOfDevice(id);
        return n.isValid() ? QString::number(m_snapshot->entity(n).osIndex) : e.nodes.toRangeString();
    }
    default:
        if (!e.nodes.isEmpty())
            return e.nodes.toRangeString();
        return e.numaNode.isValid() ? QString::number(e.numaNode.value) : QString();
    }
}

namespace {

// The number the Id column shows for an entity (pid, tid, OS index), or -1 where it shows text.
qint64 idNumber(const Entity& e)
{
    switch (e.kind) {
    case EntityKind::Process:
        return e.pid;
    case EntityKind::Thread:
        return e.tid;
    case EntityKind::Package:
    case EntityKind::NumaNode:
    case EntityKind::Core:
    case EntityKind::Pu:
        return e.osIndex;
    case EntityKind::Accelerator:
    case EntityKind::Nic:
    case EntityKind::PciDevice:
    case EntityKind::OsDevice:
        return e.detail->pciBusId.isEmpty() ? e.osIndex : -1;
    default:
        return -1;
    }
}

// The text the Id column shows where it shows no number, when it is not the key: a device's PCI id, a
// container's id.
const QString* idField(const Entity& e)
{
    const QString* field = nullptr;
    switch (e.kind) {
    case EntityKind::Accelerator:
    case EntityKind::Nic:
    case EntityKind::PciDevice:
    case EntityKind::OsDevice:
        field = &e.detail->pciBusId;
        break;
    case EntityKind::Container:
        field = &e.detail->containerId;
        break;
    default:
        break;
    }
    return field && !field->isEmpty() ? field : nullptr;
}

QString idText(const Entity& e)
{
    if (const qint64 n = idNumber(e); n >= 0)
        return QString::number(n);
    if (const QString* field = idField(e))
        return *field;
    return e.key;
}

QVariant idSortKey(const Entity& e)
{
    switch (e.kind) {
    case EntityKind::Process:
        return qlonglong(e.pid);
    case EntityKind::Thread:
        return qlonglong(e.tid);
    case EntityKind::Package:
    case EntityKind::NumaNode:
    case EntityKind::Core:
    case EntityKind::Pu:
        return qlonglong(e.osIndex);
    default:
        return idText(e);
    }
}

QString kindText(const Entity& e)
{
    const QString kind = entityKindName(e.kind);
    if (e.deviceClass != DeviceClass::None && e.deviceClass != DeviceClass::Other)
        return kind + QStringLiteral(" (") + deviceClassName(e.deviceClass).toUpper() + QLatin1Char(')');
    if (e.kind == EntityKind::Unknown && !e.typeName.isEmpty())
        return e.typeName;
    return kind;
}

std::uint64_t memoryOf(const Entity& e)
{
    return e.kind == EntityKind::Cache ? e.detail->cacheBytes : e.detail->memoryBytes;
}

} // namespace

QVariant EntityTreeModel::entityData(const Entity& e, int column, int role) const
{
    if (role == Qt::DisplayRole || role == SortRole) {
        switch (Column(column)) {
        case NameColumn:
            return cachedLabel(e);
        case KindColumn:
            return kindText(e);
        case IdColumn:
            return role == SortRole ? idSortKey(e) : QVariant(idText(e));
        case CpusColumn:
            if (role == SortRole)
                return e.cpus.first();
            return e.cpus.toRangeString();
        case NodeColumn:
            return nodeColumnText(EntityId(std::int32_t(&e - m_snapshot->entities().data())));
        case MemoryColumn: {
            const std::uint64_t bytes = memoryOf(e);
            if (role == SortRole)
                return qulonglong(bytes);
            return bytes ? formatBytes(double(bytes), TrailingZeros::Keep) : QString();
        }
        case CpuShareColumn: {
            const CpuFigure& f = cpuFigureOf(e);
            if (role == SortRole)
                return f.share;
            return f.share >= 0 ? formatPercent(f.share, 1) : QString();
        }
        case CpuNodeColumn: {
            const CpuFigure& f = cpuFigureOf(e);
            return role == SortRole ? QVariant(f.nodeOsIndex) : QVariant(f.node);
        }
        case ColumnCount:
            break;
        }
        return {};
    }
    if (role == Qt::ToolTipRole && column == NameColumn) {
        QString tip = e.typeName + QStringLiteral(" · ") + e.ns + QStringLiteral(" · ") + e.key;
        if (!e.detail->cmdline.isEmpty())
            tip += QLatin1Char('\n') + e.detail->cmdline;
        return tip;
    }
    if (role == Qt::ToolTipRole) { // the whole value where the column is too narrow for it
        const QString text = entityData(e, column, Qt::DisplayRole).toString();
        return text.isEmpty() ? QVariant() : QVariant(text);
    }
    if (role == Qt::TextAlignmentRole &&
        (column == IdColumn || column == MemoryColumn || column == NodeColumn || column == CpuShareColumn ||
         column == CpuNodeColumn))
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role == SearchTextRole)
        return cachedSearchText(e);
    return {};
}

QString EntityTreeModel::longestIdText() const
{
    if (!m_snapshot)
        return {};
    const Entity* longest = nullptr;
    qsizetype chars = 0;
    for (const Entity& e : m_snapshot->entities()) {
        // Measured without making the text (a key would be copied out); numbers are short, so they count as
        // none.
        if (idNumber(e) >= 0)
            continue;
        const QString* field = idField(e);
        const qsizetype n = field ? field->size() : e.key.size();
        if (n > chars) {
            chars = n;
            longest = &e;
        }
    }
    return longest ? idText(*longest) : QString();
}

QString EntityTreeModel::searchText(const Entity& e) const
{
    QStringList parts{e.name, e.key, idText(e), e.detail->pciBusId, e.detail->containerId};
    if (e.pid >= 0)
        parts << QString::number(e.pid);
    if (e.tid >= 0)
        parts << QString::number(e.tid);
    parts << cachedLabel(e);
    return parts.join(QLatin1Char('\n')).toLower();
}

const QString& EntityTreeModel::cachedLabel(const Entity& e) const
{
    const auto index = size_t(&e - m_snapshot->entities().data());
    if (m_labels.size() != m_snapshot->entities().size())
        m_labels.assign(m_snapshot->entities().size(), QString());
    QString& label = m_labels[index];
    if (label.isNull())
        label = entityLabel(e);
    return label;
}

const QString& EntityTreeModel::cachedSearchText(const Entity& e) const
{
    const auto index = size_t(&e - m_snapshot->entities().data());
    if (m_searchText.size() != m_snapshot->entities().size())
        m_searchText.assign(m_snapshot->entities().size(), QString());
    QString& text = m_searchText[index];
    if (text.isNull())
        text = searchText(e);
    return text;
}

QVariant EntityTreeModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const Node& n = m_nodes[size_t(nodeOf(index))];
    switch (role) {
    case EntityIdRole:
        return n.entity.value;
    case EntityKindRole:
        return n.entity.isValid() ? int(m_snapshot->entity(n.entity).kind) : -1;
    case IsGroupRole:
        return !n.entity.isValid();
    case SectionRole:
        return n.section;
    default:
        break;
    }
    if (n.entity.isValid())
        return entityData(m_snapshot->entity(n.entity), index.column(), role);
    if (index.column() == NameColumn && (role == Qt::DisplayRole || role == SortRole))
        return n.label;
    if (role == SearchTextRole)
        return QString();
    return {};
}

QVariant EntityTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::ToolTipRole) {
        // The measure behind each figure, where a name alone could mean more than one.
        switch (Column(section)) {
        case NodeColumn:
            return tr("A CPU's or device's NUMA node; for processes and threads, the nodes their memory may "
                      "use (Mems_allowed)");
        case MemoryColumn:
            return tr("A NUMA node's or host's memory, a cache's size");
        case CpuShareColumn:
            return tr("Share of all the on-CPU time of the snapshot's processes (a witty-profiler graph: of "
                      "the threads it lists); a process's is the sum of its threads'");
        case CpuNodeColumn:
            return tr("The NUMA node where the process or thread spent most of its on-CPU time");
        default:
            return {};
        }
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (Column(section)) {
    case NameColumn:
        return tr("Name");
    case KindColumn:
        return tr("Kind");
    case IdColumn:
        return tr("Id");
    case CpusColumn:
        return tr("CPUs");
    case NodeColumn:
        return tr("NUMA node");
    case MemoryColumn:
        return tr("Memory");
    case CpuShareColumn:
        return tr("CPU share");
    case CpuNodeColumn:
        return tr("CPU node");
    case ColumnCount:
        break;
    }
    return {};
}

} // namespace numasight
