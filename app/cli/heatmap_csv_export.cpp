#include "heatmap_csv_export.h"

#include "analysis/heatmap_data.h"
#include "analysis/matrix_heatmap.h"
#include "commands.h"
#include "report/heatmap_csv.h"

#include <QCommandLineParser>
#include <QFileInfo>
#include <QSaveFile>
#include <QTextStream>

#include <array>
#include <cstdio>

namespace numasight::cli {

namespace {

const QStringList kViews{QStringLiteral("cpu-heatmap"), QStringLiteral("mem-heatmap"),
                         QStringLiteral("distance"), QStringLiteral("latency"), QStringLiteral("bandwidth")};
const QStringList kMeasures{QStringLiteral("total-pages"), QStringLiteral("anon-pages"),
                            QStringLiteral("dirty-anon-pages"), QStringLiteral("bytes")};

// The value of an option in any of the spellings QCommandLineParser accepts ("--view x", "--view=x"), the
// last one winning as it does there.
QString sniff(const QStringList& args, const QStringList& names)
{
    QString value;
    for (qsizetype i = 1; i < args.size(); ++i) {
        const QString& a = args[i];
        if (a == u"--")
            break;
        for (const QString& name : names) {
            if (a == name && i + 1 < args.size())
                value = args[i + 1];
            else if (a.startsWith(name + QLatin1Char('=')))
                value = a.mid(name.size() + 1);
        }
    }
    return value;
}

int fail(const QString& message, int code)
{
    printError(message);
    return code;
}

} // namespace

bool isHeatmapView(QStringView view)
{
    return kViews.contains(view.toString());
}

std::optional<int> runHeatmapCsvExport(const QStringList& args)
{
    const QString view = sniff(args, {QStringLiteral("--view")});
    if (!isHeatmapView(view))
        return std::nullopt;
    QString format = sniff(args, {QStringLiteral("--format")}).toLower();
    const QString output = sniff(args, {QStringLiteral("-o"), QStringLiteral("--output")});
    if (format.isEmpty())
        format =
            output.isEmpty() || output == u"-" ? QStringLiteral("csv") : QFileInfo(output).suffix().toLower();
    if (format != u"csv")
        return std::nullopt; // a picture of the view: numasight-export draws it

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Write the numbers of a heatmap or a node matrix as CSV: cpu-heatmap (share of each process's and "
        "thread's on-CPU time per NUMA node), mem-heatmap (each process's memory per node), distance "
        "(firmware "
        "SLIT), latency and bandwidth (measured by numasight-cli measure, imported from Intel MLC, or "
        "hwloc's)."));
    parser.addHelpOption();
    parser.addOption(
        {QStringLiteral("view"), QStringLiteral("What to write."), kViews.join(QLatin1Char('|'))});
    parser.addOption({QStringLiteral("format"), QStringLiteral("csv."), QStringLiteral("csv")});
    parser.addOption({{QStringLiteral("o"), QStringLiteral("output")},
                      QStringLiteral("The CSV file to write; - or none: standard output."),
                      QStringLiteral("OUT")});
    parser.addOption({QStringLiteral("snapshot"),
                      QStringLiteral("Which snapshot (0-based; default the last, with every sample of a "
                                     "recording)."),
                      QStringLiteral("N")});
    parser.addOption(
        {QStringLiteral("measure"),
         QStringLiteral("mem-heatmap only: total-pages (default), anon-pages, dirty-anon-pages or "
                        "bytes."),
         QStringLiteral("MEASURE")});
    parser.addOption({QStringLiteral("order"),
                      QStringLiteral("Matrices only: natural (node numbers, default) or distance (near nodes "
                                     "together)."),
                      QStringLiteral("natural|distance")});
    if (const auto stop = parseCommandLine(parser, args))
        return *stop;
    if (parser.positionalArguments().size() != 1)
        return fail(
            QStringLiteral("usage: numasight-cli export FILE --view %1 --format csv [-o OUT] [--snapshot N] "
                           "[--measure MEASURE] [--order natural|distance]")
                .arg(kViews.join(QLatin1Char('|'))),
            Usage);
    const QString input = parser.positionalArguments().front();
    const bool matrix = view != u"cpu-heatmap" && view != u"mem-heatmap";

    MemoryMeasure measure = MemoryMeasure::TotalPages;
    if (parser.isSet(QStringLiteral("measure"))) {
        const QString m = parser.value(QStringLiteral("measure"));
        if (view != u"mem-heatmap")
            return fail(QStringLiteral("--measure applies to --view mem-heatmap only"), Usage);
        const qsizetype i = kMeasures.indexOf(m);
        if (i < 0)
            return fail(
                QStringLiteral("--measure must be %1, not '%2'").arg(kMeasures.join(QStringLiteral(", ")), m),
                Usage);
        measure = std::array{MemoryMeasure::TotalPages, MemoryMeasure::AnonPages,
                             MemoryMeasure::DirtyAnonPages, MemoryMeasure::Bytes}[size_t(i)];
    }
    MatrixOrder order = MatrixOrder::Natural;
    if (parser.isSet(QStringLiteral("order"))) {
        const QString o = parser.value(QStringLiteral("order"));
        if (!matrix)
            return fail(
                QStringLiteral("--order applies to the matrix views (distance, latency, bandwidth) only"),
                Usage);
        if (o != u"natural" && o != u"distance")
            return fail(QStringLiteral("--order must be natural or distance, not '%1'").arg(o), Usage);
        order = o == u"distance" ? MatrixOrder::ByDistance : MatrixOrder::Natural;
    }
    int snapshot = -1;
    if (parser.isSet(QStringLiteral("snapshot"))) {
        bool ok = false;
        snapshot = parser.value(QStringLiteral("snapshot")).toInt(&ok);
        if (!ok || snapshot < 0)
            return fail(QStringLiteral("--snapshot takes a snapshot number from 0, not '%1'")
                            .arg(parser.value(QStringLiteral("snapshot"))),
                        Usage);
    }

    int exitCode = Ok;
    const CapturePtr loaded = readInputFile(input, &exitCode);
    if (!loaded)
        return exitCode;
    const Capture& capture = *loaded;
    if (snapshot >= int(capture.snapshots.size()))
        return fail(QStringLiteral("--snapshot %1: %2 has %3 snapshot(s), numbered from 0")
                        .arg(snapshot)
                        .arg(input)
                        .arg(capture.snapshots.size()),
                    Usage);
    const HeatmapInput in = heatmapInput(capture, snapshot);
    if (!in.snapshot)
        return fail(QStringLiteral("%1: no snapshot to export").arg(input), Failed);

    QByteArray csv;
    if (view == u"cpu-heatmap" || view == u"mem-heatmap") {
        const NodeHeatmapPtr h = view == u"cpu-heatmap" ? cpuHeatmap(*in.snapshot, in.samples)
                                                        : memoryHeatmap(*in.snapshot, in.samples, measure);
        if (h->rows.empty())
            printError(
                QStringLiteral("warning: %1 has no %2 figures per process (neither recording samples nor "
                               "witty-profiler edges): the CSV has its header only")
                    .arg(input, view == u"cpu-heatmap" ? QStringLiteral("CPU") : QStringLiteral("memory")));
        csv = heatmapCsv(*h);
    } else {
        const MatrixKind kind = view == u"distance"  ? MatrixKind::Distance
                                : view == u"latency" ? MatrixKind::Latency
                                                     : MatrixKind::Bandwidth;
        const auto choice = defaultMatrix(*in.snapshot, kind);
        if (!choice)
            return fail(
                kind == MatrixKind::Distance
                    ? QStringLiteral("%1 has no NUMA distance matrix").arg(input)
                    : QStringLiteral("%1 has no %2 matrix: measure one with numasight-cli measure -o FILE, "
                                     "or import Intel MLC output with numasight-cli measure --import-mlc")
                          .arg(input, view),
                Failed);
        const MatrixHeatmapPtr m = matrixHeatmap(*in.snapshot, *choice, order);
        if (!m)
            return fail(QStringLiteral("%1: the %2 matrix cannot be read").arg(input, view), Failed);
        csv = matrixCsv(*m, order == MatrixOrder::ByDistance);
    }
    if (interrupted())
        return Cancelled;

    if (!parser.isSet(QStringLiteral("output")) || parser.value(QStringLiteral("output")) == u"-") {
        if (std::fwrite(csv.constData(), 1, size_t(csv.size()), stdout) != size_t(csv.size()) ||
            std::fflush(stdout) != 0)
            return fail(QStringLiteral("cannot write the CSV to standard output"), Failed);
        return Ok;
    }
    const QString path = parser.value(QStringLiteral("output"));
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(csv) != csv.size() || !file.commit())
        return fail(QStringLiteral("%1: cannot write: %2").arg(path, file.errorString()), Failed);
    return Ok;
}

} // namespace numasight::cli
