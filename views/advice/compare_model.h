// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "views/advice/advice_fwd.h"

#include <QAbstractTableModel>

namespace numasight {

// The processes and threads of a CaptureDiff in one table: processes by change, highest first, each followed
// by its threads (highest change first), A → B in each cell. Rows whose change reaches kDiffThreshold are
// emphasised (bold, a tinted background).
class CompareModel : public QAbstractTableModel
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
    };

    explicit CompareModel(QObject* parent = nullptr);
    void setDiff(CaptureDiffPtr diff);
    CaptureDiffPtr diff() const { return m_diff; }
    const LocalityChange* change(int row) const;
    bool isThread(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row
    {
        const LocalityChange* change;
        bool thread;
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
