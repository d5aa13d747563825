// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli_support.h"
#include "commands.h"
#include "drawing_helper.h"
#include "report/export_command_line.h"
#include "report/export_write.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QTextStream>

namespace numasight::cli {

namespace {

void printHiddenNote(const QString& line)
{
    printError(QStringLiteral("note: ") + line);
}

} // namespace

int runExport(const QStringList& args)
{
    const ExportCommandLine line = parseExportCommandLine(args);
    if (!line.request) {
        if (!line.help.isEmpty())
            QTextStream(stdout) << line.help;
        if (!line.error.isEmpty())
            printError(line.error);
        return line.exitCode;
    }
    const ExportRequest& request = *line.request;
    // DOT and CSV need no drawing: core writes them, and the CLI works without its helper.
    if (request.format == u"dot" || request.format == u"csv" || request.format == u"json") {
        const Progress progress =
            terminalProgress(Cli::tr("Reading %1").arg(QFileInfo(request.input).fileName()));
        // What the graph leaves out goes to stderr with the messages: stdout stays the file's (csv to -).
        if (request.format == u"json")
            return writeExportLayoutJson(request, progress, printError, printHiddenNote);
        return request.format == u"dot" ? writeExportDot(request, progress, printError, printHiddenNote)
                                        : writeExportCsv(request, progress, printError);
    }
    return runDrawingHelper(args.mid(1), request.output, [&request](const QString& helper) {
        const bool graph = request.view == ExportView::Graph;
        return Cli::tr("export --format %1 needs %2, which draws the %3, next to numasight-cli "
                       "(looked for %4); install it with numasight (it needs Qt Gui, which "
                       "numasight-cli does not load), or use --format %5")
            .arg(request.format, QLatin1String(kDrawingHelper),
                 graph ? QStringLiteral("graph") : QStringLiteral("heatmaps"), helper,
                 graph ? QStringLiteral("dot") : QStringLiteral("csv"));
    });
}

} // namespace numasight::cli
