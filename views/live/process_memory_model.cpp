// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/live/process_memory_model.h"

#include "util/format.h"
#include "views/live/sample_roles.h"

#include <QHash>

#include <set>

namespace numasight {

void ProcessMemoryModel::setSample(SamplePtr sample, SnapshotPtr snapshot)
{
    beginResetModel();
    m_sample = std::move(sample);
    setNodes({});
    m_rows.clear();
    if (m_sample) {
        // Columns: the snapshot's nodes, plus any node pages were found on that it does not list.
        const std::vector<int> local = localNodes(snapshot.get());
        std::set<int> nodeSet(local.begin(), local.end());
        for (const ProcessMemorySample& p : m_sample->processes)
            for (const NodePages& n : p.nodes)
                if (n.node >= 0)
                    nodeSet.insert(n.node);
        setNodes({nodeSet.begin(), nodeSet.end()});
        QHash<std::int64_t, QList<int>> cpusOf;
        for (const ThreadCpuSample& t : m_sample->threads) {
            QList<int>& cpus = cpusOf[t.pid];
            for (const auto& [cpu, ns] : t.cpuNsByCpu)
                if (!cpus.contains(cpu))
                    cpus << cpu;
            if (t.cpuNsByCpu.empty() && t.lastCpu >= 0 && !cpus.contains(t.lastCpu))
                cpus << t.lastCpu;
        }
        for (const ProcessMemorySample& p : m_sample->processes) {
            Row row;
            row.pid = p.pid;
            row.policy = p.memoryPolicy;
            row.cpus = cpusOf.value(p.pid);
            if (snapshot) {
                const EntityId e = snapshot->processByPid(p.pid);
                if (e.isValid())
                    row.comm = snapshot->entity(e).name;
            }
            row.nodes.assign(nodes().size(), nullptr);
            for (const NodePages& n : p.nodes) {
                row.pages += n.totalPages;
                row.dirtyAnon += n.dirtyAnonPages;
                row.bytes += n.bytes;
                const auto it = std::lower_bound(nodes().begin(), nodes().end(), n.node);
                if (it != nodes().end() && *it == n.node)
                    row.nodes[size_t(it - nodes().begin())] = &n;
            }
            m_rows.push_back(std::move(row));
        }
    }
    endResetModel();
}

int ProcessMemoryModel::rowOfPid(std::int64_t pid) const
{
    for (size_t i = 0; i < m_rows.size(); ++i)
        if (m_rows[i].pid == pid)
            return int(i);
    return -1;
}

QVariant ProcessMemoryModel::cell(int rowIndex, int column, int role) const
{
    const Row& row = m_rows[size_t(rowIndex)];
    const int n = nodeIndex(column);
    const NodePages* node = n >= 0 ? row.nodes[size_t(n)] : nullptr;
    switch (role) {
    case Qt::DisplayRole:
        if (column == BytesColumn)
            return formatBytes(double(row.bytes), TrailingZeros::Keep);
        if (n >= 0)
            return node ? QStringLiteral("%1 / %2").arg(node->totalPages).arg(node->dirtyAnonPages)
                        : QStringLiteral("—");
        [[fallthrough]]; // the other columns show what they sort by
    case SampleSortRole:
        switch (column) {
        case PidColumn:
            return qlonglong(row.pid);
        case CommColumn:
            return row.comm;
        case PolicyColumn:
            return row.policy;
        case PagesColumn:
            return qulonglong(row.pages);
        case DirtyAnonColumn:
            return qulonglong(row.dirtyAnon);
        case BytesColumn:
            return qulonglong(row.bytes);
        default:
            return qulonglong(node ? node->totalPages : 0);
        }
    case Qt::TextAlignmentRole:
        return column == CommColumn || column == PolicyColumn ? QVariant()
                                                              : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ToolTipRole:
        if (node)
            return tr("Node %1: %2 pages (%3 dirty anonymous, %4 anonymous, %5 file, %6 huge), %7")
                .arg(node->node)
                .arg(node->totalPages)
                .arg(node->dirtyAnonPages)
                .arg(node->anonPages)
                .arg(node->filePages)
                .arg(node->hugePages)
                .arg(formatBytes(double(node->bytes), TrailingZeros::Keep));
        return {};
    case SampleSearchTextRole:
        return QStringLiteral("%1 %2").arg(row.comm.toLower()).arg(row.pid);
    case SampleCpusRole:
        return QVariant::fromValue(row.cpus);
    case SamplePidRole:
        return qlonglong(row.pid);
    case SampleTidRole:
        return qlonglong(-1);
    default:
        return {};
    }
}

QString ProcessMemoryModel::columnTitle(int section) const
{
    switch (section) {
    case PidColumn:
        return tr("PID");
    case CommColumn:
        return tr("Comm");
    case PolicyColumn:
        return tr("Policy");
    case PagesColumn:
        return tr("Pages");
    case DirtyAnonColumn:
        return tr("Dirty anon");
    case BytesColumn:
        return tr("Bytes");
    }
    return {};
}

QString ProcessMemoryModel::columnToolTip(int section) const
{
    if (section >= FirstNodeColumn)
        return tr("Pages on node %1: total / dirty anonymous (witty's count)")
            .arg(nodes()[size_t(nodeIndex(section))]);
    if (section == BytesColumn)
        return tr("Bytes: pages weighted by each mapping's page size (huge pages count in full)");
    return {};
}

} // namespace numasight
