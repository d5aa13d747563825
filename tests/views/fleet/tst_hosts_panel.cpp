// SPDX-License-Identifier: GPL-3.0-or-later
// The Hosts tab: the overview's figures per host (from the host alone), the model under
// QAbstractItemModelTester, sorting, small multiples, a click asking for a host, and Cancel.
#include "../../support/test_fixtures.h"
#include "advice/advice.h"
#include "fleet/fleet.h"
#include "fleet/fleet_overview.h"
#include "views/fleet/hosts_model.h"
#include "views/fleet/hosts_panel.h"
#include "views/jobs/fleet_overview_job.h"

#include <QAbstractItemModelTester>
#include <QHeaderView>
#include <QListView>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QtTest>

#include <cmath>

using namespace numasight;

namespace {
const QString kWitty = QStringLiteral(NUMASIGHT_FIXTURES "/witty-profiler/graph.json");
const QString kHwloc = QStringLiteral(NUMASIGHT_FIXTURES "/hwloc/16amd64-4distances.xml");

// The witty fixture `copies` times (npu-0, npu-1, …) and one hwloc machine without a workload.
CapturePtr makeFleet(int copies)
{
    const CapturePtr witty = test::loadCapture(kWitty);
    const CapturePtr hwloc = test::loadCapture(kHwloc);
    if (!witty || !hwloc)
        return nullptr;
    std::vector<MergeInput> inputs;
    for (int i = 0; i < copies; ++i)
        inputs.push_back({kWitty, QStringLiteral("npu-%1").arg(i), witty});
    inputs.push_back({kHwloc, QStringLiteral("cpu-only"), hwloc});
    const auto merged = mergeCaptures(inputs);
    return merged ? *merged : nullptr;
}
} // namespace

class TestHostsPanel : public QObject
{
    Q_OBJECT

private slots:
    void overviewFigures()
    {
        const CapturePtr fleet = makeFleet(2);
        QVERIFY(fleet);
        const auto overview = fleetOverview(*fleet);
        QVERIFY(overview);
        const std::vector<HostOverview>& hosts = (*overview)->hosts;
        QCOMPARE(hosts.size(), size_t(3));
        const AdvicePtr alone = advise(*test::loadCapture(kWitty));
        for (int i = 0; i < 2; ++i) {
            const HostOverview& h = hosts[size_t(i)];
            QCOMPARE(h.host.name, QStringLiteral("npu-%1").arg(i));
            QCOMPARE(h.numaNodes, 8);
            QCOMPARE(h.accelerators, 8);
            QCOMPARE(h.findings, int(alone->findings.size()));
            QCOMPARE(h.worstFinding, alone->findings.front().message);
            QCOMPARE(h.acceleratorWorkers, int(alone->devices.size()));
            QVERIFY(h.awayFromAccelerator <= h.acceleratorWorkers);
            QVERIFY(!std::isnan(h.remoteShare) && h.remoteShare >= 0 && h.remoteShare <= 1);
            QCOMPARE(h.columnNames.size(), 8);
            QVERIFY(!h.rowNames.isEmpty() && h.rowNames.size() <= kOverviewRows);
            QCOMPARE(h.cells.size(), size_t(h.rowNames.size() * h.columnNames.size()));
            for (double v : h.cells)
                QVERIFY(v >= 0 && v <= 1);
        }
        QCOMPARE(hosts[2].processes, 0);
        QVERIFY(hosts[2].rowNames.isEmpty());
        QCOMPARE(hosts[2].findings, int(advise(*test::loadCapture(kHwloc))->findings.size()));

        // The same figures twice: the workers share nothing that changes the result.
        const auto again = fleetOverview(*fleet);
        QCOMPARE((*again)->hosts[1].cells, hosts[1].cells);
        QCOMPARE((*again)->hosts[1].remoteShare, hosts[1].remoteShare);
    }

    void model()
    {
        const CapturePtr fleet = makeFleet(2);
        HostsModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setOverview(*fleetOverview(*fleet));
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.index(2, HostsModel::HostColumn).data().toString(), QStringLiteral("cpu-only"));
        QCOMPARE(model.index(2, HostsModel::AwayColumn).data().toString(), QStringLiteral("–"));
        QVERIFY(model.index(0, HostsModel::RemoteShareColumn).data().toString().endsWith(QLatin1Char('%')));
        const QImage picture =
            model.index(0, HostsModel::HostColumn).data(HostsModel::MultipleRole).value<QImage>();
        QCOMPARE(picture.width(), 8 * 12);
        QVERIFY(picture.pixelColor(0, 0).isValid());
        model.setCurrentHost(1);
        QVERIFY(model.index(1, 0).data(Qt::FontRole).value<QFont>().bold());
        QVERIFY(!model.index(0, 0).data(Qt::FontRole).isValid());
        model.setOverview(nullptr);
        QCOMPARE(model.rowCount(), 0);
    }

    // Names at once, figures from the workers, sorted as asked; a click on a sorted row names the host's
    // index in the fleet, not its row.
    void panel()
    {
        const CapturePtr fleet = makeFleet(2);
        HostsPanel panel;
        panel.resize(900, 600);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QSignalSpy available(panel.job(), &FleetOverviewJob::overviewAvailable);
        QSignalSpy activated(&panel, &HostsPanel::hostActivated);
        panel.setFleet(fleet, captureHosts(*fleet), 0);
        QCOMPARE(panel.model()->rowCount(), 3); // the names before any figure
        QVERIFY(available.wait(30000));
        QCOMPARE(panel.model()->index(0, HostsModel::FindingsColumn).data(HostsModel::SortRole).toInt(),
                 int(advise(*test::loadCapture(kWitty))->findings.size()));
        QTRY_VERIFY(!panel.findChild<QPushButton*>()->isVisible());

        panel.table()->sortByColumn(HostsModel::ProcessesColumn, Qt::AscendingOrder);
        const QModelIndex first = panel.table()->model()->index(0, HostsModel::HostColumn);
        QCOMPARE(first.data().toString(), QStringLiteral("cpu-only"));
        QTest::mouseClick(panel.table()->viewport(), Qt::LeftButton, {},
                          panel.table()->visualRect(first).center());
        QVERIFY(!activated.isEmpty());
        QCOMPARE(activated.last().at(0).toInt(), 2);

        QListView* pictures = panel.multiples();
        QCOMPARE(pictures->model()->rowCount(), 3);
        const QPixmap icon = pictures->model()->index(1, 0).data(Qt::DecorationRole).value<QPixmap>();
        QCOMPARE(icon.size(), QSize(150, 96));
        activated.clear();
        QTest::mouseClick(pictures->viewport(), Qt::LeftButton, {},
                          pictures->visualRect(pictures->model()->index(1, 0)).center());
        QCOMPARE(activated.size(), 1);
        QCOMPARE(activated.last().at(0).toInt(),
                 panel.table()->model()->index(1, 0).data(HostsModel::HostIndexRole).toInt());
    }

    void cancel()
    {
        const CapturePtr fleet = makeFleet(24);
        HostsPanel panel;
        panel.show();
        QSignalSpy available(panel.job(), &FleetOverviewJob::overviewAvailable);
        QSignalSpy cancelled(panel.job(), &WorkerJob::cancelled);
        panel.setFleet(fleet, captureHosts(*fleet), 0);
        auto* button = panel.findChild<QPushButton*>();
        QVERIFY(button->isVisible());
        QTest::mouseClick(button, Qt::LeftButton);
        QTRY_COMPARE(cancelled.size(), 1);
        QTRY_VERIFY(!button->isVisible());
        panel.job()->waitForIdle();
        QCoreApplication::processEvents();
        QCOMPARE(available.size(), 0);
        QCOMPARE(panel.model()->rowCount(), 25); // the names stay
    }
};

QTEST_MAIN(TestHostsPanel)
#include "tst_hosts_panel.moc"
