// SPDX-License-Identifier: GPL-3.0-or-later
#include "display_check.h"

#include <QCoreApplication>

namespace numasight {

QString missingDisplayMessage(const QProcessEnvironment& environment, const QStringList& arguments)
{
#if defined(Q_OS_UNIX) && !defined(Q_OS_MACOS)
    const auto isSet = [&](const char* name) { return !environment.value(QLatin1String(name)).isEmpty(); };
    if (isSet("QT_QPA_PLATFORM") || isSet("DISPLAY") || isSet("WAYLAND_DISPLAY"))
        return {};
    for (const QString& argument : arguments)
        if (argument == QLatin1String("-platform") || argument == QLatin1String("--platform") ||
            argument.startsWith(QLatin1String("-platform=")) ||
            argument.startsWith(QLatin1String("--platform=")))
            return {};
    return QCoreApplication::translate(
        "numasight",
        "numasight: no display found (neither DISPLAY nor WAYLAND_DISPLAY is set), so the window cannot "
        "open.\n"
        "What works instead:\n"
        "  numasight-cli info|record|advise|export …  the same analyses without a window (numasight-cli "
        "--help)\n"
        "  ssh -X <host> numasight                    shows the window on the display of the machine you "
        "log in from\n"
        "  QT_QPA_PLATFORM=vnc numasight              serves the window to a VNC viewer (port 5900)\n"
        "  QT_QPA_PLATFORM=offscreen numasight        runs without showing anything (scripts, tests)\n");
#else
    Q_UNUSED(environment);
    Q_UNUSED(arguments);
    return {};
#endif
}

} // namespace numasight
