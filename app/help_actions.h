// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "views/common/message_bar.h"
#include "views/common/shortcuts_dialog.h"

#include <QObject>

#include <functional>

class QAction;
class QMessageBox;
class QWidget;

namespace numasight {

// The Help menu's actions: Keyboard Shortcuts (listed from the window's actions when asked), Documentation
// (the README and docs/ shipped with the program) and About (the versions of the libraries found at run
// time). Results and failures go out as messages for the window's bars.
class HelpActions : public QObject
{
    Q_OBJECT
public:
    // `shortcuts` lists the window's shortcuts at the moment the dialog opens.
    HelpActions(QWidget* window, std::function<QList<ShortcutEntry>()> shortcuts);

    QList<QAction*> actions() const { return {m_shortcutsAction, m_docsAction, m_aboutAction}; }
    QAction* shortcutsAction() const { return m_shortcutsAction; }
    QAction* documentationAction() const { return m_docsAction; }
    QAction* aboutAction() const { return m_aboutAction; }

    // Each returns the dialog it opened (window-modal, deleted on close).
    ShortcutsDialog* showShortcuts();
    QMessageBox* showAbout();
    // Opens README.md of the first documentation folder found; says where it looked when there is none.
    void showDocumentation();

    // Where the documentation is looked for, in order: share/doc/numasight beside the installed binary,
    // then the source tree of a build that was not installed.
    static QStringList documentationFolders();
    // The first of those that holds README.md, or empty.
    static QString documentationFolder();
    // About's text: what numasight is and the versions of Qt, hwloc, libbpf, Graphviz, QCustomPlot,
    // SQLite and simdjson it runs with.
    static QString aboutText();

signals:
    void statusMessage(const QString& text, int timeoutMs);
    void message(const QString& text, numasight::MessageBar::Kind kind);

private:
    QWidget* m_window;
    std::function<QList<ShortcutEntry>()> m_shortcuts;
    QAction* m_shortcutsAction;
    QAction* m_docsAction;
    QAction* m_aboutAction;
};

} // namespace numasight
