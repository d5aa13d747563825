// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/common/node_table_model.h"

namespace numasight {

NodeTableModel::NodeTableModel(int fixedColumns, QObject* parent)
    : QAbstractTableModel(parent)
    , m_fixedColumns(fixedColumns)
{
}

std::vector<int> NodeTableModel::localNodes(const Snapshot* snapshot)
{
    std::vector<int> nodes;
    if (!snapshot)
        return nodes;
    for (EntityId id : snapshot->numaNodes()) {
        const Entity& n = snapshot->entity(id);
        if (n.ns == u"local" && n.osIndex >= 0 &&
            std::find(nodes.begin(), nodes.end(), n.osIndex) == nodes.end())
            nodes.push_back(n.osIndex);
    }
    return nodes;
}

int NodeTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : rows();
}

int NodeTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : m_fixedColumns + nodeCount();
}

QVariant NodeTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    return cell(index.row(), index.column(), role);
}

QVariant NodeTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= columnCount())
        return {};
    switch (role) {
    case Qt::DisplayRole:
        return section >= m_fixedColumns ? tr("Node %1").arg(m_nodes[size_t(section - m_fixedColumns)])
                                         : columnTitle(section);
    case Qt::ToolTipRole: {
        const QString tip = columnToolTip(section);
        return tip.isEmpty() ? QVariant() : QVariant(tip);
    }
    default:
        return {};
    }
}

QString NodeTableModel::columnToolTip(int) const
{
    return {};
}

} // namespace numasight
