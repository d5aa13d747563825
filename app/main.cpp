// SPDX-License-Identifier: GPL-3.0-or-later
#include "display_check.h"
#include "gui_command_line.h"
#include "main_window.h"
#include "readers/open_input.h"
#include "version.h"
#include "views/common/language_menu.h"
#include "views/common/message_bar.h"
#include "views/live/record_dialog.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QCoreApplication>
#include <QIcon>
#include <QProcessEnvironment>

#include <algorithm>
#include <cstdio>

int main(int argc, char** argv)
{
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments << QString::fromLocal8Bit(argv[i]);
    const auto asks = [&](std::initializer_list<const char*> names) {
        return std::any_of(names.begin(), names.end(),
                           [&](const char* name) { return arguments.contains(QLatin1String(name)); });
    };
    const bool noDisplay =
        !numasight::missingDisplayMessage(QProcessEnvironment::systemEnvironment(), arguments).isEmpty();
    if (noDisplay && asks({"-h", "--help", "--help-all", "-v", "--version"})) {
        // Answered without a display, so that they work on a server and in a package's checks.
        QCoreApplication core(argc, argv);
        QCoreApplication::setApplicationName(QStringLiteral("numasight"));
        QCoreApplication::setApplicationVersion(numasight::versionWithGit());
        QCommandLineParser parser;
        numasight::guiCommandLine().applyTo(parser);
        parser.addVersionOption();
        parser.process(core); // prints and exits
    }
    if (noDisplay) {
        // A core application needs no display, and brings the user's language for the message.
        QCoreApplication core(argc, argv);
        QCoreApplication::setOrganizationName(QStringLiteral("numasight"));
        QCoreApplication::setApplicationName(QStringLiteral("numasight"));
        numasight::LanguageMenu::applySavedLanguage();
        std::fputs(
            qPrintable(numasight::missingDisplayMessage(QProcessEnvironment::systemEnvironment(), arguments)),
            stderr);
        return numasight::kNoDisplayExitCode;
    }

    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("numasight"));
    QApplication::setApplicationName(QStringLiteral("numasight"));
    QApplication::setApplicationDisplayName(QStringLiteral("numasight"));
    QApplication::setApplicationVersion(numasight::versionWithGit());
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/numasight/icons/numasight.svg")));
    numasight::LanguageMenu::applySavedLanguage();

    QCommandLineParser parser;
    numasight::guiCommandLine().applyTo(parser);
    parser.addVersionOption();
    parser.process(app);
    const QString attach = QStringLiteral("attach");

    const QStringList files = parser.positionalArguments();
    if (files.size() > 1 || (parser.isSet(attach) && !files.isEmpty())) {
        std::fputs(qPrintable(QCoreApplication::translate("numasight::Main",
                                                          "numasight: give one FILE or --attach, not both") +
                              QLatin1Char('\n')),
                   stderr);
        std::fputs(qPrintable(parser.helpText()), stderr);
        return 2;
    }

    numasight::MainWindow window;
    window.show();
    if (parser.isSet(attach)) {
        QString error;
        if (const auto options = numasight::RecordDialog::rememberedOptions(&error))
            window.startRecording(*options);
        else
            window.messageBar()->showMessage(error, numasight::MessageBar::Kind::Error);
    } else if (!files.isEmpty())
        window.openPath(files.front());
    return QApplication::exec();
}
