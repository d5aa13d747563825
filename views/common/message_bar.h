// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QFrame>

class QLabel;
class QToolButton;

namespace numasight {

// An inline, dismissable message above the workspace (KDE's KMessageWidget idea): load errors appear here
// instead of in a modal box, so the window and the capture it shows stay usable.
class MessageBar : public QFrame
{
    Q_OBJECT
public:
    enum class Kind
    {
        Information,
        Warning,
        Error
    };

    explicit MessageBar(QWidget* parent = nullptr);

    void showMessage(const QString& text, Kind kind = Kind::Error);
    void dismiss();
    QString text() const;
    Kind kind() const { return m_kind; }

signals:
    void dismissed();

private:
    void applyColors();
    bool event(QEvent* event) override;

    QLabel* m_icon;
    QLabel* m_text;
    QToolButton* m_close;
    Kind m_kind = Kind::Information;
};

} // namespace numasight
