// SPDX-License-Identifier: GPL-3.0-or-later
#include "capture/capture_writer.h"
#include "cli_support.h"
#include "commands.h"
#include "fleet/fleet.h"
#include "report/output_file.h"

#include <QCommandLineParser>
#include <QFileInfo>

namespace numasight::cli {

namespace {
// FILE=NAME: a path that exists as written is a file even when it holds '=' (NAME then cannot be given for
// it); otherwise the text after the last '=' is the name.
MergeInput mergeOperand(const QString& operand)
{
    MergeInput input;
    input.path = operand;
    const qsizetype eq = operand.lastIndexOf(QLatin1Char('='));
    if (eq > 0 && !QFileInfo::exists(operand)) {
        input.path = operand.left(eq);
        input.name = operand.mid(eq + 1);
    }
    return input;
}
} // namespace

CommandLineSpec mergeCommandLine()
{
    CommandLineSpec spec;
    spec.setApplicationDescription(Cli::tr(
        "Merge the captures of several hosts into one fleet capture: each host in a namespace of its own "
        "(its "
        "host name plus machine id), its topology, snapshots and samples kept exactly. Open it in the window "
        "(Hosts tab) or pass --host to info, advise and diff. See docs/fleet.md."));
    spec.addOption({{QStringLiteral("o"), QStringLiteral("output")},
                    Cli::tr("The fleet capture to write (.numasight)."),
                    QStringLiteral("OUT")});
    spec.addPositionalArgument(QStringLiteral("FILE"),
                               Cli::tr("A capture, witty-profiler JSON or hwloc XML of one host (or a fleet "
                                       "capture); FILE=NAME names the host when the file does not say it, or "
                                       "to tell two hosts of one name apart."),
                               QStringLiteral("FILE[=NAME]…"));
    spec.repeatable << QStringLiteral("FILE");
    return spec;
}

int runMerge(const QStringList& args)
{
    QCommandLineParser parser;
    mergeCommandLine().applyTo(parser);
    if (const auto stop = parseCommandLine(parser, args))
        return *stop;
    const QStringList operands = parser.positionalArguments();
    const QString out = parser.value(QStringLiteral("output"));
    if (operands.size() < 2 || out.isEmpty()) {
        printError(Cli::tr("usage: numasight-cli merge FILE[=NAME] FILE[=NAME]... -o OUT.numasight (two "
                           "inputs at least)"));
        return Usage;
    }
    if (isStandardOutput(out)) {
        printError(
            Cli::tr("a capture is an SQLite file and cannot go to standard output: name a file with -o"));
        return Usage;
    }
    std::vector<MergeInput> inputs;
    for (const QString& operand : operands) {
        MergeInput input = mergeOperand(operand);
        if (input.name.trimmed().isEmpty() && operand.endsWith(QLatin1Char('=')) &&
            !QFileInfo::exists(operand)) {
            printError(Cli::tr("%1: the name after '=' is empty").arg(input.path));
            return Usage;
        }
        if (input.path != QLatin1String(":local:") && sameFile(input.path, out)) {
            printError(Cli::tr("%1: input and output are the same file").arg(out));
            return Usage;
        }
        inputs.push_back(std::move(input));
    }
    for (MergeInput& input : inputs) {
        int exitCode = Ok;
        input.capture = readInputFile(input.path, &exitCode);
        if (!input.capture)
            return exitCode;
    }
    auto merged =
        mergeCaptures(inputs, terminalProgress(Cli::tr("Merging %n hosts", "", int(inputs.size()))));
    if (!merged) {
        printError(merged.error().toString());
        return merged.error().cancelled ? Cancelled : Failed;
    }
    if (const auto error = writeCaptureFile(
            **merged, out, terminalProgress(Cli::tr("Writing %1").arg(QFileInfo(out).fileName())))) {
        printError(error->toString());
        return error->cancelled ? Cancelled : Failed;
    }
    return Ok;
}

} // namespace numasight::cli
