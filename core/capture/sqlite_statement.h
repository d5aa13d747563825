// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>

#include <sqlite3.h>

#include <cstdint>
#include <memory>

namespace numasight {

struct SqliteCloser
{
    void operator()(sqlite3* db) const { sqlite3_close_v2(db); }
};
using SqliteDatabase = std::unique_ptr<sqlite3, SqliteCloser>;

// A prepared statement that finalizes itself. Binding helpers remember the first failing return code so a
// row can be bound field by field and every code is still checked once, by step().
class SqliteStatement
{
public:
    SqliteStatement() = default;
    ~SqliteStatement() { sqlite3_finalize(m_stmt); }
    SqliteStatement(const SqliteStatement&) = delete;
    SqliteStatement& operator=(const SqliteStatement&) = delete;

    int prepare(sqlite3* db, const char* sql);
    sqlite3_stmt* get() const { return m_stmt; }

    // Binding (1-based parameter index). Empty strings and the model's "unknown" values become NULL, so
    // queries can say `IS NULL` rather than compare against sentinels.
    void bindNull(int i);
    void bindText(int i, const QString& text);         // NULL when empty
    void bindRequiredText(int i, const QString& text); // '' when empty (key columns are never NULL)
    void bindBytes(int i, const QByteArray& bytes);    // as TEXT, NULL when empty
    void bindInt(int i, std::int64_t value);
    void bindIntOrNull(int i, std::int64_t value, std::int64_t nullValue);
    // SQLite integers are signed 64-bit; the rare larger value is kept exactly as a BLOB of decimal digits,
    // because INTEGER affinity would turn text that looks like a number into an inexact REAL.
    void bindU64(int i, std::uint64_t value);
    void bindDouble(int i, double value);

    // Steps once after binding; returns the first bind error, or the step's code (SQLITE_DONE for an insert).
    // Resets the statement and its bindings for the next row.
    int execute();
    // For queries: SQLITE_ROW, SQLITE_DONE or an error.
    int step() { return sqlite3_step(m_stmt); }
    int reset();

    int columnType(int col) const { return sqlite3_column_type(m_stmt, col); }
    bool isNull(int col) const { return columnType(col) == SQLITE_NULL; }
    QString text(int col) const;
    QByteArray bytes(int col) const;
    std::int64_t int64(int col) const { return sqlite3_column_int64(m_stmt, col); }
    double real(int col) const { return sqlite3_column_double(m_stmt, col); }

private:
    sqlite3_stmt* m_stmt = nullptr;
    int m_bindRc = SQLITE_OK;
    void note(int rc)
    {
        if (m_bindRc == SQLITE_OK && rc != SQLITE_OK)
            m_bindRc = rc;
    }
};

// Runs one or more SQL statements without results; on failure returns SQLite's message.
QString sqliteExec(sqlite3* db, const char* sql);

} // namespace numasight
