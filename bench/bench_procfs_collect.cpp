// SPDX-License-Identifier: GPL-3.0-or-later
// bench_procfs_collect [--threads N] [--repeat N]
// Cost of one procfs sample of a large process: starts N sleeping threads in this process (1000 by
// default), then times collect() of the procfs CPU and memory collectors for this pid, wall and CPU time of
// the calling thread, best and median of `repeat` runs.
#include "collect/procfs/procfs_collectors.h"

#include <QCoreApplication>
#include <QStringList>

#include <algorithm>
#include <condition_variable>
#include <cstdio>
#include <ctime>
#include <mutex>
#include <thread>
#include <unistd.h>
#include <vector>

using namespace numasight;

namespace {

double nowMs(clockid_t clock)
{
    timespec ts{};
    clock_gettime(clock, &ts);
    return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) / 1e6;
}

struct Timing
{
    std::vector<double> wall, cpu;
};

void report(const char* name, Timing t, size_t items, const char* unit)
{
    std::sort(t.wall.begin(), t.wall.end());
    std::sort(t.cpu.begin(), t.cpu.end());
    std::printf("%-8s %6zu %-8s wall best %7.2f ms  median %7.2f ms | cpu best %7.2f ms  median %7.2f ms\n",
                name, items, unit, t.wall.front(), t.wall[t.wall.size() / 2], t.cpu.front(),
                t.cpu[t.cpu.size() / 2]);
}

Timing timeCollector(Collector& c, int repeat, const std::vector<std::int64_t>& pids, size_t* items,
                     bool threads)
{
    Timing t;
    c.start(Scope{});
    for (int i = 0; i < repeat + 1; ++i) {
        Sample s;
        s.intervalNs = 1000000000;
        const double w0 = nowMs(CLOCK_MONOTONIC), c0 = nowMs(CLOCK_THREAD_CPUTIME_ID);
        c.collect(s, pids);
        const double w1 = nowMs(CLOCK_MONOTONIC), c1 = nowMs(CLOCK_THREAD_CPUTIME_ID);
        *items = threads ? s.threads.size() : (s.processes.empty() ? 0 : s.processes[0].nodes.size());
        if (i > 0) { // the first call builds the baseline and warms the dentry cache
            t.wall.push_back(w1 - w0);
            t.cpu.push_back(c1 - c0);
        }
    }
    c.stop();
    return t;
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    int threads = 1000, repeat = 20;
    for (int i = 1; i + 1 < args.size(); ++i) {
        if (args[i] == QLatin1String("--threads"))
            threads = std::max(0, args[i + 1].toInt());
        else if (args[i] == QLatin1String("--repeat"))
            repeat = std::max(1, args[i + 1].toInt());
    }

    std::mutex mutex;
    std::condition_variable wake;
    bool done = false;
    std::vector<std::thread> pool;
    pool.reserve(size_t(threads));
    for (int i = 0; i < threads; ++i)
        pool.emplace_back([&] {
            std::unique_lock lock(mutex);
            wake.wait(lock, [&] { return done; });
        });

    const std::vector<std::int64_t> self{getpid()};
    std::printf("pid %d with %d extra threads, %d samples each\n", int(getpid()), threads, repeat);
    size_t items = 0;
    auto cpu = makeProcfsCpuCollector();
    Timing tc = timeCollector(*cpu, repeat, self, &items, true);
    report("cpu", tc, items, "threads");
    auto memory = makeProcfsMemoryCollector();
    Timing tm = timeCollector(*memory, repeat, self, &items, false);
    report("memory", tm, items, "nodes");

    {
        std::lock_guard lock(mutex);
        done = true;
    }
    wake.notify_all();
    for (std::thread& t : pool)
        t.join();
    return 0;
}
