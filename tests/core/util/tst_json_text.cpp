// SPDX-License-Identifier: GPL-3.0-or-later
// withoutMembers() takes members out of compact JSON objects: the witty reader keys entities of unknown
// types by their text without the type and namespace, so a member boundary found inside a string or a
// nested value would merge two entities or split one.
#include "util/json_text.h"

#include <QJsonDocument>
#include <QTest>

class TestJsonText : public QObject
{
    Q_OBJECT

private slots:
    void withoutMembers_data()
    {
        QTest::addColumn<QByteArray>("object");
        QTest::addColumn<QByteArray>("expected");
        // Ordinary literals: moc misreads brackets inside raw string literals.
        QTest::newRow("first, middle and last member")
            << QByteArray("{\"entity_type\":\"A\",\"id\":1,"
                          "\"entity_namespace\":\"local\",\"x\":[1,2]}")
            << QByteArray("{\"id\":1,\"x\":[1,2]}");
        QTest::newRow("only the removed members")
            << QByteArray("{\"entity_type\":\"A\",\"entity_namespace\":\"n\"}") << QByteArray("{}");
        QTest::newRow("none removed") << QByteArray("{\"a\":1,\"b\":{\"c\":[2,{\"d\":3}]}}")
                                      << QByteArray("{\"a\":1,\"b\":{\"c\":[2,{\"d\":3}]}}");
        QTest::newRow("empty object") << QByteArray("{}") << QByteArray("{}");
        QTest::newRow("by value: an empty details goes, another stays")
            << QByteArray("{\"details\":{},\"id\":1}") << QByteArray("{\"id\":1}");
        QTest::newRow("by value: details with members stays")
            << QByteArray("{\"id\":1,\"details\":{\"a\":{}},\"entity_type\":\"A\"}")
            << QByteArray("{\"id\":1,\"details\":{\"a\":{}}}");
        QTest::newRow("nested members of the same name stay")
            << QByteArray("{\"d\":{\"entity_type\":\"B\"},\"entity_type\":\"A\"}")
            << QByteArray("{\"d\":{\"entity_type\":\"B\"}}");
        QTest::newRow("commas, braces and quotes inside strings")
            << QByteArray("{\"k\":\"a,\\\"entity_type\\\":}{\",\"entity_type\":\"A\",\"z\":\"\\\\\"}")
            << QByteArray("{\"k\":\"a,\\\"entity_type\\\":}{\",\"z\":\"\\\\\"}");
        QTest::newRow("a key that only starts like a removed one")
            << QByteArray("{\"entity_types\":1,\"entity_type\":2}") << QByteArray("{\"entity_types\":1}");
        QTest::newRow("a key written with an escape is another key")
            << QByteArray("{\"entity\\u005ftype\":1}") << QByteArray("{\"entity\\u005ftype\":1}");
        QTest::newRow("scalars of every kind")
            << QByteArray("{\"entity_type\":null,\"a\":true,\"b\":-1.5e3,\"c\":null}")
            << QByteArray("{\"a\":true,\"b\":-1.5e3,\"c\":null}");
        QTest::newRow("not an object: unchanged") << QByteArray("[1,2]") << QByteArray("[1,2]");
        QTest::newRow("unclosed string: unchanged") << QByteArray("{\"a}") << QByteArray("{\"a}");
        QTest::newRow("empty text: unchanged") << QByteArray() << QByteArray();
    }

    void withoutMembers()
    {
        QFETCH(QByteArray, object);
        QFETCH(QByteArray, expected);
        // The witty reader's rule for the key of an entity of an unknown type.
        const auto drop = [](std::string_view key, std::string_view value) {
            return key == "entity_type" || key == "entity_namespace" || (key == "details" && value == "{}");
        };
        const std::string out =
            numasight::withoutMembers(std::string_view(object.constData(), size_t(object.size())), drop);
        QCOMPARE(QByteArray::fromStdString(out), expected);
        // What is left of a valid object is a valid object.
        if (object.startsWith('{') && QJsonDocument::fromJson(object).isObject())
            QVERIFY2(QJsonDocument::fromJson(QByteArray::fromStdString(out)).isObject(), out.c_str());
    }
};

QTEST_GUILESS_MAIN(TestJsonText)
#include "tst_json_text.moc"
