#pragma once

#include "analysis/heatmap_data.h"
#include "analysis/matrix_heatmap.h"
#include "graph/graph_spec.h"
#include "util/progress.h"

#include <QSize>
#include <QString>
#include <QStringList>

#include <optional>

// `export`'s command line, shared by numasight-cli (which writes DOT and CSV itself and hands every other
// format to numasight-export) and numasight-export (which draws). Both parse the same arguments with this
// code, so they accept and refuse exactly the same things. Core only: numasight-cli links no Qt Gui.
namespace numasight::cli {

// What --view asks for: one of the graphs, or a heatmap or node matrix.
enum class ExportView : std::uint8_t
{
    Graph,      // machine, dataflow, combined: GraphOptions::view says which
    CpuHeatmap, // threads × nodes, share of on-CPU time
    MemHeatmap, // processes × nodes, memory in --measure
    Distance,   // firmware distances (SLIT)
    Latency,    // measured, MLC, hwloc matrix or memory attribute
    Bandwidth,
};
QString exportViewName(ExportView view); // "cpu-heatmap", …; "" for Graph
bool isMatrixView(ExportView view);

struct ExportRequest
{
    QString input;
    QString output;
    QString format; // graphs: "svg", "png", "pdf", "dot"; heatmaps and matrices: "png", "pdf", "svg", "csv"
    QString engine = QStringLiteral("dot");
    int dpi = 150;
    bool dpiSet = false; // heatmaps: a PNG is --size pixels unless --dpi scales it (dpi / 96)
    int snapshot = -1;   // -1: the last one (heatmaps: with every sample of a recording)
    GraphOptions options;

    ExportView view = ExportView::Graph;
    MemoryMeasure measure = MemoryMeasure::TotalPages;
    HeatmapSortKey sort = HeatmapSortKey::CpuTime;
    bool descending = true;
    MatrixOrder order = MatrixOrder::ByDistance; // pictures: near nodes together, as the window shows them
    QSize size;                                  // invalid: a size that shows every row
};

struct ExportCommandLine
{
    std::optional<ExportRequest> request; // set when the export should run
    int exitCode = 0;                     // otherwise: Ok after --help, Usage on a bad command line
    QString help;                         // --help text for stdout
    QString error;                        // one line for stderr
};

// `args` as main() gets them, without the "export" word: program, then options and FILE.
ExportCommandLine parseExportCommandLine(const QStringList& args);

// Kind names for --hide: entityKindName() in any case, plural allowed, plus "cpu", "gpu", "npu", "pci".
std::optional<EntityKind> kindFromCliName(QStringView name);
QString cliKindNames(); // the accepted names, for error messages and --help

struct ExportGraph
{
    GraphSpecPtr spec;
    int exitCode = 0; // when `spec` is null
    QString error;
};
// Reads the input, picks the snapshot (and, for a recording, the samples taken while it was in force) and
// builds the graph.
ExportGraph buildExportGraph(const ExportRequest& request, const Progress& progress);

struct ExportHeatmap
{
    NodeHeatmapPtr nodes;    // cpu-heatmap, mem-heatmap
    std::vector<int> rows;   // its rows to draw, sorted and filtered as asked
    MatrixHeatmapPtr matrix; // distance, latency, bandwidth
    int exitCode = 0;        // when both are null
    QString error;
};
// Reads the input and builds the heatmap or matrix --view names, from the snapshot --snapshot picks (the
// last by default, with every sample of a recording, as `export --format csv` does). A capture without the
// figures or the matrix asked for is an error that says what would have them.
ExportHeatmap buildExportHeatmap(const ExportRequest& request, const Progress& progress);
// The rows of `heatmap` to draw: sortedRows() by --sort, without threads when --hide thread, and without
// processes and threads under --min's share of all the CPU time (cpuTimeShare(), as the GUI filters).
std::vector<int> exportHeatmapRows(const NodeHeatmap& heatmap, const ExportRequest& request);

} // namespace numasight::cli
