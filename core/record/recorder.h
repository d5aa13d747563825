// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "collect/collector.h"
#include "model/snapshot.h"
#include "util/progress.h"
#include "util/result.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace numasight {

// Which collectors record CPU time: eBPF when it can load (auto), or one of them by force.
enum class RecordMode
{
    Auto,
    Ebpf,
    Procfs
};
std::optional<RecordMode> recordModeFromName(QStringView name); // "auto", "ebpf", "procfs"

// "500ms", "2s", "1.5s", "1m", "1h" (a bare number is seconds) → nanoseconds; nullopt with `error` set
// otherwise. Zero and negative durations are refused. It also reads what formatDuration() (util/format.h)
// writes for a whole number of a unit: "250 µs", "1 min".
std::optional<std::int64_t> parseDurationNs(QStringView text, QString* error = nullptr);

struct RecordOptions
{
    QString outputPath;
    std::int64_t durationNs = 30'000'000'000;
    std::int64_t intervalNs = 1'000'000'000;
    Scope scope;
    RecordMode mode = RecordMode::Auto;

    // Samples a full recording takes: one at the start (the baseline, interval 0), then one per interval.
    int sampleCount() const;
};

// The collectors of one recording. `cpu` gives each thread's CPU time; beside an eBPF `cpu`, `cpuContext`
// (procfs) adds what only /proc knows — context switches, allowed CPUs and nodes, last CPU — merged per tid.
struct CollectorSet
{
    CollectionMode mode = CollectionMode::Procfs; // of `cpu`
    std::unique_ptr<Collector> cpu;
    std::unique_ptr<Collector> cpuContext;
    std::vector<std::unique_ptr<Collector>> others; // memory, system counters, flows
};

// What a recording needs from the machine besides its collectors. makeLocalEnvironment() is this machine;
// tests give their own, with collectors that produce known samples.
class RecordingEnvironment
{
public:
    virtual ~RecordingEnvironment() = default;
    virtual Result<CapturePtr> topology() = 0; // read once at the start
    virtual SourceInfo source() = 0;           // host, kernel, format; mode and time are filled in
    virtual std::vector<std::int64_t> resolveScope(const Scope& scope) = 0;
    // Changes whenever the set of processes or threads among `pids` changes; a new workload snapshot is
    // recorded then.
    virtual QByteArray workloadSignature(const std::vector<std::int64_t>& pids) = 0;
    virtual void addWorkload(SnapshotBuilder& builder, const std::vector<std::int64_t>& pids) = 0;
    // The collectors for `mode` (never Auto); an error when they cannot run here (e.g. no BPF rights).
    virtual Result<std::unique_ptr<CollectorSet>> collectors(RecordMode mode) = 0;
    // For Auto: whether eBPF can be used, and why not.
    virtual bool ebpfAvailable(QString* why) = 0;

    // The clocks samples are scheduled on (monotonic) and stamped with (CLOCK_REALTIME, ns), and the sleep
    // between them: this machine's by default. A test gives a clock of its own that sleeping advances, so
    // that a schedule is checked exactly rather than against the timing of a loaded machine.
    virtual std::chrono::steady_clock::time_point now();
    virtual std::int64_t realtimeNs();
    virtual void sleepFor(std::chrono::steady_clock::duration duration);
};
std::unique_ptr<RecordingEnvironment> makeLocalEnvironment();

struct RecordObserver
{
    std::function<void(int done, int total)> sampleWritten; // after the sample is on disk
    std::function<void(const Sample& sample)> sample;       // the same moment, with the data (live views)
    std::function<void(const QString& message)> warning;    // each distinct message once
    // Once the file exists: its source and snapshot 0 (the machine and the first workload), so a live view
    // can show the recording before the first sample.
    std::function<void(const Capture& initial)> started;
    // Each later workload snapshot, with its index, once it is on disk (before the samples that use it).
    std::function<void(int index, const SnapshotPtr& snapshot)> snapshot;
    // Polled between samples: while it returns true no sample is taken. The schedule resumes one interval
    // after the pause ends, and the first sample after it spans the pause (its deltas cover that time).
    std::function<bool()> paused;
};

struct RecordSummary
{
    QString path;
    QString mode;    // "procfs" or "ebpf": what measured CPU time
    int samples = 0; // in the file
    int snapshots = 0;
    int processes = 0; // distinct pids seen in samples
    int threads = 0;   // distinct tids seen in samples
    qint64 fileBytes = 0;
    bool cancelled = false;
    bool fileCreated = false;
    // Every process the scope's pids named (and their descendants) had exited: the recording stopped there
    // rather than write empty samples until the duration was over. Not an error.
    bool workloadExited = false;
    // Set when the recording could not start (no file then) or stopped early (the samples before it are
    // kept).
    std::optional<LoadError> error;
    QStringList warnings;
};

// Whether a warning of record() says that it fell back from eBPF to procfs (in whichever language it was
// written), so that a front end can explain what eBPF needs.
bool isEbpfFallback(const QString& warning);

// Records until the duration is over, `progress` is cancelled (e.g. Ctrl-C), every watched process has
// exited (scope.pids given: workloadExited), or writing fails; whatever ends it, the collectors are stopped
// and every completed sample is in the file. Blocking: the CLI calls it on its main thread, the GUI from a
// worker thread (the callbacks then run on that worker).
RecordSummary record(const RecordOptions& options, RecordingEnvironment& environment,
                     const Progress& progress = {}, const RecordObserver& observer = {});

// Merges the procfs view of each thread into the eBPF one (same tid): eBPF keeps the CPU figures and its
// mode, procfs adds switches, rates, allowed sets and last CPU. Threads procfs saw but eBPF did not were not
// on a CPU in the interval: they are kept with 0 ns, marked eBPF, since that is eBPF's measurement.
void mergeThreadContext(std::vector<ThreadCpuSample>& ebpf, std::vector<ThreadCpuSample> procfs);

} // namespace numasight
