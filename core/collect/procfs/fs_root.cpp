// SPDX-License-Identifier: GPL-3.0-or-later
#include "fs_root.h"

#include <algorithm>
#include <cerrno>
#include <dirent.h>
#include <fcntl.h>
#include <unistd.h>

namespace numasight {

namespace {

QString joined(const QString& root, QStringView middle, QStringView relative)
{
    QString out = root;
    if (!out.endsWith(QLatin1Char('/')))
        out += QLatin1Char('/');
    out += middle;
    out += relative;
    return out;
}

ReadStatus statusOfErrno(int error)
{
    // ESRCH: the task died while we held its folder open; ENOTDIR can show up when a pid is reused as a file.
    return (error == ENOENT || error == ESRCH || error == ENOTDIR) ? ReadStatus::Gone : ReadStatus::Refused;
}

} // namespace

QString FsRoot::proc(QStringView relative) const
{
    return joined(path, u"proc/", relative);
}

QString FsRoot::sys(QStringView relative) const
{
    return joined(path, u"sys/", relative);
}

QString FsRoot::sysRoot() const
{
    return joined(path, u"sys", u"");
}

QString FsRoot::pidPath(std::int64_t pid, QStringView file) const
{
    QString relative = QString::number(pid);
    relative += QLatin1Char('/');
    relative += file;
    return proc(relative);
}

QString FsRoot::taskPath(std::int64_t pid, std::int64_t tid, QStringView file) const
{
    QString relative = QString::number(pid);
    relative += QLatin1String("/task/");
    relative += QString::number(tid);
    relative += QLatin1Char('/');
    relative += file;
    return proc(relative);
}

FileText readFileText(const QString& path, qint64 limit)
{
    FileText out;
    const QByteArray local = path.toLocal8Bit();
    const int fd = ::open(local.constData(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        out.error = errno;
        out.status = statusOfErrno(out.error);
        return out;
    }
    // Most proc files fit in one page; grow geometrically for numa_maps of large processes.
    qint64 used = 0;
    out.text.resize(4096);
    for (;;) {
        if (used == out.text.size()) {
            if (used >= limit)
                break;
            out.text.resize(std::min<qint64>(limit, out.text.size() * 2));
        }
        const ssize_t n = ::read(fd, out.text.data() + used, size_t(out.text.size() - used));
        if (n < 0) {
            if (errno == EINTR)
                continue;
            out.error = errno;
            break;
        }
        if (n == 0)
            break;
        used += n;
    }
    ::close(fd);
    out.text.truncate(used);
    if (out.error != 0) {
        // A directory opens fine and then fails with EISDIR: a refusal, not a vanished task.
        out.status = statusOfErrno(out.error);
        out.text.clear();
    } else {
        out.status = ReadStatus::Ok;
    }
    return out;
}

QString readLinkTarget(const QString& path, ReadOutcome* status)
{
    const QByteArray local = path.toLocal8Bit();
    char buffer[4096];
    const ssize_t n = ::readlink(local.constData(), buffer, sizeof buffer);
    if (n < 0) {
        if (status)
            *status = {statusOfErrno(errno), errno};
        return {};
    }
    if (status)
        *status = {};
    return QString::fromLocal8Bit(buffer, qsizetype(n));
}

std::vector<std::int64_t> listNumericEntries(const QString& dir, ReadOutcome* status)
{
    std::vector<std::int64_t> out;
    const QByteArray local = dir.toLocal8Bit();
    DIR* d = ::opendir(local.constData());
    if (!d) {
        if (status)
            *status = {statusOfErrno(errno), errno};
        return out;
    }
    while (const dirent* entry = ::readdir(d)) {
        const char* name = entry->d_name;
        if (*name < '0' || *name > '9')
            continue;
        std::int64_t value = 0;
        bool numeric = true;
        for (const char* c = name; *c; ++c) {
            if (*c < '0' || *c > '9' || value > (INT64_MAX - 9) / 10) {
                numeric = false;
                break;
            }
            value = value * 10 + (*c - '0');
        }
        if (numeric)
            out.push_back(value);
    }
    ::closedir(d);
    std::sort(out.begin(), out.end());
    if (status)
        *status = {};
    return out;
}

} // namespace numasight
