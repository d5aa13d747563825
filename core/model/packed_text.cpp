// SPDX-License-Identifier: GPL-3.0-or-later
#include "packed_text.h"

#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <new>

namespace numasight {

namespace {

char* newBlock(qsizetype size)
{
    auto* b = static_cast<char*>(std::malloc(sizeof(std::uint32_t) + sizeof(char16_t) * size_t(size)));
    if (!b)
        throw std::bad_alloc();
    const auto n = std::uint32_t(size);
    std::memcpy(b, &n, sizeof n);
    return b;
}

char16_t* textOf(char* block)
{
    return reinterpret_cast<char16_t*>(block + sizeof(std::uint32_t));
}

} // namespace

std::uint32_t PackedText::blockSize() const
{
    std::uint32_t n = 0;
    std::memcpy(&n, block(), sizeof n);
    return n;
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
    char* b = newBlock(size);
    char16_t* out = textOf(b);
    for (qsizetype i = 0; i < size; ++i)
        out[i] = char16_t(static_cast<unsigned char>(text[i]));
    m_bits = reinterpret_cast<std::uint64_t>(b);
}

void PackedText::assign(QStringView text)
{
    const qsizetype size = text.size();
    bool latin1 = size <= kInline;
    for (qsizetype i = 0; latin1 && i < size; ++i)
        latin1 = text[i].unicode() < 0x100;
    if (latin1) {
        char bytes[kInline];
        for (qsizetype i = 0; i < size; ++i)
            bytes[i] = char(text[i].unicode());
        assignLatin1(bytes, size);
        return;
    }
    char* b = newBlock(size);
    std::memcpy(textOf(b), text.utf16(), sizeof(char16_t) * size_t(size));
    m_bits = reinterpret_cast<std::uint64_t>(b);
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
    // A block is copied as it is: its text was already found not to fit in place.
    const std::size_t bytes = sizeof(std::uint32_t) + sizeof(char16_t) * other.blockSize();
    auto* b = static_cast<char*>(std::malloc(bytes));
    if (!b)
        throw std::bad_alloc();
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
    return qsizetype(blockSize());
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
    out.m_data = reinterpret_cast<const char16_t*>(block() + kHeader);
    out.m_size = qsizetype(blockSize());
    return out;
}

} // namespace numasight
