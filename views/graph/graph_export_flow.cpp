// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/graph/graph_export_flow.h"

#include "views/graph/graph_export_dialog.h"
#include "views/graph/graph_painter.h"
#include "views/graph/graph_panel.h"
#include "views/jobs/graph_export_job.h"
#include "views/jobs/graph_layout_job.h"

#include <QDir>
#include <QSettings>

namespace numasight {

namespace {

const QString kDpiKey = QStringLiteral("graph/exportDpi");

} // namespace

GraphExportFlow::GraphExportFlow(GraphPanel* panel)
    : ExportFlow(panel, QStringLiteral("graph/exportDirectory"), QStringLiteral("graph/exportFormat"))
    , m_panel(panel)
    , m_job(new GraphExportJob(this))
{
    reportJob(m_job, tr("the graph"));
    connect(panel, &GraphPanel::layoutShown, this, &GraphExportFlow::startPending);
    connect(panel->job(), &GraphLayoutJob::layoutFailed, this, [this](const QString& text) {
        if (!isWaiting())
            return;
        emit message(tr("%1: not exported: %2").arg(pendingPath(), text), MessageBar::Kind::Error);
        cancel();
    });
    connect(panel->job(), &GraphLayoutJob::cancelled, this, [this] {
        if (isWaiting() && !m_panel->job()->isRunning()) {
            emit statusMessage(tr("Export of %1 cancelled").arg(pendingPath()), 5000);
            cancel();
        }
    });
}

void GraphExportFlow::showDialog(QWidget* parent, const QString& baseName)
{
    if (!m_panel->snapshot())
        return;
    const auto format = graphExportFormatFromName(lastFormatName()).value_or(GraphExportFormat::Svg);
    auto* dialog = new GraphExportDialog(parent);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setDpi(QSettings().value(kDpiKey, 150).toInt());
    dialog->setFormat(format);
    dialog->setPath(
        QDir(lastDirectory())
            .filePath(QStringLiteral("%1-%2.%3")
                          .arg(baseName, graphViewName(m_panel->viewKind()), graphExportFormatName(format))));
    if (const GraphLayoutPtr layout = m_panel->currentLayout())
        dialog->setPictureSize(GraphPainter(layout).pictureRect().size());
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        remember(dialog->path(), graphExportFormatName(dialog->format()));
        QSettings().setValue(kDpiKey, dialog->dpi());
        exportTo(dialog->path(), dialog->options());
    });
    dialog->open();
}

void GraphExportFlow::exportTo(const QString& path, const GraphExportOptions& options)
{
    if (!m_panel->snapshot()) {
        emit message(tr("Open a file before exporting its graph."), MessageBar::Kind::Information);
        return;
    }
    exportWhenReady(path, tr("Laying out the graph for %1…").arg(path),
                    [this, options](const QString& target) {
                        m_job->start(m_panel->currentLayout(), target, options);
                        emit statusMessage(tr("Exporting the graph to %1…").arg(target), 0);
                    });
}

bool GraphExportFlow::isReady() const
{
    return m_panel->isLayoutCurrent();
}

// The graph tab may never have been shown (it lays out only when seen): lay out now.
void GraphExportFlow::prepare()
{
    m_panel->ensureLayout();
}

} // namespace numasight
