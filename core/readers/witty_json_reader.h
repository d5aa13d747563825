// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/snapshot.h"
#include "util/progress.h"
#include "util/result.h"

#include <QByteArrayView>
#include <QString>

namespace numasight {

// Reads witty-profiler graph JSON: a plain {"nodes", "edges"} file, the HTTP envelope
// {"env", "content"}, or JSON Lines (one graph per line, one snapshot each). Identities are rebuilt from
// each type's key fields, the denormalized copies (edge endpoints, ThreadEntity.process) fold into one
// entity each, every field is kept in Entity::attributes / Edge::payload, and unknown types are kept.
Result<CapturePtr> readWittyJsonFile(const QString& path, const Progress& progress = {});
// `data` must stay valid for the call; `fileName` is only used in messages.
Result<CapturePtr> readWittyJson(QByteArrayView data, const QString& fileName, const Progress& progress = {});

// How this thread's witty documents were read so far: element by element (the usual shape, valid), or whole
// (anything else, and every document with an error). For tests and benchmarks.
struct WittyReadPaths
{
    int byElement = 0;
    int whole = 0;
};
WittyReadPaths& wittyReadPaths();

} // namespace numasight
