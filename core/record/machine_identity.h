// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/source_info.h"

namespace numasight {

// The key under which a recording keeps the id of the machine it was made on (SourceInfo::extra), as
// witty-profiler's envelope does.
inline constexpr char kMachineIdKey[] = "machine_id";

// This machine's id (/etc/machine-id, read by QSysInfo::machineUniqueId()); empty when it has none.
QString thisMachineId();

// Whether `source` is of this machine: its machine id is this one's, or, for a recording without one (an
// older numasight), it was recorded by numasight on a host of this name. Otherwise false, with `why` saying
// which machine it is of, or that the source does not say.
bool isThisMachine(const SourceInfo& source, QString* why = nullptr);

} // namespace numasight
