// SPDX-License-Identifier: GPL-3.0-or-later
// numasight-witty-scale IN N -o OUT: makes a large witty-profiler graph from a real one for the import
// benchmark. Copy k of the workload gets new pids, tids, socket addresses and container ids; the hardware
// (NUMA nodes, NUMA sets, accelerators) and the edges between hardware stay single, as on one machine that
// runs N times the jobs. The new ids are numbered densely above the input's largest, so that they stay in
// the 32 bits the model keeps (Linux's own stay below 2^22).
#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringList>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <unordered_map>

namespace {

// Copy ("slot") s > 0 of id v is base + (s - 1) * count + v's index among the input's ids.
struct Renumbering
{
    qint64 base = 0;
    std::unordered_map<qint64, qint64> index;

    void collect(const QJsonValue& v)
    {
        if (v.isArray()) {
            for (const QJsonValue& x : v.toArray())
                collect(x);
            return;
        }
        if (!v.isObject())
            return;
        const QJsonObject o = v.toObject();
        for (auto it = o.begin(); it != o.end(); ++it) {
            if ((it.key() == u"pid" || it.key() == u"ppid" || it.key() == u"tid") && it->isDouble()) {
                const qint64 id = it->toInteger();
                index.emplace(id, qint64(index.size()));
                base = std::max(base, id + 1);
            } else {
                collect(*it);
            }
        }
    }
    qint64 map(qint64 id, qint64 slot) const
    {
        const auto it = index.find(id);
        return slot == 0 || it == index.end() ? id : base + (slot - 1) * qint64(index.size()) + it->second;
    }
};
Renumbering renumbering;

bool isHardware(const QJsonObject& entity)
{
    const QString type = entity.value(u"entity_type").toString();
    return type == u"NumaEntity" || type == u"NumaSetEntity" || type == u"NPUEntity" || type == u"GPUEntity";
}

void renumber(QJsonObject& o, QStringView field, qint64 slot)
{
    const QJsonValue v = o.value(field);
    if (v.isDouble())
        o.insert(field, renumbering.map(v.toInteger(), slot));
}

// Thread clone j > 0 of copy k: a slot no copy and no other clone uses.
qint64 threadSlot(qint64 k, qint64 j, qint64 copies, qint64 threads)
{
    return j == 0 ? k : copies + k * threads + j;
}

QJsonObject copyEntity(QJsonObject e, qint64 k, qint64 tidSlot = -1)
{
    if (k == 0 && tidSlot <= 0)
        return e;
    const QString type = e.value(u"entity_type").toString();
    if (type == u"ProcessEntity") {
        renumber(e, u"pid", k);
        renumber(e, u"ppid", k);
    } else if (type == u"ThreadEntity") {
        renumber(e, u"tid", tidSlot >= 0 ? tidSlot : k);
        if (e.value(u"process").isObject())
            e.insert(u"process", copyEntity(e.value(u"process").toObject(), k));
    } else if (type == u"SocketEntity") {
        // Ports stay in range (readers refuse one above 65535): each copy gets its own loopback address.
        e.insert(u"socket_addr",
                 QStringLiteral("127.%1.%2.%3").arg(1 + (k >> 16)).arg((k >> 8) & 255).arg(k & 255));
    } else if (type == u"ContainerEntity") {
        bool ok = false;
        const qulonglong id = e.value(u"container_id").toString().toULongLong(&ok, 16);
        e.insert(u"container_id",
                 QStringLiteral("%1").arg(ok ? id + qulonglong(k) : qulonglong(k), 8, 16, QLatin1Char('0')));
        e.insert(u"container_name", e.value(u"container_name").toString() + QStringLiteral("-%1").arg(k));
    }
    return e;
}

bool hardwareOnly(const QJsonObject& edge)
{
    for (const char16_t* end : {u"source_node", u"target_node"})
        if (edge.contains(QStringView(end)) && !isHardware(edge.value(QStringView(end)).toObject()))
            return false;
    for (const QJsonValue& v : edge.value(u"nodes").toArray())
        if (!isHardware(v.toObject()))
            return false;
    return true;
}

bool hasThread(const QJsonObject& edge)
{
    for (const char16_t* end : {u"source_node", u"target_node"})
        if (edge.value(QStringView(end)).toObject().value(u"entity_type").toString() == u"ThreadEntity")
            return true;
    for (const QJsonValue& v : edge.value(u"nodes").toArray())
        if (v.toObject().value(u"entity_type").toString() == u"ThreadEntity")
            return true;
    return false;
}

QJsonObject copyEdge(QJsonObject edge, qint64 k, qint64 tidSlot = -1)
{
    for (const char16_t* end : {u"source_node", u"target_node"})
        if (edge.value(QStringView(end)).isObject())
            edge.insert(QStringView(end), copyEntity(edge.value(QStringView(end)).toObject(), k, tidSlot));
    if (edge.value(u"nodes").isArray()) {
        QJsonArray ends;
        for (const QJsonValue& v : edge.value(u"nodes").toArray())
            ends.append(copyEntity(v.toObject(), k, tidSlot));
        edge.insert(u"nodes", ends);
    }
    return edge;
}

int usage()
{
    std::fprintf(
        stderr,
        "usage: numasight-witty-scale IN N [--threads T] -o OUT\n"
        "  writes IN's graph N times over (new pids, tids, socket addresses, containers; hardware once);\n"
        "  --threads T: every thread T times (new tids, each with its own copies of the thread's edges)\n");
    return 2;
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    QStringList args = app.arguments();
    bool ok = false;
    qint64 threads = 1;
    if (const qsizetype at = args.indexOf(QLatin1String("--threads")); at > 0 && at + 1 < args.size()) {
        threads = args[at + 1].toLongLong(&ok);
        if (!ok || threads < 1 || threads > 100000)
            return usage();
        args.remove(at, 2);
    }
    if (args.size() != 5 || args[3] != QLatin1String("-o"))
        return usage();
    const qint64 copies = args[2].toLongLong(&ok);
    if (!ok || copies < 1 || copies > 100000)
        return usage();
    QFile in(args[1]);
    if (!in.open(QIODevice::ReadOnly)) {
        std::fprintf(stderr, "%s: %s\n", qPrintable(args[1]), qPrintable(in.errorString()));
        return 1;
    }
    QJsonParseError error{};
    const QJsonObject root = QJsonDocument::fromJson(in.readAll(), &error).object();
    if (error.error != QJsonParseError::NoError) {
        std::fprintf(stderr, "%s: byte %d: %s\n", qPrintable(args[1]), error.offset,
                     qPrintable(error.errorString()));
        return 1;
    }
    const QJsonObject graph = root.contains(u"content") ? root.value(u"content").toObject() : root;
    const QJsonArray nodes = graph.value(u"nodes").toArray();
    const QJsonArray edges = graph.value(u"edges").toArray();
    renumbering.collect(nodes);
    renumbering.collect(edges);
    const qint64 slotCount = copies + copies * threads;
    if (renumbering.base + slotCount * qint64(renumbering.index.size()) >
        std::numeric_limits<std::int32_t>::max()) {
        std::fprintf(stderr, "%s: %lld copies of %zu process and thread ids do not fit in 32 bits\n",
                     qPrintable(args[1]), copies * threads, renumbering.index.size());
        return 1;
    }

    QFile out(args[4]);
    if (!out.open(QIODevice::WriteOnly)) {
        std::fprintf(stderr, "%s: %s\n", qPrintable(args[4]), qPrintable(out.errorString()));
        return 1;
    }
    qint64 nodeCount = 0, edgeCount = 0;
    auto write = [&](const QByteArray& bytes) {
        if (out.write(bytes) != bytes.size()) {
            std::fprintf(stderr, "%s: %s\n", qPrintable(args[4]), qPrintable(out.errorString()));
            std::exit(1);
        }
    };
    write("{\"nodes\":[");
    for (qint64 k = 0; k < copies; ++k) {
        for (const QJsonValue& v : nodes) {
            const QJsonObject e = v.toObject();
            if (k > 0 && isHardware(e))
                continue;
            const bool thread = e.value(u"entity_type").toString() == u"ThreadEntity";
            for (qint64 j = 0; j < (thread ? threads : 1); ++j)
                write(QByteArray(nodeCount++ ? ",\n" : "\n") +
                      QJsonDocument(copyEntity(e, k, thread ? threadSlot(k, j, copies, threads) : -1))
                          .toJson(QJsonDocument::Compact));
        }
    }
    write("\n],\"edges\":[");
    for (qint64 k = 0; k < copies; ++k) {
        for (const QJsonValue& v : edges) {
            const QJsonObject e = v.toObject();
            if (k > 0 && hardwareOnly(e))
                continue;
            const bool thread = hasThread(e);
            for (qint64 j = 0; j < (thread ? threads : 1); ++j)
                write(QByteArray(edgeCount++ ? ",\n" : "\n") +
                      QJsonDocument(copyEdge(e, k, thread ? threadSlot(k, j, copies, threads) : -1))
                          .toJson(QJsonDocument::Compact));
        }
    }
    write("\n]}\n");
    if (!out.flush()) {
        std::fprintf(stderr, "%s: %s\n", qPrintable(args[4]), qPrintable(out.errorString()));
        return 1;
    }
    std::printf("%s: %lld nodes, %lld edges, %lld bytes\n", qPrintable(args[4]), nodeCount, edgeCount,
                out.size());
    return 0;
}
