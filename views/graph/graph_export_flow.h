// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "views/common/export_flow.h"
#include "views/graph/graph_export.h"

class QWidget;

namespace numasight {

class GraphExportJob;
class GraphPanel;

// File ▸ Export Graph for a GraphPanel: the dialog (which remembers the folder, the format and the
// resolution), then the graph the panel is set to, laid out first when the tab was never seen, written on a
// worker. An export waiting for its layout is dropped when the layout fails, is cancelled, or the panel is
// cleared.
class GraphExportFlow : public ExportFlow
{
    Q_OBJECT
public:
    explicit GraphExportFlow(GraphPanel* panel);

    // The file name proposed is "<baseName>-<view>.<format>" in the folder used last.
    void showDialog(QWidget* parent, const QString& baseName);
    void exportTo(const QString& path, const GraphExportOptions& options);
    GraphExportJob* job() const { return m_job; }

private:
    bool isReady() const override;
    void prepare() override;

    GraphPanel* m_panel;
    GraphExportJob* m_job;
};

} // namespace numasight
