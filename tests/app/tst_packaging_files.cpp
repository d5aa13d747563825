// SPDX-License-Identifier: GPL-3.0-or-later
// What the packages install besides the programs, checked against the programs: the PNG icons drawn from the
// SVG at their sizes; the MIME type's magic, applied as shared-mime-info applies it, to a capture numasight
// writes and to other SQLite files; the desktop entry and the AppStream data naming each other, the MIME
// type and this version.
#include "capture/capture_writer.h"
#include "model/snapshot.h"
#include "version.h"

#include <QFile>
#include <QImage>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

#include <sqlite3.h>

using namespace numasight;

namespace {

const QString kPackaging = QStringLiteral(NUMASIGHT_SOURCE_DIR "/packaging/");

QByteArray readBytes(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

struct Magic
{
    QString type; // "string", "big32"
    int offset = -1;
    QByteArray value;
    QList<Magic> inner; // all of them must match too (shared-mime-info's nesting)
};

// shared-mime-info's escapes in a string value: \0, \n, \xNN, \\.
QByteArray unescape(const QString& text)
{
    QByteArray out;
    const QByteArray in = text.toUtf8();
    for (int i = 0; i < in.size(); ++i) {
        if (in[i] != '\\' || i + 1 >= in.size()) {
            out += in[i];
            continue;
        }
        const char c = in[++i];
        if (c == '0')
            out += '\0';
        else if (c == 'n')
            out += '\n';
        else if (c == 'x' && i + 2 < in.size()) {
            out += char(in.mid(i + 1, 2).toInt(nullptr, 16));
            i += 2;
        } else
            out += c;
    }
    return out;
}

Magic readMatch(QXmlStreamReader& xml)
{
    Magic m;
    m.type = xml.attributes().value(QLatin1String("type")).toString();
    m.offset = xml.attributes().value(QLatin1String("offset")).toInt();
    const QString value = xml.attributes().value(QLatin1String("value")).toString();
    if (m.type == u"string") {
        m.value = unescape(value);
    } else if (m.type == u"big32") {
        const quint32 v = value.toUInt(nullptr, 0);
        m.value = QByteArray(4, '\0');
        for (int i = 0; i < 4; ++i)
            m.value[i] = char((v >> (24 - 8 * i)) & 0xff);
    }
    while (xml.readNextStartElement()) {
        if (xml.name() == u"match")
            m.inner.append(readMatch(xml));
        else
            xml.skipCurrentElement();
    }
    return m;
}

bool matches(const Magic& m, const QByteArray& data)
{
    if (m.offset < 0 || m.value.isEmpty() || data.mid(m.offset, m.value.size()) != m.value)
        return false;
    if (m.inner.isEmpty())
        return true;
    for (const Magic& inner : m.inner)
        if (matches(inner, data))
            return true;
    return false;
}

// The <magic> rules of a type in a shared-mime-info package file.
QList<Magic> magicOf(const QString& path, const QString& type)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    QXmlStreamReader xml(&f);
    QList<Magic> rules;
    bool inType = false;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement() && xml.name() == u"mime-type")
            inType = xml.attributes().value(QLatin1String("type")) == type;
        else if (inType && xml.isStartElement() && xml.name() == u"match")
            rules.append(readMatch(xml));
    }
    return xml.hasError() ? QList<Magic>() : rules;
}

bool writeSqlite(const QString& path, int applicationId)
{
    sqlite3* db = nullptr;
    if (sqlite3_open(path.toUtf8().constData(), &db) != SQLITE_OK)
        return false;
    const QByteArray sql =
        "PRAGMA application_id = " + QByteArray::number(applicationId) + "; CREATE TABLE t(a);";
    const bool ok = sqlite3_exec(db, sql.constData(), nullptr, nullptr, nullptr) == SQLITE_OK;
    sqlite3_close(db);
    return ok;
}

} // namespace

class TestPackagingFiles : public QObject
{
    Q_OBJECT

private slots:
    void iconSizes_data();
    void iconSizes();
    void mimeMagic_data();
    void mimeMagic();
    void desktopEntry();
    void appStreamData();
};

void TestPackagingFiles::iconSizes_data()
{
    QTest::addColumn<int>("size");
    for (int size : {16, 22, 24, 32, 48, 64, 128, 256, 512})
        QTest::addRow("%dx%d", size, size) << size;
}

void TestPackagingFiles::iconSizes()
{
    QFETCH(int, size);
    const QString path = QStringLiteral(NUMASIGHT_ICON_DIR "/%1x%1/apps/numasight.png").arg(size);
    QImage image;
    QVERIFY2(image.load(path, "PNG"), qPrintable(path));
    QCOMPARE(image.size(), QSize(size, size));
    // Drawn, not blank: the corners are transparent (rounded box) and the middle is not.
    QCOMPARE(qAlpha(image.pixel(0, 0)), 0);
    QVERIFY(qAlpha(image.pixel(size / 2, size / 2)) > 200);
}

void TestPackagingFiles::mimeMagic_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<bool>("isCapture");
    QTest::newRow("a capture numasight writes") << QStringLiteral("capture") << true;
    QTest::newRow("another SQLite database") << QStringLiteral("sqlite") << false;
    QTest::newRow("SQLite with another application id") << QStringLiteral("other-id") << false;
    QTest::newRow("JSON") << QStringLiteral("json") << false;
    QTest::newRow("empty") << QStringLiteral("empty") << false;
}

void TestPackagingFiles::mimeMagic()
{
    QFETCH(QString, kind);
    QFETCH(bool, isCapture);
    const QList<Magic> rules = magicOf(kPackaging + QStringLiteral("io.github.numasight.numasight.mime.xml"),
                                       QStringLiteral("application/x-numasight-capture"));
    QVERIFY(!rules.isEmpty());
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("file"));
    if (kind == u"capture") {
        Capture capture;
        SnapshotBuilder builder;
        capture.snapshots.push_back(builder.finish());
        QVERIFY(!writeCaptureFile(capture, path));
    } else if (kind == u"sqlite") {
        QVERIFY(writeSqlite(path, 0));
    } else if (kind == u"other-id") {
        QVERIFY(writeSqlite(path, 0x4e554d42));
    } else {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        if (kind == u"json")
            f.write("{\"nodes\":[],\"edges\":[]}");
    }
    const QByteArray data = readBytes(path);
    bool matched = false;
    for (const Magic& m : rules)
        matched = matched || matches(m, data);
    QCOMPARE(matched, isCapture);
}

void TestPackagingFiles::desktopEntry()
{
    QSettings entry(kPackaging + QStringLiteral("numasight.desktop"), QSettings::IniFormat);
    entry.beginGroup(QStringLiteral("Desktop Entry"));
    QCOMPARE(entry.value(QStringLiteral("Type")).toString(), QStringLiteral("Application"));
    QCOMPARE(entry.value(QStringLiteral("Exec")).toString(), QStringLiteral("numasight %f"));
    QCOMPARE(entry.value(QStringLiteral("Icon")).toString(), QStringLiteral("numasight"));
    // QSettings splits a value at ';' into a list.
    QVERIFY(entry.value(QStringLiteral("MimeType"))
                .toStringList()
                .contains(QStringLiteral("application/x-numasight-capture")));
}

void TestPackagingFiles::appStreamData()
{
    QFile f(kPackaging + QStringLiteral("io.github.numasight.numasight.metainfo.xml"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&f);
    QString id, launchable, license;
    QStringList releases, mediaTypes, binaries;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        if (xml.name() == u"id")
            id = xml.readElementText();
        else if (xml.name() == u"launchable")
            launchable = xml.readElementText();
        else if (xml.name() == u"project_license")
            license = xml.readElementText();
        else if (xml.name() == u"release")
            releases << xml.attributes().value(QLatin1String("version")).toString();
        else if (xml.name() == u"mediatype")
            mediaTypes << xml.readElementText();
        else if (xml.name() == u"binary")
            binaries << xml.readElementText();
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QCOMPARE(id, QStringLiteral("io.github.numasight.numasight"));
    QCOMPARE(launchable, QStringLiteral("numasight.desktop"));
    QCOMPARE(license, QStringLiteral("GPL-3.0-or-later"));
    QVERIFY(mediaTypes.contains(QStringLiteral("application/x-numasight-capture")));
    QVERIFY(binaries.contains(QStringLiteral("numasight-cli")));
    // The newest release listed is the one being built: a version bump must add its release.
    QVERIFY2(!releases.isEmpty() && releases.front() == version(), qPrintable(releases.join(u',')));
}

QTEST_MAIN(TestPackagingFiles)
#include "tst_packaging_files.moc"
