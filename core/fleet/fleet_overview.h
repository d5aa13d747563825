// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/snapshot.h"
#include "util/progress.h"

#include <QString>
#include <QStringList>

#include <memory>
#include <optional>
#include <vector>

namespace numasight {

// What the Hosts tab shows of one host: its size, the advisor's verdict, and a small CPU × node picture.
struct HostOverview
{
    CaptureHost host;
    int numaNodes = 0;
    int pus = 0;
    int accelerators = 0;
    int processes = 0;
    int samples = 0;
    int critical = 0; // findings by severity
    int warnings = 0;
    int findings = 0;
    QString worstFinding; // the first finding's message (critical first), empty without findings
    // The host's remote share: each process's share of CPU time away from its memory, weighted by its CPU
    // time (plainly averaged when no CPU time is known). NaN when no process has one.
    double remoteShare = 0;
    int acceleratorWorkers = 0;  // processes that open accelerators
    int awayFromAccelerator = 0; // … whose main CPU node is none of their devices' nodes

    // The small multiple: the busiest processes (at most kOverviewRows) × the host's NUMA nodes, each cell
    // the share of the process's CPU time on that node.
    QStringList rowNames;
    QStringList columnNames;
    std::vector<double> cells; // rowNames × columnNames, row-major, in [0, 1]
};

inline constexpr int kOverviewRows = 16;

struct FleetOverview
{
    std::vector<HostOverview> hosts; // in the fleet's order
};
using FleetOverviewPtr = std::shared_ptr<const FleetOverview>;

// One overview per host of `fleet` (captureHosts), each from that host alone (scopeToHost, then the advisor),
// computed on every core. Empty when cancelled.
std::optional<FleetOverviewPtr> fleetOverview(const Capture& fleet, const Progress& progress = {});

} // namespace numasight
