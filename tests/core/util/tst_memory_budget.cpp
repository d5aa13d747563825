// SPDX-License-Identifier: GPL-3.0-or-later
// memoryBudget() over a fake procfs and cgroup tree, and memoryShortfall()'s verdict.
#include "util/memory_budget.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace numasight;

using Files = QMap<QString, QByteArray>; // path under the fake root → content
Q_DECLARE_METATYPE(Files)

class TestMemoryBudget : public QObject
{
    Q_OBJECT
private slots:
    void budget_data();
    void budget();
    void shortfall_data();
    void shortfall();
};

namespace {
const QByteArray kMeminfo = "MemTotal:       24000000 kB\nMemFree:         1000000 kB\n"
                            "MemAvailable:    8000000 kB\nBuffers:           1000 kB\n";
constexpr qint64 k8GB = qint64(8000000) * 1024;
} // namespace

void TestMemoryBudget::budget_data()
{
    QTest::addColumn<Files>("files");
    QTest::addColumn<qint64>("available"); // -1: unknown
    QTest::addColumn<QString>("limitedBy");

    QTest::newRow("MemAvailable only") << Files{{"proc/meminfo", kMeminfo}} << k8GB << "MemAvailable";
    QTest::newRow("nothing readable") << Files{} << qint64(-1) << "";
    QTest::newRow("MemAvailable malformed")
        << Files{{"proc/meminfo", "MemAvailable: lots kB\n"}} << qint64(-1) << "";
    QTest::newRow("cgroup limit lower")
        << Files{{"proc/meminfo", kMeminfo},
                 {"proc/self/cgroup", "0::/system.slice/job.scope\n"},
                 {"cgroup/system.slice/job.scope/memory.max", "2000000000\n"},
                 {"cgroup/system.slice/job.scope/memory.current", "500000000\n"}}
        << qint64(1500000000) << "cgroup /system.slice/job.scope";
    QTest::newRow("parent cgroup limit lowest")
        << Files{{"proc/meminfo", kMeminfo},
                 {"proc/self/cgroup", "0::/system.slice/job.scope\n"},
                 {"cgroup/system.slice/job.scope/memory.max", "max\n"},
                 {"cgroup/system.slice/job.scope/memory.current", "500000000\n"},
                 {"cgroup/system.slice/memory.max", "1000000000\n"},
                 {"cgroup/system.slice/memory.current", "900000000\n"}}
        << qint64(100000000) << "cgroup /system.slice";
    QTest::newRow("cgroup unlimited") << Files{{"proc/meminfo", kMeminfo},
                                               {"proc/self/cgroup", "0::/user.slice\n"},
                                               {"cgroup/user.slice/memory.max", "max\n"},
                                               {"cgroup/user.slice/memory.current", "123\n"}}
                                      << k8GB << "MemAvailable";
    QTest::newRow("cgroup over its limit") << Files{{"proc/meminfo", kMeminfo},
                                                    {"proc/self/cgroup", "0::/a\n"},
                                                    {"cgroup/a/memory.max", "100\n"},
                                                    {"cgroup/a/memory.current", "200\n"}}
                                           << qint64(0) << "cgroup /a";
    QTest::newRow("cgroup v1 lines ignored")
        << Files{{"proc/meminfo", kMeminfo}, {"proc/self/cgroup", "4:memory:/docker/abc\n"}} << k8GB
        << "MemAvailable";
}

void TestMemoryBudget::budget()
{
    QFETCH(Files, files);
    QFETCH(qint64, available);
    QFETCH(QString, limitedBy);
    QTemporaryDir root;
    QVERIFY(root.isValid());
    for (auto it = files.cbegin(); it != files.cend(); ++it) {
        const QString path = root.filePath(it.key());
        QVERIFY(QDir().mkpath(QFileInfo(path).path()));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        QCOMPARE(f.write(it.value()), it.value().size());
    }
    const MemoryBudget b =
        memoryBudget(root.filePath(QStringLiteral("proc")), root.filePath(QStringLiteral("cgroup")));
    if (available < 0) {
        QVERIFY(!b.available);
        return;
    }
    QVERIFY(b.available);
    QCOMPARE(qint64(*b.available), available);
    QCOMPARE(b.limitedBy, limitedBy);
}

void TestMemoryBudget::shortfall_data()
{
    QTest::addColumn<qint64>("file");
    QTest::addColumn<double>("factor");
    QTest::addColumn<qint64>("available"); // -1: unknown
    QTest::addColumn<QString>("expected"); // a part of the message, or empty for none
    QTest::newRow("fits") << qint64(100'000'000) << 1.5 << qint64(1'000'000'000) << "";
    QTest::newRow("exactly fits") << qint64(100'000'000) << 2.0 << qint64(200'000'000) << "";
    QTest::newRow("does not fit") << qint64(1'000'000'000) << 1.5 << qint64(1'200'000'000)
                                  << "this 1000 MB file needs at least 1500 MB and 1200 MB is available";
    QTest::newRow("unknown budget") << qint64(1'000'000'000'000) << 1.5 << qint64(-1) << "";
}

void TestMemoryBudget::shortfall()
{
    QFETCH(qint64, file);
    QFETCH(double, factor);
    QFETCH(qint64, available);
    QFETCH(QString, expected);
    MemoryBudget b;
    if (available >= 0) {
        b.available = std::uint64_t(available);
        b.limitedBy = QStringLiteral("MemAvailable");
    }
    const QString message = memoryShortfall(std::uint64_t(file), factor, b);
    if (expected.isEmpty()) {
        QVERIFY2(message.isEmpty(), qPrintable(message));
        return;
    }
    QVERIFY2(message.startsWith(QLatin1String("out of memory")) && message.contains(expected) &&
                 message.contains(QLatin1String("MemAvailable")),
             qPrintable(message));
}

QTEST_GUILESS_MAIN(TestMemoryBudget)
#include "tst_memory_budget.moc"
