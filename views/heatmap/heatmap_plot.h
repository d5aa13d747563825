// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "views/heatmap/heatmap_picture.h"

#include <QSize>
#include <QSizeF>
#include <QWidget>

#include <memory>
#include <optional>

class QCustomPlot;
class QCPColorMap;
class QPaintDevice;
class QScrollBar;

namespace numasight {

// Draws a HeatmapPicture with QCustomPlot: a QCPColorMap with the nodes along the top, the rows down the
// left, a colour scale on the right, the values written in cells big enough to hold them (QCPItemText, font
// scaled to the cell), glyph markers and a cursor column on top. Hovering shows the exact numbers; a click
// picks a row. Only heatmap_plot.cpp knows QCustomPlot, which is slow to compile.
//
// Rows have a fixed height and scroll (wheel, keys, the scroll bar), so 10 000 threads stay readable. A
// panel with its own row list (NodeHeatmapPanel's tree) drives the window instead: setRowWindow() puts
// exactly the rows the list shows beside it, and the plot's labels are hidden.
class HeatmapPlot : public QWidget
{
    Q_OBJECT
public:
    explicit HeatmapPlot(QWidget* parent = nullptr);
    ~HeatmapPlot() override;

    // Keeps the first row shown when the row count allows, so new figures do not scroll the view away.
    void setPicture(HeatmapPicture picture);
    const HeatmapPicture& picture() const;
    void clear();

    // Row height in pixels for the plot's own scrolling (4 to 48); + and - change it.
    void setRowHeight(int pixels);
    int rowHeight() const;
    // An outside list drives the rows: `rows` rows (a fraction for a partly visible last one) from `first`
    // fill the height between the top and bottom margins, and the plot's own row labels and scroll bar go
    // away.
    void setExternalRows(bool external);
    bool hasExternalRows() const;
    void setRowWindow(int first, double rows);
    // Every row at once, stretched to the height (matrices, time heatmaps: a few dozen nodes).
    void setShowAllRows(bool all);
    void setMargins(int top, int bottom); // of the colour map inside the widget, for lining up with a list
    int firstRow() const;
    int visibleRowCount() const; // rows at least partly in view
    void scrollToRow(int row);   // makes `row` visible
    // Title, subtitle and notes above the map (exports and panels without a caption of their own).
    void setDecorated(bool decorated);

    void setSelectedRow(int row); // -1: none; draws a frame, emits nothing
    int selectedRow() const { return m_selectedRow; }
    void setCursorColumn(int column); // -1: none
    int cursorColumn() const;

    // Geometry and text, for tests and the export: positions are in customPlot() coordinates.
    std::optional<std::pair<int, int>> cellAt(const QPoint& pos) const; // (row, column)
    QPoint cellCenter(int row, int column) const;
    int rowAtLabel(const QPoint& pos) const; // a row label under `pos`, -1 when none
    QString toolTipAt(const QPoint& pos) const;
    QStringList cellTexts() const;               // the texts written in cells now (values and markers)
    QString cellText(int row, int column) const; // "" when the cell has none
    // The height the node labels above the map need (standing on end when their columns are narrow): a
    // list lined up beside the plot keeps at least this much above its rows. The labels' rectangles, in
    // customPlot() coordinates.
    int columnLabelExtent() const;
    QList<QRect> columnLabelRects() const;

    QCustomPlot* customPlot() const;
    QCPColorMap* colorMap() const;
    QScrollBar* scrollBar() const { return m_scroll; }
    void replotNow(); // draws now instead of at the next event loop turn

signals:
    void rowClicked(int row);
    void cellClicked(int row, int column);
    void rowActivated(int row); // double-click or Enter: a process row folds or unfolds
    void columnClicked(int column);
    void rowWindowChanged(int first, int count);
    void wheelRows(int rows);  // with external rows: the wheel asks the list to scroll
    void columnLabelsTurned(); // the node labels stood on end or lay down: columnLabelExtent() changed

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    friend struct HeatmapPlotExportAccess;
    struct Private;
    void rebuild();
    void applyWindow();
    void updateCellTexts();
    void updateOverlays();
    void onScroll(int value);
    double fittingRows() const;
    int longestColumnLabel() const;
    void moveSelection(int delta);
    void applyPalette();

    std::unique_ptr<Private> m_d;
    QScrollBar* m_scroll;
    int m_selectedRow = -1;
};

// How a cell with marks (●, ◆) shows its number, for a cell, number and marks of these sizes in pixels: the
// number beside the marks, under them, or not at all (the marks alone; the cell's tooltip has the number).
enum class MarkedCell : std::uint8_t
{
    Beside,
    Below,
    MarksOnly
};
MarkedCell markedCellLayout(QSizeF cell, QSizeF text, QSizeF marks);

// Draws `picture` onto `device` as exports show it: at `size` (logical pixels; `scale` device pixels each
// on a raster device) with every row, the title and the notes, through the plot the window uses. `vector`:
// an SVG or PDF device, which keeps every line and glyph as drawn. False when painting cannot start. GUI
// thread only (QCustomPlot is a widget).
bool paintHeatmapPicture(const HeatmapPicture& picture, QSize size, QPaintDevice* device, double scale,
                         bool vector);

// The QCustomPlot version built against (the library has no run-time call), for Help ▸ About.
QString qcustomplotVersion();

} // namespace numasight
