// SPDX-License-Identifier: GPL-3.0-or-later
// Cost of the eBPF on-CPU collector (bpf/oncpu.bpf.c):
//  1. overhead of the sched_switch program on a context-switch-heavy load: two threads ping-ponging one
//     byte over a pair of pipes, wall time without and with the program attached (best of 5 each,
//     alternated so that drift on a shared machine hits both sides alike);
//  2. optionally the same for a ring of N threads passing a byte on: with N well beyond the program's
//     per-CPU cache (ONCPU_SLOTS, 32) every switch misses it, the program's worst case;
//  3. the cost of one collect() with 1000 threads in this process.
// Needs BPF rights (root or cap_bpf,cap_perfmon); exits 77 otherwise. Figures go to bench/README.md,
// never into tests.
//
//   bench_sched_switch_overhead [round trips, default 200000] [ring threads, default: no ring]

#include "collect/bpf/bpf_collectors.h"
#include "collect/bpf/oncpu_program.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
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

// Wall seconds for `hops` passes of one byte around a ring of `threads` threads, each blocked on its own
// pipe until its predecessor writes to it: one switch per hop when all share a CPU.
double ring(long hops, int threads)
{
    std::vector<std::array<int, 2>> pipes(std::size_t(threads), std::array<int, 2>{-1, -1});
    for (auto& ends : pipes) {
        if (pipe(ends.data()) != 0) {
            std::perror("pipe");
            std::exit(1);
        }
    }
    const long laps = std::max(1L, hops / threads);
    std::vector<std::thread> members;
    for (int i = 0; i < threads; ++i) {
        members.emplace_back([&pipes, laps, i, threads] {
            const int in = pipes[std::size_t(i)][0];
            const int out = pipes[std::size_t((i + 1) % threads)][1];
            char byte = 0;
            for (long lap = 0; lap < laps; ++lap) {
                if (read(in, &byte, 1) != 1 || write(out, &byte, 1) != 1)
                    std::exit(1);
            }
        });
    }
    const double start = nowSeconds(CLOCK_MONOTONIC);
    const char byte = 'x';
    if (write(pipes[0][1], &byte, 1) != 1)
        std::exit(1);
    for (std::thread& member : members)
        member.join();
    const double elapsed = nowSeconds(CLOCK_MONOTONIC) - start;
    for (auto& ends : pipes) {
        close(ends[0]);
        close(ends[1]);
    }
    return elapsed;
}

void overhead(const char* load, long units, const std::function<double()>& run, bool filtered)
{
    double bestWithout = 1e9;
    double bestWith = 1e9;
    QString hook;
    for (int round = 0; round < 5; ++round) {
        bestWithout = std::min(bestWithout, run());
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
        bestWith = std::min(bestWith, run());
    }
    std::printf("%s, %s%s: without %.3f s (%.2f us each), with %.3f s (%.2f us each): slowdown %+.1f %%\n",
                load, qPrintable(hook), filtered ? ", --pid filter" : ", all processes", bestWithout,
                bestWithout / double(units) * 1e6, bestWith, bestWith / double(units) * 1e6,
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
    const int ringThreads = argc > 2 ? std::atoi(argv[2]) : 0;
    std::printf("%s\n", qPrintable(why));
    const QByteArray pairLoad = QStringLiteral("ping-pong %1 round trips").arg(roundTrips).toUtf8();
    for (bool filtered : {false, true})
        overhead(
            pairLoad.constData(), roundTrips, [&] { return pingPong(roundTrips); }, filtered);
    if (ringThreads > 1) {
        const long hops = roundTrips * 2;
        const QByteArray ringLoad =
            QStringLiteral("ring of %1 threads, %2 hops").arg(ringThreads).arg(hops).toUtf8();
        for (bool filtered : {false, true})
            overhead(
                ringLoad.constData(), hops, [&] { return ring(hops, ringThreads); }, filtered);
    }
    collectCost(true);
    collectCost(false);
    return 0;
}
