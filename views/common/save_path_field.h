// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

class QLineEdit;

namespace numasight {

// Where a dialog writes a file: the path in a line edit, and a Browse… button that asks for it in a save
// dialog starting there. What the save dialog picked goes out through `chosen`, not into the edit: the owner
// adds its suffix or follows the format the name says.
class SavePathField : public QWidget
{
    Q_OBJECT
public:
    // `browseText` labels the button (with its mnemonic); `title` and `filter` are the save dialog's.
    SavePathField(const QString& browseText, const QString& title, const QString& filter, QWidget* parent);

    QLineEdit* lineEdit() const { return m_edit; }

signals:
    void chosen(const QString& path);

private:
    void browse();

    QLineEdit* m_edit;
    QString m_title;
    QString m_filter;
};

} // namespace numasight
