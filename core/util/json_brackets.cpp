// SPDX-License-Identifier: GPL-3.0-or-later
#include "json_brackets.h"

#include <cstddef>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace numasight {

namespace {

constexpr std::size_t kBlock = 64;

struct Masks
{
    std::uint64_t quote = 0;
    std::uint64_t backslash = 0;
    std::uint64_t bracket = 0;
};

#if defined(__SSE2__)
Masks classify(const char* p)
{
    const __m128i quote = _mm_set1_epi8('"');
    const __m128i backslash = _mm_set1_epi8('\\');
    const __m128i open = _mm_set1_epi8('{');
    const __m128i close = _mm_set1_epi8('}');
    // Setting bit 5 turns '[' into '{' and ']' into '}', and nothing else into either: two compares, not
    // four.
    const __m128i fold = _mm_set1_epi8(0x20);
    Masks m;
    for (unsigned i = 0; i < 4; ++i) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * i));
        const __m128i folded = _mm_or_si128(v, fold);
        const auto bits = [](__m128i eq) { return std::uint64_t(unsigned(_mm_movemask_epi8(eq))); };
        m.quote |= bits(_mm_cmpeq_epi8(v, quote)) << (16 * i);
        m.backslash |= bits(_mm_cmpeq_epi8(v, backslash)) << (16 * i);
        m.bracket |= bits(_mm_or_si128(_mm_cmpeq_epi8(folded, open), _mm_cmpeq_epi8(folded, close)))
                     << (16 * i);
    }
    return m;
}
#else
Masks classify(const char* p)
{
    Masks m;
    for (unsigned i = 0; i < kBlock; ++i) {
        const std::uint64_t bit = std::uint64_t(1) << i;
        switch (p[i]) {
        case '"':
            m.quote |= bit;
            break;
        case '\\':
            m.backslash |= bit;
            break;
        case '{':
        case '}':
        case '[':
        case ']':
            m.bracket |= bit;
            break;
        default:
            break;
        }
    }
    return m;
}
#endif

// Bit i becomes the parity of bits 0..i: set from an opening quote up to the byte before its closing one.
std::uint64_t prefixXor(std::uint64_t x)
{
    for (unsigned shift = 1; shift < kBlock; shift *= 2)
        x ^= x << shift;
    return x;
}

} // namespace

JsonBracketScanner::JsonBracketScanner(const char* from, const char* end)
    : m_next(from)
    , m_end(end)
{
}

void JsonBracketScanner::loadBlock()
{
    m_block = m_next;
    const std::size_t left = std::size_t(m_end - m_next);
    Masks m;
    if (left >= kBlock) {
        m = classify(m_next);
        m_next += kBlock;
    } else {
        char tail[kBlock];
        std::memset(tail, ' ', sizeof tail);
        std::memcpy(tail, m_next, left);
        m = classify(tail);
        m_next = m_end;
    }

    // Backslashes are rare (escaped quotes, Windows paths): walked one by one, in order, so that a
    // backslash escaped by the one before it escapes nothing itself.
    std::uint64_t escaped = m_escapeNext ? 1 : 0;
    m_escapeNext = false;
    for (std::uint64_t b = m.backslash; b != 0; b &= b - 1) {
        const int i = __builtin_ctzll(b);
        if ((escaped >> i) & 1)
            continue;
        if (i == int(kBlock) - 1)
            m_escapeNext = true;
        else
            escaped |= std::uint64_t(1) << (i + 1);
    }

    std::uint64_t inside = prefixXor(m.quote & ~escaped);
    if (m_inString)
        inside = ~inside;
    m_inString = (inside >> (kBlock - 1)) & 1;
    m_pending = m.bracket & ~inside & ~escaped;
}

} // namespace numasight
