// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/snapshot.h"
#include "util/result.h"

#include <QString>

#include <memory>
#include <optional>

namespace numasight {

// Grows a capture file while a recording runs. The file is created complete (source and first snapshot)
// through writeCaptureFile, so it is a valid capture from the first moment; then each sample, and each
// new workload snapshot, is added in its own transaction with a rollback journal (journal_mode DELETE,
// synchronous FULL). Killing the process at any moment therefore leaves either the last committed state or
// a hot journal that restores it; readCaptureFile plays such a journal back, so every completed sample
// opens. A failed append (full disk, file-size limit) is rolled back, stops the appender, and says which
// file keeps how many samples.
class CaptureAppender
{
public:
    // `initial` holds the source and at least one snapshot; its samples are written too.
    static Result<std::unique_ptr<CaptureAppender>> create(const Capture& initial, const QString& path);
    ~CaptureAppender();
    CaptureAppender(const CaptureAppender&) = delete;
    CaptureAppender& operator=(const CaptureAppender&) = delete;

    // Both return once the data is on disk. After an error every later call returns the same error.
    Result<int> appendSnapshot(const Snapshot& snapshot); // the new snapshot's index
    std::optional<LoadError> appendSample(const Sample& sample);

    int snapshotCount() const { return m_snapshots; }
    int sampleCount() const { return m_samples; }
    QString path() const { return m_path; }

private:
    CaptureAppender() = default;
    template <class Write>
    std::optional<LoadError> transaction(const QString& what, Write&& write);
    LoadError failure(int rc, const QString& what) const;

    struct Db;
    std::unique_ptr<Db> m_db;
    QString m_path;
    int m_snapshots = 0;
    int m_samples = 0;
    std::optional<LoadError> m_failed;
};

} // namespace numasight
