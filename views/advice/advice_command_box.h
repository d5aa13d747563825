// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QPlainTextEdit>

namespace numasight {

// A read-only command in a fixed-width font that wraps at spaces (anywhere inside a word longer than the
// line) and grows in height to show all of it: the Advice pane must never scroll sideways to read a command,
// and a layout asks its height for the width it gets.
class AdviceCommandBox : public QPlainTextEdit
{
    Q_OBJECT
public:
    explicit AdviceCommandBox(QWidget* parent = nullptr);

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

private:
    // Laying out the text is the costly part and layouts ask many times for the same width.
    mutable int m_cachedWidth = -1;
    mutable int m_cachedHeight = 0;
};

} // namespace numasight
