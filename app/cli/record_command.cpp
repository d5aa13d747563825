// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli_support.h"
#include "commands.h"
#include "metrics/latest_metrics.h"
#include "metrics/metrics_server.h"
#include "record/recorder.h"
#include "util/format.h"

#include <QCommandLineParser>
#include <QFileInfo>
#include <QSet>
#include <QTextStream>

#include <chrono>
#include <cstdio>
#include <memory>
#include <unistd.h>

namespace numasight::cli {

CommandLineSpec recordCommandLine()
{
    CommandLineSpec spec;
    spec.setApplicationDescription(Cli::tr(
        "Record where processes' threads run and where their memory lives, sample by sample, into a capture "
        "file. Each sample is committed on its own: Ctrl-C, or even kill -9, keeps every completed sample."));
    spec.addOption({{QStringLiteral("o"), QStringLiteral("output")},
                    Cli::tr("Capture file to write (.numasight)."),
                    QStringLiteral("FILE")});
    spec.addOption({{QStringLiteral("d"), QStringLiteral("duration")},
                    Cli::tr("How long to record: 500ms, 30s, 1m (default 30s)."),
                    QStringLiteral("TIME"),
                    QStringLiteral("30s")});
    spec.addOption({{QStringLiteral("i"), QStringLiteral("interval")},
                    Cli::tr("Time between samples (default 1s)."),
                    QStringLiteral("TIME"),
                    QStringLiteral("1s")});
    spec.addOption({{QStringLiteral("p"), QStringLiteral("pid")},
                    Cli::tr("Watch this process and its children (repeat for several)."),
                    QStringLiteral("PID")});
    spec.addOption({QStringLiteral("comm"), Cli::tr("Watch only processes whose name matches."),
                    QStringLiteral("REGEX")});
    spec.addOption({QStringLiteral("mode"),
                    Cli::tr("CPU time from eBPF or procfs sampling; auto uses eBPF when it can load."),
                    QStringLiteral("auto|ebpf|procfs"), QStringLiteral("auto")});
    spec.choices.insert(QStringLiteral("mode"),
                        {QStringLiteral("auto"), QStringLiteral("ebpf"), QStringLiteral("procfs")});
    spec.addOption(
        {QStringLiteral("metrics"),
         Cli::tr("While recording, serve the latest sample as Prometheus metrics at "
                 "http://ADDRESS:PORT/metrics (read-only). PORT or :PORT listens on 127.0.0.1 only; "
                 "0.0.0.0:PORT or [::]:PORT on every interface; port 0 picks a free one."),
         QStringLiteral("ADDRESS:PORT")});
    spec.repeatable << QStringLiteral("pid");
    return spec;
}

int runRecord(const QStringList& args)
{
    QCommandLineParser parser;
    recordCommandLine().applyTo(parser);
    if (const auto stop = parseCommandLine(parser, args))
        return *stop;

    RecordOptions options;
    options.outputPath = parser.value(QStringLiteral("output"));
    if (options.outputPath.isEmpty() || !parser.positionalArguments().isEmpty()) {
        printError(Cli::tr("usage: numasight-cli record [--duration 30s] [--interval 1s] [--pid P]... "
                           "[--comm REGEX] [--mode auto|ebpf|procfs] [--metrics ADDRESS:PORT] -o FILE"));
        return Usage;
    }
    QString why;
    const auto duration = parseDurationNs(parser.value(QStringLiteral("duration")), &why);
    if (!duration) {
        printError(QStringLiteral("--duration: %1").arg(why));
        return Usage;
    }
    const auto interval = parseDurationNs(parser.value(QStringLiteral("interval")), &why);
    if (!interval) {
        printError(QStringLiteral("--interval: %1").arg(why));
        return Usage;
    }
    if (*interval > *duration) {
        printError(
            QStringLiteral("--interval %1 is longer than --duration %2")
                .arg(parser.value(QStringLiteral("interval")), parser.value(QStringLiteral("duration"))));
        return Usage;
    }
    options.durationNs = *duration;
    options.intervalNs = *interval;
    for (const QString& text : parser.values(QStringLiteral("pid"))) {
        bool ok = false;
        const qlonglong pid = text.toLongLong(&ok);
        if (!ok || pid <= 0) {
            printError(QStringLiteral("--pid takes a process id above 0, not '%1'").arg(text));
            return Usage;
        }
        options.scope.pids.push_back(pid);
    }
    if (parser.isSet(QStringLiteral("comm"))) {
        options.scope.comm.setPattern(parser.value(QStringLiteral("comm")));
        if (!options.scope.comm.isValid()) {
            printError(QStringLiteral("--comm: '%1' is not a regular expression: %2")
                           .arg(options.scope.comm.pattern(), options.scope.comm.errorString()));
            return Usage;
        }
    }
    const auto mode = recordModeFromName(parser.value(QStringLiteral("mode")));
    if (!mode) {
        printError(QStringLiteral("--mode must be auto, ebpf or procfs, not '%1'")
                       .arg(parser.value(QStringLiteral("mode"))));
        return Usage;
    }
    options.mode = *mode;

    // The endpoint listens before anything is recorded, so that a port in use fails at once and leaves no
    // file. It serves from its own thread: record() below blocks this one.
    std::shared_ptr<LatestMetrics> metrics;
    std::unique_ptr<MetricsServer> metricsServer;
    if (parser.isSet(QStringLiteral("metrics"))) {
        const auto address = parseMetricsAddress(parser.value(QStringLiteral("metrics")), &why);
        if (!address) {
            printError(QStringLiteral("--metrics: %1").arg(why));
            return Usage;
        }
        metrics = std::make_shared<LatestMetrics>();
        metricsServer = MetricsServer::start(
            *address, [metrics] { return metrics->text(); }, &why);
        if (!metricsServer) {
            printError(QStringLiteral("--metrics: %1").arg(why));
            return Usage;
        }
        printError(Cli::tr("note: serving Prometheus metrics at %1").arg(metricsServer->url()));
    }

    // Ctrl-C sets the flag interrupted() reads; the recorder then ends after the current sample.
    Progress progress;
    progress.cancelled = [] { return interrupted(); };
    const bool tty = isatty(STDERR_FILENO);
    RecordObserver observer;
    // Recording every process as a plain user refuses most of them; a few lines say so, a count says the
    // rest.
    constexpr int kPermissionLinesShown = 3;
    auto refusedProcesses = std::make_shared<QSet<QString>>();
    observer.warning = [refusedProcesses](const QString& w) {
        if (w.contains(QLatin1String("Permission denied")) && w.startsWith(QLatin1String("pid "))) {
            const QString pid = w.section(QLatin1Char(':'), 0, 0);
            refusedProcesses->insert(pid);
            if (refusedProcesses->size() > kPermissionLinesShown)
                return;
        }
        printError(Cli::tr("warning: %1").arg(w));
    };
    if (tty) {
        observer.sampleWritten = [](int done, int total) {
            std::fprintf(stderr, "\rRecording: sample %d of %d", done, total);
            std::fflush(stderr);
        };
    }
    if (metrics)
        feedMetrics(observer, metrics);
    const auto environment = makeLocalEnvironment();
    const RecordSummary summary = record(options, *environment, progress, observer);
    if (tty && summary.samples > 0)
        std::fputc('\n', stderr);
    if (refusedProcesses->size() > kPermissionLinesShown)
        printError(Cli::tr("warning: %1 more processes could not be read (permission denied): their figures "
                           "are missing; run as root or grant cap_sys_ptrace (see README)")
                       .arg(refusedProcesses->size() - kPermissionLinesShown));
    if (summary.fileCreated) {
        QTextStream out(stdout);
        const QString samples =
            pluralized(Cli::tr("%n sample(s)", nullptr, int(summary.samples)), qint64(summary.samples));
        out << (summary.cancelled
                    ? Cli::tr("Recorded %1 (%2) of %3 processes, %4 threads into %5 (%6), stopped "
                              "early by Ctrl-C")
                    : Cli::tr("Recorded %1 (%2) of %3 processes, %4 threads into %5 (%6)"))
                   .arg(samples, summary.mode)
                   .arg(summary.processes)
                   .arg(summary.threads)
                   .arg(summary.path, formatBytes(double(summary.fileBytes)))
            << '\n';
    }
    if (summary.error) {
        printError(summary.error->toString());
        return Failed;
    }
    if (summary.workloadExited)
        printError(Cli::tr("every watched process has exited: the recording stopped after %1, before "
                           "the %2 asked for")
                       .arg(pluralized(Cli::tr("%n sample(s)", nullptr, int(summary.samples)),
                                       qint64(summary.samples)))
                       .arg(formatDuration(std::chrono::nanoseconds(options.durationNs))));
    return summary.cancelled ? Cancelled : Ok;
}

} // namespace numasight::cli
