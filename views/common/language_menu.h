// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QMenu>

class QActionGroup;

namespace numasight {

// View ▸ Language: English, 简体中文 or the system's language, remembered in the settings. The choice takes
// effect when the program starts next (main() installs it before any window exists), and the menu says so.
class LanguageMenu : public QMenu
{
    Q_OBJECT

public:
    explicit LanguageMenu(QWidget* parent = nullptr);

    // The remembered choice: "" for the system's language, or one of availableLanguages().
    static QString savedLanguage();
    static void saveLanguage(const QString& code);
    // Installs the translations of the remembered choice and makes its locale the one numbers and dates
    // follow in the window (formatBytes and the rest of util/format.h); called once by main(), before any
    // other thread runs.
    static void applySavedLanguage();

signals:
    void languageChosen(const QString& code);

private:
    void choose(const QString& code);

    QActionGroup* m_group = nullptr;
};

} // namespace numasight
