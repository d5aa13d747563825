// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "util/result.h"
#include "views/jobs/worker_job.h"

#include <functional>

namespace numasight {

// Writes files off the GUI thread, one after the other in the order asked, and reports each with its size
// and time or its error. GraphExportJob and HeatmapExportJob say what they write; the writing and reporting
// are here. Destroying it waits: a file being written is finished (or removed), never abandoned.
class ExportJob : public WorkerJob
{
    Q_OBJECT
public:
    // `write` runs on the worker and returns the bytes written; it must only read immutable data.
    void run(std::function<Result<qint64>()> write, const QString& path);

signals:
    void exported(const QString& path, qint64 bytes, double seconds);
    void failed(const QString& message);

protected:
    ExportJob(const QString& threadName, QObject* parent);
};

} // namespace numasight
