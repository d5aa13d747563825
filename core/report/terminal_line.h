// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace numasight {

// A message as one line for a terminal or a log, whatever it quotes (a file's text, SQLite's schema, a name
// with control characters): line breaks, carriage returns and tabs become one space, other control
// characters escaped as printableText() does (an ESC must not drive the terminal), and a message longer than
// `maxLength` characters is cut with "…".
QString terminalLine(const QString& message, qsizetype maxLength = 1000);

} // namespace numasight
