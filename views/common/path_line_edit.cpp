// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/common/path_line_edit.h"

#include <QPainter>
#include <QStyle>
#include <QStyleOptionFrame>

namespace numasight {

PathLineEdit::PathLineEdit(QWidget* parent)
    : QLineEdit(parent)
{
    connect(this, &QLineEdit::textChanged, this, [this](const QString& text) { setToolTip(text); });
}

// QLineEdit's own text area: the style's contents rectangle less the text margins and its 2 px of
// horizontal padding.
QRect PathLineEdit::textRect() const
{
    QStyleOptionFrame option;
    initStyleOption(&option);
    return style()
        ->subElementRect(QStyle::SE_LineEditContents, &option, this)
        .marginsRemoved(textMargins())
        .adjusted(2, 0, -2, 0);
}

QString PathLineEdit::shownText() const
{
    const QString full = text();
    if (hasFocus() || echoMode() != Normal)
        return full;
    return fontMetrics().elidedText(full, Qt::ElideMiddle, textRect().width());
}

void PathLineEdit::paintEvent(QPaintEvent* event)
{
    const QString shown = shownText();
    if (shown == text()) {
        QLineEdit::paintEvent(event);
        return;
    }
    QPainter painter(this);
    QStyleOptionFrame option;
    initStyleOption(&option);
    style()->drawPrimitive(QStyle::PE_PanelLineEdit, &option, &painter, this);
    painter.setPen(palette().color(isEnabled() ? QPalette::Active : QPalette::Disabled, QPalette::Text));
    painter.drawText(textRect(), Qt::AlignVCenter | Qt::AlignLeft, shown);
}

} // namespace numasight
