// SPDX-License-Identifier: GPL-3.0-or-later
#include "json_text.h"

#include <QJsonDocument>

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

namespace numasight {

QJsonObject parseJsonObject(const QByteArray& text)
{
    if (text.isEmpty())
        return {};
    return QJsonDocument::fromJson(text).object();
}

QByteArray compactJson(const QJsonObject& object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

void appendJsonKey(QByteArray& out, const char* key)
{
    if (!out.endsWith('{'))
        out += ',';
    out += '"';
    out += key;
    out += "\":";
}

void appendJsonString(QByteArray& out, QStringView text)
{
    out += '"';
    const QByteArray utf8 = text.toUtf8();
    for (const char c : utf8) {
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            if (static_cast<unsigned char>(c) < 0x20) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\u%04x", unsigned(static_cast<unsigned char>(c)));
                out += buf;
            } else {
                out += c;
            }
        }
    }
    out += '"';
}

void appendPythonFloat(QByteArray& out, double value)
{
    if (!std::isfinite(value)) {
        out += "null";
        return;
    }
    // Python's repr: the shortest digits that read back exactly, positional for decimal exponents -4 to 15
    // ("2000000000.0", "0.0001"), scientific otherwise ("1e-05", "1.5e+16").
    char buf[400];
    const auto sci = std::to_chars(buf, buf + sizeof buf, value, std::chars_format::scientific);
    const QByteArrayView sciText(buf, qsizetype(sci.ptr - buf));
    const char* e = std::find(buf, sci.ptr, 'e');
    int exponent = 0;
    if (e != sci.ptr)
        std::from_chars(e + 1 + (e[1] == '+' ? 1 : 0), sci.ptr, exponent);
    if (value != 0 && (exponent < -4 || exponent >= 16)) {
        out += sciText;
        return;
    }
    const auto fixed = std::to_chars(buf, buf + sizeof buf, value, std::chars_format::fixed);
    const QByteArrayView text(buf, qsizetype(fixed.ptr - buf));
    out += text;
    if (!text.contains('.'))
        out += ".0";
}

size_t jsonStringEnd(std::string_view json, size_t open)
{
    size_t at = open + 1;
    for (;;) {
        const void* q = std::memchr(json.data() + at, '"', json.size() - at);
        if (!q)
            return std::string_view::npos;
        const size_t quote = size_t(static_cast<const char*>(q) - json.data());
        size_t backslashes = 0;
        while (quote - backslashes > open + 1 && json[quote - backslashes - 1] == '\\')
            ++backslashes;
        if (backslashes % 2 == 0)
            return quote;
        at = quote + 1;
    }
}

// Whether keys[first..] holds one key twice. Objects are small (witty's have about 15 keys): compared
// pairwise up to a few dozen, sorted beyond, so that a hostile object of a million keys costs n log n, not
// n².
std::optional<std::string_view> repeatedString(std::vector<std::string_view>& keys, size_t first)
{
    const size_t n = keys.size() - first;
    if (n <= 32) {
        for (size_t i = first; i < keys.size(); ++i)
            for (size_t j = i + 1; j < keys.size(); ++j)
                if (keys[i] == keys[j])
                    return keys[i];
        return std::nullopt;
    }
    const auto begin = keys.begin() + std::ptrdiff_t(first);
    std::sort(begin, keys.end());
    if (const auto twice = std::adjacent_find(begin, keys.end()); twice != keys.end())
        return *twice;
    return std::nullopt;
}

std::string withoutMembers(std::string_view object,
                           bool (*drop)(std::string_view key, std::string_view value))
{
    if (object.size() < 2 || object.front() != '{' || object.back() != '}')
        return std::string(object);
    std::string out;
    out.reserve(object.size());
    out += '{';
    size_t i = 1;
    const size_t last = object.size() - 1; // the closing brace
    while (i < last) {
        // One member: "key":value, where the value ends at the comma or brace of depth zero.
        const size_t memberStart = i;
        if (object[i] != '"')
            return std::string(object);
        const size_t keyEnd = jsonStringEnd(object, i);
        if (keyEnd >= last)
            return std::string(object);
        const std::string_view key = object.substr(i + 1, keyEnd - i - 1);
        i = keyEnd + 1;
        int depth = 0;
        for (; i < last; ++i) {
            const char c = object[i];
            if (c == '"') {
                i = jsonStringEnd(object, i);
                if (i >= last)
                    return std::string(object);
            } else if (c == '{' || c == '[') {
                ++depth;
            } else if (c == '}' || c == ']') {
                --depth;
            } else if (c == ',' && depth == 0) {
                break;
            }
        }
        if (!drop(key, object.substr(keyEnd + 2, i - keyEnd - 2))) {
            if (out.size() > 1)
                out += ',';
            out.append(object.substr(memberStart, i - memberStart));
        }
        ++i; // past the comma
    }
    out += '}';
    return out;
}

std::optional<std::string_view> duplicateJsonKey(std::string_view json, bool nested)
{
    // One frame per open object or array, the keys of the open objects one after another. Reused: this
    // runs once per entity of an import.
    thread_local std::vector<std::pair<bool, size_t>> stack; // (is an object, its first key in `keys`)
    thread_local std::vector<std::string_view> keys;
    stack.clear();
    keys.clear();
    // Only quotes, brackets and commas matter; a table skips the rest (digits, letters) fast.
    static constexpr auto kStructural = [] {
        std::array<bool, 256> t{};
        for (unsigned char c : std::string_view("\"{}[],"))
            t[c] = true;
        return t;
    }();
    bool expectKey = false;
    for (size_t i = 0; i < json.size(); ++i) {
        while (i < json.size() && !kStructural[static_cast<unsigned char>(json[i])])
            ++i;
        if (i == json.size())
            break;
        switch (json[i]) {
        case '"': {
            const size_t end = std::min(jsonStringEnd(json, i), json.size());
            if (expectKey && (nested || stack.size() == 1))
                keys.push_back(json.substr(i + 1, end - i - 1));
            expectKey = false;
            i = end;
            break;
        }
        case '{':
            stack.emplace_back(true, keys.size());
            expectKey = true;
            break;
        case '[':
            stack.emplace_back(false, keys.size());
            break;
        case '}':
        case ']':
            if (stack.empty())
                return std::nullopt;
            if (stack.back().first) {
                if (auto twice = repeatedString(keys, stack.back().second))
                    return twice;
                keys.resize(stack.back().second);
            }
            stack.pop_back();
            break;
        case ',':
            expectKey = !stack.empty() && stack.back().first;
            break;
        default:
            break;
        }
    }
    return std::nullopt;
}

} // namespace numasight
