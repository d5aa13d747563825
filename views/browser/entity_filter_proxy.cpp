// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/browser/entity_filter_proxy.h"

#include "views/browser/entity_tree_model.h"

namespace numasight {

EntityFilterProxy::EntityFilterProxy(QObject* parent)
    : QueryFilterProxy(EntityTreeModel::SortRole, parent)
{
    setRecursiveFilteringEnabled(true);
    setResetOnFilterChange(true);
}

void EntityFilterProxy::setKindFilter(std::optional<EntityKind> kind)
{
    if (kind == m_kind)
        return;
    refilter([&] { m_kind = kind; });
}

bool EntityFilterProxy::matchesText(const QModelIndex& index) const
{
    if (index.data(EntityTreeModel::IsGroupRole).toBool())
        return false;
    if (filterCpu() >= 0) {
        const auto* model = qobject_cast<const EntityTreeModel*>(sourceModel());
        const EntityId id(index.data(EntityTreeModel::EntityIdRole).toInt());
        return model && model->snapshot() && id.isValid() &&
               model->snapshot()->entity(id).cpus.contains(filterCpu());
    }
    return index.data(EntityTreeModel::SearchTextRole).toString().contains(filterText());
}

bool EntityFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    if (filterText().isEmpty() && !m_kind)
        return true;
    const QModelIndex index = sourceModel()->index(sourceRow, 0, sourceParent);
    if (m_kind && index.data(EntityTreeModel::EntityKindRole).toInt() != int(*m_kind))
        return false; // recursive filtering still keeps it when a descendant is accepted
    if (filterText().isEmpty())
        return true;
    if (filterCpu() >= 0)
        return matchesText(index); // everything holding the CPU matches already; its other CPUs are noise
    for (QModelIndex i = index; i.isValid(); i = i.parent())
        if (matchesText(i))
            return true;
    return false;
}

} // namespace numasight
