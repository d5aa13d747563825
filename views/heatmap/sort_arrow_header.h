// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHeaderView>
#include <QStyleOptionHeader>

namespace numasight {

// A header whose sort arrow points the way the rows run: down for largest first (as the "↓" beside the
// sort box says), up for smallest first. Qt's own header draws Qt::DescendingOrder as SortUp, which most
// styles paint as an arrow pointing up: the opposite of the rows under it.
// A label wider than its section ends in "…" (the styles clip it in the middle otherwise); the model's
// header tooltip carries the whole name.
class SortArrowHeader : public QHeaderView
{
    Q_OBJECT
public:
    explicit SortArrowHeader(Qt::Orientation orientation, QWidget* parent = nullptr);

    // The arrow drawn for `order`.
    static QStyleOptionHeader::SortIndicator arrowOf(Qt::SortOrder order);
    // The arrow this header draws on `logicalIndex` now (None when it is not the sorted section).
    QStyleOptionHeader::SortIndicator arrowAt(int logicalIndex) const;
    // The label as drawn on `logicalIndex` now, and whether it lost text to fit its section.
    QString shownText(int logicalIndex) const;
    bool isElided(int logicalIndex) const;
    // The width `logicalIndex` needs to show its whole label (sort arrow included), and `text`.
    int fullWidth(int logicalIndex) const;
    int widthFor(const QString& text) const;

protected:
    void initStyleOptionForIndex(QStyleOptionHeader* option, int logicalIndex) const override;
};

} // namespace numasight
