#pragma once

#include "model/snapshot.h"

#include <QAbstractTableModel>

#include <memory>
#include <vector>

namespace numasight {

// The threads of one sample: CPU time in the interval, where it ran by NUMA node (one column per node of
// the snapshot in force, through its CPU -> node map), last CPU, context switches per second and the
// collection mode of the figures. A table, so it is flat; sorting and filtering are the proxy's.
class ThreadTableModel : public QAbstractTableModel
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

    explicit ThreadTableModel(QObject* parent = nullptr);

    void setSample(SamplePtr sample, SnapshotPtr snapshot);
    const Sample* sample() const { return m_sample.get(); }
    int nodeCount() const { return int(m_nodes.size()); }
    int rowOfTid(std::int64_t tid) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row
    {
        std::vector<double> nodeShare; // per m_nodes, 0..1
        QList<int> cpus;               // ran on, else last CPU
    };

    SamplePtr m_sample;
    SnapshotPtr m_snapshot;
    std::vector<int> m_nodes; // OS indexes of the columns
    std::vector<Row> m_rows;
};

} // namespace numasight
