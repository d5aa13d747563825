// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/heatmap/heatmap_export.h"

#include "views/common/export_file.h"
#include "views/heatmap/heatmap_plot.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QFileInfo>
#include <QIODevice>
#include <QPageSize>
#include <QPdfWriter>
#include <QSvgGenerator>

#include <cmath>

namespace numasight {

namespace {

// In the order of HeatmapExportFormat.
constexpr std::array<QStringView, 4> kFormatNames{u"png", u"pdf", u"svg", u"csv"};

} // namespace

QString heatmapExportFormatName(HeatmapExportFormat format)
{
    return exportFormatName(format, kFormatNames);
}

std::optional<HeatmapExportFormat> heatmapExportFormatFromName(QStringView name)
{
    return exportFormatFromName<HeatmapExportFormat>(name, kFormatNames);
}

std::optional<HeatmapExportFormat> heatmapExportFormatForPath(const QString& path)
{
    return heatmapExportFormatFromName(QFileInfo(path).suffix());
}

QSize defaultHeatmapExportSize(const HeatmapPicture& p)
{
    const int rows = std::max(p.rowCount(), 1);
    const int cols = std::max(p.columnCount(), 1);
    int longest = 4;
    for (const HeatmapPictureRow& r : p.rows)
        longest = std::max(longest, int(decoratedLabel(r).size()));
    const int left = std::clamp(longest * 7 + 48, 90, 420);
    int cellW = 0, cellH = 0;
    if (p.squareCells) {
        cellW = cellH = cols <= 16 ? 56 : std::max(14, 1100 / cols);
    } else {
        cellW = cols <= 16 ? 64 : (cols <= 64 ? std::max(18, 1100 / cols) : std::max(2, 1400 / cols));
        cellH = rows <= 150 ? 20 : std::max(1, 3000 / rows);
    }
    int titleHeight = 64;
    titleHeight += int(p.notes.size()) * 14 + (p.notes.isEmpty() ? 0 : 10);
    const int width = left + cols * cellW + 130;
    const int height = titleHeight + 40 + rows * cellH + 20;
    return {std::clamp(width, 480, kMaxHeatmapExportSide), std::clamp(height, 240, kMaxHeatmapExportSide)};
}

namespace {

QImage renderHeatmapImage(const HeatmapPicture& picture, QSize size, double scale)
{
    QImage image(QSize(int(std::lround(size.width() * scale)), int(std::lround(size.height() * scale))),
                 QImage::Format_RGB32); // opaque: the PNG stores no alpha channel
    if (image.isNull())
        return image;
    image.setDotsPerMeterX(int(std::lround(kHeatmapExportDpi * scale / 0.0254)));
    image.setDotsPerMeterY(int(std::lround(kHeatmapExportDpi * scale / 0.0254)));
    image.fill(Qt::white);
    paintHeatmapPicture(picture, size, &image, scale, false);
    return image;
}

} // namespace

QImage renderHeatmapPicture(const HeatmapPicture& picture, QSize size)
{
    return renderHeatmapImage(picture, size.isValid() ? size : defaultHeatmapExportSize(picture), 1.0);
}

Result<RenderedHeatmap> renderHeatmapExport(const HeatmapPicture& picture, HeatmapExportFormat format,
                                            QSize size, double scale, const QString& path)
{
    if (format == HeatmapExportFormat::Csv)
        return exportError(
            path, QCoreApplication::translate("numasight::HeatmapExport",
                                              "CSV is written from the heatmap's numbers, not its picture"));
    if (picture.isEmpty())
        return exportError(
            path, QCoreApplication::translate("numasight::HeatmapExport",
                                              "nothing to export: the heatmap has no rows or no nodes"));
    if (!size.isValid())
        size = defaultHeatmapExportSize(picture);
    if (size.width() < kMinHeatmapExportSide || size.height() < kMinHeatmapExportSide ||
        size.width() > kMaxHeatmapExportSide || size.height() > kMaxHeatmapExportSide)
        return exportError(path, QCoreApplication::translate(
                                     "numasight::HeatmapExport",
                                     "a picture of %1×%2 is out of range: use %3 to %4 pixels a side")
                                     .arg(size.width())
                                     .arg(size.height())
                                     .arg(kMinHeatmapExportSide)
                                     .arg(kMaxHeatmapExportSide));
    if (!(scale >= 0.125) || scale > 16 ||
        double(size.width()) * scale * double(size.height()) * scale > 400'000'000.0)
        return exportError(
            path, QCoreApplication::translate("numasight::HeatmapExport",
                                              "a PNG scale of %1 is out of range for %2×%3: use 0.125 to 16 "
                                              "and stay under 400 million pixels")
                      .arg(scale)
                      .arg(size.width())
                      .arg(size.height()));

    RenderedHeatmap out;
    out.format = format;
    if (format == HeatmapExportFormat::Png) {
        out.image = renderHeatmapImage(picture, size, scale);
        if (out.image.isNull())
            return exportError(path, QCoreApplication::translate(
                                         "numasight::HeatmapExport",
                                         "not enough memory for the PNG: use a smaller size or scale"));
        return out;
    }
    QBuffer buffer(&out.bytes);
    buffer.open(QIODevice::WriteOnly);
    if (format == HeatmapExportFormat::Svg) {
        QSvgGenerator svg;
        svg.setOutputDevice(&buffer);
        svg.setResolution(kHeatmapExportDpi);
        svg.setSize(size);
        svg.setViewBox(QRect(QPoint(0, 0), size));
        svg.setTitle(picture.title);
        svg.setDescription(QCoreApplication::translate("numasight::HeatmapExport", "numasight heatmap: %1")
                               .arg(picture.subtitle));
        if (!paintHeatmapPicture(picture, size, &svg, 1.0, true))
            return exportError(
                path, QCoreApplication::translate("numasight::HeatmapExport", "cannot start the SVG writer"));
    } else {
        QPdfWriter pdf(&buffer);
        pdf.setCreator(QStringLiteral("numasight"));
        pdf.setTitle(picture.title);
        pdf.setResolution(kHeatmapExportDpi);
        pdf.setPageSize(QPageSize(QSizeF(size) * 72.0 / kHeatmapExportDpi, QPageSize::Point, QString(),
                                  QPageSize::ExactMatch));
        pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
        if (!paintHeatmapPicture(picture, size, &pdf, 1.0, true))
            return exportError(
                path, QCoreApplication::translate("numasight::HeatmapExport", "cannot start the PDF writer"));
    }
    return out;
}

Result<qint64> writeHeatmapExport(const RenderedHeatmap& rendered, const QString& path)
{
    return writeExportFile(path, [&rendered](QIODevice& file) -> QString {
        if (rendered.format == HeatmapExportFormat::Png) {
            if (!rendered.image.save(&file, "PNG"))
                return QCoreApplication::translate("numasight::HeatmapExport", "cannot encode the PNG: %1")
                    .arg(file.errorString());
        } else if (file.write(rendered.bytes) != rendered.bytes.size()) {
            return QCoreApplication::translate("numasight::HeatmapExport", "cannot write: %1")
                .arg(file.errorString());
        }
        return QString();
    });
}

Result<qint64> exportHeatmapPicture(const HeatmapPicture& picture, const QString& path,
                                    HeatmapExportFormat format, QSize size, double scale)
{
    Result<RenderedHeatmap> rendered = renderHeatmapExport(picture, format, size, scale, path);
    if (!rendered)
        return rendered.error();
    return writeHeatmapExport(*rendered, path);
}

} // namespace numasight
