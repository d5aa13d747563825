// SPDX-License-Identifier: GPL-3.0-or-later
// The Threads dock's models and proxy on a sample built by hand (two NUMA nodes, CPUs 0-1 and 2-3), run
// through QAbstractItemModelTester, and the timeline's keys and its following of new positions.
#include "support/entity_factory.h"
#include "views/live/process_memory_model.h"
#include "views/live/sample_filter_proxy.h"
#include "views/live/sample_roles.h"
#include "views/live/thread_table_model.h"
#include "views/live/threads_panel.h"
#include "views/live/timeline_bar.h"

#include <QAbstractItemModelTester>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSlider>
#include <QTableView>
#include <QTest>
#include <QToolButton>

using namespace numasight;
using numasight::test::makeEntity;

namespace {

SnapshotPtr twoNodes()
{
    SnapshotBuilder b;
    for (int n = 0; n < 2; ++n) {
        Entity node = makeEntity(EntityKind::NumaNode, QString::number(n));
        node.osIndex = n;
        node.cpus = IndexSet::range(2 * n, 2 * n + 1);
        b.add(node);
    }
    Entity p = makeEntity(EntityKind::Process, QStringLiteral("42"), QStringLiteral("trainer"));
    p.pid = 42;
    b.add(p);
    return b.finish();
}

SamplePtr sample()
{
    auto s = std::make_shared<Sample>();
    s->intervalNs = 100'000'000;
    ThreadCpuSample a; // eBPF: 30 ms on node 0, 10 ms on node 1
    a.pid = 42;
    a.tid = 42;
    a.comm = QStringLiteral("trainer");
    a.cpuNs = 40'000'000;
    a.cpuNsByCpu = {{0, 30'000'000}, {3, 10'000'000}};
    a.lastCpu = 3;
    a.voluntarySwitchesPerSec = 10;
    a.involuntarySwitchesPerSec = 2.5;
    a.mode = CollectionMode::Ebpf;
    ThreadCpuSample b; // procfs: all on the last CPU
    b.pid = 42;
    b.tid = 43;
    b.comm = QStringLiteral("loader");
    b.cpuNs = 5'000'000;
    b.cpuNsByCpu = {{2, 5'000'000}};
    b.lastCpu = 2;
    ThreadCpuSample c; // idle
    c.pid = 77;
    c.tid = 77;
    c.comm = QStringLiteral("Idle Worker");
    c.lastCpu = 1;
    s->threads = {a, b, c};
    ProcessMemorySample m;
    m.pid = 42;
    m.memoryPolicy = QStringLiteral("bind:1");
    NodePages n0;
    n0.node = 0;
    n0.totalPages = 100;
    n0.dirtyAnonPages = 60;
    n0.bytes = 100 * 4096;
    NodePages n1;
    n1.node = 1;
    n1.totalPages = 3;
    n1.dirtyAnonPages = 0;
    n1.bytes = 3 * 2 * 1024 * 1024;
    m.nodes = {n0, n1};
    s->processes = {m};
    return s;
}

QString text(const QAbstractItemModel& m, int row, int column)
{
    return m.index(row, column).data().toString();
}

} // namespace

class TestThreadsModel : public QObject
{
    Q_OBJECT
private slots:
    void threadTable();
    void memoryTable();
    void filter_data();
    void filter();
    void sortByCpu();
    void panelKeepsSelection();
    void timelineKeys();
    void timelineFollowsLatest();
};

void TestThreadsModel::threadTable()
{
    ThreadTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    SampleFilterProxy proxy;
    proxy.setSourceModel(&model);
    QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 0);
    model.setSample(sample(), twoNodes());
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.nodeCount(), 2);
    QCOMPARE(model.columnCount(), ThreadTableModel::FirstNodeColumn + 2);
    QCOMPARE(model.headerData(ThreadTableModel::FirstNodeColumn + 1, Qt::Horizontal).toString(),
             QStringLiteral("Node 1"));
    QCOMPARE(text(model, 0, ThreadTableModel::CpuMsColumn), QStringLiteral("40.0"));
    QCOMPARE(text(model, 0, ThreadTableModel::CpuShareColumn), QStringLiteral("40.0 %"));
    QCOMPARE(text(model, 0, ThreadTableModel::FirstNodeColumn), QStringLiteral("75 %"));
    QCOMPARE(text(model, 0, ThreadTableModel::FirstNodeColumn + 1), QStringLiteral("25 %"));
    QCOMPARE(text(model, 0, ThreadTableModel::SwitchesColumn), QStringLiteral("12.5"));
    QCOMPARE(text(model, 0, ThreadTableModel::ModeColumn), QStringLiteral("ebpf"));
    QCOMPARE(text(model, 1, ThreadTableModel::FirstNodeColumn + 1), QStringLiteral("100 %"));
    QCOMPARE(text(model, 1, ThreadTableModel::ModeColumn), QStringLiteral("procfs"));
    QCOMPARE(text(model, 2, ThreadTableModel::FirstNodeColumn), QStringLiteral("—")); // did not run
    QCOMPARE(text(model, 2, ThreadTableModel::LastCpuColumn), QStringLiteral("1"));
    QCOMPARE(model.rowOfTid(43), 1);
    QCOMPARE(model.rowOfTid(999), -1);
    // The first sample of a recording has no interval: no share of a CPU.
    auto first = std::make_shared<Sample>(*sample());
    first->intervalNs = 0;
    model.setSample(first, twoNodes());
    QCOMPARE(text(model, 0, ThreadTableModel::CpuShareColumn), QStringLiteral("—"));
    model.setSample(nullptr, nullptr);
    QCOMPARE(model.rowCount(), 0);
    QCOMPARE(model.columnCount(), int(ThreadTableModel::FirstNodeColumn));
}

void TestThreadsModel::memoryTable()
{
    ProcessMemoryModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    SampleFilterProxy proxy;
    proxy.setSourceModel(&model);
    QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setSample(sample(), twoNodes());
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(text(model, 0, ProcessMemoryModel::CommColumn), QStringLiteral("trainer"));
    QCOMPARE(text(model, 0, ProcessMemoryModel::PolicyColumn), QStringLiteral("bind:1"));
    QCOMPARE(text(model, 0, ProcessMemoryModel::PagesColumn), QStringLiteral("103"));
    QCOMPARE(text(model, 0, ProcessMemoryModel::DirtyAnonColumn), QStringLiteral("60"));
    QCOMPARE(model.index(0, ProcessMemoryModel::BytesColumn).data(SampleSortRole).toULongLong(),
             100ULL * 4096 + 3ULL * 2 * 1024 * 1024);
    QCOMPARE(text(model, 0, ProcessMemoryModel::FirstNodeColumn), QStringLiteral("100 / 60"));
    QCOMPARE(text(model, 0, ProcessMemoryModel::FirstNodeColumn + 1), QStringLiteral("3 / 0"));
    QVERIFY(model.index(0, ProcessMemoryModel::FirstNodeColumn + 1)
                .data(Qt::ToolTipRole)
                .toString()
                .contains(QStringLiteral("6.0 MiB")));
    QCOMPARE(model.rowOfPid(42), 0);
}

void TestThreadsModel::filter_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QList<qlonglong>>("tids");
    QTest::newRow("empty") << "" << QList<qlonglong>{42, 43, 77};
    QTest::newRow("comm, any case") << "LOAD" << QList<qlonglong>{43};
    QTest::newRow("comm with space") << "idle worker" << QList<qlonglong>{77};
    QTest::newRow("pid") << "42" << QList<qlonglong>{42, 43};
    QTest::newRow("tid") << "43" << QList<qlonglong>{43};
    QTest::newRow("cpu:3 ran there") << "cpu:3" << QList<qlonglong>{42};
    QTest::newRow("cpu 2") << " cpu 2 " << QList<qlonglong>{43};
    QTest::newRow("cpu:1 last seen") << "cpu:1" << QList<qlonglong>{77};
    QTest::newRow("nothing") << "nomatch" << QList<qlonglong>{};
}

void TestThreadsModel::filter()
{
    QFETCH(QString, text);
    QFETCH(QList<qlonglong>, tids);
    ThreadTableModel model;
    SampleFilterProxy proxy;
    proxy.setSourceModel(&model);
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setSample(sample(), twoNodes());
    proxy.setFilterText(text);
    QList<qlonglong> got;
    for (int r = 0; r < proxy.rowCount(); ++r)
        got << proxy.index(r, 0).data(SampleTidRole).toLongLong();
    std::sort(got.begin(), got.end());
    QCOMPARE(got, tids);
}

void TestThreadsModel::sortByCpu()
{
    ThreadTableModel model;
    SampleFilterProxy proxy;
    proxy.setSourceModel(&model);
    model.setSample(sample(), twoNodes());
    proxy.sort(ThreadTableModel::CpuMsColumn, Qt::DescendingOrder);
    QList<qlonglong> order;
    for (int r = 0; r < proxy.rowCount(); ++r)
        order << proxy.index(r, 0).data(SampleTidRole).toLongLong();
    QCOMPARE(order, (QList<qlonglong>{42, 43, 77}));
    // Numbers sort as numbers, not text: 12.5 switches/s after 0.
    proxy.sort(ThreadTableModel::SwitchesColumn, Qt::AscendingOrder);
    QCOMPARE(proxy.index(2, 0).data(SampleTidRole).toLongLong(), 42);
}

void TestThreadsModel::panelKeepsSelection()
{
    ThreadsPanel panel;
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QSignalSpy threads(&panel, &ThreadsPanel::threadActivated);
    panel.setSample(sample(), twoNodes(), QStringLiteral("Sample 1"));
    QTableView* view = panel.threadView();
    const int row = panel.threadProxy()->mapFromSource(panel.threadModel()->index(1, 0)).row();
    const QRect rect = view->visualRect(panel.threadProxy()->index(row, ThreadTableModel::CommColumn));
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, rect.center());
    QCOMPARE(threads.size(), 1);
    QCOMPARE(threads.front().at(1).toLongLong(), 43);
    // The next sample replaces the table: tid 43 stays picked, and that is not a new pick.
    panel.setSample(sample(), twoNodes(), QStringLiteral("Sample 2"));
    QCOMPARE(view->currentIndex().data(SampleTidRole).toLongLong(), 43);
    QCOMPARE(threads.size(), 1);
    QCOMPARE(panel.captionLabel()->text(), QStringLiteral("Sample 2"));
    // Typing in the filter box narrows both tables.
    QTest::keyClicks(panel.filterEdit(), QStringLiteral("trainer"));
    QCOMPARE(panel.threadProxy()->rowCount(), 1);
    QCOMPARE(panel.memoryProxy()->rowCount(), 1);
    QSignalSpy processes(&panel, &ThreadsPanel::processActivated);
    QTableView* memory = panel.memoryView();
    QTest::mouseClick(memory->viewport(), Qt::LeftButton, {},
                      memory->visualRect(panel.memoryProxy()->index(0, 0)).center());
    QCOMPARE(processes.size(), 1);
    QCOMPARE(processes.front().at(0).toLongLong(), 42);
}

void TestThreadsModel::timelineKeys()
{
    TimelineBar bar;
    bar.show();
    QVERIFY(QTest::qWaitForWindowExposed(&bar));
    QSignalSpy moved(&bar, &TimelineBar::positionChanged);
    bar.setCount(5, [](int i) { return QStringLiteral("position %1").arg(i); });
    QCOMPARE(bar.position(), 4); // starts at the newest
    QCOMPARE(bar.label()->text(), QStringLiteral("position 4"));
    QSlider* slider = bar.slider();
    slider->setFocus();
    QTest::keyClick(slider, Qt::Key_Home);
    QCOMPARE(bar.position(), 0);
    QCOMPARE(moved.last().at(0).toInt(), 0);
    QTest::keyClick(slider, Qt::Key_Right);
    QCOMPARE(bar.position(), 1);
    QCOMPARE(bar.label()->text(), QStringLiteral("position 1"));
    QTest::keyClick(slider, Qt::Key_Left);
    QCOMPARE(bar.position(), 0);
    QTest::keyClick(slider, Qt::Key_End);
    QCOMPARE(bar.position(), 4);
    QVERIFY(bar.isFollowingLatest());
}

void TestThreadsModel::timelineFollowsLatest()
{
    TimelineBar bar;
    bar.show();
    QVERIFY(QTest::qWaitForWindowExposed(&bar));
    QSignalSpy moved(&bar, &TimelineBar::positionChanged);
    auto describe = [](int i) { return QString::number(i); };
    bar.setCount(3, describe);
    bar.setCount(4, describe);
    QCOMPARE(bar.position(), 3); // followed
    QCOMPARE(moved.last().at(0).toInt(), 3);
    bar.setPosition(1); // the user moved back
    QVERIFY(!bar.isFollowingLatest());
    const qsizetype before = moved.size();
    bar.setCount(6, describe);
    QCOMPARE(bar.position(), 1); // stays
    QCOMPARE(moved.size(), before);
    QCOMPARE(bar.slider()->maximum(), 5);
    // "Latest" goes back to the end and follows again.
    QTest::mouseClick(bar.findChild<QToolButton*>(QStringLiteral("timelineLatest")), Qt::LeftButton);
    QCOMPARE(bar.position(), 5);
    bar.setCount(7, describe);
    QCOMPARE(bar.position(), 6);
}

QTEST_MAIN(TestThreadsModel)
#include "tst_threads_model.moc"
