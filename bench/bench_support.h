// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What the benchmarks share: the timing loop every figure comes from, and reading an input. Header-only, so
// that each benchmark stays one source file.

#include "model/snapshot.h"
#include "readers/open_input.h"

#include <QElapsedTimer>
#include <QString>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <vector>

namespace numasight::bench {

// Milliseconds over the timed runs of one step.
struct Stats
{
    double median = 0, min = 0, max = 0;
};

// One untimed warm-up (first-touch allocations, caches, Graphviz's plugin loading, paint buffers), then
// `repeat` timed runs.
inline Stats measure(int repeat, const std::function<void()>& f)
{
    std::vector<double> ms;
    f();
    for (int i = 0; i < std::max(repeat, 1); ++i) {
        QElapsedTimer t;
        t.start();
        f();
        ms.push_back(double(t.nsecsElapsed()) / 1e6);
    }
    std::sort(ms.begin(), ms.end());
    return {ms[ms.size() / 2], ms.front(), ms.back()};
}

// The capture at `path`, or null after saying why on stderr.
inline CapturePtr openCapture(const QString& path, const char* tool)
{
    auto r = openInput(path);
    if (!r) {
        std::fprintf(stderr, "%s: %s\n", tool, qPrintable(r.error().toString()));
        return nullptr;
    }
    return r.value();
}

// The first snapshot of the capture at `path`, or null after saying why.
inline SnapshotPtr openSnapshot(const QString& path, const char* tool)
{
    const CapturePtr capture = openCapture(path, tool);
    return capture && !capture->snapshots.empty() ? capture->snapshots.front() : nullptr;
}

} // namespace numasight::bench
