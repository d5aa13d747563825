// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/snapshot.h"

#include <QWidget>

class QLabel;
class QListView;
class QProgressBar;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;

namespace numasight {

class FleetOverviewJob;
class HostsModel;

// The Hosts tab of a fleet: one sortable row per host (findings, remote share, workers away from their
// accelerator, size) over small multiples of each host's CPU × node heatmap. The figures are computed on
// workers (progress, Cancel); the host names are there at once. Activating a row or a picture (click, Enter)
// asks for that host to be shown in every other tab.
class HostsPanel : public QWidget
{
    Q_OBJECT
public:
    explicit HostsPanel(QWidget* parent = nullptr);
    ~HostsPanel() override;

    // A new fleet (null: none); its overview starts computing.
    void setFleet(CapturePtr fleet, const std::vector<CaptureHost>& hosts, int current);
    void setCurrentHost(int index);

    HostsModel* model() const { return m_model; }
    QTableView* table() const { return m_table; }
    QListView* multiples() const { return m_multiples; }
    FleetOverviewJob* job() const { return m_job; }

signals:
    void hostActivated(int index);

private:
    void updateCaption();

    FleetOverviewJob* m_job;
    HostsModel* m_model;
    QSortFilterProxyModel* m_sorted;
    QLabel* m_caption;
    QProgressBar* m_progress;
    QPushButton* m_cancel;
    QTableView* m_table;
    QListView* m_multiples;
    std::vector<CaptureHost> m_hosts;
    int m_current = -1;
};

} // namespace numasight
