// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QSortFilterProxyModel>

#include <functional>

namespace numasight {

// What the filter proxies of the entity browser and the sample tables share: the filter box's text read once
// as a FilterQuery (a lower-case substring, or "cpu:N"), and sorting by one role with numbers compared as
// numbers and text in the locale's order, without case. A subclass says which rows the query keeps.
class QueryFilterProxy : public QSortFilterProxyModel
{
    Q_OBJECT
public:
    void setFilterText(const QString& text);
    QString filterText() const { return m_text; }

protected:
    QueryFilterProxy(int sortRole, QObject* parent);
    // A tree with thousands of open rows: a new filter resets the proxy instead of removing and inserting
    // rows one range at a time, each range moving every persistent index the view holds (quadratic; minutes
    // on 12 000 processes). The view loses what it had open and selected, which its owner restores.
    void setResetOnFilterChange(bool reset) { m_reset = reset; }
    void refilter(const std::function<void()>& change);

    // The CPU of a "cpu:N" query, else -1.
    int filterCpu() const { return m_cpu; }

    bool lessThan(const QModelIndex& left, const QModelIndex& right) const override;

private:
    QString m_text; // lower case, trimmed
    int m_cpu = -1;
    bool m_reset = false;
};

} // namespace numasight
