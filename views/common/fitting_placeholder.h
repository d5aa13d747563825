// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QStringList>

class QLineEdit;

namespace numasight {

// A line edit's placeholder that says as much as the field's width allows: the first of `texts` (the whole
// hint first, shorter ones after) that fits is shown, and the whole hint is the field's tooltip. A search
// field squeezed by a laptop's toolbar keeps a hint that reads whole instead of one cut mid-word.
class FittingPlaceholder : public QObject
{
    Q_OBJECT
public:
    FittingPlaceholder(QLineEdit* edit, QStringList texts);

    // Pixels an empty field has for its placeholder: its contents less the text margins and the clear
    // button, which the field keeps room for.
    static int room(const QLineEdit& edit);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void fit();

    QLineEdit* m_edit;
    QStringList m_texts;
};

} // namespace numasight
