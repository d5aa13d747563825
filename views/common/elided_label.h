// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QLabel>

namespace numasight {

// A one-line label that draws what does not fit shortened with "…" (at the end, or in the middle for paths,
// so the file name stays) and then carries the whole text as its tooltip; Copy in its context menu copies
// the whole text. text() stays the whole text. It can shrink below its text's width, so a long path or
// format never widens its panel, and no text is cut without a way to read it.
class ElidedLabel : public QLabel
{
    Q_OBJECT
public:
    explicit ElidedLabel(Qt::TextElideMode mode = Qt::ElideRight, QWidget* parent = nullptr);

    // Hides QLabel's (not virtual) to update the tooltip at once, also while the label is not painted (a
    // dock behind another's tab). Through a QLabel* the tooltip follows at the next paint or resize.
    void setText(const QString& text);

    QString shownText() const; // what fits in the label's width
    bool isElided() const { return shownText() != text(); }

    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void updateToolTip();

    Qt::TextElideMode m_mode;
};

} // namespace numasight
