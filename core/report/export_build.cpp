// SPDX-License-Identifier: GPL-3.0-or-later
#include "export_build.h"

#include "readers/open_input.h"
#include "report/cpu_share.h"
#include "report/exit_code.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>

namespace numasight {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(numasight::ExportBuild)
};
} // namespace

QString snapshotOutOfRange(const QString& file, int snapshot, size_t snapshotCount)
{
    return Tr::tr("%1: --snapshot %2 is out of range: the file holds %3 snapshot(s)")
        .arg(file)
        .arg(snapshot)
        .arg(snapshotCount);
}

namespace {

// The input of an export, or null after saying why in `error` and `exitCode`: unreadable, without a snapshot,
// or without the one --snapshot names.
CapturePtr readInput(const ExportRequest& request, const Progress& progress, QString* error, int* exitCode)
{
    const auto fail = [&](const QString& message, int code) {
        *error = message;
        *exitCode = code;
        return nullptr;
    };
    auto loaded = openInput(request.input, progress);
    if (!loaded)
        return fail(loaded.error().toString(), loaded.error().cancelled ? Cancelled : Failed);
    const CapturePtr capture = std::move(loaded).value();
    if (capture->snapshots.empty())
        return fail(Tr::tr("%1: holds no snapshot to draw").arg(request.input), Failed);
    if (request.snapshot >= int(capture->snapshots.size()))
        return fail(snapshotOutOfRange(request.input, request.snapshot, capture->snapshots.size()), Usage);
    return capture;
}

} // namespace

std::optional<MatrixChoice> exportMatrix(const Snapshot& snapshot, const ExportRequest& request, QString* why)
{
    const MatrixKind kind = request.view == ExportView::Distance  ? MatrixKind::Distance
                            : request.view == ExportView::Latency ? MatrixKind::Latency
                                                                  : MatrixKind::Bandwidth;
    auto choice = defaultMatrix(snapshot, kind);
    if (!choice)
        *why = kind == MatrixKind::Distance
                   ? Tr::tr("%1 has no NUMA distance matrix").arg(request.input)
                   : Tr::tr("%1 has no %2 matrix: measure one with numasight-cli measure -o FILE, or "
                            "import Intel MLC output with numasight-cli measure --import-mlc")
                         .arg(request.input, exportViewName(request.view));
    return choice;
}

ExportGraph buildExportGraph(const ExportRequest& request, const Progress& progress)
{
    ExportGraph out;
    const CapturePtr capture = readInput(request, progress, &out.error, &out.exitCode);
    if (!capture)
        return out;
    return buildExportGraph(*capture, request);
}

ExportGraph buildExportGraph(const Capture& capture, const ExportRequest& request)
{
    ExportGraph out;
    if (capture.snapshots.empty() || request.snapshot >= int(capture.snapshots.size())) {
        out.error = Tr::tr("%1: holds no snapshot to draw").arg(request.input);
        out.exitCode = Failed;
        return out;
    }
    const int index = request.snapshot < 0 ? int(capture.snapshots.size()) - 1 : request.snapshot;
    // A recording's figures for this snapshot: every sample taken while it was in force, as `convert`
    // sums them for witty JSON.
    std::vector<SamplePtr> samples;
    for (const SamplePtr& s : capture.samples)
        if (s->snapshotIndex == index)
            samples.push_back(s);
    out.snapshot = capture.snapshots[size_t(index)];
    out.spec = buildGraph(*out.snapshot, request.options, samples);
    out.samples = std::move(samples);
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
    const CapturePtr capture = readInput(request, progress, &out.error, &out.exitCode);
    if (!capture)
        return out;
    return buildExportHeatmap(*capture, request);
}

ExportHeatmap buildExportHeatmap(const Capture& capture, const ExportRequest& request)
{
    ExportHeatmap out;
    const auto fail = [&out](const QString& message, int code) {
        out.nodes.reset();
        out.matrix.reset();
        out.error = message;
        out.exitCode = code;
        return out;
    };
    const HeatmapInput in = heatmapInput(capture, request.snapshot);
    if (!in.snapshot)
        return fail(Tr::tr("%1: holds no snapshot to draw").arg(request.input), Failed);

    if (isMatrixView(request.view)) {
        QString why;
        const auto choice = exportMatrix(*in.snapshot, request, &why);
        if (!choice) {
            // A picture says why a machine has none.
            if (request.view == ExportView::Distance)
                why += Tr::tr(" (one NUMA node, or a source without distances)");
            return fail(why, Failed);
        }
        out.matrix = matrixHeatmap(*in.snapshot, *choice, request.order);
        if (!out.matrix || out.matrix->size() == 0)
            return fail(Tr::tr("%1: the %2 matrix cannot be read").arg(request.input, choice->label), Failed);
        return out;
    }

    const bool cpu = request.view == ExportView::CpuHeatmap;
    out.nodes =
        cpu ? cpuHeatmap(*in.snapshot, in.samples) : memoryHeatmap(*in.snapshot, in.samples, request.measure);
    if (out.nodes->rows.empty() || out.nodes->columns.empty())
        return fail(Tr::tr("%1 has no %2 per process to draw: a recording (numasight-cli record) or a "
                           "witty-profiler graph has them, a topology does not")
                        .arg(request.input, cpu ? Tr::tr("CPU time") : Tr::tr("memory")),
                    Failed);
    if (!cpu && std::none_of(out.nodes->values.begin(), out.nodes->values.end(),
                             [](double v) { return std::isfinite(v); }))
        return fail(Tr::tr("%1 has no %2 per node: use --measure total-pages or dirty-anon-pages")
                        .arg(request.input, heatmapMetricName(metricOf(request.measure))),
                    Failed);
    out.rows = exportHeatmapRows(*out.nodes, request);
    if (out.rows.empty())
        return fail(Tr::tr("%1: no row is left after --min and --hide").arg(request.input), Failed);
    if (const int limit = request.rowLimit(); limit != kAllRows) {
        TopHeatmapRows top = topHeatmapRows(*out.nodes, out.rows, limit);
        out.nodes = std::move(top.heatmap);
        out.rows = std::move(top.rows);
        out.moreProcesses = top.moreProcesses;
    }
    return out;
}

} // namespace numasight
