// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/advice/compare_filter_proxy.h"

#include "views/advice/compare_model.h"

namespace numasight {

CompareFilterProxy::CompareFilterProxy(QObject* parent)
    : QSortFilterProxyModel(parent)
{
    setSortRole(CompareModel::SortRole);
    setRecursiveFilteringEnabled(true);
}

void CompareFilterProxy::setFilterText(const QString& text)
{
    const QString lower = text.trimmed().toLower();
    if (lower == m_text)
        return;
    m_text = lower;
    invalidateFilter();
}

bool CompareFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    if (m_text.isEmpty())
        return true;
    const QModelIndex index = sourceModel()->index(sourceRow, 0, sourceParent);
    if (index.data(CompareModel::SearchTextRole).toString().contains(m_text))
        return true;
    // Under a matching process every thread stays.
    return sourceParent.isValid() &&
           sourceParent.data(CompareModel::SearchTextRole).toString().contains(m_text);
}

} // namespace numasight
