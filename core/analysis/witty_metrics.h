// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/sample.h"
#include "util/index_set.h"

#include <QByteArray>
#include <QString>

#include <cstdint>
#include <optional>
#include <span>
#include <utility>
#include <vector>

namespace numasight {

// witty-profiler's per-process NUMA metrics (NumaAccessEdge.numa_access_info.numa_affinity_info), computed
// exactly as its collector does so our recordings can be handed to its tools, plus locality measures that
// mean what they say. Every vector is indexed by NUMA node OS index and has one entry per node
// (witty sizes them by the node count; sparse node numbers simply leave zeros in the gaps).
//
// Inputs are plain vectors so the same code serves live samples (ThreadCpuSample, NodePages) and values
// read back from witty graphs.

// CPU (OS index) -> node (OS index), -1 for CPUs no node lists. witty maps CPUs to nodes by each node's
// cpulist, so a CPU in two lists (which the kernel never reports) goes to the last one, as in its dict.
std::vector<int> cpuToNodeMap(std::span<const std::pair<int, CpuSet>> nodeCpus);

// Adds on-CPU ns given per CPU to `nsPerNode` (grown to fit). ns on CPUs outside the map are dropped,
// like witty does for CPUs it found in no cpulist.
void addCpuTimeByNode(std::span<const std::pair<int, std::uint64_t>> nsByCpu, std::span<const int> cpuToNode,
                      std::vector<double>& nsPerNode);
// On-CPU ns per node of every thread of `pid` in `threads` (one interval of a recording, or the sum of
// several for witty's cumulative figure).
std::vector<double> processCpuTimeByNode(std::span<const ThreadCpuSample> threads, std::int64_t pid,
                                         std::span<const int> cpuToNode, int nodeCount);

// witty's cpu_runtime_pct_in_each_numa: x_i / (sum(x) + 1e-10). The 1e-10 keeps an idle process at all
// zeros instead of dividing by zero; it is kept because it shifts values in the last digits.
std::vector<double> cpuRuntimePctInEachNuma(std::span<const double> nsPerNode);

// witty's mem_pages_in_each_numa: dirty anonymous pages per node (its rule: a numa_maps line with anon>0
// and dirty>0 adds all its N<k> counts; huge pages count as one page each).
std::vector<std::uint64_t> memPagesInEachNuma(std::span<const NodePages> pages, int nodeCount);

// witty's cpu_mem_access_cosine_similarity, which is not a cosine: sum_i pct_i * pages_i / total, 0 when
// total is 0. It is the chance that a random sample of CPU time and a random dirty page are on one node.
double wittyAccessSimilarity(std::span<const double> cpuPct, std::span<const std::uint64_t> pages,
                             std::uint64_t totalDirtyAnonPages);

// The cosine the name promises: cos(angle) between the CPU-share and page-count vectors, in [0, 1]; 0
// when either is all zeros. Unlike witty's value it ignores how concentrated the shares are, so two
// matching spreads score 1 even when they are spread over many nodes.
double cosineSimilarity(std::span<const double> a, std::span<const std::uint64_t> b);

// The locality measure numasight shows beside witty's value: the expected NUMA distance of a memory
// access, relative to a local one, if each CPU-time sample touched a random dirty page:
//     sum_i sum_j cpuShare_i * pageShare_j * d(i, j) / d(i, i)
// 1.0 means every access is local; 2.5 means accesses cost on average what a 25-vs-10 SLIT hop costs.
// witty's value counts a page one hop away on the same package (SLIT 11) as remote as one across the
// machine (SLIT 25); on the 8-node Ascend boxes we see both, so the distance-weighted figure is the one
// that predicts the slowdown. `distances` is row-major nodeCount x nodeCount in SLIT units, indexed by
// node OS index. Returns nullopt without CPU time, without pages, or when the matrix does not cover a
// node that has either.
std::optional<double> expectedRelativeDistance(std::span<const double> cpuNsOrPct,
                                               std::span<const std::uint64_t> pages,
                                               std::span<const double> distances, int nodeCount);

// All of witty's numa_affinity_info from raw inputs.
struct WittyNumaAffinity
{
    std::vector<double> cpuRuntimePct;
    std::vector<std::uint64_t> memPages;
    std::uint64_t totalDirtyAnonPages = 0;
    double similarity = 0; // cpu_mem_access_cosine_similarity
};
WittyNumaAffinity wittyNumaAffinity(std::span<const double> nsPerNode, std::span<const std::uint64_t> pages);

// Reading the stored values back from a witty graph's edge payloads (Edge::payload). On a malformed
// payload these return nullopt and set `error` to the JSON path and what is wrong.
// NumaAccessEdge: numa_access_info.numa_affinity_info.
std::optional<WittyNumaAffinity> readNumaAffinityInfo(const QByteArray& payload, QString* error);
// NumaAccessEdge: numa_access_info.dirty_anon_pages as a per-node vector of `nodeCount` entries.
std::optional<std::vector<std::uint64_t>> readDirtyAnonPages(const QByteArray& payload, int nodeCount,
                                                             QString* error);
// AccessWithProcStatusEdge (or NumaAccessEdge's numa_access_info): proc_status.numa_index_to_cpu_runtime,
// ns per node, as a vector of `nodeCount` entries.
std::optional<std::vector<double>> readNumaIndexToCpuRuntime(const QByteArray& payload, int nodeCount,
                                                             QString* error);

} // namespace numasight
