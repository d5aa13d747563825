// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/common/message_bar.h"

#include <QApplication>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QStyle>
#include <QToolButton>

namespace numasight {

MessageBar::MessageBar(QWidget* parent)
    : QFrame(parent)
    , m_icon(new QLabel(this))
    , m_text(new QLabel(this))
    , m_close(new QToolButton(this))
{
    setObjectName(QStringLiteral("messageBar"));
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    m_text->setObjectName(QStringLiteral("messageText"));
    m_text->setWordWrap(true);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_text->setTextFormat(Qt::PlainText);
    m_close->setObjectName(QStringLiteral("messageClose"));
    m_close->setAutoRaise(true);
    m_close->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
    m_close->setToolTip(tr("Dismiss"));
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 4, 4, 4);
    layout->addWidget(m_icon, 0, Qt::AlignTop);
    layout->addWidget(m_text, 1);
    layout->addWidget(m_close, 0, Qt::AlignTop);
    connect(m_close, &QToolButton::clicked, this, &MessageBar::dismiss);
    hide();
}

void MessageBar::showMessage(const QString& text, Kind kind)
{
    m_kind = kind;
    m_text->setText(text);
    const QStyle::StandardPixmap icon = kind == Kind::Error     ? QStyle::SP_MessageBoxCritical
                                        : kind == Kind::Warning ? QStyle::SP_MessageBoxWarning
                                                                : QStyle::SP_MessageBoxInformation;
    const int size = style()->pixelMetric(QStyle::PM_SmallIconSize);
    m_icon->setPixmap(style()->standardIcon(icon).pixmap(size, size));
    applyColors();
    show();
}

void MessageBar::dismiss()
{
    if (isHidden())
        return;
    hide();
    emit dismissed();
}

QString MessageBar::text() const
{
    return isHidden() ? QString() : m_text->text();
}

void MessageBar::applyColors()
{
    // Tints derived from the palette keep the bar legible in dark and light themes alike.
    const QColor base = QApplication::palette().color(QPalette::Window);
    const QColor tint = m_kind == Kind::Error     ? QColor(220, 50, 47)
                        : m_kind == Kind::Warning ? QColor(203, 140, 0)
                                                  : QColor(38, 139, 210);
    QColor mixed;
    mixed.setRgbF(base.redF() * 0.8f + tint.redF() * 0.2f, base.greenF() * 0.8f + tint.greenF() * 0.2f,
                  base.blueF() * 0.8f + tint.blueF() * 0.2f);
    QPalette p = palette();
    p.setColor(QPalette::Window, mixed);
    setPalette(p);
}

bool MessageBar::event(QEvent* event)
{
    if (event->type() == QEvent::ApplicationPaletteChange)
        applyColors();
    return QFrame::event(event);
}

} // namespace numasight
