#pragma once

#include "graph/graph_spec.h"
#include "util/progress.h"

#include <QString>
#include <QStringList>

#include <optional>

// `export`'s command line, shared by numasight-cli (which writes DOT itself and hands every other format to
// numasight-export) and numasight-export (which draws). Both parse the same arguments with this code, so
// they accept and refuse exactly the same things. Core only: numasight-cli links no Qt Gui.
namespace numasight::cli {

struct ExportRequest
{
    QString input;
    QString output;
    QString format; // "svg", "png", "pdf", "dot"
    QString engine = QStringLiteral("dot");
    int dpi = 150;
    int snapshot = -1; // -1: the last one
    GraphOptions options;
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

} // namespace numasight::cli
