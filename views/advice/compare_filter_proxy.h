// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QSortFilterProxyModel>

namespace numasight {

// Sorts the Compare tab's table by CompareModel::SortRole once a header is clicked; until then rows keep the
// model's order (processes by change, each followed by its threads).
class CompareFilterProxy : public QSortFilterProxyModel
{
    Q_OBJECT
public:
    explicit CompareFilterProxy(QObject* parent = nullptr);
};

} // namespace numasight
