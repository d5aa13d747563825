// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "graph_spec.h"

#include <QByteArray>
#include <QStringView>

namespace numasight {

// One DOT double-quoted string. `escString` for attributes Graphviz reads as escString (labels): there a
// backslash starts an escape, so it is doubled and '\n' becomes Graphviz's centred line break. For ids a
// backslash is literal and a newline becomes a space. Quotes are escaped in both; other control
// characters become spaces. Exposed for the tests of hostile labels.
QByteArray dotQuote(QStringView text, bool escString);

// The DOT shape a node of `kind` is drawn with (the window draws the same outlines): "cylinder", "box", …
const char* dotShapeOf(EntityKind kind);

} // namespace numasight
