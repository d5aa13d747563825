// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "util/index_set.h"

#include <QString>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace numasight::witty {

// Small byte-level helpers of the witty reader that work on the raw text, outside simdjson.

inline bool isJsonSpace(char c)
{
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

// The first byte at or after `p` that is not JSON whitespace, or `end`.
inline const char* skipJsonSpace(const char* p, const char* end)
{
    while (p < end && isJsonSpace(*p))
        ++p;
    return p;
}

// A key as written between its quotes; `afterQuote` points just past the opening quote of a key that
// simdjson has already validated, so the closing quote exists.
std::string_view rawKey(const char* afterQuote);

// Offset of the first byte of the first invalid UTF-8 sequence, or -1.
qint64 findInvalidUtf8(std::string_view text);
// Offset of the first '[' or '{' that opens a level deeper than maxDepth, or -1.
qint64 findExcessiveNesting(std::string_view json, int maxDepth);

// Offset of the first byte that breaks JSON's structure (a missing ',' or ':', a stray one, an unclosed
// string or level, text after the value), or -1. Numbers and literals are not checked, only where they stand.
qint64 findStructureError(std::string_view json);
// Walks `json` from `start` and calls `stopAt(offset, c)` for every character outside string literals (their
// quotes and escapes are skipped); returns the offset where it first returned true, or -1.
template <class StopAt>
qint64 findOutsideStrings(std::string_view json, size_t start, StopAt&& stopAt)
{
    bool inString = false;
    for (size_t i = start; i < json.size(); ++i) {
        const char c = json[i];
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (stopAt(i, c)) {
            return qint64(i);
        }
    }
    return -1;
}

// "131507688 kB" (or a bare number) → 131507688.
std::optional<std::uint64_t> parseKilobytes(std::string_view text);

// The non-blank lines of a JSON Lines file, or at most one entry when the text is a single document
// (a pretty-printed graph's first line is only "{").
struct Line
{
    const char* begin;
    size_t size;
};
std::vector<Line> jsonLines(const char* text, size_t size, const char* firstNonBlank);

// A CPU or node list field ("0-23,48"): empty when absent, otherwise parsed or reported through onError.
template <class OnError>
IndexSet rangeField(bool present, std::string_view text, bool isString, OnError&& onError)
{
    if (!present)
        return {};
    if (!isString)
        onError(QStringLiteral("expected a string list like \"0-23,48\""));
    int errorAt = -1;
    auto set = IndexSet::fromRangeString(text, &errorAt);
    if (!set)
        onError(
            QStringLiteral("bad list at character %1: expected a list like \"0-23,48\"").arg(errorAt + 1));
    return *set;
}

} // namespace numasight::witty

namespace numasight::witty {

// Entity identities (type, namespace and key bytes) → entity index. Open addressing over one flat array,
// with the key bytes in one arena: the import looks identities up for every edge endpoint, and node-based
// maps cost several cache misses per lookup there.
class IdentityTable
{
public:
    // Room for `count` identities and, when given, `bytes` of their text.
    void reserve(size_t count, size_t bytes = 0);
    std::int32_t find(std::string_view key) const; // -1 when absent
    void insert(std::string_view key, std::int32_t id);

private:
    // 8-byte slots (a half-full table is 16 bytes per identity) pointing at 16-byte entries: 32 bytes per
    // identity besides its key bytes, where one 24-byte slot kind cost 48 to 96.
    struct Slot
    {
        std::uint32_t hash = 0;
        std::uint32_t entry = 0; // index in m_entries + 1; 0 for an empty slot
    };
    struct Entry
    {
        std::uint64_t offset = 0;
        std::uint32_t length = 0;
        std::int32_t id = -1;
    };
    static std::uint32_t hashOf(std::string_view key);
    void place(Slot slot);
    std::vector<Slot> m_slots;
    std::vector<Entry> m_entries;
    std::string m_arena;
};

} // namespace numasight::witty
