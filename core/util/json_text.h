// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QString>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace numasight {

// Entity attributes and edge payloads are stored as compact JSON text; these convert at the edges
// (details pane, capture file) where a parsed object is wanted.
QJsonObject parseJsonObject(const QByteArray& text);
QByteArray compactJson(const QJsonObject& object);

// Appends `value` as Python's json module writes a float (its repr): the shortest digits that read back
// exactly, positional with a fraction for decimal exponents -4 to 15 ("0.0", "2000000000.0"), scientific
// otherwise ("1e-05", "1e+16"), "null" for NaN and infinities. witty-profiler's readers are Python, so a
// whole-number float written as "1" would come back as an int there.
void appendPythonFloat(QByteArray& out, double value);

// Writing JSON by hand, where QJsonDocument would be too slow or would reorder keys (the witty exports):
// `"key":` after a comma unless the object has just been opened, and a string literal with quotes,
// backslashes and control characters escaped.
void appendJsonKey(QByteArray& out, const char* key);
void appendJsonString(QByteArray& out, QStringView text);

// Where the string literal whose opening quote is at `open` ends: the offset of its closing quote (the first
// one after an even run of backslashes), or npos when it is not closed. Found with memchr: readers run it
// over most of a file's bytes.
size_t jsonStringEnd(std::string_view json, size_t open);

// The first key written twice in one object of a valid JSON text (compared as written, escapes not
// decoded), or nullopt; with `nested` false, only among the keys of the outer object. JSON readers keep one
// of the copies, and not all the same one.
std::optional<std::string_view> duplicateJsonKey(std::string_view json, bool nested = true);
// `object`, the compact text of a valid JSON object (no blanks outside strings, as simdjson::minify writes
// it), without the outer members for which `drop(key as written, value text)` is true:
// {"a":1,"b":[2],"c":3} without "b" is {"a":1,"c":3}. Text that is not an object comes back unchanged.
std::string withoutMembers(std::string_view object,
                           bool (*drop)(std::string_view key, std::string_view value));

// The first string that `strings` holds twice from index `first` on (reorders that range), or nullopt.
std::optional<std::string_view> repeatedString(std::vector<std::string_view>& strings, size_t first = 0);

} // namespace numasight
