#include "views/live/sample_filter_proxy.h"

#include "views/browser/filter_query.h"
#include "views/live/sample_roles.h"

namespace numasight {

SampleFilterProxy::SampleFilterProxy(QObject* parent)
    : QSortFilterProxyModel(parent)
{
    setSortRole(SampleSortRole);
    setSortCaseSensitivity(Qt::CaseInsensitive);
}

void SampleFilterProxy::setFilterText(const QString& text)
{
    FilterQuery query = FilterQuery::parse(text);
    if (query.text == m_text)
        return;
    m_text = std::move(query.text);
    m_cpu = query.cpu;
    invalidateFilter();
}

bool SampleFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    if (m_text.isEmpty())
        return true;
    const QModelIndex index = sourceModel()->index(sourceRow, 0, sourceParent);
    if (m_cpu >= 0)
        return index.data(SampleCpusRole).value<QList<int>>().contains(m_cpu);
    return index.data(SampleSearchTextRole).toString().contains(m_text);
}

bool SampleFilterProxy::lessThan(const QModelIndex& left, const QModelIndex& right) const
{
    const QVariant l = left.data(SampleSortRole);
    const QVariant r = right.data(SampleSortRole);
    if (l.typeId() == r.typeId() && l.typeId() != QMetaType::QString)
        return QVariant::compare(l, r) == QPartialOrdering::Less;
    return QString::localeAwareCompare(l.toString(), r.toString()) < 0;
}

} // namespace numasight
