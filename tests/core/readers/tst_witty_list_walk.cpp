// SPDX-License-Identifier: GPL-3.0-or-later
// Where a list's elements end, found on several threads from guessed starting points, must be what one
// thread finds: whether the guesses hold, miss (inside an element, in a string, past the list) or meet a
// malformed list.
#include "readers/witty_list_walk.h"

#include <QByteArray>
#include <QRandomGenerator>
#include <QScopeGuard>
#include <QTemporaryFile>
#include <QTest>

#include <simdjson.h>

#include <sys/mman.h>

using namespace numasight::wittyread;

namespace {

// A padded copy, as the reader's mapped files are: the scanner reads whole 64-byte blocks.
struct Text
{
    explicit Text(const QByteArray& t)
        : bytes(t + QByteArray(64, ' '))
    {
    }
    const char* begin() const { return bytes.constData(); }
    const char* end() const { return bytes.constData() + bytes.size() - 64; }
    QByteArray bytes;
};

// The text as a file, read with pread() while pointers keep pointing into `Text` (as into the file's
// mapping).
struct TextFile
{
    explicit TextFile(const QByteArray& text)
    {
        if (!file.open() || file.write(text) != text.size() || !file.flush())
            qFatal("cannot write a temporary file");
    }
    FileText over(const Text& t, size_t window)
    {
        return {file.handle(), t.begin(), size_t(t.end() - t.begin()), window};
    }
    QTemporaryFile file;
};

// A walk read from the file is the walk of the text in memory, whatever the window: its ends, where it
// stopped, and whether the list was plain and closed, malformed lists too.
void compareWalks(const ListWalk& fromFile, const ListWalk& inMemory)
{
    QCOMPARE(fromFile.plain, inMemory.plain);
    QCOMPARE(fromFile.closed, inMemory.closed);
    QCOMPARE(fromFile.ends, inMemory.ends);
    QCOMPARE(fromFile.stop, inMemory.stop);
}

// A walk split between threads must agree with the one-thread walk: wholly when that one is plain, in
// being not plain otherwise (where the split walk stops then is its own).
void compareSplitWalk(const ListWalk& many, const ListWalk& one)
{
    QCOMPARE(many.plain, one.plain);
    QCOMPARE(many.closed, one.closed);
    if (one.plain) {
        QCOMPARE(many.ends, one.ends);
        QCOMPARE(many.stop, one.stop);
    }
}

QByteArray elements(int count, const QByteArray& separator, const QByteArray& (*element)(int, QByteArray&))
{
    QByteArray out;
    QByteArray scratch;
    for (int i = 0; i < count; ++i) {
        if (i)
            out += separator;
        out += element(i, scratch);
    }
    return out;
}

const QByteArray& plainElement(int i, QByteArray& out)
{
    out = "{\"entity_type\":\"ProcessEntity\",\"pid\":" + QByteArray::number(i) + ",\"name\":\"w\"}";
    return out;
}

// Each holds what the separator looks like: objects in an array, and the separator's bytes in a string.
const QByteArray& trickyElement(int i, QByteArray& out)
{
    out = "{\"entity_type\":\"X\",\"list\":[{\"entity_type\":1},{\"entity_type\":2}],\"s\":\"},{\\\"entity_"
          "type\\\"\",\"i\":" +
          QByteArray::number(i) + "}";
    return out;
}

// A first value that differs from one element to the next, as witty's NUMA-bound threads list their CPUs.
const QByteArray& variedFirstValue(int i, QByteArray& out)
{
    out = "{\"cpu_affinity\":\"" + QByteArray::number(i * 24) + "-" + QByteArray::number(i * 24 + 23) +
          "\",\"entity_type\":\"ThreadEntity\",\"tid\":" + QByteArray::number(i) + "}";
    return out;
}

// A first key longer than the separator looked for.
const QByteArray& longFirstKey(int i, QByteArray& out)
{
    out = "{\"" + QByteArray(80, 'k') + "\":" + QByteArray::number(i) + "}";
    return out;
}

const QByteArray& emptyObject(int, QByteArray& out)
{
    out = "{}";
    return out;
}

} // namespace

class TestWittyListWalk : public QObject
{
    Q_OBJECT

private slots:
    void sameAsOneThread_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<bool>("split"); // whether the threads' walks are expected to be taken
        QTest::newRow("one per line") << elements(300, ",\n", plainElement) + "\n]}" << true;
        QTest::newRow("indented") << elements(300, ",\n    ", plainElement) + "\n  ]\n}" << true;
        QTest::newRow("compact") << elements(300, ",", plainElement) + "]}" << true;
        QTest::newRow("first values all different")
            << elements(300, ",\n", variedFirstValue) + "\n]}" << true;
        QTest::newRow("a first key longer than the separator looked for")
            << elements(300, ", ", longFirstKey) + "]}" << true;
        QTest::newRow("empty objects") << elements(300, ",", emptyObject) + "]}" << true;
        QTest::newRow("separators inside elements") << elements(300, ",", trickyElement) + "]}" << false;
        QTest::newRow("the list closes early, another follows")
            << elements(20, ",", plainElement) + "],\"edges\":[" + elements(400, ",", plainElement) + "]}"
            << false;
        QTest::newRow("one element") << QByteArray("{\"entity_type\":\"T\"}]}") << false;
        QTest::newRow("two elements") << elements(2, ",", plainElement) + "]}" << false;
        // Found by fuzz_witty_json: the walk of the first two stopped at the end after one element.
        QTest::newRow("one element and a comma, then the end")
            << QByteArray("{\"entity_type\":\"T\"},") << false;
        QTest::newRow("one element, a comma and blanks")
            << QByteArray("{\"entity_type\":\"T\"} ,\n ") << false;
        QByteArray truncated = elements(300, ",\n", plainElement);
        QTest::newRow("truncated") << truncated.left(truncated.size() * 3 / 4) << false;
        QByteArray stray = elements(300, ",\n", plainElement) + "\n]}";
        stray.insert(stray.size() * 2 / 3, "x");
        QTest::newRow("a stray byte late in the list") << stray << false;
        QByteArray notObject = elements(300, ",\n", plainElement) + "\n]}";
        notObject.replace(notObject.size() / 2, 1, "[");
        QTest::newRow("an array among the elements") << notObject << false;
        QTest::newRow("never closed") << elements(300, ",\n", plainElement) << false;
    }
    void sameAsOneThread()
    {
        QFETCH(QByteArray, text);
        QFETCH(bool, split);
        const Text t(text);
        const ListWalk one = walkList(t.begin(), t.end(), t.end(), SIZE_MAX, {});
        TextFile file(text);
        // Windows shorter than an element, than a separator, than a 64-byte block, and longer than the list.
        for (const size_t window : {size_t(1), size_t(7), size_t(64), size_t(100), size_t(1) << 20}) {
            const FileText f = file.over(t, window);
            std::vector<char> scratch;
            compareWalks(walkListInFile(f, t.begin(), t.end(), t.end(), SIZE_MAX, {}, scratch), one);
            if (QTest::currentTestFailed())
                return qWarning("window of %zu bytes", window);
            for (const int threads : {1, 2, 3, 7}) {
                const ListWalk many = walkWholeList(t.begin(), t.end(), threads, 0, {}, &f);
                if (split && threads > 1)
                    QCOMPARE(many.guessesHeld, threads - 1);
                compareSplitWalk(many, one);
            }
        }
        for (const int threads : {2, 3, 4, 7, 16}) {
            const ListWalk many = walkWholeList(t.begin(), t.end(), threads, 0, {});
            if (split)
                QCOMPARE(many.guessesHeld, threads - 1);
            compareSplitWalk(many, one);
        }
    }

    // Random lists: elements of random sizes with nested objects and arrays, strings with brackets, commas
    // and escaped quotes, random blanks between elements, sometimes cut or broken.
    void randomLists()
    {
        QRandomGenerator random(20261202);
        const char* fragments[] = {
            "{\"a\":1}", "[1,{\"b\":[]}]", "\"},{\\\"x\\\"\"",       "\"]\"", "\"\\\\\"",
            "2",         "null",           "{\"entity_type\":\"T\"}"};
        for (int round = 0; round < 400; ++round) {
            QByteArray text;
            const int count = 2 + int(random.bounded(120));
            const QByteArray blanks[] = {",", ",\n", ", ", ",\n    "};
            const QByteArray separator = blanks[random.bounded(4)];
            for (int i = 0; i < count; ++i) {
                if (i)
                    text += separator;
                text += "{\"entity_type\":\"T\",\"v\":[";
                const int parts = int(random.bounded(6));
                for (int k = 0; k < parts; ++k)
                    text += QByteArray(k ? "," : "") + fragments[random.bounded(8)];
                text += "]}";
            }
            text += "]}";
            switch (random.bounded(4)) {
            case 0:
                text.truncate(qsizetype(random.bounded(int(text.size()))));
                break;
            case 1:
                text[qsizetype(random.bounded(int(text.size())))] = "{}[],\"x"[random.bounded(7)];
                break;
            default:
                break;
            }
            const Text t(text);
            const ListWalk one = walkList(t.begin(), t.end(), t.end(), SIZE_MAX, {});
            const ListWalk many = walkWholeList(t.begin(), t.end(), 2 + int(random.bounded(5)), 0, {});
            compareSplitWalk(many, one);
            TextFile file(text);
            const FileText f = file.over(t, 1 + random.bounded(200));
            std::vector<char> scratch;
            compareWalks(walkListInFile(f, t.begin(), t.end(), t.end(), SIZE_MAX, {}, scratch), one);
            const ListWalk fromFile =
                walkWholeList(t.begin(), t.end(), 1 + int(random.bounded(5)), 0, {}, &f);
            compareSplitWalk(fromFile, one);
        }
    }

    // A file cut short since it was opened (its mapping still claims the old size): the walk cannot read the
    // rest and says the list is not plain, so that the whole-document reader speaks for the file.
    void fileCutShort_data()
    {
        QTest::addColumn<qsizetype>("kept");
        const QByteArray text = elements(300, ",\n", plainElement) + "\n]}";
        QTest::newRow("nothing left") << qsizetype(0);
        QTest::newRow("cut inside an element") << text.size() / 2 + 5;
        QTest::newRow("cut before the closing bracket") << text.size() - 3;
    }
    void fileCutShort()
    {
        QFETCH(qsizetype, kept);
        const QByteArray text = elements(300, ",\n", plainElement) + "\n]}";
        const Text t(text);
        TextFile file(text);
        QVERIFY(file.file.resize(kept));
        for (const size_t window : {size_t(16), size_t(1) << 20}) {
            const FileText f = file.over(t, window);
            std::vector<char> scratch;
            const ListWalk walk = walkListInFile(f, t.begin(), t.end(), t.end(), SIZE_MAX, {}, scratch);
            QVERIFY(!walk.plain);
            QVERIFY(!walkWholeList(t.begin(), t.end(), 2, 0, {}, &f).plain);
        }
    }

    // Element ends are 32-bit offsets from the walk's start: an end 4 GiB past it, or a helper's ends that
    // are, cannot be held, and say so (the walk then reports the list as not plain and the whole-document
    // reader takes it). Address space only: nothing in it is touched.
    void endsPast4GiB()
    {
        const size_t span = (size_t(1) << 32) + (size_t(2) << 20);
        void* reserved = mmap(nullptr, span, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (reserved == MAP_FAILED)
            QSKIP("no 4 GiB of address space to reserve");
        const auto unmap = qScopeGuard([&] { munmap(reserved, span); });
        const char* start = static_cast<const char*>(reserved);
        const char* base = start + 1;

        ElementEnds ends(base);
        QVERIFY(ends.push_back(base));
        QVERIFY(ends.push_back(base + UINT32_MAX));
        QVERIFY(!ends.push_back(base + UINT32_MAX + 1));
        QVERIFY(!ends.push_back(start)); // before the walk's start
        QCOMPARE(ends.size(), size_t(2));
        QVERIFY(ends[1] == base + UINT32_MAX); // QCOMPARE would compare the bytes pointed at

        // A helper's walk started 3 GiB in: its first end is held, the one 2 GiB further is not.
        ElementEnds near(base);
        ElementEnds helper(base + (size_t(3) << 30));
        QVERIFY(helper.push_back(base + (size_t(3) << 30) + 100));
        QVERIFY(near.append(helper));
        QVERIFY(near[0] == base + (size_t(3) << 30) + 100);
        QVERIFY(helper.push_back(base + (size_t(4) << 30)));
        ElementEnds far(base);
        QVERIFY(!far.append(helper));
    }
};

QTEST_GUILESS_MAIN(TestWittyListWalk)
#include "tst_witty_list_walk.moc"
