// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Where the elements of a witty graph's `nodes` or `edges` list end, found before any of them is parsed
// (witty_list_reader.cpp), on one thread or several.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

namespace numasight::wittyread {

// Where each element of a list ends, as 32-bit offsets from where the walk started: a list of a million small
// entities is held while it is read, and pointers took twice the room. A list reaching 4 GiB past its start
// cannot be held: push_back() and append() then say no, and the walk reports the list as not plain (the
// whole-document reader takes over).
class ElementEnds
{
public:
    explicit ElementEnds(const char* base = nullptr)
        : m_base(base)
    {
    }
    const char* operator[](size_t i) const { return m_base + m_offsets[i]; }
    size_t size() const { return m_offsets.size(); }
    bool empty() const { return m_offsets.empty(); }
    [[nodiscard]] bool push_back(const char* end)
    {
        const std::uint64_t offset = std::uint64_t(end - m_base);
        if (end < m_base || offset > UINT32_MAX)
            return false;
        m_offsets.push_back(std::uint32_t(offset));
        return true;
    }
    [[nodiscard]] bool append(const ElementEnds& other);
    friend bool operator==(const ElementEnds& a, const ElementEnds& b);

private:
    const char* m_base;
    std::vector<std::uint32_t> m_offsets;
};

// A run of a list's elements, each an object.
struct ListWalk
{
    ElementEnds ends;           // just past each element's closing brace
    const char* stop = nullptr; // where the walk stopped: the next element's '{', or just past the list's ']'
    bool closed = false;        // the list's ']' was reached
    bool plain = true;          // false: not a list of objects separated by commas (or cancelled)
    bool cancelled = false;
    int guessesHeld = 0; // walkWholeList(): the threads whose walk was taken
};

// Walks the elements from `first`, the '{' of one (outside any string), until the list closes, `maxElements`
// have been walked, or an element starts at or after `limit`. `cancelled`, when set, is asked now and then.
ListWalk walkList(const char* first, const char* end, const char* limit, size_t maxElements,
                  const std::function<bool()>& cancelled);

// The whole list from `first`, split between up to `threads` threads when at least `minBytes` follow it. A
// split is a guess: the bytes that separate the first two elements (with the second's first key) are looked
// for near evenly spaced points, and a thread walks on from each find. The guess holds only if the walk
// before it stops exactly there; otherwise that stretch is walked again from where the walk before stopped.
// The result is always the one-thread walk's.
ListWalk walkWholeList(const char* first, const char* end, int threads, size_t minBytes,
                       const std::function<bool()>& cancelled);

} // namespace numasight::wittyread
