// SPDX-License-Identifier: GPL-3.0-or-later
// The Entities tab on its own, offscreen: typing a filter and picking a kind narrow the tree (and open what
// matches), and the selection goes both ways — a click says which entity it is, selectEntity() and
// selectProcess() pick one (clearing a filter that hides it) — and survives a change of snapshot by identity.
#include "support/entity_factory.h"
#include "support/test_fixtures.h"
#include "views/browser/browser_panel.h"
#include "views/browser/entity_filter_proxy.h"
#include "views/browser/entity_tree_model.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QLineEdit>
#include <QSignalSpy>
#include <QStyle>
#include <QTest>
#include <QTreeView>

using namespace numasight;
using numasight::test::loadCapture;
using numasight::test::makeEntity;

namespace {

const QString kWitty = QStringLiteral(NUMASIGHT_FIXTURES "/witty-profiler/graph.json");
const QString kDgx2 = QStringLiteral(NUMASIGHT_FIXTURES "/hwloc/nvidiaDGX2.xml");

SnapshotPtr firstSnapshot(const QString& path)
{
    const CapturePtr capture = loadCapture(path);
    return capture && !capture->snapshots.empty() ? capture->snapshots.front() : nullptr;
}

bool isShown(const BrowserPanel& panel, EntityId id)
{
    return panel.proxy()->mapFromSource(panel.model()->indexOf(id)).isValid();
}

EntityId threadOf(const Snapshot& s, qint64 pid, qint64 tid)
{
    for (EntityId t : s.threadsOf(s.processByPid(pid)))
        if (s.entity(t).tid == tid)
            return t;
    return {};
}

} // namespace

class TestBrowserPanel : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void filterText_data();
    void filterText();
    void kindFilter_data();
    void kindFilter();
    void selectFromProgram_data();
    void selectFromProgram();
    void selectByClick();
    void snapshotChange_data();
    void snapshotChange();
    void idColumnFits_data();
    void idColumnFits();

private:
    SnapshotPtr m_witty;
    SnapshotPtr m_dgx2;
};

void TestBrowserPanel::initTestCase()
{
    m_witty = firstSnapshot(kWitty);
    m_dgx2 = firstSnapshot(kDgx2);
    QVERIFY(m_witty && m_dgx2);
}

void TestBrowserPanel::filterText_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QList<qint64>>("shownPids");
    QTest::addColumn<QList<qint64>>("hiddenPids");
    QTest::addColumn<bool>("opened"); // the rows down to a match are expanded
    QTest::newRow("a pid, with the path to it")
        << "1895087" << QList<qint64>{1895087, 1894856} << QList<qint64>{1895088, 6808} << true;
    QTest::newRow("a name, any case") << "DOCKERD" << QList<qint64>{6808} << QList<qint64>{1895087} << true;
    QTest::newRow("nothing matches") << "no such entity" << QList<qint64>{} << QList<qint64>{6808, 1895087}
                                     << true;
    QTest::newRow("blank keeps all, opens nothing more")
        << "  " << QList<qint64>{6808, 1895087} << QList<qint64>{} << false;
}

void TestBrowserPanel::filterText()
{
    QFETCH(QString, text);
    QFETCH(QList<qint64>, shownPids);
    QFETCH(QList<qint64>, hiddenPids);
    QFETCH(bool, opened);
    BrowserPanel panel;
    QAbstractItemModelTester modelTester(panel.model(),
                                         QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester proxyTester(panel.proxy(),
                                         QAbstractItemModelTester::FailureReportingMode::QtTest);
    panel.resize(900, 700);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    panel.setSnapshot(m_witty);
    QTest::keyClicks(panel.filterEdit(), text);
    QCOMPARE(panel.proxy()->filterText(), text.trimmed().toLower());
    const Snapshot& s = *m_witty;
    for (qint64 pid : shownPids) {
        QVERIFY2(isShown(panel, s.processByPid(pid)), qPrintable(QString::number(pid)));
        // A match is opened up to, not only kept.
        const QModelIndex index = panel.proxy()->mapFromSource(panel.model()->indexOf(s.processByPid(pid)));
        QVERIFY(!opened || panel.view()->isExpanded(index.parent()));
    }
    // Without a filter the process tree stays folded below its first levels.
    const QModelIndex worker = panel.proxy()->mapFromSource(panel.model()->indexOf(s.processByPid(1895087)));
    QVERIFY(opened || !panel.view()->isExpanded(worker.parent()));
    for (qint64 pid : hiddenPids)
        QVERIFY2(!isShown(panel, s.processByPid(pid)), qPrintable(QString::number(pid)));
    panel.filterEdit()->clear();
    for (qint64 pid : hiddenPids)
        QVERIFY(isShown(panel, s.processByPid(pid)));
}

void TestBrowserPanel::kindFilter_data()
{
    QTest::addColumn<QString>("fixture");
    QTest::addColumn<int>("kind");
    QTest::addColumn<bool>("listed");
    QTest::newRow("witty: accelerators") << "witty" << int(EntityKind::Accelerator) << true;
    QTest::newRow("witty: processes") << "witty" << int(EntityKind::Process) << true;
    QTest::newRow("hwloc: accelerators") << "dgx2" << int(EntityKind::Accelerator) << true;
    QTest::newRow("hwloc has no processes") << "dgx2" << int(EntityKind::Process) << false;
}

void TestBrowserPanel::kindFilter()
{
    QFETCH(QString, fixture);
    QFETCH(int, kind);
    QFETCH(bool, listed);
    const SnapshotPtr snapshot = fixture == u"witty" ? m_witty : m_dgx2;
    BrowserPanel panel;
    QAbstractItemModelTester proxyTester(panel.proxy(),
                                         QAbstractItemModelTester::FailureReportingMode::QtTest);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    panel.setSnapshot(snapshot);
    QComboBox* kinds = panel.kindFilter();
    QCOMPARE(kinds->itemText(0), QStringLiteral("All kinds"));
    const int item = kinds->findData(kind);
    QCOMPARE(item >= 0, listed);
    if (!listed)
        return;
    // "Accelerator (16)": the kind and how many the snapshot has.
    QVERIFY2(kinds->itemText(item).endsWith(QStringLiteral("(%1)").arg(snapshot->countOf(EntityKind(kind)))),
             qPrintable(kinds->itemText(item)));
    kinds->setCurrentIndex(item);
    QCOMPARE(panel.proxy()->kindFilter(), std::optional(EntityKind(kind)));
    for (int k = 0; k < kEntityKindCount; ++k)
        for (EntityId id : snapshot->ofKind(EntityKind(k)))
            if (isShown(panel, id) && k != kind)
                // Only the kind asked for, and the path to it.
                QVERIFY(panel.proxy()->hasChildren(panel.proxy()->mapFromSource(panel.model()->indexOf(id))));
    QVERIFY(isShown(panel, snapshot->ofKind(EntityKind(kind)).front()));
    // The kind chosen stays while the next snapshot has it; "All kinds" brings everything back.
    panel.setSnapshot(firstSnapshot(fixture == u"witty" ? kWitty : kDgx2));
    QCOMPARE(kinds->currentData().toInt(), kind);
    kinds->setCurrentIndex(0);
    QCOMPARE(panel.proxy()->kindFilter(), std::nullopt);
}

void TestBrowserPanel::selectFromProgram_data()
{
    QTest::addColumn<QString>("how");
    QTest::addColumn<qint64>("pid");
    QTest::addColumn<qint64>("tid");
    QTest::addColumn<QString>("filter"); // typed before
    QTest::addColumn<qint64>("selectedPid");
    QTest::addColumn<qint64>("selectedTid"); // -1: the process
    QTest::newRow("an entity") << "entity" << qint64(1895087) << qint64(-1) << "" << qint64(1895087)
                               << qint64(-1);
    QTest::newRow("an entity the filter hides")
        << "entity" << qint64(1895087) << qint64(-1) << "dockerd" << qint64(1895087) << qint64(-1);
    QTest::newRow("a thread by pid and tid")
        << "process" << qint64(1895088) << qint64(1895530) << "" << qint64(1895088) << qint64(1895530);
    QTest::newRow("an unknown tid: its process")
        << "process" << qint64(1895088) << qint64(7) << "" << qint64(1895088) << qint64(-1);
    QTest::newRow("an unknown pid: nothing")
        << "process" << qint64(7) << qint64(-1) << "" << qint64(-1) << qint64(-1);
}

void TestBrowserPanel::selectFromProgram()
{
    QFETCH(QString, how);
    QFETCH(qint64, pid);
    QFETCH(qint64, tid);
    QFETCH(QString, filter);
    QFETCH(qint64, selectedPid);
    QFETCH(qint64, selectedTid);
    const Snapshot& s = *m_witty;
    BrowserPanel panel;
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    panel.setSnapshot(m_witty);
    QTest::keyClicks(panel.filterEdit(), filter);
    QSignalSpy changed(&panel, &BrowserPanel::currentEntityChanged);
    if (how == u"entity")
        QVERIFY(panel.selectEntity(s.processByPid(pid)));
    else
        panel.selectProcess(pid, tid);
    const EntityId expected = selectedPid < 0   ? EntityId()
                              : selectedTid < 0 ? s.processByPid(selectedPid)
                                                : threadOf(s, selectedPid, selectedTid);
    QCOMPARE(panel.currentEntity(), expected);
    QCOMPARE(changed.size(), expected.isValid() ? 1 : 0);
    if (expected.isValid()) {
        QCOMPARE(changed.front().front().value<EntityId>(), expected);
        QVERIFY(isShown(panel, expected));
    }
    if (!filter.isEmpty())
        QCOMPARE(panel.filterEdit()->text().isEmpty(), expected.isValid()); // cleared to show it
    QVERIFY(!panel.selectEntity(EntityId(std::int32_t(s.entities().size() + 5))));
}

void TestBrowserPanel::selectByClick()
{
    BrowserPanel panel;
    panel.resize(900, 700);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    panel.setSnapshot(m_witty);
    const EntityId process = m_witty->processByPid(1895087);
    const QModelIndex index = panel.proxy()->mapFromSource(panel.model()->indexOf(process));
    QVERIFY(index.isValid());
    panel.view()->scrollTo(index);
    QSignalSpy changed(&panel, &BrowserPanel::currentEntityChanged);
    QTest::mouseClick(panel.view()->viewport(), Qt::LeftButton, {}, panel.view()->visualRect(index).center());
    QCOMPARE(changed.size(), 1);
    QCOMPARE(changed.front().front().value<EntityId>(), process);
    QCOMPARE(panel.currentEntity(), process);
    // A group row is no entity.
    const QModelIndex section =
        panel.proxy()->mapFromSource(panel.model()->sectionIndex(EntityTreeModel::Section::Workload));
    QTest::mouseClick(panel.view()->viewport(), Qt::LeftButton, {},
                      panel.view()->visualRect(section).center());
    QCOMPARE(changed.size(), 2);
    QVERIFY(!changed.back().front().value<EntityId>().isValid());
}

void TestBrowserPanel::snapshotChange_data()
{
    QTest::addColumn<QString>("next");
    QTest::addColumn<bool>("kept");
    QTest::addColumn<int>("emitted");
    QTest::newRow("the same entity in the next snapshot") << "witty again" << true << 1;
    QTest::newRow("not in the next snapshot") << "dgx2" << false << 0;
    QTest::newRow("the same snapshot: nothing happens") << "same" << true << 0;
    QTest::newRow("nothing shown") << "none" << false << 0;
}

void TestBrowserPanel::snapshotChange()
{
    QFETCH(QString, next);
    QFETCH(bool, kept);
    QFETCH(int, emitted);
    BrowserPanel panel;
    QAbstractItemModelTester proxyTester(panel.proxy(),
                                         QAbstractItemModelTester::FailureReportingMode::QtTest);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    panel.setSnapshot(m_witty);
    QVERIFY(panel.selectEntity(m_witty->processByPid(1895087)));
    SnapshotPtr snapshot = next == u"witty again" ? firstSnapshot(kWitty)
                           : next == u"dgx2"      ? m_dgx2
                           : next == u"same"      ? m_witty
                                                  : nullptr;
    QSignalSpy changed(&panel, &BrowserPanel::currentEntityChanged);
    panel.setSnapshot(snapshot);
    QCOMPARE(panel.snapshot(), snapshot.get());
    QCOMPARE(changed.size(), emitted);
    QCOMPARE(panel.currentEntity().isValid(), kept);
    if (kept) {
        const Entity& e = snapshot->entity(panel.currentEntity());
        QCOMPARE(e.pid, qint64(1895087));
        QCOMPARE(e.kind, EntityKind::Process);
    }
    if (!snapshot)
        QCOMPARE(panel.model()->rowCount(), 0);
}

void TestBrowserPanel::idColumnFits_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("uncut"); // an id the column shows whole ("longest": the longest there is)
    QTest::addColumn<bool>("capped");   // as wide as an IPv4 socket's id, and no wider
    QTest::newRow("witty: IPv4 sockets") << "witty"
                                         << "127.0.0.1:34726/TCP" << false;
    QTest::newRow("DGX-2: PCI ids and OS devices") << "dgx2"
                                                   << "longest" << false;
    QTest::newRow("an IPv6 socket") << "ipv6" << QString() << true;
    QTest::newRow("a type nobody knows, 300 characters") << "unknown" << QString() << true;
    QTest::newRow("witty, then a machine of PCI ids: not narrowed") << "witty then dgx2"
                                                                    << "127.0.0.1:34726/TCP" << false;
}

void TestBrowserPanel::idColumnFits()
{
    QFETCH(QString, input);
    QFETCH(QString, uncut);
    QFETCH(bool, capped);
    BrowserPanel panel;
    panel.resize(1280, 720);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QTreeView* view = panel.view();
    auto built = [](EntityKind kind, const QString& key) {
        SnapshotBuilder b;
        b.add(makeEntity(EntityKind::Process, QStringLiteral("1"), QStringLiteral("p")));
        Entity e = makeEntity(kind, key);
        if (kind == EntityKind::Socket)
            e.setSocket(QStringLiteral("fe80::1234:5678:9abc:def0"), 34726, QStringLiteral("TCP"));
        b.add(e);
        return b.finish();
    };
    if (input.startsWith(u"witty"))
        panel.setSnapshot(m_witty);
    if (input.endsWith(u"dgx2"))
        panel.setSnapshot(m_dgx2);
    if (input == u"ipv6")
        panel.setSnapshot(built(EntityKind::Socket, QStringLiteral("fe80::1234:5678:9abc:def0:34726/TCP")));
    if (input == u"unknown")
        panel.setSnapshot(
            built(EntityKind::Unknown, QStringLiteral("{\"id\":\"%1\"}").arg(QString(290, u'x'))));
    const int width = view->columnWidth(EntityTreeModel::IdColumn);
    const QFontMetrics fm = view->fontMetrics();
    const int most = fm.horizontalAdvance(QStringLiteral("255.255.255.255:65535/TCP"));
    if (uncut == u"longest")
        uncut = panel.model()->longestIdText();
    if (!uncut.isEmpty()) {
        // The id's cell: what an item view leaves for text (a margin on each side, QCommonStyle's).
        const int margin = view->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, view) + 1;
        QVERIFY2(fm.horizontalAdvance(uncut) + 2 * margin <= width,
                 qPrintable(
                     QStringLiteral("%1 px for %2 px of text").arg(width).arg(fm.horizontalAdvance(uncut))));
        QVERIFY(width < most + 40);
    } else {
        QVERIFY(capped);
        QVERIFY2(width >= most && width < most + 40, qPrintable(QString::number(width)));
    }
}

QTEST_MAIN(TestBrowserPanel)
#include "tst_browser_panel.moc"
