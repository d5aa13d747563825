// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>

#include <cstdint>
#include <string_view>
#include <type_traits>
#include <vector>

namespace numasight {

// The filesystem the procfs collectors read: "/" on a live machine, a folder holding proc/ and sys/ in
// tests (the idea of hwloc's HWLOC_FSROOT), so multi-node machines can be faked on a one-node box.
struct FsRoot
{
    QString path = QStringLiteral("/");

    bool isLive() const { return path == QLatin1String("/"); }
    // "<root>/proc/<relative>" and "<root>/sys/<relative>".
    QString proc(QStringView relative) const;
    QString sys(QStringView relative) const;
    QString sysRoot() const; // "<root>/sys", what the hwloc sysfs helper takes
    QString pidPath(std::int64_t pid, QStringView file) const; // proc/<pid>/<file>
    QString taskPath(std::int64_t pid, std::int64_t tid,
                     QStringView file) const; // proc/<pid>/task/<tid>/<file>
    // A thread's file, or its process's when tid < 0.
    QString pidOrTaskPath(std::int64_t pid, std::int64_t tid, QStringView file) const
    {
        return tid < 0 ? pidPath(pid, file) : taskPath(pid, tid, file);
    }
};

// How reading one file went. A process that exits between listing and reading makes its files vanish
// (ENOENT, ESRCH): that is normal and skipped silently. Anything else (EACCES, EPERM, a directory where a
// file was expected) is a refusal worth telling the user about once.
enum class ReadStatus
{
    Ok,
    Gone,
    Refused
};

// A read's outcome with the errno behind it, for messages.
struct ReadOutcome
{
    ReadStatus status = ReadStatus::Ok;
    int error = 0;

    bool ok() const { return status == ReadStatus::Ok; }
    bool refused() const { return status == ReadStatus::Refused; }
};

struct FileText
{
    ReadStatus status = ReadStatus::Gone;
    QByteArray text;
    int error = 0; // errno when not Ok
};

// Reads a whole proc/sys file (they report size 0, so this reads until EOF), at most `limit` bytes.
FileText readFileText(const QString& path, qint64 limit = 64 << 20);

// Reads `path` and returns what `parse` makes of its text; `status` (when given) says how the read went, and
// a failed read returns an empty result without parsing.
template <class Parse>
auto readParsed(const QString& path, ReadOutcome* status, Parse&& parse, qint64 limit = 64 << 20)
    -> std::invoke_result_t<Parse, std::string_view>
{
    const FileText file = readFileText(path, limit);
    if (status)
        *status = {file.status, file.error};
    if (file.status != ReadStatus::Ok)
        return {};
    return parse(std::string_view(file.text.constData(), size_t(file.text.size())));
}
// The target of a symbolic link (fd entries, sysfs device links); empty with `status` set on failure.
QString readLinkTarget(const QString& path, ReadOutcome* status = nullptr);
// Numeric names in a folder (pids in proc/, tids in proc/<pid>/task/, fds in proc/<pid>/fd/), ascending.
std::vector<std::int64_t> listNumericEntries(const QString& dir, ReadOutcome* status = nullptr);

} // namespace numasight
