// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/heatmap/row_height_delegate.h"

namespace numasight {

RowHeightDelegate::RowHeightDelegate(QObject* parent)
    : QStyledItemDelegate(parent)
{
}

void RowHeightDelegate::setMinimumRowHeight(int pixels)
{
    pixels = std::max(0, pixels);
    if (pixels == m_height)
        return;
    m_height = pixels;
    emit sizeHintChanged(QModelIndex()); // the view lays its rows out again
}

QSize RowHeightDelegate::sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    QSize size = QStyledItemDelegate::sizeHint(option, index);
    size.setHeight(std::max(size.height(), m_height));
    return size;
}

} // namespace numasight
