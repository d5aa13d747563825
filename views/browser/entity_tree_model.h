// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/snapshot.h"

#include <QAbstractItemModel>

#include <memory>
#include <vector>

namespace numasight {

// The entity browser's tree, built once per snapshot. Three sections sit at the top: Machine (host →
// package → NUMA node → cores/PUs and the devices attached to that node), Workload (host or namespace →
// container → process tree by ppid → threads) and Other (every entity neither tree places, grouped by its
// source type name), so every entity of the snapshot appears exactly once.
class EntityTreeModel : public QAbstractItemModel
{
    Q_OBJECT
public:
    enum Column
    {
        NameColumn,
        KindColumn,
        IdColumn,
        CpusColumn,
        NodeColumn,
        MemoryColumn,
        CpuShareColumn, // processes and threads: share of all the CPU time the snapshot records
        CpuNodeColumn,  // processes and threads: the node with most of that time
        ColumnCount
    };
    enum Role
    {
        EntityIdRole = Qt::UserRole + 1, // int: EntityId::value, -1 for group rows
        EntityKindRole,                  // int: EntityKind, -1 for group rows
        IsGroupRole,                     // bool
        SectionRole,                     // int: Section the row belongs to
        SortRole,                        // number or text the column sorts by
        SearchTextRole,                  // lower-case text the filter matches: name, key, pid, tid, PCI id
    };
    Q_ENUM(Role)
    enum class Section
    {
        Machine,
        Workload,
        Other
    };

    explicit EntityTreeModel(QObject* parent = nullptr);
    ~EntityTreeModel() override;

    void setSnapshot(SnapshotPtr snapshot);
    const Snapshot* snapshot() const { return m_snapshot.get(); }

    QModelIndex indexOf(EntityId id, int column = NameColumn) const;
    QModelIndex sectionIndex(Section section) const;
    EntityId entityAt(const QModelIndex& index) const;

    // The label the browser, the details pane and the edge lists use for an entity.
    static QString entityLabel(const Entity& entity);
    // The Id column's longest text (by characters), for sizing the column: ids that are keys (a socket's
    // "address:port/protocol", a type's nobody knows) can be far longer than the usual PCI id.
    QString longestIdText() const;

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Node
    {
        int parent = -1;
        int row = 0;
        int section = 0;
        EntityId entity; // invalid for groups
        QString label;   // groups only
        std::vector<int> children;
    };
    class Builder;

    int nodeOf(const QModelIndex& index) const;
    // Sorting and filtering ask for every row's label and search text, many times over (n log n
    // comparisons); on 12 000 processes building them each time took most of a sort or a filter. Made once
    // per snapshot, on first use, indexed by entity.
    const QString& cachedLabel(const Entity& e) const;
    const QString& cachedSearchText(const Entity& e) const;
    QString searchText(const Entity& e) const;
    QVariant entityData(const Entity& e, int column, int role) const;
    QString nodeColumnText(EntityId id) const;

    // A process's or thread's CPU time as the snapshot gives it (cpuHeatmap() without samples).
    struct CpuFigure
    {
        double share = -1; // of all the CPU time; < 0 when the snapshot has no figure for the entity
        int nodeOsIndex = -1;
        QString node; // "node3", "10.0.0.7/node3"
    };
    void computeCpuFigures();
    const CpuFigure& cpuFigureOf(const Entity& e) const;

    SnapshotPtr m_snapshot;
    std::vector<Node> m_nodes;                 // m_nodes[0] is the invisible root
    std::vector<int> m_nodeOfEntity;           // entity index → node index
    std::vector<CpuFigure> m_cpu;              // entity index → its CPU time, for processes and threads
    mutable std::vector<QString> m_labels;     // entity index → entityLabel(), once asked for
    mutable std::vector<QString> m_searchText; // entity index → SearchTextRole, once asked for
    int m_sections[3] = {-1, -1, -1};
};

} // namespace numasight
