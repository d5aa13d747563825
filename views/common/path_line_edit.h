// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QLineEdit>

namespace numasight {

// A line edit for a file path. A path longer than the field shows its start and its file name with the
// middle elided while the field is not being edited (a plain QLineEdit scrolls to the end and shows only
// the tail); the full path is the tooltip and comes back for editing with the focus.
class PathLineEdit : public QLineEdit
{
    Q_OBJECT
public:
    explicit PathLineEdit(QWidget* parent = nullptr);

    // What the field shows now: the text, or its elided form.
    QString shownText() const;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    QRect textRect() const;
};

} // namespace numasight
