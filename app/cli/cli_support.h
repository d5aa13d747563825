// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/snapshot.h"
#include "report/exit_code.h"
#include "util/command_line_spec.h"
#include "util/progress.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <optional>

// What numasight-cli's commands share: messages, Ctrl-C, progress on a terminal, the command line, reading
// the input. Commands return the exit codes of report/exit_code.h (Ok, Failed, Usage, Cancelled).
namespace numasight::cli {

// The translation context of the command-line programs' messages: Cli::tr("...").
struct Cli
{
    Q_DECLARE_TR_FUNCTIONS(numasight::Cli)
};

// Ctrl-C (SIGINT) sets a flag instead of ending the process, so that a command stops where it can clean up;
// SIGTERM ends it at once with exit 143, taking the helper of setHelperProcess() along. Either removes the
// temporary of a file being written (report/output_file.h); SIGXFSZ is ignored, so a write past `ulimit -f`
// fails with EFBIG and is reported. Called once by main().
void catchInterrupt();
// Whether Ctrl-C was pressed.
bool interrupted();
// The child that SIGTERM must end too (numasight-export); 0 when none runs.
void setHelperProcess(qint64 pid);
// A Progress that draws a one-line bar on stderr when it is a terminal and stops on Ctrl-C.
Progress terminalProgress(const QString& what);
// One line on stderr: "numasight-cli: <line>", flattened to one line whatever it quotes.
void printError(const QString& line);
// Writes a command's result to stdout; Failed, after saying why, when stdout cannot take it (a full disk,
// /dev/full, a closed pipe).
int printOutput(const QByteArray& bytes);

// Parses a command's arguments; returns the exit code when the command should stop here (bad options,
// --help).
std::optional<int> parseCommandLine(QCommandLineParser& parser, const QStringList& args);
// Reads any input with a progress line on a terminal. On failure prints the reader's error (which names the
// file and the place), sets `exitCode` (Failed, or Cancelled on Ctrl-C) and returns null.
CapturePtr readInputFile(const QString& path, int* exitCode);
// The value of --snapshot: -1 when absent. False, after saying why, when it is not a number from 0.
bool snapshotOption(const QCommandLineParser& parser, int* snapshot);

// A command that looks at one snapshot of one FILE and prints text or JSON (info, advise): its --help texts.
struct SnapshotCommand
{
    QString name; // "info": "info takes exactly one FILE; run 'numasight-cli info --help'"
    QString description;
    QString jsonHelp;
    QString snapshotHelp;
};
// Its options: FILE, --json, --snapshot N.
CommandLineSpec snapshotCommandLine(const SnapshotCommand& command);
// What such a command was asked for, its FILE read.
struct SnapshotInput
{
    QString path;
    CapturePtr capture;
    int snapshot = -1; // -1: the last
    bool json = false;
    // A fleet's hosts (captureHosts); with --host, `capture` is that host alone (scopeToHost), `scoped` is
    // set and `hosts` holds just it. Empty for one machine.
    std::vector<CaptureHost> hosts;
    bool scoped = false;
};
// Parses `args` (FILE, --json, --snapshot N) and reads FILE. Returns the exit code when the command should
// stop here, after saying why; otherwise fills `input`.
std::optional<int> readSnapshotInput(const SnapshotCommand& command, const QStringList& args,
                                     SnapshotInput* input);
// --host's help, for every command that takes it.
QString hostOptionHelp();
// Narrows `capture` to the host `host` names (nothing when `host` is null) and fills `hosts` with the fleet's
// hosts (or just the chosen one). Returns the exit code, after saying why, when FILE is no fleet or has no
// such host.
std::optional<int> scopeToHostOption(const QString& path, const QString& host, CapturePtr* capture,
                                     std::vector<CaptureHost>* hosts);
// False, after saying so, when --snapshot is past the end of the capture.
bool snapshotInRange(const SnapshotInput& input);

} // namespace numasight::cli
