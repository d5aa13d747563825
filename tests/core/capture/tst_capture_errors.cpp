// SPDX-License-Identifier: GPL-3.0-or-later
// Capture files that are broken, writes that fail or are cancelled, and the progress they report.
#include "capture/capture_reader.h"
#include "capture/capture_schema.h"
#include "capture/capture_writer.h"
#include "readers/witty_json_reader.h"
#include "support/capture_samples.h"
#include "support/entity_factory.h"
#include "support/file_size_limit.h"
#include "support/sample_diff.h"
#include "util/json_text.h"
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

class TestCaptureErrors : public QObject
{
    Q_OBJECT

private slots:
    void malformed_data();
    void malformed();
    void duplicateKeys_data();
    void duplicateKeys();
    void failedWriteKeepsOldFile_data();
    void failedWriteKeepsOldFile();
    void overwriteReplacesOldFile();
    void cancel_data();
    void cancel();
    void progress();
};
void TestCaptureErrors::malformed_data()
{
    QTest::addColumn<Mutator>("prepare");
    QTest::addColumn<QStringList>("expected");

    QTest::newRow("missing file") << Mutator([](const QString& dir) {
        return dir + QStringLiteral("/nope.numasight");
    }) << QStringList{QStringLiteral("nope.numasight: no such file")};
    QTest::newRow("empty file") << Mutator([](const QString& dir) {
        const QString path = dir + QStringLiteral("/empty.numasight");
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly))
            qFatal("cannot create %s", qPrintable(path));
        return path;
    }) << QStringList{QStringLiteral("empty.numasight: the file is empty")};
    QTest::newRow("random bytes") << Mutator([](const QString& dir) {
        const QString path = dir + QStringLiteral("/random.numasight");
        QRandomGenerator rng(42);
        QByteArray bytes(8192, '\0');
        for (char& c : bytes)
            c = char(rng.bounded(256));
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
            qFatal("cannot write %s", qPrintable(path));
        return path;
    })
                                  << QStringList{QStringLiteral("random.numasight"),
                                                 QStringLiteral("not a numasight capture"),
                                                 QStringLiteral("SQLite header")};
    QTest::newRow("truncated to half")
        << Mutator([](const QString& dir) {
               const QString path = dir + QStringLiteral("/cut.numasight");
               if (writeCaptureFile(largeCapture(500), path))
                   qFatal("cannot write %s", qPrintable(path));
               QFile f(path);
               if (!f.resize(f.size() / 2))
                   qFatal("cannot truncate %s", qPrintable(path));
               return path;
           })
        << QStringList{QStringLiteral("cut.numasight"), QStringLiteral("truncated"),
                       QStringLiteral("copy it again")};
    QTest::newRow("damaged pages") << Mutator([](const QString& dir) {
        const QString path = dir + QStringLiteral("/damaged.numasight");
        if (writeCaptureFile(largeCapture(500), path))
            qFatal("cannot write %s", qPrintable(path));
        QFile f(path);
        if (!f.open(QIODevice::ReadWrite))
            qFatal("cannot open %s", qPrintable(path));
        // Everything after the first page (the header and the start of the schema) becomes garbage.
        const QByteArray garbage(int(f.size()) - 4096, '\xa5');
        f.seek(4096);
        f.write(garbage);
        return path;
    }) << QStringList{QStringLiteral("damaged.numasight"), QStringLiteral("damaged")};
    QTest::newRow("newer schema") << richWith("PRAGMA user_version = 99")
                                  << QStringList{QStringLiteral("rich.numasight"),
                                                 QStringLiteral("version 99"),
                                                 QStringLiteral("up to %1").arg(kCaptureSchemaVersion),
                                                 QStringLiteral("upgrade numasight")};
    QTest::newRow("schema version 0") << richWith("PRAGMA user_version = 0")
                                      << QStringList{QStringLiteral("schema version 0 does not exist")};
    QTest::newRow("foreign SQLite database")
        << Mutator([](const QString& dir) {
               const QString path = dir + QStringLiteral("/other.db");
               runSql(path, "CREATE TABLE t(x); INSERT INTO t VALUES(1);");
               return path;
           })
        << QStringList{QStringLiteral("other.db"), QStringLiteral("not a numasight capture"),
                       QStringLiteral("application_id is 0x00000000")};
    QTest::newRow("table dropped") << richWith("DROP VIEW processes; DROP TABLE edges;")
                                   << QStringList{QStringLiteral("rich.numasight"),
                                                  QStringLiteral("table 'edges' is missing")};
    QTest::newRow("table replaced by a view")
        << richWith("DROP TABLE numastat; CREATE VIEW numastat AS SELECT 0 AS snapshot_id;")
        << QStringList{QStringLiteral("table 'numastat' is missing")};
    QTest::newRow("invalid cpus string")
        << richWith("UPDATE entities SET cpus = '0-x' WHERE snapshot_id = 1 AND id = 3")
        << QStringList{
               QStringLiteral("rich.numasight: at entities row (snapshot_id 1, id 3): cpus '0-x' is not a "
                              "CPU list such as '0-23,48' (bad character at offset 2)")};
    QTest::newRow("reversed nodes range")
        << richWith("UPDATE entities SET nodes = '3-1' WHERE snapshot_id = 0 AND id = 0")
        << QStringList{
               QStringLiteral("entities row (snapshot_id 0, id 0): nodes '3-1' is not a NUMA node list")};
    QTest::newRow("edge pointing past the entity table")
        << richWith("UPDATE edges SET target = 9999 WHERE snapshot_id = 0 AND id = 2")
        << QStringList{
               QStringLiteral("at edges row (snapshot_id 0, id 2): target 9999 is not an entity of this "
                              "snapshot")};
    QTest::newRow("negative edge source")
        << richWith("UPDATE edges SET source = -1 WHERE snapshot_id = 1 AND id = 0")
        << QStringList{QStringLiteral("edges row (snapshot_id 1, id 0): source -1 is not an entity")};
    QTest::newRow("parent out of range")
        << richWith("UPDATE entities SET parent = 5000 WHERE snapshot_id = 0 AND id = 1")
        << QStringList{QStringLiteral("entities row (snapshot_id 0, id 1): parent 5000 is not an entity")};
    QTest::newRow("gap in entity ids")
        << richWith("UPDATE entities SET id = 500 WHERE snapshot_id = 0 AND id = 7")
        << QStringList{
               QStringLiteral("entities row (snapshot_id 0, id 8): column id must count 0, 1, 2, … without "
                              "gaps; found '8' where 7 was expected")};
    QTest::newRow("duplicate identity")
        << richWith("UPDATE entities SET key = '0' WHERE snapshot_id = 0 AND id = 2")
        << QStringList{QStringLiteral(
               "entities row (snapshot_id 0, id 2): the same type_name, ns and key as entity 1")};
    QTest::newRow("attributes not JSON")
        << richWith("PRAGMA ignore_check_constraints = ON; "
                    "UPDATE entities SET attributes = '{\"a\":' WHERE snapshot_id = 0 AND id = 0")
        << QStringList{QStringLiteral(
               "entities row (snapshot_id 0, id 0): attributes '{\"a\":' is not a JSON object")};
    QTest::newRow("payload is an array")
        << richWith("PRAGMA ignore_check_constraints = ON; "
                    "UPDATE edges SET payload = '[1,2]' WHERE snapshot_id = 0 AND id = 4")
        << QStringList{
               QStringLiteral("edges row (snapshot_id 0, id 4): payload '[1,2]' is not a JSON object")};
    QTest::newRow("pid is text")
        << richWith("UPDATE entities SET pid = 'abc' WHERE snapshot_id = 0 AND id = 1")
        << QStringList{QStringLiteral("entities row (snapshot_id 0, id 1): pid is 'abc', not an integer")};
    QTest::newRow("negative memory")
        << richWith("UPDATE entities SET memory_bytes = -5 WHERE snapshot_id = 0 AND id = 3")
        << QStringList{QStringLiteral("memory_bytes is '-5', not a count of 0 or more")};
    // The model keeps process and thread ids in 32 bits (Linux's stay below 2^22): refused, never cut.
    QTest::newRow("pid beyond 32 bits")
        << richWith("UPDATE entities SET pid = 2147483648 WHERE snapshot_id = 0 AND kind = 'Process' AND "
                    "key = 'big'")
        << QStringList{QStringLiteral("pid 2147483648 is out of range (-2147483648 to 2147483647)")};
    QTest::newRow("tid beyond 32 bits")
        << richWith("UPDATE entities SET tid = -2147483649 WHERE snapshot_id = 0 AND key = 'big'")
        << QStringList{QStringLiteral("tid -2147483649 is out of range (-2147483648 to 2147483647)")};
    QTest::newRow("os_index beyond int")
        << richWith("UPDATE entities SET os_index = 4294967296 WHERE snapshot_id = 0 AND id = 3")
        << QStringList{QStringLiteral("os_index 4294967296 is out of range")};
    // Issue 13: one number must not cost gigabytes, nor two nodes share a number.
    QTest::newRow("NUMA os_index 2147483647")
        << richWith("UPDATE entities SET os_index = 2147483647 WHERE snapshot_id = 0 AND id = "
                    "(SELECT min(id) FROM entities WHERE snapshot_id = 0 AND kind = 'NUMANode')")
        << QStringList{QStringLiteral("rich.numasight"), QStringLiteral("entities row (snapshot_id 0"),
                       QStringLiteral("os_index 2147483647 of a NUMA node is out of range (-1 to 4095)")};
    QTest::newRow("NUMA os_index 4096")
        << richWith("UPDATE entities SET os_index = 4096 WHERE snapshot_id = 0 AND id = "
                    "(SELECT min(id) FROM entities WHERE snapshot_id = 0 AND kind = 'NUMANode')")
        << QStringList{QStringLiteral("os_index 4096 of a NUMA node is out of range")};
    QTest::newRow("device numa_node 2147483647")
        << richWith("UPDATE entities SET numa_node = 2147483647 WHERE snapshot_id = 0 AND id = 0")
        << QStringList{QStringLiteral("numa_node 2147483647 is out of range (-1 to 4095)")};
    QTest::newRow("two NUMA nodes with one OS index")
        << richWith(
               "UPDATE entities SET os_index = (SELECT min(os_index) FROM entities WHERE snapshot_id = 0 "
               "AND kind = 'NUMANode') WHERE snapshot_id = 0 AND id = (SELECT max(id) FROM entities "
               "WHERE snapshot_id = 0 AND kind = 'NUMANode')")
        << QStringList{QStringLiteral("rich.numasight"), QStringLiteral("entities (snapshot_id 0)"),
                       QStringLiteral("two NUMA nodes have OS index 0 in namespace 'local'")};
    QTest::newRow("port 4294967376")
        << richWith("UPDATE entities SET port = 4294967376 WHERE snapshot_id = 0 AND id = 0")
        << QStringList{QStringLiteral("port 4294967376 is out of range (-1 to 65535)")};
    QTest::newRow("gap in snapshot ids")
        << richWith("PRAGMA foreign_keys = OFF; UPDATE snapshots SET id = 7 WHERE id = 1")
        << QStringList{QStringLiteral("snapshots row 7"),
                       QStringLiteral("column id must count 0, 1, 2, … without gaps; found 7 where 1")};
    QTest::newRow("snapshot ids not from 0")
        << richWith("PRAGMA foreign_keys = OFF; UPDATE snapshots SET id = id + 100")
        << QStringList{QStringLiteral("found 100 where 0 was expected")};
    QTest::newRow("self-parent") << richWith(
                                        "UPDATE entities SET parent = 1 WHERE snapshot_id = 0 AND id = 1")
                                 << QStringList{QStringLiteral("entities row (snapshot_id 0, id 1)"),
                                                QStringLiteral("parent 1 is the entity itself")};
    QTest::newRow("parent cycle") << richWith(
                                         "UPDATE entities SET parent = 2 WHERE snapshot_id = 0 AND id = 1; "
                                         "UPDATE entities SET parent = 1 WHERE snapshot_id = 0 AND id = 2")
                                  << QStringList{QStringLiteral("entities row (snapshot_id 0, id"),
                                                 QStringLiteral("the parent column loops back to entity")};
    QTest::newRow("long parent cycle")
        << richWith("UPDATE entities SET parent = id + 1 WHERE snapshot_id = 0 AND id < 5; "
                    "UPDATE entities SET parent = 0 WHERE snapshot_id = 0 AND id = 5")
        << QStringList{QStringLiteral("the parent column loops back to entity 0")};
    QTest::newRow("duplicate key in attributes")
        << richWith("UPDATE entities SET attributes = '{\"pid\": 1, \"pid\": 2}' WHERE snapshot_id = 0 "
                    "AND id = 0")
        << QStringList{QStringLiteral("entities row (snapshot_id 0, id 0)"),
                       QStringLiteral("has the key \"pid\" twice in one object")};
    QTest::newRow("duplicate key in payload")
        << richWith("UPDATE edges SET payload = '{\"a\": [{\"b\": 1}, {\"b\": 2}], \"c\": 1, \"a\": 2}' "
                    "WHERE snapshot_id = 0 AND id = 0")
        << QStringList{QStringLiteral("edges row (snapshot_id 0, id 0)"), QStringLiteral("payload '{\"a\""),
                       QStringLiteral("has the key \"a\" twice")};
    QTest::newRow("unknown device class")
        << richWith("UPDATE entities SET device_class = 'fpga' WHERE snapshot_id = 0 AND id = 0")
        << QStringList{QStringLiteral("device_class 'fpga' is not one of gpu, npu, nic, other")};
    QTest::newRow("directed is 2")
        << richWith("UPDATE edges SET directed = 2 WHERE snapshot_id = 0 AND id = 0")
        << QStringList{
               QStringLiteral("edges row (snapshot_id 0, id 0): directed 2 is out of range (0 to 1)")};
    QTest::newRow("weight is text")
        << richWith("UPDATE edges SET weight = 'heavy' WHERE snapshot_id = 0 AND id = 0")
        << QStringList{QStringLiteral("weight is 'heavy', not a number")};
    QTest::newRow("distance value missing")
        << richWith(
               "DELETE FROM distance_values WHERE snapshot_id = 0 AND matrix = 0 AND row = 3 AND col = 3")
        << QStringList{QStringLiteral("distance_values (snapshot_id 0, matrix 0)"),
                       QStringLiteral("4 objects but 15 values instead of 16")};
    QTest::newRow("distance value out of place")
        << richWith("UPDATE distance_values SET col = 9 WHERE snapshot_id = 1 AND matrix = 1 AND row = 0 AND "
                    "col = 1")
        << QStringList{QStringLiteral("distance_values row (snapshot_id 1, matrix 1, row 0, col 9)")};
    QTest::newRow("distance object out of range")
        << richWith(
               "UPDATE distance_objects SET entity = 777 WHERE snapshot_id = 0 AND matrix = 0 AND idx = 1")
        << QStringList{QStringLiteral("distance_objects row (snapshot_id 0, matrix 0, idx 1): entity 777")};
    QTest::newRow("memory attribute initiator")
        << richWith("UPDATE memory_attributes SET initiator = 'all' WHERE snapshot_id = 0 AND id = 0")
        << QStringList{QStringLiteral("memory_attributes row (snapshot_id 0, id 0): initiator 'all'")};
    QTest::newRow("numastat of a missing entity")
        << richWith("INSERT INTO numastat VALUES (0, 4242, 'numa_hit', 1)")
        << QStringList{
               QStringLiteral("numastat row (snapshot_id 0, entity 4242, counter 'numa_hit'): entity 4242")};
    QTest::newRow("rows of a missing snapshot")
        << richWith("INSERT INTO edges(snapshot_id, id, kind, type_name, source, target, directed) "
                    "VALUES (7, 0, 'Own', 'Own', 0, 0, 1)")
        << QStringList{QStringLiteral("at edges: 1 rows belong to no snapshot")};
    QTest::newRow("bad taken_at") << richWith("UPDATE snapshots SET taken_at = 'yesterday' WHERE id = 1")
                                  << QStringList{
                                         QStringLiteral("snapshots row 1: taken_at 'yesterday' is not an ISO "
                                                        "8601 time")};
    QTest::newRow("bad captured_at") << richWith(
                                            "UPDATE meta SET value = '2024-13-45' WHERE key = 'captured_at'")
                                     << QStringList{QStringLiteral("meta row 'captured_at': '2024-13-45'")};
    // Schema 3: a recording made a one-host fleet, then broken.
    const auto fleetWith = [](const char* sql) {
        return recordingWith(
            QByteArray("INSERT INTO hosts VALUES(0, 'local', 'gpu-a', '{\"host\": \"gpu-a\"}'); ") + sql);
    };
    QTest::newRow("hosts: gap in idx")
        << fleetWith("UPDATE hosts SET idx = 2")
        << QStringList{QStringLiteral("hosts row 2: column idx must count 0, 1, 2")};
    QTest::newRow("hosts: namespace twice")
        << recordingWith("DROP TABLE hosts; CREATE TABLE hosts (idx, ns, name, meta); "
                         "INSERT INTO hosts VALUES(0, 'local', 'gpu-a', '{}'), (1, 'local', 'gpu-b', '{}')")
        << QStringList{QStringLiteral("hosts row 1: namespace 'local' is given to two hosts")};
    QTest::newRow("hosts: no name") << fleetWith("UPDATE hosts SET name = ''")
                                    << QStringList{
                                           QStringLiteral("a host needs a namespace (ns) and a name")};
    QTest::newRow("hosts: meta not an object")
        << fleetWith("UPDATE hosts SET meta = '[1]'")
        << QStringList{QStringLiteral("hosts row 0: meta '[1]' is not a JSON object")};
    QTest::newRow("hosts: meta value not text")
        << fleetWith("UPDATE hosts SET meta = '{\"kernel\": 6}'")
        << QStringList{QStringLiteral("meta key \"kernel\" must be a string")};
    QTest::newRow("hosts: bad captured_at")
        << fleetWith("UPDATE hosts SET meta = '{\"captured_at\": \"soon\"}'")
        << QStringList{QStringLiteral("hosts row 0: 'soon' is not an ISO 8601 time")};
    QTest::newRow("hosts: table missing in version 3")
        << recordingWith("DROP TABLE hosts") << QStringList{QStringLiteral("table 'hosts' is missing")};
    QTest::newRow("sample of a missing snapshot")
        << recordingWith("UPDATE samples SET snapshot_id = 9 WHERE id = 2")
        << QStringList{QStringLiteral("samples row 2: snapshot_id 9 is out of range (0 to 1)")};
    QTest::newRow("gap in sample ids")
        << recordingWith("UPDATE samples SET id = 7 WHERE id = 3")
        << QStringList{QStringLiteral("samples row 7: column id must count 0, 1, 2, … without gaps")};
    QTest::newRow("negative interval")
        << recordingWith("UPDATE samples SET interval_ns = -1 WHERE id = 1")
        << QStringList{QStringLiteral("samples row 1: interval_ns -1 is out of range")};
    QTest::newRow("thread row of a missing sample")
        << recordingWith("UPDATE sample_threads SET sample_id = 40 WHERE sample_id = 0 AND idx = 2")
        << QStringList{
               QStringLiteral("sample_threads row (sample_id 40, idx 2): sample_id 40 is not a sample")};
    QTest::newRow("gap in a sample's threads")
        << recordingWith("DELETE FROM sample_thread_cpus WHERE sample_id = 0 AND thread = 1; "
                         "DELETE FROM sample_threads WHERE sample_id = 0 AND idx = 1")
        << QStringList{QStringLiteral("sample_threads row (sample_id 0, idx 2): column idx must count")};
    QTest::newRow("unknown mode")
        << recordingWith("UPDATE sample_threads SET mode = 'perf' WHERE sample_id = 1 AND idx = 0")
        << QStringList{QStringLiteral("sample_threads row (sample_id 1, idx 0): mode 'perf' is not one of")};
    QTest::newRow("cpu_ns is text")
        << recordingWith("UPDATE sample_threads SET cpu_ns = 'lots' WHERE sample_id = 1 AND idx = 0")
        << QStringList{QStringLiteral("cpu_ns is 'lots', not a count of 0 or more")};
    QTest::newRow("cpus_allowed not a CPU list")
        << recordingWith("UPDATE sample_threads SET cpus_allowed = 'all' WHERE sample_id = 1 AND idx = 0")
        << QStringList{QStringLiteral("cpus_allowed 'all' is not a CPU list")};
    QTest::newRow("per-CPU row of a missing thread")
        << recordingWith("UPDATE sample_thread_cpus SET thread = 3 WHERE sample_id = 0 AND thread = 0")
        << QStringList{
               QStringLiteral("sample_thread_cpus row (sample_id 0, thread 3, idx 0): thread 3 is out of "
                              "range (0 to 2)")};
    QTest::newRow("node pages of a missing process")
        << recordingWith("UPDATE sample_process_nodes SET process = 5 WHERE sample_id = 0 AND process = 0")
        << QStringList{QStringLiteral("sample_process_nodes row (sample_id 0, process 5, idx 0): process 5")};
    QTest::newRow("node pages without a node")
        << recordingWith("UPDATE sample_process_nodes SET node = 'x' WHERE sample_id = 0 AND idx = 0")
        << QStringList{QStringLiteral("node is 'x', not an integer")};
    QTest::newRow("numastat of a missing node entry")
        << recordingWith("INSERT INTO sample_node_numastat VALUES (0, 9, 'numa_hit', 1)")
        << QStringList{QStringLiteral("sample_node_numastat row (sample_id 0, entry 9, counter 'numa_hit')")};
    QTest::newRow("vmstat of a missing sample")
        << recordingWith("INSERT INTO sample_vmstat VALUES (99, 'numa_hit', 1)")
        << QStringList{QStringLiteral("sample_vmstat row (sample_id 99, counter 'numa_hit')")};
    QTest::newRow("volumes_known is 2")
        << recordingWith("UPDATE sample_flows SET volumes_known = 2 WHERE sample_id = 0 AND idx = 0")
        << QStringList{
               QStringLiteral("sample_flows row (sample_id 0, idx 0): volumes_known 2 is out of range")};
    QTest::newRow("missing samples table in a version 2 file")
        << recordingWith("DROP TABLE sample_flows")
        << QStringList{QStringLiteral("table 'sample_flows' is missing")};
    QTest::newRow("hostile value is shortened")
        << richWith(
               "UPDATE entities SET cpus = '0,' || printf('%.5000c', 'x') WHERE snapshot_id = 0 AND id = 0")
        << QStringList{QStringLiteral("cpus '0,") + QString(38, QLatin1Char('x')) +
                       QStringLiteral("…' is not a CPU list")};
}

void TestCaptureErrors::malformed()
{
    QFETCH(Mutator, prepare);
    QFETCH(QStringList, expected);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = prepare(dir.path());
    const auto result = readCaptureFile(path);
    QVERIFY2(!result.ok(), "a malformed capture was accepted");
    const QString message = result.error().toString();
    QCOMPARE(result.error().file, path);
    QVERIFY2(!message.contains(QLatin1Char('\n')), qPrintable(message));
    for (const QString& fragment : expected)
        QVERIFY2(message.contains(fragment),
                 qPrintable(QStringLiteral("'%1' not in: %2").arg(fragment, message)));
}

void TestCaptureErrors::duplicateKeys_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<bool>("nested");
    QTest::addColumn<QString>("twice"); // empty: none
    QTest::newRow("flat") << QByteArray(R"({"a": 1, "b": 2, "a": 3})") << true << QStringLiteral("a");
    QTest::newRow("distinct") << QByteArray(R"({"a": 1, "b": {"a": 2}, "c": [{"a": 3}, {"a": 4}]})") << true
                              << QString();
    QTest::newRow("nested in an array")
        << QByteArray(R"({"c": [1, {"x": 1, "y": [], "x": 2}]})") << true << QStringLiteral("x");
    QTest::newRow("key-like strings in values")
        << QByteArray(R"({"a": "\"a\": {", "b": ["a", "a"], "c": "}]"})") << true << QString();
    QTest::newRow("escaped quote in a key")
        << QByteArray(R"({"a\"b": 1, "a\"b": 2})") << true << QStringLiteral("a\\\"b");
    QTest::newRow("empty keys") << QByteArray(R"({"": 1, "": 2})") << true << QStringLiteral("");
    QTest::newRow("empty object") << QByteArray("{}") << true << QString();
    QTest::newRow("outer keys only: nested repeat")
        << QByteArray(R"({"a": {"k": 1, "k": 2}, "b": 1})") << false << QString();
    QTest::newRow("outer keys only: outer repeat")
        << QByteArray(R"({"a": {"k": 1}, "b": [1], "a": 2})") << false << QStringLiteral("a");
}

// The check jsonObject() runs on every stored attributes and payload text.
void TestCaptureErrors::duplicateKeys()
{
    QFETCH(QByteArray, json);
    QFETCH(bool, nested);
    QFETCH(QString, twice);
    const auto key = duplicateJsonKey(std::string_view(json.constData(), size_t(json.size())), nested);
    const bool emptyKey = json == R"({"": 1, "": 2})";
    QCOMPARE(key.has_value(), !twice.isEmpty() || emptyKey);
    if (key)
        QCOMPARE(QString::fromUtf8(key->data(), qsizetype(key->size())), twice);
}

void TestCaptureErrors::failedWriteKeepsOldFile_data()
{
    QTest::addColumn<FailingWrite>("write");
    QTest::addColumn<bool>("oldFile");
    QTest::addColumn<QString>("expected");

    QTest::newRow("folder does not exist") << FailingWrite([](const QString& dir, QString* target) {
        *target = dir + QStringLiteral("/missing/sub/out.numasight");
        return writeCaptureFile(richCapture(), *target);
    }) << false << QStringLiteral("the folder %1/missing/sub does not exist");
    QTest::newRow("target is a folder") << FailingWrite([](const QString& dir, QString* target) {
        *target = dir + QStringLiteral("/sub");
        QDir(dir).mkdir(QStringLiteral("sub"));
        return writeCaptureFile(richCapture(), *target);
    }) << false << QStringLiteral("this is a folder");
    QTest::newRow("cancelled half way over an old capture")
        << FailingWrite([](const QString& dir, QString* target) {
               *target = dir + QStringLiteral("/rich.numasight");
               return writeCaptureFile(largeCapture(), *target, cancelAfter(5));
           })
        << true << QStringLiteral("rich.numasight: cancelled");
    QTest::newRow("file-size limit over an old capture")
        << FailingWrite([](const QString& dir, QString* target) -> std::optional<LoadError> {
               *target = dir + QStringLiteral("/rich.numasight");
               FileSizeLimit limit(64 * 1024);
               if (!limit.ok())
                   qFatal("cannot lower RLIMIT_FSIZE");
               return writeCaptureFile(largeCapture(), *target);
           })
        << true << QStringLiteral("file-size limit (ulimit -f)");
    // (SnapshotBuilder::finish() cannot hold an edge to a missing entity, so dangling parents and memory
    // attribute targets are what the writer can meet.)
    QTest::newRow("parent that does not exist in memory")
        << FailingWrite([](const QString& dir, QString* target) {
               *target = dir + QStringLiteral("/rich.numasight");
               SnapshotBuilder b;
               const EntityId p = b.add(makeEntity(EntityKind::Process, QStringLiteral("1")));
               b.entity(p).parent = EntityId(5);
               Capture c;
               c.snapshots = {SnapshotBuilder().finish(), b.finish()};
               return writeCaptureFile(c, *target);
           })
        << true
        << QStringLiteral("entity 0 of snapshot 1 has parent 5, but the snapshot has only 1 entities; the "
                          "existing rich.numasight was not changed");
    QTest::newRow("memory attribute of a missing node")
        << FailingWrite([](const QString& dir, QString* target) {
               *target = dir + QStringLiteral("/rich.numasight");
               SnapshotBuilder b;
               MemoryAttributeValue v;
               v.attribute = QStringLiteral("Latency");
               v.target = EntityId(3);
               b.addMemoryAttribute(v);
               Capture c;
               c.snapshots = {b.finish()};
               return writeCaptureFile(c, *target);
           })
        << true
        << QStringLiteral("memory attribute 0 of snapshot 0 refers to entity 3, which does not exist; the "
                          "existing rich.numasight was not changed");
    QTest::newRow("attributes that are not JSON")
        << FailingWrite([](const QString& dir, QString* target) {
               *target = dir + QStringLiteral("/rich.numasight");
               SnapshotBuilder b;
               for (int i = 0; i < 600; ++i)
                   b.add(makeEntity(EntityKind::Process, QString::number(i)));
               b.entity(EntityId(599)).attributes = "not json";
               Capture c;
               c.snapshots = {b.finish()};
               return writeCaptureFile(c, *target);
           })
        << true
        << QStringLiteral("at entity 599 of snapshot 0: the attributes text is not a JSON object, which "
                          "the model requires (CHECK constraint failed: attributes_is_json_object); the "
                          "existing rich.numasight was not changed");
}

void TestCaptureErrors::failedWriteKeepsOldFile()
{
    QFETCH(FailingWrite, write);
    QFETCH(bool, oldFile);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QByteArray before;
    if (oldFile)
        before = fileBytes(writeRich(dir.path()));
    const auto listing = [&dir] {
        return QDir(dir.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot);
    };
    const QStringList filesBefore = listing();

    QString target;
    const auto error = write(dir.path(), &target);
    QVERIFY2(error.has_value(), "the write did not fail");
    const QString message = error->toString();
    const QString want = QString(expected).replace(QStringLiteral("%1"), dir.path());
    QVERIFY2(message.contains(want), qPrintable(QStringLiteral("'%1' not in: %2").arg(want, message)));
    QVERIFY2(message.startsWith(target), qPrintable(message));
    QVERIFY2(!message.contains(QLatin1Char('\n')), qPrintable(message));

    // Nothing new beside the target (no temporary file), and the old capture still reads as before.
    QStringList filesAfter = listing();
    filesAfter.removeOne(QFileInfo(target).fileName()); // the folder the "target is a folder" row made
    QStringList expectedFiles = filesBefore;
    expectedFiles.removeOne(QFileInfo(target).fileName());
    QCOMPARE(filesAfter, expectedFiles);
    if (oldFile) {
        QCOMPARE(fileBytes(target), before);
        const auto read = readCaptureFile(target);
        QVERIFY2(read.ok(), read.ok() ? "" : qPrintable(read.error().toString()));
        compareCaptures(richCapture(), *read.value());
    }
}

void TestCaptureErrors::overwriteReplacesOldFile()
{
    QTemporaryDir dir;
    const QString path = writeRich(dir.path());
    QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup);
    const Capture large = largeCapture(100);
    QVERIFY(!writeCaptureFile(large, path));
    const auto read = readCaptureFile(path);
    QVERIFY2(read.ok(), read.ok() ? "" : qPrintable(read.error().toString()));
    compareCaptures(large, *read.value());
    const QFile::Permissions mask = QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner |
                                    QFile::ReadGroup | QFile::WriteGroup | QFile::ExeGroup |
                                    QFile::ReadOther | QFile::WriteOther | QFile::ExeOther;
    // An existing capture keeps its permissions when it is replaced.
    QCOMPARE(QFile::permissions(path) & mask, QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup);
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden),
             QStringList{QStringLiteral("rich.numasight")});
}

void TestCaptureErrors::cancel_data()
{
    QTest::addColumn<bool>("reading");
    QTest::addColumn<int>("after");
    QTest::newRow("write, before starting") << false << 0;
    QTest::newRow("write, half way") << false << 10;
    QTest::newRow("read, before starting") << true << 0;
    QTest::newRow("read, half way") << true << 10;
}

void TestCaptureErrors::cancel()
{
    QFETCH(bool, reading);
    QFETCH(int, after);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("big.numasight"));
    LoadError error;
    if (reading) {
        QVERIFY(!writeCaptureFile(largeCapture(), path));
        const auto result = readCaptureFile(path, cancelAfter(after));
        QVERIFY(!result.ok());
        error = result.error();
    } else {
        const auto result = writeCaptureFile(largeCapture(), path, cancelAfter(after));
        QVERIFY(result.has_value());
        error = *result;
        QVERIFY(!QFile::exists(path));
        QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot),
                 QStringList());
    }
    QVERIFY(error.cancelled);
    QCOMPARE(error.toString(), path + QStringLiteral(": cancelled"));
}

void TestCaptureErrors::progress()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("big.numasight"));
    for (bool reading : {false, true}) {
        QList<double> seen;
        Progress p;
        p.report = [&seen](double f) { seen << f; };
        if (reading) {
            QVERIFY(readCaptureFile(path, p).ok());
        } else {
            QVERIFY(!writeCaptureFile(largeCapture(), path, p));
        }
        QVERIFY2(seen.size() > 10, qPrintable(QString::number(seen.size())));
        QCOMPARE(seen.last(), 1.0);
        for (qsizetype i = 0; i < seen.size(); ++i) {
            QVERIFY(seen[i] >= 0.0 && seen[i] <= 1.0);
            if (i > 0)
                QVERIFY(seen[i] >= seen[i - 1]);
        }
    }
}

QTEST_GUILESS_MAIN(TestCaptureErrors)
#include "tst_capture_errors.moc"
