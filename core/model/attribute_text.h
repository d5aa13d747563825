// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QByteArrayView>

#include <string_view>

namespace numasight {

// The text of an entity's attributes: a JSON object, kept byte for byte as the source wrote it.
//
// Graphs of a million sockets or threads repeat one object shape a million times with one or two values
// changed, and a copy of each object's text was the largest part of their model (more than their JSON).
// compacted() keeps such text as a reference to its shape (the keys and punctuation, held once per process)
// plus only the values that differ from the first object seen with that shape: ~20 bytes instead of ~130.
// text() gives back the exact bytes either way, so every reader of the attributes sees the same thing.
class AttributeText
{
public:
    AttributeText() = default;
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
    bool isEmpty() const { return m_data.isEmpty(); }
    bool contains(QByteArrayView needle) const { return text().contains(needle); }
    // Bytes this value holds on its own (for measurements and tests).
    qsizetype storedBytes() const { return m_data.size(); }
    bool isByShape() const;

    friend bool operator==(const AttributeText& a, const AttributeText& b);
    friend bool operator!=(const AttributeText& a, const AttributeText& b) { return !(a == b); }

private:
    // Empty, the text itself, or a tag byte (kByShape, kEscaped) then the encoding.
    QByteArray m_data;
};

// How many shapes the process holds and their bytes (they are never freed: bounded instead).
struct AttributeShapeStats
{
    int shapes = 0;
    qsizetype bytes = 0;
};
AttributeShapeStats attributeShapeStats();

} // namespace numasight
