// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "report/export_request.h"
#include "util/command_line_spec.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace numasight {

struct ExportCommandLine
{
    std::optional<ExportRequest> request; // set when the export should run
    int exitCode = 0;                     // otherwise: Ok after --help, Usage on a bad command line
    QString help;                         // --help text for stdout
    QString error;                        // one line for stderr
};

// `args` as main() gets them, without the "export" word: program, then options and FILE. One parse reads
// every kind of export. The numbers of a heatmap or matrix (--format csv; without --format, no -o, -o - or
// an OUT ending in .csv) take only -o, --view, --format, --snapshot, --measure and --order, refuse any other
// option as unknown, and write in natural node order unless --order says otherwise.
ExportCommandLine parseExportCommandLine(const QStringList& args);
// export's options and operand, with the values --view, --format, --engine, … take: its --help, man page and
// completion.
CommandLineSpec exportCommandLine();

} // namespace numasight
