#include "advice/advice.h"
#include "commands.h"

#include <QCommandLineParser>
#include <QJsonDocument>
#include <QTextStream>

namespace numasight::cli {

int runAdvise(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Find where a workload runs away from its memory or its accelerators, and print the commands that "
        "would move it (nothing is applied). See docs/advice.md."));
    parser.addHelpOption();
    parser.addOption({QStringLiteral("json"), QStringLiteral("Print findings and suggestions as JSON.")});
    parser.addOption({QStringLiteral("snapshot"),
                      QStringLiteral("Advise on snapshot N (0-based; default: the last, with every sample)."),
                      QStringLiteral("N")});
    parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("Input file, or :local:"));
    if (const auto stop = parseCommandLine(parser, args))
        return *stop;
    const QStringList files = parser.positionalArguments();
    if (files.size() != 1) {
        printError(QStringLiteral("advise takes exactly one FILE; run 'numasight-cli advise --help'"));
        return Usage;
    }
    int snapshot = -1;
    if (!snapshotOption(parser, &snapshot))
        return Usage;

    const QString path = files.first();
    int exitCode = Ok;
    const CapturePtr loaded = readInputFile(path, &exitCode);
    if (!loaded)
        return exitCode;
    const Capture& capture = *loaded;
    if (capture.snapshots.empty()) {
        printError(QStringLiteral("%1: the file holds no snapshot: nothing to advise on").arg(path));
        return Failed;
    }
    if (snapshot >= int(capture.snapshots.size())) {
        printError(QStringLiteral("%1: --snapshot %2 is out of range: the file holds %3 snapshot(s)")
                       .arg(path)
                       .arg(snapshot)
                       .arg(capture.snapshots.size()));
        return Usage;
    }
    const AdvicePtr advice = advise(capture, snapshot);
    if (!advice) {
        printError(QStringLiteral("%1: no snapshot to advise on").arg(path));
        return Failed;
    }
    QTextStream out(stdout);
    if (parser.isSet(QStringLiteral("json")))
        out << QJsonDocument(adviceJson(*advice)).toJson(QJsonDocument::Indented);
    else
        out << adviceText(*advice);
    return Ok;
}

} // namespace numasight::cli
