#pragma once

#include "model/snapshot.h"

#include <QObject>
#include <QThreadPool>

namespace numasight {

// Saves a capture off the GUI thread: a recording by copying its file (it is already a capture, and a copy
// keeps it byte for byte), anything else through writeCaptureFile. Both write to a temporary file beside
// the target and rename it at the end, so a failure never leaves half a file where the target was.
class SaveJob : public QObject
{
    Q_OBJECT
public:
    explicit SaveJob(QObject* parent = nullptr);
    ~SaveJob() override; // waits for a save in progress: a half-written file must not be abandoned

    // `sourceFile` non-empty: copy that file; otherwise write `capture`.
    void start(CapturePtr capture, const QString& sourceFile, const QString& target);
    bool isRunning() const { return m_running; }

signals:
    void saved(const QString& path);
    void failed(const QString& message);

private:
    QThreadPool m_pool;
    bool m_running = false;
};

// Copies `from` to `to` through a temporary file renamed at the end; an error message or empty.
QString copyFileAtomically(const QString& from, const QString& to);

} // namespace numasight
