// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Pieces the advisor's files share: reading witty-profiler's proc_status payloads, and JSON numbers that
// stay null when unknown.

#include "util/index_set.h"

#include <QByteArray>
#include <QJsonValue>

#include <cstdint>
#include <limits>
#include <optional>

namespace numasight {

// proc_status as witty writes it: at the payload's top level (AccessWithProcStatusEdge) or inside
// numa_access_info (NumaAccessEdge). Absent fields stay NaN or nullopt.
struct WittyProcStatus
{
    double voluntary = std::numeric_limits<double>::quiet_NaN();
    double involuntary = std::numeric_limits<double>::quiet_NaN();
    std::optional<CpuSet> cpusAllowed;
    std::optional<NodeSet> memsAllowed;
};
WittyProcStatus readWittyProcStatus(const QByteArray& payload);

// JSON has no NaN: unknown figures are null, never 0, so a reader can tell "not measured" from "none".
QJsonValue jsonNumber(double x);
// Pids and tids: null when negative (absent).
QJsonValue jsonId(std::int64_t id);

} // namespace numasight
