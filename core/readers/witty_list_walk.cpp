// SPDX-License-Identifier: GPL-3.0-or-later
#include "witty_list_walk.h"

#include "util/json_brackets.h"
#include "util/json_text.h"
#include "witty_json_scan.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <exception>
#include <optional>
#include <thread>
#include <unistd.h>

namespace numasight::wittyread {

namespace {

void append(ListWalk& to, ListWalk&& from)
{
    to.stop = from.stop;
    to.closed = from.closed;
    to.plain = from.plain && to.ends.append(from.ends);
    to.cancelled = from.cancelled;
}

// Records the element ending at `e` (nullptr: there was none where one had to be); false when the walk stops
// here, not plain (or cancelled, asked now and then).
bool takeElement(ListWalk& w, const char* e, const std::function<bool()>& cancelled)
{
    if (!e || !w.ends.push_back(e)) {
        w.plain = false;
        return false;
    }
    if ((w.ends.size() & 0xffff) == 0 && cancelled && cancelled()) {
        w.plain = false;
        w.cancelled = true;
        return false;
    }
    return true;
}

} // namespace

bool ElementEnds::append(const ElementEnds& other)
{
    m_offsets.reserve(m_offsets.size() + other.size());
    for (size_t i = 0; i < other.size(); ++i)
        if (!push_back(other[i]))
            return false;
    return true;
}

bool operator==(const ElementEnds& a, const ElementEnds& b)
{
    if (a.size() != b.size())
        return false;
    for (size_t i = 0; i < a.size(); ++i)
        if (a[i] != b[i])
            return false;
    return true;
}

ListWalk walkList(const char* first, const char* end, const char* limit, size_t maxElements,
                  const std::function<bool()>& cancelled)
{
    ListWalk w;
    w.ends = ElementEnds(first);
    const char* q = first;
    JsonBracketScanner brackets(q, end);
    while (q < limit && w.ends.size() < maxElements) {
        // Only blanks and a comma lie between one element and the next, so the next bracket is this one.
        const char* e = q < end && *q == '{' && brackets.next() == q ? brackets.closingEnd() : nullptr;
        if (!takeElement(w, e, cancelled))
            break;
        q = witty::skipJsonSpace(e, end);
        if (q < end && *q == ',') {
            q = witty::skipJsonSpace(q + 1, end);
            continue;
        }
        if (q < end && *q == ']') {
            ++q;
            w.closed = true;
            break;
        }
        w.plain = false;
        break;
    }
    w.stop = q;
    return w;
}

bool FileText::read(const char* from, size_t length, std::vector<char>& out, size_t padding) const
{
    if (from < base || size_t(from - base) > size || length > size - size_t(from - base))
        return false;
    out.resize(length + padding);
    size_t done = 0;
    while (done < length) {
        const ssize_t got = ::pread(fd, out.data() + done, length - done, off_t(from - base) + off_t(done));
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            return false;
        done += size_t(got);
    }
    std::memset(out.data() + length, 0, padding);
    return true;
}

const char* FileText::find(const char* from, size_t length, const char* pattern, size_t patternSize,
                           std::vector<char>& scratch) const
{
    if (!read(from, length, scratch, 0))
        return nullptr;
    const void* hit = memmem(scratch.data(), length, pattern, patternSize);
    return hit ? from + (static_cast<const char*>(hit) - scratch.data()) : nullptr;
}

// walkList()'s steps, on a window of the text that moves on as the walk does. The window starts at an
// element's opening brace or between elements, so outside any string, where a bracket scanner may start.
ListWalk walkListInFile(const FileText& file, const char* first, const char* end, const char* limit,
                        size_t maxElements, const std::function<bool()>& cancelled, std::vector<char>& window)
{
    ListWalk w;
    w.ends = ElementEnds(first);
    const char* at = nullptr; // the text's address of window[0]
    size_t have = 0;          // text bytes in the window
    std::optional<JsonBracketScanner> brackets;
    auto fill = [&](const char* from, size_t least) {
        const size_t length = std::min(std::max(least, file.window), size_t(end - from));
        if (!file.read(from, length, window))
            return false;
        at = from;
        have = length;
        brackets.emplace(window.data(), window.data() + have);
        return true;
    };
    auto local = [&](const char* p) { return window.data() + (p - at); };
    auto inWindow = [&](const char* p) { return at && p >= at && p < at + have; };
    // The first byte from p that is not blank (refilling past the window's end), `end`, or nullptr when the
    // file cannot be read.
    auto skipBlanks = [&](const char* p) -> const char* {
        while (p < end) {
            if (!inWindow(p) && !fill(p, 0))
                return nullptr;
            p = at + (witty::skipJsonSpace(local(p), window.data() + have) - window.data());
            if (p < at + have)
                return p;
        }
        return end;
    };

    const char* q = first;
    while (q < limit && w.ends.size() < maxElements) {
        if (q >= end || (!inWindow(q) && !fill(q, 0))) {
            w.plain = false;
            break;
        }
        const char* e = nullptr;
        for (;;) {
            const char* lq = local(q);
            // Only blanks and a comma lie between one element and the next, so the next bracket is this one.
            if (*lq != '{' || brackets->next() != lq)
                break;
            if (const char* le = brackets->closingEnd()) {
                e = at + (le - window.data());
                break;
            }
            // The window ends inside the element: again from its start, with room for twice as much.
            if (at + have >= end || !fill(q, 2 * size_t(at + have - q)))
                break;
        }
        if (!takeElement(w, e, cancelled))
            break;
        const char* s = skipBlanks(e);
        if (!s) {
            w.plain = false;
            break;
        }
        if (s < end && *local(s) == ',') {
            q = skipBlanks(s + 1);
            if (!q) {
                q = s + 1;
                w.plain = false;
                break;
            }
            continue;
        }
        if (s < end && *local(s) == ']') {
            q = s + 1;
            w.closed = true;
            break;
        }
        q = s;
        w.plain = false;
        break;
    }
    w.stop = q;
    return w;
}

ListWalk walkWholeList(const char* first, const char* end, int threads, size_t minBytes,
                       const std::function<bool()>& cancelled, const FileText* file)
{
    // Each thread's window (or none), used again by the walks after its first.
    std::vector<std::vector<char>> windows(size_t(std::max(threads, 1)));
    auto walk = [&](size_t thread, const char* from, const char* limit, size_t maxElements,
                    const std::function<bool()>& cancel) {
        return file ? walkListInFile(*file, from, end, limit, maxElements, cancel, windows[thread])
                    : walkList(from, end, limit, maxElements, cancel);
    };
    auto find = [&](const char* from, size_t length, const char* pattern, size_t size) -> const char* {
        if (file)
            return file->find(from, length, pattern, size, windows[0]);
        return static_cast<const char*>(memmem(from, length, pattern, size));
    };
    ListWalk head = walk(0, first, end, 2, cancelled);
    if (!head.plain || head.closed)
        return head;
    // Fewer than two elements and still open: the text ended after a comma, and there is no separator to
    // look for.
    if (threads < 2 || head.ends.size() < 2 || size_t(end - head.stop) < minBytes) {
        append(head, walk(0, head.stop, end, SIZE_MAX, cancelled));
        return head;
    }

    // What separates two elements: the first one's closing brace, the blanks and comma, the second one's
    // opening brace and first key, up to its closing quote. Not the value after it: a list whose second
    // element's first value is rare ("cpu_affinity":"144-167") had nothing to find and was walked on one
    // thread. These few bytes are read in place, from a file's mapping too.
    const char* second = witty::skipJsonSpace(head.ends[0], end);
    second = witty::skipJsonSpace(second + 1, end); // past the comma
    const char* const patternBegin = head.ends[0] - 1;
    const char* keyEnd = witty::skipJsonSpace(second + 1, end);
    if (keyEnd < head.ends[1] && *keyEnd == '"') {
        const size_t quote = jsonStringEnd({keyEnd, size_t(head.ends[1] - keyEnd)}, 0);
        keyEnd = quote == std::string_view::npos ? head.ends[1] : keyEnd + quote + 1;
    }
    constexpr size_t kLongestPattern = 64;
    const char* const patternEnd = std::min({head.ends[1], keyEnd, second + kLongestPattern});
    const size_t patternSize = size_t(patternEnd - patternBegin);
    const size_t braceOffset = size_t(second - patternBegin);

    // How far the list reaches, roughly: the separator is looked for in windows, halving the distance, so
    // that a list followed by another (`nodes`, then `edges`) is split over its own length.
    constexpr size_t kProbe = size_t(256) << 10;
    auto separatorNear = [&](const char* at) {
        return find(at, std::min(kProbe, size_t(end - at)), patternBegin, patternSize) != nullptr;
    };
    const char* low = head.stop;
    const char* high = end;
    while (size_t(high - low) > kProbe) {
        const char* middle = low + (high - low) / 2;
        (separatorNear(middle) ? low : high) = middle;
    }
    const char* reach = std::min(end, low + kProbe);

    std::vector<const char*> starts{head.stop};
    const size_t span = size_t(reach - head.stop);
    constexpr size_t kSearch = size_t(1) << 20; // a guess not found this close to its point is given up
    for (int k = 1; k < threads; ++k) {
        const char* point = head.stop + span / size_t(threads) * size_t(k);
        const size_t window = std::min(kSearch, size_t(end - point));
        const char* hit = find(point, window, patternBegin, patternSize);
        if (hit && hit + braceOffset > starts.back())
            starts.push_back(hit + braceOffset);
    }

    const size_t count = starts.size();
    std::vector<ListWalk> walks(count);
    std::vector<std::exception_ptr> errors(count);
    std::vector<std::thread> helpers;
    for (size_t i = 1; i < count; ++i)
        helpers.emplace_back([&, i] {
            try {
                walks[i] = walk(i, starts[i], i + 1 < count ? starts[i + 1] : end, SIZE_MAX, {});
            } catch (...) {
                errors[i] = std::current_exception();
            }
        });
    try {
        walks[0] = walk(0, starts[0], count > 1 ? starts[1] : end, SIZE_MAX, cancelled);
    } catch (...) {
        errors[0] = std::current_exception();
    }
    for (std::thread& t : helpers)
        t.join();
    for (std::exception_ptr& e : errors)
        if (e)
            std::rethrow_exception(e);

    append(head, std::move(walks[0]));
    for (size_t i = 1; i < count && head.plain && !head.closed; ++i) {
        if (head.stop == starts[i]) {
            append(head, std::move(walks[i]));
            ++head.guessesHeld;
            continue;
        }
        // The guess missed (it was inside an element, or the list had closed before it): walk this stretch.
        append(head, walk(0, head.stop, i + 1 < count ? starts[i + 1] : end, SIZE_MAX, cancelled));
        // The next guess is checked against where this walk stopped, as any other.
    }
    if (head.plain && !head.closed)
        append(head, walk(0, head.stop, end, SIZE_MAX, cancelled));
    return head;
}

} // namespace numasight::wittyread
