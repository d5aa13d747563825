// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "graph_layout.h"

#include <QPointF>
#include <QRectF>
#include <QSizeF>

#include <vector>

namespace numasight {

// Where every box and node of a spec goes, computed from the hierarchy alone, as lstopo draws a machine: each
// box holds its label line, then its NUMA memory stretched across the top, then its other children in a grid
// in reading order (hardware by kind and OS index, the rest in the builder's order), with the number of
// columns chosen so that the box comes nearest to the wanted width:height. Containment and order are exact
// by construction and the result depends on nothing but the spec, so the same spec always gives the same
// picture. Graphviz then only routes the edges (edge_router.h).
struct PackedBoxes
{
    std::vector<QRectF> clusters;       // spec order; y down, points
    std::vector<QPointF> clusterLabels; // centre of each box's label line
    std::vector<QRectF> clusterLabelRects;
    std::vector<QRectF> nodes; // spec order
    std::vector<LaidOutTable> tables;
    QRectF bounds; // starts at (0, 0)
};

// Text as the window and the exports draw it (DejaVu Sans at `pixels`), estimated without a font engine
// because core has none: per-character advances of DejaVu Sans rounded up, so a box sized from it holds
// its text at full size.
QSizeF estimateTextSize(QStringView text, double pixels);

// The fonts the painter uses, in layout units: the packer sizes for these.
inline constexpr double kPackNodeFont = 14;
inline constexpr double kPackClusterFont = 13;
inline constexpr double kPackEdgeFont = 11;
inline constexpr double kPackTableFont = 11;

// `previous` (may be null): keep the place of whatever it already placed, see LayoutOptions::previous.
PackedBoxes packBoxes(const GraphSpec& spec, double aspect, const GraphLayout* previous, bool live);

// The size a node of `node.kind` needs for its label (the outline's padding included).
QSizeF packedNodeSize(const GraphNode& node);

} // namespace numasight
