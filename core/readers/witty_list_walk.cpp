// SPDX-License-Identifier: GPL-3.0-or-later
#include "witty_list_walk.h"

#include "util/json_brackets.h"
#include "util/json_text.h"
#include "witty_json_scan.h"

#include <algorithm>
#include <cstring>
#include <exception>
#include <thread>

namespace numasight::wittyread {

namespace {

void append(ListWalk& to, ListWalk&& from)
{
    to.stop = from.stop;
    to.closed = from.closed;
    to.plain = from.plain && to.ends.append(from.ends);
    to.cancelled = from.cancelled;
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
        if (!e) {
            w.plain = false;
            break;
        }
        if (!w.ends.push_back(e)) {
            w.plain = false;
            break;
        }
        if ((w.ends.size() & 0xffff) == 0 && cancelled && cancelled()) {
            w.plain = false;
            w.cancelled = true;
            break;
        }
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

ListWalk walkWholeList(const char* first, const char* end, int threads, size_t minBytes,
                       const std::function<bool()>& cancelled)
{
    ListWalk head = walkList(first, end, end, 2, cancelled);
    if (!head.plain || head.closed)
        return head;
    // Fewer than two elements and still open: the text ended after a comma, and there is no separator to
    // look for.
    if (threads < 2 || head.ends.size() < 2 || size_t(end - head.stop) < minBytes) {
        append(head, walkList(head.stop, end, end, SIZE_MAX, cancelled));
        return head;
    }

    // What separates two elements: the first one's closing brace, the blanks and comma, the second one's
    // opening brace and first key, up to its closing quote. Not the value after it: a list whose second
    // element's first value is rare ("cpu_affinity":"144-167") had nothing to find and was walked on one
    // thread.
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
        return memmem(at, std::min(kProbe, size_t(end - at)), patternBegin, patternSize) != nullptr;
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
        const void* hit = memmem(point, window, patternBegin, patternSize);
        if (hit && static_cast<const char*>(hit) + braceOffset > starts.back())
            starts.push_back(static_cast<const char*>(hit) + braceOffset);
    }

    const size_t count = starts.size();
    std::vector<ListWalk> walks(count);
    std::vector<std::exception_ptr> errors(count);
    std::vector<std::thread> helpers;
    for (size_t i = 1; i < count; ++i)
        helpers.emplace_back([&, i] {
            try {
                walks[i] = walkList(starts[i], end, i + 1 < count ? starts[i + 1] : end, SIZE_MAX, {});
            } catch (...) {
                errors[i] = std::current_exception();
            }
        });
    try {
        walks[0] = walkList(starts[0], end, count > 1 ? starts[1] : end, SIZE_MAX, cancelled);
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
        append(head, walkList(head.stop, end, i + 1 < count ? starts[i + 1] : end, SIZE_MAX, cancelled));
        // The next guess is checked against where this walk stopped, as any other.
    }
    if (head.plain && !head.closed)
        append(head, walkList(head.stop, end, end, SIZE_MAX, cancelled));
    return head;
}

} // namespace numasight::wittyread
