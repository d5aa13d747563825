// SPDX-License-Identifier: GPL-3.0-or-later
// The hwloc reader's other inputs and its tree: the entity tree of every fixture, the source it names,
// synthetic descriptions, this machine and its sysfs, progress and cancel, and the files it must refuse.
#include "readers/hwloc_reader.h"
#include "readers/hwloc_sysfs.h"
#include "support/hwloc_fixtures.h"
#include "util/json_text.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using namespace numasight;
using namespace numasight::test;

namespace {

// A NUMA node of the local machine, as applyNodeSysfsStats() looks for them.
Entity localNumaNode(int osIndex)
{
    Entity e;
    e.kind = EntityKind::NumaNode;
    e.typeName = entityKindName(e.kind);
    e.ns = QStringLiteral("local");
    e.key = QString::number(osIndex);
    e.osIndex = osIndex;
    return e;
}

} // namespace

class TestHwlocSources : public QObject
{
    Q_OBJECT

private slots:
    void treeStructure_data()
    {
        QTest::addColumn<QString>("file");
        for (const QString& f :
             QDir(fixture({})).entryList({QStringLiteral("*.xml")}, QDir::Files, QDir::Name))
            QTest::newRow(qPrintable(f)) << f;
    }

    // Every entity but the host has a parent, Contains edges mirror the parents, every PU sits in a core and
    // the kept tree reaches the host from everywhere.
    void treeStructure()
    {
        QFETCH(QString, file);
        const auto s = loadFixture(file);
        QVERIFY(s);
        QCOMPARE(s->countOf(EntityKind::Host), 1);
        int withParent = 0;
        for (size_t i = 0; i < s->entities().size(); ++i) {
            const Entity& e = s->entities()[i];
            QCOMPARE(e.ns, QStringLiteral("local"));
            QCOMPARE(e.typeName, entityKindName(e.kind));
            QVERIFY(!e.key.isEmpty());
            QVERIFY(parseJsonObject(e.attributes.text()).contains(QLatin1String("type")));
            if (e.kind == EntityKind::Host) {
                QVERIFY(!e.parent.isValid());
                continue;
            }
            QVERIFY2(e.parent.isValid(), qPrintable(e.key));
            ++withParent;
            EntityId up = e.parent;
            int steps = 0;
            while (s->entity(up).parent.isValid() && ++steps < 100)
                up = s->entity(up).parent;
            QCOMPARE(s->entity(up).kind, EntityKind::Host);
            if (e.kind == EntityKind::Pu)
                QVERIFY(s->entity(e.parent).kind == EntityKind::Core ||
                        s->entity(e.parent).kind == EntityKind::Cache ||
                        s->entity(e.parent).kind == EntityKind::Package ||
                        s->entity(e.parent).kind == EntityKind::Host);
        }
        int contains = 0;
        for (const Edge& edge : s->edges()) {
            QCOMPARE(edge.kind, EdgeKind::Contains);
            QCOMPARE(s->entity(edge.target).parent, edge.source);
            ++contains;
        }
        QCOMPARE(contains, withParent);
    }

    void sourceInfo_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("hostname");
        QTest::addColumn<QString>("kernel");
        QTest::newRow("with host") << "32em64t-2n8c2t-pci-normalio.xml"
                                   << "conan"
                                   << "Linux 3.2.0-4-amd64";
        QTest::newRow("power8") << "power8gpudistances.xml"
                                << "drac-12.grenoble.grid5000.fr"
                                << "Linux 4.19.0-14-powerpc64le";
        QTest::newRow("no host") << "16amd64-4distances.xml"
                                 << ""
                                 << "";
    }

    void sourceInfo()
    {
        QFETCH(QString, file);
        QFETCH(QString, hostname);
        QFETCH(QString, kernel);
        const auto r = readHwlocXmlFile(fixture(file));
        QVERIFY(r.ok());
        const SourceInfo& src = r.value()->source;
        QCOMPARE(src.format, SourceFormat::HwlocXml);
        QCOMPARE(src.path, fixture(file));
        QCOMPARE(src.mode, QStringLiteral("hwloc"));
        QCOMPARE(src.hostname, hostname);
        QCOMPARE(src.kernel, kernel);
        QCOMPARE(src.extra.value(QStringLiteral("HostName")), hostname);
        const Snapshot& s = *r.value()->snapshots.front();
        const Entity& host = s.entity(s.ofKind(EntityKind::Host).front());
        QCOMPARE(host.key, hostname.isEmpty() ? QStringLiteral("machine") : hostname);
        QVERIFY(host.detail->memoryBytes > 0 || file.startsWith(QLatin1String("16em64t")));
    }

    void hwlocV3_data()
    {
        QTest::addColumn<QString>("file");
        for (const QString& f : QDir(QStringLiteral(NUMASIGHT_TEST_DATA "/hwloc-v3"))
                                    .entryList({QStringLiteral("*.xml")}, QDir::Files, QDir::Name))
            QTest::newRow(qPrintable(f)) << f;
    }

    // hwloc 3 writes format 3.0, which the hwloc 2.x numasight links refuses; the reader rewrites it
    // into 2.0. Each file is a machine whose 2.0 export (by an earlier hwloc) is among the fixtures: both
    // must read as the same machine: host, kernel, every entity's identity and facts, the matrices.
    void hwlocV3()
    {
        QFETCH(QString, file);
        const auto v3 = readHwlocXmlFile(QStringLiteral(NUMASIGHT_TEST_DATA "/hwloc-v3/") + file);
        QVERIFY2(v3.ok(), qPrintable(v3.ok() ? QString() : v3.error().toString()));
        const auto v2 = readHwlocXmlFile(fixture(file));
        QVERIFY(v2.ok());
        QCOMPARE(v3.value()->source.hostname, v2.value()->source.hostname);
        QCOMPARE(v3.value()->source.kernel, v2.value()->source.kernel);
        const Snapshot& a = *v3.value()->snapshots.front();
        const Snapshot& b = *v2.value()->snapshots.front();
        for (int k = 0; k < kEntityKindCount; ++k)
            QVERIFY2(a.countOf(EntityKind(k)) == b.countOf(EntityKind(k)),
                     qPrintable(entityKindName(EntityKind(k))));
        for (const Entity& e : b.entities()) {
            const EntityId id = a.find(e.typeName.view(), e.ns.view(), e.key.utf16());
            QVERIFY2(id.isValid(), qPrintable(e.typeName + u' ' + e.key));
            const Entity& f = a.entity(id);
            QCOMPARE(f.kind, e.kind);
            QCOMPARE(f.deviceClass, e.deviceClass);
            QCOMPARE(f.name, e.name);
            QCOMPARE(f.osIndex, e.osIndex);
            QCOMPARE(f.cpus, e.cpus);
            QCOMPARE(f.nodes, e.nodes);
            QCOMPARE(f.numaNode, e.numaNode);
            QCOMPARE(f.detail->memoryBytes, e.detail->memoryBytes);
            QCOMPARE(f.detail->pciBusId, e.detail->pciBusId);
            QCOMPARE(f.detail->cacheBytes, e.detail->cacheBytes);
        }
        QCOMPARE(a.distances().size(), b.distances().size());
        for (size_t i = 0; i < b.distances().size(); ++i) {
            QCOMPARE(a.distances()[i].values, b.distances()[i].values);
            QCOMPARE(a.distances()[i].unit, b.distances()[i].unit);
        }
        QCOMPARE(a.memoryAttributes().size(), b.memoryAttributes().size());
    }

    void synthetic()
    {
        const auto r = readHwlocSynthetic(QStringLiteral("pack:2 [numa] core:4 pu:2"));
        QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().toString()));
        const Snapshot& s = *r.value()->snapshots.front();
        QCOMPARE(s.countOf(EntityKind::NumaNode), 2);
        QCOMPARE(s.countOf(EntityKind::Pu), 16);
        QCOMPARE(s.countOf(EntityKind::Core), 8);
        QCOMPARE(s.countOf(EntityKind::Package), 2);
        QCOMPARE(nodeCpuSets(s), QStringLiteral("0-7;8-15"));
        QCOMPARE(s.numaDistances(), nullptr);
        QCOMPARE(s.entity(s.numaNodes()[1]).parent, s.ofKind(EntityKind::Package)[1]);
        QCOMPARE(s.nodeOfCpu(CpuId(9)), s.numaNodes()[1]);
        QCOMPARE(r.value()->source.format, SourceFormat::HwlocXml);
    }

    void localMachine()
    {
        const auto r = readLocalTopology();
        QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().toString()));
        const Snapshot& s = *r.value()->snapshots.front();
        QVERIFY(s.countOf(EntityKind::NumaNode) >= 1);
        QCOMPARE(s.countOf(EntityKind::Pu), int(sysconf(_SC_NPROCESSORS_ONLN)));
        const SourceInfo& src = r.value()->source;
        QCOMPARE(src.format, SourceFormat::LocalMachine);
        QVERIFY(src.capturedAt.isValid());
        QCOMPARE(s.takenAt(), src.capturedAt);
        QCOMPARE(src.mode, QStringLiteral("hwloc"));
        // hwloc and sysfs agree on which nodes exist, so every node got its free memory from sysfs.
        for (EntityId n : s.numaNodes())
            QVERIFY(s.entity(n).detail->memoryFreeBytes > 0);
    }

    // `:local:` under HWLOC_FSROOT is the machine of the saved tree: hwloc reads it there, and so must
    // numasight's own node meminfo reads (this machine's /sys has other nodes, or one).
    void localMachineUnderFsRoot()
    {
        QTemporaryDir root;
        QVERIFY(root.isValid());
        const auto write = [&](const QString& relative, const QByteArray& text) {
            const QString path = root.path() + u'/' + relative;
            QVERIFY(QDir().mkpath(QFileInfo(path).path()));
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(text);
        };
        for (int cpu = 0; cpu < 4; ++cpu) {
            const QString dir = QStringLiteral("sys/devices/system/cpu/cpu%1/").arg(cpu);
            write(dir + QStringLiteral("online"), "1\n");
            write(dir + QStringLiteral("topology/physical_package_id"), QByteArray::number(cpu / 2) + '\n');
            write(dir + QStringLiteral("topology/core_id"), QByteArray::number(cpu % 2) + '\n');
            write(dir + QStringLiteral("topology/thread_siblings"), QByteArray::number(1 << cpu, 16) + '\n');
            write(dir + QStringLiteral("topology/core_siblings"), cpu < 2 ? "3\n" : "c\n");
        }
        write(QStringLiteral("sys/devices/system/cpu/online"), "0-3\n");
        write(QStringLiteral("sys/devices/system/cpu/possible"), "0-3\n");
        write(QStringLiteral("sys/devices/system/node/online"), "0-1\n");
        write(QStringLiteral("sys/devices/system/node/possible"), "0-1\n");
        for (int node = 0; node < 2; ++node) {
            const QString dir = QStringLiteral("sys/devices/system/node/node%1/").arg(node);
            write(dir + QStringLiteral("cpumap"), node == 0 ? "3\n" : "c\n");
            write(dir + QStringLiteral("cpulist"), node == 0 ? "0-1\n" : "2-3\n");
            write(dir + QStringLiteral("distance"), node == 0 ? "10 21\n" : "21 10\n");
            write(dir + QStringLiteral("meminfo"),
                  QStringLiteral("Node %1 MemTotal:       8388608 kB\nNode %1 MemFree:        %2 kB\n")
                      .arg(node)
                      .arg(1000 + node)
                      .toLatin1());
        }
        write(QStringLiteral("proc/cpuinfo"), "");

        qputenv("HWLOC_FSROOT", root.path().toLocal8Bit() + '/');
        const auto r = readLocalTopology();
        qunsetenv("HWLOC_FSROOT");
        QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().toString()));
        const Snapshot& s = *r.value()->snapshots.front();
        QCOMPARE(s.countOf(EntityKind::NumaNode), 2);
        QCOMPARE(s.countOf(EntityKind::Pu), 4);
        QCOMPARE(nodeCpuSets(s), QStringLiteral("0-1;2-3"));
        for (int node = 0; node < 2; ++node)
            QCOMPARE(s.entity(s.numaNodes()[node]).detail->memoryFreeBytes,
                     std::uint64_t(1000 + node) * 1024);
    }

    void progressAndCancel()
    {
        QList<double> steps;
        Progress p;
        p.report = [&](double f) { steps << f; };
        QVERIFY(readHwlocXmlFile(fixture(QStringLiteral("nvidiaDGX2.xml")), p).ok());
        QVERIFY(steps.size() >= 3);
        QCOMPARE(steps.last(), 1.0);
        QVERIFY(std::is_sorted(steps.begin(), steps.end()));

        for (int allowed : {0, 1, 2, 3}) {
            int asked = 0;
            Progress c;
            c.cancelled = [&] { return asked++ >= allowed; };
            const auto r = readHwlocSynthetic(QStringLiteral("pack:2 [numa] core:4 pu:2"), c);
            QVERIFY(!r.ok() || allowed >= 3);
            if (!r.ok())
                QVERIFY(r.error().cancelled);
        }
    }

    void sysfsStats_data()
    {
        QTest::addColumn<QByteArray>("meminfo");
        QTest::addColumn<QByteArray>("numastat");
        QTest::addColumn<qlonglong>("memFree"); // -1: not found
        QTest::addColumn<QString>("counters");
        const QByteArray meminfo = "Node 0 MemTotal:       16318080 kB\nNode 0 MemFree:         9876543 kB\n"
                                   "Node 0 MemUsed:         6441537 kB\n";
        const QByteArray numastat = "numa_hit 123456\nnuma_miss 7\nnuma_foreign 0\ninterleave_hit 4242\n"
                                    "local_node 123400\nother_node 56\n";
        const QString all =
            QStringLiteral("interleave_hit=4242 local_node=123400 numa_foreign=0 numa_hit=123456 "
                           "numa_miss=7 other_node=56");
        QTest::newRow("kernel format") << meminfo << numastat << qlonglong(9876543) * 1024 << all;
        QTest::newRow("missing files") << QByteArray() << QByteArray() << qlonglong(-1) << QString();
        QTest::newRow("other node's line ignored")
            << QByteArray("Node 1 MemFree: 5 kB\n") << QByteArray() << qlonglong(-1) << QString();
        QTest::newRow("garbage lines skipped")
            << QByteArray("Node 0 MemFree: lots kB\nnonsense\n\n")
            << QByteArray("numa_hit\nnuma_miss -3\nnuma_hit 12 extra\nother_node 9\n") << qlonglong(-1)
            << QStringLiteral("other_node=9");
        QTest::newRow("overflowing value")
            << QByteArray("Node 0 MemFree: 99999999999999999999999 kB\n")
            << QByteArray("numa_hit 99999999999999999999999\n") << qlonglong(-1) << QString();
        QTest::newRow("binary") << QByteArray("\x00\xff\x01Node 0 MemFree: 1 kB", 21)
                                << QByteArray("\x00\x01\x02", 3) << qlonglong(-1) << QString();
    }

    void sysfsStats()
    {
        QFETCH(QByteArray, meminfo);
        QFETCH(QByteArray, numastat);
        QFETCH(qlonglong, memFree);
        QFETCH(QString, counters);
        QTemporaryDir root;
        QVERIFY(root.isValid());
        const QString dir = root.path() + QStringLiteral("/devices/system/node/node0/");
        QVERIFY(QDir().mkpath(dir));
        const auto write = [&](const QString& name, const QByteArray& data) {
            if (data.isNull())
                return;
            QFile f(dir + name);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(data);
        };
        write(QStringLiteral("meminfo"), meminfo);
        write(QStringLiteral("numastat"), numastat);

        const NodeSysfsStats stats = readNodeSysfsStats(root.path(), 0);
        QCOMPARE(stats.memFreeBytes.has_value(), memFree >= 0);
        if (memFree >= 0)
            QCOMPARE(qlonglong(*stats.memFreeBytes), memFree);
        QStringList pairs;
        for (auto it = stats.numastat.cbegin(); it != stats.numastat.cend(); ++it)
            pairs << QStringLiteral("%1=%2").arg(it.key()).arg(it.value());
        QCOMPARE(pairs.join(QLatin1Char(' ')), counters);

        // The same through a snapshot's NUMA nodes: node 0 gets the values, node 1 (no files) stays empty.
        SnapshotBuilder b;
        for (int n : {0, 1})
            b.add(localNumaNode(n));
        applyNodeSysfsStats(b, root.path());
        const auto s = b.finish();
        QCOMPARE(qlonglong(s->entity(s->numaNodes()[0]).detail->memoryFreeBytes), memFree >= 0 ? memFree : 0);
        QCOMPARE(s->entity(s->numaNodes()[0]).detail->numastat, stats.numastat);
        QCOMPARE(s->entity(s->numaNodes()[1]).detail->memoryFreeBytes, 0u);
        QVERIFY(s->entity(s->numaNodes()[1]).detail->numastat.isEmpty());
    }

    // What a witty export of a recording needs of each node: every meminfo line in the kernel's order, and
    // the node's memory blocks as ranges.
    void sysfsNodeAttributes_data()
    {
        QTest::addColumn<QByteArray>("meminfo"); // null: no file
        QTest::addColumn<QStringList>("blocks"); // directories made in node0/
        QTest::addColumn<QByteArray>("before");  // the node's attributes before
        QTest::addColumn<QByteArray>("after");
        const QByteArray meminfo = "Node 0 MemTotal:       16318080 kB\nNode 0 MemFree:         9876543 kB\n"
                                   "Node 0 MemUsed:         6441537 kB\nNode 0 Active(anon):     1180328 kB\n"
                                   "Node 1 Dirty:  4 kB\nNode 0 HugePages_Total:     0\nnonsense\n";
        const QByteArray lines = "\"mem_info\":{\"MemTotal\":\"16318080 kB\",\"MemFree\":\"9876543 kB\","
                                 "\"MemUsed\":\"6441537 kB\",\"Active(anon)\":\"1180328 kB\","
                                 "\"HugePages_Total\":\"0\"}";
        const QStringList blocks{QStringLiteral("memory0"),       QStringLiteral("memory1"),
                                 QStringLiteral("memory131"),     QStringLiteral("memory130"),
                                 QStringLiteral("memory7"),       QStringLiteral("memory_side_cache"),
                                 QStringLiteral("memory99999999")}; // beyond any machine: left out
        QTest::newRow("kernel tree") << meminfo << blocks << QByteArray("{}")
                                     << "{" + lines + ",\"memory_set\":\"0-1,7,130-131\"}";
        QTest::newRow("hwloc's attributes kept")
            << meminfo << QStringList{QStringLiteral("memory3")} << QByteArray("{\"infos\":{\"a\":\"b\"}}")
            << "{\"infos\":{\"a\":\"b\"}," + lines + ",\"memory_set\":\"3\"}";
        QTest::newRow("no memory blocks (a memoryless node)")
            << meminfo << QStringList() << QByteArray() << "{" + lines + "}";
        QTest::newRow("no meminfo") << QByteArray() << QStringList{QStringLiteral("memory12")}
                                    << QByteArray("{}") << QByteArray("{\"memory_set\":\"12\"}");
        QTest::newRow("nothing") << QByteArray() << QStringList() << QByteArray("{}") << QByteArray("{}");
        QTest::newRow("quotes and controls escaped")
            << QByteArray("Node 0 We\"ird: 1\x01 kB\n") << QStringList() << QByteArray("{}")
            << QByteArray("{\"mem_info\":{\"We\\\"ird\":\"1\\u0001 kB\"}}");
    }

    void sysfsNodeAttributes()
    {
        QFETCH(QByteArray, meminfo);
        QFETCH(QStringList, blocks);
        QFETCH(QByteArray, before);
        QFETCH(QByteArray, after);
        QTemporaryDir root;
        QVERIFY(root.isValid());
        const QString dir = root.path() + QStringLiteral("/devices/system/node/node0/");
        QVERIFY(QDir().mkpath(dir));
        for (const QString& b : blocks)
            QVERIFY(QDir().mkpath(dir + b));
        if (!meminfo.isNull()) {
            QFile f(dir + QStringLiteral("meminfo"));
            QVERIFY(f.open(QIODevice::WriteOnly) && f.write(meminfo) == meminfo.size());
        }
        SnapshotBuilder b;
        Entity e = localNumaNode(0);
        e.attributes = before;
        b.add(e);
        applyNodeSysfsStats(b, root.path());
        const auto s = b.finish();
        const QByteArray attributes = s->entity(s->numaNodes()[0]).attributes.text();
        QCOMPARE(attributes, after);
        QVERIFY(!parseJsonObject(attributes).isEmpty() || attributes == "{}" || attributes.isEmpty());
    }

    void malformedFiles_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QByteArray>("content"); // null: do not create the file
        QTest::addColumn<QString>("fragment");
        QTest::addColumn<int>("line"); // -1: no position expected
        QFile full(fixture(QStringLiteral("16em64t-4s2c2t.xml")));
        QVERIFY(full.open(QIODevice::ReadOnly));
        const QByteArray fixtureText = full.readAll();
        QTest::newRow("not XML") << "plain.xml" << QByteArray("hello, world\n")
                                 << "not XML: the file starts with \"hello" << 1;
        QTest::newRow("JSON") << "graph.xml" << QByteArray("\n  {\"nodes\": []}") << "not XML" << 2;
        QTest::newRow("binary") << "blob.xml"
                                << QByteArray("\x7f"
                                              "ELF\x02\x01\x01",
                                              7)
                                << "not XML" << 1;
        QTest::newRow("html") << "page.xml" << QByteArray("<!DOCTYPE html>\n<html><body/></html>")
                              << "not an hwloc topology: root element is <html>, expected <topology>" << 2;
        QTest::newRow("foo") << "foo.xml" << QByteArray("<?xml version=\"1.0\"?><foo/>")
                             << "root element is <foo>, expected <topology>" << 1;
        QTest::newRow("empty") << "empty.xml" << QByteArray("") << "file is empty" << -1;
        QTest::newRow("blanks") << "blank.xml" << QByteArray(" \n\t\n") << "only blanks" << -1;
        QTest::newRow("truncated") << "cut.xml" << fixtureText.left(5000) << "truncated hwloc XML" << 43;
        QTest::newRow("truncated in a tag")
            << "cut2.xml" << fixtureText.left(fixtureText.size() - 3) << "truncated hwloc XML" << -2;
        QTest::newRow("mismatched tags")
            << "bad.xml" << QByteArray("<topology version=\"2.0\">\n<object type=\"Machine\">\n</topology>")
            << "not well-formed XML" << 3;
        QTest::newRow("not hwloc content")
            << "odd.xml" << QByteArray("<topology version=\"2.0\"><foo/></topology>")
            << "hwloc rejected this <topology>" << -1;
        QTest::newRow("no root") << "pi.xml" << QByteArray("<?xml version=\"1.0\"?>") << "no root element"
                                 << -2;
        QTest::newRow("missing file") << "missing.xml" << QByteArray() << "file not found" << -1;
        const QByteArray v3Head = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                                  "<!DOCTYPE topology SYSTEM \"hwloc3.dtd\">\n<topology version=\"3.0\">\n";
        const QByteArray machine = "<object type=\"Machine\" os_index=\"0\" cpuset=\"0x1\" "
                                   "complete_cpuset=\"0x1\" nodeset=\"0x1\" complete_nodeset=\"0x1\" "
                                   "gp_index=\"1\" id=\"obj1\">\n";
        QTest::newRow("format 4")
            << "v4.xml" << QByteArray("<?xml version=\"1.0\"?>\n<topology version=\"4.1\"></topology>")
            << "hwloc's XML format 4.x, newer than this build reads (2.x and 3.x); export it with `lstopo "
               "--of v2xml`"
            << -1;
        QTest::newRow("v3 osdev_type not a number")
            << "v3-osdev.xml"
            << v3Head + machine +
                   "<object type=\"OSDev\" gp_index=\"2\" id=\"obj2\" name=\"sda\" osdev_type=\"disk\"/>\n"
                   "</object>\n</topology>\n"
            << "hwloc 3 XML (format 3.x) that could not be turned into format 2.0 for hwloc 2.x: line 5: "
               "osdev_type \"disk\" is not a number; export it with `lstopo --of v2xml`"
            << -1;
        QTest::newRow("v3 memtier nodeset unreadable")
            << "v3-memtier.xml"
            << v3Head + machine + "</object>\n<memtier kinds=\"1\" nodeset=\"zz\"/>\n</topology>\n"
            << "line 6: <memtier> has an unreadable nodeset \"zz\"" << -1;
        QTest::newRow("v3 hwloc refuses the content")
            << "v3-odd.xml" << v3Head + "<foo/>\n</topology>\n"
            << "hwloc 2.x rejected this hwloc 3 document (XML format 3.x) after its conversion to format 2.0"
            << -1;
    }

    void malformedFiles()
    {
        QFETCH(QString, name);
        QFETCH(QByteArray, content);
        QFETCH(QString, fragment);
        QFETCH(int, line);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(name);
        if (!content.isNull()) {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(content);
        }
        const auto r = readHwlocXmlFile(path);
        QVERIFY(!r.ok());
        const LoadError& e = r.error();
        QCOMPARE(e.file, path);
        QVERIFY2(e.message.contains(fragment), qPrintable(e.toString()));
        QVERIFY(!e.toString().contains(QLatin1Char('\n')));
        QVERIFY(!e.cancelled);
        if (line >= 0)
            QCOMPARE(e.line, line);
        else if (line == -2)
            QVERIFY(e.line > 0);
    }

    void directoryIsRefused()
    {
        QTemporaryDir dir;
        const auto r = readHwlocXmlFile(dir.path());
        QVERIFY(!r.ok());
        QVERIFY2(r.error().message.contains(QLatin1String("is a directory")),
                 qPrintable(r.error().toString()));
    }

    void unreadableFile()
    {
        if (geteuid() == 0)
            QSKIP("root reads files whatever their mode");
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("locked.xml"));
        QFile::copy(fixture(QStringLiteral("16em64t-4s2c2t.xml")), path);
        QFile::setPermissions(path, QFileDevice::Permissions());
        const auto r = readHwlocXmlFile(path);
        QVERIFY(!r.ok());
        QVERIFY2(r.error().message.contains(QLatin1String("cannot read")), qPrintable(r.error().toString()));
    }

    void badSynthetic_data()
    {
        QTest::addColumn<QString>("description");
        QTest::addColumn<QString>("fragment");
        QTest::newRow("not a number") << "pack:x core"
                                      << "invalid synthetic topology description";
        QTest::newRow("unknown type") << "blob:2 pu:2"
                                      << "invalid synthetic topology description";
        QTest::newRow("garbage") << "%%%"
                                 << "invalid synthetic topology description";
        QTest::newRow("huge") << "pack:1000 core:1000 pu:1000"
                              << "synthetic topology too large";
    }

    void badSynthetic()
    {
        QFETCH(QString, description);
        QFETCH(QString, fragment);
        const auto r = readHwlocSynthetic(description);
        QVERIFY(!r.ok());
        QVERIFY2(r.error().message.contains(fragment), qPrintable(r.error().toString()));
        QVERIFY(r.error().file.contains(description));
    }
};

QTEST_GUILESS_MAIN(TestHwlocSources)
#include "tst_hwloc_sources.moc"
