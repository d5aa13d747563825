// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/snapshot.h"
#include "util/result.h"

#include <QByteArray>
#include <QString>

#include <optional>

namespace numasight {

// Writes witty-profiler graph JSON back out, denormalized the way witty-profiler writes it (edges repeat
// their endpoint objects), so its own tools read our files. Entities that came from witty JSON are written
// from their kept attributes; entities from other sources (hwloc, live collection) are mapped to witty's
// types where one exists (NumaEntity, GPUEntity, NPUEntity, ProcessEntity, …) and skipped otherwise.
// A capture with samples (a recording) also gets witty's NUMA access view of each snapshot, computed from
// the samples (witty_recording_export.h).
struct WittyWriteOptions
{
    bool envelope = false; // wrap as {"env": …, "content": …} using SourceInfo::extra
    bool indent = false;
};

QByteArray writeWittyGraph(const Snapshot& snapshot, const SourceInfo& source, const WittyWriteOptions& = {});
// One snapshot: a plain graph file; several: JSON Lines. Returns an error naming the file on I/O failure.
std::optional<LoadError> writeWittyJsonFile(const Capture& capture, const QString& path,
                                            const WittyWriteOptions& options = {});

} // namespace numasight
