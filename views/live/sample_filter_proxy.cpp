// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/live/sample_filter_proxy.h"

#include "views/live/sample_roles.h"

namespace numasight {

SampleFilterProxy::SampleFilterProxy(QObject* parent)
    : QueryFilterProxy(SampleSortRole, parent)
    , m_keyRole(SampleTidRole)
{
}

void SampleFilterProxy::holdOrder()
{
    m_rank.clear();
    m_rank.reserve(rowCount());
    for (int row = 0; row < rowCount(); ++row)
        m_rank.insert(index(row, 0).data(m_keyRole).toLongLong(), row);
    m_held = true;
}

void SampleFilterProxy::resort()
{
    if (!m_held)
        return;
    m_held = false;
    m_rank.clear();
    invalidate();
}

void SampleFilterProxy::sort(int column, Qt::SortOrder order)
{
    m_held = false;
    m_rank.clear();
    QueryFilterProxy::sort(column, order);
}

bool SampleFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    if (filterText().isEmpty())
        return true;
    const QModelIndex index = sourceModel()->index(sourceRow, 0, sourceParent);
    if (filterCpu() >= 0)
        return index.data(SampleCpusRole).value<QList<int>>().contains(filterCpu());
    return index.data(SampleSearchTextRole).toString().contains(filterText());
}

// Held rows keep their rank and come before the others, whichever way the column sorts: a descending sort
// asks lessThan(right, left), so the rank comparison is turned round for it.
bool SampleFilterProxy::lessThan(const QModelIndex& left, const QModelIndex& right) const
{
    if (m_held) {
        const auto l = m_rank.constFind(sourceModel()->index(left.row(), 0).data(m_keyRole).toLongLong());
        const auto r = m_rank.constFind(sourceModel()->index(right.row(), 0).data(m_keyRole).toLongLong());
        const bool ascending = sortOrder() == Qt::AscendingOrder;
        const bool lHeld = l != m_rank.constEnd();
        const bool rHeld = r != m_rank.constEnd();
        if (lHeld && rHeld)
            return ascending ? *l < *r : *r < *l;
        if (lHeld != rHeld)
            return ascending == lHeld;
    }
    return QueryFilterProxy::lessThan(left, right);
}

} // namespace numasight
