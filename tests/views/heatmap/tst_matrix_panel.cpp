// SPDX-License-Identifier: GPL-3.0-or-later
// The Matrices tab with nothing to show says what to do and offers Measure…, enabled only where a
// measurement can run; through the workspace, Measure is refused with its reason for another machine's
// capture and offered for this machine.
#include "readers/open_input.h"
#include "support/test_fixtures.h"
#include "views/heatmap/heatmap_tabs.h"
#include "views/heatmap/matrix_panel.h"
#include "views/live/session.h"
#include "workspace.h"

#include <QAction>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>
#include <QToolButton>

using namespace numasight;
using namespace numasight::test;

namespace {

const QString kFixtures = QStringLiteral(NUMASIGHT_FIXTURES "/");
constexpr int kTimeout = 30000;

} // namespace

class TestMatrixPanel : public QObject
{
    Q_OBJECT
private slots:
    void emptyState_data();
    void emptyState();
    void measureOnlyHere_data();
    void measureOnlyHere();
};

void TestMatrixPanel::emptyState_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<bool>("empty");
    QTest::addColumn<bool>("allowed");
    // `lstopo-no-graphics -i 16em64t-4s2c2t.xml --distances` lists no matrix.
    QTest::newRow("no matrix, measurable") << "hwloc/16em64t-4s2c2t.xml" << true << true;
    QTest::newRow("no matrix, not measurable") << "hwloc/16em64t-4s2c2t.xml" << true << false;
    QTest::newRow("firmware distances") << "hwloc/16amd64-4distances.xml" << false << true;
}

void TestMatrixPanel::emptyState()
{
    QFETCH(QString, file);
    QFETCH(bool, empty);
    QFETCH(bool, allowed);
    const CapturePtr c = loadCapture(kFixtures + file);
    QVERIFY(c);
    MatrixPanel panel;
    panel.resize(800, 600);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    const QString why = QStringLiteral("Measuring needs this machine's capture.");
    panel.setMeasureAllowed(allowed, why);
    panel.setInput(c, c->snapshots.back(), true);
    QCOMPARE(panel.emptyState()->isVisible(), empty);
    QCOMPARE(panel.plot()->isVisible(), !empty);
    if (!empty)
        return;
    QVERIFY(panel.findChild<QLabel*>(QStringLiteral("matrixEmptyText"))
                ->text()
                .contains(QStringLiteral("Measure")));
    QCOMPARE(panel.emptyMeasureButton()->isEnabled(), allowed);
    QCOMPARE(panel.measureButton()->isEnabled(), allowed);
    QCOMPARE(panel.emptyReasonLabel()->isVisible(), !allowed);
    if (!allowed) {
        QCOMPARE(panel.emptyReasonLabel()->text(), why);
        QCOMPARE(panel.emptyMeasureButton()->toolTip(), why);
        QCOMPARE(panel.measureButton()->toolTip(), why);
    }
    QSignalSpy asked(&panel, &MatrixPanel::measureRequested);
    QTest::mouseClick(panel.emptyMeasureButton(), Qt::LeftButton);
    QCOMPARE(asked.size(), allowed ? 1 : 0);
    // Another capture with matrices replaces the empty state.
    const CapturePtr withMatrix = loadCapture(kFixtures + QStringLiteral("hwloc/16amd64-4distances.xml"));
    panel.setInput(withMatrix, withMatrix->snapshots.back(), true);
    QVERIFY(!panel.emptyState()->isVisible());
    panel.clear();
    QVERIFY(!panel.emptyState()->isVisible());
}

void TestMatrixPanel::measureOnlyHere_data()
{
    QTest::addColumn<QString>("source");
    QTest::addColumn<bool>("allowed");
    QTest::addColumn<QString>("reason"); // a part of the tooltip
    QTest::newRow("a witty file") << "witty-profiler/graph.json" << false << "does not say which machine";
    QTest::newRow("another host's hwloc") << "hwloc/16em64t-4s2c2t.xml" << false << "not of this machine";
    QTest::newRow("this machine") << QString::fromLatin1(kLocalMachine) << true << "";
}

void TestMatrixPanel::measureOnlyHere()
{
    QFETCH(QString, source);
    QFETCH(bool, allowed);
    QFETCH(QString, reason);
    Session session;
    Workspace workspace(&session);
    QSignalSpy opened(&session, &Session::opened);
    session.open(source == QLatin1String(kLocalMachine) ? source : kFixtures + source);
    QVERIFY(opened.wait(kTimeout));
    QAction* measure = workspace.measureAction();
    QCOMPARE(measure->isEnabled(), allowed);
    MatrixPanel* matrices = workspace.heatmaps()->matrixPanel();
    QCOMPARE(matrices->measureButton()->isEnabled(), allowed);
    QCOMPARE(matrices->emptyMeasureButton()->isEnabled(), allowed);
    if (allowed)
        return;
    QVERIFY2(measure->toolTip().contains(reason), qPrintable(measure->toolTip()));
    QCOMPARE(measure->statusTip(), measure->toolTip());
    QCOMPARE(matrices->measureButton()->toolTip(), measure->toolTip());
}

QTEST_MAIN(TestMatrixPanel)
#include "tst_matrix_panel.moc"
