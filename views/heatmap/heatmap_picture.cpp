// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/heatmap/heatmap_picture.h"

#include "analysis/measure_names.h"
#include "util/format.h"

#include <QCoreApplication>
#include <QDateTime>

#include <cmath>

namespace numasight {

namespace {

QString compact(double v)
{
    const double a = std::abs(v);
    if (a >= 1e9)
        return QString::number(v / 1e9, 'f', a >= 1e10 ? 0 : 1) + QLatin1Char('G');
    if (a >= 1e6)
        return QString::number(v / 1e6, 'f', a >= 1e7 ? 0 : 1) + QLatin1Char('M');
    if (a >= 1e3)
        return QString::number(v / 1e3, 'f', a >= 1e4 ? 0 : 1) + QLatin1Char('k');
    return QString::number(v, 'g', 3);
}

QString processLabel(const QString& ns, const QString& name, std::int64_t pid)
{
    if (pid < 0 && !name.isEmpty())
        return name; // a row that sums others ("11 900 more processes") has no pid of its own
    const QString host = ns == u"local" ? QString() : ns + QStringLiteral(": ");
    return QStringLiteral("%1%2 (%3)").arg(host, name.isEmpty() ? QStringLiteral("?") : name).arg(pid);
}

QString columnDetail(const HeatmapColumn& c)
{
    QStringList parts;
    if (!c.memoryTier.isEmpty() && c.memoryTier != u"DRAM")
        parts << c.memoryTier;
    if (!c.hasCpus)
        parts << QCoreApplication::translate("numasight::HeatmapPicture", "no CPUs of its own");
    return parts.join(QStringLiteral(" · "));
}

std::vector<HeatmapPictureColumn> nodeColumns(const std::vector<HeatmapColumn>& columns)
{
    std::vector<HeatmapPictureColumn> out;
    out.reserve(columns.size());
    for (size_t c = 0; c < columns.size(); ++c)
        out.push_back({columns[c].label, columnDetail(columns[c]), int(c)});
    return out;
}

QString columnLabel(const std::vector<HeatmapColumn>& columns, int c)
{
    return c >= 0 && size_t(c) < columns.size() ? columns[size_t(c)].label : QString();
}

QString acceleratorText(const QStringList& names, const std::vector<int>& columns,
                        const std::vector<HeatmapColumn>& nodeColumns)
{
    QStringList parts;
    for (qsizetype i = 0; i < names.size(); ++i)
        parts << QStringLiteral("%1 (%2)").arg(names[i], i < qsizetype(columns.size())
                                                             ? columnLabel(nodeColumns, columns[size_t(i)])
                                                             : QStringLiteral("?"));
    return parts.join(QStringLiteral(", "));
}

// "<measure>: <figure>", so a tooltip names each number the way the columns and exports do.
QString measureLine(const QString& measure, const QString& figure)
{
    return QStringLiteral("%1: %2").arg(measure, figure);
}

QString rowDetail(const NodeHeatmap& h, const HeatmapRow& r)
{
    QStringList lines;
    if (r.cpuNs > 0)
        lines << measureLine(measureName(Measure::CpuTime),
                             formatHeatmapValue(r.cpuNs, HeatmapValueFormat::Duration));
    if (r.mainCpuColumn >= 0)
        lines << QCoreApplication::translate("numasight::HeatmapPicture", "runs mostly on %1")
                     .arg(columnLabel(h.columns, r.mainCpuColumn));
    const bool bytes = h.metric == HeatmapMetric::Bytes;
    const double memory = bytes ? r.bytes : r.pages;
    if (std::isfinite(memory)) {
        QString text = measureLine(
            measureName(h.memoryMeasure),
            formatHeatmapValue(memory, bytes ? HeatmapValueFormat::Bytes : HeatmapValueFormat::Pages));
        if (r.mainMemoryColumn >= 0)
            text += QCoreApplication::translate("numasight::HeatmapPicture", ", most on %1")
                        .arg(columnLabel(h.columns, r.mainMemoryColumn));
        lines << text;
    }
    if (std::isfinite(r.remoteShare))
        lines << measureLine(
            remoteShareName(h.remoteMeasure),
            isMemoryMetric(h.metric)
                ? QCoreApplication::translate("numasight::HeatmapPicture", "%1 (away from the main CPU node)")
                      .arg(formatHeatmapValue(r.remoteShare, HeatmapValueFormat::Share))
                : QCoreApplication::translate("numasight::HeatmapPicture",
                                              "%1 (away from the main memory node)")
                      .arg(formatHeatmapValue(r.remoteShare, HeatmapValueFormat::Share)));
    if (!r.accelerators.isEmpty())
        lines << QCoreApplication::translate("numasight::HeatmapPicture", "accelerators: %1")
                     .arg(acceleratorText(r.accelerators, r.acceleratorColumns, h.columns));
    return lines.join(QLatin1Char('\n'));
}

} // namespace

std::pair<double, double> HeatmapPicture::valueRange() const
{
    double lo = 0, hi = 0;
    bool any = false;
    for (double v : values) {
        if (!std::isfinite(v))
            continue;
        lo = any ? std::min(lo, v) : v;
        hi = any ? std::max(hi, v) : v;
        any = true;
    }
    return {lo, hi};
}

QString HeatmapPicture::cellToolTip(int r, int c) const
{
    const HeatmapPictureRow& row = rows[size_t(r)];
    const HeatmapPictureColumn& column = columns[size_t(c)];
    QStringList lines;
    lines << QStringLiteral("%1 · %2").arg(row.label, column.label);
    QString text = formatHeatmapValue(value(r, c), format, unit);
    if (!valueName.isEmpty())
        text += QStringLiteral(" (%1)").arg(QString(valueName).remove(QStringLiteral(" (%)")));
    lines << text;
    for (const HeatmapMarker& m : markers)
        if (m.row == r && m.column == c)
            lines << QStringLiteral("%1 %2").arg(m.glyph, m.meaning);
    if (!row.detail.isEmpty())
        lines << row.detail;
    if (!column.detail.isEmpty())
        lines << QStringLiteral("%1: %2").arg(column.label, column.detail);
    return lines.join(QLatin1Char('\n'));
}

QString HeatmapPicture::rowToolTip(int r) const
{
    const HeatmapPictureRow& row = rows[size_t(r)];
    return row.detail.isEmpty() ? row.label : row.label + QLatin1Char('\n') + row.detail;
}

QString HeatmapPicture::columnToolTip(int c) const
{
    const HeatmapPictureColumn& column = columns[size_t(c)];
    return column.detail.isEmpty() ? column.label : column.label + QLatin1Char('\n') + column.detail;
}

QString decoratedLabel(const HeatmapPictureRow& row)
{
    return row.indent > 0 ? QStringLiteral("↳ ") + row.label : row.label;
}

QString formatHeatmapValue(double value, HeatmapValueFormat format, const QString& unit)
{
    if (!std::isfinite(value))
        return QStringLiteral("unknown");
    switch (format) {
    case HeatmapValueFormat::Share:
        return formatPercent(value, 1);
    case HeatmapValueFormat::Pages:
        return formatPages(value, CountStyle::Grouped);
    case HeatmapValueFormat::Bytes:
        return formatBytes(value);
    case HeatmapValueFormat::Duration:
        return formatDuration(value, 2);
    case HeatmapValueFormat::Cpus:
        return QCoreApplication::translate("numasight::HeatmapPicture", "%1 CPUs").arg(value, 0, 'f', 2);
    case HeatmapValueFormat::Relative:
        return QString::number(value, 'g', 6);
    case HeatmapValueFormat::Latency:
        return QStringLiteral("%1 ns").arg(value, 0, 'f', value < 10 ? 2 : (value < 100 ? 1 : 0));
    case HeatmapValueFormat::Bandwidth:
        return formatBandwidth(value, unit);
    case HeatmapValueFormat::Number:
        return unit.isEmpty() ? QString::number(value, 'g', 6)
                              : QStringLiteral("%1 %2").arg(QString::number(value, 'g', 4), unit);
    case HeatmapValueFormat::ShareChange:
        return (value > 0 ? QStringLiteral("+") : QString()) + formatPercent(value, 1);
    }
    return QString::number(value);
}

QString formatHeatmapCell(double value, HeatmapValueFormat format)
{
    if (!std::isfinite(value))
        return QStringLiteral("?");
    switch (format) {
    case HeatmapValueFormat::Share:
        if (value > 0 && value < 0.005)
            return QStringLiteral("<1");
        return QString::number(std::lround(value * 100.0));
    case HeatmapValueFormat::Pages:
        return formatCount(value);
    case HeatmapValueFormat::Number:
        return compact(value);
    case HeatmapValueFormat::Bytes: {
        static const char* const units[] = {"", "K", "M", "G", "T", "P"};
        double v = value;
        int i = 0;
        while (std::abs(v) >= 1024.0 && i < 5) {
            v /= 1024.0;
            ++i;
        }
        return QString::number(v, 'f', i == 0 || v >= 10 ? 0 : 1) + QLatin1String(units[i]);
    }
    case HeatmapValueFormat::Duration: {
        const double a = std::abs(value);
        if (a >= 1e9)
            return QString::number(value / 1e9, 'f', a >= 1e10 ? 0 : 1) + QLatin1Char('s');
        if (a >= 1e6)
            return QString::number(value / 1e6, 'f', 0) + QStringLiteral("ms");
        if (a >= 1e3)
            return QString::number(value / 1e3, 'f', 0) + QStringLiteral("µs");
        return QString::number(value, 'f', 0);
    }
    case HeatmapValueFormat::Cpus:
        return QString::number(value, 'f', value >= 10 ? 0 : 2);
    case HeatmapValueFormat::Relative:
        return QString::number(value, 'g', 4);
    case HeatmapValueFormat::Latency:
        return QString::number(value, 'f', value < 10 ? 1 : 0);
    case HeatmapValueFormat::Bandwidth:
        return compact(value); // "22k", never "2.25e+04": the unit is in the legend
    case HeatmapValueFormat::ShareChange: {
        const long points = std::lround(value * 100.0);
        if (points == 0) // moved, but less than a point: not the same as no change
            return value > 0   ? QStringLiteral("+<1")
                   : value < 0 ? QStringLiteral("-<1")
                               : QStringLiteral("0");
        return (points > 0 ? QStringLiteral("+") : QString()) + QString::number(points);
    }
    }
    return QString::number(value);
}

HeatmapValueFormat formatOfMetric(HeatmapMetric metric)
{
    switch (metric) {
    case HeatmapMetric::CpuShare:
        return HeatmapValueFormat::Share;
    case HeatmapMetric::CpuNs:
        return HeatmapValueFormat::Duration;
    case HeatmapMetric::CpuBusy:
        return HeatmapValueFormat::Cpus;
    case HeatmapMetric::TotalPages:
    case HeatmapMetric::AnonPages:
    case HeatmapMetric::DirtyAnonPages:
        return HeatmapValueFormat::Pages;
    case HeatmapMetric::Bytes:
        return HeatmapValueFormat::Bytes;
    }
    return HeatmapValueFormat::Number;
}

namespace {

QString metricValueName(HeatmapMetric metric)
{
    switch (metric) {
    case HeatmapMetric::CpuShare:
        return QCoreApplication::translate("numasight::HeatmapPicture", "share of on-CPU time (%)");
    case HeatmapMetric::CpuNs:
        return QCoreApplication::translate("numasight::HeatmapPicture", "on-CPU time");
    case HeatmapMetric::CpuBusy:
        return QCoreApplication::translate("numasight::HeatmapPicture", "busy CPUs");
    case HeatmapMetric::TotalPages: // one name per measure, as the columns and the CSV say it
        return measureName(Measure::AllPages);
    case HeatmapMetric::AnonPages:
        return measureName(Measure::AnonPages);
    case HeatmapMetric::DirtyAnonPages:
        return measureName(Measure::DirtyAnonPages);
    case HeatmapMetric::Bytes:
        return measureName(Measure::Bytes);
    }
    return {};
}

} // namespace

HeatmapPicture nodeHeatmapPicture(const NodeHeatmap& h, std::span<const int> rows)
{
    HeatmapPicture p;
    p.title = h.title;
    p.subtitle = h.source;
    p.notes = h.notes;
    p.valueName = metricValueName(h.metric);
    p.format = formatOfMetric(h.metric);
    p.palette = HeatmapPalette::Amount;
    p.blankZeros = true;
    p.columns = nodeColumns(h.columns);
    p.columnAxisLabel = QCoreApplication::translate("numasight::HeatmapPicture", "NUMA node");
    p.rowAxisLabel = isMemoryMetric(h.metric)
                         ? QCoreApplication::translate("numasight::HeatmapPicture", "process")
                         : QCoreApplication::translate("numasight::HeatmapPicture", "process / thread");
    const size_t cols = h.columns.size();
    p.rows.reserve(rows.size());
    p.values.reserve(rows.size() * cols);
    for (int index : rows) {
        if (index < 0 || index >= h.rowCount())
            continue;
        const HeatmapRow& r = h.rows[size_t(index)];
        HeatmapPictureRow row;
        const bool thread = r.kind == HeatmapRowKind::Thread;
        row.label =
            thread ? QStringLiteral("%1 %2").arg(r.name.isEmpty() ? QStringLiteral("?") : r.name).arg(r.tid)
                   : processLabel(r.ns, r.name, r.pid);
        row.indent = thread ? 1 : 0;
        row.emphasis = !thread && !isMemoryMetric(h.metric);
        row.detail = rowDetail(h, r);
        row.entity = r.entity;
        row.pid = r.pid;
        row.tid = thread ? r.tid : -1;
        row.source = index;
        p.rows.push_back(std::move(row));
        const auto values = h.rowValues(index);
        p.values.insert(p.values.end(), values.begin(), values.end());
    }
    return p;
}

HeatmapPicture nodeHeatmapPicture(const NodeHeatmap& heatmap, HeatmapSortKey sort, bool descending)
{
    const std::vector<int> order = sortedRows(heatmap, sort, descending);
    return nodeHeatmapPicture(heatmap, order);
}

HeatmapPicture mismatchPicture(const MismatchView& v, std::span<const int> rows)
{
    HeatmapPicture p;
    p.title = QCoreApplication::translate("numasight::HeatmapPicture",
                                          "Where each process runs against where its memory is");
    p.subtitle = QCoreApplication::translate(
                     "numasight::HeatmapPicture",
                     "%1 · colour: share of the process's memory · ● main CPU node · ◆ accelerator · ⚠ away")
                     .arg(v.source);
    p.notes = v.notes;
    p.valueName = QCoreApplication::translate("numasight::HeatmapPicture", "share of memory (%)");
    p.format = HeatmapValueFormat::Share;
    p.palette = HeatmapPalette::Amount;
    p.blankZeros = true;
    p.columns = nodeColumns(v.columns);
    p.columnAxisLabel = QCoreApplication::translate("numasight::HeatmapPicture", "NUMA node");
    p.rowAxisLabel = QCoreApplication::translate("numasight::HeatmapPicture", "process");
    const size_t cols = v.columns.size();
    for (int index : rows) {
        if (index < 0 || size_t(index) >= v.rows.size())
            continue;
        const MismatchRow& r = v.rows[size_t(index)];
        const int at = p.rowCount();
        HeatmapPictureRow row;
        row.label = processLabel(r.ns, r.name, r.pid);
        row.warning = r.memoryAway || r.acceleratorAway;
        if (row.warning)
            row.label = QStringLiteral("⚠ ") + row.label;
        QStringList lines;
        if (r.cpuColumn >= 0)
            lines << QCoreApplication::translate("numasight::HeatmapPicture", "runs mostly on %1")
                         .arg(columnLabel(v.columns, r.cpuColumn));
        if (r.memoryColumn >= 0)
            lines << QCoreApplication::translate("numasight::HeatmapPicture", "memory mostly on %1%2")
                         .arg(columnLabel(v.columns, r.memoryColumn),
                              r.memoryAway ? QCoreApplication::translate("numasight::HeatmapPicture",
                                                                         " — away from its CPU time")
                                           : QString());
        if (std::isfinite(r.localShare))
            lines << QCoreApplication::translate("numasight::HeatmapPicture",
                                                 "%1 of CPU time and pages on one node")
                         .arg(formatHeatmapValue(r.localShare, HeatmapValueFormat::Share));
        if (std::isfinite(r.pages))
            lines << measureLine(measureName(v.memoryMeasure),
                                 formatHeatmapValue(r.pages, HeatmapValueFormat::Pages));
        if (r.cpuNs > 0)
            lines << measureLine(measureName(Measure::CpuTime),
                                 formatHeatmapValue(r.cpuNs, HeatmapValueFormat::Duration));
        if (!r.accelerators.isEmpty())
            lines << QCoreApplication::translate("numasight::HeatmapPicture", "accelerators: %1%2")
                         .arg(acceleratorText(r.accelerators, r.acceleratorColumns, v.columns),
                              r.acceleratorAway ? QCoreApplication::translate("numasight::HeatmapPicture",
                                                                              " — none on its CPU node")
                                                : QString());
        row.detail = lines.join(QLatin1Char('\n'));
        row.entity = r.process;
        row.pid = r.pid;
        row.source = index;
        p.rows.push_back(std::move(row));
        for (size_t c = 0; c < cols; ++c)
            p.values.push_back(v.memoryShares[size_t(index) * cols + c]);
        if (r.cpuColumn >= 0)
            p.markers.push_back(
                {at, r.cpuColumn, QStringLiteral("●"),
                 r.memoryAway ? QColor(0xc6, 0x28, 0x28) : QColor(0x1b, 0x5e, 0x20),
                 QCoreApplication::translate("numasight::HeatmapPicture",
                                             "main CPU node (%1 of its CPU time)")
                     .arg(formatHeatmapValue(v.cpuShares[size_t(index) * cols + size_t(r.cpuColumn)],
                                             HeatmapValueFormat::Share))});
        for (size_t a = 0; a < r.acceleratorColumns.size(); ++a) {
            const int c = r.acceleratorColumns[a];
            const QString name =
                qsizetype(a) < r.accelerators.size() ? r.accelerators[qsizetype(a)] : QString();
            p.markers.push_back(
                {at, c, QStringLiteral("◆"),
                 c == r.cpuColumn ? QColor(0x1b, 0x5e, 0x20) : QColor(0xc6, 0x28, 0x28),
                 QCoreApplication::translate("numasight::HeatmapPicture", "accelerator %1").arg(name)});
        }
    }
    return p;
}

HeatmapPicture mismatchPicture(const MismatchView& view)
{
    std::vector<int> all(view.rows.size());
    for (size_t i = 0; i < all.size(); ++i)
        all[i] = int(i);
    return mismatchPicture(view, all);
}

HeatmapPicture accessMatrixPicture(const MismatchView& v)
{
    HeatmapPicture p;
    p.title = QCoreApplication::translate("numasight::HeatmapPicture", "CPU node against memory node");
    p.subtitle = QCoreApplication::translate(
                     "numasight::HeatmapPicture",
                     "%1 · share of the workload's CPU-time-weighted accesses; the diagonal is local")
                     .arg(v.source);
    p.notes = v.notes;
    p.valueName = QCoreApplication::translate("numasight::HeatmapPicture", "share of accesses (%)");
    p.format = HeatmapValueFormat::Share;
    p.palette = HeatmapPalette::Amount;
    p.squareCells = true;
    p.columns = nodeColumns(v.columns);
    p.rowAxisLabel = QCoreApplication::translate("numasight::HeatmapPicture", "CPU time on");
    p.columnAxisLabel = QCoreApplication::translate("numasight::HeatmapPicture", "memory on");
    for (size_t r = 0; r < v.columns.size(); ++r) {
        HeatmapPictureRow row;
        row.label = v.columns[r].label;
        row.detail = QCoreApplication::translate("numasight::HeatmapPicture", "CPU time on %1")
                         .arg(v.columns[r].label);
        row.source = int(r);
        p.rows.push_back(std::move(row));
    }
    p.values = v.accessMatrix;
    if (p.values.size() != v.columns.size() * v.columns.size())
        p.values.assign(v.columns.size() * v.columns.size(), kUnknown);
    return p;
}

HeatmapPicture timeHeatmapPicture(const TimeHeatmap& h, int cursorSource)
{
    HeatmapPicture p;
    p.title = h.title;
    p.notes = h.notes;
    p.valueName = metricValueName(h.metric);
    p.format = formatOfMetric(h.metric);
    p.palette = HeatmapPalette::Amount;
    p.blankZeros = true;
    p.rowAxisLabel = QCoreApplication::translate("numasight::HeatmapPicture", "NUMA node");
    p.columnAxisLabel = QStringLiteral("time");
    for (size_t c = 0; c < h.columns.size(); ++c) {
        HeatmapPictureRow row;
        row.label = h.columns[c].label;
        row.detail = columnDetail(h.columns[c]);
        row.source = int(c);
        p.rows.push_back(std::move(row));
    }
    const int n = h.rowCount();
    if (n > 0) {
        p.subtitle = QStringLiteral("%1 %2").arg(n).arg(h.intervalNs.empty() || h.intervalNs.front() == 0
                                                            ? QStringLiteral("round(s)")
                                                            : QStringLiteral("sample(s)"));
        if (h.timeNs.front() != 0)
            p.subtitle += QCoreApplication::translate("numasight::HeatmapPicture", " from %1")
                              .arg(QDateTime::fromMSecsSinceEpoch(h.timeNs.front() / 1000000)
                                       .toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")));
    }
    for (int t = 0; t < n; ++t) {
        // Rounds of a witty graph without a time are known by their number only.
        if (h.timeNs[size_t(t)] == 0) {
            p.columns.push_back({QStringLiteral("#%1").arg(h.sourceIndex[size_t(t)] + 1),
                                 QCoreApplication::translate("numasight::HeatmapPicture", "time unknown"),
                                 h.sourceIndex[size_t(t)]});
            if (h.sourceIndex[size_t(t)] == cursorSource)
                p.cursorColumn = t;
            continue;
        }
        const QDateTime when = QDateTime::fromMSecsSinceEpoch(h.timeNs[size_t(t)] / 1000000);
        QString detail = formatTimestamp(h.timeNs[size_t(t)]);
        if (h.intervalNs[size_t(t)] > 0)
            detail +=
                QCoreApplication::translate("numasight::HeatmapPicture", " · interval %1")
                    .arg(formatHeatmapValue(double(h.intervalNs[size_t(t)]), HeatmapValueFormat::Duration));
        p.columns.push_back({when.toString(QStringLiteral("HH:mm:ss")), detail, h.sourceIndex[size_t(t)]});
        if (h.sourceIndex[size_t(t)] == cursorSource)
            p.cursorColumn = t;
    }
    // The core keeps time in rows; the picture reads left to right, so it is transposed here.
    const size_t cols = h.columns.size();
    p.values.assign(cols * size_t(n), kUnknown);
    for (int t = 0; t < n; ++t)
        for (size_t c = 0; c < cols; ++c)
            p.values[c * size_t(n) + size_t(t)] = h.value(t, int(c));
    return p;
}

HeatmapPicture matrixPicture(const MatrixHeatmap& m)
{
    HeatmapPicture p;
    p.title = m.title;
    p.subtitle = m.source;
    p.unit = m.unit;
    switch (m.kind) {
    case MatrixKind::Distance:
        p.format = HeatmapValueFormat::Relative;
        p.valueName = QCoreApplication::translate("numasight::HeatmapPicture", "distance (10 = local)");
        p.palette = HeatmapPalette::Distance;
        break;
    case MatrixKind::Latency:
        p.format = m.unit == u"ns" ? HeatmapValueFormat::Latency : HeatmapValueFormat::Number;
        p.valueName = QCoreApplication::translate("numasight::HeatmapPicture", "latency (%1)").arg(m.unit);
        p.palette = HeatmapPalette::Distance;
        break;
    case MatrixKind::Bandwidth:
        p.format = HeatmapValueFormat::Bandwidth;
        p.valueName = QCoreApplication::translate("numasight::HeatmapPicture", "bandwidth (%1)").arg(m.unit);
        p.palette = HeatmapPalette::Nearness;
        break;
    case MatrixKind::Other:
        p.format = HeatmapValueFormat::Number;
        p.valueName = m.unit.isEmpty() ? m.name : QStringLiteral("%1 (%2)").arg(m.name, m.unit);
        p.palette = m.largerIsNearer ? HeatmapPalette::Nearness : HeatmapPalette::Distance;
        break;
    }
    p.squareCells = true;
    p.rowAxisLabel = QCoreApplication::translate("numasight::HeatmapPicture", "from (CPUs of)");
    p.columnAxisLabel = QCoreApplication::translate("numasight::HeatmapPicture", "to (memory of)");
    const int n = m.size();
    std::vector<int> order = m.order;
    if (int(order.size()) != n) {
        order.resize(size_t(n));
        for (int i = 0; i < n; ++i)
            order[size_t(i)] = i;
    }
    for (int i = 0; i < n; ++i) {
        const HeatmapColumn& o = m.objects[size_t(order[size_t(i)])];
        const QString detail = columnDetail(o);
        p.rows.push_back({o.label, detail, 0, false, false, o.node, -1, -1, order[size_t(i)]});
        p.columns.push_back({o.label, detail, order[size_t(i)]});
    }
    p.values.reserve(size_t(n) * size_t(n));
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c)
            p.values.push_back(m.displayed(r, c));
    bool natural = true;
    for (int i = 0; i < n && natural; ++i)
        natural = order[size_t(i)] == i;
    if (!natural)
        p.notes << QCoreApplication::translate("numasight::HeatmapPicture",
                                               "nodes ordered so that near ones are adjacent");
    return p;
}

} // namespace numasight
