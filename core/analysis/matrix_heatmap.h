// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/heatmap_data.h"

#include <QString>

#include <memory>
#include <optional>
#include <span>
#include <vector>

namespace numasight {

// Node × node matrices as heatmaps: firmware distances (SLIT), hwloc's latency/bandwidth matrices and memory
// attributes, numasight's own measurements and imported Intel MLC results.

enum class MatrixKind : std::uint8_t
{
    Distance,  // relative (SLIT: 10 = local)
    Latency,   // ns
    Bandwidth, // MB/s, MiB/s, GB/s: larger is nearer
    Other
};
QString matrixKindName(MatrixKind kind); // "distance", "latency", "bandwidth", "other"

enum class MatrixOrder : std::uint8_t
{
    Natural,   // the snapshot's order: namespace, then OS index
    ByDistance // near nodes next to each other (see orderByDistance)
};

// Well-known matrix names: numasight's prober writes the first two, the MLC importer the last two.
inline constexpr const char* kMeasuredLatencyName = "NumasightLatency";     // unit "ns"
inline constexpr const char* kMeasuredBandwidthName = "NumasightBandwidth"; // unit "GB/s"
inline constexpr const char* kMlcLatencyName = "MlcLatency";                // unit "ns"
inline constexpr const char* kMlcBandwidthName = "MlcBandwidth";            // unit "MB/s", as MLC prints it

struct MatrixHeatmap
{
    QString title;  // "NUMA distances (firmware)", "Latency measured by numasight", …
    QString name;   // the DistanceMatrix name or the memory attribute
    QString unit;   // "relative", "ns", "GB/s", "MB/s", "MiB/s"
    QString source; // "firmware", "hwloc", "hwloc memory attribute", "numasight", "Intel MLC"
    MatrixKind kind = MatrixKind::Other;
    bool fromOs = true;
    bool largerIsNearer = false; // bandwidths
    // Rows and columns: the same objects (NUMA nodes; other hwloc objects for a few GPU matrices).
    // Row = initiator (the CPUs, "from"), column = target (the memory, "to").
    std::vector<HeatmapColumn> objects;
    std::vector<double> values; // n × n, row-major in `objects` order; NaN where nothing was measured
    std::vector<int> order;     // display order: a permutation of 0 … n-1

    int size() const { return int(objects.size()); }
    double at(int row, int column) const { return values[size_t(row) * objects.size() + size_t(column)]; }
    // The value at display position (row, column): at(order[row], order[column]).
    double displayed(int row, int column) const { return at(order[size_t(row)], order[size_t(column)]); }
};
using MatrixHeatmapPtr = std::shared_ptr<const MatrixHeatmap>;

// A permutation of 0 … n-1 that puts near objects next to each other, so that a machine of 36 or more nodes
// reads as blocks along the diagonal (sockets, sub-NUMA clusters) instead of a checkerboard. Average-linkage
// agglomerative clustering on the symmetrised matrix ((d(i,j) + d(j,i)) / 2): the closest clusters merge
// first, the one holding the lower node in front, so every cluster stays contiguous and reads in OS-index
// order from its lowest node (node0 before node1). Larger-is-nearer matrices (bandwidth) are clustered
// on 1/value. Missing values count as far. Ties go to the lower indexes, so a matrix with no structure keeps
// its natural order. O(n³), a millisecond for 64 nodes.
std::vector<int> orderByDistance(std::span<const double> values, int n, bool largerIsNearer = false);

// One matrix a view can show: a distance matrix of the snapshot, or a memory attribute arranged as
// initiator node × target node.
struct MatrixChoice
{
    QString label;          // for a menu: "NUMA distances (firmware)", "Bandwidth (hwloc memory attribute)"
    int distanceIndex = -1; // index into Snapshot::distances(), or -1 for a memory attribute
    QString attribute;      // memory attribute name when distanceIndex is -1
    QString ns = QStringLiteral("local");
    MatrixKind kind = MatrixKind::Other;
};
// Every matrix of the snapshot (distance matrices first, in their order), then memory attributes that have
// an initiator and at least one value between NUMA nodes.
std::vector<MatrixChoice> availableMatrices(const Snapshot& snapshot);

// The matrix of that kind a front end shows by default, or nullptr: for distances the firmware SLIT; for
// latency and bandwidth numasight's own measurement, else an imported MLC result, else an hwloc matrix in
// that unit, else hwloc's memory attribute (Latency/ReadLatency, Bandwidth/ReadBandwidth).
std::optional<MatrixChoice> defaultMatrix(const Snapshot& snapshot, MatrixKind kind);

MatrixHeatmapPtr matrixHeatmap(const Snapshot& snapshot, const MatrixChoice& choice,
                               MatrixOrder order = MatrixOrder::Natural);
MatrixHeatmapPtr matrixHeatmap(const Snapshot& snapshot, const DistanceMatrix& matrix,
                               MatrixOrder order = MatrixOrder::Natural);
// A memory attribute as initiator node × target node. A row takes the value whose initiator CPUs are
// exactly the node's CPUs, else the one from the smallest initiator containing them (a package, the
// machine); initiators smaller than a node (one PU) are left out. Rows of memory-only nodes stay NaN.
MatrixHeatmapPtr memoryAttributeHeatmap(const Snapshot& snapshot, QStringView attribute,
                                        QStringView ns = u"local", MatrixOrder order = MatrixOrder::Natural);

MatrixKind matrixKindOf(const DistanceMatrix& matrix);

} // namespace numasight
