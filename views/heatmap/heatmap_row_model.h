// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/heatmap_data.h"

#include <QAbstractItemModel>
#include <QSet>

#include <limits>
#include <optional>
#include <vector>

namespace numasight {

// The rows of a node heatmap as a tree: processes at the top, each with its threads as children (CPU
// heatmaps; memory heatmaps have processes only), with the totals the heatmap's cells do not show. The row
// list beside the heatmap shows it; folding a process there folds its threads out of the map.
//
// Sorting is the core's (sortedRows): setSort() ranks every row once, and HeatmapRowFilterProxy orders by
// rank, so a process keeps its threads under it whatever the key and unknown values sort last both ways.
class HeatmapRowModel : public QAbstractItemModel
{
    Q_OBJECT
public:
    enum Column
    {
        NameColumn,
        IdColumn,     // pid, or tid for threads
        CpuColumn,    // on-CPU time
        RemoteColumn, // the heatmap's remote share
        MemoryColumn, // pages or bytes of the process
        ColumnCount
    };
    enum Role
    {
        HeatmapRowRole = Qt::UserRole + 1, // int: row index in the NodeHeatmap
        EntityRole,                        // EntityId of the heatmap's snapshot, invalid when unknown
        PidRole,                           // qint64
        TidRole,                           // qint64, -1 for processes
        RankRole,                          // int: position in the sorted order
        CpuShareRole,                      // double: share of all the heatmap's CPU time
        SearchTextRole,                    // lower-case "name pid tid"
    };

    explicit HeatmapRowModel(QObject* parent = nullptr);

    // `summedRow`: the row that sums the processes cut off (topHeatmapRows), always last, whatever the
    // sort; -1 when there is none. `totalCpuNs`: the CPU time shares are of (NaN: the heatmap's own
    // processes'), so a cut heatmap keeps the shares of the whole one.
    void setHeatmap(NodeHeatmapPtr heatmap, int summedRow = -1,
                    double totalCpuNs = std::numeric_limits<double>::quiet_NaN());
    NodeHeatmapPtr heatmap() const { return m_heatmap; }
    int summedRow() const { return m_summedRow; }
    // What the text filter searches in a row: its name, pid and tid, in lower case.
    static QString searchText(const HeatmapRow& row);
    void setSort(HeatmapSortKey key, bool descending);
    HeatmapSortKey sortKey() const { return m_key; }
    bool sortDescending() const { return m_descending; }

    // Rows of these processes and threads (namespace "local") are marked: their names coloured, their
    // tooltips saying why (a comparison's changed rows). Kept across setHeatmap().
    void setHighlighted(const QSet<std::int64_t>& pids, const QSet<std::int64_t>& tids);
    bool isHighlighted(int heatmapRow) const;

    int heatmapRow(const QModelIndex& index) const; // -1 for an invalid index
    QModelIndex indexOfRow(int heatmapRow, int column = 0) const;
    int rank(int heatmapRow) const { return m_rank[size_t(heatmapRow)]; }
    double cpuShare(int heatmapRow) const;
    bool matches(int heatmapRow, const QString& lowerText) const;
    static HeatmapSortKey sortKeyOfColumn(int column);
    static int columnOfSortKey(HeatmapSortKey key);

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    void rank();
    QString headerWhy(int section) const; // what a column holds and that a click sorts by it

    NodeHeatmapPtr m_heatmap;
    std::vector<int> m_top;                   // heatmap rows at the top level, in heatmap order
    std::vector<std::vector<int>> m_children; // per top-level position: heatmap rows of its threads
    std::vector<int> m_topOf;    // heatmap row -> its top-level position (its own or its parent's)
    std::vector<int> m_position; // heatmap row -> row under its parent
    std::vector<int> m_rank;
    std::vector<QString> m_search;
    QSet<std::int64_t> m_highlightPids, m_highlightTids;
    double m_totalCpuNs = 0;
    int m_summedRow = -1;
    HeatmapSortKey m_key = HeatmapSortKey::CpuTime;
    bool m_descending = true;
};

QString heatmapSortKeyName(HeatmapSortKey key); // "remote", "cpu", "memory", "process", "name"
std::optional<HeatmapSortKey> heatmapSortKeyFromName(QStringView name);

} // namespace numasight
