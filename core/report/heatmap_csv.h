// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/heatmap_data.h"
#include "analysis/matrix_heatmap.h"
#include "util/result.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <vector>

namespace numasight {

// Heatmap numbers as CSV (RFC 4180: comma-separated, CRLF line ends, fields holding a comma, a quote, a line
// break or edge spaces in double quotes with quotes doubled). Numbers are written in the shortest form that
// reads back to the same double, so a CSV parses back to exactly the model's numbers; an unknown value (NaN)
// is an empty field. Column labels are the heatmap's ("node0", "10.0.0.7/node3").

// kind,pid,tid,name,node0,…, then the row's on-CPU time (ns), memory (pages or bytes) and remote share under
// the names measureKey() and remoteShareKey() give them ("on-CPU time", "dirty anon pages (witty)",
// "remote share of on-CPU time"): one row per process ("process", tid empty) and thread ("thread").
QByteArray heatmapCsv(const NodeHeatmap& heatmap);
// from\to,node0,…: one row per initiator node, in natural order or in the heatmap's display order.
QByteArray matrixCsv(const MatrixHeatmap& matrix, bool displayOrder = false);
// time_ns,interval_ns,node0,…: one row per sample (or witty round).
QByteArray timeHeatmapCsv(const TimeHeatmap& heatmap);

// One field, quoted when RFC 4180 requires it.
QString csvField(const QString& text);
// A cell a spreadsheet would run as a formula (it starts with =, +, @, a tab, a CR, or - not followed by a
// number: process names are anyone's to choose) gets a ' in front, as OWASP recommends against CSV
// injection; so does a text that would read back as such a guarded cell. csvUnguard() is the inverse.
bool csvNeedsGuard(QStringView text);
QString csvGuard(const QString& text);
QString csvUnguard(const QString& field);
// One record: the fields, each guarded and quoted when it must be, separated by commas, with its CRLF.
QByteArray csvRecord(const QStringList& fields);
// The shortest decimal that reads back to `value`; "" for NaN or infinities.
QString csvNumber(double value);

// A parsed CSV file (fields unguarded): the first record is the header; every record has as many fields as
// it.
struct CsvTable
{
    QStringList header;
    std::vector<QStringList> rows;
    std::vector<int> lines; // 1-based line where each row starts
};
// Errors carry line:column: an unterminated quote, a quote inside an unquoted field, text after a closing
// quote, a record with a different number of fields than the header, an empty file.
Result<CsvTable> parseCsv(const QByteArray& text, const QString& file = QString());

struct HeatmapCsvRow
{
    QString kind; // "process" or "thread"
    std::int64_t pid = -1;
    std::int64_t tid = -1; // -1 when empty
    QString name;
    std::vector<double> values;   // NaN for empty fields
    std::vector<double> measures; // the named figures after the nodes, NaN for empty fields
};
struct HeatmapCsv
{
    QStringList columns;  // the node labels
    QStringList measures; // the names of the figures after them (measureKeys())
    std::vector<HeatmapCsvRow> rows;
};
// Checks the header (kind,pid,tid,name, then at least one node, then any named figures) and every value.
Result<HeatmapCsv> readHeatmapCsv(const QByteArray& text, const QString& file = QString());

struct MatrixCsv
{
    QStringList columns;        // "to" labels from the header
    QStringList rows;           // "from" labels of the first field
    std::vector<double> values; // rows × columns
};
Result<MatrixCsv> readMatrixCsv(const QByteArray& text, const QString& file = QString());

} // namespace numasight
