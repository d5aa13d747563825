#include "export_request.h"

#include "commands.h"
#include "readers/open_input.h"

#include <QCommandLineParser>
#include <QFileInfo>

namespace numasight::cli {

namespace {

const QStringList kFormats{QStringLiteral("svg"), QStringLiteral("png"), QStringLiteral("pdf"),
                           QStringLiteral("dot")};
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
        "Draw the topology graph of a capture, witty-profiler graph or hwloc topology, laid out "
        "by Graphviz, as SVG, PNG, PDF or DOT (what the GUI's graph tab shows)."));
    parser.addHelpOption();
    parser.addOption({{QStringLiteral("o"), QStringLiteral("output")},
                      QStringLiteral("Output file."),
                      QStringLiteral("OUT")});
    parser.addOption({QStringLiteral("view"), QStringLiteral("machine, dataflow or combined (default)."),
                      QStringLiteral("VIEW"), QStringLiteral("combined")});
    parser.addOption({QStringLiteral("format"),
                      QStringLiteral("svg, png, pdf or dot; default: OUT's extension."),
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
    const auto v = graphViewFromName(view);
    if (!v)
        return usageError(
            QStringLiteral("--view '%1' is not a graph: use machine, dataflow or combined").arg(view));
    q.options.view = *v;

    if (parser.isSet(QStringLiteral("format"))) {
        q.format = parser.value(QStringLiteral("format")).toLower();
        if (!kFormats.contains(q.format))
            return usageError(QStringLiteral("--format '%1' is unknown: use svg, png, pdf or dot")
                                  .arg(parser.value(QStringLiteral("format"))));
    } else {
        q.format = QFileInfo(q.output).suffix().toLower();
        if (q.format == u"gv")
            q.format = QStringLiteral("dot");
        if (!kFormats.contains(q.format))
            return usageError(
                QStringLiteral("%1: cannot tell the format from the extension; name it .svg, .png, "
                               ".pdf or .dot, or pass --format")
                    .arg(q.output));
    }

    q.engine = parser.value(QStringLiteral("engine")).toLower();
    if (!kEngines.contains(q.engine))
        return usageError(
            QStringLiteral("--engine '%1' is not a Graphviz layout engine: use dot, neato, fdp or "
                           "sfdp")
                .arg(parser.value(QStringLiteral("engine"))));

    bool ok = false;
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

} // namespace numasight::cli
