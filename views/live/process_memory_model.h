// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "views/common/node_table_model.h"

#include <memory>
#include <vector>

namespace numasight {

// Where each process's memory lives in one sample (from numa_maps): its total pages and bytes, and per
// NUMA node the pages as "total / dirty-anon" (witty's two counts), with the node's bytes in the tooltip.
class ProcessMemoryModel : public NodeTableModel
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

    explicit ProcessMemoryModel(QObject* parent = nullptr)
        : NodeTableModel(FirstNodeColumn, parent)
    {
    }

    void setSample(SamplePtr sample, SnapshotPtr snapshot);
    int rowOfPid(std::int64_t pid) const;

private:
    struct Row
    {
        std::int64_t pid = -1;
        QString comm;
        QString policy;
        std::uint64_t pages = 0, dirtyAnon = 0, bytes = 0;
        std::vector<const NodePages*> nodes; // per node column, null when none there
        QList<int> cpus;                     // where its threads ran in the sample, for "cpu:N"
    };

    int rows() const override { return int(m_rows.size()); }
    QVariant cell(int row, int column, int role) const override;
    QString columnTitle(int section) const override;
    QString columnToolTip(int section) const override;

    SamplePtr m_sample;
    std::vector<Row> m_rows;
};

} // namespace numasight
