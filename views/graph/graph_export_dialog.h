// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "views/common/export_dialog.h"
#include "views/graph/graph_export.h"

namespace numasight {

// File ▸ Export Graph: where to, in which format (the combo and the file's suffix follow each other), and
// for PNG at which resolution, with the pixel size it gives.
class GraphExportDialog : public ExportDialog
{
    Q_OBJECT
public:
    explicit GraphExportDialog(QWidget* parent = nullptr);

    // `pictureSize`: the picture in points, for the PNG size hint; empty when no layout is ready yet.
    void setPictureSize(const QSizeF& points);
    void setFormat(GraphExportFormat format);
    GraphExportFormat format() const;
    GraphExportOptions options() const;
};

} // namespace numasight
