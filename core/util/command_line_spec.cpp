// SPDX-License-Identifier: GPL-3.0-or-later
#include "command_line_spec.h"

#include <QCommandLineParser>

namespace numasight {

void CommandLineSpec::applyTo(QCommandLineParser& parser) const
{
    parser.setApplicationDescription(description);
    parser.addHelpOption();
    for (const QCommandLineOption& option : options)
        parser.addOption(option);
    for (const Operand& operand : operands)
        parser.addPositionalArgument(operand.name, operand.description, operand.syntax);
}

QString CommandLineSpec::longName(const QCommandLineOption& option)
{
    const QStringList names = option.names();
    for (const QString& name : names)
        if (name.size() > 1)
            return name;
    return names.isEmpty() ? QString() : names.last();
}

CommandLineSpec::Completion CommandLineSpec::completionOf(const QString& name, const QString& valueName) const
{
    if (const auto it = completions.constFind(name); it != completions.constEnd())
        return *it;
    if (valueName.isEmpty()) { // an operand: its name is its value's
        if (name == u"FILE" || name == u"IN" || name == u"A" || name == u"B")
            return Completion::InputFiles;
        if (name == u"PID")
            return Completion::Pids;
        return Completion::None;
    }
    if (valueName == u"FILE" || valueName == u"OUT" || valueName == u"IN")
        return Completion::Files;
    if (valueName == u"DIR")
        return Completion::Directories;
    if (valueName == u"PID")
        return Completion::Pids;
    return Completion::None;
}

} // namespace numasight
