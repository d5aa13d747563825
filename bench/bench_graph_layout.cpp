// SPDX-License-Identifier: GPL-3.0-or-later
// bench_graph_layout [--repeat N] [--view machine|dataflow|combined] [--engine E] [--dump-dot DIR] [FILE…]
// Spec building, DOT writing and Graphviz layout (subprocess and libgvc) of the topology graph on the
// fixtures the issue names and on a synthetic 2x128-core SMT2, 16-node, 8-accelerator machine. Prints the
// median (and min/max) of N runs per step, and the fixed cost of running Graphviz as a child process.
#include "bench_support.h"
#include "graph/graph_layout.h"
#include "graph/graphviz_run.h"
#include "graph/layout_json.h"
#include "support/synthetic_machine.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStringList>

#include <algorithm>
#include <cstdio>
#include <vector>

using namespace numasight;
using numasight::bench::measure;
using numasight::bench::Stats;

namespace {

SnapshotPtr load(const QString& path)
{
    return bench::openSnapshot(path, "bench_graph_layout");
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    QStringList args = app.arguments();
    int repeat = 7;
    GraphOptions options;
    QString engine = QStringLiteral("dot");
    QString dumpDir;
    QStringList files;
    for (int i = 1; i < args.size(); ++i) {
        if (args[i] == QLatin1String("--repeat") && i + 1 < args.size())
            repeat = std::max(1, args[++i].toInt());
        else if (args[i] == QLatin1String("--view") && i + 1 < args.size())
            options.view = graphViewFromName(args[++i]).value_or(GraphView::Combined);
        else if (args[i] == QLatin1String("--engine") && i + 1 < args.size())
            engine = args[++i];
        else if (args[i] == QLatin1String("--dump-dot") && i + 1 < args.size())
            dumpDir = args[++i];
        else
            files << args[i];
    }
    const QString fixtures = QStringLiteral(NUMASIGHT_FIXTURES);
    struct Input
    {
        const char* name;
        SnapshotPtr snapshot;
    };
    std::vector<Input> inputs{
        {"witty graph.json", load(fixtures + QStringLiteral("/witty-profiler/graph.json"))},
        {"nvidiaDGX2.xml", load(fixtures + QStringLiteral("/hwloc/nvidiaDGX2.xml"))},
        {"192em64t-24n8c2t.xml", load(fixtures + QStringLiteral("/hwloc/192em64t-24n8c2t.xml"))},
        {"synthetic 2x128c SMT2 16n 8 NPU", test::bigSyntheticMachine()},
    };
    // Files named on the command line replace the standard set.
    std::vector<QByteArray> names;
    if (!files.isEmpty()) {
        inputs.clear();
        for (const QString& f : files)
            names.push_back(QFileInfo(f).fileName().toUtf8());
        for (qsizetype i = 0; i < files.size(); ++i)
            inputs.push_back({names[size_t(i)].constData(), load(files[i])});
    }

    std::printf("view %s, engine %s, median of %d runs (min-max) in ms\n",
                qPrintable(graphViewName(options.view)), qPrintable(engine), repeat);
    std::printf("%-32s %5s %5s %5s | %18s %18s | %20s %20s | %18s\n", "input", "nodes", "edges", "clust",
                "buildGraph", "toDot", "layout subprocess", "layout libgvc", "parse JSON");
    for (const Input& in : inputs) {
        if (!in.snapshot)
            return 1;
        GraphSpecPtr spec;
        const Stats build = measure(repeat, [&] { spec = buildGraph(*in.snapshot, options); });
        QByteArray dot;
        const Stats toDotStats = measure(repeat, [&] { dot = toDot(*spec, engine); });
        if (!dumpDir.isEmpty()) {
            QFile f(QDir(dumpDir).filePath(
                QString::fromUtf8(in.name).replace(QLatin1Char(' '), QLatin1Char('_')) +
                QStringLiteral(".dot")));
            if (f.open(QIODevice::WriteOnly))
                f.write(dot);
        }
        bool ok = true;
        const auto run = [&](LayoutMethod method) {
            LayoutOptions lo;
            lo.engine = engine;
            lo.method = method;
            const auto r = layoutGraph(spec, lo, Progress::none());
            if (!r) {
                std::fprintf(stderr, "%s: %s\n", in.name, qPrintable(r.error().toString()));
                ok = false;
            }
        };
        const Stats sub = measure(repeat, [&] { run(LayoutMethod::Subprocess); });
        const Stats gvc = measure(repeat, [&] { run(LayoutMethod::InProcess); });
        QByteArray json;
        {
            auto r = runGraphvizInProcess(dot, engine, Progress::none());
            if (r)
                json = r.value();
        }
        const Stats parse = measure(repeat, [&] { (void)parseGraphvizJson(json, spec, engine); });
        if (!ok)
            return 1;
        const auto cell = [](const Stats& s) {
            return QStringLiteral("%1 (%2-%3)")
                .arg(s.median, 0, 'f', 1)
                .arg(s.min, 0, 'f', 1)
                .arg(s.max, 0, 'f', 1);
        };
        std::printf("%-32s %5zu %5zu %5zu | %18s %18s | %20s %20s | %18s\n", in.name, spec->nodes.size(),
                    spec->edges.size(), spec->clusters.size(), qPrintable(cell(build)),
                    qPrintable(cell(toDotStats)), qPrintable(cell(sub)), qPrintable(cell(gvc)),
                    qPrintable(cell(parse)));
    }

    // What running a child costs by itself: fork, exec, Graphviz's start-up (plugin loading) and the pipe,
    // on a one-node graph whose layout is free.
    const QByteArray tiny = QByteArrayLiteral("digraph { a }");
    const Stats spawn = measure(repeat, [&] {
        (void)runGraphvizSubprocess(tiny, engine, std::chrono::milliseconds(30000), Progress::none(),
                                    QString());
    });
    const Stats inproc = measure(repeat, [&] { (void)runGraphvizInProcess(tiny, engine, Progress::none()); });
    std::printf("one-node graph: subprocess %.1f ms (%.1f-%.1f), libgvc %.2f ms (%.2f-%.2f)\n", spawn.median,
                spawn.min, spawn.max, inproc.median, inproc.min, inproc.max);
    return 0;
}
