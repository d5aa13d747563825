// SPDX-License-Identifier: GPL-3.0-or-later
#include "display_check.h"
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

#include <cstdio>

int main(int argc, char** argv)
{
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments << QString::fromLocal8Bit(argv[i]);
    if (!numasight::missingDisplayMessage(QProcessEnvironment::systemEnvironment(), arguments).isEmpty()) {
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
    QApplication::setApplicationVersion(numasight::version());
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/numasight/icons/numasight.svg")));
    numasight::LanguageMenu::applySavedLanguage();

    QCommandLineParser parser;
    parser.setApplicationDescription(QCoreApplication::translate(
        "numasight::Main", "Shows how AI jobs sit on a machine's NUMA and accelerator topology."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption attach(
        QStringLiteral("attach"),
        QCoreApplication::translate(
            "numasight::Main", "Record this machine live, with the settings last used in the record dialog "
                               "(all processes until stopped the first time)."));
    parser.addOption(attach);
    parser.addPositionalArgument(
        QStringLiteral("FILE"),
        QCoreApplication::translate("numasight::Main",
                                    "A numasight capture, witty-profiler graph or hwloc XML to open."),
        QStringLiteral("[FILE]"));
    parser.process(app);

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
