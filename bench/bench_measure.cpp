// SPDX-License-Identifier: GPL-3.0-or-later
// The prober (core/measure) against a reference pointer chase in plain C (pointer_chase.c) run under
// `numactl --cpunodebind=N --membind=N`: same buffer size, same repeats, interleaved rounds so that both see
// the same machine. Prints both figures and whether the prober's local latency is within 10 % of the
// reference's, then the prober's bandwidth. Figures go to bench/README.md; nothing is asserted.
//
//   bench_measure [--size 256M] [--repeats 5] [--rounds 3] [--node 0]
#include "measure/measurement.h"
#include "readers/hwloc_reader.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QProcess>
#include <QRegularExpression>
#include <QTextStream>

#include <algorithm>
#include <cmath>
#include <cstdio>

using namespace numasight;

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addHelpOption();
    parser.addOption({QStringLiteral("size"), QStringLiteral("Buffer size."), QStringLiteral("SIZE"),
                      QStringLiteral("256M")});
    parser.addOption({QStringLiteral("repeats"), QStringLiteral("Repeats per run."), QStringLiteral("N"),
                      QStringLiteral("5")});
    parser.addOption({QStringLiteral("rounds"), QStringLiteral("Prober/reference rounds."),
                      QStringLiteral("N"), QStringLiteral("3")});
    parser.addOption({QStringLiteral("node"), QStringLiteral("NUMA node (CPUs and memory)."),
                      QStringLiteral("N"), QStringLiteral("0")});
    parser.process(app);
    const auto size = parseByteSize(parser.value(QStringLiteral("size")));
    const int repeats = parser.value(QStringLiteral("repeats")).toInt();
    const int rounds = parser.value(QStringLiteral("rounds")).toInt();
    const int node = parser.value(QStringLiteral("node")).toInt();
    if (!size || repeats < 1 || rounds < 1 || node < 0) {
        std::fprintf(stderr, "bench_measure: bad arguments\n");
        return 2;
    }

    auto topology = readLocalTopology();
    if (!topology) {
        std::fprintf(stderr, "%s\n", qPrintable(topology.error().toString()));
        return 1;
    }
    MeasureOptions options;
    options.bufferBytes = *size;
    options.repeats = repeats;
    options.pairs = MeasurePairs::Local;
    auto plan = planMeasurement(topology.value()->snapshots.front(), options);
    if (!plan) {
        std::fprintf(stderr, "%s\n", qPrintable(plan.error().toString()));
        return 1;
    }
    // Only the pair the reference can be bound to as well.
    const int pair = plan->pairIndex(node, node);
    if (pair < 0) {
        std::fprintf(stderr, "bench_measure: node %d has no CPUs or no memory\n", node);
        return 1;
    }
    plan.value().pairs = {plan->pairs[size_t(pair)]};

    QTextStream out(stdout);
    out << "node " << node << " -> node " << node << ", " << formatBytes(plan->bufferBytes) << " buffer, "
        << repeats << " repeats, " << rounds << " rounds; bandwidth with "
        << plan->pairs.front().bandwidthCpus.size() << " thread(s)\n";
    out.flush();

    std::vector<double> prober, reference, bandwidth;
    static const QRegularExpression kBest(QStringLiteral("best ([0-9.]+) ns/load"));
    for (int r = 0; r < rounds; ++r) {
        auto result = runMeasurement(*plan);
        if (!result) {
            std::fprintf(stderr, "%s\n", qPrintable(result.error().toString()));
            return 1;
        }
        const PairMeasurement& m = result->pairs.front();
        out << QStringLiteral("round %1: prober chased on CPU %2\n").arg(r + 1).arg(m.latencyCpu);
        prober.push_back(m.latencyNs);
        bandwidth.push_back(m.bandwidthGBs);

        QProcess chase;
        chase.start(QStringLiteral("numactl"),
                    {QStringLiteral("--cpunodebind=%1").arg(node), QStringLiteral("--membind=%1").arg(node),
                     QStringLiteral(NUMASIGHT_POINTER_CHASE), QString::number(plan->bufferBytes >> 20),
                     QString::number(repeats)});
        if (!chase.waitForFinished(600000) || chase.exitCode() != 0) {
            std::fprintf(stderr, "bench_measure: numactl pointer_chase failed: %s\n",
                         chase.readAllStandardError().constData());
            return 1;
        }
        const QString text = QString::fromUtf8(chase.readAllStandardOutput());
        const auto best = kBest.match(text);
        if (!best.hasMatch()) {
            std::fprintf(stderr, "bench_measure: unexpected pointer_chase output: %s\n", qPrintable(text));
            return 1;
        }
        reference.push_back(best.captured(1).toDouble());
        out << QStringLiteral("round %1: prober %2 ns/load, reference %3 ns/load, prober bandwidth %4 GB/s\n")
                   .arg(r + 1)
                   .arg(prober.back(), 0, 'f', 1)
                   .arg(reference.back(), 0, 'f', 1)
                   .arg(bandwidth.back(), 0, 'f', 2);
        out.flush();
    }
    const double p = *std::min_element(prober.begin(), prober.end());
    const double q = *std::min_element(reference.begin(), reference.end());
    const double diff = (p - q) / q;
    out << QStringLiteral("best: prober %1 ns/load, reference %2 ns/load: %3%4 % (%5 10 %)\n")
               .arg(p, 0, 'f', 1)
               .arg(q, 0, 'f', 1)
               .arg(diff >= 0 ? QStringLiteral("+") : QString())
               .arg(diff * 100, 0, 'f', 1)
               .arg(std::abs(diff) <= 0.10 ? QStringLiteral("within") : QStringLiteral("NOT within"));
    // How far apart the prober's own rounds are: what a measurement of this machine can be trusted to.
    const double worst = *std::max_element(prober.begin(), prober.end());
    out << QStringLiteral("prober rounds: %1 to %2 ns/load, %3 % apart\n")
               .arg(p, 0, 'f', 1)
               .arg(worst, 0, 'f', 1)
               .arg((worst - p) / p * 100, 0, 'f', 1);
    out << QStringLiteral("prober bandwidth: best %1 GB/s\n")
               .arg(*std::max_element(bandwidth.begin(), bandwidth.end()), 0, 'f', 2);
    return 0;
}
