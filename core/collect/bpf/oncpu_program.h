// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Owner of the oncpu eBPF program (bpf/oncpu.bpf.c): open → configure → load → attach, and destroy on
// every exit path. Nothing stays loaded after start() failed or after the object is gone.

#include <QString>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

struct oncpu; // the generated skeleton (build folder, oncpu.skel.h)
struct oncpu_cpu;
struct bpf_link;

namespace numasight {

class OncpuProgram
{
public:
    enum class Hook
    {
        Auto,
        TpBtf,
        RawTp
    };
    struct Options
    {
        Hook hook = Hook::Auto;
        bool filterTgids = false; // account only the tgids added with addTgid()
        // Test seams, so that the failure paths are exercised for real.
        std::string rawTracepoint = "sched_switch"; // the raw_tp attach point
        std::string btfTarget;    // when set, replaces tp_btf's tracepoint (resolved while configuring)
        std::string fentryTarget; // when set, turns the tp_btf program into fentry on this function, which
                                  // the verifier rejects at load (the arguments are not task pointers)
    };

    OncpuProgram() = default;
    ~OncpuProgram() { destroy(); }
    OncpuProgram(const OncpuProgram&) = delete;
    OncpuProgram& operator=(const OncpuProgram&) = delete;

    // Returns the error of the step that failed; then nothing is loaded. With Hook::Auto, tp_btf is used
    // when the kernel has BTF and tracing programs, and raw_tp otherwise or when tp_btf fails to load.
    std::optional<QString> start(const Options& options);
    void destroy();

    bool isRunning() const { return m_link != nullptr; }
    Hook hook() const { return m_hook; }
    QString hookName() const; // "tp_btf/sched_switch" or "raw_tp/sched_switch"
    QString fallbackReason() const
    {
        return m_fallbackReason;
    } // why Auto did not use tp_btf; empty if it did

    int countsFd() const;
    int renamesFd() const; // -1 when the rename hook is not attached (see renameHook())
    QString renameHook() const { return m_renameLink ? m_renameHookName : QString(); }
    // Sets the tgid's bit in the filter bitmap (through the mapping: no syscall). False when the tgid is
    // beyond the bitmap or the program does not filter.
    bool addTgid(std::uint32_t tgid);
    struct Stats
    {
        std::uint64_t drops = 0;     // slices lost because the counts map was full
        std::uint64_t estimated = 0; // slices whose switch-in was not seen, taken from the fair class's mark
        std::uint64_t lost = 0;      // such slices of real-time/deadline threads, which have no such mark
    };
    Stats stats() const;
    // Each CPU's record: what runs there and the cached sums (mmapped; written by the kernel concurrently).
    const volatile oncpu_cpu* cpuRecords() const { return m_records; }
    int cpuCount() const { return m_cpus; }
    // Frees the CPU's cache slot that holds the thread, if one does, once user space has deleted the
    // thread's entry: the slot's sum would otherwise go on growing unseen when the tid is reused. Returns
    // the sum the slot held (0 when none did), which may be ahead of the deleted entry.
    std::uint64_t forgetSlot(std::uint32_t tgid, std::uint32_t tid, std::uint32_t cpu);
    std::vector<std::uint32_t> programIds() const; // the loaded program(s), for tests and diagnostics

private:
    std::optional<QString> tryStart(Hook hook, const Options& options);

    oncpu* m_skel = nullptr;
    bpf_link* m_link = nullptr;
    bpf_link* m_renameLink = nullptr; // task_rename; optional: without it names come from the first slice
    QString m_renameHookName;
    volatile oncpu_cpu* m_records = nullptr;
    std::size_t m_mappedBytes = 0;
    std::uint64_t* m_tgidBits = nullptr; // the filter bitmap, mapped; null when not filtering
    std::size_t m_tgidBytes = 0;
    int m_cpus = 0;
    Hook m_hook = Hook::Auto;
    QString m_fallbackReason;
};

} // namespace numasight
