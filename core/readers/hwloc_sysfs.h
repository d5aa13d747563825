// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/snapshot.h"

#include <QMap>
#include <QString>

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace numasight {

// Per-node counters the kernel keeps beside hwloc's view: free memory and the numastat counters.
struct NodeSysfsStats
{
    std::optional<std::uint64_t> memTotalBytes; // "Node N MemTotal: X kB" in node<N>/meminfo
    std::optional<std::uint64_t> memFreeBytes;  // "Node N MemFree: X kB"
    QMap<QString, std::uint64_t> numastat;      // "numa_hit 123" lines in node<N>/numastat
    // Every line of node<N>/meminfo in the kernel's order, as printed: {"Active", "10008164 kB"},
    // {"HugePages_Total", "0"}. witty-profiler exports carry them all (its mem_info).
    std::vector<std::pair<QString, QString>> meminfo;
    QString memoryBlocks; // the node's memory block ids (node<N>/memory<M>) as ranges, "0-1,130-255"
};

// Node attributes as the witty export reads them back: "mem_info" (every meminfo line, in order) and
// "memory_set" added to the attributes JSON object `attributes` ("{}" or empty for none yet).
QByteArray withNodeSysfsAttributes(const QByteArray& attributes, const NodeSysfsStats& stats);

// The lines of node<N>/meminfo text ("Node 0 MemFree:   1234 kB"): MemTotal and MemFree as numbers, each
// line as text; other nodes' lines and lines that do not parse are ignored.
void parseNodeMeminfo(const QByteArray& text, int node, NodeSysfsStats& into);

// Reads <sysfsRoot>/devices/system/node/node<N>/{meminfo,numastat}. Missing files or lines that do not
// parse are left out (the kernel may not expose them, e.g. in containers); they never fail a load.
NodeSysfsStats readNodeSysfsStats(const QString& sysfsRoot, int node);

// Fills memoryFreeBytes, numastat and the attributes above of every NUMA node of namespace "local" in
// `builder`.
void applyNodeSysfsStats(SnapshotBuilder& builder, const QString& sysfsRoot);

// When `builder` has no relative distance matrix between its "local" NUMA nodes (hwloc gives none on a
// one-node machine), adds one from <sysfsRoot>/devices/system/node/node<N>/distance ("10 21" per node, in
// online-node order). Rows that are missing, do not parse or do not match the node count add nothing.
void applyNodeSysfsDistances(SnapshotBuilder& builder, const QString& sysfsRoot);

} // namespace numasight
