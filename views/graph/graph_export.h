// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "graph/graph_layout.h"

#include <QSize>
#include <QString>

#include <optional>

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
};
inline constexpr int kMinExportDpi = 18;
inline constexpr int kMaxExportDpi = 1200;

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
