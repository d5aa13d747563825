// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStyledItemDelegate>

namespace numasight {

// Rows at least a given height: a heatmap list with few rows on a tall screen grows them, so the map
// beside it (which draws row for row) is not a thin strip at the top of an empty page.
class RowHeightDelegate : public QStyledItemDelegate
{
    Q_OBJECT
public:
    explicit RowHeightDelegate(QObject* parent = nullptr);

    void setMinimumRowHeight(int pixels); // 0: the style's height
    int minimumRowHeight() const { return m_height; }

    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override;

private:
    int m_height = 0;
};

} // namespace numasight
