// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/live/live_indicator.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QStyle>
#include <QToolButton>

namespace numasight {

LiveIndicator::LiveIndicator(QWidget* parent)
    : QWidget(parent)
    , m_dot(new QLabel(this))
    , m_label(new QLabel(this))
    , m_pause(new QToolButton(this))
    , m_stop(new QToolButton(this))
{
    setObjectName(QStringLiteral("liveIndicator"));
    m_label->setObjectName(QStringLiteral("liveLabel"));
    m_pause->setObjectName(QStringLiteral("livePauseButton"));
    m_stop->setObjectName(QStringLiteral("liveStopButton"));
    m_dot->setText(QStringLiteral("●"));
    m_dot->setStyleSheet(QStringLiteral("color: #d32f2f;"));
    m_pause->setCheckable(true);
    m_pause->setText(tr("Pause"));
    m_pause->setIcon(style()->standardIcon(QStyle::SP_MediaPause));
    m_pause->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_pause->setToolTip(tr("Pause sampling; Resume continues the same recording (Ctrl+Shift+P)"));
    m_stop->setText(tr("Stop"));
    m_stop->setIcon(style()->standardIcon(QStyle::SP_MediaStop));
    m_stop->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_stop->setToolTip(tr("End the live session; what was captured stays open (Ctrl+Shift+E)"));
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_dot);
    layout->addWidget(m_label);
    layout->addWidget(m_pause);
    layout->addWidget(m_stop);
    connect(m_pause, &QToolButton::toggled, this, &LiveIndicator::pauseToggled);
    connect(m_stop, &QToolButton::clicked, this, &LiveIndicator::stopRequested);
    hide();
}

void LiveIndicator::showState(const QString& text, bool canPause, bool paused, bool canStop)
{
    m_label->setText(text);
    {
        const QSignalBlocker block(m_pause);
        m_pause->setChecked(paused);
    }
    m_pause->setText(paused ? tr("Resume") : tr("Pause"));
    m_pause->setIcon(style()->standardIcon(paused ? QStyle::SP_MediaPlay : QStyle::SP_MediaPause));
    m_pause->setVisible(canPause);
    m_stop->setEnabled(canStop);
    m_dot->setStyleSheet(paused ? QStringLiteral("color: #f9a825;") : QStringLiteral("color: #d32f2f;"));
    show();
}

} // namespace numasight
