// SPDX-License-Identifier: GPL-3.0-or-later
// `numasight-cli measure`: latency and bandwidth between this machine's NUMA nodes, or Intel MLC output
// imported as a measurement. The method is in docs/measure.md.
#include "capture/capture_writer.h"
#include "cli_support.h"
#include "commands.h"
#include "measure/measurement.h"
#include "readers/hwloc_reader.h"
#include "readers/mlc_reader.h"
#include "readers/open_input.h"

#include <QCommandLineParser>
#include <QFileInfo>
#include <QTextStream>

#include <cmath>

namespace numasight::cli {

namespace {

const char* kMeasureUsage =
    "usage: numasight-cli measure [--latency] [--bandwidth] [--size 512M] [--repeats N] "
    "[--pairs all|local] [--threads N] [--plan] [-o FILE]\n"
    "       numasight-cli measure --import-mlc FILE [--topology FILE] [-o FILE]";

// A node × node matrix as a text table: rows are initiators (CPU nodes), columns targets (memory nodes);
// "-" where nothing was measured. Rows and columns without any value are left out.
void printMatrix(QTextStream& out, const Snapshot& s, const DistanceMatrix& m, const QString& title,
                 int decimals)
{
    const int n = m.size();
    std::vector<int> rows, columns;
    for (int i = 0; i < n; ++i) {
        bool row = false, column = false;
        for (int j = 0; j < n; ++j) {
            row = row || std::isfinite(m.at(i, j));
            column = column || std::isfinite(m.at(j, i));
        }
        if (row)
            rows.push_back(i);
        if (column)
            columns.push_back(i);
    }
    const auto label = [&](int i) {
        return QStringLiteral("node%1").arg(s.entity(m.objects[size_t(i)]).osIndex);
    };
    int width = 8;
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j)
            if (std::isfinite(m.at(i, j)))
                width = std::max(width, int(QString::number(m.at(i, j), 'f', decimals).size()) + 2);
    out << title << '\n' << QStringLiteral("%1").arg(QStringLiteral("from\\to"), -8);
    for (int c : columns)
        out << QStringLiteral("%1").arg(label(c), width);
    out << '\n';
    for (int r : rows) {
        out << QStringLiteral("%1").arg(label(r), -8);
        for (int c : columns) {
            const double v = m.at(r, c);
            out << QStringLiteral("%1").arg(
                std::isfinite(v) ? QString::number(v, 'f', decimals) : QStringLiteral("-"), width);
        }
        out << '\n';
    }
    out << '\n';
}

void printPlan(QTextStream& out, const MeasurementPlan& plan)
{
    const QString what = plan.latency && plan.bandwidth ? Cli::tr("latency and bandwidth")
                         : plan.latency                 ? Cli::tr("latency")
                                                        : Cli::tr("bandwidth");
    out << Cli::tr("Plan: %1, %2, %3 buffer per memory node (%4), %5")
               .arg(pluralized(Cli::tr("%n pair(s)", nullptr, int(plan.pairs.size())),
                               qint64(plan.pairs.size())),
                    what, formatBytes(plan.bufferBytes), plan.bufferReason,
                    pluralized(Cli::tr("%n repeat(s)", nullptr, plan.repeats), plan.repeats))
        << '\n';
    for (const MeasurementPair& p : plan.pairs) {
        QStringList readers;
        for (int c : p.bandwidthCpus)
            readers << QString::number(c);
        out << "  " << Cli::tr("CPU node %1 -> memory node %2").arg(p.cpuNode).arg(p.memoryNode);
        if (plan.latency) {
            IndexSet chase;
            for (int c : p.latencyCpus)
                chase.insert(c);
            out << ": "
                << (p.latencyCpus.size() > 1 ? Cli::tr("chase on the idlest of CPUs %1")
                                             : Cli::tr("chase on CPU %1"))
                       .arg(chase.toRangeString());
        }
        if (plan.bandwidth)
            out << (plan.latency ? ", " : ": ")
                << Cli::tr("read with CPUs %1").arg(readers.join(QLatin1Char(',')));
        out << '\n';
    }
    for (const QString& note : plan.notes)
        out << "  " << Cli::tr("note: %1").arg(note) << '\n';
}

int writeCapture(const Capture& capture, const QString& path)
{
    if (auto e = writeCaptureFile(capture, path, terminalProgress(Cli::tr("Writing %1").arg(path)))) {
        printError(e->toString());
        return e->cancelled ? Cancelled : Failed;
    }
    return Ok;
}

int importMlcCommand(const QCommandLineParser& parser)
{
    const QString mlcPath = parser.value(QStringLiteral("import-mlc"));
    const QString topologyPath = parser.isSet(QStringLiteral("topology"))
                                     ? parser.value(QStringLiteral("topology"))
                                     : QLatin1String(kLocalMachine);
    auto topology = openInput(topologyPath, terminalProgress(Cli::tr("Reading %1").arg(topologyPath)));
    if (!topology) {
        printError(topology.error().toString());
        return topology.error().cancelled ? Cancelled : Failed;
    }
    auto imported = importMlc(mlcPath, *topology.value());
    if (!imported) {
        printError(imported.error().toString());
        return Failed;
    }
    const Capture& c = *imported.value();
    const Snapshot& s = *c.snapshots.back();
    QTextStream out(stdout);
    out << "Intel MLC " << c.source.extra.value(QStringLiteral("mlc.version"), Cli::tr("(version unknown)"))
        << " output from " << QFileInfo(mlcPath).fileName() << " on the topology of " << topologyPath
        << "\n\n";
    for (const DistanceMatrix& m : s.distances()) {
        if (m.name == QLatin1String(kMlcLatencyName))
            printMatrix(out, s, m, Cli::tr("Idle latency (ns)"), 1);
        else if (m.name == QLatin1String(kMlcBandwidthName))
            printMatrix(out, s, m, Cli::tr("Bandwidth (MB/s)"), 1);
    }
    out.flush();
    if (parser.isSet(QStringLiteral("output")))
        return writeCapture(c, parser.value(QStringLiteral("output")));
    return Ok;
}

} // namespace

CommandLineSpec measureCommandLine()
{
    CommandLineSpec spec;
    spec.setApplicationDescription(
        Cli::tr("Measure memory latency and bandwidth between the NUMA nodes of this machine: a "
                "pointer chase (ns per "
                "load) and a read stream (GB/s) from the CPUs of each node to memory bound to each "
                "node, checked page "
                "by page. Or import Intel MLC's --latency_matrix/--bandwidth_matrix output as a "
                "measurement. -o keeps "
                "the matrices with the machine's topology in a capture."));
    spec.addOption({QStringLiteral("latency"), Cli::tr("Measure latency (default: both).")});
    spec.addOption({QStringLiteral("bandwidth"), Cli::tr("Measure bandwidth (default: both).")});
    spec.addOption({QStringLiteral("size"),
                    Cli::tr("Buffer per memory node: 512M, 2G (default: 8 × the last-level cache, at least "
                            "256M)."),
                    QStringLiteral("SIZE")});
    spec.addOption({QStringLiteral("repeats"), Cli::tr("Repeats per pair; the best one counts (default 5)."),
                    QStringLiteral("N"), QStringLiteral("5")});
    spec.addOption({QStringLiteral("pairs"),
                    Cli::tr("all: every CPU node to every memory node; local: each node to itself."),
                    QStringLiteral("all|local"), QStringLiteral("all")});
    spec.addOption({QStringLiteral("threads"),
                    Cli::tr("Bandwidth threads per CPU node (default: one per core)."), QStringLiteral("N")});
    spec.addOption({QStringLiteral("plan"), Cli::tr("Print what would be measured, and stop.")});
    spec.addOption({{QStringLiteral("o"), QStringLiteral("output")},
                    Cli::tr("Capture file to write (.numasight): the topology with the matrices."),
                    QStringLiteral("FILE")});
    spec.addOption({QStringLiteral("import-mlc"),
                    Cli::tr("Import the output of Intel MLC (--latency_matrix, --bandwidth_matrix or a "
                            "plain run) instead of measuring."),
                    QStringLiteral("FILE")});
    spec.addOption({QStringLiteral("topology"),
                    Cli::tr("With --import-mlc or --plan: the machine's topology (any file numasight "
                            "reads; default this machine)."),
                    QStringLiteral("FILE")});
    spec.choices.insert(QStringLiteral("pairs"), {QStringLiteral("all"), QStringLiteral("local")});
    spec.completions.insert(QStringLiteral("topology"), CommandLineSpec::Completion::InputFiles);
    return spec;
}

int runMeasure(const QStringList& args)
{
    QCommandLineParser parser;
    measureCommandLine().applyTo(parser);
    if (const auto stop = parseCommandLine(parser, args))
        return *stop;
    if (!parser.positionalArguments().isEmpty()) {
        printError(QString::fromLatin1(kMeasureUsage));
        return Usage;
    }

    const bool import = parser.isSet(QStringLiteral("import-mlc"));
    const bool planOnly = parser.isSet(QStringLiteral("plan"));
    if (import) {
        for (const char* measureOnly :
             {"latency", "bandwidth", "size", "repeats", "pairs", "threads", "plan"})
            if (parser.isSet(QLatin1String(measureOnly))) {
                printError(QStringLiteral("--%1 does not apply to --import-mlc, which measures nothing")
                               .arg(QLatin1String(measureOnly)));
                return Usage;
            }
        return importMlcCommand(parser);
    }
    if (parser.isSet(QStringLiteral("topology")) && !planOnly) {
        printError(
            QStringLiteral("--topology needs --plan or --import-mlc: measuring always runs on this machine"));
        return Usage;
    }

    MeasureOptions options;
    options.latency = parser.isSet(QStringLiteral("latency")) || !parser.isSet(QStringLiteral("bandwidth"));
    options.bandwidth = parser.isSet(QStringLiteral("bandwidth")) || !parser.isSet(QStringLiteral("latency"));
    if (parser.isSet(QStringLiteral("size"))) {
        const auto size = parseByteSize(parser.value(QStringLiteral("size")));
        if (!size) {
            printError(QStringLiteral("--size takes a size such as 512M or 2G, not '%1'")
                           .arg(parser.value(QStringLiteral("size"))));
            return Usage;
        }
        options.bufferBytes = *size;
    }
    bool ok = false;
    options.repeats = parser.value(QStringLiteral("repeats")).toInt(&ok);
    if (!ok || options.repeats < 1 || options.repeats > 1000) {
        printError(QStringLiteral("--repeats takes a number from 1 to 1000, not '%1'")
                       .arg(parser.value(QStringLiteral("repeats"))));
        return Usage;
    }
    const QString pairs = parser.value(QStringLiteral("pairs"));
    if (pairs != u"all" && pairs != u"local") {
        printError(QStringLiteral("--pairs must be all or local, not '%1'").arg(pairs));
        return Usage;
    }
    options.pairs = pairs == u"local" ? MeasurePairs::Local : MeasurePairs::All;
    if (parser.isSet(QStringLiteral("threads"))) {
        options.bandwidthThreads = parser.value(QStringLiteral("threads")).toInt(&ok);
        if (!ok || options.bandwidthThreads < 1) {
            printError(QStringLiteral("--threads takes a number above 0, not '%1'")
                           .arg(parser.value(QStringLiteral("threads"))));
            return Usage;
        }
    }

    const QString topologyPath = parser.isSet(QStringLiteral("topology"))
                                     ? parser.value(QStringLiteral("topology"))
                                     : QLatin1String(kLocalMachine);
    auto topology =
        topologyPath == QLatin1String(kLocalMachine) ? readLocalTopology() : openInput(topologyPath);
    if (!topology) {
        printError(topology.error().toString());
        return Failed;
    }
    auto plan = planMeasurement(topology.value()->snapshots.back(), options);
    QTextStream out(stdout);
    if (!plan) {
        printError(plan.error().toString());
        return Failed;
    }
    printPlan(out, plan.value());
    out << '\n';
    out.flush();
    if (planOnly)
        return Ok;

    auto result = runMeasurement(plan.value(), terminalProgress(QStringLiteral("Measuring")));
    if (!result) {
        if (result.error().cancelled) {
            printError(Cli::tr("measure: interrupted; nothing was written"));
            return Cancelled;
        }
        printError(result.error().toString());
        return Failed;
    }
    const MeasurementResult& r = result.value();
    const Snapshot& s = *plan->topology;
    if (r.latency)
        printMatrix(out, s, *r.latency, Cli::tr("Latency (ns per load, best of %1)").arg(plan->repeats), 1);
    if (r.bandwidth)
        printMatrix(out, s, *r.bandwidth, Cli::tr("Bandwidth (GB/s, best of %1)").arg(plan->repeats), 2);
    for (const PairMeasurement& m : r.pairs) {
        const auto runs = [](const std::vector<double>& v, int decimals) {
            QStringList parts;
            for (double x : v)
                parts << QString::number(x, 'f', decimals);
            return parts.join(QLatin1Char(' '));
        };
        out << Cli::tr("CPU node %1 -> memory node %2").arg(m.cpuNode).arg(m.memoryNode) << ':';
        if (plan->latency)
            out << ' ' << Cli::tr("chase on CPU %1 (%2 ns)").arg(m.latencyCpu).arg(runs(m.latencyRuns, 1));
        if (plan->bandwidth)
            out << (plan->latency ? ", " : " ")
                << pluralized(Cli::tr("read with %n thread(s) (%1 GB/s)", nullptr, m.bandwidthThreads),
                              m.bandwidthThreads)
                       .arg(runs(m.bandwidthRuns, 2));
        out << '\n';
    }
    for (const BufferCheck& b : r.buffers)
        out << Cli::tr("node %1: %2 buffer, all %3 pages on the node, %4 in huge pages")
                   .arg(b.node)
                   .arg(formatBytes(b.bytes))
                   .arg(b.pagesChecked)
                   .arg(formatBytes(b.hugePageBytes))
            << '\n';
    for (const QString& note : r.notes)
        out << Cli::tr("note: %1").arg(note) << '\n';
    out << formatDuration(r.seconds * 1e9) << '\n';
    out.flush();
    if (parser.isSet(QStringLiteral("output")))
        return writeCapture(*r.capture, parser.value(QStringLiteral("output")));
    return Ok;
}

} // namespace numasight::cli
