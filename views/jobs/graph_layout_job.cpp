// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/jobs/graph_layout_job.h"

#include <algorithm>

namespace numasight {

// As in LoadJob: a superseded layout may still be winding down while the next one starts.
GraphLayoutJob::GraphLayoutJob(QObject* parent)
    : WorkerJob(QStringLiteral("numasight-graph-layout"), 2, parent)
{
    qRegisterMetaType<GraphLayoutPtr>();
}

void GraphLayoutJob::setCacheCapacity(int entries)
{
    m_capacity = size_t(std::max(0, entries));
    while (m_cache.size() > m_capacity)
        m_cache.pop_back();
}

QString GraphLayoutJob::keyOf(const GraphRequest& request)
{
    return request.options.cacheKey() + QLatin1Char('|') + request.layout.engine + QLatin1Char('|') +
           QString::number(int(request.layout.method));
}

GraphLayoutPtr GraphLayoutJob::lookup(const GraphRequest& request, const QString& key)
{
    for (auto it = m_cache.begin(); it != m_cache.end(); ++it) {
        // An expired weak_ptr locks to null and never matches, so an address reused by a later snapshot
        // cannot pick up an old layout.
        if (it->key != key || it->snapshot.lock() != request.snapshot ||
            it->samples.size() != request.samples.size())
            continue;
        bool same = true;
        for (size_t i = 0; i < it->samples.size() && same; ++i)
            same = it->samples[i].lock() == request.samples[i];
        if (!same)
            continue;
        m_cache.splice(m_cache.begin(), m_cache, it);
        return m_cache.front().layout;
    }
    return nullptr;
}

void GraphLayoutJob::remember(const GraphRequest& request, const QString& key, GraphLayoutPtr layout)
{
    if (m_capacity == 0)
        return;
    CacheEntry entry;
    entry.snapshot = request.snapshot;
    for (const SamplePtr& s : request.samples)
        entry.samples.push_back(s);
    entry.key = key;
    entry.layout = std::move(layout);
    m_cache.push_front(std::move(entry));
    while (m_cache.size() > m_capacity)
        m_cache.pop_back();
}

quint64 GraphLayoutJob::start(GraphRequest request)
{
    const auto deliver = [this](const Laid& laid) {
        if (laid.layout)
            emit layoutAvailable(laid.layout);
        else
            emit layoutFailed(laid.error.isEmpty() ? tr("The graph could not be laid out.") : laid.error);
    };
    const QString key = keyOf(request);
    quint64 job = 0;
    if (!request.snapshot) {
        job = deliverLater(Laid{nullptr, tr("Nothing to lay out: no snapshot is loaded.")}, deliver);
    } else if (GraphLayoutPtr cached = lookup(request, key)) {
        ++m_hits;
        job = deliverLater(Laid{cached, {}}, deliver);
    } else {
        job = run(
            [request](const Progress& progress) -> std::optional<Laid> {
                // Building the spec is quick next to Graphviz; it gets the first tenth of the bar.
                progress(0.0);
                GraphSpecPtr spec = buildGraph(*request.snapshot, request.options, request.samples);
                progress(0.1);
                if (progress.isCancelled())
                    return std::nullopt;
                Progress layoutProgress = progress;
                layoutProgress.report = [post = progress.report](double f) {
                    post(0.1 + 0.9 * std::clamp(f, 0.0, 1.0));
                };
                Result<GraphLayoutPtr> result = layoutGraph(spec, request.layout, layoutProgress);
                if (progress.isCancelled() || (!result.ok() && result.error().cancelled))
                    return std::nullopt;
                return result.ok() ? Laid{result.value(), {}} : Laid{nullptr, result.error().toString()};
            },
            deliver,
            // Cached even when superseded: the user often comes back to the view they just left.
            [this, request, key](const std::optional<Laid>& laid) {
                if (laid && laid->layout) {
                    ++m_computed;
                    remember(request, key, laid->layout);
                }
            });
    }
    emit started(job);
    return job;
}

} // namespace numasight
