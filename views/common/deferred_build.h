// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QTimer>

#include <functional>

class QWidget;

namespace numasight {

// When a panel rebuilds its content: only while it is seen, and once per event-loop turn. Requests made
// while the owner is hidden wait until it is shown (a tab nobody looks at builds nothing); several requests
// in one turn make one build (a new snapshot and its samples arrive together).
class DeferredBuild : public QObject
{
public:
    DeferredBuild(QWidget* owner, std::function<void()> build);

    void request();
    void cancel();
    // Builds now when a build is requested (queued or waiting for the owner to be shown); true if it did.
    bool runNow();

    bool isQueued() const { return m_timer.isActive(); } // will build in this event-loop turn
    bool isWaitingForShow() const { return m_waiting; }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    QWidget* m_owner;
    std::function<void()> m_build;
    QTimer m_timer;
    bool m_waiting = false;
};

} // namespace numasight
