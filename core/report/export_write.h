// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "report/export_request.h"
#include "util/progress.h"

#include <QString>

#include <functional>

// The exports written without drawing, from reading the input to the file: a graph's DOT source and the
// numbers of a heatmap or matrix as CSV. numasight-cli writes them itself, numasight-export does the same
// when it is run directly; neither needs Qt Gui.
namespace numasight {

// Takes a line for stderr (an error, or a warning that does not stop the export); the program names itself
// in front of it.
using ExportMessage = std::function<void(const QString& line)>;

// --format dot: the graph of the request, as DOT, into request.output. Returns the exit code. `note`, when
// given, gets the graph's hiddenNotes (what the filters and the level of detail leave out), one a call.
int writeExportDot(const ExportRequest& request, const Progress& progress, const ExportMessage& say,
                   const ExportMessage& note = {});

// --format json of a graph: laid out (packed, shaped for request.page when given) and written as
// layoutToJson() into request.output. Returns the exit code. `note` gets the graph's hiddenNotes and what
// the layout gave up (labels on hover only, straight edges).
int writeExportLayoutJson(const ExportRequest& request, const Progress& progress, const ExportMessage& say,
                          const ExportMessage& note = {});

// The layout options an export of `request` uses: its engine, the page's shape.
LayoutOptions exportLayoutOptions(const ExportRequest& request);

// --format csv of a heatmap or matrix view: every row of the heatmap (heatmapCsv) or the whole matrix
// (matrixCsv, in request.order) into request.output, or standard output when it is "" or "-". A heatmap
// without figures is written with its header only, after a warning. Returns the exit code.
int writeExportCsv(const ExportRequest& request, const Progress& progress, const ExportMessage& say);

} // namespace numasight
