// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/graph/graph_export_dialog.h"

namespace numasight {

namespace {

ExportDialog::Formats graphFormats()
{
    ExportDialog::Formats out;
    out.list = {
        {int(GraphExportFormat::Svg), QObject::tr("SVG — vector, searchable text"), false},
        {int(GraphExportFormat::Pdf), QObject::tr("PDF — vector, one page"), false},
        {int(GraphExportFormat::Png), QObject::tr("PNG — image"), true},
        {int(GraphExportFormat::Dot), QObject::tr("DOT — Graphviz source"), false},
    };
    out.forPath = [](const QString& path) -> std::optional<int> {
        if (const auto f = graphExportFormatForPath(path))
            return int(*f);
        return std::nullopt;
    };
    out.suffix = [](int id) { return graphExportFormatName(GraphExportFormat(id)); };
    return out;
}

} // namespace

GraphExportDialog::GraphExportDialog(QWidget* parent)
    : ExportDialog(tr("Export Graph"),
                   tr("SVG (*.svg);;PDF (*.pdf);;PNG (*.png);;Graphviz DOT (*.dot *.gv);;All files (*)"),
                   graphFormats(), parent)
{
    setObjectName(QStringLiteral("graphExportDialog"));
    setFormatNote(int(GraphExportFormat::Dot),
                  tr("The graph for Graphviz, without positions: run dot on it to lay it out."));
}

void GraphExportDialog::setPictureSize(const QSizeF& points)
{
    ExportDialog::setPictureSize(points, 72.0);
}

void GraphExportDialog::setFormat(GraphExportFormat format)
{
    setFormatId(int(format));
}

GraphExportFormat GraphExportDialog::format() const
{
    return GraphExportFormat(formatId());
}

GraphExportOptions GraphExportDialog::options() const
{
    GraphExportOptions o;
    o.format = format();
    o.dpi = dpi();
    return o;
}

} // namespace numasight
