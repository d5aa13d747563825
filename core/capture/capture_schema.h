// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

struct sqlite3;

namespace numasight {

// The capture file is one SQLite database; its schema version is PRAGMA user_version. See
// docs/capture-format.md. Bump kCaptureSchemaVersion on every change and keep readers of older versions.
inline constexpr int kCaptureSchemaVersion = 3; // 2: samples (a recording's time series); 3: hosts (a fleet)
inline constexpr const char* kCaptureExtension = ".numasight";
// SQLite's application_id, so `file` and our own detection can tell a capture from any other database.
inline constexpr int kCaptureApplicationId = 0x4e554d41; // "NUMA"

// Creates every table, index and view of the current version in an empty database, and sets
// application_id and user_version. Returns an error message or empty.
QString createCaptureSchema(sqlite3* db);

// The tables a file of schema `version` must have (1 ≤ version ≤ kCaptureSchemaVersion).
QStringList captureTables(int version);

} // namespace numasight
