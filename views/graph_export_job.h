#pragma once

#include "graph_export.h"

#include <QObject>
#include <QThreadPool>

namespace numasight {

// Writes exports off the GUI thread: a PNG of a large graph at print resolution takes seconds. Layouts are
// immutable and QPainter on an image, SVG or PDF device works on any thread, so the worker only needs its
// own copy of the layout pointer. Exports run one after the other, in the order asked.
class GraphExportJob : public QObject
{
    Q_OBJECT
public:
    explicit GraphExportJob(QObject* parent = nullptr);
    ~GraphExportJob() override; // waits: a file being written is finished (or removed), never abandoned

    void start(GraphLayoutPtr layout, const QString& path, const GraphExportOptions& options);
    bool isRunning() const { return m_running > 0; }

signals:
    void exported(const QString& path, qint64 bytes, double seconds);
    void failed(const QString& message);

private:
    QThreadPool m_pool;
    int m_running = 0;
};

} // namespace numasight
