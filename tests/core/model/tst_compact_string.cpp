// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/compact_string.h"

#include <QHash>
#include <QTest>

#include <algorithm>
#include <thread>
#include <vector>

using namespace numasight;

class TestCompactString : public QObject
{
    Q_OBJECT

private slots:
    void readsAsItsText_data()
    {
        QTest::addColumn<QString>("text");
        QTest::newRow("empty") << QString();
        QTest::newRow("empty, not null") << QStringLiteral("");
        QTest::newRow("a type name") << QStringLiteral("SocketEntity");
        QTest::newRow("a namespace") << QStringLiteral("10.20.30.40");
        QTest::newRow("unicode") << QStringLiteral(u"nœud-µ-节点");
        QTest::newRow("a unit separator inside") << QStringLiteral("a\x1f"
                                                                   "b");
        QTest::newRow("long") << QString(5000, QLatin1Char('x'));
    }
    void readsAsItsText()
    {
        QFETCH(QString, text);
        const CompactString s(text);
        QCOMPARE(s.str(), text);
        QCOMPARE(s.isEmpty(), text.isEmpty());
        QCOMPARE(s.size(), text.size());
        QVERIFY(s == text);
        QVERIFY(text == s);
        QVERIFY(s == QStringView(text));
        QCOMPARE(qHash(s, 7), qHash(text, 7));
        QCOMPARE(CompactString(QStringView(text)), s);
        const QString& asText = s;
        QCOMPARE(asText, text);

        CompactString copy = s;
        QVERIFY(copy.sharesWith(s) || text.isEmpty());
        CompactString moved = std::move(copy);
        QCOMPARE(moved, s);
        QVERIFY(copy.isEmpty()); // NOLINT(bugprone-use-after-move): moved-from is empty by contract
        CompactString& same = moved;
        moved = same; // self-assignment keeps the text
        QCOMPARE(moved.str(), text);
        moved.clear();
        QVERIFY(moved.isEmpty());
        QCOMPARE(s.str(), text); // the original outlives its copies
    }

    void comparesAndSorts_data()
    {
        QTest::addColumn<QString>("a");
        QTest::addColumn<QString>("b");
        QTest::newRow("equal") << QStringLiteral("local") << QStringLiteral("local");
        QTest::newRow("prefix") << QStringLiteral("10.0.0.1") << QStringLiteral("10.0.0.10");
        QTest::newRow("empty first") << QString() << QStringLiteral("a");
        QTest::newRow("case") << QStringLiteral("B") << QStringLiteral("a");
    }
    void comparesAndSorts()
    {
        QFETCH(QString, a);
        QFETCH(QString, b);
        const CompactString ca(a), cb(b);
        QCOMPARE(ca == cb, a == b);
        QCOMPARE(ca != cb, a != b);
        QCOMPARE(ca < cb, a < b);
        QCOMPARE(cb < ca, b < a);
        QCOMPARE(ca < b, a < b);
        QCOMPARE(ca == QLatin1StringView(b.toLatin1()), a == b);
    }

    // One thread making the same text again and again shares one copy; texts in between do not break it.
    void repeatedTextsShareOneCopy()
    {
        const QString socket = QStringLiteral("SocketEntity");
        const QString local = QStringLiteral("local");
        std::vector<CompactString> types, namespaces;
        for (int i = 0; i < 1000; ++i) {
            types.emplace_back(QString(socket)); // a fresh QString each time, as a reader's column is
            namespaces.emplace_back(QLatin1StringView("local"));
            CompactString other(QString::number(i)); // a distinct text between them
        }
        QVERIFY(std::all_of(types.begin(), types.end(),
                            [&](const CompactString& t) { return t.sharesWith(types[0]); }));
        QVERIFY(std::all_of(namespaces.begin(), namespaces.end(),
                            [&](const CompactString& n) { return n.sharesWith(namespaces[0]); }));
        QCOMPARE(types[999].str(), socket);
        QCOMPARE(namespaces[999].str(), local);
    }

    // Values are made, copied and dropped on several threads at once, and outlive the thread that made them
    // (a reader's helper threads hand their entities to the model).
    void acrossThreads()
    {
        std::vector<std::vector<CompactString>> made(4);
        std::vector<std::thread> threads;
        for (size_t t = 0; t < made.size(); ++t)
            threads.emplace_back([&made, t] {
                for (int i = 0; i < 20000; ++i) {
                    made[t].emplace_back(QStringLiteral("ThreadEntity"));
                    CompactString copy = made[t].back();
                    made[t].push_back(CompactString(QString::number(i % 17)));
                }
            });
        for (std::thread& th : threads)
            th.join();
        for (const std::vector<CompactString>& list : made) {
            QCOMPARE(list.size(), size_t(40000));
            QCOMPARE(list[0], made[0][0]);
            QCOMPARE(list[39999].str(), QString::number(19999 % 17));
        }
        // Copies between threads' values: all the same text, shared or not.
        std::vector<CompactString> mixed;
        for (const std::vector<CompactString>& list : made)
            mixed.insert(mixed.end(), list.begin(), list.begin() + 100);
        made.clear();
        for (size_t i = 0; i < mixed.size(); i += 2)
            QCOMPARE(mixed[i].str(), QStringLiteral("ThreadEntity"));
    }
};

QTEST_GUILESS_MAIN(TestCompactString)
#include "tst_compact_string.moc"
