// SPDX-License-Identifier: GPL-3.0-or-later
// numasight-cli on hostile inputs: each command refuses them in one line naming the file,
// with exit 1, in a bounded time and memory, and never dies of them.
#include "support/fifo_writer.h"
#include "support/test_process.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <chrono>
#include <sys/resource.h>

using namespace numasight::test;

namespace {

const QString kWitty = QStringLiteral(NUMASIGHT_FIXTURES "/witty-profiler/graph.json");
const QString kHwloc = QStringLiteral(NUMASIGHT_FIXTURES "/hwloc/");

QByteArray readAll(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return f.readAll();
}

// The PU of the 4-socket fixture without its complete_cpuset: libhwloc 2.9 crashes on it (and lstopo too).
QByteArray puWithoutCompleteCpuset()
{
    QString xml = QString::fromUtf8(readAll(kHwloc + QStringLiteral("16em64t-4s2c2t.xml")));
    static const QRegularExpression re(
        QStringLiteral("(<object type=\"PU\"[^>]*?) complete_cpuset=\"[^\"]*\""));
    xml.replace(xml.indexOf(re), re.match(xml).capturedLength(), re.match(xml).captured(1));
    return xml.toUtf8();
}

QByteArray numaNode(const char* id)
{
    return "{\"nodes\": [{\"entity_type\": \"NumaEntity\", \"numa_id\": " + QByteArray(id) +
           ", \"cpu_set\": \"0\"}], \"edges\": []}";
}

} // namespace

class TestCliInputs : public QObject
{
    Q_OBJECT

private slots:
    void init() { QVERIFY(m_dir.isValid()); }

    void refused_data()
    {
        QTest::addColumn<QStringList>("args"); // "@" is the file written from `content`
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("message");
        const QByteArray numa = numaNode("2147483647");
        const QString numaMessage =
            QStringLiteral("bad.json:1:%1: at nodes[0].numa_id: 2147483647 is out of range: "
                           "\"numa_id\" must be between 0 and 4095")
                .arg(numa.indexOf("2147483647") + 1);
        // 127 bytes in the campaign; every command used 8.4 GB and 15-21 s on it.
        QTest::newRow("info, numa_id 2147483647") << QStringList{"info", "@bad.json"} << numa << numaMessage;
        QTest::newRow("info --json, numa_id 2147483647")
            << QStringList{"info", "@bad.json", "--json"} << numa << numaMessage;
        QTest::newRow("advise, numa_id 2147483647")
            << QStringList{"advise", "@bad.json"} << numa << numaMessage;
        QTest::newRow("convert, numa_id 2147483647")
            << QStringList{"convert", "@bad.json", "-o", "@out.numasight"} << numa << numaMessage;
        QTest::newRow("info, numa_id 4294967296")
            << QStringList{"info", "@bad.json"} << numaNode("4294967296")
            << QStringLiteral("4294967296 is out of range: \"numa_id\" must be between 0 and 4095");
        QTest::newRow("info, NPU id 2^32") << QStringList{"info", "@bad.json"}
                                           << QByteArray("{\"nodes\": [{\"entity_type\": \"NPUEntity\", "
                                                         "\"id\": 0}, {\"entity_type\": \"NPUEntity\", "
                                                         "\"id\": 4294967296}], \"edges\": []}")
                                           << QStringLiteral("at nodes[1].id: 4294967296 is out of range");
        QTest::newRow("advise, socket_port 4294967376")
            << QStringList{"advise", "@bad.json"}
            << QByteArray("{\"nodes\": [{\"entity_type\": \"SocketEntity\", \"socket_addr\": \"10.0.0.1\", "
                          "\"socket_port\": 4294967376, \"socket_type\": \"tcp\"}], \"edges\": []}")
            << QStringLiteral("at nodes[0].socket_port: 4294967376 is out of range");
        QTest::newRow("info, two node 0")
            << QStringList{"info", "@bad.json"}
            << QByteArray("{\"nodes\": [{\"entity_type\": \"NumaEntity\", \"numa_id\": 0}, "
                          "{\"entity_type\": \"NumaEntity\", \"numa_id\": -0}], \"edges\": []}")
            << QStringLiteral("bad.json: two NUMA nodes have OS index 0");
        const QByteArray crash = puWithoutCompleteCpuset();
        const QString crashMessage = QStringLiteral("bad.xml: libhwloc crashed (signal 11");
        QTest::newRow("info, PU without complete_cpuset")
            << QStringList{"info", "@bad.xml"} << crash << crashMessage;
        QTest::newRow("convert, PU without complete_cpuset")
            << QStringList{"convert", "@bad.xml", "-o", "@out.numasight"} << crash << crashMessage;
        QTest::newRow("advise, PU without complete_cpuset")
            << QStringList{"advise", "@bad.xml"} << crash << crashMessage;
        QTest::newRow("diff, PU without complete_cpuset")
            << QStringList{"diff", kWitty, "@bad.xml"} << crash << crashMessage;
        QTest::newRow("export csv, PU without complete_cpuset")
            << QStringList{"export", "@bad.xml", "--view", "distance", "-o", "@out.csv"} << crash
            << crashMessage;
        QTest::newRow("info, hwloc NUMA os_index 2147483647")
            << QStringList{"info", "@bad.xml"}
            << readAll(kHwloc + QStringLiteral("32em64t-2n8c2t-pci-normalio.xml"))
                   .replace("type=\"NUMANode\" os_index=\"1\"", "type=\"NUMANode\" os_index=\"2147483647\"")
            << QStringLiteral("has os_index \"2147483647\", above 4095");
    }

    void refused()
    {
        QFETCH(QStringList, args);
        QFETCH(QByteArray, content);
        QFETCH(QString, message);
        for (QString& a : args) {
            if (!a.startsWith(QLatin1Char('@')))
                continue;
            a = m_dir.filePath(a.mid(1));
            if (!a.contains(QLatin1String("out."))) {
                QFile f(a);
                QVERIFY(f.open(QIODevice::WriteOnly) && f.write(content) == content.size());
            }
        }
        const auto started = std::chrono::steady_clock::now();
        const ProcessRun r = runProcess(QStringLiteral(NUMASIGHT_CLI), args, 60000);
        const auto seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        QVERIFY2(r.exitCode == 1, r.err.constData());
        QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
        QVERIFY2(r.err.startsWith("numasight-cli: " + QFile::encodeName(m_dir.path())),
                 r.err.constData()); // names the file first
        QVERIFY2(r.err.count('\n') == 1, r.err.constData());
        QVERIFY2(seconds < 20, qPrintable(QString::number(seconds)));
        QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("out.numasight"))));
        QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("out.csv"))));
    }

    // `info FIFO` used to read the FIFO for detection, close it and wait for ever to open it again.
    void fifo()
    {
        const QString path = m_dir.filePath(QStringLiteral("pipe"));
        ProcessRun r;
        {
            const numasight::test::FifoWriter writer(path, readAll(kWitty));
            QVERIFY(writer.made());
            r = runProcess(QStringLiteral(NUMASIGHT_CLI), {QStringLiteral("info"), path}, 30000);
        }
        QVERIFY2(r.err != "timed out", "numasight-cli info FIFO hangs");
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.out.contains("NUMA"), r.out.constData());
    }

    void fifoOfXml()
    {
        const QString path = m_dir.filePath(QStringLiteral("xmlpipe"));
        ProcessRun r;
        {
            const numasight::test::FifoWriter writer(path,
                                                     readAll(kHwloc + QStringLiteral("16em64t-4s2c2t.xml")));
            QVERIFY(writer.made());
            r = runProcess(QStringLiteral(NUMASIGHT_CLI), {QStringLiteral("info"), path}, 30000);
        }
        QVERIFY2(r.err != "timed out", "numasight-cli info FIFO hangs");
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("xmlpipe: a capture or hwloc XML cannot be read from a pipe"),
                 r.err.constData());
    }

    // libhwloc prints a ten-line banner on stderr about an XML it dislikes yet imports; a command that
    // succeeds on such a file prints its result and nothing on stderr.
    void hwlocBannerHidden_data()
    {
        QTest::addColumn<QString>("fixture");
        QTest::addColumn<QString>("pattern");
        QTest::addColumn<QString>("replacement");
        // A damaged complete_cpuset: hwloc reports "an out-of-order XML topology load" and goes on.
        QTest::newRow("out-of-order load")
            << QStringLiteral("192em64t-24n8c2t.xml")
            << QStringLiteral("complete_cpuset=\"0x10000000,,,,,,0x10000000\"")
            << QStringLiteral("complete_cpuset=\"0x10000000,,,,,x,010000000\"");
    }

    void hwlocBannerHidden()
    {
        QFETCH(QString, fixture);
        QFETCH(QString, pattern);
        QFETCH(QString, replacement);
        QString xml = QString::fromUtf8(readAll(kHwloc + fixture));
        const qsizetype at = xml.indexOf(pattern);
        QVERIFY(at >= 0);
        xml.replace(at, pattern.size(), replacement);
        const QString path = m_dir.filePath(QStringLiteral("banner.xml"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly) && f.write(xml.toUtf8()) > 0);
        f.close();
        const QByteArray hide = qgetenv("HWLOC_HIDE_ERRORS");
        qunsetenv("HWLOC_HIDE_ERRORS"); // as a user's shell has it
        const ProcessRun r = runProcess(QStringLiteral(NUMASIGHT_CLI), {QStringLiteral("info"), path}, 60000);
        if (!hide.isNull())
            qputenv("HWLOC_HIDE_ERRORS", hide);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.out.contains("NUMA"), r.out.constData());
        QVERIFY2(r.err.isEmpty(), r.err.constData());
    }

private:
    QTemporaryDir m_dir;
};

QTEST_GUILESS_MAIN(TestCliInputs)
#include "tst_cli_inputs.moc"
