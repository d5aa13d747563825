// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/fleet/hosts_panel.h"

#include "views/fleet/hosts_model.h"
#include "views/jobs/fleet_overview_job.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QIdentityProxyModel>
#include <QLabel>
#include <QListView>
#include <QPixmap>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include <limits>

namespace numasight {

namespace {
const QString kSortColumnKey = QStringLiteral("hosts/sortColumn");
const QString kSortOrderKey = QStringLiteral("hosts/sortOrder");
constexpr QSize kMultipleSize(150, 96);

// The pictures' view shows each host's small multiple as its icon, in the table's order.
class MultiplesProxy : public QIdentityProxyModel
{
public:
    using QIdentityProxyModel::QIdentityProxyModel;
    QVariant data(const QModelIndex& index, int role) const override
    {
        if (role == Qt::DecorationRole) {
            const QImage image = QIdentityProxyModel::data(index, HostsModel::MultipleRole).value<QImage>();
            if (image.isNull())
                return {};
            return QPixmap::fromImage(
                image.scaled(kMultipleSize, Qt::IgnoreAspectRatio, Qt::FastTransformation));
        }
        if (role == Qt::ToolTipRole)
            return QIdentityProxyModel::data(index.siblingAtColumn(HostsModel::WorstColumn), Qt::DisplayRole);
        return QIdentityProxyModel::data(index, role);
    }
};
} // namespace

HostsPanel::HostsPanel(QWidget* parent)
    : QWidget(parent)
    , m_job(new FleetOverviewJob(this))
    , m_model(new HostsModel(this))
    , m_sorted(new QSortFilterProxyModel(this))
    , m_caption(new QLabel(this))
    , m_progress(new QProgressBar(this))
    , m_cancel(new QPushButton(tr("Cancel"), this))
    , m_table(new QTableView(this))
    , m_multiples(new QListView(this))
{
    setObjectName(QStringLiteral("hostsPanel"));
    m_sorted->setSourceModel(m_model);
    m_sorted->setSortRole(HostsModel::SortRole);
    m_table->setObjectName(QStringLiteral("hostsTable"));
    m_table->setModel(m_sorted);
    m_table->setSortingEnabled(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->setWordWrap(false); // one line a host; the worst finding is elided, whole in its tooltip
    m_table->setTextElideMode(Qt::ElideRight);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(HostsModel::WorstColumn, QHeaderView::Stretch);
    const QSettings settings;
    m_table->sortByColumn(settings.value(kSortColumnKey, int(HostsModel::CriticalColumn)).toInt(),
                          Qt::SortOrder(settings.value(kSortOrderKey, int(Qt::DescendingOrder)).toInt()));
    connect(m_table->horizontalHeader(), &QHeaderView::sortIndicatorChanged, this,
            [](int column, Qt::SortOrder order) {
                QSettings s;
                s.setValue(kSortColumnKey, column);
                s.setValue(kSortOrderKey, int(order));
            });

    auto* pictures = new MultiplesProxy(this);
    pictures->setSourceModel(m_sorted);
    m_multiples->setObjectName(QStringLiteral("hostMultiples"));
    m_multiples->setModel(pictures);
    m_multiples->setViewMode(QListView::IconMode);
    m_multiples->setIconSize(kMultipleSize);
    m_multiples->setResizeMode(QListView::Adjust);
    m_multiples->setMovement(QListView::Static);
    m_multiples->setUniformItemSizes(true);
    m_multiples->setSpacing(6);
    m_multiples->setWordWrap(true);
    m_multiples->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_multiples->setToolTip(tr("Each host's busiest processes (rows) by NUMA node (columns): the share of "
                               "their CPU time on each node"));

    const auto activate = [this](const QModelIndex& index) {
        if (index.isValid())
            emit hostActivated(index.data(HostsModel::HostIndexRole).toInt());
    };
    connect(m_table, &QTableView::activated, this, activate);
    connect(m_table, &QTableView::clicked, this, activate);
    connect(m_multiples, &QListView::activated, this, activate);
    connect(m_multiples, &QListView::clicked, this, activate);

    m_progress->setRange(0, 100);
    m_progress->setFormat(tr("Advising on every host… %p%"));
    connect(m_cancel, &QPushButton::clicked, m_job, &WorkerJob::cancel);
    connect(m_job, &WorkerJob::progressChanged, this,
            [this](quint64, double fraction) { m_progress->setValue(int(fraction * 100)); });
    connect(m_job, &WorkerJob::finished, this, [this](quint64) {
        m_progress->hide();
        m_cancel->hide();
        updateCaption();
    });
    connect(m_job, &FleetOverviewJob::overviewAvailable, this, [this](const FleetOverviewPtr& overview) {
        m_model->setOverview(overview);
        m_model->setCurrentHost(m_current);
    });

    auto* bar = new QHBoxLayout;
    bar->addWidget(m_caption, 1);
    bar->addWidget(m_progress);
    bar->addWidget(m_cancel);
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_table);
    split->addWidget(m_multiples);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(split, 1);
    m_progress->hide();
    m_cancel->hide();
}

HostsPanel::~HostsPanel() = default;

void HostsPanel::setFleet(CapturePtr fleet, const std::vector<CaptureHost>& hosts, int current)
{
    m_hosts = hosts;
    m_current = current;
    // The names at once, the figures when the workers have them.
    auto names = std::make_shared<FleetOverview>();
    for (const CaptureHost& h : hosts) {
        HostOverview o;
        o.host = h;
        o.remoteShare = std::numeric_limits<double>::quiet_NaN();
        names->hosts.push_back(std::move(o));
    }
    m_model->setOverview(names);
    m_model->setCurrentHost(current);
    if (fleet) {
        m_progress->setValue(0);
        m_progress->show();
        m_cancel->show();
        m_job->start(std::move(fleet));
    } else {
        m_job->cancel();
    }
    updateCaption();
}

void HostsPanel::setCurrentHost(int index)
{
    m_current = index;
    m_model->setCurrentHost(index);
    updateCaption();
}

void HostsPanel::updateCaption()
{
    if (m_hosts.empty()) {
        m_caption->clear();
        return;
    }
    const QString shown =
        m_current >= 0 && size_t(m_current) < m_hosts.size() ? m_hosts[size_t(m_current)].name : QString();
    m_caption->setText(
        tr("%1 hosts; the other tabs show %2. Click a host to look at it.").arg(m_hosts.size()).arg(shown));
}

} // namespace numasight
