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
    : QAbstractTableModel(parent)
{
}

void AdviceModel::setAdvice(AdvicePtr advice)
{
    beginResetModel();
    m_advice = std::move(advice);
    endResetModel();
}

const Finding* AdviceModel::finding(int row) const
{
    if (!m_advice || row < 0 || size_t(row) >= m_advice->findings.size())
        return nullptr;
    return &m_advice->findings[size_t(row)];
}

int AdviceModel::rowOf(std::int64_t pid, std::int64_t tid) const
{
    if (!m_advice || pid < 0)
        return -1;
    int first = -1;
    for (size_t i = 0; i < m_advice->findings.size(); ++i) {
        const Finding& f = m_advice->findings[i];
        if (f.pid != pid)
            continue;
        if (tid >= 0 && f.tid && *f.tid == tid)
            return int(i);
        if (first < 0 && (tid < 0 || !f.tid))
            first = int(i);
    }
    return first;
}

int AdviceModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_advice ? 0 : int(m_advice->findings.size());
}

int AdviceModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant AdviceModel::data(const QModelIndex& index, int role) const
{
    const Finding* f = index.isValid() ? finding(index.row()) : nullptr;
    if (!f)
        return {};
    const qint64 tid = f->tid ? qint64(*f->tid) : -1;
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case SeverityColumn:
            return severityName(f->severity);
        case KindColumn:
            return f->kind;
        case PidColumn:
            return f->pid >= 0 ? QVariant(qint64(f->pid)) : QVariant(QString());
        case TidColumn:
            return tid >= 0 ? QVariant(tid) : QVariant(QString());
        case MessageColumn:
            return f->message;
        default:
            return {};
        }
    case Qt::DecorationRole:
        return index.column() == SeverityColumn ? QVariant(severityIcon(f->severity)) : QVariant();
    case Qt::ForegroundRole:
        return index.column() == SeverityColumn ? QVariant(severityColor(f->severity)) : QVariant();
    case Qt::ToolTipRole: {
        QStringList lines{f->message};
        for (auto it = f->numbers.cbegin(); it != f->numbers.cend(); ++it)
            lines << QStringLiteral("%1: %2").arg(it.key(), numberText(it.value()));
        return lines.join(QLatin1Char('\n'));
    }
    case Qt::TextAlignmentRole:
        return index.column() == PidColumn || index.column() == TidColumn
                   ? QVariant(int(Qt::AlignRight | Qt::AlignVCenter))
                   : QVariant();
    case SortRole:
        switch (index.column()) {
        case SeverityColumn:
            return int(f->severity);
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
        return int(f->severity);
    case FindingRole:
        return index.row();
    default:
        return {};
    }
}

QVariant AdviceModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case SeverityColumn:
        return tr("Severity");
    case KindColumn:
        return tr("Kind");
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
