// SPDX-License-Identifier: GPL-3.0-or-later
// numasight-cli attach: polls witty-profiler servers and writes what they served as one capture.
#include "attach/witty_http_poller.h"
#include "capture/capture_writer.h"
#include "cli_support.h"
#include "commands.h"
#include "measure/measure_plan.h"
#include "util/format.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSet>
#include <QTimer>

#include <chrono>
#include <cstdio>
#include <limits>
#include <unistd.h>

namespace numasight::cli {

namespace {

// "5s", "500ms", "2m", "1.5s" or a bare number of seconds.
std::optional<std::chrono::milliseconds> parseDuration(const QString& text)
{
    static const QRegularExpression re(QStringLiteral("^\\s*([0-9]+(?:\\.[0-9]+)?)\\s*(ms|s|m|h)?\\s*$"));
    const QRegularExpressionMatch m = re.match(text);
    if (!m.hasMatch())
        return std::nullopt;
    const double value = m.captured(1).toDouble();
    const QString unit = m.captured(2);
    double ms = value * 1000.0;
    if (unit == QLatin1String("ms"))
        ms = value;
    else if (unit == QLatin1String("m"))
        ms = value * 60'000.0;
    else if (unit == QLatin1String("h"))
        ms = value * 3'600'000.0;
    if (ms < 1 || ms > 24.0 * 3'600'000.0)
        return std::nullopt;
    return std::chrono::milliseconds(qint64(ms));
}

} // namespace

CommandLineSpec attachCommandLine()
{
    CommandLineSpec spec;
    spec.setApplicationDescription(Cli::tr(
        "Poll running witty-profiler servers (GET /graph, GET /status) and write one capture: one snapshot "
        "per round, each server's entities in a namespace named after its host. Ends after --count rounds "
        "or on Ctrl-C; errors of a server are printed as they happen and never stop the others."));
    spec.addOption({{QStringLiteral("o"), QStringLiteral("output")},
                    Cli::tr("Capture file to write (.numasight)."),
                    QStringLiteral("FILE")});
    spec.addOption({QStringLiteral("interval"), Cli::tr("Time between rounds (default 5s)."),
                    QStringLiteral("DURATION"), QStringLiteral("5s")});
    spec.addOption({QStringLiteral("timeout"), Cli::tr("Time a server has to answer (default 5s)."),
                    QStringLiteral("DURATION"), QStringLiteral("5s")});
    spec.addOption(
        {QStringLiteral("count"), Cli::tr("Rounds to poll (default: until Ctrl-C)."), QStringLiteral("N")});
    spec.addOption({QStringLiteral("max-body"),
                    Cli::tr("Largest /graph answer accepted: 512M, 2G (default 256M)."),
                    QStringLiteral("SIZE"), QStringLiteral("256M")});
    spec.addPositionalArgument(QStringLiteral("URL"),
                               Cli::tr("witty-profiler server: http://host:port, host:port or host "
                                       "(port 18090)"),
                               QStringLiteral("URL…"));
    spec.repeatable << QStringLiteral("URL");
    return spec;
}

int runAttach(const QStringList& args)
{
    QCommandLineParser parser;
    attachCommandLine().applyTo(parser);
    if (const auto stop = parseCommandLine(parser, args))
        return *stop;

    const QString out = parser.value(QStringLiteral("output"));
    const QStringList servers = parser.positionalArguments();
    if (servers.isEmpty() || out.isEmpty()) {
        printError(Cli::tr(
            "usage: numasight-cli attach URL… [--interval 5s] [--count N] [--timeout 5s] [--max-body 256M] "
            "-o FILE"));
        return Usage;
    }
    WittyPollOptions options;
    for (const auto& [name, target] : {std::pair{QStringLiteral("interval"), &options.interval},
                                       {QStringLiteral("timeout"), &options.timeout}}) {
        const auto d = parseDuration(parser.value(name));
        if (!d) {
            printError(QStringLiteral("--%1 '%2': expected a duration such as 5s, 500ms or 2m")
                           .arg(name, parser.value(name)));
            return Usage;
        }
        *target = *d;
    }
    if (parser.isSet(QStringLiteral("count"))) {
        bool ok = false;
        options.rounds = parser.value(QStringLiteral("count")).toInt(&ok);
        if (!ok || options.rounds < 1) {
            printError(QStringLiteral("--count '%1': expected a number of rounds >= 1")
                           .arg(parser.value(QStringLiteral("count"))));
            return Usage;
        }
    }
    const auto maxBody = parseByteSize(parser.value(QStringLiteral("max-body")));
    if (!maxBody || *maxBody > std::uint64_t(std::numeric_limits<qint64>::max())) {
        printError(QStringLiteral("--max-body '%1': expected a size such as 256M or 2G")
                       .arg(parser.value(QStringLiteral("max-body"))));
        return Usage;
    }
    options.maxBodyBytes = qint64(*maxBody);
    QList<QUrl> urls;
    for (const QString& s : servers) {
        QString error;
        const auto url = WittyHttpPoller::serverUrl(s, &error);
        if (!url) {
            printError(error);
            return Usage;
        }
        urls << *url;
    }

    WittyHttpPoller poller(urls, options);
    QObject::connect(&poller, &WittyHttpPoller::hostFailed, [](const QString& host, const QString& message) {
        printError(QStringLiteral("%1: %2").arg(host, message));
    });
    // Once per host: every later repeat is the same news, and the capture lists them all.
    QSet<QString> toldRepeated;
    QObject::connect(&poller, &WittyHttpPoller::hostRepeated,
                     [&](const QString& host, int round, int sameAsRound) {
                         if (toldRepeated.contains(host))
                             return;
                         toldRepeated.insert(host);
                         printError(Cli::tr("%1: round %2 has exactly the figures of round %3 although %4 "
                                            "passed: the server may be serving stale values; the capture "
                                            "notes every such round")
                                        .arg(host)
                                        .arg(round + 1)
                                        .arg(sameAsRound + 1)
                                        .arg(formatDuration(options.interval * (round - sameAsRound))));
                     });
    const bool tty = isatty(STDERR_FILENO);
    QObject::connect(&poller, &WittyHttpPoller::roundFinished, [&](int round, int answered, int failed) {
        if (tty) {
            std::fprintf(stderr, "round %d: %d of %d servers answered\n", round + 1, answered,
                         answered + failed);
            std::fflush(stderr);
        }
    });
    QObject::connect(&poller, &WittyHttpPoller::finished, QCoreApplication::instance(),
                     &QCoreApplication::quit);

    // Ctrl-C sets the flag interrupted() reads; checking it from the event loop ends the session with every
    // complete round written.
    QTimer sigintPoll;
    QObject::connect(&sigintPoll, &QTimer::timeout, [&] {
        if (interrupted()) {
            sigintPoll.stop();
            poller.stop();
        }
    });
    sigintPoll.start(100);

    poller.start();
    QCoreApplication::exec();

    const CapturePtr capture = poller.capture();
    if (capture->snapshots.empty()) {
        printError(Cli::tr("no round was captured from %1; nothing written to %2")
                       .arg(poller.hostLabels().join(QStringLiteral(", ")), out));
        return Failed;
    }
    if (const auto error = writeCaptureFile(*capture, out)) {
        printError(error->toString());
        return Failed;
    }
    if (tty)
        std::fprintf(stderr, "%d rounds written to %s\n", int(capture->snapshots.size()),
                     qPrintable(QFileInfo(out).fileName()));
    return Ok;
}

} // namespace numasight::cli
