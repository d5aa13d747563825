// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/advice/advice_filter_proxy.h"

#include "views/advice/advice_model.h"

namespace numasight {

AdviceFilterProxy::AdviceFilterProxy(QObject* parent)
    : QSortFilterProxyModel(parent)
{
    setSortRole(AdviceModel::SortRole);
    setSortCaseSensitivity(Qt::CaseInsensitive);
    // A group stays while one of its findings matches, so a pid typed in the box finds its finding.
    setRecursiveFilteringEnabled(true);
}

void AdviceFilterProxy::setFilterText(const QString& text)
{
    const QString t = text.trimmed();
    if (t == m_text)
        return;
    m_text = t;
    invalidateFilter();
}

bool AdviceFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    if (m_text.isEmpty())
        return true;
    const QAbstractItemModel* m = sourceModel();
    const auto matches = [&](int row, const QModelIndex& parent) {
        for (int c = 0; c < m->columnCount(parent); ++c)
            if (m->index(row, c, parent).data().toString().contains(m_text, Qt::CaseInsensitive))
                return true;
        return false;
    };
    // The findings of a group that matches stay under it: the group is what the text named.
    return matches(sourceRow, sourceParent) ||
           (sourceParent.isValid() && matches(sourceParent.row(), sourceParent.parent()));
}

} // namespace numasight
