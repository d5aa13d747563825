// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringView>

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace numasight {

// A set of small non-negative indexes (CPU or NUMA node OS indexes), stored as a bitmap so that set
// operations on 1024-CPU machines stay word-wise.  Linux and witty-profiler write these sets as range
// strings ("0-23,48"); sysfs masks and hwloc write them as comma-separated 32-bit hex words.
class IndexSet
{
public:
    IndexSet() = default;
    IndexSet(std::initializer_list<int> indexes);

    // "0-23,48,50-51", "" (empty), whitespace tolerated around items. Returns nullopt on anything else;
    // errorAt (if given) receives the character offset of the first bad character.
    static std::optional<IndexSet> fromRangeString(std::string_view text, int* errorAt = nullptr);
    static std::optional<IndexSet> fromRangeString(QStringView text, int* errorAt = nullptr);
    // Linux cpumask format: "00000000,0000ffff" (most significant word first); a "0x" prefix is accepted.
    static std::optional<IndexSet> fromBitmap(std::string_view text);
    static IndexSet range(int first, int last);

    QString toRangeString() const;
    std::string toStdRangeString() const;
    QString toBitmap() const;

    bool isEmpty() const;
    int count() const;
    bool contains(int index) const;
    int first() const;         // -1 when empty
    int last() const;          // -1 when empty
    int next(int after) const; // the smallest index > after, or -1
    std::vector<int> toVector() const;

    void insert(int index);
    void insertRange(int first, int last);
    void remove(int index);
    void clear() { m_words.resize(0); }

    IndexSet& operator|=(const IndexSet& other);
    IndexSet& operator&=(const IndexSet& other);
    IndexSet& operator-=(const IndexSet& other);
    friend IndexSet operator|(IndexSet a, const IndexSet& b) { return a |= b; }
    friend IndexSet operator&(IndexSet a, const IndexSet& b) { return a &= b; }
    friend IndexSet operator-(IndexSet a, const IndexSet& b) { return a -= b; }
    bool intersects(const IndexSet& other) const;
    bool isSubsetOf(const IndexSet& other) const;
    friend bool operator==(const IndexSet& a, const IndexSet& b);

    template <class F>
    void forEach(F&& f) const
    {
        for (int i = first(); i >= 0; i = next(i))
            f(i);
    }

private:
    // The bitmap's 64-bit words, least significant first, the last one non-zero. Eight bytes: a set of
    // indexes below 63 (what a thread, socket or node of most machines holds) stays in place, a larger one
    // lives in a block of its own. Entities hold two sets each and come by the million, so a
    // std::vector (24 bytes, and a heap block for even one CPU) was a large part of a small entity.
    class Words
    {
    public:
        Words() = default;
        Words(const Words& other);
        Words(Words&& other) noexcept
            : m_raw(other.m_raw)
        {
            other.m_raw = 0;
        }
        Words& operator=(const Words& other);
        Words& operator=(Words&& other) noexcept;
        ~Words() { release(); }

        size_t size() const
        {
            if (m_raw == 0)
                return 0;
            return (m_raw & 1) ? 1 : block()->size;
        }
        bool empty() const { return m_raw == 0; }
        std::uint64_t operator[](size_t i) const { return (m_raw & 1) ? m_raw >> 1 : data()[i]; }
        void set(size_t i, std::uint64_t value); // i < size()
        void resize(size_t n);                   // new words are zero
        void trim();                             // drops zero words at the top
        friend bool operator==(const Words& a, const Words& b)
        {
            const size_t n = a.size();
            if (n != b.size())
                return false;
            for (size_t i = 0; i < n; ++i)
                if (a[i] != b[i])
                    return false;
            return true;
        }

    private:
        struct Block
        {
            std::uint32_t size;
            std::uint32_t capacity;
            // the words follow
        };
        bool isBlock() const { return m_raw != 0 && !(m_raw & 1); }
        Block* block() const { return reinterpret_cast<Block*>(m_raw); }
        std::uint64_t* data() const { return reinterpret_cast<std::uint64_t*>(block() + 1); }
        static Block* allocate(size_t capacity);
        void release();
        void storeSingle(std::uint64_t word); // the whole set is this one word

        std::uint64_t m_raw = 0; // 0: empty; odd: one word, shifted left by one; else a Block*
    };

    void trim() { m_words.trim(); }
    Words m_words;
};

using CpuSet = IndexSet;
using NodeSet = IndexSet;

} // namespace numasight
