// SPDX-License-Identifier: GPL-3.0-or-later
#include "util/index_set.h"

#include <QRandomGenerator>
#include <QTest>

#include <set>

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
    void againstReference_data();
    void againstReference();
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

void TestIndexSet::againstReference_data()
{
    QTest::addColumn<int>("maxIndex");
    QTest::addColumn<quint32>("seed");
    // Below 63 a set stays in place; 63 and up it moves to a block and back when it shrinks again.
    QTest::newRow("indexes 0-62") << 62 << 1u;
    QTest::newRow("indexes 0-64: across the in-place bound") << 64 << 2u;
    QTest::newRow("indexes 0-130") << 130 << 3u;
    QTest::newRow("indexes 0-1100: a 1024-CPU machine") << 1100 << 4u;
}

// Random operations on IndexSet and on std::set side by side, comparing every result: the compact storage
// must behave as the plain bitmap it replaced, through copies, moves, growing and shrinking.
void TestIndexSet::againstReference()
{
    QFETCH(int, maxIndex);
    QFETCH(quint32, seed);
    QRandomGenerator random(seed);
    auto same = [](const IndexSet& a, const std::set<int>& b) {
        return a.toVector() == std::vector<int>(b.begin(), b.end()) && a.count() == int(b.size()) &&
               a.isEmpty() == b.empty() && a.first() == (b.empty() ? -1 : *b.begin()) &&
               a.last() == (b.empty() ? -1 : *b.rbegin());
    };
    auto randomSet = [&](std::set<int>& reference) {
        IndexSet s;
        reference.clear();
        const int n = int(random.bounded(6));
        for (int i = 0; i < n; ++i) {
            const int v = int(random.bounded(maxIndex + 1));
            s.insert(v);
            reference.insert(v);
        }
        return s;
    };
    IndexSet a;
    std::set<int> ra;
    for (int step = 0; step < 4000; ++step) {
        std::set<int> rb;
        const IndexSet b = randomSet(rb);
        switch (random.bounded(8)) {
        case 0: {
            const int v = int(random.bounded(maxIndex + 1));
            a.insert(v);
            ra.insert(v);
            break;
        }
        case 1: {
            const int v = ra.empty() ? 0 : *std::next(ra.begin(), int(random.bounded(int(ra.size()))));
            a.remove(v);
            ra.erase(v);
            break;
        }
        case 2:
            a |= b;
            ra.insert(rb.begin(), rb.end());
            break;
        case 3: {
            a &= b;
            std::set<int> r;
            for (int v : ra)
                if (rb.count(v))
                    r.insert(v);
            ra = r;
            break;
        }
        case 4: {
            a -= b;
            for (int v : rb)
                ra.erase(v);
            break;
        }
        case 5: {
            const int lo = int(random.bounded(maxIndex + 1));
            const int hi = std::min(maxIndex, lo + int(random.bounded(70)));
            a.insertRange(lo, hi);
            for (int v = lo; v <= hi; ++v)
                ra.insert(v);
            break;
        }
        case 6: {
            IndexSet copy = a; // copy, then move back through a temporary
            IndexSet moved = std::move(copy);
            a = IndexSet();
            a = moved;
            QVERIFY(a == moved);
            break;
        }
        default:
            if (random.bounded(4) == 0) {
                a.clear();
                ra.clear();
            }
            break;
        }
        QVERIFY2(same(a, ra), qPrintable(QStringLiteral("step %1: %2").arg(step).arg(a.toRangeString())));
        bool intersects = false;
        for (int v : rb)
            intersects = intersects || ra.count(v);
        QCOMPARE(a.intersects(b), intersects);
        // Equal sets are equal however they were built.
        const IndexSet rebuilt = *IndexSet::fromRangeString(a.toStdRangeString());
        QVERIFY(rebuilt == a);
        QCOMPARE(*IndexSet::fromBitmap(a.toBitmap().toStdString()), a);
    }
}

QTEST_GUILESS_MAIN(TestIndexSet)
#include "tst_index_set.moc"
