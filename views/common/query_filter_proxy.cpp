// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/common/query_filter_proxy.h"

#include "views/common/filter_query.h"

namespace numasight {

QueryFilterProxy::QueryFilterProxy(int sortRole, QObject* parent)
    : QSortFilterProxyModel(parent)
{
    setSortRole(sortRole);
    setSortCaseSensitivity(Qt::CaseInsensitive);
}

void QueryFilterProxy::setFilterText(const QString& text)
{
    FilterQuery query = FilterQuery::parse(text);
    if (query.text == m_text)
        return;
    refilter([&] {
        m_text = std::move(query.text);
        m_cpu = query.cpu;
    });
}

void QueryFilterProxy::refilter(const std::function<void()>& change)
{
    if (!m_reset) {
        change();
        invalidateFilter();
        return;
    }
    beginResetModel();
    change();
    endResetModel();
}

bool QueryFilterProxy::lessThan(const QModelIndex& left, const QModelIndex& right) const
{
    const QVariant l = left.data(sortRole());
    const QVariant r = right.data(sortRole());
    if (l.typeId() == r.typeId() && l.typeId() != QMetaType::QString)
        return QVariant::compare(l, r) == QPartialOrdering::Less;
    return QString::localeAwareCompare(l.toString(), r.toString()) < 0;
}

} // namespace numasight
