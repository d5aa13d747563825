// SPDX-License-Identifier: GPL-3.0-or-later
// A search field's placeholder says as much as the field's width allows, never cut: the longest hint that
// fits, the shortest below that (the field is then never narrower than it), and the whole hint as tooltip.
#include "views/common/fitting_placeholder.h"

#include <QApplication>
#include <QLineEdit>
#include <QTest>

using namespace numasight;

class TestFittingPlaceholder : public QObject
{
    Q_OBJECT

private slots:
    void widths_data()
    {
        QTest::addColumn<bool>("clearButton");
        QTest::addColumn<int>("extra"); // pixels of room beyond the hint that should just fit (-1: one short)
        QTest::addColumn<int>("shown"); // which hint
        for (const bool clear : {false, true}) {
            const char* c = clear ? "with a clear button" : "no clear button";
            QTest::addRow("whole hint with room, %s", c) << clear << 200 << 0;
            QTest::addRow("whole hint, exactly, %s", c) << clear << 0 << 0;
            QTest::addRow("one pixel short of the whole hint, %s", c) << clear << -1 << 1;
            QTest::addRow("middle hint, exactly, %s", c) << clear << -1000 << 1;
        }
    }
    void widths()
    {
        QFETCH(bool, clearButton);
        QFETCH(int, extra);
        QFETCH(int, shown);
        const QStringList hints{QStringLiteral("Find pid, tid, name, PCI id, CPU (Enter: next)"),
                                QStringLiteral("Find pid, tid, name"), QStringLiteral("Find…")};
        QWidget window;
        auto* edit = new QLineEdit(&window);
        edit->setClearButtonEnabled(clearButton);
        new FittingPlaceholder(edit, hints);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QCOMPARE(edit->toolTip(), hints.front());

        const int overhead = edit->width() - FittingPlaceholder::room(*edit);
        QVERIFY(overhead > 0);
        const auto widthOf = [&](const QString& text) { return edit->fontMetrics().horizontalAdvance(text); };
        // -1000: the middle hint's own width, exactly.
        const int target = extra == -1000 ? widthOf(hints[1]) : widthOf(hints[0]) + extra;
        edit->resize(target + overhead, edit->height());
        QCOMPARE(edit->placeholderText(), hints[shown]);
        QVERIFY(widthOf(edit->placeholderText()) <= FittingPlaceholder::room(*edit));

        // Never narrower than the shortest hint needs.
        QCOMPARE(edit->minimumWidth(), widthOf(hints.back()) + overhead);
        edit->resize(edit->minimumWidth(), edit->height());
        QCOMPARE(edit->placeholderText(), hints.back());
        QVERIFY(widthOf(hints.back()) <= FittingPlaceholder::room(*edit));

        // Wide again: the whole hint comes back.
        edit->resize(widthOf(hints[0]) + overhead + 50, edit->height());
        QCOMPARE(edit->placeholderText(), hints[0]);
    }
};

QTEST_MAIN(TestFittingPlaceholder)
#include "tst_fitting_placeholder.moc"
