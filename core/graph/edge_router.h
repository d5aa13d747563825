// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "box_packer.h"

#include <QStringList>

#include <vector>

namespace numasight {

// Graphviz routes the edges between boxes placed by packBoxes(): every node is pinned where the packer put
// it (`neato -n2`, splines=true) and every box label is an invisible obstacle, so a spline never runs
// through a node or a box's label. Very large graphs, a routing that runs out of time or a Graphviz that
// fails get straight lines between the node outlines instead, with a note saying so: a drawing is always
// delivered. Errors are only a missing Graphviz and cancel.
struct RoutedEdges
{
    std::vector<LaidOutEdge> edges; // spec order
    QStringList notes;
};
Result<RoutedEdges> routeEdges(const GraphSpec& spec, const PackedBoxes& boxes, const LayoutOptions& options,
                               const Progress& progress);

// The DOT text routeEdges() hands to `neato -n2` (nodes pinned in points, y up; obstacles; no labels).
QByteArray routingDot(const GraphSpec& spec, const PackedBoxes& boxes, bool splines);

// A straight edge from the outline of one box to the outline of the other, as a cubic spline.
LaidOutEdge straightEdge(const GraphEdge& edge, const QRectF& from, const QRectF& to);

// Puts each edge's label on a free spot along its own edge: never over another label, a box label, a node
// or a distance table. Labels that find no room stay off the picture (the window shows them on hover);
// returns how many. Findings and heavier edges are served first.
int placeEdgeLabels(const GraphSpec& spec, const PackedBoxes& boxes, std::vector<LaidOutEdge>& edges);

// The points of a cubic spline (p0, (c1, c2, p)*) as a polyline, eight segments per curve.
std::vector<QPointF> flattenSpline(const std::vector<QPointF>& spline);

// The rectangle a label of `text` takes when centred on `center`, as placeEdgeLabels() reserves it.
QRectF edgeLabelBox(QStringView text, QPointF center);

} // namespace numasight
