// SPDX-License-Identifier: GPL-3.0-or-later
#include "host_namespace.h"

#include <QSet>

#include <vector>

namespace numasight {

namespace {

// Index just past the string token that opens at `at` (a '"'), or `size` when it never closes.
qsizetype stringEnd(const char* s, qsizetype size, qsizetype at)
{
    for (qsizetype i = at + 1; i < size; ++i) {
        if (s[i] == '\\')
            ++i;
        else if (s[i] == '"')
            return i + 1;
    }
    return size;
}

qsizetype skipSpace(const char* s, qsizetype size, qsizetype i)
{
    while (i < size && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r'))
        ++i;
    return i;
}

QByteArray jsonString(const QString& text)
{
    QByteArray out = "\"";
    for (char c : text.toUtf8()) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (static_cast<unsigned char>(c) < 0x20) {
            out += "\\u00";
            out += "0123456789abcdef"[(c >> 4) & 0xf];
            out += "0123456789abcdef"[c & 0xf];
        } else {
            out += c;
        }
    }
    out += '"';
    return out;
}

// Copies `from` into `builder`, renaming namespace `renameFrom` to `rename` when it is set, and returns the
// new id of every old entity. With `drop`, the entities of those namespaces are left out, and the edges,
// matrices and memory attributes that involve them.
std::vector<EntityId> copyInto(SnapshotBuilder& builder, const Snapshot& from, const QString* rename,
                               const QString& renameFrom, const QSet<QString>* drop = nullptr)
{
    const bool only = drop != nullptr;
    const std::vector<Entity>& entities = from.entities();
    std::vector<EntityId> map(entities.size());
    for (size_t i = 0; i < entities.size(); ++i) {
        if (drop && drop->contains(entities[i].ns))
            continue;
        Entity e = entities[i];
        e.parent = EntityId(); // parents are set below, once every entity has its new id
        if (rename && e.ns == renameFrom) {
            e.ns = *rename;
            e.attributes = renameLocalNamespace(e.attributes.text(), *rename, renameFrom);
        }
        map[i] = builder.add(std::move(e));
    }
    auto remap = [&](EntityId id) {
        return id.isValid() && size_t(id.value) < map.size() ? map[size_t(id.value)] : EntityId();
    };
    for (size_t i = 0; i < entities.size(); ++i)
        if (map[i].isValid())
            builder.entity(map[i]).parent = remap(entities[i].parent);
    for (const Edge& edge : from.edges()) {
        Edge copy = edge;
        copy.source = remap(edge.source);
        copy.target = remap(edge.target);
        if (only && (!copy.source.isValid() || !copy.target.isValid()))
            continue;
        builder.addEdge(std::move(copy));
    }
    for (const DistanceMatrix& m : from.distances()) {
        DistanceMatrix copy = m;
        bool kept = true;
        for (EntityId& id : copy.objects) {
            id = remap(id);
            kept = kept && id.isValid();
        }
        if (only && !kept)
            continue;
        builder.addDistances(std::move(copy));
    }
    for (const MemoryAttributeValue& v : from.memoryAttributes()) {
        MemoryAttributeValue copy = v;
        copy.target = remap(v.target);
        if (only && !copy.target.isValid())
            continue;
        builder.addMemoryAttribute(std::move(copy));
    }
    return map;
}

} // namespace

QByteArray renameLocalNamespace(const QByteArray& json, const QString& ns, const QString& from)
{
    static const QByteArray kKey = "\"entity_namespace\"";
    const QByteArray kValue = jsonString(from);
    if (!json.contains(kKey))
        return json;
    const QByteArray replacement = jsonString(ns);
    const char* s = json.constData();
    const qsizetype size = json.size();
    QByteArray out;
    out.reserve(size + 64);
    qsizetype i = 0;
    while (i < size) {
        if (s[i] != '"') {
            out += s[i++];
            continue;
        }
        // Whole string tokens are copied at once, so text inside a string value is never mistaken for a
        // member name.
        const qsizetype end = stringEnd(s, size, i);
        if (QByteArrayView(s + i, end - i) == QByteArrayView(kKey)) {
            qsizetype k = skipSpace(s, size, end);
            if (k < size && s[k] == ':') {
                k = skipSpace(s, size, k + 1);
                if (k < size && s[k] == '"') {
                    const qsizetype valueEnd = stringEnd(s, size, k);
                    if (QByteArrayView(s + k, valueEnd - k) == QByteArrayView(kValue)) {
                        out.append(s + i, k - i);
                        out += replacement;
                        i = valueEnd;
                        continue;
                    }
                }
            }
        }
        out.append(s + i, end - i);
        i = end;
    }
    return out;
}

SnapshotPtr withHostNamespace(const Snapshot& snapshot, const QString& ns, const QString& from)
{
    SnapshotBuilder builder;
    builder.reserve(snapshot.entities().size(), snapshot.edges().size());
    copyInto(builder, snapshot, &ns, from);
    builder.setTakenAt(snapshot.takenAt());
    builder.setLabel(snapshot.label());
    return builder.finish();
}

SnapshotPtr hostSlice(const Snapshot& snapshot, const QString& ns, const QSet<QString>& otherHosts,
                      const QString& renameTo)
{
    SnapshotBuilder builder;
    copyInto(builder, snapshot, &renameTo, ns, &otherHosts);
    builder.setTakenAt(snapshot.takenAt());
    builder.setLabel(snapshot.label());
    return builder.finish();
}

SnapshotPtr mergeSnapshots(std::span<const SnapshotPtr> parts, const QDateTime& takenAt, const QString& label)
{
    size_t entities = 0, edges = 0;
    for (const auto& part : parts) {
        entities += part->entities().size();
        edges += part->edges().size();
    }
    SnapshotBuilder builder;
    builder.reserve(entities, edges);
    for (const auto& part : parts)
        copyInto(builder, *part, nullptr, QString());
    builder.setTakenAt(takenAt);
    builder.setLabel(label);
    return builder.finish();
}

} // namespace numasight
