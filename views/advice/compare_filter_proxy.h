// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QSortFilterProxyModel>

namespace numasight {

// Sorts the Compare tab's tree by CompareModel::SortRole once a header is clicked; until then rows keep the
// model's order (processes by change, each with its threads under it). The filter text matches names, pids
// and tids: a thread that matches keeps its process shown, and a process that matches shows all its threads.
class CompareFilterProxy : public QSortFilterProxyModel
{
    Q_OBJECT
public:
    explicit CompareFilterProxy(QObject* parent = nullptr);

    void setFilterText(const QString& text);
    QString filterText() const { return m_text; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    QString m_text; // lower case
};

} // namespace numasight
