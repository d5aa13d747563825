// SPDX-License-Identifier: GPL-3.0-or-later
// The Threads dock driven as a user would while a recording goes on: rows clicked, keys pressed, headers
// clicked and the pointer leaving the table between samples whose CPU times reorder the threads; and the
// threads of a witty-profiler file, which has no samples, through the workspace; and the log under the
// tabs, where the live sessions' messages go.
#include "support/capture_samples.h"
#include "support/test_fixtures.h"
#include "views/live/log_panel.h"
#include "views/live/sample_filter_proxy.h"
#include "views/live/sample_roles.h"
#include "views/live/session.h"
#include "views/live/thread_table_model.h"
#include "views/live/threads_panel.h"
#include "workspace.h"

#include <QHeaderView>
#include <QLabel>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>
#include <QToolButton>
#include <QTreeWidget>

using namespace numasight;
using namespace numasight::test;

namespace {

const QString kWitty = QStringLiteral(NUMASIGHT_FIXTURES "/witty-profiler/graph.json");

// One of the recording's samples with the CPU time of each thread set: the key is the tid.
SamplePtr sampleWith(const QList<std::pair<qint64, std::uint64_t>>& cpuByTid)
{
    static const Capture recording = richRecording();
    auto s = std::make_shared<Sample>(*recording.samples[1]);
    const ThreadCpuSample model = s->threads.front();
    s->threads.clear();
    for (const auto& [tid, ns] : cpuByTid) {
        ThreadCpuSample t = model;
        t.tid = tid;
        t.comm = QStringLiteral("t%1").arg(tid);
        t.cpuNs = ns;
        t.cpuNsByCpu = {{0, ns}};
        s->threads.push_back(t);
    }
    return s;
}

SnapshotPtr snapshot()
{
    return richRecording().snapshots.front();
}

QList<qlonglong> shownTids(const ThreadsPanel& panel)
{
    QList<qlonglong> tids;
    for (int r = 0; r < panel.threadProxy()->rowCount(); ++r)
        tids << panel.threadProxy()->index(r, 0).data(SampleTidRole).toLongLong();
    return tids;
}

qlonglong currentTid(const ThreadsPanel& panel)
{
    return panel.threadView()->currentIndex().data(SampleTidRole).toLongLong();
}

} // namespace

class TestThreadsPanel : public QObject
{
    Q_OBJECT
private slots:
    void clickWhileSamplesArrive_data();
    void clickWhileSamplesArrive();
    void keysAndResortButton();
    void headerClickSorts();
    void wittyThreads();
    void logPanel();
};

void TestThreadsPanel::clickWhileSamplesArrive_data()
{
    QTest::addColumn<int>("row");
    QTest::addColumn<Qt::SortOrder>("order");
    QTest::addColumn<QList<qlonglong>>("sortedAfter"); // by CPU time, once the pointer left
    // CPU time per sample: 1 sorts 10 > 11 > 12, 2 turns it round, 3 adds tid 13 as the busiest.
    QTest::newRow("top row, busiest first") << 0 << Qt::DescendingOrder << QList<qlonglong>{13, 12, 11, 10};
    QTest::newRow("middle row") << 1 << Qt::DescendingOrder << QList<qlonglong>{13, 12, 11, 10};
    QTest::newRow("last row") << 2 << Qt::DescendingOrder << QList<qlonglong>{13, 12, 11, 10};
    QTest::newRow("top row, idlest first") << 0 << Qt::AscendingOrder << QList<qlonglong>{10, 11, 12, 13};
    QTest::newRow("last row, idlest first") << 2 << Qt::AscendingOrder << QList<qlonglong>{10, 11, 12, 13};
}

void TestThreadsPanel::clickWhileSamplesArrive()
{
    QFETCH(int, row);
    QFETCH(Qt::SortOrder, order);
    QFETCH(QList<qlonglong>, sortedAfter);
    ThreadsPanel panel;
    panel.resize(700, 500);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QTableView* view = panel.threadView();
    view->sortByColumn(ThreadTableModel::CpuMsColumn, order);
    QSignalSpy picked(&panel, &ThreadsPanel::threadActivated);

    panel.setSample(sampleWith({{10, 3000}, {11, 2000}, {12, 1000}}), snapshot(), QStringLiteral("1"));
    const QList<qlonglong> before = shownTids(panel);
    QCOMPARE(before,
             order == Qt::DescendingOrder ? (QList<qlonglong>{10, 11, 12}) : (QList<qlonglong>{12, 11, 10}));
    const QPoint at =
        view->visualRect(panel.threadProxy()->index(row, ThreadTableModel::CommColumn)).center();
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, at);
    const qlonglong clicked = before.at(row);
    QCOMPARE(currentTid(panel), clicked);
    QCOMPARE(picked.size(), 1);
    QCOMPARE(picked.front().at(1).toLongLong(), clicked);

    // Samples that reorder the threads arrive while the pointer is on the table: nothing moves, the
    // clicked thread stays picked and under the pointer, a new thread is added below.
    panel.setSample(sampleWith({{10, 1000}, {11, 2000}, {12, 3000}}), snapshot(), QStringLiteral("2"));
    QCOMPARE(shownTids(panel), before);
    QCOMPARE(currentTid(panel), clicked);
    QCOMPARE(view->indexAt(at).data(SampleTidRole).toLongLong(), clicked);
    panel.setSample(sampleWith({{10, 1000}, {11, 2000}, {12, 3000}, {13, 9000}}), snapshot(),
                    QStringLiteral("3"));
    QCOMPARE(shownTids(panel), before + QList<qlonglong>{13});
    QCOMPARE(currentTid(panel), clicked);
    QCOMPARE(view->indexAt(at).data(SampleTidRole).toLongLong(), clicked);
    QCOMPARE(view->selectionModel()->selectedRows().size(), 1);
    QCOMPARE(view->selectionModel()->selectedRows().front().data(SampleTidRole).toLongLong(), clicked);
    QCOMPARE(picked.size(), 1); // keeping the pick is not a new one

    // The pointer leaves: the table sorts by CPU time again, the clicked thread still picked.
    QEvent leave(QEvent::Leave);
    QCoreApplication::sendEvent(view->viewport(), &leave);
    QCOMPARE(shownTids(panel), sortedAfter);
    QCOMPARE(currentTid(panel), clicked);

    // Neither pointed at nor focused, the table sorts with every sample.
    view->clearFocus();
    panel.setFocus();
    panel.setSample(sampleWith({{10, 4000}, {11, 2000}, {12, 3000}, {13, 1000}}), snapshot(),
                    QStringLiteral("4"));
    QCOMPARE(shownTids(panel), order == Qt::DescendingOrder ? (QList<qlonglong>{10, 12, 11, 13})
                                                            : (QList<qlonglong>{13, 11, 12, 10}));
    QCOMPARE(currentTid(panel), clicked);
}

void TestThreadsPanel::keysAndResortButton()
{
    ThreadsPanel panel;
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QTableView* view = panel.threadView();
    panel.setSample(sampleWith({{10, 3000}, {11, 2000}, {12, 1000}}), snapshot(), QStringLiteral("1"));
    view->setFocus();
    QTest::keyClick(view, Qt::Key_Home);
    QTest::keyClick(view, Qt::Key_Down);
    QCOMPARE(currentTid(panel), 11);
    // Focused: the order holds.
    panel.setSample(sampleWith({{10, 1000}, {11, 2000}, {12, 3000}}), snapshot(), QStringLiteral("2"));
    QCOMPARE(shownTids(panel), (QList<qlonglong>{10, 11, 12}));
    QCOMPARE(view->currentIndex().row(), 1);
    QCOMPARE(currentTid(panel), 11);
    // Re-sort sorts now, and the pick goes with its thread.
    panel.resortButton()->click();
    QCOMPARE(shownTids(panel), (QList<qlonglong>{12, 11, 10}));
    QCOMPARE(currentTid(panel), 11);
    QTest::keyClick(view, Qt::Key_Down);
    QCOMPARE(currentTid(panel), 10);
}

void TestThreadsPanel::headerClickSorts()
{
    ThreadsPanel panel;
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QTableView* view = panel.threadView();
    panel.setSample(sampleWith({{12, 3000}, {10, 2000}, {11, 1000}}), snapshot(), QStringLiteral("1"));
    view->setFocus(); // held
    panel.setSample(sampleWith({{12, 1000}, {10, 2000}, {11, 3000}}), snapshot(), QStringLiteral("2"));
    QCOMPARE(shownTids(panel), (QList<qlonglong>{12, 10, 11}));
    QHeaderView* header = view->horizontalHeader();
    const int x = header->sectionViewportPosition(ThreadTableModel::TidColumn) +
                  header->sectionSize(ThreadTableModel::TidColumn) / 2;
    QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, QPoint(x, header->height() / 2));
    QCOMPARE(header->sortIndicatorSection(), int(ThreadTableModel::TidColumn));
    const QList<qlonglong> byTid = shownTids(panel);
    QCOMPARE(byTid, header->sortIndicatorOrder() == Qt::AscendingOrder ? (QList<qlonglong>{10, 11, 12})
                                                                       : (QList<qlonglong>{12, 11, 10}));
}

void TestThreadsPanel::wittyThreads()
{
    Session session;
    Workspace workspace(&session);
    QSignalSpy opened(&session, &Session::opened);
    session.open(kWitty);
    QVERIFY(opened.wait(30000));
    ThreadsPanel* panel = workspace.threads();
    const ThreadTableModel* model = panel->threadModel();
    QVERIFY(model->showsSnapshot());
    QCOMPARE(model->rowCount(), 41);
    // 4 of them (tids 1893672, 1893833, 3821705, 3821880) have an empty numa_index_to_cpu_runtime.
    QCOMPARE(model->threadsWithCpuTime(), 37);
    QCOMPARE(model->nodeCount(), 8);
    QVERIFY(panel->captionLabel()->text().contains(QStringLiteral("41 threads, 37 with CPU time")));
    const int idle = model->rowOfTid(1893833);
    QVERIFY(idle >= 0);
    QCOMPARE(model->index(idle, ThreadTableModel::CpuMsColumn).data().toString(), QStringLiteral("0.0"));
    QCOMPARE(model->index(idle, ThreadTableModel::FirstNodeColumn).data().toString(), QStringLiteral("—"));
    // containerd's thread 10812 ran all its time on node 7.
    const int row = model->rowOfTid(10812);
    QVERIFY(row >= 0);
    QCOMPARE(model->index(row, ThreadTableModel::PidColumn).data().toLongLong(), 6928);
    QCOMPARE(model->index(row, ThreadTableModel::CommColumn).data().toString(), QStringLiteral("containerd"));
    QCOMPARE(model->index(row, ThreadTableModel::CpuMsColumn).data().toString(), QStringLiteral("8.8"));
    QCOMPARE(model->index(row, ThreadTableModel::FirstNodeColumn + 7).data().toString(),
             QStringLiteral("100 %"));
    QCOMPARE(model->index(row, ThreadTableModel::FirstNodeColumn).data().toString(), QStringLiteral("0 %"));
    QCOMPARE(model->index(row, ThreadTableModel::ModeColumn).data().toString(), QStringLiteral("import"));
    // Closing empties the dock.
    session.close();
    QCOMPARE(model->rowCount(), 0);
}

void TestThreadsPanel::logPanel()
{
    QWidget window;
    auto& log = *new LogPanel(&window);
    window.resize(600, 300);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(!log.isVisible()); // nothing said yet
    const QDateTime at(QDate(2026, 1, 2), QTime(3, 4, 5));
    log.add(QStringLiteral("first"), MessageBar::Kind::Warning, at);
    log.add(QStringLiteral("second, the latest"), MessageBar::Kind::Information, at.addSecs(1));
    QVERIFY(log.isVisible());
    QCOMPARE(log.count(), 2);
    QVERIFY(!log.isExpanded());
    QVERIFY(!log.list()->isVisible());
    QCOMPARE(log.toggleButton()->text(), QStringLiteral("Log (2)"));
    QCOMPARE(log.latestLabel()->text(), QStringLiteral("second, the latest"));
    QCOMPARE(log.latestLabel()->toolTip(), QStringLiteral("second, the latest"));
    QTest::mouseClick(log.toggleButton(), Qt::LeftButton);
    QVERIFY(log.isExpanded());
    QVERIFY(log.list()->isVisible());
    QCOMPARE(log.list()->topLevelItem(0)->text(0), QLocale().toString(at.time(), QLocale::LongFormat));
    QCOMPARE(log.text(0), QStringLiteral("first"));
    log.clear();
    QCOMPARE(log.count(), 0);
    QVERIFY(!log.isVisible());
}

QTEST_MAIN(TestThreadsPanel)
#include "tst_threads_panel.moc"
