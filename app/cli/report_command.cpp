// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli_support.h"
#include "commands.h"
#include "drawing_helper.h"
#include "report/report_command_line.h"

#include <QTextStream>

namespace numasight::cli {

int runReport(const QStringList& args)
{
    // Checked here first: a bad command line is said without starting the helper.
    const ReportCommandLine line = parseReportCommandLine(args);
    if (!line.run) {
        if (!line.help.isEmpty())
            QTextStream(stdout) << line.help;
        if (!line.error.isEmpty())
            printError(line.error);
        return line.exitCode;
    }
    return runDrawingHelper(
        QStringList{QStringLiteral("report")} + args.mid(1), line.output, [](const QString& helper) {
            return Cli::tr(
                       "report needs %1, which draws its pictures, next to numasight-cli (looked for %2); "
                       "install it with numasight (it needs Qt Gui, which numasight-cli does not load)")
                .arg(QLatin1String(kDrawingHelper), helper);
        });
}

} // namespace numasight::cli
