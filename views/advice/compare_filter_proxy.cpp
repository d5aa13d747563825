// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/advice/compare_filter_proxy.h"

#include "views/advice/compare_model.h"

namespace numasight {

CompareFilterProxy::CompareFilterProxy(QObject* parent)
    : QSortFilterProxyModel(parent)
{
    setSortRole(CompareModel::SortRole);
}

} // namespace numasight
