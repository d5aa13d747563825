#include "export_request.h"

#include "commands.h"
#include "readers/open_input.h"
#include "report/cpu_share.h"

#include <QCommandLineParser>
#include <QFileInfo>
#include <QRegularExpression>

#include <cmath>
#include <tuple>

namespace numasight::cli {

namespace {

const QStringList kFormats{QStringLiteral("svg"), QStringLiteral("png"), QStringLiteral("pdf"),
                           QStringLiteral("dot")};
const QStringList kHeatmapFormats{QStringLiteral("png"), QStringLiteral("pdf"), QStringLiteral("svg"),
                                  QStringLiteral("csv")};
const QString kViewNames =
    QStringLiteral("machine, dataflow, combined, cpu-heatmap, mem-heatmap, distance, latency "
                   "or bandwidth");
constexpr ExportView kHeatmapViews[] = {ExportView::CpuHeatmap, ExportView::MemHeatmap, ExportView::Distance,
                                        ExportView::Latency, ExportView::Bandwidth};
constexpr MemoryMeasure kMeasures[] = {MemoryMeasure::TotalPages, MemoryMeasure::AnonPages,
                                       MemoryMeasure::DirtyAnonPages, MemoryMeasure::Bytes};
// The GUI's names for the sort keys (views/heatmap_row_model.cpp); the CLI links no views code.
const std::pair<HeatmapSortKey, QLatin1StringView> kSortKeys[] = {
    {HeatmapSortKey::RemoteShare, QLatin1StringView("remote")},
    {HeatmapSortKey::CpuTime, QLatin1StringView("cpu")},
    {HeatmapSortKey::Memory, QLatin1StringView("memory")},
    {HeatmapSortKey::Process, QLatin1StringView("process")},
    {HeatmapSortKey::Name, QLatin1StringView("name")}};

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
const QStringList kEngines{QStringLiteral("dot"), QStringLiteral("neato"), QStringLiteral("fdp"),
                           QStringLiteral("sfdp")};

ExportCommandLine usageError(const QString& message)
{
    ExportCommandLine r;
    r.exitCode = Usage;
    r.error = message;
    return r;
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

} // namespace

QString exportViewName(ExportView view)
{
    switch (view) {
    case ExportView::Graph:
        return {};
    case ExportView::CpuHeatmap:
        return QStringLiteral("cpu-heatmap");
    case ExportView::MemHeatmap:
        return QStringLiteral("mem-heatmap");
    case ExportView::Distance:
        return QStringLiteral("distance");
    case ExportView::Latency:
        return QStringLiteral("latency");
    case ExportView::Bandwidth:
        return QStringLiteral("bandwidth");
    }
    return {};
}

bool isMatrixView(ExportView view)
{
    return view == ExportView::Distance || view == ExportView::Latency || view == ExportView::Bandwidth;
}

std::optional<EntityKind> kindFromCliName(QStringView name)
{
    const QString n = name.trimmed().toString().toLower();
    if (n.isEmpty())
        return std::nullopt;
    if (n == u"cpu" || n == u"cpus")
        return EntityKind::Pu;
    if (n == u"gpu" || n == u"gpus" || n == u"npu" || n == u"npus")
        return EntityKind::Accelerator;
    if (n == u"pci" || n == u"pci-device" || n == u"pci-devices")
        return EntityKind::PciDevice;
    if (n == u"numa" || n == u"node" || n == u"nodes")
        return EntityKind::NumaNode;
    for (int k = 0; k < kEntityKindCount; ++k) {
        const QString kind = entityKindName(EntityKind(k)).toLower();
        if (n == kind || n == kind + QLatin1Char('s') || n == kind + QLatin1String("es"))
            return EntityKind(k);
    }
    return std::nullopt;
}

QString cliKindNames()
{
    QStringList names;
    for (int k = 0; k < kEntityKindCount; ++k)
        if (EntityKind(k) != EntityKind::Unknown && EntityKind(k) != EntityKind::Host)
            names << entityKindName(EntityKind(k)).toLower();
    return names.join(QStringLiteral(", ")) + QStringLiteral(" (or cpu, gpu, npu, pci)");
}

ExportCommandLine parseExportCommandLine(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Draw the topology graph of a capture, witty-profiler graph or hwloc topology, laid out by Graphviz, "
        "as "
        "SVG, PNG, PDF or DOT (what the GUI's graph tab shows); or a heatmap (cpu-heatmap: each thread's "
        "on-CPU "
        "time per NUMA node; mem-heatmap: each process's memory per node) or a node matrix (distance, "
        "latency, "
        "bandwidth) as PNG, PDF, SVG or its numbers as CSV (what the GUI's heatmaps tab shows)."));
    parser.addHelpOption();
    parser.addOption({{QStringLiteral("o"), QStringLiteral("output")},
                      QStringLiteral("Output file."),
                      QStringLiteral("OUT")});
    parser.addOption(
        {QStringLiteral("view"),
         QStringLiteral("Graphs: machine, dataflow or combined (default). Heatmaps: cpu-heatmap, "
                        "mem-heatmap. Matrices: distance, latency, bandwidth."),
         QStringLiteral("VIEW"), QStringLiteral("combined")});
    parser.addOption(
        {QStringLiteral("format"),
         QStringLiteral("Graphs: svg, png, pdf or dot. Heatmaps and matrices: png, pdf, svg or csv. "
                        "Default: OUT's extension."),
         QStringLiteral("FORMAT")});
    parser.addOption({QStringLiteral("engine"),
                      QStringLiteral("Graphviz engine: dot (default), neato, fdp, sfdp."),
                      QStringLiteral("ENGINE"), QStringLiteral("dot")});
    parser.addOption({QStringLiteral("dpi"), QStringLiteral("PNG resolution, 18 to 1200 (default 150)."),
                      QStringLiteral("N"), QStringLiteral("150")});
    parser.addOption({QStringLiteral("snapshot"), QStringLiteral("Draw snapshot N (0-based; default: last)."),
                      QStringLiteral("N")});
    parser.addOption({QStringLiteral("hide"),
                      QStringLiteral("Leave out entities of these kinds, comma-separated, repeatable: %1.")
                          .arg(cliKindNames()),
                      QStringLiteral("KINDS")});
    parser.addOption({QStringLiteral("min"),
                      QStringLiteral("Leave out processes and threads with a smaller share of the CPU time: "
                                     "0.05 or 5%."),
                      QStringLiteral("SHARE")});
    parser.addOption({QStringLiteral("expand"),
                      QStringLiteral("Expand a folded node (a CPU range, a process into its threads) by its "
                                     "DOT id, as --format dot shows it; repeatable."),
                      QStringLiteral("ID")});
    parser.addOption({QStringLiteral("cpu-range-limit"),
                      QStringLiteral("NUMA nodes with more CPUs than N show one CPU range (default 16)."),
                      QStringLiteral("N")});
    parser.addOption({QStringLiteral("measure"),
                      QStringLiteral("mem-heatmap: %1 (default total-pages).").arg(measureNames()),
                      QStringLiteral("MEASURE")});
    parser.addOption(
        {QStringLiteral("sort"),
         QStringLiteral("Heatmap rows: remote, cpu (default), memory, process or name; largest first "
                        "unless --ascending. Threads stay under their process."),
         QStringLiteral("KEY")});
    parser.addOption({QStringLiteral("ascending"), QStringLiteral("Heatmap rows: smallest first.")});
    parser.addOption(
        {QStringLiteral("order"),
         QStringLiteral("Matrices: distance (near nodes together, default for pictures) or natural "
                        "(node numbers; the default of CSV)."),
         QStringLiteral("natural|distance")});
    parser.addOption({QStringLiteral("size"),
                      QStringLiteral("Heatmaps and matrices: the picture's size in pixels, e.g. 1600x1000 "
                                     "(default: every row readable)."),
                      QStringLiteral("WxH")});
    parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("Input file, or :local:"));

    if (!parser.parse(args))
        return usageError(parser.errorText() + QStringLiteral("; run 'numasight-cli export --help'"));
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
        return usageError(QStringLiteral("usage: numasight-cli export FILE -o OUT [--view VIEW] [--format "
                                         "FORMAT]; run 'numasight-cli export --help'"));
    q.input = files.first();

    const QString view = parser.value(QStringLiteral("view"));
    if (const auto v = graphViewFromName(view)) {
        q.options.view = *v;
    } else {
        for (ExportView h : kHeatmapViews)
            if (view.compare(exportViewName(h), Qt::CaseInsensitive) == 0)
                q.view = h;
        if (q.view == ExportView::Graph)
            return usageError(QStringLiteral("--view '%1' is unknown: use %2").arg(view, kViewNames));
    }
    const bool heatmap = q.view != ExportView::Graph;
    const QStringList& formats = heatmap ? kHeatmapFormats : kFormats;
    const QString formatList =
        heatmap ? QStringLiteral("png, pdf, svg or csv") : QStringLiteral("svg, png, pdf or dot");

    if (parser.isSet(QStringLiteral("format"))) {
        q.format = parser.value(QStringLiteral("format")).toLower();
        if (!formats.contains(q.format)) {
            if (kFormats.contains(q.format) || kHeatmapFormats.contains(q.format))
                return usageError(QStringLiteral("--format %1 does not apply to --view %2: use %3")
                                      .arg(q.format, view, formatList));
            return usageError(QStringLiteral("--format '%1' is unknown: use %2")
                                  .arg(parser.value(QStringLiteral("format")), formatList));
        }
    } else {
        q.format = QFileInfo(q.output).suffix().toLower();
        if (q.format == u"gv")
            q.format = QStringLiteral("dot");
        if (!formats.contains(q.format))
            return usageError(
                QStringLiteral("%1: cannot tell the format from the extension; name it %2, or pass --format")
                    .arg(q.output, heatmap ? QStringLiteral(".png, .pdf, .svg or .csv")
                                           : QStringLiteral(".svg, .png, .pdf or .dot")));
    }

    // Options of the other family are refused rather than ignored: a typo'd view must not drop them silently.
    const auto onlyFor = [&parser](const char* option, bool applies,
                                   const QString& what) -> std::optional<QString> {
        if (parser.isSet(QLatin1String(option)) && !applies)
            return QStringLiteral("--%1 applies to %2 only").arg(QLatin1String(option), what);
        return std::nullopt;
    };
    for (const auto& [option, applies, what] :
         {std::tuple{"engine", !heatmap, QStringLiteral("graphs")},
          std::tuple{"expand", !heatmap, QStringLiteral("graphs")},
          std::tuple{"cpu-range-limit", !heatmap, QStringLiteral("graphs")},
          std::tuple{"measure", q.view == ExportView::MemHeatmap, QStringLiteral("--view mem-heatmap")},
          std::tuple{"sort", q.view == ExportView::CpuHeatmap || q.view == ExportView::MemHeatmap,
                     QStringLiteral("--view cpu-heatmap and mem-heatmap")},
          std::tuple{"ascending", q.view == ExportView::CpuHeatmap || q.view == ExportView::MemHeatmap,
                     QStringLiteral("--view cpu-heatmap and mem-heatmap")},
          std::tuple{"order", isMatrixView(q.view),
                     QStringLiteral("the matrix views (distance, latency, bandwidth)")},
          std::tuple{"size", heatmap, QStringLiteral("heatmaps and matrices")},
          std::tuple{"min", !isMatrixView(q.view), QStringLiteral("graphs and heatmaps")}})
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
            return usageError(QStringLiteral("--measure '%1' is unknown: use %2")
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
            return usageError(
                QStringLiteral("--sort '%1' is unknown: use remote, cpu, memory, process or name")
                    .arg(parser.value(QStringLiteral("sort"))));
    }
    q.descending = !parser.isSet(QStringLiteral("ascending"));
    if (parser.isSet(QStringLiteral("order"))) {
        const QString order = parser.value(QStringLiteral("order")).toLower();
        if (order != u"natural" && order != u"distance")
            return usageError(QStringLiteral("--order '%1' is unknown: use natural or distance")
                                  .arg(parser.value(QStringLiteral("order"))));
        q.order = order == u"natural" ? MatrixOrder::Natural : MatrixOrder::ByDistance;
    }
    if (parser.isSet(QStringLiteral("size"))) {
        const auto size = parseSize(parser.value(QStringLiteral("size")));
        if (!size)
            return usageError(
                QStringLiteral("--size '%1' is not a picture size: use WIDTHxHEIGHT, 120 to 16000 "
                               "pixels a side (1600x1000)")
                    .arg(parser.value(QStringLiteral("size"))));
        q.size = *size;
    }

    q.engine = parser.value(QStringLiteral("engine")).toLower();
    if (!kEngines.contains(q.engine))
        return usageError(
            QStringLiteral("--engine '%1' is not a Graphviz layout engine: use dot, neato, fdp or "
                           "sfdp")
                .arg(parser.value(QStringLiteral("engine"))));

    bool ok = false;
    q.dpiSet = parser.isSet(QStringLiteral("dpi"));
    q.dpi = parser.value(QStringLiteral("dpi")).toInt(&ok);
    if (!ok || q.dpi < 18 || q.dpi > 1200)
        return usageError(QStringLiteral("--dpi '%1' is out of range: use a number from 18 to 1200")
                              .arg(parser.value(QStringLiteral("dpi"))));

    if (parser.isSet(QStringLiteral("snapshot"))) {
        q.snapshot = parser.value(QStringLiteral("snapshot")).toInt(&ok);
        if (!ok || q.snapshot < 0)
            return usageError(QStringLiteral("--snapshot takes a number from 0"));
    }
    for (const QString& list : parser.values(QStringLiteral("hide")))
        for (const QString& name : list.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            const auto kind = kindFromCliName(name);
            if (!kind)
                return usageError(QStringLiteral("--hide '%1' is not an entity kind: use %2")
                                      .arg(name.trimmed(), cliKindNames()));
            if (heatmap && *kind != EntityKind::Thread)
                return usageError(
                    QStringLiteral("--hide %1: heatmaps and matrices can hide threads only (--hide "
                                   "thread leaves one row per process)")
                        .arg(name.trimmed()));
            q.options.hiddenKinds.insert(*kind);
        }
    if (parser.isSet(QStringLiteral("min"))) {
        const auto share = parseShare(parser.value(QStringLiteral("min")));
        if (!share)
            return usageError(QStringLiteral("--min '%1' is not a share of CPU time: use 0 to 1 (0.05) or a "
                                             "percentage (5%)")
                                  .arg(parser.value(QStringLiteral("min"))));
        q.options.minMetric = *share;
    }
    for (const QString& id : parser.values(QStringLiteral("expand")))
        q.options.expanded.insert(id);
    if (parser.isSet(QStringLiteral("cpu-range-limit"))) {
        q.options.cpuRangeLimit = parser.value(QStringLiteral("cpu-range-limit")).toInt(&ok);
        if (!ok || q.options.cpuRangeLimit < 1)
            return usageError(QStringLiteral("--cpu-range-limit takes a number from 1"));
    }
    if (QFileInfo(q.input).absoluteFilePath() == QFileInfo(q.output).absoluteFilePath())
        return usageError(QStringLiteral("%1: input and output are the same file").arg(q.output));

    ExportCommandLine r;
    r.request = std::move(q);
    return r;
}

ExportGraph buildExportGraph(const ExportRequest& request, const Progress& progress)
{
    ExportGraph out;
    const auto loaded = openInput(request.input, progress);
    if (!loaded) {
        out.error = loaded.error().toString();
        out.exitCode = loaded.error().cancelled ? Cancelled : Failed;
        return out;
    }
    const Capture& capture = **loaded;
    if (capture.snapshots.empty()) {
        out.error = QStringLiteral("%1: holds no snapshot to draw").arg(request.input);
        out.exitCode = Failed;
        return out;
    }
    const int index = request.snapshot < 0 ? int(capture.snapshots.size()) - 1 : request.snapshot;
    if (index >= int(capture.snapshots.size())) {
        out.error = QStringLiteral("%1: --snapshot %2 is out of range: the file holds %3 snapshot(s)")
                        .arg(request.input)
                        .arg(request.snapshot)
                        .arg(capture.snapshots.size());
        out.exitCode = Usage;
        return out;
    }
    // A recording's figures for this snapshot: every sample taken while it was in force, as `convert`
    // sums them for witty JSON.
    std::vector<SamplePtr> samples;
    for (const SamplePtr& s : capture.samples)
        if (s->snapshotIndex == index)
            samples.push_back(s);
    out.spec = buildGraph(*capture.snapshots[size_t(index)], request.options, samples);
    return out;
}

std::vector<int> exportHeatmapRows(const NodeHeatmap& heatmap, const ExportRequest& request)
{
    const bool hideThreads = request.options.hiddenKinds.contains(EntityKind::Thread);
    const double min = request.options.minMetric;
    const double total = totalCpuNs(heatmap);
    std::vector<int> rows;
    for (int i : sortedRows(heatmap, request.sort, request.descending)) {
        const HeatmapRow& r = heatmap.rows[size_t(i)];
        if (hideThreads && r.kind == HeatmapRowKind::Thread)
            continue;
        if (min > 0 && cpuTimeShare(r.cpuNs, total) < min)
            continue;
        rows.push_back(i);
    }
    return rows;
}

ExportHeatmap buildExportHeatmap(const ExportRequest& request, const Progress& progress)
{
    ExportHeatmap out;
    const auto fail = [&out](const QString& message, int code) {
        out.error = message;
        out.exitCode = code;
        return out;
    };
    const auto loaded = openInput(request.input, progress);
    if (!loaded)
        return fail(loaded.error().toString(), loaded.error().cancelled ? Cancelled : Failed);
    const Capture& capture = **loaded;
    if (capture.snapshots.empty())
        return fail(QStringLiteral("%1: holds no snapshot to draw").arg(request.input), Failed);
    if (request.snapshot >= int(capture.snapshots.size()))
        return fail(QStringLiteral("%1: --snapshot %2 is out of range: the file holds %3 snapshot(s)")
                        .arg(request.input)
                        .arg(request.snapshot)
                        .arg(capture.snapshots.size()),
                    Usage);
    const HeatmapInput in = heatmapInput(capture, request.snapshot);
    if (!in.snapshot)
        return fail(QStringLiteral("%1: holds no snapshot to draw").arg(request.input), Failed);

    if (isMatrixView(request.view)) {
        const MatrixKind kind = request.view == ExportView::Distance  ? MatrixKind::Distance
                                : request.view == ExportView::Latency ? MatrixKind::Latency
                                                                      : MatrixKind::Bandwidth;
        const auto choice = defaultMatrix(*in.snapshot, kind);
        if (!choice)
            return fail(
                kind == MatrixKind::Distance
                    ? QStringLiteral("%1 has no NUMA distance matrix (one NUMA node, or a source without "
                                     "distances)")
                          .arg(request.input)
                    : QStringLiteral("%1 has no %2 matrix: measure one with numasight-cli measure -o FILE, "
                                     "or import Intel MLC output with numasight-cli measure --import-mlc")
                          .arg(request.input, exportViewName(request.view)),
                Failed);
        out.matrix = matrixHeatmap(*in.snapshot, *choice, request.order);
        if (!out.matrix || out.matrix->size() == 0)
            return fail(QStringLiteral("%1: the %2 matrix cannot be read").arg(request.input, choice->label),
                        Failed);
        return out;
    }

    const bool cpu = request.view == ExportView::CpuHeatmap;
    out.nodes =
        cpu ? cpuHeatmap(*in.snapshot, in.samples) : memoryHeatmap(*in.snapshot, in.samples, request.measure);
    if (out.nodes->rows.empty() || out.nodes->columns.empty()) {
        const QString error =
            QStringLiteral(
                "%1 has no %2 per process to draw: a recording (numasight-cli record) or a witty-profiler "
                "graph has them, a topology does not")
                .arg(request.input, cpu ? QStringLiteral("CPU time") : QStringLiteral("memory"));
        out.nodes.reset();
        return fail(error, Failed);
    }
    if (!cpu && std::none_of(out.nodes->values.begin(), out.nodes->values.end(),
                             [](double v) { return std::isfinite(v); })) {
        const QString error =
            QStringLiteral("%1 has no %2 per node: use --measure total-pages or dirty-anon-pages")
                .arg(request.input, heatmapMetricName(metricOf(request.measure)));
        out.nodes.reset();
        return fail(error, Failed);
    }
    out.rows = exportHeatmapRows(*out.nodes, request);
    if (out.rows.empty()) {
        out.nodes.reset();
        return fail(QStringLiteral("%1: no row is left after --min and --hide").arg(request.input), Failed);
    }
    return out;
}

} // namespace numasight::cli
