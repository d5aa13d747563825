// SPDX-License-Identifier: GPL-3.0-or-later
// The capture reader on valid captures changed row by row: the input is a program of SQL-level edits (delete
// a row, copy a row, set a cell to a chosen value, another row's value or itself plus a delta) applied to one
// of the base captures, with CHECK constraints off, as a hand-edited or hostile file would be. Bytes-level
// fuzzing (fuzz_capture_bytes) rarely gets past SQLite's own checks; this gets past them every time.
#include "capture/capture_reader.h"
#include "capture/capture_writer.h"
#include "fuzz_support.h"
#include "readers/witty_json_reader.h"

#include <QByteArray>
#include <QFile>
#include <QString>

#include <sqlite3.h>

#include <cstdio>
#include <cstdlib>
#include <limits>
#include <string>
#include <vector>

namespace {

using namespace numasight;

[[noreturn]] void fail(const QString& what)
{
    std::fprintf(stderr, "fuzz_capture_sql: %s\n", qPrintable(what));
    std::abort();
}

QByteArray readAll(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        fail(path + QStringLiteral(": ") + file.errorString());
    return file.readAll();
}

// The bases: the witty fixture written by this version, and the committed recordings of earlier schemas,
// each also rewritten by this version (so both the current and the old layouts are edited).
std::vector<QByteArray> g_bases;

void addWritten(const Capture& capture, const QString& name)
{
    const QString path = fuzz::scratchPath(name);
    if (const auto error = writeCaptureFile(capture, path))
        fail(error->toString());
    g_bases.push_back(readAll(path));
}

void addFromSql(const QString& sqlFile, const QString& name)
{
    const QString path = fuzz::scratchPath(name);
    sqlite3* db = nullptr;
    if (sqlite3_open(QFile::encodeName(path).constData(), &db) != SQLITE_OK)
        fail(path + QStringLiteral(": cannot create"));
    const QByteArray sql = readAll(sqlFile);
    char* message = nullptr;
    if (sqlite3_exec(db, sql.constData(), nullptr, nullptr, &message) != SQLITE_OK)
        fail(sqlFile + QStringLiteral(": ") + QString::fromUtf8(message));
    sqlite3_close(db);
    g_bases.push_back(readAll(path));
    const auto read = readCaptureFile(path);
    if (!read.ok())
        fail(read.error().toString());
    addWritten(*read.value(), name + QStringLiteral(".current"));
}

// Reads the fuzzer's bytes as small numbers; past the end every read is 0, so every input is a program.
class Input
{
public:
    Input(const std::uint8_t* data, size_t size)
        : m_data(data)
        , m_size(size)
    {
    }
    bool done() const { return m_pos >= m_size; }
    std::uint8_t byte() { return m_pos < m_size ? m_data[m_pos++] : 0; }
    std::uint32_t u16() { return std::uint32_t(byte()) | std::uint32_t(byte()) << 8; }
    std::int64_t i64()
    {
        std::uint64_t v = 0;
        for (int i = 0; i < 8; ++i)
            v |= std::uint64_t(byte()) << (8 * i);
        return std::int64_t(v);
    }
    QByteArray bytes(size_t n)
    {
        n = std::min(n, m_size - std::min(m_pos, m_size));
        QByteArray out(reinterpret_cast<const char*>(m_data + m_pos), qsizetype(n));
        m_pos += n;
        return out;
    }

private:
    const std::uint8_t* m_data;
    size_t m_size;
    size_t m_pos = 0;
};

struct Table
{
    std::string name;
    std::string key; // "rowid", or the primary key's columns "(a,b)" of a WITHOUT ROWID table
    std::vector<std::string> columns;
};

std::vector<Table> tablesOf(sqlite3* db)
{
    std::vector<Table> tables;
    sqlite3_stmt* st = nullptr;
    sqlite3_prepare_v2(db,
                       "SELECT name, sql LIKE '%WITHOUT ROWID%' FROM sqlite_schema WHERE type = 'table' "
                       "AND name NOT LIKE 'sqlite_%' ORDER BY name",
                       -1, &st, nullptr);
    while (sqlite3_step(st) == SQLITE_ROW) {
        Table t;
        t.name = reinterpret_cast<const char*>(sqlite3_column_text(st, 0));
        const bool withoutRowid = sqlite3_column_int(st, 1) != 0;
        std::vector<std::string> keys;
        sqlite3_stmt* info = nullptr;
        sqlite3_prepare_v2(db, ("PRAGMA table_info(\"" + t.name + "\")").c_str(), -1, &info, nullptr);
        while (sqlite3_step(info) == SQLITE_ROW) {
            const std::string column =
                '"' + std::string(reinterpret_cast<const char*>(sqlite3_column_text(info, 1))) + '"';
            t.columns.push_back(column);
            if (sqlite3_column_int(info, 5) > 0)
                keys.push_back(column);
        }
        sqlite3_finalize(info);
        if (withoutRowid) {
            t.key = "(";
            for (size_t i = 0; i < keys.size(); ++i)
                t.key += (i ? "," : "") + keys[i];
            t.key += ")";
        } else {
            t.key = "rowid";
        }
        if (!t.columns.empty())
            tables.push_back(std::move(t));
    }
    sqlite3_finalize(st);
    return tables;
}

// Runs one statement; failures (a NOT NULL or UNIQUE column, a type the table refuses) are part of the game.
void run(sqlite3* db, const std::string& sql, const std::vector<QByteArray>& texts = {})
{
    sqlite3_stmt* st = nullptr;
    if (sqlite3_prepare_v2(db, sql.c_str(), -1, &st, nullptr) != SQLITE_OK)
        return;
    for (size_t i = 0; i < texts.size(); ++i)
        sqlite3_bind_text(st, int(i) + 1, texts[i].constData(), int(texts[i].size()), SQLITE_TRANSIENT);
    sqlite3_step(st);
    sqlite3_finalize(st);
}

// The value an edit writes: boundaries the reader must range-check, or something taken from the input.
std::string valueSql(Input& in, const Table& t, std::vector<QByteArray>& texts)
{
    static const char* const kConstants[] = {
        "NULL",
        "0",
        "-1",
        "1",
        "2",
        "255",
        "256",
        "65535",
        "2147483647",
        "2147483648",
        "-2147483648",
        "4294967296",
        "9223372036854775807",
        "-9223372036854775808",
        "0.5",
        "-0.0",
        "1e308",
        "9e999",
        "-9e999",
        "''",
        "'0-3'",
        "'0-4294967296'",
        "'{}'",
        "'[]'",
        "'{\"a\":1,\"a\":2}'",
        "x'00'",
        "'Process'",
        "'Thread'",
        "'NumaNode'",
        "'PU'",
        "'Package'",
    };
    constexpr unsigned kConstantCount = sizeof(kConstants) / sizeof(kConstants[0]);
    const std::string& column = t.columns[in.byte() % t.columns.size()];
    switch (in.byte() % 5) {
    case 0:
        return kConstants[in.byte() % kConstantCount];
    case 1:
        return std::to_string(in.i64());
    case 2: // another row's value of the same column: duplicates, references to other rows, cycles
        return "(SELECT " + column + " FROM \"" + t.name + "\" LIMIT 1 OFFSET " + std::to_string(in.u16()) +
               ")";
    case 3: // near the value already there
        return column + " + " + std::to_string(int(std::int8_t(in.byte())));
    default:
        texts.push_back(in.bytes(in.byte() % 64));
        return "?" + std::to_string(texts.size());
    }
}

void edit(sqlite3* db, const std::vector<Table>& tables, Input& in)
{
    const Table& t = tables[in.byte() % tables.size()];
    const std::string row = " WHERE " + t.key + " IN (SELECT " + t.key + " FROM \"" + t.name +
                            "\" LIMIT 1 OFFSET " + std::to_string(in.u16() % 4096) + ")";
    std::vector<QByteArray> texts;
    switch (in.byte() % 4) {
    case 0:
        run(db, "DELETE FROM \"" + t.name + "\"" + row);
        break;
    case 1: { // a copy of a row with one cell changed, so that keys can repeat or collide
        const std::string& column = t.columns[in.byte() % t.columns.size()];
        std::string select;
        const std::string value = valueSql(in, t, texts);
        for (const std::string& c : t.columns)
            select += (select.empty() ? "" : ",") + (c == column ? value : c);
        run(db,
            "INSERT OR REPLACE INTO \"" + t.name + "\" SELECT " + select + " FROM \"" + t.name + "\"" + row,
            texts);
        break;
    }
    default: {
        const std::string& column = t.columns[in.byte() % t.columns.size()];
        run(db, "UPDATE OR REPLACE \"" + t.name + "\" SET " + column + " = " + valueSql(in, t, texts) + row,
            texts);
        break;
    }
    }
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***)
{
    fuzz::quietLibraries();
    const auto witty = readWittyJsonFile(QStringLiteral(NUMASIGHT_FIXTURES "/witty-profiler/graph.json"));
    if (!witty.ok())
        fail(witty.error().toString());
    addWritten(*witty.value(), QStringLiteral("witty.nscap"));
    addFromSql(QStringLiteral(NUMASIGHT_TEST_DATA "/capture/v1-rich.sql"), QStringLiteral("v1.nscap"));
    addFromSql(QStringLiteral(NUMASIGHT_TEST_DATA "/capture/v2-recording.sql"), QStringLiteral("v2.nscap"));
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, size_t size)
{
    static const QString path = fuzz::scratchPath(QStringLiteral("edited.nscap"));
    Input in(data, size);
    const QByteArray& base = g_bases[in.byte() % g_bases.size()];
    for (const char* sidecar : {"-journal", "-wal", "-shm"})
        QFile::remove(path + QLatin1String(sidecar));
    fuzz::writeScratch(path, reinterpret_cast<const std::uint8_t*>(base.constData()), size_t(base.size()));

    sqlite3* db = nullptr;
    if (sqlite3_open(QFile::encodeName(path).constData(), &db) != SQLITE_OK)
        fail(QStringLiteral("cannot open the copy of a base capture"));
    run(db, "PRAGMA ignore_check_constraints = ON");
    run(db, "PRAGMA journal_mode = MEMORY");
    run(db, "BEGIN");
    const std::vector<Table> tables = tablesOf(db);
    for (int edits = 0; edits < 16 && !in.done() && !tables.empty(); ++edits)
        edit(db, tables, in);
    run(db, "COMMIT");
    sqlite3_close(db);

    const auto read = readCaptureFile(path);
    fuzz::useResult(read);
    if (read.ok() && std::getenv("FUZZ_ROUNDTRIP")) {
        // What the reader accepts, the writer must write and the reader read back (off by default: it halves
        // the speed of a slow target).
        static const QString again = fuzz::scratchPath(QStringLiteral("again.nscap"));
        if (const auto error = writeCaptureFile(*read.value(), again))
            fail(QStringLiteral("accepted but not written: ") + error->toString());
        const auto back = readCaptureFile(again);
        if (!back.ok())
            fail(QStringLiteral("accepted, written, refused: ") + back.error().toString());
    }
    return 0;
}
