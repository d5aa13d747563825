#include "views/jobs/graph_layout_job.h"

#include <QMetaObject>

namespace numasight {

// As in LoadJob: a superseded layout may still be winding down while the next one starts.
GraphLayoutJob::GraphLayoutJob(QObject* parent)
    : WorkerJob(QStringLiteral("numasight-graph-layout"), 2, parent)
{
    qRegisterMetaType<GraphLayoutPtr>();
}

GraphLayoutJob::~GraphLayoutJob()
{
    stopWorkers();
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
    const Ticket ticket = beginJob();
    const quint64 job = ticket.job;
    emit started(job);

    const QString key = keyOf(request);
    if (GraphLayoutPtr cached = request.snapshot ? lookup(request, key) : nullptr) {
        ++m_hits;
        QMetaObject::invokeMethod(
            this, [this, job, cached] { deliver(job, cached, {}, false); }, Qt::QueuedConnection);
        return job;
    }
    if (!request.snapshot) {
        QMetaObject::invokeMethod(
            this,
            [this, job] { deliver(job, nullptr, tr("Nothing to lay out: no snapshot is loaded."), false); },
            Qt::QueuedConnection);
        return job;
    }

    startWorker([this, job, flag = ticket.cancelFlag, progress = progressOf(ticket),
                 request = std::move(request), key]() mutable {
        const std::function<void(double)> post = progress.report;
        // Building the spec is quick next to Graphviz; it gets the first tenth of the bar.
        post(0.0);
        GraphSpecPtr spec = buildGraph(*request.snapshot, request.options, request.samples);
        post(0.1);
        progress.report = [post](double f) { post(0.1 + 0.9 * std::clamp(f, 0.0, 1.0)); };
        GraphLayoutPtr layout;
        QString error;
        bool wasCancelled = flag->load();
        if (!wasCancelled) {
            Result<GraphLayoutPtr> result = layoutGraph(spec, request.layout, progress);
            wasCancelled = flag->load() || (!result.ok() && result.error().cancelled);
            if (result.ok())
                layout = result.value();
            else
                error = result.error().toString();
        }
        QMetaObject::invokeMethod(
            this,
            [this, job, layout, error, wasCancelled, request, key] {
                // Cached even when superseded: the user often comes back to the view they just left.
                if (layout && !wasCancelled) {
                    ++m_computed;
                    remember(request, key, layout);
                }
                deliver(job, layout, error, wasCancelled);
            },
            Qt::QueuedConnection);
    });
    return job;
}

void GraphLayoutJob::deliver(quint64 job, GraphLayoutPtr layout, const QString& error, bool wasCancelled)
{
    if (!takeResult(job))
        return; // superseded or cancelled: a newer request owns the screen
    if (wasCancelled)
        emit cancelled(job);
    else if (layout)
        emit layoutAvailable(layout);
    else
        emit layoutFailed(error.isEmpty() ? tr("The graph could not be laid out.") : error);
    emit finished(job);
}

} // namespace numasight
