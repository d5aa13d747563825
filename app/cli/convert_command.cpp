// SPDX-License-Identifier: GPL-3.0-or-later
#include "capture/capture_schema.h"
#include "capture/capture_writer.h"
#include "cli_support.h"
#include "commands.h"
#include "readers/witty_json_writer.h"
#include "report/output_file.h"

#include <QCommandLineParser>
#include <QFileInfo>
#include <QTextStream>

namespace numasight::cli {

namespace {
enum class Target
{
    Capture,
    Witty,
    WittyEnvelope,
    WittyLines,
    Unknown
};

Target targetFromName(const QString& name)
{
    if (name == QLatin1String("capture"))
        return Target::Capture;
    if (name == QLatin1String("witty") || name == QLatin1String("witty-json"))
        return Target::Witty;
    if (name == QLatin1String("witty-envelope"))
        return Target::WittyEnvelope;
    if (name == QLatin1String("witty-jsonl") || name == QLatin1String("jsonl"))
        return Target::WittyLines;
    return Target::Unknown;
}

Target targetFromPath(const QString& path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (QLatin1Char('.') + suffix == QLatin1String(kCaptureExtension) || suffix == QLatin1String("db"))
        return Target::Capture;
    if (suffix == QLatin1String("json"))
        return Target::Witty;
    if (suffix == QLatin1String("jsonl") || suffix == QLatin1String("ndjson"))
        return Target::WittyLines;
    return Target::Unknown;
}
} // namespace

CommandLineSpec convertCommandLine()
{
    CommandLineSpec spec;
    spec.setApplicationDescription(Cli::tr(
        "Convert between formats: witty-profiler JSON <-> capture (.numasight), hwloc XML -> capture, "
        "capture -> witty JSON. The output format follows OUT's extension unless --to is given."));
    spec.addOption({{QStringLiteral("o"), QStringLiteral("output")},
                    Cli::tr("Output file; - for standard output (witty JSON)."),
                    QStringLiteral("OUT")});
    spec.addOption({QStringLiteral("to"),
                    Cli::tr("Output format: capture, witty, witty-envelope, witty-jsonl."),
                    QStringLiteral("FORMAT")});
    spec.addOption({QStringLiteral("indent"), Cli::tr("Indent witty JSON output.")});
    spec.addPositionalArgument(QStringLiteral("IN"), Cli::tr("Input file, or :local:"));
    spec.choices.insert(QStringLiteral("to"),
                        {QStringLiteral("capture"), QStringLiteral("witty"), QStringLiteral("witty-envelope"),
                         QStringLiteral("witty-jsonl")});
    return spec;
}

int runConvert(const QStringList& args)
{
    QCommandLineParser parser;
    convertCommandLine().applyTo(parser);
    if (const auto stop = parseCommandLine(parser, args))
        return *stop;
    const QStringList inputs = parser.positionalArguments();
    const QString out = parser.value(QStringLiteral("output"));
    if (inputs.size() != 1 || out.isEmpty()) {
        printError(Cli::tr("usage: numasight-cli convert IN -o OUT [--to FORMAT]"));
        return Usage;
    }
    const bool toStdout = isStandardOutput(out);
    // "-o -" is standard output: witty JSON unless --to says otherwise.
    Target target = parser.isSet(QStringLiteral("to")) ? targetFromName(parser.value(QStringLiteral("to")))
                    : toStdout                         ? Target::Witty
                                                       : targetFromPath(out);
    if (target == Target::Unknown) {
        printError(
            parser.isSet(QStringLiteral("to"))
                ? Cli::tr("unknown --to format '%1': use capture, witty, witty-envelope or witty-jsonl")
                      .arg(parser.value(QStringLiteral("to")))
                : Cli::tr("%1: cannot tell the output format from the extension; name it %2, .json "
                          "or .jsonl, or pass --to")
                      .arg(out, QLatin1String(kCaptureExtension)));
        return Usage;
    }
    if (toStdout && target == Target::Capture) {
        printError(Cli::tr("a capture is an SQLite file and cannot go to standard output: name a file "
                           "with -o, or pass --to witty"));
        return Usage;
    }
    if (!toStdout && sameFile(inputs.first(), out)) {
        printError(Cli::tr("%1: input and output are the same file").arg(out));
        return Usage;
    }

    int exitCode = Ok;
    const CapturePtr loaded = readInputFile(inputs.first(), &exitCode);
    if (!loaded)
        return exitCode;
    const Capture& capture = *loaded;

    std::optional<LoadError> error;
    if (target == Target::Capture) {
        error = writeCaptureFile(capture, out,
                                 terminalProgress(Cli::tr("Writing %1").arg(QFileInfo(out).fileName())));
    } else {
        if (target == Target::Witty && capture.snapshots.size() > 1)
            target = Target::WittyLines; // one graph per line is the only witty form for several snapshots
        WittyWriteOptions options;
        options.envelope = target == Target::WittyEnvelope;
        options.indent = parser.isSet(QStringLiteral("indent")) && target != Target::WittyLines;
        error = writeWittyJsonFile(capture, out, options);
    }
    if (error) {
        printError(error->toString());
        return error->cancelled ? Cancelled : Failed;
    }
    return Ok;
}

} // namespace numasight::cli
