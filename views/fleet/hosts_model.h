// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "fleet/fleet_overview.h"

#include <QAbstractTableModel>
#include <QImage>

namespace numasight {

// One row per host of a fleet: its size, findings, remote share and workers away from their accelerator.
// Sorting is a QSortFilterProxyModel's job: SortRole gives numbers as numbers (NaN last).
class HostsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        HostColumn,
        CriticalColumn,
        FindingsColumn,
        RemoteShareColumn,
        AwayColumn,
        NodesColumn,
        AcceleratorsColumn,
        ProcessesColumn,
        SamplesColumn,
        WorstColumn,
        ColumnCount
    };
    enum Role
    {
        SortRole = Qt::UserRole + 1,
        MultipleRole, // the host's small CPU × node heatmap, a QImage (column 0)
        HostIndexRole // its index in the fleet (every column)
    };

    explicit HostsModel(QObject* parent = nullptr);

    void setOverview(FleetOverviewPtr overview);
    FleetOverviewPtr overview() const { return m_overview; }
    // The host shown in the other tabs: its row is bold.
    void setCurrentHost(int index);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // rows × columns cells, one block each, white (0) to dark red (1); a grey block when the host has none.
    static QImage multipleImage(const HostOverview& host);

private:
    FleetOverviewPtr m_overview;
    std::vector<QImage> m_images;
    int m_current = -1;
};

} // namespace numasight
