#pragma once

#include "heatmap_plot.h"

#include <QObject>
#include <QThreadPool>

#include <functional>

namespace numasight {

// Writes heatmap exports off the GUI thread. QCustomPlot is a widget, so the picture is drawn on the GUI
// thread first (renderHeatmapExport: quick, a few dozen ms); encoding the PNG, writing the file and making
// a 10 000-row CSV are the slow parts and happen here. Exports run one after the other, in the order asked.
class HeatmapExportJob : public QObject
{
    Q_OBJECT
public:
    explicit HeatmapExportJob(QObject* parent = nullptr);
    ~HeatmapExportJob() override; // waits: a file being written is finished (or removed), never abandoned

    void start(RenderedHeatmap rendered, const QString& path);
    // `csv` runs on the worker: it must only read immutable data (a heatmap's shared pointer).
    void startCsv(std::function<QByteArray()> csv, const QString& path);
    bool isRunning() const { return m_running > 0; }
    void waitForIdle() { m_pool.waitForDone(); }

signals:
    void exported(const QString& path, qint64 bytes, double seconds);
    void failed(const QString& message);

private:
    void run(std::function<Result<qint64>()> write, const QString& path);

    QThreadPool m_pool;
    int m_running = 0;
};

} // namespace numasight
