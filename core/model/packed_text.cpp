// SPDX-License-Identifier: GPL-3.0-or-later
#include "packed_text.h"

#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <new>

namespace numasight {

namespace {

char* allocate(size_t bytes)
{
    auto* b = static_cast<char*>(std::malloc(bytes));
    if (!b)
        throw std::bad_alloc();
    return b;
}

// A wide block of `size` code units (see kWideHeader); returns it and where its text goes.
char* newWideBlock(qsizetype size, size_t header, char16_t** text)
{
    char* b = allocate(header + sizeof(char16_t) * size_t(size));
    std::memset(b, 0, header);
    const auto n = std::uint32_t(size);
    std::memcpy(b + sizeof(std::uint32_t), &n, sizeof n);
    *text = reinterpret_cast<char16_t*>(b + header);
    return b;
}

} // namespace

std::uint32_t PackedText::wideSize() const
{
    std::uint32_t n = 0;
    std::memcpy(&n, block() + sizeof(std::uint32_t), sizeof n);
    return n;
}

size_t PackedText::blockBytes() const
{
    const auto narrow = static_cast<unsigned char>(block()[0]);
    return narrow ? 1 + size_t(narrow) : kWideHeader + sizeof(char16_t) * size_t(wideSize());
}

PackedText::PackedText(QStringView text)
{
    assign(text);
}

PackedText::PackedText(QLatin1StringView text)
{
    assignLatin1(text.data(), text.size());
}

PackedText PackedText::fromUtf8(std::string_view utf8)
{
    PackedText out;
    for (const char c : utf8)
        if (static_cast<unsigned char>(c) >= 0x80) {
            out.assign(QString::fromUtf8(utf8.data(), qsizetype(utf8.size())));
            return out;
        }
    out.assignLatin1(utf8.data(), qsizetype(utf8.size()));
    return out;
}

void PackedText::assignLatin1(const char* text, qsizetype size)
{
    if (size <= 0) {
        m_bits = 0;
        return;
    }
    if (size <= kInline) {
        std::uint64_t bits = std::uint64_t(size) << 1 | 1;
        for (qsizetype i = 0; i < size; ++i)
            bits |= std::uint64_t(static_cast<unsigned char>(text[i])) << (8 * (i + 1));
        m_bits = bits;
        return;
    }
    if (size <= kNarrowBlock) {
        char* b = allocate(1 + size_t(size));
        b[0] = char(size);
        std::memcpy(b + 1, text, size_t(size));
        m_bits = reinterpret_cast<std::uint64_t>(b);
        return;
    }
    char16_t* out = nullptr;
    m_bits = reinterpret_cast<std::uint64_t>(newWideBlock(size, kWideHeader, &out));
    for (qsizetype i = 0; i < size; ++i)
        out[i] = char16_t(static_cast<unsigned char>(text[i]));
}

void PackedText::assign(QStringView text)
{
    const qsizetype size = text.size();
    bool latin1 = size <= kNarrowBlock;
    for (qsizetype i = 0; latin1 && i < size; ++i)
        latin1 = text[i].unicode() < 0x100;
    if (latin1) {
        char bytes[kNarrowBlock];
        for (qsizetype i = 0; i < size; ++i)
            bytes[i] = char(text[i].unicode());
        assignLatin1(bytes, size);
        return;
    }
    char16_t* out = nullptr;
    m_bits = reinterpret_cast<std::uint64_t>(newWideBlock(size, kWideHeader, &out));
    std::memcpy(out, text.utf16(), sizeof(char16_t) * size_t(size));
}

void PackedText::free()
{
    if (m_bits != 0 && !isInline())
        std::free(reinterpret_cast<void*>(m_bits));
    m_bits = 0;
}

PackedText::PackedText(const PackedText& other)
{
    if (other.isInline() || other.m_bits == 0) {
        m_bits = other.m_bits;
        return;
    }
    // A block is copied as it is: its text was already found not to fit in place, or in a narrow block.
    const size_t bytes = other.blockBytes();
    char* b = allocate(bytes);
    std::memcpy(b, other.block(), bytes);
    m_bits = reinterpret_cast<std::uint64_t>(b);
}

PackedText& PackedText::operator=(const PackedText& other)
{
    if (this != &other) {
        PackedText copy(other);
        *this = std::move(copy);
    }
    return *this;
}

PackedText& PackedText::operator=(PackedText&& other) noexcept
{
    if (this != &other) {
        free();
        m_bits = other.m_bits;
        other.m_bits = 0;
    }
    return *this;
}

PackedText::~PackedText()
{
    free();
}

qsizetype PackedText::size() const
{
    if (m_bits == 0)
        return 0;
    if (isInline())
        return qsizetype((m_bits >> 1) & 7);
    const auto narrow = static_cast<unsigned char>(block()[0]);
    return narrow ? qsizetype(narrow) : qsizetype(wideSize());
}

PackedText::Utf16 PackedText::utf16() const
{
    Utf16 out;
    if (m_bits == 0)
        return out;
    if (isInline()) {
        out.m_size = qsizetype((m_bits >> 1) & 7);
        for (qsizetype i = 0; i < out.m_size; ++i)
            out.m_inline[i] = char16_t((m_bits >> (8 * (i + 1))) & 0xff);
        return out;
    }
    if (const auto narrow = static_cast<unsigned char>(block()[0])) {
        out.m_size = narrow;
        for (qsizetype i = 0; i < out.m_size; ++i)
            out.m_inline[i] = char16_t(static_cast<unsigned char>(block()[1 + i]));
        return out;
    }
    out.m_data = reinterpret_cast<const char16_t*>(block() + kWideHeader);
    out.m_size = qsizetype(wideSize());
    return out;
}

} // namespace numasight
