#include "views/browser/entity_filter_proxy.h"

#include "views/browser/entity_tree_model.h"
#include "views/browser/filter_query.h"

namespace numasight {

EntityFilterProxy::EntityFilterProxy(QObject* parent)
    : QSortFilterProxyModel(parent)
{
    setRecursiveFilteringEnabled(true);
    setSortRole(EntityTreeModel::SortRole);
    setSortCaseSensitivity(Qt::CaseInsensitive);
}

void EntityFilterProxy::setFilterText(const QString& text)
{
    FilterQuery query = FilterQuery::parse(text);
    if (query.text == m_text)
        return;
    m_text = std::move(query.text);
    m_cpu = query.cpu;
    invalidateFilter();
}

void EntityFilterProxy::setKindFilter(std::optional<EntityKind> kind)
{
    if (kind == m_kind)
        return;
    m_kind = kind;
    invalidateFilter();
}

bool EntityFilterProxy::matchesText(const QModelIndex& index) const
{
    if (index.data(EntityTreeModel::IsGroupRole).toBool())
        return false;
    if (m_cpu >= 0) {
        const auto* model = qobject_cast<const EntityTreeModel*>(sourceModel());
        const EntityId id(index.data(EntityTreeModel::EntityIdRole).toInt());
        return model && model->snapshot() && id.isValid() &&
               model->snapshot()->entity(id).cpus.contains(m_cpu);
    }
    return index.data(EntityTreeModel::SearchTextRole).toString().contains(m_text);
}

bool EntityFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    if (m_text.isEmpty() && !m_kind)
        return true;
    const QModelIndex index = sourceModel()->index(sourceRow, 0, sourceParent);
    if (m_kind && index.data(EntityTreeModel::EntityKindRole).toInt() != int(*m_kind))
        return false; // recursive filtering still keeps it when a descendant is accepted
    if (m_text.isEmpty())
        return true;
    if (m_cpu >= 0)
        return matchesText(index); // everything holding the CPU matches already; its other CPUs are noise
    for (QModelIndex i = index; i.isValid(); i = i.parent())
        if (matchesText(i))
            return true;
    return false;
}

bool EntityFilterProxy::lessThan(const QModelIndex& left, const QModelIndex& right) const
{
    const QVariant l = left.data(EntityTreeModel::SortRole);
    const QVariant r = right.data(EntityTreeModel::SortRole);
    if (l.typeId() == r.typeId() && l.typeId() != QMetaType::QString)
        return QVariant::compare(l, r) == QPartialOrdering::Less;
    return QString::localeAwareCompare(l.toString(), r.toString()) < 0;
}

} // namespace numasight
