// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/jobs/fleet_overview_job.h"

namespace numasight {

// One worker runs the job; fleetOverview() itself spreads the hosts over every core.
FleetOverviewJob::FleetOverviewJob(QObject* parent)
    : WorkerJob(QStringLiteral("numasight-fleet"), 1, parent)
{
    qRegisterMetaType<FleetOverviewPtr>();
}

quint64 FleetOverviewJob::start(CapturePtr fleet)
{
    return run(
        [fleet = std::move(fleet)](const Progress& progress) { return fleetOverview(*fleet, progress); },
        [this](const FleetOverviewPtr& overview) { emit overviewAvailable(overview); });
}

} // namespace numasight
