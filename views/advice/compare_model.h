// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "views/advice/advice_fwd.h"

#include <QAbstractItemModel>
#include <QAbstractTableModel>

#include <vector>

namespace numasight {

// The processes and threads of a CaptureDiff as a tree: processes by change, highest first, each with its
// threads as children (highest change first), A → B in each cell. Threads whose process is not listed sit at
// the top level after the processes. Rows whose change reaches kDiffThreshold are emphasised (bold, a tinted
// background).
class CompareModel : public QAbstractItemModel
{
    Q_OBJECT
public:
    enum Column
    {
        NameColumn,
        KindColumn, // process / thread
        PidColumn,  // "A → B"
        TidColumn,
        CpuNodeColumn,
        MemoryNodeColumn,
        SimilarityColumn,
        RemoteColumn,
        CpusAllowedColumn,
        ChangeColumn,
        ColumnCount
    };
    enum Role
    {
        SortRole = Qt::UserRole + 1,
        ChangeRole,      // double
        PidARole,        // qint64, -1 when not in A
        TidARole,        // qint64, -1 for processes or when not in A
        PidBRole,        // qint64
        TidBRole,        // qint64
        IsThreadRole,    // bool
        HighlightedRole, // bool: change >= kDiffThreshold
        SearchTextRole,  // lower-case "name pidA pidB tidA tidB", what the filter matches
    };

    explicit CompareModel(QObject* parent = nullptr);
    void setDiff(CaptureDiffPtr diff);
    CaptureDiffPtr diff() const { return m_diff; }
    const LocalityChange* change(const QModelIndex& index) const;
    bool isThread(const QModelIndex& index) const;

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    // A top-level row: a process with its threads, or a thread whose process is not listed.
    struct Row
    {
        const LocalityChange* change;
        bool thread;
        std::vector<const LocalityChange*> threads;
    };
    CaptureDiffPtr m_diff;
    std::vector<Row> m_rows;
};

// The flows of a CaptureDiff: protocol, peer, pid A → B, bytes A → B (or presence when volumes are unknown).
class CompareFlowModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        PidColumn,
        ProtocolColumn,
        PeerColumn,
        BytesColumn,
        StateColumn, // "both", "only A", "only B"
        ColumnCount
    };
    explicit CompareFlowModel(QObject* parent = nullptr);
    void setDiff(CaptureDiffPtr diff);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    CaptureDiffPtr m_diff;
};

} // namespace numasight
