// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>

// numasight-cli's commands. Each takes its arguments as main() got them, without the command's name
// (program, then options and operands), and returns the exit code (docs/cli.md).
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

} // namespace numasight::cli
