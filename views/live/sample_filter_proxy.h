// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "views/common/query_filter_proxy.h"

namespace numasight {

// Sorts and filters the tables of one sample with the entity browser's filter semantics: the text is a
// case-insensitive substring of comm, pid or tid, and "cpu:N" (or "cpu N") keeps the rows that ran on
// CPU N in the sample. Sorting is by SampleSortRole, numbers as numbers.
class SampleFilterProxy : public QueryFilterProxy
{
    Q_OBJECT
public:
    explicit SampleFilterProxy(QObject* parent = nullptr);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;
};

} // namespace numasight
