// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli_support.h"
#include "commands.h"
#include "report/info_json.h"
#include "util/printable_text.h"

#include <QJsonDocument>

namespace numasight::cli {

namespace {
SnapshotCommand infoCommand()
{
    return SnapshotCommand{
        QStringLiteral("info"),
        Cli::tr("Describe a capture, a witty-profiler graph (plain, envelope or JSON Lines) or an hwloc "
                "XML topology. FILE ':local:' reads this machine."),
        Cli::tr("Print the stable JSON object (docs/cli.md)."),
        Cli::tr("Describe snapshot N (0-based; default: last).")};
}
} // namespace

CommandLineSpec infoCommandLine()
{
    return snapshotCommandLine(infoCommand());
}

int runInfo(const QStringList& args)
{
    const SnapshotCommand command = infoCommand();
    SnapshotInput input;
    if (const auto stop = readSnapshotInput(command, args, &input))
        return *stop;
    if (!input.hosts.empty() && !input.scoped) {
        if (input.snapshot >= 0) {
            printError(Cli::tr("%1 is a fleet: --snapshot counts one host's snapshots, so name the host with "
                               "--host")
                           .arg(input.path));
            return Usage;
        }
        return printOutput(input.json
                               ? QJsonDocument(fleetInfoJson(*input.capture)).toJson(QJsonDocument::Indented)
                               : printableText(fleetInfoText(*input.capture), LineBreaks::Keep).toUtf8());
    }
    if (!snapshotInRange(input))
        return Usage;
    return printOutput(
        input.json ? QJsonDocument(infoJson(*input.capture, input.snapshot)).toJson(QJsonDocument::Indented)
                   : printableText(infoText(*input.capture, input.snapshot), LineBreaks::Keep).toUtf8());
}

} // namespace numasight::cli
