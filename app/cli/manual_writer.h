// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "util/command_line_spec.h"

#include <QList>
#include <QString>

// Man pages and shell completion written from the commands' CommandLineSpecs, the source of their --help:
// an option added to a command appears in all of them (numasight-manual writes them at build time).
namespace numasight::cli {

struct ManualCommand
{
    QString name; // "export"; empty for a program without commands (numasight)
    CommandLineSpec spec;
};

struct ManualProgram
{
    QString program;    // "numasight-cli"
    QString summary;    // the NAME line's text after the dash
    QString version;    // "0.1.0"
    QString date;       // "2026-12-03": the page's date
    QString overview;   // DESCRIPTION's paragraphs, blank-line separated
    QString afterwards; // roff sections appended as they are (EXIT STATUS, ENVIRONMENT, EXAMPLES, SEE ALSO)
    QList<ManualCommand> commands;
};

// numasight-cli's commands and its fixed sections (docs/cli.md says the same at length).
ManualProgram cliManual();
// numasight's (the window's) command line.
ManualProgram guiManual();

QString manPage(const ManualProgram& program);
// A bash script registering `complete -F` for the program: commands, each command's options, the values of
// options with a closed list, files and :local: for inputs, pids for PID.
QString bashCompletion(const ManualProgram& program);
// A zsh #compdef script using _arguments, with the same knowledge.
QString zshCompletion(const ManualProgram& program);

// Text as roff shows it literally: backslashes, leading dots and quotes, and hyphens in option names.
QString roffEscape(const QString& text);

} // namespace numasight::cli
