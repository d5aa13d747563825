// SPDX-License-Identifier: GPL-3.0-or-later
#include "attribute_text.h"

#include "util/json_text.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <new>
#include <string>
#include <unordered_map>
#include <vector>

namespace numasight {

namespace {

// Tag bytes: JSON text never starts with a control character, so they cannot be mistaken for text; a text
// that does start with one (not JSON, but kept as given all the same) is stored behind kEscaped.
constexpr char kByShape = '\x01';
constexpr char kEscaped = '\x02';
// Stands for a value in a shape's skeleton: a control character, which compacted() never accepts in text.
constexpr char kHole = '\x01';

// Shapes are never freed (an entity anywhere may refer to one), so they are bounded: past these, text is
// kept as it is, as it always was.
constexpr int kMaxShapes = 4096;
constexpr size_t kMaxShapeBytes = 8192;
constexpr qsizetype kMaxRegistryBytes = qsizetype(8) << 20;
constexpr size_t kMaxTextBytes = 64 * 1024;

struct Shape
{
    std::string skeleton;                // the text with kHole in place of each value
    std::string defaults;                // the values of the first object of this shape, back to back
    std::vector<std::uint32_t> valueEnd; // where each of them ends in `defaults`

    std::string_view defaultValue(size_t hole) const
    {
        const std::uint32_t from = hole == 0 ? 0 : valueEnd[hole - 1];
        return std::string_view(defaults).substr(from, valueEnd[hole] - from);
    }
};

struct StringHash
{
    using is_transparent = void;
    size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
};
using ShapeIndex = std::unordered_map<std::string, int, StringHash, std::equal_to<>>;

class Registry
{
public:
    const Shape* at(size_t index) const
    {
        return index < m_shapes.size() ? m_shapes[index].load(std::memory_order_acquire) : nullptr;
    }

    // The index of `skeleton`'s shape, registering it with `values` as its defaults when it is new;
    // -1 when the registry is full.
    int intern(std::string_view skeleton, std::string_view text,
               const std::vector<std::pair<std::uint32_t, std::uint32_t>>& values)
    {
        const std::lock_guard lock(m_mutex);
        if (const auto it = m_index.find(skeleton); it != m_index.end())
            return it->second;
        size_t valueBytes = 0;
        for (const auto& [from, to] : values)
            valueBytes += to - from;
        const qsizetype cost = qsizetype(2 * skeleton.size() + valueBytes + 4 * values.size() + 128);
        if (m_count >= kMaxShapes || skeleton.size() + valueBytes > kMaxShapeBytes ||
            m_bytes + cost > kMaxRegistryBytes)
            return -1;
        auto shape = std::make_unique<Shape>();
        shape->skeleton = skeleton;
        shape->defaults.reserve(valueBytes);
        shape->valueEnd.reserve(values.size());
        for (const auto& [from, to] : values) {
            shape->defaults.append(text.substr(from, to - from));
            shape->valueEnd.push_back(std::uint32_t(shape->defaults.size()));
        }
        const int index = m_count++;
        m_bytes += cost;
        m_index.emplace(std::string(skeleton), index);
        m_shapes[size_t(index)].store(shape.release(), std::memory_order_release);
        return index;
    }

    AttributeShapeStats stats()
    {
        const std::lock_guard lock(m_mutex);
        return {m_count, m_bytes};
    }

private:
    std::mutex m_mutex;
    ShapeIndex m_index;
    std::array<std::atomic<const Shape*>, kMaxShapes> m_shapes{};
    int m_count = 0;
    qsizetype m_bytes = 0;
};

Registry& registry()
{
    // Never destroyed: entities in static storage may still be read while the program exits.
    static Registry* const r = new Registry;
    return *r;
}

// Splits text into its skeleton and values. Every byte goes to exactly one of the two, so filling the holes
// with the values gives the text back whatever it is; for JSON the values are the strings that are not
// keys and the numbers, booleans and nulls. False for text with a control character outside a string value,
// or an unclosed string.
bool split(std::string_view text, std::string& skeleton,
           std::vector<std::pair<std::uint32_t, std::uint32_t>>& values)
{
    skeleton.clear();
    values.clear();
    const size_t n = text.size();
    size_t i = 0;
    while (i < n) {
        const char c = text[i];
        if (static_cast<unsigned char>(c) < 0x20)
            return false;
        if (c == '"') {
            const size_t j = jsonStringEnd(text, i);
            if (j == std::string_view::npos)
                return false;
            if (j + 1 < n && text[j + 1] == ':') {
                // A key goes into the skeleton, which must not hold a control character (kHole is one);
                // a value may hold anything.
                for (size_t k = i + 1; k < j; ++k)
                    if (static_cast<unsigned char>(text[k]) < 0x20)
                        return false;
                skeleton.append(text.substr(i, j + 1 - i));
            } else {
                skeleton.push_back(kHole);
                values.emplace_back(std::uint32_t(i), std::uint32_t(j + 1));
            }
            i = j + 1;
        } else if (c == '{' || c == '}' || c == '[' || c == ']' || c == ',' || c == ':') {
            skeleton.push_back(c);
            ++i;
        } else {
            size_t j = i;
            while (j < n && text[j] != ',' && text[j] != '}' && text[j] != ']' && text[j] != '"') {
                if (static_cast<unsigned char>(text[j]) < 0x20)
                    return false;
                ++j;
            }
            skeleton.push_back(kHole);
            values.emplace_back(std::uint32_t(i), std::uint32_t(j));
            i = j;
        }
    }
    return true;
}

void putNumber(std::string& out, std::uint64_t v)
{
    while (v >= 0x80) {
        out.push_back(char(0x80 | (v & 0x7f)));
        v >>= 7;
    }
    out.push_back(char(v));
}

// A changed value's hole and length: one byte for the usual case (one of the first seven values, shorter than
// 16 bytes), which keeps a socket's or a thread's encoding small enough to be held in place.
void putHole(std::string& out, size_t hole, size_t length)
{
    putNumber(out, (std::uint64_t(length) << 3) | std::min<std::uint64_t>(hole, 7));
    if (hole >= 7)
        putNumber(out, hole - 7);
}

// Reads what putNumber wrote; false past the end.
bool getNumber(const char*& p, const char* end, std::uint64_t& v)
{
    v = 0;
    for (int shift = 0; p < end && shift < 64; shift += 7) {
        const auto byte = static_cast<unsigned char>(*p++);
        v |= std::uint64_t(byte & 0x7f) << shift;
        if (!(byte & 0x80))
            return true;
    }
    return false;
}

// Reads what putHole wrote; false past the end.
bool getHole(const char*& p, const char* end, std::uint64_t& hole, std::uint64_t& length)
{
    std::uint64_t v = 0;
    if (!getNumber(p, end, v))
        return false;
    length = v >> 3;
    hole = v & 7;
    std::uint64_t more = 0;
    if (hole == 7 && !getNumber(p, end, more))
        return false;
    hole += more;
    return true;
}

} // namespace

// The bytes follow the header in the same allocation.
struct AttributeText::Block
{
    std::atomic<std::int64_t> ref;
    std::size_t size;

    char* bytes() { return reinterpret_cast<char*>(this + 1); }
    const char* bytes() const { return reinterpret_cast<const char*>(this + 1); }
};

void AttributeText::assign(std::string_view bytes)
{
    release();
    if (bytes.empty())
        return;
    const bool tagless = bytes.front() == kByShape && bytes.size() - 1 <= kInlineBytes;
    if (tagless)
        bytes.remove_prefix(1);
    if (bytes.size() <= kInlineBytes) {
        m_words[0] = 1 | (tagless ? 2 : 0) | (std::uint64_t(bytes.size()) << 2);
        for (size_t i = 0; i < bytes.size(); ++i) {
            const size_t at = i + 1; // byte 0 of the first word holds the tag and the length
            m_words[at / 8] |= std::uint64_t(static_cast<unsigned char>(bytes[i])) << (8 * (at % 8));
        }
        return;
    }
    // operator new's alignment leaves the lowest bit of the address clear for the tag.
    auto* block = new (::operator new(sizeof(Block) + bytes.size())) Block{{1}, bytes.size()};
    std::memcpy(block->bytes(), bytes.data(), bytes.size());
    m_words[0] = reinterpret_cast<std::uintptr_t>(block);
}

void AttributeText::release()
{
    if (m_words[0] != 0 && !isInline()) {
        auto* block = reinterpret_cast<Block*>(std::uintptr_t(m_words[0]));
        if (block->ref.fetch_sub(1, std::memory_order_acq_rel) == 1) {
            block->~Block();
            ::operator delete(block);
        }
    }
    m_words[0] = m_words[1] = m_words[2] = 0;
}

std::string_view AttributeText::stored(char (&buffer)[kInlineBytes + 1]) const
{
    if (m_words[0] == 0)
        return {};
    if (!isInline()) {
        const auto* block = reinterpret_cast<const Block*>(std::uintptr_t(m_words[0]));
        return {block->bytes(), block->size};
    }
    const bool tagless = (m_words[0] & 2) != 0;
    const size_t size = (m_words[0] >> 2) & 0x1f;
    char* out = buffer;
    if (tagless)
        *out++ = kByShape;
    for (size_t i = 0; i < size; ++i) {
        const size_t at = i + 1;
        out[i] = char((m_words[at / 8] >> (8 * (at % 8))) & 0xff);
    }
    return {buffer, size + (tagless ? 1 : 0)};
}

AttributeText::AttributeText(const AttributeText& other)
{
    *this = other;
}

AttributeText::AttributeText(AttributeText&& other) noexcept
{
    *this = std::move(other);
}

AttributeText& AttributeText::operator=(const AttributeText& other)
{
    if (this == &other)
        return *this;
    release();
    if (other.m_words[0] != 0 && !other.isInline())
        reinterpret_cast<Block*>(std::uintptr_t(other.m_words[0]))
            ->ref.fetch_add(1, std::memory_order_relaxed);
    std::memcpy(m_words, other.m_words, sizeof m_words);
    return *this;
}

AttributeText& AttributeText::operator=(AttributeText&& other) noexcept
{
    if (this == &other)
        return *this;
    release();
    std::memcpy(m_words, other.m_words, sizeof m_words);
    other.m_words[0] = other.m_words[1] = other.m_words[2] = 0;
    return *this;
}

AttributeText::~AttributeText()
{
    release();
}

qsizetype AttributeText::storedBytes() const
{
    char buffer[kInlineBytes + 1];
    return qsizetype(stored(buffer).size());
}

AttributeText::AttributeText(const QByteArray& text)
{
    if (!text.isEmpty() && (text.front() == kByShape || text.front() == kEscaped)) {
        std::string escaped(1, kEscaped);
        escaped.append(text.constData(), size_t(text.size()));
        assign(escaped);
    } else {
        assign(std::string_view(text.constData(), size_t(text.size())));
    }
}

AttributeText AttributeText::compacted(std::string_view text)
{
    auto verbatim = [&] { return AttributeText(QByteArray(text.data(), qsizetype(text.size()))); };
    if (text.size() < 16 || text.size() > kMaxTextBytes)
        return verbatim();
    thread_local std::string skeleton;
    thread_local std::vector<std::pair<std::uint32_t, std::uint32_t>> values;
    thread_local std::string encoded;
    // Each reading thread remembers the shapes it has met, and those the registry refused (-1): the
    // registry's lock is taken once per shape, not once per object of a shape that does not fit.
    thread_local ShapeIndex known;
    if (!split(text, skeleton, values) || values.empty())
        return verbatim();
    int index = -1;
    if (const auto it = known.find(std::string_view(skeleton)); it != known.end()) {
        index = it->second;
    } else {
        index = registry().intern(skeleton, text, values);
        if (known.size() < size_t(2 * kMaxShapes))
            known.emplace(skeleton, index);
    }
    if (index < 0)
        return verbatim();
    const Shape* shape = registry().at(size_t(index));
    encoded.clear();
    encoded.push_back(kByShape);
    putNumber(encoded, std::uint64_t(index));
    for (size_t h = 0; h < values.size(); ++h) {
        const std::string_view value = text.substr(values[h].first, values[h].second - values[h].first);
        if (value == shape->defaultValue(h))
            continue;
        putHole(encoded, h, value.size());
        encoded.append(value);
        if (encoded.size() >= text.size())
            return verbatim();
    }
    AttributeText result;
    result.assign(encoded);
    return result;
}

bool AttributeText::isByShape() const
{
    if (m_words[0] == 0)
        return false;
    if ((m_words[0] & 3) == 3)
        return true;
    // The first byte of the encoding: in place, bits 8-15 of the first word.
    const char first = isInline() ? char((m_words[0] >> 8) & 0xff)
                                  : reinterpret_cast<const Block*>(std::uintptr_t(m_words[0]))->bytes()[0];
    return first == kByShape;
}

QByteArray AttributeText::text() const
{
    char buffer[kInlineBytes + 1];
    const std::string_view data = stored(buffer);
    if (data.empty())
        return {};
    if (data.front() == kEscaped)
        return QByteArray(data.data() + 1, qsizetype(data.size() - 1));
    if (data.front() != kByShape)
        return QByteArray(data.data(), qsizetype(data.size()));
    const char* p = data.data() + 1;
    const char* const end = data.data() + data.size();
    std::uint64_t index = 0;
    const Shape* shape = getNumber(p, end, index) ? registry().at(size_t(index)) : nullptr;
    // Only compacted() writes this form, so neither can fail; an empty answer beats reading out of bounds.
    if (!shape)
        return {};
    std::uint64_t nextHole = 0;
    std::uint64_t nextLength = 0;
    bool haveNext = p < end && getHole(p, end, nextHole, nextLength);
    QByteArray out;
    out.reserve(qsizetype(shape->skeleton.size() + shape->defaults.size() + size_t(end - p)));
    const std::string_view skeleton = shape->skeleton;
    size_t hole = 0;
    size_t at = 0;
    while (at < skeleton.size()) {
        const void* found = std::memchr(skeleton.data() + at, kHole, skeleton.size() - at);
        const size_t stop =
            found ? size_t(static_cast<const char*>(found) - skeleton.data()) : skeleton.size();
        out.append(skeleton.data() + at, qsizetype(stop - at));
        if (!found)
            break;
        if (hole >= shape->valueEnd.size())
            return {};
        if (haveNext && nextHole == hole) {
            if (nextLength > std::uint64_t(end - p))
                return {};
            out.append(p, qsizetype(nextLength));
            p += nextLength;
            haveNext = p < end && getHole(p, end, nextHole, nextLength);
        } else {
            const std::string_view value = shape->defaultValue(hole);
            out.append(value.data(), qsizetype(value.size()));
        }
        ++hole;
        at = stop + 1;
    }
    return out;
}

bool operator==(const AttributeText& a, const AttributeText& b)
{
    char bufferA[AttributeText::kInlineBytes + 1];
    char bufferB[AttributeText::kInlineBytes + 1];
    if (a.stored(bufferA) == b.stored(bufferB))
        return true;
    // A shape's encoding is canonical (one shape per skeleton, only values that differ from its defaults),
    // so two by shape are equal exactly when their bytes are.
    if (a.isByShape() && b.isByShape())
        return false;
    return a.text() == b.text();
}

AttributeShapeStats attributeShapeStats()
{
    return registry().stats();
}

} // namespace numasight
