// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCommandLineOption>
#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

class QCommandLineParser;

namespace numasight {

// A command's options and operands as data: the one source of its --help (applyTo), its man page and its
// shell completion (app/cli/manual_writer.cpp). It answers to QCommandLineParser's own calls, so a command
// describes itself as it would describe a parser.
struct CommandLineSpec
{
    struct Operand
    {
        QString name;
        QString description;
        QString syntax; // as --help shows it, when not `name`
    };
    // What a shell offers after an option or for an operand.
    enum class Completion
    {
        None,
        Files,
        Directories,
        Pids,
        InputFiles, // files, or the word :local:
    };

    QString description;
    QList<QCommandLineOption> options;
    QList<Operand> operands;
    // The values an option takes, by its long name, when they are a closed list ("view": machine, …).
    QHash<QString, QStringList> choices;
    // Options and operands (by name) whose value is a file, a folder or a process.
    QHash<QString, Completion> completions;
    // Options that may be given more than once (--pid 1 --pid 2), by long name.
    QStringList repeatable;

    void setApplicationDescription(const QString& text) { description = text; }
    void addOption(const QCommandLineOption& option) { options.append(option); }
    void addPositionalArgument(const QString& name, const QString& text, const QString& syntax = {})
    {
        operands.append({name, text, syntax});
    }

    // Describes a parser: help option, description, options, operands.
    void applyTo(QCommandLineParser& parser) const;
    // The long name of an option (its last name), as completion and man pages show it first.
    static QString longName(const QCommandLineOption& option);
    // The completion of an option's value or an operand: Files when its value name says FILE, OUT, IN or
    // DIR, InputFiles for FILE/IN/A/B operands, unless `completions` says otherwise.
    Completion completionOf(const QString& name, const QString& valueName) const;
};

} // namespace numasight
