// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <Qt>

class QToolButton;
class QWidget;

namespace numasight {

// The flat tool buttons of the panels' tool rows: named (tests find them by name), themed icon, tooltip.
QToolButton* makeToolButton(QWidget* parent, const QString& name, const QString& text, const QString& icon,
                            const QString& tip, Qt::ToolButtonStyle style = Qt::ToolButtonTextBesideIcon);

} // namespace numasight
