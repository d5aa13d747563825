// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/snapshot.h"
#include "util/result.h"

#include <QByteArray>
#include <QString>

#include <optional>
#include <vector>

namespace numasight {

// Intel Memory Latency Checker's text output: the matrices of `mlc --latency_matrix` ("Measuring idle
// latencies … (in ns)") and `mlc --bandwidth_matrix` ("Measuring Memory Bandwidths between nodes within
// system", MB/sec = 10^6 bytes/s), alone, concatenated, or inside a default `mlc` run (whose other sections
// are skipped). Columns may be separated by tabs (as mlc writes them) or spaces (as pasted into
// documents). Rows are the nodes whose CPUs issued the loads, columns every memory node: a machine with
// CPU-less memory (CXL) has fewer rows than columns.

struct MlcMatrix
{
    QString unit;   // "ns" or "MB/s"
    QString detail; // latency: "random" or "sequential" access when mlc says; bandwidth: "Read-only" traffic
    std::vector<int> rowNodes;    // initiator node numbers, as mlc prints them (the kernel's node ids)
    std::vector<int> columnNodes; // memory node numbers
    std::vector<double> values;   // rows × columns; NaN where mlc printed "-"
    int line = 0;                 // 1-based line of the "Measuring …" heading

    double at(int row, int column) const { return values[size_t(row) * columnNodes.size() + size_t(column)]; }
};

struct MlcOutput
{
    QString version;     // "v3.10"
    QString commandLine; // "--latency_matrix", when mlc printed it
    std::optional<MlcMatrix> latency;
    std::optional<MlcMatrix> bandwidth;
};

// Errors name the line and column: a heading without its matrix (truncated output), a row with missing or
// extra values, a value that is not a number, a node listed twice, a second matrix of the same kind, or a
// text with neither matrix.
Result<MlcOutput> parseMlcOutput(const QByteArray& text, const QString& file = QString());
Result<MlcOutput> readMlcFile(const QString& path);

// The matrices as DistanceMatrix values over the local NUMA nodes of `topology` (every node, in
// numaNodes() order; cells mlc did not measure are NaN): "MlcLatency" in ns and "MlcBandwidth" in MB/s,
// fromOs false. Fails, naming both, when mlc measured a node the topology does not have.
Result<std::vector<DistanceMatrix>> mlcMatrices(const MlcOutput& mlc, const Snapshot& topology,
                                                const QString& file = QString());

} // namespace numasight
