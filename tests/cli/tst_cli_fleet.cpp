// SPDX-License-Identifier: GPL-3.0-or-later
// numasight-cli merge, and --host on info, advise and diff: exit codes, one-line errors naming the file, and
// every finding and command of a fleet naming its host.
#include "../support/test_process.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <sqlite3.h>

using namespace numasight::test;

namespace {
const QString kWitty = QStringLiteral(NUMASIGHT_FIXTURES "/witty-profiler/graph.json");
const QString kHwloc = QStringLiteral(NUMASIGHT_FIXTURES "/hwloc/16amd64-4distances.xml");
} // namespace

class TestCliFleet : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_fleet; // the witty fixture as npu-1 and npu-2, and an hwloc machine named after its file

    // "$witty", "$hwloc", "$fleet" and "@name" (a file in the test's folder) in a command line split at
    // spaces.
    QStringList words(const QString& line) const
    {
        QStringList out = line.split(QLatin1Char(' '), Qt::SkipEmptyParts);
        for (QString& w : out) {
            w.replace(QLatin1String("$witty"), kWitty);
            w.replace(QLatin1String("$hwloc"), kHwloc);
            w.replace(QLatin1String("$fleet"), m_fleet);
            if (w.startsWith(QLatin1Char('@')))
                w = m_dir.filePath(w.mid(1));
        }
        return out;
    }
    ProcessRun cli(const QString& line) const
    {
        return runProcess(QStringLiteral(NUMASIGHT_CLI), words(line));
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_fleet = m_dir.filePath(QStringLiteral("fleet.numasight"));
        const ProcessRun r = cli(QStringLiteral("merge $witty=npu-1 $witty=npu-2 $hwloc -o $fleet"));
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY(r.out.isEmpty());
        // A capture of a schema this numasight does not know yet.
        sqlite3* db = nullptr;
        QCOMPARE(sqlite3_open(
                     QFile::encodeName(m_dir.filePath(QStringLiteral("future.numasight"))).constData(), &db),
                 SQLITE_OK);
        QCOMPARE(sqlite3_exec(db,
                              "CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT); PRAGMA application_id = "
                              "1314213185; PRAGMA user_version = 99;",
                              nullptr, nullptr, nullptr),
                 SQLITE_OK);
        sqlite3_close(db);
        QFile existing(m_dir.filePath(QStringLiteral("existing.numasight")));
        QVERIFY(existing.open(QIODevice::WriteOnly));
        existing.write("keep me");
    }

    void infoListsHosts()
    {
        const ProcessRun r = cli(QStringLiteral("info $fleet --json"));
        QCOMPARE(r.exitCode, 0);
        const QJsonObject info = QJsonDocument::fromJson(r.out).object();
        const QJsonArray hosts = info[u"hosts"].toArray();
        QCOMPARE(hosts.size(), 3);
        QCOMPARE(hosts[0][u"name"].toString(), QStringLiteral("npu-1"));
        QCOMPARE(hosts[1][u"namespace"].toString(), QStringLiteral("npu-2"));
        QCOMPARE(hosts[2][u"name"].toString(), QStringLiteral("16amd64-4distances"));
        QCOMPARE(hosts[0][u"numa_nodes"].toInt(), 8);
        QCOMPARE(hosts[2][u"numa_nodes"].toInt(), 8);
        QCOMPARE(hosts[0][u"source"][u"format"].toString(), QStringLiteral("witty-json"));
        QVERIFY(hosts[0][u"processes"].toInt() > 0);
        // The machine fields cover every host.
        QCOMPARE(info[u"numa_nodes"].toArray().size(), 24);
        QCOMPARE(info[u"source"][u"snapshots"].toInt(), 3);

        const ProcessRun text = cli(QStringLiteral("info $fleet"));
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.out.contains("fleet of 3 hosts") && text.out.contains("npu-2: 8 NUMA nodes"),
                 text.out.constData());

        // One host reads as the file it came from.
        const ProcessRun one = cli(QStringLiteral("info $fleet --host npu-2 --json"));
        const ProcessRun original = cli(QStringLiteral("info $witty --json"));
        QCOMPARE(one.exitCode, 0);
        QJsonObject a = QJsonDocument::fromJson(one.out).object();
        QJsonObject b = QJsonDocument::fromJson(original.out).object();
        QCOMPARE(a[u"numa_nodes"], b[u"numa_nodes"]);
        QCOMPARE(a[u"devices"], b[u"devices"]);
        QCOMPARE(a[u"entity_counts"], b[u"entity_counts"]);
        QCOMPARE(a[u"edge_counts"], b[u"edge_counts"]);
    }

    // Every finding and every command of a fleet's advice names its host; one host alone gives the advice of
    // the file it came from.
    void adviseNamesTheHost()
    {
        const ProcessRun all = cli(QStringLiteral("advise $fleet"));
        QCOMPARE(all.exitCode, 0);
        const QString text = QString::fromUtf8(all.out);
        QVERIFY(text.contains(QLatin1String("Host: npu-1\n")) &&
                text.contains(QLatin1String("Host: npu-2\n")));
        int findings = 0, commands = 0;
        QString host;
        for (const QString& line : text.split(QLatin1Char('\n'))) {
            if (line.startsWith(QLatin1String("Host: ")))
                host = line.mid(6);
            if (line.startsWith(QLatin1String("  ["))) {
                ++findings;
                QVERIFY2(line.contains(QStringLiteral("] %1: ").arg(host)), qPrintable(line));
            }
            if (line.startsWith(QLatin1String("    relaunch")) ||
                line.startsWith(QLatin1String("    live"))) {
                ++commands;
                QVERIFY2(line.contains(QStringLiteral(" on %1:").arg(host)), qPrintable(line));
            }
        }
        QVERIFY(findings > 0 && commands > 0);

        const ProcessRun json = cli(QStringLiteral("advise $fleet --host npu-2 --json"));
        QCOMPARE(json.exitCode, 0);
        const QJsonObject advice = QJsonDocument::fromJson(json.out)[u"hosts"][0].toObject();
        QCOMPARE(advice[u"host"].toString(), QStringLiteral("npu-2"));
        QVERIFY(!advice[u"findings"].toArray().isEmpty());
        for (const QJsonValue& f : advice[u"findings"].toArray())
            QCOMPARE(f[u"host"].toString(), QStringLiteral("npu-2"));
        for (const QJsonValue& s : advice[u"suggestions"].toArray())
            QCOMPARE(s[u"host"].toString(), QStringLiteral("npu-2"));
        const QJsonObject original =
            QJsonDocument::fromJson(cli(QStringLiteral("advise $witty --json")).out).object();
        QCOMPARE(advice[u"findings"].toArray().size(), original[u"findings"].toArray().size());
        QCOMPARE(advice[u"suggestions"].toArray().size(), original[u"suggestions"].toArray().size());
    }

    void diffPerHost()
    {
        const ProcessRun both = cli(QStringLiteral("diff $fleet $fleet"));
        QCOMPARE(both.exitCode, 0);
        QVERIFY2(both.out.contains("Host: npu-1\n") && both.out.contains("Host: npu-2\n") &&
                     both.out.contains("Host: 16amd64-4distances\n"),
                 both.out.constData());
        const ProcessRun one = cli(QStringLiteral("diff $fleet $witty --host npu-1 --json"));
        QCOMPARE(one.exitCode, 0);
        const QJsonObject diff = QJsonDocument::fromJson(one.out)[u"hosts"][0].toObject();
        QCOMPARE(diff[u"host"].toString(), QStringLiteral("npu-1"));
        for (const QJsonValue& p : diff[u"processes"].toArray())
            QCOMPARE(p[u"change"].toDouble(), 0.0);
    }

    void errors_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("message");
        QTest::addColumn<QString>("absent"); // a file that must not exist afterwards
        QTest::newRow("same witty twice")
            << "merge $witty $witty -o @a.numasight" << 1 << "name one with FILE=NAME"
            << "@a.numasight";
        QTest::newRow("one name twice")
            << "merge $witty=x $witty=x -o @a.numasight" << 1 << "host x is already in the fleet"
            << "@a.numasight";
        QTest::newRow("a fleet given a name")
            << "merge $witty $fleet=f -o @a.numasight" << 1 << "FILE=NAME names one machine"
            << "@a.numasight";
        QTest::newRow("a host of the fleet again")
            << "merge $fleet $witty=npu-1 -o @a.numasight" << 1 << "fleet.numasight"
            << "@a.numasight";
        QTest::newRow("newer schema")
            << "merge $witty @future.numasight -o @a.numasight" << 1 << "schema version 99"
            << "@a.numasight";
        QTest::newRow("missing input")
            << "merge $witty /nonexistent/b.numasight -o @a.numasight" << 1 << "/nonexistent/b.numasight"
            << "@a.numasight";
        QTest::newRow("one input") << "merge $witty -o @a.numasight" << 2 << "two inputs at least"
                                   << "@a.numasight";
        QTest::newRow("no output") << "merge $witty $hwloc" << 2 << "usage" << QString();
        QTest::newRow("standard output") << "merge $witty $hwloc -o -" << 2 << "standard output" << QString();
        QTest::newRow("empty name") << "merge $witty= $hwloc -o @a.numasight" << 2 << "empty"
                                    << "@a.numasight";
        QTest::newRow("output is an input")
            << "merge @existing.numasight=x $witty -o @existing.numasight" << 2 << "same file" << QString();
        QTest::newRow("--host on one machine")
            << "advise $witty --host npu-1" << 2 << "not a fleet" << QString();
        QTest::newRow("--host nobody has") << "info $fleet --host nope" << 2
                                           << "its hosts are npu-1, npu-2, 16amd64-4distances" << QString();
        QTest::newRow("--snapshot without --host")
            << "advise $fleet --snapshot 0" << 2 << "--host" << QString();
        QTest::newRow("diff fleet and machine") << "diff $fleet $witty" << 2 << "--host" << QString();
        QTest::newRow("diff --host of no fleet")
            << "diff $witty $witty --host x" << 2 << "neither" << QString();
    }
    void errors()
    {
        QFETCH(QString, line);
        QFETCH(int, exitCode);
        QFETCH(QString, message);
        QFETCH(QString, absent);
        const ProcessRun r = cli(line);
        QCOMPARE(r.exitCode, exitCode);
        QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
        QVERIFY(r.out.isEmpty());
        QCOMPARE(r.err.count('\n'), 1); // one line
        if (!absent.isEmpty())
            QVERIFY(!QFile::exists(words(absent).front()));
        QFile existing(m_dir.filePath(QStringLiteral("existing.numasight")));
        QVERIFY(existing.open(QIODevice::ReadOnly));
        QCOMPARE(existing.readAll(), QByteArray("keep me"));
    }
};

QTEST_GUILESS_MAIN(TestCliFleet)
#include "tst_cli_fleet.moc"
