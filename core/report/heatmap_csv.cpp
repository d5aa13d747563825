// SPDX-License-Identifier: GPL-3.0-or-later
#include "heatmap_csv.h"

#include "analysis/measure_names.h"

#include <charconv>
#include <cmath>
#include <limits>

namespace numasight {

namespace {

LoadError csvError(const QString& file, int line, int column, const QString& message)
{
    LoadError e;
    e.file = file.isEmpty() ? QStringLiteral("CSV") : file;
    e.line = line;
    e.column = column;
    e.message = message;
    return e;
}

// A number field; empty is unknown.
std::optional<double> number(const QString& field)
{
    if (field.isEmpty())
        return std::numeric_limits<double>::quiet_NaN();
    const QByteArray bytes = field.toLatin1();
    double v = 0;
    const auto [end, ec] = std::from_chars(bytes.constData(), bytes.constData() + bytes.size(), v);
    if (ec != std::errc() || end != bytes.constData() + bytes.size() || !std::isfinite(v))
        return std::nullopt;
    return v;
}

// Column of field `index` of a record, for messages: fields are separated by one comma, quoted ones
// counted as written.
int fieldColumn(const QStringList& row, int index)
{
    int column = 1;
    for (int i = 0; i < index && i < row.size(); ++i)
        column += int(csvField(csvGuard(row[i])).toUtf8().size()) + 1;
    return column;
}

} // namespace

QString csvField(const QString& text)
{
    const bool quote = text.contains(QLatin1Char(',')) || text.contains(QLatin1Char('"')) ||
                       text.contains(QLatin1Char('\n')) || text.contains(QLatin1Char('\r')) ||
                       (!text.isEmpty() && (text.front().isSpace() || text.back().isSpace()));
    if (!quote)
        return text;
    QString out = text;
    out.replace(QLatin1Char('"'), QLatin1String("\"\""));
    return QLatin1Char('"') + out + QLatin1Char('"');
}

bool csvNeedsGuard(QStringView text)
{
    if (text.isEmpty())
        return false;
    switch (text.front().unicode()) {
    case '=':
    case '+':
    case '@':
    case '\t':
    case '\r':
        return true;
    case '-': // a negative number stays a number
        return !number(text.toString());
    case '\'': // a text that starts as a guarded one is guarded too, so reading back is exact
        return csvNeedsGuard(text.mid(1));
    default:
        return false;
    }
}

QString csvGuard(const QString& text)
{
    return csvNeedsGuard(text) ? QLatin1Char('\'') + text : text;
}

QString csvUnguard(const QString& field)
{
    return field.startsWith(QLatin1Char('\'')) && csvNeedsGuard(QStringView(field).mid(1)) ? field.mid(1)
                                                                                           : field;
}

QString csvNumber(double value)
{
    if (!std::isfinite(value))
        return {};
    char buf[64];
    const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, value);
    if (ec != std::errc())
        return QString::number(value, 'g', 17);
    return QString::fromLatin1(buf, end - buf);
}

QByteArray csvRecord(const QStringList& fields)
{
    QByteArray out;
    for (qsizetype i = 0; i < fields.size(); ++i) {
        if (i > 0)
            out += ',';
        out += csvField(csvGuard(fields[i])).toUtf8();
    }
    return out + "\r\n";
}

QByteArray heatmapCsv(const NodeHeatmap& h)
{
    QByteArray out;
    QStringList header{QStringLiteral("kind"), QStringLiteral("pid"), QStringLiteral("tid"),
                       QStringLiteral("name")};
    for (const HeatmapColumn& c : h.columns)
        header << c.label;
    // The row's figures under the names every view gives them (the memory is a thread's process's).
    header << measureKey(Measure::CpuTime) << measureKey(h.memoryMeasure) << remoteShareKey(h.remoteMeasure);
    const bool bytes = h.metric == HeatmapMetric::Bytes;
    out += csvRecord(header);
    for (int r = 0; r < h.rowCount(); ++r) {
        const HeatmapRow& row = h.rows[size_t(r)];
        QStringList fields;
        fields << (row.kind == HeatmapRowKind::Thread ? QStringLiteral("thread") : QStringLiteral("process"))
               << QString::number(row.pid)
               << (row.kind == HeatmapRowKind::Thread && row.tid >= 0 ? QString::number(row.tid) : QString())
               << row.name;
        for (double v : h.rowValues(r))
            fields << csvNumber(v);
        fields << csvNumber(row.cpuNs) << csvNumber(bytes ? row.bytes : row.pages)
               << csvNumber(row.remoteShare);
        out += csvRecord(fields);
    }
    return out;
}

QByteArray matrixCsv(const MatrixHeatmap& m, bool displayOrder)
{
    QByteArray out;
    const int n = m.size();
    const auto at = [&](int k) { return displayOrder ? m.order[size_t(k)] : k; };
    QStringList header{QStringLiteral("from\\to")};
    for (int k = 0; k < n; ++k)
        header << m.objects[size_t(at(k))].label;
    out += csvRecord(header);
    for (int r = 0; r < n; ++r) {
        QStringList fields{m.objects[size_t(at(r))].label};
        for (int c = 0; c < n; ++c)
            fields << csvNumber(m.at(at(r), at(c)));
        out += csvRecord(fields);
    }
    return out;
}

QByteArray timeHeatmapCsv(const TimeHeatmap& h)
{
    QByteArray out;
    QStringList header{QStringLiteral("time_ns"), QStringLiteral("interval_ns")};
    for (const HeatmapColumn& c : h.columns)
        header << c.label;
    out += csvRecord(header);
    for (int r = 0; r < h.rowCount(); ++r) {
        QStringList fields{QString::number(h.timeNs[size_t(r)]), QString::number(h.intervalNs[size_t(r)])};
        for (int c = 0; c < h.columnCount(); ++c)
            fields << csvNumber(h.value(r, c));
        out += csvRecord(fields);
    }
    return out;
}

Result<CsvTable> parseCsv(const QByteArray& bytes, const QString& file)
{
    const QString text = QString::fromUtf8(bytes);
    std::vector<QStringList> records;
    std::vector<int> lines;
    QStringList record;
    QString field;
    int line = 1, column = 1;
    int recordLine = 1;
    bool inQuotes = false, wasQuoted = false, fieldStarted = false;
    int quoteLine = 0, quoteColumn = 0;
    const auto endField = [&] {
        record << csvUnguard(field);
        field.clear();
        wasQuoted = false;
        fieldStarted = false;
    };
    const auto endRecord = [&] {
        endField();
        records.push_back(record);
        lines.push_back(recordLine);
        record.clear();
    };
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar ch = text[i];
        if (inQuotes) {
            if (ch == u'"') {
                if (i + 1 < text.size() && text[i + 1] == u'"') {
                    field += u'"';
                    ++i;
                    column += 2;
                    continue;
                }
                inQuotes = false;
                wasQuoted = true;
            } else {
                field += ch;
                if (ch == u'\n') {
                    ++line;
                    column = 0;
                }
            }
            ++column;
            continue;
        }
        if (ch == u',') {
            endField();
        } else if (ch == u'\r' || ch == u'\n') {
            if (ch == u'\r' && i + 1 < text.size() && text[i + 1] == u'\n')
                ++i;
            // A blank line at the very end is the file's last line end, not a record.
            if (!(record.isEmpty() && field.isEmpty() && !fieldStarted && !wasQuoted))
                endRecord();
            ++line;
            column = 1;
            recordLine = line;
            continue;
        } else if (ch == u'"') {
            if (fieldStarted || wasQuoted)
                return csvError(file, line, column,
                                QStringLiteral("a quote inside an unquoted field; quote the whole field and "
                                               "double the quotes in it"));
            inQuotes = true;
            fieldStarted = true;
            quoteLine = line;
            quoteColumn = column;
        } else {
            if (wasQuoted)
                return csvError(
                    file, line, column,
                    QStringLiteral("text after a closing quote; a quoted field must end at a comma "
                                   "or the line end"));
            field += ch;
            fieldStarted = true;
        }
        ++column;
    }
    if (inQuotes)
        return csvError(
            file, quoteLine, quoteColumn,
            QStringLiteral("the quoted field that starts here never ends (the file is truncated?)"));
    if (!record.isEmpty() || !field.isEmpty() || fieldStarted || wasQuoted)
        endRecord();
    if (records.empty())
        return csvError(file, 1, 1, QStringLiteral("empty file: expected a header line"));

    CsvTable t;
    t.header = records.front();
    for (size_t r = 1; r < records.size(); ++r) {
        if (records[r].size() != t.header.size())
            return csvError(file, lines[r], 1,
                            QStringLiteral("%1 field(s) where the header has %2")
                                .arg(records[r].size())
                                .arg(t.header.size()));
        t.rows.push_back(std::move(records[r]));
        t.lines.push_back(lines[r]);
    }
    return t;
}

Result<HeatmapCsv> readHeatmapCsv(const QByteArray& text, const QString& file)
{
    auto parsed = parseCsv(text, file);
    if (!parsed)
        return parsed.error();
    const CsvTable& t = parsed.value();
    const QStringList fixed{QStringLiteral("kind"), QStringLiteral("pid"), QStringLiteral("tid"),
                            QStringLiteral("name")};
    if (t.header.size() < 5 || t.header.mid(0, 4) != fixed)
        return csvError(
            file, 1, 1,
            QStringLiteral("expected the header kind,pid,tid,name followed by one column per NUMA "
                           "node"));
    // The node columns end where the named figures of heatmapCsv() begin.
    const QStringList keys = measureKeys();
    qsizetype nodesEnd = 4;
    while (nodesEnd < t.header.size() && !keys.contains(t.header[nodesEnd]))
        ++nodesEnd;
    if (nodesEnd == 4)
        return csvError(
            file, 1, 1,
            QStringLiteral("expected the header kind,pid,tid,name followed by one column per NUMA "
                           "node"));
    HeatmapCsv out;
    out.columns = t.header.mid(4, nodesEnd - 4);
    out.measures = t.header.mid(nodesEnd);
    for (size_t r = 0; r < t.rows.size(); ++r) {
        const QStringList& f = t.rows[r];
        const int line = t.lines[r];
        HeatmapCsvRow row;
        row.kind = f[0];
        if (row.kind != u"process" && row.kind != u"thread")
            return csvError(file, line, 1,
                            QStringLiteral("kind must be process or thread, not '%1'").arg(row.kind));
        bool ok = false;
        row.pid = f[1].toLongLong(&ok);
        if (!ok)
            return csvError(file, line, fieldColumn(f, 1),
                            QStringLiteral("pid '%1' is not a number").arg(f[1]));
        if (f[2].isEmpty()) {
            if (row.kind == u"thread")
                return csvError(file, line, fieldColumn(f, 2), QStringLiteral("a thread row needs a tid"));
        } else {
            row.tid = f[2].toLongLong(&ok);
            if (!ok)
                return csvError(file, line, fieldColumn(f, 2),
                                QStringLiteral("tid '%1' is not a number").arg(f[2]));
        }
        row.name = f[3];
        for (int c = 4; c < f.size(); ++c) {
            const auto v = number(f[c]);
            if (!v)
                return csvError(file, line, fieldColumn(f, c),
                                QStringLiteral("'%1' in column %2 is not a number").arg(f[c], t.header[c]));
            (c < nodesEnd ? row.values : row.measures).push_back(*v);
        }
        out.rows.push_back(std::move(row));
    }
    return out;
}

Result<MatrixCsv> readMatrixCsv(const QByteArray& text, const QString& file)
{
    auto parsed = parseCsv(text, file);
    if (!parsed)
        return parsed.error();
    const CsvTable& t = parsed.value();
    if (t.header.size() < 2 || t.header.front() != u"from\\to")
        return csvError(file, 1, 1,
                        QStringLiteral("expected the header from\\to followed by one column per node"));
    MatrixCsv out;
    out.columns = t.header.mid(1);
    for (size_t r = 0; r < t.rows.size(); ++r) {
        const QStringList& f = t.rows[r];
        out.rows << f.front();
        for (int c = 1; c < f.size(); ++c) {
            const auto v = number(f[c]);
            if (!v)
                return csvError(file, t.lines[r], fieldColumn(f, c),
                                QStringLiteral("'%1' in column %2 is not a number").arg(f[c], t.header[c]));
            out.values.push_back(*v);
        }
    }
    return out;
}

} // namespace numasight
