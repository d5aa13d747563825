// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "util/command_line_spec.h"

#include <QString>
#include <QStringList>

namespace numasight {

// `report FILE [--compare OTHER] -o OUT [--snapshot N]`, read the same way by numasight-cli (which checks it
// before it starts the drawing helper) and by the helper.
struct ReportCommandLine
{
    bool run = false; // set when the report should be written
    QString input;
    QString compare;   // empty: no comparison
    QString output;    // .html, .htm or .pdf
    int snapshot = -1; // -1: the last, with every sample
    int exitCode = 0;  // otherwise: Ok after --help, Usage on a bad command line
    QString help;
    QString error;
};

CommandLineSpec reportCommandLine();
// `args` as main() gets them, without the "report" word: program, then options and FILE.
ReportCommandLine parseReportCommandLine(const QStringList& args);

} // namespace numasight
