// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/advice/compare_model.h"

#include "advice/capture_diff.h"
#include "util/format.h"

#include <QColor>
#include <QFont>

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
    : QAbstractTableModel(parent)
{
}

void CompareModel::setDiff(CaptureDiffPtr diff)
{
    beginResetModel();
    m_diff = std::move(diff);
    m_rows.clear();
    if (m_diff) {
        // Each process (highest change first, as the diff orders them), then its threads (highest change
        // first); threads of no listed process last.
        std::vector<const LocalityChange*> threads;
        for (const LocalityChange& t : m_diff->threads)
            threads.push_back(&t);
        std::stable_sort(
            threads.begin(), threads.end(),
            [](const LocalityChange* a, const LocalityChange* b) { return a->change > b->change; });
        std::vector<bool> placed(threads.size(), false);
        std::vector<const LocalityChange*> processes;
        for (const LocalityChange& p : m_diff->processes)
            processes.push_back(&p);
        std::stable_sort(
            processes.begin(), processes.end(),
            [](const LocalityChange* a, const LocalityChange* b) { return a->change > b->change; });
        for (const LocalityChange* p : processes) {
            m_rows.push_back({p, false});
            for (size_t i = 0; i < threads.size(); ++i) {
                const LocalityChange* t = threads[i];
                if (placed[i] || t->ns != p->ns)
                    continue;
                if ((p->pidA >= 0 && t->pidA == p->pidA) || (p->pidB >= 0 && t->pidB == p->pidB)) {
                    m_rows.push_back({t, true});
                    placed[i] = true;
                }
            }
        }
        for (size_t i = 0; i < threads.size(); ++i)
            if (!placed[i])
                m_rows.push_back({threads[i], true});
    }
    endResetModel();
}

const LocalityChange* CompareModel::change(int row) const
{
    return row >= 0 && size_t(row) < m_rows.size() ? m_rows[size_t(row)].change : nullptr;
}

bool CompareModel::isThread(int row) const
{
    return row >= 0 && size_t(row) < m_rows.size() && m_rows[size_t(row)].thread;
}

int CompareModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int CompareModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CompareModel::data(const QModelIndex& index, int role) const
{
    const LocalityChange* c = index.isValid() ? change(index.row()) : nullptr;
    if (!c)
        return {};
    const bool thread = isThread(index.row());
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
    default:
        return {};
    }
}

QVariant CompareModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
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
