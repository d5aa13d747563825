// Cost of the eBPF on-CPU collector (bpf/oncpu.bpf.c):
//  1. overhead of the sched_switch program on a context-switch-heavy load: two threads ping-ponging one
//     byte over a pair of pipes, wall time without and with the program attached (best of 5 each,
//     alternated so that drift on a shared machine hits both sides alike);
//  2. the cost of one collect() with 1000 threads in this process.
// Needs BPF rights (root or cap_bpf,cap_perfmon); exits 77 otherwise. Figures go to bench/README.md,
// never into tests.
//
//   bench_sched_switch_overhead [round trips, default 200000]

#include "collect/bpf/bpf_collectors.h"
#include "collect/bpf/oncpu_program.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <pthread.h>
#include <thread>
#include <time.h>
#include <unistd.h>
#include <vector>

using namespace numasight;

namespace {

double nowSeconds(clockid_t clock)
{
    struct timespec ts = {};
    clock_gettime(clock, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

// Wall seconds for `roundTrips` byte exchanges between two threads (4 context switches each when both
// share a CPU, 2 wake-ups otherwise).
double pingPong(long roundTrips)
{
    int there[2];
    int back[2];
    if (pipe(there) != 0 || pipe(back) != 0) {
        std::perror("pipe");
        std::exit(1);
    }
    std::thread echo([&] {
        char byte = 0;
        for (long i = 0; i < roundTrips; ++i) {
            if (read(there[0], &byte, 1) != 1 || write(back[1], &byte, 1) != 1)
                std::exit(1);
        }
    });
    const double start = nowSeconds(CLOCK_MONOTONIC);
    char byte = 'x';
    for (long i = 0; i < roundTrips; ++i) {
        if (write(there[1], &byte, 1) != 1 || read(back[0], &byte, 1) != 1)
            std::exit(1);
    }
    const double elapsed = nowSeconds(CLOCK_MONOTONIC) - start;
    echo.join();
    for (int fd : {there[0], there[1], back[0], back[1]})
        close(fd);
    return elapsed;
}

void overhead(long roundTrips, bool filtered)
{
    double bestWithout = 1e9;
    double bestWith = 1e9;
    QString hook;
    for (int run = 0; run < 5; ++run) {
        bestWithout = std::min(bestWithout, pingPong(roundTrips));
        OncpuProgram program;
        OncpuProgram::Options options;
        options.filterTgids = filtered;
        if (auto error = program.start(options)) {
            std::fprintf(stderr, "%s\n", qPrintable(*error));
            std::exit(1);
        }
        if (filtered)
            program.addTgid(std::uint32_t(getpid()));
        hook = program.hookName();
        bestWith = std::min(bestWith, pingPong(roundTrips));
    }
    std::printf("ping-pong %ld round trips, %s%s: without %.3f s (%.2f us/round trip), with %.3f s "
                "(%.2f us/round trip): slowdown %+.1f %%\n",
                roundTrips, qPrintable(hook), filtered ? ", --pid filter" : ", all processes", bestWithout,
                bestWithout / double(roundTrips) * 1e6, bestWith, bestWith / double(roundTrips) * 1e6,
                (bestWith / bestWithout - 1.0) * 100.0);
}

void collectCost(bool scoped)
{
    constexpr int threadCount = 1000;
    std::atomic<bool> stop{false};
    std::vector<std::thread> threads;
    threads.reserve(threadCount);
    // Small stacks: 1000 threads should not need 8 GB of address space reservations.
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, 64 * 1024);
    std::vector<pthread_t> handles(threadCount);
    struct Arg
    {
        std::atomic<bool>* stop;
    } arg{&stop};
    for (int i = 0; i < threadCount; ++i) {
        // Every thread wakes every 100 ms and runs briefly, so each interval has 1000 threads with time.
        pthread_create(
            &handles[std::size_t(i)], &attr,
            [](void* p) -> void* {
                auto* a = static_cast<Arg*>(p);
                while (!a->stop->load()) {
                    volatile int sink = 0;
                    for (int k = 0; k < 2000; ++k)
                        sink = sink + k;
                    usleep(100 * 1000);
                }
                return nullptr;
            },
            &arg);
    }
    pthread_attr_destroy(&attr);

    auto collector = makeBpfCpuCollector();
    Scope scope;
    if (scoped)
        scope.pids = {getpid()};
    if (auto error = collector->start(scope)) {
        std::fprintf(stderr, "%s\n", qPrintable(*error));
        std::exit(1);
    }
    usleep(150 * 1000);
    std::vector<double> wall;
    std::vector<double> cpu;
    std::size_t ownThreads = 0;
    std::size_t allThreads = 0;
    for (int round = 0; round < 21; ++round) {
        Sample sample;
        const double w0 = nowSeconds(CLOCK_MONOTONIC);
        const double c0 = nowSeconds(CLOCK_THREAD_CPUTIME_ID);
        collector->collect(sample, {getpid()});
        const double c1 = nowSeconds(CLOCK_THREAD_CPUTIME_ID);
        const double w1 = nowSeconds(CLOCK_MONOTONIC);
        if (round == 0) {
            std::printf("collect(), %s, first call (reads 1000+ comm files): %.2f ms wall, %.2f ms CPU\n",
                        scoped ? "--pid this process" : "all processes", (w1 - w0) * 1e3, (c1 - c0) * 1e3);
        } else {
            wall.push_back((w1 - w0) * 1e3);
            cpu.push_back((c1 - c0) * 1e3);
        }
        ownThreads = 0;
        for (const ThreadCpuSample& thread : sample.threads)
            ownThreads += thread.pid == getpid() ? 1 : 0;
        allThreads = sample.threads.size();
        usleep(100 * 1000);
    }
    std::sort(wall.begin(), wall.end());
    std::sort(cpu.begin(), cpu.end());
    std::printf(
        "collect(), %s, steady state over %zu calls: median %.2f ms wall (max %.2f), median %.2f ms CPU "
        "(max %.2f); last sample %zu threads of this process, %zu in all\n",
        scoped ? "--pid this process" : "all processes", wall.size(), wall[wall.size() / 2], wall.back(),
        cpu[cpu.size() / 2], cpu.back(), ownThreads, allThreads);
    collector->stop();
    stop = true;
    for (pthread_t handle : handles)
        pthread_join(handle, nullptr);
}

} // namespace

int main(int argc, char** argv)
{
    QString why;
    if (!bpfAvailable(&why)) {
        std::fprintf(stderr, "skipped: %s\n", qPrintable(why));
        return 77;
    }
    const long roundTrips = argc > 1 ? std::atol(argv[1]) : 200000;
    std::printf("%s\n", qPrintable(why));
    overhead(roundTrips, false);
    overhead(roundTrips, true);
    collectCost(true);
    collectCost(false);
    return 0;
}
