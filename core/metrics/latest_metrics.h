// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "metrics/recording_metrics.h"

#include <QByteArray>

#include <memory>
#include <mutex>

namespace numasight {

struct RecordObserver;

// The latest state of a recording, handed from the recorder's thread to the metrics server's. The recorder
// only copies its sample and swaps pointers under the lock; text() renders on the thread that asks (the
// server's), outside the lock and at most once per sample, so a slow render or a slow scraper never delays a
// sample, and no scrape means no rendering at all.
class LatestMetrics
{
public:
    // The recorder's observer callbacks (record/recorder.h); each may be called from any thread.
    void started(const Capture& initial);
    void snapshot(const SnapshotPtr& snapshot);
    void sample(const Sample& sample);

    // The exposition text for the latest sample (recordingMetrics()).
    QByteArray text();

private:
    std::mutex m_mutex; // guards the inputs below
    MetricsInput m_input;
    std::uint64_t m_generation = 0; // bumped with every change of the inputs

    std::mutex m_renderMutex; // guards the rendered text; held while rendering, never by the recorder
    QByteArray m_text;
    std::uint64_t m_textGeneration = ~std::uint64_t(0);
};

// Chains `metrics` into `observer`'s started, snapshot and sample callbacks (keeping the ones already set).
void feedMetrics(RecordObserver& observer, const std::shared_ptr<LatestMetrics>& metrics);

} // namespace numasight
