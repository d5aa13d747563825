// SPDX-License-Identifier: GPL-3.0-or-later
#include "readers/format_detect.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace numasight;

class TestFormatDetect : public QObject
{
    Q_OBJECT
private slots:
    void detect_data();
    void detect();
    void fixtures_data();
    void fixtures();
    void missingFile();

private:
    QTemporaryDir m_dir;
};

void TestFormatDetect::detect_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("format");
    QTest::addColumn<QString>("error");
    QTest::newRow("plain witty graph") << QByteArray("{\"nodes\": [], \"edges\": []}") << "witty-json"
                                       << "";
    QTest::newRow("pretty witty graph")
        << QByteArray("{\n  \"nodes\": [\n  ],\n  \"edges\": []\n}\n") << "witty-json"
        << "";
    QTest::newRow("envelope") << QByteArray("{\"env\": {\"hostname\": \"h\"}, \"content\": {}}")
                              << "witty-envelope"
                              << "";
    QTest::newRow("envelope, content first")
        << QByteArray(" {\"content\": {}, \"env\": {}}") << "witty-envelope"
        << "";
    QTest::newRow("json lines") << QByteArray(
                                       "{\"nodes\": [], \"edges\": []}\n{\"nodes\": [], \"edges\": []}\n")
                                << "witty-jsonl"
                                << "";
    QTest::newRow("one line only") << QByteArray("{\"nodes\": [], \"edges\": []}\n") << "witty-json"
                                   << "";
    QTest::newRow("braces inside strings")
        << QByteArray("{\"nodes\": [{\"name\": \"}{\"}], \"edges\": []}\n{}\n") << "witty-jsonl"
        << "";
    QTest::newRow("utf-8 bom") << QByteArray("\xEF\xBB\xBF{\"nodes\": []}") << "witty-json"
                               << "";
    QTest::newRow("xml") << QByteArray("<?xml version=\"1.0\"?>\n<topology/>") << "hwloc-xml"
                         << "";
    QTest::newRow("sqlite") << QByteArray("SQLite format 3\0rest", 20) << "capture"
                            << "";
    QTest::newRow("empty") << QByteArray() << "unknown"
                           << "empty";
    QTest::newRow("blank") << QByteArray("  \n\t ") << "unknown"
                           << "white space";
    QTest::newRow("binary") << QByteArray("\x7f"
                                          "ELF\x02\x01",
                                          6)
                            << "unknown"
                            << "not a capture";
    // Compressed or UTF-16/32: the error says what the file is and what to run.
    QTest::newRow("gzip") << QByteArray("\x1f\x8b\x08\x08\x91w", 6) << "unknown"
                          << "the file is gzip-compressed: numasight reads it uncompressed (`gunzip -k FILE`";
    QTest::newRow("xz") << QByteArray("\xfd"
                                      "7zXZ\x00\x00",
                                      7)
                        << "unknown"
                        << "xz-compressed";
    QTest::newRow("zstd") << QByteArray("\x28\xb5\x2f\xfd\x00", 5) << "unknown"
                          << "zstd-compressed";
    QTest::newRow("bzip2") << QByteArray("BZh91AY") << "unknown"
                           << "bzip2-compressed";
    QTest::newRow("zip") << QByteArray("PK\x03\x04\x14\x00") << "unknown"
                         << "zip-compressed";
    QTest::newRow("utf-16 le")
        << QByteArray("\xff\xfe{\x00\n\x00", 6) << "unknown"
        << "UTF-16LE text (as Windows PowerShell's `>` writes it): numasight reads UTF-8; "
           "convert it with `iconv -f UTF-16LE -t UTF-8 FILE > FILE.utf8`";
    QTest::newRow("utf-16 be") << QByteArray("\xfe\xff\x00<", 4) << "unknown"
                               << "UTF-16BE text";
    QTest::newRow("utf-32 le") << QByteArray("\xff\xfe\x00\x00{\x00\x00\x00", 8) << "unknown"
                               << "UTF-32LE text";
    QTest::newRow("utf-32 be") << QByteArray("\x00\x00\xfe\xff\x00\x00\x00{", 8) << "unknown"
                               << "UTF-32BE text";
    QTest::newRow("json array") << QByteArray("[1, 2]") << "unknown"
                                << "not a capture";
}

void TestFormatDetect::detect()
{
    QFETCH(QByteArray, content);
    QFETCH(QString, format);
    QFETCH(QString, error);
    const QString path = m_dir.filePath(QStringLiteral("%1.in").arg(QTest::currentDataTag()));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(content);
    f.close();
    QString why;
    QCOMPARE(sourceFormatName(detectFormat(path, &why)), format);
    if (error.isEmpty())
        QVERIFY2(why.isEmpty(), qPrintable(why));
    else
        QVERIFY2(why.contains(error), qPrintable(why));
}

void TestFormatDetect::fixtures_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("format");
    QTest::newRow("witty") << NUMASIGHT_FIXTURES "/witty-profiler/graph.json"
                           << "witty-json";
    QTest::newRow("hwloc dgx2") << NUMASIGHT_FIXTURES "/hwloc/nvidiaDGX2.xml"
                                << "hwloc-xml";
}

void TestFormatDetect::fixtures()
{
    QFETCH(QString, path);
    QFETCH(QString, format);
    QCOMPARE(sourceFormatName(detectFormat(path)), format);
}

void TestFormatDetect::missingFile()
{
    QString why;
    QCOMPARE(detectFormat(m_dir.filePath(QStringLiteral("nope.json")), &why), SourceFormat::Unknown);
    QCOMPARE(why, QStringLiteral("no such file"));
}

QTEST_GUILESS_MAIN(TestFormatDetect)
#include "tst_format_detect.moc"
