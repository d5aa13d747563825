// SPDX-License-Identifier: GPL-3.0-or-later
#include "record/recorder.h"
#include "util/format.h"

#include <QScopeGuard>
#include <QTest>

#include <limits>

using namespace numasight;

namespace {
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kKiB = 1024.0;
constexpr double kMiB = kKiB * 1024;
constexpr double kGiB = kMiB * 1024;
} // namespace

class TestFormat : public QObject
{
    Q_OBJECT
private slots:
    void percent_data();
    void percent();
    void bytes_data();
    void bytes();
    void duration_data();
    void duration();
    void chronoDuration();
    void durationReadsBack_data();
    void durationReadsBack();
    void count_data();
    void count();
    void pages_data();
    void pages();
    void timestamp();
    void displayLocale_data();
    void displayLocale();
    void bandwidth_data();
    void bandwidth();
    void plurals_data();
    void plurals();
};

void TestFormat::percent_data()
{
    QTest::addColumn<double>("share");
    QTest::addColumn<int>("decimals");
    QTest::addColumn<QString>("text");
    QTest::newRow("zero") << 0.0 << 0 << "0 %";
    QTest::newRow("zero, one decimal") << 0.0 << 1 << "0.0 %";
    QTest::newRow("all") << 1.0 << 0 << "100 %";
    QTest::newRow("all, one decimal") << 1.0 << 1 << "100.0 %";
    QTest::newRow("exact") << 0.69 << 0 << "69 %";
    QTest::newRow("exact, one decimal") << 0.4 << 1 << "40.0 %";
    QTest::newRow("rounds half up") << 0.125 << 0 << "13 %";
    QTest::newRow("rounds down") << 0.2449 << 0 << "24 %";
    QTest::newRow("one decimal") << 0.6884 << 1 << "68.8 %";
    // Below one unit of the last digit: one decimal more, never a misleading "0 %".
    QTest::newRow("tiny") << 0.001 << 0 << "0.1 %";
    QTest::newRow("under 1 %") << 0.0094 << 0 << "0.9 %";
    QTest::newRow("rounds up to 1 %") << 0.0096 << 0 << "1 %";
    QTest::newRow("tinier") << 0.0004 << 0 << "<0.1 %";
    QTest::newRow("smallest double") << std::numeric_limits<double>::denorm_min() << 0 << "<0.1 %";
    QTest::newRow("tiny, one decimal") << 0.0003 << 1 << "0.03 %";
    QTest::newRow("tinier, one decimal") << 0.00004 << 1 << "<0.01 %";
    // Within one unit of all, likewise: never a misleading "100 %".
    QTest::newRow("nearly all") << 0.996 << 0 << "99.6 %";
    QTest::newRow("99 % rounded") << 0.9904 << 0 << "99 %";
    QTest::newRow("all but a trace") << 0.9996 << 0 << ">99.9 %";
    QTest::newRow("all but a trace, one decimal") << 0.99996 << 1 << ">99.99 %";
    // Outside 0–1: plain rounding with the sign.
    QTest::newRow("above all") << 1.5 << 0 << "150 %";
    QTest::newRow("just above all") << 1.0004 << 0 << "100 %";
    QTest::newRow("negative") << -0.25 << 0 << "-25 %";
    QTest::newRow("negative, rounds to zero") << -0.004 << 0 << "0 %";
    QTest::newRow("NaN") << kNaN << 0 << "?";
    QTest::newRow("infinity") << kInf << 0 << "?";
    QTest::newRow("minus infinity") << -kInf << 1 << "?";
}

void TestFormat::percent()
{
    QFETCH(double, share);
    QFETCH(int, decimals);
    QFETCH(QString, text);
    QCOMPARE(formatPercent(share, decimals), text);
}

void TestFormat::bytes_data()
{
    QTest::addColumn<double>("bytes");
    QTest::addColumn<bool>("keepZeros");
    QTest::addColumn<QString>("text");
    QTest::newRow("zero") << 0.0 << false << "0 bytes";
    QTest::newRow("one") << 1.0 << false << "1 byte";
    QTest::newRow("bytes") << 512.0 << false << "512 bytes";
    QTest::newRow("fraction of a byte") << 0.4 << false << "0 bytes";
    QTest::newRow("under 1 KiB") << 1000.0 << false << "1000 bytes";
    QTest::newRow("rounds up to 1 KiB") << 1023.6 << false << "1 KiB";
    QTest::newRow("1 KiB") << kKiB << false << "1 KiB";
    QTest::newRow("exact MiB") << 256 * kMiB << false << "256 MiB";
    QTest::newRow("exact GiB") << kGiB << false << "1 GiB";
    QTest::newRow("one decimal") << 3.5 * kMiB << false << "3.5 MiB";
    QTest::newRow("one decimal rounded") << 6.84 * kGiB << false << "6.8 GiB";
    QTest::newRow("whole from 100") << 125.3 * kGiB << false << "125 GiB";
    QTest::newRow("99.96 rounds to 100") << 99.96 * kMiB << false << "100 MiB";
    QTest::newRow("rounds up to the next unit") << 1023.97 * kKiB << false << "1 MiB";
    QTest::newRow("PiB") << 2048 * 1024 * kGiB << false << "2 PiB";
    QTest::newRow("above the largest unit") << 5000.0 * 1024 * 1024 * kGiB << false << "5000 PiB";
    QTest::newRow("keeps .0") << 5 * kMiB << true << "5.0 MiB";
    QTest::newRow("keeps .0, whole from 100") << 125.3 * kGiB << true << "125 GiB";
    QTest::newRow("keeps .0, bytes") << 512.0 << true << "512 bytes";
    QTest::newRow("keeps .0, rounded up") << 1023.97 * kKiB << true << "1.0 MiB";
    QTest::newRow("negative") << -5 * kMiB << false << "-5 MiB";
    QTest::newRow("negative, rounds to zero") << -0.4 << false << "0 bytes";
    QTest::newRow("NaN") << kNaN << false << "?";
    QTest::newRow("infinity") << kInf << true << "?";
}

void TestFormat::bytes()
{
    QFETCH(double, bytes);
    QFETCH(bool, keepZeros);
    QFETCH(QString, text);
    QCOMPARE(formatBytes(bytes, keepZeros ? TrailingZeros::Keep : TrailingZeros::Drop), text);
}

void TestFormat::duration_data()
{
    QTest::addColumn<double>("ns");
    QTest::addColumn<int>("decimals");
    QTest::addColumn<QString>("text");
    QTest::newRow("zero") << 0.0 << 1 << "0 ns";
    QTest::newRow("ns") << 142.0 << 1 << "142 ns";
    QTest::newRow("fraction of a ns") << 0.3 << 1 << "0 ns";
    QTest::newRow("µs") << 12'340.0 << 1 << QStringLiteral("12.3 µs");
    QTest::newRow("rounds up to 1 µs") << 999.6 << 1 << QStringLiteral("1 µs");
    QTest::newRow("ms") << 1.5e6 << 1 << "1.5 ms";
    QTest::newRow("whole from 100") << 250.4e6 << 1 << "250 ms";
    QTest::newRow("rounds up to 1 s") << 999.96e6 << 1 << "1 s";
    QTest::newRow("s") << 30e9 << 1 << "30 s";
    QTest::newRow("two decimals") << 8.3349e9 << 2 << "8.33 s";
    QTest::newRow("two decimals, zeros dropped") << 8.3e9 << 2 << "8.3 s";
    QTest::newRow("no decimals") << 8.6e9 << 0 << "9 s";
    QTest::newRow("rounds up to a minute") << 59.96e9 << 1 << "1 min";
    QTest::newRow("min") << 90e9 << 1 << "1.5 min";
    QTest::newRow("h") << 7200e9 << 1 << "2 h";
    QTest::newRow("days in hours") << 48 * 3600e9 << 1 << "48 h";
    QTest::newRow("negative") << -1.5e6 << 1 << "-1.5 ms";
    QTest::newRow("NaN") << kNaN << 1 << "?";
    QTest::newRow("infinity") << -kInf << 1 << "?";
}

void TestFormat::duration()
{
    QFETCH(double, ns);
    QFETCH(int, decimals);
    QFETCH(QString, text);
    QCOMPARE(formatDuration(ns, decimals), text);
}

void TestFormat::chronoDuration()
{
    QCOMPARE(formatDuration(std::chrono::milliseconds(1500)), QStringLiteral("1.5 s"));
    QCOMPARE(formatDuration(std::chrono::seconds(90)), QStringLiteral("1.5 min"));
    QCOMPARE(formatDuration(std::chrono::microseconds(8'334), 2), QStringLiteral("8.33 ms"));
}

void TestFormat::durationReadsBack_data()
{
    QTest::addColumn<qint64>("ns");
    QTest::newRow("ns") << qint64(142);
    QTest::newRow("µs") << qint64(250'000);
    QTest::newRow("ms") << qint64(500'000'000);
    QTest::newRow("s") << qint64(2'000'000'000);
    QTest::newRow("1.5 s") << qint64(1'500'000'000);
    QTest::newRow("min") << qint64(60'000'000'000);
    QTest::newRow("h") << qint64(3'600'000'000'000);
}

// A whole number of a unit reads back through the command line's parser.
void TestFormat::durationReadsBack()
{
    QFETCH(qint64, ns);
    QString why;
    const auto parsed = parseDurationNs(formatDuration(double(ns)), &why);
    QVERIFY2(parsed, qPrintable(why));
    QCOMPARE(*parsed, ns);
}

void TestFormat::count_data()
{
    QTest::addColumn<double>("count");
    QTest::addColumn<bool>("grouped");
    QTest::addColumn<QString>("text");
    QTest::newRow("zero") << 0.0 << false << "0";
    QTest::newRow("small") << 21.0 << false << "21";
    QTest::newRow("rounded") << 21.5 << false << "22";
    QTest::newRow("below 10 000") << 9999.0 << false << "9999";
    QTest::newRow("rounds up to 10k") << 9999.6 << false << "10k";
    QTest::newRow("thousands") << 384'040.0 << false << "384k";
    QTest::newRow("rounds up to a million") << 999'600.0 << false << "1M";
    QTest::newRow("millions") << 1'540'000.0 << false << "1.5M";
    QTest::newRow("rounds up to 10M") << 9'960'000.0 << false << "10M";
    QTest::newRow("whole millions from 10M") << 12'400'000.0 << false << "12M";
    QTest::newRow("negative") << -12'000.0 << false << "-12k";
    QTest::newRow("NaN") << kNaN << false << "?";
    QTest::newRow("grouped") << 384'040.0 << true << "384,040";
    QTest::newRow("grouped, small") << 999.0 << true << "999";
    QTest::newRow("grouped, rounded") << 1'234.5 << true << "1,235";
    QTest::newRow("grouped, beyond 64 bits") << 1e20 << true << "100,000,000,000,000,000,000";
    QTest::newRow("grouped, negative") << -1'500.0 << true << "-1,500";
    QTest::newRow("grouped, negative zero") << -0.2 << true << "0";
    QTest::newRow("grouped, infinity") << kInf << true << "?";
}

void TestFormat::count()
{
    QFETCH(double, count);
    QFETCH(bool, grouped);
    QFETCH(QString, text);
    QCOMPARE(formatCount(count, grouped ? CountStyle::Grouped : CountStyle::Compact), text);
}

void TestFormat::pages_data()
{
    QTest::addColumn<double>("pages");
    QTest::addColumn<bool>("grouped");
    QTest::addColumn<QString>("text");
    QTest::newRow("none") << 0.0 << false << "0 pages";
    QTest::newRow("one") << 1.0 << false << "1 page";
    QTest::newRow("compact") << 384'040.0 << false << "384k pages";
    QTest::newRow("grouped") << 384'040.0 << true << "384,040 pages";
    QTest::newRow("NaN") << kNaN << true << "? pages";
}

void TestFormat::pages()
{
    QFETCH(double, pages);
    QFETCH(bool, grouped);
    QFETCH(QString, text);
    QCOMPARE(formatPages(pages, grouped ? CountStyle::Grouped : CountStyle::Compact), text);
}

void TestFormat::timestamp()
{
    const QDateTime local(QDate(2026, 12, 1), QTime(15, 23, 16, 42));
    const std::int64_t ns = local.toMSecsSinceEpoch() * 1'000'000 + 999'999; // sub-millisecond part cut
    QCOMPARE(formatTimestamp(ns), QStringLiteral("2026-12-01 15:23:16.042"));
}

void TestFormat::displayLocale_data()
{
    // The window's display locale changes the decimal point, the grouping and the date; C, the command
    // line's, writes what the rows above expect.
    QTest::addColumn<QString>("locale");
    QTest::addColumn<QString>("what");
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("expected");
    const QString de = QStringLiteral("de_DE"), zh = QStringLiteral("zh_CN"), c = QStringLiteral("C");
    QTest::newRow("C bytes") << c << QStringLiteral("bytes") << 3.5 * kMiB << QStringLiteral("3.5 MiB");
    QTest::newRow("de bytes") << de << QStringLiteral("bytes") << 3.5 * kMiB << QStringLiteral("3,5 MiB");
    QTest::newRow("de one byte") << de << QStringLiteral("bytes") << 1.0 << QStringLiteral("1 byte");
    QTest::newRow("de percent") << de << QStringLiteral("percent") << 0.6884 << QStringLiteral("68,8 %");
    QTest::newRow("de tiny percent") << de << QStringLiteral("percent") << 0.00004
                                     << QStringLiteral("<0,01 %");
    QTest::newRow("de duration") << de << QStringLiteral("duration") << 1.5e6 << QStringLiteral("1,5 ms");
    QTest::newRow("de compact count") << de << QStringLiteral("count") << 1.5e6 << QStringLiteral("1,5M");
    QTest::newRow("de grouped count")
        << de << QStringLiteral("grouped") << 384040.0 << QStringLiteral("384.040");
    QTest::newRow("C grouped count") << c << QStringLiteral("grouped") << 384040.0
                                     << QStringLiteral("384,040");
    QTest::newRow("zh grouped count")
        << zh << QStringLiteral("grouped") << 384040.0 << QStringLiteral("384,040");
    QTest::newRow("zh bytes") << zh << QStringLiteral("bytes") << 3.5 * kMiB << QStringLiteral("3.5 MiB");
    QTest::newRow("C date") << c << QStringLiteral("date") << 0.0
                            << QStringLiteral("2026-06-15 12:30:00.000");
    QTest::newRow("zh date") << zh << QStringLiteral("date") << 0.0
                             << QStringLiteral("2026/6/15 12:30:00.000");
    QTest::newRow("de date") << de << QStringLiteral("date") << 0.0
                             << QStringLiteral("15.06.26 12:30:00.000");
}

void TestFormat::displayLocale()
{
    QFETCH(QString, locale);
    QFETCH(QString, what);
    QFETCH(double, value);
    QFETCH(QString, expected);
    setDisplayLocale(QLocale(locale));
    const auto reset = qScopeGuard([] { setDisplayLocale(QLocale::c()); });
    QString text;
    if (what == QLatin1String("bytes"))
        text = formatBytes(value);
    else if (what == QLatin1String("percent"))
        text = formatPercent(value, 1);
    else if (what == QLatin1String("duration"))
        text = formatDuration(value);
    else if (what == QLatin1String("count"))
        text = formatCount(value);
    else if (what == QLatin1String("grouped"))
        text = formatCount(value, CountStyle::Grouped);
    else {
        const QDateTime local(QDate(2026, 6, 15), QTime(12, 30));
        text = formatTimestamp(local.toMSecsSinceEpoch() * 1'000'000);
    }
    QCOMPARE(text, expected);
}

void TestFormat::bandwidth_data()
{
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("unit");
    QTest::addColumn<QString>("text");
    QTest::newRow("MiB/s to GiB/s, never 2.25e+04") << 22500.0 << "MiB/s"
                                                    << "22 GiB/s";
    QTest::newRow("MiB/s stays") << 512.0 << "MiB/s"
                                 << "512 MiB/s";
    QTest::newRow("rounds up to the next unit") << 1023.97 << "MiB/s"
                                                << "1 GiB/s";
    QTest::newRow("decimal family down") << 0.5 << "GB/s"
                                         << "500 MB/s";
    QTest::newRow("decimal GB/s") << 12.3 << "GB/s"
                                  << "12.3 GB/s";
    QTest::newRow("MB/s up") << 25300.0 << "MB/s"
                             << "25.3 GB/s";
    QTest::newRow("unknown unit kept") << 12.5 << "ops/s"
                                       << "12.5 ops/s";
    QTest::newRow("unknown unit, large") << 22500.0 << "ops/s"
                                         << "22500 ops/s";
    QTest::newRow("unknown") << kNaN << "MiB/s"
                             << "?";
}

void TestFormat::bandwidth()
{
    QFETCH(double, value);
    QFETCH(QString, unit);
    QFETCH(QString, text);
    QCOMPARE(formatBandwidth(value, unit), text);
    QVERIFY(!formatBandwidth(value, unit).contains(QLatin1Char('e')) || unit.contains(QLatin1Char('e')));
}

void TestFormat::plurals_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint64>("n");
    QTest::addColumn<QString>("expected");
    QTest::newRow("one node") << "1 NUMA node(s)" << qint64(1) << "1 NUMA node";
    QTest::newRow("eight nodes") << "8 NUMA node(s)" << qint64(8) << "8 NUMA nodes";
    QTest::newRow("no nodes") << "0 NUMA node(s)" << qint64(0) << "0 NUMA nodes";
    QTest::newRow("one process") << "1 process(es) running x" << qint64(1) << "1 process running x";
    QTest::newRow("processes") << "3 process(es) running x" << qint64(3) << "3 processes running x";
    QTest::newRow("translated text untouched") << "8 个 NUMA 节点" << qint64(8) << "8 个 NUMA 节点";
}

void TestFormat::plurals()
{
    QFETCH(QString, text);
    QFETCH(qint64, n);
    QFETCH(QString, expected);
    QCOMPARE(pluralized(text, n), expected);
}

QTEST_GUILESS_MAIN(TestFormat)
#include "tst_format.moc"
