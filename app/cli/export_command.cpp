// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli_support.h"
#include "commands.h"
#include "report/export_command_line.h"
#include "report/export_write.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QTextStream>

#include <csignal>
#include <sys/prctl.h>
#include <unistd.h>

namespace numasight::cli {

namespace {

// Drawing needs Qt Gui, which numasight-cli must not link: the helper beside it does the drawing.
constexpr const char* kHelper = "numasight-export";

// Beside numasight-cli in a build tree; in libexec once installed (bin/../libexec/numasight/).
QString helperPath()
{
    const QDir here(QCoreApplication::applicationDirPath());
    const QString beside = here.filePath(QLatin1String(kHelper));
    if (QFileInfo(beside).isExecutable())
        return beside;
    const QString installed =
        QDir::cleanPath(here.filePath(QStringLiteral("../") + QLatin1String(NUMASIGHT_EXPORT_HELPER_DIR) +
                                      QLatin1Char('/') + QLatin1String(kHelper)));
    return QFileInfo(installed).isExecutable() ? installed : beside;
}

// Runs the helper with the same arguments; its output and exit code are the command's own.
int runHelper(const ExportRequest& request, const QStringList& args)
{
    const QString helper = helperPath();
    if (!QFileInfo(helper).isExecutable()) {
        const bool graph = request.view == ExportView::Graph;
        printError(Cli::tr("export --format %1 needs %2, which draws the %3, next to numasight-cli "
                           "(looked for %4); install it with numasight (it needs Qt Gui, which "
                           "numasight-cli does not load), or use --format %5")
                       .arg(request.format, QLatin1String(kHelper),
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
    // The helper dies with numasight-cli, however that ends (kill -9 included): a drawing nobody waits
    // for must not appear later. SIGTERM makes it remove its temporary file first.
    const pid_t parent = ::getpid();
    process.setChildProcessModifier([parent] {
        ::prctl(PR_SET_PDEATHSIG, SIGTERM);
        if (::getppid() != parent) // the parent was gone before the line above
            ::_exit(Terminated);
    });
    process.start();
    if (!process.waitForStarted(-1)) {
        printError(Cli::tr("cannot run %1: %2").arg(helper, process.errorString()));
        return Failed;
    }
    setHelperProcess(process.processId());
    // Ctrl-C sent to numasight-cli alone (not to its process group) must stop the helper too.
    while (!process.waitForFinished(100) && process.state() != QProcess::NotRunning) {
        if (interrupted()) {
            process.terminate();
            if (!process.waitForFinished(5000)) {
                process.kill();
                process.waitForFinished(-1);
            }
            setHelperProcess(0);
            return Cancelled;
        }
    }
    setHelperProcess(0);
    if (interrupted())
        return Cancelled;
    if (process.exitStatus() != QProcess::NormalExit) {
        // Ctrl-C reaches the helper too (same process group): that is an interruption, not a crash.
        if (interrupted())
            return Cancelled;
        printError(Cli::tr("%1 stopped unexpectedly (%2); %3 was not written")
                       .arg(QLatin1String(kHelper), process.errorString(), request.output));
        return Failed;
    }
    return process.exitCode();
}

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
    return runHelper(request, args);
}

} // namespace numasight::cli
