// SPDX-License-Identifier: GPL-3.0-or-later
#include "fleet_overview.h"

#include "advice/advice.h"
#include "fleet.h"

#include <QThread>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <mutex>
#include <numeric>
#include <thread>

namespace numasight {

namespace {

HostOverview overviewOf(const Capture& fleet, const CaptureHost& host)
{
    HostOverview out;
    out.host = host;
    const CapturePtr capture = scopeToHost(fleet, host);
    out.samples = int(capture->samples.size());
    if (capture->snapshots.empty())
        return out;
    const Snapshot& last = *capture->snapshots.back();
    out.numaNodes = last.countOf(EntityKind::NumaNode);
    out.pus = last.countOf(EntityKind::Pu);
    out.accelerators = last.countOf(EntityKind::Accelerator);
    out.processes = last.countOf(EntityKind::Process);
    for (EntityId n : last.numaNodes())
        out.columnNames << QStringLiteral("node%1").arg(last.entity(n).osIndex);

    const AdvicePtr advice = advise(*capture);
    if (!advice)
        return out;
    out.findings = int(advice->findings.size());
    for (const Finding& f : advice->findings) {
        out.critical += f.severity == Severity::Critical;
        out.warnings += f.severity == Severity::Warning;
    }
    if (!advice->findings.empty())
        out.worstFinding = advice->findings.front().message;

    double weighted = 0, weights = 0, plain = 0;
    int known = 0;
    for (const Locality& l : advice->processes) {
        if (std::isnan(l.remoteShare))
            continue;
        weighted += l.remoteShare * l.cpuNs;
        weights += l.cpuNs;
        plain += l.remoteShare;
        ++known;
    }
    out.remoteShare = weights > 0 ? weighted / weights : known > 0 ? plain / known : std::nan("");
    out.acceleratorWorkers = int(advice->devices.size());
    for (const DeviceAffinity& d : advice->devices)
        out.awayFromAccelerator += d.away;

    std::vector<const Locality*> busiest;
    for (const Locality& l : advice->processes)
        if (l.cpuShares.size() == size_t(out.columnNames.size()))
            busiest.push_back(&l);
    std::stable_sort(busiest.begin(), busiest.end(), [](const Locality* a, const Locality* b) {
        const double sa = std::accumulate(a->cpuShares.begin(), a->cpuShares.end(), 0.0) > 0 ? a->cpuNs : -1;
        const double sb = std::accumulate(b->cpuShares.begin(), b->cpuShares.end(), 0.0) > 0 ? b->cpuNs : -1;
        return sa > sb;
    });
    if (busiest.size() > size_t(kOverviewRows))
        busiest.resize(size_t(kOverviewRows));
    for (const Locality* l : busiest) {
        out.rowNames << QStringLiteral("%1 %2").arg(l->pid).arg(l->name);
        for (double share : l->cpuShares)
            out.cells.push_back(std::isnan(share) ? 0.0 : std::clamp(share, 0.0, 1.0));
    }
    return out;
}

} // namespace

std::optional<FleetOverviewPtr> fleetOverview(const Capture& fleet, const Progress& progress)
{
    const std::vector<CaptureHost> hosts = captureHosts(fleet);
    auto out = std::make_shared<FleetOverview>();
    out->hosts.resize(hosts.size());
    // Hosts are independent: each worker takes the next one; the progress is the share of hosts done.
    std::atomic<size_t> next{0}, done{0};
    std::atomic<bool> stop{false};
    std::mutex report;
    const auto work = [&] {
        for (size_t i = next++; i < hosts.size() && !stop; i = next++) {
            out->hosts[i] = overviewOf(fleet, hosts[i]);
            const std::lock_guard lock(report); // Progress callbacks are not made for several threads at once
            progress(double(++done) / double(hosts.size()));
            if (progress.isCancelled())
                stop = true;
        }
    };
    const size_t threads = std::min<size_t>(hosts.size(), size_t(std::max(1, QThread::idealThreadCount())));
    std::vector<std::thread> pool;
    for (size_t t = 1; t < threads; ++t)
        pool.emplace_back(work);
    work();
    for (std::thread& t : pool)
        t.join();
    if (stop || progress.isCancelled())
        return std::nullopt;
    return FleetOverviewPtr(std::move(out));
}

} // namespace numasight
