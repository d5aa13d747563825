// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "advice/advice.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <memory>
#include <vector>

namespace numasight {

// Compare mode: what changed between two captures of the same workload (typically a recording before and
// one after a re-binding). Both sides go through advise(), so every figure here is the one the advisor and
// the heatmaps show for that capture. See docs/compare.md.

// One process (tid = -1) or thread on both sides. Processes match by pid when the pid has the same name on
// both sides, else by (name, command line) in order of appearance, so a relaunched job still matches;
// threads match by tid within their matched process, else by (name, order).
struct LocalityChange
{
    std::int64_t pidA = -1, tidA = -1; // -1: not in A
    std::int64_t pidB = -1, tidB = -1; // -1: not in B
    QString ns = QStringLiteral("local");
    QString name;
    // Per NUMA node, indexed by OS index (entry i is node i of the namespace), as advise()'s Locality; empty
    // on the side that lacks the row. A thread's pages are its process's, as in the advisor.
    std::vector<double> cpuSharesA, cpuSharesB;
    std::vector<std::uint64_t> pagesA, pagesB;
    double cpuNsA = 0, cpuNsB = 0;
    LocalityFigures a, b;
    NodeId cpuNodeA, cpuNodeB;
    NodeId memoryNodeA, memoryNodeB;
    // Range strings, empty when unknown: a recording's last Cpus_allowed_list of each thread (a process: the
    // union over its threads), else the snapshot's thread entities or witty's proc_status.
    QString cpusAllowedA, cpusAllowedB;
    // The largest absolute change of a CPU share or a page share on any node (0..1); 1 when only on one
    // side. Rows are sorted by it, highest first, and views highlight rows above kDiffThreshold.
    double change = 0;
    bool inA() const { return pidA >= 0; }
    bool inB() const { return pidB >= 0; }
};

// Traffic of one process with one peer (remote endpoint or local process), summed over the capture.
struct FlowChange
{
    std::int64_t pidA = -1, pidB = -1;
    QString protocol;
    QString peer; // "10.0.0.2:443", "pid 1234" (a local process, with B's pid), a unix path
    // Sent + received over every sample of a recording; witty's SendToSocket data_size (which may count a
    // flow from both ends) for a graph.
    std::uint64_t bytesA = 0, bytesB = 0;
    bool volumesKnown = false; // false: endpoints only (procfs) — compare presence, not bytes
    bool inA = false, inB = false;
};

inline constexpr double kDiffThreshold = 0.05;

struct CaptureDiff
{
    QString labelA, labelB;   // file names or sources
    QString sourceA, sourceB; // where each side's figures came from (advise()'s source line)
    QString hostA, hostB;     // the machine each capture says it came from, empty when it does not say
    std::vector<int> nodes;   // OS indexes of the NUMA nodes either capture has (any namespace), ascending
    std::vector<LocalityChange> processes;
    std::vector<LocalityChange> threads;
    std::vector<FlowChange> flows;
    QStringList notes; // e.g. "the two captures come from different machines"
};
using CaptureDiffPtr = std::shared_ptr<const CaptureDiff>;

// Compares the last snapshot of each capture with every sample of it (as advise(capture) does).
CaptureDiffPtr diffCaptures(const Capture& a, const Capture& b, const QString& labelA = {},
                            const QString& labelB = {});

// The ids on the other side of what `pid` (and `tid`, a thread when >= 0) of namespace "local" matched:
// from A to B with `fromA`, else from B to A. {-1, -1} when it has no match there; a thread without one gives
// its process's match.
struct MatchedIds
{
    std::int64_t pid = -1, tid = -1;
};
MatchedIds matchedIds(const CaptureDiff& diff, std::int64_t pid, std::int64_t tid, bool fromA);

QJsonObject diffJson(const CaptureDiff& diff); // documented in docs/compare.md
// The table `numasight-cli diff` prints: rows whose change reaches kDiffThreshold, or every row with
// `allRows`.
QString diffText(const CaptureDiff& diff, bool allRows = false);

} // namespace numasight
