// SPDX-License-Identifier: GPL-3.0-or-later
#include "capture/capture_reader.h"
#include "capture/capture_writer.h"
#include "readers/witty_json_reader.h"
#include "readers/witty_json_writer.h"
#include "util/json_text.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <map>
#include <set>

using namespace numasight;

namespace {

QString fixturePath()
{
    return QStringLiteral(NUMASIGHT_FIXTURES "/witty-profiler/graph.json");
}

CapturePtr readFixture()
{
    auto r = readWittyJsonFile(fixturePath());
    return r.ok() ? r.value() : nullptr;
}

// QJsonObject keeps keys sorted, so its compact text is a canonical form for set comparisons.
QByteArray canonical(const QJsonValue& v)
{
    return QJsonDocument(v.toObject()).toJson(QJsonDocument::Compact);
}

QJsonObject graphOf(const QByteArray& text)
{
    const QJsonObject o = QJsonDocument::fromJson(text).object();
    return o.contains(u"content") ? o.value(u"content").toObject() : o;
}

std::set<QByteArray> nodeSet(const QJsonObject& graph)
{
    std::set<QByteArray> out;
    for (const QJsonValue& v : graph.value(u"nodes").toArray())
        out.insert(canonical(v));
    return out;
}

std::multiset<QByteArray> edgeMultiset(const QJsonObject& graph)
{
    std::multiset<QByteArray> out;
    for (const QJsonValue& v : graph.value(u"edges").toArray())
        out.insert(canonical(v));
    return out;
}

QString identityOf(const Snapshot& s, EntityId id)
{
    const Entity& e = s.entity(id);
    return Snapshot::identity(e.typeName.view(), e.ns.view(), e.key.utf16());
}

// Threads that name their process in full, as witty writes them: a parser that read that process earlier
// in the list keeps only its identity for every later copy. Rows: the text, and how many copies one
// parser handed the whole list reads that way.
struct ProcessesOfThreads
{
    const char* name;
    QByteArray text;
    int readBefore;
    bool everySplit = true; // read in batches however the list is split between parsers
};
std::vector<ProcessesOfThreads> processesOfThreads()
{
    auto thread = [](int tid, const char* ns, const QByteArray& process) {
        return QByteArray(R"({"entity_type":"ThreadEntity","entity_namespace":")") + ns +
               "\",\"tid\":" + QByteArray::number(tid) + R"(,"process":)" + process + "}";
    };
    auto process = [](const char* ns, const QByteArray& rest = {}) {
        return QByteArray(R"({"entity_type":"ProcessEntity","entity_namespace":")") + ns + "\",\"pid\":7" +
               rest + "}";
    };
    auto graph = [](const QList<QByteArray>& nodes) {
        return "{\"nodes\":[\n" + nodes.join(",\n") + "\n],\"edges\":[]}";
    };
    const QByteArray p = process("h", R"(,"ppid":1,"name":"trainer","cmdline":"python train.py")");
    return {
        {"process, then its threads",
         graph({p, thread(11, "h", p), thread(12, "h", p), thread(13, "h", process("h", R"(,"name":"x")"))}),
         3},
        {"threads first, then their process",
         graph({thread(11, "h", p), thread(12, "h", p), process("h", R"(,"name":"node copy")"),
                thread(13, "h", p)}),
         2},
        {"the same pid in two namespaces",
         graph({thread(11, "a", process("a")), thread(12, "b", process("b")), thread(13, "a", process("a")),
                thread(14, "b", process("b", R"(,"name":"b")"))}),
         2},
        // A copy is not read past its identity, as the one-thread reader does not read a known one.
        {"a later copy with a field of the wrong type",
         graph({p, thread(11, "h", process("h", R"(,"ppid":"one")"))}), 1, false},
        {"the process key before the thread's",
         graph({p, QByteArray(R"({"process":)") + p + R"(,"entity_type":"ThreadEntity","tid":11})"}), 1},
    };
}

} // namespace

class TestWittyRoundtrip : public QObject
{
    Q_OBJECT

private:
    // Puts this thread's reading tuning back as it was.
    struct TuningGuard
    {
        WittyReadTuning saved = wittyReadTuning();
        ~TuningGuard() { wittyReadTuning() = saved; }
    };

    // `b` is `a`: same entities and edges in the same order, attributes and payloads byte for byte.
    // Reads `text` on one thread, then on two in batches of `batch` elements, and checks that both read it,
    // the second in parallel, into the same model; `before` receives the read counters before the second
    // read. The second read's capture, or null after a failed check.
    CapturePtr readOnceThenInBatches(const QByteArray& text, size_t batch, WittyReadPaths* before)
    {
        const TuningGuard guard;
        wittyReadTuning().threads = 1;
        auto one = readWittyJson(text, QStringLiteral("one.json"));
        if (!one.ok()) {
            QTest::qFail(qPrintable(one.error().toString()), __FILE__, __LINE__);
            return {};
        }
        WittyReadTuning& tuning = wittyReadTuning();
        tuning.threads = 2;
        tuning.parallelFrom = 1;
        tuning.parallelScanFrom = 0;
        tuning.batchElements = batch;
        *before = wittyReadPaths();
        auto many = readWittyJson(text, QStringLiteral("many.json"));
        if (!many.ok()) {
            QTest::qFail(qPrintable(many.error().toString()), __FILE__, __LINE__);
            return {};
        }
        if (wittyReadPaths().parallelLists <= before->parallelLists) {
            QTest::qFail("the list was not parsed in batches", __FILE__, __LINE__);
            return {};
        }
        compareExactly(*one.value()->snapshots.front(), *many.value()->snapshots.front());
        return many.value();
    }
    // Reads `text` as a file through its mapping, then with its lists read from the file through windows of
    // 1, 13 and 4096 bytes on one and two threads: the same model, or (`error` not empty) the same error,
    // which holds `error`.
    void windowedAgreesWithMapped(const QByteArray& text, const QString& error)
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("graph.json"));
        {
            QFile out(path);
            QVERIFY(out.open(QIODevice::WriteOnly) && out.write(text) == text.size());
        }
        const TuningGuard guard;
        wittyReadTuning().fileReadFrom = SIZE_MAX;
        const int mappedBefore = wittyReadPaths().mapped;
        const auto mapped = readWittyJsonFile(path);
        if (wittyReadPaths().mapped == mappedBefore)
            QSKIP("no read lease on a file of this user's here: files are copied, never read in windows");
        QCOMPARE(mapped.ok(), error.isEmpty());
        if (!mapped.ok())
            QVERIFY2(mapped.error().toString().contains(error), qPrintable(mapped.error().toString()));
        for (const int threads : {1, 2}) {
            for (const size_t window : {size_t(1), size_t(13), size_t(4096)}) {
                WittyReadTuning& tuning = wittyReadTuning();
                tuning.threads = threads;
                tuning.parallelFrom = 1;
                tuning.parallelScanFrom = 0;
                tuning.batchElements = 3;
                tuning.fileReadFrom = 0;
                tuning.fileWindow = window;
                const WittyReadPaths before = wittyReadPaths();
                const auto windowed = readWittyJsonFile(path);
                QCOMPARE(windowed.ok(), mapped.ok());
                if (!mapped.ok()) {
                    QCOMPARE(windowed.error().toString(), mapped.error().toString());
                    continue;
                }
                // Read element by element, not handed to the whole-document reader (which would give the
                // same model from the mapping).
                QVERIFY(wittyReadPaths().listsFromFile > before.listsFromFile);
                QCOMPARE(wittyReadPaths().whole, before.whole);
                compareExactly(*mapped.value()->snapshots.front(), *windowed.value()->snapshots.front());
                if (QTest::currentTestFailed())
                    return qWarning("%d threads, window of %zu bytes", threads, window);
            }
        }
    }

    void compareExactly(const Snapshot& s, const Snapshot& t)
    {
        compareSnapshots(s, t);
        QCOMPARE(s.entities().size(), t.entities().size());
        for (size_t i = 0; i < s.entities().size(); ++i) {
            QCOMPARE(t.entities()[i].key, s.entities()[i].key);
            QCOMPARE(t.entities()[i].attributes.text(), s.entities()[i].attributes.text());
            QCOMPARE(t.entities()[i].parent, s.entities()[i].parent);
            QCOMPARE(t.entities()[i].pid, s.entities()[i].pid);
        }
        QCOMPARE(s.edges().size(), t.edges().size());
        for (size_t i = 0; i < s.edges().size(); ++i) {
            QCOMPARE(t.edges()[i].payload.text(), s.edges()[i].payload.text());
            QCOMPARE(t.edges()[i].source, s.edges()[i].source);
            QCOMPARE(t.edges()[i].target, s.edges()[i].target);
        }
    }

    // Everything the reader kept from `a` is in `b`, in the same order, under the same identities.
    void compareSnapshots(const Snapshot& a, const Snapshot& b)
    {
        QCOMPARE(b.entities().size(), a.entities().size());
        for (size_t i = 0; i < a.entities().size(); ++i) {
            const Entity& x = a.entity(EntityId(std::int32_t(i)));
            const EntityId found = b.find(x.typeName.view(), x.ns.view(), x.key.utf16());
            QVERIFY2(found.isValid(), qPrintable(x.typeName + u' ' + x.key));
            const Entity& y = b.entity(found);
            QCOMPARE(y.kind, x.kind);
            QCOMPARE(parseJsonObject(y.attributes.text()), parseJsonObject(x.attributes.text()));
            QCOMPARE(y.name, x.name);
            QCOMPARE(y.cpus, x.cpus);
            QCOMPARE(y.numaNode, x.numaNode);
            QCOMPARE(y.parent.isValid(), x.parent.isValid());
            if (x.parent.isValid())
                QCOMPARE(identityOf(b, y.parent), identityOf(a, x.parent));
        }
        QCOMPARE(b.edges().size(), a.edges().size());
        for (size_t i = 0; i < a.edges().size(); ++i) {
            const Edge& x = a.edge(EdgeId(std::int32_t(i)));
            const Edge& y = b.edge(EdgeId(std::int32_t(i)));
            QCOMPARE(y.kind, x.kind);
            QCOMPARE(y.typeName, x.typeName);
            QCOMPARE(y.directed, x.directed);
            QCOMPARE(y.weight, x.weight);
            QCOMPARE(identityOf(b, y.source), identityOf(a, x.source));
            QCOMPARE(identityOf(b, y.target), identityOf(a, x.target));
            QCOMPARE(parseJsonObject(y.payload.text()), parseJsonObject(x.payload.text()));
        }
        const DistanceMatrix* da = a.numaDistances();
        const DistanceMatrix* db = b.numaDistances();
        QCOMPARE(db != nullptr, da != nullptr);
        if (da)
            QCOMPARE(db->values, da->values);
    }

private slots:
    void graph_data()
    {
        QTest::addColumn<bool>("envelope");
        QTest::addColumn<bool>("indent");
        QTest::newRow("plain") << false << false;
        QTest::newRow("plain indented") << false << true;
        QTest::newRow("envelope") << true << false;
        QTest::newRow("envelope indented") << true << true;
    }
    void graph()
    {
        QFETCH(bool, envelope);
        QFETCH(bool, indent);
        const CapturePtr original = readFixture();
        QVERIFY(original);
        SourceInfo source = original->source;
        source.extra.insert(QStringLiteral("local_ip"), QStringLiteral("10.1.2.3"));
        source.extra.insert(QStringLiteral("hostname"), QStringLiteral("ascend-07"));
        source.extra.insert(QStringLiteral("machine_id"), QStringLiteral("abc"));
        WittyWriteOptions options;
        options.envelope = envelope;
        options.indent = indent;
        const QByteArray written = writeWittyGraph(*original->snapshots.front(), source, options);
        QCOMPARE(written.contains('\n'), indent);

        // The written document holds exactly the file's nodes and edges (edges as a multiset: witty may
        // repeat one).
        QFile f(fixturePath());
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject before = QJsonDocument::fromJson(f.readAll()).object();
        QJsonParseError error{};
        const QJsonDocument doc = QJsonDocument::fromJson(written, &error);
        QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
        const QJsonObject after = graphOf(written);
        QCOMPARE(doc.object().contains(u"env"), envelope);
        QCOMPARE(nodeSet(after), nodeSet(before));
        QCOMPARE(edgeMultiset(after), edgeMultiset(before));

        auto reread = readWittyJson(written, QStringLiteral("written.json"));
        QVERIFY2(reread.ok(), qPrintable(reread.ok() ? QString() : reread.error().toString()));
        const Capture& c = *reread.value();
        QCOMPARE(c.source.format, envelope ? SourceFormat::WittyEnvelope : SourceFormat::WittyJson);
        if (envelope) {
            QCOMPARE(c.source.hostname, QStringLiteral("ascend-07"));
            QCOMPARE(c.source.extra, source.extra);
        }
        compareSnapshots(*original->snapshots.front(), *c.snapshots.front());
    }

    // witty JSON -> capture file -> witty JSON: the document that comes out holds the same nodes and edges,
    // field for field, as the one that went in.
    void throughCaptureFile()
    {
        const CapturePtr original = readFixture();
        QVERIFY(original);
        QTemporaryDir dir;
        const QString capturePath = dir.filePath(QStringLiteral("graph.numasight"));
        const auto writeError = writeCaptureFile(*original, capturePath);
        QVERIFY2(!writeError, writeError ? qPrintable(writeError->toString()) : "");
        const auto stored = readCaptureFile(capturePath);
        QVERIFY2(stored.ok(), stored.ok() ? "" : qPrintable(stored.error().toString()));
        QCOMPARE(stored.value()->source.originalFormat, SourceFormat::WittyJson);
        compareSnapshots(*original->snapshots.front(), *stored.value()->snapshots.front());

        const QString backPath = dir.filePath(QStringLiteral("back.json"));
        QVERIFY(!writeWittyJsonFile(*stored.value(), backPath));
        QFile in(fixturePath());
        QVERIFY(in.open(QIODevice::ReadOnly));
        QFile back(backPath);
        QVERIFY(back.open(QIODevice::ReadOnly));
        const QJsonObject before = QJsonDocument::fromJson(in.readAll()).object();
        const QJsonObject after = graphOf(back.readAll());
        QCOMPARE(after.value(u"nodes").toArray().size(), 129);
        QCOMPARE(after.value(u"edges").toArray().size(), 259);
        QCOMPARE(nodeSet(after), nodeSet(before));
        QCOMPARE(edgeMultiset(after), edgeMultiset(before));
    }

    void jsonLines_data()
    {
        QTest::addColumn<int>("rounds");
        QTest::addColumn<bool>("envelope");
        QTest::newRow("one round: a plain file") << 1 << false;
        QTest::newRow("three rounds") << 3 << false;
        QTest::newRow("three rounds in envelopes") << 3 << true;
    }
    void jsonLines()
    {
        QFETCH(int, rounds);
        QFETCH(bool, envelope);
        const CapturePtr original = readFixture();
        QVERIFY(original);
        Capture capture;
        capture.source = original->source;
        capture.source.extra.insert(QStringLiteral("hostname"), QStringLiteral("h1"));
        for (int i = 0; i < rounds; ++i)
            capture.snapshots.push_back(original->snapshots.front());
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("rounds.jsonl"));
        WittyWriteOptions options;
        options.envelope = envelope;
        options.indent = true; // ignored for JSON Lines, which must stay one graph per line
        QVERIFY(!writeWittyJsonFile(capture, path, options).has_value());
        auto r = readWittyJsonFile(path);
        QVERIFY2(r.ok(), qPrintable(r.ok() ? QString() : r.error().toString()));
        const Capture& c = *r.value();
        QCOMPARE(int(c.snapshots.size()), rounds);
        if (rounds > 1)
            QCOMPARE(c.source.format, SourceFormat::WittyJsonLines);
        for (const auto& s : c.snapshots)
            compareSnapshots(*original->snapshots.front(), *s);
    }

    // The usual shape is read element by element, anything else whole; both must give the same capture.
    // The whole reader is made to speak by a root field the element reader does not take ("x-unread").
    void elementAndWholeAgree_data()
    {
        QTest::addColumn<QByteArray>("text");
        QFile f(fixturePath());
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray fixture = f.readAll();
        const CapturePtr original = readFixture();
        QVERIFY(original);
        SourceInfo source = original->source;
        source.extra.insert(QStringLiteral("hostname"), QStringLiteral("ascend-07"));
        source.extra.insert(QStringLiteral("numa_info"), QStringLiteral("{\"a\":[1,2]}"));
        WittyWriteOptions envelope;
        envelope.envelope = true;
        WittyWriteOptions indented;
        indented.indent = true;
        QByteArray escapes = fixture;
        // A quote after an escaped backslash ends the string; an escaped quote does not.
        escapes.replace("\"containerd-shim\"", "\"shim \\\"q\\\" \\u00e9 {x} [y] }] \\\\\"");
        QTest::newRow("the real capture") << fixture;
        QTest::newRow("compact") << writeWittyGraph(*original->snapshots.front(), source, {});
        QTest::newRow("indented") << writeWittyGraph(*original->snapshots.front(), source, indented);
        QTest::newRow("envelope") << writeWittyGraph(*original->snapshots.front(), source, envelope);
        QTest::newRow("escapes and brackets in strings") << escapes;
        QTest::newRow("edges before nodes") << QByteArray(
            "{\"edges\":[{\"edge_type\":\"OwnEdge\",\"weight\":0,\"source_node\":{\"entity_type\":"
            "\"ProcessEntity\",\"pid\":5},\"target_node\":{\"entity_type\":\"ThreadEntity\",\"tid\":6,"
            "\"process\":{\"entity_type\":\"ProcessEntity\",\"pid\":5}}}],\n \"nodes\" : [ ] }");
    }
    void elementAndWholeAgree()
    {
        QFETCH(QByteArray, text);
        const qsizetype open = text.indexOf('{');
        QByteArray unread = text;
        unread.insert(open + 1, "\"x-unread\":[{\"nodes\":1}],");

        const WittyReadPaths before = wittyReadPaths();
        auto a = readWittyJson(text, QStringLiteral("a.json"));
        QVERIFY2(a.ok(), qPrintable(a.ok() ? QString() : a.error().toString()));
        QCOMPARE(wittyReadPaths().byElement, before.byElement + 1);
        QCOMPARE(wittyReadPaths().whole, before.whole);
        auto b = readWittyJson(unread, QStringLiteral("b.json"));
        QVERIFY2(b.ok(), qPrintable(b.ok() ? QString() : b.error().toString()));
        QCOMPARE(wittyReadPaths().whole, before.whole + 1);

        const Capture& x = *a.value();
        const Capture& y = *b.value();
        QCOMPARE(x.source.format, y.source.format);
        QCOMPARE(x.source.hostname, y.source.hostname);
        QCOMPARE(x.source.extra, y.source.extra);
        QCOMPARE(x.snapshots.size(), y.snapshots.size());
        compareExactly(*x.snapshots.front(), *y.snapshots.front());
    }

    // Long lists are parsed on several threads and inserted in document order: whatever the batches and
    // the number of threads, the capture is the one a single thread reads, ids and all.
    void parallelAgreesWithOneThread_data()
    {
        elementAndWholeAgree_data();
        // Not the row with a bad field in a later copy: in batches split between parsers, the parser of the
        // thread may not have read the process, reads the copy whole, meets the field, and the document goes
        // to the whole-document reader (the same model, but not parsed in batches).
        for (const ProcessesOfThreads& row : processesOfThreads())
            if (row.everySplit)
                QTest::newRow(row.name) << row.text;
        // Copies that meet across batches: a process first seen inside a thread and then in `nodes`, a
        // duplicate in `nodes`, a process after its thread's key fields and one before, the same new entity
        // as both ends of an edge, endpoints in target-first order, an undirected edge.
        QTest::newRow("copies across batches") << QByteArray(
            "{\"nodes\":[\n"
            "{\"entity_type\":\"ThreadEntity\",\"tid\":11,\"process\":{\"entity_type\":\"ProcessEntity\","
            "\"pid\":5}},\n"
            "{\"entity_type\":\"ProcessEntity\",\"pid\":5,\"name\":\"first\"},\n"
            "{\"process\":{\"entity_type\":\"ProcessEntity\",\"pid\":6},\"entity_type\":\"ThreadEntity\","
            "\"tid\":12},\n"
            "{\"entity_type\":\"ProcessEntity\",\"pid\":5,\"name\":\"second\"},\n"
            "{\"entity_type\":\"SocketEntity\",\"socket_addr\":\"10.0.0.1\",\"socket_port\":80,"
            "\"socket_type\":\"TCP\"},\n"
            "{\"entity_type\":\"ThreadEntity\",\"tid\":11,\"process\":{\"entity_type\":\"ProcessEntity\","
            "\"pid\":5}}\n"
            "],\"edges\":[\n"
            "{\"edge_type\":\"OwnEdge\",\"source_node\":{\"entity_type\":\"ProcessEntity\",\"pid\":7},"
            "\"target_node\":{\"entity_type\":\"ProcessEntity\",\"pid\":7}},\n"
            "{\"edge_type\":\"OwnEdge\",\"target_node\":{\"entity_type\":\"ThreadEntity\",\"tid\":13,"
            "\"process\":{\"entity_type\":\"ProcessEntity\",\"pid\":7}},\"source_node\":{\"entity_type\":"
            "\"ProcessEntity\",\"pid\":5},\"weight\":3},\n"
            "{\"edge_type\":\"Link\",\"nodes\":[{\"entity_type\":\"ProcessEntity\",\"pid\":8},"
            "{\"entity_type\":\"ProcessEntity\",\"pid\":9}],\"x\":{\"a\":[1]}},\n"
            "{\"edge_type\":\"OwnEdge\",\"source_node\":{\"entity_type\":\"ProcessEntity\",\"pid\":9},"
            "\"target_node\":{\"entity_type\":\"ThreadEntity\",\"tid\":13}}\n"
            "]}");
        // Identities whose parts hold a unit separator, met again on edges parsed in batches (which look
        // them up in a table of identity bytes, not in the model).
        const QByteArray a =
            R"({"entity_type":"SocketEntity","entity_namespace":"n\u001fa","socket_addr":"b",)"
            R"("socket_port":1,"socket_type":"TCP"})";
        const QByteArray b =
            R"({"entity_type":"SocketEntity","entity_namespace":"n","socket_addr":"a\u001fb",)"
            R"("socket_port":1,"socket_type":"TCP"})";
        const QByteArray p = R"({"entity_type":"ProcessEntity","entity_namespace":"n","pid":3})";
        QTest::newRow("separators inside identities")
            << "{\"nodes\":[\n" + a + ",\n" + b + ",\n" + p + "\n],\"edges\":[\n" +
                   R"({"edge_type":"OwnEdge","source_node":)" + p + R"(,"target_node":)" + b + "},\n" +
                   R"({"edge_type":"OwnEdge","source_node":)" + p + R"(,"target_node":)" + a + "}\n]}";
    }
    // A mapped file's long lists are read with pread() instead of through the mapping: the same model,
    // whatever the window (shorter than an element, than a separator) and the threads.
    void fileWindowsAgree_data() { parallelAgreesWithOneThread_data(); }
    void fileWindowsAgree()
    {
        QFETCH(QByteArray, text);
        windowedAgreesWithMapped(text, QString());
    }
    // A file with a problem gets the same error, which the whole-document reader gives through the mapping.
    void fileWindowsSameError_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("error");
        QFile f(fixturePath());
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray fixture = f.readAll();
        QTest::newRow("truncated") << fixture.left(fixture.size() * 2 / 3)
                                   << QStringLiteral("the file is truncated");
        QByteArray stray = fixture;
        stray.insert(stray.indexOf("},", stray.indexOf("\"edges\"")) + 2, "x");
        QTest::newRow("a stray byte between edges") << stray << QStringLiteral("malformed JSON");
        QByteArray wrongType = fixture;
        wrongType.replace("\"tid\": 1", "\"tid\": true");
        QTest::newRow("a field of the wrong type") << wrongType << QStringLiteral("expected an integer");
        QTest::newRow("an array among the nodes")
            << QByteArray("{\"nodes\":[{\"entity_type\":\"ProcessEntity\",\"pid\":1},[1]],\"edges\":[]}")
            << QStringLiteral("expected an entity object");
    }
    void fileWindowsSameError()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, error);
        windowedAgreesWithMapped(text, error);
    }

    void processesReadOnce_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<int>("readBefore");
        for (const ProcessesOfThreads& row : processesOfThreads())
            QTest::newRow(row.name) << row.text << row.readBefore;
    }
    void processesReadOnce()
    {
        QFETCH(QByteArray, text);
        QFETCH(int, readBefore);
        WittyReadPaths before;
        readOnceThenInBatches(text, 4096, &before); // one batch: one parser reads the list in order
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(wittyReadPaths().processesReadBefore - before.processesReadBefore, readBefore);
    }

    void parallelAgreesWithOneThread()
    {
        QFETCH(QByteArray, text);
        const TuningGuard guard;
        wittyReadTuning().threads = 1;
        auto one = readWittyJson(text, QStringLiteral("one.json"));
        QVERIFY2(one.ok(), qPrintable(one.ok() ? QString() : one.error().toString()));
        for (const int threads : {2, 3}) {
            for (const size_t batch : {size_t(1), size_t(2), size_t(5), size_t(4096)}) {
                WittyReadTuning& tuning = wittyReadTuning();
                tuning.threads = threads;
                tuning.parallelFrom = 1;
                tuning.parallelScanFrom = 0;
                tuning.batchElements = batch;
                const int before = wittyReadPaths().parallelLists;
                auto many = readWittyJson(text, QStringLiteral("many.json"));
                QVERIFY2(many.ok(), qPrintable(many.ok() ? QString() : many.error().toString()));
                QVERIFY(wittyReadPaths().parallelLists > before);
                compareExactly(*one.value()->snapshots.front(), *many.value()->snapshots.front());
            }
        }
    }

    // The entities that come by the million carry no block of rare facts, and values that repeat through a
    // file share one string; a file of more distinct values than the reader keeps shared is read just as
    // right.
    void sharedAndRareFacts_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<int>("threads");
        QTest::newRow("fixture") << QByteArray() << 1;
        QByteArray many("{\"nodes\":[\n");
        for (int i = 0; i < 5000; ++i)
            many +=
                QStringLiteral("%1{\"entity_type\":\"SocketEntity\",\"entity_namespace\":\"h%2\","
                               "\"socket_addr\":\"10.0.0.1\",\"socket_port\":%3,\"socket_type\":\"%4\"},"
                               "\n{\"entity_type\":\"ThreadEntity\",\"entity_namespace\":\"h%2\",\"tid\":%3,"
                               "\"name\":\"%5\",\"process\":{\"entity_type\":\"ProcessEntity\","
                               "\"entity_namespace\":\"h%2\",\"pid\":7}}")
                    .arg(i ? QStringLiteral(",\n") : QString())
                    .arg(i)
                    .arg(1000 + i)
                    .arg(i % 2 ? QStringLiteral("TCP") : QStringLiteral("UDP"))
                    .arg(i % 3 ? QStringLiteral("worker") : QStringLiteral("w%1").arg(i))
                    .toUtf8();
        many += "\n],\"edges\":[]}";
        QTest::newRow("5000 namespaces, one thread") << many << 1;
        QTest::newRow("5000 namespaces, three threads") << many << 3;
    }
    void sharedAndRareFacts()
    {
        QFETCH(QByteArray, text);
        QFETCH(int, threads);
        const TuningGuard guard;
        wittyReadTuning().threads = threads;
        wittyReadTuning().parallelFrom = threads > 1 ? 1 : 2048;
        wittyReadTuning().batchElements = 64;
        const auto r =
            text.isEmpty() ? readWittyJsonFile(fixturePath()) : readWittyJson(text, QStringLiteral("s.json"));
        QVERIFY2(r.ok(), qPrintable(r.ok() ? QString() : r.error().toString()));
        const Snapshot& s = *r.value()->snapshots.front();
        std::set<const QChar*> workerNames;
        int sockets = 0, threadsRead = 0, nodesWithMemory = 0;
        for (const Entity& e : s.entities()) {
            switch (e.kind) {
            case EntityKind::Thread:
            case EntityKind::Socket:
            case EntityKind::Pu:
            case EntityKind::Core:
                QVERIFY2(!e.detail.isAllocated(), qPrintable(e.key));
                break;
            case EntityKind::NumaNode:
                nodesWithMemory += e.detail->memoryBytes > 0;
                break;
            default:
                break;
            }
            if (text.isEmpty() || e.kind == EntityKind::Process)
                continue;
            const int i = e.kind == EntityKind::Socket ? e.port - 1000 : int(e.tid) - 1000;
            QCOMPARE(e.ns, QStringLiteral("h%1").arg(i));
            if (e.kind == EntityKind::Socket) {
                ++sockets;
                QCOMPARE(e.protocol(), i % 2 ? QStringLiteral("TCP") : QStringLiteral("UDP"));
            } else {
                ++threadsRead;
                QCOMPARE(e.name, i % 3 ? QStringLiteral("worker") : QStringLiteral("w%1").arg(i));
                QCOMPARE(s.entity(e.parent).ns, e.ns);
                if (i % 3)
                    workerNames.insert(e.name.str().constData());
            }
        }
        if (text.isEmpty()) {
            QVERIFY(nodesWithMemory > 0);
            return;
        }
        QCOMPARE(sockets, 5000);
        QCOMPARE(threadsRead, 5000);
        // One string per reading thread, not one per entity.
        QVERIFY2(workerNames.size() <= size_t(threads), qPrintable(QString::number(workerNames.size())));
    }

    // A problem anywhere in a list parsed on several threads gets the one-thread reader's message and place.
    // Edges parsed in batches recognise the copies of known entities in a table of identity bytes built
    // from the model when the list starts; texts beyond ASCII are encoded there as the parses encode them,
    // or every copy would be read whole and looked up again (same capture, much slower).
    void copiesKnownInBatches_data()
    {
        QTest::addColumn<QByteArray>("entity");
        QTest::addColumn<int>("entities");
        QTest::newRow("ASCII") << QByteArray(
                                      R"({"entity_type":"ProcessEntity","entity_namespace":"h","pid":3})")
                               << 2;
        QTest::newRow("Latin-1 namespace")
            << QByteArray(R"({"entity_type":"ProcessEntity","entity_namespace":"hôte","pid":3})") << 2;
        QTest::newRow("CJK namespace, accented address")
            << QByteArray(
                   R"({"entity_type":"SocketEntity","entity_namespace":"節点","socket_addr":"fé80::1",)"
                   R"("socket_port":1,"socket_type":"TCP"})")
            << 2;
        QTest::newRow("escaped address")
            << QByteArray(R"({"entity_type":"SocketEntity","socket_addr":"f\u00e9\ud83d\ude00",)"
                          R"("socket_port":2,"socket_type":"UDP"})")
            << 2;
        QTest::newRow("unknown type beyond the BMP")
            << QByteArray(R"({"entity_type":"Ünknown😀","entity_namespace":"local","id":"ключ"})") << 2;
        QTest::newRow("thread in a namespace beyond ASCII")
            << QByteArray(R"({"entity_type":"ThreadEntity","entity_namespace":"Ω","tid":9,"process":)"
                          R"({"entity_type":"ProcessEntity","entity_namespace":"Ω","pid":8}})")
            << 3;
    }
    void copiesKnownInBatches()
    {
        QFETCH(QByteArray, entity);
        QFETCH(int, entities);
        const QByteArray other = R"({"entity_type":"ProcessEntity","pid":4})";
        const QByteArray text = "{\"nodes\":[\n" + entity + ",\n" + other + "\n],\"edges\":[\n" +
                                R"({"edge_type":"OwnEdge","source_node":)" + other + R"(,"target_node":)" +
                                entity + "},\n" + R"({"edge_type":"Link","source_node":)" + entity +
                                R"(,"target_node":)" + other + "}\n]}";
        WittyReadPaths before;
        const CapturePtr many = readOnceThenInBatches(text, 1, &before);
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(wittyReadPaths().copiesKnown - before.copiesKnown, 4); // both ends of both edges
        QCOMPARE(int(many->snapshots.front()->entities().size()), entities);
    }

    // An unknown entity's whole text is its identity and its attributes: minified once for both. Minifying
    // it again for the attributes cost a tenth of reading a file of unknown entities.
    void unknownEntitiesMinifiedOnce_data()
    {
        QTest::addColumn<QByteArray>("nodes");
        QTest::addColumn<int>("minified");
        QTest::addColumn<int>("entities");
        QTest::newRow("one unknown") << QByteArray(R"({"entity_type":"Gadget","entity_namespace":"h","k":1})")
                                     << 1 << 1;
        QTest::newRow("two unknown, nested values")
            << QByteArray(R"({"entity_type":"Gadget","k":{"a":[1, 2]},"details":{}},)"
                          R"({"entity_type":"Gadget","k":{"a":[1, 3]},"details":{}})")
            << 2 << 2;
        // The copy is minified for its identity, found, and read no further.
        QTest::newRow("unknown and its copy")
            << QByteArray(R"({"entity_type":"Gadget","k":1},{ "entity_type" : "Gadget", "k" : 1 })") << 2
            << 1;
        QTest::newRow("unknown beside known kinds")
            << QByteArray(R"({"entity_type":"ProcessEntity","pid":3},{"entity_type":"Gadget","k":"Ω"},)"
                          R"({"entity_type":"NumaEntity","numa_id":0})")
            << 3 << 3; // every entity's attributes are minified once
    }
    void unknownEntitiesMinifiedOnce()
    {
        QFETCH(QByteArray, nodes);
        QFETCH(int, minified);
        QFETCH(int, entities);
        const TuningGuard guard;
        wittyReadTuning().threads = 1;
        const WittyReadPaths before = wittyReadPaths();
        auto read = readWittyJson("{\"nodes\":[" + nodes + "],\"edges\":[]}", QStringLiteral("unknown.json"));
        QVERIFY2(read.ok(), qPrintable(read.ok() ? QString() : read.error().toString()));
        QCOMPARE(wittyReadPaths().byElement - before.byElement, 1);
        QCOMPARE(wittyReadPaths().minified - before.minified, minified);
        QCOMPARE(int(read.value()->snapshots.front()->entities().size()), entities);
    }

    // Edge payloads repeat a few shapes with other values (every SendToSocketEdge's data_flow): they are
    // kept by shape, as entity attributes are, and give back the same bytes. As copies they took a third of
    // the model of a 200 MB graph.
    void edgePayloadsByShape_data()
    {
        QTest::addColumn<QByteArray>("payload"); // the payload's fields, minified, as the edge writes them
        QTest::addColumn<bool>("small"); // whether 500 edges of it must take less than a third of its bytes
        QTest::newRow("flow counters") << QByteArray(R"("data_flow":{"data_size":%1,"packets":%2})") << true;
        QTest::newRow("status facts")
            << QByteArray(
                   R"("proc_status":{"Cpus_allowed_list":"0-%1","VmRSS":"%2 kB","Threads":7},"x":null)")
            << true;
        QTest::newRow("no fields") << QByteArray() << false; // "{}", held in place
        QTest::newRow("escapes and text beyond ASCII")
            << QByteArray(R"("note":"\u0001 ünïcode %1","n":[%2,1.5e3,true])") << false;
    }
    void edgePayloadsByShape()
    {
        QFETCH(QByteArray, payload);
        QFETCH(bool, small);
        QByteArray text = "{\"nodes\":[{\"entity_type\":\"ProcessEntity\",\"pid\":1}],\"edges\":[";
        std::vector<QByteArray> expected;
        for (int i = 0; i < 500; ++i) {
            const QByteArray fields = QString::fromUtf8(payload).arg(i * 4096).arg(i % 7).toUtf8();
            expected.push_back("{" + fields + "}");
            text +=
                QByteArray(i ? ",\n" : "\n") +
                R"({"edge_type":"SendToSocketEdge","source_node":{"entity_type":"ProcessEntity","pid":1},)" +
                R"("target_node":{"entity_type":"ProcessEntity","pid":1})" + (fields.isEmpty() ? "" : ",") +
                fields + "}";
        }
        text += "\n]}";
        const auto read = readWittyJson(text, QStringLiteral("payloads.json"));
        QVERIFY2(read.ok(), qPrintable(read.ok() ? QString() : read.error().toString()));
        const Snapshot& s = *read.value()->snapshots.front();
        QCOMPARE(s.edges().size(), expected.size());
        qsizetype stored = 0, bytes = 0;
        for (size_t i = 0; i < expected.size(); ++i) {
            QCOMPARE(s.edges()[i].payload.text(), expected[i]);
            stored += s.edges()[i].payload.storedBytes();
            bytes += expected[i].size();
        }
        if (small)
            QVERIFY2(stored * 3 < bytes, qPrintable(QStringLiteral("%1 of %2 bytes").arg(stored).arg(bytes)));
    }

    void parallelErrorsAgree_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("expected");
        auto processes = [](int count, int badAt, const char* bad) {
            QByteArray text = "{\"nodes\":[";
            for (int i = 0; i < count; ++i) {
                if (i)
                    text += ",\n";
                text += i == badAt
                            ? QByteArray(bad)
                            : "{\"entity_type\":\"ProcessEntity\",\"pid\":" + QByteArray::number(i + 1) + "}";
            }
            return text + "],\"edges\":[]}";
        };
        QTest::newRow("a bad pid in the last batch")
            << processes(40, 37, "{\"entity_type\":\"ProcessEntity\",\"pid\":\"x\"}")
            << QStringLiteral("nodes[37].pid");
        QTest::newRow("a bad pid in the first batch")
            << processes(40, 1, "{\"entity_type\":\"ProcessEntity\",\"pid\":-}")
            << QStringLiteral("nodes[1]");
        QTest::newRow("a key twice") << processes(
                                            40, 20,
                                            "{\"entity_type\":\"ProcessEntity\",\"pid\":999,\"pid\":999}")
                                     << QStringLiteral("appears twice");
        QTest::newRow("truncated") << processes(40, -1, "").left(300) << QStringLiteral("truncated");
    }
    void parallelErrorsAgree()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, expected);
        const TuningGuard guard;
        wittyReadTuning().threads = 1;
        auto one = readWittyJson(text, QStringLiteral("bad.json"));
        QVERIFY(!one.ok());
        QVERIFY2(one.error().toString().contains(expected), qPrintable(one.error().toString()));
        WittyReadTuning& tuning = wittyReadTuning();
        tuning.threads = 2;
        tuning.parallelFrom = 1;
        tuning.parallelScanFrom = 0;
        tuning.batchElements = 3;
        auto many = readWittyJson(text, QStringLiteral("bad.json"));
        QVERIFY(!many.ok());
        QCOMPARE(many.error().toString(), one.error().toString());
    }

    void parallelCancel()
    {
        QFile f(fixturePath());
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray fixture = f.readAll();
        const TuningGuard guard;
        WittyReadTuning& tuning = wittyReadTuning();
        tuning.threads = 2;
        tuning.parallelFrom = 1;
        tuning.parallelScanFrom = 0;
        tuning.batchElements = 4;
        int asked = 0;
        Progress progress;
        progress.cancelled = [&] { return ++asked > 3; };
        auto r = readWittyJson(fixture, QStringLiteral("graph.json"), progress);
        QVERIFY(!r.ok());
        QVERIFY(r.error().cancelled);
    }

    // Errors are always the whole reader's: an element that cannot be read sends the document there.
    void errorsComeFromTheWholeReader()
    {
        const QByteArray bad =
            "{\"nodes\":[{\"entity_type\":\"ProcessEntity\",\"pid\":\"abc\"}],\"edges\":[]}";
        const WittyReadPaths before = wittyReadPaths();
        auto r = readWittyJson(bad, QStringLiteral("bad.json"));
        QVERIFY(!r.ok());
        QCOMPARE(wittyReadPaths().byElement, before.byElement);
        QCOMPARE(wittyReadPaths().whole, before.whole + 1);
        QVERIFY2(r.error().toString().contains(QLatin1String("nodes[0].pid")),
                 qPrintable(r.error().toString()));
    }

    void hwlocSnapshot()
    {
        // A topology as the hwloc reader describes one: 2 nodes with a distance matrix, a GPU on node 1, and
        // kinds witty has no type for (package, PU, containment edges), which the writer must skip.
        SnapshotBuilder b;
        Entity pkg;
        pkg.kind = EntityKind::Package;
        pkg.typeName = QStringLiteral("Package");
        pkg.ns = QStringLiteral("local");
        pkg.key = QStringLiteral("0");
        pkg.osIndex = 0;
        pkg.attributes = "{}";
        const EntityId package = b.add(pkg);
        std::vector<EntityId> nodes;
        for (int i = 0; i < 2; ++i) {
            Entity n;
            n.kind = EntityKind::NumaNode;
            n.typeName = QStringLiteral("NUMANode");
            n.ns = QStringLiteral("local");
            n.key = QString::number(i);
            n.osIndex = n.logicalIndex = i;
            n.cpus = IndexSet::range(i * 8, i * 8 + 7);
            n.detail->memoryBytes = std::uint64_t(64 + i) << 30;
            n.detail->memoryFreeBytes = std::uint64_t(32 + i) << 30;
            n.detail->numastat.insert(QStringLiteral("numa_hit"), 1000 + std::uint64_t(i));
            n.detail->numastat.insert(QStringLiteral("numa_miss"), 7);
            n.attributes = R"({"local_memory":68719476736})";
            n.parent = package;
            nodes.push_back(b.add(n));
        }
        Entity gpu;
        gpu.kind = EntityKind::Accelerator;
        gpu.deviceClass = DeviceClass::Gpu;
        gpu.typeName = QStringLiteral("Accelerator");
        gpu.ns = QStringLiteral("local");
        gpu.key = QStringLiteral("0000:3b:00.0");
        gpu.osIndex = 0;
        gpu.detail->pciBusId = QStringLiteral("0000:3b:00.0");
        gpu.cpus = IndexSet::range(8, 15);
        gpu.numaNode = NodeId(1);
        gpu.attributes = "{}";
        b.add(gpu);
        Edge contains;
        contains.kind = EdgeKind::Contains;
        contains.typeName = QStringLiteral("Contains");
        contains.source = package;
        contains.target = nodes[0];
        b.addEdge(contains);
        DistanceMatrix m;
        m.name = QStringLiteral("NUMALatency");
        m.unit = QStringLiteral("relative");
        m.objects = nodes;
        m.values = {10, 21, 21, 10};
        b.addDistances(m);
        const auto snapshot = b.finish();

        SourceInfo source;
        source.format = SourceFormat::HwlocXml;
        const QByteArray written = writeWittyGraph(*snapshot, source);
        auto r = readWittyJson(written, QStringLiteral("from-hwloc.json"));
        QVERIFY2(r.ok(),
                 qPrintable(r.ok() ? QString() : r.error().toString() + u' ' + QString::fromUtf8(written)));
        const Snapshot& s = *r.value()->snapshots.front();
        QCOMPARE(s.entities().size(), size_t(3)); // the package is skipped
        QCOMPARE(s.edges().size(), size_t(0));    // witty has no containment edge
        QCOMPARE(s.countOf(EntityKind::NumaNode), 2);
        for (int i = 0; i < 2; ++i) {
            const Entity& n = s.entity(s.numaNodeByOsIndex(NodeId(i)));
            QCOMPARE(n.typeName, QStringLiteral("NumaEntity"));
            QCOMPARE(n.cpus, IndexSet::range(i * 8, i * 8 + 7));
            QCOMPARE(n.detail->memoryBytes, std::uint64_t(64 + i) << 30);
            QCOMPARE(n.detail->memoryFreeBytes, std::uint64_t(32 + i) << 30);
            QCOMPARE(n.detail->numastat.value(QStringLiteral("numa_hit")), 1000 + std::uint64_t(i));
            QCOMPARE(n.detail->numastat.value(QStringLiteral("numa_miss")), std::uint64_t(7));
        }
        const DistanceMatrix* d = s.numaDistances();
        QVERIFY(d);
        QCOMPARE(d->size(), 2);
        QCOMPARE(d->values, (std::vector<double>{10, 21, 21, 10}));
        QCOMPARE(s.countOf(EntityKind::Accelerator), 1);
        const Entity& g = s.entity(s.ofKind(EntityKind::Accelerator).front());
        QCOMPARE(g.typeName, QStringLiteral("GPUEntity"));
        QCOMPARE(g.deviceClass, DeviceClass::Gpu);
        QCOMPARE(g.detail->pciBusId, QStringLiteral("0000:3b:00.0"));
        QCOMPARE(g.cpus, IndexSet::range(8, 15));
        QCOMPARE(g.numaNode, NodeId(1));
        QCOMPARE(s.entity(s.nodeOfDevice(s.ofKind(EntityKind::Accelerator).front())).osIndex, 1);
    }

    void writeErrors_data()
    {
        QTest::addColumn<QString>("relative");
        QTest::addColumn<bool>("empty");
        QTest::addColumn<QString>("fragment");
        QTest::newRow("missing folder") << "no/such/dir/out.json" << false << "cannot write";
        QTest::newRow("no snapshot") << "out.json" << true << "nothing to write";
    }
    void writeErrors()
    {
        QFETCH(QString, relative);
        QFETCH(bool, empty);
        QFETCH(QString, fragment);
        QTemporaryDir dir;
        Capture capture;
        if (!empty)
            capture.snapshots.push_back(readFixture()->snapshots.front());
        const QString path = dir.filePath(relative);
        const auto error = writeWittyJsonFile(capture, path);
        QVERIFY(error.has_value());
        QVERIFY2(error->toString().startsWith(path), qPrintable(error->toString()));
        QVERIFY2(error->message.contains(fragment), qPrintable(error->toString()));
        QVERIFY(!QFile::exists(path));
    }
};

QTEST_GUILESS_MAIN(TestWittyRoundtrip)
#include "tst_witty_roundtrip.moc"
