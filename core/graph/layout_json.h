// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "graph_layout.h"

#include <QByteArray>
#include <QString>

namespace numasight {

// Reads what Graphviz writes with -Tjson or -Tjson0 for toDot(*spec) into a GraphLayout: node centres and
// sizes, edge splines and label positions, cluster boxes; y flipped to grow downwards and everything moved
// so that `bounds` starts at (0, 0). Nodes are matched by name (= GraphNode::id), edges by their `id`
// attribute, clusters by name. Engines that do not lay clusters out (neato, sfdp, twopi, circo) get each
// cluster's box computed around its members. Errors name `engine` and the place in the JSON.
Result<GraphLayoutPtr> parseGraphvizJson(const QByteArray& json, GraphSpecPtr spec, const QString& engine);

// Whether `engine` draws clusters as boxes of their own (dot, fdp, osage, patchwork).
bool engineLaysOutClusters(QStringView engine);

} // namespace numasight
