// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/common/shortcuts_dialog.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QSet>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace numasight {

namespace {

enum Column
{
    ActionColumn,
    KeysColumn,
    PlaceColumn
};

constexpr int kKeysRole = Qt::UserRole;

QString nativeKeys(const QList<QKeySequence>& keys)
{
    QStringList texts;
    for (const QKeySequence& key : keys)
        texts << key.toString(QKeySequence::NativeText);
    return texts.join(QStringLiteral(", "));
}

void collectMenu(const QMenu* menu, const QString& place, QList<ShortcutEntry>& out,
                 QSet<const QAction*>& seen)
{
    for (QAction* action : menu->actions()) {
        if (action->isSeparator())
            continue;
        if (QMenu* sub = action->menu()) {
            collectMenu(sub, place + QStringLiteral(" ▸ ") + plainActionText(sub->title()), out, seen);
            continue;
        }
        if (action->shortcuts().isEmpty() || seen.contains(action))
            continue;
        seen.insert(action);
        out.push_back({plainActionText(action->text()), place, action->shortcuts()});
    }
}

} // namespace

QString plainActionText(const QString& text)
{
    QString out;
    out.reserve(text.size());
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (text.at(i) == u'&') {
            if (i + 1 < text.size() && text.at(i + 1) == u'&')
                out += text.at(++i);
            continue;
        }
        out += text.at(i);
    }
    return out;
}

QList<ShortcutEntry> collectShortcuts(const QMenuBar* menuBar,
                                      const QList<std::pair<QString, const QWidget*>>& pages)
{
    QList<ShortcutEntry> out;
    QSet<const QAction*> seen;
    if (menuBar)
        for (QAction* top : menuBar->actions())
            if (QMenu* menu = top->menu())
                collectMenu(menu, plainActionText(menu->title()), out, seen);
    for (const auto& [name, page] : pages) {
        QList<QWidget*> widgets = page->findChildren<QWidget*>();
        widgets.prepend(const_cast<QWidget*>(page));
        for (const QWidget* widget : std::as_const(widgets))
            for (QAction* action : widget->actions())
                if (!action->shortcuts().isEmpty() && !action->isSeparator() && !seen.contains(action)) {
                    seen.insert(action);
                    out.push_back({plainActionText(action->text()), name, action->shortcuts()});
                }
    }
    return out;
}

ShortcutsDialog::ShortcutsDialog(const QList<ShortcutEntry>& entries, QWidget* parent)
    : QDialog(parent)
    , m_search(new QLineEdit(this))
    , m_list(new QTreeWidget(this))
{
    setObjectName(QStringLiteral("shortcutsDialog"));
    setWindowTitle(tr("Keyboard Shortcuts"));
    m_search->setObjectName(QStringLiteral("shortcutsSearch"));
    m_search->setPlaceholderText(tr("Search actions, menus or keys"));
    m_search->setClearButtonEnabled(true);
    m_list->setObjectName(QStringLiteral("shortcutsList"));
    m_list->setRootIsDecorated(false);
    m_list->setAlternatingRowColors(true);
    m_list->setHeaderLabels({tr("Action"), tr("Shortcut"), tr("Where")});
    m_list->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_list->header()->setStretchLastSection(true);
    for (const ShortcutEntry& entry : entries) {
        auto* item = new QTreeWidgetItem(m_list);
        item->setText(ActionColumn, entry.action);
        item->setText(KeysColumn, nativeKeys(entry.keys));
        item->setText(PlaceColumn, entry.place);
        QVariantList keys;
        for (const QKeySequence& key : entry.keys)
            keys << QVariant::fromValue(key);
        item->setData(KeysColumn, kKeysRole, keys);
    }
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_search, &QLineEdit::textChanged, this, &ShortcutsDialog::applySearch);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_search);
    layout->addWidget(m_list, 1);
    layout->addWidget(buttons);
    resize(640, 560);
}

void ShortcutsDialog::applySearch(const QString& text)
{
    const QString needle = text.trimmed();
    for (int i = 0; i < m_list->topLevelItemCount(); ++i) {
        QTreeWidgetItem* item = m_list->topLevelItem(i);
        bool match = needle.isEmpty();
        for (int c = ActionColumn; c <= PlaceColumn && !match; ++c)
            match = item->text(c).contains(needle, Qt::CaseInsensitive);
        item->setHidden(!match);
    }
}

int ShortcutsDialog::visibleRowsWith(const QKeySequence& key) const
{
    int rows = 0;
    for (int i = 0; i < m_list->topLevelItemCount(); ++i) {
        const QTreeWidgetItem* item = m_list->topLevelItem(i);
        if (!item->isHidden() &&
            item->data(KeysColumn, kKeysRole).toList().contains(QVariant::fromValue(key)))
            ++rows;
    }
    return rows;
}

} // namespace numasight
