// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/heatmap/sort_arrow_header.h"

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

void SortArrowHeader::initStyleOptionForIndex(QStyleOptionHeader* option, int logicalIndex) const
{
    QHeaderView::initStyleOptionForIndex(option, logicalIndex);
    if (option->sortIndicator != QStyleOptionHeader::None)
        option->sortIndicator = arrowOf(sortIndicatorOrder());
}

} // namespace numasight
