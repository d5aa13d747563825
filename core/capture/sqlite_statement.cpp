// SPDX-License-Identifier: GPL-3.0-or-later
#include "sqlite_statement.h"

#include <limits>

namespace numasight {

int SqliteStatement::prepare(sqlite3* db, const char* sql)
{
    sqlite3_finalize(m_stmt);
    m_stmt = nullptr;
    m_bindRc = SQLITE_OK;
    return sqlite3_prepare_v2(db, sql, -1, &m_stmt, nullptr);
}

void SqliteStatement::bindNull(int i)
{
    note(sqlite3_bind_null(m_stmt, i));
}

void SqliteStatement::bindText(int i, const QString& text)
{
    if (text.isEmpty())
        return bindNull(i);
    bindRequiredText(i, text);
}

void SqliteStatement::bindRequiredText(int i, const QString& text)
{
    const QByteArray utf8 = text.toUtf8();
    // SQLITE_TRANSIENT: SQLite copies, so the temporary may go away.
    note(sqlite3_bind_text64(m_stmt, i, utf8.constData(), sqlite3_uint64(utf8.size()), SQLITE_TRANSIENT,
                             SQLITE_UTF8));
}

void SqliteStatement::bindBytes(int i, const QByteArray& bytes)
{
    if (bytes.isEmpty())
        return bindNull(i);
    note(sqlite3_bind_text64(m_stmt, i, bytes.constData(), sqlite3_uint64(bytes.size()), SQLITE_TRANSIENT,
                             SQLITE_UTF8));
}

void SqliteStatement::bindInt(int i, std::int64_t value)
{
    note(sqlite3_bind_int64(m_stmt, i, value));
}

void SqliteStatement::bindIntOrNull(int i, std::int64_t value, std::int64_t nullValue)
{
    if (value == nullValue)
        return bindNull(i);
    bindInt(i, value);
}

void SqliteStatement::bindU64(int i, std::uint64_t value)
{
    if (value <= std::uint64_t(std::numeric_limits<std::int64_t>::max()))
        return bindInt(i, std::int64_t(value));
    const QByteArray digits = QByteArray::number(value);
    note(sqlite3_bind_blob64(m_stmt, i, digits.constData(), sqlite3_uint64(digits.size()), SQLITE_TRANSIENT));
}

void SqliteStatement::bindDouble(int i, double value)
{
    note(sqlite3_bind_double(m_stmt, i, value));
}

int SqliteStatement::execute()
{
    int rc = m_bindRc;
    if (rc == SQLITE_OK)
        rc = sqlite3_step(m_stmt);
    // The step's own code is what matters; reset would only repeat it.
    sqlite3_reset(m_stmt);
    const int clearRc = sqlite3_clear_bindings(m_stmt);
    m_bindRc = SQLITE_OK;
    if (rc == SQLITE_DONE && clearRc != SQLITE_OK)
        return clearRc;
    return rc;
}

int SqliteStatement::reset()
{
    m_bindRc = SQLITE_OK;
    return sqlite3_reset(m_stmt);
}

QString SqliteStatement::text(int col) const
{
    const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(m_stmt, col));
    const int n = sqlite3_column_bytes(m_stmt, col);
    return p ? QString::fromUtf8(p, n) : QString();
}

QByteArray SqliteStatement::bytes(int col) const
{
    const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(m_stmt, col));
    const int n = sqlite3_column_bytes(m_stmt, col);
    return p ? QByteArray(p, n) : QByteArray();
}

QString sqliteExec(sqlite3* db, const char* sql)
{
    char* message = nullptr;
    const int rc = sqlite3_exec(db, sql, nullptr, nullptr, &message);
    if (rc == SQLITE_OK)
        return {};
    QString out = message ? QString::fromUtf8(message) : QString::fromUtf8(sqlite3_errstr(rc));
    sqlite3_free(message);
    return out.isEmpty() ? QStringLiteral("SQLite error %1").arg(rc) : out;
}

} // namespace numasight
