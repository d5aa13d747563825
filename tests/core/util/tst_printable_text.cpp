// SPDX-License-Identifier: GPL-3.0-or-later
// printableText(): what a terminal would act on is shown escaped, everything else unchanged.
#include "util/printable_text.h"

#include <QTest>

using namespace numasight;

class TestPrintableText : public QObject
{
    Q_OBJECT
private slots:
    void escape_data();
    void escape();
};

void TestPrintableText::escape_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("keepLineBreaks");
    QTest::addColumn<QString>("expected");
    QTest::newRow("plain") << "python3 -m vllm.serve --tp=4" << false << "python3 -m vllm.serve --tp=4";
    QTest::newRow("empty") << "" << false << "";
    QTest::newRow("unicode unchanged") << "Grüße 数据 🙂" << false << "Grüße 数据 🙂";
    QTest::newRow("backslash unchanged") << "a\\nb C:\\x" << false << "a\\nb C:\\x";
    QTest::newRow("title and colour") << "\x1b]0;owned\x07\x1b[31mred" << false << "\\e]0;owned\\a\\e[31mred";
    QTest::newRow("CR hides the start") << "rm -rf /\rls" << false << "rm -rf /\\rls";
    QTest::newRow("line break in a field") << "a\nb" << false << "a\\nb";
    QTest::newRow("line break in a report") << "a\nb\r\n" << true << "a\nb\\r\n";
    QTest::newRow("tab, backspace, form feed, vtab") << "a\tb\bc\fd\ve" << false << "a\\tb\\bc\\fd\\ve";
    QTest::newRow("NUL and other C0")
        << QString(QChar(0)) + QStringLiteral("\x01\x1f") << false << "\\x00\\x01\\x1f";
    QTest::newRow("DEL") << "a\x7f" << false << "a\\x7f";
    QTest::newRow("C1 CSI and NEL") << QStringLiteral("a") + QChar(0x9b) + QStringLiteral("2J") + QChar(0x85)
                                    << false << "a\\u009b2J\\u0085";
    QTest::newRow("bidi override") << QStringLiteral("ls ") + QChar(0x202e) + QStringLiteral("txt.exe")
                                   << false << "ls \\u202etxt.exe";
    QTest::newRow("line separator") << QStringLiteral("a") + QChar(0x2028) + QStringLiteral("b") << true
                                    << "a\\u2028b";
}

void TestPrintableText::escape()
{
    QFETCH(QString, text);
    QFETCH(bool, keepLineBreaks);
    QFETCH(QString, expected);
    const LineBreaks breaks = keepLineBreaks ? LineBreaks::Keep : LineBreaks::Escape;
    QCOMPARE(printableText(text, breaks), expected);
    QCOMPARE(hasUnprintableText(text, breaks), text != expected);
}

QTEST_GUILESS_MAIN(TestPrintableText)
#include "tst_printable_text.moc"
