#include "commands.h"
#include "report/info_json.h"

#include <QCommandLineParser>
#include <QJsonDocument>
#include <QTextStream>

namespace numasight::cli {

int runInfo(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Describe a capture, a witty-profiler graph (plain, envelope or JSON Lines) or an hwloc XML "
        "topology. FILE ':local:' reads this machine."));
    parser.addHelpOption();
    parser.addOption({QStringLiteral("json"), QStringLiteral("Print the stable JSON object (docs/cli.md).")});
    parser.addOption({QStringLiteral("snapshot"),
                      QStringLiteral("Describe snapshot N (0-based; default: last)."), QStringLiteral("N")});
    parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("Input file, or :local:"));
    if (const auto stop = parseCommandLine(parser, args))
        return *stop;
    const QStringList files = parser.positionalArguments();
    if (files.size() != 1) {
        printError(QStringLiteral("info takes exactly one FILE; run 'numasight-cli info --help'"));
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
    if (snapshot >= int(capture.snapshots.size())) {
        printError(QStringLiteral("%1: --snapshot %2 is out of range: the file holds %3 snapshot(s)")
                       .arg(path)
                       .arg(snapshot)
                       .arg(capture.snapshots.size()));
        return Usage;
    }
    QTextStream out(stdout);
    if (parser.isSet(QStringLiteral("json")))
        out << QJsonDocument(infoJson(capture, snapshot)).toJson(QJsonDocument::Indented);
    else
        out << infoText(capture, snapshot);
    return Ok;
}

} // namespace numasight::cli
