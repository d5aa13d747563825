// SPDX-License-Identifier: GPL-3.0-or-later
#include "readers/witty_json_scan.h"

#include <QTest>

using namespace numasight;

class TestWittyJsonScan : public QObject
{
    Q_OBJECT

private slots:
    // What findStructureError() sees is minified JSON the on-demand parser did not validate; -1 means
    // well-formed, anything else is the offset of the first byte that cannot be there.
    void structureErrors_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<qint64>("error");
        QTest::newRow("object") << QByteArray("{\"a\":1,\"b\":[true,null,\"x\"]}") << qint64(-1);
        QTest::newRow("empty object and array") << QByteArray("{\"a\":{},\"b\":[]}") << qint64(-1);
        QTest::newRow("a string alone") << QByteArray("\"abc\"") << qint64(-1);
        QTest::newRow("escaped quote inside") << QByteArray("{\"a\":\"x\\\"y\"}") << qint64(-1);
        QTest::newRow("escaped backslash before the end") << QByteArray("{\"a\":\"x\\\\\"}") << qint64(-1);
        QTest::newRow("three backslashes and a quote") << QByteArray("{\"a\":\"x\\\\\\\"y\"}") << qint64(-1);
        QTest::newRow("four backslashes end it") << QByteArray("{\"a\":\"\\\\\\\\\",\"b\":2}") << qint64(-1);
        QTest::newRow("backslash run as the whole key") << QByteArray("{\"\\\\\":1}") << qint64(-1);
        QTest::newRow("brackets inside strings") << QByteArray("{\"a\":\"}],:{[\"}") << qint64(-1);
        QTest::newRow("unicode escapes") << QByteArray("[\"\\u0022\",\"\\\\u0022\"]") << qint64(-1);
        QTest::newRow("deep") << QByteArray(200, '[') + QByteArray(200, ']') << qint64(-1);
        QTest::newRow("stray colon") << QByteArray("{\"a\":1:2}") << qint64(6);
        QTest::newRow("missing colon") << QByteArray("{\"a\"1}") << qint64(4);
        QTest::newRow("key not a string") << QByteArray("{a:1}") << qint64(1);
        QTest::newRow("comma before the end") << QByteArray("[1,]") << qint64(3);
        QTest::newRow("wrong closer") << QByteArray("{\"a\":1]") << qint64(6);
        QTest::newRow("unclosed string, escaped last quote") << QByteArray("{\"a\":\"x\\\"}") << qint64(5);
        QTest::newRow("unclosed key") << QByteArray("{\"a\\\"}") << qint64(6);
        QTest::newRow("unclosed object") << QByteArray("{\"a\":1") << qint64(6);
        QTest::newRow("two values") << QByteArray("{}{}") << qint64(2);
    }
    void structureErrors()
    {
        QFETCH(QByteArray, json);
        QFETCH(qint64, error);
        QCOMPARE(witty::findStructureError({json.constData(), size_t(json.size())}), error);
        // The same again: state kept between calls must not leak from one value into the next.
        QCOMPARE(witty::findStructureError({json.constData(), size_t(json.size())}), error);
    }
};

QTEST_GUILESS_MAIN(TestWittyJsonScan)
#include "tst_witty_json_scan.moc"
