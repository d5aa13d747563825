// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "metrics/exposition_text.h"
#include "model/snapshot.h"

#include <QByteArray>
#include <QString>

#include <cstdint>
#include <limits>
#include <span>

namespace numasight {

// What `numasight-cli record --metrics` serves: the latest sample of a recording as Prometheus metrics
// (docs/metrics.md lists them). Per process the CPU share and pages per NUMA node, the remote share and
// witty similarity, and for processes that open accelerators whether they run away from them — the
// advisor's figures (advice.h) for a window of one sample, so /metrics, `advise` and the Advice tab never
// disagree — plus what the recorder costs.

// What the recorder itself costs, as of a sample.
struct RecorderCost
{
    double cpuSeconds = std::numeric_limits<double>::quiet_NaN();    // user + system, whole process
    double residentBytes = std::numeric_limits<double>::quiet_NaN(); // resident set
    std::int64_t samples = 0;                                        // samples taken so far
};
// This process's cost now: getrusage(RUSAGE_SELF) and /proc/self/statm. Unknown figures stay NaN.
RecorderCost measureRecorderCost(std::int64_t samples);

struct MetricsInput
{
    SourceInfo source;    // host (hostname), mode, version
    SnapshotPtr snapshot; // the workload in force for `sample`; null before the recording has one
    SamplePtr sample;     // the latest; null before the first
    RecorderCost cost;
};

// The exposition text (Content-Type "text/plain; version=0.0.4"). Before the first sample only the
// recorder's own families have series; the first sample (no interval yet) has pages but no CPU shares.
QByteArray recordingMetrics(const MetricsInput& input);

struct MetricFamilyInfo
{
    const char* name;
    MetricType type;
    const char* help;
};
// Every family recordingMetrics() writes, in the order it writes them.
std::span<const MetricFamilyInfo> recordingMetricFamilies();

} // namespace numasight
