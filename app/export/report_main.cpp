// SPDX-License-Identifier: GPL-3.0-or-later
#include "report_main.h"

#include "cli/cli_support.h"
#include "readers/open_input.h"
#include "report/exit_code.h"
#include "report/export_build.h"
#include "report/report_command_line.h"
#include "views/report/report.h"

#include <QFileInfo>
#include <QTextStream>

namespace numasight {

int runReportExport(const QStringList& args, const std::function<void(const QString&)>& fail)
{
    const ReportCommandLine line = parseReportCommandLine(args);
    if (!line.run) {
        if (!line.help.isEmpty())
            QTextStream(stdout) << line.help;
        if (!line.error.isEmpty())
            fail(line.error);
        return line.exitCode;
    }
    const auto stopped = [](const LoadError& error) { return error.cancelled || cli::interrupted(); };
    ReportInput input;
    input.path = line.input;
    input.comparePath = line.compare;
    input.snapshot = line.snapshot;
    for (const auto& [path, into] :
         {std::pair{line.input, &input.capture}, std::pair{line.compare, &input.compare}}) {
        if (path.isEmpty())
            continue;
        auto loaded = openInput(
            path, cli::terminalProgress(cli::Cli::tr("Reading %1").arg(QFileInfo(path).fileName())));
        if (!loaded) {
            fail(loaded.error().toString());
            return stopped(loaded.error()) ? Cancelled : Failed;
        }
        *into = std::move(loaded).value();
    }
    // As export: a snapshot past the end is a bad command line.
    if (line.snapshot >= int(input.capture->snapshots.size())) {
        fail(snapshotOutOfRange(line.input, line.snapshot, input.capture->snapshots.size()));
        return Usage;
    }
    const Result<Report> report = buildReport(
        input, cli::terminalProgress(
                   cli::Cli::tr("Drawing the report of %1").arg(QFileInfo(line.input).fileName())));
    if (!report) {
        fail(report.error().toString());
        return stopped(report.error()) ? Cancelled : Failed;
    }
    if (cli::interrupted())
        return Cancelled;
    const Result<qint64> written = writeReport(*report, line.output);
    if (!written) {
        fail(written.error().toString());
        return stopped(written.error()) ? Cancelled : Failed;
    }
    return cli::interrupted() ? Cancelled : Ok;
}

} // namespace numasight
