// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/heatmap_data.h"
#include "analysis/matrix_heatmap.h"
#include "graph/graph_spec.h"
#include "report/export_request.h"
#include "util/progress.h"

#include <QString>

#include <optional>
#include <vector>

// What an export draws, built from its request: the graph, or the heatmap or node matrix with the rows to
// draw. numasight-cli builds the graph for DOT; numasight-export builds both for its pictures.
namespace numasight {

struct ExportGraph
{
    GraphSpecPtr spec;
    SnapshotPtr snapshot;           // what it was built from, to build again with other options
    std::vector<SamplePtr> samples; // (a page too small for it folds more)
    int exitCode = 0;               // when `spec` is null
    QString error;
};
// Reads the input, picks the snapshot (and, for a recording, the samples taken while it was in force) and
// builds the graph.
ExportGraph buildExportGraph(const ExportRequest& request, const Progress& progress);
// The same from a capture already read (the report draws several pictures of one capture).
ExportGraph buildExportGraph(const Capture& capture, const ExportRequest& request);

struct ExportHeatmap
{
    NodeHeatmapPtr nodes;    // cpu-heatmap, mem-heatmap
    std::vector<int> rows;   // its rows to draw, sorted and filtered as asked (the last may sum the rest)
    int moreProcesses = 0;   // processes summed into the last row by --rows (ExportRequest::rowLimit())
    MatrixHeatmapPtr matrix; // distance, latency, bandwidth
    int exitCode = 0;        // when both are null
    QString error;
};
// Reads the input and builds the heatmap or matrix --view names, from the snapshot --snapshot picks (the
// last by default, with every sample of a recording, as `export --format csv` does). A capture without the
// figures or the matrix asked for is an error that says what would have them.
ExportHeatmap buildExportHeatmap(const ExportRequest& request, const Progress& progress);
ExportHeatmap buildExportHeatmap(const Capture& capture, const ExportRequest& request);
// The rows of `heatmap` to draw: sortedRows() by --sort, without threads when --hide thread, and without
// processes and threads under --min's share of all the CPU time (cpuTimeShare(), as the GUI filters).
std::vector<int> exportHeatmapRows(const NodeHeatmap& heatmap, const ExportRequest& request);

// The matrix a matrix view shows: the default one of its kind (matrix_heatmap.h). Without one, nullopt and in
// `why` what would have one.
std::optional<MatrixChoice> exportMatrix(const Snapshot& snapshot, const ExportRequest& request,
                                         QString* why);

// The message for a --snapshot past the end of `file`.
QString snapshotOutOfRange(const QString& file, int snapshot, size_t snapshotCount);

} // namespace numasight
