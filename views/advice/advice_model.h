// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "views/advice/advice_fwd.h"

#include <QAbstractTableModel>

namespace numasight {

// The advisor's findings as a table, one row each, in the advisor's order (critical first, then by pid).
// The severity column carries an icon and a colour; the message's tooltip lists the figures behind it.
// Sorting is by AdviceModel::SortRole (severity by rank, ids as numbers), filtering by AdviceFilter.
class AdviceModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        SeverityColumn,
        KindColumn,
        PidColumn,
        TidColumn,
        MessageColumn,
        ColumnCount
    };
    enum Role
    {
        SortRole = Qt::UserRole + 1, // severity as 0..2, pid/tid as numbers (-1 when none), else text
        PidRole,                     // qint64, -1 for machine-wide findings
        TidRole,                     // qint64, -1 for process findings
        SeverityRole,                // int: Severity
        FindingRole,                 // int: index into Advice::findings
    };

    explicit AdviceModel(QObject* parent = nullptr);

    void setAdvice(AdvicePtr advice);
    AdvicePtr advice() const { return m_advice; }
    const Finding* finding(int row) const;
    // The first row about `pid` (and `tid` when >= 0 and there is one), else -1.
    int rowOf(std::int64_t pid, std::int64_t tid = -1) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    AdvicePtr m_advice;
};

QColor severityColor(Severity s);
QIcon severityIcon(Severity s);

} // namespace numasight
