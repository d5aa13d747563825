// SPDX-License-Identifier: GPL-3.0-or-later
#include "report_command_line.h"

#include "report/exit_code.h"
#include "report/output_file.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFileInfo>

namespace numasight {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(numasight::ReportCommandLine)
};

ReportCommandLine usage(const QString& message)
{
    ReportCommandLine r;
    r.exitCode = Usage;
    r.error = message + Tr::tr("; run 'numasight-cli report --help'");
    return r;
}
} // namespace

CommandLineSpec reportCommandLine()
{
    CommandLineSpec spec;
    spec.setApplicationDescription(Tr::tr(
        "Write a whole report of a capture for people who were not at the desk: what was captured, the "
        "machine "
        "and combined diagrams, the CPU and memory heatmaps, the node matrices, the findings, and the "
        "suggestions with their commands and predicted gain; with --compare, the before/after table. One "
        "self-contained HTML file (opens offline, prints one section a page) or a PDF with a table of "
        "contents and numbered pages, by OUT's suffix."));
    spec.addOption({{QStringLiteral("o"), QStringLiteral("output")},
                    Tr::tr("The report: .html or .pdf."),
                    QStringLiteral("OUT")});
    spec.addOption({QStringLiteral("compare"),
                    Tr::tr("A second capture of the same workload (after a change): adds the before/after "
                           "table."),
                    QStringLiteral("FILE")});
    spec.addOption({QStringLiteral("snapshot"),
                    Tr::tr("Report on snapshot N (0-based; default: the last, with "
                           "every sample)."),
                    QStringLiteral("N")});
    spec.addPositionalArgument(QStringLiteral("FILE"), Tr::tr("Input file, or :local:"));
    spec.completions.insert(QStringLiteral("compare"), CommandLineSpec::Completion::InputFiles);
    return spec;
}

ReportCommandLine parseReportCommandLine(const QStringList& args)
{
    QCommandLineParser parser;
    reportCommandLine().applyTo(parser);
    if (!parser.parse(args))
        return usage(parser.errorText());
    if (parser.isSet(QStringLiteral("help"))) {
        ReportCommandLine r;
        r.exitCode = Ok;
        r.help = parser.helpText();
        return r;
    }
    const QStringList files = parser.positionalArguments();
    ReportCommandLine r;
    r.output = parser.value(QStringLiteral("output"));
    if (files.size() != 1 || r.output.isEmpty())
        return usage(Tr::tr("usage: numasight-cli report FILE -o OUT.html|OUT.pdf [--compare OTHER]"));
    r.input = files.first();
    r.compare = parser.value(QStringLiteral("compare"));
    const QString suffix = QFileInfo(r.output).suffix().toLower();
    if (suffix != u"html" && suffix != u"htm" && suffix != u"pdf")
        return usage(Tr::tr("%1: a report is written as .html or .pdf; name OUT so").arg(r.output));
    if (parser.isSet(QStringLiteral("snapshot"))) {
        bool ok = false;
        r.snapshot = parser.value(QStringLiteral("snapshot")).toInt(&ok);
        if (!ok || r.snapshot < 0)
            return usage(Tr::tr("--snapshot takes a number from 0"));
    }
    for (const QString& in : {r.input, r.compare})
        if (!in.isEmpty() && sameFile(in, r.output))
            return usage(
                Tr::tr("%1 is an input: the report would overwrite it; pick another OUT").arg(r.output));
    r.run = true;
    return r;
}

} // namespace numasight
