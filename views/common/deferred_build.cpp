// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/common/deferred_build.h"

#include <QEvent>
#include <QWidget>

namespace numasight {

DeferredBuild::DeferredBuild(QWidget* owner, std::function<void()> build)
    : QObject(owner)
    , m_owner(owner)
    , m_build(std::move(build))
{
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, [this] { m_build(); });
    owner->installEventFilter(this);
}

void DeferredBuild::request()
{
    if (!m_owner->isVisible()) {
        m_waiting = true;
        m_timer.stop();
        return;
    }
    m_waiting = false;
    m_timer.start(0);
}

void DeferredBuild::cancel()
{
    m_waiting = false;
    m_timer.stop();
}

bool DeferredBuild::runNow()
{
    if (!m_waiting && !m_timer.isActive())
        return false;
    cancel();
    m_build();
    return true;
}

bool DeferredBuild::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_owner && event->type() == QEvent::Show && m_waiting)
        request();
    return false;
}

} // namespace numasight
