// SPDX-License-Identifier: GPL-3.0-or-later
#include "advice/advice.h"
#include "cli_support.h"
#include "commands.h"

#include <QJsonDocument>

namespace numasight::cli {

namespace {
SnapshotCommand adviseCommand()
{
    return SnapshotCommand{
        QStringLiteral("advise"),
        Cli::tr("Find where a workload runs away from its memory or its accelerators, and print the "
                "commands that would move it (nothing is applied). See docs/advice.md."),
        Cli::tr("Print findings and suggestions as JSON."),
        Cli::tr("Advise on snapshot N (0-based; default: the last, with every sample).")};
}
} // namespace

CommandLineSpec adviseCommandLine()
{
    return snapshotCommandLine(adviseCommand());
}

int runAdvise(const QStringList& args)
{
    const SnapshotCommand command = adviseCommand();
    SnapshotInput input;
    if (const auto stop = readSnapshotInput(command, args, &input))
        return *stop;
    if (input.capture->snapshots.empty()) {
        printError(Cli::tr("%1: the file holds no snapshot: nothing to advise on").arg(input.path));
        return Failed;
    }
    if (!snapshotInRange(input))
        return Usage;
    const AdvicePtr advice = advise(*input.capture, input.snapshot);
    if (!advice) {
        printError(Cli::tr("%1: no snapshot to advise on").arg(input.path));
        return Failed;
    }
    return printOutput(input.json ? QJsonDocument(adviceJson(*advice)).toJson(QJsonDocument::Indented)
                                  : adviceText(*advice).toUtf8());
}

} // namespace numasight::cli
