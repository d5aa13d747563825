// SPDX-License-Identifier: GPL-3.0-or-later
// Reading one column of a capture's row with its stored type and range checked.
#include "capture_file_reader.h"
#include "util/json_text.h"

#include <sqlite3.h>

namespace numasight {

namespace capturefile {

QString cellText(const SqliteStatement& st, int col)
{
    switch (st.columnType(col)) {
    case SQLITE_INTEGER:
        return QString::number(st.int64(col));
    case SQLITE_FLOAT:
        return QString::number(st.real(col), 'g', 17);
    case SQLITE_NULL:
        return QStringLiteral("NULL");
    default:
        return st.text(col);
    }
}

QString quoted(const QString& text)
{
    constexpr int kMax = 40; // a hostile value must not turn the message into a page
    return QLatin1Char('\'') + (text.size() > kMax ? text.left(kMax) + QStringLiteral("…") : text) +
           QLatin1Char('\'');
}

bool CaptureFileReader::owner(const SqliteStatement& st, const QString& table,
                              const std::vector<Sample>& samples, std::int64_t& sampleId)
{
    if (!integer(st, 0, "sample_id", kNotNull, 0, std::numeric_limits<std::int64_t>::max(), sampleId))
        return false;
    if (sampleId >= qint64(samples.size())) {
        fail(QStringLiteral("sample_id %1 is not a sample of this capture (it has %2)")
                 .arg(sampleId)
                 .arg(samples.size()),
             m_where);
        return false;
    }
    Q_UNUSED(table);
    return true;
}

bool CaptureFileReader::mode(const SqliteStatement& st, int col, CollectionMode& out)
{
    const QString name = st.text(col);
    for (CollectionMode m : {CollectionMode::Procfs, CollectionMode::Ebpf, CollectionMode::Import}) {
        if (name == collectionModeName(m)) {
            out = m;
            return true;
        }
    }
    fail(QStringLiteral("mode %1 is not one of procfs, ebpf, import").arg(quoted(cellText(st, col))),
         m_where);
    return false;
}

bool CaptureFileReader::childIndex(std::int64_t idx, size_t have)
{
    if (idx >= 0 && std::uint64_t(idx) == have)
        return true;
    fail(QStringLiteral("column idx must count 0, 1, 2, … without gaps; found %1 where %2 was expected")
             .arg(idx)
             .arg(have),
         m_where);
    return false;
}

bool CaptureFileReader::integer(const SqliteStatement& st, int col, const char* name, std::int64_t nullValue,
                                std::int64_t min, std::int64_t max, std::int64_t& out)
{
    const int type = st.columnType(col);
    if (type == SQLITE_NULL && nullValue != kNotNull) {
        out = nullValue;
        return true;
    }
    if (type != SQLITE_INTEGER) {
        fail(QStringLiteral("%1 is %2, not an integer")
                 .arg(QLatin1String(name),
                      type == SQLITE_NULL ? QStringLiteral("empty (NULL)") : quoted(st.text(col))),
             m_where);
        return false;
    }
    const std::int64_t v = st.int64(col);
    if (v < min || v > max) {
        fail(QStringLiteral("%1 %2 is out of range (%3 to %4)")
                 .arg(QLatin1String(name))
                 .arg(v)
                 .arg(min)
                 .arg(max),
             m_where);
        return false;
    }
    out = v;
    return true;
}

bool CaptureFileReader::unsigned64(const SqliteStatement& st, int col, const char* name, std::uint64_t& out)
{
    const int type = st.columnType(col);
    if (type == SQLITE_NULL) {
        out = 0;
        return true;
    }
    if (type == SQLITE_INTEGER && st.int64(col) >= 0) {
        out = std::uint64_t(st.int64(col));
        return true;
    }
    // Values above 2^63 - 1 are written as a BLOB of decimal digits (see SqliteStatement::bindU64).
    const QByteArray digits = st.bytes(col);
    bool ok = type == SQLITE_BLOB && !digits.isEmpty() && digits.size() <= 20;
    for (char c : digits)
        ok = ok && c >= '0' && c <= '9';
    const qulonglong v = ok ? digits.toULongLong(&ok, 10) : 0;
    if (!ok) {
        const QString shown = type == SQLITE_BLOB ? QStringLiteral("a BLOB") : quoted(st.text(col));
        fail(QStringLiteral("%1 is %2, not a count of 0 or more").arg(QLatin1String(name), shown), m_where);
        return false;
    }
    out = v;
    return true;
}

bool CaptureFileReader::number(const SqliteStatement& st, int col, const char* name,
                               std::optional<double>& out)
{
    const int type = st.columnType(col);
    if (type == SQLITE_NULL) {
        out.reset();
        return true;
    }
    if (type != SQLITE_FLOAT && type != SQLITE_INTEGER) {
        fail(QStringLiteral("%1 is %2, not a number").arg(QLatin1String(name), quoted(st.text(col))),
             m_where);
        return false;
    }
    out = st.real(col);
    return true;
}

bool CaptureFileReader::indexSet(const SqliteStatement& st, int col, const char* name, const char* what,
                                 IndexSet& out)
{
    if (st.isNull(col)) {
        out = {};
        return true;
    }
    const QByteArray text = st.bytes(col);
    int errorAt = -1;
    auto set = IndexSet::fromRangeString(std::string_view(text.constData(), size_t(text.size())), &errorAt);
    if (!set) {
        fail(QStringLiteral("%1 %2 is not %3 (bad character at offset %4)")
                 .arg(QLatin1String(name), quoted(QString::fromUtf8(text)), QLatin1String(what),
                      QString::number(errorAt)),
             m_where);
        return false;
    }
    out = std::move(*set);
    return true;
}

bool CaptureFileReader::entityRef(std::int64_t value, const char* name, int entityCount)
{
    if (value >= 0 && value < entityCount)
        return true;
    fail(QStringLiteral("%1 %2 is not an entity of this snapshot (it has %3, ids 0 to %4)")
             .arg(QLatin1String(name))
             .arg(value)
             .arg(entityCount)
             .arg(entityCount - 1),
         m_where);
    return false;
}

bool CaptureFileReader::jsonObject(const SqliteStatement& st, int col, int okCol, const char* name,
                                   QByteArray& out)
{
    if (st.int64(okCol) != 1) {
        fail(QStringLiteral("%1 %2 is not a JSON object").arg(QLatin1String(name), quoted(st.text(col))),
             m_where);
        return false;
    }
    out = st.bytes(col);
    // SQLite's JSON keeps both copies of a repeated key, every JSON reader numasight uses keeps one: the
    // stored text and the model's typed fields (read from the outer keys) would disagree, so such a file is
    // refused rather than silently normalised. Inner objects are left as written, as the witty reader does.
    if (const auto key = duplicateJsonKey(std::string_view(out.constData(), size_t(out.size())), false)) {
        fail(QStringLiteral("%1 %2 has the key \"%3\" twice in one object; each key must appear once")
                 .arg(QLatin1String(name), quoted(QString::fromUtf8(out)),
                      QString::fromUtf8(key->data(), qsizetype(std::min<size_t>(key->size(), 40)))),
             m_where);
        return false;
    }
    return true;
}

bool CaptureFileReader::nodeIndex(EntityKind kind, int osIndex)
{
    if (kind != EntityKind::NumaNode || osIndex <= kMaxNodeOsIndex)
        return true;
    fail(QStringLiteral("os_index %1 of a NUMA node is out of range (-1 to %2)")
             .arg(osIndex)
             .arg(kMaxNodeOsIndex),
         m_where);
    return false;
}

bool CaptureFileReader::acyclicParents(qint64 snapshotId, SnapshotBuilder& builder)
{
    // 0 = not visited, 1 = on the current chain, 2 = known to reach a root.
    const int count = builder.entityCount();
    std::vector<char> state(size_t(count), 0);
    std::vector<std::int32_t> chain;
    for (std::int32_t start = 0; start < count; ++start) {
        chain.clear();
        std::int32_t at = start;
        while (at >= 0 && state[size_t(at)] == 0) {
            state[size_t(at)] = 1;
            chain.push_back(at);
            at = builder.entity(EntityId(at)).parent.value;
        }
        if (at >= 0 && state[size_t(at)] == 1) {
            setWhere(QStringLiteral("entities"), snapshotId, QStringLiteral("id"), at);
            fail(QStringLiteral("the parent column loops back to entity %1; parents must lead to a root")
                     .arg(at),
                 m_where);
            return false;
        }
        for (std::int32_t id : chain)
            state[size_t(id)] = 2;
    }
    return true;
}

bool CaptureFileReader::sequential(const SqliteStatement& st, const QString& table, qint64 snapshotId,
                                   const QString& what, qint64 expected)
{
    const QString shown = cellText(st, 0);
    m_where = QStringLiteral("%1 row (snapshot_id %2, %3 %4)").arg(table).arg(snapshotId).arg(what, shown);
    if (st.columnType(0) == SQLITE_INTEGER && st.int64(0) == expected)
        return true;
    fail(QStringLiteral("column %1 must count 0, 1, 2, … without gaps; found %2 where %3 was expected")
             .arg(what.section(QLatin1Char(' '), -1), quoted(shown), QString::number(expected)),
         m_where);
    return false;
}

} // namespace capturefile

} // namespace numasight
