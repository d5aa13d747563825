// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QByteArrayView>

#include <cstdint>
#include <string_view>

namespace numasight {

// The text of an entity's attributes: a JSON object, kept byte for byte as the source wrote it.
//
// Graphs of a million sockets or threads repeat one object shape a million times with one or two values
// changed, and a copy of each object's text was the largest part of their model (more than their JSON).
// compacted() keeps such text as a reference to its shape (the keys and punctuation, held once per process)
// plus only the values that differ from the first object seen with that shape: ~20 bytes instead of ~130.
// text() gives back the exact bytes either way, so every reader of the attributes sees the same thing.
//
// Encodings of up to kInlineBytes bytes (a socket's or a thread's), not counting the tag of one by shape, are
// held in the value itself: a heap block for ~20 bytes cost 48. Longer ones live in a block shared between
// copies.
class AttributeText
{
public:
    static constexpr size_t kInlineBytes = 23;

    AttributeText() = default;
    AttributeText(const AttributeText& other);
    AttributeText(AttributeText&& other) noexcept;
    AttributeText& operator=(const AttributeText& other);
    AttributeText& operator=(AttributeText&& other) noexcept;
    ~AttributeText();
    // Kept as given. Implicit, so that `e.attributes = compactJson(o)` and `= "{}"` read naturally.
    AttributeText(const QByteArray& text);
    AttributeText(const char* text)
        : AttributeText(QByteArray(text))
    {
    }

    // The same bytes, kept by shape when that is smaller. Any text is accepted and given back unchanged;
    // only JSON without control characters (as simdjson::minify or QJsonDocument::Compact write it) and
    // of a shape seen before (up to a process-wide bound) is stored by shape.
    static AttributeText compacted(std::string_view text);

    QByteArray text() const;
    bool isEmpty() const { return m_words[0] == 0; }
    bool contains(QByteArrayView needle) const { return text().contains(needle); }
    // Bytes of the encoding (for measurements and tests), and whether they are held in place.
    qsizetype storedBytes() const;
    bool isInline() const { return (m_words[0] & 1) != 0; }
    bool isByShape() const;

    friend bool operator==(const AttributeText& a, const AttributeText& b);
    friend bool operator!=(const AttributeText& a, const AttributeText& b) { return !(a == b); }

private:
    struct Block;
    void assign(std::string_view encoded);
    void release();
    // The encoding: empty, the text itself, or a tag byte (kByShape, kEscaped) then the rest. `buffer`
    // receives it when it is held in place.
    std::string_view stored(char (&buffer)[kInlineBytes + 1]) const;

    // All zero: empty. Lowest bit of the first word set: held in place; bit 1 says the kByShape tag is left
    // out, bits 2-6 hold the length, the bytes fill the rest of the three words, by shifts (the same on any
    // byte order). Otherwise the first word points at a Block (aligned, so its lowest bit is clear).
    std::uint64_t m_words[3] = {};
};

// How many shapes the process holds and their bytes (they are never freed: bounded instead).
struct AttributeShapeStats
{
    int shapes = 0;
    qsizetype bytes = 0;
};
AttributeShapeStats attributeShapeStats();

} // namespace numasight
