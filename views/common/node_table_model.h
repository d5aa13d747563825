// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/snapshot.h"

#include <QAbstractTableModel>

#include <vector>

namespace numasight {

// A flat table whose first columns are fixed and whose last ones are one per NUMA node, titled "Node N".
// It answers the item-model calls once, bounds checked; a subclass fills its rows between beginResetModel()
// and endResetModel() and says how many there are, what each cell holds and what the fixed columns are
// called.
class NodeTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    int nodeCount() const { return int(m_nodes.size()); }

    int rowCount(const QModelIndex& parent = {}) const final;
    int columnCount(const QModelIndex& parent = {}) const final;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const final;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const final;

protected:
    NodeTableModel(int fixedColumns, QObject* parent);

    // This machine's NUMA nodes in `snapshot` (the "local" namespace: recordings are of this machine) by OS
    // index, each once, in the snapshot's order; none without a snapshot.
    static std::vector<int> localNodes(const Snapshot* snapshot);
    void setNodes(std::vector<int> nodes) { m_nodes = std::move(nodes); }
    const std::vector<int>& nodes() const { return m_nodes; }
    // The position in nodes() of a node column; -1 for a fixed column.
    int nodeIndex(int column) const { return column >= m_fixedColumns ? column - m_fixedColumns : -1; }

    virtual int rows() const = 0;
    // `row` and `column` are in range.
    virtual QVariant cell(int row, int column, int role) const = 0;
    // The title of a fixed column; node columns are titled "Node N".
    virtual QString columnTitle(int section) const = 0;
    // The header's tooltip of any column, none by default.
    virtual QString columnToolTip(int section) const;

private:
    const int m_fixedColumns;
    std::vector<int> m_nodes; // OS indexes of the node columns
};

} // namespace numasight
