// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QLocale>
#include <QString>

#include <chrono>
#include <cstdint>

namespace numasight {

// The one place numbers become text for people: labels, tooltips, messages and the CLI's reports all format
// shares, sizes, times and counts here, so the same figure reads the same everywhere. (Machine-readable
// output — JSON, CSV, the capture file — writes plain numbers instead.)
//
// Every function reads NaN and infinities as kUnknownFigure, and keeps a negative value's sign ("-5 MiB").
//
// The examples below are in the C locale, the default, which the command line keeps. The window sets its
// display locale once at start (setDisplayLocale), and the figures then take that locale's decimal point,
// digit grouping and date order ("3,5 MiB", "384.040" in German); the words beside them ("page", "bytes") are
// translated like any other text.

// The locale the functions below write for; C unless set. Call before any other thread formats.
void setDisplayLocale(const QLocale& locale);
QLocale displayLocale();

inline constexpr char16_t kUnknownFigure[] = u"?";

// Whether a figure with decimals keeps a ".0": sizes and times drop it by default ("1 GiB", "2 s"); a place
// that shows a column of figures may keep it so they line up ("5.0 MiB" beside "3.5 MiB").
enum class TrailingZeros
{
    Drop,
    Keep
};

// A share (1 = all of it) as a percentage with `decimals` fixed decimals and a space before the sign:
// "69 %", "40.0 %". A share of neither none nor all never reads as one of them: below one unit of the last
// digit it shows one decimal more ("0.4 %"), and "<0.1 %" below that; within one unit of all, likewise
// ("99.6 %", ">99.9 %"). Exactly 0 and 1 read "0 %" and "100 %"; values outside 0–1 (a change, a rate
// above 100 %) are rounded plainly ("150 %", "-25 %").
QString formatPercent(double share, int decimals = 0);

// Bytes in binary units: whole "bytes" below 1 KiB, then KiB, MiB, GiB, TiB, PiB with one decimal below
// 100 of the unit and none from 100 on: "512 bytes", "3.5 MiB", "1 GiB", "125 GiB". A value that rounds up
// to the next unit is written in it ("1 MiB", not "1024 KiB").
QString formatBytes(double bytes, TrailingZeros zeros = TrailingZeros::Drop);

// A bandwidth given in `unit` ("MiB/s", "MB/s", "GB/s", …), written in the largest unit of the same family
// it reaches, never in scientific notation: 22500 MiB/s reads "22 GiB/s", 0.5 GB/s "500 MB/s". Decimals as
// formatBytes(). An unknown unit keeps the value in it with one decimal below 100 ("12.5 ops/s").
QString formatBandwidth(double value, QStringView unit);

// A duration given in nanoseconds, in the largest of ns, µs, ms, s, min and h it reaches, with `decimals`
// decimals below 100 of the unit and none from 100 on, trailing zeros dropped: "142 ns", "12.3 µs",
// "1.5 ms", "250 ms", "30 s", "1.5 min", "2 h". What it writes for a whole number of a unit reads back
// through parseDurationNs() (core/record).
QString formatDuration(double ns, int decimals = 1);
QString formatDuration(std::chrono::nanoseconds duration, int decimals = 1);

// Counts: Compact rounds to thousands from 10 000 ("384k") and to millions from a million ("1.5M", "12M");
// Grouped writes every digit with the display locale's thousands separators ("384,040" in C and English).
enum class CountStyle
{
    Compact,
    Grouped
};
QString formatCount(double count, CountStyle style = CountStyle::Compact);
// A count of memory pages: "1 page", "384k pages", "384,040 pages".
QString formatPages(double pages, CountStyle style = CountStyle::Compact);

// A translated "%n …(s)" message with the English plural resolved when no translation did: without a
// translator Qt leaves "1 NUMA node(s)"; this writes "1 NUMA node" and "2 NUMA nodes" ("(es)" likewise:
// "1 process", "3 processes"). A translated text has no "(s)" left and comes back as it is. Use as
// pluralized(tr("%n NUMA node(s)", nullptr, n), n).
QString pluralized(QString text, qint64 n);

// A wall-clock time given in nanoseconds since the epoch, in local time to the millisecond:
// "2026-12-01 15:23:16.042"; the date in the display locale's short form when one is set ("2026/12/1").
QString formatTimestamp(std::int64_t nsSinceEpoch);

} // namespace numasight
