// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/advice/compare_model.h"

#include "advice/capture_diff.h"
#include "util/format.h"

#include <QColor>
#include <QFont>
#include <QHash>

#include <algorithm>
#include <cmath>

namespace numasight {

namespace {

const QString kArrow = QStringLiteral(" → ");
const QString kMissing = QStringLiteral("–");

QString idText(std::int64_t id)
{
    return id >= 0 ? QString::number(id) : kMissing;
}

QString nodeText(NodeId node)
{
    return node.isValid() ? QString::number(node.value) : kMissing;
}

QString shareText(double v)
{
    return std::isfinite(v) ? formatPercent(v, 1) : kMissing;
}

QString numberText(double v)
{
    return std::isfinite(v) ? QString::number(v, 'f', 3) : kMissing;
}

QString pair(const QString& a, const QString& b)
{
    return a == b ? a : a + kArrow + b;
}

double sortNumber(double v)
{
    return std::isfinite(v) ? v : -1.0;
}

} // namespace

CompareModel::CompareModel(QObject* parent)
    : QAbstractItemModel(parent)
{
}

void CompareModel::setDiff(CaptureDiffPtr diff)
{
    beginResetModel();
    m_diff = std::move(diff);
    m_rows.clear();
    if (m_diff) {
        // Each process (highest change first, as the diff orders them) with its threads (highest change
        // first) under it; threads of no listed process last, at the top level.
        std::vector<const LocalityChange*> threads;
        for (const LocalityChange& t : m_diff->threads)
            threads.push_back(&t);
        std::stable_sort(
            threads.begin(), threads.end(),
            [](const LocalityChange* a, const LocalityChange* b) { return a->change > b->change; });
        std::vector<const LocalityChange*> processes;
        for (const LocalityChange& p : m_diff->processes)
            processes.push_back(&p);
        std::stable_sort(
            processes.begin(), processes.end(),
            [](const LocalityChange* a, const LocalityChange* b) { return a->change > b->change; });
        // (namespace, pid of A or B) -> top-level row, so 41 000 threads find their process at once.
        QHash<QString, size_t> rowOfPid;
        const auto key = [](const QString& ns, char side, std::int64_t pid) {
            return ns + QLatin1Char(side) + QString::number(pid);
        };
        for (const LocalityChange* p : processes) {
            if (p->pidA >= 0)
                rowOfPid.insert(key(p->ns, 'a', p->pidA), m_rows.size());
            if (p->pidB >= 0)
                rowOfPid.insert(key(p->ns, 'b', p->pidB), m_rows.size());
            m_rows.push_back({p, false, {}});
        }
        std::vector<const LocalityChange*> orphans;
        for (const LocalityChange* t : threads) {
            auto it = t->pidA >= 0 ? rowOfPid.constFind(key(t->ns, 'a', t->pidA)) : rowOfPid.constEnd();
            if (it == rowOfPid.constEnd() && t->pidB >= 0)
                it = rowOfPid.constFind(key(t->ns, 'b', t->pidB));
            if (it != rowOfPid.constEnd())
                m_rows[*it].threads.push_back(t);
            else
                orphans.push_back(t);
        }
        for (const LocalityChange* t : orphans)
            m_rows.push_back({t, true, {}});
    }
    endResetModel();
}

const LocalityChange* CompareModel::change(const QModelIndex& index) const
{
    if (!index.isValid() || index.model() != this)
        return nullptr;
    if (index.internalId() == 0)
        return size_t(index.row()) < m_rows.size() ? m_rows[size_t(index.row())].change : nullptr;
    const size_t parent = size_t(index.internalId() - 1);
    if (parent >= m_rows.size() || size_t(index.row()) >= m_rows[parent].threads.size())
        return nullptr;
    return m_rows[parent].threads[size_t(index.row())];
}

bool CompareModel::isThread(const QModelIndex& index) const
{
    if (!index.isValid() || index.model() != this)
        return false;
    return index.internalId() != 0 ||
           (size_t(index.row()) < m_rows.size() && m_rows[size_t(index.row())].thread);
}

// A top-level row has internal id 0; a thread under process row r has r + 1.
QModelIndex CompareModel::index(int row, int column, const QModelIndex& parent) const
{
    if (row < 0 || column < 0 || column >= ColumnCount)
        return {};
    if (!parent.isValid())
        return size_t(row) < m_rows.size() ? createIndex(row, column, quintptr(0)) : QModelIndex();
    if (parent.internalId() != 0 || size_t(parent.row()) >= m_rows.size() ||
        size_t(row) >= m_rows[size_t(parent.row())].threads.size())
        return {};
    return createIndex(row, column, quintptr(parent.row()) + 1);
}

QModelIndex CompareModel::parent(const QModelIndex& child) const
{
    if (!child.isValid() || child.internalId() == 0)
        return {};
    return createIndex(int(child.internalId() - 1), 0, quintptr(0));
}

int CompareModel::rowCount(const QModelIndex& parent) const
{
    if (!parent.isValid())
        return int(m_rows.size());
    if (parent.column() != 0 || parent.internalId() != 0 || size_t(parent.row()) >= m_rows.size())
        return 0;
    return int(m_rows[size_t(parent.row())].threads.size());
}

int CompareModel::columnCount(const QModelIndex&) const
{
    return ColumnCount;
}

QVariant CompareModel::data(const QModelIndex& index, int role) const
{
    const LocalityChange* c = change(index);
    if (!c)
        return {};
    const bool thread = isThread(index);
    const bool highlighted = c->change >= kDiffThreshold;
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case NameColumn:
            return c->ns == u"local" || c->ns.isEmpty() ? c->name
                                                        : QStringLiteral("%1: %2").arg(c->ns, c->name);
        case KindColumn:
            return thread ? tr("thread") : tr("process");
        case PidColumn:
            return pair(idText(c->pidA), idText(c->pidB));
        case TidColumn:
            return thread ? pair(idText(c->tidA), idText(c->tidB)) : QString();
        case CpuNodeColumn:
            return pair(nodeText(c->cpuNodeA), nodeText(c->cpuNodeB));
        case MemoryNodeColumn:
            return pair(nodeText(c->memoryNodeA), nodeText(c->memoryNodeB));
        case SimilarityColumn:
            return pair(numberText(c->a.similarity), numberText(c->b.similarity));
        case RemoteColumn:
            return pair(shareText(c->a.remoteShare), shareText(c->b.remoteShare));
        case CpusAllowedColumn:
            return pair(c->cpusAllowedA.isEmpty() ? kMissing : c->cpusAllowedA,
                        c->cpusAllowedB.isEmpty() ? kMissing : c->cpusAllowedB);
        case ChangeColumn:
            if (!c->inA())
                return tr("new");
            if (!c->inB())
                return tr("gone");
            return shareText(c->change);
        default:
            return {};
        }
    case Qt::FontRole:
        if (highlighted) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    case Qt::BackgroundRole:
        return highlighted ? QVariant(QColor(255, 214, 102, 90)) : QVariant();
    case Qt::ToolTipRole: {
        // The cell's whole text first: a narrow column elides it.
        const QString cell = data(index, Qt::DisplayRole).toString();
        const QString change = highlighted ? tr("Changed by %1 (at least %2 on some node)")
                                                 .arg(shareText(c->change), shareText(kDiffThreshold))
                                           : tr("Changed by %1").arg(shareText(c->change));
        return cell.isEmpty() ? change : cell + QLatin1Char('\n') + change;
    }
    case Qt::TextAlignmentRole:
        return index.column() >= PidColumn ? QVariant(int(Qt::AlignRight | Qt::AlignVCenter)) : QVariant();
    case SortRole:
        switch (index.column()) {
        case NameColumn:
            return c->name;
        case KindColumn:
            return int(thread);
        case PidColumn:
            return qint64(c->pidA >= 0 ? c->pidA : c->pidB);
        case TidColumn:
            return qint64(c->tidA >= 0 ? c->tidA : c->tidB);
        case CpuNodeColumn:
            return c->cpuNodeB.value;
        case MemoryNodeColumn:
            return c->memoryNodeB.value;
        case SimilarityColumn:
            return sortNumber(c->b.similarity);
        case RemoteColumn:
            return sortNumber(c->b.remoteShare);
        case CpusAllowedColumn:
            return c->cpusAllowedB;
        case ChangeColumn:
            return c->change;
        default:
            return {};
        }
    case ChangeRole:
        return c->change;
    case PidARole:
        return qint64(c->pidA);
    case TidARole:
        return qint64(thread ? c->tidA : -1);
    case PidBRole:
        return qint64(c->pidB);
    case TidBRole:
        return qint64(thread ? c->tidB : -1);
    case IsThreadRole:
        return thread;
    case HighlightedRole:
        return highlighted;
    case SearchTextRole: {
        QString text = c->name.toLower();
        for (std::int64_t id : {c->pidA, c->pidB, c->tidA, c->tidB})
            if (id >= 0)
                text += QLatin1Char(' ') + QString::number(id);
        return text;
    }
    default:
        return {};
    }
}

QVariant CompareModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole)
        return headerData(section, orientation, Qt::DisplayRole); // a narrow section elides its title
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractItemModel::headerData(section, orientation, role);
    switch (section) {
    case NameColumn:
        return tr("Name");
    case KindColumn:
        return tr("Kind");
    case PidColumn:
        return tr("PID A → B");
    case TidColumn:
        return tr("TID A → B");
    case CpuNodeColumn:
        return tr("CPU node");
    case MemoryNodeColumn:
        return tr("Memory node");
    case SimilarityColumn:
        return tr("Similarity");
    case RemoteColumn:
        return tr("Remote share");
    case CpusAllowedColumn:
        return tr("CPUs allowed");
    case ChangeColumn:
        return tr("Change");
    default:
        return {};
    }
}

CompareFlowModel::CompareFlowModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void CompareFlowModel::setDiff(CaptureDiffPtr diff)
{
    beginResetModel();
    m_diff = std::move(diff);
    endResetModel();
}

int CompareFlowModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_diff ? 0 : int(m_diff->flows.size());
}

int CompareFlowModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CompareFlowModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || !m_diff || size_t(index.row()) >= m_diff->flows.size())
        return {};
    const FlowChange& f = m_diff->flows[size_t(index.row())];
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case PidColumn:
            return pair(idText(f.pidA), idText(f.pidB));
        case ProtocolColumn:
            return f.protocol;
        case PeerColumn:
            return f.peer;
        case BytesColumn:
            // The graph's unit and formatter: "906 KiB" here is "906 KiB" on its edge.
            return f.volumesKnown ? pair(formatBytes(double(f.bytesA), TrailingZeros::Keep),
                                         formatBytes(double(f.bytesB), TrailingZeros::Keep))
                                  : tr("unknown (endpoints only)");
        case StateColumn:
            return f.inA && f.inB ? tr("both") : f.inA ? tr("only A") : tr("only B");
        default:
            return {};
        }
    }
    if (role == Qt::ToolTipRole && (index.column() != BytesColumn || !f.volumesKnown))
        return data(index, Qt::DisplayRole); // the whole text of a cell its column elides
    if (role == Qt::ToolTipRole && index.column() == BytesColumn && f.volumesKnown)
        return tr("%1 → %2 bytes")
            .arg(formatCount(double(f.bytesA), CountStyle::Grouped),
                 formatCount(double(f.bytesB), CountStyle::Grouped));
    if (role == Qt::FontRole && f.inA != f.inB) {
        QFont font;
        font.setBold(true);
        return font;
    }
    return {};
}

QVariant CompareFlowModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole)
        return headerData(section, orientation, Qt::DisplayRole);
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case PidColumn:
        return tr("PID A → B");
    case ProtocolColumn:
        return tr("Protocol");
    case PeerColumn:
        return tr("Peer");
    case BytesColumn:
        return tr("Volume A → B");
    case StateColumn:
        return tr("In");
    default:
        return {};
    }
}

} // namespace numasight
