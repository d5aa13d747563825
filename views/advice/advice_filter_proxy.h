// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QSortFilterProxyModel>

namespace numasight {

// Keeps rows where any column holds the filter text (case-insensitive), with their group and, under a group
// that matches, all its findings; sorts by AdviceModel::SortRole.
class AdviceFilterProxy : public QSortFilterProxyModel
{
    Q_OBJECT
public:
    explicit AdviceFilterProxy(QObject* parent = nullptr);
    void setFilterText(const QString& text);
    QString filterText() const { return m_text; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    QString m_text;
};

} // namespace numasight
