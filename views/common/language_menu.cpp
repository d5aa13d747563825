// SPDX-License-Identifier: GPL-3.0-or-later
#include "language_menu.h"

#include "util/format.h"
#include "util/translation.h"

#include <QActionGroup>
#include <QMessageBox>
#include <QSettings>

namespace numasight {

namespace {
const QString kLanguageKey = QStringLiteral("window/language");

// Each language is named in itself, so that a user who cannot read the current one still finds theirs.
QString nativeName(const QString& code)
{
    const QLocale locale(code);
    if (locale.language() == QLocale::Chinese)
        return QStringLiteral("简体中文");
    return QStringLiteral("English");
}
} // namespace

LanguageMenu::LanguageMenu(QWidget* parent)
    : QMenu(tr("&Language"), parent)
    , m_group(new QActionGroup(this))
{
    setObjectName(QStringLiteral("languageMenu"));
    const QString saved = savedLanguage();
    auto add = [this, &saved](const QString& text, const QString& code) {
        QAction* action = addAction(text);
        action->setCheckable(true);
        action->setChecked(code == saved);
        action->setData(code);
        m_group->addAction(action);
        connect(action, &QAction::triggered, this, [this, code] { choose(code); });
    };
    add(tr("System Language"), QString());
    addSeparator();
    for (const QString& code : availableLanguages())
        add(nativeName(code), code);
}

QString LanguageMenu::savedLanguage()
{
    const QString code = QSettings().value(kLanguageKey).toString();
    return availableLanguages().contains(code) ? code : QString();
}

void LanguageMenu::saveLanguage(const QString& code)
{
    QSettings().setValue(kLanguageKey, code);
}

void LanguageMenu::applySavedLanguage()
{
    const QString code = savedLanguage();
    const QLocale locale = languageLocale(code);
    installTranslations(locale);
    if (!code.isEmpty())
        QLocale::setDefault(locale);
    // Figures in the window follow the locale; the command line and the CSV and JSON writers stay in C.
    setDisplayLocale(QLocale());
}

void LanguageMenu::choose(const QString& code)
{
    if (code == savedLanguage())
        return;
    saveLanguage(code);
    emit languageChosen(code);
    // Not modal: nothing waits for the user to read it.
    auto* box = new QMessageBox(QMessageBox::Information, tr("Language"),
                                tr("The new language is used when numasight is started again."),
                                QMessageBox::Ok, parentWidget());
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

} // namespace numasight
