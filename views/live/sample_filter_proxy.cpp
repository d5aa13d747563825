// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/live/sample_filter_proxy.h"

#include "views/live/sample_roles.h"

namespace numasight {

SampleFilterProxy::SampleFilterProxy(QObject* parent)
    : QueryFilterProxy(SampleSortRole, parent)
{
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

} // namespace numasight
