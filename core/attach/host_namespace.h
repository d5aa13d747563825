// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/snapshot.h"

#include <QByteArray>
#include <QSet>
#include <QString>

#include <memory>
#include <span>

namespace numasight {

// Several witty-profiler servers make one session: each server's own entities (entity_namespace "local")
// are moved into a namespace named after the host, as witty's remote collector does for the graphs it
// pulls from other machines, so identical pids, node numbers and devices of two hosts never fold together.

// Rewrites every `"entity_namespace": "local"` member in a JSON text (nested objects too, e.g. a thread's
// `process`) to `ns`, leaving everything else byte for byte, so the kept witty record and the entity agree
// and an export writes the host's namespace.
// `from` names the namespace to replace ("local" unless a namespace must be moved again).
QByteArray renameLocalNamespace(const QByteArray& json, const QString& ns,
                                const QString& from = QStringLiteral("local"));

// A copy of `snapshot` with its "local" entities moved to namespace `ns` (attributes included). Entities
// already in another namespace (a server that itself aggregated remote hosts) keep theirs. Edges,
// parents, distance matrices and memory attributes keep pointing at the same objects.
SnapshotPtr withHostNamespace(const Snapshot& snapshot, const QString& ns,
                              const QString& from = QStringLiteral("local"));

// One host of a fleet: the entities of namespace `ns`, moved to namespace `renameTo` (read like a recording
// made on it when that is "local"), and those of namespaces no other host has (the remote peers it talked
// to), with the edges, matrices and memory attributes among them.
SnapshotPtr hostSlice(const Snapshot& snapshot, const QString& ns, const QSet<QString>& otherHosts,
                      const QString& renameTo);

// One snapshot holding all of `parts` (already namespaced), with ids renumbered. An identity present in
// two parts is one entity, as in a witty graph that repeats it.
SnapshotPtr mergeSnapshots(std::span<const SnapshotPtr> parts, const QDateTime& takenAt,
                           const QString& label);

} // namespace numasight
