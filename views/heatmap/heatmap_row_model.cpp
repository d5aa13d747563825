// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/heatmap/heatmap_row_model.h"

#include "report/cpu_share.h"
#include "util/format.h"
#include "views/heatmap/heatmap_picture.h"

#include <QColor>
#include <QFont>

#include <cmath>

namespace numasight {

QString heatmapSortKeyName(HeatmapSortKey key)
{
    switch (key) {
    case HeatmapSortKey::RemoteShare:
        return QStringLiteral("remote");
    case HeatmapSortKey::CpuTime:
        return QStringLiteral("cpu");
    case HeatmapSortKey::Memory:
        return QStringLiteral("memory");
    case HeatmapSortKey::Process:
        return QStringLiteral("process");
    case HeatmapSortKey::Name:
        return QStringLiteral("name");
    }
    return {};
}

std::optional<HeatmapSortKey> heatmapSortKeyFromName(QStringView name)
{
    for (auto k : {HeatmapSortKey::RemoteShare, HeatmapSortKey::CpuTime, HeatmapSortKey::Memory,
                   HeatmapSortKey::Process, HeatmapSortKey::Name})
        if (name.compare(heatmapSortKeyName(k), Qt::CaseInsensitive) == 0)
            return k;
    return std::nullopt;
}

HeatmapRowModel::HeatmapRowModel(QObject* parent)
    : QAbstractItemModel(parent)
{
}

QString HeatmapRowModel::searchText(const HeatmapRow& r)
{
    QString text = r.name.toLower() + QLatin1Char(' ') + QString::number(r.pid);
    if (r.kind == HeatmapRowKind::Thread)
        text += QLatin1Char(' ') + QString::number(r.tid);
    return text;
}

void HeatmapRowModel::setHeatmap(NodeHeatmapPtr heatmap, int summedRow, double totalCpuNs)
{
    beginResetModel();
    m_heatmap = std::move(heatmap);
    m_summedRow = m_heatmap && summedRow < m_heatmap->rowCount() ? summedRow : -1;
    m_top.clear();
    m_children.clear();
    m_topOf.clear();
    m_position.clear();
    m_search.clear();
    m_totalCpuNs = 0;
    const int n = m_heatmap ? m_heatmap->rowCount() : 0;
    m_topOf.assign(size_t(n), -1);
    m_position.assign(size_t(n), -1);
    m_search.resize(size_t(n));
    for (int i = 0; i < n; ++i) {
        const HeatmapRow& r = m_heatmap->rows[size_t(i)];
        const int parent = r.kind == HeatmapRowKind::Thread ? r.parentRow : -1;
        if (parent >= 0 && parent < i && m_topOf[size_t(parent)] >= 0 &&
            m_heatmap->rows[size_t(parent)].kind == HeatmapRowKind::Process) {
            const int top = m_topOf[size_t(parent)];
            m_topOf[size_t(i)] = top;
            m_position[size_t(i)] = int(m_children[size_t(top)].size());
            m_children[size_t(top)].push_back(i);
        } else {
            m_topOf[size_t(i)] = int(m_top.size());
            m_position[size_t(i)] = int(m_top.size());
            m_top.push_back(i);
            m_children.emplace_back();
            if (std::isfinite(r.cpuNs))
                m_totalCpuNs += r.cpuNs;
        }
        m_search[size_t(i)] = searchText(r);
    }
    if (std::isfinite(totalCpuNs))
        m_totalCpuNs = totalCpuNs;
    rank();
    endResetModel();
}

void HeatmapRowModel::setSort(HeatmapSortKey key, bool descending)
{
    if (key == m_key && descending == m_descending)
        return;
    m_key = key;
    m_descending = descending;
    rank();
    if (!m_top.empty())
        emit dataChanged(index(0, 0), index(int(m_top.size()) - 1, ColumnCount - 1), {RankRole});
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
}

void HeatmapRowModel::rank()
{
    m_rank.assign(m_topOf.size(), 0);
    if (!m_heatmap)
        return;
    const std::vector<int> order = sortedRows(*m_heatmap, m_key, m_descending);
    for (size_t i = 0; i < order.size(); ++i)
        m_rank[size_t(order[i])] = int(i);
    if (m_summedRow >= 0)
        m_rank[size_t(m_summedRow)] = int(order.size()); // what was cut off stays under what was kept
}

int HeatmapRowModel::heatmapRow(const QModelIndex& index) const
{
    if (!index.isValid() || index.model() != this)
        return -1;
    if (index.internalId() == 0)
        return m_top[size_t(index.row())];
    return m_children[size_t(index.internalId() - 1)][size_t(index.row())];
}

QModelIndex HeatmapRowModel::indexOfRow(int heatmapRow, int column) const
{
    if (heatmapRow < 0 || size_t(heatmapRow) >= m_topOf.size())
        return {};
    const int top = m_topOf[size_t(heatmapRow)];
    if (m_top[size_t(top)] == heatmapRow)
        return createIndex(top, column, quintptr(0));
    return createIndex(m_position[size_t(heatmapRow)], column, quintptr(top + 1));
}

double HeatmapRowModel::cpuShare(int heatmapRow) const
{
    return cpuTimeShare(m_heatmap->rows[size_t(heatmapRow)].cpuNs, m_totalCpuNs);
}

bool HeatmapRowModel::matches(int heatmapRow, const QString& lowerText) const
{
    return m_search[size_t(heatmapRow)].contains(lowerText);
}

HeatmapSortKey HeatmapRowModel::sortKeyOfColumn(int column)
{
    switch (column) {
    case NameColumn:
        return HeatmapSortKey::Name;
    case IdColumn:
        return HeatmapSortKey::Process;
    case CpuColumn:
        return HeatmapSortKey::CpuTime;
    case RemoteColumn:
        return HeatmapSortKey::RemoteShare;
    default:
        return HeatmapSortKey::Memory;
    }
}

int HeatmapRowModel::columnOfSortKey(HeatmapSortKey key)
{
    switch (key) {
    case HeatmapSortKey::Name:
        return NameColumn;
    case HeatmapSortKey::Process:
        return IdColumn;
    case HeatmapSortKey::CpuTime:
        return CpuColumn;
    case HeatmapSortKey::RemoteShare:
        return RemoteColumn;
    case HeatmapSortKey::Memory:
        return MemoryColumn;
    }
    return NameColumn;
}

QModelIndex HeatmapRowModel::index(int row, int column, const QModelIndex& parent) const
{
    if (row < 0 || column < 0 || column >= ColumnCount)
        return {};
    if (!parent.isValid())
        return row < int(m_top.size()) ? createIndex(row, column, quintptr(0)) : QModelIndex();
    if (parent.internalId() != 0 || parent.column() != 0 || parent.row() >= int(m_top.size()))
        return {};
    return row < int(m_children[size_t(parent.row())].size())
               ? createIndex(row, column, quintptr(parent.row() + 1))
               : QModelIndex();
}

QModelIndex HeatmapRowModel::parent(const QModelIndex& child) const
{
    if (!child.isValid() || child.internalId() == 0)
        return {};
    return createIndex(int(child.internalId() - 1), 0, quintptr(0));
}

int HeatmapRowModel::rowCount(const QModelIndex& parent) const
{
    if (!parent.isValid())
        return int(m_top.size());
    if (parent.internalId() != 0 || parent.column() != 0)
        return 0;
    return int(m_children[size_t(parent.row())].size());
}

int HeatmapRowModel::columnCount(const QModelIndex&) const
{
    return ColumnCount;
}

void HeatmapRowModel::setHighlighted(const QSet<std::int64_t>& pids, const QSet<std::int64_t>& tids)
{
    if (pids == m_highlightPids && tids == m_highlightTids)
        return;
    m_highlightPids = pids;
    m_highlightTids = tids;
    if (!m_top.empty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1),
                         {Qt::ForegroundRole, Qt::ToolTipRole});
    for (size_t p = 0; p < m_children.size(); ++p)
        if (!m_children[p].empty()) {
            const QModelIndex parent = index(int(p), 0);
            emit dataChanged(index(0, 0, parent),
                             index(int(m_children[p].size()) - 1, ColumnCount - 1, parent),
                             {Qt::ForegroundRole, Qt::ToolTipRole});
        }
}

bool HeatmapRowModel::isHighlighted(int heatmapRow) const
{
    if (!m_heatmap || heatmapRow < 0 || size_t(heatmapRow) >= m_heatmap->rows.size())
        return false;
    const HeatmapRow& r = m_heatmap->rows[size_t(heatmapRow)];
    if (r.ns != u"local")
        return false;
    return r.kind == HeatmapRowKind::Thread ? m_highlightTids.contains(r.tid)
                                            : m_highlightPids.contains(r.pid);
}

QVariant HeatmapRowModel::data(const QModelIndex& index, int role) const
{
    const int row = heatmapRow(index);
    if (row < 0)
        return {};
    const HeatmapRow& r = m_heatmap->rows[size_t(row)];
    const bool thread = r.kind == HeatmapRowKind::Thread;
    const bool bytes = m_heatmap->metric == HeatmapMetric::Bytes;
    const double memory = bytes ? r.bytes : r.pages;
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case NameColumn:
            if (r.name.isEmpty())
                return QStringLiteral("?");
            return r.ns == u"local" ? r.name : QStringLiteral("%1: %2").arg(r.ns, r.name);
        case IdColumn:
            if (row == m_summedRow)
                return QString();
            return qint64(thread ? r.tid : r.pid);
        case CpuColumn:
            return r.cpuNs > 0 ? formatHeatmapValue(r.cpuNs, HeatmapValueFormat::Duration) : QString();
        case RemoteColumn:
            return std::isfinite(r.remoteShare) ? formatHeatmapValue(r.remoteShare, HeatmapValueFormat::Share)
                                                : QString();
        case MemoryColumn:
            if (!std::isfinite(memory) || (thread && !isMemoryMetric(m_heatmap->metric)))
                return QString(); // a thread's memory is its process's: said once, on the process
            // A column of figures: sizes keep their ".0" so they line up.
            return bytes ? formatBytes(memory, TrailingZeros::Keep) : formatCount(memory);
        default:
            return {};
        }
    case Qt::ToolTipRole: {
        const HeatmapPicture p = nodeHeatmapPicture(*m_heatmap, std::span<const int>(&row, 1));
        const QString changed = isHighlighted(row) ? tr("\nChanged in the comparison") : QString();
        return p.rows.empty()
                   ? QVariant()
                   : QVariant(p.rows.front().label + QLatin1Char('\n') + p.rows.front().detail + changed);
    }
    case Qt::ForegroundRole:
        return index.column() == NameColumn && isHighlighted(row) ? QVariant(QColor(0xe0, 0x1b, 0x84))
                                                                  : QVariant();
    case Qt::TextAlignmentRole:
        return index.column() == NameColumn ? QVariant() : QVariant(int(Qt::AlignRight | Qt::AlignVCenter));
    case Qt::FontRole:
        if (row == m_summedRow) {
            QFont f;
            f.setItalic(true);
            return f;
        }
        if (!thread && r.kind == HeatmapRowKind::Process &&
            !m_children[size_t(m_topOf[size_t(row)])].empty()) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    case HeatmapRowRole:
        return row;
    case EntityRole:
        return QVariant::fromValue(r.entity);
    case PidRole:
        return qint64(r.pid);
    case TidRole:
        return qint64(thread ? r.tid : -1);
    case RankRole:
        return m_rank[size_t(row)];
    case CpuShareRole:
        return cpuShare(row);
    case SearchTextRole:
        return m_search[size_t(row)];
    default:
        return {};
    }
}

QVariant HeatmapRowModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case NameColumn:
            return tr("Name");
        case IdColumn:
            return tr("PID/TID");
        case CpuColumn:
            return measureName(Measure::CpuTime);
        case RemoteColumn:
            return m_heatmap ? remoteShareName(m_heatmap->remoteMeasure) : tr("Remote");
        case MemoryColumn:
            return m_heatmap ? measureName(m_heatmap->memoryMeasure) : tr("Memory");
        default:
            return {};
        }
    }
    if (role == Qt::ToolTipRole) {
        // The name first: a narrow column's header shows only its start.
        const QString why = headerWhy(section);
        return why.isEmpty() ? QVariant()
                             : QVariant(headerData(section, orientation).toString() + u'\n' + why);
    }
    return {};
}

QString HeatmapRowModel::headerWhy(int section) const
{
    switch (section) {
    case NameColumn:
        return tr("Process, or thread under its process; click to sort by name");
    case IdColumn:
        return tr("Process id, or thread id; click to sort by pid, then tid");
    case CpuColumn:
        return tr("On-CPU time in the window; click to sort by it");
    case RemoteColumn:
        return m_heatmap && isMemoryMetric(m_heatmap->metric)
                   ? tr("Share of the memory away from the node with most of the CPU time")
                   : tr("Share of the CPU time away from the node with most of the memory");
    case MemoryColumn:
        return tr("The process's memory");
    default:
        return {};
    }
}

} // namespace numasight
