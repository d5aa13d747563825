// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/snapshot.h"

#include <QList>
#include <QPair>
#include <QString>

#include <functional>

struct sqlite3;

namespace numasight {

class SqliteStatement;

// Writes the rows of one capture's parts into an open database whose schema exists. Shared by
// writeCaptureFile (everything in one transaction) and CaptureAppender (one transaction per sample), so a
// recording and a saved capture hold exactly the same rows. Transactions are the caller's business.
class CaptureRows
{
public:
    // `tick` is called after every row; returning false stops the write (cancel).
    CaptureRows(sqlite3* db, std::function<bool()> tick);

    bool writeMeta(const SourceInfo& source);
    bool writeHosts(const std::vector<CaptureHost>& hosts);
    bool writeSnapshot(int index, const Snapshot& snapshot);
    bool writeSample(int index, const Sample& sample);

    // After a write returned false: stopped by `tick`, or the SQLite error code and the row it happened at.
    bool stoppedByTick() const { return m_stopped; }
    int failedCode() const { return m_rc; }
    QString failedWhere() const { return m_where; }

    // Rows a sample adds, for progress totals.
    static qint64 rowCount(const Sample& sample);

private:
    bool writeEntities(int index, const Snapshot& snapshot);
    bool writeEdges(int index, const Snapshot& snapshot);
    bool writeDistances(int index, const Snapshot& snapshot);
    bool writeMemoryAttributes(int index, const Snapshot& snapshot);
    bool writeCpuNodes(int index, const Snapshot& snapshot);
    bool prepare(SqliteStatement& st, const char* sql);
    bool done(int rc, const QString& where);
    bool tick();

    sqlite3* m_db;
    std::function<bool()> m_tick;
    bool m_stopped = false;
    int m_rc = 0;
    QString m_where;
};

// ISO 8601 UTC with milliseconds, as every time in the file is written.
QString captureTimeText(const QDateTime& t);

// The `meta` rows that describe `source` (key, value), as the meta table and each fleet host's meta hold
// them.
QList<QPair<QString, QString>> captureMetaRows(const SourceInfo& source);
// Reads one such row into `source`; false when its value is malformed (captured_at not an ISO 8601 time).
// source_path and source_format are read too: the capture's own reader puts its path and "capture" back
// after.
bool applyCaptureMetaRow(SourceInfo& source, const QString& key, const QString& value);

} // namespace numasight
