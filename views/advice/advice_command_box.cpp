// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/advice/advice_command_box.h"

#include <QFontDatabase>
#include <QTextLayout>

#include <algorithm>
#include <cmath>

namespace numasight {

AdviceCommandBox::AdviceCommandBox(QWidget* parent)
    : QPlainTextEdit(parent)
{
    setReadOnly(true);
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    setLineWrapMode(QPlainTextEdit::WidgetWidth);
    setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    // It is as tall as its text: a scroll bar, even for a moment while the layout settles, would narrow the
    // lines, wrap one more and stay.
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setTabChangesFocus(true);
    QSizePolicy policy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
    connect(this, &QPlainTextEdit::textChanged, this, [this] {
        m_cachedWidth = -1;
        updateGeometry();
    });
}

int AdviceCommandBox::heightForWidth(int width) const
{
    if (width == m_cachedWidth)
        return m_cachedHeight;
    const int frame = 2 * frameWidth();
    const qreal margin = document()->documentMargin();
    // The editor lays a line out in its viewport less the document's margins and the cursor's pixel.
    const qreal lineWidth = std::max<qreal>(1, width - frame - 2 * margin - 1);
    QTextOption option = document()->defaultTextOption();
    option.setWrapMode(wordWrapMode());
    // The editor counts a line's leading too; a line short would bring a vertical scroll bar.
    const qreal spacing = QFontMetricsF(font()).lineSpacing();
    qreal height = 0;
    const QStringList paragraphs = toPlainText().split(QLatin1Char('\n'));
    for (const QString& paragraph : paragraphs) {
        QTextLayout layout(paragraph, font());
        layout.setTextOption(option);
        layout.beginLayout();
        for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
            line.setLineWidth(lineWidth);
            height += std::max(line.height(), spacing);
        }
        layout.endLayout();
    }
    height = std::max(height, qreal(fontMetrics().height()));
    m_cachedWidth = width;
    m_cachedHeight = int(std::ceil(height + 2 * margin)) + frame + 2;
    return m_cachedHeight;
}

QSize AdviceCommandBox::sizeHint() const
{
    const int width = QPlainTextEdit::sizeHint().width();
    return {width, heightForWidth(this->width() > 0 ? this->width() : width)};
}

QSize AdviceCommandBox::minimumSizeHint() const
{
    // Narrow: the text wraps instead of widening the pane.
    return {fontMetrics().horizontalAdvance(QLatin1Char('x')) * 16,
            heightForWidth(width() > 0 ? width() : 200)};
}

} // namespace numasight
