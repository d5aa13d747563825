// SPDX-License-Identifier: GPL-3.0-or-later
#include "format.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QLocale>

#include <algorithm>
#include <cmath>
#include <span>

namespace numasight {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(numasight::Format)
};

QLocale& displayLocaleRef()
{
    static QLocale locale = QLocale::c();
    return locale;
}

bool localized()
{
    return displayLocaleRef().language() != QLocale::C;
}

// A number as QString::number wrote it ("-3.5"), with the display locale's decimal point.
QString withDecimalPoint(QString text)
{
    if (localized()) {
        const QString point = displayLocaleRef().decimalPoint();
        if (point != QLatin1String("."))
            text.replace(QLatin1Char('.'), point);
    }
    return text;
}

// One step of a scale: values from `from` on are written in multiples of `size`, with `decimals` decimals
// while they stay below `wholeFrom` of it and none from there on.
struct Unit
{
    double from;
    double size;
    const char* suffix;
    int decimals = 0;
    double wholeFrom = 0;
};

QString fixed(double value, int decimals)
{
    return QString::number(value, 'f', decimals);
}

void dropTrailingZeros(QString& text)
{
    if (!text.contains(QLatin1Char('.')))
        return;
    while (text.endsWith(QLatin1Char('0')))
        text.chop(1);
    if (text.endsWith(QLatin1Char('.')))
        text.chop(1);
}

// `value` in the largest unit it reaches. The rounded text decides, not the raw value: 1023.97 KiB rounds to
// "1024", which is written "1 MiB".
QString scaled(double value, std::span<const Unit> units, TrailingZeros zeros)
{
    if (!std::isfinite(value))
        return QString::fromUtf16(kUnknownFigure);
    const double magnitude = std::abs(value);
    size_t i = 0;
    while (i + 1 < units.size() && magnitude >= units[i + 1].from)
        ++i;
    QString text;
    for (;;) {
        const Unit& unit = units[i];
        const double v = magnitude / unit.size;
        text = fixed(v, unit.decimals);
        if (unit.decimals > 0 && text.toDouble() >= unit.wholeFrom)
            text = fixed(v, 0);
        if (i + 1 < units.size() && text.toDouble() * unit.size >= units[i + 1].from) {
            ++i;
            continue;
        }
        break;
    }
    if (zeros == TrailingZeros::Drop)
        dropTrailingZeros(text);
    const bool negative = value < 0 && text.toDouble() != 0;
    return (negative ? QStringLiteral("-") : QString()) + withDecimalPoint(text) +
           QString::fromUtf8(units[i].suffix);
}

} // namespace

void setDisplayLocale(const QLocale& locale)
{
    displayLocaleRef() = locale;
}

QLocale displayLocale()
{
    return displayLocaleRef();
}

QString formatPercent(double share, int decimals)
{
    if (!std::isfinite(share))
        return QString::fromUtf16(kUnknownFigure);
    decimals = std::clamp(decimals, 0, 6);
    const double percent = share * 100;
    const double step = std::pow(10.0, -decimals); // one unit of the last digit shown
    const auto text = [](double p, int d) { return withDecimalPoint(fixed(p, d)) + QStringLiteral(" %"); };
    if (share > 0 && share < 1) {
        const double finer = fixed(percent, decimals + 1).toDouble();
        if (finer < step) {
            if (finer == 0)
                return QStringLiteral("<") + text(step / 10, decimals + 1);
            return text(percent, decimals + 1);
        }
        if (finer > 100 - step) {
            if (finer >= 100)
                return QStringLiteral(">") + text(100 - step / 10, decimals + 1);
            return text(percent, decimals + 1);
        }
    }
    // A negative value that rounds to zero reads "0 %", not "-0 %".
    return text(fixed(percent, decimals).toDouble() == 0 ? 0.0 : percent, decimals);
}

QString formatBytes(double bytes, TrailingZeros zeros)
{
    constexpr double kKiB = 1024.0, kMiB = kKiB * 1024, kGiB = kMiB * 1024, kTiB = kGiB * 1024,
                     kPiB = kTiB * 1024;
    static constexpr Unit kUnits[] = {{1, 1, " bytes"},
                                      {kKiB, kKiB, " KiB", 1, 100},
                                      {kMiB, kMiB, " MiB", 1, 100},
                                      {kGiB, kGiB, " GiB", 1, 100},
                                      {kTiB, kTiB, " TiB", 1, 100},
                                      {kPiB, kPiB, " PiB", 1, 100}};
    QString text = scaled(bytes, kUnits, zeros);
    if (text.endsWith(QLatin1String(" bytes"))) {
        text.chop(6);
        text += text == u"1" || text == u"-1" ? Tr::tr(" byte") : Tr::tr(" bytes");
    }
    return text;
}

QString formatBandwidth(double value, QStringView unit)
{
    // The ladder of the unit's own family: binary units step by 1024, decimal ones by 1000. The value is
    // brought to the family's smallest unit first, so "0.5 GB/s" reads "500 MB/s".
    static constexpr Unit kBinary[] = {{0, 1, " KiB/s", 1, 100},
                                       {1024, 1024, " MiB/s", 1, 100},
                                       {1024.0 * 1024, 1024.0 * 1024, " GiB/s", 1, 100},
                                       {1024.0 * 1024 * 1024, 1024.0 * 1024 * 1024, " TiB/s", 1, 100}};
    static constexpr Unit kDecimal[] = {{0, 1, " kB/s", 1, 100},
                                        {1e3, 1e3, " MB/s", 1, 100},
                                        {1e6, 1e6, " GB/s", 1, 100},
                                        {1e9, 1e9, " TB/s", 1, 100}};
    struct Known
    {
        const char16_t* name;
        double kilos; // the unit in the family's smallest unit
        bool binary;
    };
    static constexpr Known kKnown[] = {{u"KiB/s", 1, true},
                                       {u"MiB/s", 1024, true},
                                       {u"GiB/s", 1024.0 * 1024, true},
                                       {u"TiB/s", 1024.0 * 1024 * 1024, true},
                                       {u"kB/s", 1, false},
                                       {u"KB/s", 1, false},
                                       {u"MB/s", 1e3, false},
                                       {u"GB/s", 1e6, false},
                                       {u"TB/s", 1e9, false}};
    for (const Known& k : kKnown)
        if (unit == QStringView(k.name))
            return scaled(value * k.kilos,
                          k.binary ? std::span<const Unit>(kBinary) : std::span<const Unit>(kDecimal),
                          TrailingZeros::Drop);
    if (!std::isfinite(value))
        return QString::fromUtf16(kUnknownFigure);
    const QString number = QString::number(value, 'f', std::abs(value) < 100 ? 1 : 0);
    return unit.isEmpty() ? number : number + QLatin1Char(' ') + unit.toString();
}

QString formatDuration(double ns, int decimals)
{
    decimals = std::clamp(decimals, 0, 6);
    const Unit units[] = {{1, 1, " ns"},
                          {1e3, 1e3, " µs", decimals, 100},
                          {1e6, 1e6, " ms", decimals, 100},
                          {1e9, 1e9, " s", decimals, 100},
                          {60e9, 60e9, " min", decimals, 100},
                          {3600e9, 3600e9, " h", decimals, 100}};
    return scaled(ns, units, TrailingZeros::Drop);
}

QString formatDuration(std::chrono::nanoseconds duration, int decimals)
{
    return formatDuration(double(duration.count()), decimals);
}

QString formatCount(double count, CountStyle style)
{
    if (style == CountStyle::Grouped) {
        if (!std::isfinite(count))
            return QString::fromUtf16(kUnknownFigure);
        // C writes no separators at all, so it groups as English does.
        const QLocale locale = localized() ? displayLocaleRef() : QLocale(QLocale::English);
        const double rounded = std::round(count);
        return locale.toString(rounded == 0 ? 0.0 : rounded, 'f', 0);
    }
    // Thousands only from 10 000: "9999" is as short as "10k" and exact.
    static constexpr Unit kUnits[] = {{0, 1, ""}, {1e4, 1e3, "k"}, {1e6, 1e6, "M", 1, 10}};
    return scaled(count, kUnits, TrailingZeros::Drop);
}

QString formatPages(double pages, CountStyle style)
{
    return formatCount(pages, style) + (pages == 1 ? Tr::tr(" page") : Tr::tr(" pages"));
}

QString pluralized(QString text, qint64 n)
{
    const bool one = n == 1 || n == -1;
    text.replace(QStringLiteral("(es)"), one ? QString() : QStringLiteral("es"));
    text.replace(QStringLiteral("(s)"), one ? QString() : QStringLiteral("s"));
    return text;
}

QString formatTimestamp(std::int64_t nsSinceEpoch)
{
    const QDateTime when = QDateTime::fromMSecsSinceEpoch(nsSinceEpoch / 1'000'000);
    if (localized())
        return displayLocaleRef().toString(when.date(), QLocale::ShortFormat) + QLatin1Char(' ') +
               when.time().toString(QStringLiteral("HH:mm:ss.zzz"));
    return when.toString(QStringLiteral("yyyy-MM-dd HH:mm:ss.zzz"));
}

} // namespace numasight
