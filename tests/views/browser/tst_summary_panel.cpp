// SPDX-License-Identifier: GPL-3.0-or-later
// The summary's Source box: what it says for a file, for this machine read live, and for a recording that
// has not been saved yet.
#include "model/snapshot.h"
#include "readers/open_input.h"
#include "views/browser/summary_panel.h"

#include <QLabel>
#include <QTest>

using namespace numasight;

class TestSummaryPanel : public QObject
{
    Q_OBJECT
private slots:
    void fileRow_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("shown");
        QTest::newRow("a file") << QStringLiteral("/data/run.numasight")
                                << QStringLiteral("/data/run.numasight");
        QTest::newRow("this machine")
            << QString::fromLatin1(kLocalMachine) << QStringLiteral("(this machine, read live)");
        QTest::newRow("live recording") << QString() << QStringLiteral("(live recording, not saved yet)");
    }
    void fileRow()
    {
        QFETCH(QString, path);
        QFETCH(QString, shown);
        auto capture = std::make_shared<Capture>();
        capture->source.path = path;
        capture->snapshots.push_back(SnapshotBuilder().finish());
        SummaryPanel panel;
        panel.setCapture(capture, 0);
        auto* file = panel.findChild<QLabel*>(QStringLiteral("summaryFile"));
        QVERIFY(file);
        QCOMPARE(file->text(), shown);
        panel.setCapture(nullptr, -1);
        QCOMPARE(file->text(), QString());
    }
};

QTEST_MAIN(TestSummaryPanel)
#include "tst_summary_panel.moc"
