#include "views/live/thread_table_model.h"

#include "views/live/sample_roles.h"

#include <QHash>

namespace numasight {

ThreadTableModel::ThreadTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void ThreadTableModel::setSample(SamplePtr sample, SnapshotPtr snapshot)
{
    beginResetModel();
    m_sample = std::move(sample);
    m_snapshot = std::move(snapshot);
    m_nodes.clear();
    m_rows.clear();
    if (m_sample && m_snapshot) {
        // Recordings are of this machine: its nodes live in the "local" namespace.
        QHash<int, size_t> column;
        for (EntityId id : m_snapshot->numaNodes()) {
            const Entity& n = m_snapshot->entity(id);
            if (n.ns == u"local" && n.osIndex >= 0 && !column.contains(n.osIndex)) {
                column.insert(n.osIndex, m_nodes.size());
                m_nodes.push_back(n.osIndex);
            }
        }
        m_rows.reserve(m_sample->threads.size());
        for (const ThreadCpuSample& t : m_sample->threads) {
            Row row;
            row.nodeShare.assign(m_nodes.size(), 0.0);
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

int ThreadTableModel::rowOfTid(std::int64_t tid) const
{
    if (!m_sample)
        return -1;
    for (size_t i = 0; i < m_sample->threads.size(); ++i)
        if (m_sample->threads[i].tid == tid)
            return int(i);
    return -1;
}

int ThreadTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int ThreadTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : FirstNodeColumn + int(m_nodes.size());
}

QVariant ThreadTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const ThreadCpuSample& t = m_sample->threads[size_t(index.row())];
    const Row& row = m_rows[size_t(index.row())];
    const int column = index.column();
    const double intervalMs = double(m_sample->intervalNs) / 1e6;
    const double cpuMs = double(t.cpuNs) / 1e6;
    const double switches = t.voluntarySwitchesPerSec + t.involuntarySwitchesPerSec;
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case PidColumn:
            return qlonglong(t.pid);
        case TidColumn:
            return qlonglong(t.tid);
        case CommColumn:
            return t.comm;
        case CpuMsColumn:
            return QString::number(cpuMs, 'f', 1);
        case CpuShareColumn:
            return intervalMs > 0 ? QStringLiteral("%1 %").arg(100.0 * cpuMs / intervalMs, 0, 'f', 1)
                                  : QStringLiteral("—");
        case LastCpuColumn:
            return t.lastCpu >= 0 ? QVariant(t.lastCpu) : QVariant(QStringLiteral("—"));
        case SwitchesColumn:
            return QString::number(switches, 'f', 1);
        case ModeColumn:
            return collectionModeName(t.mode);
        default:
            if (t.cpuNs == 0)
                return QStringLiteral("—");
            return QStringLiteral("%1 %").arg(100.0 * row.nodeShare[size_t(column - FirstNodeColumn)], 0, 'f',
                                              0);
        }
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
            return row.nodeShare[size_t(column - FirstNodeColumn)];
        }
    case Qt::TextAlignmentRole:
        return column == CommColumn || column == ModeColumn ? QVariant()
                                                            : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ToolTipRole:
        if (column == ModeColumn)
            return t.mode == CollectionMode::Ebpf
                       ? tr("eBPF: on-CPU time measured per CPU at every context switch")
                       : tr("procfs: CPU time from /proc sampling, all of it counted on the last CPU seen");
        if (column >= FirstNodeColumn)
            return tr("Share of this thread's CPU time in the interval spent on node %1")
                .arg(m_nodes[size_t(column - FirstNodeColumn)]);
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

QVariant ThreadTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= columnCount())
        return {};
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case CpuMsColumn:
            return tr("On-CPU time in the sample's interval, in milliseconds");
        case CpuShareColumn:
            return tr("On-CPU time as a share of one CPU over the interval");
        case LastCpuColumn:
            return tr("The CPU the thread was last seen on");
        case SwitchesColumn:
            return tr("Context switches per second (voluntary + involuntary) over the interval");
        default:
            return {};
        }
    }
    if (role != Qt::DisplayRole)
        return {};
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
    default:
        return tr("Node %1").arg(m_nodes[size_t(section - FirstNodeColumn)]);
    }
}

} // namespace numasight
