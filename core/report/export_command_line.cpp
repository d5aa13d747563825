// SPDX-License-Identifier: GPL-3.0-or-later
#include "export_command_line.h"

#include "report/exit_code.h"
#include "report/output_file.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFileInfo>
#include <QRegularExpression>

#include <algorithm>
#include <tuple>

namespace numasight {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(numasight::ExportCommandLine)
};
} // namespace

namespace {

const QStringList kFormats{QStringLiteral("svg"), QStringLiteral("png"), QStringLiteral("pdf"),
                           QStringLiteral("dot"), QStringLiteral("json")};
const QStringList kHeatmapFormats{QStringLiteral("png"), QStringLiteral("pdf"), QStringLiteral("svg"),
                                  QStringLiteral("csv")};
const QStringList kViews{QStringLiteral("machine"),     QStringLiteral("dataflow"),
                         QStringLiteral("combined"),    QStringLiteral("cpu-heatmap"),
                         QStringLiteral("mem-heatmap"), QStringLiteral("distance"),
                         QStringLiteral("latency"),     QStringLiteral("bandwidth")};
// A function, not a constant: a translation is only found once the application has its translator.
QString viewNames()
{
    return Tr::tr("machine, dataflow, combined, cpu-heatmap, mem-heatmap, distance, latency or bandwidth");
}
constexpr MemoryMeasure kMeasures[] = {MemoryMeasure::TotalPages, MemoryMeasure::AnonPages,
                                       MemoryMeasure::DirtyAnonPages, MemoryMeasure::Bytes};
// The GUI's names for the sort keys (views/heatmap/heatmap_row_model.cpp); core links no views code.
const std::pair<HeatmapSortKey, QLatin1StringView> kSortKeys[] = {
    {HeatmapSortKey::RemoteShare, QLatin1StringView("remote")},
    {HeatmapSortKey::CpuTime, QLatin1StringView("cpu")},
    {HeatmapSortKey::Memory, QLatin1StringView("memory")},
    {HeatmapSortKey::Process, QLatin1StringView("process")},
    {HeatmapSortKey::Name, QLatin1StringView("name")}};
// Graphviz's own engines are only written into DOT files: drawn, they let boxes overlap and lose the order.
const QStringList kEngines{kPackedEngine, QStringLiteral("dot"), QStringLiteral("neato"),
                           QStringLiteral("fdp"), QStringLiteral("sfdp")};
// The options of a heatmap's or matrix's CSV, by every name they can be given with.
const QStringList kCsvOptions{QStringLiteral("o"),      QStringLiteral("output"),   QStringLiteral("view"),
                              QStringLiteral("format"), QStringLiteral("snapshot"), QStringLiteral("measure"),
                              QStringLiteral("order"),  QStringLiteral("help-all")};

QString measureNames()
{
    QStringList names;
    for (MemoryMeasure m : kMeasures)
        names << heatmapMetricName(metricOf(m));
    return names.join(QStringLiteral(", "));
}

// "1600x1000" or "1600×1000".
std::optional<QSize> parseSize(const QString& text)
{
    const QStringList parts = text.trimmed().toLower().split(QRegularExpression(QStringLiteral("[x×]")));
    if (parts.size() != 2)
        return std::nullopt;
    bool okW = false, okH = false;
    const QSize size(parts[0].trimmed().toInt(&okW), parts[1].trimmed().toInt(&okH));
    if (!okW || !okH || size.width() < 120 || size.height() < 120 || size.width() > 16000 ||
        size.height() > 16000)
        return std::nullopt;
    return size;
}

// "0.05", "5%", "5 %": a share of the CPU time.
std::optional<double> parseShare(QString text)
{
    text = text.trimmed();
    double scale = 1.0;
    if (text.endsWith(QLatin1Char('%'))) {
        text.chop(1);
        scale = 0.01;
    }
    bool ok = false;
    const double v = text.trimmed().toDouble(&ok) * scale;
    if (!ok || v < 0 || v > 1)
        return std::nullopt;
    return v;
}

ExportCommandLine usageError(const QString& message)
{
    ExportCommandLine r;
    r.exitCode = Usage;
    r.error = message;
    return r;
}

ExportCommandLine run(ExportRequest request)
{
    ExportCommandLine r;
    r.request = std::move(request);
    return r;
}

} // namespace

CommandLineSpec exportCommandLine()
{
    CommandLineSpec spec;
    spec.setApplicationDescription(Tr::tr(
        "Draw the topology graph of a capture, witty-profiler graph or hwloc topology, laid out by Graphviz, "
        "as "
        "SVG, PNG, PDF or DOT (what the GUI's graph tab shows); or a heatmap (cpu-heatmap: each thread's "
        "on-CPU "
        "time per NUMA node; mem-heatmap: each process's memory per node) or a node matrix (distance, "
        "latency, "
        "bandwidth) as PNG, PDF, SVG or its numbers as CSV (what the GUI's heatmaps tab shows)."));
    spec.addOption(
        {{QStringLiteral("o"), QStringLiteral("output")}, Tr::tr("Output file."), QStringLiteral("OUT")});
    spec.addOption({QStringLiteral("view"),
                    Tr::tr("Graphs: machine, dataflow or combined (default). Heatmaps: cpu-heatmap, "
                           "mem-heatmap. Matrices: distance, latency, bandwidth."),
                    QStringLiteral("VIEW"), QStringLiteral("combined")});
    spec.addOption(
        {QStringLiteral("format"),
         Tr::tr("Graphs: svg, png, pdf, dot or json (the laid-out geometry, docs/graph.md). Heatmaps "
                "and matrices: png, pdf, svg or csv. Default: OUT's extension."),
         QStringLiteral("FORMAT")});
    spec.addOption({QStringLiteral("engine"),
                    Tr::tr("Layout: packed (default: nested boxes, Graphviz routes the edges). "
                           "--format dot also takes dot, neato, fdp or sfdp."),
                    QStringLiteral("ENGINE"), kPackedEngine});
    spec.addOption({QStringLiteral("page"),
                    Tr::tr("Graphs: shape the drawing for a page and scale it onto one: a4, a3 or "
                           "letter, with -landscape or -portrait (a4-landscape)."),
                    QStringLiteral("PAGE")});
    spec.addOption({QStringLiteral("dpi"), Tr::tr("PNG resolution, 18 to 1200 (default 150)."),
                    QStringLiteral("N"), QStringLiteral("150")});
    spec.addOption({QStringLiteral("snapshot"), Tr::tr("Draw snapshot N (0-based; default: last)."),
                    QStringLiteral("N")});
    spec.addOption(
        {QStringLiteral("hide"),
         Tr::tr("Leave out entities of these kinds, comma-separated, repeatable: %1.").arg(cliKindNames()),
         QStringLiteral("KINDS")});
    spec.addOption({QStringLiteral("min"),
                    Tr::tr("Leave out processes and threads with a smaller share of the CPU time: "
                           "0.05 or 5%."),
                    QStringLiteral("SHARE")});
    spec.addOption({QStringLiteral("expand"),
                    Tr::tr("Expand a folded node (a CPU range, a process into its threads) by its "
                           "DOT id, as --format dot shows it; repeatable."),
                    QStringLiteral("ID")});
    spec.addOption({QStringLiteral("cpu-range-limit"),
                    Tr::tr("NUMA nodes with more CPUs than N show one CPU range (default 16)."),
                    QStringLiteral("N")});
    spec.addOption({QStringLiteral("per-node"),
                    Tr::tr("Processes drawn one by one per box (NUMA node, container), largest "
                           "CPU share first; the rest become one \"N more\" node (default 8, 0: "
                           "all). --expand more_numa0 draws all of a box."),
                    QStringLiteral("N")});
    spec.addOption(
        {QStringLiteral("caches"), Tr::tr("Draw the cores inside their caches, as lstopo does (L3, L2, core, "
                                          "PU).")});
    spec.addOption({QStringLiteral("measure"),
                    Tr::tr("mem-heatmap: %1 (default total-pages).").arg(measureNames()),
                    QStringLiteral("MEASURE")});
    spec.addOption({QStringLiteral("sort"),
                    Tr::tr("Heatmap rows: remote, cpu (default), memory, process or name; largest first "
                           "unless --ascending. Threads stay under their process."),
                    QStringLiteral("KEY")});
    spec.addOption({QStringLiteral("ascending"), Tr::tr("Heatmap rows: smallest first.")});
    spec.addOption({QStringLiteral("rows"),
                    Tr::tr("Heatmap pictures: draw the first N processes by --sort, with their "
                           "threads, and one row summing the rest; all for every row (default %1; "
                           "CSV has every row).")
                        .arg(kPictureRows),
                    QStringLiteral("N|all")});
    spec.addOption({QStringLiteral("order"),
                    Tr::tr("Matrices: distance (near nodes together, default for pictures) or natural "
                           "(node numbers; the default of CSV)."),
                    QStringLiteral("natural|distance")});
    spec.addOption({QStringLiteral("size"),
                    Tr::tr("Heatmaps and matrices: the picture's size in pixels, e.g. 1600x1000 "
                           "(default: every row readable)."),
                    QStringLiteral("WxH")});
    spec.addPositionalArgument(QStringLiteral("FILE"), Tr::tr("Input file, or :local:"));
    spec.choices.insert(QStringLiteral("view"), kViews);
    spec.choices.insert(QStringLiteral("format"), kFormats + QStringList{QStringLiteral("csv")});
    spec.choices.insert(QStringLiteral("engine"), kEngines);
    QStringList pages;
    for (const char* paper : {"a4", "a3", "letter"})
        for (const char* shape : {"", "-landscape", "-portrait"})
            pages << QLatin1String(paper) + QLatin1String(shape);
    spec.choices.insert(QStringLiteral("page"), pages);
    QStringList measures;
    for (MemoryMeasure m : kMeasures)
        measures << heatmapMetricName(metricOf(m));
    spec.choices.insert(QStringLiteral("measure"), measures);
    QStringList sortKeys;
    for (const auto& [key, name] : kSortKeys)
        sortKeys << name;
    spec.choices.insert(QStringLiteral("sort"), sortKeys);
    spec.choices.insert(QStringLiteral("order"), {QStringLiteral("natural"), QStringLiteral("distance")});
    spec.choices.insert(QStringLiteral("rows"), {QStringLiteral("all")});
    spec.repeatable << QStringLiteral("hide") << QStringLiteral("expand");
    return spec;
}

namespace {

// --format csv; without --format, an OUT that is missing, "-" (standard output) or ends in .csv.
bool asksForCsv(const QCommandLineParser& parser)
{
    const QString format = parser.value(QStringLiteral("format")).toLower();
    if (!format.isEmpty())
        return format == u"csv";
    const QString output = parser.value(QStringLiteral("output"));
    return output.isEmpty() || output == u"-" || QFileInfo(output).suffix().toLower() == u"csv";
}

QString unknownOptionsText(const QStringList& names)
{
    if (names.size() == 1)
        return QCommandLineParser::tr("Unknown option '%1'.").arg(names.first());
    return QCommandLineParser::tr("Unknown options: %1.").arg(names.join(QStringLiteral(", ")));
}

// What is wrong with the options of a CSV export: the parser's own error, or the options CSV does not take,
// named as the parser names unknown ones.
QString csvOptionError(const QCommandLineParser& parser, bool parsed)
{
    const QStringList unknown = parser.unknownOptionNames();
    QStringList refused;
    for (const QString& name : parser.optionNames())
        if (!kCsvOptions.contains(name))
            refused << name;
    const QString error = parsed ? QString() : parser.errorText();
    const bool valueError = !error.isEmpty() && (unknown.isEmpty() || error != unknownOptionsText(unknown));
    // A missing or unexpected value of a refused option is that option being refused.
    const bool aboutRefused = std::any_of(refused.begin(), refused.end(), [&error](const QString& name) {
        return error.contains(QStringLiteral("'--%1'").arg(name));
    });
    if (valueError && !aboutRefused)
        return error;
    const QStringList all = unknown + refused;
    return all.isEmpty() ? QString() : unknownOptionsText(all);
}

// Whether -o names the input under any name (a symlink, a hard link, "./in.json"): the export would
// replace what it reads.
bool writesInput(const ExportRequest& q)
{
    return !q.output.isEmpty() && !isStandardOutput(q.output) && sameFile(q.input, q.output);
}

QString sameFileText(const ExportRequest& q)
{
    return Tr::tr("%1: input and output are the same file; name another file with -o").arg(q.output);
}

// The numbers of a heatmap or matrix: every row, no drawing options, standard output without -o.
ExportCommandLine csvCommandLine(const QCommandLineParser& parser, bool parsed, ExportView view)
{
    if (const QString error = csvOptionError(parser, parsed); !error.isEmpty())
        return usageError(error);
    const QStringList files = parser.positionalArguments();
    if (files.size() != 1)
        return usageError(Tr::tr(
            "usage: numasight-cli export FILE --view cpu-heatmap|mem-heatmap|distance|latency|bandwidth "
            "--format csv [-o OUT] [--snapshot N] [--measure MEASURE] [--order natural|distance]"));
    ExportRequest q;
    q.input = files.first();
    q.output = parser.value(QStringLiteral("output"));
    q.format = QStringLiteral("csv");
    q.view = view;
    q.order = MatrixOrder::Natural;

    if (parser.isSet(QStringLiteral("measure"))) {
        const QString m = parser.value(QStringLiteral("measure"));
        if (view != ExportView::MemHeatmap)
            return usageError(Tr::tr("--measure applies to --view mem-heatmap only"));
        const auto measure = std::find_if(std::begin(kMeasures), std::end(kMeasures), [&m](MemoryMeasure x) {
            return m == heatmapMetricName(metricOf(x));
        });
        if (measure == std::end(kMeasures))
            return usageError(Tr::tr("--measure must be %1, not '%2'").arg(measureNames(), m));
        q.measure = *measure;
    }
    if (parser.isSet(QStringLiteral("order"))) {
        const QString o = parser.value(QStringLiteral("order"));
        if (!isMatrixView(view))
            return usageError(
                Tr::tr("--order applies to the matrix views (distance, latency, bandwidth) only"));
        if (o != u"natural" && o != u"distance")
            return usageError(Tr::tr("--order must be natural or distance, not '%1'").arg(o));
        q.order = o == u"distance" ? MatrixOrder::ByDistance : MatrixOrder::Natural;
    }
    if (parser.isSet(QStringLiteral("snapshot"))) {
        bool ok = false;
        q.snapshot = parser.value(QStringLiteral("snapshot")).toInt(&ok);
        if (!ok || q.snapshot < 0)
            return usageError(Tr::tr("--snapshot takes a snapshot number from 0, not '%1'")
                                  .arg(parser.value(QStringLiteral("snapshot"))));
    }
    if (writesInput(q))
        return usageError(sameFileText(q));
    return run(std::move(q));
}

// A graph in any format, or a picture of a heatmap or matrix.
ExportCommandLine drawingCommandLine(const QCommandLineParser& parser, bool parsed)
{
    if (!parsed)
        return usageError(parser.errorText() + Tr::tr("; run 'numasight-cli export --help'"));
    if (parser.isSet(QStringLiteral("help"))) {
        ExportCommandLine r;
        r.exitCode = Ok;
        r.help = parser.helpText();
        return r;
    }

    ExportRequest q;
    const QStringList files = parser.positionalArguments();
    q.output = parser.value(QStringLiteral("output"));
    if (files.size() != 1 || q.output.isEmpty())
        return usageError(Tr::tr("usage: numasight-cli export FILE -o OUT [--view VIEW] [--format "
                                 "FORMAT]; run 'numasight-cli export --help'"));
    q.input = files.first();

    const QString view = parser.value(QStringLiteral("view"));
    if (const auto v = graphViewFromName(view))
        q.options.view = *v;
    else if (const auto h = heatmapViewFromName(view))
        q.view = *h;
    else
        return usageError(Tr::tr("--view '%1' is unknown: use %2").arg(view, viewNames()));
    const bool heatmap = q.view != ExportView::Graph;
    const QStringList& formats = heatmap ? kHeatmapFormats : kFormats;
    const QString formatList =
        heatmap ? QStringLiteral("png, pdf, svg or csv") : QStringLiteral("svg, png, pdf, dot or json");

    if (parser.isSet(QStringLiteral("format"))) {
        q.format = parser.value(QStringLiteral("format")).toLower();
        if (!formats.contains(q.format)) {
            if (kFormats.contains(q.format) || kHeatmapFormats.contains(q.format))
                return usageError(Tr::tr("--format %1 does not apply to --view %2: use %3")
                                      .arg(q.format, view, formatList));
            return usageError(Tr::tr("--format '%1' is unknown: use %2")
                                  .arg(parser.value(QStringLiteral("format")), formatList));
        }
    } else {
        q.format = QFileInfo(q.output).suffix().toLower();
        if (q.format == u"gv")
            q.format = QStringLiteral("dot");
        if (!formats.contains(q.format))
            return usageError(
                Tr::tr("%1: cannot tell the format from the extension; name it %2, or pass --format")
                    .arg(q.output, heatmap ? QStringLiteral(".png, .pdf, .svg or .csv")
                                           : QStringLiteral(".svg, .png, .pdf, .dot or .json")));
    }

    // Options of the other family are refused rather than ignored: a typo'd view must not drop them silently.
    const auto onlyFor = [&parser](const char* option, bool applies,
                                   const QString& what) -> std::optional<QString> {
        if (parser.isSet(QLatin1String(option)) && !applies)
            return Tr::tr("--%1 applies to %2 only").arg(QLatin1String(option), what);
        return std::nullopt;
    };
    for (const auto& [option, applies, what] :
         {std::tuple{"engine", !heatmap, QStringLiteral("graphs")},
          std::tuple{"page", !heatmap, QStringLiteral("graphs")},
          std::tuple{"expand", !heatmap, QStringLiteral("graphs")},
          std::tuple{"cpu-range-limit", !heatmap, QStringLiteral("graphs")},
          std::tuple{"per-node", !heatmap, QStringLiteral("graphs")},
          std::tuple{"caches", !heatmap, QStringLiteral("graphs")},
          std::tuple{"measure", q.view == ExportView::MemHeatmap, QStringLiteral("--view mem-heatmap")},
          std::tuple{"sort", q.view == ExportView::CpuHeatmap || q.view == ExportView::MemHeatmap,
                     QStringLiteral("--view cpu-heatmap and mem-heatmap")},
          std::tuple{"ascending", q.view == ExportView::CpuHeatmap || q.view == ExportView::MemHeatmap,
                     QStringLiteral("--view cpu-heatmap and mem-heatmap")},
          std::tuple{"rows", q.view == ExportView::CpuHeatmap || q.view == ExportView::MemHeatmap,
                     QStringLiteral("--view cpu-heatmap and mem-heatmap")},
          std::tuple{"order", isMatrixView(q.view),
                     Tr::tr("the matrix views (distance, latency, bandwidth)")},
          std::tuple{"size", heatmap, Tr::tr("heatmaps and matrices")},
          std::tuple{"min", !isMatrixView(q.view), Tr::tr("graphs and heatmaps")}})
        if (const auto error = onlyFor(option, applies, what))
            return usageError(*error);

    if (parser.isSet(QStringLiteral("measure"))) {
        const QString m = parser.value(QStringLiteral("measure")).toLower();
        bool found = false;
        for (MemoryMeasure measure : kMeasures)
            if (m == heatmapMetricName(metricOf(measure))) {
                q.measure = measure;
                found = true;
            }
        if (!found)
            return usageError(Tr::tr("--measure '%1' is unknown: use %2")
                                  .arg(parser.value(QStringLiteral("measure")), measureNames()));
    }
    q.sort = q.view == ExportView::MemHeatmap ? HeatmapSortKey::Memory : HeatmapSortKey::CpuTime;
    if (parser.isSet(QStringLiteral("sort"))) {
        const QString key = parser.value(QStringLiteral("sort")).toLower();
        bool found = false;
        for (const auto& [k, name] : kSortKeys)
            if (key == name) {
                q.sort = k;
                found = true;
            }
        if (!found)
            return usageError(Tr::tr("--sort '%1' is unknown: use remote, cpu, memory, process or name")
                                  .arg(parser.value(QStringLiteral("sort"))));
    }
    q.descending = !parser.isSet(QStringLiteral("ascending"));
    if (parser.isSet(QStringLiteral("rows"))) {
        const QString rows = parser.value(QStringLiteral("rows")).toLower();
        bool ok = false;
        const int n = rows.toInt(&ok);
        if (rows == u"all")
            q.rows = kAllRows;
        else if (ok && n >= 1)
            q.rows = n;
        else
            return usageError(Tr::tr("--rows '%1' is not a number of rows: use a number from 1 on, or "
                                     "all")
                                  .arg(parser.value(QStringLiteral("rows"))));
        q.rowsSet = true;
    }
    if (parser.isSet(QStringLiteral("order"))) {
        const QString order = parser.value(QStringLiteral("order")).toLower();
        if (order != u"natural" && order != u"distance")
            return usageError(Tr::tr("--order '%1' is unknown: use natural or distance")
                                  .arg(parser.value(QStringLiteral("order"))));
        q.order = order == u"natural" ? MatrixOrder::Natural : MatrixOrder::ByDistance;
    }
    if (parser.isSet(QStringLiteral("size"))) {
        const auto size = parseSize(parser.value(QStringLiteral("size")));
        if (!size)
            return usageError(Tr::tr("--size '%1' is not a picture size: use WIDTHxHEIGHT, 120 to 16000 "
                                     "pixels a side (1600x1000)")
                                  .arg(parser.value(QStringLiteral("size"))));
        q.size = *size;
    }

    q.engine = parser.value(QStringLiteral("engine")).toLower();
    if (!kEngines.contains(q.engine))
        return usageError(Tr::tr("--engine '%1' is not a layout engine: use packed, or dot, neato, fdp "
                                 "or sfdp with --format dot")
                              .arg(parser.value(QStringLiteral("engine"))));
    if (q.engine != kPackedEngine && !heatmap && q.format != u"dot")
        return usageError(Tr::tr("--engine %1 does not keep every item inside its box: drawings and "
                                 "--format json use packed (the default); %1 is for --format dot")
                              .arg(q.engine));
    if (parser.isSet(QStringLiteral("page"))) {
        q.page = parser.value(QStringLiteral("page")).toLower();
        if (!pageSizeFromName(q.page))
            return usageError(Tr::tr("--page '%1' is unknown: use %2")
                                  .arg(parser.value(QStringLiteral("page")), pageNames()));
    }

    bool ok = false;
    q.dpiSet = parser.isSet(QStringLiteral("dpi"));
    q.dpi = parser.value(QStringLiteral("dpi")).toInt(&ok);
    if (!ok || q.dpi < 18 || q.dpi > 1200)
        return usageError(Tr::tr("--dpi '%1' is out of range: use a number from 18 to 1200")
                              .arg(parser.value(QStringLiteral("dpi"))));

    if (parser.isSet(QStringLiteral("snapshot"))) {
        q.snapshot = parser.value(QStringLiteral("snapshot")).toInt(&ok);
        if (!ok || q.snapshot < 0)
            return usageError(Tr::tr("--snapshot takes a number from 0"));
    }
    for (const QString& list : parser.values(QStringLiteral("hide")))
        for (const QString& name : list.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            const auto kind = kindFromCliName(name);
            if (!kind)
                return usageError(
                    Tr::tr("--hide '%1' is not an entity kind: use %2").arg(name.trimmed(), cliKindNames()));
            if (heatmap && *kind != EntityKind::Thread)
                return usageError(Tr::tr("--hide %1: heatmaps and matrices can hide threads only (--hide "
                                         "thread leaves one row per process)")
                                      .arg(name.trimmed()));
            q.options.hiddenKinds.insert(*kind);
        }
    if (parser.isSet(QStringLiteral("min"))) {
        const auto share = parseShare(parser.value(QStringLiteral("min")));
        if (!share)
            return usageError(Tr::tr("--min '%1' is not a share of CPU time: use 0 to 1 (0.05) or a "
                                     "percentage (5%)")
                                  .arg(parser.value(QStringLiteral("min"))));
        q.options.minMetric = *share;
    }
    for (const QString& id : parser.values(QStringLiteral("expand")))
        q.options.expanded.insert(id);
    q.options.showCaches = parser.isSet(QStringLiteral("caches"));
    if (parser.isSet(QStringLiteral("cpu-range-limit"))) {
        q.options.cpuRangeLimit = parser.value(QStringLiteral("cpu-range-limit")).toInt(&ok);
        if (!ok || q.options.cpuRangeLimit < 1)
            return usageError(Tr::tr("--cpu-range-limit takes a number from 1"));
    }
    if (parser.isSet(QStringLiteral("per-node"))) {
        q.options.processesPerNode = parser.value(QStringLiteral("per-node")).toInt(&ok);
        if (!ok || q.options.processesPerNode < 0)
            return usageError(Tr::tr("--per-node takes a number from 0 (0 draws every process)"));
    }
    if (writesInput(q))
        return usageError(sameFileText(q));
    return run(std::move(q));
}

} // namespace

ExportCommandLine parseExportCommandLine(const QStringList& args)
{
    QCommandLineParser parser;
    exportCommandLine().applyTo(parser);
    // Parse errors are judged below, once it is known which kind of export the arguments ask for.
    const bool parsed = parser.parse(args);
    if (const auto view = heatmapViewFromName(parser.value(QStringLiteral("view")));
        view && !parser.isSet(QStringLiteral("help")) && asksForCsv(parser))
        return csvCommandLine(parser, parsed, *view);
    return drawingCommandLine(parser, parsed);
}

} // namespace numasight
