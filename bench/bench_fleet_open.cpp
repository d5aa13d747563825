// SPDX-License-Identifier: GPL-3.0-or-later
// A fleet of 64 hosts of 8 NUMA nodes and 8 accelerators each (32 copies of the witty fixture's machine and
// workload, 32 hwloc synthetic machines of 192 PUs with 8 NPUs): merged and written, then opened the way the
// window opens it (read, hosts, the first host scoped), its Hosts tab's figures (every host advised on), and
// a switch to another host. The budget for opening with the overview is 5 s (bench/README.md).
//   bench_fleet_open [HOSTS] [REPEAT] [WITTY]
// WITTY replaces the fixture for the witty hosts, e.g. a numasight-witty-scale copy (each host then runs that
// many times the fixture's workload).
#include "bench_support.h"
#include "capture/capture_reader.h"
#include "capture/capture_writer.h"
#include "fleet/fleet.h"
#include "fleet/fleet_overview.h"
#include "readers/hwloc_reader.h"
#include "support/synthetic_machine.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QTemporaryDir>

#include <cstdio>

using namespace numasight;

namespace {

CapturePtr syntheticHost()
{
    const auto loaded = readHwlocSynthetic(QStringLiteral("pack:2 group:4 [numa] core:12 pu:2"));
    if (!loaded)
        return nullptr;
    const Snapshot& s = *loaded.value()->snapshots.front();
    SnapshotBuilder b;
    test::addSnapshot(b, s);
    const std::vector<EntityId> nodes(s.numaNodes().begin(), s.numaNodes().end());
    for (int i = 0; i < 8 && size_t(i) < nodes.size(); ++i)
        b.add(test::acceleratorOn(s.entity(nodes[size_t(i)]), i, DeviceClass::Npu,
                                  QStringLiteral("Ascend 910B"), 0x10));
    auto capture = std::make_shared<Capture>();
    capture->source = loaded.value()->source;
    capture->snapshots.push_back(b.finish());
    return capture;
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    const int hosts = args.size() > 1 ? args[1].toInt() : 64;
    const int repeat = args.size() > 2 ? args[2].toInt() : 3;
    const QString wittyPath =
        args.size() > 3 ? args[3] : QStringLiteral(NUMASIGHT_FIXTURES "/witty-profiler/graph.json");
    const CapturePtr witty = bench::openCapture(wittyPath, "bench_fleet_open");
    const CapturePtr synthetic = syntheticHost();
    if (!witty || !synthetic)
        return 1;

    std::vector<MergeInput> inputs;
    for (int i = 0; i < hosts; ++i)
        inputs.push_back(
            i % 2 == 0
                ? MergeInput{wittyPath, QStringLiteral("npu-%1").arg(i, 2, 10, QLatin1Char('0')), witty}
                : MergeInput{QStringLiteral("synthetic"),
                             QStringLiteral("cpu-%1").arg(i, 2, 10, QLatin1Char('0')), synthetic});
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("fleet.numasight"));
    const bench::Stats merge = bench::measure(repeat, [&] {
        const auto merged = mergeCaptures(inputs);
        if (!merged || writeCaptureFile(**merged, path))
            std::abort();
    });
    std::printf("fleet: %d hosts (%lld entities a witty host), %.1f MB file\n", hosts,
                qint64(witty->snapshots.front()->entities().size()), double(QFileInfo(path).size()) / 1e6);
    std::printf("merge + write:             median %8.1f ms (min %.1f, max %.1f)\n", merge.median, merge.min,
                merge.max);

    CapturePtr fleet;
    const bench::Stats open = bench::measure(repeat, [&] {
        const auto read = readCaptureFile(path);
        if (!read)
            std::abort();
        fleet = *read;
        const std::vector<CaptureHost> list = captureHosts(*fleet);
        if (list.size() != size_t(hosts) || !scopeToHost(*fleet, list.front()))
            std::abort();
    });
    std::printf("open (read, first host):   median %8.1f ms (min %.1f, max %.1f)\n", open.median, open.min,
                open.max);
    const bench::Stats overview = bench::measure(repeat, [&] {
        if (!fleetOverview(*fleet))
            std::abort();
    });
    std::printf("Hosts tab overview:        median %8.1f ms (min %.1f, max %.1f)\n", overview.median,
                overview.min, overview.max);
    const std::vector<CaptureHost> list = captureHosts(*fleet);
    const bench::Stats scope = bench::measure(repeat, [&] { scopeToHost(*fleet, list[list.size() / 2]); });
    std::printf("switch to another host:    median %8.1f ms (min %.1f, max %.1f)\n", scope.median, scope.min,
                scope.max);
    std::printf("open + overview:           %.2f s (budget 5 s)\n", (open.median + overview.median) / 1000);
    return 0;
}
