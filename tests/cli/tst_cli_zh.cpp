// SPDX-License-Identifier: GPL-3.0-or-later
// numasight-cli speaks the language of its environment: LANG (or LC_MESSAGES, LC_ALL, LANGUAGE) set to
// zh_CN gives Chinese messages, C or English the source's.
#include "support/chinese_text.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using numasight::test::hasChinese;

namespace {

struct Run
{
    int exitCode = -1;
    QString err;
};

Run cli(const QStringList& args, const QMap<QString, QString>& locale)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char* name : {"LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"})
        env.remove(QString::fromLatin1(name));
    for (auto it = locale.begin(); it != locale.end(); ++it)
        env.insert(it.key(), it.value());
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(NUMASIGHT_CLI), args);
    p.closeWriteChannel();
    Run r;
    if (!p.waitForFinished(60000))
        return r;
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

} // namespace

class TestCliZh : public QObject
{
    Q_OBJECT

private slots:
    void errors_data();
    void errors();

private:
    QTemporaryDir m_dir;
};

void TestCliZh::errors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("variable");
    QTest::addColumn<QString>("value");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("expected"); // part of stderr
    QTest::addColumn<bool>("chinese");

    const QStringList missing{QStringLiteral("info"), QStringLiteral("/nonexistent/graph.json")};
    QTest::newRow("LANG zh_CN, missing file")
        << missing << QStringLiteral("LANG") << QStringLiteral("zh_CN.UTF-8") << 1
        << QStringLiteral("文件不存在") << true;
    QTest::newRow("LC_MESSAGES zh_CN, missing file")
        << missing << QStringLiteral("LC_MESSAGES") << QStringLiteral("zh_CN.UTF-8") << 1
        << QStringLiteral("文件不存在") << true;
    QTest::newRow("LANG C, missing file") << missing << QStringLiteral("LANG") << QStringLiteral("C") << 1
                                          << QStringLiteral("no such file") << false;
    QTest::newRow("LANG en_US, missing file")
        << missing << QStringLiteral("LANG") << QStringLiteral("en_US.UTF-8") << 1
        << QStringLiteral("no such file") << false;
    QTest::newRow("LANG zh_CN, empty file")
        << QStringList{QStringLiteral("info"), QStringLiteral("@empty.json")} << QStringLiteral("LANG")
        << QStringLiteral("zh_CN.UTF-8") << 1 << QStringLiteral("文件为空") << true;
    QTest::newRow("LANG zh_CN, unknown command")
        << QStringList{QStringLiteral("frobnicate")} << QStringLiteral("LANG")
        << QStringLiteral("zh_CN.UTF-8") << 2 << QStringLiteral("未知命令“frobnicate”") << true;
    QTest::newRow("LANG zh_CN, no command")
        << QStringList{} << QStringLiteral("LANG") << QStringLiteral("zh_CN.UTF-8") << 2
        << QStringLiteral("用法：numasight-cli") << true;
}

void TestCliZh::errors()
{
    QFETCH(QStringList, args);
    QFETCH(QString, variable);
    QFETCH(QString, value);
    QFETCH(int, exitCode);
    QFETCH(QString, expected);
    QFETCH(bool, chinese);
    QVERIFY(m_dir.isValid());
    for (QString& a : args)
        if (a.startsWith(QLatin1Char('@'))) {
            a = m_dir.filePath(a.mid(1));
            QFile f(a);
            QVERIFY(f.open(QIODevice::WriteOnly)); // empty
        }
    const Run r = cli(args, {{variable, value}});
    QCOMPARE(r.exitCode, exitCode);
    QVERIFY2(r.err.contains(expected), qPrintable(r.err));
    QCOMPARE(hasChinese(r.err), chinese);
    // Qt may warn first that the locale is not installed; the message itself keeps the program's prefix.
    QVERIFY2(r.err.contains(QLatin1String("numasight-cli: ")) || args.isEmpty(), qPrintable(r.err));
}

QTEST_GUILESS_MAIN(TestCliZh)
#include "tst_cli_zh.moc"
