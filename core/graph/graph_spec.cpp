// SPDX-License-Identifier: GPL-3.0-or-later
#include "graph_spec.h"

#include <algorithm>

namespace numasight {

QString graphViewName(GraphView view)
{
    switch (view) {
    case GraphView::Machine:
        return QStringLiteral("machine");
    case GraphView::Dataflow:
        return QStringLiteral("dataflow");
    case GraphView::Combined:
        return QStringLiteral("combined");
    }
    return {};
}

std::optional<GraphView> graphViewFromName(QStringView name)
{
    for (GraphView v : {GraphView::Machine, GraphView::Dataflow, GraphView::Combined})
        if (name.compare(graphViewName(v), Qt::CaseInsensitive) == 0)
            return v;
    return std::nullopt;
}

QString graphEdgeRoleName(GraphEdgeRole role)
{
    switch (role) {
    case GraphEdgeRole::Distance:
        return QStringLiteral("Distance");
    case GraphEdgeRole::RunsOn:
        return QStringLiteral("RunsOn");
    case GraphEdgeRole::MemoryOn:
        return QStringLiteral("MemoryOn");
    case GraphEdgeRole::DeviceUse:
        return QStringLiteral("DeviceUse");
    case GraphEdgeRole::Flow:
        return QStringLiteral("Flow");
    case GraphEdgeRole::Structural:
        return QStringLiteral("Structural");
    }
    return {};
}

QString localityName(EdgeLocality locality)
{
    switch (locality) {
    case EdgeLocality::Neutral:
        return QStringLiteral("Neutral");
    case EdgeLocality::Local:
        return QStringLiteral("Local");
    case EdgeLocality::Remote:
        return QStringLiteral("Remote");
    case EdgeLocality::Mismatch:
        return QStringLiteral("Mismatch");
    }
    return {};
}

namespace {

// Each id is written with its length in front, so no id can be mistaken for a separator or for two ids:
// {"a,b"} and {"a", "b"} give different keys.
void appendSorted(QString& key, QStringView name, const QSet<QString>& ids)
{
    QStringList sorted(ids.begin(), ids.end());
    sorted.sort();
    key += name;
    key += QLatin1Char('[');
    for (const QString& id : sorted) {
        key += QString::number(id.size());
        key += QLatin1Char(':');
        key += id;
    }
    key += QLatin1Char(']');
}

template <class T>
int findLinear(const std::vector<T>& v, QStringView id)
{
    const auto it = std::find_if(v.begin(), v.end(), [&](const T& x) { return x.id == id; });
    return it == v.end() ? -1 : int(it - v.begin());
}

// The hash is only trusted when the vector still holds that id at that place.
template <class T>
int findIndexed(const QHash<QString, int>& index, const std::vector<T>& v, QStringView id)
{
    const auto it = index.constFind(id.toString());
    if (it != index.constEnd() && *it >= 0 && size_t(*it) < v.size() && v[size_t(*it)].id == id)
        return *it;
    return findLinear(v, id);
}

template <class T>
void fillIndex(QHash<QString, int>& index, const std::vector<T>& v)
{
    index.clear();
    index.reserve(qsizetype(v.size()));
    for (size_t i = 0; i < v.size(); ++i)
        index.insert(v[i].id, int(i));
}

} // namespace

QString GraphOptions::cacheKey() const
{
    QString key;
    key += QStringLiteral("view=") + graphViewName(view);
    appendSorted(key, u";expanded", expanded);
    appendSorted(key, u";folded", folded);
    std::vector<int> kinds;
    for (EntityKind k : hiddenKinds)
        kinds.push_back(int(k));
    std::sort(kinds.begin(), kinds.end());
    key += QStringLiteral(";hidden[");
    for (int k : kinds)
        key += entityKindName(EntityKind(k)) + QLatin1Char(',');
    key += QLatin1Char(']');
    // 17 significant digits: two thresholds that differ at all give different keys.
    key += QStringLiteral(";minMetric=") + QString::number(minMetric, 'g', 17);
    key += QStringLiteral(";cpuRangeLimit=") + QString::number(cpuRangeLimit);
    key += QStringLiteral(";processesPerNode=") + QString::number(processesPerNode);
    key += QStringLiteral(";caches=") + QString::number(int(showCaches));
    key += QStringLiteral(";unknownFlows=") + QString::number(int(showUnknownFlows));
    return key;
}

const GraphNode* GraphSpec::node(QStringView id) const
{
    const int i = nodeIndex(id);
    return i < 0 ? nullptr : &nodes[size_t(i)];
}

const GraphCluster* GraphSpec::cluster(QStringView id) const
{
    const int i = clusterIndex(id);
    return i < 0 ? nullptr : &clusters[size_t(i)];
}

const GraphEdge* GraphSpec::edge(QStringView id) const
{
    const int i = edgeIndex(id);
    return i < 0 ? nullptr : &edges[size_t(i)];
}

int GraphSpec::nodeIndex(QStringView id) const
{
    return findIndexed(nodeIds, nodes, id);
}

int GraphSpec::clusterIndex(QStringView id) const
{
    return findIndexed(clusterIds, clusters, id);
}

int GraphSpec::edgeIndex(QStringView id) const
{
    return findIndexed(edgeIds, edges, id);
}

void GraphSpec::reindex()
{
    fillIndex(nodeIds, nodes);
    fillIndex(clusterIds, clusters);
    fillIndex(edgeIds, edges);
}

} // namespace numasight
