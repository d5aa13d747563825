// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "views/common/query_filter_proxy.h"

#include <QHash>

namespace numasight {

// Sorts and filters the tables of one sample with the entity browser's filter semantics: the text is a
// case-insensitive substring of comm, pid or tid, and "cpu:N" (or "cpu N") keeps the rows that ran on
// CPU N in the sample. Sorting is by SampleSortRole, numbers as numbers.
//
// A live table must not move under the user's hand: holdOrder() keeps the rows in the order shown, by
// their key (the tid, or the pid for a table of processes), through the samples that replace them; rows
// new to it follow, sorted. Any sort() asked for (a header click) and resort() sort by the column again.
class SampleFilterProxy : public QueryFilterProxy
{
    Q_OBJECT
public:
    explicit SampleFilterProxy(QObject* parent = nullptr);

    void setKeyRole(int role) { m_keyRole = role; }
    void holdOrder();
    void resort();
    bool isOrderHeld() const { return m_held; }

    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;
    bool lessThan(const QModelIndex& left, const QModelIndex& right) const override;

private:
    int m_keyRole;
    bool m_held = false;
    QHash<qint64, int> m_rank; // key -> row shown when the order was held
};

} // namespace numasight
