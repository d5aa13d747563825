// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "advice/advice.h"
#include "views/advice/advice_fwd.h"

#include <QAbstractItemModel>

namespace numasight {

// The advisor's findings as a tree: one top-level row per FindingGroup (findings of one kind about processes
// sharing a command line and a container), in the advisor's order (critical first, then by pid), and under a
// group of more than one its findings, one row each. A group of one is its finding, without children, so a
// small workload reads as a flat list while 12 000 copies of one worker read as one row. The severity column
// carries an icon and a colour; the message's tooltip lists the figures behind it. Sorting is by
// AdviceModel::SortRole (severity by rank, ids and counts as numbers), filtering by AdviceFilterProxy.
class AdviceModel : public QAbstractItemModel
{
    Q_OBJECT
public:
    enum Column
    {
        SeverityColumn,
        KindColumn,
        CountColumn, // processes in the group; empty on a finding's own row
        PidColumn,
        TidColumn,
        MessageColumn,
        ColumnCount
    };
    enum Role
    {
        SortRole = Qt::UserRole + 1, // severity as 0..2, pid/tid/count as numbers (-1 when none), else text
        PidRole,                     // qint64, -1 for machine-wide findings; a group's: its worst finding's
        TidRole,                     // qint64, -1 for process findings
        SeverityRole,                // int: Severity (a group's worst)
        FindingRole,                 // int: index into Advice::findings (a group's: its worst)
        GroupSizeRole,               // int: findings in the row's group (1 for a finding under a group)
    };

    explicit AdviceModel(QObject* parent = nullptr);

    void setAdvice(AdvicePtr advice);
    AdvicePtr advice() const { return m_advice; }
    const std::vector<FindingGroup>& groups() const { return m_groups; }
    // The finding a row stands for (a group's worst); null for an invalid index.
    const Finding* finding(const QModelIndex& index) const;
    // The first row about `pid` (and `tid` when >= 0 and there is one): a group's row when the finding is
    // alone, else its row under its group. Invalid when there is none.
    QModelIndex indexOf(std::int64_t pid, std::int64_t tid = -1) const;

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    // Top-level rows have internal id 0; the findings under group g have g + 1.
    int findingIndex(const QModelIndex& index) const;
    const FindingGroup* groupOf(const QModelIndex& index) const;

    AdvicePtr m_advice;
    std::vector<FindingGroup> m_groups;
};

QColor severityColor(Severity s);
QIcon severityIcon(Severity s);

} // namespace numasight
