// SPDX-License-Identifier: GPL-3.0-or-later
#include "collect/bpf/oncpu_cpu_reading.h"

#include <atomic>
#include <linux/types.h>

// The shared header needs the kernel's __u32 types first.
// clang-format off
#include "oncpu.h"
// clang-format on

namespace numasight {
namespace {

// A switch rewrites every word of the record: the start counter is the incoming thread's, which differs
// from the outgoing one's unless a thread ran for 0 ns, so equal words mean no switch happened between
// the two readings.
struct RunningWords
{
    std::uint64_t start = 0;
    std::uint32_t tgid = 0;
    std::uint32_t tid = 0;
    std::uint32_t seen = 0;
    bool operator==(const RunningWords&) const = default;
};

RunningWords readRunning(const volatile oncpu_running& running)
{
    RunningWords words;
    words.start = running.start_runtime_ns;
    words.tgid = running.tgid;
    words.tid = running.tid;
    words.seen = running.seen;
    // The program writes the record before the slot; reading them in the other order (record, slots,
    // record) needs the loads kept in order where the CPU would reorder them.
    std::atomic_thread_fence(std::memory_order_acquire);
    return words;
}

// A switch every few microseconds on one CPU is rare (an interval's reading takes about that long); past
// this many attempts the running slice waits for the next interval rather than holding up the others.
constexpr int kAttempts = 8;

} // namespace

// The program rewrites a slot's words one by one, and a thread switched out in between leaves them
// disagreeing for as long as it is off the CPU: a few tries, then the slot counts in the next interval
// (from the map's older value until then), which moves time but never loses it.
bool readOncpuSlot(const volatile oncpu_slot& slot, std::uint64_t& owner, std::uint64_t& total)
{
    for (int attempt = 0; attempt < 16; ++attempt) {
        owner = slot.owner;
        total = slot.total_ns;
        if ((owner ^ total) == slot.check)
            return owner != 0;
    }
    return false;
}

OncpuCpuReading readOncpuCpu(const volatile oncpu_cpu& cpu, const ThreadRuntime& runtimeOf,
                             const WatchedProcess& watched)
{
    OncpuCpuReading reading;
    for (int attempt = 0; attempt < kAttempts; ++attempt) {
        const RunningWords before = readRunning(cpu.running);
        reading.cached.clear();
        for (const volatile oncpu_slot& slot : cpu.cache) {
            std::uint64_t owner = 0, total = 0;
            if (readOncpuSlot(slot, owner, total))
                reading.cached.push_back({std::uint32_t(owner >> 32), std::uint32_t(owner), total});
        }
        reading.running.reset();
        // Before the first switch after attach the record holds nothing; tid 0 is the idle task.
        if (before.seen && before.tid != 0 && watched(before.tgid)) {
            // The counter as the kernel last brought it up to date (at most a tick old): a running slice is
            // under- rather than overestimated, and the rest is counted next time.
            const std::optional<std::uint64_t> now = runtimeOf(before.tgid, before.tid);
            if (now && *now > before.start)
                reading.running = OncpuRunningReading{before.tgid, before.tid, *now - before.start};
        }
        // Unchanged: the slots hold everything up to the slice's start and the thread was still on this
        // CPU when its counter was read, so its counter's growth since then was all spent here.
        if (readRunning(cpu.running) == before) {
            reading.settled = true;
            return reading;
        }
    }
    reading.running.reset();
    reading.settled = false;
    return reading;
}

} // namespace numasight
