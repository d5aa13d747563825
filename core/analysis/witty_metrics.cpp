// SPDX-License-Identifier: GPL-3.0-or-later
#include "witty_metrics.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>

#include <algorithm>
#include <cmath>

namespace numasight {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(numasight::WittyMetrics)
};
} // namespace

std::vector<int> cpuToNodeMap(std::span<const std::pair<int, CpuSet>> nodeCpus)
{
    std::vector<int> map;
    for (const auto& [node, cpus] : nodeCpus) {
        const int last = cpus.last();
        if (last >= int(map.size()))
            map.resize(size_t(last) + 1, -1);
        cpus.forEach([&, node = node](int cpu) { map[size_t(cpu)] = node; });
    }
    return map;
}

void addCpuTimeByNode(std::span<const std::pair<int, std::uint64_t>> nsByCpu, std::span<const int> cpuToNode,
                      std::vector<double>& nsPerNode)
{
    for (const auto& [cpu, ns] : nsByCpu) {
        if (cpu < 0 || size_t(cpu) >= cpuToNode.size() || cpuToNode[size_t(cpu)] < 0)
            continue;
        const size_t node = size_t(cpuToNode[size_t(cpu)]);
        if (node >= nsPerNode.size())
            nsPerNode.resize(node + 1, 0.0);
        nsPerNode[node] += double(ns);
    }
}

std::vector<double> processCpuTimeByNode(std::span<const ThreadCpuSample> threads, std::int64_t pid,
                                         std::span<const int> cpuToNode, int nodeCount)
{
    std::vector<double> perNode(size_t(std::max(nodeCount, 0)), 0.0);
    for (const ThreadCpuSample& t : threads)
        if (t.pid == pid)
            addCpuTimeByNode(t.cpuNsByCpu, cpuToNode, perNode);
    return perNode;
}

std::vector<double> cpuRuntimePctInEachNuma(std::span<const double> nsPerNode)
{
    // Summed in node order, as witty's sum() over its list, so the last digits agree.
    double sum = 0;
    for (double x : nsPerNode)
        sum += x;
    std::vector<double> pct;
    pct.reserve(nsPerNode.size());
    for (double x : nsPerNode)
        pct.push_back(x / (sum + 1e-10));
    return pct;
}

std::vector<std::uint64_t> memPagesInEachNuma(std::span<const NodePages> pages, int nodeCount)
{
    std::vector<std::uint64_t> out(size_t(std::max(nodeCount, 0)), 0);
    for (const NodePages& p : pages) {
        if (p.node < 0)
            continue;
        if (size_t(p.node) >= out.size())
            out.resize(size_t(p.node) + 1, 0);
        out[size_t(p.node)] += p.dirtyAnonPages;
    }
    return out;
}

double wittyAccessSimilarity(std::span<const double> cpuPct, std::span<const std::uint64_t> pages,
                             std::uint64_t totalDirtyAnonPages)
{
    if (totalDirtyAnonPages == 0)
        return 0.0;
    double sum = 0;
    const size_t n = std::min(cpuPct.size(), pages.size());
    for (size_t i = 0; i < n; ++i)
        sum += cpuPct[i] * double(pages[i]);
    return sum / double(totalDirtyAnonPages);
}

double cosineSimilarity(std::span<const double> a, std::span<const std::uint64_t> b)
{
    double dot = 0, na = 0, nb = 0;
    const size_t n = std::max(a.size(), b.size());
    for (size_t i = 0; i < n; ++i) {
        const double x = i < a.size() ? a[i] : 0.0;
        const double y = i < b.size() ? double(b[i]) : 0.0;
        dot += x * y;
        na += x * x;
        nb += y * y;
    }
    if (na <= 0 || nb <= 0)
        return 0.0;
    return std::clamp(dot / (std::sqrt(na) * std::sqrt(nb)), 0.0, 1.0);
}

std::optional<double> expectedRelativeDistance(std::span<const double> cpuNsOrPct,
                                               std::span<const std::uint64_t> pages,
                                               std::span<const double> distances, int nodeCount)
{
    double cpuSum = 0, pageSum = 0;
    for (double x : cpuNsOrPct)
        cpuSum += std::max(x, 0.0);
    for (std::uint64_t p : pages)
        pageSum += double(p);
    if (cpuSum <= 0 || pageSum <= 0 || nodeCount <= 0 ||
        distances.size() != size_t(nodeCount) * size_t(nodeCount))
        return std::nullopt;
    const size_t n = size_t(nodeCount);
    double expected = 0;
    for (size_t i = 0; i < cpuNsOrPct.size(); ++i) {
        if (cpuNsOrPct[i] <= 0)
            continue;
        if (i >= n || distances[i * n + i] <= 0)
            return std::nullopt;
        const double local = distances[i * n + i];
        for (size_t j = 0; j < pages.size(); ++j) {
            if (pages[j] == 0)
                continue;
            if (j >= n || distances[i * n + j] <= 0)
                return std::nullopt;
            expected +=
                (cpuNsOrPct[i] / cpuSum) * (double(pages[j]) / pageSum) * distances[i * n + j] / local;
        }
    }
    return expected;
}

WittyNumaAffinity wittyNumaAffinity(std::span<const double> nsPerNode, std::span<const std::uint64_t> pages)
{
    WittyNumaAffinity a;
    a.cpuRuntimePct = cpuRuntimePctInEachNuma(nsPerNode);
    a.memPages.assign(pages.begin(), pages.end());
    // Both vectors have one entry per node in witty's output, whichever input was shorter.
    const size_t n = std::max(a.cpuRuntimePct.size(), a.memPages.size());
    a.cpuRuntimePct.resize(n, 0.0);
    a.memPages.resize(n, 0);
    for (std::uint64_t p : a.memPages)
        a.totalDirtyAnonPages += p;
    a.similarity = wittyAccessSimilarity(a.cpuRuntimePct, a.memPages, a.totalDirtyAnonPages);
    return a;
}

namespace {

struct JsonFail
{
    QString message;
};

QString kindOf(const QJsonValue& v)
{
    switch (v.type()) {
    case QJsonValue::Null:
        return QStringLiteral("null");
    case QJsonValue::Bool:
        return Tr::tr("a boolean");
    case QJsonValue::Double:
        return Tr::tr("a number");
    case QJsonValue::String:
        return Tr::tr("a string");
    case QJsonValue::Array:
        return Tr::tr("an array");
    case QJsonValue::Object:
        return Tr::tr("an object");
    case QJsonValue::Undefined:
        break;
    }
    return QStringLiteral("nothing");
}

QJsonObject parseRoot(const QByteArray& payload)
{
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(payload, &pe);
    if (pe.error != QJsonParseError::NoError)
        throw JsonFail{Tr::tr("offset %1: %2").arg(pe.offset).arg(pe.errorString())};
    if (!doc.isObject())
        throw JsonFail{Tr::tr("expected a JSON object")};
    return doc.object();
}

QJsonValue member(const QJsonObject& o, const QString& path, QLatin1StringView key)
{
    const QJsonValue v = o.value(key);
    if (v.isUndefined())
        throw JsonFail{Tr::tr("%1: missing").arg(path)};
    return v;
}

QJsonObject objectAt(const QJsonObject& o, const QString& path, QLatin1StringView key)
{
    const QJsonValue v = member(o, path, key);
    if (!v.isObject())
        throw JsonFail{Tr::tr("%1: expected an object, got %2").arg(path, kindOf(v))};
    return v.toObject();
}

QJsonArray arrayAt(const QJsonObject& o, const QString& path, QLatin1StringView key)
{
    const QJsonValue v = member(o, path, key);
    if (!v.isArray())
        throw JsonFail{Tr::tr("%1: expected an array, got %2").arg(path, kindOf(v))};
    return v.toArray();
}

double numberAt(const QJsonValue& v, const QString& path)
{
    if (!v.isDouble())
        throw JsonFail{Tr::tr("%1: expected a number, got %2").arg(path, kindOf(v))};
    const double d = v.toDouble();
    if (!std::isfinite(d) || d < 0)
        throw JsonFail{Tr::tr("%1: expected a count >= 0, got %2").arg(path).arg(d)};
    return d;
}

std::uint64_t countAt(const QJsonValue& v, const QString& path)
{
    const double d = numberAt(v, path);
    if (d != std::floor(d) || d > 9007199254740992.0)
        throw JsonFail{Tr::tr("%1: expected a whole number of pages, got %2").arg(path).arg(d)};
    return std::uint64_t(d);
}

// witty's int-keyed dicts ({"3": 2037}) as a vector indexed by node.
template <class T, class Convert>
std::vector<T> nodeDict(const QJsonObject& dict, const QString& path, int nodeCount, Convert convert)
{
    std::vector<T> out(size_t(std::max(nodeCount, 0)), T{});
    for (auto it = dict.constBegin(); it != dict.constEnd(); ++it) {
        bool ok = false;
        const int node = it.key().toInt(&ok);
        const QString here = QStringLiteral("%1[\"%2\"]").arg(path, it.key());
        if (!ok || node < 0)
            throw JsonFail{Tr::tr("%1: the key is not a NUMA node number").arg(here)};
        if (node >= nodeCount)
            throw JsonFail{Tr::tr("%1: node %2 is outside the %3 nodes of the graph")
                               .arg(here)
                               .arg(node)
                               .arg(nodeCount)};
        out[size_t(node)] = convert(it.value(), here);
    }
    return out;
}

template <class F>
auto guarded(QString* error, F&& f) -> std::optional<decltype(f())>
{
    try {
        return f();
    } catch (const JsonFail& fail) {
        if (error)
            *error = fail.message;
        return std::nullopt;
    }
}

} // namespace

std::optional<WittyNumaAffinity> readNumaAffinityInfo(const QByteArray& payload, QString* error)
{
    return guarded(error, [&] {
        const QJsonObject root = parseRoot(payload);
        const QString accessPath = QStringLiteral("numa_access_info");
        const QJsonObject access = objectAt(root, accessPath, QLatin1StringView("numa_access_info"));
        const QString infoPath = accessPath + QStringLiteral(".numa_affinity_info");
        const QJsonObject info = objectAt(access, infoPath, QLatin1StringView("numa_affinity_info"));
        WittyNumaAffinity a;
        const QString pctPath = infoPath + QStringLiteral(".cpu_runtime_pct_in_each_numa");
        const QJsonArray pct = arrayAt(info, pctPath, QLatin1StringView("cpu_runtime_pct_in_each_numa"));
        for (qsizetype i = 0; i < pct.size(); ++i)
            a.cpuRuntimePct.push_back(numberAt(pct.at(i), QStringLiteral("%1[%2]").arg(pctPath).arg(i)));
        const QString pagesPath = infoPath + QStringLiteral(".mem_pages_in_each_numa");
        const QJsonArray pages = arrayAt(info, pagesPath, QLatin1StringView("mem_pages_in_each_numa"));
        for (qsizetype i = 0; i < pages.size(); ++i)
            a.memPages.push_back(countAt(pages.at(i), QStringLiteral("%1[%2]").arg(pagesPath).arg(i)));
        if (a.cpuRuntimePct.size() != a.memPages.size())
            throw JsonFail{Tr::tr("%1: %2 CPU shares but %3 page counts; witty writes one of each per node")
                               .arg(infoPath)
                               .arg(a.cpuRuntimePct.size())
                               .arg(a.memPages.size())};
        a.totalDirtyAnonPages = countAt(member(info, infoPath + QStringLiteral(".total_dirty_anon_pages"),
                                               QLatin1StringView("total_dirty_anon_pages")),
                                        infoPath + QStringLiteral(".total_dirty_anon_pages"));
        const QString simPath = infoPath + QStringLiteral(".cpu_mem_access_cosine_similarity");
        a.similarity =
            numberAt(member(info, simPath, QLatin1StringView("cpu_mem_access_cosine_similarity")), simPath);
        return a;
    });
}

std::optional<std::vector<std::uint64_t>> readDirtyAnonPages(const QByteArray& payload, int nodeCount,
                                                             QString* error)
{
    return guarded(error, [&] {
        const QJsonObject root = parseRoot(payload);
        const QJsonObject access =
            objectAt(root, QStringLiteral("numa_access_info"), QLatin1StringView("numa_access_info"));
        const QString path = QStringLiteral("numa_access_info.dirty_anon_pages");
        return nodeDict<std::uint64_t>(objectAt(access, path, QLatin1StringView("dirty_anon_pages")), path,
                                       nodeCount, countAt);
    });
}

std::optional<std::vector<double>> readNumaIndexToCpuRuntime(const QByteArray& payload, int nodeCount,
                                                             QString* error)
{
    return guarded(error, [&] {
        const QJsonObject root = parseRoot(payload);
        // A thread's edge holds proc_status at the top; a process's NumaAccessEdge one level down.
        QJsonObject holder = root;
        QString prefix;
        if (!root.contains(QLatin1StringView("proc_status")) &&
            root.contains(QLatin1StringView("numa_access_info"))) {
            prefix = QStringLiteral("numa_access_info.");
            holder =
                objectAt(root, QStringLiteral("numa_access_info"), QLatin1StringView("numa_access_info"));
        }
        const QJsonObject status =
            objectAt(holder, prefix + QStringLiteral("proc_status"), QLatin1StringView("proc_status"));
        const QString path = prefix + QStringLiteral("proc_status.numa_index_to_cpu_runtime");
        return nodeDict<double>(objectAt(status, path, QLatin1StringView("numa_index_to_cpu_runtime")), path,
                                nodeCount, numberAt);
    });
}

} // namespace numasight
