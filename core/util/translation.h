// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QLocale>
#include <QString>
#include <QStringList>

// The program's languages. Source strings are English; translations are compiled from
// resources/translations/*.ts into the resource folder ":/i18n" that the window and both command-line
// programs share. Core text is marked with QCoreApplication::translate("numasight::<Context>", …), so it
// stays QtCore only.
namespace numasight {

// The language codes a user can choose besides following the system: "en" (the source strings) and the
// translated ones ("zh_CN").
QStringList availableLanguages();

// The language `code` names ("en", "zh_CN"), or the system's when it is empty (the first of
// QLocale::system().uiLanguages(), which follows LANGUAGE, LC_ALL, LC_MESSAGES and LANG).
QLocale languageLocale(const QString& code);

// Installs numasight's translation and Qt's own (qtbase, for the standard dialogs' buttons, when Qt's
// translations are installed) for `locale` on the running application. Returns whether numasight's was
// found: false for English and for languages without a translation, whose text stays the source's.
bool installTranslations(const QLocale& locale);

} // namespace numasight
