// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "util/result.h"
#include "views/heatmap/heatmap_picture.h"

#include <QByteArray>
#include <QImage>
#include <QSize>
#include <QString>

#include <optional>

namespace numasight {

// The PNG, PDF and SVG exports of a heatmap picture, drawn by HeatmapPlot (the CSV is core/report's).
enum class HeatmapExportFormat : std::uint8_t
{
    Png,
    Pdf,
    Svg,
    Csv,
};
QString heatmapExportFormatName(HeatmapExportFormat format); // "png", "pdf", "svg", "csv"
std::optional<HeatmapExportFormat> heatmapExportFormatFromName(QStringView name);
std::optional<HeatmapExportFormat> heatmapExportFormatForPath(const QString& path);

// A size that shows every row and column of `picture` readably: cells of at least a label's height while
// that stays under ~4000 pixels, thinner rows (and every k-th label) beyond.
QSize defaultHeatmapExportSize(const HeatmapPicture& picture);
inline constexpr int kMinHeatmapExportSide = 120;
// Exports and the screen lay out with the same fonts: pixel sizes do not change with a device's dpi, and
// exports are drawn at this resolution so their point sizes match what the window shows; a PNG at another
// resolution is drawn scaled by dpi / kHeatmapExportDpi.
inline constexpr int kHeatmapExportDpi = 96;
inline constexpr int kMaxHeatmapExportSide = 16000;

// An export drawn in memory: the PNG's image (encoded when written) or the SVG/PDF document.
struct RenderedHeatmap
{
    HeatmapExportFormat format = HeatmapExportFormat::Png;
    QImage image;
    QByteArray bytes;
};
// Draws `picture` at `size` (logical pixels; a PNG gets size × scale pixels) with every row shown, title
// and notes included, through the plot the window uses: PNG, PDF or SVG (vector, real text). GUI thread
// only (QCustomPlot is a widget); drawing is quick, encoding and writing are not, so they are separate.
// `path` only names the file in errors.
Result<RenderedHeatmap> renderHeatmapExport(const HeatmapPicture& picture, HeatmapExportFormat format,
                                            QSize size = {}, double scale = 1.0, const QString& path = {});
// Encodes and writes to a temporary beside `path`, renamed at the end, so a failed export leaves no half
// file. Any thread.
Result<qint64> writeHeatmapExport(const RenderedHeatmap& rendered, const QString& path);
// Both, one after the other (numasight-export, tests).
Result<qint64> exportHeatmapPicture(const HeatmapPicture& picture, const QString& path,
                                    HeatmapExportFormat format, QSize size = {}, double scale = 1.0);
// The same drawing as an image, for tests and screenshots.
QImage renderHeatmapPicture(const HeatmapPicture& picture, QSize size = {});

} // namespace numasight
