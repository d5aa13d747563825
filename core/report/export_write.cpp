// SPDX-License-Identifier: GPL-3.0-or-later
#include "export_write.h"

#include "analysis/heatmap_data.h"
#include "analysis/matrix_heatmap.h"
#include "graph/layout_document.h"
#include "readers/open_input.h"
#include "report/exit_code.h"
#include "report/export_build.h"
#include "report/heatmap_csv.h"
#include "report/output_file.h"

#include <QCoreApplication>

#include <optional>

namespace numasight {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(numasight::ExportWrite)
};
} // namespace

namespace {

// The whole file or nothing, standard output for "-". The exit code, after saying why when it failed.
int save(const QString& path, const QByteArray& bytes, const ExportMessage& say)
{
    bool abandoned = false;
    if (const auto error = writeOutputFile(path, bytes, &abandoned)) {
        if (abandoned)
            return Cancelled; // Ctrl-C: nothing to explain, nothing was written
        say(*error);
        return Failed;
    }
    return Ok;
}

// The CSV's text, or the exit code after saying why there is none.
std::optional<QByteArray> csvOf(const ExportRequest& request, const Progress& progress,
                                const ExportMessage& say, int* exitCode)
{
    const auto fail = [&](const QString& message, int code) -> std::optional<QByteArray> {
        say(message);
        *exitCode = code;
        return std::nullopt;
    };
    const auto loaded = openInput(request.input, progress);
    if (!loaded)
        return fail(loaded.error().toString(), loaded.error().cancelled ? Cancelled : Failed);
    const Capture& capture = **loaded;
    if (request.snapshot >= int(capture.snapshots.size()))
        return fail(QStringLiteral("--snapshot %1: %2 has %3 snapshot(s), numbered from 0")
                        .arg(request.snapshot)
                        .arg(request.input)
                        .arg(capture.snapshots.size()),
                    Usage);
    const HeatmapInput in = heatmapInput(capture, request.snapshot);
    if (!in.snapshot)
        return fail(Tr::tr("%1: no snapshot to export").arg(request.input), Failed);

    if (!isMatrixView(request.view)) {
        const bool cpu = request.view == ExportView::CpuHeatmap;
        const NodeHeatmapPtr h = cpu ? cpuHeatmap(*in.snapshot, in.samples)
                                     : memoryHeatmap(*in.snapshot, in.samples, request.measure);
        if (h->rows.empty())
            say(Tr::tr("warning: %1 has no %2 figures per process (neither recording samples nor "
                       "witty-profiler edges): the CSV has its header only")
                    .arg(request.input, cpu ? Tr::tr("CPU") : Tr::tr("memory")));
        return heatmapCsv(*h);
    }
    QString why;
    const auto choice = exportMatrix(*in.snapshot, request, &why);
    if (!choice)
        return fail(why, Failed);
    const MatrixHeatmapPtr m = matrixHeatmap(*in.snapshot, *choice, request.order);
    if (!m)
        return fail(
            Tr::tr("%1: the %2 matrix cannot be read").arg(request.input, exportViewName(request.view)),
            Failed);
    return matrixCsv(*m, request.order == MatrixOrder::ByDistance);
}

} // namespace

int writeExportDot(const ExportRequest& request, const Progress& progress, const ExportMessage& say,
                   const ExportMessage& note)
{
    const ExportGraph graph = buildExportGraph(request, progress);
    if (!graph.spec) {
        say(graph.error);
        return graph.exitCode;
    }
    if (note)
        for (const QString& line : graph.spec->hiddenNotes)
            note(line);
    return save(request.output, toDot(*graph.spec, request.engine), say);
}

LayoutOptions exportLayoutOptions(const ExportRequest& request)
{
    LayoutOptions o;
    o.engine = request.engine;
    o.method = LayoutMethod::Subprocess;
    if (const auto page = pageSizeFromName(request.page))
        o.aspect = page->width() / page->height();
    return o;
}

int writeExportLayoutJson(const ExportRequest& request, const Progress& progress, const ExportMessage& say,
                          const ExportMessage& note)
{
    const ExportGraph graph = buildExportGraph(request, progress);
    if (!graph.spec) {
        say(graph.error);
        return graph.exitCode;
    }
    const Result<GraphLayoutPtr> layout = layoutGraph(graph.spec, exportLayoutOptions(request), progress);
    if (!layout) {
        say(layout.error().toString());
        return layout.error().cancelled ? Cancelled : Failed;
    }
    if (note)
        for (const QString& line : graph.spec->hiddenNotes + (*layout)->notes)
            note(line);
    return save(request.output, layoutToJson(**layout), say);
}

int writeExportCsv(const ExportRequest& request, const Progress& progress, const ExportMessage& say)
{
    int exitCode = Ok;
    const std::optional<QByteArray> csv = csvOf(request, progress, say, &exitCode);
    if (!csv)
        return exitCode;
    if (progress.isCancelled())
        return Cancelled;
    return save(request.output.isEmpty() ? QStringLiteral("-") : request.output, *csv, say);
}

} // namespace numasight
