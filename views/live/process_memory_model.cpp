#include "views/live/process_memory_model.h"

#include "views/live/sample_roles.h"

#include <QHash>
#include <QLocale>

#include <set>

namespace numasight {

ProcessMemoryModel::ProcessMemoryModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void ProcessMemoryModel::setSample(SamplePtr sample, SnapshotPtr snapshot)
{
    beginResetModel();
    m_sample = std::move(sample);
    m_nodes.clear();
    m_rows.clear();
    if (m_sample) {
        // Columns: the snapshot's nodes, plus any node pages were found on that it does not list.
        std::set<int> nodes;
        if (snapshot)
            for (EntityId id : snapshot->numaNodes())
                if (snapshot->entity(id).ns == u"local" && snapshot->entity(id).osIndex >= 0)
                    nodes.insert(snapshot->entity(id).osIndex);
        for (const ProcessMemorySample& p : m_sample->processes)
            for (const NodePages& n : p.nodes)
                if (n.node >= 0)
                    nodes.insert(n.node);
        m_nodes.assign(nodes.begin(), nodes.end());
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
            row.nodes.assign(m_nodes.size(), nullptr);
            for (const NodePages& n : p.nodes) {
                row.pages += n.totalPages;
                row.dirtyAnon += n.dirtyAnonPages;
                row.bytes += n.bytes;
                const auto it = std::lower_bound(m_nodes.begin(), m_nodes.end(), n.node);
                if (it != m_nodes.end() && *it == n.node)
                    row.nodes[size_t(it - m_nodes.begin())] = &n;
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

int ProcessMemoryModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int ProcessMemoryModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : FirstNodeColumn + int(m_nodes.size());
}

QVariant ProcessMemoryModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row& row = m_rows[size_t(index.row())];
    const int column = index.column();
    const NodePages* node = column >= FirstNodeColumn ? row.nodes[size_t(column - FirstNodeColumn)] : nullptr;
    switch (role) {
    case Qt::DisplayRole:
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
            return QLocale().formattedDataSize(qint64(row.bytes), 1, QLocale::DataSizeIecFormat);
        default:
            return node ? QStringLiteral("%1 / %2").arg(node->totalPages).arg(node->dirtyAnonPages)
                        : QStringLiteral("—");
        }
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
                .arg(QLocale().formattedDataSize(qint64(node->bytes), 1, QLocale::DataSizeIecFormat));
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

QVariant ProcessMemoryModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= columnCount())
        return {};
    if (role == Qt::ToolTipRole) {
        if (section >= FirstNodeColumn)
            return tr("Pages on node %1: total / dirty anonymous (witty's count)")
                .arg(m_nodes[size_t(section - FirstNodeColumn)]);
        if (section == BytesColumn)
            return tr("Bytes: pages weighted by each mapping's page size (huge pages count in full)");
        return {};
    }
    if (role != Qt::DisplayRole)
        return {};
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
    default:
        return tr("Node %1").arg(m_nodes[size_t(section - FirstNodeColumn)]);
    }
}

} // namespace numasight
