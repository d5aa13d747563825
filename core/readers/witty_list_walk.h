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

// A text's bytes read from its file with pread() instead of through the text's mapping: `base` is where the
// mapping starts, so pointers into the text keep their meaning and only the bytes come from the file. Each
// page of a mapping costs a fault the first time this process touches it (in a VM also the host's page-table
// update, which costs more than copying the page: a first pass over a 207 MB mapping took 85-170 ms here, a
// second one 8 ms), while the reads go into a few small buffers that are used again and again.
struct FileText
{
    int fd = -1;
    const char* base = nullptr;
    size_t size = 0;
    size_t window = size_t(1) << 20; // bytes read at a time; more for an element that does not fit
    explicit operator bool() const { return fd >= 0 && base; }
    // [from, from + length) into `out`, followed by `padding` zero bytes; false when the file gives fewer
    // bytes (it was cut short since it was opened) or cannot be read.
    bool read(const char* from, size_t length, std::vector<char>& out, size_t padding = 64) const;
    // Where `pattern` first occurs in [from, from + length), read from the file; nullptr when it does not.
    const char* find(const char* from, size_t length, const char* pattern, size_t patternSize,
                     std::vector<char>& scratch) const;
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
// The same walk, the bytes read from `file` through `window` (used again by the caller's next walk).
ListWalk walkListInFile(const FileText& file, const char* first, const char* end, const char* limit,
                        size_t maxElements, const std::function<bool()>& cancelled,
                        std::vector<char>& window);

// The whole list from `first`, split between up to `threads` threads when at least `minBytes` follow it. A
// split is a guess: the bytes that separate the first two elements (with the second's first key) are looked
// for near evenly spaced points, and a thread walks on from each find. The guess holds only if the walk
// before it stops exactly there; otherwise that stretch is walked again from where the walk before stopped.
// The result is always the one-thread walk's. With `file`, every byte but the first two elements' separator
// is read from the file (walkListInFile()).
ListWalk walkWholeList(const char* first, const char* end, int threads, size_t minBytes,
                       const std::function<bool()>& cancelled, const FileText* file = nullptr);

} // namespace numasight::wittyread
