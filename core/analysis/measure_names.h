// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

#include <cstdint>

namespace numasight {

enum class MemoryMeasure : std::uint8_t; // analysis/heatmap_data.h

// The names of the figures shown beside each other (heatmap columns and tooltips, the graph's tooltips, CSV
// headers, the CLI's text), written once so that one number has one name everywhere and two different
// numbers never share one. docs/measures.md defines each.
enum class Measure : std::uint8_t
{
    CpuTime,          // on-CPU time
    AllPages,         // every N<k>= count of numa_maps (witty: total_pages)
    AnonPages,        // pages of anonymous mappings (numa_maps)
    DirtyAnonPages,   // witty's mem_pages_in_each_numa: lines with anon>0 and dirty>0
    AnonElseAllPages, // a recording's memory reference: anonymous pages, all pages without any
    Bytes,            // pages × their mapping's page size (numa_maps)
};

// The name in the user's language ("dirty anon pages (witty)", "all pages (numa_maps)").
QString measureName(Measure measure);
// The name of the share of `measure` that is away from the node it is compared with: "remote share of all
// pages (numa_maps)", "remote share of on-CPU time".
QString remoteShareName(Measure measure);
// The untranslated names, for machine-readable headers (CSV stays the same in every locale).
QString measureKey(Measure measure);
QString remoteShareKey(Measure measure);
// Every untranslated name, so a reader can tell them from other columns.
QStringList measureKeys();

Measure measureOf(MemoryMeasure measure);
// What the memory reference (HeatmapRow::pages of a CPU heatmap, the graph's pages, the advisor's pages)
// counts: witty's own measure for its graphs, else anonymous pages.
Measure memoryReferenceMeasure(bool fromWitty);

} // namespace numasight
