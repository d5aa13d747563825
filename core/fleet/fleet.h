// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/snapshot.h"
#include "util/progress.h"
#include "util/result.h"

#include <QString>
#include <QStringView>

#include <span>
#include <vector>

namespace numasight {

// A fleet is several machines in one capture, each in a namespace of its own. It is made by merging captures
// (numasight-cli merge) or by attaching to several witty-profiler servers at once; every per-machine view,
// analysis and command then looks at one host at a time through scopeToHost().

// The hosts of `capture`: those a merge declared, else one per namespace of its NUMA nodes when there are
// several (a witty attach of several servers, named by namespace), else none: one machine.
std::vector<CaptureHost> captureHosts(const Capture& capture);

// Whether `snapshot` holds host `ns`: one of its NUMA nodes is in that namespace (every host has its machine
// in each of its snapshots), or, for a snapshot without nodes, any of its entities.
bool holdsHost(const Snapshot& snapshot, const QString& ns);

// The host `text` names: its name, its namespace, or its 0-based position. -1 when none does, or when a name
// fits two hosts (two hosts of one name differ by machine id: name them by namespace then).
int findHost(std::span<const CaptureHost> hosts, QStringView text);

// One host of a fleet as a capture of its own, its namespace moved back to "local", so that it reads exactly
// as the recording made on that host did: every analysis, view and command that understands one machine
// understands it. Snapshots that hold none of its entities are left out and its samples follow theirs.
CapturePtr scopeToHost(const Capture& capture, const CaptureHost& host);

// The namespace of a merged host: its name, plus "@" and the first 12 digits of its machine id when known,
// so two hosts that share a name (two "localhost", two "node01" of two clusters) stay apart.
QString fleetNamespace(const QString& name, const QString& machineId);

struct MergeInput
{
    QString path; // for messages
    QString name; // NAME of FILE=NAME; empty: the host name the input records, else the file's base name
    CapturePtr capture;
};

// One fleet capture of `inputs`, each host's topology, workload snapshots and samples kept exactly, in its
// own namespace. An input that is itself a fleet brings its hosts as they are. The same machine twice (same
// machine id), or two hosts that would share a namespace, is refused with a message naming both files.
Result<CapturePtr> mergeCaptures(std::span<const MergeInput> inputs, const Progress& progress = {});

} // namespace numasight
