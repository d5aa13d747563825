// SPDX-License-Identifier: GPL-3.0-or-later
#include "own_capabilities.h"

#include <QFile>

#include <unistd.h>

namespace numasight {

OwnCapabilities ownCapabilities()
{
    OwnCapabilities caps;
    caps.root = geteuid() == 0;
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return caps;
    for (const QByteArray& line : status.readAll().split('\n')) {
        if (!line.startsWith("CapEff:"))
            continue;
        bool ok = false;
        const quint64 bits = line.mid(7).trimmed().toULongLong(&ok, 16);
        if (!ok)
            break;
        constexpr int kSysPtrace = 19, kSysAdmin = 21, kPerfmon = 38, kBpf = 39;
        const auto has = [bits](int cap) { return ((bits >> cap) & 1U) != 0; };
        caps.known = true;
        caps.sysPtrace = has(kSysPtrace);
        caps.sysAdmin = has(kSysAdmin);
        caps.perfmon = has(kPerfmon);
        caps.bpf = has(kBpf);
    }
    return caps;
}

} // namespace numasight
