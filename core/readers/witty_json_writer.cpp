// SPDX-License-Identifier: GPL-3.0-or-later
#include "witty_json_writer.h"

#include "report/output_file.h"
#include "util/json_text.h"
#include "witty_recording_export.h"
#include "witty_schema.h"

#include <simdjson.h>

#include <cmath>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace numasight {

namespace {

// Distances are integers in SLIT; keep them integers when they are.
void appendNumber(QByteArray& out, double value)
{
    if (std::isfinite(value) && value == std::floor(value) && std::fabs(value) < 9.0e15)
        out += QByteArray::number(qint64(value));
    else
        appendPythonFloat(out, value);
}

void appendKb(QByteArray& out, std::uint64_t bytes)
{
    out += '"';
    out += QByteArray::number(bytes / 1024);
    out += " kB\"";
}

// What a live load kept of node<N>/meminfo and of the node's memory blocks (applyNodeSysfsStats()), from the
// node's attributes, the meminfo lines in the kernel's order.
struct RecordedNodeMemory
{
    std::vector<std::pair<std::string, std::string>> meminfo;
    std::optional<std::string> memorySet;
};

RecordedNodeMemory recordedNodeMemory(const QByteArray& attributes)
{
    namespace od = simdjson::ondemand;
    RecordedNodeMemory r;
    if (!attributes.contains("\"mem_info\"") && !attributes.contains("\"memory_set\""))
        return r;
    const simdjson::padded_string text(attributes.constData(), size_t(attributes.size()));
    od::parser parser;
    od::document doc;
    od::object top;
    if (parser.iterate(text).get(doc) != simdjson::SUCCESS || doc.get_object().get(top) != simdjson::SUCCESS)
        return {};
    for (auto fieldResult : top) {
        od::field field;
        std::string_view key;
        if (std::move(fieldResult).get(field) != simdjson::SUCCESS ||
            field.unescaped_key().get(key) != simdjson::SUCCESS)
            return {};
        if (key == "mem_info") {
            od::object lines;
            if (field.value().get_object().get(lines) != simdjson::SUCCESS)
                return {};
            for (auto lineResult : lines) {
                od::field line;
                std::string_view name;
                std::string_view value;
                if (std::move(lineResult).get(line) != simdjson::SUCCESS ||
                    line.unescaped_key().get(name) != simdjson::SUCCESS)
                    return {};
                const std::string copied(name);
                if (line.value().get_string().get(value) != simdjson::SUCCESS)
                    return {};
                r.meminfo.emplace_back(copied, std::string(value));
            }
        } else if (key == "memory_set") {
            std::string_view value;
            if (field.value().get_string().get(value) != simdjson::SUCCESS)
                return {};
            r.memorySet = std::string(value);
        }
    }
    return r;
}

void beginEntity(QByteArray& out, const Entity& e, const QString& type)
{
    out = "{";
    appendJsonKey(out, "entity_namespace");
    appendJsonString(out, e.ns.isEmpty() ? QStringLiteral("local") : e.ns.str());
    appendJsonKey(out, "entity_type");
    appendJsonString(out, type);
    appendJsonKey(out, "details");
    out += "{}";
}

bool isWittyObject(const QByteArray& attributes)
{
    // Compact JSON has no space after the key, and inside strings quotes are escaped, so this only finds a
    // key.
    return attributes.contains("\"entity_type\":");
}

class GraphWriter
{
public:
    GraphWriter(const Snapshot& s)
        : m_s(s)
        , m_text(s.entities().size())
        , m_done(s.entities().size(), false)
    {
    }

    const QByteArray& text(EntityId id)
    {
        const size_t i = size_t(id.value);
        if (!m_done[i]) {
            m_done[i] = true;
            m_text[i] = map(m_s.entity(id));
        }
        return m_text[i];
    }

private:
    QByteArray map(const Entity& e);

    const Snapshot& m_s;
    std::vector<QByteArray> m_text;
    std::vector<bool> m_done;
};

QByteArray GraphWriter::map(const Entity& e)
{
    if (QByteArray attributes = e.attributes.text(); isWittyObject(attributes))
        return attributes;
    const QString type = witty::entityTypeFor(e.kind, e.deviceClass);
    if (type.isEmpty())
        return {};
    QByteArray out;
    beginEntity(out, e, type);
    switch (e.kind) {
    case EntityKind::Process:
        appendJsonKey(out, "pid");
        out += QByteArray::number(e.pid);
        appendJsonKey(out, "ppid");
        out += QByteArray::number(e.ppid);
        appendJsonKey(out, "name");
        appendJsonString(out, e.name.view());
        appendJsonKey(out, "cmdline");
        appendJsonString(out, e.detail->cmdline);
        break;
    case EntityKind::Thread: {
        appendJsonKey(out, "tid");
        out += QByteArray::number(e.tid);
        appendJsonKey(out, "process");
        const QByteArray process = e.parent.isValid() ? text(e.parent) : QByteArray();
        out += process.isEmpty() ? QByteArray("null") : process;
        appendJsonKey(out, "name");
        appendJsonString(out, e.name.view());
        break;
    }
    case EntityKind::Socket:
        appendJsonKey(out, "socket_type");
        appendJsonString(out, e.protocol());
        appendJsonKey(out, "socket_addr");
        appendJsonString(out, e.address());
        appendJsonKey(out, "socket_port");
        out += QByteArray::number(e.port);
        appendJsonKey(out, "socket_thread");
        out += "null";
        appendJsonKey(out, "socket_process");
        out += "null";
        break;
    case EntityKind::NumaNode: {
        appendJsonKey(out, "numa_id");
        out += QByteArray::number(e.osIndex);
        appendJsonKey(out, "cpu_set");
        appendJsonString(out, e.cpus.toRangeString());
        // witty lists the node's memory block ids (node<N>/memory<M>) and copies node<N>/meminfo whole; a
        // live load keeps both in the node's attributes. Without them (hwloc XML, a capture of another
        // machine) memory_set is null, as witty writes a value it does not have, and mem_info holds the
        // keys numasight keeps, none made up.
        const RecordedNodeMemory recorded = recordedNodeMemory(e.attributes.text());
        appendJsonKey(out, "memory_set");
        if (recorded.memorySet)
            appendJsonString(out, QString::fromStdString(*recorded.memorySet));
        else
            out += "null";
        // In node<N>/numastat's order, as witty copies it; counters a newer kernel adds follow.
        appendJsonKey(out, "numa_stats");
        out += '{';
        static const QStringList kKernelOrder{
            QStringLiteral("numa_hit"),       QStringLiteral("numa_miss"),  QStringLiteral("numa_foreign"),
            QStringLiteral("interleave_hit"), QStringLiteral("local_node"), QStringLiteral("other_node")};
        const auto appendCounter = [&](const QString& name, std::uint64_t value) {
            if (out.back() != '{')
                out += ',';
            appendJsonString(out, name);
            out += ':';
            out += QByteArray::number(value);
        };
        for (const QString& name : kKernelOrder)
            if (const auto it = e.detail->numastat.constFind(name); it != e.detail->numastat.cend())
                appendCounter(name, it.value());
        for (auto it = e.detail->numastat.cbegin(); it != e.detail->numastat.cend(); ++it)
            if (!kKernelOrder.contains(it.key()))
                appendCounter(it.key(), it.value());
        out += '}';
        // MemTotal, MemFree and MemUsed are the model's (a recording's latest sample); the other lines are
        // as the load read them.
        appendJsonKey(out, "mem_info");
        out += '{';
        appendJsonKey(out, "MemTotal");
        appendKb(out, e.detail->memoryBytes);
        appendJsonKey(out, "MemFree");
        appendKb(out, e.detail->memoryFreeBytes);
        if (e.detail->memoryBytes >= e.detail->memoryFreeBytes) {
            appendJsonKey(out, "MemUsed");
            appendKb(out, e.detail->memoryBytes - e.detail->memoryFreeBytes);
        }
        for (const auto& [name, value] : recorded.meminfo) {
            if (name == "MemTotal" || name == "MemFree" || name == "MemUsed")
                continue;
            out += ',';
            appendJsonString(out, QString::fromStdString(name));
            out += ':';
            appendJsonString(out, QString::fromStdString(value));
        }
        out += '}';
        // witty always writes the dict; {} when numasight has no distance matrix for the node.
        appendJsonKey(out, "distance_to_all_numa");
        out += '{';
        if (const DistanceMatrix* m = m_s.numaDistances(e.ns.view())) {
            int row = -1;
            for (int i = 0; i < m->size(); ++i)
                if (&m_s.entity(m->objects[size_t(i)]) == &e)
                    row = i;
            for (int col = 0; row >= 0 && col < m->size(); ++col) {
                appendJsonKey(out,
                              QByteArray::number(m_s.entity(m->objects[size_t(col)]).osIndex).constData());
                appendNumber(out, m->at(row, col));
            }
        }
        out += '}';
        break;
    }
    case EntityKind::NumaSet:
        appendJsonKey(out, "numa_id_str");
        appendJsonString(out, e.nodes.toRangeString());
        break;
    case EntityKind::Accelerator:
        appendJsonKey(out, "device_id");
        appendJsonString(out,
                         e.detail->vendor.isEmpty() ? QStringLiteral("device-id-unknown") : e.detail->vendor);
        appendJsonKey(out, "device_type");
        appendJsonString(out, deviceClassName(e.deviceClass));
        appendJsonKey(out, "pci_bus_id");
        appendJsonString(out, e.detail->pciBusId);
        appendJsonKey(out, "id");
        out += QByteArray::number(e.osIndex >= 0 ? e.osIndex : e.logicalIndex);
        appendJsonKey(out, "cpu_affinity");
        appendJsonString(out, e.cpus.toRangeString());
        if (e.numaNode.isValid()) {
            appendJsonKey(out, "numa_affinity");
            out += QByteArray::number(e.numaNode.value);
        }
        break;
    case EntityKind::Container:
        appendJsonKey(out, "container_id");
        appendJsonString(out, e.detail->containerId.isEmpty() ? e.key.str() : e.detail->containerId);
        appendJsonKey(out, "container_name");
        appendJsonString(out, e.name.view());
        appendJsonKey(out, "container_type");
        appendJsonString(out, e.detail->containerType);
        break;
    case EntityKind::SharedMemory:
        appendJsonKey(out, "shm_name");
        appendJsonString(out, e.name.view());
        appendJsonKey(out, "shm_size");
        out += QByteArray::number(qulonglong(e.detail->memoryBytes));
        break;
    default:
        return {};
    }
    out += '}';
    return out;
}

bool isSocket(const Snapshot& s, EntityId id)
{
    return id.isValid() && s.entity(id).kind == EntityKind::Socket;
}

// witty writes Process->Thread OwnEdges only on its socket path, for threads that own a socket; its NUMA
// path links a thread to its process through ThreadEntity.process alone. The fixture has two, both for
// socket threads.
bool isProcessThreadOwnWittyOmits(const Snapshot& s, const Edge& edge)
{
    if (edge.kind != EdgeKind::Own || s.entity(edge.source).kind != EntityKind::Process ||
        s.entity(edge.target).kind != EntityKind::Thread)
        return false;
    for (EdgeId id : s.outEdges(edge.target))
        if (isSocket(s, s.edge(id).target))
            return false;
    for (EdgeId id : s.inEdges(edge.target))
        if (isSocket(s, s.edge(id).source))
            return false;
    return true;
}

QByteArray compactGraph(const Snapshot& s)
{
    GraphWriter writer(s);
    QByteArray out = "{\"nodes\":[";
    bool first = true;
    for (size_t i = 0; i < s.entities().size(); ++i) {
        const QByteArray& text = writer.text(EntityId(std::int32_t(i)));
        if (text.isEmpty())
            continue;
        if (!first)
            out += ',';
        first = false;
        out += text;
    }
    out += "],\"edges\":[";
    first = true;
    for (const Edge& edge : s.edges()) {
        const QString type = witty::edgeTypeFor(edge);
        if (type.isEmpty() || !edge.source.isValid() || !edge.target.isValid())
            continue;
        if (isProcessThreadOwnWittyOmits(s, edge))
            continue;
        const QByteArray& source = writer.text(edge.source);
        const QByteArray& target = writer.text(edge.target);
        if (source.isEmpty() || target.isEmpty())
            continue;
        if (!first)
            out += ',';
        first = false;
        out += "{\"edge_type\":";
        appendJsonString(out, type);
        out += ",\"weight\":";
        if (edge.weight)
            appendPythonFloat(out, *edge.weight);
        else
            out += "null";
        if (edge.directed) {
            out += ",\"source_node\":";
            out += source;
            out += ",\"target_node\":";
            out += target;
        } else {
            out += ",\"nodes\":[";
            out += source;
            out += ',';
            out += target;
            out += ']';
        }
        // The payload is an object's text: splice its members in after the endpoints, as witty orders them.
        const QByteArray payload = edge.payload.text().trimmed();
        if (payload.size() > 2 && payload.startsWith('{') && payload.endsWith('}')) {
            out += ',';
            out.append(payload.constData() + 1, payload.size() - 2);
        }
        out += '}';
    }
    out += "]}";
    return out;
}

QByteArray envelope(const QByteArray& graph, const SourceInfo& source)
{
    QByteArray out = "{\"env\":{";
    QMap<QString, QString> env = source.extra;
    if (!env.contains(QStringLiteral("hostname")) && !source.hostname.isEmpty())
        env.insert(QStringLiteral("hostname"), source.hostname);
    bool first = true;
    for (auto it = env.cbegin(); it != env.cend(); ++it) {
        if (!first)
            out += ',';
        first = false;
        appendJsonString(out, it.key());
        out += ':';
        appendJsonString(out, it.value());
    }
    out += "},\"content\":";
    out += graph;
    out += '}';
    return out;
}

// Re-indents compact JSON the way Python's json.dump(indent=2) does, which is how witty's files look.
QByteArray indentJson(const QByteArray& compact)
{
    QByteArray out;
    out.reserve(compact.size() * 2);
    int depth = 0;
    bool inString = false;
    auto newline = [&](int d) {
        out += '\n';
        out += QByteArray(d * 2, ' ');
    };
    for (qsizetype i = 0; i < compact.size(); ++i) {
        const char c = compact[i];
        if (inString) {
            out += c;
            if (c == '\\' && i + 1 < compact.size())
                out += compact[++i];
            else if (c == '"')
                inString = false;
            continue;
        }
        switch (c) {
        case '"':
            inString = true;
            out += c;
            break;
        case '{':
        case '[':
            out += c;
            if (i + 1 < compact.size() && (compact[i + 1] == '}' || compact[i + 1] == ']')) {
                out += compact[++i];
                break;
            }
            newline(++depth);
            break;
        case '}':
        case ']':
            newline(--depth);
            out += c;
            break;
        case ',':
            out += c;
            newline(depth);
            break;
        case ':':
            out += ": ";
            break;
        default:
            out += c;
        }
    }
    return out;
}

} // namespace

QByteArray writeWittyGraph(const Snapshot& snapshot, const SourceInfo& source,
                           const WittyWriteOptions& options)
{
    QByteArray out = compactGraph(snapshot);
    if (options.envelope)
        out = envelope(out, source);
    return options.indent ? indentJson(out) : out;
}

std::optional<LoadError> writeWittyJsonFile(const Capture& capture, const QString& path,
                                            const WittyWriteOptions& options)
{
    auto error = [&](const QString& message) {
        LoadError e;
        e.file = path;
        e.message = message;
        return e;
    };
    if (capture.snapshots.empty())
        return error(QStringLiteral("nothing to write: the capture has no snapshot"));
    // Whole or not at all, standard output for "-": a full disk never leaves a truncated graph.
    OutputFile file(path);
    const auto failed = [&] {
        LoadError e = error(file.reason());
        e.file = file.displayName();
        e.cancelled = file.abandoned();
        return e;
    };
    if (!file.open())
        return failed();
    // A recording's snapshots hold only the machine and the workload; witty's NUMA access view of them
    // (NumaAccessEdge, AccessWithProcStatusEdge, NumaSets, node counters) comes from the samples.
    auto graphOf = [&](size_t index) {
        return capture.samples.empty() ? capture.snapshots[index] : withWittyNumaAccess(capture, index);
    };
    if (capture.snapshots.size() == 1) {
        QByteArray text = writeWittyGraph(*graphOf(0), capture.source, options);
        text += '\n';
        if (!file.write(text))
            return failed();
    } else {
        // JSON Lines: one compact graph per line, whatever the indent option says.
        WittyWriteOptions line = options;
        line.indent = false;
        for (size_t i = 0; i < capture.snapshots.size(); ++i) {
            QByteArray text = writeWittyGraph(*graphOf(i), capture.source, line);
            text += '\n';
            if (!file.write(text))
                return failed();
        }
    }
    if (!file.commit())
        return failed();
    return std::nullopt;
}

} // namespace numasight
