#pragma once

#include <QString>

struct sqlite3;

namespace numasight {

// The capture file is one SQLite database; its schema version is PRAGMA user_version. See
// docs/capture-format.md. Bump kCaptureSchemaVersion on every change and keep readers of older versions.
inline constexpr int kCaptureSchemaVersion = 1;
inline constexpr const char* kCaptureExtension = ".numasight";
// SQLite's application_id, so `file` and our own detection can tell a capture from any other database.
inline constexpr int kCaptureApplicationId = 0x4e554d41; // "NUMA"

// Creates every table of the current version in an empty database. Returns an error message or empty.
QString createCaptureSchema(sqlite3* db);

} // namespace numasight
