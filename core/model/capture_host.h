// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "source_info.h"

#include <QString>

namespace numasight {

// One machine of a fleet capture (numasight-cli merge). Its entities carry `ns` as their namespace, so two
// hosts' pids, node numbers and devices never fold together; its samples are those whose snapshot holds its
// entities. `source` is what the host's own input said of itself (host name, kernel, time, mode, machine id
// in extra), kept so that one host of the fleet reads as the recording it came from.
struct CaptureHost
{
    QString ns;   // "gpu-node-07@3f2a9c1b0d4e": host name plus the start of its machine id, or the name alone
    QString name; // as people call it: the host name, or NAME of FILE=NAME, or the file's base name
    SourceInfo source;
};

} // namespace numasight
