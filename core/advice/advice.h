// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/snapshot.h"

#include <QJsonObject>
#include <QMap>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <span>
#include <vector>

namespace numasight {

// The advisor: what is wrong with where a workload runs and keeps its memory, and what to run to fix it.
// Everything is computed once from a snapshot (and the samples of a recording) by pure functions and handed
// out as an immutable Advice; nothing is applied. The per-node figures come from heatmap_data (cpuHeatmap,
// memoryHeatmap, mismatchRows) and the measures from witty_metrics, so the advisor and the heatmaps never
// disagree about a number. NaN means "unknown", as in heatmap_data. See docs/advice.md.

inline constexpr double kAdviceUnknown = std::numeric_limits<double>::quiet_NaN();

enum class Severity : std::uint8_t
{
    Info,
    Warning,
    Critical
};
QString severityName(Severity s); // "info", "warning", "critical"

struct Finding
{
    Severity severity = Severity::Info;
    QString kind; // stable id: "accelerator-away", "locality", "hot-thread", … (docs/advice.md)
    std::int64_t pid = -1;
    std::optional<std::int64_t> tid;
    QString message; // one sentence
    QMap<QString, double> numbers;
    // Whom it is about beyond the pid, what groupFindings() gathers by: the process's namespace, command line
    // (its name when the command line is unknown) and container name; empty for findings about no process.
    QString ns;
    QString command;
    QString container;
};

// Where one process (or thread) runs against where its memory is. Vectors are indexed by NUMA node OS index
// of the subject's namespace.
struct Locality
{
    std::int64_t pid = -1;
    std::int64_t tid = -1; // -1 for a process
    QString ns = QStringLiteral("local");
    QString name;
    double cpuNs = 0;                 // absolute on-CPU ns when known (recordings, witty threads), else 0
    std::vector<double> cpuShares;    // share of the subject's CPU time per node
    std::vector<std::uint64_t> pages; // its process's memory reference per node (witty: dirty anon pages)
    double wittySimilarity = kAdviceUnknown;  // wittyAccessSimilarity
    double cosine = kAdviceUnknown;           // cosineSimilarity
    double remoteShare = kAdviceUnknown;      // 1 - sum_i cpuShare_i * pageShare_i
    double expectedDistance = kAdviceUnknown; // expectedRelativeDistance (SLIT, 1.0 = all local)
    double expectedNs = kAdviceUnknown;       // sum cpu_i mem_j latency_ij with a measured "ns" matrix
    NodeId cpuNode;                           // the node with most CPU time
    NodeId memoryNode;                        // the node with most pages
};

// A process that opens accelerators, against the nodes of those accelerators.
struct DeviceAffinity
{
    std::int64_t pid = -1;
    QString ns = QStringLiteral("local");
    QString name;
    QStringList accelerators;         // "NPU0"
    std::vector<NodeId> deviceNodes;  // per accelerator, invalid when unknown
    CpuSet allowedCpus;               // union of its threads' Cpus_allowed (empty: unknown)
    std::vector<NodeId> allowedNodes; // nodes with at least one allowed CPU
    NodeId cpuNode;
    NodeId memoryNode;
    double cpuShareOnDeviceNodes = kAdviceUnknown;    // share of its CPU time on its devices' nodes
    double memoryShareOnDeviceNodes = kAdviceUnknown; // share of its pages there
    bool allowedOnDeviceNode = false;                 // an allowed CPU sits on a device node
    bool away = false;                                // main CPU node is none of the devices' nodes
};

// A thread scored with witty-profiler's hot-thread rules.
struct HotThread
{
    std::int64_t pid = -1;
    std::int64_t tid = -1;
    QString name;
    QString role;                              // compute, communication, driver, framework, other
    double cpuPercent = kAdviceUnknown;        // of one CPU over the window
    double switchesPerSec = kAdviceUnknown;    // voluntary + involuntary
    double voluntarySwitches = kAdviceUnknown; // rate (recordings) or cumulative count (witty)
    double involuntarySwitches = kAdviceUnknown;
    double remoteShare = kAdviceUnknown;
    double llcMissRate = kAdviceUnknown; // never measured yet; kept so the rule reads as written
    bool ipc = false;                    // has sockets or flows
    int score = 0;
    QString grade;      // "severe", "moderate", "mild", "none"
    QString bottleneck; // "compute-bound", "memory-bound", "numa", "communication", "synchronisation",
                        // "cpu-bound" (CPU > 80 % with LLC unknown), "none"
};

// The locality figures before and after a move.
struct LocalityFigures
{
    double similarity = kAdviceUnknown;
    double cosine = kAdviceUnknown;
    double remoteShare = kAdviceUnknown;
    double expectedDistance = kAdviceUnknown;
};

// Threads of a suggested process that share a name (digits at its end ignored: "worker3" joins "worker") when
// such groups of one process run on different main nodes — an accelerator runtime's threads beside the
// framework's, a data loader beside the compute threads — so that each group can be moved on its own.
struct ThreadGroup
{
    QString name;                              // "acl_thread"; the base name plus "*" when names differ
    QString role;                              // threadRole(name)
    std::vector<std::int64_t> tids;            // ascending
    NodeId cpuNode;                            // the node with most of the group's CPU time now
    double cpuShareOnTargets = kAdviceUnknown; // share of the group's CPU time already on the targets
    QStringList live;                          // taskset -cp CPUS TID, one per thread
};

struct Suggestion
{
    std::int64_t pid = -1;
    QString ns = QStringLiteral("local");
    QString name;
    QString reason; // why these nodes: "accelerator NPU0 on node 6", …
    std::vector<NodeId> targetNodes;
    QString cpus;                          // the target nodes' CPUs as a range string
    QString relaunch;                      // numactl … -- argv, every argument quoted for POSIX sh
    QStringList live;                      // taskset, migratepages
    std::vector<ThreadGroup> threadGroups; // empty unless the process's thread groups run on different nodes
    QString docker;                        // empty when not in a container
    QString systemd;                       // a [Service] snippet
    QStringList notes;                     // limits of the commands (a space-joined cmdline, …)
    LocalityFigures before;
    LocalityFigures after; // a prediction: see `assumptions`
    QString assumptions;
};

struct Advice
{
    QString source; // where the figures came from (heatmap_data's source line)
    QString host;   // in a fleet, the host advised on: every finding and command then names it
    QStringList notes;
    std::vector<Locality> processes;
    std::vector<Locality> threads;
    std::vector<DeviceAffinity> devices;
    std::vector<HotThread> hotThreads; // every thread with a score > 0, highest first
    std::vector<Finding> findings;     // critical first, then by pid
    std::vector<Suggestion> suggestions;
};
using AdvicePtr = std::shared_ptr<const Advice>;

// The findings of one kind about processes that share a command line and a container (its name without the
// number copies of one service get: "vllm-7" and "vllm-8" are "vllm*"): with thousands of
// copies of one worker the same finding repeats for each; a group says it once, with its count, its worst
// finding and the pids on demand.
struct FindingGroup
{
    QString kind;
    QString ns;
    QString command; // empty for findings about no process (each of those is a group of its own)
    QString container;
    Severity worst = Severity::Info;
    std::vector<int> findings; // indexes into Advice::findings, in its order: the worst first

    int count() const { return int(findings.size()); }
};
// Groups in the order of their worst finding (so critical first, as Advice::findings).
std::vector<FindingGroup> groupFindings(const Advice& advice);
// How many findings of each severity: "14 findings (3 info)"; "no findings".
QString findingCountText(const Advice& advice);
// What a group's row says: its one finding's message, or "12 processes running CMD; worst: MESSAGE".
QString findingGroupTitle(const Advice& advice, const FindingGroup& group);

AdvicePtr advise(const Snapshot& snapshot, std::span<const SamplePtr> samples = {});
// `snapshot` as heatmapInput: < 0 the last one with every sample. Null when the capture has no snapshot.
AdvicePtr advise(const Capture& capture, int snapshot = -1);

// One argument for POSIX sh: returned as is when it only holds characters sh never interprets, else in single
// quotes with each ' written as '\''. The empty string becomes ''.
QString shellQuote(QStringView arg);
QString shellJoin(const QStringList& argv);
// argv from a command line as stored: NUL-separated as /proc/<pid>/cmdline (one trailing NUL dropped), or
// space-joined as witty-profiler and numasight's procfs reader keep it (then `lossy` is set when splitting
// could have broken an argument: a space-joined string cannot tell "a b" from two arguments).
QStringList splitCmdline(QStringView cmdline, bool* lossy = nullptr);
// numactl --cpunodebind=N --membind=N -- argv…
QString relaunchCommand(const QStringList& argv, std::span<const NodeId> nodes);
// "1,3,4": nodes as numactl and systemd take them, in the order given.
QString nodeListText(std::span<const NodeId> nodes);

QJsonObject adviceJson(const Advice& advice);
QString adviceText(const Advice& advice);

// witty-profiler's thread roles by name: "compute", "communication", "driver", "framework" or "other".
QString threadRole(QStringView name);

} // namespace numasight
