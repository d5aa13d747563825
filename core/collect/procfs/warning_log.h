// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "fs_root.h"

#include <QSet>
#include <QString>

#include <cstdint>
#include <cstring>
#include <utility>
#include <vector>

namespace numasight {

// Collects "cannot read" messages so each process is reported once per collector, not once per interval:
// a recording of a process we may not inspect would otherwise repeat the same line every second.
class WarningLog
{
public:
    // Records a refusal reading `what` of `pid` (-1 for system files) unless that pid was reported already.
    void refused(std::int64_t pid, QStringView what, int error)
    {
        if (m_reported.contains(pid))
            return;
        m_reported.insert(pid);
        const QString reason = QString::fromLocal8Bit(std::strerror(error));
        m_pending.push_back(pid >= 0 ? QStringLiteral("pid %1: cannot read %2: %3").arg(pid).arg(what, reason)
                                     : QStringLiteral("cannot read %1: %2").arg(what, reason));
    }
    // Convenience for the Refused outcome of a read; Gone and Ok are silent.
    void note(std::int64_t pid, QStringView what, const ReadOutcome& outcome)
    {
        if (outcome.refused())
            refused(pid, what, outcome.error);
    }
    std::vector<QString> take() { return std::exchange(m_pending, {}); }

private:
    QSet<std::int64_t> m_reported;
    std::vector<QString> m_pending;
};

} // namespace numasight
