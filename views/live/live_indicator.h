// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

class QLabel;
class QToolButton;

namespace numasight {

// The status bar's view of a live session: "Recording · ebpf · 12 samples" (or "Polling · 2 hosts ·
// 5 rounds") with Pause/Resume and Stop. Hidden when nothing is live.
class LiveIndicator : public QWidget
{
    Q_OBJECT
public:
    explicit LiveIndicator(QWidget* parent = nullptr);

    void showState(const QString& text, bool canPause, bool paused, bool canStop);
    QLabel* label() const { return m_label; }
    QToolButton* pauseButton() const { return m_pause; }
    QToolButton* stopButton() const { return m_stop; }

signals:
    void pauseToggled(bool paused);
    void stopRequested();

private:
    QLabel* m_dot;
    QLabel* m_label;
    QToolButton* m_pause;
    QToolButton* m_stop;
};

} // namespace numasight
