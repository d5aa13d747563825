// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/source_info.h"

#include <QString>

namespace numasight {

// Decides what a file is from its first bytes, not its name: SQLite header → capture; '<' → hwloc XML;
// '{' → witty JSON (envelope when the first key is "env" or "content"; JSON Lines when a second complete
// value follows on a later line). Unknown when none fits.
SourceFormat detectFormat(const QString& path, QString* error = nullptr);
// The same from bytes already read (a pipe can be read only once).
SourceFormat detectFormatOf(const QByteArray& head, QString* error = nullptr);

} // namespace numasight
