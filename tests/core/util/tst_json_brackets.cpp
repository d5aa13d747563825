// SPDX-License-Identifier: GPL-3.0-or-later
// JsonBracketScanner against the byte-by-byte rule it implements 64 bytes at a time: strings, escapes and
// runs of backslashes that straddle a block boundary are where a block scanner goes wrong.
#include "util/json_brackets.h"

#include <QRandomGenerator>
#include <QTest>

#include <vector>

using numasight::JsonBracketScanner;

namespace {

// The rule, one byte at a time: a byte after an odd run of backslashes is ordinary; quotes open and close
// strings; brackets outside strings are reported.
std::vector<qsizetype> bracketsByByte(const QByteArray& text, qsizetype from)
{
    std::vector<qsizetype> found;
    bool inString = false;
    bool escape = false;
    for (qsizetype i = from; i < text.size(); ++i) {
        const char c = text[i];
        if (escape) {
            escape = false;
            continue;
        }
        if (c == '\\')
            escape = true;
        else if (c == '"')
            inString = !inString;
        else if (!inString && (c == '{' || c == '}' || c == '[' || c == ']'))
            found.push_back(i);
    }
    return found;
}

std::vector<qsizetype> bracketsByBlock(const QByteArray& text, qsizetype from)
{
    std::vector<qsizetype> found;
    JsonBracketScanner scanner(text.constData() + from, text.constData() + text.size());
    while (const char* at = scanner.next())
        found.push_back(at - text.constData());
    return found;
}

QByteArray repeated(const char* piece, int times)
{
    QByteArray out;
    for (int i = 0; i < times; ++i)
        out += piece;
    return out;
}

} // namespace

class TestJsonBrackets : public QObject
{
    Q_OBJECT

private slots:
    void fixedTexts_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<int>("from");
        QTest::addColumn<QList<int>>("expected");
        QTest::newRow("empty") << QByteArray() << 0 << QList<int>{};
        QTest::newRow("object") << QByteArray("{\"a\": [1, {\"b\": 2}]}") << 0
                                << QList<int>{0, 6, 10, 17, 18, 19};
        QTest::newRow("brackets in a string") << QByteArray("{\"a{[\": \"]}\"}") << 0 << QList<int>{0, 12};
        QTest::newRow("escaped quote in a string") << QByteArray("{\"a\\\"}\": 1}") << 0 << QList<int>{0, 10};
        QTest::newRow("escaped backslash before a quote")
            << QByteArray("{\"a\\\\\": [1]}") << 0 << QList<int>{0, 8, 10, 11};
        // A string opened in one block and closed in the next hides the brackets of both.
        QTest::newRow("string across a block boundary")
            << QByteArray("{\"" + QByteArray(60, 'x') + "}]\" : []}") << 0 << QList<int>{0, 68, 69, 70};
        // The backslash is byte 63 and escapes the quote that opens block two.
        QTest::newRow("escape across a block boundary")
            << QByteArray("[\"" + QByteArray(61, 'x') + "\\\"]\"]") << 0 << QList<int>{0, 67};
        QTest::newRow("run of backslashes across a block boundary")
            << QByteArray("[\"" + QByteArray(59, 'x') + "\\\\\\\\\"]") << 0 << QList<int>{0, 66};
        QTest::newRow("starts mid-text") << QByteArray("xx\"[{}]\" []") << 9 << QList<int>{9, 10};
        QTest::newRow("unterminated string") << QByteArray("[{\"a\": \"}]]]}") << 0 << QList<int>{0, 1};
        QTest::newRow("1000 elements")
            << ("[" + repeated("{\"k\": \"v\\\"{\", \"l\": [1, 2]}, ", 1000) + "{}]") << 0 << QList<int>{};
    }

    void fixedTexts()
    {
        QFETCH(QByteArray, text);
        QFETCH(int, from);
        QFETCH(QList<int>, expected);
        const std::vector<qsizetype> byBlock = bracketsByBlock(text, from);
        const std::vector<qsizetype> byByte = bracketsByByte(text, from);
        QCOMPARE(byBlock, byByte);
        if (!expected.isEmpty()) {
            std::vector<qsizetype> wanted(expected.begin(), expected.end());
            QCOMPARE(byBlock, wanted);
        }
    }

    // Texts made of the bytes that matter, so that escapes, quotes and brackets meet at every offset of a
    // block; each row a different mix.
    void randomTexts_data()
    {
        QTest::addColumn<QByteArray>("alphabet");
        QTest::addColumn<quint32>("seed");
        QTest::newRow("every special byte") << QByteArray("\"\\{}[]a ,") << quint32(1);
        QTest::newRow("backslash runs") << QByteArray("\\\\\\\\\\\"{]a") << quint32(2);
        QTest::newRow("few quotes") << QByteArray("\"{{}}[[]]aaaa\\") << quint32(3);
        QTest::newRow("mostly text") << QByteArray("\"{}\\abcdefghijklmnopqrstuvwxyz") << quint32(4);
        QTest::newRow("UTF-8 bytes") << QByteArray("\"\\{}\xc3\xa9\xe4\xb8\xad\xff\x80") << quint32(5);
    }

    void randomTexts()
    {
        QFETCH(QByteArray, alphabet);
        QFETCH(quint32, seed);
        QRandomGenerator random(seed);
        for (int round = 0; round < 3000; ++round) {
            const int length = int(random.bounded(400));
            QByteArray text(length, ' ');
            for (char& c : text)
                c = alphabet[int(random.bounded(alphabet.size()))];
            const int from = length ? int(random.bounded(length)) / 8 : 0;
            // The scanner's contract: it starts outside any string.
            if (from > 0 && (bracketsByByte(text.left(from) + '[', 0).empty() ||
                             bracketsByByte(text.left(from) + '[', 0).back() != from))
                continue;
            const auto byBlock = bracketsByBlock(text, from);
            const auto byByte = bracketsByByte(text, from);
            if (byBlock != byByte)
                QFAIL(qPrintable(QStringLiteral("round %1, from %2: %3")
                                     .arg(round)
                                     .arg(from)
                                     .arg(QString::fromLatin1(text.toPercentEncoding()))));
        }
    }
};

QTEST_GUILESS_MAIN(TestJsonBrackets)
#include "tst_json_brackets.moc"
