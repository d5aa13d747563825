// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/entity.h"
#include "views/common/query_filter_proxy.h"

#include <optional>

namespace numasight {

// Filters the entity browser by text and by kind. A row stays when it matches both, or when one of its
// descendants does (so a match is always shown with the path to it); rows below a text match stay too,
// so filtering by a pid keeps that process's threads. A "cpu:N" query keeps only what holds CPU N.
//
// Text: case-insensitive substring of name, key, pid, tid, PCI id or id column; "cpu:N" (or "cpu N")
// matches every entity whose CPU set holds CPU N.
class EntityFilterProxy : public QueryFilterProxy
{
    Q_OBJECT
public:
    explicit EntityFilterProxy(QObject* parent = nullptr);

    void setKindFilter(std::optional<EntityKind> kind);
    std::optional<EntityKind> kindFilter() const { return m_kind; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    bool matchesText(const QModelIndex& sourceIndex) const;

    std::optional<EntityKind> m_kind;
};

} // namespace numasight
