// SPDX-License-Identifier: GPL-3.0-or-later
#include "advice/capture_diff.h"
#include "cli_support.h"
#include "commands.h"
#include "fleet/fleet.h"

#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace numasight::cli {

namespace {

// Reads one side; prints the reader's error (which names the file) and returns null when it fails.
CapturePtr readSide(const QString& path, int* exitCode)
{
    CapturePtr capture = readInputFile(path, exitCode);
    if (capture && capture->snapshots.empty()) {
        printError(Cli::tr("%1: the file holds no snapshot: nothing to compare").arg(path));
        *exitCode = Failed;
        return nullptr;
    }
    return capture;
}

} // namespace

CommandLineSpec diffCommandLine()
{
    CommandLineSpec spec;
    spec.setApplicationDescription(Cli::tr(
        "Compare two captures of the same workload (say, before and after a re-binding): per process and "
        "thread, where its CPU time and pages moved between NUMA nodes, and how its traffic changed. See "
        "docs/compare.md."));
    spec.addOption({QStringLiteral("json"), Cli::tr("Print every row as JSON.")});
    spec.addOption(
        {QStringLiteral("all"), Cli::tr("List every row, not only those that changed by 5 % or more.")});
    spec.addOption({QStringLiteral("host"), hostOptionHelp(), QStringLiteral("NAME")});
    spec.addPositionalArgument(QStringLiteral("A"), Cli::tr("The capture before, or :local:"));
    spec.addPositionalArgument(QStringLiteral("B"), Cli::tr("The capture after, or :local:"));
    return spec;
}

int runDiff(const QStringList& args)
{
    QCommandLineParser parser;
    diffCommandLine().applyTo(parser);
    if (const auto stop = parseCommandLine(parser, args))
        return *stop;
    const QStringList files = parser.positionalArguments();
    if (files.size() != 2) {
        printError(Cli::tr("diff takes exactly two files A and B; run 'numasight-cli diff --help'"));
        return Usage;
    }

    int exitCode = Ok;
    const CapturePtr a = readSide(files[0], &exitCode);
    if (!a)
        return exitCode;
    const CapturePtr b = readSide(files[1], &exitCode);
    if (!b)
        return exitCode;
    const bool json = parser.isSet(QStringLiteral("json"));
    const bool all = parser.isSet(QStringLiteral("all"));
    const QString host =
        parser.isSet(QStringLiteral("host")) ? parser.value(QStringLiteral("host")) : QString();
    const std::vector<CaptureHost> hostsA = captureHosts(*a), hostsB = captureHosts(*b);
    if (hostsA.empty() && hostsB.empty()) {
        if (!host.isNull()) {
            printError(Cli::tr("neither %1 nor %2 is a fleet: --host is for captures made by 'numasight-cli "
                               "merge'")
                           .arg(files[0], files[1]));
            return Usage;
        }
        // The paths as given: two files often share a name (before/graph.json, after/graph.json).
        const CaptureDiffPtr diff = diffCaptures(*a, *b, files[0], files[1]);
        return printOutput(json ? QJsonDocument(diffJson(*diff)).toJson(QJsonDocument::Indented)
                                : diffText(*diff, all).toUtf8());
    }
    // Fleets: host by host. --host picks one (a side that is one machine is that host); without it both
    // sides must be fleets, and the hosts they share (by name) are compared.
    struct Pair
    {
        QString name;
        CapturePtr a, b;
    };
    std::vector<Pair> pairs;
    const auto side = [&](const QString& path, const CapturePtr& capture,
                          const std::vector<CaptureHost>& hosts, const QString& name,
                          CapturePtr* out) -> std::optional<int> {
        if (hosts.empty()) {
            *out = capture;
            return std::nullopt;
        }
        std::vector<CaptureHost> ignored;
        *out = capture;
        return scopeToHostOption(path, name, out, &ignored);
    };
    if (!host.isNull()) {
        Pair pair{host, nullptr, nullptr};
        if (const auto stop = side(files[0], a, hostsA, host, &pair.a))
            return *stop;
        if (const auto stop = side(files[1], b, hostsB, host, &pair.b))
            return *stop;
        pairs.push_back(std::move(pair));
    } else if (hostsA.empty() || hostsB.empty()) {
        printError(
            Cli::tr("%1 is a fleet and %2 is one machine: name the fleet's host to compare with --host")
                .arg(hostsA.empty() ? files[1] : files[0], hostsA.empty() ? files[0] : files[1]));
        return Usage;
    } else {
        for (const CaptureHost& h : hostsA) {
            const int other = findHost(hostsB, h.name);
            if (other >= 0)
                pairs.push_back({h.name, scopeToHost(*a, h), scopeToHost(*b, hostsB[size_t(other)])});
        }
        if (pairs.empty()) {
            printError(Cli::tr("%1 and %2 share no host name: nothing to compare").arg(files[0], files[1]));
            return Failed;
        }
    }
    QJsonArray hosts;
    QString text;
    for (const Pair& pair : pairs) {
        if (pair.a->snapshots.empty() || pair.b->snapshots.empty())
            continue;
        const CaptureDiffPtr diff = diffCaptures(*pair.a, *pair.b, files[0], files[1]);
        if (json) {
            QJsonObject o = diffJson(*diff);
            o.insert(QStringLiteral("host"), pair.name);
            hosts.append(o);
        } else {
            text += (text.isEmpty() ? QString() : QStringLiteral("\n")) + Cli::tr("Host: %1").arg(pair.name) +
                    QLatin1Char('\n') + diffText(*diff, all);
        }
    }
    return printOutput(
        json ? QJsonDocument(QJsonObject{{QStringLiteral("hosts"), hosts}}).toJson(QJsonDocument::Indented)
             : text.toUtf8());
}

} // namespace numasight::cli
