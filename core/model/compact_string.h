// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHashFunctions>
#include <QString>
#include <QStringView>

#include <atomic>
#include <compare>

namespace numasight {

// A QString held in one pointer, for the names every entity and edge repeats (its type name, its namespace).
//
// A QString is 24 bytes wherever it sits, even when a million entities share one "SocketEntity" through it;
// in a graph of a million small sockets those two fields were a sixth of the model. This holds a pointer to a
// shared, counted copy instead. Values made from the same text shortly one after the other on one thread
// share one copy (a short per-thread list of the last texts seen), so readers and collectors that set the
// same few names on every entity need no cache of their own; an empty value holds nothing.
//
// It reads as a `const QString&` (str(), or the conversion), compares with every string type, and sorts and
// hashes as its text.
class CompactString
{
public:
    CompactString() = default;
    CompactString(const QString& text); // NOLINT(google-explicit-constructor): a string in every other way
    CompactString(QLatin1StringView text);
    CompactString(QStringView text);
    CompactString(const CompactString& other) noexcept;
    CompactString(CompactString&& other) noexcept
        : m_node(other.m_node)
    {
        other.m_node = nullptr;
    }
    CompactString& operator=(const CompactString& other) noexcept;
    CompactString& operator=(CompactString&& other) noexcept;
    CompactString& operator=(const QString& text) { return *this = CompactString(text); }
    CompactString& operator=(QLatin1StringView text) { return *this = CompactString(text); }
    ~CompactString();

    const QString& str() const { return m_node ? m_node->text : empty(); }
    operator const QString&() const { return str(); } // NOLINT(google-explicit-constructor)
    QStringView view() const { return str(); }

    bool isEmpty() const { return !m_node; }
    qsizetype size() const { return str().size(); }
    void clear() { *this = CompactString(); }
    QByteArray toUtf8() const { return str().toUtf8(); }
    QByteArray toLatin1() const { return str().toLatin1(); }
    template <typename T>
    bool startsWith(const T& prefix, Qt::CaseSensitivity cs = Qt::CaseSensitive) const
    {
        return str().startsWith(prefix, cs);
    }
    template <typename T>
    bool endsWith(const T& suffix, Qt::CaseSensitivity cs = Qt::CaseSensitive) const
    {
        return str().endsWith(suffix, cs);
    }
    template <typename T>
    bool contains(const T& part, Qt::CaseSensitivity cs = Qt::CaseSensitive) const
    {
        return str().contains(part, cs);
    }

    // Whether both hold the very same copy: true means equal, false says nothing.
    bool sharesWith(const CompactString& other) const { return m_node == other.m_node; }

    friend bool operator==(const CompactString& a, const CompactString& b)
    {
        return a.m_node == b.m_node || a.str() == b.str();
    }
    friend bool operator==(const CompactString& a, const QString& b) { return a.str() == b; }
    friend bool operator==(const CompactString& a, QStringView b) { return a.view() == b; }
    friend bool operator==(const CompactString& a, QLatin1StringView b) { return a.str() == b; }
    friend bool operator==(const CompactString& a, const char16_t* b) { return a.str() == b; }
    friend std::strong_ordering operator<=>(const CompactString& a, const CompactString& b)
    {
        return a.m_node == b.m_node ? std::strong_ordering::equal : QString::compare(a.str(), b.str()) <=> 0;
    }
    friend std::strong_ordering operator<=>(const CompactString& a, const QString& b)
    {
        return QString::compare(a.str(), b) <=> 0;
    }
    friend size_t qHash(const CompactString& s, size_t seed = 0) noexcept { return qHash(s.str(), seed); }

private:
    struct Node
    {
        std::atomic<int> refs{1};
        QString text;
    };
    friend struct CompactStringRecent;

    static const QString& empty();
    static Node* share(Node* node)
    {
        if (node)
            node->refs.fetch_add(1, std::memory_order_relaxed);
        return node;
    }
    static void release(Node* node);
    template <typename View>
    static Node* nodeFor(View text, const QString* whole);

    Node* m_node = nullptr;
};

} // namespace numasight
