// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "advice/capture_diff.h"
#include "collect/procfs/fs_root.h"
#include "model/sample.h"
#include "util/index_set.h"
#include "util/progress.h"
#include "util/result.h"

#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>
#include <vector>

namespace numasight {

// Applying a placement to a live process on this machine: every thread's CPU affinity
// (sched_setaffinity), its pages (libnuma's numa_migrate_pages), and undo. Nothing here runs a shell
// command: the commands the advisor prints are for people; this is the same change made directly, so it can
// be checked before, reported exactly and undone. See docs/apply.md.

struct AffinityChange
{
    std::int64_t tid = -1;
    QString comm;
    CpuSet before; // sched_getaffinity when planned
    CpuSet after;
};

// What Apply would change, read from the live process. The confirmation shows describe().
struct ApplyPlan
{
    std::int64_t pid = -1;
    QString name;
    CpuSet cpus;         // every thread's new allowed CPUs (never empty)
    NodeSet memoryNodes; // where its pages go; empty: memory is left alone
    std::vector<AffinityChange> threads;
    std::vector<NodePages> pagesBefore; // numa_maps when planned
    std::uint64_t pagesToMove = 0;      // pages on nodes outside memoryNodes
    QStringList notes;                  // what was left out of the plan and why (zombie threads)
    // One line per change, e.g. "thread 1234 (worker): CPUs 0-191 → 96-119", then the notes. Names are
    // shown with their control characters escaped (util/printable_text.h).
    QStringList describe() const;
};

// What kind of process `pid` is, for apply's guards, from <root>/proc/<pid>/stat (and its task/*/stat).
enum class ApplyTarget
{
    Ordinary,
    Init,         // pid 1: every process it starts inherits its CPUs
    KernelThread, // PF_KTHREAD, or a child of kthreadd (pid 2): the kernel places its own threads
    Zombie,       // every thread has exited: nothing is left to change
    Unknown,      // no readable stat
};
ApplyTarget applyTarget(const FsRoot& root, std::int64_t pid);

struct ApplyOptions
{
    bool force = false; // change pid 1 or a kernel thread all the same
};

// Reads the process's threads, their affinity and its pages. An error (naming the pid and what to do) when
// the process does not exist (or `pid` is one of its threads), `cpus` is empty or holds CPUs that are not
// online here, or `memoryNodes` holds nodes that do not exist or hold no memory here; when it is a zombie;
// when it is pid 1 or a kernel thread, unless options.force. Zombie threads of a live process are left out
// with a note. Only reads: nothing is changed.
Result<ApplyPlan> planApply(std::int64_t pid, const CpuSet& cpus, const NodeSet& memoryNodes,
                            const ApplyOptions& options = {});

struct ApplyResult
{
    ApplyPlan plan;
    std::vector<AffinityChange> applied; // what was set, per thread still alive; undo restores `before`
    std::int64_t pagesNotMoved = 0;      // numa_migrate_pages' count of pages it could not move
    QStringList warnings;                // threads that exited meanwhile, pages left behind, …
};

// First makes sure it may change every thread (setting each one's current mask again changes nothing and
// fails the way the real change would); if it may not, returns an error that says so and what to do, with
// nothing changed. Then sets every thread's affinity, again for threads created meanwhile, and migrates the
// pages from every other node to memoryNodes (checked first in the same way, with an empty set of source
// nodes). If setting a thread's affinity fails midway, the threads already changed are restored and the
// error says so. If moving the pages fails after every thread's affinity was changed (rare, since both were
// checked), the affinity stays changed: the result is returned with `applied` filled, so undo works, and a
// warning says exactly what was changed and what was not.
Result<ApplyResult> applyPlan(const ApplyPlan& plan);

// Restores each thread's affinity from before applyPlan. Pages are not moved back (the kernel no longer
// knows where each came from); the returned lines say what was restored and what was not. A thread that
// cannot be restored (not allowed any more) makes it an error naming those threads, after every other thread
// was restored.
Result<QStringList> undoApply(const ApplyResult& result);

// Apply with proof: records `periodNs` of the process (procfs collectors, into workDir/before.numasight),
// applies, records the same period again (after.numasight) and compares the two. Progress runs 0–0.5
// during the first recording and 0.5–1 during the second. Once the change is applied the run is always
// returned (never an error), so the caller can undo: a failed second recording leaves `after` and `diff`
// null with a warning in result.warnings.
struct ApplyRun
{
    ApplyResult result;
    QString beforePath, afterPath;
    CapturePtr before, after;
    CaptureDiffPtr diff;
    std::optional<Locality> measuredBefore, measuredAfter; // the process in each recording (advise())
    // Cancelled after the change was applied: `result` says what was changed (undoApply restores it); the
    // after recording, the diff and measuredAfter are missing. A cancel before applying is an error
    // (LoadError::cancelled) with nothing changed.
    bool cancelled = false;
};
Result<ApplyRun> applyAndVerify(const ApplyPlan& plan, std::int64_t periodNs, const QString& workDir,
                                const Progress& progress = {});

} // namespace numasight
