#pragma once

#include "util/result.h"

#include <QObject>
#include <QThreadPool>

#include <functional>

namespace numasight {

// Writes files off the GUI thread, one after the other in the order asked, and reports each with its size
// and time or its error. GraphExportJob and HeatmapExportJob say what they write; the writing and reporting
// are here.
class ExportJob : public QObject
{
    Q_OBJECT
public:
    ~ExportJob() override; // waits: a file being written is finished (or removed), never abandoned

    // `write` runs on the worker and returns the bytes written; it must only read immutable data.
    void run(std::function<Result<qint64>()> write, const QString& path);
    bool isRunning() const { return m_running > 0; }
    void waitForIdle() { m_pool.waitForDone(); }

signals:
    void exported(const QString& path, qint64 bytes, double seconds);
    void failed(const QString& message);

protected:
    ExportJob(const QString& threadName, QObject* parent);

private:
    QThreadPool m_pool;
    int m_running = 0;
};

} // namespace numasight
