// SPDX-License-Identifier: GPL-3.0-or-later
// numasight-export: draws the topology graph to SVG, PNG, PDF or DOT with the GUI's own painter, and the
// heatmaps and node matrices to PNG, PDF or SVG with the GUI's own QCustomPlot widget. numasight-cli runs it
// for `export` (it cannot draw itself: it links no Qt Gui, so it runs on servers without one); it takes the
// same arguments and runs headless on the offscreen platform unless told otherwise.
#include "cli/cli_support.h"
#include "report/export_build.h"
#include "report/export_command_line.h"
#include "report/export_write.h"
#include "report/terminal_line.h"
#include "report_main.h"
#include "util/translation.h"
#include "version.h"
#include "views/graph/graph_export.h"
#include "views/heatmap/heatmap_export.h"

#include <QApplication>
#include <QTemporaryDir>
#include <QTextStream>

#include <memory>

namespace {

// Messages carry the name the user typed: numasight-cli when it ran us for `export`.
QString g_prefix = QStringLiteral("numasight-export");

void fail(const QString& line)
{
    QTextStream(stderr) << g_prefix << ": " << numasight::terminalLine(line) << '\n';
}

int exportHeatmap(const numasight::ExportRequest& request, const numasight::Progress& progress)
{
    using namespace numasight;
    const ExportHeatmap heatmap = buildExportHeatmap(request, progress);
    if (!heatmap.nodes && !heatmap.matrix) {
        fail(heatmap.error);
        return heatmap.exitCode;
    }
    if (progress.isCancelled())
        return Cancelled;
    const auto format = heatmapExportFormatFromName(request.format);
    if (!format) {
        fail(numasight::cli::Cli::tr("--format '%1' is unknown: use png, pdf, svg or csv")
                 .arg(request.format));
        return Usage;
    }
    // The same picture the heatmaps tab draws, every row the request keeps.
    const HeatmapPicture picture =
        heatmap.nodes ? nodeHeatmapPicture(*heatmap.nodes, heatmap.rows) : matrixPicture(*heatmap.matrix);
    // A PNG is --size pixels; an explicit --dpi prints it at that resolution (96 dpi is the screen's).
    const double scale = request.dpiSet && *format == HeatmapExportFormat::Png ? request.dpi / 96.0 : 1.0;
    const Result<qint64> written =
        exportHeatmapPicture(picture, request.output, *format, request.size, scale);
    if (!written) {
        if (written.error().cancelled)
            return Cancelled;
        fail(written.error().toString());
        return Failed;
    }
    return Ok;
}

} // namespace

int main(int argc, char** argv)
{
    using namespace numasight;
    // No display is needed to draw into a file; a user's own QT_QPA_PLATFORM still wins.
    // As numasight-cli: hwloc's banners are not the export's messages.
    if (qEnvironmentVariableIsEmpty("HWLOC_HIDE_ERRORS"))
        qputenv("HWLOC_HIDE_ERRORS", "2");
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    // Qt wants a private runtime folder and warns on every run without one; a headless server often has
    // none (no login session), so the helper brings its own for its lifetime.
    std::unique_ptr<QTemporaryDir> runtimeDir;
    if (qEnvironmentVariableIsEmpty("XDG_RUNTIME_DIR")) {
        runtimeDir = std::make_unique<QTemporaryDir>();
        if (runtimeDir->isValid())
            qputenv("XDG_RUNTIME_DIR", QFile::encodeName(runtimeDir->path()));
    }
    const QByteArray caller = qgetenv("NUMASIGHT_EXPORT_CALLER");
    if (!caller.isEmpty())
        g_prefix = QString::fromLocal8Bit(caller);
    // Widgets, not just Gui: the heatmaps are drawn by QCustomPlot, a QWidget, exactly as on screen.
    QApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("numasight-export"));
    QCoreApplication::setApplicationVersion(versionWithGit());
    cli::catchInterrupt();
    installTranslations(languageLocale({}));

    // numasight-cli report runs us as `numasight-export report …`.
    const QStringList arguments = QCoreApplication::arguments();
    if (arguments.size() > 1 && arguments.at(1) == u"report")
        return runReportExport(arguments.mid(0, 1) + arguments.mid(2), fail);

    const ExportCommandLine line = parseExportCommandLine(arguments);
    if (!line.request) {
        if (!line.help.isEmpty())
            QTextStream(stdout) << line.help;
        if (!line.error.isEmpty())
            fail(line.error);
        return line.exitCode;
    }
    const ExportRequest& request = *line.request;
    Progress progress;
    progress.cancelled = [] { return cli::interrupted(); };
    // The numbers of a heatmap need no drawing: written as numasight-cli writes them.
    if (request.format == u"csv")
        return writeExportCsv(request, progress, fail);
    if (request.format == u"json")
        return writeExportLayoutJson(request, progress, fail);
    if (request.view != ExportView::Graph)
        return exportHeatmap(request, progress);

    const ExportGraph graph = buildExportGraph(request, progress);
    if (!graph.spec) {
        fail(graph.error);
        return graph.exitCode;
    }
    // What the graph leaves out, beside the messages: the picture alone would not say it.
    for (const QString& note : graph.spec->hiddenNotes)
        fail(QStringLiteral("note: ") + note);
    const auto format = graphExportFormatFromName(request.format);
    if (!format) {
        fail(QStringLiteral("--format '%1' is unknown: use svg, png, pdf or dot").arg(request.format));
        return Usage;
    }
    const auto page = pageSizeFromName(request.page);
    const Result<GraphLayoutPtr> layout =
        page ? layoutForPage(*graph.snapshot, graph.samples, request.options, exportLayoutOptions(request),
                             *page, progress)
             : layoutGraph(graph.spec, exportLayoutOptions(request), progress);
    if (!layout) {
        fail(layout.error().toString());
        return layout.error().cancelled || cli::interrupted() ? Cancelled : Failed;
    }
    if (cli::interrupted())
        return Cancelled;
    // What the picture leaves out or had to give up is said, not left to be found missing.
    for (const QString& note : (*layout)->notes)
        fail(QStringLiteral("note: ") + note);
    GraphExportOptions options;
    options.format = *format;
    options.dpi = request.dpi;
    if (page && options.format == GraphExportFormat::Pdf)
        options.page = *page;
    const Result<qint64> written = exportGraph(**layout, request.output, options);
    if (!written) {
        if (written.error().cancelled)
            return Cancelled;
        fail(written.error().toString());
        return Failed;
    }
    return Ok;
}
