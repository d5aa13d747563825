// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/heatmap_data.h"
#include "analysis/matrix_heatmap.h"

#include <QColor>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <span>
#include <vector>

namespace numasight {

// What a heatmap plot draws, as plain data: rows, columns, cell values, how to format and colour them, and
// the marks on top. The core's heatmaps (NodeHeatmap, MismatchView, TimeHeatmap, MatrixHeatmap) become
// pictures here; HeatmapPlot draws a picture on screen and the exports draw the same picture into files,
// so a PNG from numasight-export is what the window shows. Nothing here needs a widget.

// How values are written and which colour scale they get.
enum class HeatmapValueFormat : std::uint8_t
{
    Share,     // 0..1 written as a percentage
    Pages,     // page counts
    Bytes,     // bytes, binary prefixes
    Duration,  // ns of CPU time, written in s/ms/µs
    Cpus,      // busy CPUs (CPU-ns per ns)
    Relative,  // SLIT distances, as integers
    Latency,   // ns of one access
    Bandwidth, // in the matrix's own unit ("GB/s", "MB/s", "MiB/s")
    Number,
    ShareChange // a difference of two shares (-1..1), signed: "+12.3 %", "-4.0 %"
};

enum class HeatmapPalette : std::uint8_t
{
    Amount,   // white → deep blue: how much of something sits in a cell
    Distance, // pale yellow (near) → red (far)
    Nearness, // red (low, far) → pale yellow (high, near): bandwidths
    Diverging // blue (less) → white (0) → red (more): a comparison's B − A, centred on 0
};

struct HeatmapPictureRow
{
    QString label;  // what the axis says: "python3 (1895087)", "acl_thread 1896232", "node3", "12:00:01"
    QString detail; // more lines for the tooltip: totals, remote share, accelerators
    int indent = 0; // threads under their process
    bool emphasis = false; // process rows of a thread heatmap
    bool warning = false;  // mismatch rows whose memory or accelerator is away from the CPU time
    // What the row stands for, so a click can select it everywhere.
    EntityId entity;
    std::int64_t pid = -1;
    std::int64_t tid = -1;
    int source = -1; // row index in the core heatmap (NodeHeatmap row, MismatchView row, matrix object, …)
};

struct HeatmapPictureColumn
{
    QString label;
    QString detail;
    int source = -1; // column (node) index in the core heatmap, or sample index for time heatmaps
};

// A glyph drawn in a cell on top of its colour: the mismatch view puts the main CPU node and the
// accelerators' nodes of each process there.
struct HeatmapMarker
{
    int row = 0;
    int column = 0;
    QString glyph;
    QColor color;
    QString meaning; // for the tooltip: "main CPU node", "accelerator NPU4"
};

struct HeatmapPicture
{
    QString title;
    QString subtitle; // where the numbers come from, and the legend of the markers
    QStringList notes;
    QString valueName; // what a cell holds, for the colour scale: "share of on-CPU time", "distance"
    QString unit;      // unit of Bandwidth/Number values; empty otherwise
    HeatmapValueFormat format = HeatmapValueFormat::Number;
    HeatmapPalette palette = HeatmapPalette::Amount;
    bool logarithmic = false; // page counts and bytes span orders of magnitude
    // Write each value in its cell when the cell is big enough (matrices, small heatmaps).
    bool cellText = true;
    // Leave zero cells blank rather than writing "0" in every idle node of a thread.
    bool blankZeros = false;
    bool squareCells = false; // node × node matrices: exports draw square cells
    std::vector<HeatmapPictureRow> rows;
    std::vector<HeatmapPictureColumn> columns;
    std::vector<double> values; // rows × columns, row-major; NaN = unknown
    std::vector<HeatmapMarker> markers;
    QString rowAxisLabel;
    QString columnAxisLabel;
    int cursorColumn = -1; // a vertical line through this column (the timeline's position); -1 none

    int rowCount() const { return int(rows.size()); }
    int columnCount() const { return int(columns.size()); }
    double value(int row, int column) const { return values[size_t(row) * columns.size() + size_t(column)]; }
    bool isEmpty() const { return rows.empty() || columns.empty(); }
    // The finite range of the values, {0, 0} when there is none.
    std::pair<double, double> valueRange() const;
    // What the tooltips say: of a cell (its row and column, the exact value, its markers, the details), of
    // a row label and of a column label.
    QString cellToolTip(int row, int column) const;
    QString rowToolTip(int row) const;
    QString columnToolTip(int column) const;
};

// A row's label as the plot writes it: a thread under its process is marked "↳".
QString decoratedLabel(const HeatmapPictureRow& row);

// "70.4 %", "384,040 pages", "1.5 GiB", "5.87 s", "0.52 CPUs", "21", "142 ns", "12.3 GB/s"; "unknown" for
// NaN. Shares, pages, bytes and durations read as everywhere else (util/format.h).
QString formatHeatmapValue(double value, HeatmapValueFormat format, const QString& unit = QString());
// The short form written inside cells: "70", "384k", "1.5G", "5.9s", "21", "142"; page counts as
// formatCount() writes them.
QString formatHeatmapCell(double value, HeatmapValueFormat format);

HeatmapValueFormat formatOfMetric(HeatmapMetric metric);

// The rows of a node heatmap to draw, in this order (a sorted, filtered, folded subset).
HeatmapPicture nodeHeatmapPicture(const NodeHeatmap& heatmap, std::span<const int> rows);
// Every row in sortedRows order.
HeatmapPicture nodeHeatmapPicture(const NodeHeatmap& heatmap, HeatmapSortKey sort = HeatmapSortKey::Process,
                                  bool descending = false);

// Processes × nodes, coloured by the share of each process's memory on the node, with ● on its main CPU
// node and ◆ on the nodes of its accelerators; rows whose memory or accelerators are away are flagged.
HeatmapPicture mismatchPicture(const MismatchView& view, std::span<const int> rows);
HeatmapPicture mismatchPicture(const MismatchView& view);
// CPU node × memory node: the workload's accesses, local on the diagonal.
HeatmapPicture accessMatrixPicture(const MismatchView& view);

// Time heatmaps read left to right: one row per node, one column per sample; the cursor on the column of
// `cursorSource` (an index into Capture::samples, or snapshots for witty rounds), when present.
HeatmapPicture timeHeatmapPicture(const TimeHeatmap& heatmap, int cursorSource = -1);

// A node × node matrix in its display order (MatrixHeatmap::order).
HeatmapPicture matrixPicture(const MatrixHeatmap& matrix);

} // namespace numasight
