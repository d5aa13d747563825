// SPDX-License-Identifier: GPL-3.0-or-later
// What the heatmap view tests share: where the fixtures are, how a picture's rows, columns and cells are
// found, how a panel is shown until its heatmap is built, and how an export is read back.
#pragma once

#undef QT_NO_FOREACH
#include <qcustomplot.h>
#undef foreach
#define QT_NO_FOREACH

#include "views/heatmap/heatmap_picture.h"
#include "views/heatmap/heatmap_plot.h"
#include "views/heatmap/node_heatmap_panel.h"

#include <QImage>
#include <QSet>
#include <QSignalSpy>
#include <QTest>
#include <QWidget>
#include <QXmlStreamReader>

namespace numasight::test {

inline const QString kWitty = QStringLiteral(NUMASIGHT_FIXTURES "/witty-profiler/graph.json");
inline const QString kHwloc = QStringLiteral(NUMASIGHT_FIXTURES "/hwloc/");
constexpr int kTimeout = 30000;

inline int rowOf(const HeatmapPicture& p, qint64 pid, qint64 tid)
{
    for (int r = 0; r < p.rowCount(); ++r)
        if (p.rows[size_t(r)].pid == pid && p.rows[size_t(r)].tid == tid)
            return r;
    return -1;
}

inline int columnOf(const HeatmapPicture& p, const QString& label)
{
    for (int c = 0; c < p.columnCount(); ++c)
        if (p.columns[size_t(c)].label == label)
            return c;
    return -1;
}

inline int rowLabelled(const HeatmapPicture& p, const QString& label)
{
    for (int r = 0; r < p.rowCount(); ++r)
        if (p.rows[size_t(r)].label == label)
            return r;
    return -1;
}

// What the colour map holds for a cell: the number it is coloured by.
inline double mapCell(const HeatmapPlot& plot, int row, int column)
{
    return plot.colorMap()->data()->data(column, row);
}

inline bool showAndBuild(QWidget& panel, QObject* signalSource, const char* signal)
{
    panel.resize(1400, 900);
    panel.show();
    if (!QTest::qWaitForWindowExposed(&panel))
        return false;
    QSignalSpy shown(signalSource, signal);
    return shown.wait(kTimeout) || !shown.isEmpty();
}

template <class F>
bool shownAfter(NodeHeatmapPanel& panel, F action)
{
    QSignalSpy shown(&panel, &NodeHeatmapPanel::heatmapShown);
    action();
    return shown.wait(kTimeout) || !shown.isEmpty();
}

inline QStringList svgTexts(const QByteArray& svg, QString* error)
{
    QStringList texts;
    QXmlStreamReader xml(svg);
    while (!xml.atEnd()) {
        if (xml.readNext() == QXmlStreamReader::StartElement && xml.name() == u"text")
            texts << xml.readElementText(QXmlStreamReader::IncludeChildElements).trimmed();
    }
    if (xml.hasError())
        *error = xml.errorString();
    return texts;
}

inline int distinctColors(const QImage& image)
{
    QSet<QRgb> colors;
    for (int y = 0; y < image.height(); y += 3)
        for (int x = 0; x < image.width(); x += 3)
            colors.insert(image.pixel(x, y));
    return int(colors.size());
}

} // namespace numasight::test
