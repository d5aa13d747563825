// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QHashFunctions>
#include <QString>
#include <QStringView>

#include <compare>
#include <cstdint>
#include <string_view>

namespace numasight {

// An entity's key in one word: up to seven Latin-1 characters in the word itself (every pid and tid Linux
// hands out, "0-3", "L3"), anything longer in a block of its own.
//
// A QString is 24 bytes in the entity plus a block with a 16-byte header; keys come by the million (one per
// thread, socket or entity of an unknown type), so this saves 16 bytes an entity and the whole block of a
// short key. A Latin-1 key of up to 31 characters (a socket's "10.0.0.1:34726/TCP", an unknown type's
// {"id":123456}) is kept one byte a character behind a one-byte length: the allocator rounds blocks up to 16,
// 32, 48 bytes, and that puts those keys one or two classes lower than UTF-16 would. Longer keys, and keys
// beyond Latin-1, are kept as UTF-16. Each value owns its text (a copy copies it): keys are short, rarely
// copied, and never shared between entities.
//
// It reads as a QString (str(), or the conversion, both of which copy), and compares, sorts and hashes as
// its text. utf16() gives a QStringView valid for the full expression it is used in (a Latin-1 text is
// widened into the object it returns).
class PackedText
{
    static constexpr int kInline = 7;
    static constexpr int kNarrowBlock = 31; // the longest Latin-1 text kept one byte a character

public:
    PackedText() = default;
    PackedText(QStringView text); // NOLINT(google-explicit-constructor): a string in every other way
    PackedText(const QString& text)
        : PackedText(QStringView(text))
    {
    }
    PackedText(QLatin1StringView text);
    PackedText(const char16_t* text)
        : PackedText(QStringView(text))
    {
    }
    // UTF-8 without the detour through a QString (what readers have in hand).
    static PackedText fromUtf8(std::string_view utf8);

    PackedText(const PackedText& other);
    PackedText(PackedText&& other) noexcept
        : m_bits(other.m_bits)
    {
        other.m_bits = 0;
    }
    PackedText& operator=(const PackedText& other);
    PackedText& operator=(PackedText&& other) noexcept;
    ~PackedText();

    // The text as UTF-16 for the length of the full expression that asked for it (a Latin-1 text is widened
    // into the returned object, so keep the QStringView no longer than that object).
    class Utf16
    {
    public:
        operator QStringView() const // NOLINT(google-explicit-constructor)
        {
            return {m_data ? m_data : m_inline, m_size};
        }
        QStringView view() const { return *this; }

    private:
        friend class PackedText;
        const char16_t* m_data = nullptr;
        qsizetype m_size = 0;
        char16_t m_inline[kNarrowBlock] = {};
    };
    Utf16 utf16() const;

    QString str() const { return utf16().view().toString(); }
    operator QString() const { return str(); } // NOLINT(google-explicit-constructor)

    bool isEmpty() const { return m_bits == 0; }
    qsizetype size() const;
    QByteArray toUtf8() const { return utf16().view().toUtf8(); }
    QString left(qsizetype n) const { return utf16().view().left(n).toString(); }
    template <typename T>
    bool startsWith(const T& prefix, Qt::CaseSensitivity cs = Qt::CaseSensitive) const
    {
        return utf16().view().startsWith(prefix, cs);
    }
    template <typename T>
    bool endsWith(const T& suffix, Qt::CaseSensitivity cs = Qt::CaseSensitive) const
    {
        return utf16().view().endsWith(suffix, cs);
    }
    template <typename T>
    bool contains(const T& part, Qt::CaseSensitivity cs = Qt::CaseSensitive) const
    {
        return utf16().view().contains(part, cs);
    }
    // Whether the text is kept in the word itself (no block).
    bool isInline() const { return (m_bits & 1) != 0; }
    // Whether it is kept in a block one byte a character.
    bool isNarrowBlock() const { return m_bits != 0 && !isInline() && block()[0] != 0; }

    friend bool operator==(const PackedText& a, const PackedText& b)
    {
        return a.m_bits == b.m_bits || a.utf16().view() == b.utf16().view();
    }
    friend bool operator==(const PackedText& a, QStringView b) { return a.utf16().view() == b; }
    friend bool operator==(const PackedText& a, const QString& b)
    {
        return a.utf16().view() == QStringView(b);
    }
    friend bool operator==(const PackedText& a, QLatin1StringView b) { return a.utf16().view() == b; }
    friend bool operator==(const PackedText& a, const char16_t* b)
    {
        return a.utf16().view() == QStringView(b);
    }
    friend std::strong_ordering operator<=>(const PackedText& a, const PackedText& b)
    {
        return a.utf16().view().compare(b.utf16().view()) <=> 0;
    }
    friend std::strong_ordering operator<=>(const PackedText& a, const QString& b)
    {
        return a.utf16().view().compare(QStringView(b)) <=> 0;
    }
    // The hash of the same text as a QString or QStringView.
    friend size_t qHash(const PackedText& s, size_t seed = 0) noexcept
    {
        return qHash(s.utf16().view(), seed);
    }

private:
    // A block, by its first byte: a narrow one is that byte's count (8 to kNarrowBlock) of Latin-1
    // characters; a wide one is 0, three bytes of padding, the length (32 bits), then that many UTF-16 code
    // units.
    static constexpr size_t kWideHeader = 2 * sizeof(std::uint32_t);
    const char* block() const { return reinterpret_cast<const char*>(m_bits); }
    std::uint32_t wideSize() const;
    size_t blockBytes() const;
    void assign(QStringView text);
    void assignLatin1(const char* text, qsizetype size);
    void free();

    // 0: empty. Low bit set: inline, the length in bits 1-3 and the characters in bytes 1-7. Otherwise a
    // pointer to a block (allocations are aligned, so the low bit of a pointer is clear).
    std::uint64_t m_bits = 0;
};

} // namespace numasight
