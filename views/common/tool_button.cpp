// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/common/tool_button.h"

#include <QIcon>
#include <QToolButton>

namespace numasight {

QToolButton* makeToolButton(QWidget* parent, const QString& name, const QString& text, const QString& icon,
                            const QString& tip, Qt::ToolButtonStyle style)
{
    auto* b = new QToolButton(parent);
    b->setObjectName(name);
    b->setText(text);
    b->setIcon(QIcon::fromTheme(icon));
    b->setToolTip(tip);
    b->setAutoRaise(true);
    b->setToolButtonStyle(style);
    return b;
}

} // namespace numasight
