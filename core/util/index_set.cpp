// SPDX-License-Identifier: GPL-3.0-or-later
#include "index_set.h"

#include <algorithm>
#include <bit>
#include <charconv>
#include <cstdlib>
#include <cstring>
#include <new>

namespace numasight {

namespace {
constexpr int kBits = 64;
// Guards against "0-4294967295" turning into a 512 MB bitmap: no machine has more CPUs than this.
constexpr int kMaxIndex = 1 << 20;

bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}
} // namespace

IndexSet::IndexSet(std::initializer_list<int> indexes)
{
    for (int i : indexes)
        insert(i);
}

std::optional<IndexSet> IndexSet::fromRangeString(std::string_view text, int* errorAt)
{
    IndexSet set;
    const char* const begin = text.data();
    const char* p = begin;
    const char* const end = begin + text.size();
    auto fail = [&](const char* where) -> std::optional<IndexSet> {
        if (errorAt)
            *errorAt = int(where - begin);
        return std::nullopt;
    };
    auto skipSpace = [&] {
        while (p < end && isSpace(*p))
            ++p;
    };
    auto number = [&](int& out) {
        const auto res = std::from_chars(p, end, out);
        if (res.ec != std::errc() || out < 0 || out > kMaxIndex)
            return false;
        p = res.ptr;
        return true;
    };
    skipSpace();
    if (p == end)
        return set;
    while (true) {
        skipSpace();
        int lo = 0;
        if (!number(lo))
            return fail(p);
        int hi = lo;
        skipSpace();
        if (p < end && *p == '-') {
            ++p;
            skipSpace();
            const char* hiStart = p;
            if (!number(hi) || hi < lo)
                return fail(hiStart);
            skipSpace();
        }
        set.insertRange(lo, hi);
        if (p == end)
            return set;
        if (*p != ',')
            return fail(p);
        ++p;
    }
}

std::optional<IndexSet> IndexSet::fromRangeString(QStringView text, int* errorAt)
{
    const QByteArray latin = text.toLatin1();
    return fromRangeString(std::string_view(latin.constData(), size_t(latin.size())), errorAt);
}

std::optional<IndexSet> IndexSet::fromBitmap(std::string_view text)
{
    while (!text.empty() && isSpace(text.back()))
        text.remove_suffix(1);
    while (!text.empty() && isSpace(text.front()))
        text.remove_prefix(1);
    if (text.empty())
        return std::nullopt;
    // Comma-separated 32-bit words, most significant first. Linux writes "00000000,0000ffff"; hwloc writes
    // "0xffffffff,,0x000000ff" where an empty word means zero. A single word may be any length ("0xf0").
    std::vector<std::string_view> words;
    for (size_t start = 0;;) {
        const size_t comma = text.find(',', start);
        words.push_back(
            text.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start));
        if (comma == std::string_view::npos)
            break;
        start = comma + 1;
    }
    IndexSet set;
    int base = 0;
    for (auto w = words.rbegin(); w != words.rend(); ++w, base += 32) {
        std::string_view word = *w;
        if (word.size() >= 2 && word[0] == '0' && (word[1] == 'x' || word[1] == 'X'))
            word.remove_prefix(2);
        if (word.empty() && words.size() == 1)
            return std::nullopt;
        if (words.size() > 1 && word.size() > 8)
            return std::nullopt;
        int bit = base;
        for (auto it = word.rbegin(); it != word.rend(); ++it, bit += 4) {
            const char c = *it;
            int v = 0;
            if (c >= '0' && c <= '9')
                v = c - '0';
            else if (c >= 'a' && c <= 'f')
                v = c - 'a' + 10;
            else if (c >= 'A' && c <= 'F')
                v = c - 'A' + 10;
            else
                return std::nullopt;
            if (v && bit > kMaxIndex)
                return std::nullopt;
            for (int k = 0; k < 4; ++k)
                if (v & (1 << k))
                    set.insert(bit + k);
        }
        if (base > kMaxIndex)
            return std::nullopt;
    }
    return set;
}

IndexSet IndexSet::range(int first, int last)
{
    IndexSet s;
    s.insertRange(first, last);
    return s;
}

std::string IndexSet::toStdRangeString() const
{
    std::string out;
    int i = first();
    while (i >= 0) {
        int j = i;
        while (contains(j + 1))
            ++j;
        if (!out.empty())
            out += ',';
        out += std::to_string(i);
        if (j > i) {
            out += '-';
            out += std::to_string(j);
        }
        i = next(j);
    }
    return out;
}

QString IndexSet::toRangeString() const
{
    return QString::fromStdString(toStdRangeString());
}

QString IndexSet::toBitmap() const
{
    if (m_words.empty())
        return QStringLiteral("0x0");
    // 32-bit words, most significant first, as in /sys/devices/system/cpu/*/cpumask.
    const int words32 = int(m_words.size()) * 2;
    QString out;
    bool leading = true;
    for (int w = words32 - 1; w >= 0; --w) {
        const std::uint32_t v = std::uint32_t(m_words[size_t(w / 2)] >> ((w % 2) * 32));
        if (leading && v == 0 && w > 0)
            continue;
        if (!leading)
            out += QLatin1Char(',');
        out += QStringLiteral("%1").arg(v, 8, 16, QLatin1Char('0'));
        leading = false;
    }
    return out;
}

bool IndexSet::isEmpty() const
{
    return m_words.empty();
}

int IndexSet::count() const
{
    int n = 0;
    for (size_t w = 0; w < m_words.size(); ++w)
        n += std::popcount(m_words[w]);
    return n;
}

bool IndexSet::contains(int index) const
{
    if (index < 0)
        return false;
    const size_t w = size_t(index / kBits);
    return w < m_words.size() && (m_words[w] >> (index % kBits)) & 1u;
}

int IndexSet::first() const
{
    return next(-1);
}

int IndexSet::last() const
{
    if (m_words.empty())
        return -1;
    const size_t w = m_words.size() - 1;
    return int(w) * kBits + (kBits - 1 - std::countl_zero(m_words[w]));
}

int IndexSet::next(int after) const
{
    int i = after + 1;
    if (i < 0)
        i = 0;
    size_t w = size_t(i / kBits);
    if (w >= m_words.size())
        return -1;
    std::uint64_t word = m_words[w] & (~std::uint64_t(0) << (i % kBits));
    while (true) {
        if (word)
            return int(w) * kBits + std::countr_zero(word);
        if (++w >= m_words.size())
            return -1;
        word = m_words[w];
    }
}

std::vector<int> IndexSet::toVector() const
{
    std::vector<int> v;
    v.reserve(size_t(count()));
    forEach([&](int i) { v.push_back(i); });
    return v;
}

void IndexSet::insert(int index)
{
    if (index < 0 || index > kMaxIndex)
        return;
    const size_t w = size_t(index / kBits);
    if (w >= m_words.size())
        m_words.resize(w + 1);
    m_words.set(w, m_words[w] | (std::uint64_t(1) << (index % kBits)));
}

void IndexSet::insertRange(int first, int last)
{
    first = std::max(first, 0);
    last = std::min(last, kMaxIndex);
    if (last < first)
        return;
    const size_t lw = size_t(last / kBits);
    if (lw >= m_words.size())
        m_words.resize(lw + 1);
    for (int i = first; i <= last;) {
        const size_t w = size_t(i / kBits);
        const int lo = i % kBits;
        const int hi = (size_t(last / kBits) == w) ? last % kBits : kBits - 1;
        const std::uint64_t mask =
            (hi - lo == kBits - 1) ? ~std::uint64_t(0) : (((std::uint64_t(1) << (hi - lo + 1)) - 1) << lo);
        m_words.set(w, m_words[w] | mask);
        i = int(w + 1) * kBits;
    }
}

void IndexSet::remove(int index)
{
    if (!contains(index))
        return;
    const size_t w = size_t(index / kBits);
    m_words.set(w, m_words[w] & ~(std::uint64_t(1) << (index % kBits)));
    trim();
}

IndexSet& IndexSet::operator|=(const IndexSet& other)
{
    if (other.m_words.size() > m_words.size())
        m_words.resize(other.m_words.size());
    for (size_t i = 0; i < other.m_words.size(); ++i)
        m_words.set(i, m_words[i] | other.m_words[i]);
    return *this;
}

IndexSet& IndexSet::operator&=(const IndexSet& other)
{
    if (m_words.size() > other.m_words.size())
        m_words.resize(other.m_words.size());
    for (size_t i = 0; i < m_words.size(); ++i)
        m_words.set(i, m_words[i] & other.m_words[i]);
    trim();
    return *this;
}

IndexSet& IndexSet::operator-=(const IndexSet& other)
{
    const size_t n = std::min(m_words.size(), other.m_words.size());
    for (size_t i = 0; i < n; ++i)
        m_words.set(i, m_words[i] & ~other.m_words[i]);
    trim();
    return *this;
}

bool IndexSet::intersects(const IndexSet& other) const
{
    const size_t n = std::min(m_words.size(), other.m_words.size());
    for (size_t i = 0; i < n; ++i)
        if (m_words[i] & other.m_words[i])
            return true;
    return false;
}

bool IndexSet::isSubsetOf(const IndexSet& other) const
{
    return (*this - other).isEmpty();
}

bool operator==(const IndexSet& a, const IndexSet& b)
{
    return a.m_words == b.m_words;
}

IndexSet::Words::Words(const Words& other)
{
    *this = other;
}

IndexSet::Words& IndexSet::Words::operator=(const Words& other)
{
    if (this == &other)
        return *this;
    if (!other.isBlock()) {
        release();
        m_raw = other.m_raw;
        return *this;
    }
    const size_t n = other.size();
    Block* b = allocate(n);
    b->size = std::uint32_t(n);
    std::memcpy(b + 1, other.data(), n * sizeof(std::uint64_t));
    release();
    m_raw = reinterpret_cast<std::uintptr_t>(b);
    return *this;
}

IndexSet::Words& IndexSet::Words::operator=(Words&& other) noexcept
{
    if (this != &other) {
        release();
        m_raw = other.m_raw;
        other.m_raw = 0;
    }
    return *this;
}

IndexSet::Words::Block* IndexSet::Words::allocate(size_t capacity)
{
    void* p = std::malloc(sizeof(Block) + capacity * sizeof(std::uint64_t));
    if (!p)
        throw std::bad_alloc();
    Block* b = static_cast<Block*>(p);
    b->size = 0;
    b->capacity = std::uint32_t(capacity);
    return b;
}

void IndexSet::Words::release()
{
    if (isBlock())
        std::free(block());
    m_raw = 0;
}

void IndexSet::Words::storeSingle(std::uint64_t word)
{
    if (!(word >> 63)) {
        release();
        m_raw = (word << 1) | 1;
        return;
    }
    if (isBlock() && block()->capacity >= 1) {
        block()->size = 1;
        data()[0] = word;
        return;
    }
    Block* b = allocate(1);
    b->size = 1;
    *reinterpret_cast<std::uint64_t*>(b + 1) = word;
    release();
    m_raw = reinterpret_cast<std::uintptr_t>(b);
}

void IndexSet::Words::set(size_t i, std::uint64_t value)
{
    if (isBlock() && block()->size > 1)
        data()[i] = value;
    else
        storeSingle(value);
}

void IndexSet::Words::resize(size_t n)
{
    const size_t old = size();
    if (n == old)
        return;
    if (n == 0) {
        release();
        return;
    }
    if (n == 1) {
        storeSingle(old == 0 ? 0 : (*this)[0]);
        return;
    }
    if (isBlock() && n <= block()->capacity) {
        for (size_t i = old; i < n; ++i)
            data()[i] = 0;
        block()->size = std::uint32_t(n);
        return;
    }
    Block* b = allocate(n);
    b->size = std::uint32_t(n);
    auto* words = reinterpret_cast<std::uint64_t*>(b + 1);
    for (size_t i = 0; i < n; ++i)
        words[i] = i < old ? (*this)[i] : 0;
    release();
    m_raw = reinterpret_cast<std::uintptr_t>(b);
}

void IndexSet::Words::trim()
{
    size_t n = size();
    while (n > 0 && (*this)[n - 1] == 0)
        --n;
    resize(n);
}

} // namespace numasight
