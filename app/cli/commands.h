// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "util/command_line_spec.h"

#include <QStringList>

#include <span>

// numasight-cli's commands. Each takes its arguments as main() got them, without the command's name
// (program, then options and operands), and returns the exit code (docs/cli.md). Each describes its command
// line as data (`…CommandLine()`): the source of its --help, of the man page and of shell completion.
namespace numasight::cli {

int runInfo(const QStringList& args);
int runConvert(const QStringList& args);
int runRecord(const QStringList& args);
int runAttach(const QStringList& args);
int runExport(const QStringList& args);
int runMeasure(const QStringList& args);
int runAdvise(const QStringList& args);
int runDiff(const QStringList& args);
int runApply(const QStringList& args);
int runReport(const QStringList& args);
int runMerge(const QStringList& args);

CommandLineSpec infoCommandLine();
CommandLineSpec convertCommandLine();
CommandLineSpec recordCommandLine();
CommandLineSpec attachCommandLine();
CommandLineSpec measureCommandLine();
CommandLineSpec adviseCommandLine();
CommandLineSpec diffCommandLine();
CommandLineSpec applyCommandLine();
CommandLineSpec mergeCommandLine();
// export's and report's are core's exportCommandLine() and reportCommandLine(), shared with the drawing
// helper.

struct Command
{
    const char* name;
    int (*run)(const QStringList& args);
    CommandLineSpec (*commandLine)();
};
// In the order --help lists them.
std::span<const Command> commands();

} // namespace numasight::cli
