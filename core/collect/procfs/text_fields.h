// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <charconv>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace numasight::procfs {

// Small helpers shared by the proc/sys parsers: they work on string_views of the file text so that reading
// a thousand-thread process does not allocate per field.

inline std::string_view trimmed(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r' || s.front() == '\n'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '\n'))
        s.remove_suffix(1);
    return s;
}

// The whole of `s` as an unsigned decimal (or hex with base 16); nullopt on anything else.
inline std::optional<std::uint64_t> toU64(std::string_view s, int base = 10)
{
    std::uint64_t v = 0;
    if (s.empty())
        return std::nullopt;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v, base);
    if (ec != std::errc() || end != s.data() + s.size())
        return std::nullopt;
    return v;
}

inline std::optional<std::int64_t> toI64(std::string_view s)
{
    std::int64_t v = 0;
    if (s.empty())
        return std::nullopt;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || end != s.data() + s.size())
        return std::nullopt;
    return v;
}

// Calls f(line) for each '\n'-separated line (a missing final newline still yields the last line).
template <class F>
void forEachLine(std::string_view text, F&& f)
{
    while (!text.empty()) {
        const size_t nl = text.find('\n');
        f(text.substr(0, nl));
        if (nl == std::string_view::npos)
            break;
        text.remove_prefix(nl + 1);
    }
}

// Splits on runs of spaces and tabs.
inline std::vector<std::string_view> splitWords(std::string_view line)
{
    std::vector<std::string_view> out;
    size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t'))
            ++i;
        const size_t start = i;
        while (i < line.size() && line[i] != ' ' && line[i] != '\t')
            ++i;
        if (i > start)
            out.push_back(line.substr(start, i - start));
    }
    return out;
}

} // namespace numasight::procfs
