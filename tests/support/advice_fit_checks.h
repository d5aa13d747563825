// SPDX-License-Identifier: GPL-3.0-or-later
// What the Advice page must show whole at every window size: its suggestion pane without a sideways scroll
// bar and with every button inside the visible viewport, and no header or cell of the findings cut without a
// tooltip that holds its text. Shared by tst_advice_view and tst_main_window.
#pragma once

#include "views/advice/advice_panel.h"

#include <QAbstractButton>
#include <QAbstractItemDelegate>
#include <QHeaderView>
#include <QScrollArea>
#include <QScrollBar>
#include <QStyleOptionViewItem>
#include <QTableView>
#include <QTreeView>

namespace numasight::test {

// What of the suggestion pane cannot be seen without scrolling sideways: the scroll bar, and each button
// that, scrolled into view, still does not fit in the viewport.
inline QStringList suggestionPaneOverflow(const AdvicePanel& panel)
{
    QStringList out;
    QScrollArea* scroll = panel.suggestionScroll();
    if (scroll->horizontalScrollBar()->isVisible())
        out << QStringLiteral("horizontal scroll bar (pane %1 px in a %2 px viewport)")
                   .arg(scroll->widget()->width())
                   .arg(scroll->viewport()->width());
    const QRect viewport = scroll->viewport()->rect();
    for (QAbstractButton* button : scroll->widget()->findChildren<QAbstractButton*>()) {
        if (!button->isVisible())
            continue;
        scroll->ensureWidgetVisible(button, 0, 0);
        const QRect at(button->mapTo(scroll->viewport(), QPoint()), button->size());
        if (!viewport.contains(at))
            out << QStringLiteral("%1 '%2' at %3,%4 %5x%6 outside the %7x%8 viewport")
                       .arg(button->objectName(), button->text())
                       .arg(at.x())
                       .arg(at.y())
                       .arg(at.width())
                       .arg(at.height())
                       .arg(viewport.width())
                       .arg(viewport.height());
    }
    // The table of figures shows its columns whole, inside the viewport.
    for (QTableView* table : scroll->widget()->findChildren<QTableView*>()) {
        if (!table->isVisible())
            continue;
        const QHeaderView* header = table->horizontalHeader();
        for (int c = 0; c < header->count(); ++c)
            if (header->sectionSizeHint(c) > header->sectionSize(c))
                out << QStringLiteral("%1 column %2 (%3 of %4 px)")
                           .arg(table->objectName())
                           .arg(c)
                           .arg(header->sectionSize(c))
                           .arg(header->sectionSizeHint(c));
        if (table->mapTo(scroll->viewport(), QPoint()).x() + table->width() > viewport.width() ||
            table->horizontalScrollBar()->maximum() > 0)
            out << QStringLiteral("%1 cut").arg(table->objectName());
    }
    return out;
}

// Visible header sections and cells of `view` whose text does not fit and whose tooltip does not hold it.
inline QStringList cutWithoutTooltip(const QTreeView& view)
{
    QStringList out;
    const QAbstractItemModel* model = view.model();
    const QHeaderView* header = view.header();
    for (int c = 0; c < model->columnCount(); ++c) {
        if (view.isColumnHidden(c))
            continue;
        const QString text = model->headerData(c, Qt::Horizontal).toString();
        const QString tip = model->headerData(c, Qt::Horizontal, Qt::ToolTipRole).toString();
        if (header->sectionSizeHint(c) > header->sectionSize(c) && !tip.contains(text))
            out << QStringLiteral("header '%1' (%2 of %3 px)")
                       .arg(text)
                       .arg(header->sectionSize(c))
                       .arg(header->sectionSizeHint(c));
    }
    QStyleOptionViewItem option;
    option.initFrom(&view);
    option.font = view.font();
    option.decorationSize = view.iconSize().isValid() ? view.iconSize() : QSize(16, 16);
    option.features = QStyleOptionViewItem::HasDisplay | QStyleOptionViewItem::HasDecoration;
    for (QModelIndex row = view.indexAt(QPoint(1, 1)); row.isValid(); row = view.indexBelow(row)) {
        if (view.visualRect(row).top() > view.viewport()->height())
            break;
        for (int c = 0; c < model->columnCount(); ++c) {
            if (view.isColumnHidden(c))
                continue;
            const QModelIndex cell = row.siblingAtColumn(c);
            const QString text = cell.data().toString();
            const QRect rect = view.visualRect(cell);
            if (text.isEmpty() ||
                rect.width() >= view.itemDelegateForIndex(cell)->sizeHint(option, cell).width())
                continue;
            if (!cell.data(Qt::ToolTipRole).toString().contains(text))
                out << QStringLiteral("cell %1,%2 '%3' (%4 px)")
                           .arg(row.row())
                           .arg(c)
                           .arg(text)
                           .arg(rect.width());
        }
    }
    return out;
}

} // namespace numasight::test
