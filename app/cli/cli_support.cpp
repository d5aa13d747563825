// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli_support.h"

#include "fleet/fleet.h"
#include "readers/open_input.h"
#include "report/export_build.h"
#include "report/output_file.h"
#include "report/terminal_line.h"

#include <QFileInfo>
#include <QTextStream>

#include <atomic>
#include <csignal>
#include <cstdio>
#include <memory>
#include <unistd.h>
#include <vector>

namespace numasight::cli {

namespace {

std::atomic_bool g_interrupted{false};
std::atomic<pid_t> g_helper{0};

void onSignal(int signal)
{
    // Whatever was being written is abandoned at once: a file appears whole or not at all.
    abandonOutputs();
    if (signal == SIGTERM) {
        // Asked to end, not to stop what it does: now, taking the drawing helper along.
        if (const pid_t helper = g_helper.load(); helper > 0)
            ::kill(helper, SIGTERM);
        ::_exit(Terminated);
    }
    g_interrupted.store(true);
}

} // namespace

void catchInterrupt()
{
    struct sigaction action = {};
    action.sa_handler = onSignal;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, nullptr);
    sigaction(SIGTERM, &action, nullptr);
    // Past `ulimit -f` a write then fails with EFBIG, which the writer reports, instead of the kernel
    // ending the process and leaving its temporary file behind.
    std::signal(SIGXFSZ, SIG_IGN);
}

void setHelperProcess(qint64 pid)
{
    g_helper.store(pid_t(pid));
}

bool interrupted()
{
    return g_interrupted.load(std::memory_order_relaxed);
}

Progress terminalProgress(const QString& what)
{
    Progress p;
    p.cancelled = [] { return interrupted(); };
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

void printError(const QString& line)
{
    QTextStream err(stderr);
    err << "numasight-cli: " << terminalLine(line) << '\n';
}

int printOutput(const QByteArray& bytes)
{
    if (const auto error = writeOutputFile(QStringLiteral("-"), bytes)) {
        printError(*error);
        return Failed;
    }
    return Ok;
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

namespace {
// Captures read by a command stay until the process ends: freeing a model of a million entities piece by
// piece took longer than printing its summary, and exit hands the memory back at once. Reachable from here,
// so leak checkers do not count them.
std::vector<CapturePtr>* const kReadCaptures = new std::vector<CapturePtr>;
} // namespace

CapturePtr readInputFile(const QString& path, int* exitCode)
{
    auto result = openInput(path, terminalProgress(Cli::tr("Reading %1").arg(QFileInfo(path).fileName())));
    if (!result) {
        printError(result.error().toString());
        *exitCode = result.error().cancelled ? Cancelled : Failed;
        return nullptr;
    }
    kReadCaptures->push_back(std::move(result).value());
    return kReadCaptures->back();
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

CommandLineSpec snapshotCommandLine(const SnapshotCommand& command)
{
    CommandLineSpec spec;
    spec.setApplicationDescription(command.description);
    spec.addOption({QStringLiteral("json"), command.jsonHelp});
    spec.addOption({QStringLiteral("snapshot"), command.snapshotHelp, QStringLiteral("N")});
    spec.addOption({QStringLiteral("host"), hostOptionHelp(), QStringLiteral("NAME")});
    spec.addPositionalArgument(QStringLiteral("FILE"), Cli::tr("Input file, or :local:"));
    return spec;
}

QString hostOptionHelp()
{
    return Cli::tr("In a fleet capture (numasight-cli merge), the host to look at: its name, namespace or "
                   "number (info lists them). Default: every host.");
}

std::optional<int> scopeToHostOption(const QString& path, const QString& host, CapturePtr* capture,
                                     std::vector<CaptureHost>* hosts)
{
    *hosts = captureHosts(**capture);
    if (host.isNull())
        return std::nullopt;
    if (hosts->empty()) {
        printError(Cli::tr("%1 holds one machine, not a fleet: --host is for captures made by "
                           "'numasight-cli merge'")
                       .arg(path));
        return Usage;
    }
    const int index = findHost(*hosts, host);
    if (index < 0) {
        QStringList names;
        for (const CaptureHost& h : *hosts)
            names << h.name;
        printError(Cli::tr("%1: no host '%2' (or two share that name: give the namespace); its hosts are %3")
                       .arg(path, host, names.join(QStringLiteral(", "))));
        return Usage;
    }
    const CaptureHost chosen = (*hosts)[size_t(index)];
    *capture = scopeToHost(**capture, chosen);
    *hosts = {chosen};
    return std::nullopt;
}

std::optional<int> readSnapshotInput(const SnapshotCommand& command, const QStringList& args,
                                     SnapshotInput* input)
{
    QCommandLineParser parser;
    snapshotCommandLine(command).applyTo(parser);
    if (const auto stop = parseCommandLine(parser, args))
        return stop;
    const QStringList files = parser.positionalArguments();
    if (files.size() != 1) {
        printError(Cli::tr("%1 takes exactly one FILE; run 'numasight-cli %1 --help'").arg(command.name));
        return Usage;
    }
    if (!snapshotOption(parser, &input->snapshot))
        return Usage;
    input->json = parser.isSet(QStringLiteral("json"));
    input->path = files.first();
    int exitCode = Ok;
    input->capture = readInputFile(input->path, &exitCode);
    if (!input->capture)
        return exitCode;
    const QString host =
        parser.isSet(QStringLiteral("host")) ? parser.value(QStringLiteral("host")) : QString();
    input->scoped = !host.isNull();
    return scopeToHostOption(input->path, host, &input->capture, &input->hosts);
}

bool snapshotInRange(const SnapshotInput& input)
{
    if (input.snapshot < int(input.capture->snapshots.size()))
        return true;
    printError(snapshotOutOfRange(input.path, input.snapshot, input.capture->snapshots.size()));
    return false;
}

} // namespace numasight::cli
