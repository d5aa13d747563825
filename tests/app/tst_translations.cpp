// SPDX-License-Identifier: GPL-3.0-or-later
// The Chinese translation is complete and current: lupdate run over the sources into a copy of the committed
// .ts adds nothing for a translator to do, lrelease then reports every entry finished, each translation keeps
// its source's placeholders, and the compiled file embedded in core translates.
#include "util/translation.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>
#include <QXmlStreamReader>

#include <optional>

namespace {

const QString kCommitted = QStringLiteral(NUMASIGHT_SOURCE_DIR "/resources/translations/numasight_zh_CN.ts");

struct ReleaseCounts
{
    int finished = -1;
    int unfinished = -1;
    int untranslated = 0; // lrelease prints the line only when there are some
};

// Reads lrelease's summary: "Generated N translation(s) (F finished and U unfinished)" and "Ignored M
// untranslated source text(s)".
ReleaseCounts parseRelease(const QString& output)
{
    ReleaseCounts counts;
    static const QRegularExpression generated(
        QStringLiteral(R"(Generated (\d+) translation\(s\) \((\d+) finished and (\d+) unfinished\))"));
    static const QRegularExpression ignored(QStringLiteral(R"(Ignored (\d+) untranslated source text\(s\))"));
    if (const auto m = generated.match(output); m.hasMatch()) {
        counts.finished = m.captured(2).toInt();
        counts.unfinished = m.captured(3).toInt();
    }
    if (const auto m = ignored.match(output); m.hasMatch())
        counts.untranslated = m.captured(1).toInt();
    return counts;
}

// The program's output, or nothing when it could not run or failed.
std::optional<QString> run(const QString& program, const QStringList& args,
                           const QProcessEnvironment& env = {})
{
    QProcess p;
    if (!env.isEmpty())
        p.setProcessEnvironment(env);
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(program, args);
    if (!p.waitForFinished(120000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        qWarning() << program << args << "failed:" << p.readAll();
        return {};
    }
    return QString::fromUtf8(p.readAll());
}

ReleaseCounts release(const QString& ts, const QString& qm)
{
    return parseRelease(
        run(QStringLiteral(NUMASIGHT_LRELEASE), {ts, QStringLiteral("-qm"), qm}).value_or(QString()));
}

// The %1…%99 and %n of a text, sorted: a translation must use each of its source's.
QStringList placeholders(const QString& text)
{
    static const QRegularExpression re(QStringLiteral(R"(%(\d+|n))"));
    QStringList out;
    for (auto it = re.globalMatch(text); it.hasNext();)
        out << it.next().captured(0);
    out.sort();
    return out;
}

// The sources whose translations drop or add a placeholder.
QStringList placeholderMismatches(const QString& tsPath)
{
    QFile f(tsPath);
    if (!f.open(QIODevice::ReadOnly))
        return {QStringLiteral("cannot read %1").arg(tsPath)};
    QXmlStreamReader xml(&f);
    QStringList bad;
    QString source;
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement)
            continue;
        if (xml.name() == QLatin1String("source"))
            source = xml.readElementText();
        else if (xml.name() == QLatin1String("translation") || xml.name() == QLatin1String("numerusform")) {
            const QString translation = xml.readElementText(QXmlStreamReader::IncludeChildElements);
            if (!translation.isEmpty() && placeholders(translation) != placeholders(source))
                bad << source;
        }
    }
    if (xml.hasError())
        bad << xml.errorString();
    return bad;
}

const char* kTsHead = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<!DOCTYPE TS>\n"
                      "<TS version=\"2.1\" language=\"zh_CN\">\n<context>\n<name>numasight::Test</name>\n";

} // namespace

class TestTranslations : public QObject
{
    Q_OBJECT

private slots:
    void release_data();
    void release();
    void placeholders_data();
    void placeholders();
    void embedded_data();
    void embedded();

private:
    QTemporaryDir m_dir;
};

void TestTranslations::release_data()
{
    QTest::addColumn<QString>("ts"); // empty: the committed file, brought up to date with the sources
    QTest::addColumn<int>("unfinished");
    QTest::addColumn<int>("untranslated");
    QTest::newRow("committed, updated from the sources") << QString() << 0 << 0;
    QTest::newRow("an unfinished entry")
        << QStringLiteral("<message><source>Open</source><translation>打开</translation></message>"
                          "<message><source>Close</source><translation type=\"unfinished\">关闭</translation>"
                          "</message>")
        << 1 << 0;
    QTest::newRow("an untranslated entry")
        << QStringLiteral("<message><source>Open</source><translation>打开</translation></message>"
                          "<message><source>Close</source><translation type=\"unfinished\"></translation>"
                          "</message>")
        << 0 << 1;
}

void TestTranslations::release()
{
    QFETCH(QString, ts);
    QFETCH(int, unfinished);
    QFETCH(int, untranslated);
    QVERIFY(m_dir.isValid());
    const QString path = m_dir.filePath(QStringLiteral("%1.ts").arg(QTest::currentDataTag()));
    if (ts.isEmpty()) {
        // A .ts behind the sources fails here: the copy gains their new strings as unfinished.
        QVERIFY(QFile::copy(kCommitted, path));
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("LUPDATE"), QStringLiteral(NUMASIGHT_LUPDATE));
        // A failed update would leave the committed copy to be checked, which passes whatever the sources
        // say.
        QVERIFY(run(QStringLiteral(NUMASIGHT_SOURCE_DIR "/scripts/update-translations.sh"), {path}, env));
    } else {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(kTsHead + ts.toUtf8() + "</context>\n</TS>\n");
    }
    const ReleaseCounts counts = ::release(path, path + QStringLiteral(".qm"));
    QVERIFY2(counts.finished > 0, "lrelease printed no summary");
    QCOMPARE(counts.unfinished, unfinished);
    QCOMPARE(counts.untranslated, untranslated);
}

void TestTranslations::placeholders_data()
{
    QTest::addColumn<QString>("ts"); // empty: the committed file
    QTest::addColumn<int>("mismatches");
    QTest::newRow("committed") << QString() << 0;
    QTest::newRow("a placeholder dropped")
        << QStringLiteral(
               "<message><source>Loading %1…</source><translation>正在加载…</translation></message>")
        << 1;
    QTest::newRow("a plural without %n")
        << QStringLiteral("<message numerus=\"yes\"><source>%n CPU(s)</source><translation>"
                          "<numerusform>CPU</numerusform></translation></message>")
        << 1;
    QTest::newRow("placeholders reordered")
        << QStringLiteral("<message><source>%1 of %2</source><translation>%2 中的 %1</translation></message>")
        << 0;
}

void TestTranslations::placeholders()
{
    QFETCH(QString, ts);
    QFETCH(int, mismatches);
    QString path = kCommitted;
    if (!ts.isEmpty()) {
        path = m_dir.filePath(QStringLiteral("placeholders-%1.ts").arg(QTest::currentDataTag()));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(kTsHead + ts.toUtf8() + "</context>\n</TS>\n");
    }
    const QStringList bad = placeholderMismatches(path);
    QVERIFY2(bad.size() == mismatches, qPrintable(bad.join(QStringLiteral("\n"))));
}

void TestTranslations::embedded_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("context");
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("expected");
    QTest::newRow("window menu") << QStringLiteral("zh_CN") << QStringLiteral("numasight::MainWindow")
                                 << QStringLiteral("&File") << QStringLiteral("文件(&F)");
    QTest::newRow("core reader") << QStringLiteral("zh_CN") << QStringLiteral("numasight::FormatDetect")
                                 << QStringLiteral("no such file") << QStringLiteral("文件不存在");
    QTest::newRow("english") << QStringLiteral("en") << QStringLiteral("numasight::MainWindow")
                             << QStringLiteral("&File") << QStringLiteral("&File");
}

void TestTranslations::embedded()
{
    QFETCH(QString, language);
    QFETCH(QString, context);
    QFETCH(QString, source);
    QFETCH(QString, expected);
    QTranslator translator;
    const bool loaded = translator.load(numasight::languageLocale(language), QStringLiteral("numasight"),
                                        QStringLiteral("_"), QStringLiteral(":/i18n"));
    QCOMPARE(loaded, language != QLatin1String("en"));
    const QString translated = translator.translate(qPrintable(context), qPrintable(source));
    QCOMPARE(translated.isEmpty() ? source : translated, expected);
}

QTEST_GUILESS_MAIN(TestTranslations)
#include "tst_translations.moc"
