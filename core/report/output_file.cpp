// SPDX-License-Identifier: GPL-3.0-or-later
#include "output_file.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace numasight {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(numasight::OutputFile)
};

std::atomic_bool g_abandoned{false};
// The temporary being written, for abandonOutputs(): a signal handler may read it at any moment, so it is a
// plain C string owned by the OutputFile that registered it.
std::atomic<char*> g_pending{nullptr};

mode_t defaultMode()
{
    const mode_t mask = ::umask(0);
    ::umask(mask);
    return 0666 & ~mask;
}

} // namespace

bool isStandardOutput(const QString& path)
{
    return path == u"-";
}

bool sameFile(const QString& input, const QString& output)
{
    struct stat a = {}, b = {};
    if (::stat(QFile::encodeName(input).constData(), &a) == 0 &&
        ::stat(QFile::encodeName(output).constData(), &b) == 0)
        return a.st_dev == b.st_dev && a.st_ino == b.st_ino;
    return QFileInfo(input).absoluteFilePath() == QFileInfo(output).absoluteFilePath();
}

void abandonOutputs()
{
    g_abandoned.store(true);
    if (char* temp = g_pending.exchange(nullptr))
        ::unlink(temp);
}

OutputFile::OutputFile(const QString& path)
    : m_path(path)
{
}

OutputFile::~OutputFile()
{
    if (!m_committed)
        discard();
}

bool OutputFile::fail(Step step, int error)
{
    const QString why = QString::fromLocal8Bit(std::strerror(error));
    if (g_abandoned.load()) {
        m_abandoned = true;
        m_reason = Tr::tr("interrupted; nothing was written");
    } else if (isStandardOutput(m_path)) {
        m_reason = Tr::tr("cannot write: %1").arg(why);
    } else if (step == Step::Open) {
        m_reason = Tr::tr("cannot write: %1; pick a folder you can write to").arg(why);
    } else {
        m_reason = m_existed ? Tr::tr("cannot write: %1; check the free space and permissions; the file "
                                      "was left as it was")
                                   .arg(why)
                             : Tr::tr("cannot write: %1; check the free space and permissions").arg(why);
    }
    discard();
    return false;
}

QString OutputFile::displayName() const
{
    return isStandardOutput(m_path) ? Tr::tr("standard output") : m_path;
}

void OutputFile::discard()
{
    if (m_fd >= 0 && m_ownsFd)
        ::close(m_fd);
    m_fd = -1;
    if (m_temp.isEmpty())
        return;
    unregister();
    ::unlink(m_temp.constData());
    m_temp.clear();
}

void OutputFile::unregister()
{
    for (char* p = g_pending.load(); p && std::strcmp(p, m_temp.constData()) == 0; p = g_pending.load())
        if (g_pending.compare_exchange_weak(p, nullptr)) {
            std::free(p);
            return;
        }
}

bool OutputFile::open()
{
    if (g_abandoned.load())
        return fail(Step::Write, 0);
    if (isStandardOutput(m_path)) {
        std::fflush(stdout); // what the program printed before comes first
        m_fd = STDOUT_FILENO;
        m_ownsFd = false;
        return true;
    }
    QFileInfo info(m_path);
    m_target = QFile::encodeName(m_path);
    if (info.isSymLink()) {
        // Write through the link as editors do: the link stays, the file it names gets the content.
        const QString target = info.exists() ? info.canonicalFilePath() : info.symLinkTarget();
        if (!target.isEmpty()) {
            m_target = QFile::encodeName(target);
            info.setFile(target);
        }
    }
    struct stat st = {};
    const bool exists = ::stat(m_target.constData(), &st) == 0;
    m_existed = exists;
    if (exists && !S_ISREG(st.st_mode)) {
        // A FIFO or a device cannot be replaced by a rename, and has nothing to lose.
        m_fd = ::open(m_target.constData(), O_WRONLY | O_CLOEXEC);
        return m_fd >= 0 || fail(Step::Open, errno);
    }
    const QByteArray dir = QFile::encodeName(info.absolutePath());
    m_temp = dir + '/' + '.' + QFile::encodeName(info.fileName()) + ".XXXXXX";
    m_fd = ::mkostemp(m_temp.data(), O_CLOEXEC);
    if (m_fd < 0) {
        const int error = errno;
        m_temp.clear();
        return fail(Step::Open, error);
    }
    char* pending = ::strdup(m_temp.constData());
    char* none = nullptr;
    if (!g_pending.compare_exchange_strong(none, pending))
        std::free(pending); // another file is being written: this one is removed by its owner only
    // mkostemp makes it private; the result has the old file's mode, or a new file's.
    if (::fchmod(m_fd, exists ? (st.st_mode & 07777) : defaultMode()) != 0)
        return fail(Step::Open, errno);
    return true;
}

bool OutputFile::write(const char* data, qint64 size)
{
    if (m_fd < 0)
        return false;
    while (size > 0) {
        if (g_abandoned.load())
            return fail(Step::Write, 0);
        const ssize_t n = ::write(m_fd, data, size_t(size));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return fail(Step::Write, n < 0 ? errno : ENOSPC);
        data += n;
        size -= n;
    }
    return true;
}

bool OutputFile::commit()
{
    if (m_fd < 0)
        return false;
    if (g_abandoned.load())
        return fail(Step::Write, 0);
    if (m_temp.isEmpty()) {
        m_committed = true;
        if (!m_ownsFd)
            return true;
        const int fd = m_fd;
        m_fd = -1;
        return ::close(fd) == 0 || fail(Step::Write, errno);
    }
    // A delayed allocation can fail only here (NFS, ext4 with a quota): the rename waits for the data.
    if (::fsync(m_fd) != 0 && errno != EINVAL)
        return fail(Step::Write, errno);
    const int fd = m_fd;
    m_fd = -1;
    if (::close(fd) != 0)
        return fail(Step::Write, errno);
    if (g_abandoned.load())
        return fail(Step::Write, 0);
    if (::rename(m_temp.constData(), m_target.constData()) != 0)
        return fail(Step::Write, errno);
    unregister();
    m_temp.clear();
    m_committed = true;
    return true;
}

std::optional<QString> writeOutputFile(const QString& path, const QByteArray& bytes, bool* abandoned)
{
    OutputFile file(path);
    if (file.open() && file.write(bytes) && file.commit())
        return std::nullopt;
    if (abandoned)
        *abandoned = file.abandoned();
    return file.errorString();
}

} // namespace numasight
