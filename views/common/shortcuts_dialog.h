// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDialog>
#include <QKeySequence>
#include <QList>

class QAction;
class QLineEdit;
class QMenuBar;
class QTreeWidget;

namespace numasight {

// One action with a shortcut: its text without the mnemonic '&', where it is found, and its keys.
struct ShortcutEntry
{
    QString action;
    QString place;
    QList<QKeySequence> keys;
};

// A menu or menu-bar text without its mnemonic marks ("&Save As…" → "Save As…", "&&" → "&").
QString plainActionText(const QString& text);

// Every action with a shortcut in `menuBar` (its place: the menu path, "File ▸ Open Recent") and in `pages`
// (actions a page or a widget in it adds to itself, active while it has the focus; the place is the page's
// name), each once, in that order.
QList<ShortcutEntry> collectShortcuts(const QMenuBar* menuBar,
                                      const QList<std::pair<QString, const QWidget*>>& pages = {});

// Help ▸ Keyboard Shortcuts: the window's shortcuts in the platform's notation, with a search box that
// matches the action, its place or its keys. Built from the actions themselves, so it cannot go stale.
class ShortcutsDialog : public QDialog
{
    Q_OBJECT
public:
    explicit ShortcutsDialog(const QList<ShortcutEntry>& entries, QWidget* parent = nullptr);

    QLineEdit* searchEdit() const { return m_search; }
    QTreeWidget* list() const { return m_list; }
    // The rows shown (not hidden by the search) whose keys include `key`.
    int visibleRowsWith(const QKeySequence& key) const;

private:
    void applySearch(const QString& text);

    QLineEdit* m_search;
    QTreeWidget* m_list;
};

} // namespace numasight
