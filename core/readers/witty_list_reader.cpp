// SPDX-License-Identifier: GPL-3.0-or-later
// GraphReader::readByElement(): the nodes and edges lists read one element at a time. A bracket scan finds
// where each element ends (it follows strings and nesting only); simdjson then indexes and validates that one
// element, so its index never covers more than one entity or edge. Anything but the plain shape, and any
// error, hands the document to readDocument(), which reads it whole and says what is wrong.
#include "util/json_brackets.h"
#include "util/json_text.h"
#include "witty_graph_reader.h"
#include "witty_list_walk.h"

#include <QThread>

#include <condition_variable>
#include <cstring>
#include <exception>
#include <mutex>
#include <thread>

namespace numasight::wittyread {

namespace {

// Where the element after the one ending at `e` begins (`e` itself when it is an element's start).
const char* nextElement(const char* e, const char* end)
{
    const char* b = witty::skipJsonSpace(e, end);
    if (b < end && *b == ',')
        b = witty::skipJsonSpace(b + 1, end);
    return b;
}

struct Batch
{
    size_t from = 0, to = 0;
    // The first element's start; read from a file, the end of the element before it (whose separator the
    // parse skips in its copy), so that finding the batches reads nothing through the mapping.
    const char* begin = nullptr;
};

// A batch ends at its element count or its byte budget, whichever comes first.
std::vector<Batch> batchesOf(const ElementEnds& ends, const char* first, const char* end, bool fromFile)
{
    const WittyReadTuning& tuning = wittyReadTuning();
    std::vector<Batch> batches;
    for (size_t from = 0; from < ends.size();) {
        const char* b = from == 0 ? first : fromFile ? ends[from - 1] : nextElement(ends[from - 1], end);
        size_t to = from + 1;
        while (to < ends.size() && to - from < tuning.batchElements &&
               size_t(ends[to] - b) < tuning.batchBytes)
            ++to;
        batches.push_back({from, to, b});
        from = to;
    }
    return batches;
}

} // namespace

// Batches of elements are parsed on several threads (this one included, when the next batch to insert is not
// ready), each thread with its own parser and scratch buffers; this thread inserts the parsed batches in
// document order, as the one-thread loop would. Parses look entities up in a copy of the tables taken when
// the list starts, since the live ones change under them; insertEntity() asks the live tables again.
void GraphReader::readListInBatches(const ElementEnds& ends, const char* first, const char* end, bool nodes,
                                    const Where* where, int threads)
{
    const bool fromFile = m_listFromFile;
    const std::vector<Batch> batches = batchesOf(ends, first, end, fromFile);

    // Batches parsed and not yet inserted wait in a ring of buffers, which bounds the memory they hold.
    struct Slot
    {
        std::vector<ParsedEntity> entities;
        std::vector<ParsedEdge> edges;
        std::exception_ptr error;
        size_t batch = SIZE_MAX; // the batch parsed into it, once its parse is over
    };
    const size_t ringSize = size_t(threads) * 3;
    std::vector<Slot> ring(ringSize);
    std::mutex mutex;
    std::condition_variable changed;
    size_t nextToParse = 0, inserted = 0;
    bool stop = false;

    if (m_builder.entityCount() > 0) { // nothing to look up in an empty model
        freezeIdentities();
        m_frozenSlots = m_slots;
    }
    m_lookInFrozen = true;
    m_parsedProcesses.clear();
    std::vector<std::unique_ptr<GraphReader>> parsers;
    for (int k = 1; k < threads; ++k) {
        parsers.push_back(std::make_unique<GraphReader>(*this, true));
        parsers.back()->m_lookInFrozen = true;
    }

    // Parses batch j into its slot; takes and gives back `lock`.
    auto parse = [&](GraphReader& reader, size_t j, std::unique_lock<std::mutex>& lock) {
        lock.unlock();
        Slot& slot = ring[j % ringSize];
        const Batch& batch = batches[j];
        const size_t count = batch.to - batch.from;
        try {
            if (nodes && slot.entities.size() < count)
                slot.entities.resize(count);
            if (!nodes && slot.edges.size() < count)
                slot.edges.resize(count);
            if (fromFile)
                reader.readElementsFromFile(ends, batch.begin, batch.from, batch.to, nodes, where,
                                            slot.entities.data(), slot.edges.data(), reader.m_batchText);
            else
                reader.readElements(ends, batch.begin, end, batch.from, batch.to, nodes, where,
                                    slot.entities.data(), slot.edges.data());
        } catch (...) {
            slot.error = std::current_exception();
        }
        lock.lock();
        slot.batch = j;
        changed.notify_all();
    };
    auto claimable = [&] { return nextToParse < batches.size() && nextToParse < inserted + ringSize; };
    auto serve = [&](GraphReader& reader) {
        std::unique_lock lock(mutex);
        for (;;) {
            changed.wait(lock, [&] { return stop || claimable(); });
            if (stop)
                return;
            parse(reader, nextToParse++, lock);
        }
    };
    std::vector<std::thread> helpers;
    // Helpers read this frame's locals: they are stopped and joined before it unwinds, whatever happens.
    struct Join
    {
        std::vector<std::thread>& helpers;
        std::mutex& mutex;
        std::condition_variable& changed;
        bool& stop;
        GraphReader& reader;
        ~Join()
        {
            {
                const std::lock_guard lock(mutex);
                stop = true;
            }
            changed.notify_all();
            for (std::thread& t : helpers)
                t.join();
            reader.m_lookInFrozen = false;
            reader.m_parsedProcesses = {};
            reader.m_frozenIds = {};
            reader.m_frozenSlots = {};
        }
    } join{helpers, mutex, changed, stop, *this};
    for (auto& reader : parsers)
        helpers.emplace_back(serve, std::ref(*reader));

    for (size_t j = 0; j < batches.size(); ++j) {
        Slot& slot = ring[j % ringSize];
        {
            std::unique_lock lock(mutex);
            while (slot.batch != j) {
                if (claimable())
                    parse(*this, nextToParse++, lock);
                else
                    changed.wait(lock);
            }
        }
        if (slot.error)
            std::rethrow_exception(slot.error);
        for (size_t i = batches[j].from; i < batches[j].to; ++i) {
            const Where w{where, nullptr, qint64(i)};
            if (nodes)
                insertEntity(slot.entities[i - batches[j].from], &w);
            else
                insertEdge(slot.edges[i - batches[j].from]);
        }
        {
            const std::lock_guard lock(mutex);
            slot.batch = SIZE_MAX;
            ++inserted;
        }
        changed.notify_all();
        if (m_progress.isCancelled())
            throw Failure{LoadError::cancel(m_file)};
    }
}

void GraphReader::readElementsFromFile(const ElementEnds& ends, const char* b, size_t from, size_t to,
                                       bool nodes, const Where* where, ParsedEntity* entities,
                                       ParsedEdge* edges, std::vector<char>& copy)
{
    const char* last = ends[to - 1];
    if (!m_fileText.read(b, size_t(last - b), copy, simdjson::SIMDJSON_PADDING))
        throw NotPlain{}; // cut short since it was opened: the whole-document reader says so
    m_window = copy.data();
    m_windowSize = size_t(last - b);
    m_windowText = b;
    struct Done
    {
        GraphReader& r;
        ~Done() { r.m_window = nullptr; }
    } done{*this};
    const char* end = m_window + m_windowSize;
    readElements(ends, nextElement(m_window, end), end, from, to, nodes, where, entities, edges);
}

void GraphReader::readElements(const ElementEnds& ends, const char* b, const char* end, size_t from,
                               size_t to, bool nodes, const Where* where, ParsedEntity* entities,
                               ParsedEdge* edges)
{
    for (size_t i = from; i < to; ++i) {
        const char* e = inWindow(ends[i]);
        const Where w{where, nullptr, qint64(i)};
        const size_t capacity = capacityAt(b);
        od::document doc;
        od::value value;
        if (m_parser.iterate(b, size_t(e - b), capacity).get(doc) != simdjson::SUCCESS ||
            doc.get_value().get(value) != simdjson::SUCCESS)
            throw NotPlain{};
        m_doc = &doc;
        m_docEnd = e;
        if (nodes && entities)
            parseEntity(value, &w, Origin::Nodes, e, entities[i - from]);
        else if (nodes)
            readEntity(value, &w, Origin::Nodes, e);
        else if (edges)
            parseEdge(value, &w, edges[i - from], false);
        else
            readEdge(value, &w);
        m_doc = nullptr;
        b = nextElement(e, end);
    }
}

SnapshotPtr GraphReader::readByElement(const char* begin, size_t length, SourceInfo& source,
                                       SourceFormat* format, bool envelopeAllowed)
{
    *format = SourceFormat::WittyJson;
    const char* p = begin;
    const char* const end = begin + length;
    m_textEnd = end;
    bool sawGraph = false;
    readObjectByElement(p, end, source, format, envelopeAllowed, nullptr, &sawGraph);
    if (witty::skipJsonSpace(p, end) != end || !sawGraph)
        throw NotPlain{};
    return finishDocument();
}

void GraphReader::readObjectByElement(const char*& p, const char* end, SourceInfo& source,
                                      SourceFormat* format, bool envelopeAllowed, const Where* where,
                                      bool* sawGraph)
{
    p = witty::skipJsonSpace(p, end);
    if (p == end || *p != '{')
        throw NotPlain{};
    p = witty::skipJsonSpace(p + 1, end);
    for (;;) {
        if (p == end || *p != '"')
            throw NotPlain{};
        const size_t quote = jsonStringEnd({p, size_t(end - p)}, 0);
        if (quote == std::string_view::npos)
            throw NotPlain{};
        const std::string_view key(p + 1, quote - 1);
        const char* const keyEnd = p + quote + 1;
        p = witty::skipJsonSpace(keyEnd, end);
        if (p == end || *p != ':')
            throw NotPlain{};
        p = witty::skipJsonSpace(p + 1, end);
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
                p < end && *p == '{' && brackets.next() == p ? brackets.closingEnd() : nullptr;
            if (!valueEnd)
                throw NotPlain{};
            const size_t capacity = capacityAt(p);
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
        p = witty::skipJsonSpace(p, end);
        if (p < end && *p == ',') {
            p = witty::skipJsonSpace(p + 1, end);
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
    const char* first = witty::skipJsonSpace(p + 1, end);
    if (first < end && *first == ']') {
        p = first + 1;
        return;
    }
    const WittyReadTuning& tuning = wittyReadTuning();
    const int threads = tuning.threads > 0 ? tuning.threads : std::min(QThread::idealThreadCount(), 4);
    // A long list of a mapped file is read from the file (FileText), and only then.
    const bool fromFile = m_fileText && size_t(end - first) >= tuning.fileReadFrom;
    m_listFromFile = fromFile;
    ListWalk walk = walkWholeList(first, end, threads, tuning.parallelScanFrom, m_progress.cancelled,
                                  fromFile ? &m_fileText : nullptr);
    if (walk.cancelled)
        throw Failure{LoadError::cancel(m_file)};
    if (!walk.plain || !walk.closed)
        throw NotPlain{};
    const ElementEnds& ends = walk.ends;
    const char* q = walk.stop;
    if (nodes) {
        const size_t total = size_t(m_builder.entityCount()) + ends.size();
        m_builder.reserve(total, 0);
        m_slots.reserve(total);
    } else {
        m_builder.reserve(0, m_builder.edgeCount() + ends.size());
    }

    if (fromFile)
        ++wittyReadPaths().listsFromFile;
    if (threads > 1 && ends.size() >= tuning.parallelFrom) {
        readListInBatches(ends, first, end, nodes, where, threads);
        ++wittyReadPaths().parallelLists;
        p = q;
        return;
    }
    if (fromFile) {
        for (const Batch& batch : batchesOf(ends, first, end, true))
            readElementsFromFile(ends, batch.begin, batch.from, batch.to, nodes, where, nullptr, nullptr,
                                 m_batchText);
    } else {
        readElements(ends, first, end, 0, ends.size(), nodes, where, nullptr, nullptr);
    }
    p = q;
}

} // namespace numasight::wittyread
