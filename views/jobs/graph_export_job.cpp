// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/jobs/graph_export_job.h"

#include "views/common/export_file.h"

#include <QCoreApplication>

namespace numasight {

GraphExportJob::GraphExportJob(QObject* parent)
    : ExportJob(QStringLiteral("numasight-graph-export"), parent)
{
}

void GraphExportJob::start(GraphLayoutPtr layout, const QString& path, const GraphExportOptions& options)
{
    run(
        [layout = std::move(layout), path, options]() -> Result<qint64> {
            if (layout)
                return exportGraph(*layout, path, options);
            return exportError(path, QCoreApplication::translate("numasight::GraphExportJob",
                                                                 "no graph to export: open a file first"));
        },
        path);
}

} // namespace numasight
