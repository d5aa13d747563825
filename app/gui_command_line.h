// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "util/command_line_spec.h"

namespace numasight {

// The window's command line (numasight [--attach] [FILE]): its --help, its man page and its completion.
CommandLineSpec guiCommandLine();

} // namespace numasight
