// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/graph/graph_export.h"

#include "views/common/export_file.h"
#include "views/graph/graph_painter.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QIODevice>
#include <QImage>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>

#include <cmath>
#include <functional>
#include <optional>
#include <utility>

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

double graphPageScale(const GraphLayout& layout, QSizeF page)
{
    return pageScale(GraphPainter(std::make_shared<GraphLayout>(layout)).pictureRect(), page);
}

double pageScale(const QRectF& picture, QSizeF page)
{
    const QSizeF room = page - QSizeF(2 * kPageMargin, 2 * kPageMargin);
    if (picture.isEmpty() || room.isEmpty())
        return 1;
    return std::min(room.width() / picture.width(), room.height() / picture.height());
}

Result<GraphLayoutPtr> layoutForPage(const Snapshot& snapshot, std::span<const SamplePtr> samples,
                                     GraphOptions options, LayoutOptions layout, QSizeF page,
                                     const Progress& progress)
{
    const double pageAspect = page.width() / std::max(page.height(), 1.0);
    // One painter per layout, sharing it: a candidate is measured, never copied.
    const auto printed = [&](const GraphLayoutPtr& l) {
        const GraphPainter painter(l);
        return painter.smallestTextPixels() * pageScale(painter.pictureRect(), page);
    };
    // The title and the legend take room the packer does not see: a drawing somewhat wider than the page
    // often prints larger. The shape whose smallest text prints largest wins.
    const auto layOut = [&](const GraphSpecPtr& spec) -> Result<GraphLayoutPtr> {
        std::optional<Result<GraphLayoutPtr>> best;
        double bestPoints = -1;
        for (const double stretch : {1.0, 1.3, 1.7}) {
            layout.aspect = pageAspect * stretch;
            Result<GraphLayoutPtr> r = layoutGraph(spec, layout, progress);
            if (!r)
                return r;
            const double points = printed(*r);
            if (points > bestPoints + 1e-9) {
                bestPoints = points;
                best = std::move(r);
            }
        }
        return std::move(*best);
    };
    struct Step
    {
        QString note;
        std::function<void(GraphOptions&)> fold;
    };
    const std::vector<Step> steps{
        {QCoreApplication::translate("numasight::GraphExport", "CPUs folded into one range per node"),
         [](GraphOptions& o) {
             o.cpuRangeLimit = 1;
             o.showCaches = false;
         }},
        {QCoreApplication::translate("numasight::GraphExport", "4 processes per box"),
         [](GraphOptions& o) {
             o.processesPerNode = o.processesPerNode == 0 ? 4 : std::min(o.processesPerNode, 4);
         }},
        {QCoreApplication::translate("numasight::GraphExport", "2 processes per box"),
         [](GraphOptions& o) { o.processesPerNode = std::min(o.processesPerNode, 2); }},
        {QCoreApplication::translate("numasight::GraphExport", "threads and PCI devices hidden"),
         [](GraphOptions& o) {
             o.hiddenKinds << EntityKind::Thread << EntityKind::PciDevice << EntityKind::OsDevice;
         }}};
    QStringList folded;
    GraphSpecPtr spec = buildGraph(snapshot, options, samples);
    Result<GraphLayoutPtr> best = layOut(spec);
    for (const Step& step : steps) {
        if (!best || printed(*best) >= kMinPagePoints - 1e-9 || progress.isCancelled())
            break;
        step.fold(options);
        GraphSpecPtr next = buildGraph(snapshot, options, samples);
        // A step that folds nothing here (no processes, no threads) is neither laid out nor mentioned.
        if (next->nodes.size() == spec->nodes.size() && next->clusters.size() == spec->clusters.size())
            continue;
        spec = std::move(next);
        folded << step.note;
        best = layOut(spec);
    }
    if (!best || folded.isEmpty())
        return best;
    auto noted = std::make_shared<GraphLayout>(**best);
    noted->notes << QCoreApplication::translate("numasight::GraphExport", "to fit the page: %1")
                        .arg(folded.join(QStringLiteral(", ")));
    return GraphLayoutPtr(std::move(noted));
}

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
        return exportError(path, QCoreApplication::translate("numasight::GraphExport",
                                                             "nothing to export: the layout has no graph"));
    if (options.format == GraphExportFormat::Png &&
        (options.dpi < kMinExportDpi || options.dpi > kMaxExportDpi))
        return exportError(
            path, QCoreApplication::translate("numasight::GraphExport",
                                              "a PNG resolution of %1 dpi is out of range: use %2 to %3")
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
            return exportError(path, QCoreApplication::translate(
                                         "numasight::GraphExport",
                                         "a PNG of %1×%2 pixels at %3 dpi is too large: use %4 dpi or "
                                         "less, or export SVG or PDF, which scale without limit")
                                         .arg(size.width())
                                         .arg(size.height())
                                         .arg(options.dpi)
                                         .arg(std::max(fitting, 1)));
        }
        // Drawn before the file is opened, so an image that cannot be allocated leaves no empty file.
        image = QImage(size, QImage::Format_RGB32); // opaque: the PNG stores no alpha channel
        if (image.isNull())
            return exportError(
                path, QCoreApplication::translate("numasight::GraphExport",
                                                  "not enough memory for a %1×%2 PNG: use a lower dpi")
                          .arg(size.width())
                          .arg(size.height()));
        image.fill(Qt::white);
        image.setDotsPerMeterX(int(std::lround(options.dpi / 0.0254)));
        image.setDotsPerMeterY(int(std::lround(options.dpi / 0.0254)));
        QPainter p(&image);
        paintPicture(&p, graph, options.dpi / 72.0);
    }

    return writeExportFile(path, [&](QIODevice& file) -> QString {
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
            svg.setDescription(
                layout.engine == kPackedEngine
                    ? QCoreApplication::translate("numasight::GraphExport",
                                                  "numasight %1 graph, boxes packed by numasight (packed), "
                                                  "edges routed by Graphviz")
                          .arg(graphViewName(layout.spec->view))
                    : QCoreApplication::translate("numasight::GraphExport",
                                                  "numasight %1 graph, laid out by Graphviz %2")
                          .arg(graphViewName(layout.spec->view), layout.engine));
            QPainter p;
            if (!p.begin(&svg))
                return QCoreApplication::translate("numasight::GraphExport", "cannot start the SVG writer");
            paintPicture(&p, graph, 1.0);
            p.end();
            break;
        }
        case GraphExportFormat::Pdf: {
            // PDF readers refuse pages over 200 inches (14400 points) a side; a wide machine graph is scaled
            // down to fit, which costs nothing in a vector picture. On a given paper, the picture is scaled
            // to the page inside its margins and centred.
            const bool onPaper = options.page.isValid() && !options.page.isEmpty();
            const double fit =
                onPaper ? graphPageScale(layout, options.page)
                        : std::min(1.0, kMaxPdfPoints / std::max(picture.width(), picture.height()));
            const QSizeF page = onPaper ? options.page : picture.size() * fit;
            QPdfWriter pdf(&file);
            pdf.setCreator(QStringLiteral("numasight"));
            pdf.setTitle(layout.spec->title);
            pdf.setPageSize(QPageSize(page, QPageSize::Point, QString(), QPageSize::ExactMatch));
            pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
            pdf.setResolution(1200);
            QPainter p;
            if (!p.begin(&pdf))
                return QCoreApplication::translate("numasight::GraphExport", "cannot start the PDF writer");
            const double dots = pdf.resolution() / 72.0;
            p.translate((page.width() - picture.width() * fit) / 2 * dots,
                        (page.height() - picture.height() * fit) / 2 * dots);
            paintPicture(&p, graph, fit * dots);
            p.end();
            break;
        }
        case GraphExportFormat::Png:
            if (!image.save(&file, "PNG"))
                return QCoreApplication::translate("numasight::GraphExport", "cannot encode the PNG: %1")
                    .arg(file.errorString());
            break;
        case GraphExportFormat::Dot: {
            const QByteArray dot = toDot(*layout.spec, layout.engine.isEmpty() ? QStringView(u"dot")
                                                                               : QStringView(layout.engine));
            if (file.write(dot) != dot.size())
                return QCoreApplication::translate("numasight::GraphExport", "cannot write: %1")
                    .arg(file.errorString());
            break;
        }
        }
        return QString();
    });
}

} // namespace numasight
