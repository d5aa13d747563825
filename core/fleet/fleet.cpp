// SPDX-License-Identifier: GPL-3.0-or-later
#include "fleet.h"

#include "attach/host_namespace.h"
#include "record/machine_identity.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QSet>

#include <algorithm>

namespace numasight {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(numasight::Fleet)
};

// The namespaces of a capture's NUMA nodes, in the order they first appear.
QStringList nodeNamespaces(const Capture& capture)
{
    QStringList namespaces;
    for (const SnapshotPtr& s : capture.snapshots)
        for (EntityId n : s->numaNodes())
            if (const QString& ns = s->entity(n).ns; !namespaces.contains(ns))
                namespaces << ns;
    return namespaces;
}

// What an attach of several witty servers says of one of them: its env keys, prefixed with its namespace.
SourceInfo attachedHostSource(const SourceInfo& source, const QString& ns)
{
    SourceInfo out = source;
    out.extra.clear();
    const QString prefix = ns + QLatin1Char('.');
    for (auto it = source.extra.constBegin(); it != source.extra.constEnd(); ++it)
        if (it.key().startsWith(prefix))
            out.extra.insert(it.key().mid(prefix.size()), it.value());
    out.hostname = out.extra.value(QStringLiteral("hostname"), ns);
    return out;
}

QString machineIdOf(const CaptureHost& host)
{
    return host.source.extra.value(QLatin1String(kMachineIdKey));
}

SamplePtr withSnapshotIndex(const SamplePtr& sample, int index)
{
    if (sample->snapshotIndex == index)
        return sample;
    auto copy = std::make_shared<Sample>(*sample);
    copy->snapshotIndex = index;
    return copy;
}

// Where one input's hosts came from, to name both files when a later input repeats one.
struct Claim
{
    CaptureHost host;
    QString path;
};

std::optional<LoadError> checkNewHost(const CaptureHost& host, const QString& path,
                                      const std::vector<Claim>& claims)
{
    const QString machineId = machineIdOf(host);
    for (const Claim& claim : claims) {
        LoadError error;
        error.file = path;
        if (!machineId.isEmpty() && machineIdOf(claim.host) == machineId) {
            error.message =
                Tr::tr("host %1 (machine id %2) is already in the fleet from %3: a fleet holds each "
                       "machine once; merge one capture per host (numasight-cli diff compares two "
                       "captures of one host)")
                    .arg(host.name, machineId, claim.path);
            return error;
        }
        if (claim.host.ns == host.ns) {
            error.message =
                Tr::tr("host %1 is already in the fleet from %2 and neither records a machine id to "
                       "tell them apart: if they are two machines, name one with FILE=NAME")
                    .arg(host.name, claim.path);
            return error;
        }
    }
    return std::nullopt;
}

} // namespace

std::vector<CaptureHost> captureHosts(const Capture& capture)
{
    if (!capture.hosts.empty())
        return capture.hosts;
    const QStringList namespaces = nodeNamespaces(capture);
    if (namespaces.size() < 2)
        return {};
    std::vector<CaptureHost> hosts;
    for (const QString& ns : namespaces) {
        CaptureHost host;
        host.ns = ns;
        host.source = attachedHostSource(capture.source, ns);
        host.name = host.source.hostname;
        hosts.push_back(std::move(host));
    }
    // Two servers that report one host name are still two hosts: show their namespaces then.
    for (CaptureHost& host : hosts)
        if (std::count_if(hosts.begin(), hosts.end(),
                          [&](const CaptureHost& h) { return h.name == host.name; }) > 1)
            host.name = host.ns;
    return hosts;
}

bool holdsHost(const Snapshot& snapshot, const QString& ns)
{
    // The nodes are a short precomputed list: a fleet's every host looks at every snapshot, so scanning all
    // entities of all snapshots would cost hosts × entities.
    const std::span<const EntityId> nodes = snapshot.numaNodes();
    if (!nodes.empty())
        return std::any_of(nodes.begin(), nodes.end(),
                           [&](EntityId n) { return snapshot.entity(n).ns == ns; });
    return std::any_of(snapshot.entities().begin(), snapshot.entities().end(),
                       [&](const Entity& e) { return e.ns == ns; });
}

int findHost(std::span<const CaptureHost> hosts, QStringView text)
{
    for (size_t i = 0; i < hosts.size(); ++i)
        if (hosts[i].ns == text)
            return int(i);
    int found = -1;
    for (size_t i = 0; i < hosts.size(); ++i) {
        if (hosts[i].name != text)
            continue;
        if (found >= 0)
            return -1;
        found = int(i);
    }
    if (found >= 0)
        return found;
    bool ok = false;
    const int index = text.toInt(&ok);
    return ok && index >= 0 && size_t(index) < hosts.size() ? index : -1;
}

CapturePtr scopeToHost(const Capture& capture, const CaptureHost& host)
{
    auto out = std::make_shared<Capture>();
    out->source = host.source;
    const QString local = QStringLiteral("local");
    QSet<QString> otherHosts;
    for (const CaptureHost& h : captureHosts(capture))
        if (h.ns != host.ns)
            otherHosts.insert(h.ns);
    std::vector<int> newIndex(capture.snapshots.size(), -1);
    for (size_t i = 0; i < capture.snapshots.size(); ++i) {
        const Snapshot& snapshot = *capture.snapshots[i];
        // In a merge each snapshot is one host's, in an attach of several servers each holds them all.
        if (!holdsHost(snapshot, host.ns))
            continue;
        SnapshotPtr slice = hostSlice(snapshot, host.ns, otherHosts, local);
        newIndex[i] = int(out->snapshots.size());
        out->snapshots.push_back(std::move(slice));
    }
    for (const SamplePtr& sample : capture.samples) {
        const int index = sample && size_t(sample->snapshotIndex) < newIndex.size()
                              ? newIndex[size_t(sample->snapshotIndex)]
                              : -1;
        if (index >= 0)
            out->samples.push_back(withSnapshotIndex(sample, index));
    }
    return out;
}

QString fleetNamespace(const QString& name, const QString& machineId)
{
    QString id;
    for (QChar c : machineId)
        if (c.isLetterOrNumber())
            id += c.toLower();
    return id.isEmpty() ? name : name + QLatin1Char('@') + id.left(12);
}

Result<CapturePtr> mergeCaptures(std::span<const MergeInput> inputs, const Progress& progress)
{
    auto out = std::make_shared<Capture>();
    std::vector<Claim> claims;
    QStringList modes;
    for (size_t i = 0; i < inputs.size(); ++i) {
        if (progress.isCancelled())
            return LoadError::cancel(inputs[i].path);
        progress(double(i) / double(inputs.size()));
        const MergeInput& input = inputs[i];
        const Capture& capture = *input.capture;
        std::vector<CaptureHost> hosts = captureHosts(capture);
        const bool fleet = !hosts.empty();
        if (fleet && !input.name.isEmpty()) {
            LoadError error;
            error.file = input.path;
            error.message = Tr::tr("it holds %n hosts already; FILE=NAME names one machine, so give the name "
                                   "without it",
                                   "", int(hosts.size()));
            return error;
        }
        // The namespace a single machine's entities are in: "local" for numasight's own captures, a witty
        // server's own namespace when it wrote one.
        QString from = QStringLiteral("local");
        if (!fleet) {
            CaptureHost host;
            host.source = capture.source;
            host.name = input.name;
            if (host.name.isEmpty())
                host.name = capture.source.hostname;
            if (host.name.isEmpty())
                host.name = capture.source.extra.value(QStringLiteral("hostname"));
            if (host.name.isEmpty())
                host.name = QFileInfo(input.path).completeBaseName();
            host.ns = fleetNamespace(host.name, machineIdOf(host));
            if (const QStringList namespaces = nodeNamespaces(capture); namespaces.size() == 1)
                from = namespaces.front();
            hosts = {std::move(host)};
        }
        for (const CaptureHost& host : hosts) {
            if (auto error = checkNewHost(host, input.path, claims))
                return *error;
            claims.push_back({host, input.path});
        }
        const int offset = int(out->snapshots.size());
        for (const SnapshotPtr& snapshot : capture.snapshots)
            out->snapshots.push_back(fleet ? snapshot : withHostNamespace(*snapshot, hosts.front().ns, from));
        for (const SamplePtr& sample : capture.samples)
            if (sample)
                out->samples.push_back(withSnapshotIndex(sample, sample->snapshotIndex + offset));
        for (CaptureHost& host : hosts) {
            if (!host.source.mode.isEmpty() && !modes.contains(host.source.mode))
                modes << host.source.mode;
            if (host.source.capturedAt.isValid() &&
                (!out->source.capturedAt.isValid() || host.source.capturedAt < out->source.capturedAt))
                out->source.capturedAt = host.source.capturedAt;
            out->hosts.push_back(std::move(host));
        }
    }
    out->source.format = SourceFormat::Capture;
    out->source.originalFormat = SourceFormat::Capture;
    out->source.mode = modes.join(QLatin1Char(','));
    progress(1.0);
    return CapturePtr(std::move(out));
}

} // namespace numasight
