// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The reader behind readCaptureFile() (capture_reader.h), internal to core/capture. Its parts:
// capture_reader.cpp (opening and checking the file, progress and errors), capture_columns.cpp (reading a
// column with its type and range checked), capture_snapshot_tables.cpp and capture_sample_tables.cpp (the
// tables of the snapshots and of the samples).

#include "capture_reader.h"
#include "sqlite_statement.h"

#include <QHash>
#include <QTemporaryDir>

#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

namespace numasight::capturefile {

constexpr int kProgressEvery = 256;
constexpr qint64 kSqliteHeaderSize = 100;
// As the null value of CaptureFileReader::integer(): the column must not be NULL.
constexpr std::int64_t kNotNull = std::numeric_limits<std::int64_t>::min();
// The same for smallInt(): a value below every allowed minimum, so NULL is reported as not an integer.
constexpr int kNoNull = std::numeric_limits<int>::min();
// The range of a column that may hold any integer.
constexpr std::int64_t kAnyMin = std::numeric_limits<std::int64_t>::min();
constexpr std::int64_t kAnyMax = std::numeric_limits<std::int64_t>::max();

// A cell as text for messages, without the type conversion sqlite3_column_text() would apply to numbers
// (after which sqlite3_column_type() is undefined).
QString cellText(const SqliteStatement& st, int col);
// A value quoted for a message, cut short when long.
QString quoted(const QString& text);

class CaptureFileReader
{
public:
    CaptureFileReader(const QString& path, const Progress& progress)
        : m_path(path)
        , m_openPath(path)
        , m_progress(progress)
    {
    }

    Result<CapturePtr> run();

private:
    bool recoverHotJournal();
    bool checkHeader();
    bool open();
    bool checkIdentity();
    bool countRows();
    bool readMeta(SourceInfo& source);
    bool metaRow(SourceInfo& source, const QString& key, const QString& value);
    bool readHosts(Capture& capture);
    bool readSnapshots(Capture& capture);
    bool readEntities(qint64 snapshotId, SnapshotBuilder& builder);
    bool readNumastat(qint64 snapshotId, SnapshotBuilder& builder);
    bool readEdges(qint64 snapshotId, SnapshotBuilder& builder);
    bool readDistances(qint64 snapshotId, SnapshotBuilder& builder);
    bool readMemoryAttributes(qint64 snapshotId, SnapshotBuilder& builder);
    bool readSamples(Capture& capture);
    bool readSampleThreads(std::vector<Sample>& samples);
    bool readSampleProcesses(std::vector<Sample>& samples);
    bool readSampleNodes(std::vector<Sample>& samples);
    bool readSampleVmstat(std::vector<Sample>& samples);
    bool readSampleFlows(std::vector<Sample>& samples);
    // Checks that a row's (sample_id, parent idx) names a row read before, in the order of the key.
    bool owner(const SqliteStatement& st, const QString& table, const std::vector<Sample>& samples,
               std::int64_t& sampleId);
    bool mode(const SqliteStatement& st, int col, CollectionMode& out);

    bool prepare(SqliteStatement& st, const char* sql, const QString& table);
    // SQLITE_ROW → true; SQLITE_DONE → false with `more` false; errors → false with m_error set.
    bool next(SqliteStatement& st, const QString& table, bool& more);
    bool tick();
    // A row of `table` is done: counted as read, progress told, a cancel heard.
    bool rowRead(const QString& table);
    // Rows of a child list come sorted by (sample_id, parent, idx), so each must continue the list of its
    // parent (which has `have` entries) or start it.
    bool childIndex(std::int64_t idx, size_t have);
    // Every row of the snapshot tables (or the sample tables) must have been read with the snapshot (sample)
    // it belongs to; any other row belongs to none, which only a damaged file has.
    bool allRowsOwned(bool sampleTables);

    // Column readers that check the stored type and range; on failure they set m_error at m_where.
    bool integer(const SqliteStatement& st, int col, const char* name, std::int64_t nullValue,
                 std::int64_t min, std::int64_t max, std::int64_t& out);
    template <class Int>
    bool smallInt(const SqliteStatement& st, int col, const char* name, Int nullValue, Int min, Int& out)
    {
        std::int64_t v = 0;
        const std::int64_t null = nullValue == std::numeric_limits<Int>::min() ? kNotNull : nullValue;
        if (!integer(st, col, name, null, min, std::numeric_limits<Int>::max(), v))
            return false;
        out = Int(v);
        return true;
    }
    bool unsigned64(const SqliteStatement& st, int col, const char* name, std::uint64_t& out);
    bool number(const SqliteStatement& st, int col, const char* name, std::optional<double>& out);
    bool indexSet(const SqliteStatement& st, int col, const char* name, const char* what, IndexSet& out);
    bool entityRef(std::int64_t value, const char* name, int entityCount);
    // Checks that column 0 holds the next number of a 0, 1, 2, … sequence and names the row in m_where.
    bool sequential(const SqliteStatement& st, const QString& table, qint64 snapshotId, const QString& what,
                    qint64 expected);
    bool jsonObject(const SqliteStatement& st, int col, int okCol, const char* name, QByteArray& out);
    // A NUMA node's OS index within kMaxNodeOsIndex: tables that follow node numbers must stay small.
    bool nodeIndex(EntityKind kind, int osIndex);
    // Refuses a parent chain that loops (a self-parent is refused where it is read).
    bool acyclicParents(qint64 snapshotId, SnapshotBuilder& builder);

    void fail(const QString& message, const QString& where = {});
    void failSqlite(const QString& table);
    void setWhere(const QString& table, qint64 snapshotId, const QString& what, qint64 id);
    void setSampleWhere(const QString& table, const SqliteStatement& st); // a row keyed (sample_id, idx)

    const QString m_path;
    QString m_openPath; // m_path, or a recovered copy of it (see recoverHotJournal)
    std::unique_ptr<QTemporaryDir> m_recoveryDir;
    const Progress& m_progress;
    SqliteDatabase m_db;
    int m_version = 0;
    QString m_where;
    qint64 m_rows = 0;
    qint64 m_totalRows = 1;
    QHash<QString, qint64> m_tableRows; // count(*) per table, to find rows that belong to no snapshot
    QHash<QString, qint64> m_rowsRead;
    std::optional<LoadError> m_error;
};

} // namespace numasight::capturefile
