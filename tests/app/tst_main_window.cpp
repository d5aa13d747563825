// SPDX-License-Identifier: GPL-3.0-or-later
#include "allocator.h"
#include "capture/capture_writer.h"
#include "display_check.h"
#include "fleet/fleet.h"
#include "help_actions.h"
#include "main_window.h"
#include "recent_files.h"
#include "support/advice_fit_checks.h"
#include "support/test_fixtures.h"
#include "views/advice/advice_panel.h"
#include "views/browser/browser_panel.h"
#include "views/browser/details_pane.h"
#include "views/browser/entity_filter_proxy.h"
#include "views/browser/entity_tree_model.h"
#include "views/browser/summary_panel.h"
#include "views/common/elided_label.h"
#include "views/common/message_bar.h"
#include "views/common/shortcuts_dialog.h"
#include "views/common/start_page.h"
#include "views/fleet/hosts_model.h"
#include "views/fleet/hosts_panel.h"
#include "views/heatmap/heatmap_plot.h"
#include "views/heatmap/heatmap_row_model.h"
#include "views/heatmap/heatmap_tabs.h"
#include "views/heatmap/sort_arrow_header.h"
#include "views/jobs/load_job.h"
#include "views/jobs/report_job.h"
#include "views/live/record_dialog.h"
#include "views/live/session.h"
#include "views/live/timeline_bar.h"
#include "workspace.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QDropEvent>
#include <QElapsedTimer>
#include <QFile>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProcess>
#include <QProgressBar>
#include <QProgressDialog>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStyle>
#include <QStyleOptionFrame>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QTreeView>
#include <QTreeWidget>
#include <QXmlStreamReader>

#include <algorithm>
#include <functional>
#include <map>
#include <set>

using namespace numasight;

namespace {

const QString kWitty = QStringLiteral(NUMASIGHT_FIXTURES "/witty-profiler/graph.json");
const QString kDgx2 = QStringLiteral(NUMASIGHT_FIXTURES "/hwloc/nvidiaDGX2.xml");
constexpr int kLoadTimeout = 30000;
const QString kReadme = QStringLiteral(NUMASIGHT_TEST_DATA "/../../README.md");

// Every shortcut the README promises: "Ctrl+Shift+S", and "Ctrl+Alt+1…5" as its five keys.
QStringList readmeShortcuts()
{
    QFile f(kReadme);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QString text = QString::fromUtf8(f.readAll());
    static const QRegularExpression token(
        QStringLiteral("Ctrl\\+(?:(?:Shift|Alt)\\+)*(F\\d+|[A-Z0-9])(?:…(\\d))?"));
    QStringList keys;
    for (auto it = token.globalMatch(text); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        if (m.captured(2).isEmpty()) {
            keys << m.captured(0);
            continue;
        }
        const QString prefix = m.captured(0).left(m.capturedStart(1) - m.capturedStart(0));
        for (int k = m.captured(1).toInt(); k <= m.captured(2).toInt(); ++k)
            keys << prefix + QString::number(k);
    }
    keys.removeDuplicates();
    return keys;
}

// The actions of `menu` and its submenus.
QList<QAction*> menuActions(const QMenu* menu)
{
    QList<QAction*> out;
    for (QAction* a : menu->actions())
        out << (a->menu() ? menuActions(a->menu()) : QList<QAction*>{a});
    return out;
}

QList<QAction*> menuBarActions(const QMainWindow& w)
{
    QList<QAction*> out;
    for (QAction* top : w.menuBar()->actions())
        if (top->menu())
            out << menuActions(top->menu());
    return out;
}

// Visible labels that lost text without a tooltip to read it: an ElidedLabel elided without its tooltip,
// or a plain label whose text is wider than the label (a line, or on a word-wrapped label a single word).
QStringList cutLabels(const QWidget& window)
{
    QStringList cut;
    for (const QLabel* label : window.findChildren<QLabel*>()) {
        if (!label->isVisible() || label->text().isEmpty())
            continue;
        if (const auto* elided = qobject_cast<const ElidedLabel*>(label)) {
            if (elided->isElided() && elided->toolTip() != elided->text())
                cut << label->objectName() + QStringLiteral(": ") + label->text();
            continue;
        }
        if (!label->toolTip().isEmpty() || label->textFormat() == Qt::RichText ||
            (label->textFormat() == Qt::AutoText && Qt::mightBeRichText(label->text())))
            continue;
        const int width = label->contentsRect().width() - 2 * label->margin();
        // With a buddy, '&' marks the mnemonic and is not drawn.
        const QString text = label->buddy() ? plainActionText(label->text()) : label->text();
        const QStringList pieces =
            label->wordWrap() ? text.split(QRegularExpression(QStringLiteral("\\s+"))) : text.split(u'\n');
        for (const QString& piece : pieces)
            if (label->fontMetrics().horizontalAdvance(piece) > width + 1) {
                cut << label->objectName() + QStringLiteral(": ") + label->text();
                break;
            }
    }
    return cut;
}

// Visible empty line edits whose placeholder is wider than the room for text: the margins, the frame and a
// clear button (drawn at the right whenever the field has text) take their share of the field.
QStringList cutPlaceholders(const QWidget& window)
{
    QStringList cut;
    for (const QLineEdit* edit : window.findChildren<QLineEdit*>()) {
        if (!edit->isVisible() || edit->visibleRegion().isEmpty() || !edit->text().isEmpty() ||
            edit->placeholderText().isEmpty())
            continue;
        QStyleOptionFrame option;
        option.initFrom(edit);
        option.rect = edit->rect();
        option.lineWidth = edit->hasFrame() ? edit->style()->pixelMetric(QStyle::PM_DefaultFrameWidth) : 0;
        const QRect contents = edit->style()->subElementRect(QStyle::SE_LineEditContents, &option, edit);
        const QMargins margins = edit->textMargins();
        const int clearButton = edit->isClearButtonEnabled() ? contents.height() : 0;
        const int room = contents.width() - margins.left() - margins.right() - 4 - clearButton;
        if (edit->fontMetrics().horizontalAdvance(edit->placeholderText()) > room)
            cut << QStringLiteral("%1 (%2 px): %3")
                       .arg(edit->objectName())
                       .arg(room)
                       .arg(edit->placeholderText());
    }
    return cut;
}

// Visible header sections of `page` whose label is wider than the section and whose tooltip does not name
// it, and the heatmap axis labels drawn outside their plot.
QStringList cutHeadersAndAxisLabels(const QWidget& page)
{
    QStringList cut;
    for (const QHeaderView* header : page.findChildren<QHeaderView*>()) {
        if (!header->isVisible() || !header->model() || header->orientation() != Qt::Horizontal)
            continue;
        const int margin = header->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header);
        for (int c = 0; c < header->count(); ++c) {
            if (header->isSectionHidden(c) || header->sectionSize(c) == 0)
                continue;
            const QString text = header->model()->headerData(c, Qt::Horizontal).toString();
            const QString tip = header->model()->headerData(c, Qt::Horizontal, Qt::ToolTipRole).toString();
            if (header->fontMetrics().horizontalAdvance(text) + 2 * margin > header->sectionSize(c) &&
                !tip.contains(text))
                cut << header->objectName() + QStringLiteral(" section: ") + text;
        }
        // A heatmap list's name column gives its width to the figure headers before any of them is cut.
        if (const auto* rows = qobject_cast<const SortArrowHeader*>(header)) {
            const int spareName = rows->sectionSize(HeatmapRowModel::NameColumn) -
                                  rows->widthFor(QStringLiteral("containerd-shim"));
            for (int c = HeatmapRowModel::IdColumn; c < HeatmapRowModel::ColumnCount; ++c)
                if (rows->isElided(c) && spareName > 4)
                    cut << rows->objectName() +
                               QStringLiteral(" section '%1' cut while the name column has %2 px to spare")
                                   .arg(rows->model()->headerData(c, Qt::Horizontal).toString())
                                   .arg(spareName);
        }
    }
    for (const HeatmapPlot* plot : page.findChildren<HeatmapPlot*>()) {
        if (!plot->isVisible())
            continue;
        for (const QRect& r : plot->columnLabelRects())
            if (!plot->rect().contains(r)) // the custom plot fills the widget from its top left
                cut << plot->objectName() + QStringLiteral(" axis label at %1,%2").arg(r.x()).arg(r.y());
    }
    return cut;
}

double centralShare(const QMainWindow& w)
{
    const QSize c = w.centralWidget()->size();
    return double(c.width()) * c.height() / (double(w.width()) * w.height());
}

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
    void firstStartDocks_data();
    void firstStartDocks();
    void firstStartFitsScreen();
    void docksRemembered();
    void saveAsShortcut();
    void readmeShortcutsInMenus();
    void shortcutsDialogSearch_data();
    void shortcutsDialogSearch();
    void aboutListsVersions();
    void documentationFolder();
    void missingDisplay_data();
    void missingDisplay();
    void noDisplayExit_data();
    void noDisplayExit();
    void openFleet();
    void exportReport_data();
    void exportReport();
    void cancelReport();

private:
    bool loadInto(MainWindow& w, const QString& path);
    QTemporaryDir m_dir;
};

void TestMainWindow::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("numasight-tests"));
    // tst_main_window_hidpi runs this binary beside tst_main_window; each needs its own settings file,
    // since init() clears it.
    const QString name = qEnvironmentVariable("NUMASIGHT_TEST_NAME");
    QCoreApplication::setApplicationName(name.isEmpty() ? QStringLiteral("tst_main_window") : name);
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

// A fleet opens on its Hosts tab with its first host in every other tab; a click shows another host there,
// and Save As keeps the whole fleet.
void TestMainWindow::openFleet()
{
    QTemporaryDir dir;
    const CapturePtr witty = test::loadCapture(kWitty);
    const CapturePtr dgx = test::loadCapture(kDgx2);
    QVERIFY(witty && dgx);
    std::vector<MergeInput> inputs{{kWitty, QStringLiteral("npu-a"), witty},
                                   {kDgx2, QStringLiteral("dgx-b"), dgx}};
    const QString path = dir.filePath(QStringLiteral("fleet.numasight"));
    QVERIFY(!writeCaptureFile(**mergeCaptures(inputs), path));

    MainWindow w;
    w.resize(1280, 720);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.openPath(path);
    QTRY_VERIFY_WITH_TIMEOUT(w.isWorkspaceShown(), kLoadTimeout);
    Workspace* workspace = w.workspace();
    HostsPanel* hosts = workspace->hostsPanel();
    QTRY_COMPARE(workspace->tabs()->currentWidget(), hosts);
    QVERIFY(workspace->hostsAction()->isEnabled());
    QCOMPARE(w.summaryPanel()->numaTable()->rowCount(), 8); // npu-a: the witty graph's machine
    QTRY_VERIFY_WITH_TIMEOUT(hosts->model()->index(0, HostsModel::FindingsColumn).data().toInt() > 0,
                             kLoadTimeout);

    // dgx-b's row, wherever sorting put it.
    QModelIndex dgxRow;
    for (int row = 0; row < hosts->table()->model()->rowCount(); ++row)
        if (hosts->table()->model()->index(row, HostsModel::HostColumn).data().toString() == u"dgx-b")
            dgxRow = hosts->table()->model()->index(row, HostsModel::HostColumn);
    QVERIFY(dgxRow.isValid());
    QTest::mouseClick(hosts->table()->viewport(), Qt::LeftButton, {},
                      hosts->table()->visualRect(dgxRow).center());
    QTRY_COMPARE(w.session()->hostIndex(), 1);
    QTRY_COMPARE(w.summaryPanel()->numaTable()->rowCount(),
                 dgx->snapshots.front()->countOf(EntityKind::NumaNode));
    QVERIFY(hosts->model()->index(1, 0).data(Qt::FontRole).value<QFont>().bold());
    // Every entity shown is the host's own, back in namespace "local".
    for (const Entity& e : w.session()->capture()->snapshots.front()->entities())
        QCOMPARE(e.ns, QStringLiteral("local"));

    // Ctrl+5 comes back to the hosts from another tab.
    workspace->showGraph();
    QTest::keyClick(&w, Qt::Key_5, Qt::ControlModifier);
    QTRY_COMPARE(workspace->tabs()->currentWidget(), hosts);

    // Opening one machine takes the Hosts tab away.
    w.openPath(kWitty);
    QTRY_VERIFY_WITH_TIMEOUT(w.session()->capture() && !w.session()->fleet(), kLoadTimeout);
    QCOMPARE(workspace->tabs()->indexOf(hosts), -1);
    QVERIFY(!workspace->hostsAction()->isEnabled());
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
    QCOMPARE(sockets.front()->toolTip(), QStringLiteral("SocketEntity")); // readable when the dock cuts it
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
    for (int i = 0; i < RecentFiles::kMax + 2; ++i)
        recent.add(m_dir.filePath(QStringLiteral("f%1.json").arg(i)));
    QCOMPARE(changed.count(), RecentFiles::kMax + 2);
    QStringList files = recent.files();
    QCOMPARE(files.size(), RecentFiles::kMax);
    QCOMPARE(files.front(), m_dir.filePath(QStringLiteral("f%1.json").arg(RecentFiles::kMax + 1)));
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
    QTest::addColumn<QString>("page");
    const std::pair<const char*, QSize> sizes[] = {{"laptop", QSize(1280, 720)},
                                                   {"README", QSize(1400, 900)},
                                                   {"desktop", QSize(1920, 1080)},
                                                   {"QHD", QSize(2560, 1440)}};
    for (const auto& [name, size] : sizes)
        for (const char* page : {"browser", "graph", "heatmaps", "advice", "hosts"})
            QTest::addRow("%s %dx%d %s", name, size.width(), size.height(), page)
                << size << QString::fromLatin1(page);
}

// Every page of the witty capture from a laptop's size to a large desktop's: the page keeps at least 60 % of
// the window, no label loses text without a tooltip, and the picture is drawn. Saved for a look as
// /tmp/numasight-<page>-<width>x<height>.png (the README's main window is the 1400x900 browser).
void TestMainWindow::screenshot()
{
    QFETCH(QSize, size);
    QFETCH(QString, page);
    MainWindow w;
    w.resize(size);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    // The Hosts page is a fleet's: the witty machine three times and a DGX-2, the witty one shown.
    QTemporaryDir dir;
    QString input = kWitty;
    if (page == u"hosts") {
        const CapturePtr witty = test::loadCapture(kWitty);
        std::vector<MergeInput> inputs;
        for (const char* name : {"npu-a", "npu-b", "npu-c"})
            inputs.push_back({kWitty, QString::fromLatin1(name), witty});
        inputs.push_back({kDgx2, QStringLiteral("dgx-d"), test::loadCapture(kDgx2)});
        input = dir.filePath(QStringLiteral("fleet.numasight"));
        QVERIFY(!writeCaptureFile(**mergeCaptures(inputs), input));
    }
    QVERIFY(loadInto(w, input));
    w.selectEntity(w.capture()->snapshots.front()->processByPid(1895087));
    const std::map<QString, std::function<void()>> pages = {
        {QStringLiteral("browser"), [&] { w.showEntityBrowser(); }},
        {QStringLiteral("graph"), [&] { w.showGraph(); }},
        {QStringLiteral("heatmaps"), [&] { w.showHeatmaps(); }},
        {QStringLiteral("advice"), [&] { w.showAdvice(); }},
        {QStringLiteral("hosts"), [&] { w.workspace()->showHosts(); }},
    };
    pages.at(page)();
    QTest::qWait(1500); // the graph's layout, the heatmaps and the hosts' figures build in the background
    QCOMPARE(w.size(), size);

    const double share = centralShare(w);
    QVERIFY2(share >= 0.6,
             qPrintable(QStringLiteral("the page has %1 % of the window").arg(share * 100, 0, 'f', 1)));
    const QStringList cut = cutLabels(w);
    QVERIFY2(cut.isEmpty(), qPrintable(cut.join(QStringLiteral(" | "))));
    const QStringList cutHints = cutPlaceholders(w);
    QVERIFY2(cutHints.isEmpty(), qPrintable(cutHints.join(QStringLiteral(" | "))));
    if (page == u"advice") {
        // The suggestion pane needs no sideways scroll bar and shows every button whole; a header or
        // finding cut short has its text in a tooltip.
        AdvicePanel* panel = w.advicePanel();
        QTRY_VERIFY_WITH_TIMEOUT(panel->isReady(), kLoadTimeout);
        QCOMPARE(panel->shownPid(), qint64(1895087));
        const QStringList overflow = test::suggestionPaneOverflow(*panel);
        QVERIFY2(overflow.isEmpty(), qPrintable(overflow.join(QStringLiteral(" | "))));
        const QStringList cutCells = test::cutWithoutTooltip(*panel->table());
        QVERIFY2(cutCells.isEmpty(), qPrintable(cutCells.join(QStringLiteral(" | "))));
    }
    if (page == u"heatmaps") {
        // Table headers and the plot's axis are not labels: checked on their own.
        const QStringList headers = cutHeadersAndAxisLabels(*w.heatmapsPanel());
        QVERIFY2(headers.isEmpty(), qPrintable(headers.join(QStringLiteral(" | "))));
    }

    const QImage image = w.grab().toImage();
    QCOMPARE(image.size(), size * w.devicePixelRatio());
    std::set<QRgb> colours;
    for (int y = 0; y < image.height(); y += 3)
        for (int x = 0; x < image.width(); x += 3)
            colours.insert(image.pixel(x, y));
    QVERIFY2(colours.size() > 32, qPrintable(QStringLiteral("%1 colours").arg(colours.size())));
    if (w.devicePixelRatio() > 1) {
        // Sharp at a scale of 2: the page is drawn at device pixels, so many 2x2 blocks of its picture hold
        // more than one colour (a picture drawn at 1x and scaled up would have none or only blurred ones).
        const QRect page(w.centralWidget()->mapTo(&w, QPoint()) * w.devicePixelRatio(),
                         w.centralWidget()->size() * w.devicePixelRatio());
        qint64 blocks = 0, detailed = 0;
        for (int y = page.top(); y + 1 <= page.bottom(); y += 2)
            for (int x = page.left(); x + 1 <= page.right(); x += 2) {
                const QRgb a = image.pixel(x, y);
                ++blocks;
                detailed += a != image.pixel(x + 1, y) || a != image.pixel(x, y + 1) ||
                            a != image.pixel(x + 1, y + 1);
            }
        QVERIFY2(detailed * 50 > blocks,
                 qPrintable(QStringLiteral("%1 of %2 blocks").arg(detailed).arg(blocks)));
    }
    const QString scale =
        w.devicePixelRatio() > 1 ? QStringLiteral("@%1x").arg(w.devicePixelRatio()) : QString();
    const QString path = QStringLiteral("/tmp/numasight-%1-%2x%3%4.png")
                             .arg(page)
                             .arg(size.width())
                             .arg(size.height())
                             .arg(scale);
    QVERIFY(image.save(path));
    qInfo("screenshot: %s", qPrintable(path));
}

void TestMainWindow::firstStartDocks_data()
{
    QTest::addColumn<QSize>("size");
    QTest::addColumn<bool>("shown");
    QTest::newRow("small 1024x600: hidden") << QSize(1024, 600) << false;
    QTest::newRow("laptop 1280x720: tabbed") << QSize(1280, 720) << true;
    QTest::newRow("desktop 1920x1080: tabbed") << QSize(1920, 1080) << true;
    QTest::newRow("4K 3840x2160: tabbed") << QSize(3840, 2160) << true;
}

// On a first start the start page has the window to itself; the first capture places the docks tabbed
// together at the right, or leaves them hidden where the page would be left too little room.
void TestMainWindow::firstStartDocks()
{
    QFETCH(QSize, size);
    QFETCH(bool, shown);
    MainWindow w;
    w.resize(size);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    for (QDockWidget* dock : w.docks())
        QVERIFY2(!dock->isVisible(), qPrintable(dock->objectName()));
    QVERIFY(loadInto(w, kWitty));
    QDockWidget* details = w.docks().front();
    for (QDockWidget* dock : w.docks()) {
        QCOMPARE(dock->isVisible(), shown);
        QCOMPARE(w.dockWidgetArea(dock), Qt::RightDockWidgetArea);
        if (shown && dock != details)
            QVERIFY(w.tabifiedDockWidgets(details).contains(dock));
    }
    if (shown)
        QVERIFY(!details->visibleRegion().isEmpty()); // Details is the tab in front
    QTest::qWait(50);
    QVERIFY2(centralShare(w) >= 0.6, qPrintable(QString::number(centralShare(w))));
}

// The first start fits the screen, as far as the pages' least width allows, and leaves the docks hidden where
// they would crowd it.
void TestMainWindow::firstStartFitsScreen()
{
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    const QSize available = w.screen()->availableSize();
    // The offscreen screen is 800x800; no page is laid out for less than about 840 px across.
    QVERIFY2(w.width() <= std::max(available.width(), w.minimumSizeHint().width()) &&
                 w.height() <= available.height(),
             qPrintable(QStringLiteral("%1x%2 on a %3x%4 screen")
                            .arg(w.width())
                            .arg(w.height())
                            .arg(available.width())
                            .arg(available.height())));
    QVERIFY(loadInto(w, kWitty));
    const bool room = available.width() >= 1200 && available.height() >= 640;
    for (QDockWidget* dock : w.docks())
        QCOMPARE(dock->isVisible(), room);
}

// What the user makes of the docks comes back at the next start, and is not placed again.
void TestMainWindow::docksRemembered()
{
    {
        MainWindow w;
        w.resize(1920, 1080);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(loadInto(w, kWitty));
        QDockWidget* summary = w.docks().at(1);
        QVERIFY(summary->isVisible());
        summary->setFloating(true);
        w.docks().at(2)->toggleViewAction()->trigger(); // Threads closed
        QVERIFY(!w.docks().at(2)->isVisible());
        w.close();
    }
    for (int start = 0; start < 2; ++start) { // the next start, and the one after it
        MainWindow again;
        again.show();
        QVERIFY(QTest::qWaitForWindowExposed(&again));
        // The start page has the window to itself; the docks come back with a capture, as they were left.
        for (QDockWidget* dock : again.docks())
            QVERIFY2(!dock->isVisible(), qPrintable(dock->objectName()));
        QVERIFY(loadInto(again, kWitty));
        QVERIFY(again.docks().at(0)->isVisible());
        QVERIFY(again.docks().at(1)->isVisible() && again.docks().at(1)->isFloating());
        QVERIFY(!again.docks().at(2)->isVisible());
        // Closing the capture puts them away again, and the next capture brings them back.
        again.closeCapture();
        for (QDockWidget* dock : again.docks())
            QVERIFY2(!dock->isVisible(), qPrintable(dock->objectName()));
        QVERIFY(loadInto(again, kWitty));
        QVERIFY(again.docks().at(0)->isVisible() && again.docks().at(1)->isVisible());
        QVERIFY(!again.docks().at(2)->isVisible());
        if (start == 0)
            again.closeCapture(); // this start ends on the start page, with the docks put away
        again.close();
    }
}

void TestMainWindow::saveAsShortcut()
{
    MainWindow w;
    const QKeySequence key(Qt::CTRL | Qt::SHIFT | Qt::Key_S);
    QCOMPARE(w.saveAsAction()->shortcut(), key); // the one the menu shows
    QVERIFY(menuBarActions(w).contains(w.saveAsAction()));
}

// Every shortcut the README mentions belongs to an action in the menus, and Help ▸ Keyboard Shortcuts
// lists it.
void TestMainWindow::readmeShortcutsInMenus()
{
    const QStringList keys = readmeShortcuts();
    QVERIFY2(keys.size() >= 15, qPrintable(keys.join(u',')));
    QVERIFY(keys.contains(QStringLiteral("Ctrl+Shift+S")) && keys.contains(QStringLiteral("Ctrl+Alt+5")));
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    const QList<QAction*> actions = menuBarActions(w);
    ShortcutsDialog* dialog = w.helpActions()->showShortcuts();
    QVERIFY(dialog && dialog->isVisible());
    for (const QString& text : keys) {
        const QKeySequence key = QKeySequence::fromString(text, QKeySequence::PortableText);
        QVERIFY2(!key.isEmpty(), qPrintable(text));
        const bool inMenus = std::any_of(actions.begin(), actions.end(),
                                         [&](const QAction* a) { return a->shortcuts().contains(key); });
        QVERIFY2(inMenus, qPrintable(text + QStringLiteral(" is in no menu")));
        QVERIFY2(dialog->visibleRowsWith(key) == 1, qPrintable(text + QStringLiteral(" is not listed once")));
    }
    dialog->close();
}

void TestMainWindow::shortcutsDialogSearch_data()
{
    QTest::addColumn<QString>("search");
    QTest::addColumn<QString>("key");
    QTest::addColumn<bool>("shown");
    QTest::newRow("by action") << "save"
                               << "Ctrl+Shift+S" << true;
    QTest::newRow("by key")
        << QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S).toString(QKeySequence::NativeText) << "Ctrl+Shift+S"
        << true;
    QTest::newRow("by menu") << "Heatmap Views"
                             << "Ctrl+Alt+3" << true;
    QTest::newRow("by page") << "Details"
                             << "Ctrl+C" << true;
    QTest::newRow("other action") << "Reload"
                                  << "Ctrl+Shift+S" << false;
    QTest::newRow("nothing") << "no such action"
                             << "Ctrl+O" << false;
    QTest::newRow("cleared") << ""
                             << "Ctrl+O" << true;
}

void TestMainWindow::shortcutsDialogSearch()
{
    QFETCH(QString, search);
    QFETCH(QString, key);
    QFETCH(bool, shown);
    MainWindow w;
    ShortcutsDialog* dialog = w.helpActions()->showShortcuts();
    // Names without their mnemonic, keys in the platform's notation.
    const auto rows =
        dialog->list()->findItems(plainActionText(w.saveAsAction()->text()), Qt::MatchExactly, 0);
    QCOMPARE(rows.size(), 1);
    QCOMPARE(rows.front()->text(1),
             QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S).toString(QKeySequence::NativeText));
    dialog->searchEdit()->setText(search);
    QCOMPARE(dialog->visibleRowsWith(QKeySequence::fromString(key, QKeySequence::PortableText)) > 0, shown);
    dialog->close();
}

void TestMainWindow::aboutListsVersions()
{
    const QString text = HelpActions::aboutText();
    for (const char* library : {"Qt", "hwloc", "libbpf", "Graphviz", "QCustomPlot", "SQLite", "simdjson"}) {
        const QRegularExpression row(
            QStringLiteral("<td>%1</td><td>&nbsp;(\\d+\\.\\d+[^<]*)</td>").arg(QLatin1String(library)));
        QVERIFY2(row.match(text).hasMatch(), library);
    }
    QVERIFY(text.contains(QStringLiteral("<td>Qt</td><td>&nbsp;") + QLatin1String(qVersion())));
    const LibraryVersion allocator = allocatorVersion();
    QVERIFY2(text.contains(QStringLiteral("<td>%1</td><td>&nbsp;%2</td>")
                               .arg(allocator.name, allocator.version.toHtmlEscaped())),
             qPrintable(text));
    MainWindow w;
    QMessageBox* box = w.helpActions()->showAbout();
    QVERIFY(box->isVisible());
    QCOMPARE(box->text(), text);
    box->close();
}

void TestMainWindow::documentationFolder()
{
    const QStringList folders = HelpActions::documentationFolders();
    QVERIFY(!folders.isEmpty());
    QVERIFY2(folders.front().endsWith(QStringLiteral("/share/doc/numasight")), qPrintable(folders.front()));
    // A build that was not installed reads the source tree's README and docs/.
    const QString found = HelpActions::documentationFolder();
    QVERIFY(!found.isEmpty());
    QVERIFY(QFileInfo::exists(found + QStringLiteral("/README.md")));
    QVERIFY(QFileInfo::exists(found + QStringLiteral("/docs/architecture.md")));
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
    QTest::newRow("no display, in Chinese")
        << QStringList{QStringLiteral("LANG=zh_CN.UTF-8"), QStringLiteral("LC_ALL=zh_CN.UTF-8"),
                       QStringLiteral("LANGUAGE=")}
        << QStringList{} << kNoDisplayExitCode
        << QStringList{QStringLiteral("未找到显示器"), QStringLiteral("numasight-cli"),
                       QStringLiteral("ssh -X")};
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

// File ▸ Export Report… writes the whole report from the window: the action is in the File menu, the work
// runs off the GUI thread with a progress dialog, and the file is the same as numasight-cli report's.
void TestMainWindow::exportReport_data()
{
    QTest::addColumn<QString>("name");
    QTest::newRow("html") << QStringLiteral("report.html");
    QTest::newRow("pdf") << QStringLiteral("report.pdf");
}

void TestMainWindow::exportReport()
{
    QFETCH(QString, name);
    MainWindow w;
    w.show();
    QVERIFY(!w.workspace()->exportReportAction()->isEnabled() || !w.capture());
    QVERIFY(loadInto(w, kWitty));
    QAction* action = w.workspace()->exportReportAction();
    QVERIFY(action->isEnabled());
    QCOMPARE(action->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    bool inFileMenu = false;
    for (QAction* menu : w.menuBar()->actions())
        if (menu->menu() && menu->menu()->actions().contains(action))
            inFileMenu = menu->text().remove(u'&') == u"File";
    QVERIFY(inFileMenu);

    const QString path = m_dir.filePath(name);
    QSignalSpy exported(w.workspace()->reportJob(), &ReportJob::exported);
    QSignalSpy failed(w.workspace()->reportJob(), &ReportJob::failed);
    QElapsedTimer responsive;
    responsive.start();
    w.workspace()->exportReport(path);
    // The call returns at once: the planning runs on a worker.
    QVERIFY2(responsive.elapsed() < 500, qPrintable(QString::number(responsive.elapsed())));
    QTRY_VERIFY_WITH_TIMEOUT(!exported.isEmpty() || !failed.isEmpty(), 60000);
    QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.front().front().toString()));
    QCOMPARE(exported.front().at(0).toString(), path);
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray bytes = file.readAll();
    QCOMPARE(qint64(bytes.size()), exported.front().at(1).toLongLong());
    if (name.endsWith(u".pdf")) {
        QVERIFY(bytes.startsWith("%PDF-"));
        return;
    }
    QXmlStreamReader xml(bytes);
    int images = 0;
    while (!xml.atEnd())
        if (xml.readNext() == QXmlStreamReader::StartElement && xml.name() == u"img")
            ++images;
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QCOMPARE(images, 5);
    QVERIFY(bytes.contains("1895087"));
}

// Cancelled while it plans: nothing is written, and the window says so.
void TestMainWindow::cancelReport()
{
    MainWindow w;
    w.show();
    QVERIFY(loadInto(w, kWitty));
    const QString path = m_dir.filePath(QStringLiteral("cancelled.html"));
    QSignalSpy cancelled(w.workspace()->reportJob(), &WorkerJob::cancelled);
    QSignalSpy exported(w.workspace()->reportJob(), &ReportJob::exported);
    w.workspace()->exportReport(path);
    auto* progress = w.findChild<QProgressDialog*>(QStringLiteral("reportProgress"));
    QVERIFY(progress);
    auto* cancel = progress->findChild<QPushButton*>();
    QVERIFY(cancel);
    cancel->click(); // the dialog's Cancel button, as a user presses it
    QTRY_VERIFY_WITH_TIMEOUT(!cancelled.isEmpty(), 10000);
    w.workspace()->reportJob()->waitForIdle();
    QTest::qWait(200);
    QVERIFY(exported.isEmpty());
    QVERIFY(!QFile::exists(path));
}

QTEST_MAIN(TestMainWindow)
#include "tst_main_window.moc"
