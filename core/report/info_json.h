// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/snapshot.h"

#include <QJsonObject>

namespace numasight {

// The stable object `numasight-cli info --json` prints; its fields are documented in docs/cli.md.
QJsonObject infoJson(const Capture& capture, int snapshotIndex = -1 /* last */);
// The same facts as human-readable text.
QString infoText(const Capture& capture, int snapshotIndex = -1);

// A fleet capture (several hosts) as a whole: its source and one summary per host (name, namespace, machine
// id, the host's own source, counts). `--host NAME` shows one host with infoJson() instead.
QJsonObject fleetInfoJson(const Capture& capture);
QString fleetInfoText(const Capture& capture);

} // namespace numasight
