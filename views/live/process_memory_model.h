#pragma once

#include "model/snapshot.h"

#include <QAbstractTableModel>

#include <memory>
#include <vector>

namespace numasight {

// Where each process's memory lives in one sample (from numa_maps): its total pages and bytes, and per
// NUMA node the pages as "total / dirty-anon" (witty's two counts), with the node's bytes in the tooltip.
class ProcessMemoryModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        PidColumn,
        CommColumn,
        PolicyColumn,
        PagesColumn,
        DirtyAnonColumn,
        BytesColumn,
        FirstNodeColumn // then one per NUMA node
    };

    explicit ProcessMemoryModel(QObject* parent = nullptr);

    void setSample(SamplePtr sample, SnapshotPtr snapshot);
    int rowOfPid(std::int64_t pid) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row
    {
        std::int64_t pid = -1;
        QString comm;
        QString policy;
        std::uint64_t pages = 0, dirtyAnon = 0, bytes = 0;
        std::vector<const NodePages*> nodes; // per m_nodes column, null when none there
        QList<int> cpus;                     // where its threads ran in the sample, for "cpu:N"
    };

    SamplePtr m_sample;
    std::vector<int> m_nodes; // OS indexes of the node columns
    std::vector<Row> m_rows;
};

} // namespace numasight
