#include "commands.h"
#include "export_request.h"
#include "heatmap_csv_export.h"
#include "report/heatmap_csv.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QSaveFile>
#include <QTextStream>

namespace numasight::cli {

namespace {

// Drawing needs Qt Gui, which numasight-cli must not link: the helper beside it does the drawing.
constexpr const char* kHelper = "numasight-export";

int writeDot(const ExportRequest& request)
{
    const ExportGraph graph = buildExportGraph(
        request, terminalProgress(QStringLiteral("Reading %1").arg(QFileInfo(request.input).fileName())));
    if (!graph.spec) {
        printError(graph.error);
        return graph.exitCode;
    }
    QSaveFile file(request.output);
    const QByteArray dot = toDot(*graph.spec, request.engine);
    if (!file.open(QIODevice::WriteOnly) || file.write(dot) != dot.size() || !file.commit()) {
        printError(QStringLiteral("%1: cannot write: %2").arg(request.output, file.errorString()));
        return Failed;
    }
    return Ok;
}

// The numbers of a heatmap or matrix, by the core CSV writer: no drawing, so no helper.
int writeCsv(const ExportRequest& request)
{
    const ExportHeatmap heatmap = buildExportHeatmap(
        request, terminalProgress(QStringLiteral("Reading %1").arg(QFileInfo(request.input).fileName())));
    if (!heatmap.nodes && !heatmap.matrix) {
        printError(heatmap.error);
        return heatmap.exitCode;
    }
    const QByteArray csv = heatmap.nodes
                               ? heatmapCsv(*heatmap.nodes)
                               : matrixCsv(*heatmap.matrix, request.order == MatrixOrder::ByDistance);
    QSaveFile file(request.output);
    if (!file.open(QIODevice::WriteOnly) || file.write(csv) != csv.size() || !file.commit()) {
        printError(QStringLiteral("%1: cannot write: %2").arg(request.output, file.errorString()));
        return Failed;
    }
    return Ok;
}

} // namespace

int runExport(const QStringList& args)
{
    // `--format csv` of a heatmap or matrix view is written by core alone (heatmap_csv_export.cpp), with its
    // own options (stdout output, natural order by default).
    // --help is export's own: it documents graphs, heatmaps and CSV together.
    const bool help = args.contains(QStringLiteral("--help")) || args.contains(QStringLiteral("-h"));
    if (const auto code = help ? std::nullopt : runHeatmapCsvExport(args))
        return *code;
    const ExportCommandLine line = parseExportCommandLine(args);
    if (!line.request) {
        if (!line.help.isEmpty())
            QTextStream(stdout) << line.help;
        if (!line.error.isEmpty())
            printError(line.error);
        return line.exitCode;
    }
    if (line.request->format == u"dot")
        return writeDot(*line.request);
    if (line.request->format == u"csv")
        return writeCsv(*line.request);

    const QString helper = QDir(QCoreApplication::applicationDirPath()).filePath(QLatin1String(kHelper));
    if (!QFileInfo(helper).isExecutable()) {
        const bool graph = line.request->view == ExportView::Graph;
        printError(QStringLiteral("export --format %1 needs %2, which draws the %3, next to numasight-cli "
                                  "(looked for %4); install it with numasight (it needs Qt Gui, which "
                                  "numasight-cli does not load), or use --format %5")
                       .arg(line.request->format, QLatin1String(kHelper),
                            graph ? QStringLiteral("graph") : QStringLiteral("heatmaps"), helper,
                            graph ? QStringLiteral("dot") : QStringLiteral("csv")));
        return Failed;
    }
    QProcess process;
    process.setProgram(helper);
    process.setArguments(args.mid(1));
    // Its output is the command's own: the user sees one tool, with one name in its messages.
    process.setProcessChannelMode(QProcess::ForwardedChannels);
    process.setInputChannelMode(QProcess::ForwardedInputChannel);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("NUMASIGHT_EXPORT_CALLER"), QStringLiteral("numasight-cli"));
    process.setProcessEnvironment(env);
    process.start();
    if (!process.waitForStarted(-1)) {
        printError(QStringLiteral("cannot run %1: %2").arg(helper, process.errorString()));
        return Failed;
    }
    process.waitForFinished(-1);
    if (process.exitStatus() != QProcess::NormalExit) {
        // Ctrl-C reaches the helper too (same process group): that is an interruption, not a crash.
        if (interrupted())
            return Cancelled;
        printError(QStringLiteral("%1 stopped unexpectedly (%2); %3 was not written")
                       .arg(QLatin1String(kHelper), process.errorString(), line.request->output));
        return Failed;
    }
    return process.exitCode();
}

} // namespace numasight::cli
