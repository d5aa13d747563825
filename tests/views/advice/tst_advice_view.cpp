// SPDX-License-Identifier: GPL-3.0-or-later
// The Advice tab, the Apply dialog and the Compare tab with real widgets on the offscreen platform and the
// witty-profiler fixture: findings and suggestions are those written down in tests/core/tst_advice.cpp from
// the fixture itself (the four vLLM workers run away from their NPUs).
#include "advice/advice.h"
#include "main_window.h"
#include "readers/open_input.h"
#include "record/recorder.h"
#include "support/advice_fit_checks.h"
#include "support/test_fixtures.h"
#include "views/advice/advice_filter_proxy.h"
#include "views/advice/advice_model.h"
#include "views/advice/advice_panel.h"
#include "views/advice/apply_dialog.h"
#include "views/advice/compare_bar.h"
#include "views/advice/compare_delta_panel.h"
#include "views/advice/compare_filter_proxy.h"
#include "views/advice/compare_model.h"
#include "views/advice/compare_panel.h"
#include "views/browser/details_pane.h"
#include "views/common/elided_label.h"
#include "views/common/message_bar.h"
#include "views/graph/graph_panel.h"
#include "views/graph/graph_scene.h"
#include "views/heatmap/heatmap_plot.h"
#include "views/heatmap/heatmap_row_model.h"
#include "views/heatmap/heatmap_tabs.h"
#include "views/heatmap/mismatch_panel.h"
#include "views/heatmap/node_heatmap_panel.h"
#include "views/jobs/advice_job.h"
#include "views/jobs/load_job.h"
#include "workspace.h"

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QClipboard>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QFileInfo>
#include <QGuiApplication>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QScrollArea>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QSplitter>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

using namespace numasight;
using numasight::test::loadCapture;

namespace {

// The suggestion the panel shows, as plain values.
struct SuggestionFacts
{
    bool valid = false;
    qint64 pid = -1;
    QString cpus, relaunch, live, docker, systemd;
};

SuggestionFacts currentSuggestionFacts(const AdvicePanel& panel)
{
    SuggestionFacts f;
    const Suggestion* s = panel.currentSuggestion();
    if (!s)
        return f;
    f.valid = true;
    f.pid = s->pid;
    f.cpus = s->cpus;
    f.relaunch = s->relaunch;
    f.live = s->live.join(QLatin1Char('\n'));
    f.docker = s->docker;
    f.systemd = s->systemd;
    return f;
}

int adviceFindingCount(const AdvicePanel& panel)
{
    return panel.advice() ? int(panel.advice()->findings.size()) : 0;
}

ApplyDialog* makeApplyDialog(qint64 pid, const QString& name, const QString& cpus, int node,
                             QWidget* parent = nullptr)
{
    Suggestion s;
    s.pid = pid;
    s.name = name;
    s.cpus = cpus;
    s.targetNodes = {NodeId(node)};
    s.after.similarity = 1;
    s.after.remoteShare = 0;
    s.assumptions = QStringLiteral("prediction: all CPU time on node %1").arg(node);
    return new ApplyDialog(s, parent);
}

} // namespace

namespace {

const QString kWitty = QStringLiteral(NUMASIGHT_FIXTURES "/witty-profiler/graph.json");
constexpr int kTimeout = 30000;

bool openIn(MainWindow& w, const QString& path)
{
    QSignalSpy finished(w.loader(), &LoadJob::finished);
    w.openPath(path);
    return (finished.wait(kTimeout) || !finished.isEmpty()) && w.capture();
}

// Shows the window, opens `path` and waits until the Advice tab shows its findings.
bool openWithAdvice(MainWindow& w, const QString& path)
{
    w.resize(1400, 900);
    w.show();
    if (!QTest::qWaitForWindowExposed(&w))
        return false;
    w.showAdvice();
    QSignalSpy shown(w.advicePanel(), &AdvicePanel::adviceShown);
    if (!openIn(w, path))
        return false;
    return (shown.wait(kTimeout) || !shown.isEmpty()) && w.advicePanel()->isReady();
}

int proxyRowOf(const AdvicePanel& panel, const QString& kind, qint64 pid)
{
    const QAbstractItemModel* m = panel.table()->model();
    for (int r = 0; r < m->rowCount(); ++r)
        if (m->index(r, AdviceModel::KindColumn).data().toString() == kind &&
            m->index(r, 0).data(AdviceModel::PidRole).toLongLong() == pid)
            return r;
    return -1;
}

// The row of the finding that worker `pid` runs away from its accelerator, after the window opened the witty
// capture with its advice.
int awayRowOf(MainWindow& w, qint64 pid)
{
    return openWithAdvice(w, kWitty) ? proxyRowOf(*w.advicePanel(), QStringLiteral("accelerator-away"), pid)
                                     : -1;
}

// graph.json with worker 1895087 moved onto its NPU's node 6: every CPU share and the allowed CPUs.
QString movedWorkerCopy(const QString& dir)
{
    QFile in(kWitty);
    if (!in.open(QIODevice::ReadOnly))
        return {};
    QJsonObject root = QJsonDocument::fromJson(in.readAll()).object();
    QJsonArray edges = root.value(QStringLiteral("edges")).toArray();
    const qint64 pid = 1895087;
    auto onNode6 = [](QJsonObject status) {
        double total = 0;
        const QJsonObject runtime = status.value(QStringLiteral("numa_index_to_cpu_runtime")).toObject();
        for (auto it = runtime.begin(); it != runtime.end(); ++it)
            total += it.value().toDouble();
        status.insert(QStringLiteral("numa_index_to_cpu_runtime"),
                      QJsonObject{{QStringLiteral("6"), total > 0 ? total : 1e6}});
        status.insert(QStringLiteral("cpus_allowed_list"), QStringLiteral("144-167"));
        return status;
    };
    for (qsizetype i = 0; i < edges.size(); ++i) {
        QJsonObject e = edges[i].toObject();
        const QString type = e.value(QStringLiteral("edge_type")).toString();
        const QJsonObject src = e.value(QStringLiteral("source_node")).toObject();
        if (type == u"NumaAccessEdge" && src.value(QStringLiteral("pid")).toInteger() == pid) {
            QJsonObject info = e.value(QStringLiteral("numa_access_info")).toObject();
            info.insert(QStringLiteral("proc_status"),
                        onNode6(info.value(QStringLiteral("proc_status")).toObject()));
            QJsonObject affinity = info.value(QStringLiteral("numa_affinity_info")).toObject();
            affinity.insert(QStringLiteral("cpu_runtime_pct_in_each_numa"),
                            QJsonArray{0, 0, 0, 0, 0, 0, 1.0, 0});
            info.insert(QStringLiteral("numa_affinity_info"), affinity);
            e.insert(QStringLiteral("numa_access_info"), info);
        } else if (type == u"AccessWithProcStatusEdge" &&
                   src.value(QStringLiteral("process")).toObject().value(QStringLiteral("pid")).toInteger() ==
                       pid) {
            e.insert(QStringLiteral("proc_status"),
                     onNode6(e.value(QStringLiteral("proc_status")).toObject()));
        } else {
            continue;
        }
        edges[i] = e;
    }
    root.insert(QStringLiteral("edges"), edges);
    const QString path = dir + QStringLiteral("/moved.json");
    QFile out(path);
    if (!out.open(QIODevice::WriteOnly))
        return {};
    out.write(QJsonDocument(root).toJson(QJsonDocument::Compact));
    return path;
}

} // namespace

class TestAdviceView : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void adviceTabFills();
    void acceleratorAwayFindings_data();
    void acceleratorAwayFindings();
    void selectionShowsSuggestion_data();
    void selectionShowsSuggestion();
    void copyCommands_data();
    void copyCommands();
    void browserSelectsFinding();
    void filterNarrowsRows_data();
    void filterNarrowsRows();
    void sortBySeverity();
    void groupsOfCopies_data();
    void groupsOfCopies();
    void applyDisabledForFile();
    void applyAllowedForThisMachine();
    void applyAllowedWhileRecording();
    void staleAdviceDropped();
    void compareHighlightsChanges();
    void compareWithBadFile();
    void compareSidesDriveViews();
    void applyDialogOnLiveChild();
    void screenshot();
    void paneFitsEverySize_data();
    void paneFitsEverySize();
    void splitterFollowsWidth();

private:
    QTemporaryDir m_dir;
};

void TestAdviceView::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("numasight-tests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_advice_view"));
    QVERIFY(m_dir.isValid());
}

void TestAdviceView::init()
{
    QSettings().clear();
}

void TestAdviceView::adviceTabFills()
{
    MainWindow w;
    QVERIFY(openWithAdvice(w, kWitty));
    AdvicePanel* panel = w.advicePanel();
    QCOMPARE(w.workspaceTabs()->tabText(w.workspaceTabs()->indexOf(panel)), QStringLiteral("Advice"));
    QCOMPARE(w.workspaceTabs()->indexOf(panel), w.workspaceTabs()->indexOf(w.heatmapsPanel()) + 1);
    QAbstractItemModelTester sourceTester(panel->model(),
                                          QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester proxyTester(panel->proxy(),
                                         QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(panel->model()->rowCount() >= 4);
    QCOMPARE(panel->model()->rowCount(), adviceFindingCount(*panel));
    QVERIFY(panel->statusLabel()->text().contains(QStringLiteral("critical")));
    // The shortcuts: Ctrl+B leaves, Ctrl+I and Ctrl+4 come back.
    QTest::keyClick(&w, Qt::Key_B, Qt::ControlModifier);
    QVERIFY(w.workspaceTabs()->currentWidget() != panel);
    QTest::keyClick(&w, Qt::Key_I, Qt::ControlModifier);
    QCOMPARE(w.workspaceTabs()->currentWidget(), panel);
    QTest::keyClick(&w, Qt::Key_B, Qt::ControlModifier);
    QTest::keyClick(&w, Qt::Key_4, Qt::ControlModifier);
    QCOMPARE(w.workspaceTabs()->currentWidget(), panel);
    // Ctrl+F on the Advice tab goes to its filter.
    QTest::keyClick(&w, Qt::Key_F, Qt::ControlModifier);
    QTRY_VERIFY(panel->filterEdit()->hasFocus());
}

void TestAdviceView::acceleratorAwayFindings_data()
{
    QTest::addColumn<qint64>("pid");
    QTest::addColumn<int>("deviceNode");
    QTest::newRow("1895087 NPU0") << qint64(1895087) << 6;
    QTest::newRow("1895088 NPU1") << qint64(1895088) << 6;
    QTest::newRow("1895089 NPU2") << qint64(1895089) << 4;
    QTest::newRow("1895090 NPU3") << qint64(1895090) << 4;
}

void TestAdviceView::acceleratorAwayFindings()
{
    QFETCH(qint64, pid);
    QFETCH(int, deviceNode);
    MainWindow w;
    const int row = awayRowOf(w, pid);
    QVERIFY2(row >= 0, "no accelerator-away finding for the worker");
    AdvicePanel* panel = w.advicePanel();
    const QAbstractItemModel* m = panel->table()->model();
    const QModelIndex severity = m->index(row, AdviceModel::SeverityColumn);
    QCOMPARE(severity.data().toString(), QStringLiteral("critical"));
    QCOMPARE(severity.data(AdviceModel::SeverityRole).toInt(), 2); // Severity::Critical
    QVERIFY(!severity.data(Qt::DecorationRole).value<QIcon>().isNull());
    QCOMPARE(severity.data(Qt::ForegroundRole).value<QColor>(), severityColor(Severity(2)));
    QCOMPARE(m->index(row, AdviceModel::PidColumn).data().toLongLong(), pid);
    QVERIFY(m->index(row, AdviceModel::TidColumn).data().toString().isEmpty());
    QVERIFY(!m->index(row, AdviceModel::MessageColumn).data().toString().isEmpty());
    // The figures behind it are in the tooltip.
    QVERIFY(m->index(row, AdviceModel::MessageColumn)
                .data(Qt::ToolTipRole)
                .toString()
                .contains(QStringLiteral("device_node: %1").arg(deviceNode)));
    // Exactly the four workers are away from their accelerators.
    int away = 0;
    for (int r = 0; r < m->rowCount(); ++r)
        away += m->index(r, AdviceModel::KindColumn).data().toString() == u"accelerator-away";
    QCOMPARE(away, 4);
}

void TestAdviceView::selectionShowsSuggestion_data()
{
    QTest::addColumn<qint64>("pid");
    QTest::addColumn<QString>("cpus");
    QTest::addColumn<int>("node");
    QTest::newRow("1895087") << qint64(1895087) << "144-167" << 6;
    QTest::newRow("1895088") << qint64(1895088) << "144-167" << 6;
    QTest::newRow("1895089") << qint64(1895089) << "96-119" << 4;
    QTest::newRow("1895090") << qint64(1895090) << "96-119" << 4;
}

void TestAdviceView::selectionShowsSuggestion()
{
    QFETCH(qint64, pid);
    QFETCH(QString, cpus);
    QFETCH(int, node);
    MainWindow w;
    const int row = awayRowOf(w, pid);
    QVERIFY(row >= 0);
    AdvicePanel* panel = w.advicePanel();
    // A click on the row, as the user does.
    QTreeView* table = panel->table();
    const QModelIndex index = table->model()->index(row, AdviceModel::MessageColumn);
    table->scrollTo(index);
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, table->visualRect(index).center());
    QCOMPARE(panel->shownPid(), pid);
    const SuggestionFacts s = currentSuggestionFacts(*panel);
    QVERIFY(s.valid);
    QCOMPARE(s.pid, pid);
    QCOMPARE(s.cpus, cpus);
    QVERIFY2(panel->targetLabel()->text().contains(cpus), qPrintable(panel->targetLabel()->text()));
    QCOMPARE(panel->targetLabel()->property("cpus").toString(), cpus);
    QVERIFY(panel->titleLabel()->text().contains(QString::number(pid)));
    const QString relaunch = panel->commandEdit(AdvicePanel::Command::Relaunch)->toPlainText();
    QVERIFY2(relaunch.startsWith(QStringLiteral("numactl --cpunodebind=%1 --membind=%1 --").arg(node)),
             qPrintable(relaunch));
    QVERIFY(panel->commandEdit(AdvicePanel::Command::Relaunch)->isReadOnly());
    QVERIFY(panel->commandEdit(AdvicePanel::Command::Live)
                ->toPlainText()
                .contains(QStringLiteral("taskset -a -cp %1 %2").arg(cpus).arg(pid)));
    QVERIFY(panel->commandEdit(AdvicePanel::Command::Docker)->isVisibleTo(panel));
    QVERIFY(panel->commandEdit(AdvicePanel::Command::Systemd)
                ->toPlainText()
                .contains(QStringLiteral("CPUAffinity=%1").arg(cpus)));
    // The prediction is labelled as one, with its assumptions.
    QCOMPARE(panel->predictionTable()->horizontalHeaderItem(1)->text(), QStringLiteral("After (predicted)"));
    QVERIFY(panel->assumptionsLabel()->text().startsWith(QStringLiteral("Prediction")));
    QVERIFY(!panel->predictionTable()->item(0, 0)->text().isEmpty());
    QVERIFY(panel->notesLabel()->text().contains(QStringLiteral("space-joined")));
    // The shared selection: the browser (and so the graph and heatmaps) has the process.
    const Snapshot& snapshot = *w.capture()->snapshots[size_t(w.snapshotIndex())];
    QCOMPARE(w.detailsPane()->entity(), snapshot.processByPid(pid));
}

void TestAdviceView::copyCommands_data()
{
    QTest::addColumn<int>("command");
    QTest::newRow("relaunch") << int(AdvicePanel::Command::Relaunch);
    QTest::newRow("live") << int(AdvicePanel::Command::Live);
    QTest::newRow("docker") << int(AdvicePanel::Command::Docker);
    QTest::newRow("systemd") << int(AdvicePanel::Command::Systemd);
    QTest::newRow("thread groups") << int(AdvicePanel::Command::ThreadGroups);
}

void TestAdviceView::copyCommands()
{
    QFETCH(int, command);
    MainWindow w;
    QVERIFY(openWithAdvice(w, kWitty));
    AdvicePanel* panel = w.advicePanel();
    panel->selectProcess(1895087);
    const SuggestionFacts s = currentSuggestionFacts(*panel);
    QVERIFY(s.valid);
    QGuiApplication::clipboard()->clear();
    QPushButton* copy = panel->copyButton(AdvicePanel::Command(command));
    QVERIFY(copy->isVisibleTo(panel));
    // The click goes where the button is on screen: wait until the pane has been laid out for this
    // suggestion and the button, scrolled into view as a user would, is what lies under that point.
    const auto underPointer = [copy] {
        return copy->window()->childAt(copy->mapTo(copy->window(), copy->rect().center()));
    };
    for (QWidget* p = copy->parentWidget(); p; p = p->parentWidget())
        if (auto* area = qobject_cast<QScrollArea*>(p)) {
            QTRY_VERIFY((area->ensureWidgetVisible(copy), underPointer() == copy));
            break;
        }
    QTest::mouseClick(copy, Qt::LeftButton);
    if (command == int(AdvicePanel::Command::ThreadGroups)) {
        // A comment line per group, then one taskset per thread; a shell runs it as it is.
        const QStringList lines = QGuiApplication::clipboard()->text().split(QLatin1Char('\n'));
        QCOMPARE(lines, (QStringList{
                            "# acl_thread: 1 thread(s), other, node 5 now", "taskset -cp 144-167 1896232",
                            "# python3: 2 thread(s), other, node 7 now", "taskset -cp 144-167 1895087",
                            "taskset -cp 144-167 1896010", "# release_thread: 1 thread(s), other, node 5 now",
                            "taskset -cp 144-167 1896233"}));
        // dockerd's threads all run on one node: nothing to move apart.
        panel->selectProcess(6808);
        QVERIFY(!copy->isVisibleTo(panel));
        return;
    }
    const QString expected[] = {s.relaunch, s.live, s.docker, s.systemd};
    QVERIFY(!expected[command].isEmpty());
    QCOMPARE(QGuiApplication::clipboard()->text(), expected[command]);
    if (command == int(AdvicePanel::Command::Relaunch))
        QVERIFY(QGuiApplication::clipboard()->text().startsWith(
            QStringLiteral("numactl --cpunodebind=6 --membind=6 --")));
}

void TestAdviceView::browserSelectsFinding()
{
    MainWindow w;
    QVERIFY(openWithAdvice(w, kWitty));
    AdvicePanel* panel = w.advicePanel();
    const Snapshot& s = *w.capture()->snapshots[size_t(w.snapshotIndex())];
    w.selectEntity(s.processByPid(1895089));
    QCOMPARE(panel->shownPid(), qint64(1895089));
    QVERIFY(panel->table()->currentIndex().isValid());
    QCOMPARE(panel->table()->currentIndex().data(AdviceModel::PidRole).toLongLong(), qint64(1895089));
    QVERIFY(panel->targetLabel()->text().contains(QStringLiteral("96-119")));
    // A thread of it selects the process's suggestion too.
    const auto threads = s.threadsOf(s.processByPid(1895088));
    QVERIFY(!threads.empty());
    w.selectEntity(threads.front());
    QCOMPARE(panel->shownPid(), qint64(1895088));
    QVERIFY(panel->targetLabel()->text().contains(QStringLiteral("144-167")));
}

void TestAdviceView::filterNarrowsRows_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("minRows");
    QTest::addColumn<int>("maxRows");
    QTest::newRow("kind") << "accelerator-away" << 4 << 4;
    QTest::newRow("pid") << "1895087" << 1 << 1000;
    QTest::newRow("severity, any case") << "CRITICAL" << 4 << 1000;
    QTest::newRow("nothing") << "no such finding anywhere" << 0 << 0;
}

void TestAdviceView::filterNarrowsRows()
{
    QFETCH(QString, text);
    QFETCH(int, minRows);
    QFETCH(int, maxRows);
    MainWindow w;
    QVERIFY(openWithAdvice(w, kWitty));
    AdvicePanel* panel = w.advicePanel();
    const int all = panel->proxy()->rowCount();
    QTest::keyClicks(panel->filterEdit(), text);
    const int rows = panel->proxy()->rowCount();
    QVERIFY2(rows >= minRows && rows <= maxRows, qPrintable(QString::number(rows)));
    QVERIFY(rows < all);
    for (int r = 0; r < rows; ++r) {
        bool match = false;
        for (int c = 0; c < AdviceModel::ColumnCount; ++c)
            match =
                match || panel->proxy()->index(r, c).data().toString().contains(text, Qt::CaseInsensitive);
        QVERIFY(match);
    }
    panel->filterEdit()->clear();
    QCOMPARE(panel->proxy()->rowCount(), all);
}

void TestAdviceView::sortBySeverity()
{
    MainWindow w;
    QVERIFY(openWithAdvice(w, kWitty));
    AdvicePanel* panel = w.advicePanel();
    panel->table()->sortByColumn(AdviceModel::SeverityColumn, Qt::AscendingOrder);
    const QAbstractItemModel* m = panel->proxy();
    for (int r = 1; r < m->rowCount(); ++r)
        QVERIFY(m->index(r - 1, 0).data(AdviceModel::SeverityRole).toInt() <=
                m->index(r, 0).data(AdviceModel::SeverityRole).toInt());
    panel->table()->sortByColumn(AdviceModel::PidColumn, Qt::DescendingOrder);
    for (int r = 1; r < m->rowCount(); ++r)
        QVERIFY(m->index(r - 1, 0).data(AdviceModel::PidRole).toLongLong() >=
                m->index(r, 0).data(AdviceModel::PidRole).toLongLong());
}

// Thousands of copies of one worker are one row with their count; each copy's finding is under it, found by
// pid and by the filter box.
void TestAdviceView::groupsOfCopies_data()
{
    QTest::addColumn<int>("copies");
    QTest::addColumn<int>("others"); // findings about processes of their own
    QTest::newRow("no findings") << 0 << 0;
    QTest::newRow("one process") << 1 << 0;
    QTest::newRow("every process in one group") << 2000 << 0;
    QTest::newRow("a group and single findings") << 50 << 3;
}

void TestAdviceView::groupsOfCopies()
{
    QFETCH(int, copies);
    QFETCH(int, others);
    auto advice = std::make_shared<Advice>();
    const auto add = [&](Severity severity, std::int64_t pid, const QString& command) {
        Finding f;
        f.severity = severity;
        f.kind = QStringLiteral("locality");
        f.pid = pid;
        f.message = QStringLiteral("pid %1 (worker) has cross-NUMA access").arg(pid);
        f.ns = QStringLiteral("local");
        f.command = command;
        advice->findings.push_back(std::move(f));
    };
    for (int i = 0; i < copies; ++i)
        add(i == 0 ? Severity::Critical : Severity::Warning, 1000 + i, QStringLiteral("worker --serve"));
    for (int i = 0; i < others; ++i)
        add(Severity::Info, 90 + i, QStringLiteral("tool %1").arg(i));
    std::stable_sort(advice->findings.begin(), advice->findings.end(),
                     [](const Finding& a, const Finding& b) { return a.severity > b.severity; });
    AdviceModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    AdviceFilterProxy proxy;
    proxy.setSourceModel(&model);
    QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setAdvice(advice);
    QCOMPARE(model.rowCount(), (copies > 0 ? 1 : 0) + others);
    if (copies == 0)
        return;
    const QModelIndex group = model.index(0, 0);
    QCOMPARE(group.data(AdviceModel::GroupSizeRole).toInt(), copies);
    QCOMPARE(model.rowCount(group), copies > 1 ? copies : 0);
    QCOMPARE(group.data(AdviceModel::SeverityRole).toInt(), int(Severity::Critical)); // its worst
    QCOMPARE(model.index(0, AdviceModel::CountColumn).data().toString(),
             copies > 1 ? QString::number(copies) : QString());
    const QString message = model.index(0, AdviceModel::MessageColumn).data().toString();
    QVERIFY2(copies == 1 || message.contains(QStringLiteral("worker --serve")), qPrintable(message));
    // The last copy's finding is found where it is: under the group, or the group itself when alone.
    const QModelIndex last = model.indexOf(1000 + copies - 1);
    QVERIFY(last.isValid());
    QCOMPARE(last.data(AdviceModel::PidRole).toLongLong(), qint64(1000 + copies - 1));
    QCOMPARE(last.parent().isValid(), copies > 1);
    // The filter keeps the group of a pid typed in the box, with that pid's finding under it.
    proxy.setFilterText(QString::number(1000 + copies - 1));
    QCOMPARE(proxy.rowCount(), 1);
    if (copies > 1) {
        QCOMPARE(proxy.rowCount(proxy.index(0, 0)), 1);
        QCOMPARE(proxy.index(0, 0, proxy.index(0, 0)).data(AdviceModel::PidRole).toLongLong(),
                 qint64(1000 + copies - 1));
    }
    // Text of the group keeps all its findings under it.
    proxy.setFilterText(QStringLiteral("worker --serve"));
    QCOMPARE(proxy.rowCount(proxy.index(0, 0)), copies > 1 ? copies : 0);
}

void TestAdviceView::applyDisabledForFile()
{
    MainWindow w;
    QVERIFY(openWithAdvice(w, kWitty));
    AdvicePanel* panel = w.advicePanel();
    panel->selectProcess(1895087);
    QVERIFY(panel->applyButton()->isVisibleTo(panel));
    QVERIFY(!panel->applyButton()->isEnabled());
    QVERIFY2(panel->applyButton()->toolTip().contains(QStringLiteral("file capture")),
             qPrintable(panel->applyButton()->toolTip()));
    QString reason;
    QVERIFY(!w.canApply(&reason));
    QCOMPARE(panel->applyButton()->toolTip(), reason);
    QVERIFY(panel->applyNote()->isVisibleTo(panel));
    QCOMPARE(panel->applyNote()->text(), reason);
    // Asking anyway opens nothing and says why.
    QVERIFY(!w.showApplyDialog(*panel->currentSuggestion()));
}

void TestAdviceView::applyAllowedForThisMachine()
{
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(openIn(w, QString::fromLatin1(kLocalMachine)));
    QString reason;
    QVERIFY2(w.canApply(&reason), qPrintable(reason));
    QVERIFY(w.advicePanel()->isApplyAllowed());
}

void TestAdviceView::applyAllowedWhileRecording()
{
    MainWindow w;
    w.resize(1200, 800);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.showAdvice();
    RecordOptions options;
    options.outputPath = m_dir.filePath(QStringLiteral("self.numasight"));
    options.intervalNs = 100'000'000;
    options.durationNs = 3600LL * 1'000'000'000;
    options.mode = RecordMode::Procfs;
    options.scope.pids = {QCoreApplication::applicationPid()};
    QSignalSpy shown(w.advicePanel(), &AdvicePanel::adviceShown);
    QVERIFY(w.startRecording(options));
    QTRY_VERIFY_WITH_TIMEOUT(w.capture() && w.capture()->samples.size() >= 2, kTimeout);
    QString reason;
    QVERIFY2(w.canApply(&reason), qPrintable(reason));
    QVERIFY(w.advicePanel()->isApplyAllowed());
    // The advisor follows the recording as it grows.
    QVERIFY(shown.wait(kTimeout) || !shown.isEmpty());
    QVERIFY(w.advicePanel()->advice());
    w.stopLiveSession();
    QTRY_VERIFY_WITH_TIMEOUT(!w.isLive(), kTimeout);
    // Finished, it is a file like any other: its processes may be gone.
    QVERIFY(!w.canApply(&reason));
    QVERIFY(!w.advicePanel()->isApplyAllowed());
    QVERIFY(reason.contains(QStringLiteral("self.numasight")));
}

void TestAdviceView::staleAdviceDropped()
{
    const CapturePtr witty = loadCapture(kWitty);
    QVERIFY(witty);
    AdviceJob job;
    QSignalSpy available(&job, &AdviceJob::adviceAvailable);
    QSignalSpy finished(&job, &AdviceJob::finished);
    job.start(witty, 0);
    job.start(witty, 0);
    const quint64 last = job.start(witty, -1);
    QTRY_VERIFY_WITH_TIMEOUT(!job.isRunning(), kTimeout);
    QCOMPARE(available.size(), 1);
    QCOMPARE(finished.size(), 1);
    QCOMPARE(finished.front().front().value<quint64>(), last);
    // A cancelled job delivers nothing.
    available.clear();
    job.start(witty, 0);
    job.cancel();
    job.waitForIdle();
    QTest::qWait(20);
    QCOMPARE(available.size(), 0);
    // A capture without snapshots is an error, not a crash.
    QSignalSpy failed(&job, &AdviceJob::adviceFailed);
    job.start(std::make_shared<const Capture>(), -1);
    QVERIFY(failed.wait(kTimeout));
}

void TestAdviceView::compareHighlightsChanges()
{
    const QString moved = movedWorkerCopy(m_dir.path());
    QVERIFY(!moved.isEmpty());
    MainWindow w;
    w.resize(1400, 900);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(openIn(w, kWitty));
    QVERIFY(w.compareAction()->isEnabled());
    ComparePanel* compare = w.comparePanel();
    QCOMPARE(w.workspaceTabs()->indexOf(compare), -1); // no comparison, no tab
    QSignalSpy shown(compare, &ComparePanel::diffShown);
    w.compareWith(moved);
    QVERIFY(shown.wait(kTimeout));
    QVERIFY(w.workspaceTabs()->indexOf(compare) >= 0);
    QCOMPARE(w.workspaceTabs()->currentWidget(), compare);
    QAbstractItemModelTester tester(compare->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester proxyTester(compare->proxy(),
                                         QAbstractItemModelTester::FailureReportingMode::QtTest);
    // The moved worker comes first, emphasised.
    const QAbstractItemModel* m = compare->proxy();
    QVERIFY(m->rowCount() > 1);
    const QModelIndex first = m->index(0, 0);
    QCOMPARE(first.data(CompareModel::PidARole).toLongLong(), qint64(1895087));
    QCOMPARE(first.data(CompareModel::IsThreadRole).toBool(), false);
    QVERIFY(first.data(CompareModel::HighlightedRole).toBool());
    QVERIFY(first.data(Qt::FontRole).value<QFont>().bold());
    QVERIFY2(m->index(0, CompareModel::CpuNodeColumn).data().toString().endsWith(QStringLiteral("6")),
             qPrintable(m->index(0, CompareModel::CpuNodeColumn).data().toString()));
    // "0.059 → 1.000" is never cut without its whole text in reach: the column fits it, the tooltip has it.
    const QModelIndex similarity = m->index(0, CompareModel::SimilarityColumn);
    QVERIFY(similarity.data(Qt::ToolTipRole).toString().startsWith(similarity.data().toString()));
    auto* table = compare->findChild<QTreeView*>(QStringLiteral("compareTable"));
    QVERIFY(table);
    QVERIFY(table->columnWidth(CompareModel::SimilarityColumn) >=
            table->fontMetrics().horizontalAdvance(similarity.data().toString()));
    // Threads sit under their process, never beside it: the moved worker's are its children, open.
    QVERIFY(m->rowCount(first) > 0);
    QVERIFY(table->isExpanded(first));
    QSet<qint64> listed;
    for (int r = 0; r < m->rowCount(); ++r) {
        const QModelIndex process = m->index(r, 0);
        if (!process.data(CompareModel::IsThreadRole).toBool())
            listed.insert(process.data(CompareModel::PidARole).toLongLong());
        for (int t = 0; t < m->rowCount(process); ++t) {
            const QModelIndex thread = m->index(t, 0, process);
            QVERIFY(thread.data(CompareModel::IsThreadRole).toBool());
            QCOMPARE(thread.data(CompareModel::PidARole), process.data(CompareModel::PidARole));
        }
    }
    // A thread at the top level is one whose process is not listed.
    for (int r = 0; r < m->rowCount(); ++r)
        if (m->index(r, 0).data(CompareModel::IsThreadRole).toBool())
            QVERIFY(!listed.contains(m->index(r, 0).data(CompareModel::PidARole).toLongLong()));
    // Unchanged processes are not emphasised.
    bool someUnchanged = false;
    for (int r = 0; r < m->rowCount(); ++r)
        if (!m->index(r, 0).data(CompareModel::HighlightedRole).toBool()) {
            someUnchanged = true;
            QVERIFY(!m->index(r, 0).data(Qt::FontRole).value<QFont>().bold());
        }
    QVERIFY(someUnchanged);
    // Highlighted in the graph and the heatmaps.
    QVERIFY(w.graphPanel()->highlightedPids().contains(1895087));
    QVERIFY(!w.graphPanel()->highlightedPids().contains(1895088));
    QVERIFY(w.heatmapsPanel()->highlightedPids().contains(1895087));
    HeatmapRowModel* rows = w.heatmapsPanel()->cpuPanel()->rowModel();
    w.showGraph();
    QTRY_VERIFY_WITH_TIMEOUT(w.graphPanel()->isLayoutCurrent(), kTimeout);
    const Snapshot& s = *w.capture()->snapshots[size_t(w.snapshotIndex())];
    QVERIFY(w.graphPanel()->highlightedEntities().contains(s.processByPid(1895087)));
    QVERIFY(!w.graphPanel()->scene()->markedNodeIds().isEmpty());
    w.showHeatmaps();
    w.heatmapsPanel()->setCurrentView(HeatmapTabs::View::Cpu);
    QTRY_VERIFY_WITH_TIMEOUT(rows->heatmap() != nullptr, kTimeout);
    bool marked = false;
    for (int r = 0; r < rows->rowCount(); ++r) {
        const QModelIndex i = rows->index(r, HeatmapRowModel::NameColumn);
        const bool changed = i.data(HeatmapRowModel::PidRole).toLongLong() == 1895087;
        QCOMPARE(rows->isHighlighted(rows->heatmapRow(i)), changed);
        QCOMPARE(i.data(Qt::ForegroundRole).isValid(), changed);
        marked = marked || changed;
    }
    QVERIFY(marked);
    // The mismatch view marks the process's row with a Δ.
    MismatchPanel* mismatch = w.heatmapsPanel()->mismatchPanel();
    w.heatmapsPanel()->setCurrentView(HeatmapTabs::View::Mismatch);
    QTRY_VERIFY_WITH_TIMEOUT(mismatch->view() != nullptr, kTimeout);
    int deltas = 0;
    for (const HeatmapPictureRow& row : mismatch->processesPicture().rows) {
        const bool changed = row.pid == 1895087;
        QCOMPARE(row.label.startsWith(QStringLiteral("Δ ")), changed);
        deltas += changed ? 1 : 0;
    }
    QCOMPARE(deltas, 1);
    // Picking a row selects the process everywhere.
    w.workspaceTabs()->setCurrentWidget(compare);
    compare->table()->setCurrentIndex(m->index(0, 0));
    QCOMPARE(w.detailsPane()->entity(), s.processByPid(1895087));
    // Closing the tab ends the comparison and its highlights.
    w.closeComparison();
    QCOMPARE(w.workspaceTabs()->indexOf(compare), -1);
    QVERIFY(w.graphPanel()->highlightedPids().isEmpty());
    QVERIFY(w.heatmapsPanel()->highlightedPids().isEmpty());
    QVERIFY(!rows->isHighlighted(0));
    for (const HeatmapPictureRow& row : mismatch->processesPicture().rows)
        QVERIFY(!row.label.startsWith(QStringLiteral("Δ ")));
}

void TestAdviceView::compareWithBadFile()
{
    const QString bad = m_dir.filePath(QStringLiteral("bad.json"));
    QFile f(bad);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("{\"nodes\": [");
    f.close();
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(openIn(w, kWitty));
    QSignalSpy finished(w.compareLoader(), &LoadJob::finished);
    w.compareWith(bad);
    QVERIFY(finished.wait(kTimeout));
    // The error names the file; the capture shown and its tabs stay as they were.
    QVERIFY2(w.messageBar()->text().contains(QStringLiteral("bad.json")), qPrintable(w.messageBar()->text()));
    QVERIFY(w.messageBar()->text().startsWith(QStringLiteral("Cannot compare")));
    QCOMPARE(w.workspaceTabs()->indexOf(w.comparePanel()), -1);
    QCOMPARE(w.currentPath(), QFileInfo(kWitty).absoluteFilePath());
}

void TestAdviceView::compareSidesDriveViews()
{
    const QString moved = movedWorkerCopy(m_dir.path());
    QVERIFY(!moved.isEmpty());
    MainWindow w;
    w.resize(1280, 720); // the smallest window the pages are made for
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(openIn(w, kWitty));
    Workspace* ws = w.workspace();
    const QList<QAction*> sides = ws->compareSideActions();
    QCOMPARE(sides.size(), 3);
    QCOMPARE(sides[0]->shortcut(), QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_A));
    QCOMPARE(sides[1]->shortcut(), QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_B));
    QCOMPARE(sides[2]->shortcut(), QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_D));
    for (QAction* a : sides)
        QVERIFY(!a->isEnabled()); // nothing to compare yet
    for (CompareBar* bar : ws->compareBars())
        QVERIFY(bar->isHidden());
    const CapturePtr a = w.capture();
    const SnapshotPtr snapshotA = a->snapshots[size_t(w.snapshotIndex())];
    QSignalSpy shown(w.comparePanel(), &ComparePanel::diffShown);
    w.compareWith(moved);
    QVERIFY(shown.wait(kTimeout));
    const CapturePtr b = w.comparePanel()->captureB();
    QVERIFY(b && b != a);
    const qint64 worker = 1895087;

    // A comparison opens on Δ: A with the change outlined, and B − A under the heatmaps.
    QCOMPARE(ws->compareSide(), CompareSide::Delta);
    QVERIFY(sides[2]->isChecked());
    QVERIFY(w.windowTitle().contains(QStringLiteral("Δ")));
    for (CompareBar* bar : ws->compareBars()) {
        QVERIFY(!bar->isHidden());
        // The legend names both files and what the outline means.
        const QString legend = bar->legend()->text();
        QVERIFY2(legend.contains(QFileInfo(kWitty).fileName()) &&
                     legend.contains(QFileInfo(moved).fileName()),
                 qPrintable(legend));
        QVERIFY(legend.contains(QStringLiteral("outlined")));
    }
    QVERIFY(ws->compareBars()[1]->legend()->text().contains(QStringLiteral("B − A")));
    QCOMPARE(w.heatmapsPanel()->capture(), a);
    QVERIFY(w.graphPanel()->highlightedPids().contains(worker));
    QVERIFY(!ws->compareDelta()->isHidden());
    const HeatmapPicture& delta = ws->compareDelta()->plot()->picture();
    QVERIFY(!delta.isEmpty());
    QCOMPARE(delta.palette, HeatmapPalette::Diverging);
    int node6 = -1;
    for (int c = 0; c < delta.columnCount(); ++c)
        if (delta.columns[size_t(c)].source == 6)
            node6 = c;
    QVERIFY(node6 >= 0);
    // The worker's row: all its CPU time went to node 6, so node 6 gains what the others lose.
    QCOMPARE(delta.rows.front().pid, worker);
    double sum = 0;
    for (int c = 0; c < delta.columnCount(); ++c) {
        const double v = delta.value(0, c);
        QVERIFY2(c == node6 ? v > 0.5 : v <= 0, qPrintable(QStringLiteral("node %1: %2").arg(c).arg(v)));
        sum += v;
    }
    QVERIFY2(qAbs(sum) < 1e-6, qPrintable(QString::number(sum)));
    for (const HeatmapPictureRow& row : delta.rows)
        QVERIFY(row.pid != 1895088); // unchanged: not in the Δ map
    QVERIFY(ws->compareDelta()->plot()->picture().rows.front().label.contains(QString::number(worker)));
    // NUMASIGHT_SCREENSHOT_DIR keeps pictures of each side to look at.
    const QString shots = qEnvironmentVariable("NUMASIGHT_SCREENSHOT_DIR");
    const auto keep = [&](const QString& name) {
        if (!shots.isEmpty()) {
            QTest::qWait(100);
            QVERIFY(w.grab().save(QDir(shots).filePath(name)));
        }
    };
    w.showHeatmaps();
    keep(QStringLiteral("compare-delta-heatmaps.png"));
    w.showGraph();
    QTRY_VERIFY_WITH_TIMEOUT(w.graphPanel()->isLayoutCurrent(), kTimeout);
    keep(QStringLiteral("compare-delta-graph.png"));
    w.workspaceTabs()->setCurrentWidget(w.comparePanel());
    keep(QStringLiteral("compare-tab.png"));

    // B: the graph and the heatmaps are rebuilt from capture B, no outline.
    sides[1]->trigger();
    QCOMPARE(ws->compareSide(), CompareSide::B);
    QVERIFY(w.windowTitle().contains(QFileInfo(moved).fileName()));
    QCOMPARE(w.heatmapsPanel()->capture(), b);
    QCOMPARE(w.graphPanel()->snapshot(), b->snapshots.back());
    QVERIFY(w.graphPanel()->highlightedPids().isEmpty());
    QVERIFY(w.heatmapsPanel()->highlightedPids().isEmpty());
    QVERIFY(ws->compareDelta()->isHidden());
    w.showGraph();
    QTRY_VERIFY_WITH_TIMEOUT(w.graphPanel()->isLayoutCurrent(), kTimeout);
    w.showHeatmaps();
    w.heatmapsPanel()->setCurrentView(HeatmapTabs::View::Cpu);
    QTRY_VERIFY_WITH_TIMEOUT(w.heatmapsPanel()->cpuPanel()->heatmap() != nullptr &&
                                 w.heatmapsPanel()->cpuPanel()->isCurrent(),
                             kTimeout);
    QCOMPARE(w.heatmapsPanel()->cpuPanel()->snapshot(), b->snapshots.back());
    keep(QStringLiteral("compare-b-heatmaps.png"));
    // A pick in B's heatmap selects the same process of A everywhere.
    QVERIFY(w.heatmapsPanel()->cpuPanel()->selectRow(worker, -1));
    emit w.heatmapsPanel()->cpuPanel()->rowSelected(EntityId(), worker, -1, QStringLiteral("local"));
    QCOMPARE(w.detailsPane()->entity(), snapshotA->processByPid(worker));

    // A: capture A again, no outline; the comparison stays open.
    sides[0]->trigger();
    QCOMPARE(ws->compareSide(), CompareSide::A);
    QCOMPARE(w.heatmapsPanel()->capture(), a);
    QCOMPARE(w.graphPanel()->snapshot(), snapshotA);
    QVERIFY(w.graphPanel()->highlightedPids().isEmpty());
    QVERIFY(!ws->compareBars()[0]->isHidden());

    // Closing from B returns to A, and every trace of the comparison goes.
    sides[1]->trigger();
    QCOMPARE(w.heatmapsPanel()->capture(), b);
    w.closeComparison();
    QCOMPARE(ws->compareSide(), CompareSide::A);
    QCOMPARE(w.heatmapsPanel()->capture(), a);
    QCOMPARE(w.graphPanel()->snapshot(), snapshotA);
    QVERIFY(!w.windowTitle().contains(QFileInfo(moved).fileName()));
    for (CompareBar* bar : ws->compareBars())
        QVERIFY(bar->isHidden());
    QVERIFY(ws->compareDelta()->isHidden());
    for (QAction* action : sides)
        QVERIFY(!action->isEnabled());
}

void TestAdviceView::applyDialogOnLiveChild()
{
    // A child of ours on CPU 0 and node 0 (every machine has them): planning reads it live.
    QProcess child;
    child.start(QStringLiteral("sleep"), {QStringLiteral("60")});
    QVERIFY(child.waitForStarted());
    QSettings().setValue(ApplyDialog::periodKey(), 1);
    std::unique_ptr<ApplyDialog> owner(
        makeApplyDialog(child.processId(), QStringLiteral("sleep"), QStringLiteral("0"), 0));
    ApplyDialog& dialog = *owner;
    QCOMPARE(dialog.periodSpin()->value(), 1); // remembered
    QVERIFY(dialog.moveMemoryCheck()->isChecked());
    dialog.show();
    QTRY_VERIFY_WITH_TIMEOUT(!dialog.job()->isRunning(), kTimeout);
    QVERIFY2(dialog.plan(), qPrintable(dialog.errorLabel()->text()));
    QVERIFY(!dialog.planView()->toPlainText().isEmpty());
    QVERIFY(dialog.applyButton()->isEnabled());
    // A plan for a process that does not exist is an error shown in the dialog.
    std::unique_ptr<ApplyDialog> missingOwner(
        makeApplyDialog(0x7ffffff0, QStringLiteral("gone"), QStringLiteral("0"), 0));
    ApplyDialog& missing = *missingOwner;
    QTRY_VERIFY_WITH_TIMEOUT(!missing.job()->isRunning(), kTimeout);
    QVERIFY(!missing.plan());
    QVERIFY(missing.errorLabel()->isVisibleTo(&missing));
    QVERIFY(!missing.errorLabel()->text().isEmpty());
    QVERIFY(!missing.applyButton()->isEnabled());
    // Apply with proof, then Undo.
    QTest::mouseClick(dialog.applyButton(), Qt::LeftButton);
    QVERIFY(dialog.job()->isRunning());
    QCOMPARE(dialog.cancelButton()->text(), QStringLiteral("Cancel"));
    QTRY_VERIFY_WITH_TIMEOUT(!dialog.job()->isRunning(), 60000);
    QVERIFY2(dialog.run(), qPrintable(dialog.errorLabel()->text()));
    QVERIFY(dialog.resultTable()->isVisibleTo(&dialog));
    QCOMPARE(dialog.resultTable()->item(3, 1)->text(), QStringLiteral("0"));
    QVERIFY(dialog.undoButton()->isEnabled());
    QTest::mouseClick(dialog.undoButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!dialog.job()->isRunning(), kTimeout);
    QVERIFY2(dialog.undoLabel()->isVisibleTo(&dialog), qPrintable(dialog.errorLabel()->text()));
    QVERIFY(!dialog.undoButton()->isEnabled());
    child.kill();
    child.waitForFinished();
}

void TestAdviceView::screenshot()
{
    MainWindow w;
    QVERIFY(openWithAdvice(w, kWitty));
    // The Advice tab with the room the docks would take: what the picture is about.
    for (QDockWidget* dock : w.findChildren<QDockWidget*>())
        dock->hide();
    w.selectEntity(w.capture()->snapshots.front()->processByPid(1895087));
    QCOMPARE(w.advicePanel()->shownPid(), qint64(1895087));
    QTest::qWait(50);
    // docs/images/advice.png comes from here: NUMASIGHT_SCREENSHOT_DIR=docs/images keeps it.
    const QString dir = qEnvironmentVariable("NUMASIGHT_SCREENSHOT_DIR", m_dir.path());
    const QString path = QDir(dir).filePath(QStringLiteral("advice.png"));
    QVERIFY(w.grab().save(path));
    const QImage saved(path);
    QCOMPARE(saved.size(), w.size() * w.devicePixelRatio());
    QVERIFY(saved.pixel(saved.width() / 2, saved.height() / 2) != saved.pixel(2, saved.height() - 2));
    qInfo("screenshot: %s", qPrintable(path));
}

void TestAdviceView::paneFitsEverySize_data()
{
    QTest::addColumn<QSize>("size");
    QTest::newRow("laptop 1280x720") << QSize(1280, 720);
    QTest::newRow("desktop 1920x1080") << QSize(1920, 1080);
    QTest::newRow("QHD 2560x1440") << QSize(2560, 1440);
}

// With the docks as a first open places them and each suggestion of the fixture shown in turn (the longest
// commands included), the pane reads without a sideways scroll bar, its buttons fit, and a finding or header
// cut short has its text in a tooltip.
void TestAdviceView::paneFitsEverySize()
{
    QFETCH(QSize, size);
    MainWindow w;
    QVERIFY(openWithAdvice(w, kWitty));
    w.resize(size);
    QTRY_COMPARE(w.size(), size);
    AdvicePanel* panel = w.advicePanel();
    QAbstractItemModelTester tester(panel->proxy(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(panel->advice() && panel->advice()->suggestions.size() >= 4);
    QTest::qWait(50);
    QCOMPARE(panel->splitter()->orientation(),
             panel->width() < panel->narrowWidth() ? Qt::Vertical : Qt::Horizontal);
    const QStringList cut = test::cutWithoutTooltip(*panel->table());
    QVERIFY2(cut.isEmpty(), qPrintable(cut.join(QStringLiteral(" | "))));
    // No column is left without a row to fill it, and the finding has the most room.
    for (int c = 0; c < AdviceModel::MessageColumn; ++c)
        if (!panel->table()->isColumnHidden(c))
            QVERIFY2(panel->table()->columnWidth(c) < panel->table()->columnWidth(AdviceModel::MessageColumn),
                     qPrintable(panel->model()->headerData(c, Qt::Horizontal).toString()));
    QVERIFY(panel->table()->isColumnHidden(AdviceModel::CountColumn)); // every group of the fixture is one
    for (const Suggestion& s : panel->advice()->suggestions) {
        panel->selectProcess(s.pid);
        QCOMPARE(panel->shownPid(), qint64(s.pid));
        QTest::qWait(20); // the pane's layout settles on the new text
        const QStringList overflow = test::suggestionPaneOverflow(*panel);
        QVERIFY2(
            overflow.isEmpty(),
            qPrintable(QStringLiteral("pid %1: %2").arg(s.pid).arg(overflow.join(QStringLiteral(" | ")))));
        // Each command wraps instead of scrolling, and shows whole.
        for (QPlainTextEdit* box : panel->findChildren<QPlainTextEdit*>()) {
            if (!box->isVisible())
                continue;
            QVERIFY2(box->horizontalScrollBar()->maximum() == 0, qPrintable(box->objectName()));
            QVERIFY2(box->verticalScrollBar()->maximum() == 0,
                     qPrintable(QStringLiteral("%1: %2 lines in %3 px")
                                    .arg(box->objectName())
                                    .arg(box->document()->lineCount())
                                    .arg(box->viewport()->height())));
        }
    }
}

// Narrow, the findings sit above their suggestion; wide, beside it; the sizes the user gives each
// arrangement come back, in this panel and in one restored from its state.
void TestAdviceView::splitterFollowsWidth()
{
    AdvicePanel panel;
    panel.resize(panel.narrowWidth() - 100, 700);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QCOMPARE(panel.splitter()->orientation(), Qt::Vertical);
    panel.resize(panel.narrowWidth() + 300, 700);
    QTRY_COMPARE(panel.splitter()->orientation(), Qt::Horizontal);

    // The user drags the handle to the left.
    QSplitterHandle* handle = panel.splitter()->handle(1);
    const QPoint from = handle->rect().center();
    const int before = panel.splitter()->sizes().front();
    QTest::mousePress(handle, Qt::LeftButton, {}, from);
    QTest::mouseMove(handle, from - QPoint(150, 0));
    QTest::mouseRelease(handle, Qt::LeftButton, {}, from - QPoint(150, 0));
    const QList<int> wide = panel.splitter()->sizes();
    QVERIFY2(wide.front() < before - 100,
             qPrintable(QStringLiteral("%1 → %2").arg(before).arg(wide.front())));

    // Narrow and back: the user's sizes return.
    panel.resize(panel.narrowWidth() - 100, 700);
    QTRY_COMPARE(panel.splitter()->orientation(), Qt::Vertical);
    panel.resize(panel.narrowWidth() + 300, 700);
    QTRY_COMPARE(panel.splitter()->orientation(), Qt::Horizontal);
    QCOMPARE(panel.splitter()->sizes(), wide);

    // In another panel, from the saved state.
    AdvicePanel restored;
    restored.resize(panel.size());
    restored.show();
    QVERIFY(QTest::qWaitForWindowExposed(&restored));
    restored.restoreState(panel.saveState());
    QCOMPARE(restored.splitter()->orientation(), Qt::Horizontal);
    QCOMPARE(restored.splitter()->sizes(), wide);
    // A state that is not one is ignored.
    restored.restoreState(QByteArray("not a state"));
    QCOMPARE(restored.splitter()->sizes(), wide);
}

QTEST_MAIN(TestAdviceView)
#include "tst_advice_view.moc"
