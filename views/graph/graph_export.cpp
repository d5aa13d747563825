// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/graph/graph_export.h"

#include "views/common/export_file.h"
#include "views/graph/graph_painter.h"

#include <QFileInfo>
#include <QImage>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSaveFile>
#include <QSvgGenerator>

#include <cmath>

namespace numasight {

namespace {

// A QImage holds at most 2 GiB; well before that the PNG stops being useful and SVG or PDF serve better.
constexpr qint64 kMaxPngPixels = 200'000'000;
constexpr double kMaxPdfPoints = 14400;

// In the order of GraphExportFormat.
constexpr std::array<QStringView, 4> kFormatNames{u"svg", u"pdf", u"png", u"dot"};

QSize pictureSizeIn(const QRectF& picture, double unitsPerPoint)
{
    return {int(std::ceil(picture.width() * unitsPerPoint)),
            int(std::ceil(picture.height() * unitsPerPoint))};
}

void paintPicture(QPainter* p, const GraphPainter& graph, double scale)
{
    p->scale(scale, scale);
    p->translate(-graph.pictureRect().topLeft());
    // An opaque page: a transparent picture turns unreadable on a dark viewer background.
    p->fillRect(graph.pictureRect(), Qt::white);
    graph.paint(p);
}

} // namespace

QString graphExportFormatName(GraphExportFormat format)
{
    return exportFormatName(format, kFormatNames);
}

std::optional<GraphExportFormat> graphExportFormatFromName(QStringView name)
{
    if (name.compare(QLatin1String("gv"), Qt::CaseInsensitive) == 0)
        return GraphExportFormat::Dot;
    return exportFormatFromName<GraphExportFormat>(name, kFormatNames);
}

std::optional<GraphExportFormat> graphExportFormatForPath(const QString& path)
{
    return graphExportFormatFromName(QFileInfo(path).suffix());
}

QSize graphPngSize(const GraphLayout& layout, int dpi)
{
    return pictureSizeIn(
        GraphPainter(std::shared_ptr<const GraphLayout>(&layout, [](const GraphLayout*) {})).pictureRect(),
        dpi / 72.0);
}

Result<qint64> exportGraph(const GraphLayout& layout, const QString& path, const GraphExportOptions& options)
{
    if (!layout.spec)
        return exportError(path, QStringLiteral("nothing to export: the layout has no graph"));
    if (options.format == GraphExportFormat::Png &&
        (options.dpi < kMinExportDpi || options.dpi > kMaxExportDpi))
        return exportError(path, QStringLiteral("a PNG resolution of %1 dpi is out of range: use %2 to %3")
                                     .arg(options.dpi)
                                     .arg(kMinExportDpi)
                                     .arg(kMaxExportDpi));
    // The painter only reads the layout; the no-op deleter lets it borrow the caller's.
    const GraphPainter graph(std::shared_ptr<const GraphLayout>(&layout, [](const GraphLayout*) {}));
    const QRectF picture = graph.pictureRect();

    QImage image;
    if (options.format == GraphExportFormat::Png) {
        const QSize size = pictureSizeIn(picture, options.dpi / 72.0);
        if (qint64(size.width()) * size.height() > kMaxPngPixels) {
            const int fitting =
                int(72.0 * std::sqrt(double(kMaxPngPixels) / (picture.width() * picture.height())));
            return exportError(path,
                               QStringLiteral("a PNG of %1×%2 pixels at %3 dpi is too large: use %4 dpi or "
                                              "less, or export SVG or PDF, which scale without limit")
                                   .arg(size.width())
                                   .arg(size.height())
                                   .arg(options.dpi)
                                   .arg(std::max(fitting, 1)));
        }
        // Drawn before the file is opened, so an image that cannot be allocated leaves no empty file.
        image = QImage(size, QImage::Format_RGB32); // opaque: the PNG stores no alpha channel
        if (image.isNull())
            return exportError(path, QStringLiteral("not enough memory for a %1×%2 PNG: use a lower dpi")
                                         .arg(size.width())
                                         .arg(size.height()));
        image.fill(Qt::white);
        image.setDotsPerMeterX(int(std::lround(options.dpi / 0.0254)));
        image.setDotsPerMeterY(int(std::lround(options.dpi / 0.0254)));
        QPainter p(&image);
        paintPicture(&p, graph, options.dpi / 72.0);
    }

    return writeExportFile(path, [&](QSaveFile& file) -> QString {
        switch (options.format) {
        case GraphExportFormat::Svg: {
            // One SVG unit is one point: with a resolution of 72 dpi the width and height Qt writes (in mm)
            // are the picture's real size, and the viewBox maps the drawing onto them exactly.
            const QSize size = pictureSizeIn(picture, 1.0);
            QSvgGenerator svg;
            svg.setOutputDevice(&file);
            svg.setResolution(72);
            svg.setSize(size);
            svg.setViewBox(QRectF(QPointF(0, 0), QSizeF(size)));
            svg.setTitle(layout.spec->title);
            svg.setDescription(QStringLiteral("numasight %1 graph, laid out by Graphviz %2")
                                   .arg(graphViewName(layout.spec->view), layout.engine));
            QPainter p;
            if (!p.begin(&svg))
                return QStringLiteral("cannot start the SVG writer");
            paintPicture(&p, graph, 1.0);
            p.end();
            break;
        }
        case GraphExportFormat::Pdf: {
            // PDF readers refuse pages over 200 inches (14400 points) a side; a wide machine graph is scaled
            // down to fit, which costs nothing in a vector picture.
            const double fit = std::min(1.0, kMaxPdfPoints / std::max(picture.width(), picture.height()));
            QPdfWriter pdf(&file);
            pdf.setCreator(QStringLiteral("numasight"));
            pdf.setTitle(layout.spec->title);
            pdf.setPageSize(
                QPageSize(picture.size() * fit, QPageSize::Point, QString(), QPageSize::ExactMatch));
            pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
            pdf.setResolution(1200);
            QPainter p;
            if (!p.begin(&pdf))
                return QStringLiteral("cannot start the PDF writer");
            paintPicture(&p, graph, fit * pdf.resolution() / 72.0);
            p.end();
            break;
        }
        case GraphExportFormat::Png:
            if (!image.save(&file, "PNG"))
                return QStringLiteral("cannot encode the PNG: %1").arg(file.errorString());
            break;
        case GraphExportFormat::Dot: {
            const QByteArray dot = toDot(*layout.spec, layout.engine.isEmpty() ? QStringView(u"dot")
                                                                               : QStringView(layout.engine));
            if (file.write(dot) != dot.size())
                return QStringLiteral("cannot write: %1").arg(file.errorString());
            break;
        }
        }
        return QString();
    });
}

} // namespace numasight
