// SPDX-License-Identifier: GPL-3.0-or-later
#include "compact_string.h"

#include <algorithm>
#include <array>

namespace numasight {

// The texts this thread made values of most recently, each holding one reference, the last used first: a
// reader setting "SocketEntity" and "local" on a million entities makes two copies, not two million, even
// when each entity also brings a text of its own. Eight covers the type names and namespaces one source
// interleaves; a text not among them costs eight comparisons.
struct CompactStringRecent
{
    std::array<CompactString::Node*, 8> nodes{};

    ~CompactStringRecent()
    {
        for (CompactString::Node*& n : nodes) {
            CompactString::release(n);
            n = nullptr;
        }
    }
};

namespace {

thread_local CompactStringRecent recent;

} // namespace

const QString& CompactString::empty()
{
    static const QString e;
    return e;
}

void CompactString::release(Node* node)
{
    if (node && node->refs.fetch_sub(1, std::memory_order_acq_rel) == 1)
        delete node;
}

template <typename View>
CompactString::Node* CompactString::nodeFor(View text, const QString* whole)
{
    if (text.isEmpty())
        return nullptr;
    auto& nodes = recent.nodes;
    for (auto it = nodes.begin(); it != nodes.end() && *it; ++it)
        if ((*it)->text == text) {
            std::rotate(nodes.begin(), it, it + 1);
            return share(nodes.front());
        }
    Node* node = new Node;
    node->text = whole ? *whole : text.toString();
    release(nodes.back());
    std::rotate(nodes.begin(), nodes.end() - 1, nodes.end());
    nodes.front() = share(node);
    return node;
}

CompactString::CompactString(const QString& text)
    : m_node(nodeFor(QStringView(text), &text))
{
}

CompactString::CompactString(QLatin1StringView text)
    : m_node(nodeFor(text, nullptr))
{
}

CompactString::CompactString(QStringView text)
    : m_node(nodeFor(text, nullptr))
{
}

CompactString::CompactString(const CompactString& other) noexcept
    : m_node(share(other.m_node))
{
}

CompactString& CompactString::operator=(const CompactString& other) noexcept
{
    Node* const old = m_node;
    m_node = share(other.m_node);
    release(old);
    return *this;
}

CompactString& CompactString::operator=(CompactString&& other) noexcept
{
    if (this != &other) {
        release(m_node);
        m_node = other.m_node;
        other.m_node = nullptr;
    }
    return *this;
}

CompactString::~CompactString()
{
    release(m_node);
}

} // namespace numasight
