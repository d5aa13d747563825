// SPDX-License-Identifier: GPL-3.0-or-later
// The window started in Chinese, as main() starts it when the language setting says so: every menu title and
// every action of the menus is translated, and the language menu offers the three choices.
#include "main_window.h"
#include "support/chinese_text.h"
#include "views/common/language_menu.h"

#include <QAction>
#include <QApplication>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QStandardPaths>
#include <QTest>

using namespace numasight;
using numasight::test::hasChinese;

class TestMainWindowZh : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void menuTitles_data();
    void menuTitles();
    void menuActions();
    void languageMenu();
    void englishStaysEnglish();

private:
    std::unique_ptr<MainWindow> m_window;
};

void TestMainWindowZh::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("numasight-tests-zh"));
    QSettings().clear();
    LanguageMenu::saveLanguage(QStringLiteral("zh_CN"));
    LanguageMenu::applySavedLanguage();
    QCOMPARE(QLocale().name(), QStringLiteral("zh_CN"));
    m_window = std::make_unique<MainWindow>();
    m_window->resize(1280, 720);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void TestMainWindowZh::menuTitles_data()
{
    QTest::addColumn<int>("index");
    QTest::addColumn<QString>("expected");
    QTest::newRow("File") << 0 << QStringLiteral("文件(&F)");
    QTest::newRow("Edit") << 1 << QStringLiteral("编辑(&E)");
    QTest::newRow("View") << 2 << QStringLiteral("视图(&V)");
    QTest::newRow("Help") << 3 << QStringLiteral("帮助(&H)");
}

void TestMainWindowZh::menuTitles()
{
    QFETCH(int, index);
    QFETCH(QString, expected);
    const QList<QAction*> titles = m_window->menuBar()->actions();
    QVERIFY(index < titles.size());
    QCOMPARE(titles.at(index)->text(), expected);
    // No title anywhere in the bar is left in English.
    for (QAction* a : titles)
        QVERIFY2(hasChinese(a->text()), qPrintable(a->text()));
}

void TestMainWindowZh::menuActions()
{
    // Every entry of every menu and submenu, recent files (paths) excepted.
    QList<QMenu*> menus;
    for (QAction* a : m_window->menuBar()->actions())
        if (a->menu())
            menus << a->menu();
    int checked = 0;
    while (!menus.isEmpty()) {
        QMenu* menu = menus.takeFirst();
        if (menu->objectName() == QLatin1String("recentMenu") ||
            menu->objectName() == QLatin1String("languageMenu"))
            continue;
        for (QAction* a : menu->actions()) {
            if (a->isSeparator())
                continue;
            if (a->menu())
                menus << a->menu();
            QVERIFY2(hasChinese(a->text()), qPrintable(a->text()));
            ++checked;
        }
    }
    QVERIFY(checked > 20);
}

void TestMainWindowZh::languageMenu()
{
    QMenu* view = m_window->menuBar()->actions().at(2)->menu();
    QVERIFY(view);
    QMenu* language = view->findChild<QMenu*>(QStringLiteral("languageMenu"));
    QVERIFY(language);
    QVERIFY(hasChinese(language->title()));
    QStringList entries;
    QString checked;
    for (QAction* a : language->actions()) {
        if (a->isSeparator())
            continue;
        entries << a->text();
        if (a->isChecked())
            checked = a->text();
    }
    QCOMPARE(entries, (QStringList{QStringLiteral("跟随系统语言"), QStringLiteral("English"),
                                   QStringLiteral("简体中文")}));
    QCOMPARE(checked, QStringLiteral("简体中文"));
}

void TestMainWindowZh::englishStaysEnglish()
{
    // The setting is what the next start reads; an unknown code falls back to the system's language.
    LanguageMenu::saveLanguage(QStringLiteral("en"));
    QCOMPARE(LanguageMenu::savedLanguage(), QStringLiteral("en"));
    LanguageMenu::saveLanguage(QStringLiteral("xx_YY"));
    QCOMPARE(LanguageMenu::savedLanguage(), QString());
    LanguageMenu::saveLanguage(QStringLiteral("zh_CN"));
}

QTEST_MAIN(TestMainWindowZh)
#include "tst_main_window_zh.moc"
