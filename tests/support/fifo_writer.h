// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QFile>
#include <QString>

#include <fcntl.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

namespace numasight::test {

// A FIFO at `path` and a thread that writes `bytes` into it once a reader opens it. On destruction the
// thread is released even when no reader came (a reader that hung and was given up on): opening the read
// end without blocking lets the writer's open() return.
class FifoWriter
{
public:
    FifoWriter(const QString& path, QByteArray bytes)
        : m_path(QFile::encodeName(path))
        , m_bytes(std::move(bytes))
    {
        m_made = ::mkfifo(m_path.constData(), 0600) == 0;
        if (m_made)
            m_thread = std::thread([this] { write(); });
    }
    ~FifoWriter()
    {
        if (!m_thread.joinable())
            return;
        const int fd = ::open(m_path.constData(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
        m_thread.join();
        if (fd >= 0)
            ::close(fd);
    }
    FifoWriter(const FifoWriter&) = delete;
    FifoWriter& operator=(const FifoWriter&) = delete;

    bool made() const { return m_made; }

private:
    void write()
    {
        const int fd = ::open(m_path.constData(), O_WRONLY | O_CLOEXEC);
        if (fd < 0)
            return;
        for (qsizetype at = 0; at < m_bytes.size();) {
            const ssize_t n = ::write(fd, m_bytes.constData() + at, size_t(m_bytes.size() - at));
            if (n <= 0)
                break;
            at += n;
        }
        ::close(fd);
    }

    QByteArray m_path;
    QByteArray m_bytes;
    bool m_made = false;
    std::thread m_thread;
};

} // namespace numasight::test
