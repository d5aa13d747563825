// SPDX-License-Identifier: GPL-3.0-or-later
#include "matrix_heatmap.h"

#include <QCoreApplication>
#include <QHash>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace numasight {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(numasight::MatrixHeatmap)
};
} // namespace

namespace {

constexpr double kFar = std::numeric_limits<double>::infinity();

bool isLatencyAttribute(const QString& a)
{
    return a == u"Latency" || a == u"ReadLatency" || a == u"WriteLatency";
}
bool isBandwidthAttribute(const QString& a)
{
    return a == u"Bandwidth" || a == u"ReadBandwidth" || a == u"WriteBandwidth";
}

MatrixKind kindOfAttribute(const QString& attribute, const QString& unit)
{
    if (isLatencyAttribute(attribute) || unit == u"ns")
        return MatrixKind::Latency;
    if (isBandwidthAttribute(attribute) || unit.endsWith(QLatin1String("/s")))
        return MatrixKind::Bandwidth;
    return MatrixKind::Other;
}

QString sourceOf(const DistanceMatrix& m)
{
    if (m.name == QLatin1String(kMeasuredLatencyName) || m.name == QLatin1String(kMeasuredBandwidthName))
        return QStringLiteral("numasight");
    if (m.name == QLatin1String(kMlcLatencyName) || m.name == QLatin1String(kMlcBandwidthName))
        return QStringLiteral("Intel MLC");
    if (m.unit == u"relative" && m.fromOs)
        return QStringLiteral("firmware");
    return m.fromOs ? QStringLiteral("hwloc") : QStringLiteral("user");
}

QString titleOf(const DistanceMatrix& m, MatrixKind kind)
{
    const QString source = sourceOf(m);
    if (source == u"numasight")
        return kind == MatrixKind::Latency ? Tr::tr("Latency measured by numasight")
                                           : Tr::tr("Bandwidth measured by numasight");
    if (source == u"Intel MLC")
        return kind == MatrixKind::Latency ? Tr::tr("Idle latency measured by Intel MLC")
                                           : Tr::tr("Bandwidth measured by Intel MLC");
    if (kind == MatrixKind::Distance)
        return Tr::tr("NUMA distances (%1)").arg(source);
    return QStringLiteral("%1 (%2)").arg(m.name, source);
}

HeatmapColumn objectColumn(const Snapshot& s, EntityId id, const std::vector<HeatmapColumn>& numaColumns)
{
    for (const HeatmapColumn& c : numaColumns)
        if (c.node == id)
            return c;
    // A few hwloc matrices relate GPUs or PUs rather than NUMA nodes.
    HeatmapColumn c;
    c.node = id;
    if (!id.isValid() || size_t(id.value) >= s.entities().size())
        return c;
    const Entity& e = s.entity(id);
    c.osIndex = e.osIndex;
    c.ns = e.ns;
    c.hasCpus = !e.cpus.isEmpty();
    c.label =
        !e.name.isEmpty() ? e.name.str() : QStringLiteral("%1 %2").arg(entityKindName(e.kind)).arg(e.osIndex);
    return c;
}

std::vector<int> identity(int n)
{
    std::vector<int> v(size_t(std::max(n, 0)));
    std::iota(v.begin(), v.end(), 0);
    return v;
}

// The order of `objects` by the snapshot's firmware distances when they cover exactly these objects (so a
// latency and a bandwidth matrix line up with the distance heatmap), else by the matrix itself.
std::vector<int> displayOrder(const Snapshot& s, const MatrixHeatmap& h, MatrixOrder order)
{
    const int n = h.size();
    if (order == MatrixOrder::Natural || n <= 2)
        return identity(n);
    if (h.kind != MatrixKind::Distance && !h.objects.empty()) {
        if (const DistanceMatrix* slit = s.numaDistances(h.objects.front().ns); slit && slit->size() == n) {
            QHash<std::int32_t, int> at;
            for (int i = 0; i < n; ++i)
                at.insert(slit->objects[size_t(i)].value, i);
            std::vector<int> map(size_t(n), -1); // h index -> slit index
            bool same = true;
            for (int i = 0; i < n && same; ++i) {
                map[size_t(i)] = at.value(h.objects[size_t(i)].node.value, -1);
                same = map[size_t(i)] >= 0;
            }
            if (same) {
                std::vector<double> reordered(size_t(n) * size_t(n));
                for (int i = 0; i < n; ++i)
                    for (int j = 0; j < n; ++j)
                        reordered[size_t(i) * size_t(n) + size_t(j)] =
                            slit->at(map[size_t(i)], map[size_t(j)]);
                return orderByDistance(reordered, n, false);
            }
        }
    }
    return orderByDistance(h.values, n, h.largerIsNearer);
}

} // namespace

QString matrixKindName(MatrixKind kind)
{
    switch (kind) {
    case MatrixKind::Distance:
        return QStringLiteral("distance");
    case MatrixKind::Latency:
        return QStringLiteral("latency");
    case MatrixKind::Bandwidth:
        return QStringLiteral("bandwidth");
    case MatrixKind::Other:
        break;
    }
    return QStringLiteral("other");
}

MatrixKind matrixKindOf(const DistanceMatrix& m)
{
    if (m.unit == u"relative")
        return MatrixKind::Distance;
    if (m.unit == u"ns" || m.name.contains(QLatin1String("Latency")))
        return MatrixKind::Latency;
    if (m.unit.endsWith(QLatin1String("/s")) || m.name.contains(QLatin1String("Bandwidth")))
        return MatrixKind::Bandwidth;
    return MatrixKind::Other;
}

std::vector<int> orderByDistance(std::span<const double> values, int n, bool largerIsNearer)
{
    if (n <= 0 || values.size() < size_t(n) * size_t(n))
        return identity(std::max(n, 0));
    const size_t N = size_t(n);
    const auto cost = [&](size_t i, size_t j) {
        const double v = values[i * N + j];
        if (!std::isfinite(v))
            return kFar;
        if (largerIsNearer)
            return v > 0 ? 1.0 / v : kFar;
        return v;
    };
    // Symmetrised point distances.
    std::vector<double> d(N * N, 0.0);
    for (size_t i = 0; i < N; ++i)
        for (size_t j = 0; j < N; ++j) {
            if (i == j)
                continue;
            const double a = cost(i, j), b = cost(j, i);
            d[i * N + j] = std::isfinite(a) && std::isfinite(b) ? (a + b) / 2 : std::min(a, b);
        }
    // Clusters as sequences; D holds average-linkage distances between live clusters.
    std::vector<std::vector<int>> clusters(N);
    for (size_t i = 0; i < N; ++i)
        clusters[i] = {int(i)};
    std::vector<double> D = d;
    std::vector<bool> alive(N, true);
    for (size_t merges = 1; merges < N; ++merges) {
        // Live clusters are indexed by the slot of their first member, which is their smallest member:
        // scanning slots in order breaks ties towards the lower indexes.
        size_t bestA = N, bestB = N;
        double best = kFar;
        bool found = false;
        for (size_t a = 0; a < N; ++a) {
            if (!alive[a])
                continue;
            for (size_t b = a + 1; b < N; ++b) {
                if (!alive[b])
                    continue;
                const double x = D[a * N + b];
                if (!found || x < best) {
                    best = x;
                    bestA = a;
                    bestB = b;
                    found = true;
                }
            }
        }
        // The cluster holding the lower node goes first and neither is turned around, so every block reads
        // in OS-index order from its lowest node (node0 before node1 even when node1 is a little nearer to
        // the next block): a reader finds a node where they look for it.
        std::vector<int>& A = clusters[bestA];
        std::vector<int>& B = clusters[bestB];
        const double na = double(A.size()), nb = double(B.size());
        A.insert(A.end(), B.begin(), B.end());
        B.clear();
        alive[bestB] = false;
        for (size_t c = 0; c < N; ++c) {
            if (!alive[c] || c == bestA)
                continue;
            const double da = D[bestA * N + c], db = D[bestB * N + c];
            const double merged =
                std::isfinite(da) && std::isfinite(db) ? (na * da + nb * db) / (na + nb) : std::max(da, db);
            D[bestA * N + c] = D[c * N + bestA] = merged;
        }
    }
    for (size_t i = 0; i < N; ++i)
        if (alive[i])
            return clusters[i];
    return identity(n);
}

std::vector<MatrixChoice> availableMatrices(const Snapshot& s)
{
    std::vector<MatrixChoice> out;
    const auto& matrices = s.distances();
    for (size_t i = 0; i < matrices.size(); ++i) {
        const DistanceMatrix& m = matrices[i];
        MatrixChoice c;
        c.distanceIndex = int(i);
        c.kind = matrixKindOf(m);
        c.label = titleOf(m, c.kind);
        if (!m.objects.empty() && m.objects.front().isValid() &&
            size_t(m.objects.front().value) < s.entities().size())
            c.ns = s.entity(m.objects.front()).ns;
        out.push_back(std::move(c));
    }
    // Memory attributes with an initiator, per namespace, in the order hwloc lists them.
    QStringList seen;
    for (const MemoryAttributeValue& v : s.memoryAttributes()) {
        if (v.initiator.isEmpty() || !v.target.isValid() || size_t(v.target.value) >= s.entities().size())
            continue;
        const Entity& target = s.entity(v.target);
        if (target.kind != EntityKind::NumaNode)
            continue;
        const QString key = v.attribute + QChar(0x1f) + target.ns;
        if (seen.contains(key))
            continue;
        seen << key;
        MatrixChoice c;
        c.attribute = v.attribute;
        c.ns = target.ns;
        c.kind = kindOfAttribute(v.attribute, v.unit);
        c.label = Tr::tr("%1 (hwloc memory attribute)").arg(v.attribute);
        out.push_back(std::move(c));
    }
    return out;
}

std::optional<MatrixChoice> defaultMatrix(const Snapshot& s, MatrixKind kind)
{
    const std::vector<MatrixChoice> all = availableMatrices(s);
    const auto nameOf = [&](const MatrixChoice& c) {
        return c.distanceIndex >= 0 ? s.distances()[size_t(c.distanceIndex)].name : c.attribute;
    };
    const auto firstWhere = [&](auto&& pred) -> std::optional<MatrixChoice> {
        // Local machine first: a capture of several hosts shows this one's unless only others have one.
        for (const bool local : {true, false})
            for (const MatrixChoice& c : all)
                if ((c.ns == u"local") == local && pred(c))
                    return c;
        return std::nullopt;
    };
    // hwloc also carries matrices between PUs or GPUs (16amd64-4distances.xml has a PU latency matrix); the
    // node × node one is what the Matrices view is for, so it wins whenever there is one.
    const auto betweenNodes = [&](const MatrixChoice& c) {
        if (c.distanceIndex < 0)
            return true; // memory attributes always target NUMA nodes
        const DistanceMatrix& m = s.distances()[size_t(c.distanceIndex)];
        return std::all_of(m.objects.begin(), m.objects.end(),
                           [&](EntityId id) { return s.entity(id).kind == EntityKind::NumaNode; });
    };
    if (kind == MatrixKind::Distance) {
        for (const bool nodesOnly : {true, false})
            if (auto c = firstWhere([&](const MatrixChoice& c) {
                    return c.distanceIndex >= 0 && c.kind == MatrixKind::Distance &&
                           s.distances()[size_t(c.distanceIndex)].fromOs && (!nodesOnly || betweenNodes(c));
                }))
                return c;
        return firstWhere([&](const MatrixChoice& c) { return c.kind == MatrixKind::Distance; });
    }
    const bool latency = kind == MatrixKind::Latency;
    const QString measured = QLatin1String(latency ? kMeasuredLatencyName : kMeasuredBandwidthName);
    const QString mlc = QLatin1String(latency ? kMlcLatencyName : kMlcBandwidthName);
    for (const QString& name : {measured, mlc})
        if (auto c =
                firstWhere([&](const MatrixChoice& c) { return c.distanceIndex >= 0 && nameOf(c) == name; }))
            return c;
    if (auto c = firstWhere(
            [&](const MatrixChoice& c) { return c.distanceIndex >= 0 && c.kind == kind && betweenNodes(c); }))
        return c;
    for (const QString& attribute :
         latency ? QStringList{QStringLiteral("Latency"), QStringLiteral("ReadLatency")}
                 : QStringList{QStringLiteral("Bandwidth"), QStringLiteral("ReadBandwidth")})
        if (auto c = firstWhere(
                [&](const MatrixChoice& c) { return c.distanceIndex < 0 && c.attribute == attribute; }))
            return c;
    // Matrices between PUs, cores or GPUs stay in availableMatrices() for whoever asks for them by name.
    return firstWhere([&](const MatrixChoice& c) { return c.distanceIndex < 0 && c.kind == kind; });
}

MatrixHeatmapPtr matrixHeatmap(const Snapshot& s, const MatrixChoice& choice, MatrixOrder order)
{
    if (choice.distanceIndex >= 0) {
        if (size_t(choice.distanceIndex) >= s.distances().size())
            return {};
        return matrixHeatmap(s, s.distances()[size_t(choice.distanceIndex)], order);
    }
    return memoryAttributeHeatmap(s, choice.attribute, choice.ns, order);
}

MatrixHeatmapPtr matrixHeatmap(const Snapshot& s, const DistanceMatrix& m, MatrixOrder order)
{
    auto h = std::make_shared<MatrixHeatmap>();
    h->kind = matrixKindOf(m);
    h->name = m.name;
    h->unit = m.unit;
    h->fromOs = m.fromOs;
    h->source = sourceOf(m);
    h->title = titleOf(m, h->kind);
    h->largerIsNearer = h->kind == MatrixKind::Bandwidth;
    const std::vector<HeatmapColumn> numa = heatmapColumns(s);
    for (EntityId id : m.objects)
        h->objects.push_back(objectColumn(s, id, numa));
    const size_t n = m.objects.size();
    h->values.assign(n * n, kUnknown);
    for (size_t i = 0; i < std::min(m.values.size(), n * n); ++i)
        h->values[i] = m.values[i];
    h->order = displayOrder(s, *h, order);
    return h;
}

MatrixHeatmapPtr memoryAttributeHeatmap(const Snapshot& s, QStringView attribute, QStringView ns,
                                        MatrixOrder order)
{
    auto h = std::make_shared<MatrixHeatmap>();
    h->name = attribute.toString();
    h->source = QStringLiteral("hwloc memory attribute");
    h->title = Tr::tr("%1 (hwloc memory attribute)").arg(h->name);
    for (const HeatmapColumn& c : heatmapColumns(s))
        if (c.ns == ns)
            h->objects.push_back(c);
    const size_t n = h->objects.size();
    h->values.assign(n * n, kUnknown);
    QHash<std::int32_t, int> indexOf;
    for (size_t i = 0; i < n; ++i)
        indexOf.insert(h->objects[i].node.value, int(i));
    // Per cell, how well the chosen initiator fits the row's CPUs: 0 exact, else the initiator's size.
    std::vector<int> fit(n * n, std::numeric_limits<int>::max());
    for (const MemoryAttributeValue& v : s.memoryAttributes()) {
        if (v.attribute != attribute || v.initiator.isEmpty())
            continue;
        const int column = indexOf.value(v.target.value, -1);
        if (column < 0)
            continue;
        h->unit = v.unit;
        for (size_t row = 0; row < n; ++row) {
            const HeatmapColumn& r = h->objects[row];
            if (!r.hasCpus)
                continue;
            const CpuSet& cpus = s.entity(r.node).cpus;
            if (cpus.isEmpty() || !cpus.isSubsetOf(v.initiator))
                continue;
            const int f = v.initiator == cpus ? 0 : v.initiator.count();
            int& best = fit[row * n + size_t(column)];
            if (f < best) {
                best = f;
                h->values[row * n + size_t(column)] = double(v.value);
            }
        }
    }
    h->kind = kindOfAttribute(h->name, h->unit);
    h->largerIsNearer = h->kind == MatrixKind::Bandwidth;
    h->fromOs = true;
    h->order = displayOrder(s, *h, order);
    return h;
}

} // namespace numasight
