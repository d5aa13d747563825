// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "graph_layout.h"

#include <QByteArray>

namespace numasight {

// The laid-out graph as a JSON document (`export --format json`), for web pages and for tests of the
// geometry: every drawn item (boxes and nodes) with id, kind, label, parent, os_index, x, y, w, h in points
// from the top-left corner; every edge with from, to, its polyline, its spline and its label position; the
// distance tables; what the filters and the layout left out. The same numbers the SVG is drawn from. The
// fields are documented in docs/graph.md ("Layout as data").
QByteArray layoutToJson(const GraphLayout& layout);

} // namespace numasight
