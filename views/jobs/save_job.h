// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/snapshot.h"
#include "views/jobs/worker_job.h"

namespace numasight {

// Saves a capture off the GUI thread: a recording by copying its file (it is already a capture, and a copy
// keeps it byte for byte), anything else through writeCaptureFile. Both write to a temporary file beside
// the target and rename it at the end, so a failure never leaves half a file where the target was.
class SaveJob : public WorkerJob
{
    Q_OBJECT
public:
    // Destroying it waits for the saves asked for: a half-written file must not be abandoned.
    explicit SaveJob(QObject* parent = nullptr);

    // `sourceFile` non-empty: copy that file; otherwise write `capture`.
    void start(CapturePtr capture, const QString& sourceFile, const QString& target);

signals:
    void saved(const QString& path);
    void failed(const QString& message);
};

// Copies `from` to `to` through a temporary file renamed at the end; an error message or empty.
QString copyFileAtomically(const QString& from, const QString& to);

} // namespace numasight
