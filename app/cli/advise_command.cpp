// SPDX-License-Identifier: GPL-3.0-or-later
#include "advice/advice.h"
#include "cli_support.h"
#include "commands.h"
#include "fleet/fleet.h"
#include "util/format.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

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
    if (!input.hosts.empty()) {
        // A fleet: each host is advised on as its own recording, and every finding and command says which
        // host it is about.
        if (input.snapshot >= 0 && !input.scoped) {
            printError(Cli::tr("%1 is a fleet: --snapshot counts one host's snapshots, so name the host with "
                               "--host")
                           .arg(input.path));
            return Usage;
        }
        QJsonArray hosts;
        QString text;
        for (const CaptureHost& host : input.hosts) {
            const CapturePtr scoped = input.scoped ? input.capture : scopeToHost(*input.capture, host);
            if (input.snapshot >= int(scoped->snapshots.size())) {
                printError(pluralized(Cli::tr("%1: host %2 has %n snapshot(s); --snapshot counts from 0", "",
                                              int(scoped->snapshots.size())),
                                      qint64(scoped->snapshots.size()))
                               .arg(input.path, host.name));
                return Usage;
            }
            AdvicePtr advice = advise(*scoped, input.snapshot);
            if (!advice)
                continue;
            auto named = std::make_shared<Advice>(*advice);
            named->host = host.name;
            if (input.json)
                hosts.append(adviceJson(*named));
            else
                text += (text.isEmpty() ? QString() : QStringLiteral("\n")) + adviceText(*named);
        }
        if (input.json)
            return printOutput(
                QJsonDocument(QJsonObject{{QStringLiteral("hosts"), hosts}}).toJson(QJsonDocument::Indented));
        return printOutput(text.toUtf8());
    }
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
