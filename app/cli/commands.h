#pragma once

#include "model/snapshot.h"
#include "report/exit_code.h"
#include "util/progress.h"

#include <QCommandLineParser>
#include <QStringList>

#include <optional>

namespace numasight::cli {

// Every subcommand returns the exit codes of report/exit_code.h (Ok, Failed, Usage, Cancelled).

// A Progress that draws a one-line bar on stderr when it is a terminal and stops on Ctrl-C.
Progress terminalProgress(const QString& what);
// Whether Ctrl-C was pressed.
bool interrupted();
void printError(const QString& line);
// Parses a command's arguments; returns the exit code when the command should stop here (bad options,
// --help).
std::optional<int> parseCommandLine(QCommandLineParser& parser, const QStringList& args);
// Reads any input with a progress line on a terminal. On failure prints the reader's error (which names the
// file and the place), sets `exitCode` (Failed, or Cancelled on Ctrl-C) and returns null.
CapturePtr readInputFile(const QString& path, int* exitCode);
// The value of --snapshot: -1 when absent. False, after saying why, when it is not a number from 0.
bool snapshotOption(const QCommandLineParser& parser, int* snapshot);

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
