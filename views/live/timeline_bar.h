// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

#include <functional>

class QLabel;
class QSlider;
class QToolButton;

namespace numasight {

// Picks which position of a capture the views show: a sample of a recording, or a snapshot of witty JSON
// Lines and witty attach sessions. The slider takes Left/Right, PageUp/PageDown, Home/End when focused.
// While the slider sits on the last position it follows new ones as they arrive; once the user moves
// back it stays where it was put, until they return to the end ("Latest").
class TimelineBar : public QWidget
{
    Q_OBJECT
public:
    explicit TimelineBar(QWidget* parent = nullptr);

    // `count` positions; `describe(i)` is the text shown beside the slider for position i.
    void setCount(int count, std::function<QString(int)> describe);
    // Empties the timeline. A timeline that follows the latest position starts at the newest one when
    // positions arrive (live sessions); otherwise at the first (files).
    void clear(bool followLatest = true);
    int count() const;
    int position() const;
    void setPosition(int position); // emits positionChanged when it changes
    bool isFollowingLatest() const { return m_follow; }
    QSlider* slider() const { return m_slider; }
    QLabel* label() const { return m_label; }

signals:
    void positionChanged(int position);

private:
    void onSliderMoved(int value);
    void updateLabel();

    QSlider* m_slider;
    QLabel* m_label;
    QToolButton* m_latest;
    std::function<QString(int)> m_describe;
    bool m_follow = true;
};

} // namespace numasight
