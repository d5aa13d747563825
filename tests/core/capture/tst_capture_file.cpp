// SPDX-License-Identifier: GPL-3.0-or-later
// Captures written and read back field by field, read by other tools and by later releases, and
// recordings that survive a crash.
#include "capture/capture_reader.h"
#include "capture/capture_schema.h"
#include "capture/capture_writer.h"
#include "readers/witty_json_reader.h"
#include "support/capture_samples.h"
#include "support/entity_factory.h"
#include "support/file_size_limit.h"
#include "support/sample_diff.h"
#include "version.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QProcess>
#include <QRandomGenerator>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>

#include <sqlite3.h>

#include <cmath>
#include <csignal>
#include <functional>
#include <limits>
#include <memory>
#include <sys/wait.h>
#include <unistd.h>

using namespace numasight;
using namespace numasight::test;

class TestCaptureFile : public QObject
{
    Q_OBJECT

private slots:
private slots:
    void roundTrip_data();
    void roundTrip();
    void derivedLookupsAfterReading();
    void queriesFromOtherTools_data();
    void queriesFromOtherTools();
    void sqliteShell();
    void goldenVersion1();
    void goldenVersion2();
    void recordingQueries_data();
    void recordingQueries();
    void hotJournalIsPlayedBack_data();
    void hotJournalIsPlayedBack();
    void wittyFixtureRoundTrip();
};

void TestCaptureFile::roundTrip_data()
{
    QTest::addColumn<CaptureFactory>("factory");
    QTest::newRow("two rich snapshots from witty JSON Lines") << CaptureFactory(richCapture);
    QTest::newRow("no snapshots, nothing known about the source") << CaptureFactory([] { return Capture(); });
    QTest::newRow("one empty snapshot without a time") << CaptureFactory([] {
        Capture c;
        c.source.format = SourceFormat::HwlocXml;
        c.snapshots = {SnapshotBuilder().finish()};
        return c;
    });
    QTest::newRow("re-saved capture keeps its original format") << CaptureFactory([] {
        Capture c = richCapture();
        c.source.format = SourceFormat::Capture;
        c.source.originalFormat = SourceFormat::HwlocXml;
        return c;
    });
    QTest::newRow("3000 processes with threads") << CaptureFactory([] { return largeCapture(); });
    QTest::newRow("recording: samples with every field") << CaptureFactory(richRecording);
}

void TestCaptureFile::roundTrip()
{
    QFETCH(CaptureFactory, factory);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const Capture written = factory();
    const QString path = dir.filePath(QStringLiteral("out.numasight"));
    const auto error = writeCaptureFile(written, path);
    QVERIFY2(!error, error ? qPrintable(error->toString()) : "");
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden),
             QStringList{QStringLiteral("out.numasight")});

    const auto read = readCaptureFile(path);
    QVERIFY2(read.ok(), read.ok() ? "" : qPrintable(read.error().toString()));
    QCOMPARE(read.value()->source.path, path);
    compareCaptures(written, *read.value());
    if (QTest::currentTestFailed())
        return;
    // Rare facts are read into a block only where they hold something (threads stay slim).
    for (const auto& snapshot : read.value()->snapshots)
        for (const Entity& e : snapshot->entities())
            QCOMPARE(e.detail.isAllocated(), !e.detail->isEmpty());

    // A capture read back and written again is the same capture.
    const QString again = dir.filePath(QStringLiteral("again.numasight"));
    QVERIFY(!writeCaptureFile(*read.value(), again));
    const auto reread = readCaptureFile(again);
    QVERIFY2(reread.ok(), reread.ok() ? "" : qPrintable(reread.error().toString()));
    compareCaptures(written, *reread.value());
}

void TestCaptureFile::derivedLookupsAfterReading()
{
    QTemporaryDir dir;
    const auto read = readCaptureFile(writeRich(dir.path()));
    QVERIFY2(read.ok(), read.ok() ? "" : qPrintable(read.error().toString()));
    const Snapshot& s = *read.value()->snapshots.at(0);
    const EntityId p = s.processByPid(1000);
    QVERIFY(p.isValid());
    QCOMPARE(s.threadsOf(p).size(), size_t(3));
    QCOMPARE(s.entity(s.containerOf(p)).detail->containerId, QStringLiteral("a1b2c3d4"));
    QCOMPARE(s.countOf(EntityKind::NumaNode), 4);
    QVERIFY(s.numaDistances() != nullptr);
    QCOMPARE(s.numaDistances()->at(0, 3), 16.0);
    QCOMPARE(s.entity(s.nodeOfCpu(CpuId(5))).osIndex, 1);
    QCOMPARE(s.outEdges(p).size(), size_t(4));
}

void TestCaptureFile::queriesFromOtherTools_data()
{
    QTest::addColumn<QByteArray>("sql");
    QTest::addColumn<QString>("expected");
    QTest::newRow("processes in snapshot 0")
        << QByteArray("SELECT count(*) FROM entities WHERE kind = 'Process' AND snapshot_id = 0") << "4";
    QTest::newRow("process names via the view")
        << QByteArray(
               "SELECT group_concat(pid) FROM (SELECT pid FROM processes WHERE snapshot_id = 1 ORDER BY pid)")
        << "1000,1001,2147483647";
    QTest::newRow("processes per container")
        << QByteArray("SELECT c.container_id || ':' || count(*) FROM processes p JOIN entities c "
                      "ON c.snapshot_id = p.snapshot_id AND c.id = p.container WHERE p.snapshot_id = 0 "
                      "GROUP BY p.container")
        << "a1b2c3d4:2";
    QTest::newRow("threads of a pid")
        << QByteArray(
               "SELECT group_concat(tid) FROM (SELECT tid FROM threads WHERE pid = 1000 AND snapshot_id = 0 "
               "ORDER BY tid)")
        << "2000,2001,2002";
    QTest::newRow("json_extract on attributes")
        << QByteArray("SELECT json_extract(attributes, '$.nested.list[1]') FROM entities "
                      "WHERE type_name = 'RdmaLocalQueuePairEntity' AND snapshot_id = 0")
        << "2.5";
    QTest::newRow("json_extract on payload")
        << QByteArray(
               "SELECT json_extract(payload, '$.data_flow.data_size') FROM edges WHERE kind = 'SendToSocket' "
               "AND snapshot_id = 0")
        << "4096";
    QTest::newRow("NUMA distance row")
        << QByteArray("SELECT group_concat(value) FROM (SELECT value FROM distances WHERE snapshot_id = 0 "
                      "AND matrix_name = 'NUMALatency' AND from_index = 0 ORDER BY to_index)")
        << "10.0,12.0,14.0,16.0";
    QTest::newRow("numa_nodes view")
        << QByteArray("SELECT group_concat(memory_tier) FROM (SELECT memory_tier FROM numa_nodes "
                      "WHERE snapshot_id = 0 ORDER BY node)")
        << "DRAM,DRAM,HBM,CXL-DRAM";
    QTest::newRow("numastat counters")
        << QByteArray(
               "SELECT value FROM numastat WHERE snapshot_id = 0 AND entity = 4 AND counter = 'numa_hit'")
        << "246913578";
    QTest::newRow("count above 2^63 kept as decimal digits")
        << QByteArray(
               "SELECT value || ' ' || typeof(value) FROM numastat WHERE snapshot_id = 0 AND entity = 5 "
               "AND counter = 'other_node'")
        << "18446744073709551615 blob";
    QTest::newRow("unknown values are NULL")
        << QByteArray("SELECT count(*) FROM entities WHERE kind = 'Process' AND os_index IS NULL "
                      "AND numa_node IS NULL AND pci_bus_id IS NULL AND snapshot_id = 0")
        << "4";
    QTest::newRow("meta") << QByteArray(
                                 "SELECT group_concat(key || '=' || value, ';') FROM (SELECT * FROM meta "
                                 "WHERE key IN ('host', 'original_format', 'extra.local_ip') ORDER BY key)")
                          << "extra.local_ip=10.0.0.1;host=ascend-01;original_format=witty-jsonl";
    QTest::newRow("taken_at is a time SQLite understands")
        << QByteArray("SELECT group_concat(strftime('%H:%M:%f', taken_at)) FROM snapshots")
        << "12:00:00.123,12:00:05.007";
    QTest::newRow("application_id") << QByteArray("PRAGMA application_id")
                                    << QString::number(kCaptureApplicationId);
    QTest::newRow("user_version") << QByteArray("PRAGMA user_version")
                                  << QString::number(kCaptureSchemaVersion);
    QTest::newRow("nothing fails the integrity check") << QByteArray("PRAGMA integrity_check") << "ok";
}

void TestCaptureFile::queriesFromOtherTools()
{
    QFETCH(QByteArray, sql);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    const QString path = writeRich(dir.path());
    sqlite3* raw = nullptr;
    QCOMPARE(sqlite3_open_v2(QFile::encodeName(path).constData(), &raw, SQLITE_OPEN_READONLY, nullptr),
             SQLITE_OK);
    std::unique_ptr<sqlite3, decltype(&sqlite3_close)> db(raw, &sqlite3_close);
    sqlite3_stmt* rawSt = nullptr;
    QVERIFY2(sqlite3_prepare_v2(db.get(), sql.constData(), -1, &rawSt, nullptr) == SQLITE_OK,
             sqlite3_errmsg(db.get()));
    std::unique_ptr<sqlite3_stmt, decltype(&sqlite3_finalize)> st(rawSt, &sqlite3_finalize);
    QCOMPARE(sqlite3_step(st.get()), SQLITE_ROW);
    QCOMPARE(QString::fromUtf8(reinterpret_cast<const char*>(sqlite3_column_text(st.get(), 0))), expected);
}

void TestCaptureFile::sqliteShell()
{
    const QString shell = QStandardPaths::findExecutable(QStringLiteral("sqlite3"));
    if (shell.isEmpty())
        QSKIP("the sqlite3 shell is not installed");
    QTemporaryDir dir;
    const QString path = writeRich(dir.path());
    QProcess p;
    p.start(shell,
            {QStringLiteral("-readonly"), path,
             QStringLiteral("SELECT count(*) FROM entities; SELECT name FROM processes WHERE pid = 1001 "
                            "AND snapshot_id = 0;")});
    QVERIFY(p.waitForFinished(30000));
    QCOMPARE(p.exitCode(), 0);
    const int entities =
        int(richCapture().snapshots[0]->entities().size() + richCapture().snapshots[1]->entities().size());
    QCOMPARE(QString::fromUtf8(p.readAllStandardOutput()).split(QLatin1Char('\n'), Qt::SkipEmptyParts),
             QStringList({QString::number(entities), QStringLiteral("python3")}));
}

// A version 1 file as this release writes it, kept as SQL text (tests/data/capture/v1-rich.sql): every
// later numasight must still read it to the same capture.
void TestCaptureFile::goldenVersion1()
{
    // NUMASIGHT_TEST_DATA points at tests/core/data today; the data lives in tests/data.
    QString file;
    for (const QString& base :
         {QStringLiteral(NUMASIGHT_TEST_DATA),
          QFileInfo(QStringLiteral(__FILE__)).absolutePath() + QStringLiteral("/../data")}) {
        if (QFile::exists(base + QStringLiteral("/capture/v1-rich.sql"))) {
            file = base + QStringLiteral("/capture/v1-rich.sql");
            break;
        }
    }
    QFile sql(file);
    QVERIFY2(sql.open(QIODevice::ReadOnly), "tests/data/capture/v1-rich.sql not found");
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("v1.numasight"));
    runSql(path, sql.readAll());
    const auto read = readCaptureFile(path);
    QVERIFY2(read.ok(), read.ok() ? "" : qPrintable(read.error().toString()));
    Capture expected = richCapture();
    const Capture& got = *read.value();
    // The version that wrote the file is history, not this build's.
    QCOMPARE(got.source.numasightVersion, QStringLiteral("0.1.0"));
    for (size_t s = 0; s < expected.snapshots.size(); ++s) {
        compareSnapshot(*expected.snapshots[s], *got.snapshots.at(s), QStringLiteral("snapshot %1").arg(s),
                        JsonCompare::Bytes);
        if (QTest::currentTestFailed())
            return;
    }
    QCOMPARE(got.snapshots.size(), expected.snapshots.size());
    QCOMPARE(got.source.originalFormat, SourceFormat::WittyJsonLines);
    QCOMPARE(got.source.extra, expected.source.extra);
    QVERIFY(got.samples.empty()); // version 1 had no time series
}

QString testDataFile(const QString& name)
{
    for (const QString& base :
         {QStringLiteral(NUMASIGHT_TEST_DATA),
          QFileInfo(QStringLiteral(__FILE__)).absolutePath() + QStringLiteral("/../data")}) {
        if (QFile::exists(base + QStringLiteral("/capture/") + name))
            return base + QStringLiteral("/capture/") + name;
    }
    return {};
}

// Version 2 as this release writes it (tests/data/capture/v2-recording.sql): later versions must read it to
// the same recording.
void TestCaptureFile::goldenVersion2()
{
    QFile sql(testDataFile(QStringLiteral("v2-recording.sql")));
    QVERIFY2(sql.open(QIODevice::ReadOnly), "tests/data/capture/v2-recording.sql not found");
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("v2.numasight"));
    runSql(path, sql.readAll());
    const auto read = readCaptureFile(path);
    QVERIFY2(read.ok(), read.ok() ? "" : qPrintable(read.error().toString()));
    const Capture expected = richRecording();
    const Capture& got = *read.value();
    QCOMPARE(got.snapshots.size(), expected.snapshots.size());
    QCOMPARE(got.samples.size(), expected.samples.size());
    for (size_t i = 0; i < expected.samples.size(); ++i) {
        const QString diff = sampleDiff(*expected.samples[i], *got.samples[i]);
        QVERIFY2(diff.isEmpty(), qPrintable(QStringLiteral("sample %1: %2 differs").arg(i).arg(diff)));
    }
}

void TestCaptureFile::recordingQueries_data()
{
    QTest::addColumn<QByteArray>("sql");
    QTest::addColumn<QString>("expected");
    QTest::newRow("samples in time order") << QByteArray("SELECT group_concat(id || '@' || snapshot_id, ' ') "
                                                         "FROM (SELECT * FROM samples ORDER BY time_ns)")
                                           << "0@0 1@0 2@1 3@1";
    QTest::newRow("unknown numa_balancing is NULL")
        << QByteArray("SELECT count(*) FROM samples WHERE numa_balancing IS NULL") << "2";
    QTest::newRow("thread CPU share of the interval")
        << QByteArray("SELECT printf('%.6f', cpu_share) FROM thread_cpu WHERE sample_id = 1 AND tid = 2000")
        << "0.000001";
    QTest::newRow("every figure keeps its mode")
        << QByteArray("SELECT group_concat(mode) FROM (SELECT mode FROM sample_threads WHERE sample_id = 0 "
                      "ORDER BY idx)")
        << "procfs,ebpf,procfs";
    QTest::newRow("per-CPU time placed on NUMA nodes through cpu_nodes")
        << QByteArray("SELECT group_concat(node || '=' || ns) FROM (SELECT node, ns FROM thread_cpu_by_node "
                      "WHERE sample_id = 0 AND tid = 2000 ORDER BY node)")
        << "0=35";
    QTest::newRow("cpu_nodes holds every CPU of the nodes")
        << QByteArray("SELECT count(*) || ' ' || max(cpu) FROM cpu_nodes WHERE snapshot_id = 0") << "12 11";
    QTest::newRow("pages per node of a process")
        << QByteArray("SELECT group_concat(node || ':' || anon_pages || ':' || bytes) FROM (SELECT * FROM "
                      "process_pages_by_node WHERE sample_id = 0 AND pid = 1000 AND node = 0)")
        << "0:60:409600";
    QTest::newRow("node counters with numastat")
        << QByteArray(
               "SELECT value FROM node_counters WHERE sample_id = 1 AND node = 0 AND counter = 'numa_hit'")
        << "99";
    QTest::newRow("vmstat") << QByteArray("SELECT count(*) FROM sample_vmstat") << "4";
    QTest::newRow("flows with volumes")
        << QByteArray("SELECT bytes_sent || ' ' || volumes_known || ' ' || mode FROM sample_flows WHERE "
                      "sample_id = 0 AND idx = 0")
        << "4096 1 ebpf";
    QTest::newRow("indexes exist")
        << QByteArray(
               "SELECT count(*) FROM sqlite_schema WHERE type = 'index' AND name IN ('samples_by_time', "
               "'sample_threads_by_tid', 'sample_threads_by_pid', 'sample_processes_by_pid', "
               "'sample_flows_by_pid')")
        << "5";
    QTest::newRow("user_version") << QByteArray("PRAGMA user_version")
                                  << QString::number(kCaptureSchemaVersion);
    QTest::newRow("integrity") << QByteArray("PRAGMA integrity_check") << "ok";
}

void TestCaptureFile::recordingQueries()
{
    QFETCH(QByteArray, sql);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    QCOMPARE(firstCell(writeRecording(dir.path()), sql), expected);
}

// A recording killed inside a sample's transaction leaves a hot journal; the file must still open, with the
// samples committed before, and a later append must not be half there.
void TestCaptureFile::hotJournalIsPlayedBack_data()
{
    QTest::addColumn<bool>("readOnlyCopy");
    QTest::newRow("file writable: rolled back in place") << false;
    QTest::newRow("file not writable: rolled back on a copy") << true;
}

void TestCaptureFile::hotJournalIsPlayedBack()
{
    QFETCH(bool, readOnlyCopy);
    QTemporaryDir dir;
    const QString path = writeRecording(dir.path());
    const QByteArray before = fileBytes(path);
    const pid_t child = fork();
    QVERIFY(child >= 0);
    if (child == 0) {
        // Writes many pages of an unfinished sample straight into the file (a tiny cache forces SQLite to
        // spill them before COMMIT), then dies the way kill -9 kills.
        sqlite3* db = nullptr;
        sqlite3_open_v2(QFile::encodeName(path).constData(), &db, SQLITE_OPEN_READWRITE, nullptr);
        sqlite3_exec(db,
                     "PRAGMA journal_mode = DELETE; PRAGMA cache_size = 2; BEGIN;"
                     "INSERT INTO samples VALUES (4, 0, 1, 1, NULL);"
                     "WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 20000) "
                     "INSERT INTO sample_threads SELECT 4, i, 1, i, printf('%.100c', 'x'), 1, 0, 0, 0, 0, 0, "
                     "NULL, NULL, 'procfs' FROM n;",
                     nullptr, nullptr, nullptr);
        ::kill(::getpid(), SIGKILL);
    }
    int status = 0;
    QCOMPARE(::waitpid(child, &status, 0), child);
    QVERIFY(WIFSIGNALED(status));
    QVERIFY2(QFileInfo(path + QStringLiteral("-journal")).size() > 0, "the child left no hot journal");
    QVERIFY2(fileBytes(path) != before, "the child did not change the file before dying");

    QString readPath = path;
    std::unique_ptr<QTemporaryDir> lockedDir;
    if (readOnlyCopy) {
        // A copy of the killed recording in a folder and file without write permission.
        lockedDir = std::make_unique<QTemporaryDir>();
        readPath = lockedDir->filePath(QStringLiteral("rec.numasight"));
        QVERIFY(QFile::copy(path, readPath) &&
                QFile::copy(path + QStringLiteral("-journal"), readPath + QStringLiteral("-journal")));
        QVERIFY(QFile::setPermissions(readPath, QFile::ReadOwner | QFile::ReadGroup | QFile::ReadOther));
        QVERIFY(QFile::setPermissions(lockedDir->path(), QFile::ReadOwner | QFile::ExeOwner |
                                                             QFile::ReadGroup | QFile::ExeGroup |
                                                             QFile::ReadOther | QFile::ExeOther));
        if (::geteuid() == 0) {
            // Root may write anywhere: read as "nobody" in a child, for whom file and folder are read-only.
            const pid_t reader = fork();
            QVERIFY(reader >= 0);
            if (reader == 0) {
                if (::setgid(65534) != 0 || ::setuid(65534) != 0)
                    ::_exit(3);
                const auto r = readCaptureFile(readPath);
                if (!r.ok())
                    qWarning("%s", qPrintable(r.error().toString()));
                ::_exit(!r.ok() ? 1 : r.value()->samples.size() == 4 ? 0 : 2);
            }
            QCOMPARE(::waitpid(reader, &status, 0), reader);
            QVERIFY(WIFEXITED(status));
            QCOMPARE(WEXITSTATUS(status), 0);
            QVERIFY2(QFile::exists(readPath + QStringLiteral("-journal")), "the read-only file was changed");
            return;
        }
    }
    const auto read = readCaptureFile(readPath);
    QVERIFY2(read.ok(), read.ok() ? "" : qPrintable(read.error().toString()));
    const Capture expected = richRecording();
    QCOMPARE(read.value()->samples.size(), expected.samples.size());
    for (size_t i = 0; i < expected.samples.size(); ++i)
        QVERIFY(sampleDiff(*expected.samples[i], *read.value()->samples[i]).isEmpty());
    if (!readOnlyCopy) {
        // Played back in place: the journal is gone and sqlite3 -readonly opens the file too.
        QVERIFY(!QFile::exists(path + QStringLiteral("-journal")));
        QCOMPARE(firstCell(path, "SELECT count(*) FROM samples"), QStringLiteral("4"));
    }
}

// A real witty-profiler round through its reader, into a capture and back: nothing of it may be lost.
void TestCaptureFile::wittyFixtureRoundTrip()
{
    const QString fixture = QStringLiteral(NUMASIGHT_FIXTURES "/witty-profiler/graph.json");
    const auto witty = readWittyJsonFile(fixture);
    QVERIFY2(witty.ok(), witty.ok() ? "" : qPrintable(witty.error().toString()));
    const Capture& source = *witty.value();
    QCOMPARE(source.snapshots.size(), size_t(1));
    QCOMPARE(source.snapshots[0]->entities().size(), size_t(129));
    QCOMPARE(source.snapshots[0]->edges().size(), size_t(259));

    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("graph.numasight"));
    const auto error = writeCaptureFile(source, path);
    QVERIFY2(!error, error ? qPrintable(error->toString()) : "");
    const auto read = readCaptureFile(path);
    QVERIFY2(read.ok(), read.ok() ? "" : qPrintable(read.error().toString()));
    QCOMPARE(read.value()->source.originalFormat, source.source.format);
    compareCaptures(source, *read.value(), JsonCompare::Parsed);
}

QTEST_GUILESS_MAIN(TestCaptureFile)
#include "tst_capture_file.moc"
