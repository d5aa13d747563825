// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysis/heatmap_data.h"

#include <QByteArray>

// The Heatmaps tab's mismatch view as CSV, with the rules of heatmap_csv.h (RFC 4180, CRLF, shortest
// numbers, unknown as an empty field), so it reads back with parseCsv().
namespace numasight {

// pid,name,cpu_node,memory_node,accelerator_nodes,local_share, then cpu:<node>… and memory:<node>…: one row
// per process with its main CPU and memory nodes, its accelerators' nodes (space-separated), the local share,
// and the share of its CPU time and of its memory on every node.
QByteArray mismatchProcessesCsv(const MismatchView& view);
// cpu\memory,node0,…: the CPU node × memory node matrix of CPU-time-weighted accesses.
QByteArray mismatchAccessMatrixCsv(const MismatchView& view);

} // namespace numasight
