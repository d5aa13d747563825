// SPDX-License-Identifier: GPL-3.0-or-later
// layoutGraph() and the subprocess way of running Graphviz.
//
// Subprocess is the default (see docs/graph.md for the figures): the child can be killed, so Cancel and
// the time limit work even in the middle of a slow layout, and a Graphviz crash or runaway allocation on
// a hostile graph stays out of the GUI. libgvc (gvc_layout.cpp) saves the fork and exec, but gvLayout()
// cannot be interrupted and Graphviz's global state needs a process-wide lock.
#include "graph_layout.h"

#include "box_packer.h"
#include "dot_writer.h"
#include "edge_router.h"
#include "graphviz_run.h"
#include "layout_json.h"
#include "util/format.h"

#include <QElapsedTimer>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>

#include <cmath>

namespace numasight {

namespace {

// Graphviz answers within milliseconds on small graphs; polling at this interval keeps Cancel responsive
// without measurable cost (waitForFinished returns at once when the child ends).
constexpr int kPollMs = 20;

LoadError engineError(const QString& engine, const QString& message)
{
    LoadError e;
    e.file = QStringLiteral("Graphviz %1").arg(engine);
    e.message = message;
    return e;
}

QString firstLines(const QByteArray& text, int count)
{
    QStringList lines = QString::fromUtf8(text).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    if (lines.size() > count)
        lines = lines.mid(0, count);
    return lines.join(QStringLiteral("; ")).trimmed();
}

// Graphviz may route an edge around the outside of the drawing: the picture grows to hold it, and moves so
// that it still starts at (0, 0).
void growForEdges(PackedBoxes& boxes, std::vector<LaidOutEdge>& edges)
{
    QRectF all = boxes.bounds;
    for (const LaidOutEdge& e : edges) {
        for (const QPointF& p : e.spline)
            all = all.united(QRectF(p, QSizeF(0.01, 0.01)));
        if (e.arrowTip)
            all = all.united(QRectF(*e.arrowTip, QSizeF(0.01, 0.01)));
    }
    const QPointF shift(std::max(0.0, -all.left()) + (all.left() < 0 ? 2 : 0),
                        std::max(0.0, -all.top()) + (all.top() < 0 ? 2 : 0));
    if (!shift.isNull()) {
        for (QRectF& r : boxes.clusters)
            r.translate(shift);
        for (QPointF& p : boxes.clusterLabels)
            p += shift;
        for (QRectF& r : boxes.clusterLabelRects)
            r.translate(shift);
        for (QRectF& r : boxes.nodes)
            r.translate(shift);
        for (LaidOutTable& t : boxes.tables)
            t.box.translate(shift);
        for (LaidOutEdge& e : edges) {
            for (QPointF& p : e.spline)
                p += shift;
            if (e.arrowTip)
                *e.arrowTip += shift;
        }
    }
    const QRectF moved = all.translated(shift);
    boxes.bounds = QRectF(QPointF(0, 0), QPointF(std::ceil(moved.right()), std::ceil(moved.bottom())));
}

Result<GraphLayoutPtr> layoutPacked(GraphSpecPtr spec, const LayoutOptions& options, const Progress& progress,
                                    const QElapsedTimer& clock)
{
    PackedBoxes boxes = packBoxes(*spec, options.aspect, options.previous.get(), options.live);
    if (progress.isCancelled())
        return LoadError::cancel(QStringLiteral("layout"));
    progress(0.2);
    Result<RoutedEdges> routed = routeEdges(*spec, boxes, options, progress);
    if (!routed)
        return routed.error();
    progress(0.9);
    growForEdges(boxes, routed.value().edges);
    auto layout = std::make_shared<GraphLayout>();
    layout->spec = spec;
    layout->engine = kPackedEngine;
    layout->bounds = boxes.bounds;
    layout->clusters.resize(spec->clusters.size());
    for (size_t i = 0; i < spec->clusters.size(); ++i)
        layout->clusters[i] = {spec->clusters[i].id, boxes.clusters[i], boxes.clusterLabels[i]};
    layout->nodes.resize(spec->nodes.size());
    for (size_t i = 0; i < spec->nodes.size(); ++i)
        layout->nodes[i] = {spec->nodes[i].id, boxes.nodes[i].center(), boxes.nodes[i].size()};
    layout->edges = std::move(routed.value().edges);
    layout->notes = routed.value().notes;
    layout->labelsOnHover = placeEdgeLabels(*spec, boxes, layout->edges);
    layout->tables = boxes.tables;
    layout->aspect = options.aspect;
    layout->seconds = double(clock.nsecsElapsed()) / 1e9;
    progress(1);
    return GraphLayoutPtr(std::move(layout));
}

} // namespace

Result<QByteArray> runGraphvizSubprocess(const QByteArray& dot, const QString& engine,
                                         std::chrono::milliseconds timeLimit, const Progress& progress,
                                         const QString& graphSize, const QStringList& arguments,
                                         const QString& hint)
{
    const QString program = QStandardPaths::findExecutable(engine);
    if (program.isEmpty())
        return engineError(engine,
                           QStringLiteral("the Graphviz layout program \"%1\" was not found in PATH: "
                                          "install the package graphviz (apt-get install graphviz), or "
                                          "choose another engine")
                               .arg(engine));
    if (progress.isCancelled())
        return LoadError::cancel(QStringLiteral("Graphviz %1").arg(engine));

    QProcess child;
    child.setProgram(program);
    // json0: the layout without xdot drawing operations, which we do not read and which double the output.
    child.setArguments(arguments + QStringList{QStringLiteral("-Tjson0")});
    child.start();
    if (!child.waitForStarted(10000))
        return engineError(engine,
                           QStringLiteral("could not start %1: %2").arg(program, child.errorString()));
    child.write(dot);
    child.closeWriteChannel();

    QElapsedTimer clock;
    clock.start();
    const auto stop = [&] {
        child.kill();
        child.waitForFinished(5000);
    };
    while (!child.waitForFinished(kPollMs)) {
        if (child.state() == QProcess::NotRunning)
            break;
        if (progress.isCancelled()) {
            stop();
            return LoadError::cancel(QStringLiteral("Graphviz %1").arg(engine));
        }
        if (clock.elapsed() > timeLimit.count()) {
            stop();
            const QString what =
                hint.isEmpty() ? QStringLiteral("draw fewer nodes (fold or hide some)") : hint;
            return engineError(engine, QStringLiteral("%1 did not finish the layout within %2 (%3): %4")
                                           .arg(engine, formatDuration(timeLimit), graphSize, what));
        }
    }
    const QByteArray out = child.readAllStandardOutput();
    const QByteArray err = child.readAllStandardError();
    if (child.exitStatus() != QProcess::NormalExit)
        return engineError(engine,
                           QStringLiteral("%1 crashed during the layout (%2)%3")
                               .arg(engine, graphSize,
                                    err.isEmpty() ? QString() : QStringLiteral(": ") + firstLines(err, 3)));
    if (child.exitCode() != 0)
        return engineError(engine,
                           QStringLiteral("%1 failed with exit code %2%3")
                               .arg(engine)
                               .arg(child.exitCode())
                               .arg(err.isEmpty() ? QString() : QStringLiteral(": ") + firstLines(err, 3)));
    return out;
}

Result<GraphLayoutPtr> layoutGraph(GraphSpecPtr spec, const LayoutOptions& options, const Progress& progress)
{
    const QString engine = options.engine;
    if (!spec)
        return engineError(engine, QStringLiteral("no graph to lay out"));
    // The engine names a program to run: a bare name, never a path or arguments.
    static const QRegularExpression kName(QStringLiteral("^[A-Za-z0-9_][A-Za-z0-9_.-]*$"));
    if (!kName.match(engine).hasMatch())
        return engineError(
            engine,
            QStringLiteral("\"%1\" is not a Graphviz engine name (dot, neato, fdp, sfdp)").arg(engine));
    if (progress.isCancelled())
        return LoadError::cancel(QStringLiteral("Graphviz %1").arg(engine));

    QElapsedTimer clock;
    clock.start();
    progress(0);
    if (engine == kPackedEngine)
        return layoutPacked(std::move(spec), options, progress, clock);
    const QByteArray dot = toDot(*spec, engine);
    const QString size = QStringLiteral("%1 nodes, %2 edges").arg(spec->nodes.size()).arg(spec->edges.size());
    Result<QByteArray> json =
        options.method == LayoutMethod::Subprocess
            ? runGraphvizSubprocess(dot, engine, options.timeLimit, progress, size, {},
                                    QStringLiteral("use the packed layout (the default), "
                                                   "where Graphviz only routes the edges, "
                                                   "or draw fewer nodes (fold or hide some)"))
            : runGraphvizInProcess(dot, engine, progress);
    if (!json)
        return json.error();
    if (progress.isCancelled())
        return LoadError::cancel(QStringLiteral("Graphviz %1").arg(engine));
    progress(0.9);
    auto parsed = parseGraphvizJson(json.value(), spec, engine);
    if (!parsed)
        return parsed.error();
    auto layout = std::const_pointer_cast<GraphLayout>(parsed.value());
    layout->seconds = double(clock.nsecsElapsed()) / 1e9;
    progress(1);
    return GraphLayoutPtr(std::move(layout));
}

} // namespace numasight
