#include "witty_json_reader.h"

#include "witty_json_scan.h"
#include "witty_schema.h"

#include <QFileInfo>

#include <simdjson.h>

#include <algorithm>
#include <charconv>
#include <cstring>
#include <fcntl.h>
#include <map>
#include <string>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <unordered_map>

namespace numasight {

namespace {

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

QString typeNameOf(od::json_type t)
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

std::string_view trimRight(std::string_view s)
{
    while (!s.empty() && (s.back() == ' ' || s.back() == '\n' || s.back() == '\r' || s.back() == '\t'))
        s.remove_suffix(1);
    return s;
}

QString fromUtf8(std::string_view s)
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
bool keyIs(const char* raw, std::string_view name)
{
    return std::memcmp(raw, name.data(), name.size()) == 0 && raw[name.size()] == '"';
}

// Which of kFieldNames the key is, or -1. Every key of every endpoint copy passes here, so it dispatches
// on the first byte instead of measuring the key and comparing it with all 26 names.
int fieldIndex(const char* raw)
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

class GraphReader
{
public:
    GraphReader(const char* base, size_t size, const QString& file, const Progress& progress)
        : m_base(base)
        , m_size(size)
        , m_file(file)
        , m_progress(progress)
    {
    }

    SnapshotPtr readDocument(const char* begin, size_t length, SourceInfo& source, SourceFormat* format,
                             bool envelopeAllowed);

private:
    [[noreturn]] void fail(const char* at, const Where* where, const QString& message) const;
    [[noreturn]] void failSimdjson(error_code error, const Where* where, const char* fallbackAt) const;
    qint64 offsetOf(const char* at) const { return at ? qint64(at - m_base) : qint64(m_size); }
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
    void readNodes(od::value nodes, const Where* where);
    void readEdges(od::value edges, const Where* where);
    EntityId readEntity(od::value value, const Where* where, Origin origin, const char* end = nullptr);
    void buildIdentity(Collected& c, const Where* where);
    EntityId readNestedProcess(std::string_view raw, const Where* where);
    void collectNuma(int field, od::value value, NumaFacts& numa, const Where* where);
    void readEdge(od::value value, const Where* where);
    void readEnv(od::object env, SourceInfo& source, const Where* where);
    void resolveDevices();
    void buildDistances();

    std::int64_t integerField(const Collected& c, int field, const Where* where, bool required) const;
    QString stringField(const Collected& c, int field, const Where* where, bool required) const;
    std::string_view keyText(const Collected& c, int field, const Where* where) const;
    void fillTyped(Entity& e, Collected& c, const Where* where);

    using StringCache = std::vector<std::pair<std::string, QString>>;
    static const QString& cachedString(StringCache& cache, std::string_view s);
    std::string_view stringOf(od::value& v, std::string_view raw, const Where* where);

    const char* m_base;
    size_t m_size;
    QString m_file;
    const Progress& m_progress;
    od::parser m_parser;
    od::parser m_nestedParser; // for a thread's `process`, whose type is only known after the thread's
    od::document* m_doc = nullptr;
    const char* m_docEnd = nullptr; // where a truncated document ends, for errors without a position
    SnapshotBuilder m_builder;
    witty::IdentityTable m_ids;
    std::vector<SlotInfo> m_slots;
    std::unordered_map<std::int32_t, std::vector<std::pair<int, double>>> m_distanceRows;
    std::unordered_map<std::int32_t, NodeSet> m_deviceNumaSets; // from AffinitativeToNuma edges
    StringCache m_typeNames, m_namespaces, m_edgeTypes;         // a handful of distinct values each
    std::string m_identity;
    std::string m_compact;
    std::string m_payload;
    size_t m_items = 0;
};

const char* GraphReader::here() const
{
    const char* at = nullptr;
    if (m_doc && m_doc->current_location().get(at) == simdjson::SUCCESS)
        return at;
    return nullptr;
}

void GraphReader::fail(const char* at, const Where* where, const QString& message) const
{
    LoadError e;
    e.file = m_file;
    e.offset = offsetOf(at);
    locateOffset(m_base, qint64(m_size), e.offset, &e.line, &e.column);
    if (where)
        e.where = where->toString();
    e.message = message;
    throw Failure{std::move(e)};
}

void GraphReader::failSimdjson(error_code error, const Where* where, const char* fallbackAt) const
{
    // A document that ends inside an object or array is cut at its end, whatever simdjson's cursor says.
    const char* at = error == simdjson::INCOMPLETE_ARRAY_OR_OBJECT && m_docEnd ? m_docEnd : here();
    if (!at)
        at = fallbackAt;
    QString message;
    switch (error) {
    case simdjson::INCOMPLETE_ARRAY_OR_OBJECT:
    case simdjson::UNCLOSED_STRING:
        message =
            QStringLiteral("unexpected end of the JSON text: the file is truncated or a bracket is missing");
        break;
    case simdjson::TAPE_ERROR:
        message = QStringLiteral("malformed JSON: expected a value, ',' or a closing bracket here");
        break;
    case simdjson::NUMBER_ERROR:
        message = QStringLiteral("malformed or out-of-range number");
        break;
    case simdjson::STRING_ERROR:
        message = QStringLiteral("malformed string (bad escape sequence)");
        break;
    case simdjson::UNESCAPED_CHARS:
        message = QStringLiteral("control character inside a string: escape it as \\uXXXX");
        break;
    case simdjson::T_ATOM_ERROR:
    case simdjson::F_ATOM_ERROR:
    case simdjson::N_ATOM_ERROR:
        message = QStringLiteral("malformed literal (expected true, false or null)");
        break;
    default:
        message = QStringLiteral("malformed JSON (%1)").arg(QLatin1String(simdjson::error_message(error)));
        break;
    }
    fail(at, where, message);
}

void GraphReader::checkDepth(std::string_view raw, size_t compactLength, const Where* where) const
{
    if (compactLength < kDepthScanThreshold)
        return;
    const qint64 bad = witty::findExcessiveNesting(raw, kMaxDepth);
    if (bad >= 0)
        fail(raw.data() + bad, where,
             QStringLiteral("JSON nested deeper than %1 levels: not a witty-profiler graph").arg(kMaxDepth));
}

// A value of the wrong type: a hostile, deeply nested one gets the depth error rather than a type error.
void GraphReader::failType(od::value& value, od::json_type type, const Where* where, const QString& expected)
{
    const char* at = trimRight(value.raw_json_token()).data();
    std::string_view raw;
    od::object object;
    od::array array;
    if (type == od::json_type::object && value.get_object().get(object) == simdjson::SUCCESS &&
        object.raw_json().get(raw) == simdjson::SUCCESS)
        checkDepth(raw, raw.size(), where);
    else if (type == od::json_type::array && value.get_array().get(array) == simdjson::SUCCESS &&
             array.raw_json().get(raw) == simdjson::SUCCESS)
        checkDepth(raw, raw.size(), where);
    fail(at, where, QStringLiteral("expected %1, got %2").arg(expected, typeNameOf(type)));
}

std::string_view GraphReader::compact(std::string_view raw, const Where* where)
{
    m_compact.resize(raw.size() + simdjson::SIMDJSON_PADDING);
    size_t length = 0;
    if (simdjson::minify(raw.data(), raw.size(), m_compact.data(), length) != simdjson::SUCCESS)
        fail(raw.data(), where, QStringLiteral("malformed JSON value"));
    checkDepth(raw, length, where);
    return {m_compact.data(), length};
}

void GraphReader::tick(const char* at)
{
    if (++m_items % kProgressEvery != 0)
        return;
    if (m_progress.isCancelled())
        throw Failure{LoadError::cancel(m_file)};
    if (at && m_size)
        m_progress(double(at - m_base) / double(m_size));
}

const QString& GraphReader::cachedString(StringCache& cache, std::string_view s)
{
    for (const auto& [bytes, text] : cache)
        if (bytes == s)
            return text;
    cache.emplace_back(std::string(s), fromUtf8(s));
    return cache.back().second;
}

// A string value without escapes is used in place; only escaped ones go through simdjson's unescaping
// buffer, which would otherwise grow by every string of the file.
std::string_view GraphReader::stringOf(od::value& v, std::string_view raw, const Where* where)
{
    if (raw.size() >= 2 && std::memchr(raw.data(), '\\', raw.size()) == nullptr)
        return raw.substr(1, raw.size() - 2);
    return take(v.get_string(), where);
}

SnapshotPtr GraphReader::readDocument(const char* begin, size_t length, SourceInfo& source,
                                      SourceFormat* format, bool envelopeAllowed)
{
    const size_t capacity = size_t(m_base + m_size - begin) + simdjson::SIMDJSON_PADDING;
    od::document doc;
    m_docEnd = begin + length;
    if (const error_code e = m_parser.iterate(begin, length, capacity).get(doc)) {
        if (e == simdjson::UTF8_ERROR) {
            const qint64 bad = witty::findInvalidUtf8(std::string_view(begin, length));
            const char* at = begin + std::max<qint64>(bad, 0);
            fail(at, nullptr,
                 QStringLiteral(
                     "invalid UTF-8 (byte 0x%1 at offset %2): witty-profiler writes UTF-8; convert the "
                     "file, e.g. with iconv")
                     .arg(uint(static_cast<unsigned char>(*at)), 2, 16, QLatin1Char('0'))
                     .arg(offsetOf(at)));
        }
        if (e == simdjson::UNCLOSED_STRING)
            fail(begin + length, nullptr,
                 QStringLiteral("a string is never closed: the file is truncated or a quote is missing"));
        failSimdjson(e, nullptr, begin);
    }
    m_doc = &doc;
    // witty graphs run about 1.5–3 kB of JSON per entity and 0.7–1.5 kB per edge.
    m_builder.reserve(length / 1500 + 16, length / 700 + 16);
    m_ids.reserve(length / 1500 + 16);

    od::json_type rootType;
    if (const error_code e = doc.type().get(rootType))
        failSimdjson(e, nullptr, begin);
    if (rootType != od::json_type::object) {
        std::string_view raw;
        od::array array;
        if (rootType == od::json_type::array && doc.get_array().get(array) == simdjson::SUCCESS &&
            array.raw_json().get(raw) == simdjson::SUCCESS)
            checkDepth(raw, raw.size(), nullptr);
        fail(begin, nullptr,
             QStringLiteral(
                 "expected a JSON object with \"nodes\" and \"edges\" (a witty-profiler graph), got %1")
                 .arg(typeNameOf(rootType)));
    }
    if (m_progress.isCancelled())
        throw Failure{LoadError::cancel(m_file)};
    od::object root = take(doc.get_object(), nullptr);

    bool sawGraph = false;
    bool sawContent = false;
    *format = SourceFormat::WittyJson;
    const Where rootWhere;
    for (auto fieldResult : root) {
        od::field field = take(std::move(fieldResult), nullptr);
        const std::string_view key = witty::rawKey(field.key().raw());
        od::value value = field.value();
        if (key == "nodes") {
            const Where w{nullptr, "nodes"};
            readNodes(value, &w);
            sawGraph = true;
        } else if (key == "edges") {
            const Where w{nullptr, "edges"};
            readEdges(value, &w);
            sawGraph = true;
        } else if (envelopeAllowed && (key == "content" || key == "env")) {
            const Where w{nullptr, key == "env" ? "env" : "content"};
            od::json_type t = take(value.type(), &w);
            if (t != od::json_type::object)
                fail(value.raw_json_token().data(), &w,
                     QStringLiteral("expected an object, got %1").arg(typeNameOf(t)));
            od::object inner = take(value.get_object(), &w);
            if (key == "env") {
                readEnv(inner, source, &w);
            } else {
                readGraph(inner, &w);
                sawContent = true;
            }
            *format = SourceFormat::WittyEnvelope;
        } else {
            // Fields of a newer witty release: skipped, but still checked so hostile nesting cannot hide.
            od::json_type t = take(value.type(), &rootWhere);
            if (t == od::json_type::object || t == od::json_type::array) {
                const Where w{nullptr, "(unknown field)"};
                std::string_view raw = t == od::json_type::object
                                           ? take(take(value.get_object(), &w).raw_json(), &w)
                                           : take(take(value.get_array(), &w).raw_json(), &w);
                checkDepth(raw, raw.size(), &w);
            }
        }
    }
    if (const char* trailing = here())
        fail(trailing, nullptr,
             QStringLiteral(
                 "unexpected text after the end of the graph object (JSON Lines need one graph per line)"));
    if (!sawGraph && !sawContent)
        fail(begin, nullptr,
             QStringLiteral("no \"nodes\" or \"edges\" array: this JSON is not a witty-profiler graph"));
    m_doc = nullptr;
    resolveDevices();
    buildDistances();
    return m_builder.finish();
}

void GraphReader::readEnv(od::object env, SourceInfo& source, const Where* where)
{
    for (auto fieldResult : env) {
        od::field field = take(std::move(fieldResult), where);
        const QString key = fromUtf8(witty::rawKey(field.key().raw()));
        od::value value = field.value();
        const od::json_type t = take(value.type(), where);
        QString text;
        if (t == od::json_type::string) {
            text = fromUtf8(take(value.get_string(), where));
        } else if (t == od::json_type::object) {
            text = fromUtf8(compact(take(take(value.get_object(), where).raw_json(), where), where));
        } else if (t == od::json_type::array) {
            text = fromUtf8(compact(take(take(value.get_array(), where).raw_json(), where), where));
        } else {
            text = fromUtf8(trimRight(value.raw_json_token()));
        }
        if (key == QLatin1String("hostname"))
            source.hostname = text;
        source.extra.insert(key, text);
    }
}

void GraphReader::readGraph(od::object graph, const Where* where)
{
    bool saw = false;
    for (auto fieldResult : graph) {
        od::field field = take(std::move(fieldResult), where);
        const std::string_view key = witty::rawKey(field.key().raw());
        if (key == "nodes") {
            const Where w{where, "nodes"};
            readNodes(field.value(), &w);
            saw = true;
        } else if (key == "edges") {
            const Where w{where, "edges"};
            readEdges(field.value(), &w);
            saw = true;
        }
    }
    if (!saw)
        fail(here(), where, QStringLiteral("no \"nodes\" or \"edges\" array in the envelope's content"));
}

void GraphReader::readNodes(od::value nodes, const Where* where)
{
    const od::json_type t = take(nodes.type(), where);
    if (t != od::json_type::array)
        failType(nodes, t, where, QStringLiteral("an array of entities"));
    od::array array = take(nodes.get_array(), where);
    qint64 index = 0;
    for (auto element : array) {
        const Where w{where, nullptr, index++};
        od::value v = take(std::move(element), &w);
        readEntity(v, &w, Origin::Nodes);
    }
}

void GraphReader::readEdges(od::value edges, const Where* where)
{
    const od::json_type t = take(edges.type(), where);
    if (t != od::json_type::array)
        failType(edges, t, where, QStringLiteral("an array of edges"));
    od::array array = take(edges.get_array(), where);
    qint64 index = 0;
    for (auto element : array) {
        const Where w{where, nullptr, index++};
        od::value v = take(std::move(element), &w);
        readEdge(v, &w);
    }
}

void GraphReader::collectNuma(int field, od::value value, NumaFacts& numa, const Where* where)
{
    const od::json_type t = take(value.type(), where);
    const char* at = trimRight(value.raw_json_token()).data();
    auto problem = [&](const char* place, const QString& what) {
        if (!numa.problemAt) {
            numa.problemAt = place;
            numa.problemField = kFieldNames[field].data();
            numa.problem = what;
        }
    };
    if (t != od::json_type::object) {
        problem(at, QStringLiteral("expected an object, got %1").arg(typeNameOf(t)));
        return;
    }
    od::object object = take(value.get_object(), where);
    for (auto fieldResult : object) {
        od::field f = take(std::move(fieldResult), where);
        const std::string_view key = witty::rawKey(f.key().raw());
        od::value v = f.value();
        const od::json_type vt = take(v.type(), where);
        const char* vat = trimRight(v.raw_json_token()).data();
        if (field == FNumaStats) {
            std::uint64_t n = 0;
            if (vt != od::json_type::number || v.get_uint64().get(n) != simdjson::SUCCESS) {
                problem(vat,
                        QStringLiteral("numa_stats.%1: expected a non-negative integer").arg(fromUtf8(key)));
                continue;
            }
            numa.stats.emplace_back(fromUtf8(key), n);
        } else if (field == FMemInfo) {
            if (key != "MemTotal" && key != "MemFree")
                continue;
            std::string_view s;
            std::optional<std::uint64_t> kb;
            if (vt == od::json_type::string && v.get_string().get(s) == simdjson::SUCCESS)
                kb = witty::parseKilobytes(s);
            if (!kb) {
                problem(
                    vat,
                    QStringLiteral("mem_info.%1: expected a size like \"131507688 kB\"").arg(fromUtf8(key)));
                continue;
            }
            (key == "MemTotal" ? numa.memTotalKb : numa.memFreeKb) = kb;
        } else {
            int node = -1;
            const auto r = std::from_chars(key.data(), key.data() + key.size(), node);
            double d = 0;
            if (r.ec != std::errc() || r.ptr != key.data() + key.size() || node < 0 ||
                vt != od::json_type::number || v.get_double().get(d) != simdjson::SUCCESS) {
                problem(vat, QStringLiteral("distance_to_all_numa: expected {\"<node>\": <distance>, …}"));
                continue;
            }
            numa.distances.emplace_back(node, d);
        }
    }
}

std::int64_t GraphReader::integerField(const Collected& c, int field, const Where* where, bool required) const
{
    const FieldValue& v = c.f[field];
    if (!v.present) {
        if (required)
            fail(c.begin, where,
                 QStringLiteral("missing \"%1\"").arg(QLatin1String(kFieldNames[field].data())));
        return -1;
    }
    std::int64_t n = 0;
    const auto r = std::from_chars(v.raw.data(), v.raw.data() + v.raw.size(), n);
    if (v.type != od::json_type::number || r.ec != std::errc() || r.ptr != v.raw.data() + v.raw.size()) {
        const Where w{where, kFieldNames[field].data()};
        fail(v.raw.data(), &w,
             QStringLiteral("expected an integer, got %1 %2")
                 .arg(typeNameOf(v.type), fromUtf8(v.raw.substr(0, 40))));
    }
    return n;
}

QString GraphReader::stringField(const Collected& c, int field, const Where* where, bool required) const
{
    const FieldValue& v = c.f[field];
    if (!v.present || v.type == od::json_type::null) {
        if (required)
            fail(c.begin, where,
                 QStringLiteral("missing \"%1\"").arg(QLatin1String(kFieldNames[field].data())));
        return {};
    }
    if (v.type != od::json_type::string) {
        const Where w{where, kFieldNames[field].data()};
        fail(v.raw.data(), &w, QStringLiteral("expected a string, got %1").arg(typeNameOf(v.type)));
    }
    return fromUtf8(v.str);
}

// The key field's text for the identity: strings unescaped, numbers as written.
std::string_view GraphReader::keyText(const Collected& c, int field, const Where* where) const
{
    const FieldValue& v = c.f[field];
    if (!v.present)
        fail(c.begin, where,
             QStringLiteral("missing key field \"%1\"").arg(QLatin1String(kFieldNames[field].data())));
    return v.type == od::json_type::string ? v.str : v.raw;
}

// Whether the fields that make up `kind`'s identity have all been seen.
bool keyFieldsReady(EntityKind kind, const Collected& c)
{
    if (!c.f[FType].present || !c.f[FNamespace].present)
        return false;
    switch (kind) {
    case EntityKind::Process:
        return c.f[FPid].present;
    case EntityKind::Thread:
        return c.f[FTid].present;
    case EntityKind::Socket:
        return c.f[FSocketAddr].present && c.f[FSocketPort].present && c.f[FSocketType].present;
    case EntityKind::NumaNode:
        return c.f[FNumaId].present;
    case EntityKind::NumaSet:
        return c.f[FNumaIdStr].present;
    case EntityKind::Accelerator:
        return c.f[FId].present;
    case EntityKind::Container:
        return c.f[FContainerId].present;
    case EntityKind::SharedMemory:
        return c.f[FShmName].present && c.f[FShmSize].present;
    default:
        return false; // unknown types are identified by their whole text
    }
}

void GraphReader::buildIdentity(Collected& c, const Where* where)
{
    if (!c.f[FType].present)
        fail(c.begin, where,
             QStringLiteral("entity has no \"entity_type\": every witty-profiler entity names its type"));
    if (c.f[FType].type != od::json_type::string) {
        const Where w{where, "entity_type"};
        fail(c.f[FType].raw.data(), &w,
             QStringLiteral("expected a string, got %1").arg(typeNameOf(c.f[FType].type)));
    }
    if (c.f[FNamespace].present && c.f[FNamespace].type != od::json_type::string) {
        const Where w{where, "entity_namespace"};
        fail(c.f[FNamespace].raw.data(), &w,
             QStringLiteral("expected a string, got %1").arg(typeNameOf(c.f[FNamespace].type)));
    }
    const std::string_view type = c.f[FType].str;
    const std::string_view ns = c.f[FNamespace].present ? c.f[FNamespace].str : std::string_view("local");
    // Identity bytes: type, namespace and the type's key fields, as witty-profiler defines identity.
    m_identity.assign(type);
    m_identity += '\x1f';
    m_identity += ns;
    m_identity += '\x1f';
    c.keyStart = m_identity.size();
    switch (c.info.kind) {
    case EntityKind::Process:
        integerField(c, FPid, where, true);
        m_identity += c.f[FPid].raw;
        break;
    case EntityKind::Thread:
        integerField(c, FTid, where, true);
        m_identity += c.f[FTid].raw;
        break;
    case EntityKind::Socket:
        m_identity += keyText(c, FSocketAddr, where);
        m_identity += ':';
        integerField(c, FSocketPort, where, true);
        m_identity += c.f[FSocketPort].raw;
        m_identity += '/';
        m_identity += keyText(c, FSocketType, where);
        break;
    case EntityKind::NumaNode:
        integerField(c, FNumaId, where, true);
        m_identity += c.f[FNumaId].raw;
        break;
    case EntityKind::NumaSet:
        stringField(c, FNumaIdStr, where, true);
        m_identity += c.f[FNumaIdStr].str;
        break;
    case EntityKind::Accelerator:
        integerField(c, FId, where, true);
        m_identity += c.f[FId].raw;
        break;
    case EntityKind::Container:
        m_identity += keyText(c, FContainerId, where);
        break;
    case EntityKind::SharedMemory:
        m_identity += keyText(c, FShmName, where);
        m_identity += '/';
        m_identity += keyText(c, FShmSize, where);
        break;
    default:
        m_identity += compact(c.raw, where); // an unknown type: identical copies fold, others stay apart
        break;
    }
    c.found = m_ids.find(m_identity);
    // A known entity is done, unless this is the top-level `nodes` copy of one first seen on an edge.
    c.skip = c.found >= 0 && (c.origin != Origin::Nodes || m_slots[size_t(c.found)].fromNodes);
    c.decided = true;
}

// Reads one entity object and returns its id. An entity already known is recognised from its type and key
// fields, and the rest of that copy is skipped: edges repeat every endpoint in full, so this is the hot path.
EntityId GraphReader::readEntity(od::value value, const Where* where, Origin origin, const char* end)
{
    const od::json_type t = take(value.type(), where);
    if (t != od::json_type::object)
        failType(value, t, where, QStringLiteral("an entity object"));
    Collected c;
    c.begin = value.raw_json_token().data();
    c.origin = origin;
    od::object object = take(value.get_object(), where);
    tick(c.begin);

    std::string_view processRaw;
    EntityId parent;
    for (auto fieldResult : object) {
        od::field field = take(std::move(fieldResult), where);
        const int index = fieldIndex(field.key().raw());
        if (index < 0)
            continue;
        od::value v = field.value();
        FieldValue& fv = c.f[index];
        fv.present = true;
        fv.type = take(v.type(), where);
        if (index == FNumaStats || index == FMemInfo || index == FDistances) {
            collectNuma(index, v, c.numa, where);
            continue;
        }
        if (index == FProcess && fv.type == od::json_type::object && origin != Origin::Nested) {
            const Where w{where, "process"};
            if (c.decided && c.info.kind == EntityKind::Thread) {
                // A new thread: its process is read in place (and folds into the `nodes` copy).
                const std::string identity = m_identity;
                parent = readEntity(v, &w, Origin::Nested, nullptr);
                m_identity = identity;
                continue;
            }
            processRaw = take(take(v.get_object(), &w).raw_json(), &w);
            fv.raw = processRaw;
            continue;
        }
        switch (fv.type) {
        case od::json_type::object:
            fv.raw = take(take(v.get_object(), where).raw_json(), where);
            break;
        case od::json_type::array:
            fv.raw = take(take(v.get_array(), where).raw_json(), where);
            break;
        case od::json_type::string:
            fv.raw = trimRight(v.raw_json_token());
            fv.str = stringOf(v, fv.raw, where);
            if (index == FType) {
                c.info = witty::entityTypeInfo(fv.str);
                if (origin == Origin::Nested && c.info.kind != EntityKind::Process)
                    fail(c.begin, where,
                         QStringLiteral("expected a ProcessEntity, got %1").arg(fromUtf8(fv.str)));
            }
            break;
        default:
            fv.raw = trimRight(v.raw_json_token());
            break;
        }
        if (!c.decided && keyFieldsReady(c.info.kind, c)) {
            buildIdentity(c, where);
            if (c.skip)
                return EntityId(c.found); // the rest of this copy is skipped by the enclosing iteration
        }
    }

    // The object's text runs to its closing brace, the last non-blank byte before the next token.
    const char* stop = end ? end : here();
    if (!stop)
        fail(c.begin, where, QStringLiteral("unexpected end of the JSON text: the file is truncated"));
    while (stop > c.begin && stop[-1] != '}')
        --stop;
    c.raw = std::string_view(c.begin, size_t(stop - c.begin));

    if (origin == Origin::Nested && c.f[FType].present && c.info.kind != EntityKind::Process &&
        c.f[FType].type == od::json_type::string)
        fail(c.begin, where,
             QStringLiteral("expected a ProcessEntity, got %1").arg(fromUtf8(c.f[FType].str)));
    if (!c.decided) {
        buildIdentity(c, where);
        if (c.skip)
            return EntityId(c.found);
    }

    Entity e;
    e.kind = c.info.kind;
    e.deviceClass = c.info.deviceClass;
    e.typeName = cachedString(m_typeNames, c.f[FType].str);
    e.ns = c.f[FNamespace].present ? cachedString(m_namespaces, c.f[FNamespace].str)
                                   : cachedString(m_namespaces, "local");
    e.key = fromUtf8(std::string_view(m_identity).substr(c.keyStart));
    const std::string identity = m_identity; // reading a deferred nested process reuses the scratch buffers
    const std::string_view attributes = compact(c.raw, where);
    e.attributes = QByteArray(attributes.data(), qsizetype(attributes.size()));
    fillTyped(e, c, where);
    if (e.kind == EntityKind::Thread) {
        const Where w{where, "process"};
        if (!parent.isValid() && !processRaw.empty())
            parent = readNestedProcess(processRaw, &w);
        if (!parent.isValid() && c.f[FProcess].present && c.f[FProcess].type != od::json_type::null &&
            c.f[FProcess].type != od::json_type::object)
            fail(c.f[FProcess].raw.data(), &w,
                 QStringLiteral("expected a ProcessEntity object, got %1")
                     .arg(typeNameOf(c.f[FProcess].type)));
        e.parent = parent;
        if (parent.isValid())
            e.pid = m_builder.entity(parent).pid;
    }

    if (c.found >= 0) {
        const EntityId knownId(c.found);
        m_builder.entity(knownId) = std::move(e);
        m_slots[size_t(knownId.value)].fromNodes = true;
        if (c.info.kind == EntityKind::NumaNode)
            m_distanceRows[knownId.value] = std::move(c.numa.distances);
        return knownId;
    }
    const std::int32_t idValue = m_builder.entityCount();
    m_ids.insert(identity, idValue);
    bool inserted = false;
    const EntityId id = m_builder.add(std::move(e), &inserted);
    if (!inserted || id.value != idValue)
        fail(c.begin, where, QStringLiteral("internal error: identity clash"));
    m_slots.push_back({origin == Origin::Nodes});
    if (!c.numa.distances.empty() && c.info.kind == EntityKind::NumaNode)
        m_distanceRows[id.value] = std::move(c.numa.distances);
    return id;
}

EntityId GraphReader::readNestedProcess(std::string_view raw, const Where* where)
{
    const size_t capacity = size_t(m_base + m_size - raw.data()) + simdjson::SIMDJSON_PADDING;
    od::document doc;
    if (const error_code e = m_nestedParser.iterate(raw.data(), raw.size(), capacity).get(doc))
        failSimdjson(e, where, raw.data());
    od::document* outer = m_doc;
    m_doc = &doc;
    od::value v = take(doc.get_value(), where);
    const EntityId id = readEntity(v, where, Origin::Nested, raw.data() + raw.size());
    m_doc = outer;
    return id;
}

void GraphReader::fillTyped(Entity& e, Collected& c, const Where* where)
{
    switch (e.kind) {
    case EntityKind::Process:
        e.pid = integerField(c, FPid, where, true);
        e.ppid = integerField(c, FPpid, where, false);
        e.name = stringField(c, FName, where, false);
        e.cmdline = stringField(c, FCmdline, where, false);
        break;
    case EntityKind::Thread:
        e.tid = integerField(c, FTid, where, true);
        e.name = stringField(c, FName, where, false);
        break;
    case EntityKind::Socket:
        e.address = stringField(c, FSocketAddr, where, true);
        e.port = int(integerField(c, FSocketPort, where, true));
        e.protocol = stringField(c, FSocketType, where, true);
        break;
    case EntityKind::NumaNode: {
        if (c.numa.problemAt) {
            const Where w{where, c.numa.problemField};
            fail(c.numa.problemAt, &w, c.numa.problem);
        }
        e.osIndex = e.logicalIndex = int(integerField(c, FNumaId, where, true));
        e.name = QStringLiteral("NUMA%1").arg(e.osIndex);
        e.cpus = witty::rangeField(c.f[FCpuSet].present, c.f[FCpuSet].str,
                                   c.f[FCpuSet].type == od::json_type::string, [&](const QString& what) {
                                       const Where w{where, "cpu_set"};
                                       fail(c.f[FCpuSet].raw.data(), &w, what);
                                   });
        e.nodes = NodeSet{e.osIndex};
        e.memoryBytes = c.numa.memTotalKb.value_or(0) * 1024;
        e.memoryFreeBytes = c.numa.memFreeKb.value_or(0) * 1024;
        for (auto& [name, value] : c.numa.stats)
            e.numastat.insert(name, value);
        break;
    }
    case EntityKind::NumaSet:
        e.nodes = witty::rangeField(true, c.f[FNumaIdStr].str, true, [&](const QString& what) {
            const Where w{where, "numa_id_str"};
            fail(c.f[FNumaIdStr].raw.data(), &w, what);
        });
        e.name = e.key;
        break;
    case EntityKind::Accelerator: {
        e.osIndex = int(integerField(c, FId, where, true));
        e.logicalIndex = e.osIndex;
        e.name = (e.deviceClass == DeviceClass::Gpu ? QStringLiteral("GPU%1") : QStringLiteral("NPU%1"))
                     .arg(e.osIndex);
        e.pciBusId = stringField(c, FPciBusId, where, e.deviceClass == DeviceClass::Gpu).toLower();
        const FieldValue& aff = c.f[FCpuAffinity];
        if (aff.present && aff.type != od::json_type::null)
            e.cpus =
                witty::rangeField(true, aff.str, aff.type == od::json_type::string, [&](const QString& what) {
                    const Where w{where, "cpu_affinity"};
                    fail(aff.raw.data(), &w, what);
                });
        const FieldValue& numa = c.f[FNumaAffinity];
        if (numa.present && numa.type == od::json_type::number) {
            const std::int64_t n = integerField(c, FNumaAffinity, where, false);
            if (n >= 0)
                e.nodes = NodeSet{int(n)};
        } else if (numa.present && numa.type == od::json_type::string) {
            e.nodes = witty::rangeField(true, numa.str, true, [&](const QString& what) {
                const Where w{where, "numa_affinity"};
                fail(numa.raw.data(), &w, what);
            });
        }
        break;
    }
    case EntityKind::Container:
        e.containerId = stringField(c, FContainerId, where, true);
        e.name = stringField(c, FContainerName, where, false);
        e.containerType = stringField(c, FContainerType, where, false);
        break;
    case EntityKind::SharedMemory:
        e.name = stringField(c, FShmName, where, false);
        if (c.f[FShmSize].type == od::json_type::number)
            e.memoryBytes = std::uint64_t(std::max<std::int64_t>(0, integerField(c, FShmSize, where, false)));
        break;
    default:
        break;
    }
}

void GraphReader::readEdge(od::value value, const Where* where)
{
    const od::json_type t = take(value.type(), where);
    if (t != od::json_type::object)
        failType(value, t, where, QStringLiteral("an edge object"));
    const char* begin = value.raw_json_token().data();
    od::object object = take(value.get_object(), where);

    Edge edge;
    bool haveType = false;
    std::string_view edgeType;
    int endpoints = 0;
    m_payload.assign(1, '{');
    for (auto fieldResult : object) {
        od::field field = take(std::move(fieldResult), where);
        const char* keyRaw = field.key().raw();
        od::value v = field.value();
        if (keyIs(keyRaw, "edge_type")) {
            const Where w{where, "edge_type"};
            const od::json_type vt = take(v.type(), &w);
            if (vt != od::json_type::string)
                fail(trimRight(v.raw_json_token()).data(), &w,
                     QStringLiteral("expected a string, got %1").arg(typeNameOf(vt)));
            edgeType = stringOf(v, trimRight(v.raw_json_token()), &w);
            haveType = true;
        } else if (keyIs(keyRaw, "weight")) {
            const Where w{where, "weight"};
            const od::json_type vt = take(v.type(), &w);
            if (vt == od::json_type::number) {
                edge.weight = take(v.get_double(), &w);
            } else if (vt != od::json_type::null) {
                fail(trimRight(v.raw_json_token()).data(), &w,
                     QStringLiteral("expected a number or null, got %1").arg(typeNameOf(vt)));
            }
        } else if (keyIs(keyRaw, "source_node")) {
            const Where w{where, "source_node"};
            edge.source = readEntity(v, &w, Origin::Edge);
            ++endpoints;
        } else if (keyIs(keyRaw, "target_node")) {
            const Where w{where, "target_node"};
            edge.target = readEntity(v, &w, Origin::Edge);
            ++endpoints;
        } else if (keyIs(keyRaw, "nodes")) {
            const Where w{where, "nodes"};
            const od::json_type vt = take(v.type(), &w);
            if (vt != od::json_type::array)
                failType(v, vt, &w, QStringLiteral("an array of the edge's two entities"));
            od::array ends = take(v.get_array(), &w);
            qint64 index = 0;
            for (auto element : ends) {
                const Where we{&w, nullptr, index};
                od::value ev = take(std::move(element), &we);
                const EntityId id = readEntity(ev, &we, Origin::Edge);
                if (index == 0)
                    edge.source = id;
                else if (index == 1)
                    edge.target = id;
                else
                    fail(here(), &w,
                         QStringLiteral("an undirected edge joins exactly two entities, not more"));
                ++index;
            }
            if (index != 2)
                fail(here(), &w,
                     QStringLiteral("an undirected edge joins exactly two entities, got %1").arg(index));
            edge.directed = false;
            endpoints = 2;
        } else {
            const std::string_view key = witty::rawKey(keyRaw);
            const Where w{where, nullptr};
            const od::json_type vt = take(v.type(), where);
            std::string_view raw;
            if (vt == od::json_type::object)
                raw = compact(take(take(v.get_object(), where).raw_json(), where), where);
            else if (vt == od::json_type::array)
                raw = compact(take(take(v.get_array(), where).raw_json(), where), where);
            else
                raw = trimRight(v.raw_json_token());
            (void)w;
            if (m_payload.size() > 1)
                m_payload += ',';
            m_payload.append(keyRaw - 1, key.size() + 2); // the key exactly as written, quotes included
            m_payload += ':';
            m_payload += raw;
        }
    }
    m_payload += '}';
    if (!haveType)
        fail(begin, where, QStringLiteral("edge has no \"edge_type\""));
    if (endpoints != 2 || !edge.source.isValid() || !edge.target.isValid())
        fail(begin, where,
             QStringLiteral("edge needs \"source_node\" and \"target_node\" (or \"nodes\": [a, b])"));
    edge.kind = witty::edgeKindOf(edgeType);
    edge.typeName = cachedString(m_edgeTypes, edgeType);
    // Most edges carry nothing beyond their endpoints: they share one "{}" instead of allocating their own.
    static const QByteArray emptyPayload = QByteArrayLiteral("{}");
    edge.payload =
        m_payload.size() == 2 ? emptyPayload : QByteArray(m_payload.data(), qsizetype(m_payload.size()));
    if (edge.kind == EdgeKind::AffinitativeToNuma) {
        const Entity& target = m_builder.entity(edge.target);
        if (target.kind == EntityKind::NumaSet)
            m_deviceNumaSets[edge.source.value] |= target.nodes;
    }
    m_builder.addEdge(std::move(edge));
}

void GraphReader::resolveDevices()
{
    // Exactly one node per device, in the order of trust the format note gives.
    std::vector<EntityId> nodes;
    for (int i = 0; i < m_builder.entityCount(); ++i)
        if (m_builder.entity(EntityId(i)).kind == EntityKind::NumaNode)
            nodes.push_back(EntityId(i));
    for (int i = 0; i < m_builder.entityCount(); ++i) {
        Entity& d = m_builder.entity(EntityId(i));
        if (d.kind != EntityKind::Accelerator)
            continue;
        const auto edge = m_deviceNumaSets.find(i);
        if (edge != m_deviceNumaSets.end() && edge->second.count() == 1) {
            d.numaNode = NodeId(edge->second.first());
            if (d.nodes.isEmpty())
                d.nodes = edge->second;
        } else if (d.nodes.count() == 1) {
            d.numaNode = NodeId(d.nodes.first());
        } else if (!d.cpus.isEmpty()) {
            int found = -1;
            for (EntityId n : nodes) {
                const Entity& node = m_builder.entity(n);
                if (node.ns != d.ns || !d.cpus.isSubsetOf(node.cpus))
                    continue;
                found = found == -1 ? node.osIndex : -2;
            }
            if (found >= 0)
                d.numaNode = NodeId(found);
        }
        if (d.nodes.isEmpty() && d.numaNode.isValid())
            d.nodes = NodeSet{d.numaNode.value};
    }
}

void GraphReader::buildDistances()
{
    std::map<QString, std::vector<EntityId>> byNamespace;
    for (int i = 0; i < m_builder.entityCount(); ++i)
        if (m_builder.entity(EntityId(i)).kind == EntityKind::NumaNode)
            byNamespace[m_builder.entity(EntityId(i)).ns].push_back(EntityId(i));
    for (auto& [ns, nodes] : byNamespace) {
        std::sort(nodes.begin(), nodes.end(), [&](EntityId a, EntityId b) {
            return m_builder.entity(a).osIndex < m_builder.entity(b).osIndex;
        });
        DistanceMatrix m;
        m.name = QStringLiteral("NUMA distances");
        m.unit = QStringLiteral("relative");
        m.fromOs = true;
        m.objects = nodes;
        m.values.assign(nodes.size() * nodes.size(), -1);
        bool complete = true;
        for (size_t r = 0; r < nodes.size() && complete; ++r) {
            const auto row = m_distanceRows.find(nodes[r].value);
            if (row == m_distanceRows.end()) {
                complete = false;
                break;
            }
            for (const auto& [osIndex, value] : row->second)
                for (size_t col = 0; col < nodes.size(); ++col)
                    if (m_builder.entity(nodes[col]).osIndex == osIndex)
                        m.values[r * nodes.size() + col] = value;
        }
        if (complete && std::all_of(m.values.begin(), m.values.end(), [](double v) { return v >= 0; }))
            m_builder.addDistances(std::move(m));
    }
}

struct Buffer
{
    const char* data = nullptr;
    size_t size = 0;
};

Result<CapturePtr> readBuffer(Buffer buffer, const QString& fileName, const Progress& progress)
{
    auto capture = std::make_shared<Capture>();
    capture->source.path = fileName;
    capture->source.mode = QStringLiteral("import");
    const char* const begin = buffer.data;
    const char* const end = buffer.data + buffer.size;
    try {
        const char* first = begin;
        while (first < end && witty::isJsonSpace(*first))
            ++first;
        if (first == end) {
            GraphReader r(begin, buffer.size, fileName, progress);
            LoadError e;
            e.file = fileName;
            e.offset = 0;
            e.line = 1;
            e.column = 1;
            e.message =
                QStringLiteral("the file is empty: expected a witty-profiler graph (a JSON object with "
                               "\"nodes\" and \"edges\")");
            return e;
        }
        if (*first != '{') {
            LoadError e;
            e.file = fileName;
            e.offset = first - begin;
            locateOffset(begin, qint64(buffer.size), e.offset, &e.line, &e.column);
            e.message = QStringLiteral("not a witty-profiler graph: expected '{' (a JSON object), found '%1'")
                            .arg(QString::fromLatin1(first, 1).toHtmlEscaped().left(1));
            if (!(static_cast<unsigned char>(*first) >= 0x20 && static_cast<unsigned char>(*first) < 0x7f))
                e.message =
                    QStringLiteral("not a witty-profiler graph: expected '{' (a JSON object), found byte "
                                   "0x%1")
                        .arg(uint(static_cast<unsigned char>(*first)), 2, 16, QLatin1Char('0'));
            return e;
        }
        const std::vector<witty::Line> lines = witty::jsonLines(begin, buffer.size, first);
        if (lines.size() <= 1) {
            GraphReader reader(begin, buffer.size, fileName, progress);
            SourceFormat format = SourceFormat::WittyJson;
            auto snapshot = reader.readDocument(first, size_t(end - first), capture->source, &format, true);
            capture->source.format = format;
            capture->snapshots.push_back(std::move(snapshot));
        } else {
            capture->source.format = SourceFormat::WittyJsonLines;
            for (const witty::Line& line : lines) {
                // One reader per round keeps the identities of different rounds apart.
                Progress inner;
                inner.cancelled = progress.cancelled;
                inner.report = [&](double) {};
                GraphReader reader(begin, buffer.size, fileName, inner);
                SourceFormat ignored = SourceFormat::WittyJson;
                SourceInfo lineSource;
                capture->snapshots.push_back(
                    reader.readDocument(line.begin, line.size, lineSource, &ignored, true));
                if (capture->source.extra.isEmpty())
                    capture->source.extra = lineSource.extra;
                if (capture->source.hostname.isEmpty())
                    capture->source.hostname = lineSource.hostname;
                if (progress.isCancelled())
                    return LoadError::cancel(fileName);
                progress(double(line.begin + line.size - begin) / double(buffer.size));
            }
        }
    } catch (const Failure& f) {
        return f.error;
    } catch (const std::bad_alloc&) {
        LoadError e;
        e.file = fileName;
        e.message = QStringLiteral("out of memory while reading the graph");
        return e;
    }
    progress(1.0);
    return CapturePtr(std::move(capture));
}

// A read-only mapping of a whole file followed by at least SIMDJSON_PADDING zero bytes, which simdjson may
// read past the end. The file is mapped over an anonymous reservation, so the padding exists even when the
// file ends exactly on a page boundary.
class MappedFile
{
public:
    explicit MappedFile(const char* path)
    {
        const int fd = ::open(path, O_RDONLY | O_CLOEXEC);
        if (fd < 0)
            return;
        struct stat st = {};
        if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
            const size_t page = size_t(sysconf(_SC_PAGESIZE));
            const size_t size = size_t(st.st_size);
            const size_t total = (size + simdjson::SIMDJSON_PADDING + page - 1) / page * page;
            void* base = ::mmap(nullptr, total, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
            if (base != MAP_FAILED) {
                if (::mmap(base, size, PROT_READ, MAP_PRIVATE | MAP_FIXED | MAP_POPULATE, fd, 0) == base) {
                    m_data = static_cast<const char*>(base);
                    m_size = size;
                    m_total = total;
                } else {
                    ::munmap(base, total);
                }
            }
        }
        ::close(fd);
    }
    ~MappedFile()
    {
        if (m_data)
            ::munmap(const_cast<char*>(m_data), m_total);
    }
    MappedFile(const MappedFile&) = delete;
    MappedFile& operator=(const MappedFile&) = delete;

    const char* data() const { return m_data; }
    size_t size() const { return m_size; }

private:
    const char* m_data = nullptr;
    size_t m_size = 0;
    size_t m_total = 0;
};

} // namespace

Result<CapturePtr> readWittyJson(QByteArrayView data, const QString& fileName, const Progress& progress)
{
    // simdjson reads up to SIMDJSON_PADDING bytes past the end, so the text gets a padded copy.
    simdjson::padded_string padded(data.data(), size_t(data.size()));
    return readBuffer({padded.data(), padded.size()}, fileName, progress);
}

Result<CapturePtr> readWittyJsonFile(const QString& path, const Progress& progress)
{
    const QFileInfo info(path);
    auto ioError = [&](const QString& what) {
        LoadError e;
        e.file = path;
        e.message = what;
        return e;
    };
    if (!info.exists())
        return ioError(QStringLiteral("no such file: check the path"));
    if (info.isDir())
        return ioError(QStringLiteral("is a directory, not a witty-profiler JSON file"));
    if (!info.isReadable())
        return ioError(QStringLiteral("cannot read the file: permission denied"));
    const QByteArray native = QFile::encodeName(path);
    // Mapping avoids copying a 200 MB graph into fresh anonymous memory (a third of the import time went
    // to that copy and its page faults); files that cannot be mapped (pipes, /proc) are read instead.
    if (MappedFile mapped(native.constData()); mapped.data())
        return readBuffer({mapped.data(), mapped.size()}, path, progress);
    simdjson::padded_string text;
    if (const error_code e =
            simdjson::padded_string::load(std::string_view(native.constData(), size_t(native.size())))
                .get(text))
        return ioError(
            QStringLiteral("cannot read the file (%1)").arg(QLatin1String(simdjson::error_message(e))));
    return readBuffer({text.data(), text.size()}, path, progress);
}

} // namespace numasight
