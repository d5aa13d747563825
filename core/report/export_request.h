// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/heatmap_data.h"
#include "analysis/matrix_heatmap.h"
#include "graph/graph_layout.h"
#include "graph/graph_spec.h"

#include <QSize>
#include <QSizeF>
#include <QString>
#include <QStringView>

#include <cstdint>
#include <optional>

// What `export` is asked to write, as parseExportCommandLine() reads it. numasight-cli writes DOT and CSV
// itself and hands every other format to numasight-export, which draws; both read the same request from the
// same arguments, so they accept and refuse exactly the same things.
namespace numasight {

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
// A heatmap or matrix view by its name in any case; nullopt for the graph views and unknown names.
std::optional<ExportView> heatmapViewFromName(QStringView name);
bool isMatrixView(ExportView view);

struct ExportRequest
{
    QString input;
    QString output; // CSV: "" or "-" is standard output
    QString format; // graphs: "svg", "png", "pdf", "dot", "json"; heatmaps and matrices: "png", "pdf", "svg",
                    // "csv"
    QString engine = kPackedEngine;
    QString page; // graphs: "a4-landscape", …; empty: the page is the picture's size
    int dpi = 150;
    bool dpiSet = false; // heatmaps: a PNG is --size pixels unless --dpi scales it (dpi / 96)
    int snapshot = -1;   // -1: the last one (heatmaps: with every sample of a recording)
    GraphOptions options;

    ExportView view = ExportView::Graph;
    MemoryMeasure measure = MemoryMeasure::TotalPages;
    HeatmapSortKey sort = HeatmapSortKey::CpuTime;
    bool descending = true;
    MatrixOrder order = MatrixOrder::ByDistance; // pictures: near nodes together; CSV: Natural by default
    QSize size;                                  // invalid: a size that shows every row
    // Heatmap pictures: how many processes (with their threads) to draw before one row sums the rest;
    // kAllRows for every one. Unless --rows says, kPictureRows; CSV always has every row.
    int rows = kAllRows;
    bool rowsSet = false;
    // The processes a heatmap export keeps without --rows.
    int rowLimit() const;
};
inline constexpr int kPictureRows = 100;

// Kind names for --hide: entityKindName() in any case, plural allowed, plus "cpu", "gpu", "npu", "pci".
std::optional<EntityKind> kindFromCliName(QStringView name);
QString cliKindNames(); // the accepted names, for error messages and --help

// Paper for --page, in points: "a4", "a3", "letter", each "-landscape" or "-portrait" (bare: landscape, the
// shape of a machine drawing). nullopt for any other name.
std::optional<QSizeF> pageSizeFromName(QStringView name);
QString pageNames(); // for error messages and --help

} // namespace numasight
