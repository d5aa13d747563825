// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "views/common/node_table_model.h"

#include <memory>
#include <vector>

namespace numasight {

// The threads of one sample: CPU time in the interval, where it ran by NUMA node (one column per node of
// the snapshot in force, through its CPU -> node map), last CPU, context switches per second and the
// collection mode of the figures. A table, so it is flat; sorting and filtering are the proxy's.
class ThreadTableModel : public NodeTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        PidColumn,
        TidColumn,
        CommColumn,
        CpuMsColumn,
        CpuShareColumn, // of one CPU over the interval
        LastCpuColumn,
        SwitchesColumn, // voluntary + involuntary per second
        ModeColumn,
        FirstNodeColumn // then one per NUMA node: share of the thread's CPU time on that node
    };

    explicit ThreadTableModel(QObject* parent = nullptr)
        : NodeTableModel(FirstNodeColumn, parent)
    {
    }

    void setSample(SamplePtr sample, SnapshotPtr snapshot);
    // The threads of a capture without samples (a witty-profiler graph): the CPU time per node its source
    // counted since each thread started (proc_status.numa_index_to_cpu_runtime), no interval.
    void setSnapshotThreads(SnapshotPtr snapshot);
    const Sample* sample() const { return m_sample.get(); }
    bool showsSnapshot() const { return m_fromSnapshot; }
    int threadsWithCpuTime() const;
    int rowOfTid(std::int64_t tid) const;

private:
    int rows() const override { return int(m_rows.size()); }
    QVariant cell(int row, int column, int role) const override;
    QString columnTitle(int section) const override;
    QString columnToolTip(int section) const override;

    struct Row
    {
        std::vector<double> nodeShare; // per node column, 0..1
        QList<int> cpus;               // ran on, else last CPU
    };

    SamplePtr m_sample;
    SnapshotPtr m_snapshot;
    std::vector<Row> m_rows;
    bool m_fromSnapshot = false;
};

} // namespace numasight
