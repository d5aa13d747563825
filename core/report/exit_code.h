// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace numasight {

// How numasight-cli and numasight-export end (docs/cli.md). The export pipeline in core decides it for
// `export`, so both programs take the codes from here.
enum ExitCode : int
{
    Ok = 0,
    Failed = 1, // unreadable input, a capture without what was asked for, an output that cannot be written
    Usage = 2,  // a bad command line
    Cancelled = 130, // Ctrl-C (SIGINT)
    Terminated = 143 // SIGTERM: 128 + its number, as a shell reports a process it ended
};

} // namespace numasight
