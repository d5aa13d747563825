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

// A distance table drawn beside the graph: spec->distanceTables[index] in `box`.
struct LaidOutTable
{
    int index = 0;
    QRectF box;
};

enum class LayoutMethod : std::uint8_t
{
    Subprocess, // runs the Graphviz binary (dot -Tjson): cancel and time limit are real, a crash stays out
    InProcess,  // libgvc in this process: no fork, but gvLayout cannot be interrupted
};

struct GraphLayout;

// The default engine: boxes nested and packed from the hierarchy in OS-index reading order (box_packer.h),
// Graphviz (neato -n2) routing the edges around them. The only one that keeps every item inside its box and
// the order of the hardware, so the only one the window and the CLI offer for drawings; "dot", "neato",
// "fdp" and "sfdp" remain for DOT files and for comparison.
inline const QString kPackedEngine = QStringLiteral("packed");

struct LayoutOptions
{
    QString engine = kPackedEngine; // "packed", or a Graphviz engine: "dot", "neato", "fdp", "sfdp"
    LayoutMethod method = LayoutMethod::Subprocess;
    std::chrono::milliseconds timeLimit{30000}; // Subprocess only: killed after this
    // packed: the width:height the drawing aims at (4:3 for a screen, √2 for A4 landscape).
    double aspect = 4.0 / 3.0;
    // packed, while recording: the previous sample's layout. Boxes and nodes that are still there keep
    // their place, new ones go into room left free, and only a box that cannot take its new contents is
    // packed again; boxes that hold processes keep a free row for newcomers.
    std::shared_ptr<const GraphLayout> previous;
    bool live = false; // reserve room for newcomers even without a previous layout
};

struct GraphLayout
{
    GraphSpecPtr spec; // what was laid out
    QString engine;
    QRectF bounds;
    std::vector<LaidOutCluster> clusters; // same order as spec->clusters
    std::vector<LaidOutNode> nodes;       // same order as spec->nodes
    std::vector<LaidOutEdge> edges;       // same order as spec->edges
    std::vector<LaidOutTable> tables;     // packed only: the distance tables beside the drawing
    // What the layout had to give up, one sentence each: "edges drawn straight: …", "to fit the page: …".
    QStringList notes;
    // Edge labels with no free room beside their edge: not drawn (labelPos empty), shown on hover.
    int labelsOnHover = 0;
    double seconds = 0; // wall time of the layout, for the status bar and benchmarks
    double aspect = 0;  // the width:height it aimed at (packed), which the legend's place keeps; 0: none
};
using GraphLayoutPtr = std::shared_ptr<const GraphLayout>;

// Lays out `spec` with Graphviz. Errors (engine missing, timeout, Graphviz failure, cancel) come back as a
// LoadError naming the engine and what to do. Blocking: call it from a worker.
Result<GraphLayoutPtr> layoutGraph(GraphSpecPtr spec, const LayoutOptions& options, const Progress& progress);

} // namespace numasight
