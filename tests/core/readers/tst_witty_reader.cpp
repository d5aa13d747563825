// SPDX-License-Identifier: GPL-3.0-or-later
#include "readers/witty_json_reader.h"
#include "util/json_text.h"
#include "util/progress.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <set>
#include <thread>

using namespace numasight;

namespace {

QString fixturePath()
{
    return QStringLiteral(NUMASIGHT_FIXTURES "/witty-profiler/graph.json");
}

QByteArray fixtureBytes()
{
    QFile f(fixturePath());
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll();
}

// witty's pretty printer never puts a newline inside a string, so joining lines gives one JSON line.
QByteArray oneLine(QByteArray text)
{
    text.replace('\n', ' ');
    return text.trimmed();
}

// A new line before each comma that follows an object: the first line then ends with '}'. (Neither the
// fixture's strings nor its keys hold "}, {".)
QByteArray commasLeading(const QByteArray& oneLineText)
{
    QString text = QString::fromUtf8(oneLineText);
    const qsizetype objects = text.count(QRegularExpression(QStringLiteral("\\}\\s*,\\s*\\{")));
    text.replace(QRegularExpression(QStringLiteral("\\}\\s*,\\s*\\{")), QStringLiteral("}\n,{"));
    return objects > 10 ? text.toUtf8() : QByteArray("fewer objects than the fixture has");
}

QByteArray envelopeOf(const QByteArray& graph)
{
    return "{\"env\": {\"local_ip\": \"10.0.0.7\", \"hostname\": \"ascend-01\", \"machine_id\": \"m-42\"},\n"
           "\"content\": " +
           graph + "}";
}

std::set<std::int64_t> pidsOf(const Snapshot& s, std::span<const EntityId> ids)
{
    std::set<std::int64_t> out;
    for (EntityId id : ids)
        out.insert(s.entity(id).pid);
    return out;
}

QString writeTemp(QTemporaryDir& dir, const QString& name, const QByteArray& bytes)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
        return {};
    return path;
}

} // namespace

class TestWittyReader : public QObject
{
    Q_OBJECT

private:
    SnapshotPtr fixture()
    {
        auto r = readWittyJsonFile(fixturePath());
        if (!r.ok())
            qWarning() << r.error().toString();
        return r.ok() && !r.value()->snapshots.empty() ? r.value()->snapshots.front() : nullptr;
    }

    // The facts of the real capture, checked the same way for every form it may arrive in.
    void checkFixtureFacts(const Snapshot& s)
    {
        QCOMPARE(s.entities().size(), size_t(129));
        QCOMPARE(s.edges().size(), size_t(259));
        QCOMPARE(s.countOf(EntityKind::Process), 12);
        QCOMPARE(s.countOf(EntityKind::Accelerator), 8);
        const EntityId workerParent = s.processByPid(1894856);
        QVERIFY(workerParent.isValid());
        QCOMPARE(pidsOf(s, s.childrenOf(workerParent)),
                 (std::set<std::int64_t>{1895087, 1895088, 1895089, 1895090}));
        const EntityId npu2 = s.find(u"NPUEntity", u"local", u"2");
        QVERIFY(npu2.isValid());
        QCOMPARE(s.entity(s.nodeOfDevice(npu2)).osIndex, 4);
        QVERIFY(s.numaDistances() != nullptr);
    }

private slots:
    // The reader maps files (from a 2 MB boundary, for huge pages) and relies on zeroed padding after the
    // text; sizes at and around a page's and a huge page's end check that the padding is there whatever the
    // size, and that truncation at the boundary is still seen.
    void pageBoundarySizes_data()
    {
        QTest::addColumn<int>("size");
        QTest::addColumn<bool>("truncated");
        const int page = 4096;
        const int huge = 2 << 20;
        for (int size : {page - 1, page, page + 1, 2 * page - 32, 2 * page, 3 * page - 1, huge - 1, huge,
                         huge + 1, 2 * huge - 32}) {
            QTest::addRow("%d bytes", size) << size << false;
            QTest::addRow("%d bytes, cut before the last brace", size) << size << true;
        }
    }
    void pageBoundarySizes()
    {
        QFETCH(int, size);
        QFETCH(bool, truncated);
        QByteArray text =
            R"({"nodes": [{"entity_namespace": "local", "entity_type": "ProcessEntity", "details": {},
            "pid": 7, "ppid": 1, "name": "p", "cmdline": "p"}], "edges": [])";
        text += QByteArray(size - text.size() - 1, ' ');
        text += '}';
        QCOMPARE(text.size(), size);
        if (truncated)
            text.chop(1);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("page.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(text);
        f.close();
        const auto r = readWittyJsonFile(path);
        if (truncated) {
            QVERIFY(!r.ok());
            QVERIFY2(r.error().toString().startsWith(path), qPrintable(r.error().toString()));
            return;
        }
        QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().toString()));
        QCOMPARE(r.value()->snapshots.front()->countOf(EntityKind::Process), 1);
    }

    void entityCounts_data()
    {
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("typeName");
        QTest::addColumn<int>("count");
        QTest::newRow("Socket") << int(EntityKind::Socket) << "SocketEntity" << 44;
        QTest::newRow("Thread") << int(EntityKind::Thread) << "ThreadEntity" << 41;
        QTest::newRow("NumaSet") << int(EntityKind::NumaSet) << "NumaSetEntity" << 15;
        QTest::newRow("Process") << int(EntityKind::Process) << "ProcessEntity" << 12;
        QTest::newRow("NPU") << int(EntityKind::Accelerator) << "NPUEntity" << 8;
        QTest::newRow("Numa") << int(EntityKind::NumaNode) << "NumaEntity" << 8;
        QTest::newRow("Container") << int(EntityKind::Container) << "ContainerEntity" << 1;
        QTest::newRow("Unknown") << int(EntityKind::Unknown) << "" << 0;
    }
    void entityCounts()
    {
        QFETCH(int, kind);
        QFETCH(QString, typeName);
        QFETCH(int, count);
        auto s = fixture();
        QVERIFY(s);
        QCOMPARE(s->entities().size(), size_t(129));
        QCOMPARE(s->countOf(EntityKind(kind)), count);
        for (EntityId id : s->ofKind(EntityKind(kind))) {
            QCOMPARE(s->entity(id).typeName, typeName);
            QCOMPARE(s->entity(id).ns, QStringLiteral("local"));
        }
    }

    void edgeCounts_data()
    {
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("typeName");
        QTest::addColumn<int>("count");
        QTest::newRow("Own") << int(EdgeKind::Own) << "OwnEdge" << 46;
        QTest::newRow("Belong") << int(EdgeKind::Belong) << "BelongEdge" << 44;
        QTest::newRow("SendToSocket") << int(EdgeKind::SendToSocket) << "SendToSocketEdge" << 44;
        QTest::newRow("NumaSetContain") << int(EdgeKind::NumaSetContain) << "NumaSetContainEdge" << 42;
        QTest::newRow("AccessWithProcStatus")
            << int(EdgeKind::AccessWithProcStatus) << "AccessWithProcStatusEdge" << 41;
        QTest::newRow("NumaAccess") << int(EdgeKind::NumaAccess) << "NumaAccessEdge" << 12;
        QTest::newRow("Host") << int(EdgeKind::Host) << "HostEdge" << 9;
        QTest::newRow("RunOn") << int(EdgeKind::RunOn) << "RunOnEdge" << 9;
        QTest::newRow("AffinitativeToNuma") << int(EdgeKind::AffinitativeToNuma) << "AffinitativeToNuma" << 8;
        QTest::newRow("Access") << int(EdgeKind::Access) << "AccessEdge" << 4;
        QTest::newRow("Unknown") << int(EdgeKind::Unknown) << "" << 0;
    }
    void edgeCounts()
    {
        QFETCH(int, kind);
        QFETCH(QString, typeName);
        QFETCH(int, count);
        auto s = fixture();
        QVERIFY(s);
        QCOMPARE(s->edges().size(), size_t(259));
        int n = 0;
        for (const Edge& e : s->edges()) {
            if (e.kind != EdgeKind(kind))
                continue;
            ++n;
            QCOMPARE(e.typeName, typeName);
            QVERIFY(e.directed);
            QVERIFY(e.source.isValid() && e.target.isValid());
        }
        QCOMPARE(n, count);
    }

    void processTree_data()
    {
        QTest::addColumn<qint64>("pid");
        QTest::addColumn<QString>("name");
        QTest::addColumn<QList<qint64>>("children");
        QTest::newRow("dockerd") << qint64(6808) << "dockerd" << QList<qint64>{6928};
        QTest::newRow("containerd") << qint64(6928) << "containerd" << QList<qint64>{1893666};
        QTest::newRow("containerd-shim") << qint64(1893666) << "containerd-shim" << QList<qint64>{1893833};
        QTest::newRow("bash") << qint64(1893833) << "bash" << QList<qint64>{1894499};
        QTest::newRow("vllm serve") << qint64(1894499) << "vllm" << QList<qint64>{1894856};
        QTest::newRow("python3") << qint64(1894856) << "python3"
                                 << QList<qint64>{1895087, 1895088, 1895089, 1895090};
        QTest::newRow("worker") << qint64(1895087) << "python3" << QList<qint64>{};
    }
    void processTree()
    {
        QFETCH(qint64, pid);
        QFETCH(QString, name);
        QFETCH(QList<qint64>, children);
        auto s = fixture();
        QVERIFY(s);
        const EntityId p = s->processByPid(pid);
        QVERIFY(p.isValid());
        QCOMPARE(s->entity(p).name, name);
        QCOMPARE(s->entity(p).key, QString::number(pid));
        std::set<std::int64_t> expected(children.begin(), children.end());
        QCOMPARE(pidsOf(*s, s->childrenOf(p)), expected);
    }

    void threadsBelongToTheirProcess()
    {
        auto s = fixture();
        QVERIFY(s);
        int threads = 0;
        for (EntityId t : s->ofKind(EntityKind::Thread)) {
            const Entity& thread = s->entity(t);
            QVERIFY(thread.parent.isValid());
            const Entity& process = s->entity(thread.parent);
            QCOMPARE(process.kind, EntityKind::Process);
            const QJsonObject attrs = parseJsonObject(thread.attributes.text());
            QCOMPARE(qint64(process.pid), attrs.value(u"process").toObject().value(u"pid").toInteger());
            QCOMPARE(thread.key, QString::number(thread.tid));
            threads += int(s->threadsOf(thread.parent).size() > 0);
        }
        QCOMPARE(threads, 41);
    }

    void container()
    {
        auto s = fixture();
        QVERIFY(s);
        QCOMPARE(s->countOf(EntityKind::Container), 1);
        const EntityId c = s->ofKind(EntityKind::Container).front();
        QCOMPARE(s->entity(c).key, QStringLiteral("cac9af6a"));
        QCOMPARE(s->entity(c).detail->containerId, QStringLiteral("cac9af6a"));
        QCOMPARE(s->entity(c).name, QStringLiteral("docker-cac9af6aa1ee"));
        QCOMPARE(s->entity(c).detail->containerType, QStringLiteral("docker"));
        std::set<std::int64_t> inside;
        for (EntityId p : s->ofKind(EntityKind::Process))
            if (s->containerOf(p) == c)
                inside.insert(s->entity(p).pid);
        QCOMPARE(inside, (std::set<std::int64_t>{1893833, 1894499, 1894856, 1895087, 1895088, 1895089,
                                                 1895090, 3821705, 3821739}));
        QVERIFY(!s->containerOf(s->processByPid(6808)).isValid());
    }

    void npuNodes_data()
    {
        QTest::addColumn<int>("npu");
        QTest::addColumn<int>("node");
        QTest::addColumn<QString>("pciBusId");
        const int nodes[] = {6, 6, 4, 4, 0, 0, 2, 2};
        const char* buses[] = {"0000:c1:00.0", "0000:c2:00.0", "0000:81:00.0", "0000:82:00.0",
                               "0000:01:00.0", "0000:02:00.0", "0000:41:00.0", "0000:42:00.0"};
        for (int i = 0; i < 8; ++i)
            QTest::addRow("NPU%d", i) << i << nodes[i] << QString::fromLatin1(buses[i]);
    }
    void npuNodes()
    {
        QFETCH(int, npu);
        QFETCH(int, node);
        QFETCH(QString, pciBusId);
        auto s = fixture();
        QVERIFY(s);
        const EntityId d = s->find(u"NPUEntity", u"local", QString::number(npu));
        QVERIFY(d.isValid());
        const Entity& e = s->entity(d);
        QCOMPARE(e.kind, EntityKind::Accelerator);
        QCOMPARE(e.deviceClass, DeviceClass::Npu);
        QCOMPARE(e.name, QStringLiteral("NPU%1").arg(npu));
        QCOMPARE(e.osIndex, npu);
        QCOMPARE(e.detail->pciBusId, pciBusId);
        QCOMPARE(e.numaNode, NodeId(node));
        const EntityId n = s->nodeOfDevice(d);
        QVERIFY(n.isValid());
        QCOMPARE(s->entity(n).osIndex, node);
        QVERIFY(e.cpus.isSubsetOf(s->entity(n).cpus));
    }

    void numaNodes_data()
    {
        QTest::addColumn<int>("node");
        QTest::addColumn<QString>("cpus");
        QTest::addColumn<QList<double>>("distances");
        QTest::newRow("0") << 0 << "0-23" << QList<double>{10, 11, 24, 25, 24, 25, 24, 25};
        QTest::newRow("1") << 1 << "24-47" << QList<double>{11, 10, 25, 32, 25, 32, 25, 32};
        QTest::newRow("2") << 2 << "48-71" << QList<double>{24, 25, 10, 11, 24, 25, 24, 25};
        QTest::newRow("3") << 3 << "72-95" << QList<double>{25, 32, 11, 10, 25, 32, 25, 32};
        QTest::newRow("4") << 4 << "96-119" << QList<double>{24, 25, 24, 25, 10, 11, 24, 25};
        QTest::newRow("5") << 5 << "120-143" << QList<double>{25, 32, 25, 32, 11, 10, 25, 32};
        QTest::newRow("6") << 6 << "144-167" << QList<double>{24, 25, 24, 25, 24, 25, 10, 11};
        QTest::newRow("7") << 7 << "168-191" << QList<double>{25, 32, 25, 32, 25, 32, 11, 10};
    }
    void numaNodes()
    {
        QFETCH(int, node);
        QFETCH(QString, cpus);
        QFETCH(QList<double>, distances);
        auto s = fixture();
        QVERIFY(s);
        const EntityId n = s->numaNodeByOsIndex(NodeId(node));
        QVERIFY(n.isValid());
        const Entity& e = s->entity(n);
        QCOMPARE(e.key, QString::number(node));
        QCOMPARE(e.logicalIndex, node);
        QCOMPARE(e.cpus.toRangeString(), cpus);
        const QJsonObject attrs = parseJsonObject(e.attributes.text());
        const QJsonObject mem = attrs.value(u"mem_info").toObject();
        QCOMPARE(e.detail->memoryBytes,
                 mem.value(u"MemTotal").toString().section(u' ', 0, 0).toULongLong() * 1024);
        QCOMPARE(e.detail->memoryFreeBytes,
                 mem.value(u"MemFree").toString().section(u' ', 0, 0).toULongLong() * 1024);
        QVERIFY(e.detail->memoryBytes > 0);
        QCOMPARE(e.detail->numastat.value(QStringLiteral("numa_hit")),
                 std::uint64_t(attrs.value(u"numa_stats").toObject().value(u"numa_hit").toInteger()));
        QCOMPARE(e.detail->numastat.size(), 6);

        const DistanceMatrix* m = s->numaDistances();
        QVERIFY(m);
        QCOMPARE(m->size(), 8);
        QCOMPARE(m->name, QStringLiteral("NUMA distances"));
        QCOMPARE(m->unit, QStringLiteral("relative"));
        QVERIFY(m->fromOs);
        QCOMPARE(m->objects[size_t(node)], n);
        for (int col = 0; col < 8; ++col)
            QCOMPARE(m->at(node, col), distances[col]);
    }

    void typedFields_data()
    {
        QTest::addColumn<QString>("type");
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("name");
        QTest::newRow("socket") << "SocketEntity"
                                << "127.0.0.1:34726/TCP"
                                << "";
        QTest::newRow("numaset") << "NumaSetEntity"
                                 << "0,2-4,6"
                                 << "0,2-4,6";
        QTest::newRow("thread") << "ThreadEntity"
                                << "10812"
                                << "containerd";
        QTest::newRow("process") << "ProcessEntity"
                                 << "6928"
                                 << "containerd";
    }
    void typedFields()
    {
        QFETCH(QString, type);
        QFETCH(QString, key);
        QFETCH(QString, name);
        auto s = fixture();
        QVERIFY(s);
        const EntityId id = s->find(type, u"local", key);
        QVERIFY2(id.isValid(), qPrintable(key));
        const Entity& e = s->entity(id);
        QCOMPARE(e.name, name);
        if (e.kind == EntityKind::Socket) {
            QCOMPARE(e.address(), QStringLiteral("127.0.0.1"));
            QCOMPARE(e.port, 34726);
            QCOMPARE(e.protocol(), QStringLiteral("TCP"));
            QVERIFY(e.socketFromKey); // read back from its key, not kept twice
        } else if (e.kind == EntityKind::NumaSet) {
            QCOMPARE(e.nodes, (NodeSet{0, 2, 3, 4, 6}));
        } else if (e.kind == EntityKind::Thread) {
            QCOMPARE(e.tid, 10812);
            QCOMPARE(s->entity(e.parent).pid, 6928);
        } else if (e.kind == EntityKind::Process) {
            QCOMPARE(e.ppid, 6808);
            QVERIFY(e.detail->cmdline.startsWith(u"containerd --config"));
        }
    }

    // Every node of the file is kept whole: its attributes parse back to the very object of the file.
    void attributesAreLossless()
    {
        auto s = fixture();
        QVERIFY(s);
        const QJsonArray nodes = QJsonDocument::fromJson(fixtureBytes()).object().value(u"nodes").toArray();
        QCOMPARE(nodes.size(), 129);
        std::set<std::int32_t> seen;
        for (const QJsonValue& v : nodes) {
            const QJsonObject o = v.toObject();
            bool matched = false;
            for (size_t i = 0; i < s->entities().size() && !matched; ++i) {
                const Entity& e = s->entity(EntityId(std::int32_t(i)));
                if (e.typeName == o.value(u"entity_type").toString() &&
                    parseJsonObject(e.attributes.text()) == o) {
                    matched = true;
                    seen.insert(std::int32_t(i));
                    QVERIFY(!e.attributes.text().contains('\n'));
                    QVERIFY(!e.attributes.text().contains(": "));
                }
            }
            QVERIFY2(matched, QJsonDocument(o).toJson(QJsonDocument::Compact).constData());
        }
        QCOMPARE(seen.size(), size_t(129));
    }

    void edgePayloads()
    {
        auto s = fixture();
        QVERIFY(s);
        const QJsonArray edges = QJsonDocument::fromJson(fixtureBytes()).object().value(u"edges").toArray();
        QCOMPARE(edges.size(), 259);
        for (qsizetype i = 0; i < edges.size(); ++i) {
            const QJsonObject o = edges[i].toObject();
            const Edge& e = s->edge(EdgeId(std::int32_t(i)));
            QCOMPARE(e.typeName, o.value(u"edge_type").toString());
            if (o.value(u"weight").isNull())
                QVERIFY(!e.weight.has_value());
            else
                QCOMPARE(e.weight.value_or(-1), o.value(u"weight").toDouble());
            QJsonObject rest = o;
            for (const char16_t* k : {u"edge_type", u"weight", u"source_node", u"target_node"})
                rest.remove(QStringView(k));
            QCOMPARE(parseJsonObject(e.payload.text()), rest);
            QCOMPARE(parseJsonObject(s->entity(e.source).attributes.text()),
                     o.value(u"source_node").toObject());
            QCOMPARE(parseJsonObject(s->entity(e.target).attributes.text()),
                     o.value(u"target_node").toObject());
        }
    }

    void forms_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<int>("format");
        QTest::addColumn<int>("snapshots");
        QTest::addColumn<QString>("hostname");
        const QByteArray graph = fixtureBytes();
        QTest::newRow("plain pretty") << graph << int(SourceFormat::WittyJson) << 1 << "";
        QTest::newRow("plain one line") << oneLine(graph) << int(SourceFormat::WittyJson) << 1 << "";
        QTest::newRow("envelope") << envelopeOf(graph) << int(SourceFormat::WittyEnvelope) << 1
                                  << "ascend-01";
        const QByteArray line = oneLine(graph);
        QTest::newRow("json lines") << line + '\n' + line + "\n\n" + line + '\n'
                                    << int(SourceFormat::WittyJsonLines) << 3 << "";
        QTest::newRow("json lines of envelopes")
            << oneLine(envelopeOf(graph)) + '\n' + oneLine(envelopeOf(graph))
            << int(SourceFormat::WittyJsonLines) << 2 << "ascend-01";
        // One element a line, commas leading: the first line ends with an object's '}' and more lines follow,
        // as in JSON lines, yet the text is one document (it was cut into lines and refused as truncated).
        QTest::newRow("one element a line, commas leading")
            << commasLeading(line) << int(SourceFormat::WittyJson) << 1 << "";
        QTest::newRow("envelope, one element a line") << commasLeading(oneLine(envelopeOf(graph)))
                                                      << int(SourceFormat::WittyEnvelope) << 1 << "ascend-01";
    }
    void forms()
    {
        QFETCH(QByteArray, text);
        QFETCH(int, format);
        QFETCH(int, snapshots);
        QFETCH(QString, hostname);
        QTemporaryDir dir;
        const QString path = writeTemp(dir, QStringLiteral("graph.json"), text);
        QVERIFY(!path.isEmpty());
        auto r = readWittyJsonFile(path);
        QVERIFY2(r.ok(), qPrintable(r.ok() ? QString() : r.error().toString()));
        QCOMPARE(int(r.value()->source.format), format);
        QCOMPARE(r.value()->source.path, path);
        QCOMPARE(r.value()->source.mode, QStringLiteral("import"));
        QCOMPARE(r.value()->source.hostname, hostname);
        if (!hostname.isEmpty()) {
            QCOMPARE(r.value()->source.extra.value(QStringLiteral("local_ip")), QStringLiteral("10.0.0.7"));
            QCOMPARE(r.value()->source.extra.value(QStringLiteral("machine_id")), QStringLiteral("m-42"));
        }
        QCOMPARE(int(r.value()->snapshots.size()), snapshots);
        for (const auto& s : r.value()->snapshots)
            checkFixtureFacts(*s);
        // The in-memory entry point gives the same result.
        auto m = readWittyJson(text, QStringLiteral("memory.json"));
        QVERIFY(m.ok());
        QCOMPARE(int(m.value()->snapshots.size()), snapshots);
    }

    // Another program truncates or rewrites the file while it is read (a mapped file died of SIGBUS here, and
    // the window with it). Mapped, the file is held under a read lease: the truncation waits until the read
    // is over. Copied (no lease to be had), the reader keeps the bytes it read, and says so when it must
    // read them again and the file can no longer give them: a document of another shape than the usual is
    // read a second time, whole, after the first reader handed back the pages behind it.
    void fileChangesWhileRead_data()
    {
        QTest::addColumn<bool>("map");
        QTest::addColumn<bool>("extraKey");
        QTest::addColumn<int>(
            "cutTo"); // 0: emptied, 1: cut in half at the first progress report; -1: left alone
        QTest::addColumn<QString>("error");
        QTest::newRow("mapped, plain, emptied") << true << false << 0 << "";
        QTest::newRow("mapped, another shape, cut in half") << true << true << 1 << "";
        QTest::newRow("copied, plain, emptied") << false << false << 0 << "";
        QTest::newRow("copied, plain, cut in half") << false << false << 1 << "";
        QTest::newRow("copied, another shape, left alone") << false << true << -1 << "";
        QTest::newRow("copied, another shape, emptied")
            << false << true << 0 << "the file shrank from %1 to 0 bytes while it was read";
        QTest::newRow("copied, another shape, cut in half")
            << false << true << 1 << "the file shrank from %1 to %2 bytes while it was read";
    }
    void fileChangesWhileRead()
    {
        QFETCH(bool, map);
        QFETCH(bool, extraKey);
        QFETCH(int, cutTo);
        QFETCH(QString, error);
        // Enough processes for progress reports and for pages to be handed back (every MB behind the cursor).
        constexpr int kProcesses = 40000;
        QByteArray text = "{\"nodes\":[\n";
        for (int i = 0; i < kProcesses; ++i)
            text += QByteArray(i ? ",\n" : "") +
                    R"({"entity_type":"ProcessEntity","entity_namespace":"local","pid":)" +
                    QByteArray::number(i + 1) + ",\"name\":\"worker-" + QByteArray::number(i) +
                    "\",\"cmdline\":\"python train.py --rank " + QByteArray::number(i) + "\"}";
        text += "\n],\"edges\":[]" + QByteArray(extraKey ? ",\"zzz\":1" : "") + "}\n";
        QVERIFY(text.size() > 4 << 20);
        QTemporaryDir dir;
        const QString path = writeTemp(dir, QStringLiteral("graph.json"), text);
        QVERIFY(!path.isEmpty());
        const qint64 cutSize = cutTo == 0 ? 0 : text.size() / 2;
        struct TuningGuard
        {
            WittyReadTuning saved = wittyReadTuning();
            ~TuningGuard() { wittyReadTuning() = saved; }
        } guard;
        wittyReadTuning().mapFiles = map;
        // Under a lease the truncation waits for the read to end, so it runs on a thread of its own.
        std::thread truncation;
        bool cut = false;
        Progress progress;
        progress.report = [&](double) {
            if (!cut && cutTo >= 0) {
                if (map)
                    truncation = std::thread([&] { QFile::resize(path, cutSize); });
                else
                    QFile::resize(path, cutSize);
            }
            cut = true;
        };
        const WittyReadPaths before = wittyReadPaths();
        auto r = readWittyJsonFile(path, progress);
        if (truncation.joinable())
            truncation.join();
        QVERIFY(cut);
        if (map && wittyReadPaths().mapped == before.mapped)
            QSKIP("no read lease on this file system: the file was copied");
        QCOMPARE(wittyReadPaths().copied - before.copied, map ? 0 : 1);
        QCOMPARE(wittyReadPaths().whole - before.whole, extraKey && error.isEmpty() ? 1 : 0);
        if (cutTo >= 0)
            QCOMPARE(QFileInfo(path).size(), cutSize);
        if (!error.isEmpty()) {
            QVERIFY(!r.ok());
            QCOMPARE(r.error().file, path);
            QVERIFY2(r.error().message.startsWith(error.arg(text.size()).arg(cutSize)),
                     qPrintable(r.error().message));
            return;
        }
        QVERIFY2(r.ok(), qPrintable(r.ok() ? QString() : r.error().toString()));
        const auto& s = *r.value()->snapshots.front();
        QCOMPARE(int(s.entities().size()), kProcesses);
        QCOMPARE(s.entities().back().name.str(), QStringLiteral("worker-%1").arg(kProcesses - 1));
    }

    void unknownTypesAreKept()
    {
        const QByteArray rdma =
            R"({"entity_namespace": "local", "entity_type": "RdmaDevice", "details": {}, "dev": "mlx5_0"})";
        const QByteArray proc =
            R"({"entity_namespace": "local", "entity_type": "ProcessEntity", "details": {}, "pid": 7, "ppid": 1, "name": "a", "cmdline": "a"})";
        const QByteArray text = "{\"nodes\": [" + rdma + ", " + rdma +
                                "], \"edges\": [{\"edge_type\": \"FooEdge\", "
                                "\"weight\": 2.5, \"extra\": [1, 2], \"source_node\": " +
                                proc + ", \"target_node\": " + rdma +
                                "}, {\"edge_type\": \"HHABandwidthEdge\", \"weight\": null, \"nodes\": [" +
                                proc + ", " + rdma + "]}]}";
        auto r = readWittyJson(text, QStringLiteral("unknown.json"));
        QVERIFY2(r.ok(), qPrintable(r.ok() ? QString() : r.error().toString()));
        const Snapshot& s = *r.value()->snapshots.front();
        QCOMPARE(s.entities().size(),
                 size_t(2)); // the two identical RdmaDevice copies fold; the process is added
        QCOMPARE(s.countOf(EntityKind::Unknown), 1);
        const Entity& u = s.entity(s.ofKind(EntityKind::Unknown).front());
        QCOMPARE(u.typeName, QStringLiteral("RdmaDevice"));
        // Keyed by its text without the type and namespace, which the identity holds already, and without
        // the empty details every witty entity has.
        QCOMPARE(u.key, QStringLiteral("{\"dev\":\"mlx5_0\"}"));
        QCOMPARE(parseJsonObject(u.attributes.text()).value(u"entity_type").toString(),
                 QStringLiteral("RdmaDevice"));
        QCOMPARE(parseJsonObject(u.attributes.text()).value(u"dev").toString(), QStringLiteral("mlx5_0"));
        QCOMPARE(s.edges().size(), size_t(2));
        QCOMPARE(s.edge(EdgeId(0)).kind, EdgeKind::Unknown);
        QCOMPARE(s.edge(EdgeId(0)).typeName, QStringLiteral("FooEdge"));
        QCOMPARE(s.edge(EdgeId(0)).weight.value_or(0), 2.5);
        QCOMPARE(s.edge(EdgeId(0)).payload.text(), QByteArray(R"({"extra":[1,2]})"));
        QCOMPARE(s.edge(EdgeId(1)).kind, EdgeKind::Bandwidth);
        QVERIFY(!s.edge(EdgeId(1)).directed);
        QCOMPARE(s.entity(s.edge(EdgeId(1)).source).pid, 7);
        QCOMPARE(s.edge(EdgeId(1)).payload.text(), QByteArray("{}"));
    }

    // An identity is its type, namespace and key: text inside one of them that looks like the boundary
    // between two (a unit separator) must not make two entities one.
    void separatorsInsideIdentities()
    {
        const QByteArray text = R"({"nodes": [
            {"entity_type": "SocketEntity", "entity_namespace": "n\u001fa", "socket_addr": "b",
             "socket_port": 1, "socket_type": "TCP"},
            {"entity_type": "SocketEntity", "entity_namespace": "n", "socket_addr": "a\u001fb",
             "socket_port": 1, "socket_type": "TCP"},
            {"entity_type": "SocketEntity", "entity_namespace": "n", "socket_addr": "a\u001fb",
             "socket_port": 1, "socket_type": "TCP"}], "edges": []})";
        auto r = readWittyJson(text, QStringLiteral("separators.json"));
        QVERIFY2(r.ok(), qPrintable(r.ok() ? QString() : r.error().toString()));
        const Snapshot& s = *r.value()->snapshots.front();
        QCOMPARE(s.countOf(EntityKind::Socket), 2); // the third is a copy of the second
        const EntityId a = s.find(u"SocketEntity",
                                  u"n\x1f"
                                  u"a",
                                  u"b:1/TCP");
        const EntityId b = s.find(u"SocketEntity", u"n",
                                  u"a\x1f"
                                  u"b:1/TCP");
        QVERIFY(a.isValid() && b.isValid() && a != b);
        QCOMPARE(s.entity(a).address(), QStringLiteral("b"));
        QCOMPARE(s.entity(b).address(), QStringLiteral("a\x1f"
                                                       "b"));
    }

    // The nodes copy of an entity wins over an edge's copy that came first in the file.
    void nodesCopyWins()
    {
        const QByteArray text = R"({"edges": [{"edge_type": "OwnEdge", "weight": null,
            "source_node": {"entity_namespace": "local", "entity_type": "ProcessEntity", "pid": 5, "ppid": 1, "name": "old"},
            "target_node": {"entity_namespace": "local", "entity_type": "ThreadEntity", "tid": 6, "name": "t",
                            "process": {"entity_namespace": "local", "entity_type": "ProcessEntity", "pid": 5, "ppid": 1, "name": "old"}}}],
            "nodes": [{"entity_namespace": "local", "entity_type": "ProcessEntity", "pid": 5, "ppid": 1, "name": "new"}]})";
        auto r = readWittyJson(text, QStringLiteral("order.json"));
        QVERIFY2(r.ok(), qPrintable(r.ok() ? QString() : r.error().toString()));
        const Snapshot& s = *r.value()->snapshots.front();
        QCOMPARE(s.entities().size(), size_t(2));
        QCOMPARE(s.entity(s.processByPid(5)).name, QStringLiteral("new"));
        const EntityId t = s.find(u"ThreadEntity", u"local", u"6");
        QCOMPARE(s.entity(t).parent, s.processByPid(5));
    }

    // A UTF-8 byte order mark before the graph or before JSON Lines is skipped.
    void byteOrderMark()
    {
        const QByteArray proc =
            R"({"entity_namespace": "local", "entity_type": "ProcessEntity", "details": {}, "pid": 1, "ppid": 0})";
        const QByteArray graph = "{\"nodes\": [" + proc + "], \"edges\": []}";
        auto one = readWittyJson("\xEF\xBB\xBF" + graph, QStringLiteral("bom.json"));
        QVERIFY2(one.ok(), qPrintable(one.ok() ? QString() : one.error().toString()));
        QCOMPARE(one.value()->snapshots.size(), size_t(1));
        QCOMPARE(one.value()->snapshots.front()->entities().size(), size_t(1));
        auto lines = readWittyJson("\xEF\xBB\xBF" + graph + "\n" + graph + "\n", QStringLiteral("bom.jsonl"));
        QVERIFY2(lines.ok(), qPrintable(lines.ok() ? QString() : lines.error().toString()));
        QCOMPARE(lines.value()->snapshots.size(), size_t(2));
    }

    void malformed_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("fragment");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");

        const QByteArray proc =
            R"({"entity_namespace": "local", "entity_type": "ProcessEntity", "details": {}, "pid": 1, "ppid": 0, "name": "init", "cmdline": "init"})";
        QTest::newRow("empty") << QByteArray() << "the file is empty" << 1 << 1;
        QTest::newRow("blank") << QByteArray(" \n\t\n") << "the file is empty" << 1 << 1;
        QTest::newRow("a byte order mark and blanks")
            << QByteArray("\xEF\xBB\xBF \n") << "the file is empty" << 1 << 1;
        QTest::newRow("two byte order marks")
            << QByteArray("\xEF\xBB\xBF\xEF\xBB\xBF{}") << "found byte 0xef" << 1 << -1;
        QTest::newRow("not JSON") << QByteArray("hello world") << "expected '{'" << 1 << 1;
        QTest::newRow("binary") << QByteArray("\x7f"
                                              "ELF\x02\x01",
                                              6)
                                << "found byte 0x7f" << 1 << 1;
        QTest::newRow("bare key") << QByteArray("{nodes: []}") << "malformed JSON" << 1 << -1;
        QTest::newRow("truncated") << fixtureBytes().left(5000) << "truncated" << -1 << -1;
        QTest::newRow("truncated between values")
            << QByteArray("{\"nodes\": [" + proc + ",\n") << "truncated" << -1 << -1;
        QTest::newRow("pid is a string")
            << QByteArray("{\"nodes\": [" + proc + ", " + proc + ", " + proc +
                          ",\n{\"entity_namespace\": \"local\", \"entity_type\": \"ProcessEntity\", \"pid\": "
                          "\"abc\"}],"
                          " \"edges\": []}")
            << "at nodes[3].pid: expected an integer, got a string \"abc\"" << 2 << 70;
        QTest::newRow("pid is a float")
            << QByteArray(R"({"nodes": [{"entity_type": "ProcessEntity", "pid": 1.5}]})")
            << "nodes[0].pid: expected an integer, got a number 1.5" << 1 << 52;
        // The model keeps process and thread ids in 32 bits: a larger one is refused, never cut.
        QTest::newRow("pid beyond 32 bits")
            << QByteArray(R"({"nodes": [{"entity_type": "ProcessEntity", "pid": 4294967297}]})")
            << "nodes[0].pid: 4294967297 is out of range: \"pid\" must be between -2147483648 and 2147483647"
            << 1 << 52;
        QTest::newRow("tid beyond 32 bits")
            << QByteArray(R"({"nodes": [{"entity_type": "ThreadEntity", "tid": 2147483648}]})")
            << "nodes[0].tid: 2147483648 is out of range" << 1 << 51;
        QTest::newRow("ppid beyond 32 bits")
            << QByteArray(R"({"nodes": [{"entity_type": "ProcessEntity", "pid": 1, "ppid": -2147483649}]})")
            << "nodes[0].ppid: -2147483649 is out of range" << 1 << 63;
        QTest::newRow("nodes is an object")
            << QByteArray("{\"nodes\": {}, \"edges\": []}")
            << "at nodes: expected an array of entities, got an object" << 1 << 11;
        QTest::newRow("edges is a number") << QByteArray("{\"nodes\": [], \"edges\": 5}")
                                           << "at edges: expected an array of edges, got a number" << 1 << 24;
        QTest::newRow("node is a string")
            << QByteArray("{\"nodes\": [\"x\"]}") << "at nodes[0]: expected an entity object, got a string"
            << 1 << 12;
        QTest::newRow("no graph") << QByteArray("{\"hello\": 1}") << "not a witty-profiler graph" << 1 << 1;
        QTest::newRow("top-level array") << QByteArray("[1, 2]") << "expected '{'" << 1 << 1;
        QTest::newRow("endpoint without entity_type")
            << QByteArray("{\"nodes\": [], \"edges\": [{\"edge_type\": \"OwnEdge\", \"weight\": null, "
                          "\"source_node\": " +
                          proc + ",\n \"target_node\": {\"entity_namespace\": \"local\", \"tid\": 3}}]}")
            << "at edges[0].target_node: entity has no \"entity_type\"" << 2 << 17;
        QTest::newRow("edge without type")
            << QByteArray("{\"edges\": [{\"weight\": null, \"source_node\": " + proc +
                          ", \"target_node\": " + proc + "}]}")
            << "at edges[0]: edge has no \"edge_type\"" << 1 << 12;
        QTest::newRow("edge with one end")
            << QByteArray("{\"edges\": [{\"edge_type\": \"OwnEdge\", \"source_node\": " + proc + "}]}")
            << "edge needs \"source_node\" and \"target_node\"" << 1 << 12;
        QTest::newRow("weight is a string")
            << QByteArray("{\"edges\": [{\"edge_type\": \"OwnEdge\", \"weight\": \"heavy\"}]}")
            << "at edges[0].weight: expected a number or null, got a string" << 1 << 47;
        QTest::newRow("bad cpu list")
            << QByteArray(R"({"nodes": [{"entity_type": "NumaEntity", "numa_id": 0, "cpu_set": "0-x"}]})")
            << "at nodes[0].cpu_set: bad list at character 3" << 1 << 67;
        QTest::newRow("bad mem_info")
            << QByteArray(
                   R"({"nodes": [{"entity_type": "NumaEntity", "numa_id": 0, "mem_info": {"MemTotal": "lots"}}]})")
            << "nodes[0].mem_info: mem_info.MemTotal: expected a size like" << 1 << 81;
        QTest::newRow("nested process is a thread")
            << QByteArray(
                   R"({"nodes": [{"entity_type": "ThreadEntity", "tid": 2, "process": {"entity_type": "ThreadEntity", "tid": 3}}]})")
            << "at nodes[0].process: expected a ProcessEntity, got ThreadEntity" << 1 << 65;
        QTest::newRow("trailing text") << QByteArray("{\"nodes\": [], \"edges\": []}\n{\"nodes\": [] ,,}")
                                       << "malformed JSON" << 2 << -1;
        QTest::newRow("json lines: bad second line")
            << QByteArray("{\"nodes\": [], \"edges\": []}\n{\"nodes\": [" + proc + ", 7]}\n{\"nodes\": []}\n")
            << "at nodes[1]: expected an entity object, got a number" << 2 << 146;
        // Found by fuzz_witty_json: values the reader keeps whole were not validated, so they were stored and
        // written back by `convert` as invalid JSON.
        QTest::newRow("fuzz: missing comma in a kept object")
            << QByteArray(
                   R"({"nodes": [{"entity_type": "ProcessEntity", "pid": 1, "details": {"a": 1 "b": 2}}]})")
            << "at nodes[0]: malformed JSON value" << 1 << 12;
        QTest::newRow("fuzz: stray colon in a kept object")
            << QByteArray(
                   R"({"nodes": [{"entity_type": "ProcessEntity", "pid": 1, "extra": {"a": "x": "y"}}]})")
            << "at nodes[0]: malformed JSON value" << 1 << 12;
        QTest::newRow("fuzz: missing comma in a kept array")
            << QByteArray(R"({"nodes": [{"entity_type": "ProcessEntity", "pid": 1, "extra": ["a" "b"]}]})")
            << "at nodes[0]: malformed JSON value" << 1 << 12;
        QByteArray deep = "{\"nodes\": [{\"entity_type\": \"X\", \"details\": ";
        deep += QByteArray(100000, '[') + QByteArray(100000, ']') + "}]}";
        QTest::newRow("100000-deep details") << deep << "nested deeper than 1024 levels" << 1 << 1067;
        QTest::newRow("100000-deep nodes")
            << QByteArray("{\"nodes\": " + QByteArray(100000, '[') + QByteArray(100000, ']') + "}")
            << "nested deeper than 1024 levels" << 1 << 1036;
        QTest::newRow("100000-deep unclosed")
            << QByteArray("{\"nodes\": " + QByteArray(100000, '[')) << "truncated" << -1 << -1;
        QTest::newRow("100000-deep objects")
            << QByteArray("{\"nodes\": [], \"x\": " + QByteArray(100000, '{').replace("{", "{\"a\":") + "1" +
                          QByteArray(100000, '}') + "}")
            << "nested deeper than 1024 levels" << -1 << -1;
        QByteArray bad =
            "{\"nodes\": [{\"entity_type\": \"ProcessEntity\", \"pid\": 1, \"name\": \"caf\xc3\xa9 ";
        bad += "\xff\xfe\"}]}";
        QTest::newRow("invalid UTF-8") << bad << "invalid UTF-8 (byte 0xff at offset 69)" << 1 << 70;
        QTest::newRow("truncated UTF-8") << QByteArray("{\"nodes\": [], \"n\": \"\xe2\x82\"}")
                                         << "invalid UTF-8 (byte 0xe2 at offset 20)" << 1 << 21;
        // Sets are bitmaps as wide as their largest member: numbers no machine has are refused, not
        // allocated.
        QTest::newRow("NUMA set beyond any machine")
            << QByteArray(R"({"nodes": [{"entity_type": "NumaSetEntity", "numa_id_str": "0-1048575"}]})")
            << "at nodes[0].numa_id_str: node 1048575 is above 4095" << 1 << 60;
        QTest::newRow("node CPUs beyond any machine")
            << QByteArray(
                   R"({"nodes": [{"entity_type": "NumaEntity", "numa_id": 0, "cpu_set": "0-3,70000"}]})")
            << "at nodes[0].cpu_set: CPU 70000 is above 65535" << 1 << 67;
        QTest::newRow("NPU CPUs beyond any machine")
            << QByteArray(R"({"nodes": [{"entity_type": "NPUEntity", "id": 0, "cpu_affinity": "100000"}]})")
            << "at nodes[0].cpu_affinity: CPU 100000 is above 65535" << 1 << 66;
        QTest::newRow("NPU node beyond any machine")
            << QByteArray(R"({"nodes": [{"entity_type": "NPUEntity", "id": 0, "numa_affinity": "0,4096"}]})")
            << "at nodes[0].numa_affinity: node 4096 is above 4095" << 1 << 67;
    }
    void malformed()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, fragment);
        QFETCH(int, line);
        QFETCH(int, column);
        QTemporaryDir dir;
        const QString path = writeTemp(dir, QStringLiteral("bad.json"), text);
        QVERIFY(!path.isEmpty());
        auto r = readWittyJsonFile(path);
        QVERIFY(!r.ok());
        const LoadError& e = r.error();
        const QString message = e.toString();
        QVERIFY2(message.contains(fragment), qPrintable(message));
        QVERIFY2(message.startsWith(path + QLatin1Char(':')), qPrintable(message));
        QVERIFY(!message.contains(u'\n'));
        QVERIFY(!e.cancelled);
        QVERIFY2(e.line > 0 && e.column > 0 && e.offset >= 0, qPrintable(message));
        if (line > 0)
            QCOMPARE(e.line, line);
        if (column > 0)
            QCOMPARE(e.column, column);
    }

    void unreadable_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("fragment");
        QTest::newRow("missing") << "does-not-exist.json"
                                 << "no such file";
        QTest::newRow("directory") << "."
                                   << "is a directory";
    }
    void unreadable()
    {
        QFETCH(QString, name);
        QFETCH(QString, fragment);
        QTemporaryDir dir;
        const QString path = name == QLatin1String(".") ? dir.path() : dir.filePath(name);
        auto r = readWittyJsonFile(path);
        QVERIFY(!r.ok());
        QVERIFY2(r.error().toString().startsWith(path), qPrintable(r.error().toString()));
        QVERIFY2(r.error().message.contains(fragment), qPrintable(r.error().toString()));
    }

    void progressAndCancel_data()
    {
        QTest::addColumn<int>("cancelAfterReports");
        QTest::newRow("run to the end") << -1;
        QTest::newRow("cancel at once") << 0;
        QTest::newRow("cancel midway") << 1;
    }
    void progressAndCancel()
    {
        QFETCH(int, cancelAfterReports);
        // The fixture's nodes forty times over: identical copies fold, so the facts stay those of the
        // fixture.
        const QJsonObject graph = QJsonDocument::fromJson(fixtureBytes()).object();
        const QJsonArray nodes = graph.value(u"nodes").toArray();
        QJsonArray many;
        for (int i = 0; i < 40; ++i)
            for (const QJsonValue& v : nodes)
                many.append(v);
        QJsonObject big;
        big.insert(u"nodes", many);
        big.insert(u"edges", QJsonArray());
        const QByteArray text = QJsonDocument(big).toJson(QJsonDocument::Compact);

        std::vector<double> reports;
        Progress p;
        p.report = [&](double f) { reports.push_back(f); };
        p.cancelled = [&] { return cancelAfterReports >= 0 && int(reports.size()) >= cancelAfterReports; };
        auto r = readWittyJson(text, QStringLiteral("big.json"), p);
        if (cancelAfterReports < 0) {
            QVERIFY(r.ok());
            QCOMPARE(r.value()->snapshots.front()->entities().size(), size_t(129));
            QVERIFY(reports.size() > 2);
            QVERIFY(std::is_sorted(reports.begin(), reports.end()));
            QCOMPARE(reports.back(), 1.0);
            QVERIFY(reports.front() > 0 && reports.front() < 1);
        } else {
            QVERIFY(!r.ok());
            QVERIFY(r.error().cancelled);
            QCOMPARE(r.error().file, QStringLiteral("big.json"));
            QCOMPARE(int(reports.size()), cancelAfterReports);
        }
    }
};

QTEST_GUILESS_MAIN(TestWittyReader)
#include "tst_witty_reader.moc"
