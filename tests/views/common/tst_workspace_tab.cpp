// SPDX-License-Identifier: GPL-3.0-or-later
// The workspace tab's two flags, with real widgets offscreen: "fresh" is said to the first position shown
// after a new capture and to no other, and a pick made in a page reaches the other pages through the entity
// browser but is not echoed back to it. ShownPosition: which sample the graph sums.
#include "support/entity_factory.h"
#include "views/browser/browser_panel.h"
#include "views/common/workspace_tab.h"

#include <QLabel>
#include <QTest>

using namespace numasight;
using numasight::test::makeEntity;

namespace {

// Two processes of this machine, one with a thread.
SnapshotPtr twoProcesses()
{
    SnapshotBuilder b;
    for (const std::int64_t pid : {100, 200}) {
        Entity p = makeEntity(EntityKind::Process, QString::number(pid), QStringLiteral("p%1").arg(pid));
        p.pid = pid;
        p.ppid = 1;
        const EntityId process = b.add(p);
        if (pid == 200) {
            Entity t = makeEntity(EntityKind::Thread, QStringLiteral("201"), QStringLiteral("worker"));
            t.tid = 201;
            t.pid = 200;
            t.parent = process;
            b.add(t);
        }
    }
    return b.finish();
}

// A capture of `snapshots` snapshots and one sample per snapshot index in `samplesOf`.
CapturePtr captureOf(int snapshots, const std::vector<int>& samplesOf)
{
    auto capture = std::make_shared<Capture>();
    for (int i = 0; i < snapshots; ++i)
        capture->snapshots.push_back(twoProcesses());
    for (int s : samplesOf) {
        auto sample = std::make_shared<Sample>();
        sample->snapshotIndex = s;
        capture->samples.push_back(sample);
    }
    return capture;
}

// A page that writes down what it was asked: "s+" shown fresh, "s" shown, "c" cleared, "p<pid>" selected.
struct RecordingPage
{
    QLabel widget;
    QStringList calls;

    WorkspaceTab::Page page()
    {
        return {
            &widget,
            [this](const ShownPosition&, bool fresh) {
                calls << (fresh ? QStringLiteral("s+") : QStringLiteral("s"));
            },
            [this] { calls << QStringLiteral("c"); },
            [this](const Snapshot& s, EntityId id) { calls << QStringLiteral("p%1").arg(s.entity(id).pid); }};
    }
};

} // namespace

class TestWorkspaceTab : public QObject
{
    Q_OBJECT
private slots:
    void freshSaidOnce_data();
    void freshSaidOnce();
    void noEcho_data();
    void noEcho();
    void positionSamples_data();
    void positionSamples();
};

void TestWorkspaceTab::freshSaidOnce_data()
{
    QTest::addColumn<QString>("steps"); // F: another capture, S: a position shown, N: nothing shown
    QTest::addColumn<QStringList>("calls");
    QTest::newRow("said to the first position only") << "FSS" << QStringList{"s+", "s"};
    QTest::newRow("never another capture") << "SS" << QStringList{"s", "s"};
    QTest::newRow("two captures before a position: once") << "FFSS" << QStringList{"s+", "s"};
    QTest::newRow("nothing shown keeps it for the next") << "FNS" << QStringList{"c", "s+"};
    QTest::newRow("each capture once") << "FSFSS" << QStringList{"s+", "s+", "s"};
}

void TestWorkspaceTab::freshSaidOnce()
{
    QFETCH(QString, steps);
    QFETCH(QStringList, calls);
    RecordingPage page;
    WorkspaceTab tab(page.page());
    QCOMPARE(tab.widget(), &page.widget);
    const CapturePtr capture = captureOf(1, {});
    for (const QChar step : steps) {
        if (step == u'F')
            tab.markFresh();
        else
            tab.show(step == u'S' ? ShownPosition{capture, 0, 0} : ShownPosition{});
    }
    QCOMPARE(page.calls, calls);
    QVERIFY(!tab.isFresh() || steps.endsWith(u'F'));
}

void TestWorkspaceTab::noEcho_data()
{
    QTest::addColumn<int>("pickedIn"); // the page the pick is made in; -1: the browser itself
    QTest::addColumn<qint64>("pid");
    QTest::addColumn<QStringList>("first");  // what page 0 is asked
    QTest::addColumn<QStringList>("second"); // what page 1 is asked
    QTest::newRow("a pick in page 0 reaches page 1 only")
        << 0 << qint64(200) << QStringList{} << QStringList{"p200"};
    QTest::newRow("a pick in page 1 reaches page 0 only")
        << 1 << qint64(100) << QStringList{"p100"} << QStringList{};
    QTest::newRow("a pick in the browser reaches both")
        << -1 << qint64(100) << QStringList{"p100"} << QStringList{"p100"};
}

void TestWorkspaceTab::noEcho()
{
    QFETCH(int, pickedIn);
    QFETCH(qint64, pid);
    QFETCH(QStringList, first);
    QFETCH(QStringList, second);
    // The window's wiring: the browser's current entity goes to every page, picks go to the browser.
    BrowserPanel browser;
    browser.show();
    QVERIFY(QTest::qWaitForWindowExposed(&browser));
    browser.setSnapshot(twoProcesses());
    RecordingPage pages[2];
    std::vector<WorkspaceTab> tabs{WorkspaceTab(pages[0].page()), WorkspaceTab(pages[1].page())};
    QObject::connect(&browser, &BrowserPanel::currentEntityChanged, &browser, [&](EntityId id) {
        if (id.isValid())
            for (WorkspaceTab& tab : tabs)
                tab.select(*browser.snapshot(), id);
    });
    if (pickedIn >= 0)
        tabs[size_t(pickedIn)].pick([&] {
            QVERIFY(tabs[size_t(pickedIn)].isPicking());
            browser.selectProcess(pid);
        });
    else
        browser.selectProcess(pid);
    QCOMPARE(browser.snapshot()->entity(browser.currentEntity()).pid, pid);
    QCOMPARE(pages[0].calls, first);
    QCOMPARE(pages[1].calls, second);
    // Once the pick is over, the page follows picks made elsewhere again.
    for (RecordingPage& page : pages)
        page.calls.clear();
    browser.selectProcess(pid == 100 ? 200 : 100);
    QCOMPARE(pages[0].calls.size(), 1);
    QCOMPARE(pages[1].calls.size(), 1);
    QVERIFY(!tabs[0].isPicking() && !tabs[1].isPicking());
}

void TestWorkspaceTab::positionSamples_data()
{
    QTest::addColumn<int>("snapshotIndex");
    QTest::addColumn<int>("position");
    QTest::addColumn<bool>("sample"); // the position's sample is summed
    QTest::newRow("the sample of the snapshot shown") << 1 << 2 << true;
    QTest::newRow("a sample of another snapshot") << 0 << 2 << false;
    QTest::newRow("a sample index past the end, clamped") << 1 << 3 << true;
    QTest::newRow("no position") << 0 << -1 << false;
    QTest::newRow("no such snapshot") << 4 << 0 << false;
}

void TestWorkspaceTab::positionSamples()
{
    QFETCH(int, snapshotIndex);
    QFETCH(int, position);
    QFETCH(bool, sample);
    // Samples of snapshots 0, 0, 1 and one that names a snapshot past the last (taken as the last).
    const CapturePtr capture = captureOf(2, {0, 0, 1, 5});
    const ShownPosition shown{capture, snapshotIndex, position};
    QCOMPARE(shown.isValid(), snapshotIndex < 2);
    QCOMPARE(shown.snapshot(), shown.isValid() ? capture->snapshots[size_t(snapshotIndex)] : nullptr);
    const std::vector<SamplePtr> samples = shown.positionSamples();
    QCOMPARE(samples.size(), size_t(sample ? 1 : 0));
    if (sample)
        QCOMPARE(samples.front(), capture->samples[size_t(position)]);
}

QTEST_MAIN(TestWorkspaceTab)
#include "tst_workspace_tab.moc"
