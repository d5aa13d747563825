// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/live/timeline_bar.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSlider>
#include <QToolButton>

namespace numasight {

TimelineBar::TimelineBar(QWidget* parent)
    : QWidget(parent)
    , m_slider(new QSlider(Qt::Horizontal, this))
    , m_label(new QLabel(this))
    , m_latest(new QToolButton(this))
{
    setObjectName(QStringLiteral("timelineBar"));
    m_slider->setObjectName(QStringLiteral("timelineSlider"));
    m_label->setObjectName(QStringLiteral("timelineLabel"));
    m_latest->setObjectName(QStringLiteral("timelineLatest"));
    m_slider->setFocusPolicy(Qt::StrongFocus);
    m_slider->setTickPosition(QSlider::NoTicks);
    m_slider->setPageStep(10);
    m_slider->setToolTip(tr("Which sample or snapshot the views show (Left/Right, Home/End)"));
    m_label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // Wide enough for "Sample 1234 of 5678 · date time.ms" so the slider does not jitter as the text
    // changes, but no wider: the workspace's minimum width decides how narrow the docks may get.
    m_label->setMinimumWidth(m_label->fontMetrics().horizontalAdvance(
        QStringLiteral("Sample 0000 of 0000 · 2000-01-01 00:00:00.000")));
    m_latest->setText(tr("Latest"));
    m_latest->setToolTip(tr("Show the newest position and follow new ones as they arrive"));
    m_latest->setCheckable(true);
    m_latest->setChecked(true);

    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(new QLabel(tr("Timeline:"), this));
    layout->addWidget(m_slider, 1);
    layout->addWidget(m_label);
    layout->addWidget(m_latest);

    // valueChanged covers keys, clicks on the groove and drags alike.
    connect(m_slider, &QSlider::valueChanged, this, &TimelineBar::onSliderMoved);
    connect(m_latest, &QToolButton::clicked, this, [this] { setPosition(m_slider->maximum()); });
    clear();
}

void TimelineBar::clear(bool followLatest)
{
    m_describe = {};
    const QSignalBlocker block(m_slider);
    m_slider->setRange(0, 0);
    m_slider->setValue(0);
    m_follow = followLatest;
    m_latest->setChecked(followLatest);
    m_slider->setEnabled(false);
    updateLabel();
}

void TimelineBar::setCount(int count, std::function<QString(int)> describe)
{
    m_describe = std::move(describe);
    const int old = m_slider->value();
    {
        const QSignalBlocker block(m_slider);
        m_slider->setRange(0, std::max(0, count - 1));
        m_slider->setEnabled(count > 1);
    }
    const int wanted = m_follow ? m_slider->maximum() : std::min(old, m_slider->maximum());
    {
        const QSignalBlocker block(m_slider);
        m_slider->setValue(wanted);
    }
    updateLabel();
    if (wanted != old)
        emit positionChanged(wanted);
}

int TimelineBar::count() const
{
    return m_describe ? m_slider->maximum() + 1 : 0;
}

int TimelineBar::position() const
{
    return m_slider->value();
}

void TimelineBar::setPosition(int position)
{
    m_slider->setValue(std::clamp(position, 0, m_slider->maximum()));
    // At the end already (no change): still turn following back on.
    m_follow = m_slider->value() == m_slider->maximum();
    m_latest->setChecked(m_follow);
}

void TimelineBar::onSliderMoved(int value)
{
    m_follow = value == m_slider->maximum();
    m_latest->setChecked(m_follow);
    updateLabel();
    emit positionChanged(value);
}

void TimelineBar::updateLabel()
{
    m_label->setText(m_describe ? m_describe(m_slider->value()) : tr("—"));
}

} // namespace numasight
