// SPDX-License-Identifier: GPL-3.0-or-later
#include "witty_json_scan.h"

#include "util/huge_pages.h"
#include "util/json_text.h"

#include <algorithm>
#include <charconv>
#include <cstring>
#include <functional>

namespace numasight::witty {

std::string_view rawKey(const char* afterQuote)
{
    const char* p = afterQuote;
    while (*p != '"') {
        if (*p == '\\')
            ++p;
        ++p;
    }
    return {afterQuote, size_t(p - afterQuote)};
}

qint64 findInvalidUtf8(std::string_view text)
{
    const auto* s = reinterpret_cast<const unsigned char*>(text.data());
    const size_t n = text.size();
    size_t i = 0;
    while (i < n) {
        const unsigned char c = s[i];
        if (c < 0x80) {
            ++i;
            continue;
        }
        int length = 0;
        std::uint32_t cp = 0;
        if (c >= 0xc2 && c <= 0xdf) {
            length = 2;
            cp = c & 0x1f;
        } else if (c >= 0xe0 && c <= 0xef) {
            length = 3;
            cp = c & 0x0f;
        } else if (c >= 0xf0 && c <= 0xf4) {
            length = 4;
            cp = c & 0x07;
        } else {
            return qint64(i);
        }
        if (i + size_t(length) > n)
            return qint64(i);
        for (int k = 1; k < length; ++k) {
            if ((s[i + size_t(k)] & 0xc0) != 0x80)
                return qint64(i);
            cp = (cp << 6) | (s[i + size_t(k)] & 0x3f);
        }
        // Overlong forms, UTF-16 surrogates and code points past U+10FFFF are invalid too.
        if ((length == 3 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) ||
            (length == 4 && (cp < 0x10000 || cp > 0x10ffff)))
            return qint64(i);
        i += size_t(length);
    }
    return -1;
}

qint64 findExcessiveNesting(std::string_view json, int maxDepth)
{
    int depth = 0;
    return findOutsideStrings(json, 0, [&](size_t, char c) {
        if (c == '[' || c == '{')
            return ++depth > maxDepth;
        if (c == ']' || c == '}')
            --depth;
        return false;
    });
}

namespace {

bool isStructural(char c)
{
    return c == '{' || c == '}' || c == '[' || c == ']' || c == ':' || c == ',' || c == '"';
}

// Just past the closing quote of the string that opens at `at`, or npos when it is not closed.
size_t skipString(std::string_view json, size_t at)
{
    const size_t quote = jsonStringEnd(json, at);
    return quote == std::string_view::npos ? quote : quote + 1;
}

} // namespace

qint64 findStructureError(std::string_view json)
{
    enum class Expect
    {
        Value,
        ValueOrEnd,
        Key,
        KeyOrEnd,
        Colon,
        CommaOrEnd,
        Nothing
    };
    // '{' or '[' of each level; kept between calls, as this runs once per value the reader keeps whole.
    thread_local std::vector<char> open;
    open.clear();
    Expect expect = Expect::Value;
    const auto valueDone = [&] { expect = open.empty() ? Expect::Nothing : Expect::CommaOrEnd; };
    const auto close = [&] {
        open.pop_back();
        valueDone();
    };
    size_t i = 0;
    while (i < json.size()) {
        const char c = json[i];
        if (isJsonSpace(c)) {
            ++i;
            continue;
        }
        switch (expect) {
        case Expect::Nothing:
            return qint64(i);
        case Expect::Value:
        case Expect::ValueOrEnd:
            if (c == ']' && expect == Expect::ValueOrEnd) {
                close();
                ++i;
            } else if (c == '{' || c == '[') {
                open.push_back(c);
                expect = c == '{' ? Expect::KeyOrEnd : Expect::ValueOrEnd;
                ++i;
            } else if (c == '"') {
                const size_t end = skipString(json, i);
                if (end == std::string_view::npos)
                    return qint64(i);
                i = end;
                valueDone();
            } else if (isStructural(c)) {
                return qint64(i);
            } else { // a number or literal: simdjson checks those it reads; here only their place counts
                while (i < json.size() && !isStructural(json[i]) && !isJsonSpace(json[i]))
                    ++i;
                valueDone();
            }
            break;
        case Expect::Key:
        case Expect::KeyOrEnd:
            if (c == '}' && expect == Expect::KeyOrEnd) {
                close();
                ++i;
                break;
            }
            if (c != '"')
                return qint64(i);
            i = skipString(json, i);
            if (i == std::string_view::npos)
                return qint64(json.size());
            expect = Expect::Colon;
            break;
        case Expect::Colon:
            if (c != ':')
                return qint64(i);
            ++i;
            expect = Expect::Value;
            break;
        case Expect::CommaOrEnd:
            if (c == ',') {
                expect = open.back() == '{' ? Expect::Key : Expect::Value;
                ++i;
            } else if (c == (open.back() == '{' ? '}' : ']')) {
                close();
                ++i;
            } else {
                return qint64(i);
            }
            break;
        }
    }
    return expect == Expect::Nothing ? -1 : qint64(json.size());
}

std::optional<std::uint64_t> parseKilobytes(std::string_view text)
{
    std::uint64_t value = 0;
    const auto r = std::from_chars(text.data(), text.data() + text.size(), value);
    if (r.ec != std::errc() || r.ptr == text.data())
        return std::nullopt;
    std::string_view rest(r.ptr, size_t(text.data() + text.size() - r.ptr));
    while (!rest.empty() && rest.front() == ' ')
        rest.remove_prefix(1);
    if (rest.empty() || rest == "kB" || rest == "KB" || rest == "kb")
        return value;
    return std::nullopt;
}

std::vector<Line> jsonLines(const char* text, size_t size, const char* firstNonBlank)
{
    const char* const end = text + size;
    auto trimmedLine = [&](const char* from, const char** next) {
        const char* nl = static_cast<const char*>(std::memchr(from, '\n', size_t(end - from)));
        const char* lineEnd = nl ? nl : end;
        *next = nl ? nl + 1 : end;
        const char* b = from;
        const char* e = lineEnd;
        while (b < e && isJsonSpace(*b))
            ++b;
        while (e > b && isJsonSpace(e[-1]))
            --e;
        return Line{b, size_t(e - b)};
    };
    std::vector<Line> lines;
    const char* next = nullptr;
    const Line first = trimmedLine(firstNonBlank, &next);
    lines.push_back(first);
    // A single document unless its first line is already a complete-looking object and more follows.
    if (first.size < 2 || first.begin[first.size - 1] != '}')
        return lines;
    while (next < end) {
        const Line line = trimmedLine(next, &next);
        if (line.size)
            lines.push_back(line);
    }
    return lines;
}

} // namespace numasight::witty

namespace numasight::witty {

std::uint32_t IdentityTable::hashOf(std::string_view key)
{
    return std::uint32_t(std::hash<std::string_view>()(key));
}

void IdentityTable::place(Slot slot)
{
    const size_t mask = m_slots.size() - 1;
    size_t i = slot.hash & mask;
    while (m_slots[i].entry)
        i = (i + 1) & mask;
    m_slots[i] = slot;
}

void IdentityTable::reserve(size_t count, size_t bytes)
{
    if (bytes > m_arena.capacity())
        m_arena.reserve(bytes);
    size_t capacity = 16;
    while (capacity < count * 2)
        capacity *= 2;
    if (capacity <= m_slots.size())
        return;
    std::vector<Slot> old = std::move(m_slots);
    m_slots = {};
    m_slots.reserve(capacity);
    adviseHugePages(m_slots);
    m_slots.assign(capacity, Slot{});
    for (const Slot& s : old)
        if (s.entry)
            place(s);
    if (count > m_entries.capacity()) {
        m_entries.reserve(count);
        adviseHugePages(m_entries);
    }
}

std::int32_t IdentityTable::find(std::string_view key) const
{
    if (m_slots.empty())
        return -1;
    const std::uint32_t h = hashOf(key);
    const size_t mask = m_slots.size() - 1;
    for (size_t i = h & mask;; i = (i + 1) & mask) {
        const Slot& s = m_slots[i];
        if (!s.entry)
            return -1;
        if (s.hash != h)
            continue;
        const Entry& e = m_entries[s.entry - 1];
        if (e.length == key.size() && std::memcmp(m_arena.data() + e.offset, key.data(), key.size()) == 0)
            return e.id;
    }
}

void IdentityTable::insert(std::string_view key, std::int32_t id)
{
    if ((m_entries.size() + 1) * 2 > m_slots.size())
        reserve(std::max<size_t>(m_entries.size() + 1, m_slots.size()));
    m_entries.push_back(Entry{m_arena.size(), std::uint32_t(key.size()), id});
    place(Slot{hashOf(key), std::uint32_t(m_entries.size())});
    m_arena.append(key);
}

} // namespace numasight::witty
