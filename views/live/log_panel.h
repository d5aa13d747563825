// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "views/common/message_bar.h"

#include <QDateTime>
#include <QWidget>

class QLabel;
class QToolButton;
class QTreeWidget;

namespace numasight {

// What the recorder and the witty-profiler poller said during live sessions, one line per kind with its
// time, under the tabs. Hidden while empty; otherwise a one-line header with the latest message that
// opens into the list. Nothing here asks to be dismissed: it is a log, not a banner.
class LogPanel : public QWidget
{
    Q_OBJECT
public:
    explicit LogPanel(QWidget* parent = nullptr);

    void add(const QString& text, numasight::MessageBar::Kind kind,
             const QDateTime& at = QDateTime::currentDateTime());
    void clear();
    int count() const;
    QString text(int row) const;
    bool isExpanded() const;
    void setExpanded(bool expanded);

    QToolButton* toggleButton() const { return m_toggle; }
    QLabel* latestLabel() const { return m_latest; }
    QTreeWidget* list() const { return m_list; }

private:
    void updateHeader();

    QToolButton* m_toggle;
    QLabel* m_latest;
    QToolButton* m_clear;
    QTreeWidget* m_list;
};

} // namespace numasight
