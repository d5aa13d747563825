// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <atomic>
#include <functional>
#include <memory>

namespace numasight {

// Passed into every long operation: reports progress in [0, 1] and asks whether to stop. Both callbacks
// may be empty. Called from the worker thread; implementations must be thread-safe and cheap.
struct Progress
{
    std::function<void(double)> report;
    std::function<bool()> cancelled;

    void operator()(double fraction) const
    {
        if (report)
            report(fraction);
    }
    bool isCancelled() const { return cancelled && cancelled(); }

    static Progress none() { return {}; }
    static Progress withFlag(std::shared_ptr<std::atomic_bool> flag)
    {
        Progress p;
        p.cancelled = [flag] { return flag->load(std::memory_order_relaxed); };
        return p;
    }
};

} // namespace numasight
