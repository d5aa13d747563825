// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/advice/advice_filter_proxy.h"

#include "views/advice/advice_model.h"

namespace numasight {

AdviceFilterProxy::AdviceFilterProxy(QObject* parent)
    : QSortFilterProxyModel(parent)
{
    setSortRole(AdviceModel::SortRole);
    setSortCaseSensitivity(Qt::CaseInsensitive);
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
    for (int c = 0; c < m->columnCount(sourceParent); ++c)
        if (m->index(sourceRow, c, sourceParent).data().toString().contains(m_text, Qt::CaseInsensitive))
            return true;
    return false;
}

} // namespace numasight
