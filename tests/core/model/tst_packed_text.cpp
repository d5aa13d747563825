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
        QTest::newRow("empty") << QString() << false;
        QTest::newRow("empty, not null") << QStringLiteral("") << false;
        QTest::newRow("one character") << QStringLiteral("7") << true;
        QTest::newRow("a pid of 7 digits (Linux's largest)") << QStringLiteral("4194303") << true;
        QTest::newRow("8 characters") << QStringLiteral("41943030") << false;
        QTest::newRow("Latin-1 above ASCII, in place") << QStringLiteral(u"é-ÿ") << true;
        QTest::newRow("a NUL inside, in place") << QString(QStringLiteral("a\0b").data(), 3) << true;
        QTest::newRow("a socket") << QStringLiteral("10.0.0.1:34726/TCP") << false;
        QTest::newRow("beyond Latin-1, short") << QStringLiteral(u"节点") << false;
        QTest::newRow("a surrogate pair") << QStringLiteral(u"a😀") << false;
        QTest::newRow("an unknown type's key") << QStringLiteral("{\"id\":123456}") << false;
        QTest::newRow("long") << QString(70000, QLatin1Char('x')) << false;
    }
    void readsAsItsText()
    {
        QFETCH(QString, text);
        QFETCH(bool, inPlace);
        const PackedText s(text);
        QCOMPARE(s.str(), text);
        QCOMPARE(QString(s), text);
        QCOMPARE(s.isEmpty(), text.isEmpty());
        QCOMPARE(s.size(), text.size());
        QCOMPARE(s.isInline(), inPlace);
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
