// SPDX-License-Identifier: GPL-3.0-or-later
// bench_metrics [PROCESSES] [--repeat N]
// What `record --metrics` costs: on the recorder's thread, LatestMetrics::sample() (the sample's copy and the
// recorder's own cost) per sample; on the server's, recordingMetrics() (the advisor on one sample, then the
// text) per scrape of a new sample. The workload is made up on the large synthetic machine of the graph tests
// (16 NUMA nodes, 512 CPUs, 8 NPUs): PROCESSES processes (default 200) of 4 threads, each on two CPUs of two
// nodes with memory on two nodes, every tenth opening an NPU. Median, min and max of N runs after a warm-up.
#include "bench_support.h"
#include "metrics/latest_metrics.h"
#include "metrics/recording_metrics.h"
#include "support/entity_factory.h"
#include "support/synthetic_machine.h"

#include <QCoreApplication>
#include <QStringList>

#include <cstdio>

using namespace numasight;

namespace {

MetricsInput workload(int processes)
{
    MetricsInput in;
    in.source.hostname = QStringLiteral("bench-host");
    in.source.mode = QStringLiteral("ebpf");
    const SnapshotPtr machine = test::bigSyntheticMachine();
    SnapshotBuilder b;
    test::addSnapshot(b, *machine);
    const auto npus = machine->ofKind(EntityKind::Accelerator);
    const auto nodes = machine->numaNodes();
    auto sample = std::make_shared<Sample>();
    sample->timeNs = 1'714'564'800'000'000'000;
    sample->intervalNs = 1'000'000'000;
    for (int i = 0; i < processes; ++i) {
        const std::int64_t pid = 10'000 + i;
        Entity p =
            test::makeEntity(EntityKind::Process, QString::number(pid), QStringLiteral("worker%1").arg(i));
        p.pid = pid;
        const EntityId id = b.add(p);
        if (i % 10 == 0) {
            Edge e;
            e.kind = EdgeKind::Access;
            e.typeName = edgeKindName(EdgeKind::Access);
            e.source = id;
            e.target = npus[size_t(i / 10) % npus.size()];
            e.payload = "{}";
            b.addEdge(e);
        }
        const int home = i % int(nodes.size());
        const int away = (i + 3) % int(nodes.size());
        const int homeCpu = machine->entity(nodes[size_t(home)]).cpus.first();
        const int awayCpu = machine->entity(nodes[size_t(away)]).cpus.first();
        for (int t = 0; t < 4; ++t) {
            Entity th = test::makeEntity(EntityKind::Thread, QString::number(pid * 10 + t), p.name);
            th.pid = pid;
            th.tid = pid * 10 + t;
            th.parent = id;
            b.add(th);
            ThreadCpuSample s;
            s.pid = pid;
            s.tid = th.tid;
            s.comm = p.name;
            s.cpuNsByCpu = {{homeCpu, 200'000'000}, {awayCpu, 50'000'000}};
            s.cpuNs = 250'000'000;
            s.mode = CollectionMode::Ebpf;
            sample->threads.push_back(s);
        }
        ProcessMemorySample m;
        m.pid = pid;
        m.nodes = {NodePages{machine->entity(nodes[size_t(std::min(home, away))]).osIndex, 30'000, 30'000,
                             20'000, 0, 0, 30'000ull * 4096},
                   NodePages{machine->entity(nodes[size_t(std::max(home, away))]).osIndex, 10'000, 10'000,
                             5'000, 0, 0, 10'000ull * 4096}};
        sample->processes.push_back(m);
    }
    in.snapshot = b.finish();
    in.sample = sample;
    in.cost.samples = 1000;
    return in;
}

void report(const char* what, const bench::Stats& s, int repeat)
{
    std::printf("%-34s median %9.3f ms  (min %.3f, max %.3f, %d runs)\n", what, s.median, s.min, s.max,
                repeat);
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    QStringList args = app.arguments().mid(1);
    int repeat = 5;
    if (const qsizetype i = args.indexOf(QStringLiteral("--repeat")); i >= 0 && i + 1 < args.size()) {
        repeat = std::max(1, args.at(i + 1).toInt());
        args.remove(i, 2);
    }
    const int processes = args.isEmpty() ? 200 : std::max(1, args.at(0).toInt());
    const MetricsInput in = workload(processes);

    LatestMetrics latest;
    Capture initial;
    initial.source = in.source;
    initial.snapshots = {in.snapshot};
    latest.started(initial);
    report("sample() on the recorder's thread", bench::measure(repeat, [&] { latest.sample(*in.sample); }),
           repeat);
    QByteArray text;
    report("recordingMetrics() per new sample", bench::measure(repeat, [&] { text = recordingMetrics(in); }),
           repeat);
    std::printf("%d processes, %zu threads: %lld series, %.1f kB of text\n", processes,
                in.sample->threads.size(),
                static_cast<long long>(text.count('\n') - 2 * qsizetype(recordingMetricFamilies().size())),
                double(text.size()) / 1024);
    return 0;
}
