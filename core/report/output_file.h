// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>

#include <optional>

// How every file numasight writes for a user (exports, conversions) reaches the disk: whole or not at all,
// and never "done" when the disk said no. QSaveFile renames its temporary even when the flush of its buffer
// failed (a full disk left a 0-byte file and exit 0), so the writes are checked here one by one.
namespace numasight {

// Whether `path` means standard output: "-".
bool isStandardOutput(const QString& path);

// A file written through a temporary beside it that replaces `path` only when every write, the sync to disk
// and the rename succeeded; on failure, or once abandonOutputs() ran, the old file stays as it was and the
// temporary is removed. A symlink is written through (the link stays, its target gets the content); a path
// that is not a regular file (a FIFO, /dev/null) is written directly; "-" is standard output.
class OutputFile
{
public:
    explicit OutputFile(const QString& path);
    ~OutputFile();
    OutputFile(const OutputFile&) = delete;
    OutputFile& operator=(const OutputFile&) = delete;

    bool open();
    bool write(const char* data, qint64 size);
    bool write(const QByteArray& bytes) { return write(bytes.constData(), bytes.size()); }
    bool commit();

    // After a false return: one line naming the file, what failed and what to do.
    QString errorString() const { return displayName() + QStringLiteral(": ") + m_reason; }
    // The same without the file's name, for a LoadError that names it itself.
    QString reason() const { return m_reason; }
    // The path, or "standard output".
    QString displayName() const;
    // After a false return: whether a signal stopped the write (Ctrl-C), rather than the file system.
    bool abandoned() const { return m_abandoned; }

private:
    enum class Step
    {
        Open, // where the file cannot be: a missing or read-only folder
        Write // what the disk refused: space, a size limit, an I/O error
    };
    bool fail(Step step, int error);
    void discard();
    void unregister();

    QString m_path;
    QByteArray m_target; // the file that gets the content: the path, or a symlink's target
    QByteArray m_temp;   // empty when writing directly
    int m_fd = -1;
    bool m_ownsFd = true;
    bool m_existed = false; // what a failure leaves: the old file, or nothing
    bool m_committed = false;
    bool m_abandoned = false;
    QString m_reason;
};

// Whether writing `output` would overwrite `input`: the same file under any name (a symlink, a hard link,
// "./x" and "x").
bool sameFile(const QString& input, const QString& output);

// Writes `bytes` to `path` as OutputFile does; the error line when it could not.
std::optional<QString> writeOutputFile(const QString& path, const QByteArray& bytes,
                                       bool* abandoned = nullptr);

// For a signal handler (async-signal-safe): removes the temporary of the file being written, if any, and
// makes every later write and commit of this process fail, so an interrupted program leaves no file behind.
void abandonOutputs();

} // namespace numasight
