// SPDX-License-Identifier: GPL-3.0-or-later
#include "util/index_set.h"

#include <QTest>

using numasight::IndexSet;

class TestIndexSet : public QObject
{
    Q_OBJECT
private slots:
    void parseRangeString_data();
    void parseRangeString();
    void rejectRangeString_data();
    void rejectRangeString();
    void bitmap_data();
    void bitmap();
    void setOperations();
    void iteration();
};

void TestIndexSet::parseRangeString_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("count");
    QTest::addColumn<QString>("canonical");
    QTest::newRow("empty") << "" << 0 << "";
    QTest::newRow("single") << "5" << 1 << "5";
    QTest::newRow("range") << "0-23" << 24 << "0-23";
    QTest::newRow("witty mixed") << "0-23,48,50-51" << 27 << "0-23,48,50-51";
    QTest::newRow("adjacent merge") << "0-3,4-7" << 8 << "0-7";
    QTest::newRow("unsorted, overlapping") << "10,2-4,3" << 4 << "2-4,10";
    QTest::newRow("spaces") << " 1 - 3 , 7 " << 4 << "1-3,7";
    QTest::newRow("trailing newline from sysfs") << "0-191\n" << 192 << "0-191";
    QTest::newRow("word boundary") << "63-64,127-128" << 4 << "63-64,127-128";
    QTest::newRow("large") << "0-1023" << 1024 << "0-1023";
}

void TestIndexSet::parseRangeString()
{
    QFETCH(QString, text);
    QFETCH(int, count);
    QFETCH(QString, canonical);
    const auto set = IndexSet::fromRangeString(QStringView(text));
    QVERIFY(set.has_value());
    QCOMPARE(set->count(), count);
    QCOMPARE(set->toRangeString(), canonical);
    // The canonical form parses back to the same set.
    QCOMPARE(*IndexSet::fromRangeString(QStringView(canonical)), *set);
}

void TestIndexSet::rejectRangeString_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("errorAt");
    QTest::newRow("letter") << "0-3,x" << 4;
    QTest::newRow("reversed range") << "7-3" << 2;
    QTest::newRow("negative") << "-1" << 0;
    QTest::newRow("dangling comma") << "1," << 2;
    QTest::newRow("dangling dash") << "1-" << 2;
    QTest::newRow("huge index") << "0-99999999" << 2;
    QTest::newRow("double comma") << "1,,2" << 2;
}

void TestIndexSet::rejectRangeString()
{
    QFETCH(QString, text);
    QFETCH(int, errorAt);
    int at = -1;
    QVERIFY(!IndexSet::fromRangeString(QStringView(text), &at).has_value());
    QCOMPARE(at, errorAt);
}

void TestIndexSet::bitmap_data()
{
    QTest::addColumn<QString>("bitmap");
    QTest::addColumn<QString>("ranges");
    QTest::addColumn<QString>("canonicalBitmap");
    QTest::newRow("low word") << "0000ffff"
                              << "0-15"
                              << "0000ffff";
    QTest::newRow("sysfs two words") << "00000000,0000ffff"
                                     << "0-15"
                                     << "0000ffff";
    QTest::newRow("high word") << "00000001,00000000"
                               << "32"
                               << "00000001,00000000";
    QTest::newRow("hwloc 0x prefix") << "0xf0"
                                     << "4-7"
                                     << "000000f0";
    QTest::newRow("hwloc empty word is zero") << "0x000000ff,,0x000000ff"
                                              << "0-7,64-71"
                                              << "000000ff,00000000,000000ff";
    QTest::newRow("three words") << "80000000,00000000,00000001"
                                 << "0,95"
                                 << "80000000,00000000,00000001";
}

void TestIndexSet::bitmap()
{
    QFETCH(QString, bitmap);
    QFETCH(QString, ranges);
    QFETCH(QString, canonicalBitmap);
    const auto set = IndexSet::fromBitmap(bitmap.toStdString());
    QVERIFY(set.has_value());
    QCOMPARE(set->toRangeString(), ranges);
    QCOMPARE(set->toBitmap(), canonicalBitmap);
    QVERIFY(!IndexSet::fromBitmap("12g4").has_value());
    QVERIFY(!IndexSet::fromBitmap("").has_value());
    QVERIFY(!IndexSet::fromBitmap("0x").has_value());
    QVERIFY(!IndexSet::fromBitmap("123456789,0").has_value()); // a word wider than 32 bits
}

void TestIndexSet::setOperations()
{
    const IndexSet a = *IndexSet::fromRangeString(std::string_view("0-23,48"));
    const IndexSet b = *IndexSet::fromRangeString(std::string_view("20-30"));
    QCOMPARE((a | b).toRangeString(), QStringLiteral("0-30,48"));
    QCOMPARE((a & b).toRangeString(), QStringLiteral("20-23"));
    QCOMPARE((a - b).toRangeString(), QStringLiteral("0-19,48"));
    QCOMPARE((b - a).toRangeString(), QStringLiteral("24-30"));
    QVERIFY(a.intersects(b));
    QVERIFY(!a.intersects(IndexSet{100}));
    QVERIFY(IndexSet::range(2, 3).isSubsetOf(a));
    QVERIFY(!b.isSubsetOf(a));
    // Removing the only high bit shrinks the storage, so equality still holds.
    IndexSet c = a;
    c.insert(200);
    QVERIFY(c != a);
    c.remove(200);
    QCOMPARE(c, a);
    QVERIFY((a & IndexSet{100}).isEmpty());
    QCOMPARE((a & IndexSet{100}), IndexSet());
}

void TestIndexSet::iteration()
{
    const IndexSet s{3, 64, 65, 200};
    QCOMPARE(s.first(), 3);
    QCOMPARE(s.last(), 200);
    QCOMPARE(s.next(3), 64);
    QCOMPARE(s.next(65), 200);
    QCOMPARE(s.next(200), -1);
    QCOMPARE(s.toVector(), (std::vector<int>{3, 64, 65, 200}));
    QVERIFY(s.contains(64));
    QVERIFY(!s.contains(66));
    QVERIFY(!s.contains(-1));
    QCOMPARE(IndexSet().first(), -1);
    QCOMPARE(IndexSet().last(), -1);
}

QTEST_GUILESS_MAIN(TestIndexSet)
#include "tst_index_set.moc"
