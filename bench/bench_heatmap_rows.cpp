// SPDX-License-Identifier: GPL-3.0-or-later
// bench_heatmap_rows FILE [--repeat N] [--size WxH]
// The CPU heatmap tab on a big capture (numasight-witty-scale copies of the witty fixture): the time to show
// the heatmap (cpuHeatmap on the worker, then the row list and the map on the GUI thread) and to sort it
// again (Remote share and CPU time in turn, the list and the map redrawn), with the default top 100
// processes plus one summed row and with every row. Median, min and max of N runs each after one warm-up.
#include "analysis/heatmap_data.h"
#include "bench_support.h"
#include "views/heatmap/heatmap_plot.h"
#include "views/heatmap/node_heatmap_panel.h"

#include <QApplication>
#include <QSignalSpy>
#include <QStringList>
#include <QTest>

#include <cstdio>

using namespace numasight;

namespace {

void print(const char* what, const bench::Stats& s, int repeat)
{
    std::printf("  %-44s median %9.2f ms  (min %.2f, max %.2f, %d runs)\n", what, s.median, s.min, s.max,
                repeat);
}

} // namespace

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QStringList args = QCoreApplication::arguments().mid(1);
    auto option = [&args](const QString& name, const QString& fallback) {
        const qsizetype i = args.indexOf(name);
        if (i < 0 || i + 1 >= args.size())
            return fallback;
        const QString value = args.at(i + 1);
        args.remove(i, 2);
        return value;
    };
    const int repeat = std::max(1, option(QStringLiteral("--repeat"), QStringLiteral("5")).toInt());
    const QStringList size =
        option(QStringLiteral("--size"), QStringLiteral("1400x900")).split(QLatin1Char('x'));
    if (args.size() != 1) {
        std::fprintf(stderr, "usage: bench_heatmap_rows FILE [--repeat N] [--size WxH]\n");
        return 2;
    }
    const CapturePtr capture = bench::openCapture(args.front(), "bench_heatmap_rows");
    if (!capture || capture->snapshots.empty())
        return 1;
    const SnapshotPtr snapshot = capture->snapshots.back();

    NodeHeatmapPtr built;
    print("cpuHeatmap (worker)", bench::measure(repeat, [&] { built = cpuHeatmap(*snapshot, {}); }), repeat);
    int processes = 0;
    for (const HeatmapRow& r : built->rows)
        processes += r.kind == HeatmapRowKind::Process;
    std::printf("  %d rows (%d processes) x %d nodes\n", built->rowCount(), processes, built->columnCount());

    for (const int limit : {100, kAllRows}) {
        NodeHeatmapPanel panel(NodeHeatmapPanel::Kind::Cpu);
        panel.setRowLimit(limit);
        panel.resize(size.value(0).toInt(), size.value(1).toInt());
        panel.show();
        if (!QTest::qWaitForWindowExposed(&panel)) {
            std::fprintf(stderr, "bench_heatmap_rows: the offscreen window did not show\n");
            return 1;
        }
        std::printf("%s:\n", limit == kAllRows ? "all rows" : "top 100 processes");
        const bench::Stats show = bench::measure(repeat, [&] {
            panel.clear();
            QSignalSpy shown(&panel, &NodeHeatmapPanel::heatmapShown);
            panel.setInput(snapshot, {});
            if (shown.isEmpty() && !shown.wait(600000))
                std::fprintf(stderr, "bench_heatmap_rows: no heatmap after 10 minutes\n");
            QCoreApplication::processEvents();
            panel.plot()->replotNow();
        });
        print("show: build, list and map", show, repeat);
        bool flip = false;
        const bench::Stats sort = bench::measure(repeat, [&] {
            flip = !flip;
            panel.setSort(flip ? HeatmapSortKey::RemoteShare : HeatmapSortKey::CpuTime, true);
            QCoreApplication::processEvents();
            panel.plot()->replotNow();
        });
        print("sort again: list and map", sort, repeat);
        std::printf("  %d rows in the list and the map, %d processes summed in the last row\n",
                    int(panel.visibleRows().size()), panel.moreProcesses());
    }
    return 0;
}
