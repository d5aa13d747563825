// SPDX-License-Identifier: GPL-3.0-or-later
// bench_graph_scale [--repeat N] [--scales 10,100,1000] [--view V] [--layout-all] [FILE…]
// The topology graph as captures grow: every hwloc fixture, the witty capture and numasight-witty-scale
// copies of it (written to a temporary folder). Per input: reading the file, buildGraph with default
// options, layoutGraph with default LayoutOptions (whatever engine and method are the default), and the
// node, edge and cluster counts of what is drawn; beside them, buildGraph and the counts with every process
// drawn (processesPerNode 0), which is what the level of detail saves the layout from; --layout-all lays that
// one out too, once (Graphviz may need up to LayoutOptions::timeLimit). Medians of N runs.
#include "bench_support.h"
#include "graph/graph_layout.h"
#include "support/test_fixtures.h"
#include "views/graph/graph_painter.h"

#include <QDir>
#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <QProcess>
#include <QTemporaryDir>

#include <cstdio>

using namespace numasight;
using numasight::bench::measure;
using numasight::bench::Stats;

namespace {

struct Input
{
    QString name, path;
};

// The witty capture copied `scale` times into `dir`, or "" after saying why.
QString scaledWitty(const QString& witty, int scale, const QTemporaryDir& dir)
{
    const QString out = dir.filePath(QStringLiteral("witty-x%1.json").arg(scale));
    QProcess p;
    p.start(QStringLiteral(NUMASIGHT_WITTY_SCALE),
            {witty, QString::number(scale), QStringLiteral("-o"), out});
    if (!p.waitForFinished(-1) || p.exitCode() != 0) {
        std::fprintf(stderr, "bench_graph_scale: numasight-witty-scale %d failed: %s\n", scale,
                     p.readAllStandardError().constData());
        return {};
    }
    return out;
}

} // namespace

int main(int argc, char** argv)
{
    // Drawing needs fonts, hence a GUI application; offscreen unless a display is asked for.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QGuiApplication app(argc, argv);
    const QStringList args = app.arguments();
    int repeat = 3;
    QList<int> scales{10, 100, 1000};
    GraphOptions options;
    QStringList files;
    bool layoutAll = false;
    for (int i = 1; i < args.size(); ++i) {
        if (args[i] == QLatin1String("--layout-all")) {
            layoutAll = true;
        } else if (args[i] == QLatin1String("--repeat") && i + 1 < args.size()) {
            repeat = std::max(1, args[++i].toInt());
        } else if (args[i] == QLatin1String("--scales") && i + 1 < args.size()) {
            scales.clear();
            for (const QString& s : args[++i].split(QLatin1Char(','), Qt::SkipEmptyParts))
                scales << std::max(1, s.toInt());
        } else if (args[i] == QLatin1String("--view") && i + 1 < args.size()) {
            options.view = graphViewFromName(args[++i]).value_or(GraphView::Combined);
        } else {
            files << args[i];
        }
    }
    const QString fixtures = QStringLiteral(NUMASIGHT_FIXTURES);
    std::vector<Input> inputs;
    QTemporaryDir dir;
    if (files.isEmpty()) {
        for (const QString& f : test::fixtureFiles())
            inputs.push_back({f, fixtures + QLatin1Char('/') + f});
        const QString witty = fixtures + QStringLiteral("/witty-profiler/graph.json");
        for (int scale : scales) {
            const QString path = scaledWitty(witty, scale, dir);
            if (path.isEmpty())
                return 1;
            inputs.push_back({QStringLiteral("witty x%1").arg(scale), path});
        }
    } else {
        for (const QString& f : files)
            inputs.push_back({QFileInfo(f).fileName(), f});
    }

    const LayoutOptions layoutOptions;
    std::printf("view %s, per node %d, layout %s (%s), median of %d runs in ms\n",
                qPrintable(graphViewName(options.view)), options.processesPerNode,
                qPrintable(layoutOptions.engine),
                layoutOptions.method == LayoutMethod::Subprocess ? "subprocess" : "libgvc", repeat);
    std::printf("%-36s %6s | %9s %9s %9s %9s %9s | %5s %5s %5s | %9s %6s %6s\n", "input", "procs", "read",
                "build", "layout", "draw", "live", "nodes", "edges", "clust", "build all", "nodes", "edges");
    GraphOptions all = options;
    all.processesPerNode = 0;
    for (const Input& in : inputs) {
        SnapshotPtr snapshot;
        const Stats read =
            measure(repeat, [&] { snapshot = bench::openSnapshot(in.path, "bench_graph_scale"); });
        if (!snapshot)
            return 1;
        GraphSpecPtr spec, full;
        const Stats build = measure(repeat, [&] { spec = buildGraph(*snapshot, options); });
        const Stats buildAll = measure(repeat, [&] { full = buildGraph(*snapshot, all); });
        QString error;
        const Stats layout = measure(repeat, [&] {
            const auto r = layoutGraph(spec, layoutOptions, Progress::none());
            if (!r)
                error = r.error().toString();
        });
        // Drawing: the whole picture (graph, tables, title, legend) painted into an image at 72 dpi, as an
        // export does. Live: the next sample of the same entities, laid out keeping the previous places
        // (LayoutOptions::previous), which is what a recording pays per sample.
        Stats draw{}, live{};
        if (error.isEmpty()) {
            const GraphLayoutPtr first = *layoutGraph(spec, layoutOptions, Progress::none());
            draw = measure(repeat, [&] {
                const GraphPainter painter(first);
                QImage image(painter.pictureRect().size().toSize() + QSize(1, 1), QImage::Format_RGB32);
                image.fill(Qt::white);
                QPainter p(&image);
                p.translate(-painter.pictureRect().topLeft());
                painter.paint(&p);
            });
            LayoutOptions liveOptions = layoutOptions;
            liveOptions.live = true;
            liveOptions.previous = *layoutGraph(spec, liveOptions, Progress::none());
            live = measure(repeat, [&] {
                const GraphSpecPtr next = buildGraph(*snapshot, options);
                if (!layoutGraph(next, liveOptions, Progress::none()))
                    error = QStringLiteral("live layout failed");
            });
        }
        std::printf("%-36s %6d | %9.1f %9.1f %9s %9.1f %9.1f | %5zu %5zu %5zu | %9.1f %6zu %6zu\n",
                    qPrintable(in.name), snapshot->countOf(EntityKind::Process), read.median, build.median,
                    error.isEmpty() ? qPrintable(QString::number(layout.median, 'f', 1)) : "failed",
                    draw.median, live.median, spec->nodes.size(), spec->edges.size(), spec->clusters.size(),
                    buildAll.median, full->nodes.size(), full->edges.size());
        if (!error.isEmpty())
            std::printf("    layout: %s\n", qPrintable(error));
        if (layoutAll) {
            QElapsedTimer t;
            t.start();
            const auto r = layoutGraph(full, layoutOptions, Progress::none());
            std::printf("    every process drawn: layout %s\n",
                        r ? qPrintable(QStringLiteral("%1 ms").arg(double(t.nsecsElapsed()) / 1e6, 0, 'f', 1))
                          : qPrintable(r.error().toString()));
        }
        for (const QString& note : spec->hiddenNotes)
            std::printf("    %s\n", qPrintable(note));
    }
    return 0;
}
