// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/advice/advice_model.h"

#include "advice/advice.h"

#include <QApplication>
#include <QColor>
#include <QIcon>
#include <QStyle>

#include <cmath>

namespace numasight {

QColor severityColor(Severity s)
{
    switch (s) {
    case Severity::Critical:
        return QColor(0xc0, 0x1c, 0x28);
    case Severity::Warning:
        return QColor(0xb3, 0x6b, 0x00);
    case Severity::Info:
        break;
    }
    return QColor(0x1c, 0x71, 0xd8);
}

QIcon severityIcon(Severity s)
{
    QStyle* style = QApplication::style();
    if (!style)
        return {};
    switch (s) {
    case Severity::Critical:
        return style->standardIcon(QStyle::SP_MessageBoxCritical);
    case Severity::Warning:
        return style->standardIcon(QStyle::SP_MessageBoxWarning);
    case Severity::Info:
        break;
    }
    return style->standardIcon(QStyle::SP_MessageBoxInformation);
}

namespace {

QString numberText(double v)
{
    if (!std::isfinite(v))
        return QObject::tr("unknown");
    if (v == std::round(v) && std::abs(v) < 1e15)
        return QString::number(qint64(v));
    return QString::number(v, 'g', 4);
}

} // namespace

AdviceModel::AdviceModel(QObject* parent)
    : QAbstractItemModel(parent)
{
}

void AdviceModel::setAdvice(AdvicePtr advice)
{
    beginResetModel();
    m_advice = std::move(advice);
    m_groups = m_advice ? groupFindings(*m_advice) : std::vector<FindingGroup>{};
    endResetModel();
}

const FindingGroup* AdviceModel::groupOf(const QModelIndex& index) const
{
    if (!index.isValid() || index.model() != this)
        return nullptr;
    const size_t g = index.internalId() == 0 ? size_t(index.row()) : size_t(index.internalId() - 1);
    return g < m_groups.size() ? &m_groups[g] : nullptr;
}

int AdviceModel::findingIndex(const QModelIndex& index) const
{
    const FindingGroup* g = groupOf(index);
    if (!g)
        return -1;
    if (index.internalId() == 0)
        return g->findings.front();
    return index.row() < g->count() ? g->findings[size_t(index.row())] : -1;
}

const Finding* AdviceModel::finding(const QModelIndex& index) const
{
    const int i = findingIndex(index);
    return i >= 0 ? &m_advice->findings[size_t(i)] : nullptr;
}

QModelIndex AdviceModel::indexOf(std::int64_t pid, std::int64_t tid) const
{
    if (!m_advice || pid < 0)
        return {};
    QModelIndex first;
    for (size_t g = 0; g < m_groups.size(); ++g) {
        const FindingGroup& group = m_groups[g];
        for (int r = 0; r < group.count(); ++r) {
            const Finding& f = m_advice->findings[size_t(group.findings[size_t(r)])];
            if (f.pid != pid)
                continue;
            const QModelIndex at =
                group.count() == 1 ? createIndex(int(g), 0, quintptr(0)) : createIndex(r, 0, quintptr(g + 1));
            if (tid >= 0 && f.tid && *f.tid == tid)
                return at;
            if (!first.isValid() && (tid < 0 || !f.tid))
                first = at;
        }
    }
    return first;
}

QModelIndex AdviceModel::index(int row, int column, const QModelIndex& parent) const
{
    if (row < 0 || column < 0 || column >= ColumnCount)
        return {};
    if (!parent.isValid())
        return row < int(m_groups.size()) ? createIndex(row, column, quintptr(0)) : QModelIndex();
    if (parent.internalId() != 0 || parent.column() != 0 || parent.row() >= int(m_groups.size()))
        return {};
    const FindingGroup& g = m_groups[size_t(parent.row())];
    return g.count() > 1 && row < g.count() ? createIndex(row, column, quintptr(parent.row() + 1))
                                            : QModelIndex();
}

QModelIndex AdviceModel::parent(const QModelIndex& child) const
{
    if (!child.isValid() || child.internalId() == 0)
        return {};
    return createIndex(int(child.internalId() - 1), 0, quintptr(0));
}

int AdviceModel::rowCount(const QModelIndex& parent) const
{
    if (!parent.isValid())
        return int(m_groups.size());
    if (parent.internalId() != 0 || parent.column() != 0 || parent.row() >= int(m_groups.size()))
        return 0;
    const FindingGroup& g = m_groups[size_t(parent.row())];
    return g.count() > 1 ? g.count() : 0;
}

int AdviceModel::columnCount(const QModelIndex&) const
{
    return ColumnCount;
}

QVariant AdviceModel::data(const QModelIndex& index, int role) const
{
    const FindingGroup* g = groupOf(index);
    const Finding* f = finding(index);
    if (!g || !f)
        return {};
    // A group's own row when it gathers more than one finding; a finding's row otherwise.
    const bool groupRow = index.internalId() == 0 && g->count() > 1;
    const Severity severity = groupRow ? g->worst : f->severity;
    const qint64 tid = f->tid ? qint64(*f->tid) : -1;
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case SeverityColumn:
            return severityName(severity);
        case KindColumn:
            return f->kind;
        case CountColumn:
            return groupRow ? QVariant(g->count()) : QVariant(QString());
        case PidColumn:
            return !groupRow && f->pid >= 0 ? QVariant(qint64(f->pid)) : QVariant(QString());
        case TidColumn:
            return !groupRow && tid >= 0 ? QVariant(tid) : QVariant(QString());
        case MessageColumn:
            return groupRow ? findingGroupTitle(*m_advice, *g) : f->message;
        default:
            return {};
        }
    case Qt::DecorationRole:
        return index.column() == SeverityColumn ? QVariant(severityIcon(severity)) : QVariant();
    case Qt::ForegroundRole:
        return index.column() == SeverityColumn ? QVariant(severityColor(severity)) : QVariant();
    case Qt::ToolTipRole: {
        QStringList lines{groupRow ? findingGroupTitle(*m_advice, *g) : f->message};
        // A narrow column's cell, cut, reads whole at the top of its tooltip.
        if (index.column() != MessageColumn) {
            const QString cell = data(index, Qt::DisplayRole).toString();
            if (!cell.isEmpty())
                lines.prepend(QStringLiteral("%1: %2").arg(
                    headerData(index.column(), Qt::Horizontal).toString(), cell));
        }
        if (groupRow)
            lines << tr("Expand the row for each process's finding.");
        else
            for (auto it = f->numbers.cbegin(); it != f->numbers.cend(); ++it)
                lines << QStringLiteral("%1: %2").arg(it.key(), numberText(it.value()));
        return lines.join(QLatin1Char('\n'));
    }
    case Qt::TextAlignmentRole:
        return index.column() == PidColumn || index.column() == TidColumn || index.column() == CountColumn
                   ? QVariant(int(Qt::AlignRight | Qt::AlignVCenter))
                   : QVariant();
    case SortRole:
        switch (index.column()) {
        case SeverityColumn:
            return int(severity);
        case CountColumn:
            return groupRow ? g->count() : 1;
        case PidColumn:
            return qint64(f->pid);
        case TidColumn:
            return tid;
        case KindColumn:
            return f->kind;
        case MessageColumn:
            return f->message;
        default:
            return {};
        }
    case PidRole:
        return qint64(f->pid);
    case TidRole:
        return tid;
    case SeverityRole:
        return int(severity);
    case FindingRole:
        return findingIndex(index);
    case GroupSizeRole:
        return index.internalId() == 0 ? g->count() : 1;
    default:
        return {};
    }
}

QVariant AdviceModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole) {
        switch (section) {
        case SeverityColumn:
            return tr("Severity: critical, warning or info (a group shows its worst)");
        case KindColumn:
            return tr("Kind: what the advisor checked");
        case CountColumn:
            return tr("Processes: how many processes the group's findings are about");
        case PidColumn:
            return tr("PID: the process a finding is about");
        case TidColumn:
            return tr("TID: the thread a finding is about, if it is about one thread");
        case MessageColumn:
            return tr("Finding: what is wrong; its tooltip lists the figures behind it");
        default:
            return {};
        }
    }
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractItemModel::headerData(section, orientation, role);
    switch (section) {
    case SeverityColumn:
        return tr("Severity");
    case KindColumn:
        return tr("Kind");
    case CountColumn:
        return tr("Processes");
    case PidColumn:
        return tr("PID");
    case TidColumn:
        return tr("TID");
    case MessageColumn:
        return tr("Finding");
    default:
        return {};
    }
}

} // namespace numasight
