// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What the eBPF collectors share: one program, which filters by tgid in the kernel when the scope is narrower
// than every process; the processes it watches; warnings told once each. Internal to core/collect/bpf.

#include "collect/collector.h"

#include <QString>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <unordered_set>
#include <utility>
#include <vector>

namespace numasight {

// `Program` is an owner object (OncpuProgram, NetflowProgram): Options with filterTgids, start(),
// isRunning(), addTgid(), destroy().
template <class Program>
class BpfCollector : public Collector
{
public:
    CollectionMode mode() const override { return CollectionMode::Ebpf; }

    std::optional<QString> start(const Scope& scope) override
    {
        stop();
        typename Program::Options options;
        // Any narrower scope (pids, or a comm pattern resolved into pids by the recorder) filters in the
        // kernel, so the events of unwatched threads cost one lookup each and no map entries.
        options.filterTgids = !scope.isAll();
        if (auto error = m_program.start(options))
            return error;
        m_filtered = options.filterTgids;
        for (std::int64_t pid : scope.pids)
            watch(pid);
        started();
        return std::nullopt;
    }

    std::vector<QString> takeWarnings() override { return std::exchange(m_warnings, {}); }

protected:
    // After a successful start: what the program says besides (a fallback hook, its limits).
    virtual void started() {}
    // The warning for a process the kernel's filter cannot hold.
    virtual QString cannotWatch(std::int64_t pid) const = 0;

    // The start of every collect(): false when the program does not run; otherwise the interval's pids are
    // watched too.
    bool beginCollect(const std::vector<std::int64_t>& pids)
    {
        if (!m_program.isRunning())
            return false;
        if (m_filtered)
            for (std::int64_t pid : pids)
                watch(pid);
        return true;
    }
    // Whether figures of process `tgid` belong to the recording.
    bool inScope(std::uint32_t tgid) const { return !m_filtered || m_tgids.count(tgid) != 0; }
    // For stop(): the next start() watches its own processes.
    void forgetWatched() { m_tgids.clear(); }

    void warn(const QString& text) { m_warnings.push_back(text); }
    void warnOnce(const QString& text)
    {
        if (std::find(m_warned.begin(), m_warned.end(), text) == m_warned.end()) {
            m_warned.push_back(text);
            m_warnings.push_back(text);
        }
    }

    Program m_program;

private:
    void watch(std::int64_t pid)
    {
        if (pid > 0 && pid <= 0xffffffff && m_tgids.insert(std::uint32_t(pid)).second &&
            !m_program.addTgid(std::uint32_t(pid)))
            warnOnce(cannotWatch(pid));
    }

    bool m_filtered = false;
    std::unordered_set<std::uint32_t> m_tgids;
    std::vector<QString> m_warnings;
    std::vector<QString> m_warned;
};

} // namespace numasight
