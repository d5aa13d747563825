// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/fleet/hosts_model.h"

#include "util/format.h"

#include <QColor>
#include <QFont>
#include <QPainter>

#include <cmath>
#include <limits>

namespace numasight {

HostsModel::HostsModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void HostsModel::setOverview(FleetOverviewPtr overview)
{
    beginResetModel();
    m_overview = std::move(overview);
    m_images.clear();
    if (m_overview)
        for (const HostOverview& h : m_overview->hosts)
            m_images.push_back(multipleImage(h));
    endResetModel();
}

void HostsModel::setCurrentHost(int index)
{
    if (index == m_current)
        return;
    m_current = index;
    if (rowCount() > 0)
        emit dataChanged(this->index(0, 0), this->index(rowCount() - 1, ColumnCount - 1), {Qt::FontRole});
}

int HostsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_overview ? 0 : int(m_overview->hosts.size());
}

int HostsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant HostsModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const HostOverview& h = m_overview->hosts[size_t(index.row())];
    if (role == HostIndexRole)
        return index.row();
    if (role == MultipleRole)
        return index.column() == HostColumn ? QVariant(m_images[size_t(index.row())]) : QVariant();
    if (role == Qt::FontRole) {
        if (index.row() != m_current)
            return {};
        QFont bold;
        bold.setBold(true);
        return bold;
    }
    if (role == Qt::TextAlignmentRole)
        return index.column() == HostColumn || index.column() == WorstColumn
                   ? QVariant(int(Qt::AlignLeft | Qt::AlignVCenter))
                   : QVariant(int(Qt::AlignRight | Qt::AlignVCenter));
    if (role == Qt::ToolTipRole) {
        if (index.column() == HostColumn)
            return h.host.ns == h.host.name ? h.host.name
                                            : tr("%1 (namespace %2)").arg(h.host.name, h.host.ns);
        if (index.column() == WorstColumn)
            return h.worstFinding;
        return {};
    }
    const bool sort = role == SortRole;
    if (role != Qt::DisplayRole && !sort)
        return {};
    switch (Column(index.column())) {
    case HostColumn:
        return h.host.name;
    case CriticalColumn:
        return h.critical;
    case FindingsColumn:
        return h.findings;
    case RemoteShareColumn:
        if (std::isnan(h.remoteShare))
            return sort ? QVariant(-1.0) : QVariant(tr("–"));
        return sort ? QVariant(h.remoteShare) : QVariant(formatPercent(h.remoteShare));
    case AwayColumn:
        return sort ? QVariant(h.awayFromAccelerator)
                    : QVariant(h.acceleratorWorkers == 0
                                   ? tr("–")
                                   : tr("%1 of %2").arg(h.awayFromAccelerator).arg(h.acceleratorWorkers));
    case NodesColumn:
        return h.numaNodes;
    case AcceleratorsColumn:
        return h.accelerators;
    case ProcessesColumn:
        return h.processes;
    case SamplesColumn:
        return h.samples;
    case WorstColumn:
        return h.worstFinding;
    case ColumnCount:
        break;
    }
    return {};
}

QVariant HostsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || (role != Qt::DisplayRole && role != Qt::ToolTipRole))
        return {};
    const bool tip = role == Qt::ToolTipRole;
    switch (Column(section)) {
    case HostColumn:
        return tip ? tr("The host name (or the name given to merge)") : tr("Host");
    case CriticalColumn:
        return tip ? tr("Critical findings of the advisor") : tr("Critical");
    case FindingsColumn:
        return tip ? tr("All findings of the advisor") : tr("Findings");
    case RemoteShareColumn:
        return tip ? tr("Remote share: CPU time spent away from the memory it works on, weighted by CPU time")
                   : tr("Remote");
    case AwayColumn:
        return tip ? tr("Away from accelerator: workers that open an accelerator whose main CPU node is none "
                        "of "
                        "their devices' nodes")
                   : tr("Away");
    case NodesColumn:
        return tip ? tr("NUMA nodes") : tr("Nodes");
    case AcceleratorsColumn:
        return tip ? tr("Accelerators: GPUs and NPUs") : tr("Accel.");
    case ProcessesColumn:
        return tip ? tr("Processes in the host's last snapshot") : tr("Processes");
    case SamplesColumn:
        return tip ? tr("Samples recorded on the host") : tr("Samples");
    case WorstColumn:
        return tip ? tr("The advisor's worst finding") : tr("Worst finding");
    case ColumnCount:
        break;
    }
    return {};
}

QImage HostsModel::multipleImage(const HostOverview& host)
{
    constexpr int kCellWidth = 12, kCellHeight = 6;
    const int columns = int(host.columnNames.size());
    const int rows = int(host.rowNames.size());
    if (rows == 0 || columns == 0) {
        QImage empty(kCellWidth * 4, kCellHeight * 4, QImage::Format_RGB32);
        empty.fill(QColor(0xe0, 0xe0, 0xe0));
        return empty;
    }
    QImage image(columns * kCellWidth, rows * kCellHeight, QImage::Format_RGB32);
    QPainter painter(&image);
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < columns; ++c) {
            const double v = host.cells[size_t(r) * size_t(columns) + size_t(c)];
            // White to dark red, as the CPU heatmaps' scale runs.
            const QColor colour =
                QColor::fromRgbF(float(1.0 - 0.45 * v), float(1.0 - 0.95 * v), float(1.0 - 0.95 * v));
            painter.fillRect(c * kCellWidth, r * kCellHeight, kCellWidth, kCellHeight, colour);
        }
    painter.setPen(QColor(0xd0, 0xd0, 0xd0));
    for (int c = 1; c < columns; ++c)
        painter.drawLine(c * kCellWidth, 0, c * kCellWidth, image.height());
    painter.setPen(QColor(0x90, 0x90, 0x90));
    painter.drawRect(image.rect().adjusted(0, 0, -1, -1));
    return image;
}

} // namespace numasight
