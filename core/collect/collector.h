// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/sample.h"
#include "model/snapshot.h"

#include <QRegularExpression>
#include <QString>

#include <optional>
#include <vector>

namespace numasight {

// Which processes a recording watches.
struct Scope
{
    std::vector<std::int64_t> pids; // empty: all processes; otherwise these and their descendants
    QRegularExpression comm;        // when valid and non-empty: only processes whose comm matches
    bool includeChildren = true;

    bool isAll() const { return pids.empty() && comm.pattern().isEmpty(); }
};

// One source of time-series data. The recorder calls start() once, then collect() once per interval on
// its worker thread, then stop() on every exit path. Collectors keep whatever state they need for deltas.
// Threads or processes that exit mid-sample are skipped silently; a permission refusal is reported once
// per process through warnings().
class Collector
{
public:
    virtual ~Collector() = default;
    virtual QString name() const = 0;
    virtual CollectionMode mode() const = 0;
    // Returns an error message (and leaves nothing attached) when the collector cannot run here.
    virtual std::optional<QString> start(const Scope& scope) = 0;
    // Adds this collector's part of the interval to `sample`. `pids` is the scope resolved for this
    // interval (every pid the recording watches right now).
    virtual void collect(Sample& sample, const std::vector<std::int64_t>& pids) = 0;
    virtual void stop() = 0;
    // Messages to show once each (e.g. "pid 1234: permission denied reading numa_maps"); cleared on read.
    virtual std::vector<QString> takeWarnings() { return {}; }
};

} // namespace numasight
