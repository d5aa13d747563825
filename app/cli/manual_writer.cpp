// SPDX-License-Identifier: GPL-3.0-or-later
#include "manual_writer.h"

#include "commands.h"
#include "gui_command_line.h"
#include "version.h"

#include <QRegularExpression>
#include <QStringList>

#include <algorithm>

namespace numasight::cli {

namespace {

using Completion = CommandLineSpec::Completion;

// The man page's fixed sections: docs/cli.md's "Exit codes and errors" and inputs, in short.
const char* const kCliOverview =
    "numasight-cli is the headless front end of numasight: the same readers and analyses as the window, on "
    "servers without a display. It reads numasight captures (.numasight, SQLite), witty-profiler graph JSON "
    "(plain, HTTP envelope or JSON Lines) and hwloc XML topologies, recognised by their content; the word "
    ":local: reads this machine.\n\n"
    "It records where threads run and where their memory lives, polls witty-profiler servers, draws the "
    "topology graph and heatmaps, measures latency and bandwidth between NUMA nodes, finds what runs away "
    "from "
    "its memory or accelerator and prints the numactl, taskset and migratepages commands that would move it, "
    "applies them to a running process, and compares two captures.\n\n"
    "Each command takes --help. On failure exactly one line goes to standard error: the file, the place in "
    "it "
    "and what is wrong. Files are written to a temporary file beside OUT and renamed over it only when "
    "complete, so a full disk or a signal never leaves a damaged file or destroys an existing one.";

const char* const kCliAfterwards = R"(.SH EXIT STATUS
.TP
.B 0
Done.
.TP
.B 1
The input could not be read or the output could not be written.
.TP
.B 2
Bad command line.
.TP
.B 130
Interrupted (Ctrl-C, SIGINT); nothing half-written is left behind.
.TP
.B 143
Ended by SIGTERM; nothing half-written is left behind.
.SH ENVIRONMENT
.TP
.BR LANGUAGE ", " LC_ALL ", " LC_MESSAGES ", " LANG
The language of messages (English and Simplified Chinese).
.TP
.B MALLOC_CONF
jemalloc's options; numasight runs with transparent huge pages unless this says otherwise.
.TP
.B HWLOC_HIDE_ERRORS
hwloc's own warnings are hidden (2) unless this is set.
.SH EXAMPLES
.nf
numasight-cli info graph.json
numasight-cli record \-o run.numasight \-\-duration 1m \-\-pid 4242
numasight-cli advise run.numasight
numasight-cli export run.numasight \-o machine.svg \-\-view machine
numasight-cli export run.numasight \-o cpu.png \-\-view cpu-heatmap
numasight-cli apply 4242 \-\-cpus 0-23 \-\-mems 0 \-\-verify 30s
.fi
.PP
Recording other users' processes and eBPF CPU time need CAP_SYS_PTRACE, CAP_DAC_READ_SEARCH, CAP_BPF and
CAP_PERFMON (or the numasight-recorder@.service unit, which holds them):
.nf
sudo setcap cap_bpf,cap_perfmon,cap_sys_ptrace,cap_dac_read_search+ep /usr/bin/numasight-cli
.fi
.SH FILES
.TP
.I /usr/share/doc/numasight/docs/cli.md
Every command, format and field at length.
.TP
.I /usr/share/doc/numasight/docs/capture-format.md
The capture file (SQLite) format.
.SH SEE ALSO
.BR numasight (1),
.BR numactl (8),
.BR taskset (1),
.BR migratepages (8),
.BR lstopo (1)
)";

const char* const kGuiOverview =
    "numasight shows how AI training and inference jobs sit on a machine's NUMA topology and where they pay "
    "for it: a topology graph of NUMA nodes, packages, CPUs, GPUs and NPUs, containers, processes, threads "
    "and sockets laid out by Graphviz; heatmaps of each thread's CPU time and each process's memory across "
    "NUMA nodes; the firmware distance table and measured latency and bandwidth; and advice with the "
    "numactl, "
    "taskset and migratepages commands that would fix what runs far from its memory or device.\n\n"
    "It opens numasight captures (.numasight), witty-profiler graph JSON and hwloc XML topologies, or "
    "records "
    "this machine live. Without a display, use numasight-cli(1), ssh -X, or QT_QPA_PLATFORM=vnc.";

const char* const kGuiAfterwards = R"(.SH ENVIRONMENT
.TP
.B QT_QPA_PLATFORM
Where the window goes: xcb, wayland, vnc (served on port 5900) or offscreen.
.TP
.BR LANGUAGE ", " LC_ALL ", " LANG
The language, unless one was chosen in the View menu.
.SH FILES
.TP
.I ~/.config/numasight/numasight.conf
Remembered settings: window layout, recent files, the record dialog's choices.
.TP
.I ~/.cache/numasight/numasight/recordings
Recordings made in the window and not saved elsewhere.
.SH SEE ALSO
.BR numasight-cli (1),
.BR numactl (8),
.BR lstopo (1)
)";

// The page's date: the day CMake configured the build, or SOURCE_DATE_EPOCH's for a reproducible build
// (app/CMakeLists.txt).
QString today()
{
    return QStringLiteral(NUMASIGHT_MANUAL_DATE);
}

QString operandSyntax(const CommandLineSpec::Operand& operand)
{
    return operand.syntax.isEmpty() ? operand.name : operand.syntax;
}

QString optionSynopsis(const QCommandLineOption& option)
{
    QStringList names;
    for (const QString& name : option.names())
        names << (name.size() == 1 ? QStringLiteral("-") : QStringLiteral("--")) + name;
    return names.join(QStringLiteral(", "));
}

// Characters some terminals and man(1) in the C locale do not show, in the words man pages use.
QString plainText(QString text)
{
    text.replace(QChar(0x00d7), QLatin1Char('x'));
    text.replace(QChar(0x2026), QStringLiteral("..."));
    text.replace(QChar(0x2014), QStringLiteral("--"));
    text.replace(QChar(0x2013), QLatin1Char('-'));
    return text;
}

QString shellWord(const QString& text)
{
    QString quoted = text;
    quoted.replace(QLatin1Char('\''), QStringLiteral("'\\''"));
    return QLatin1Char('\'') + quoted + QLatin1Char('\'');
}

// The first sentence of a description, for zsh's one-line help.
QString firstSentence(const QString& text)
{
    const QRegularExpression end(QStringLiteral("\\.(\\s|$)"));
    const QRegularExpressionMatch m = end.match(text);
    return plainText(m.hasMatch() ? text.left(m.capturedStart()) : text);
}

// The word the bash script's _values function takes for a kind of value; empty for None.
QString bashOffer(Completion completion)
{
    switch (completion) {
    case Completion::Files:
        return QStringLiteral("files");
    case Completion::Directories:
        return QStringLiteral("dirs");
    case Completion::Pids:
        return QStringLiteral("pids");
    case Completion::InputFiles:
        return QStringLiteral("inputs");
    case Completion::None:
        break;
    }
    return {};
}

QStringList optionWords(const CommandLineSpec& spec)
{
    QStringList words{QStringLiteral("--help")};
    for (const QCommandLineOption& option : spec.options)
        for (const QString& name : option.names())
            words << (name.size() == 1 ? QStringLiteral("-") : QStringLiteral("--")) + name;
    return words;
}

} // namespace

QString roffEscape(const QString& text)
{
    QString out;
    const QString plain = plainText(text);
    out.reserve(plain.size() + 8);
    for (QChar c : plain) {
        if (c == QLatin1Char('\\'))
            out += QStringLiteral("\\e");
        else if (c == QLatin1Char('-'))
            out += QStringLiteral("\\-");
        else
            out += c;
    }
    // A line starting with a dot or a quote would be read as a request.
    QStringList lines = out.split(QLatin1Char('\n'));
    for (QString& line : lines)
        if (line.startsWith(QLatin1Char('.')) || line.startsWith(QLatin1Char('\'')))
            line.prepend(QStringLiteral("\\&"));
    return lines.join(QLatin1Char('\n'));
}

namespace {
ManualProgram manual(const char* program, const char* summary, const char* overview, const char* afterwards)
{
    ManualProgram p;
    p.program = QString::fromLatin1(program);
    p.summary = QString::fromUtf8(summary);
    p.version = version();
    p.date = today();
    p.overview = QString::fromUtf8(overview);
    p.afterwards = QString::fromUtf8(afterwards);
    return p;
}
} // namespace

ManualProgram cliManual()
{
    ManualProgram p =
        manual("numasight-cli", "NUMA and accelerator placement of AI jobs, from the command line",
               kCliOverview, kCliAfterwards);
    for (const Command& command : commands())
        p.commands.append({QString::fromLatin1(command.name), command.commandLine()});
    return p;
}

ManualProgram guiManual()
{
    ManualProgram p =
        manual("numasight", "see where AI jobs sit on a machine's NUMA and accelerator topology",
               kGuiOverview, kGuiAfterwards);
    p.commands.append({QString(), guiCommandLine()});
    return p;
}

QString manPage(const ManualProgram& p)
{
    QString out;
    const auto line = [&out](const QString& text) { out += text + QLatin1Char('\n'); };
    line(QStringLiteral(
        ".\\\" Generated by numasight-manual from the commands' own descriptions; do not edit."));
    line(QStringLiteral(".TH %1 1 \"%2\" \"numasight %3\" \"User Commands\"")
             .arg(p.program.toUpper(), p.date, p.version));
    line(QStringLiteral(".SH NAME"));
    line(roffEscape(p.program) + QStringLiteral(" \\- ") + roffEscape(p.summary));
    line(QStringLiteral(".SH SYNOPSIS"));
    for (const ManualCommand& c : p.commands) {
        QString synopsis = QStringLiteral(".B ") + roffEscape(p.program);
        line(synopsis);
        QString rest;
        if (!c.name.isEmpty())
            rest += QStringLiteral("\\fB") + roffEscape(c.name) + QStringLiteral("\\fR ");
        rest += QStringLiteral("[\\fIoptions\\fR]");
        for (const CommandLineSpec::Operand& operand : c.spec.operands)
            rest += QStringLiteral(" \\fI") + roffEscape(operandSyntax(operand)) + QStringLiteral("\\fR");
        line(rest);
        line(QStringLiteral(".br"));
    }
    line(QStringLiteral(".B %1").arg(roffEscape(p.program)));
    line(QStringLiteral("\\fB\\-\\-version\\fR | \\fB\\-\\-help\\fR"));
    line(QStringLiteral(".SH DESCRIPTION"));
    const QStringList paragraphs = p.overview.split(QStringLiteral("\n\n"));
    for (int i = 0; i < paragraphs.size(); ++i) {
        if (i > 0)
            line(QStringLiteral(".PP"));
        line(roffEscape(paragraphs[i]));
    }
    const bool hasCommands = !(p.commands.size() == 1 && p.commands.front().name.isEmpty());
    line(hasCommands ? QStringLiteral(".SH COMMANDS") : QStringLiteral(".SH OPTIONS"));
    for (const ManualCommand& c : p.commands) {
        if (hasCommands) {
            QString heading = roffEscape(c.name) + QStringLiteral(" [options]");
            for (const CommandLineSpec::Operand& operand : c.spec.operands)
                heading += QLatin1Char(' ') + roffEscape(operandSyntax(operand));
            line(QStringLiteral(".SS \"%1\"").arg(heading));
            line(roffEscape(c.spec.description));
        }
        for (const CommandLineSpec::Operand& operand : c.spec.operands) {
            line(QStringLiteral(".TP"));
            line(QStringLiteral("\\fI%1\\fR").arg(roffEscape(operand.name)));
            line(roffEscape(operand.description));
        }
        for (const QCommandLineOption& option : c.spec.options) {
            line(QStringLiteral(".TP"));
            QString head =
                QStringLiteral("\\fB") + roffEscape(optionSynopsis(option)) + QStringLiteral("\\fR");
            if (!option.valueName().isEmpty())
                head += QStringLiteral(" \\fI") + roffEscape(option.valueName()) + QStringLiteral("\\fR");
            line(head);
            QString text = option.description();
            const QStringList choices = c.spec.choices.value(CommandLineSpec::longName(option));
            const bool named = std::all_of(choices.begin(), choices.end(), [&](const QString& choice) {
                return text.contains(QRegularExpression(QStringLiteral("(^|[^\\w-])") +
                                                        QRegularExpression::escape(choice) +
                                                        QStringLiteral("($|[^\\w-])")));
            });
            if (!choices.isEmpty() && !named)
                text += QStringLiteral(" Values: ") + choices.join(QStringLiteral(", ")) + QLatin1Char('.');
            line(roffEscape(text));
        }
        line(QStringLiteral(".TP"));
        line(QStringLiteral("\\fB\\-h, \\-\\-help\\fR"));
        line(QStringLiteral("Show the options%1 and exit.")
                 .arg(hasCommands ? QStringLiteral(" of ") + roffEscape(c.name) : QString()));
    }
    if (hasCommands)
        line(QStringLiteral(".SH OPTIONS"));
    line(QStringLiteral(".TP"));
    line(QStringLiteral("\\fB\\-v, \\-\\-version\\fR"));
    line(QStringLiteral("Print the version, its git description and the libraries it runs with, and exit."));
    if (hasCommands) {
        line(QStringLiteral(".TP"));
        line(QStringLiteral("\\fB\\-h, \\-\\-help\\fR"));
        line(QStringLiteral("List the commands and exit."));
    }
    out += p.afterwards;
    return out;
}

QString bashCompletion(const ManualProgram& p)
{
    QString fn = QStringLiteral("_") + p.program;
    fn.replace(QLatin1Char('-'), QLatin1Char('_'));
    QStringList commandNames;
    for (const ManualCommand& c : p.commands)
        if (!c.name.isEmpty())
            commandNames << c.name;

    QString out;
    out += QStringLiteral("# bash completion for %1: generated by numasight-manual from the commands' own "
                          "descriptions; do not edit.\n")
               .arg(p.program);
    out +=
        fn + QStringLiteral("_values()\n{\n"
                            "    # $1: what to offer (files, dirs, pids, inputs, or words); $2: the word.\n"
                            "    case $1 in\n"
                            "    files) mapfile -t COMPREPLY < <(compgen -f -- \"$2\"); compopt -o filenames "
                            "2>/dev/null ;;\n"
                            "    dirs) mapfile -t COMPREPLY < <(compgen -d -- \"$2\"); compopt -o filenames "
                            "2>/dev/null ;;\n"
                            "    pids) mapfile -t COMPREPLY < <(compgen -W \"$(ps -e -o pid= 2>/dev/null)\" "
                            "-- \"$2\") ;;\n"
                            "    inputs) mapfile -t COMPREPLY < <(compgen -f -- \"$2\"; compgen -W :local: "
                            "-- \"$2\"); compopt -o filenames 2>/dev/null ;;\n"
                            "    *) mapfile -t COMPREPLY < <(compgen -W \"$1\" -- \"$2\") ;;\n"
                            "    esac\n}\n\n");
    out += fn + QStringLiteral("()\n{\n");
    out += QStringLiteral(
        "    # The words as typed, split at blanks only: bash's own split cuts at ':' and '=' (:local:, "
        "--view=).\n"
        "    local line=${COMP_LINE:0:COMP_POINT}\n"
        "    local cur=${line##*[[:space:]]}\n"
        "    local before=${line%\"$cur\"}\n"
        "    local -a words\n"
        "    read -r -a words <<<\"$before\"\n"
        "    local prev=${words[${#words[@]}-1]}\n"
        "    local value=\n"
        "    if [[ $cur == --*=* ]]; then\n"
        "        prev=${cur%%=*}\n"
        "        value=${cur#*=}\n"
        "    fi\n"
        "    local command=\n");
    if (!commandNames.isEmpty()) {
        out += QStringLiteral("    if ((${#words[@]} <= 1)); then\n"
                              "        %1_values \"%2 --help --version\" \"$cur\"\n"
                              "        return\n"
                              "    fi\n"
                              "    command=${words[1]}\n")
                   .arg(fn, commandNames.join(QLatin1Char(' ')));
    }
    out += QStringLiteral("    local offer= operand= options=\n"
                          "    case $command in\n");
    for (const ManualCommand& c : p.commands) {
        out += QStringLiteral("    %1)\n").arg(c.name.isEmpty() ? QStringLiteral("''") : c.name);
        out += QStringLiteral("        case $prev in\n");
        for (const QCommandLineOption& option : c.spec.options) {
            if (option.valueName().isEmpty())
                continue;
            QStringList patterns;
            for (const QString& name : option.names())
                patterns << (name.size() == 1 ? QStringLiteral("-") : QStringLiteral("--")) + name;
            const QString longName = CommandLineSpec::longName(option);
            QString what;
            const QStringList choices = c.spec.choices.value(longName);
            if (!choices.isEmpty()) {
                what = choices.join(QLatin1Char(' '));
            } else {
                what = bashOffer(c.spec.completionOf(longName, option.valueName()));
                if (what.isEmpty())
                    what = QStringLiteral(" "); // a value, nothing to offer
            }
            out += QStringLiteral("        %1) offer=%2 ;;\n")
                       .arg(patterns.join(QLatin1Char('|')), shellWord(what));
        }
        out += QStringLiteral("        esac\n");
        const QString operandWhat = c.spec.operands.isEmpty()
                                        ? QString()
                                        : bashOffer(c.spec.completionOf(c.spec.operands.front().name, {}));
        out += QStringLiteral("        operand=%1\n").arg(shellWord(operandWhat));
        out +=
            QStringLiteral("        options=%1\n").arg(shellWord(optionWords(c.spec).join(QLatin1Char(' '))));
        out += QStringLiteral("        ;;\n");
    }
    out += QStringLiteral("    *) return ;;\n"
                          "    esac\n"
                          "    if [[ -n $offer ]]; then\n"
                          "        [[ $offer == ' ' ]] || %1_values \"$offer\" \"${value:-$cur}\"\n"
                          "        return\n"
                          "    fi\n"
                          "    if [[ $cur == -* ]]; then\n"
                          "        %1_values \"$options\" \"$cur\"\n"
                          "    elif [[ -n $operand ]]; then\n"
                          "        %1_values \"$operand\" \"$cur\"\n"
                          "    fi\n"
                          "    # bash replaces only what follows its last ':' in the word: offer that part.\n"
                          "    if [[ $cur == *:* && $COMP_WORDBREAKS == *:* && -z $value ]]; then\n"
                          "        local colon=${cur%\"${cur##*:}\"}\n"
                          "        COMPREPLY=(\"${COMPREPLY[@]#\"$colon\"}\")\n"
                          "    fi\n"
                          "}\n"
                          "complete -F %1 %2\n")
               .arg(fn, p.program);
    return out;
}

QString zshCompletion(const ManualProgram& p)
{
    QString fn = QStringLiteral("_") + p.program;
    fn.replace(QLatin1Char('-'), QLatin1Char('_'));
    const auto zshText = [](const QString& text) {
        QString t = firstSentence(text);
        for (const char* special : {"\\", "[", "]", ":"})
            t.replace(QLatin1String(special), QLatin1Char('\\') + QLatin1String(special));
        // The spec is single-quoted: a quote ends it, is written escaped, and opens it again.
        t.replace(QLatin1Char('\''), QStringLiteral("'\\''"));
        return t;
    };
    const auto action = [](const CommandLineSpec& spec, const QString& name, const QString& valueName) {
        const QStringList choices = spec.choices.value(name);
        if (!choices.isEmpty())
            return QStringLiteral("(") + choices.join(QLatin1Char(' ')) + QLatin1Char(')');
        switch (spec.completionOf(name, valueName)) {
        case Completion::Files:
            return QStringLiteral("_files");
        case Completion::Directories:
            return QStringLiteral("_files -/");
        case Completion::Pids:
            return QStringLiteral("_pids");
        case Completion::InputFiles:
            return QStringLiteral("{_files; compadd -- \\:local\\:}");
        case Completion::None:
            break;
        }
        return QStringLiteral(" ");
    };
    const auto arguments = [&](const CommandLineSpec& spec) {
        QStringList specs{QStringLiteral("'(- *)'{-h,--help}'[Show the options and exit]'")};
        for (const QCommandLineOption& option : spec.options) {
            const QString longName = CommandLineSpec::longName(option);
            const bool repeat = spec.repeatable.contains(longName);
            QStringList forms;
            for (const QString& name : option.names()) {
                const bool shortName = name.size() == 1;
                QString form = (shortName ? QStringLiteral("-") : QStringLiteral("--")) + name;
                if (!option.valueName().isEmpty())
                    form += shortName ? QStringLiteral("+") : QStringLiteral("=");
                forms << form;
            }
            QString head = forms.size() == 1
                               ? forms.front()
                               : QStringLiteral("{") + forms.join(QLatin1Char(',')) + QLatin1Char('}');
            QString exclusion;
            if (!repeat && forms.size() > 1) {
                QStringList plain;
                for (const QString& name : option.names())
                    plain << (name.size() == 1 ? QStringLiteral("-") : QStringLiteral("--")) + name;
                exclusion = QStringLiteral("'(") + plain.join(QLatin1Char(' ')) + QStringLiteral(")'");
            }
            QString s = (repeat ? QStringLiteral("'*'") : exclusion) + head + QStringLiteral("'[") +
                        zshText(option.description()) + QStringLiteral("]");
            if (!option.valueName().isEmpty())
                s += QLatin1Char(':') +
                     option.valueName().toLower().replace(QLatin1Char(':'), QLatin1Char(' ')) +
                     QLatin1Char(':') + action(spec, longName, option.valueName());
            s += QLatin1Char('\'');
            specs << s;
        }
        int position = 1;
        for (const CommandLineSpec::Operand& operand : spec.operands) {
            const bool repeat = spec.repeatable.contains(operand.name);
            specs << QStringLiteral("'%1:%2:%3'")
                         .arg(repeat ? QStringLiteral("*") : QString::number(position++),
                              operand.name.toLower(), action(spec, operand.name, {}));
        }
        return specs.join(QStringLiteral(" \\\n        "));
    };

    QString out =
        QStringLiteral("#compdef %1\n# zsh completion for %1: generated by numasight-manual from the "
                       "commands' own descriptions; do not edit.\n\n")
            .arg(p.program);
    out += fn + QStringLiteral("()\n{\n");
    const bool hasCommands = !(p.commands.size() == 1 && p.commands.front().name.isEmpty());
    if (!hasCommands) {
        out += QStringLiteral(
                   "    _arguments -s '(- *)'{-v,--version}'[Print the version and exit]' \\\n        ") +
               arguments(p.commands.front().spec) + QStringLiteral("\n}\n\n") + fn +
               QStringLiteral(" \"$@\"\n");
        return out;
    }
    out += QStringLiteral("    local -a commands\n    commands=(\n");
    for (const ManualCommand& c : p.commands)
        out += QStringLiteral("        %1\n")
                   .arg(shellWord(c.name + QLatin1Char(':') + firstSentence(c.spec.description)));
    out += QStringLiteral("    )\n"
                          "    if ((CURRENT == 2)); then\n"
                          "        _describe -t commands 'numasight-cli command' commands\n"
                          "        compadd -- --help --version\n"
                          "        return\n"
                          "    fi\n"
                          "    local command=${words[2]}\n"
                          "    shift words\n"
                          "    ((CURRENT--))\n"
                          "    case $command in\n");
    for (const ManualCommand& c : p.commands)
        out += QStringLiteral("    %1)\n        _arguments -s \\\n        %2\n        ;;\n")
                   .arg(c.name, arguments(c.spec));
    out += QStringLiteral("    esac\n}\n\n") + fn + QStringLiteral(" \"$@\"\n");
    return out;
}

} // namespace numasight::cli
