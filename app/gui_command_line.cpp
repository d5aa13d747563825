// SPDX-License-Identifier: GPL-3.0-or-later
#include "gui_command_line.h"

#include <QCoreApplication>

namespace numasight {

CommandLineSpec guiCommandLine()
{
    CommandLineSpec spec;
    spec.setApplicationDescription(QCoreApplication::translate(
        "numasight::Main", "Shows how AI jobs sit on a machine's NUMA and accelerator topology."));
    spec.addOption(
        {QStringLiteral("attach"),
         QCoreApplication::translate("numasight::Main",
                                     "Record this machine live, with the settings last used in the record "
                                     "dialog (all processes until stopped the first time).")});
    spec.addPositionalArgument(
        QStringLiteral("FILE"),
        QCoreApplication::translate("numasight::Main",
                                    "A numasight capture, witty-profiler graph or hwloc XML to open."),
        QStringLiteral("[FILE]"));
    return spec;
}

} // namespace numasight
