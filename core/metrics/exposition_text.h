// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>
#include <QStringView>

#include <cstdint>
#include <map>
#include <set>
#include <utility>
#include <vector>

namespace numasight {

// Prometheus' text exposition format, version 0.0.4
// (https://prometheus.io/docs/instrumenting/exposition_formats/): the rules a scraper enforces, written once
// so that what numasight serves cannot break a scrape whatever the names of the processes it watches.

enum class MetricType : std::uint8_t
{
    Gauge,
    Counter
};

// [a-zA-Z_:][a-zA-Z0-9_:]*
bool isValidMetricName(QStringView name);
// [a-zA-Z_][a-zA-Z0-9_]*, without the "__" prefix Prometheus keeps for itself.
bool isValidLabelName(QStringView name);
// A label value between double quotes: \ as \\, " as \", a line feed as \n; everything else as UTF-8.
QByteArray escapeLabelValue(QStringView value);
// The text of a # HELP line: \ as \\ and a line feed as \n.
QByteArray escapeHelpText(QStringView text);
// A sample value: integers up to 2^53 without exponent or fraction, other numbers in the shortest form that
// reads back to the same double, NaN, +Inf and -Inf as Prometheus spells them.
QByteArray formatMetricValue(double value);

using MetricLabels = std::vector<std::pair<QString, QString>>; // (name, value), in the order written

// Collects metric families and writes them as exposition text. Each family's # HELP and # TYPE come once,
// followed by all of its series, however the caller interleaves them; a series whose labels a family already
// has is dropped (a scraper refuses a page with a duplicate), as is a name that breaks the rules above (a
// programming error: families are named in code). Families come out in the order they were first named.
class ExpositionWriter
{
public:
    // Makes `name` the family the next series() calls add to; a family named again keeps its first type and
    // help text.
    void family(const QString& name, MetricType type, const QString& help);
    // Adds a series to the current family; false when it was dropped (duplicate labels, bad label name, or
    // no valid family).
    bool series(const MetricLabels& labels, double value);
    QByteArray text() const;

private:
    struct Family
    {
        QString name;
        MetricType type = MetricType::Gauge;
        QString help;
        QByteArray lines;
        std::set<QByteArray> labelSets;
    };
    std::vector<Family> m_families;
    std::map<QString, size_t> m_index;
    Family* m_current = nullptr;
};

} // namespace numasight
