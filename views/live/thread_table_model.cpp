// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/live/thread_table_model.h"

#include "analysis/witty_metrics.h"
#include "util/format.h"
#include "views/live/sample_roles.h"

#include <QHash>

#include <algorithm>

namespace numasight {

void ThreadTableModel::setSample(SamplePtr sample, SnapshotPtr snapshot)
{
    beginResetModel();
    m_fromSnapshot = false;
    m_sample = std::move(sample);
    m_snapshot = std::move(snapshot);
    setNodes({});
    m_rows.clear();
    if (m_sample && m_snapshot) {
        setNodes(localNodes(m_snapshot.get()));
        QHash<int, size_t> column;
        for (size_t i = 0; i < nodes().size(); ++i)
            column.insert(nodes()[i], i);
        m_rows.reserve(m_sample->threads.size());
        for (const ThreadCpuSample& t : m_sample->threads) {
            Row row;
            row.nodeShare.assign(nodes().size(), 0.0);
            std::uint64_t total = 0;
            for (const auto& [cpu, ns] : t.cpuNsByCpu) {
                row.cpus << cpu;
                total += ns;
                const EntityId node = m_snapshot->nodeOfCpu(CpuId(cpu));
                if (!node.isValid())
                    continue;
                const auto it = column.constFind(m_snapshot->entity(node).osIndex);
                if (it != column.constEnd())
                    row.nodeShare[*it] += double(ns);
            }
            for (double& share : row.nodeShare)
                share = total > 0 ? share / double(total) : 0.0;
            if (row.cpus.isEmpty() && t.lastCpu >= 0)
                row.cpus << t.lastCpu;
            m_rows.push_back(std::move(row));
        }
    }
    endResetModel();
}

void ThreadTableModel::setSnapshotThreads(SnapshotPtr snapshot)
{
    beginResetModel();
    m_fromSnapshot = true;
    m_snapshot = std::move(snapshot);
    m_sample.reset();
    setNodes({});
    m_rows.clear();
    if (m_snapshot) {
        setNodes(localNodes(m_snapshot.get()));
        int nodeCount = 0;
        for (int node : nodes())
            nodeCount = std::max(nodeCount, node + 1);
        auto sample = std::make_shared<Sample>();
        for (EntityId id : m_snapshot->ofKind(EntityKind::Thread)) {
            const Entity& e = m_snapshot->entity(id);
            ThreadCpuSample t;
            t.tid = e.tid;
            t.pid = e.pid >= 0 ? e.pid : e.parent.isValid() ? m_snapshot->entity(e.parent).pid : -1;
            t.comm = e.name;
            t.mode = CollectionMode::Import;
            Row row;
            row.nodeShare.assign(nodes().size(), 0.0);
            std::vector<double> nsPerNode;
            for (EdgeId edgeId : m_snapshot->outEdges(id)) {
                const Edge& edge = m_snapshot->edge(edgeId);
                if (edge.kind != EdgeKind::AccessWithProcStatus)
                    continue;
                if (auto ns = readNumaIndexToCpuRuntime(edge.payload.text(), nodeCount, nullptr))
                    nsPerNode = std::move(*ns);
                break;
            }
            double total = 0;
            for (double ns : nsPerNode)
                total += ns;
            t.cpuNs = std::uint64_t(total);
            for (size_t i = 0; i < nodes().size(); ++i)
                if (total > 0 && size_t(nodes()[i]) < nsPerNode.size())
                    row.nodeShare[i] = nsPerNode[size_t(nodes()[i])] / total;
            sample->threads.push_back(std::move(t));
            m_rows.push_back(std::move(row));
        }
        m_sample = std::move(sample);
    }
    endResetModel();
}

int ThreadTableModel::threadsWithCpuTime() const
{
    if (!m_sample)
        return 0;
    return int(std::count_if(m_sample->threads.cbegin(), m_sample->threads.cend(),
                             [](const ThreadCpuSample& t) { return t.cpuNs > 0; }));
}

int ThreadTableModel::rowOfTid(std::int64_t tid) const
{
    if (!m_sample)
        return -1;
    for (size_t i = 0; i < m_sample->threads.size(); ++i)
        if (m_sample->threads[i].tid == tid)
            return int(i);
    return -1;
}

QVariant ThreadTableModel::cell(int rowIndex, int column, int role) const
{
    const ThreadCpuSample& t = m_sample->threads[size_t(rowIndex)];
    const Row& row = m_rows[size_t(rowIndex)];
    const double intervalMs = double(m_sample->intervalNs) / 1e6;
    const double cpuMs = double(t.cpuNs) / 1e6;
    const double switches = t.voluntarySwitchesPerSec + t.involuntarySwitchesPerSec;
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case CpuMsColumn:
            return QString::number(cpuMs, 'f', 1);
        case CpuShareColumn:
            return intervalMs > 0 ? formatPercent(cpuMs / intervalMs, 1) : QStringLiteral("—");
        case LastCpuColumn:
            return t.lastCpu >= 0 ? QVariant(t.lastCpu) : QVariant(QStringLiteral("—"));
        case SwitchesColumn:
            return m_fromSnapshot ? QStringLiteral("—") : QString::number(switches, 'f', 1);
        default:
            break;
        }
        if (column >= FirstNodeColumn)
            return t.cpuNs == 0 ? QStringLiteral("—")
                                : formatPercent(row.nodeShare[size_t(nodeIndex(column))]);
        [[fallthrough]]; // the other columns show what they sort by
    case SampleSortRole:
        switch (column) {
        case PidColumn:
            return qlonglong(t.pid);
        case TidColumn:
            return qlonglong(t.tid);
        case CommColumn:
            return t.comm;
        case CpuMsColumn:
        case CpuShareColumn:
            return qulonglong(t.cpuNs);
        case LastCpuColumn:
            return t.lastCpu;
        case SwitchesColumn:
            return switches;
        case ModeColumn:
            return collectionModeName(t.mode);
        default:
            return row.nodeShare[size_t(nodeIndex(column))];
        }
    case Qt::TextAlignmentRole:
        return column == CommColumn || column == ModeColumn ? QVariant()
                                                            : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ToolTipRole:
        if (column == CpuMsColumn && m_fromSnapshot)
            return tr("On-CPU time since the thread started, as the capture's source counted it");
        if (column == ModeColumn && t.mode == CollectionMode::Import)
            return tr("Imported: the figures of the file's source, not sampled by numasight");
        if (column == ModeColumn)
            return t.mode == CollectionMode::Ebpf
                       ? tr("eBPF: on-CPU time measured per CPU at every context switch")
                       : tr("procfs: CPU time from /proc sampling, all of it counted on the last CPU seen");
        if (column >= FirstNodeColumn)
            return tr("Share of this thread's CPU time in the interval spent on node %1")
                .arg(nodes()[size_t(nodeIndex(column))]);
        return {};
    case SampleSearchTextRole:
        return QStringLiteral("%1 %2 %3").arg(t.comm.toLower()).arg(t.pid).arg(t.tid);
    case SampleCpusRole:
        return QVariant::fromValue(row.cpus);
    case SamplePidRole:
        return qlonglong(t.pid);
    case SampleTidRole:
        return qlonglong(t.tid);
    default:
        return {};
    }
}

QString ThreadTableModel::columnTitle(int section) const
{
    switch (section) {
    case PidColumn:
        return tr("PID");
    case TidColumn:
        return tr("TID");
    case CommColumn:
        return tr("Comm");
    case CpuMsColumn:
        return tr("CPU ms");
    case CpuShareColumn:
        return tr("CPU");
    case LastCpuColumn:
        return tr("Last CPU");
    case SwitchesColumn:
        return tr("Switches/s");
    case ModeColumn:
        return tr("Mode");
    }
    return {};
}

QString ThreadTableModel::columnToolTip(int section) const
{
    switch (section) {
    case CpuMsColumn:
        return tr("On-CPU time in the sample's interval, in milliseconds");
    case CpuShareColumn:
        return tr("On-CPU time as a share of one CPU over the interval");
    case LastCpuColumn:
        return tr("The CPU the thread was last seen on");
    case SwitchesColumn:
        return tr("Context switches per second (voluntary + involuntary) over the interval");
    }
    return {};
}

} // namespace numasight
