// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "util/result.h"

#include <QString>

#include <hwloc.h>

#include <atomic>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <span>

// The pieces of the prober that touch the machine: this machine's hwloc topology for binding, buffers bound
// to one NUMA node, the pointer chase and the read kernel. Internal to core/measure (runMeasurement and the
// benchmark use them).
namespace numasight::probe {

// This machine's topology, loaded for binding (no I/O devices: binding needs CPUs and nodes only).
class LocalHwloc
{
public:
    static Result<std::shared_ptr<LocalHwloc>> load();
    ~LocalHwloc();
    LocalHwloc(const LocalHwloc&) = delete;
    LocalHwloc& operator=(const LocalHwloc&) = delete;
    hwloc_topology_t get() const { return m_topology; }
    bool hasNode(int osIndex) const;
    bool hasCpu(int osIndex) const;

private:
    LocalHwloc() = default;
    hwloc_topology_t m_topology = nullptr;
};

// An anonymous mapping whose pages are bound (MPOL_BIND, strict) to one NUMA node, aligned to 2 MiB and
// advised to use transparent huge pages, so that the chase measures memory rather than page walks.
class NodeBuffer
{
public:
    ~NodeBuffer();
    NodeBuffer(const NodeBuffer&) = delete;
    NodeBuffer& operator=(const NodeBuffer&) = delete;
    char* data() const { return m_data; }
    std::uint64_t bytes() const { return m_bytes; }
    int node() const { return m_node; }

    // Binds the range to `node`, then touches every page so that they are allocated there now.
    static Result<std::unique_ptr<NodeBuffer>> allocate(const LocalHwloc& hwloc, int node,
                                                        std::uint64_t bytes);

private:
    NodeBuffer() = default;
    void* m_map = nullptr;
    std::uint64_t m_mapBytes = 0;
    char* m_data = nullptr;
    std::uint64_t m_bytes = 0;
    int m_node = -1;
};

// Where the buffer's pages are, as the kernel reports them (move_pages through hwloc).
struct Placement
{
    bool onNode = false;             // every page is on the buffer's node
    QString nodes;                   // the nodes holding pages, as a list ("0", "0-1")
    std::uint64_t pages = 0;         // pages checked (4 KiB units)
    std::uint64_t hugePageBytes = 0; // bytes backed by transparent huge pages (/proc/self/smaps)
};
std::optional<Placement> placementOf(const LocalHwloc& hwloc, const NodeBuffer& buffer, QString* error);

// Free memory of a node that a buffer can take without swapping or OOM: MemFree + Inactive(file) from
// /sys/devices/system/node/node<N>/meminfo. nullopt when the kernel does not say.
std::optional<std::uint64_t> nodeAvailableBytes(int node);

// The CPU of `cpus` that was idle the most over the next `sampleMs` milliseconds (/proc/stat), the first on
// ties; `cpus.front()` when the kernel does not say. A pointer chase shares its core with whatever else runs
// there, and every switch to another task evicts the page-table lines and TLB entries the chase depends on:
// on a busy core the latency doubles even counted in the thread's own CPU time.
int idlestCpu(std::span<const int> cpus, int sampleMs = 100);

// Binds the calling thread to `cpu` and checks it runs there (sched_getcpu).
std::optional<QString> bindThisThread(const LocalHwloc& hwloc, int cpu);

// Lays a single random cycle through every 64-byte line of the buffer (Sattolo's algorithm): each line
// holds the address of the next, so every load depends on the previous one and no prefetcher can guess it.
void buildChase(NodeBuffer& buffer, std::uint64_t seed);
inline constexpr std::uint64_t kLineBytes = 64;

// Follows the chain for `loads` loads from `*cursor` (which it advances), checking `stop` every 64 Ki loads.
// The figure is the thread's own CPU time per load (CLOCK_THREAD_CPUTIME_ID): a stalled load keeps the thread
// on its CPU, so this is the latency, while time the thread spent descheduled because another process shares
// the CPU is left out. The wall-clock figure beside it shows how much that was. NaN both when stopped.
struct ChaseTiming
{
    double nsPerLoad = std::numeric_limits<double>::quiet_NaN();
    double wallNsPerLoad = std::numeric_limits<double>::quiet_NaN();
};
ChaseTiming chase(const char** cursor, std::uint64_t loads, const std::atomic_bool& stop);
// CLOCK_THREAD_CPUTIME_ID of the calling thread, in ns.
std::int64_t threadCpuNs();

// Sum of the 64-bit words, with independent accumulators so loads overlap: a read kernel the compiler
// cannot drop (the caller keeps the sum).
std::uint64_t readWords(const std::uint64_t* words, std::uint64_t count);

} // namespace numasight::probe
