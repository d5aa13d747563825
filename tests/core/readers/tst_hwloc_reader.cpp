// SPDX-License-Identifier: GPL-3.0-or-later
// The hwloc XML reader against the fixtures: NUMA nodes, CPUs and distances as lstopo reports them, GPUs,
// memory tiers and attributes, devices and the other matrices.
#include "readers/hwloc_reader.h"
#include "readers/hwloc_sysfs.h"
#include "support/hwloc_fixtures.h"
#include "util/json_text.h"

#include <QDir>
#include <QFile>
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

QString matrixText(const DistanceMatrix* m)
{
    if (!m)
        return {};
    QStringList out;
    for (double v : m->values)
        out << QString::number(v, 'g', 15);
    return out.join(QLatin1Char(' '));
}

// hwloc writes bitmaps as comma-separated 32-bit words where an empty word means zero ("0xff,,0x1").
IndexSet parseHwlocMask(const QString& text)
{
    IndexSet set;
    const QStringList words = text.split(QLatin1Char(','));
    for (qsizetype w = 0; w < words.size(); ++w) {
        const QString word = words[words.size() - 1 - w];
        const quint32 v = word.isEmpty() ? 0 : word.toUInt(nullptr, 16);
        for (int b = 0; b < 32; ++b)
            if (v & (quint32(1) << b))
                set.insert(int(w) * 32 + b);
    }
    return set;
}

QString runLstopo(const QStringList& args)
{
    QProcess p;
    p.start(QStringLiteral("lstopo-no-graphics"), args);
    if (!p.waitForFinished(60000) || p.exitCode() != 0)
        return {};
    return QString::fromUtf8(p.readAllStandardOutput());
}

} // namespace

class TestHwlocReader : public QObject
{
    Q_OBJECT

private slots:
    // Expected values copied from `lstopo-no-graphics -i FILE --only numa -c -p`, `--only pu` and
    // `--distances -p` (hwloc 2.9.0); cpusets as range strings in NUMA OS-index order, the NUMA
    // latency matrix row-major in the same order ("" when the file has none).
    void fixtureFacts_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("numaNodes");
        QTest::addColumn<int>("pus");
        QTest::addColumn<QString>("cpusets");
        QTest::addColumn<QString>("distances");
        QTest::newRow("16amd64-4distances.xml")
            << QStringLiteral("16amd64-4distances.xml") << 8 << 16
            << QStringLiteral("2-3;0-1;4-5;10-11;8-9;6-7;12-13;14-15")
            << QStringLiteral("10 20 20 20 20 20 20 20 20 10 20 20 20 20 20 20 20 20 10 20 20 20 20 20 20 20 "
                              "20 10 20 20 20 20 20 20 20 20 10 20 20 20 20 20 20 20 20 10 20 20 20 20 20 20 "
                              "20 20 10 20 20 20 20 20 20 20 20 10");
        QTest::newRow("16em64t-4s2c2t.xml") << QStringLiteral("16em64t-4s2c2t.xml") << 1 << 16
                                            << QStringLiteral("0-15") << QStringLiteral("");
        QTest::newRow("192em64t-24n8c2t.xml")
            << QStringLiteral("192em64t-24n8c2t.xml") << 24 << 384
            << QStringLiteral("0-7,192-199;8-15,200-207;16-23,208-215;24-31,216-223;32-39,224-231;40-47,232-"
                              "239;48-55,240-247;56-63,248-255;64-71,256-263;72-79,264-271;80-87,272-279;88-"
                              "95,280-287;96-103,288-295;104-111,296-303;112-119,304-311;120-127,312-319;128-"
                              "135,320-327;136-143,328-335;144-151,336-343;152-159,344-351;160-167,352-359;"
                              "168-175,360-367;176-183,368-375;184-191,376-383")
            << QStringLiteral(
                   "10 50 65 65 65 65 65 65 65 65 79 79 65 65 79 79 65 65 79 79 79 79 79 79 50 10 65 65 65 "
                   "65 65 65 65 65 79 79 65 65 79 79 65 65 79 79 79 79 79 79 65 65 10 50 65 65 65 65 79 79 "
                   "65 65 79 79 65 65 79 79 65 65 79 79 79 79 65 65 50 10 65 65 65 65 79 79 65 65 79 79 65 "
                   "65 79 79 65 65 79 79 79 79 65 65 65 65 10 50 65 65 65 65 79 79 65 65 79 79 79 79 79 79 "
                   "65 65 79 79 65 65 65 65 50 10 65 65 65 65 79 79 65 65 79 79 79 79 79 79 65 65 79 79 65 "
                   "65 65 65 65 65 10 50 79 79 65 65 79 79 65 65 79 79 79 79 79 79 65 65 65 65 65 65 65 65 "
                   "50 10 79 79 65 65 79 79 65 65 79 79 79 79 79 79 65 65 65 65 79 79 65 65 79 79 10 50 65 "
                   "65 65 65 65 65 65 65 79 79 79 79 79 79 65 65 79 79 65 65 79 79 50 10 65 65 65 65 65 65 "
                   "65 65 79 79 79 79 79 79 79 79 65 65 79 79 65 65 65 65 10 50 65 65 65 65 79 79 65 65 79 "
                   "79 79 79 79 79 65 65 79 79 65 65 65 65 50 10 65 65 65 65 79 79 65 65 79 79 79 79 65 65 "
                   "79 79 65 65 79 79 65 65 65 65 10 50 65 65 79 79 79 79 65 65 79 79 65 65 79 79 65 65 79 "
                   "79 65 65 65 65 50 10 65 65 79 79 79 79 65 65 79 79 79 79 65 65 79 79 65 65 65 65 65 65 "
                   "65 65 10 50 79 79 79 79 79 79 65 65 79 79 65 65 79 79 65 65 65 65 65 65 65 65 50 10 79 "
                   "79 79 79 79 79 65 65 65 65 79 79 79 79 79 79 65 65 79 79 79 79 79 79 10 50 65 65 65 65 "
                   "65 65 65 65 79 79 79 79 79 79 65 65 79 79 79 79 79 79 50 10 65 65 65 65 65 65 79 79 65 "
                   "65 79 79 79 79 79 79 65 65 79 79 79 79 65 65 10 50 65 65 65 65 79 79 65 65 79 79 79 79 "
                   "79 79 65 65 79 79 79 79 65 65 50 10 65 65 65 65 79 79 79 79 65 65 79 79 79 79 79 79 65 "
                   "65 79 79 65 65 65 65 10 50 65 65 79 79 79 79 65 65 79 79 79 79 79 79 65 65 79 79 65 65 "
                   "65 65 50 10 65 65 79 79 79 79 79 79 65 65 79 79 79 79 79 79 65 65 65 65 65 65 65 65 10 "
                   "50 79 79 79 79 79 79 65 65 79 79 79 79 79 79 65 65 65 65 65 65 65 65 50 10");
        QTest::newRow("32em64t-2n8c2t-pci-normalio.xml")
            << QStringLiteral("32em64t-2n8c2t-pci-normalio.xml") << 2 << 32
            << QStringLiteral("0-7,16-23;8-15,24-31") << QStringLiteral("10 20 20 10");
        QTest::newRow("64intel64-fakeKNL-SNC4-hybrid.xml")
            << QStringLiteral("64intel64-fakeKNL-SNC4-hybrid.xml") << 8 << 64
            << QStringLiteral("0-3,16-19,32-35,48-51;4-7,20-23,36-39,52-55;8-11,24-27,40-43,56-59;12-15,28-"
                              "31,44-47,60-63;4-7,20-23,36-39,52-55;8-11,24-27,40-43,56-59;12-15,28-31,44-47,"
                              "60-63;0-3,16-19,32-35,48-51")
            << QStringLiteral("");
        QTest::newRow("8intel64-4n2t-memattrs.xml")
            << QStringLiteral("8intel64-4n2t-memattrs.xml") << 4 << 8 << QStringLiteral("0-1;2-3;4-5;6-7")
            << QStringLiteral("");
        QTest::newRow("96em64t-4n4d3ca2co-pci.xml")
            << QStringLiteral("96em64t-4n4d3ca2co-pci.xml") << 4 << 96
            << QStringLiteral("0-23;24-47;48-71;72-95")
            << QStringLiteral("10 26 26 26 26 10 26 26 26 26 10 26 26 26 26 10");
        QTest::newRow("fakeheterodistances.xml")
            << QStringLiteral("fakeheterodistances.xml") << 8 << 8 << QStringLiteral("0;6;12;18;24;30;36;42")
            << QStringLiteral("10 16 16 22 16 22 16 22 16 10 22 16 16 22 22 16 16 22 10 16 16 16 16 16 22 16 "
                              "16 10 16 16 22 22 16 16 16 16 10 16 16 22 22 22 16 16 16 10 22 16 16 22 16 22 "
                              "16 22 10 16 22 16 16 22 22 16 16 10");
        QTest::newRow("memorysidecaches.xml")
            << QStringLiteral("memorysidecaches.xml") << 4 << 80
            << QStringLiteral("0,4,8,12,16,20,24,28,32,36,40,44,48,52,56,60,64,68,72,76;1,5,9,13,17,21,25,29,"
                              "33,37,41,45,49,53,57,61,65,69,73,77;2,6,10,14,18,22,26,30,34,38,42,46,50,54,"
                              "58,62,66,70,74,78;3,7,11,15,19,23,27,31,35,39,43,47,51,55,59,63,67,71,75,79")
            << QStringLiteral("10 21 11 21 21 10 21 11 11 21 10 21 21 11 21 10");
        QTest::newRow("nvidiaDGX2.xml") << QStringLiteral("nvidiaDGX2.xml") << 2 << 4
                                        << QStringLiteral("0-1;24-25") << QStringLiteral("10 21 21 10");
        QTest::newRow("power8gpudistances.xml")
            << QStringLiteral("power8gpudistances.xml") << 2 << 16
            << QStringLiteral("0-1,8-9,16-17,24-25;80-81,88-89,96-97,104-105")
            << QStringLiteral("10 40 40 10");
    }

    void fixtureFacts()
    {
        QFETCH(QString, file);
        QFETCH(int, numaNodes);
        QFETCH(int, pus);
        QFETCH(QString, cpusets);
        QFETCH(QString, distances);
        const auto s = loadFixture(file);
        QVERIFY(s);
        QCOMPARE(s->countOf(EntityKind::NumaNode), numaNodes);
        QCOMPARE(s->countOf(EntityKind::Pu), pus);
        QCOMPARE(nodeCpuSets(*s), cpusets);
        const DistanceMatrix* m = s->numaDistances();
        QCOMPARE(matrixText(m), distances);
        if (m) {
            QCOMPARE(m->unit, QStringLiteral("relative"));
            QCOMPARE(m->size(), numaNodes);
            for (int i = 0; i < m->size(); ++i)
                QCOMPARE(m->objects[size_t(i)], s->numaNodes()[size_t(i)]);
        }
    }

    // Files that went through Windows: hwloc's own parser refuses a byte order mark and CR line ends.
    void windowsTextReadsAsTheOriginal_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QByteArray>("prefix");
        QTest::addColumn<QByteArray>("lineEnd");
        const QString f = QStringLiteral("16amd64-4distances.xml");
        QTest::newRow("byte order mark") << f << QByteArray("\xEF\xBB\xBF") << QByteArray("\n");
        QTest::newRow("CR LF") << f << QByteArray() << QByteArray("\r\n");
        QTest::newRow("CR alone") << f << QByteArray() << QByteArray("\r");
        QTest::newRow("both, another machine")
            << QStringLiteral("192em64t-24n8c2t.xml") << QByteArray("\xEF\xBB\xBF") << QByteArray("\r\n");
    }

    void windowsTextReadsAsTheOriginal()
    {
        QFETCH(QString, file);
        QFETCH(QByteArray, prefix);
        QFETCH(QByteArray, lineEnd);
        QFile original(fixture(file));
        QVERIFY(original.open(QIODevice::ReadOnly));
        QByteArray text = original.readAll();
        text.replace('\n', lineEnd);
        QTemporaryDir dir;
        QFile copy(dir.filePath(file));
        QVERIFY(copy.open(QIODevice::WriteOnly));
        copy.write(prefix + text);
        copy.close();
        const auto expected = loadFixture(file);
        QVERIFY(expected);
        auto r = readHwlocXmlFile(copy.fileName());
        QVERIFY2(r.ok(), qPrintable(r.ok() ? QString() : r.error().toString()));
        const Snapshot& s = *r.value()->snapshots.front();
        QCOMPARE(s.countOf(EntityKind::NumaNode), expected->countOf(EntityKind::NumaNode));
        QCOMPARE(s.countOf(EntityKind::Pu), expected->countOf(EntityKind::Pu));
        QCOMPARE(nodeCpuSets(s), nodeCpuSets(*expected));
        QCOMPARE(matrixText(s.numaDistances()), matrixText(expected->numaDistances()));
    }

    // fixtureFacts_data() must grow with the fixture folder.
    void everyFixtureHasARow()
    {
        const QStringList rows = {QStringLiteral("16amd64-4distances.xml"),
                                  QStringLiteral("16em64t-4s2c2t.xml"),
                                  QStringLiteral("192em64t-24n8c2t.xml"),
                                  QStringLiteral("32em64t-2n8c2t-pci-normalio.xml"),
                                  QStringLiteral("64intel64-fakeKNL-SNC4-hybrid.xml"),
                                  QStringLiteral("8intel64-4n2t-memattrs.xml"),
                                  QStringLiteral("96em64t-4n4d3ca2co-pci.xml"),
                                  QStringLiteral("fakeheterodistances.xml"),
                                  QStringLiteral("memorysidecaches.xml"),
                                  QStringLiteral("nvidiaDGX2.xml"),
                                  QStringLiteral("power8gpudistances.xml")};
        QCOMPARE(QDir(fixture({})).entryList({QStringLiteral("*.xml")}, QDir::Files, QDir::Name), rows);
    }

    // The same facts, asked of lstopo at test time, for every fixture and two synthetic topologies.
    void againstLstopo_data()
    {
        QTest::addColumn<QString>("input");
        QTest::addColumn<bool>("synthetic");
        for (const QString& f :
             QDir(fixture({})).entryList({QStringLiteral("*.xml")}, QDir::Files, QDir::Name))
            QTest::newRow(qPrintable(f)) << fixture(f) << false;
        QTest::newRow("synthetic pack:2 [numa] core:4 pu:2")
            << QStringLiteral("pack:2 [numa] core:4 pu:2") << true;
        QTest::newRow("synthetic pack:2 numa:2 core:2 pu:2")
            << QStringLiteral("pack:2 numa:2 core:2 pu:2") << true;
    }

    void againstLstopo()
    {
        QFETCH(QString, input);
        QFETCH(bool, synthetic);
        if (QStandardPaths::findExecutable(QStringLiteral("lstopo-no-graphics")).isEmpty())
            QSKIP("lstopo-no-graphics is not installed (Debian package hwloc-nox)");
        const auto r = synthetic ? readHwlocSynthetic(input) : readHwlocXmlFile(input);
        QVERIFY2(r.ok(), r.ok() ? "" : qPrintable(r.error().toString()));
        const Snapshot& s = *r.value()->snapshots.front();

        const QString numa = runLstopo({QStringLiteral("-i"), input, QStringLiteral("--only"),
                                        QStringLiteral("numa"), QStringLiteral("-c"), QStringLiteral("-p")});
        QVERIFY(!numa.isEmpty());
        static const QRegularExpression kNode(QStringLiteral("NUMANode.*P#(\\d+).*cpuset=(\\S+)"));
        QMap<int, QString> expected;
        for (const QString& line : numa.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
            const auto m = kNode.match(line);
            QVERIFY2(m.hasMatch(), qPrintable(line));
            expected.insert(
                m.captured(1).toInt(),
                parseHwlocMask(m.captured(2).mid(2).replace(QStringLiteral(",0x"), QStringLiteral(",")))
                    .toRangeString());
        }
        QCOMPARE(s.countOf(EntityKind::NumaNode), int(expected.size()));
        int i = 0;
        for (auto it = expected.cbegin(); it != expected.cend(); ++it, ++i) {
            const Entity& n = s.entity(s.numaNodes()[size_t(i)]);
            QCOMPARE(n.osIndex, it.key());
            QCOMPARE(n.cpus.toRangeString(), it.value());
        }

        const QString pus =
            runLstopo({QStringLiteral("-i"), input, QStringLiteral("--only"), QStringLiteral("pu")});
        QCOMPARE(s.countOf(EntityKind::Pu), int(pus.split(QLatin1Char('\n'), Qt::SkipEmptyParts).size()));

        // lstopo prints each matrix with a header line naming its objects, then "index" and the OS indexes.
        const QStringList lines =
            runLstopo({QStringLiteral("-i"), input, QStringLiteral("--distances"), QStringLiteral("-p")})
                .split(QLatin1Char('\n'));
        const DistanceMatrix* m = s.numaDistances();
        qsizetype header = -1;
        for (qsizetype k = 0; k < lines.size(); ++k)
            if (lines[k].contains(QLatin1String("latency")) &&
                lines[k].contains(QLatin1String("NUMANodes"))) {
                header = k;
                break;
            }
        QCOMPARE(m != nullptr, header >= 0);
        if (!m)
            return;
        const QStringList columns = lines[header + 1].split(QLatin1Char(' '), Qt::SkipEmptyParts).mid(1);
        QCOMPARE(int(columns.size()), m->size());
        for (int r = 0; r < m->size(); ++r) {
            const QStringList cells = lines[header + 2 + r].split(QLatin1Char(' '), Qt::SkipEmptyParts);
            const int rowNode = s.numaNodeByOsIndex(NodeId(cells[0].toInt())).value;
            int row = -1;
            for (int k = 0; k < m->size(); ++k)
                if (m->objects[size_t(k)].value == rowNode)
                    row = k;
            QVERIFY(row >= 0);
            for (int c = 0; c < m->size(); ++c) {
                const EntityId colNode = s.numaNodeByOsIndex(NodeId(columns[c].toInt()));
                int col = -1;
                for (int k = 0; k < m->size(); ++k)
                    if (m->objects[size_t(k)] == colNode)
                        col = k;
                QVERIFY(col >= 0);
                QCOMPARE(m->at(row, col), cells[c + 1].toDouble());
            }
        }
    }

    // Bus ids and nodes from `lstopo-no-graphics -i nvidiaDGX2.xml -p`: nvml0-7 below Package P#0 /
    // NUMANode P#0, nvml8-15 below Package P#1 / NUMANode P#1.
    void dgx2Gpus_data()
    {
        QTest::addColumn<QString>("busId");
        QTest::addColumn<int>("gpuIndex");
        QTest::addColumn<int>("node");
        const char* ids[] = {"34", "36", "39", "3b", "57", "59", "5c", "5e",
                             "b7", "b9", "bc", "be", "e0", "e2", "e5", "e7"};
        for (int i = 0; i < 16; ++i) {
            const QString bus = QStringLiteral("0000:%1:00.0").arg(QLatin1String(ids[i]));
            QTest::newRow(qPrintable(QStringLiteral("nvml%1").arg(i))) << bus << i << (i < 8 ? 0 : 1);
        }
    }

    void dgx2Gpus()
    {
        QFETCH(QString, busId);
        QFETCH(int, gpuIndex);
        QFETCH(int, node);
        const auto s = loadFixture(QStringLiteral("nvidiaDGX2.xml"));
        QVERIFY(s);
        QCOMPARE(s->countOf(EntityKind::Accelerator), 16);
        const EntityId id = s->find(u"Accelerator", u"local", busId);
        QVERIFY(id.isValid());
        const Entity& gpu = s->entity(id);
        QCOMPARE(gpu.deviceClass, DeviceClass::Gpu);
        QCOMPARE(gpu.detail->pciBusId, busId);
        QCOMPARE(gpu.osIndex, gpuIndex);
        QCOMPARE(gpu.numaNode, NodeId(node));
        QCOMPARE(gpu.nodes.toRangeString(), QString::number(node));
        QCOMPARE(s->nodeOfDevice(id), s->numaNodeByOsIndex(NodeId(node)));
        QCOMPARE(gpu.name, QStringLiteral("Tesla V100-SXM3-32GB-H"));
        QVERIFY(gpu.detail->vendor.startsWith(QLatin1String("0x10de")));
        const QJsonArray os =
            parseJsonObject(gpu.attributes.text()).value(QLatin1String("os_devices")).toArray();
        QCOMPARE(os.size(), 1);
        QCOMPARE(os.first().toObject().value(QLatin1String("name")).toString(),
                 QStringLiteral("nvml%1").arg(gpuIndex));
    }

    // The same placement, read off lstopo's PCI tree at test time: every "PCI xx:00.0 (3D)" line followed
    // by a CoProc "nvmlN" belongs to the NUMA node printed last above it.
    void dgx2GpusAgainstLstopo()
    {
        if (QStandardPaths::findExecutable(QStringLiteral("lstopo-no-graphics")).isEmpty())
            QSKIP("lstopo-no-graphics is not installed (Debian package hwloc-nox)");
        const auto s = loadFixture(QStringLiteral("nvidiaDGX2.xml"));
        QVERIFY(s);
        const QStringList lines =
            runLstopo({QStringLiteral("-i"), fixture(QStringLiteral("nvidiaDGX2.xml")), QStringLiteral("-p")})
                .split(QLatin1Char('\n'));
        static const QRegularExpression kNode(QStringLiteral("NUMANode P#(\\d+)"));
        static const QRegularExpression kPci(QStringLiteral("PCI ([0-9a-f:.]+) \\(3D\\)"));
        int node = -1;
        QString bus;
        int gpus = 0;
        for (const QString& line : lines) {
            if (const auto m = kNode.match(line); m.hasMatch())
                node = m.captured(1).toInt();
            else if (const auto p = kPci.match(line); p.hasMatch())
                bus = QStringLiteral("0000:") + p.captured(1);
            else if (line.contains(QLatin1String("CoProc \"nvml")) && !bus.isEmpty()) {
                const EntityId id = s->find(u"Accelerator", u"local", bus);
                QVERIFY2(id.isValid(), qPrintable(bus));
                QCOMPARE(s->entity(id).numaNode, NodeId(node));
                ++gpus;
                bus.clear();
            }
        }
        QCOMPARE(gpus, 16);
    }

    void knlMemoryTiers_data()
    {
        QTest::addColumn<int>("node");
        QTest::addColumn<QString>("tier");
        QTest::addColumn<qulonglong>("bytes");
        QTest::addColumn<QString>("cpus");
        // `lstopo-no-graphics -i 64intel64-fakeKNL-SNC4-hybrid.xml --only numa -v -p`
        const char* cpus[] = {"0-3,16-19,32-35,48-51", "4-7,20-23,36-39,52-55", "8-11,24-27,40-43,56-59",
                              "12-15,28-31,44-47,60-63"};
        for (int n = 0; n < 4; ++n)
            QTest::newRow(qPrintable(QStringLiteral("DRAM P#%1").arg(n)))
                << n << QStringLiteral("DRAM") << qulonglong(1) * 1024 * 1024 * 1024
                << QString::fromLatin1(cpus[n]);
        const int mcdramOf[] = {7, 4, 5, 6}; // MCDRAM node beside DRAM node 0, 1, 2, 3
        for (int n = 0; n < 4; ++n)
            QTest::newRow(qPrintable(QStringLiteral("MCDRAM P#%1").arg(mcdramOf[n])))
                << mcdramOf[n] << QStringLiteral("HBM") << qulonglong(2) * 1024 * 1024 * 1024
                << QString::fromLatin1(cpus[n]);
    }

    void knlMemoryTiers()
    {
        QFETCH(int, node);
        QFETCH(QString, tier);
        QFETCH(qulonglong, bytes);
        QFETCH(QString, cpus);
        const auto s = loadFixture(QStringLiteral("64intel64-fakeKNL-SNC4-hybrid.xml"));
        QVERIFY(s);
        const EntityId id = s->numaNodeByOsIndex(NodeId(node));
        QVERIFY(id.isValid());
        const Entity& n = s->entity(id);
        QCOMPARE(n.detail->memoryTier, tier);
        QCOMPARE(qulonglong(n.detail->memoryBytes), bytes);
        QCOMPARE(n.cpus.toRangeString(), cpus);
        const QJsonObject a = parseJsonObject(n.attributes.text());
        QCOMPARE(a.value(QLatin1String("subtype")).toString(),
                 tier == QLatin1String("HBM") ? QStringLiteral("MCDRAM") : tier);
        QCOMPARE(a.value(QLatin1String("infos")).toObject().value(QLatin1String("MemoryTier")).toString(),
                 tier == QLatin1String("HBM") ? QStringLiteral("0") : QStringLiteral("1"));
    }

    // From `lstopo-no-graphics -i 8intel64-4n2t-memattrs.xml --memattrs`; initiators given as objects
    // (PU L#7, Group0 L#0, NUMANode L#2) become those objects' CPUs.
    void memoryAttributes_data()
    {
        QTest::addColumn<QString>("attribute");
        QTest::addColumn<int>("node");
        QTest::addColumn<QString>("initiator");
        QTest::addColumn<QString>("values"); // every value for that target and initiator, ascending
        QTest::addColumn<QString>("unit");
        const QString none;
        QTest::newRow("Capacity node 0")
            << "Capacity" << 0 << none << QStringLiteral("1073741824") << "bytes";
        QTest::newRow("Capacity node 3")
            << "Capacity" << 3 << none << QStringLiteral("1073741824") << "bytes";
        QTest::newRow("Locality node 2") << "Locality" << 2 << none << QStringLiteral("2") << "PUs";
        QTest::newRow("Bandwidth node 1") << "Bandwidth" << 1 << "0-7" << QStringLiteral("20") << "MiB/s";
        QTest::newRow("foobar node 0 from PU 7") << "foobar" << 0 << "7" << QStringLiteral("2345") << "";
        QTest::newRow("foobar node 0 from group") << "foobar" << 0 << "0-1" << QStringLiteral("10") << "";
        QTest::newRow("foobar node 2 from 0x11") << "foobar" << 2 << "0,4" << QStringLiteral("123") << "";
        QTest::newRow("foobar node 3 from 0x12") << "foobar" << 3 << "1,4" << QStringLiteral("23456") << "";
        QTest::newRow("foobar node 3 from node 2 and group 2 (same CPUs)")
            << "foobar" << 3 << "4-5" << QStringLiteral("789,23456") << "";
        QTest::newRow("barnoinit node 2") << "barnoinit" << 2 << none << QStringLiteral("23456") << "";
    }

    void memoryAttributes()
    {
        QFETCH(QString, attribute);
        QFETCH(int, node);
        QFETCH(QString, initiator);
        QFETCH(QString, values);
        QFETCH(QString, unit);
        const auto s = loadFixture(QStringLiteral("8intel64-4n2t-memattrs.xml"));
        QVERIFY(s);
        const EntityId target = s->numaNodeByOsIndex(NodeId(node));
        std::vector<quint64> found;
        for (const MemoryAttributeValue& v : s->memoryAttributes()) {
            if (v.attribute != attribute || v.target != target || v.initiator.toRangeString() != initiator)
                continue;
            found.push_back(v.value);
            QCOMPARE(v.unit, unit);
        }
        std::sort(found.begin(), found.end());
        QStringList text;
        for (quint64 v : found)
            text << QString::number(v);
        QCOMPARE(text.join(QLatin1Char(',')), values);
    }

    void memoryAttributeTotals()
    {
        const auto s = loadFixture(QStringLiteral("8intel64-4n2t-memattrs.xml"));
        QVERIFY(s);
        // 4 Capacity + 4 Locality + 1 Bandwidth + 10 foobar + 4 barnoinit (its PU and Group targets are not
        // NUMA nodes and are left out).
        QCOMPARE(int(s->memoryAttributes().size()), 4 + 4 + 1 + 10 + 4);
    }

    void devices_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("busId");
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("deviceClass");
        QTest::addColumn<int>("node");
        QTest::addColumn<QString>("name");
        // Trees from `lstopo-no-graphics -i FILE -p --whole-io`.
        const QString big = QStringLiteral("96em64t-4n4d3ca2co-pci.xml");
        QTest::newRow("96: eth0") << big << "0000:02:00.0"
                                  << "NIC"
                                  << "nic" << 0 << "NetXtreme II BCM5709 Gigabit Ethernet";
        QTest::newRow("96: eth3") << big << "0000:32:00.1"
                                  << "NIC"
                                  << "nic" << 1 << "NetXtreme II BCM5709 Gigabit Ethernet";
        QTest::newRow("96: eth7") << big << "0000:92:00.1"
                                  << "NIC"
                                  << "nic" << 3 << "NetXtreme II BCM5709 Gigabit Ethernet";
        QTest::newRow("96: VGA with only a DRM card") << big << "0000:01:00.0"
                                                      << "PCIDevice"
                                                      << "" << 0 << "ES1000";
        QTest::newRow("96: SCSI") << big << "0000:64:00.0"
                                  << "PCIDevice"
                                  << "" << 2 << "";
        QTest::newRow("96: PCI bridge") << big << "0000:00:1c.0"
                                        << "PCIDevice"
                                        << "" << 0 << "N10/ICH 7 Family PCI Express Port 1";
        const QString io = QStringLiteral("32em64t-2n8c2t-pci-normalio.xml");
        QTest::newRow("32: I350") << io << "0000:81:00.0"
                                  << "NIC"
                                  << "nic" << 1 << "I350 Gigabit Network Connection";
        QTest::newRow("32: InfiniBand") << io << "0000:04:00.0"
                                        << "NIC"
                                        << "nic" << 1 << "";
        QTest::newRow("32: Tesla with cuda0") << io << "0000:84:00.0"
                                              << "Accelerator"
                                              << "gpu" << 1 << "";
        QTest::newRow("32: AMD with opencl0d1") << io << "0000:84:00.1"
                                                << "Accelerator"
                                                << "gpu" << 1 << "";
        QTest::newRow("32: Tesla without OS device")
            << io << "0000:03:00.0"
            << "Accelerator"
            << "gpu" << 0 << "Tesla M2075 Dual-Slot Computing Processor Module";
        QTest::newRow("32: Matrox VGA") << io << "0000:05:03.0"
                                        << "PCIDevice"
                                        << "" << 0 << "MGA G200eW WPCM450";
        QTest::newRow("32: SAS") << io << "0000:04:00.0"
                                 << "PCIDevice"
                                 << "" << 0 << "";
        const QString p8 = QStringLiteral("power8gpudistances.xml");
        QTest::newRow("power8: GPU in domain 000b") << p8 << "000b:01:00.0"
                                                    << "Accelerator"
                                                    << "gpu" << 1 << "Tesla P100-SXM2-16GB";
    }

    void devices()
    {
        QFETCH(QString, file);
        QFETCH(QString, busId);
        QFETCH(QString, kind);
        QFETCH(QString, deviceClass);
        QFETCH(int, node);
        QFETCH(QString, name);
        const auto s = loadFixture(file);
        QVERIFY(s);
        const EntityId id = s->find(kind, u"local", busId);
        QVERIFY2(id.isValid(), qPrintable(busId));
        const Entity& d = s->entity(id);
        QCOMPARE(entityKindName(d.kind), kind);
        QCOMPARE(deviceClassName(d.deviceClass), deviceClass);
        QCOMPARE(d.detail->pciBusId, busId);
        QCOMPARE(d.numaNode, NodeId(node));
        QCOMPARE(d.cpus, s->entity(s->numaNodeByOsIndex(NodeId(node))).cpus);
        if (!name.isEmpty())
            QCOMPARE(d.name, name);
        const QJsonObject a = parseJsonObject(d.attributes.text());
        QCOMPARE(a.value(QLatin1String("pci_busid")).toString(), busId);
        QVERIFY(d.detail->vendor.startsWith(a.value(QLatin1String("pci_vendor")).toString()));
    }

    void deviceCounts_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("accelerators");
        QTest::addColumn<int>("nics");
        QTest::addColumn<int>("osDevices");
        QTest::addColumn<QString>("osDeviceNames");
        QTest::newRow("96em64t") << "96em64t-4n4d3ca2co-pci.xml" << 0 << 8 << 4 << "sda,sdb,sdc,sr0";
        QTest::newRow("32em64t") << "32em64t-2n8c2t-pci-normalio.xml" << 4 << 3 << 1 << "sda";
        QTest::newRow("DGX-2") << "nvidiaDGX2.xml" << 16 << 0 << 0 << "";
        QTest::newRow("power8") << "power8gpudistances.xml" << 4 << 0 << 0 << "";
        QTest::newRow("no I/O") << "16em64t-4s2c2t.xml" << 0 << 0 << 0 << "";
    }

    void deviceCounts()
    {
        QFETCH(QString, file);
        QFETCH(int, accelerators);
        QFETCH(int, nics);
        QFETCH(int, osDevices);
        QFETCH(QString, osDeviceNames);
        const auto s = loadFixture(file);
        QVERIFY(s);
        QCOMPARE(s->countOf(EntityKind::Accelerator), accelerators);
        QCOMPARE(s->countOf(EntityKind::Nic), nics);
        QCOMPARE(s->countOf(EntityKind::OsDevice), osDevices);
        QStringList names;
        for (EntityId id : s->ofKind(EntityKind::OsDevice)) {
            names << s->entity(id).name;
            // A disk hangs below its controller.
            QCOMPARE(s->entity(s->entity(id).parent).kind, EntityKind::PciDevice);
        }
        names.sort();
        QCOMPARE(names.join(QLatin1Char(',')), osDeviceNames);
    }

    void otherMatrices_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("index");
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("unit");
        QTest::addColumn<int>("size");
        QTest::addColumn<QString>("firstRow");
        // `lstopo-no-graphics -i FILE --distances`; Group rows are dropped (groups are not entities).
        QTest::newRow("16amd64 packages") << "16amd64-4distances.xml" << 1 << "Latency between Package"
                                          << "relative" << 8 << "10 20 40 40 80 80 80 80";
        // Kinds 5 and 21 say FROM_OS: relative, whatever the diagonal holds.
        QTest::newRow("16amd64 PUs") << "16amd64-4distances.xml" << 2 << "Latency between PU"
                                     << "relative" << 4 << "145 200 300 400";
        QTest::newRow("fakehetero mixed") << "fakeheterodistances.xml" << 1 << "Latency between objects"
                                          << "relative" << 9 << "10 16 16 22 16 22 16 22 22";
        QTest::newRow("DGX-2 NVLink")
            << "nvidiaDGX2.xml" << 1 << "NVLinkBandwidth"
            << "MB/s" << 28
            << "0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 25000 25000 25000 25000 25000 25000 0 0 0 0 0 0";
        QTest::newRow("power8 NVLink") << "power8gpudistances.xml" << 1 << "NVLinkBandwidth"
                                       << "MB/s" << 6 << "1000000 40000 0 0 40000 0";
    }

    void otherMatrices()
    {
        QFETCH(QString, file);
        QFETCH(int, index);
        QFETCH(QString, name);
        QFETCH(QString, unit);
        QFETCH(int, size);
        QFETCH(QString, firstRow);
        const auto s = loadFixture(file);
        QVERIFY(s);
        QVERIFY(int(s->distances().size()) > index);
        const DistanceMatrix& m = s->distances()[size_t(index)];
        QCOMPARE(m.name, name);
        QCOMPARE(m.unit, unit);
        QCOMPARE(m.size(), size);
        QVERIFY(m.fromOs); // lstopo reports kinds 5, 21 and 25 for these: all carry FROM_OS
        QCOMPARE(int(m.values.size()), size * size);
        QStringList row;
        for (int c = 0; c < size; ++c)
            row << QString::number(m.at(0, c), 'g', 15);
        QCOMPARE(row.join(QLatin1Char(' ')), firstRow);
    }
};

QTEST_GUILESS_MAIN(TestHwlocReader)
#include "tst_hwloc_reader.moc"
