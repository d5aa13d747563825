// SPDX-License-Identifier: GPL-3.0-or-later
// The Compare tab's tree (threads under their process, through its filter proxy) and its Δ map, from crafted
// comparisons: every figure below is written down from the rows built here.
#include "advice/capture_diff.h"
#include "views/advice/compare_delta_panel.h"
#include "views/advice/compare_filter_proxy.h"
#include "views/advice/compare_model.h"
#include "views/heatmap/heatmap_picture.h"

#include <QAbstractItemModelTester>
#include <QTest>

using namespace numasight;

namespace {

LocalityChange processRow(std::int64_t pidA, std::int64_t pidB, const QString& name, double change)
{
    LocalityChange c;
    c.pidA = pidA;
    c.pidB = pidB;
    c.name = name;
    c.change = change;
    return c;
}

LocalityChange threadRow(std::int64_t pidA, std::int64_t tidA, std::int64_t pidB, std::int64_t tidB,
                         const QString& name, double change)
{
    LocalityChange c = processRow(pidA, pidB, name, change);
    c.tidA = tidA;
    c.tidB = tidB;
    return c;
}

// Two processes and their threads, one thread matched only through B's pid, one of no listed process.
CaptureDiffPtr craftedDiff()
{
    auto d = std::make_shared<CaptureDiff>();
    d->labelA = QStringLiteral("a.json");
    d->labelB = QStringLiteral("b.json");
    d->nodes = {0, 1};
    LocalityChange moved = processRow(100, 100, QStringLiteral("python3"), 0.75);
    moved.cpuSharesA = {1.0, 0.0};
    moved.cpuSharesB = {0.25, 0.75};
    moved.pagesA = {300, 100};
    moved.pagesB = {100, 300};
    LocalityChange still = processRow(200, 200, QStringLiteral("nginx"), 0.0);
    still.cpuSharesA = still.cpuSharesB = {0.5, 0.5};
    d->processes = {still, moved};
    LocalityChange worker = threadRow(100, 101, 100, 101, QStringLiteral("worker"), 0.5);
    worker.cpuSharesA = {1.0, 0.0};
    worker.cpuSharesB = {0.5, 0.5};
    LocalityChange newcomer = threadRow(-1, -1, 100, 150, QStringLiteral("late"), 1.0);
    newcomer.cpuSharesB = {0.0, 1.0};
    LocalityChange idle = threadRow(200, 201, 200, 201, QStringLiteral("nginx"), 0.0);
    LocalityChange stray = threadRow(300, 301, 300, 301, QStringLiteral("stray"), 0.1);
    d->threads = {worker, newcomer, idle, stray};
    return d;
}

// "name" of each row under `parent`, its children in brackets: "python3[late worker] nginx[nginx] stray".
QString outline(const QAbstractItemModel& m, const QModelIndex& parent = {})
{
    QStringList rows;
    for (int r = 0; r < m.rowCount(parent); ++r) {
        const QModelIndex i = m.index(r, CompareModel::NameColumn, parent);
        QString text = i.data().toString();
        if (m.rowCount(i) > 0)
            text += QLatin1Char('[') + outline(m, i) + QLatin1Char(']');
        rows << text;
    }
    return rows.join(QLatin1Char(' '));
}

} // namespace

class TestCompareModel : public QObject
{
    Q_OBJECT
private slots:
    void threadsUnderProcesses();
    void filterKeepsParents_data();
    void filterKeepsParents();
    void manyProcesses();
    void deltaPicture_data();
    void deltaPicture();
    void signedCells_data();
    void signedCells();
    void matchedIds_data();
    void matchedIds();
};

void TestCompareModel::threadsUnderProcesses()
{
    CompareModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 0);
    model.setDiff(craftedDiff());
    // Processes by change, threads under theirs by change (the newcomer found by B's pid), the stray last.
    QCOMPARE(outline(model), QStringLiteral("python3[late worker] nginx[nginx] stray"));
    const QModelIndex python = model.index(0, 0);
    QVERIFY(!model.isThread(python));
    QVERIFY(!python.parent().isValid());
    const QModelIndex late = model.index(0, 0, python);
    QVERIFY(model.isThread(late));
    QCOMPARE(late.parent(), python);
    QCOMPARE(late.data(CompareModel::PidBRole).toLongLong(), 100);
    QCOMPARE(late.data(CompareModel::TidBRole).toLongLong(), 150);
    QCOMPARE(model.index(0, CompareModel::ChangeColumn, python).data().toString(), QStringLiteral("new"));
    QVERIFY(model.index(2, 0).data(CompareModel::IsThreadRole).toBool()); // the stray, at the top level
    QCOMPARE(model.rowCount(model.index(2, 0)), 0);
    // Threads have no children, and cells of another column have none either.
    QCOMPARE(model.rowCount(late), 0);
    QCOMPARE(model.rowCount(model.index(0, 1)), 0);
    QVERIFY(!model.index(5, 0, python).isValid());
    model.setDiff(nullptr);
    QCOMPARE(model.rowCount(), 0);
}

void TestCompareModel::filterKeepsParents_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected");
    QTest::newRow("none") << QString() << QStringLiteral("python3[late worker] nginx[nginx] stray");
    QTest::newRow("a thread keeps its process")
        << QStringLiteral("work") << QStringLiteral("python3[worker]");
    QTest::newRow("a process keeps its threads")
        << QStringLiteral("python") << QStringLiteral("python3[late worker]");
    QTest::newRow("by tid") << QStringLiteral("150") << QStringLiteral("python3[late]");
    QTest::newRow("by pid, case and spaces") << QStringLiteral("  NGINX ") << QStringLiteral("nginx[nginx]");
    QTest::newRow("top-level thread") << QStringLiteral("301") << QStringLiteral("stray");
    QTest::newRow("nothing") << QStringLiteral("zzz") << QString();
}

void TestCompareModel::filterKeepsParents()
{
    QFETCH(QString, text);
    QFETCH(QString, expected);
    CompareModel model;
    CompareFilterProxy proxy;
    proxy.setSourceModel(&model);
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setDiff(craftedDiff());
    proxy.setFilterText(text);
    QCOMPARE(outline(proxy), expected);
    // Sorting by a column keeps every thread under its process.
    proxy.sort(CompareModel::NameColumn, Qt::AscendingOrder);
    for (int r = 0; r < proxy.rowCount(); ++r) {
        const QModelIndex p = proxy.index(r, 0);
        for (int t = 0; t < proxy.rowCount(p); ++t)
            QCOMPARE(proxy.index(t, 0, p).data(CompareModel::PidBRole), p.data(CompareModel::PidBRole));
    }
}

void TestCompareModel::manyProcesses()
{
    auto d = std::make_shared<CaptureDiff>();
    for (int i = 0; i < 2000; ++i) {
        d->processes.push_back(processRow(i, i, QStringLiteral("p%1").arg(i), i / 2000.0));
        for (int t = 0; t < 3; ++t)
            d->threads.push_back(threadRow(i, i * 10 + t, i, i * 10 + t, QStringLiteral("t"), 0.0));
    }
    CompareModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setDiff(d);
    QCOMPARE(model.rowCount(), 2000);
    QCOMPARE(model.index(0, 0).data().toString(), QStringLiteral("p1999"));
    for (int r = 0; r < model.rowCount(); ++r)
        QCOMPARE(model.rowCount(model.index(r, 0)), 3);
}

void TestCompareModel::deltaPicture_data()
{
    QTest::addColumn<int>("measure");
    QTest::addColumn<QStringList>("labels");
    QTest::addColumn<QList<double>>("values");
    // Unchanged rows (nginx and its thread) are left out; B − A on each node, signed.
    QTest::newRow("cpu") << int(CompareDeltaMeasure::CpuShare)
                         << QStringList{QStringLiteral("python3 (100)"), QStringLiteral("late 150"),
                                        QStringLiteral("worker 101"), QStringLiteral("stray 301")}
                         << QList<double>{-0.75, 0.75, 0.0, 1.0, -0.5, 0.5, 0.0, 0.0};
    // Pages are the process's: threads have no rows; 300 of 400 pages moved from node0 to node1.
    QTest::newRow("pages") << int(CompareDeltaMeasure::PageShare)
                           << QStringList{QStringLiteral("python3 (100)")} << QList<double>{-0.5, 0.5};
}

void TestCompareModel::deltaPicture()
{
    QFETCH(int, measure);
    QFETCH(QStringList, labels);
    QFETCH(QList<double>, values);
    CompareModel model;
    model.setDiff(craftedDiff());
    const HeatmapPicture p = compareDeltaPicture(model, CompareDeltaMeasure(measure));
    QCOMPARE(p.palette, HeatmapPalette::Diverging);
    QCOMPARE(p.format, HeatmapValueFormat::ShareChange);
    QCOMPARE(p.columnCount(), 2);
    QCOMPARE(p.columns[1].label, QStringLiteral("node1"));
    QVERIFY(p.subtitle.contains(QStringLiteral("a.json")) && p.subtitle.contains(QStringLiteral("b.json")));
    QStringList shown;
    for (const HeatmapPictureRow& row : p.rows)
        shown << row.label;
    QCOMPARE(shown, labels);
    QCOMPARE(int(p.values.size()), int(values.size()));
    for (size_t i = 0; i < p.values.size(); ++i)
        QVERIFY2(qAbs(p.values[i] - values[int(i)]) < 1e-9, qPrintable(QString::number(p.values[i])));
    // A thread row says which thread of A it is (the newcomer has none there).
    if (p.rowCount() > 1) {
        QCOMPARE(p.rows[1].pid, -1);
        QCOMPARE(p.rows[2].pid, 100);
        QCOMPARE(p.rows[2].tid, 101);
        QCOMPARE(p.rows[2].indent, 1);
    }
}

void TestCompareModel::signedCells_data()
{
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("cell");
    QTest::addColumn<QString>("full");
    QTest::newRow("more in B") << 0.75 << QStringLiteral("+75") << QStringLiteral("+75.0 %");
    QTest::newRow("less in B") << -0.5 << QStringLiteral("-50") << QStringLiteral("-50.0 %");
    QTest::newRow("a little more") << 0.001 << QStringLiteral("+<1") << QStringLiteral("+0.1 %");
    QTest::newRow("a little less") << -0.001 << QStringLiteral("-<1") << QStringLiteral("-0.1 %");
    QTest::newRow("none") << 0.0 << QStringLiteral("0") << QStringLiteral("0.0 %");
}

void TestCompareModel::signedCells()
{
    QFETCH(double, value);
    QFETCH(QString, cell);
    QFETCH(QString, full);
    QCOMPARE(formatHeatmapCell(value, HeatmapValueFormat::ShareChange), cell);
    QCOMPARE(formatHeatmapValue(value, HeatmapValueFormat::ShareChange), full);
}

void TestCompareModel::matchedIds_data()
{
    QTest::addColumn<qint64>("pid");
    QTest::addColumn<qint64>("tid");
    QTest::addColumn<bool>("fromA");
    QTest::addColumn<qint64>("expectedPid");
    QTest::addColumn<qint64>("expectedTid");
    QTest::newRow("process A→B") << qint64(100) << qint64(-1) << true << qint64(100) << qint64(-1);
    QTest::newRow("thread A→B") << qint64(100) << qint64(101) << true << qint64(100) << qint64(101);
    QTest::newRow("thread only in B→A: its process")
        << qint64(100) << qint64(150) << false << qint64(100) << qint64(-1);
    QTest::newRow("unknown") << qint64(999) << qint64(-1) << true << qint64(-1) << qint64(-1);
}

void TestCompareModel::matchedIds()
{
    QFETCH(qint64, pid);
    QFETCH(qint64, tid);
    QFETCH(bool, fromA);
    QFETCH(qint64, expectedPid);
    QFETCH(qint64, expectedTid);
    const MatchedIds ids = numasight::matchedIds(*craftedDiff(), pid, tid, fromA);
    QCOMPARE(qint64(ids.pid), expectedPid);
    QCOMPARE(qint64(ids.tid), expectedTid);
}

QTEST_MAIN(TestCompareModel)
#include "tst_compare_model.moc"
