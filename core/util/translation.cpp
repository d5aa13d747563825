// SPDX-License-Identifier: GPL-3.0-or-later
#include "translation.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QTranslator>

namespace numasight {

QStringList availableLanguages()
{
    return {QStringLiteral("en"), QStringLiteral("zh_CN")};
}

QLocale languageLocale(const QString& code)
{
    return code.isEmpty() ? QLocale::system() : QLocale(code);
}

namespace {

// The translator lives as long as the application that owns it; one that found no file is dropped.
bool install(const QLocale& locale, const QString& name, const QString& folder)
{
    auto* translator = new QTranslator(QCoreApplication::instance());
    if (translator->load(locale, name, QStringLiteral("_"), folder) &&
        QCoreApplication::installTranslator(translator))
        return true;
    delete translator;
    return false;
}

} // namespace

bool installTranslations(const QLocale& locale)
{
    // English is the source language: a translation file for one of its variants would only get in the way.
    const QString first = locale.uiLanguages().value(0);
    if (first.isEmpty() || first == QLatin1String("C") || first.startsWith(QLatin1String("en")))
        return false;
    install(locale, QStringLiteral("qtbase"), QLibraryInfo::path(QLibraryInfo::TranslationsPath));
    return install(locale, QStringLiteral("numasight"), QStringLiteral(":/i18n"));
}

} // namespace numasight
