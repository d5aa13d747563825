// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "fleet/fleet_overview.h"
#include "views/jobs/load_job.h" // CapturePtr as a metatype
#include "views/jobs/worker_job.h"

Q_DECLARE_METATYPE(numasight::FleetOverviewPtr)

namespace numasight {

// The Hosts tab's figures (fleetOverview(): every host scoped and advised on) on workers, with progress and
// cancel; a newer fleet supersedes the one running, whose result is dropped.
class FleetOverviewJob : public WorkerJob
{
    Q_OBJECT
public:
    explicit FleetOverviewJob(QObject* parent = nullptr);
    quint64 start(CapturePtr fleet);

signals:
    void overviewAvailable(numasight::FleetOverviewPtr overview);
};

} // namespace numasight
