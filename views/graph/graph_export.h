// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "graph/graph_layout.h"
#include "views/common/export_file.h"

#include <QSize>
#include <QSizeF>
#include <QString>

#include <optional>
#include <span>

class QPainter;

namespace numasight {

enum class GraphExportFormat : std::uint8_t
{
    Svg,
    Pdf,
    Png,
    Dot,
};
QString graphExportFormatName(GraphExportFormat format); // "svg", "pdf", "png", "dot"
std::optional<GraphExportFormat> graphExportFormatFromName(QStringView name);
// By the file's suffix (case-insensitive); nullopt for any other suffix.
std::optional<GraphExportFormat> graphExportFormatForPath(const QString& path);

struct GraphExportOptions
{
    GraphExportFormat format = GraphExportFormat::Svg;
    int dpi = 150; // PNG only: pixels per inch; the layout is in points (1/72 inch)
    QSizeF page;   // PDF only: the paper in points (A4 landscape 842 × 595); empty: the picture's size
};
inline constexpr double kPageMargin = 18; // points around a picture scaled onto paper

// The smallest text a picture may print at on paper.
inline constexpr double kMinPagePoints = 6;

// Lays the graph of `snapshot` out for `page` (points), shaped like it. When its smallest text would print
// under kMinPagePoints, what a reader of one page can do without is folded, a step at a time, until the
// text is large enough or nothing is left to fold: every NUMA node's CPUs into one range, then 4 and then 2
// processes per box, then threads and PCI devices hidden. The layout's notes say what was folded.
Result<GraphLayoutPtr> layoutForPage(const Snapshot& snapshot, std::span<const SamplePtr> samples,
                                     GraphOptions options, LayoutOptions layout, QSizeF page,
                                     const Progress& progress);

// How much a picture of `layout` is scaled to fit on `page` (points) inside kPageMargin: the factor every
// text size is multiplied by on paper.
double graphPageScale(const GraphLayout& layout, QSizeF page);
double pageScale(const QRectF& picture, QSizeF page); // the same for a picture's rectangle

// The pixel size of a PNG of `layout` at `dpi`: the picture (graph, title, legend) at dpi/72 pixels a point.
QSize graphPngSize(const GraphLayout& layout, int dpi);

// Writes `layout` to `path` through GraphPainter, the code the interactive view draws with: SVG (vector,
// real text, viewBox in points), PDF (one page sized to the picture, vector; scaled down to 200 inches on
// its longer side when bigger, the most PDF readers take), PNG (white background), DOT
// (toDot of the spec, for the layout's engine). The file is written to a temporary beside `path` and renamed
// at the end, so a failed export never leaves half a file. Returns the bytes written, or an error naming
// the file and what to do.
Result<qint64> exportGraph(const GraphLayout& layout, const QString& path, const GraphExportOptions& options);

} // namespace numasight
