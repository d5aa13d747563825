// SPDX-License-Identifier: GPL-3.0-or-later
#include "display_check.h"
#include "main_window.h"
#include "recent_files.h"
#include "views/browser/browser_panel.h"
#include "views/browser/details_pane.h"
#include "views/browser/entity_filter_proxy.h"
#include "views/browser/entity_tree_model.h"
#include "views/browser/summary_panel.h"
#include "views/common/message_bar.h"
#include "views/common/start_page.h"
#include "views/jobs/load_job.h"
#include "views/live/record_dialog.h"
#include "views/live/timeline_bar.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDropEvent>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMimeData>
#include <QProcess>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QTreeView>
#include <QTreeWidget>

#include <functional>

using namespace numasight;

namespace {

const QString kWitty = QStringLiteral(NUMASIGHT_FIXTURES "/witty-profiler/graph.json");
const QString kDgx2 = QStringLiteral(NUMASIGHT_FIXTURES "/hwloc/nvidiaDGX2.xml");
constexpr int kLoadTimeout = 30000;

QTreeWidgetItem* findField(QTreeWidget* tree, const QString& field)
{
    const auto items = tree->findItems(field, Qt::MatchExactly | Qt::MatchRecursive, 0);
    return items.isEmpty() ? nullptr : items.front();
}

// A witty graph of `processes` processes with one thread each: big enough that reading it takes a while.
bool writeBigWitty(const QString& path, int processes)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return false;
    QByteArray out = "{\"nodes\": [\n";
    out.reserve(processes * 420);
    for (int i = 0; i < processes; ++i) {
        const QByteArray pid = QByteArray::number(100000 + i);
        out += "{\"entity_namespace\": \"local\", \"entity_type\": \"ProcessEntity\", \"details\": {}, "
               "\"pid\": " +
               pid + ", \"ppid\": 1, \"name\": \"worker\", \"cmdline\": \"python3 train.py --rank " + pid +
               "\"},\n";
        out += "{\"entity_namespace\": \"local\", \"entity_type\": \"ThreadEntity\", \"details\": {}, "
               "\"tid\": " +
               pid +
               ", \"name\": \"worker\", \"process\": {\"entity_namespace\": \"local\", \"entity_type\": "
               "\"ProcessEntity\", \"details\": {}, \"pid\": " +
               pid + ", \"ppid\": 1, \"name\": \"worker\", \"cmdline\": \"python3\"}}";
        out += i + 1 < processes ? ",\n" : "\n";
    }
    out += "], \"edges\": []}\n";
    return f.write(out) == out.size();
}

} // namespace

class TestMainWindow : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void startPage();
    void openWitty();
    void selectProcessByClick();
    void filterByTyping();
    void findShortcutFocusesFilter();
    void malformedFileKeepsCapture();
    void recentFiles();
    void recentFilesLimitAndOrder();
    void dropOpensFile();
    void cancelLoad_data();
    void cancelLoad();
    void snapshotSelector();
    void hwlocDgx2();
    void closeAndReload();
    void attachToThisMachine();
    void screenshot_data();
    void screenshot();
    void missingDisplay_data();
    void missingDisplay();
    void noDisplayExit_data();
    void noDisplayExit();

private:
    bool loadInto(MainWindow& w, const QString& path);
    QTemporaryDir m_dir;
};

void TestMainWindow::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("numasight-tests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_main_window"));
    QVERIFY(m_dir.isValid());
}

void TestMainWindow::init()
{
    QSettings().clear();
}

bool TestMainWindow::loadInto(MainWindow& w, const QString& path)
{
    QSignalSpy available(w.loader(), &LoadJob::captureAvailable);
    w.openPath(path);
    if (!available.wait(kLoadTimeout) && available.isEmpty())
        return false;
    return w.isWorkspaceShown() && w.capture();
}

void TestMainWindow::startPage()
{
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(!w.isWorkspaceShown());
    QVERIFY(w.startPage()->isVisible());
    QVERIFY(w.findChild<QPushButton*>(QStringLiteral("attachButton"))->isVisible());
    QVERIFY(w.findChild<QPushButton*>(QStringLiteral("openButton"))->isVisible());
    QCOMPARE(w.findChild<QLabel*>(QStringLiteral("sourceLabel"))->text(), QStringLiteral("Nothing loaded"));

    // Closing stores the layout, and a new window takes it back.
    w.detailsPane()->restoreSplitterState({});
    w.close();
    QSettings settings;
    for (const char* key :
         {"window/geometry", "window/state", "window/detailsSplitter", "window/summarySplitter"})
        QVERIFY2(!settings.value(QLatin1String(key)).toByteArray().isEmpty(), key);
    MainWindow again;
    QCOMPARE(again.saveState(), settings.value(QStringLiteral("window/state")).toByteArray());
}

void TestMainWindow::openWitty()
{
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.openPath(kWitty);
    QVERIFY(w.loader()->isLoading());
    QTRY_VERIFY_WITH_TIMEOUT(w.isWorkspaceShown(), kLoadTimeout);
    QTRY_VERIFY(!w.findChild<QProgressBar*>(QStringLiteral("loadProgress"))->isVisible());

    QTableWidget* numa = w.summaryPanel()->numaTable();
    QCOMPARE(numa->rowCount(), 8);
    QCOMPARE(numa->item(0, SummaryPanel::OsIndexColumn)->text(), QStringLiteral("0"));
    QCOMPARE(w.summaryPanel()->distanceRowText(0), QStringLiteral("10 11 24 25 24 25 24 25"));
    QCOMPARE(numa->columnCount(), SummaryPanel::FirstDistanceColumn + 8);

    QTableWidget* counts = w.summaryPanel()->entityCountsTable();
    const auto sockets = counts->findItems(QStringLiteral("SocketEntity"), Qt::MatchExactly);
    QCOMPARE(sockets.size(), 1);
    QCOMPARE(counts->item(sockets.front()->row(), 1)->text(), QStringLiteral("44"));
    const auto own =
        w.summaryPanel()->edgeCountsTable()->findItems(QStringLiteral("OwnEdge"), Qt::MatchExactly);
    QCOMPARE(own.size(), 1);
    QCOMPARE(w.summaryPanel()->edgeCountsTable()->item(own.front()->row(), 1)->text(), QStringLiteral("46"));

    const QString status = w.findChild<QLabel*>(QStringLiteral("sourceLabel"))->text();
    QVERIFY2(status.contains(QStringLiteral("graph.json")) && status.contains(QStringLiteral("witty-json")),
             qPrintable(status));
    QVERIFY(
        w.findChild<QLabel*>(QStringLiteral("countsLabel"))->text().contains(QStringLiteral("129 entities")));
    QVERIFY(w.windowTitle().contains(QStringLiteral("graph.json")));
    QVERIFY(!w.timeline()->isVisible()); // one snapshot only
}

void TestMainWindow::selectProcessByClick()
{
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(loadInto(w, kWitty));
    const EntityId pid = w.capture()->snapshots.front()->processByPid(1895087);
    const QModelIndex index =
        w.browserPanel()->proxy()->mapFromSource(w.browserPanel()->model()->indexOf(pid));
    QVERIFY(index.isValid());
    QTreeView* view = w.browserPanel()->view();
    view->scrollTo(index);
    const QRect rect = view->visualRect(index);
    QVERIFY(rect.isValid());
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, rect.center());
    QCOMPARE(view->currentIndex(), index);
    QCOMPARE(w.detailsPane()->entity(), pid);

    QTreeWidget* fields = w.detailsPane()->fieldsTree();
    QTreeWidgetItem* pidItem = findField(fields, QStringLiteral("pid"));
    QVERIFY(pidItem);
    QCOMPARE(pidItem->text(1), QStringLiteral("1895087"));
    QTreeWidgetItem* cmd = findField(fields, QStringLiteral("cmdline"));
    QVERIFY(cmd);
    QVERIFY2(cmd->text(1).startsWith(QStringLiteral("/usr/local/python3.10.17/bin/python3")),
             qPrintable(cmd->text(1)));
    QTreeWidgetItem* attributes = fields->findItems(QStringLiteral("Attributes"), Qt::MatchExactly).value(0);
    QVERIFY(attributes && attributes->childCount() > 0);
    QVERIFY(findField(fields, QStringLiteral("ppid"))->text(1).startsWith(QStringLiteral("1894856")));

    // Edges: the process owns its threads and reaches NPU0 (Access) and a NumaSet (NumaAccess).
    QTreeWidget* edges = w.detailsPane()->edgesTree();
    QCOMPARE(edges->topLevelItemCount(), 2);
    QTreeWidgetItem* out = edges->topLevelItem(0);
    QStringList kinds;
    for (int i = 0; i < out->childCount(); ++i)
        kinds << out->child(i)->text(0);
    QVERIFY2(kinds.contains(QStringLiteral("→ AccessEdge")) &&
                 kinds.contains(QStringLiteral("→ NumaAccessEdge")),
             qPrintable(kinds.join(u',')));

    // Activating an edge row selects the entity at its other end.
    QTreeWidgetItem* access = nullptr;
    for (int i = 0; i < out->childCount() && !access; ++i)
        if (out->child(i)->text(0) == u"→ AccessEdge")
            access = out->child(i);
    QVERIFY(access);
    QCOMPARE(access->text(1), QStringLiteral("NPU0"));
    emit edges->itemActivated(access, 0);
    const EntityId selected =
        w.browserPanel()->model()->entityAt(w.browserPanel()->proxy()->mapToSource(view->currentIndex()));
    QCOMPARE(w.capture()->snapshots.front()->entity(selected).kind, EntityKind::Accelerator);
    QCOMPARE(w.detailsPane()->entity(), selected);
}

void TestMainWindow::filterByTyping()
{
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(loadInto(w, kWitty));
    const Snapshot& s = *w.capture()->snapshots.front();
    QTest::keyClicks(w.browserPanel()->filterEdit(), QStringLiteral("1895087"));
    QCOMPARE(w.browserPanel()->proxy()->filterText(), QStringLiteral("1895087"));
    const QModelIndex kept =
        w.browserPanel()->proxy()->mapFromSource(w.browserPanel()->model()->indexOf(s.processByPid(1895087)));
    QVERIFY(kept.isValid());
    QVERIFY(w.browserPanel()->view()->isExpanded(kept.parent())); // the match is shown, not just kept
    QVERIFY(!w.browserPanel()
                 ->proxy()
                 ->mapFromSource(w.browserPanel()->model()->indexOf(s.processByPid(1895088)))
                 .isValid());
    QVERIFY(
        !w.browserPanel()
             ->proxy()
             ->mapFromSource(w.browserPanel()->model()->indexOf(s.ofKind(EntityKind::Accelerator).front()))
             .isValid());

    // The kind filter narrows further; clearing both brings everything back.
    const int accelerators = w.browserPanel()->kindFilter()->findData(int(EntityKind::Accelerator));
    QVERIFY(accelerators > 0);
    w.browserPanel()->filterEdit()->clear();
    w.browserPanel()->kindFilter()->setCurrentIndex(accelerators);
    QVERIFY(w.browserPanel()
                ->proxy()
                ->mapFromSource(w.browserPanel()->model()->indexOf(s.ofKind(EntityKind::Accelerator).front()))
                .isValid());
    QVERIFY(!w.browserPanel()
                 ->proxy()
                 ->mapFromSource(w.browserPanel()->model()->indexOf(s.processByPid(1895088)))
                 .isValid());
    w.browserPanel()->kindFilter()->setCurrentIndex(0);
    QVERIFY(w.browserPanel()
                ->proxy()
                ->mapFromSource(w.browserPanel()->model()->indexOf(s.processByPid(1895088)))
                .isValid());
}

void TestMainWindow::findShortcutFocusesFilter()
{
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(loadInto(w, kWitty));
    w.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&w));
    w.browserPanel()->view()->setFocus();
    QTest::keyClick(w.browserPanel()->view(), Qt::Key_F, Qt::ControlModifier);
    QTRY_VERIFY(w.browserPanel()->filterEdit()->hasFocus());
}

void TestMainWindow::malformedFileKeepsCapture()
{
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(loadInto(w, kWitty));
    const CapturePtr before = w.capture();

    const QString bad = m_dir.filePath(QStringLiteral("truncated-graph.json"));
    {
        QFile in(kWitty);
        QVERIFY(in.open(QIODevice::ReadOnly));
        QFile out(bad);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(in.read(5000));
    }
    QSignalSpy failed(w.loader(), &LoadJob::loadFailed);
    w.openPath(bad);
    QVERIFY(failed.wait(kLoadTimeout));
    QTRY_VERIFY(w.messageBar()->isVisible());
    QVERIFY2(w.messageBar()->text().contains(QStringLiteral("truncated-graph.json")),
             qPrintable(w.messageBar()->text()));
    QVERIFY(!w.messageBar()->text().contains(u'\n'));
    QCOMPARE(w.capture(), before);
    QVERIFY(w.isWorkspaceShown());
    QVERIFY(w.browserPanel()->model()->rowCount() > 0);
    QCOMPARE(w.summaryPanel()->numaTable()->rowCount(), 8);
    QVERIFY(!w.recentFiles()->files().contains(QFileInfo(bad).absoluteFilePath()));

    // Dismissing hides it; the next good load would too.
    QTest::mouseClick(w.messageBar()->findChild<QToolButton*>(QStringLiteral("messageClose")),
                      Qt::LeftButton);
    QVERIFY(!w.messageBar()->isVisible());
}

void TestMainWindow::recentFiles()
{
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(loadInto(w, kWitty));
    QCOMPARE(w.recentFiles()->files().value(0), QFileInfo(kWitty).absoluteFilePath());
    QListWidget* list = w.startPage()->recentList();
    QCOMPARE(list->count(), 1);
    QCOMPARE(list->item(0)->data(Qt::UserRole).toString(), QFileInfo(kWitty).absoluteFilePath());
    QVERIFY(list->item(0)->flags() & Qt::ItemIsEnabled);

    // A recent file that disappeared is greyed, and activating the list opens what is there.
    const QString gone = m_dir.filePath(QStringLiteral("gone.json"));
    w.recentFiles()->add(gone);
    QCOMPARE(list->count(), 2);
    QCOMPARE(list->item(0)->data(Qt::UserRole).toString(), gone);
    QVERIFY(!(list->item(0)->flags() & Qt::ItemIsEnabled));

    // The list survives a new window (QSettings), and Clear empties it.
    MainWindow second;
    second.show();
    QVERIFY(QTest::qWaitForWindowExposed(&second));
    QCOMPARE(second.recentFiles()->files().size(), 2);
    QTest::mouseClick(second.findChild<QPushButton*>(QStringLiteral("clearRecentButton")), Qt::LeftButton);
    QVERIFY(second.recentFiles()->files().isEmpty());
}

void TestMainWindow::recentFilesLimitAndOrder()
{
    RecentFiles recent;
    QSignalSpy changed(&recent, &RecentFiles::changed);
    for (int i = 0; i < 12; ++i)
        recent.add(m_dir.filePath(QStringLiteral("f%1.json").arg(i)));
    QCOMPARE(changed.count(), 12);
    QStringList files = recent.files();
    QCOMPARE(files.size(), RecentFiles::kMax);
    QCOMPARE(files.front(), m_dir.filePath(QStringLiteral("f11.json")));
    QCOMPARE(files.back(), m_dir.filePath(QStringLiteral("f2.json")));
    recent.add(m_dir.filePath(QStringLiteral("f5.json")));
    files = recent.files();
    QCOMPARE(files.size(), RecentFiles::kMax);
    QCOMPARE(files.front(), m_dir.filePath(QStringLiteral("f5.json")));
    QCOMPARE(files.count(m_dir.filePath(QStringLiteral("f5.json"))), 1);
    recent.remove(m_dir.filePath(QStringLiteral("f5.json")));
    QCOMPARE(recent.files().size(), RecentFiles::kMax - 1);
    recent.clear();
    QVERIFY(recent.files().isEmpty());
}

void TestMainWindow::dropOpensFile()
{
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(kWitty)});
    const QPoint at = w.rect().center();
    QDragEnterEvent enter(at, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&w, &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPointF(at), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&w, &drop);
    QVERIFY(drop.isAccepted());
    QTRY_VERIFY_WITH_TIMEOUT(w.isWorkspaceShown(), kLoadTimeout);
    QCOMPARE(w.currentPath(), QFileInfo(kWitty).absoluteFilePath());

    // Something that is not a local file is refused.
    QMimeData remote;
    remote.setUrls({QUrl(QStringLiteral("https://example.org/graph.json"))});
    QDragEnterEvent refuse(at, Qt::CopyAction, &remote, Qt::LeftButton, Qt::NoModifier);
    refuse.setAccepted(false);
    QApplication::sendEvent(&w, &refuse);
    QVERIFY(!refuse.isAccepted());
}

void TestMainWindow::cancelLoad_data()
{
    QTest::addColumn<bool>("useEscape");
    QTest::newRow("Esc") << true;
    QTest::newRow("Cancel button") << false;
}

void TestMainWindow::cancelLoad()
{
    QFETCH(bool, useEscape);
    const QString big = m_dir.filePath(QStringLiteral("big-graph.json"));
    if (!QFile::exists(big))
        QVERIFY(writeBigWitty(big, 150000));

    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(loadInto(w, kWitty));
    const CapturePtr before = w.capture();
    QSignalSpy available(w.loader(), &LoadJob::captureAvailable);
    QSignalSpy cancelled(w.loader(), &LoadJob::cancelled);

    w.openPath(big);
    QVERIFY(w.loader()->isLoading());
    QToolButton* cancel = w.findChild<QToolButton*>(QStringLiteral("cancelLoadButton"));
    QVERIFY(cancel->isVisible());
    QVERIFY(w.findChild<QProgressBar*>(QStringLiteral("loadProgress"))->isVisible());
    QTest::qWait(50); // let the worker get going, so there is something to cancel
    QVERIFY2(w.loader()->isWorkerRunning(), "the big file loaded too fast to test cancelling");
    if (useEscape) {
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QTest::keyClick(w.browserPanel()->view(), Qt::Key_Escape);
    } else {
        QTest::mouseClick(cancel, Qt::LeftButton);
    }
    QCOMPARE(cancelled.count(), 1);
    QVERIFY(!w.loader()->isLoading());
    QVERIFY(!cancel->isVisible());

    // The worker finishes (or notices the flag) later; whatever it produced must not reach the window.
    QTRY_VERIFY_WITH_TIMEOUT(!w.loader()->isWorkerRunning(), kLoadTimeout);
    QTest::qWait(100);
    QCOMPARE(available.count(), 0);
    QCOMPARE(w.capture(), before);
    QCOMPARE(w.currentPath(), QFileInfo(kWitty).absoluteFilePath());
    QVERIFY(w.isWorkspaceShown());
    QCOMPARE(w.summaryPanel()->numaTable()->rowCount(), 8);
    QVERIFY(!w.messageBar()->isVisible());
}

void TestMainWindow::snapshotSelector()
{
    // Two rounds as JSON Lines: the fixture once as is, once without its sockets.
    QFile in(kWitty);
    QVERIFY(in.open(QIODevice::ReadOnly));
    QJsonObject graph = QJsonDocument::fromJson(in.readAll()).object();
    const QByteArray first = QJsonDocument(graph).toJson(QJsonDocument::Compact);
    QJsonArray nodes;
    for (const QJsonValue& n : graph.value(QStringLiteral("nodes")).toArray())
        if (n.toObject().value(QStringLiteral("entity_type")).toString() != u"SocketEntity")
            nodes.append(n);
    QJsonArray edges;
    for (const QJsonValue& e : graph.value(QStringLiteral("edges")).toArray()) {
        const QString type = e.toObject().value(QStringLiteral("edge_type")).toString();
        if (type != u"BelongEdge" && type != u"SendToSocketEdge" &&
            !(type == u"OwnEdge" && e.toObject()
                                            .value(QStringLiteral("target_node"))
                                            .toObject()
                                            .value(QStringLiteral("entity_type"))
                                            .toString() == u"SocketEntity"))
            edges.append(e);
    }
    graph[QStringLiteral("nodes")] = nodes;
    graph[QStringLiteral("edges")] = edges;
    const QString path = m_dir.filePath(QStringLiteral("rounds.jsonl"));
    QFile out(path);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(first + '\n' + QJsonDocument(graph).toJson(QJsonDocument::Compact) + '\n');
    out.close();

    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(loadInto(w, path));
    QCOMPARE(int(w.capture()->snapshots.size()), 2);
    TimelineBar* timeline = w.timeline();
    QVERIFY(timeline->isVisible());
    QCOMPARE(timeline->count(), 2);
    QCOMPARE(timeline->position(), 0); // a file starts at its first snapshot
    QVERIFY(timeline->label()->text().startsWith(QStringLiteral("Snapshot 1 of 2")));
    const Snapshot& s0 = *w.capture()->snapshots[0];
    const EntityId worker = s0.processByPid(1895087);
    w.selectEntity(worker);
    QCOMPARE(w.browserPanel()->model()->snapshot()->countOf(EntityKind::Socket), 44);

    timeline->slider()->setFocus();
    QTest::keyClick(timeline->slider(), Qt::Key_Right);
    QCOMPARE(w.snapshotIndex(), 1);
    QCOMPARE(w.browserPanel()->model()->snapshot(), w.capture()->snapshots[1].get());
    QVERIFY(timeline->label()->text().startsWith(QStringLiteral("Snapshot 2 of 2")));
    QCOMPARE(w.browserPanel()->model()->snapshot()->countOf(EntityKind::Socket), 0);
    const auto sockets =
        w.summaryPanel()->entityCountsTable()->findItems(QStringLiteral("SocketEntity"), Qt::MatchExactly);
    QVERIFY(sockets.isEmpty());
    // The selection follows the same process into the other snapshot.
    const Entity& shown = w.browserPanel()->model()->snapshot()->entity(w.detailsPane()->entity());
    QCOMPARE(shown.pid, 1895087);
}

void TestMainWindow::hwlocDgx2()
{
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(loadInto(w, kDgx2));
    const Snapshot& s = *w.capture()->snapshots.front();
    int gpus = 0;
    for (EntityId a : s.ofKind(EntityKind::Accelerator)) {
        if (s.entity(a).deviceClass != DeviceClass::Gpu)
            continue;
        const QModelIndex index =
            w.browserPanel()->proxy()->mapFromSource(w.browserPanel()->model()->indexOf(a));
        QVERIFY(index.isValid());
        QCOMPARE(index.data(EntityTreeModel::SectionRole).toInt(), int(EntityTreeModel::Section::Machine));
        ++gpus;
    }
    QCOMPARE(gpus, 16);
    QCOMPARE(w.summaryPanel()->numaTable()->rowCount(), s.countOf(EntityKind::NumaNode));
    QVERIFY(
        w.findChild<QLabel*>(QStringLiteral("sourceLabel"))->text().contains(QStringLiteral("hwloc-xml")));
    // The kind filter lists the kinds this capture has.
    QVERIFY(w.browserPanel()->kindFilter()->findData(int(EntityKind::Accelerator)) > 0);
    QCOMPARE(w.browserPanel()->kindFilter()->findData(int(EntityKind::Process)), -1);
}

void TestMainWindow::closeAndReload()
{
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(loadInto(w, kWitty));
    const CapturePtr first = w.capture();
    QSignalSpy available(w.loader(), &LoadJob::captureAvailable);
    w.reload();
    QVERIFY(available.wait(kLoadTimeout));
    QVERIFY(w.capture() != first);
    QCOMPARE(w.currentPath(), QFileInfo(kWitty).absoluteFilePath());
    w.closeCapture();
    QVERIFY(!w.isWorkspaceShown());
    QVERIFY(!w.capture());
    QCOMPARE(w.browserPanel()->model()->rowCount(), 0);
    QCOMPARE(w.summaryPanel()->numaTable()->rowCount(), 0);
}

void TestMainWindow::attachToThisMachine()
{
    // The start page's button asks what to record, then records live into the chosen file.
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QTest::mouseClick(w.findChild<QPushButton*>(QStringLiteral("attachButton")), Qt::LeftButton);
    RecordDialog* dialog = nullptr;
    QTRY_VERIFY((dialog = w.findChild<RecordDialog*>()) && dialog->isVisible());
    dialog->scopeCombo()->setCurrentIndex(dialog->scopeCombo()->findData(int(RecordDialog::ScopeKind::Pids)));
    dialog->pidsEdit()->setText(QString::number(QCoreApplication::applicationPid()));
    dialog->modeCombo()->setCurrentIndex(dialog->modeCombo()->findData(int(RecordMode::Procfs)));
    dialog->intervalSpin()->setValue(200);
    const QString file = m_dir.filePath(QStringLiteral("attached.numasight"));
    dialog->outputEdit()->setText(file);
    QTest::mouseClick(dialog->buttons()->button(QDialogButtonBox::Ok), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(w.isWorkspaceShown() || w.messageBar()->isVisible(), kLoadTimeout);
    QVERIFY2(w.isWorkspaceShown(), qPrintable(w.messageBar()->text()));
    QVERIFY(w.capture()->snapshots.front()->countOf(EntityKind::Pu) > 0);
    QVERIFY(w.findChild<QLabel*>(QStringLiteral("sourceLabel"))->text().startsWith(file));
    QVERIFY(w.isLive());
    w.stopLiveSession();
    QTRY_VERIFY_WITH_TIMEOUT(!w.isLive(), kLoadTimeout);
    QCOMPARE(w.recentFiles()->files(), QStringList{file}); // the recording is a file now
}

void TestMainWindow::screenshot_data()
{
    QTest::addColumn<QSize>("size");
    QTest::newRow("laptop 1280x720") << QSize(1280, 720);
    QTest::newRow("README 1400x900") << QSize(1400, 900);
    QTest::newRow("desktop 1920x1080") << QSize(1920, 1080);
}

// Every page of the witty capture at a laptop's, the README's and a desktop's size, saved for a look
// (/tmp/numasight-<page>-<width>x<height>.png; the README's main window is the 1400x900 browser).
void TestMainWindow::screenshot()
{
    QFETCH(QSize, size);
    MainWindow w;
    w.resize(size);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(loadInto(w, kWitty));
    w.selectEntity(w.capture()->snapshots.front()->processByPid(1895087));
    const std::pair<const char*, std::function<void()>> pages[] = {
        {"browser", [&] { w.showEntityBrowser(); }},
        {"graph", [&] { w.showGraph(); }},
        {"heatmaps", [&] { w.showHeatmaps(); }},
        {"advice", [&] { w.showAdvice(); }},
    };
    for (const auto& [name, show] : pages) {
        show();
        QTest::qWait(1500); // the graph's layout and the heatmaps build in the background
        QCOMPARE(w.size(), size);
        const QString path = QStringLiteral("/tmp/numasight-%1-%2x%3.png")
                                 .arg(QLatin1String(name))
                                 .arg(size.width())
                                 .arg(size.height());
        QVERIFY(w.grab().save(path));
        qInfo("screenshot: %s", qPrintable(path));
    }
}

void TestMainWindow::missingDisplay_data()
{
    QTest::addColumn<QStringList>("variables");
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<bool>("missing");
    const QStringList program{QStringLiteral("numasight")};
    QTest::newRow("nothing set") << QStringList{} << program << true;
    QTest::newRow("empty DISPLAY") << QStringList{QStringLiteral("DISPLAY=")} << program << true;
    QTest::newRow("X11") << QStringList{QStringLiteral("DISPLAY=:0")} << program << false;
    QTest::newRow("Wayland") << QStringList{QStringLiteral("WAYLAND_DISPLAY=wayland-0")} << program << false;
    QTest::newRow("QT_QPA_PLATFORM") << QStringList{QStringLiteral("QT_QPA_PLATFORM=vnc")} << program
                                     << false;
    QTest::newRow("-platform") << QStringList{}
                               << QStringList{QStringLiteral("numasight"), QStringLiteral("-platform"),
                                              QStringLiteral("offscreen")}
                               << false;
    QTest::newRow("a file named -platform is still an argument")
        << QStringList{} << QStringList{QStringLiteral("numasight"), QStringLiteral("./-platform.json")}
        << true;
}

void TestMainWindow::missingDisplay()
{
    QFETCH(QStringList, variables);
    QFETCH(QStringList, arguments);
    QFETCH(bool, missing);
    QProcessEnvironment env;
    for (const QString& v : variables)
        env.insert(v.section(u'=', 0, 0), v.section(u'=', 1));
    QCOMPARE(!missingDisplayMessage(env, arguments).isEmpty(), missing);
}

void TestMainWindow::noDisplayExit_data()
{
    QTest::addColumn<QStringList>("variables");
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QStringList>("said");
    QTest::newRow("no display") << QStringList{} << QStringList{} << kNoDisplayExitCode
                                << QStringList{QStringLiteral("no display found"),
                                               QStringLiteral("numasight-cli"), QStringLiteral("ssh -X"),
                                               QStringLiteral("QT_QPA_PLATFORM=vnc"),
                                               QStringLiteral("QT_QPA_PLATFORM=offscreen")};
    QTest::newRow("offscreen platform")
        << QStringList{QStringLiteral("QT_QPA_PLATFORM=offscreen")}
        << QStringList{QStringLiteral("--version")} << 0 << QStringList{QStringLiteral("numasight")};
    QTest::newRow("-platform offscreen")
        << QStringList{}
        << QStringList{QStringLiteral("-platform"), QStringLiteral("offscreen"), QStringLiteral("--version")}
        << 0 << QStringList{QStringLiteral("numasight")};
}

// The built program started as over ssh without a display: a message and exit code 2, not Qt's abort.
void TestMainWindow::noDisplayExit()
{
    QFETCH(QStringList, variables);
    QFETCH(QStringList, arguments);
    QFETCH(int, exitCode);
    QFETCH(QStringList, said);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char* name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
        env.remove(QLatin1String(name));
    for (const QString& v : variables)
        env.insert(v.section(u'=', 0, 0), v.section(u'=', 1));
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(NUMASIGHT), arguments);
    QVERIFY(p.waitForFinished(30000));
    const QString out = QString::fromLocal8Bit(p.readAllStandardOutput() + p.readAllStandardError());
    QCOMPARE(p.exitStatus(), QProcess::NormalExit);
    QVERIFY2(p.exitCode() == exitCode,
             qPrintable(QString::number(p.exitCode()) + QStringLiteral(": ") + out));
    for (const QString& text : said)
        QVERIFY2(out.contains(text), qPrintable(text + QStringLiteral(" not in: ") + out));
}

QTEST_MAIN(TestMainWindow)
#include "tst_main_window.moc"
