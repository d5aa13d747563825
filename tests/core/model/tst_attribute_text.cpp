// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/attribute_text.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <thread>
#include <vector>

using namespace numasight;

namespace {

AttributeText compact(const QByteArray& text)
{
    return AttributeText::compacted(std::string_view(text.constData(), size_t(text.size())));
}

QByteArray socket(int i)
{
    return QByteArray(R"({"entity_type":"SocketEntity","socket_addr":"10.0.)") + QByteArray::number(i) +
           R"(","socket_port":)" + QByteArray::number(1024 + i) + R"(,"socket_type":"TCP"})";
}

} // namespace

class TestAttributeText : public QObject
{
    Q_OBJECT
private slots:
    void givesBackTheSameBytes_data();
    void givesBackTheSameBytes();
    void sameShapeKeepsOnlyWhatDiffers();
    void equality();
    void storageOfEverySize_data();
    void storageOfEverySize();
    void readingThreads();
};

void TestAttributeText::givesBackTheSameBytes_data()
{
    QTest::addColumn<QByteArray>("first");
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<bool>("byShape");

    const QByteArray thread =
        R"({"entity_type":"ThreadEntity","entity_namespace":"local","tid":100,"process":{"entity_type":)"
        R"("ProcessEntity","entity_namespace":"local","pid":7}})";
    QTest::newRow("same object twice") << thread << thread << true;
    QTest::newRow("one value differs") << thread << QByteArray(thread).replace("100", "4194303") << true;
    QTest::newRow("value to a longer string") << socket(1) << socket(123456) << true;
    QTest::newRow("escapes, unicode, nesting")
        << QByteArray(R"({"name":"a\"b\\c","cmd":["x","y\u0001"],"o":{"k":[1,2.5e3,-0,true,null]},"u":"ü"})")
        << QByteArray(R"({"name":"a\"b\\d","cmd":["x","y\u0002"],"o":{"k":[1,7,-0,false,null]},"u":"é"})")
        << true;
    QTest::newRow("a string holding JSON punctuation")
        << QByteArray(R"({"a":"x,y}z]","b":":","c":"{\"k\":1}","d":1})")
        << QByteArray(R"({"a":"q,r}s]","b":"::","c":"{\"k\":2}","d":1})") << true;
    QTest::newRow("empty object kept as is") << QByteArray("{}") << QByteArray("{}") << false;
    QTest::newRow("empty") << QByteArray() << QByteArray() << false;
    // Whitespace and other text that is not minified JSON is still given back exactly.
    QTest::newRow("spaces around tokens") << QByteArray(R"({ "a" : "x, y" , "b" : [ 1 , 2 ] })")
                                          << QByteArray(R"({ "a" : "x, z" , "b" : [ 1 , 3 ] })") << true;
    QTest::newRow("newline kept verbatim") << QByteArray("{\"a\":1,\n\"bbbbbbbbbbbbbbbbbbbbbb\":2}")
                                           << QByteArray("{\"a\":1,\n\"bbbbbbbbbbbbbbbbbbbbbb\":3}") << false;
    QTest::newRow("raw control character in a value") << QByteArray("{\"aaaaaaaaaaaaaaaaaaaa\":\"b\tc\"}")
                                                      << QByteArray("{\"aaaaaaaaaaaaaaaaaaaa\":\"b\x01"
                                                                    "c\"}")
                                                      << true;
    QTest::newRow("raw control character in a key") << QByteArray("{\"aaaaaaaaaa\x01"
                                                                  "aaaaaaaaa\":\"bc\"}")
                                                    << QByteArray("{\"aaaaaaaaaa\x01"
                                                                  "aaaaaaaaa\":\"bc\"}")
                                                    << false;
    QTest::newRow("backslashes before a quote") << QByteArray(R"({"a\\":"x\\","b\\\"c":"\\\"y"})")
                                                << QByteArray(R"({"a\\":"z\\","b\\\"c":"\\\"w"})") << true;
    QTest::newRow("not JSON") << QByteArray("not json at all, really")
                              << QByteArray("not json at all, really") << true;
    QTest::newRow("unclosed string") << QByteArray(R"({"aaaaaaaaaaaaaaaaaaaa":"b)")
                                     << QByteArray(R"({"aaaaaaaaaaaaaaaaaaaa":"b)") << false;
    QTest::newRow("text starting with a tag byte") << QByteArray("\x01\x02 looks like an encoding")
                                                   << QByteArray("\x01\x02 looks like an encoding") << false;
    QTest::newRow("every value differs and no keys: not smaller")
        << QByteArray(R"(["aaaaaaaaaaaaaaaaaaaa","bbbbbbbb"])")
        << QByteArray(R"(["cccccccccccccccccccc","dddddddd"])") << false;
}

void TestAttributeText::givesBackTheSameBytes()
{
    QFETCH(QByteArray, first);
    QFETCH(QByteArray, text);
    QFETCH(bool, byShape);
    const AttributeText a = compact(first);
    QCOMPARE(a.text(), first);
    const AttributeText b = compact(text);
    QCOMPARE(b.text(), text);
    QCOMPARE(b.isByShape(), byShape);
    // Kept as given, the same bytes come back too.
    QCOMPARE(AttributeText(text).text(), text);
    QCOMPARE(AttributeText(text).isByShape(), false);
    QVERIFY(b == AttributeText(text));
    // A copy shares the bytes and reads the same.
    const AttributeText copy = b;
    QCOMPARE(copy.text(), text);
}

void TestAttributeText::sameShapeKeepsOnlyWhatDiffers()
{
    const QByteArray first = socket(0);
    const AttributeText a = compact(first);
    QVERIFY(a.isByShape());
    const int shapes = attributeShapeStats().shapes;
    qsizetype stored = 0;
    for (int i = 1; i <= 1000; ++i) {
        const AttributeText s = compact(socket(i));
        QCOMPARE(s.text(), socket(i));
        stored += s.storedBytes();
    }
    // One shape for all of them, and each keeps its address and port only (tag, shape, 2 × (hole, length,
    // value)), not the ~95 bytes of its object.
    QCOMPARE(attributeShapeStats().shapes, shapes);
    QVERIFY2(stored / 1000 <= 24, qPrintable(QString::number(stored / 1000)));
    QVERIFY(stored / 1000 < first.size() / 4);
    // …and holds them in place, without a heap block of its own: an address of up to 13 characters with
    // a five-digit port.
    QVERIFY(compact(socket(999)).isInline());
    const QByteArray longest = R"({"entity_type":"SocketEntity","socket_addr":"192.168.100.2",)"
                               R"("socket_port":61023,"socket_type":"TCP"})";
    QVERIFY(compact(longest).isInline());
    QCOMPARE(compact(longest).text(), longest);
    // The text is JSON again, value for value.
    const QJsonObject o = QJsonDocument::fromJson(compact(socket(77)).text()).object();
    QCOMPARE(o.value(QLatin1String("socket_port")).toInt(), 1024 + 77);
    QCOMPARE(o.value(QLatin1String("socket_addr")).toString(), QStringLiteral("10.0.77"));
}

void TestAttributeText::equality()
{
    const AttributeText a = compact(socket(5));
    const AttributeText b = compact(socket(5));
    const AttributeText c = compact(socket(6));
    QVERIFY(a == b);
    QVERIFY(a != c);
    QVERIFY(a == AttributeText(socket(5)));
    QVERIFY(AttributeText(socket(6)) != a);
    QVERIFY(AttributeText() == AttributeText(QByteArray()));
    QVERIFY(AttributeText("{}") != AttributeText());
    QVERIFY(!AttributeText("{}").isEmpty());
    QVERIFY(a.contains("\"socket_port\":1029"));
    QVERIFY(!a.contains("\"socket_port\":1030"));
}

// Encodings up to kInlineBytes are held in place, longer ones in a shared block: every length on both sides
// of that bound, verbatim and by shape, survives copies, moves and assignments both ways.
void TestAttributeText::storageOfEverySize_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<bool>("byShape");
    QTest::addColumn<bool>("inlineExpected");
    const auto limit = qsizetype(AttributeText::kInlineBytes);
    for (qsizetype n = 1; n <= limit + 2; ++n) {
        // Verbatim: any text shorter than a shape is worth, kept as given.
        const QByteArray plain = QByteArray("x").repeated(n);
        QTest::addRow("verbatim %d bytes", int(n)) << plain << false << (n <= limit);
    }
    // A text that starts with a tag byte is stored behind an escape byte: one more than its length.
    QTest::newRow("escaped, fits") << QByteArray(1, '\x01').append(QByteArray(21, 'e')) << false << true;
    QTest::newRow("escaped, one past") << QByteArray(1, '\x02').append(QByteArray(22, 'e')) << false << false;
    // By shape: the socket's address grows until its encoding no longer fits.
    for (int digits = 1; digits <= 24; digits += 3) {
        const QByteArray address = QByteArray("1").repeated(digits);
        const QByteArray text = R"({"entity_type":"SocketEntity","socket_addr":")" + address +
                                R"(","socket_port":80,"socket_type":"TCP"})";
        // Held in place without its tag: shape + (hole and length, quoted value) + (hole and length, "80");
        // hole and length take one byte below 16 bytes of value.
        const qsizetype value = digits + 2;
        const qsizetype encoded = 1 + (value < 16 ? 1 : 2) + value + 1 + 2;
        QTest::addRow("by shape, %d-byte address", digits) << text << true << (encoded <= limit);
    }
}

void TestAttributeText::storageOfEverySize()
{
    QFETCH(QByteArray, text);
    QFETCH(bool, byShape);
    QFETCH(bool, inlineExpected);
    // The shape's first object fixes its defaults (unless an earlier test met the shape first): another
    // address and port, the same protocol.
    if (byShape)
        (void)compact(
            R"({"entity_type":"SocketEntity","socket_addr":"9","socket_port":81,"socket_type":"TCP"})");
    AttributeText a = byShape ? compact(text) : AttributeText(text);
    QCOMPARE(a.isByShape(), byShape);
    QCOMPARE(a.isInline(), inlineExpected);
    QCOMPARE(a.text(), text);

    AttributeText copy(a);
    QCOMPARE(copy.text(), text);
    QVERIFY(copy == a);
    AttributeText moved(std::move(copy));
    QCOMPARE(moved.text(), text);
    QVERIFY(copy.isEmpty()); // NOLINT(bugprone-use-after-move): a moved-from value is empty by contract
    AttributeText assigned("{\"other\":1}");
    assigned = a;
    QCOMPARE(assigned.text(), text);
    const AttributeText& itself = assigned;
    assigned = itself;
    QCOMPARE(assigned.text(), text);
    AttributeText target(QByteArray(64, 'y')); // a block, replaced by a move
    target = std::move(assigned);
    QCOMPARE(target.text(), text);
    // The original outlives every copy's end, and the last copy outlives the original.
    {
        const AttributeText scoped = a;
    }
    QCOMPARE(a.text(), text);
    const AttributeText last = a;
    a = AttributeText();
    QVERIFY(a.isEmpty());
    QCOMPARE(last.text(), text);
    QCOMPARE(last.storedBytes() <= qsizetype(AttributeText::kInlineBytes) + (byShape ? 1 : 0),
             inlineExpected);
}

// Readers compact on several threads at once: the shapes they register are shared and read back by all.
void TestAttributeText::readingThreads()
{
    constexpr int kThreads = 4;
    constexpr int kEach = 2000;
    std::vector<std::vector<AttributeText>> made(kThreads);
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t)
        threads.emplace_back([t, &made] {
            for (int i = 0; i < kEach; ++i) {
                // A new shape per 100 objects, met by every thread at about the same time.
                const QByteArray text = R"({"kind":"k)" + QByteArray::number(i / 100) + R"(","shape)" +
                                        QByteArray::number(i / 100) + R"(":)" +
                                        QByteArray::number(i * 7 + t) + R"(,"thread":)" +
                                        QByteArray::number(t) + "}";
                made[size_t(t)].push_back(compact(text));
            }
        });
    for (std::thread& t : threads)
        t.join();
    for (int t = 0; t < kThreads; ++t)
        for (int i = 0; i < kEach; ++i) {
            const QByteArray text = R"({"kind":"k)" + QByteArray::number(i / 100) + R"(","shape)" +
                                    QByteArray::number(i / 100) + R"(":)" + QByteArray::number(i * 7 + t) +
                                    R"(,"thread":)" + QByteArray::number(t) + "}";
            QCOMPARE(made[size_t(t)][size_t(i)].text(), text);
        }
}

QTEST_GUILESS_MAIN(TestAttributeText)
#include "tst_attribute_text.moc"
