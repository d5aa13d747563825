// SPDX-License-Identifier: GPL-3.0-or-later
// GraphReader::readByElement(): the nodes and edges lists read one element at a time. A bracket scan finds
// where each element ends (it follows strings and nesting only); simdjson then indexes and validates that one
// element, so its index never covers more than one entity or edge. Anything but the plain shape, and any
// error, hands the document to readDocument(), which reads it whole and says what is wrong.
#include "util/json_brackets.h"
#include "witty_graph_reader.h"

#include <cstring>

namespace numasight::wittyread {

namespace {

const char* skipSpace(const char* p, const char* end)
{
    while (p < end && witty::isJsonSpace(*p))
        ++p;
    return p;
}

// Just past the closing quote of the string whose opening quote is at `p`; nullptr when it is not closed.
const char* stringEnd(const char* p, const char* end)
{
    const char* from = p + 1;
    for (;;) {
        const char* quote = static_cast<const char*>(std::memchr(from, '"', size_t(end - from)));
        if (!quote)
            return nullptr;
        const char* run = quote;
        while (run[-1] == '\\') // stops at the opening quote at the latest
            --run;
        if ((quote - run) % 2 == 0)
            return quote + 1;
        from = quote + 1;
    }
}

// Just past the bracket that closes the one `brackets` has just returned; nullptr when it is not closed.
// Which bracket closes which is simdjson's to check, inside the element.
const char* closingEnd(JsonBracketScanner& brackets)
{
    size_t depth = 1;
    while (const char* b = brackets.next()) {
        depth = *b == '{' || *b == '[' ? depth + 1 : depth - 1;
        if (depth == 0)
            return b + 1;
    }
    return nullptr;
}

} // namespace

SnapshotPtr GraphReader::readByElement(const char* begin, size_t length, SourceInfo& source,
                                       SourceFormat* format, bool envelopeAllowed)
{
    *format = SourceFormat::WittyJson;
    const char* p = begin;
    const char* const end = begin + length;
    bool sawGraph = false;
    readObjectByElement(p, end, source, format, envelopeAllowed, nullptr, &sawGraph);
    if (skipSpace(p, end) != end || !sawGraph)
        throw NotPlain{};
    return finishDocument();
}

void GraphReader::readObjectByElement(const char*& p, const char* end, SourceInfo& source,
                                      SourceFormat* format, bool envelopeAllowed, const Where* where,
                                      bool* sawGraph)
{
    p = skipSpace(p, end);
    if (p == end || *p != '{')
        throw NotPlain{};
    p = skipSpace(p + 1, end);
    for (;;) {
        if (p == end || *p != '"')
            throw NotPlain{};
        const char* keyEnd = stringEnd(p, end);
        if (!keyEnd)
            throw NotPlain{};
        const std::string_view key(p + 1, size_t(keyEnd - p - 2));
        p = skipSpace(keyEnd, end);
        if (p == end || *p != ':')
            throw NotPlain{};
        p = skipSpace(p + 1, end);
        if (key == "nodes" || key == "edges") {
            const Where w{where, key == "nodes" ? "nodes" : "edges"};
            readListByElement(p, end, key == "nodes", &w);
            *sawGraph = true;
        } else if (envelopeAllowed && key == "content") {
            const Where w{where, "content"};
            bool inner = false;
            readObjectByElement(p, end, source, format, false, &w, &inner);
            if (!inner)
                throw NotPlain{};
            *format = SourceFormat::WittyEnvelope;
            *sawGraph = true;
        } else if (envelopeAllowed && key == "env") {
            JsonBracketScanner brackets(p, end);
            const char* valueEnd =
                p < end && *p == '{' && brackets.next() == p ? closingEnd(brackets) : nullptr;
            if (!valueEnd)
                throw NotPlain{};
            const size_t capacity = size_t(m_base + m_size - p) + simdjson::SIMDJSON_PADDING;
            od::document doc;
            od::object env;
            if (m_parser.iterate(p, size_t(valueEnd - p), capacity).get(doc) != simdjson::SUCCESS)
                throw NotPlain{};
            m_doc = &doc;
            m_docEnd = valueEnd;
            if (doc.get_object().get(env) != simdjson::SUCCESS)
                throw NotPlain{};
            const Where w{where, "env"};
            readEnv(env, source, &w);
            m_doc = nullptr;
            *format = SourceFormat::WittyEnvelope;
            p = valueEnd;
        } else {
            throw NotPlain{};
        }
        p = skipSpace(p, end);
        if (p < end && *p == ',') {
            p = skipSpace(p + 1, end);
            continue;
        }
        if (p < end && *p == '}') {
            ++p;
            return;
        }
        throw NotPlain{};
    }
}

void GraphReader::readListByElement(const char*& p, const char* end, bool nodes, const Where* where)
{
    if (p == end || *p != '[')
        throw NotPlain{};
    // First where every element ends (8 bytes each), so that the model is sized once; then each element.
    std::vector<const char*> ends;
    const char* first = skipSpace(p + 1, end);
    const char* q = first;
    if (q < end && *q == ']') {
        p = q + 1;
        return;
    }
    JsonBracketScanner brackets(q, end);
    for (;;) {
        // Only blanks and a comma lie between one element and the next, so the next bracket is this one.
        if (q == end || *q != '{' || brackets.next() != q)
            throw NotPlain{};
        const char* e = closingEnd(brackets);
        if (!e)
            throw NotPlain{};
        ends.push_back(e);
        if ((ends.size() & 0xffff) == 0 && m_progress.isCancelled())
            throw Failure{LoadError::cancel(m_file)};
        q = skipSpace(e, end);
        if (q < end && *q == ',') {
            q = skipSpace(q + 1, end);
            continue;
        }
        if (q < end && *q == ']') {
            ++q;
            break;
        }
        throw NotPlain{};
    }
    if (nodes) {
        const size_t total = size_t(m_builder.entityCount()) + ends.size();
        m_builder.reserve(total, 0);
        m_ids.reserve(total);
        m_slots.reserve(total);
    } else {
        m_builder.reserve(0, m_builder.edgeCount() + ends.size());
    }

    const char* b = first;
    for (size_t i = 0; i < ends.size(); ++i) {
        const char* e = ends[i];
        const Where w{where, nullptr, qint64(i)};
        const size_t capacity = size_t(m_base + m_size - b) + simdjson::SIMDJSON_PADDING;
        od::document doc;
        od::value value;
        if (m_parser.iterate(b, size_t(e - b), capacity).get(doc) != simdjson::SUCCESS ||
            doc.get_value().get(value) != simdjson::SUCCESS)
            throw NotPlain{};
        m_doc = &doc;
        m_docEnd = e;
        if (nodes)
            readEntity(value, &w, Origin::Nodes, e);
        else
            readEdge(value, &w);
        m_doc = nullptr;
        b = skipSpace(e, end);
        if (b < end && *b == ',')
            b = skipSpace(b + 1, end);
    }
    p = q;
}

} // namespace numasight::wittyread
