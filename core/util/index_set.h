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
    void clear() { m_words.clear(); }

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
    void trim();
    std::vector<std::uint64_t> m_words;
};

using CpuSet = IndexSet;
using NodeSet = IndexSet;

} // namespace numasight
