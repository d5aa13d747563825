// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The witty-profiler graph reader behind readWittyJson() and readWittyJsonFile() (witty_json_reader.h),
// internal to core/readers. Its parts: witty_json_reader.cpp (documents, envelopes, the nodes and edges
// lists, errors and progress), witty_entity_reader.cpp (one entity: its fields, identity and typed facts) and
// witty_edge_reader.cpp (one edge, and what the edges settle at the end: the nodes of devices, distances).

#include "witty_json_reader.h"
#include "witty_json_scan.h"
#include "witty_list_walk.h"
#include "witty_schema.h"

#include <simdjson.h>

#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace numasight::wittyread {

namespace od = simdjson::ondemand;
using simdjson::error_code;

// Nesting deeper than this is refused; witty's deepest field sits at depth 5.
constexpr int kMaxDepth = 1024;
// A span shorter than this cannot nest deeper than kMaxDepth, so only longer ones are scanned.
constexpr size_t kDepthScanThreshold = 2 * kMaxDepth;
constexpr size_t kProgressEvery = 2048;

struct Failure
{
    LoadError error;
};

// Thrown by readByElement() at anything but the plain shape of a valid graph, or at any error: the document
// is then read whole, by the reader whose messages and places the tests pin down.
struct NotPlain
{
};

// A JSON path built on the stack and only turned into text when an error needs it.
struct Where
{
    const Where* parent = nullptr;
    const char* name = nullptr; // a field, or nullptr for an array index
    qint64 index = -1;

    QString toString() const
    {
        QString out = parent ? parent->toString() : QString();
        if (name) {
            if (!out.isEmpty())
                out += QLatin1Char('.');
            out += QLatin1String(name);
        } else {
            out += QStringLiteral("[%1]").arg(index);
        }
        return out;
    }
};

inline QString typeNameOf(od::json_type t)
{
    switch (t) {
    case od::json_type::array:
        return QStringLiteral("an array");
    case od::json_type::object:
        return QStringLiteral("an object");
    case od::json_type::number:
        return QStringLiteral("a number");
    case od::json_type::string:
        return QStringLiteral("a string");
    case od::json_type::boolean:
        return QStringLiteral("a boolean");
    case od::json_type::null:
        return QStringLiteral("null");
    }
    return QStringLiteral("something else");
}

inline std::string_view trimRight(std::string_view s)
{
    while (!s.empty() && (s.back() == ' ' || s.back() == '\n' || s.back() == '\r' || s.back() == '\t'))
        s.remove_suffix(1);
    return s;
}

// UTF-8 as UTF-16 in a reused buffer, for looking text up in the model without a QString per look-up.
class Utf16Scratch
{
public:
    QStringView view(std::string_view utf8)
    {
        m_buffer.resize(utf8.size());
        for (size_t i = 0; i < utf8.size(); ++i) {
            const auto byte = static_cast<unsigned char>(utf8[i]);
            if (byte >= 0x80) {
                m_text = QString::fromUtf8(utf8.data(), qsizetype(utf8.size()));
                return m_text;
            }
            m_buffer[i] = char16_t(byte);
        }
        return QStringView(m_buffer.data(), qsizetype(utf8.size()));
    }

private:
    std::u16string m_buffer;
    QString m_text;
};

inline QString fromUtf8(std::string_view s)
{
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

// The key fields the reader looks at; everything else only travels in the attributes.
enum Field : std::uint8_t
{
    FType,
    FNamespace,
    FPid,
    FPpid,
    FName,
    FCmdline,
    FTid,
    FProcess,
    FSocketAddr,
    FSocketPort,
    FSocketType,
    FNumaId,
    FCpuSet,
    FNumaStats,
    FMemInfo,
    FDistances,
    FNumaIdStr,
    FId,
    FCpuAffinity,
    FPciBusId,
    FNumaAffinity,
    FContainerId,
    FContainerName,
    FContainerType,
    FShmName,
    FShmSize,
    FieldCount
};
constexpr std::string_view kFieldNames[FieldCount] = {"entity_type",
                                                      "entity_namespace",
                                                      "pid",
                                                      "ppid",
                                                      "name",
                                                      "cmdline",
                                                      "tid",
                                                      "process",
                                                      "socket_addr",
                                                      "socket_port",
                                                      "socket_type",
                                                      "numa_id",
                                                      "cpu_set",
                                                      "numa_stats",
                                                      "mem_info",
                                                      "distance_to_all_numa",
                                                      "numa_id_str",
                                                      "id",
                                                      "cpu_affinity",
                                                      "pci_bus_id",
                                                      "numa_affinity",
                                                      "container_id",
                                                      "container_name",
                                                      "container_type",
                                                      "shm_name",
                                                      "shm_size"};

// Whether the key whose text starts at `raw` (just past its opening quote) is exactly `name`. Reading up to
// name.size() + 1 bytes is safe: simdjson validated the closing quote and the buffer is padded.
inline bool keyIs(const char* raw, std::string_view name)
{
    return std::memcmp(raw, name.data(), name.size()) == 0 && raw[name.size()] == '"';
}

// Which of kFieldNames the key is, or -1. Every key of every endpoint copy passes here, so it dispatches
// on the first byte instead of measuring the key and comparing it with all 26 names.
inline int fieldIndex(const char* raw)
{
    auto pick = [raw](std::initializer_list<Field> candidates) {
        for (Field f : candidates)
            if (keyIs(raw, kFieldNames[f]))
                return int(f);
        return -1;
    };
    switch (raw[0]) {
    case 'c':
        return pick({FCmdline, FCpuSet, FCpuAffinity, FContainerId, FContainerName, FContainerType});
    case 'd':
        return pick({FDistances});
    case 'e':
        return pick({FType, FNamespace});
    case 'i':
        return pick({FId});
    case 'm':
        return pick({FMemInfo});
    case 'n':
        return pick({FName, FNumaId, FNumaStats, FNumaIdStr, FNumaAffinity});
    case 'p':
        return pick({FPid, FPpid, FProcess, FPciBusId});
    case 's':
        return pick({FSocketAddr, FSocketPort, FSocketType, FShmName, FShmSize});
    case 't':
        return pick({FTid});
    default:
        return -1;
    }
}

struct FieldValue
{
    bool present = false;
    od::json_type type = od::json_type::null;
    std::string_view raw; // the value's JSON text (objects and arrays whole)
    std::string_view str; // unescaped, for strings
};

// The NUMA-only fields, parsed in place because the type is usually known only after them.
struct NumaFacts
{
    std::vector<std::pair<QString, std::uint64_t>> stats;
    std::optional<std::uint64_t> memTotalKb, memFreeKb;
    std::vector<std::pair<int, double>> distances;
    const char* problemAt = nullptr;
    const char* problemField = nullptr;
    QString problem;
};

enum class Origin
{
    Nodes,
    Edge,
    Nested
};

struct Collected
{
    FieldValue f[FieldCount];
    NumaFacts numa;
    const char* begin = nullptr;
    std::string_view raw; // the whole object, known once it has been read to its end
    // `raw` minified, when an unknown type's identity needed it: the attributes reuse it (minifying twice
    // cost a tenth of reading a file of unknown entities). It points into the reader's scratch buffer.
    std::string_view compacted;
    Origin origin = Origin::Nodes;
    witty::EntityTypeInfo info;
    bool decided = false; // identity computed and looked up
    bool skip = false;    // a copy of a known entity
    std::int32_t found = -1;
    size_t keyStart = 0;
};

struct SlotInfo
{
    bool fromNodes = false;
};

// One entity as parsed, before it meets the model: everything a parse can settle without changing the model,
// so that parses may run on several threads while only the insertion is sequential.
struct ParsedEntity
{
    const char* begin = nullptr;
    Origin origin = Origin::Nodes;
    std::int32_t known = -1; // a copy of this entity, already in the model when parsed: nothing else was read
    // The look-up of a parse in the live tables, which nothing can have changed before this entity is
    // inserted; a parse in a batch looked in a copy and leaves this false.
    std::int32_t foundLive = -1;
    bool lookedUpLive = false;
    // A thread's process that this parser read in full earlier in the list: inserted before this copy is,
    // so only its identity (type, namespace, key) was kept, and the insertion looks it up.
    bool insertedBefore = false;
    Entity entity;
    std::vector<std::pair<int, double>> distances;
    std::unique_ptr<ParsedEntity> process; // a thread's process, inserted before the thread
};

// One edge as parsed: its endpoints in the order they were read (the model numbers new entities in that
// order), each with the role it fills.
struct ParsedEdge
{
    Edge edge; // without its endpoints
    struct End
    {
        bool source = false;
        ParsedEntity entity;
        EntityId id; // once inserted
    };
    std::vector<End> ends; // the first endCount; the others are kept for the next edge parsed into this one
    size_t endCount = 0;
};

class GraphReader
{
public:
    // `releasable`: `base` is this reader's own copy of a file, so its pages behind the cursor can be handed
    // back as the model grows; a reader that reads the text again after this one failed has them read from
    // the file first (readOne()).
    GraphReader(const char* base, size_t size, const QString& file, const Progress& progress,
                bool releasable = false)
        : m_base(base)
        , m_size(size)
        , m_file(file)
        , m_progress(progress)
        , m_releasable(releasable)
    {
    }
    // A parser for one more thread: it parses elements of the same text while `owner` builds the model, and
    // looks entities up in `owner`'s tables, which do not change while parses run.
    GraphReader(const GraphReader& owner, bool)
        : m_base(owner.m_base)
        , m_size(owner.m_size)
        , m_file(owner.m_file)
        , m_progress(owner.m_progress)
        , m_owner(&owner)
        , m_fileText(owner.m_fileText)
    {
    }
    // Long lists are read from this file (the one mapped at `base`) with pread() instead of through the
    // mapping: see FileText.
    void readListsFrom(int fd, size_t window) { m_fileText = FileText{fd, m_base, m_size, window}; }

    SnapshotPtr readDocument(const char* begin, size_t length, SourceInfo& source, SourceFormat* format,
                             bool envelopeAllowed);
    // The same result for a valid graph of the usual shape ({"nodes": [...], "edges": [...]}, or an envelope
    // of one), read element by element: simdjson indexes one entity or edge at a time instead of the whole
    // file (4 bytes per structural character, about half the file's size), and the element counts size the
    // model. Throws NotPlain where readDocument() must decide (witty_list_reader.cpp), and when more than
    // blanks follow the graph (JSON lines, or text after the document).
    SnapshotPtr readByElement(const char* begin, size_t length, SourceInfo& source, SourceFormat* format,
                              bool envelopeAllowed);

private:
    [[noreturn]] void fail(const char* at, const Where* where, const QString& message) const;
    [[noreturn]] void failSimdjson(error_code error, const Where* where, const char* fallbackAt) const;
    qint64 offsetOf(const char* at) const { return at ? qint64(inText(at) - m_base) : qint64(m_size); }
    // While elements are parsed from a copy of their bytes read from the file (m_window, holding the text
    // from m_windowText on), a pointer into the copy stands for the text's: errors, progress and the
    // model's bookkeeping speak of the text.
    const char* inText(const char* at) const
    {
        return m_window && at >= m_window && at <= m_window + m_windowSize + simdjson::SIMDJSON_PADDING
                   ? m_windowText + (at - m_window)
                   : at;
    }
    const char* inWindow(const char* text) const
    {
        return m_window ? m_window + (text - m_windowText) : text;
    }
    // What simdjson may read from `b` on: to the end of the copy or the text, and the padding after it.
    size_t capacityAt(const char* b) const
    {
        if (m_window && b >= m_window && b <= m_window + m_windowSize)
            return size_t(m_window + m_windowSize - b) + simdjson::SIMDJSON_PADDING;
        return size_t(m_base + m_size - b) + simdjson::SIMDJSON_PADDING;
    }
    const char* here() const;
    template <class T>
    T take(simdjson::simdjson_result<T>&& r, const Where* where)
    {
        T out;
        if (const error_code e = std::move(r).get(out))
            failSimdjson(e, where, nullptr);
        return out;
    }
    void checkDepth(std::string_view raw, size_t compactLength, const Where* where) const;
    [[noreturn]] void failType(od::value& value, od::json_type type, const Where* where,
                               const QString& expected);
    std::string_view compact(std::string_view raw, const Where* where);
    void tick(const char* at);

    void readGraph(od::object graph, const Where* where);
    // Reads each element of `list`, which must be an array (of `expected`), with `read(value, where)`.
    template <class Read>
    void readArray(od::value list, const Where* where, const QString& expected, Read read);
    // Hands back the mapped pages before `at` less `margin` (the current object and the next ones), in steps
    // of a few MB; a margin of 0 hands back everything before `at` at once.
    void releaseBehind(const char* at, size_t margin = kReleaseMargin);
    static constexpr size_t kReleaseMargin = size_t(512) << 10;
    void readNodes(od::value nodes, const Where* where);
    void readEdges(od::value edges, const Where* where);
    EntityId readEntity(od::value value, const Where* where, Origin origin, const char* end = nullptr);
    // readEntity() in two steps: a parse that leaves the model as it is, then the insertion.
    void parseEntity(od::value value, const Where* where, Origin origin, const char* end, ParsedEntity& out);
    bool readBefore(const Collected& c, ParsedEntity& out);
    void setIdentity(Entity& e, const Collected& c);
    EntityId insertEntity(ParsedEntity& parsed, const Where* where);
    void buildIdentity(Collected& c, const Where* where);
    void parseNestedProcess(std::string_view raw, const Where* where, ParsedEntity& out);
    void collectNuma(int field, od::value value, NumaFacts& numa, const Where* where);
    void readEdge(od::value value, const Where* where);
    // `insertEnds`: each endpoint goes into the model as soon as it is parsed (the sequential reader).
    void parseEdge(od::value value, const Where* where, ParsedEdge& out, bool insertEnds);
    void insertEdge(ParsedEdge& parsed);
    void readListInBatches(const ElementEnds& ends, const char* first, const char* end, bool nodes,
                           const Where* where, int threads);
    // Parses elements [from, to) of a list, the first starting at `b`, into entities[0…] or edges[0…]; with
    // neither, reads each into the model as it goes.
    void readElements(const ElementEnds& ends, const char* b, const char* end, size_t from, size_t to,
                      bool nodes, const Where* where, ParsedEntity* entities, ParsedEdge* edges);
    // The same, the elements' bytes first read from the file into `copy`.
    void readElementsFromFile(const ElementEnds& ends, const char* b, size_t from, size_t to, bool nodes,
                              const Where* where, ParsedEntity* entities, ParsedEdge* edges,
                              std::vector<char>& copy);
    void readEnv(od::object env, SourceInfo& source, const Where* where);
    SnapshotPtr finishDocument();
    // readByElement()'s parts.
    void readObjectByElement(const char*& p, const char* end, SourceInfo& source, SourceFormat* format,
                             bool envelopeAllowed, const Where* where, bool* sawGraph);
    void readListByElement(const char*& p, const char* end, bool nodes, const Where* where);
    void resolveDevices();
    void buildDistances();

    std::int64_t integerField(const Collected& c, int field, const Where* where, bool required) const;
    int boundedField(const Collected& c, int field, const Where* where, bool required, std::int64_t min,
                     std::int64_t max) const;
    QString stringField(const Collected& c, int field, const Where* where, bool required) const;
    std::string_view keyText(const Collected& c, int field, const Where* where) const;
    void fillTyped(Entity& e, Collected& c, const Where* where);

    // Values that repeat through a file (types, namespaces, protocols, thread names) share one string.
    // Bounded: a file of distinct values gets a string each, as without the cache, and no quadratic search.
    template <typename Text>
    struct StringCache
    {
        struct Hash
        {
            using is_transparent = void;
            size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
        };
        std::unordered_map<std::string, Text, Hash, std::equal_to<>> strings;
    };
    template <typename Text>
    static Text cachedString(StringCache<Text>& cache, std::string_view s);
    CompactString sharedStringField(const Collected& c, int field, const Where* where, bool required);
    std::string_view stringOf(od::value& v, std::string_view raw, const Where* where);

    const char* m_base;
    size_t m_size;
    QString m_file;
    const Progress& m_progress;
    od::parser m_parser;
    od::parser m_nestedParser; // for a thread's `process`, whose type is only known after the thread's
    od::document* m_doc = nullptr;
    const char* m_docEnd = nullptr;  // where a truncated document ends, for errors without a position
    const char* m_textEnd = nullptr; // where the document being read ends (a line of JSON Lines, or the file)
    // Entities are looked up in the builder's own identity index: a second table of identity strings here
    // cost ~65 bytes an entity while the file was read.
    SnapshotBuilder m_builder;
    std::vector<SlotInfo> m_slots;
    std::vector<EntityId> m_numaNodes, m_accelerators; // as added: the end's passes skip the other entities
    std::unordered_map<std::int32_t, std::vector<std::pair<int, double>>> m_distanceRows;
    std::unordered_map<std::int32_t, NodeSet> m_deviceNumaSets;        // from AffinitativeToNuma edges
    StringCache<CompactString> m_typeNames, m_namespaces, m_edgeTypes; // a handful of distinct values each
    StringCache<CompactString> m_values; // socket protocols, process and thread names
    std::string m_identity;
    Utf16Scratch m_typeScratch, m_nsScratch, m_keyScratch;
    std::string m_compact;
    std::string m_payload;
    std::vector<const char*> m_keyStarts; // parseEntity()'s keys, an object's after its nested process's
    std::vector<std::string_view> m_keys;
    size_t m_items = 0;
    bool m_releasable = false;
    const char* m_released = nullptr;  // mapped pages before this were handed back
    const GraphReader* m_owner = this; // whose tables parses look entities up in
    FileText m_fileText;               // no file: lists are read through m_base
    bool m_listFromFile = false;       // the list at hand is read from m_fileText
    // The bytes of the batch this parser reads from the file. Parsed elements keep nothing of their text, so
    // the next batch may take its place as soon as a parse is over.
    std::vector<char> m_batchText;
    const char* m_window = nullptr; // see inText()
    size_t m_windowSize = 0;
    const char* m_windowText = nullptr;
    // While a list is parsed on several threads, parses look entities up in these tables of the model's
    // identities and m_slots, taken when the list started (the model changes under them).
    void freezeIdentities();
    witty::IdentityTable m_frozenIds;
    std::vector<SlotInfo> m_frozenSlots;
    bool m_lookInFrozen = false;
    // The identities of the processes this parser read in full in the list at hand. Batches are handed out
    // and inserted in document order, so each is in the model before any later element of this parser's is
    // inserted: a thread's copy of one of them need not be read again (the frozen tables cannot tell, and
    // in the `nodes` list of a fresh model they are empty).
    std::unordered_set<std::string> m_parsedProcesses;
};

} // namespace numasight::wittyread
