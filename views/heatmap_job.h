#pragma once

#include "analysis/heatmap_data.h"
#include "analysis/matrix_heatmap.h"

#include <QObject>
#include <QThreadPool>

#include <atomic>
#include <functional>
#include <memory>

namespace numasight {

// What one heatmap build produced; the fields its kind fills, the others stay null.
struct HeatmapResult
{
    NodeHeatmapPtr nodes;
    MismatchViewPtr mismatch;
    TimeHeatmapPtr time;
    MatrixHeatmapPtr matrix;
    QString error;
};

// Builds heatmaps off the GUI thread (cpuHeatmap over 10 000 threads takes a while), as GraphLayoutJob lays
// out graphs: every start() gets a larger job id, results come back with a queued call and are dropped
// unless their job is still the current one, so the newest request wins and nothing stale reaches a view.
// The core builders take no cancel callback: a cancelled build runs to its end on the worker and is thrown
// away.
class HeatmapJob : public QObject
{
    Q_OBJECT
public:
    explicit HeatmapJob(QObject* parent = nullptr);
    ~HeatmapJob() override; // waits for a build still running

    quint64 start(std::function<HeatmapResult()> build);
    void cancel();
    bool isRunning() const { return m_current != 0; }
    quint64 currentJob() const { return m_current; }
    // Blocks until the worker is idle: for tests and shutdown, never the GUI's normal path.
    void waitForIdle();

signals:
    void started(quint64 job);
    void resultAvailable(quint64 job, const numasight::HeatmapResult& result);
    void cancelled(quint64 job);
    void finished(quint64 job);

private:
    void deliver(quint64 job, const HeatmapResult& result);

    QThreadPool m_pool;
    quint64 m_lastJob = 0;
    quint64 m_current = 0;
};

} // namespace numasight

Q_DECLARE_METATYPE(numasight::HeatmapResult)
