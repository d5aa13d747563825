// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The figures behind every heatmap, gathered once per snapshot and window: CPU time per node of each process
// and thread, and each process's memory per node in every measure. Internal to core/analysis; the heatmaps
// built from them are in heatmap_data.cpp.

#include "heatmap_data.h"

#include <QString>
#include <QStringList>

#include <cmath>
#include <cstdint>
#include <map>
#include <span>
#include <utility>
#include <vector>

namespace numasight::heatmapfigures {

inline const QString kLocal = QStringLiteral("local");

inline double sumOf(std::span<const double> v)
{
    double s = 0;
    for (double x : v)
        if (std::isfinite(x))
            s += x;
    return s;
}

// Column with the largest positive value; the lower column on ties. -1 when nothing is positive.
inline int argmax(std::span<const double> v)
{
    int best = -1;
    double bestValue = 0;
    for (size_t i = 0; i < v.size(); ++i)
        if (std::isfinite(v[i]) && v[i] > bestValue) {
            best = int(i);
            bestValue = v[i];
        }
    return best;
}

// The share of `v` outside `column`, NaN when there is nothing or no reference column.
inline double shareOutside(std::span<const double> v, int column)
{
    const double total = sumOf(v);
    if (column < 0 || !(total > 0))
        return kUnknown;
    const double inside = std::isfinite(v[size_t(column)]) ? v[size_t(column)] : 0.0;
    return std::clamp((total - inside) / total, 0.0, 1.0);
}

inline std::vector<double> shares(std::span<const double> v)
{
    const double total = sumOf(v);
    std::vector<double> out(v.size(), 0.0);
    if (total > 0)
        for (size_t i = 0; i < v.size(); ++i)
            out[i] = std::isfinite(v[i]) ? v[i] / total : 0.0;
    return out;
}

struct ThreadFigures
{
    EntityId entity;
    std::int64_t tid = -1;
    QString name;
    std::vector<double> cpu; // ns per column
    double cpuNs = 0;
    bool cpuKnown = false;
};

// Memory of one process per column, in each measure; a measure the source lacks stays unknown.
struct MemoryFigures
{
    std::vector<double> total, anon, dirty, bytes;
    bool totalKnown = false, anonKnown = false, dirtyKnown = false, bytesKnown = false;
    bool fromWitty = false;

    const std::vector<double>* measure(MemoryMeasure m) const
    {
        switch (m) {
        case MemoryMeasure::TotalPages:
            return totalKnown ? &total : nullptr;
        case MemoryMeasure::AnonPages:
            return anonKnown ? &anon : nullptr;
        case MemoryMeasure::DirtyAnonPages:
            return dirtyKnown ? &dirty : nullptr;
        case MemoryMeasure::Bytes:
            return bytesKnown ? &bytes : nullptr;
        }
        return nullptr;
    }
    // The memory a process works on: witty's own measure for its graphs; for recordings the anonymous
    // pages (what it allocated; file pages are mostly shared libraries placed by whoever read them first),
    // all pages when it has no anonymous ones.
    const std::vector<double>* reference() const
    {
        if (fromWitty)
            return dirtyKnown ? &dirty : (totalKnown ? &total : nullptr);
        if (anonKnown && sumOf(anon) > 0)
            return &anon;
        return totalKnown ? &total : nullptr;
    }
};

struct ProcessFigures
{
    EntityId entity;
    std::int64_t pid = -1;
    QString ns;
    QString name;
    std::vector<double> cpu; // ns per column, or witty's shares when cpuIsShare
    double cpuNs = 0;
    bool cpuKnown = false;
    bool cpuIsShare = false;
    MemoryFigures memory;
    bool memoryKnown = false;
    std::map<std::int64_t, ThreadFigures> threads;
    std::vector<int> acceleratorColumns;
    QStringList accelerators;
};

using ProcessKey = std::pair<QString, std::int64_t>;

// Everything the builders need from a snapshot and a window, gathered once.
struct Collected
{
    std::vector<HeatmapColumn> columns;
    std::map<ProcessKey, ProcessFigures> processes;
    QString source;
    QStringList notes;
    int sampleCount = 0;
    std::int64_t firstNs = 0, lastNs = 0;
    bool fromSamples = false;
};

// Gathers the figures from the samples of `samples` when there are any, else from the snapshot's
// witty-profiler edges.
Collected collectFigures(const Snapshot& s, std::span<const SamplePtr> samples);

} // namespace numasight::heatmapfigures
