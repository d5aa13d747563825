// SPDX-License-Identifier: GPL-3.0-or-later
// One edge of a witty-profiler graph, and what the edges settle once all are read: the NUMA node of each
// device and the distance matrix.
#include "util/json_text.h"
#include "witty_graph_reader.h"

#include <QCoreApplication>

namespace numasight {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(numasight::WittyJsonReader)
};
} // namespace

namespace wittyread {

void GraphReader::readEdge(od::value value, const Where* where)
{
    ParsedEdge parsed;
    parseEdge(value, where, parsed, true);
    insertEdge(parsed);
}

void GraphReader::parseEdge(od::value value, const Where* where, ParsedEdge& out, bool insertEnds)
{
    const od::json_type t = take(value.type(), where);
    if (t != od::json_type::object)
        failType(value, t, where, Tr::tr("an edge object"));
    const char* begin = value.raw_json_token().data();
    od::object object = take(value.get_object(), where);

    Edge& edge = out.edge;
    edge = Edge{}; // `out` may hold an earlier batch's edge
    out.endCount = 0;
    // Which roles the endpoints read so far fill; a later endpoint of a role replaces an earlier one.
    bool haveSource = false, haveTarget = false;
    auto endpoint = [&](od::value v, const Where* w, bool source) {
        if (out.endCount == out.ends.size())
            out.ends.emplace_back();
        ParsedEdge::End& end = out.ends[out.endCount++];
        end.source = source;
        end.id = EntityId();
        parseEntity(v, w, Origin::Edge, nullptr, end.entity);
        if (insertEnds) // a later copy of the same new entity is then recognised, and skipped, as it is read
            end.id = insertEntity(end.entity, w);
        (source ? haveSource : haveTarget) = true;
    };
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
                     Tr::tr("expected a string, got %1").arg(typeNameOf(vt)));
            edgeType = stringOf(v, trimRight(v.raw_json_token()), &w);
            haveType = true;
        } else if (keyIs(keyRaw, "weight")) {
            const Where w{where, "weight"};
            const od::json_type vt = take(v.type(), &w);
            if (vt == od::json_type::number) {
                edge.weight = take(v.get_double(), &w);
            } else if (vt != od::json_type::null) {
                fail(trimRight(v.raw_json_token()).data(), &w,
                     Tr::tr("expected a number or null, got %1").arg(typeNameOf(vt)));
            }
        } else if (keyIs(keyRaw, "source_node")) {
            const Where w{where, "source_node"};
            endpoint(v, &w, true);
            ++endpoints;
        } else if (keyIs(keyRaw, "target_node")) {
            const Where w{where, "target_node"};
            endpoint(v, &w, false);
            ++endpoints;
        } else if (keyIs(keyRaw, "nodes")) {
            const Where w{where, "nodes"};
            const od::json_type vt = take(v.type(), &w);
            if (vt != od::json_type::array)
                failType(v, vt, &w, Tr::tr("an array of the edge's two entities"));
            od::array ends = take(v.get_array(), &w);
            qint64 index = 0;
            for (auto element : ends) {
                const Where we{&w, nullptr, index};
                od::value ev = take(std::move(element), &we);
                endpoint(ev, &we, index == 0);
                if (index > 1)
                    fail(here(), &w, Tr::tr("an undirected edge joins exactly two entities, not more"));
                ++index;
            }
            if (index != 2)
                fail(here(), &w, Tr::tr("an undirected edge joins exactly two entities, got %1").arg(index));
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
        fail(begin, where, Tr::tr("edge has no \"edge_type\""));
    if (endpoints != 2 || !haveSource || !haveTarget)
        fail(begin, where, Tr::tr("edge needs \"source_node\" and \"target_node\" (or \"nodes\": [a, b])"));
    edge.kind = witty::edgeKindOf(edgeType);
    edge.typeName = cachedString(m_edgeTypes, edgeType);
    if (const auto twice = duplicateJsonKey(m_payload, false))
        fail(begin, where,
             Tr::tr("the key \"%1\" appears twice in one object; each key must appear once")
                 .arg(fromUtf8(twice->substr(0, 40))));
    // Most edges carry nothing beyond their endpoints: their "{}" is held in place, without a shape look-up.
    static const AttributeText emptyPayload("{}");
    edge.payload = m_payload.size() == 2 ? emptyPayload : AttributeText::compacted(m_payload);
}

void GraphReader::insertEdge(ParsedEdge& parsed)
{
    Edge& edge = parsed.edge;
    for (size_t i = 0; i < parsed.endCount; ++i) {
        ParsedEdge::End& end = parsed.ends[i];
        (end.source ? edge.source : edge.target) =
            end.id.isValid() ? end.id : insertEntity(end.entity, nullptr);
    }
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
    const std::vector<EntityId>& nodes = m_numaNodes;
    for (const EntityId id : m_accelerators) {
        Entity& d = m_builder.entity(id);
        const auto edge = m_deviceNumaSets.find(id.value);
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
    for (const EntityId id : m_numaNodes)
        byNamespace[m_builder.entity(id).ns].push_back(id);
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

} // namespace wittyread

} // namespace numasight
