// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "graph_spec.h"
#include "util/progress.h"
#include "util/result.h"

#include <QPointF>
#include <QRectF>
#include <QSizeF>

#include <chrono>
#include <memory>
#include <optional>
#include <vector>

namespace numasight {

// A laid-out graph in points (1/72 inch), y growing downwards (Graphviz's y-up is flipped once, here), origin
// at the top-left of `bounds`. Immutable; shared as GraphLayoutPtr between the layout worker, the scene and
// exports.
struct LaidOutNode
{
    QString id; // GraphNode::id
    QPointF center;
    QSizeF size;
};

struct LaidOutEdge
{
    QString id; // GraphEdge::id
    // Cubic Bézier control points as Graphviz gives them: p0, (c1, c2, p)*; at least 4 points.
    std::vector<QPointF> spline;
    std::optional<QPointF> arrowTip; // where the arrow head points, when the edge is directed
    std::optional<QPointF> labelPos; // centre of the label, when it has one
};

struct LaidOutCluster
{
    QString id; // GraphCluster::id
    QRectF box;
    QPointF labelPos; // centre of the label line
};

enum class LayoutMethod : std::uint8_t
{
    Subprocess, // runs the Graphviz binary (dot -Tjson): cancel and time limit are real, a crash stays out
    InProcess,  // libgvc in this process: no fork, but gvLayout cannot be interrupted
};

struct LayoutOptions
{
    QString engine = QStringLiteral("dot"); // "dot", "neato", "fdp", "sfdp"
    LayoutMethod method = LayoutMethod::Subprocess;
    std::chrono::milliseconds timeLimit{30000}; // Subprocess only: killed after this
};

struct GraphLayout
{
    GraphSpecPtr spec; // what was laid out
    QString engine;
    QRectF bounds;
    std::vector<LaidOutCluster> clusters; // same order as spec->clusters
    std::vector<LaidOutNode> nodes;       // same order as spec->nodes
    std::vector<LaidOutEdge> edges;       // same order as spec->edges
    double seconds = 0;                   // wall time of the layout, for the status bar and benchmarks
};
using GraphLayoutPtr = std::shared_ptr<const GraphLayout>;

// Lays out `spec` with Graphviz. Errors (engine missing, timeout, Graphviz failure, cancel) come back as a
// LoadError naming the engine and what to do. Blocking: call it from a worker.
Result<GraphLayoutPtr> layoutGraph(GraphSpecPtr spec, const LayoutOptions& options, const Progress& progress);

} // namespace numasight
