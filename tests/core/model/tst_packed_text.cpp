// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/packed_text.h"

#include <QTest>

#include <algorithm>
#include <vector>

using namespace numasight;

class TestPackedText : public QObject
{
    Q_OBJECT

private slots:
    void readsAsItsText_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("inPlace");
        QTest::addColumn<bool>("narrow"); // in a block, one byte a character
        QTest::newRow("empty") << QString() << false << false;
        QTest::newRow("empty, not null") << QStringLiteral("") << false << false;
        QTest::newRow("one character") << QStringLiteral("7") << true << false;
        QTest::newRow("a pid of 7 digits (Linux's largest)") << QStringLiteral("4194303") << true << false;
        QTest::newRow("8 characters") << QStringLiteral("41943030") << false << true;
        QTest::newRow("Latin-1 above ASCII, in place") << QStringLiteral(u"é-ÿ") << true << false;
        QTest::newRow("Latin-1 above ASCII, narrow") << QStringLiteral(u"ÿÿÿÿ-éééé") << false << true;
        QTest::newRow("a NUL inside, in place") << QString(QStringLiteral("a\0b").data(), 3) << true << false;
        QTest::newRow("a NUL inside, narrow")
            << QString(QStringLiteral("\0abcdefgh\0").data(), 10) << false << true;
        QTest::newRow("a socket") << QStringLiteral("10.0.0.1:34726/TCP") << false << true;
        QTest::newRow("beyond Latin-1, short") << QStringLiteral(u"节点") << false << false;
        QTest::newRow("beyond Latin-1 after 8 Latin-1") << QStringLiteral(u"abcdefgh节") << false << false;
        QTest::newRow("a surrogate pair") << QStringLiteral(u"a😀") << false << false;
        QTest::newRow("an unknown type's key") << QStringLiteral("{\"id\":123456}") << false << true;
        QTest::newRow("31 characters, the longest narrow") << QString(31, QLatin1Char('n')) << false << true;
        QTest::newRow("32 characters, wide") << QString(32, QLatin1Char('w')) << false << false;
        QTest::newRow("32 Latin-1 above ASCII, wide") << QString(32, QChar(0xe9)) << false << false;
        QTest::newRow("long") << QString(70000, QLatin1Char('x')) << false << false;
    }
    void readsAsItsText()
    {
        QFETCH(QString, text);
        QFETCH(bool, inPlace);
        QFETCH(bool, narrow);
        const PackedText s(text);
        QCOMPARE(s.str(), text);
        QCOMPARE(QString(s), text);
        QCOMPARE(s.isEmpty(), text.isEmpty());
        QCOMPARE(s.size(), text.size());
        QCOMPARE(s.isInline(), inPlace);
        QCOMPARE(s.isNarrowBlock(), narrow);
        const QByteArray latin1 = text.toLatin1();
        if (QString::fromLatin1(latin1) == text) { // the same text through the Latin-1 constructor
            const PackedText fromLatin1{QLatin1StringView(latin1)};
            QCOMPARE(fromLatin1, s);
            QCOMPARE(fromLatin1.isNarrowBlock(), narrow);
        }
        QCOMPARE(s.utf16().view(), QStringView(text));
        QCOMPARE(s.toUtf8(), text.toUtf8());
        QVERIFY(s == text);
        QVERIFY(text == s);
        QVERIFY(s == QStringView(text));
        QCOMPARE(qHash(s, 7), qHash(text, 7));
        QCOMPARE(qHash(s, 7), qHash(QStringView(text), 7));
        QCOMPARE(PackedText::fromUtf8(text.toStdString()), s);
        QCOMPARE(PackedText::fromUtf8(text.toStdString()).isInline(), inPlace);

        PackedText copy = s;
        QCOMPARE(copy, s);
        QCOMPARE(copy.isNarrowBlock(), narrow);
        QCOMPARE(copy.str(), text);
        PackedText moved = std::move(copy);
        QCOMPARE(moved, s);
        QVERIFY(copy.isEmpty()); // NOLINT(bugprone-use-after-move): moved-from is empty by contract
        PackedText& same = moved;
        moved = same; // self-assignment keeps the text
        QCOMPARE(moved.str(), text);
        moved = PackedText(QStringLiteral("other"));
        QCOMPARE(moved.str(), QStringLiteral("other"));
        QCOMPARE(s.str(), text); // a copy owns its own text
    }

    void comparesAndSorts_data()
    {
        QTest::addColumn<QString>("a");
        QTest::addColumn<QString>("b");
        QTest::newRow("equal, in place") << QStringLiteral("123") << QStringLiteral("123");
        QTest::newRow("equal, in blocks") << QStringLiteral("0000:c1:00.0") << QStringLiteral("0000:c1:00.0");
        QTest::newRow("prefix in place, longer in a block")
            << QStringLiteral("1234567") << QStringLiteral("12345678");
        QTest::newRow("narrow against wide, same start")
            << QString(31, QLatin1Char('a')) << QString(32, QLatin1Char('a'));
        QTest::newRow("narrow against wide beyond Latin-1")
            << QStringLiteral("abcdefghi") << QStringLiteral(u"abcdefgh节");
        QTest::newRow("digits sort as text") << QStringLiteral("10") << QStringLiteral("9");
        QTest::newRow("Latin-1 against beyond") << QStringLiteral(u"ÿ") << QStringLiteral(u"Ā");
        QTest::newRow("empty first") << QString() << QStringLiteral("a");
    }
    void comparesAndSorts()
    {
        QFETCH(QString, a);
        QFETCH(QString, b);
        const PackedText pa(a), pb(b);
        QCOMPARE(pa == pb, a == b);
        QCOMPARE(pa == b, a == b);
        QCOMPARE((pa <=> pb) < 0, a < b);
        QCOMPARE((pa <=> pb) > 0, a > b);
        QCOMPARE((pa <=> b) < 0, a < b);
    }

    // The whole point: an entity's key costs one word, and a short one nothing more.
    void staysOneWord() { QCOMPARE(sizeof(PackedText), sizeof(void*)); }

    void sortsManyAsTheirTexts()
    {
        std::vector<QString> texts;
        for (int i = 0; i < 300; ++i)
            texts.push_back(QString::number(i * 7919 % 1000003) +
                            (i % 3 ? QString() : QStringLiteral(":x/TCP")));
        std::vector<PackedText> packed(texts.begin(), texts.end());
        std::sort(texts.begin(), texts.end());
        std::sort(packed.begin(), packed.end());
        for (size_t i = 0; i < texts.size(); ++i)
            QCOMPARE(packed[i].str(), texts[i]);
    }
};

QTEST_APPLESS_MAIN(TestPackedText)
#include "tst_packed_text.moc"
