// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <cstdint>

namespace numasight {

// The brackets ({ [ } ]) of a JSON text that lie outside its strings, in order, found 64 bytes at a time:
// where a list's elements end is known before any of them is parsed, at a small fraction of the cost of
// stepping through every byte (the witty reader walks its 200 MB lists so).
//
// A quote preceded by an odd run of backslashes does not open or close a string, wherever it is. In valid
// JSON that is the whole truth; in invalid JSON the brackets found are still well defined, and the parser
// that reads the elements is the one to report what is wrong.
class JsonBracketScanner
{
public:
    // `from` must lie outside any string (a bracket, or the start of a document).
    JsonBracketScanner(const char* from, const char* end);

    // The next bracket outside strings, or nullptr when the text ends first.
    const char* next()
    {
        while (m_pending == 0) {
            if (m_next >= m_end)
                return nullptr;
            loadBlock();
        }
        const int bit = __builtin_ctzll(m_pending);
        m_pending &= m_pending - 1;
        return m_block + bit;
    }

    // Just past the bracket that closes the one next() has just returned; nullptr when the text ends first.
    // Which bracket closes which is for a parser to check.
    const char* closingEnd()
    {
        size_t depth = 1;
        while (const char* b = next()) {
            depth = *b == '{' || *b == '[' ? depth + 1 : depth - 1;
            if (depth == 0)
                return b + 1;
        }
        return nullptr;
    }

private:
    void loadBlock();

    const char* m_next;
    const char* m_end;
    const char* m_block = nullptr;
    std::uint64_t m_pending = 0; // brackets of the current block not returned yet
    bool m_inString = false;     // the previous block ended inside a string
    bool m_escapeNext =
        false; // the previous block ended with a backslash that escapes this block's first byte
};

} // namespace numasight
