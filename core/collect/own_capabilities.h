// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace numasight {

// The capabilities of this process that decide what a recording may read and load, from the effective set
// in /proc/self/status (CapEff).
struct OwnCapabilities
{
    bool root = false; // effective uid 0
    bool sysPtrace = false;
    bool sysAdmin = false;
    bool perfmon = false;
    bool bpf = false;
    bool known = false; // CapEff was read
};
OwnCapabilities ownCapabilities();

} // namespace numasight
