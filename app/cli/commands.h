#pragma once

#include "util/progress.h"

#include <QStringList>

namespace numasight::cli {

// Exit codes shared by every subcommand, documented in docs/cli.md.
enum ExitCode
{
    Ok = 0,
    Failed = 1,
    Usage = 2,
    Cancelled = 130
};

// A Progress that draws a one-line bar on stderr when it is a terminal and stops on Ctrl-C.
Progress terminalProgress(const QString& what);
void printError(const QString& line);

int runInfo(const QStringList& args);
int runConvert(const QStringList& args);

} // namespace numasight::cli
