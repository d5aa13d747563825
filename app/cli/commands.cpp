// SPDX-License-Identifier: GPL-3.0-or-later
#include "commands.h"

#include "report/export_command_line.h"
#include "report/report_command_line.h"

namespace numasight::cli {

std::span<const Command> commands()
{
    static const Command table[] = {
        {"info", runInfo, infoCommandLine},       {"convert", runConvert, convertCommandLine},
        {"record", runRecord, recordCommandLine}, {"attach", runAttach, attachCommandLine},
        {"export", runExport, exportCommandLine}, {"measure", runMeasure, measureCommandLine},
        {"advise", runAdvise, adviseCommandLine}, {"diff", runDiff, diffCommandLine},
        {"apply", runApply, applyCommandLine},    {"report", runReport, reportCommandLine},
        {"merge", runMerge, mergeCommandLine},
    };
    return table;
}

} // namespace numasight::cli
