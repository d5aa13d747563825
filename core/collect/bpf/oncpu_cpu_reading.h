// SPDX-License-Identifier: GPL-3.0-or-later
// One CPU's part of an on-CPU collect: its cache slots and the slice running on it, read as of one instant.
//
// The program rewrites a CPU's record on every switch there: the running record moves on to the next thread
// and the ended slice goes into a cache slot. Slots read before a switch and a running record read after it
// would show the ended slice nowhere, and a thread alone on its CPU would lose its whole slice for the
// interval; so the record is read before and after the slots (and after the running thread's counter), and
// the CPU is read again until both agree.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

struct oncpu_cpu;
struct oncpu_slot;

namespace numasight {

struct OncpuSlotReading
{
    std::uint32_t tgid = 0;
    std::uint32_t tid = 0;
    std::uint64_t totalNs = 0; // cumulative on this CPU, as the slot holds it
};

struct OncpuRunningReading
{
    std::uint32_t tgid = 0;
    std::uint32_t tid = 0;
    std::uint64_t ranNs = 0; // since its switch-in on this CPU; not yet in any slot
};

struct OncpuCpuReading
{
    std::vector<OncpuSlotReading> cached; // not "slots": a macro in Qt
    std::optional<OncpuRunningReading> running;
    // False when the CPU switched during every attempt: the slots are the last attempt's, and the running
    // slice is left to the next collect (where it is found closed in a slot, or still running).
    bool settled = true;
};

// runtimeOf gives a thread's run-time counter now (/proc/<tgid>/task/<tid>/schedstat, nullopt when it is
// gone); watched says whether a process's time counts.
using ThreadRuntime = std::function<std::optional<std::uint64_t>(std::uint32_t tgid, std::uint32_t tid)>;
using WatchedProcess = std::function<bool(std::uint32_t tgid)>;
OncpuCpuReading readOncpuCpu(const volatile oncpu_cpu& cpu, const ThreadRuntime& runtimeOf,
                             const WatchedProcess& watched);

// One reading of a cache slot whose words agree; false for a free slot or one that kept changing.
bool readOncpuSlot(const volatile oncpu_slot& slot, std::uint64_t& owner, std::uint64_t& total);

} // namespace numasight
