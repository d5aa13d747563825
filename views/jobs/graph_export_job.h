// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "views/graph/graph_export.h"
#include "views/jobs/export_job.h"

namespace numasight {

// Writes exports off the GUI thread: a PNG of a large graph at print resolution takes seconds. Layouts are
// immutable and QPainter on an image, SVG or PDF device works on any thread, so the worker only needs its
// own copy of the layout pointer. Exports run one after the other, in the order asked.
class GraphExportJob : public ExportJob
{
    Q_OBJECT
public:
    explicit GraphExportJob(QObject* parent = nullptr);

    void start(GraphLayoutPtr layout, const QString& path, const GraphExportOptions& options);
};

} // namespace numasight
