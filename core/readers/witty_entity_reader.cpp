// SPDX-License-Identifier: GPL-3.0-or-later
// One entity of a witty-profiler graph: its fields in one pass, its identity (type, namespace and key
// fields), and the typed facts numasight reads from it.
#include "util/json_text.h"
#include "witty_graph_reader.h"

#include <QCoreApplication>

#include <charconv>
#include <limits>

namespace numasight {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(numasight::WittyJsonReader)
};
// Each set is a bitmap as wide as its largest member: "0-1048575" in a few thousand distinct sets of a small
// file would cost gigabytes. No machine numbers NUMA nodes above kMaxNodeOsIndex or CPUs above this.
constexpr int kMaxCpuOsIndex = 65535;

QString setBeyond(const IndexSet& set, int max, bool nodes)
{
    if (set.last() <= max)
        return {};
    return nodes ? Tr::tr("node %1 is above %2, the largest NUMA node number a machine can have")
                       .arg(set.last())
                       .arg(max)
                 : Tr::tr("CPU %1 is above %2, the largest CPU number a machine can have")
                       .arg(set.last())
                       .arg(max);
}

} // namespace

namespace wittyread {

namespace {

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

} // namespace

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
        problem(at, Tr::tr("expected an object, got %1").arg(typeNameOf(t)));
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
                problem(vat, Tr::tr("numa_stats.%1: expected a non-negative integer").arg(fromUtf8(key)));
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
                problem(vat, Tr::tr("mem_info.%1: expected a size like \"131507688 kB\"").arg(fromUtf8(key)));
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
             Tr::tr("expected an integer, got %1 %2").arg(typeNameOf(v.type), fromUtf8(v.raw.substr(0, 40))));
    }
    return n;
}

// An integer that the model keeps in a narrower type: refused with its place when outside [min, max], never
// cut.
int GraphReader::boundedField(const Collected& c, int field, const Where* where, bool required,
                              std::int64_t min, std::int64_t max) const
{
    const std::int64_t n = integerField(c, field, where, required);
    if (!c.f[field].present)
        return -1;
    if (n < min || n > max) {
        const Where w{where, kFieldNames[field].data()};
        fail(c.f[field].raw.data(), &w,
             Tr::tr("%1 is out of range: \"%2\" must be between %3 and %4")
                 .arg(fromUtf8(c.f[field].raw.substr(0, 40)), QLatin1String(kFieldNames[field].data()))
                 .arg(min)
                 .arg(max));
    }
    return int(n);
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
        fail(v.raw.data(), &w, Tr::tr("expected a string, got %1").arg(typeNameOf(v.type)));
    }
    return fromUtf8(v.str);
}

CompactString GraphReader::sharedStringField(const Collected& c, int field, const Where* where, bool required)
{
    const FieldValue& v = c.f[field];
    if (v.present && v.type == od::json_type::string)
        return cachedString(m_values, v.str);
    return stringField(c, field, where, required);
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

namespace {

// Process and thread ids as the model keeps them (32 bits); Linux's own stay below 2^22.
constexpr std::int64_t kMinId = std::numeric_limits<std::int32_t>::min();
constexpr std::int64_t kMaxId = std::numeric_limits<std::int32_t>::max();

void appendLength(std::string& out, size_t n)
{
    while (n >= 0x80) {
        out.push_back(char(0x80 | (n & 0x7f)));
        n >>= 7;
    }
    out.push_back(char(n));
}

// The start of an identity: type and namespace, each behind its length, so that no text inside them (a
// separator byte included) can make two different identities read the same.
void identityPrefix(std::string& out, std::string_view type, std::string_view ns)
{
    out.clear();
    appendLength(out, type.size());
    out += type;
    appendLength(out, ns.size());
    out += ns;
}

// UTF-8 appended in place: freezing the identities of a big model made a QByteArray per entity.
void appendUtf8(std::string& out, QStringView text)
{
    const size_t at = out.size();
    out.resize(at + size_t(text.size()));
    for (qsizetype i = 0; i < text.size(); ++i) {
        const char16_t c = text[i].unicode();
        if (c >= 0x80) { // beyond ASCII: the whole text the long way
            out.resize(at);
            const QByteArray utf8 = text.toUtf8();
            out.append(utf8.constData(), size_t(utf8.size()));
            return;
        }
        out[at + size_t(i)] = char(c);
    }
}

} // namespace

// The same identity bytes buildIdentity() makes, from the model's entities (whose keys are those bytes).
void GraphReader::freezeIdentities()
{
    const std::int32_t count = m_builder.entityCount();
    m_frozenIds = {};
    // The identities' bytes, as many as the texts' characters when they are ASCII: the arena is then
    // allocated once instead of doubling (and copying) its way up.
    size_t bytes = 0;
    for (std::int32_t i = 0; i < count; ++i) {
        const Entity& e = m_builder.entity(EntityId(i));
        bytes += size_t(e.typeName.size() + e.ns.size() + e.key.size()) + 4;
    }
    m_frozenIds.reserve(size_t(count), bytes);
    std::string type, ns, identity;
    const CompactString* lastType = nullptr;
    const CompactString* lastNs = nullptr;
    for (std::int32_t i = 0; i < count; ++i) {
        const Entity& e = m_builder.entity(EntityId(i));
        if (!lastType || e.typeName != *lastType || e.ns != *lastNs) {
            type.clear();
            ns.clear();
            appendUtf8(type, e.typeName.view());
            appendUtf8(ns, e.ns.view());
            lastType = &e.typeName;
            lastNs = &e.ns;
        }
        identityPrefix(identity, type, ns);
        appendUtf8(identity, e.key.utf16());
        m_frozenIds.insert(identity, i);
    }
}

void GraphReader::buildIdentity(Collected& c, const Where* where)
{
    if (!c.f[FType].present)
        fail(c.begin, where,
             Tr::tr("entity has no \"entity_type\": every witty-profiler entity names its type"));
    if (c.f[FType].type != od::json_type::string) {
        const Where w{where, "entity_type"};
        fail(c.f[FType].raw.data(), &w, Tr::tr("expected a string, got %1").arg(typeNameOf(c.f[FType].type)));
    }
    if (c.f[FNamespace].present && c.f[FNamespace].type != od::json_type::string) {
        const Where w{where, "entity_namespace"};
        fail(c.f[FNamespace].raw.data(), &w,
             Tr::tr("expected a string, got %1").arg(typeNameOf(c.f[FNamespace].type)));
    }
    const std::string_view type = c.f[FType].str;
    const std::string_view ns = c.f[FNamespace].present ? c.f[FNamespace].str : std::string_view("local");
    // Identity bytes: type, namespace and the type's key fields, as witty-profiler defines identity.
    identityPrefix(m_identity, type, ns);
    c.keyStart = m_identity.size();
    switch (c.info.kind) {
    case EntityKind::Process:
        boundedField(c, FPid, where, true, kMinId, kMaxId);
        m_identity += c.f[FPid].raw;
        break;
    case EntityKind::Thread:
        boundedField(c, FTid, where, true, kMinId, kMaxId);
        m_identity += c.f[FTid].raw;
        break;
    case EntityKind::Socket:
        m_identity += keyText(c, FSocketAddr, where);
        m_identity += ':';
        boundedField(c, FSocketPort, where, true, 0, 65535);
        m_identity += c.f[FSocketPort].raw;
        m_identity += '/';
        m_identity += keyText(c, FSocketType, where);
        break;
    case EntityKind::NumaNode:
        boundedField(c, FNumaId, where, true, 0, kMaxNodeOsIndex);
        m_identity += c.f[FNumaId].raw;
        break;
    case EntityKind::NumaSet:
        stringField(c, FNumaIdStr, where, true);
        m_identity += c.f[FNumaIdStr].str;
        break;
    case EntityKind::Accelerator:
        boundedField(c, FId, where, true, 0, std::numeric_limits<std::int32_t>::max());
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
        // An unknown type: identical copies fold, others stay apart. Its type and namespace are already the
        // identity's first two parts, and witty writes "details":{} on every entity: kept in the key too
        // they cost ~80 bytes an entity.
        c.compacted = compact(c.raw, where);
        m_identity += withoutMembers(c.compacted, [](std::string_view key, std::string_view value) {
            return key == "entity_type" || key == "entity_namespace" || (key == "details" && value == "{}");
        });
        break;
    }
    const bool frozen = m_lookInFrozen;
    if (frozen)
        c.found = m_owner->m_frozenIds.find(m_identity);
    else
        c.found = m_builder
                      .find(m_typeScratch.view(type), m_nsScratch.view(ns),
                            m_keyScratch.view(std::string_view(m_identity).substr(c.keyStart)))
                      .value;
    // A known entity is done, unless this is the top-level `nodes` copy of one first seen on an edge.
    c.skip = c.found >= 0 && (c.origin != Origin::Nodes ||
                              (frozen ? m_owner->m_frozenSlots : m_slots)[size_t(c.found)].fromNodes);
    c.decided = true;
}

// Whether this copy is a thread's process that this parser read in full earlier in the list; if so, `out`
// keeps only its identity, for insertEntity() to look up, and the rest of the copy is not read.
bool GraphReader::readBefore(const Collected& c, ParsedEntity& out)
{
    if (c.origin != Origin::Nested || c.found >= 0 || !m_lookInFrozen ||
        !m_parsedProcesses.contains(m_identity))
        return false;
    out.insertedBefore = true;
    out.entity = Entity{};
    setIdentity(out.entity, c);
    return true;
}

// The entity's type, namespace and key, from the fields its identity was built of.
void GraphReader::setIdentity(Entity& e, const Collected& c)
{
    e.typeName = cachedString(m_typeNames, c.f[FType].str);
    e.ns = c.f[FNamespace].present ? cachedString(m_namespaces, c.f[FNamespace].str)
                                   : cachedString(m_namespaces, "local");
    e.key = PackedText::fromUtf8(std::string_view(m_identity).substr(c.keyStart));
}

// Reads one entity object and returns its id. An entity already known is recognised from its type and key
// fields, and the rest of that copy is skipped: edges repeat every endpoint in full, so this is the hot path.
EntityId GraphReader::readEntity(od::value value, const Where* where, Origin origin, const char* end)
{
    ParsedEntity parsed;
    parseEntity(value, where, origin, end, parsed);
    return insertEntity(parsed, where);
}

void GraphReader::parseEntity(od::value value, const Where* where, Origin origin, const char* end,
                              ParsedEntity& out)
{
    const od::json_type t = take(value.type(), where);
    if (t != od::json_type::object)
        failType(value, t, where, Tr::tr("an entity object"));
    Collected c;
    c.begin = value.raw_json_token().data();
    c.origin = origin;
    out.begin = inText(c.begin);
    out.origin = origin;
    out.known = -1; // `out` may hold an earlier batch's entity (cleared below once this one is not a copy)
    out.lookedUpLive = false;
    out.insertedBefore = false;
    out.distances.clear();
    out.process.reset();
    od::object object = take(value.get_object(), where);

    std::string_view processRaw;
    // Each key's start, measured only if the copy is read to its end (most endpoint copies are not).
    if (origin != Origin::Nested)
        m_keyStarts.clear();
    const size_t keysFrom = m_keyStarts.size();
    for (auto fieldResult : object) {
        od::field field = take(std::move(fieldResult), where);
        m_keyStarts.push_back(field.key().raw());
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
                out.process = std::make_unique<ParsedEntity>();
                parseEntity(v, &w, Origin::Nested, nullptr, *out.process);
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
                    fail(c.begin, where, Tr::tr("expected a ProcessEntity, got %1").arg(fromUtf8(fv.str)));
            }
            break;
        default:
            fv.raw = trimRight(v.raw_json_token());
            break;
        }
        if (!c.decided && keyFieldsReady(c.info.kind, c)) {
            buildIdentity(c, where);
            if (c.skip || readBefore(c, out)) {
                out.known = c.found;
                m_keyStarts.resize(keysFrom);
                return; // the rest of this copy is skipped by the enclosing iteration
            }
        }
    }

    // The object's text runs to its closing brace, the last non-blank byte before the next token.
    const char* stop = end ? end : here();
    if (!stop)
        fail(c.begin, where, Tr::tr("unexpected end of the JSON text: the file is truncated"));
    while (stop > c.begin && stop[-1] != '}')
        --stop;
    c.raw = std::string_view(c.begin, size_t(stop - c.begin));

    if (origin == Origin::Nested && c.f[FType].present && c.info.kind != EntityKind::Process &&
        c.f[FType].type == od::json_type::string)
        fail(c.begin, where, Tr::tr("expected a ProcessEntity, got %1").arg(fromUtf8(c.f[FType].str)));
    if (!c.decided) {
        buildIdentity(c, where);
        if (c.skip || readBefore(c, out)) {
            out.known = c.found;
            m_keyStarts.resize(keysFrom);
            return;
        }
    }

    out.entity = Entity{};
    Entity& e = out.entity;
    e.kind = c.info.kind;
    e.deviceClass = c.info.deviceClass;
    setIdentity(e, c);
    const std::string_view attributes = c.compacted.data() ? c.compacted : compact(c.raw, where);
    // Kept whole in the attributes while a typed field takes one copy: the two would disagree (a capture
    // refuses such attributes too).
    m_keys.clear();
    for (size_t i = keysFrom; i < m_keyStarts.size(); ++i)
        m_keys.push_back(witty::rawKey(m_keyStarts[i]));
    m_keyStarts.resize(keysFrom);
    if (const auto twice = repeatedString(m_keys))
        fail(c.begin, where,
             Tr::tr("the key \"%1\" appears twice in one object; each key must appear once")
                 .arg(fromUtf8(twice->substr(0, 40))));
    e.attributes = AttributeText::compacted(attributes);
    fillTyped(e, c, where);
    if (e.kind == EntityKind::Thread) {
        const Where w{where, "process"};
        if (!out.process && !processRaw.empty()) {
            out.process = std::make_unique<ParsedEntity>();
            parseNestedProcess(processRaw, &w, *out.process);
        }
        if (!out.process && c.f[FProcess].present && c.f[FProcess].type != od::json_type::null &&
            c.f[FProcess].type != od::json_type::object)
            fail(c.f[FProcess].raw.data(), &w,
                 Tr::tr("expected a ProcessEntity object, got %1").arg(typeNameOf(c.f[FProcess].type)));
    } else {
        out.process.reset();
    }
    if (c.info.kind == EntityKind::NumaNode)
        out.distances = std::move(c.numa.distances);
    if (c.info.kind == EntityKind::Process && m_lookInFrozen)
        m_parsedProcesses.insert(m_identity);
    out.foundLive = c.found;
    out.lookedUpLive = !m_lookInFrozen;
}

// The model's half of readEntity(). A parse on another thread could not see the entities inserted since, so
// whether this copy is one of them is asked again here.
EntityId GraphReader::insertEntity(ParsedEntity& parsed, const Where* where)
{
    tick(parsed.begin);
    if (parsed.known >= 0) {
        ++wittyReadPaths().copiesKnown;
        return EntityId(parsed.known);
    }
    if (parsed.insertedBefore) {
        const EntityId found =
            m_builder.find(parsed.entity.typeName.view(), parsed.entity.ns.view(), parsed.entity.key.utf16());
        if (!found.isValid()) // cannot happen (see m_parsedProcesses); the whole-document reader is sure
            throw NotPlain{};
        ++wittyReadPaths().copiesKnown;
        ++wittyReadPaths().processesReadBefore;
        return found;
    }
    const std::int32_t found =
        parsed.lookedUpLive
            ? parsed.foundLive
            : m_builder
                  .find(parsed.entity.typeName.view(), parsed.entity.ns.view(), parsed.entity.key.utf16())
                  .value;
    if (found >= 0 && (parsed.origin != Origin::Nodes || m_slots[size_t(found)].fromNodes))
        return EntityId(found);
    Entity& e = parsed.entity;
    if (parsed.process) {
        const Where w{where, "process"};
        e.parent = insertEntity(*parsed.process, &w);
        e.pid = m_builder.entity(e.parent).pid;
    }
    const EntityKind kind = e.kind;
    if (found >= 0) {
        const EntityId knownId(found);
        m_builder.entity(knownId) = std::move(e);
        m_slots[size_t(knownId.value)].fromNodes = true;
        if (kind == EntityKind::NumaNode)
            m_distanceRows[knownId.value] = std::move(parsed.distances);
        return knownId;
    }
    // The look-up above already told the identity is new: the builder need not look it up again.
    const EntityId id = m_builder.addNew(std::move(e));
    if (kind == EntityKind::NumaNode)
        m_numaNodes.push_back(id);
    else if (kind == EntityKind::Accelerator)
        m_accelerators.push_back(id);
    m_slots.push_back({parsed.origin == Origin::Nodes});
    if (!parsed.distances.empty() && kind == EntityKind::NumaNode)
        m_distanceRows[id.value] = std::move(parsed.distances);
    return id;
}

void GraphReader::parseNestedProcess(std::string_view raw, const Where* where, ParsedEntity& out)
{
    const size_t capacity = capacityAt(raw.data());
    od::document doc;
    if (const error_code e = m_nestedParser.iterate(raw.data(), raw.size(), capacity).get(doc))
        failSimdjson(e, where, raw.data());
    od::document* outer = m_doc;
    m_doc = &doc;
    od::value v = take(doc.get_value(), where);
    parseEntity(v, where, Origin::Nested, raw.data() + raw.size(), out);
    m_doc = outer;
}

void GraphReader::fillTyped(Entity& e, Collected& c, const Where* where)
{
    switch (e.kind) {
    case EntityKind::Process:
        e.pid = boundedField(c, FPid, where, true, kMinId, kMaxId);
        e.ppid = boundedField(c, FPpid, where, false, kMinId, kMaxId);
        e.name = sharedStringField(c, FName, where, false);
        e.detail->cmdline = stringField(c, FCmdline, where, false);
        break;
    case EntityKind::Thread:
        e.tid = boundedField(c, FTid, where, true, kMinId, kMaxId);
        e.name = sharedStringField(c, FName, where, false);
        break;
    case EntityKind::Socket: {
        const QString address = stringField(c, FSocketAddr, where, true);
        const int port = boundedField(c, FSocketPort, where, true, 0, 65535);
        e.setSocket(address, port, sharedStringField(c, FSocketType, where, true));
    } break;
    case EntityKind::NumaNode: {
        if (c.numa.problemAt) {
            const Where w{where, c.numa.problemField};
            fail(c.numa.problemAt, &w, c.numa.problem);
        }
        e.osIndex = e.logicalIndex = boundedField(c, FNumaId, where, true, 0, kMaxNodeOsIndex);
        e.name = QStringLiteral("NUMA%1").arg(e.osIndex);
        e.cpus = witty::rangeField(c.f[FCpuSet].present, c.f[FCpuSet].str,
                                   c.f[FCpuSet].type == od::json_type::string, [&](const QString& what) {
                                       const Where w{where, "cpu_set"};
                                       fail(c.f[FCpuSet].raw.data(), &w, what);
                                   });
        if (const QString beyond = setBeyond(e.cpus, kMaxCpuOsIndex, false); !beyond.isEmpty()) {
            const Where w{where, "cpu_set"};
            fail(c.f[FCpuSet].raw.data(), &w, beyond);
        }
        e.nodes = NodeSet{e.osIndex};
        e.detail->memoryBytes = c.numa.memTotalKb.value_or(0) * 1024;
        e.detail->memoryFreeBytes = c.numa.memFreeKb.value_or(0) * 1024;
        for (auto& [name, value] : c.numa.stats)
            e.detail->numastat.insert(name, value);
        break;
    }
    case EntityKind::NumaSet:
        e.nodes = witty::rangeField(true, c.f[FNumaIdStr].str, true, [&](const QString& what) {
            const Where w{where, "numa_id_str"};
            fail(c.f[FNumaIdStr].raw.data(), &w, what);
        });
        if (const QString beyond = setBeyond(e.nodes, kMaxNodeOsIndex, true); !beyond.isEmpty()) {
            const Where w{where, "numa_id_str"};
            fail(c.f[FNumaIdStr].raw.data(), &w, beyond);
        }
        e.name = e.key;
        break;
    case EntityKind::Accelerator: {
        e.osIndex = boundedField(c, FId, where, true, 0, std::numeric_limits<std::int32_t>::max());
        e.logicalIndex = e.osIndex;
        e.name = (e.deviceClass == DeviceClass::Gpu ? QStringLiteral("GPU%1") : QStringLiteral("NPU%1"))
                     .arg(e.osIndex);
        e.detail->pciBusId = stringField(c, FPciBusId, where, e.deviceClass == DeviceClass::Gpu).toLower();
        const FieldValue& aff = c.f[FCpuAffinity];
        if (aff.present && aff.type != od::json_type::null)
            e.cpus =
                witty::rangeField(true, aff.str, aff.type == od::json_type::string, [&](const QString& what) {
                    const Where w{where, "cpu_affinity"};
                    fail(aff.raw.data(), &w, what);
                });
        if (const QString beyond = setBeyond(e.cpus, kMaxCpuOsIndex, false); !beyond.isEmpty()) {
            const Where w{where, "cpu_affinity"};
            fail(aff.raw.data(), &w, beyond);
        }
        const FieldValue& numa = c.f[FNumaAffinity];
        if (numa.present && numa.type == od::json_type::number) {
            const int n = boundedField(c, FNumaAffinity, where, false, -1, kMaxNodeOsIndex);
            if (n >= 0)
                e.nodes = NodeSet{n};
        } else if (numa.present && numa.type == od::json_type::string) {
            e.nodes = witty::rangeField(true, numa.str, true, [&](const QString& what) {
                const Where w{where, "numa_affinity"};
                fail(numa.raw.data(), &w, what);
            });
            if (const QString beyond = setBeyond(e.nodes, kMaxNodeOsIndex, true); !beyond.isEmpty()) {
                const Where w{where, "numa_affinity"};
                fail(numa.raw.data(), &w, beyond);
            }
        }
        break;
    }
    case EntityKind::Container:
        e.detail->containerId = stringField(c, FContainerId, where, true);
        e.name = stringField(c, FContainerName, where, false);
        e.detail->containerType = stringField(c, FContainerType, where, false);
        break;
    case EntityKind::SharedMemory:
        e.name = stringField(c, FShmName, where, false);
        if (c.f[FShmSize].type == od::json_type::number)
            e.detail->memoryBytes =
                std::uint64_t(std::max<std::int64_t>(0, integerField(c, FShmSize, where, false)));
        break;
    default:
        break;
    }
}

} // namespace wittyread

} // namespace numasight
