// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/heatmap/sort_arrow_header.h"

#include <QFontMetricsF>
#include <QStyle>

#include <cmath>

namespace numasight {

SortArrowHeader::SortArrowHeader(Qt::Orientation orientation, QWidget* parent)
    : QHeaderView(orientation, parent)
{
}

QStyleOptionHeader::SortIndicator SortArrowHeader::arrowOf(Qt::SortOrder order)
{
    return order == Qt::DescendingOrder ? QStyleOptionHeader::SortDown : QStyleOptionHeader::SortUp;
}

QStyleOptionHeader::SortIndicator SortArrowHeader::arrowAt(int logicalIndex) const
{
    QStyleOptionHeader option;
    initStyleOptionForIndex(&option, logicalIndex);
    return option.sortIndicator;
}

namespace {

// What a section's frame, padding and arrow take from its width (the arrow's room is kept on every section,
// so a label does not jump when the sort moves).
int chromeWidth(const QHeaderView* header)
{
    const int margin = header->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header);
    const int arrow = header->style()->pixelMetric(QStyle::PM_HeaderMarkSize, nullptr, header);
    return 3 * margin + arrow + 4;
}

} // namespace

void SortArrowHeader::initStyleOptionForIndex(QStyleOptionHeader* option, int logicalIndex) const
{
    QHeaderView::initStyleOptionForIndex(option, logicalIndex);
    if (option->sortIndicator != QStyleOptionHeader::None)
        option->sortIndicator = arrowOf(sortIndicatorOrder());
    if (orientation() == Qt::Horizontal)
        option->text = option->fontMetrics.elidedText(
            option->text, Qt::ElideRight, std::max(0, sectionSize(logicalIndex) - chromeWidth(this)));
}

QString SortArrowHeader::shownText(int logicalIndex) const
{
    QStyleOptionHeader option;
    initStyleOptionForIndex(&option, logicalIndex);
    return option.text;
}

bool SortArrowHeader::isElided(int logicalIndex) const
{
    return model() && shownText(logicalIndex) !=
                          model()->headerData(logicalIndex, orientation(), Qt::DisplayRole).toString();
}

int SortArrowHeader::fullWidth(int logicalIndex) const
{
    return widthFor(model() ? model()->headerData(logicalIndex, orientation()).toString() : QString());
}

int SortArrowHeader::widthFor(const QString& text) const
{
    // Rounded up: QFontMetrics rounds a fractional advance to nearest, and eliding at that width would cut a
    // name that was measured to fit.
    return int(std::ceil(QFontMetricsF(font()).horizontalAdvance(text))) + chromeWidth(this);
}

} // namespace numasight
