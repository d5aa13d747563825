// SPDX-License-Identifier: GPL-3.0-or-later
// numasight-cli: the headless front end. It links numasight_core only and runs on QCoreApplication, so it
// works over SSH on servers without a display or Qt Gui libraries.
#include "allocator.h"
#include "cli_support.h"
#include "commands.h"
#include "util/library_versions.h"
#include "util/translation.h"
#include "version.h"

#include <QCoreApplication>
#include <QTextStream>

#include <cstdio>

namespace numasight::cli {

namespace {
const char* const kUsage = QT_TRANSLATE_NOOP(
    "numasight::Cli",
    "Usage: numasight-cli <command> [options]\n"
    "\n"
    "Commands:\n"
    "  info FILE [--json] [--snapshot N]   Describe a capture, witty-profiler JSON or hwloc XML\n"
    "                                      (FILE ':local:' reads this machine)\n"
    "  convert IN -o OUT [--to FORMAT]     witty JSON <-> capture, hwloc XML -> capture\n"
    "  record -o FILE [--duration 30s]     Record threads' CPUs and memory per node, sample by sample\n"
    "         [--interval 1s] [--pid P]... [--comm REGEX] [--mode auto|ebpf|procfs]\n"
    "         [--metrics ADDRESS:PORT]\n"
    "  attach URL... -o FILE [--interval 5s] [--count N] [--timeout 5s]\n"
    "                                      Poll witty-profiler servers into one capture\n"
    "  export FILE -o OUT [--view machine|dataflow|combined] [--format svg|png|pdf|dot]\n"
    "         [--engine dot|neato|fdp|sfdp] [--dpi 150] [--snapshot N] [--hide KINDS] [--min SHARE]\n"
    "                                      Draw the topology graph, laid out by Graphviz\n"
    "  export FILE -o OUT --view cpu-heatmap|mem-heatmap|distance|latency|bandwidth\n"
    "         [--format png|pdf|svg|csv] [--size WxH] [--measure M] [--sort KEY] [--order natural|distance]\n"
    "                                      Draw a heatmap or node matrix, or write its numbers as CSV\n"
    "  measure [--latency] [--bandwidth] [--size 512M] [--repeats N] [--pairs all|local] [--threads N]\n"
    "          [--plan] [-o FILE]          Measure latency and bandwidth between this machine's NUMA nodes\n"
    "  measure --import-mlc FILE [--topology FILE] [-o FILE]\n"
    "                                      Import Intel MLC latency/bandwidth matrices as a measurement\n"
    "  advise FILE [--json] [--snapshot N] Find what runs away from its memory or accelerator and print\n"
    "                                      the commands that would move it (nothing is applied)\n"
    "  apply PID --cpus LIST [--mems N]    Bind a running process's threads and pages (asks first)\n"
    "  diff A B [--json] [--all]           Compare two captures: what moved between nodes, per process\n"
    "  report FILE -o OUT.html|OUT.pdf [--compare OTHER]\n"
    "                                      A whole report: diagrams, heatmaps, findings, commands\n"
    "\n"
    "Run 'numasight-cli <command> --help' for a command's options.\n");

} // namespace

} // namespace numasight::cli

int main(int argc, char** argv)
{
    // hwloc prints multi-line banners about what it dislikes in an XML file or the machine, even when the
    // command succeeds; the reader's own one-line error says what matters when it fails.
    if (qEnvironmentVariableIsEmpty("HWLOC_HIDE_ERRORS"))
        qputenv("HWLOC_HIDE_ERRORS", "2");
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("numasight-cli"));
    QCoreApplication::setApplicationVersion(numasight::versionWithGit());
    numasight::cli::catchInterrupt();
    // Messages follow LANGUAGE, LC_ALL, LC_MESSAGES and LANG, as other command-line tools' do.
    numasight::installTranslations(numasight::languageLocale({}));

    QStringList args = QCoreApplication::arguments();
    const QString command = args.size() > 1 ? args.at(1) : QString();
    if (command == QLatin1String("--version") || command == QLatin1String("-v")) {
        QTextStream out(stdout);
        out << "numasight-cli " << numasight::versionWithGit() << '\n';
        QList<numasight::LibraryVersion> libraries = numasight::coreLibraryVersions();
        libraries.push_back(numasight::allocatorVersion());
        for (const numasight::LibraryVersion& library : libraries)
            out << "  " << library.name << ' ' << library.version << '\n';
        return 0;
    }
    if (command.isEmpty() || command == QLatin1String("--help") || command == QLatin1String("-h") ||
        command == QLatin1String("help")) {
        QTextStream(command.isEmpty() ? stderr : stdout) << numasight::cli::Cli::tr(numasight::cli::kUsage);
        return command.isEmpty() ? numasight::Usage : numasight::Ok;
    }
    args.removeAt(1); // the parser of each command sees "numasight-cli [options] args"
    for (const numasight::cli::Command& c : numasight::cli::commands())
        if (command == QLatin1String(c.name)) {
            const int code = c.run(args);
            // Ctrl-C after the last check still says the command was interrupted, as a shell expects; an
            // attach without --count has no other way to end, so there Ctrl-C is its normal end and it
            // decides its exit code itself.
            const bool interruptIsTheEnd = command == QLatin1String("attach");
            return code == numasight::Ok && numasight::cli::interrupted() && !interruptIsTheEnd
                       ? numasight::Cancelled
                       : code;
        }
    numasight::cli::printError(
        numasight::cli::Cli::tr("unknown command '%1'; run 'numasight-cli --help'").arg(command));
    return numasight::Usage;
}
