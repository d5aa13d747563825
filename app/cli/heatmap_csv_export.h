#pragma once

#include <QStringList>
#include <QStringView>

#include <optional>

// `numasight-cli export FILE --view cpu-heatmap|mem-heatmap|distance|latency|bandwidth --format csv`: the
// numbers of a heatmap or a node matrix as CSV, computed by core (core/analysis, core/report/heatmap_csv).
// Pictures of the same views (png, pdf, svg) are drawn by numasight-export.
namespace numasight::cli {

// The views this file writes as CSV.
bool isHeatmapView(QStringView view);

// `args` as runExport() gets them (program, then options and FILE). Returns nullopt when the command line
// does not ask for a heatmap or matrix view as CSV (no --view, a graph view, or a picture format), so that
// the graph export carries on; otherwise writes the CSV (to -o OUT, or stdout without -o) and returns the
// exit code: 0 done, 1 unreadable input / no such matrix / unwritable output, 2 bad command line, 130
// interrupted.
std::optional<int> runHeatmapCsvExport(const QStringList& args);

} // namespace numasight::cli
