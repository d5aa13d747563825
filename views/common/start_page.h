// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>
#include <QWidget>

class QListWidget;
class QListWidgetItem;
class QPushButton;

namespace numasight {

// What the window shows before anything is loaded: attach to this machine, open a file, or pick a recent
// file. Recent files that no longer exist stay listed but greyed out, so a moved file is noticed rather
// than silently forgotten.
class StartPage : public QWidget
{
    Q_OBJECT
public:
    explicit StartPage(QWidget* parent = nullptr);

    void setRecentFiles(const QStringList& paths);
    QListWidget* recentList() const { return m_recent; }

signals:
    void attachRequested();
    void attachWittyRequested();
    void openRequested();
    void recentActivated(const QString& path);
    void clearRecentRequested();

private:
    QPushButton* m_attach;
    QPushButton* m_attachWitty;
    QPushButton* m_open;
    QPushButton* m_clear;
    QListWidget* m_recent;
};

} // namespace numasight
