// SPDX-License-Identifier: GPL-3.0-or-later
// A workload with known facts, for tst_live_recording: one thread spinning pinned to CPU 0, one sleeping,
// and 64 MiB allocated and touched. Plain C++ (no Qt), so its memory is the 64 MiB and little else.
//
// Protocol on stdin/stdout, one line each:
//   at start it prints   "ready <pid> <spin tid> <sleep tid>"   once the memory is touched;
//   "go\n"   starts the spinning (until then the thread waits without using CPU);
//   "stop\n" stops it; the thread prints "spun <ns>", its own CLOCK_THREAD_CPUTIME_ID, and stays alive
//            (idle) so that a recorder's next sample still sees the thread and its last slice; the child
//            exits at end of input.
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <pthread.h>
#include <sched.h>
#include <string>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

namespace {

constexpr size_t kBytes = 64u << 20;

std::atomic<int> g_state{0}; // 0 wait, 1 spin, 2 stop and report, 3 exit
std::atomic<bool> g_reported{false};
std::atomic<long> g_spinTid{0};
std::atomic<long> g_sleepTid{0};

long gettid_()
{
    return long(syscall(SYS_gettid));
}

void* spin(void*)
{
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(0, &set);
    if (sched_setaffinity(0, sizeof set, &set) != 0) {
        std::fprintf(stderr, "sched_setaffinity: %s\n", std::strerror(errno));
        _exit(3);
    }
    g_spinTid = gettid_();
    while (g_state.load() == 0)
        usleep(1000); // waiting costs (almost) nothing; the report includes it, so it must stay tiny
    volatile unsigned long sink = 0;
    while (g_state.load(std::memory_order_relaxed) == 1)
        sink = sink + 1;
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    std::printf("spun %lld\n", (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec);
    std::fflush(stdout);
    g_reported = true;
    while (g_state.load() != 3)
        usleep(100000);
    return nullptr;
}

void* sleeper(void*)
{
    g_sleepTid = gettid_();
    while (g_state.load() != 3)
        usleep(100000);
    return nullptr;
}

} // namespace

int main()
{
    // mmap rather than malloc so the 64 MiB are one anonymous mapping, touched page by page.
    void* p = mmap(nullptr, kBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        return 2;
    const long page = sysconf(_SC_PAGESIZE);
    for (size_t i = 0; i < kBytes; i += size_t(page))
        static_cast<volatile char*>(p)[i] = char(i);
    pthread_t a, b;
    pthread_create(&a, nullptr, spin, nullptr);
    pthread_create(&b, nullptr, sleeper, nullptr);
    while (g_spinTid == 0 || g_sleepTid == 0)
        usleep(1000);
    std::printf("ready %ld %ld %ld\n", long(getpid()), g_spinTid.load(), g_sleepTid.load());
    std::fflush(stdout);
    char line[64];
    while (std::fgets(line, sizeof line, stdin)) {
        if (std::strncmp(line, "go", 2) == 0)
            g_state = 1;
        else if (std::strncmp(line, "stop", 4) == 0) {
            g_state = 2;
            while (!g_reported)
                usleep(1000);
        }
    }
    g_state = 3;
    pthread_join(a, nullptr);
    pthread_join(b, nullptr);
    munmap(p, kBytes);
    return 0;
}
