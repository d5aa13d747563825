// SPDX-License-Identifier: GPL-3.0-or-later
// bench_heatmap_replot [--repeat N] [--threads N] [--nodes N] [--size WxH]
// QCustomPlot::replot of a threads × nodes heatmap as the Heatmaps tab draws it: 10 000 threads (in 100
// processes of 100) × 64 NUMA nodes by default, synthetic shares, on an offscreen HeatmapPlot of 1600×1000.
// Prints the median (and min/max) of N replots for: every row in view (what an export draws), the window of
// rows the tab shows beside its row list, the same after new figures (setPicture: cells re-coloured, labels
// and cell texts remade), and what the GUI thread does with each new heatmap besides (picture, row list).
#undef QT_NO_FOREACH
#include <qcustomplot.h>
#undef foreach
#define QT_NO_FOREACH

#include "bench_support.h"
#include "views/heatmap/heatmap_picture.h"
#include "views/heatmap/heatmap_plot.h"
#include "views/heatmap/heatmap_row_filter_proxy.h"
#include "views/heatmap/heatmap_row_model.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QStringList>
#include <QTest>

#include <algorithm>
#include <cstdio>
#include <random>
#include <vector>

using namespace numasight;
using numasight::bench::measure;
using numasight::bench::Stats;

namespace {

void print(const char* what, const Stats& s)
{
    std::printf("%-58s median %8.2f ms  (min %.2f, max %.2f)\n", what, s.median, s.min, s.max);
}

// Threads that run mostly on one node with a little elsewhere, as pinned workers do; each process row is
// its threads' sum, shares of the process.
NodeHeatmapPtr syntheticHeatmap(int threads, int nodes)
{
    auto h = std::make_shared<NodeHeatmap>();
    h->title = QStringLiteral("Share of on-CPU time per NUMA node");
    h->source = QStringLiteral("synthetic");
    h->metric = HeatmapMetric::CpuShare;
    h->unit = QStringLiteral("share");
    for (int n = 0; n < nodes; ++n) {
        HeatmapColumn c;
        c.osIndex = n;
        c.label = QStringLiteral("node%1").arg(n);
        h->columns.push_back(c);
    }
    std::mt19937 random(42);
    std::uniform_real_distribution<double> noise(0.0, 1.0);
    const int perProcess = 100;
    for (int first = 0; first < threads; first += perProcess) {
        const int pid = 10000 + first;
        const int processRow = h->rowCount();
        HeatmapRow process;
        process.pid = pid;
        process.name = QStringLiteral("worker");
        h->rows.push_back(process);
        std::vector<double> sum(size_t(nodes), 0.0);
        h->values.insert(h->values.end(), size_t(nodes), 0.0);
        for (int t = first; t < std::min(threads, first + perProcess); ++t) {
            HeatmapRow thread = process;
            thread.kind = HeatmapRowKind::Thread;
            thread.tid = pid + 1 + (t - first);
            thread.name = QStringLiteral("thread_%1").arg(t);
            thread.parentRow = processRow;
            thread.cpuNs = 1e9 * (0.5 + noise(random));
            std::vector<double> v(static_cast<size_t>(nodes));
            double total = 0;
            const int home = t % nodes;
            for (int n = 0; n < nodes; ++n) {
                v[size_t(n)] = n == home ? 20.0 : (noise(random) < 0.1 ? noise(random) : 0.0);
                total += v[size_t(n)];
            }
            for (int n = 0; n < nodes; ++n) {
                v[size_t(n)] /= total;
                sum[size_t(n)] += v[size_t(n)] * thread.cpuNs;
            }
            h->rows[size_t(processRow)].cpuNs += thread.cpuNs;
            h->rows.push_back(thread);
            h->values.insert(h->values.end(), v.begin(), v.end());
        }
        for (int n = 0; n < nodes; ++n)
            h->values[size_t(processRow) * size_t(nodes) + size_t(n)] =
                sum[size_t(n)] / h->rows[size_t(processRow)].cpuNs;
    }
    return h;
}

} // namespace

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const QStringList args = QCoreApplication::arguments();
    auto option = [&args](const QString& name, const QString& fallback) {
        const qsizetype i = args.indexOf(name);
        return i >= 0 && i + 1 < args.size() ? args[i + 1] : fallback;
    };
    const int repeat = option(QStringLiteral("--repeat"), QStringLiteral("31")).toInt();
    const int threads = option(QStringLiteral("--threads"), QStringLiteral("10000")).toInt();
    const int nodes = option(QStringLiteral("--nodes"), QStringLiteral("64")).toInt();
    const QStringList size =
        option(QStringLiteral("--size"), QStringLiteral("1600x1000")).split(QLatin1Char('x'));
    const QSize widget(size.value(0).toInt(), size.value(1).toInt());

    QElapsedTimer t;
    t.start();
    const NodeHeatmapPtr heatmap = syntheticHeatmap(threads, nodes);
    std::printf("synthetic heatmap: %d rows (%d threads) x %d nodes, built in %.1f ms\n", heatmap->rowCount(),
                threads, nodes, double(t.nsecsElapsed()) / 1e6);
    std::vector<int> rows(size_t(heatmap->rowCount()));
    for (size_t i = 0; i < rows.size(); ++i)
        rows[i] = int(i);
    HeatmapPicture picture = nodeHeatmapPicture(*heatmap, rows);

    HeatmapPlot plot;
    plot.resize(widget);
    plot.show();
    if (!QTest::qWaitForWindowExposed(&plot)) {
        std::fprintf(stderr, "bench_heatmap_replot: the offscreen window did not show\n");
        return 1;
    }
    QCustomPlot* custom = plot.customPlot();

    // Every row in view: 10 100 rows on 1000 pixels, every k-th labelled, no cell text.
    plot.setShowAllRows(true);
    plot.setPicture(picture);
    plot.replotNow();
    const Stats all = measure(repeat, [&] { custom->replot(QCustomPlot::rpImmediateRefresh); });

    // The Heatmaps tab: the list beside the map shows ~45 rows; the map draws exactly those, with values.
    plot.setShowAllRows(false);
    plot.setExternalRows(true);
    plot.setRowWindow(5000, 45.5);
    plot.replotNow();
    const Stats window = measure(repeat, [&] { custom->replot(QCustomPlot::rpImmediateRefresh); });
    int first = 0;
    const Stats scroll = measure(repeat, [&] {
        first = (first + 37) % (heatmap->rowCount() - 50);
        plot.setRowWindow(first, 45.5);
        custom->replot(QCustomPlot::rpImmediateRefresh);
    });

    // New figures: the same rows with other values, as the timeline moves.
    HeatmapPicture other = picture;
    std::rotate(other.values.begin(), other.values.begin() + nodes, other.values.end());
    bool flip = false;
    const Stats refresh = measure(repeat, [&] {
        plot.setPicture((flip = !flip) ? other : picture);
        custom->replot(QCustomPlot::rpImmediateRefresh);
    });
    const Stats building =
        measure(std::max(3, repeat / 4), [&] { picture = nodeHeatmapPicture(*heatmap, rows); });
    // The row list beside the map takes each new heatmap on the GUI thread too: reset, rank, sort.
    HeatmapRowModel model;
    HeatmapRowFilterProxy filter;
    filter.setSourceModel(&model);
    filter.sort(0);
    const Stats listing = measure(std::max(3, repeat / 4), [&] {
        model.setHeatmap(nullptr);
        model.setHeatmap(heatmap);
    });

    std::printf("offscreen %dx%d, %d replots each\n", widget.width(), widget.height(), repeat);
    print("replot, all rows in view", all);
    print("replot, the tab's window of rows (cell values drawn)", window);
    print("scroll the window and replot", scroll);
    print("new figures: setPicture + replot, window", refresh);
    print("nodeHeatmapPicture for every row (GUI thread, per heatmap)", building);
    print("row list: model reset + rank + proxy sort (GUI thread)", listing);
    const double worst = std::max({all.median, window.median, scroll.median, refresh.median});
    std::printf("target: replot under 50 ms -> %s (worst median %.2f ms)\n", worst < 50 ? "met" : "MISSED",
                worst);
    return 0;
}
