// numasight-cli: the headless front end. It links numasight_core only and runs on QCoreApplication, so it
// works over SSH on servers without a display or Qt Gui libraries.
#include "commands.h"
#include "readers/open_input.h"
#include "version.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QTextStream>

#include <atomic>
#include <csignal>
#include <cstdio>
#include <memory>
#include <unistd.h>

namespace numasight::cli {

namespace {
std::atomic_bool g_interrupted{false};

void onSigint(int)
{
    g_interrupted.store(true);
}

const char* kUsage =
    "Usage: numasight-cli <command> [options]\n"
    "\n"
    "Commands:\n"
    "  info FILE [--json] [--snapshot N]   Describe a capture, witty-profiler JSON or hwloc XML\n"
    "                                      (FILE ':local:' reads this machine)\n"
    "  convert IN -o OUT [--to FORMAT]     witty JSON <-> capture, hwloc XML -> capture\n"
    "  record -o FILE [--duration 30s]     Record threads' CPUs and memory per node, sample by sample\n"
    "         [--interval 1s] [--pid P]... [--comm REGEX] [--mode auto|ebpf|procfs]\n"
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
    "\n"
    "Run 'numasight-cli <command> --help' for a command's options.\n";
} // namespace

void printError(const QString& line)
{
    QTextStream err(stderr);
    err << "numasight-cli: " << line << '\n';
}

std::optional<int> parseCommandLine(QCommandLineParser& parser, const QStringList& args)
{
    if (!parser.parse(args)) {
        printError(parser.errorText());
        return Usage;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        QTextStream(stdout) << parser.helpText();
        return Ok;
    }
    return std::nullopt;
}

bool interrupted()
{
    return g_interrupted.load(std::memory_order_relaxed);
}

CapturePtr readInputFile(const QString& path, int* exitCode)
{
    auto result =
        openInput(path, terminalProgress(QStringLiteral("Reading %1").arg(QFileInfo(path).fileName())));
    if (!result) {
        printError(result.error().toString());
        *exitCode = result.error().cancelled ? Cancelled : Failed;
        return nullptr;
    }
    return std::move(result).value();
}

bool snapshotOption(const QCommandLineParser& parser, int* snapshot)
{
    *snapshot = -1;
    if (!parser.isSet(QStringLiteral("snapshot")))
        return true;
    bool ok = false;
    *snapshot = parser.value(QStringLiteral("snapshot")).toInt(&ok);
    if (ok && *snapshot >= 0)
        return true;
    printError(QStringLiteral("--snapshot takes a number from 0"));
    return false;
}

Progress terminalProgress(const QString& what)
{
    Progress p;
    p.cancelled = [] { return g_interrupted.load(std::memory_order_relaxed); };
    if (isatty(STDERR_FILENO)) {
        auto last = std::make_shared<int>(-1);
        p.report = [what, last](double f) {
            const int pct = int(f * 100.0);
            if (pct == *last)
                return;
            *last = pct;
            std::fprintf(stderr, "\r%s %3d%%%s", qPrintable(what), pct, pct >= 100 ? "\n" : "");
            std::fflush(stderr);
        };
    }
    return p;
}

} // namespace numasight::cli

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("numasight-cli"));
    QCoreApplication::setApplicationVersion(numasight::version());
    std::signal(SIGINT, numasight::cli::onSigint);

    QStringList args = QCoreApplication::arguments();
    const QString command = args.size() > 1 ? args.at(1) : QString();
    if (command == QLatin1String("--version") || command == QLatin1String("-v")) {
        QTextStream(stdout) << "numasight-cli " << numasight::version() << '\n';
        return 0;
    }
    if (command.isEmpty() || command == QLatin1String("--help") || command == QLatin1String("-h") ||
        command == QLatin1String("help")) {
        std::fputs(numasight::cli::kUsage, command.isEmpty() ? stderr : stdout);
        return command.isEmpty() ? numasight::Usage : numasight::Ok;
    }
    args.removeAt(1); // the parser of each command sees "numasight-cli [options] args"
    if (command == QLatin1String("info"))
        return numasight::cli::runInfo(args);
    if (command == QLatin1String("convert"))
        return numasight::cli::runConvert(args);
    if (command == QLatin1String("record"))
        return numasight::cli::runRecord(args);
    if (command == QLatin1String("attach"))
        return numasight::cli::runAttach(args);
    if (command == QLatin1String("export"))
        return numasight::cli::runExport(args);
    if (command == QLatin1String("measure"))
        return numasight::cli::runMeasure(args);
    if (command == QLatin1String("advise"))
        return numasight::cli::runAdvise(args);
    if (command == QLatin1String("diff"))
        return numasight::cli::runDiff(args);
    if (command == QLatin1String("apply"))
        return numasight::cli::runApply(args);
    numasight::cli::printError(
        QStringLiteral("unknown command '%1'; run 'numasight-cli --help'").arg(command));
    return numasight::Usage;
}
