// SPDX-License-Identifier: GPL-3.0-or-later
#include "latest_metrics.h"

#include "record/recorder.h"

#include <utility>

namespace numasight {

void LatestMetrics::started(const Capture& initial)
{
    const std::lock_guard lock(m_mutex);
    m_input.source = initial.source;
    if (!initial.snapshots.empty())
        m_input.snapshot = initial.snapshots.back();
    ++m_generation;
}

void LatestMetrics::snapshot(const SnapshotPtr& snapshot)
{
    const std::lock_guard lock(m_mutex);
    m_input.snapshot = snapshot;
    ++m_generation;
}

void LatestMetrics::sample(const Sample& sample)
{
    // The copy and the cost are taken before the lock: the server only ever waits for a pointer swap.
    auto copy = std::make_shared<const Sample>(sample);
    std::int64_t samples = 0;
    {
        const std::lock_guard lock(m_mutex);
        samples = m_input.cost.samples + 1;
    }
    const RecorderCost cost = measureRecorderCost(samples);
    const std::lock_guard lock(m_mutex);
    m_input.sample = std::move(copy);
    m_input.cost = cost;
    ++m_generation;
}

QByteArray LatestMetrics::text()
{
    const std::lock_guard render(m_renderMutex);
    MetricsInput input;
    std::uint64_t generation = 0;
    {
        const std::lock_guard lock(m_mutex);
        if (m_generation == m_textGeneration)
            return m_text;
        input = m_input;
        generation = m_generation;
    }
    m_text = recordingMetrics(input);
    m_textGeneration = generation;
    return m_text;
}

void feedMetrics(RecordObserver& observer, const std::shared_ptr<LatestMetrics>& metrics)
{
    observer.started = [metrics, next = std::move(observer.started)](const Capture& initial) {
        metrics->started(initial);
        if (next)
            next(initial);
    };
    observer.snapshot = [metrics, next = std::move(observer.snapshot)](int index,
                                                                       const SnapshotPtr& snapshot) {
        metrics->snapshot(snapshot);
        if (next)
            next(index, snapshot);
    };
    observer.sample = [metrics, next = std::move(observer.sample)](const Sample& sample) {
        metrics->sample(sample);
        if (next)
            next(sample);
    };
}

} // namespace numasight
