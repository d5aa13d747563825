// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "graph/graph_layout.h"
#include "views/jobs/worker_job.h"

#include <QString>

#include <list>
#include <memory>
#include <vector>

Q_DECLARE_METATYPE(numasight::GraphLayoutPtr)

namespace numasight {

// What to lay out: a snapshot, the samples of the selected window (empty for a topology or witty graph),
// what the user wants to see and how Graphviz should place it.
struct GraphRequest
{
    SnapshotPtr snapshot;
    std::vector<SamplePtr> samples;
    GraphOptions options;
    LayoutOptions layout;
};

// Runs buildGraph() + layoutGraph() off the GUI thread, as LoadJob runs readers: every start() gets a
// larger job id, and results are dropped unless their job is still the current one, so the newest request
// always wins. Finished layouts are kept in a small LRU cache keyed by (snapshot, sample window, options,
// engine): going back to a view or a filter seen recently is instant.
class GraphLayoutJob : public WorkerJob
{
    Q_OBJECT
public:
    // Destroying it cancels and waits for the worker (a subprocess layout is killed at once).
    explicit GraphLayoutJob(QObject* parent = nullptr);

    // Starts laying out `request`, superseding any layout still running. A cached result is delivered
    // from the event loop like a computed one, never from inside start().
    quint64 start(GraphRequest request);

    // How many results came from the cache, and how many were computed: for tests and the status line.
    int cacheHits() const { return m_hits; }
    int layoutsComputed() const { return m_computed; }
    void setCacheCapacity(int entries);
    void clearCache() { m_cache.clear(); }

signals:
    void started(quint64 job);
    void layoutAvailable(numasight::GraphLayoutPtr layout);
    void layoutFailed(const QString& message);

private:
    struct Laid
    {
        GraphLayoutPtr layout;
        QString error; // when there is no layout
    };
    struct CacheEntry
    {
        std::weak_ptr<const Snapshot> snapshot; // weak: the cache must not keep old captures alive
        std::vector<std::weak_ptr<const Sample>> samples;
        QString key; // options and engine
        GraphLayoutPtr layout;
    };
    static QString keyOf(const GraphRequest& request);
    GraphLayoutPtr lookup(const GraphRequest& request, const QString& key);
    void remember(const GraphRequest& request, const QString& key, GraphLayoutPtr layout);

    std::list<CacheEntry> m_cache; // most recently used first
    size_t m_capacity = 8;
    int m_hits = 0;
    int m_computed = 0;
};

} // namespace numasight
