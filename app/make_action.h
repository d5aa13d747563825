// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QAction>
#include <QObject>

namespace numasight {

// An action of the window's menus, owned by `receiver`: its shortcut, what it runs, and optionally a themed
// icon and a status tip.
template <class Receiver, class Slot>
QAction* makeAction(Receiver* receiver, const QString& text, const QKeySequence& key, Slot slot,
                    const char* icon = nullptr, const QString& tip = {})
{
    auto* action = new QAction(icon ? QIcon::fromTheme(QLatin1String(icon)) : QIcon(), text, receiver);
    action->setShortcut(key);
    if (!tip.isEmpty())
        action->setStatusTip(tip);
    QObject::connect(action, &QAction::triggered, receiver, slot);
    return action;
}

} // namespace numasight
