// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "collect/own_capabilities.h"

#include <QString>

namespace numasight {

// A recorder warning as the window says it: once per `kind` (every pid refused numa_maps is one kind), in
// words that name the capability missing, why (also when running as root) and how to grant it.
struct RecorderNotice
{
    QString kind;
    QString text;
    bool permission = false; // a refusal the user can fix by granting a capability
};
RecorderNotice explainRecorderWarning(const QString& warning, const OwnCapabilities& caps);

} // namespace numasight
