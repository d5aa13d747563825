// SPDX-License-Identifier: GPL-3.0-or-later
// The PCI ID database reader, and the names it gives the PCI functions hwloc left unnamed. Never the
// system's pci.ids: each test writes a small one to a temporary folder and points $NUMASIGHT_PCI_IDS at it
// before anything looks the database up (it is read once per process).
#include "graph/graph_spec.h"
#include "readers/hwloc_reader.h"
#include "readers/pci_ids.h"
#include "support/graph_spec_checks.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

using namespace numasight;
using namespace numasight::test;

namespace {

// The ids of the DGX-2 and POWER8 fixtures' unnamed functions (lspci -nn on such machines), written as
// pci.ids writes them, with the kinds of damage a hand-edited or truncated file has.
const QByteArray kDatabase = QByteArrayLiteral(
    "# pci.ids excerpt for tests\n"
    "#\tVendors, devices and subsystems.\n"
    "\n"
    "1014  IBM\n"
    "\t03dc  POWER8 Host Bridge (PHB3)\n"
    "10b5  PLX Technology, Inc.\n"
    "\t8725  PEX 8725 24-Lane, 10-Port PCI Express Gen 3 (8.0 GT/s) Multi-Root Switch with DMA\n"
    "\t9781  PEX 9781\n"
    "\t9797  PEX 9797 97-lane, 25-port PCI Express Gen 3 (8.0 GT/s) ExpressFabric Platform\n"
    "10de  NVIDIA Corporation\n"
    "\t15f9  GP100GL [Tesla P100 SXM2 16GB]\n"
    "\t1ac2  GV100 NVSwitch\n"
    "\t\t10de 1234  a subsystem, not a device\n"
    "\t1db8  GV100GL [Tesla V100 SXM3 32GB]\n"
    "\tzz12  not hex\n"
    "\t1db9\n"
    "\t1dbaX  glued\n"
    "8086  Intel Corporation\n"
    "\t2030  Sky Lake-E PCI Express Root Port A\r\n"
    "bad vendor line\n"
    "\t0001  device of a bad vendor\n"
    "C 03  Display controller\n"
    "\t00  VGA compatible controller\n"
    "\t\t00  VGA controller\n"
    "\t02  3D controller\n"
    "C 06  Bridge\n"
    "\t04  PCI bridge\n"
    "\t80  Bridge\n"
    "C zz  broken class\n"
    "\t01  subclass of a broken class\n");

} // namespace

class TestPciIds : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void lookups_data();
    void lookups();
    void missingFile();
    void names_data();
    void names();
    void noClassNames_data();
    void noClassNames();

private:
    QTemporaryDir m_dir;
};

void TestPciIds::initTestCase()
{
    QVERIFY(m_dir.isValid());
    const QString path = m_dir.filePath(QStringLiteral("pci.ids"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(kDatabase);
    f.close();
    qputenv("NUMASIGHT_PCI_IDS", path.toLocal8Bit());
    QCOMPARE(PciIds::systemPath(), path);
    QVERIFY(!PciIds::system().isEmpty());
}

void TestPciIds::lookups_data()
{
    QTest::addColumn<QString>("what"); // vendor, device or class
    QTest::addColumn<int>("vendorOrClass");
    QTest::addColumn<int>("device");
    QTest::addColumn<QString>("expected");
    QTest::newRow("vendor") << "vendor" << 0x10de << 0 << "NVIDIA Corporation";
    QTest::newRow("vendor with a comma") << "vendor" << 0x10b5 << 0 << "PLX Technology, Inc.";
    QTest::newRow("unknown vendor") << "vendor" << 0x1234 << 0 << "";
    QTest::newRow("device") << "device" << 0x10de << 0x1ac2 << "GV100 NVSwitch";
    QTest::newRow("device with brackets") << "device" << 0x10de << 0x1db8 << "GV100GL [Tesla V100 SXM3 32GB]";
    QTest::newRow("CRLF line") << "device" << 0x8086 << 0x2030 << "Sky Lake-E PCI Express Root Port A";
    QTest::newRow("subsystem is no device") << "device" << 0x10de << 0x1234 << "";
    QTest::newRow("device id not hex") << "device" << 0x10de << 0x0012 << "";
    QTest::newRow("device without a name") << "device" << 0x10de << 0x1db9 << "";
    QTest::newRow("device id glued to text") << "device" << 0x10de << 0x1dba << "";
    QTest::newRow("device of a malformed vendor line") << "device" << 0x8086 << 0x0001 << "";
    QTest::newRow("device of another vendor") << "device" << 0x1014 << 0x1ac2 << "";
    QTest::newRow("subclass") << "class" << 0x0302 << 0 << "3D controller";
    QTest::newRow("class of an unknown subclass") << "class" << 0x0380 << 0 << "Display controller";
    QTest::newRow("bridge subclass 80") << "class" << 0x0680 << 0 << "Bridge";
    QTest::newRow("unknown class") << "class" << 0x1200 << 0 << "";
    QTest::newRow("broken class head") << "class" << 0x0001 << 0 << "";
}

void TestPciIds::lookups()
{
    QFETCH(QString, what);
    QFETCH(int, vendorOrClass);
    QFETCH(int, device);
    QFETCH(QString, expected);
    const PciIds ids = PciIds::parse(kDatabase);
    for (const PciIds* db : {&ids, &PciIds::system()}) {
        const QString got = what == QLatin1String("vendor") ? db->vendor(std::uint16_t(vendorOrClass))
                            : what == QLatin1String("device")
                                ? db->device(std::uint16_t(vendorOrClass), std::uint16_t(device))
                                : db->className(std::uint16_t(vendorOrClass));
        QCOMPARE(got, expected);
    }
}

void TestPciIds::missingFile()
{
    QVERIFY(PciIds::fromFile(m_dir.filePath(QStringLiteral("absent.ids"))).isEmpty());
    QVERIFY(PciIds::fromFile(QString()).isEmpty());
    QVERIFY(PciIds::parse(QByteArray()).isEmpty());
    QVERIFY(PciIds::parse("# only a comment\n\n\t1234  orphan device\n").isEmpty());
}

void TestPciIds::names_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("busId");
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("vendor");
    // lspci -nn: the DGX-2's NVSwitches are 10de:1ac2 (class 0680), hwloc's XML names none of them.
    QTest::newRow("DGX-2 NVSwitch") << "nvidiaDGX2.xml"
                                    << "0000:61:00.0"
                                    << "PCIDevice"
                                    << "GV100 NVSwitch"
                                    << "0x10de NVIDIA Corporation";
    QTest::newRow("DGX-2 PLX switch port") << "nvidiaDGX2.xml"
                                           << "0000:2c:00.0"
                                           << "PCIDevice"
                                           << "PEX 9781"
                                           << "0x10b5 PLX Technology, Inc.";
    // Not in the test database (ids all zero): hwloc's subtype, then the ids.
    QTest::newRow("DGX-2 NVSwitch without ids") << "nvidiaDGX2.xml"
                                                << "0000:66:00.0"
                                                << "PCIDevice"
                                                << "NVSwitch 0000:0000"
                                                << "0x0000";
    QTest::newRow("POWER8 host bridge") << "power8gpudistances.xml"
                                        << "0002:00:00.0"
                                        << "PCIDevice"
                                        << "POWER8 Host Bridge (PHB3)"
                                        << "0x1014 IBM";
}

void TestPciIds::names()
{
    QFETCH(QString, file);
    QFETCH(QString, busId);
    QFETCH(QString, kind);
    QFETCH(QString, name);
    QFETCH(QString, vendor);
    const SnapshotPtr s = loadFixture(QStringLiteral("hwloc/") + file);
    QVERIFY(s);
    const EntityId id = s->find(kind, u"local", busId);
    if (!id.isValid()) {
        QStringList known;
        for (EntityId d : s->ofKind(EntityKind::PciDevice))
            known << s->entity(d).detail->pciBusId + QLatin1Char('=') + s->entity(d).name;
        QFAIL(qPrintable(busId + QStringLiteral(" not found; PCI devices: ") + known.join(u' ')));
    }
    QCOMPARE(s->entity(id).name, name);
    QCOMPARE(s->entity(id).detail->vendor, vendor);
}

void TestPciIds::noClassNames_data()
{
    QTest::addColumn<QString>("file");
    const QDir dir(QStringLiteral(NUMASIGHT_FIXTURES "/hwloc"));
    for (const QString& f : dir.entryList({QStringLiteral("*.xml")}, QDir::Files, QDir::Name))
        QTest::addRow("%s", qPrintable(f)) << f;
}

// With the ids in the database, no device reads as a bare class ("3D", "Display", "Bridge"), neither in the
// model nor in the graph with every device group expanded.
void TestPciIds::noClassNames()
{
    QFETCH(QString, file);
    const SnapshotPtr s = loadFixture(QStringLiteral("hwloc/") + file);
    QVERIFY(s);
    const QStringList bare{QStringLiteral("3D"), QStringLiteral("Display"), QStringLiteral("Bridge"),
                           QStringLiteral("PCI bridge"), QStringLiteral("VGA")};
    for (EntityKind k : {EntityKind::Accelerator, EntityKind::Nic, EntityKind::PciDevice})
        for (EntityId d : s->ofKind(k))
            QVERIFY2(!bare.contains(s->entity(d).name), qPrintable(s->entity(d).detail->pciBusId));
    GraphOptions o = viewOptions(GraphView::Machine);
    const GraphSpecPtr folded = buildGraph(*s, o);
    for (const GraphNode& g : folded->nodes)
        if (g.id.startsWith(u"devices"))
            o.expanded.insert(g.id);
    const GraphSpecPtr spec = buildGraph(*s, o);
    for (const GraphNode& g : spec->nodes)
        for (const QString& line : g.label.split(u'\n'))
            QVERIFY2(!bare.contains(line), qPrintable(g.id));
    for (const GraphCluster& c : spec->clusters)
        for (const QString& line : c.label.split(u'\n'))
            QVERIFY2(!bare.contains(line), qPrintable(c.id));
}

QTEST_GUILESS_MAIN(TestPciIds)
#include "tst_pci_ids.moc"
