// SPDX-License-Identifier: GPL-3.0-or-later
#include "machine_identity.h"

#include <QCoreApplication>
#include <QSysInfo>

namespace numasight {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(numasight::MachineIdentity)
};
} // namespace

QString thisMachineId()
{
    // Read once: the window asks whenever its actions update (every sample of a recording).
    static const QString id = QString::fromLatin1(QSysInfo::machineUniqueId()).trimmed();
    return id;
}

bool isThisMachine(const SourceInfo& source, QString* why)
{
    const QString id = source.extra.value(QLatin1String(kMachineIdKey)).trimmed();
    const QString here = thisMachineId();
    QString reason;
    if (!id.isEmpty() && !here.isEmpty()) {
        if (id == here)
            return true;
        reason = source.hostname.isEmpty()
                     ? Tr::tr("it was made on another machine (machine id %1)").arg(id)
                     : Tr::tr("it was made on another machine (%1, machine id %2)").arg(source.hostname, id);
    } else {
        const bool recorded = source.format == SourceFormat::LocalMachine ||
                              source.originalFormat == SourceFormat::LocalMachine;
        if (recorded && !source.hostname.isEmpty() && source.hostname == QSysInfo::machineHostName())
            return true;
        reason = !source.hostname.isEmpty()
                     ? Tr::tr("it is of host %1").arg(source.hostname)
                     : Tr::tr("its source (%1) does not say which machine it is of")
                           .arg(sourceFormatName(source.originalFormat != SourceFormat::Unknown
                                                     ? source.originalFormat
                                                     : source.format));
    }
    if (why)
        *why = reason;
    return false;
}

} // namespace numasight
