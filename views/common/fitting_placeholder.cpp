// SPDX-License-Identifier: GPL-3.0-or-later
#include "fitting_placeholder.h"

#include <QEvent>
#include <QLineEdit>
#include <QStyle>
#include <QStyleOptionFrame>

namespace numasight {

FittingPlaceholder::FittingPlaceholder(QLineEdit* edit, QStringList texts)
    : QObject(edit)
    , m_edit(edit)
    , m_texts(std::move(texts))
{
    Q_ASSERT(!m_texts.isEmpty());
    m_edit->setToolTip(m_texts.front());
    m_edit->installEventFilter(this);
    fit();
}

int FittingPlaceholder::room(const QLineEdit& edit)
{
    QStyleOptionFrame option;
    option.initFrom(&edit);
    option.rect = edit.rect();
    option.lineWidth = edit.hasFrame() ? edit.style()->pixelMetric(QStyle::PM_DefaultFrameWidth) : 0;
    const QRect contents = edit.style()->subElementRect(QStyle::SE_LineEditContents, &option, &edit);
    const QMargins margins = edit.textMargins();
    constexpr int kTextMargin = 2; // QLineEdit's own, on each side
    const int clearButton = edit.isClearButtonEnabled() ? contents.height() : 0;
    return contents.width() - margins.left() - margins.right() - 2 * kTextMargin - clearButton;
}

bool FittingPlaceholder::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_edit && (event->type() == QEvent::Resize || event->type() == QEvent::FontChange ||
                              event->type() == QEvent::StyleChange))
        fit();
    return QObject::eventFilter(watched, event);
}

void FittingPlaceholder::fit()
{
    const int room = FittingPlaceholder::room(*m_edit);
    // Never narrower than the shortest hint. What the frame, the margins and the clear button take does not
    // depend on the width, but the button grows with the height, which is only final once laid out.
    const int least = m_edit->fontMetrics().horizontalAdvance(m_texts.back()) + m_edit->width() - room;
    if (m_edit->minimumWidth() != least)
        m_edit->setMinimumWidth(least);
    // The first hint that fits, else the last (the shortest).
    qsizetype pick = m_texts.size() - 1;
    for (qsizetype i = 0; i < pick; ++i)
        if (m_edit->fontMetrics().horizontalAdvance(m_texts[i]) <= room) {
            pick = i;
            break;
        }
    if (m_edit->placeholderText() != m_texts[pick])
        m_edit->setPlaceholderText(m_texts[pick]);
}

} // namespace numasight
