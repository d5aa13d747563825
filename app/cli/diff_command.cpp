// SPDX-License-Identifier: GPL-3.0-or-later
#include "advice/capture_diff.h"
#include "cli_support.h"
#include "commands.h"

#include <QCommandLineParser>
#include <QJsonDocument>

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
    // The paths as given: two files often share a name (before/graph.json, after/graph.json).
    const CaptureDiffPtr diff = diffCaptures(*a, *b, files[0], files[1]);
    return printOutput(parser.isSet(QStringLiteral("json"))
                           ? QJsonDocument(diffJson(*diff)).toJson(QJsonDocument::Indented)
                           : diffText(*diff, parser.isSet(QStringLiteral("all"))).toUtf8());
}

} // namespace numasight::cli
